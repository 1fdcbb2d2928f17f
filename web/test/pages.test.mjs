// pz-web's pages as a person uses them, in Debian's headless chromium
// driven by playwright-core (ctest web.browser). Every answer read from a
// page is checked with validators of this file's own, not pz's.
//   node pages.test.mjs --server build/web/pz-web --artifacts DIR
// Exit 77 (skipped) when chromium or node_modules/playwright-core is absent.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test, after, before } from "node:test";
import assert from "node:assert/strict";

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
};
const server = arg("--server", join(here, "../../build/web/pz-web"));
const artifacts = arg("--artifacts", join(here, "../../build/web-artifacts"));
const chromiumPath = process.env.PZ_CHROMIUM || "/usr/bin/chromium";

if (!existsSync(chromiumPath)) {
  console.log(`web.browser: ${chromiumPath} not found (apt-get install chromium): skipped`);
  process.exit(77);
}
let chromium;
try {
  ({ chromium } = await import("playwright-core"));
} catch (err) {
  console.log("web.browser: playwright-core not installed (cd web/test && npm ci): skipped");
  process.exit(77);
}
mkdirSync(artifacts, { recursive: true });

// --- Independent validators ---------------------------------------------
const val = (ch) => (ch === "" || ch === "." || ch === "0" ? 0 : parseInt(ch, 36));
function validSudoku(puzzle, grid, br, bc) {
  const n = br * bc;
  if (grid.length !== n * n) return false;
  const g = [...grid].map(val), p = [...puzzle].map(val);
  if (g.some((v) => !(v >= 1 && v <= n))) return false;
  if (p.some((v, i) => v && v !== g[i])) return false;
  const units = [];
  for (let r = 0; r < n; r++) units.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) units.push([...Array(n).keys()].map((r) => r * n + c));
  for (let r0 = 0; r0 < n; r0 += br)
    for (let c0 = 0; c0 < n; c0 += bc) {
      const u = [];
      for (let r = 0; r < br; r++) for (let c = 0; c < bc; c++) u.push((r0 + r) * n + c0 + c);
      units.push(u);
    }
  return units.every((u) => new Set(u.map((i) => g[i])).size === n);
}
function validLatin(rows, n, reduced) {
  if (rows.length !== n || rows.some((r) => r.length !== n)) return false;
  const g = rows.map((r) => [...r].map(val));
  for (let i = 0; i < n; i++) {
    if (new Set(g[i]).size !== n || g[i].some((v) => v < 1 || v > n)) return false;
    if (new Set(g.map((r) => r[i])).size !== n) return false;
  }
  if (reduced)
    for (let i = 0; i < n; i++) if (g[0][i] !== i + 1 || g[i][0] !== i + 1) return false;
  return true;
}

// --- Server and browser -----------------------------------------------------
let proc, base, browser;
before(async () => {
  proc = spawn(server, ["--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise((resolve, reject) => {
    let out = "";
    proc.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    proc.on("exit", (code) => reject(new Error(`pz-web exited: ${code}`)));
  });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
});
after(async () => {
  if (browser) await browser.close();
  if (proc) {
    const done = new Promise((r) => proc.on("exit", r));
    proc.kill("SIGTERM");
    const code = await done;
    assert.equal(code, 0, "pz-web exit code");
  }
});

async function newPage(name, viewport = { width: 1000, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error" && !/status of 4\d\d/.test(m.text())) errors.push(m.text()); });
  page.errors = errors;
  await page.goto(`${base}/${name}`);
  return page;
}
const shot = (page, name) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
const grid = (page) => page.$$eval("#board input", (xs) => xs.map((x) => x.value).join(""));
const classes = (page) => page.$$eval("#board input", (xs) => xs.map((x) => x.className));
async function statusAfter(page, button, re) {
  await page.click(button);
  await page.waitForFunction((src) => new RegExp(src).test(document.getElementById("status").textContent),
                             re.source, { timeout: 30000 });
  return page.textContent("#status");
}

const PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

test("Sudoku: type a puzzle, Solve, read the right grid", async () => {
  const page = await newPage("sudoku");
  await page.click('#board input[data-index="0"]');
  await page.keyboard.type(PUZZLE, { delay: 2 });
  assert.equal(await grid(page), PUZZLE.replaceAll(".", ""), "typed givens");
  // Arrow keys: from the last cell, up lands in row 8.
  await page.keyboard.press("ArrowUp");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), "71");
  const st = await statusAfter(page, "#solve", /^Solved/);
  const g = await grid(page);
  assert.ok(validSudoku(PUZZLE, g, 3, 3), `not a solution: ${g} (${st})`);
  const cls = await classes(page);
  [...PUZZLE].forEach((ch, i) =>
    assert.ok(cls[i].includes(ch === "." ? "solved" : "given"), `cell ${i}: ${cls[i]}`));
  await shot(page, "sudoku-solved");
  const uniq = await statusAfter(page, "#unique", /^(Unique|Not unique)/);
  assert.match(uniq, /^Unique/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Sudoku: paste a line, Hint, Clear; empty grid is not unique", async () => {
  const page = await newPage("sudoku");
  await page.fill("#paste", PUZZLE);
  await page.click("#load");
  const hintText = await statusAfter(page, "#hint", /^Row \d+, column \d+/);
  const [, r, c, v] = hintText.match(/^Row (\d+), column (\d+): (\d)/);
  const i = (r - 1) * 9 + (c - 1);
  assert.equal(PUZZLE[i], ".", "hint on a given");
  // The hinted digit must agree with the (unique) solution.
  await statusAfter(page, "#solve", /^Solved/);
  const solved = await grid(page);
  assert.ok(validSudoku(PUZZLE, solved, 3, 3));
  assert.equal(solved[i], v, `hint ${v} at r${r}c${c}, solution has ${solved[i]}`);
  await page.click("#clear");
  assert.equal(await grid(page), "");
  const st = await statusAfter(page, "#unique", /^(Unique|Not unique)/);
  assert.match(st, /^Not unique/);
  await page.close();
});

test("Sudoku: Generate with a difficulty, then Solve", async () => {
  const page = await newPage("sudoku");
  await page.selectOption("#difficulty", "singles");
  const st = await statusAfter(page, "#generate", /^Generated/);
  assert.match(st, /singles/);
  const puzzle = await page.$$eval("#board input", (xs) => xs.map((x) => x.value || ".").join(""));
  const givens = [...puzzle].filter((ch) => ch !== ".").length;
  assert.ok(givens >= 17 && givens < 81, `givens: ${givens}`);
  assert.match(st, new RegExp(`^Generated: ${givens} givens`));
  await statusAfter(page, "#solve", /^Solved/);
  assert.ok(validSudoku(puzzle, await grid(page), 3, 3));
  await shot(page, "sudoku-generated");
  // Another box shape: 2x3 (6x6).
  await page.selectOption("#box", "2x3");
  await statusAfter(page, "#generate", /^Generated/);
  const p6 = await page.$$eval("#board input", (xs) => xs.map((x) => x.value || ".").join(""));
  assert.equal(p6.length, 36);
  await statusAfter(page, "#solve", /^Solved/);
  assert.ok(validSudoku(p6, await grid(page), 2, 3));
  await page.close();
});

test("Sudoku: conflicts are highlighted, bad input shows the error", async () => {
  const page = await newPage("sudoku");
  await page.click('#board input[data-index="0"]');
  await page.keyboard.type("5.......5");
  const bad = await page.$$eval("#board input.conflict", (xs) => xs.map((x) => x.dataset.index));
  assert.deepEqual(bad, ["0", "8"]);
  assert.match(await page.textContent("#status"), /conflict/);
  const st = await statusAfter(page, "#solve", /^no solution/);
  assert.match(st, /r1c1 and r1c9/);
  await shot(page, "sudoku-conflict");
  // A line of the wrong length.
  await page.fill("#paste", PUZZLE.slice(1));
  await page.click("#load");
  assert.match(await page.textContent("#status"), /80 characters is not a square number/);
  assert.ok((await page.getAttribute("#status", "class")).includes("error"));
  // Rules without a solution: 4x4 non-consecutive has none.
  await page.selectOption("#box", "2x2");
  await page.check('#variants input[value="non-consecutive"]');
  const err = await statusAfter(page, "#solve", /^no solution/);
  assert.ok((await page.getAttribute("#status", "class")).includes("error"), err);
  await shot(page, "sudoku-error");
  await page.close();
});

test("Sudoku page fits a phone", async () => {
  const page = await newPage("sudoku", { width: 390, height: 844 });
  await page.fill("#paste", PUZZLE);
  await page.click("#load");
  await statusAfter(page, "#solve", /^Solved/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `wider than the screen by ${overflow}px`);
  await shot(page, "sudoku-phone");
  await page.close();
});

async function latinRun(page, n, reduced, mode = "auto") {
  await page.fill("#n", String(n));
  await page.setChecked("#reduced", reduced);
  await page.selectOption("#mode", mode);
  await page.click("#start");
  await page.waitForFunction(() => /^(Done|Stopped|Failed)/.test(document.getElementById("status").textContent)
                                   || document.getElementById("status").className.includes("error"),
                             null, { timeout: 60000 });
  const squares = await page.$$eval("#squares table", (ts) =>
    ts.map((t) => [...t.querySelectorAll("tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent).join(""))));
  return { squares, count: await page.textContent("#count"), total: await page.textContent("#total"),
           status: await page.textContent("#status") };
}

test("Latin squares: 4 reduced of size 4, 56 of size 5, all listed", async () => {
  const page = await newPage("latin");
  for (const [n, want] of [[4, 4], [5, 56]]) {
    const r = await latinRun(page, n, true);
    assert.equal(r.count, String(want), r.status);
    assert.equal(r.total, String(want));
    assert.equal(r.squares.length, want);
    assert.ok(r.squares.every((s) => validLatin(s, n, true)), "not reduced Latin squares");
    assert.equal(new Set(r.squares.map((s) => s.join("/"))).size, want, "repeated squares");
    assert.match(r.status, new RegExp(`^Done: all ${want} squares`));
    await shot(page, `latin-${n}-reduced`);
  }
  const r = await latinRun(page, 3, false);
  assert.equal(r.count, "12");
  assert.ok(r.squares.every((s) => validLatin(s, 3, false)));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Latin squares: larger sizes sample; Stop stops", async () => {
  const page = await newPage("latin");
  const r = await latinRun(page, 12, true);
  assert.equal(r.count, "100");
  assert.equal(r.squares.length, 100);
  assert.ok(r.squares.every((s) => validLatin(s, 12, true)));
  await shot(page, "latin-12-sample");
  // 10,000 random squares of size 35 take a while: stop them.
  await page.fill("#n", "35");
  await page.setChecked("#reduced", false);
  await page.selectOption("#mode", "sample");
  await page.fill("#limit", "10000");
  await page.click("#start");
  await page.waitForFunction(() => Number(document.getElementById("count").textContent.replace(/,/g, "")) >= 50);
  await page.click("#stop");
  await page.waitForFunction(() => /^Stopped/.test(document.getElementById("status").textContent));
  const shown = await page.$$eval("#squares table", (ts) => ts.length);
  assert.ok(shown >= 40 && shown <= 500, `shown: ${shown}`);
  assert.equal(await page.textContent("#total"), "unknown");
  assert.equal(await page.isDisabled("#start"), false);
  await shot(page, "latin-stopped");
  // A bad size is refused by the server with its message.
  await page.fill("#n", "30");
  const bad = await latinRun(page, 30, false, "enumerate");
  assert.match(bad.status, /enumeration goes up to n=12/);
  await page.close();
});
