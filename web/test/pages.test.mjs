// pz-web's pages as a person uses them, in Debian's headless chromium
// driven by playwright-core (ctest web.browser). Every answer read from a
// page is checked with validators of this file's own, not pz's.
//   node pages.test.mjs --server build/web/pz-web --artifacts DIR
// Exit 77 (skipped) when chromium or node_modules/playwright-core is absent.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
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
  await page.fill("#limit", "100");
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

test("Latin squares: auto mode at size 7 draws as many as At most asks (10,000)", async () => {
  const page = await newPage("latin");
  await page.fill("#limit", "10000");
  const asked = page.waitForRequest((r) => r.url().includes("/api/latin/squares"));
  const r = await latinRun(page, 7, false);
  assert.equal(new URL((await asked).url()).searchParams.get("limit"), "10000");
  // All 10,000; under the sanitizers the server's time limit may end it
  // first, which the page must then say (never a silent stop at 100).
  const count = Number(r.count.replace(/,/g, ""));
  if (/time limit/.test(r.status)) assert.ok(count > 100 && count < 10000, r.status);
  else assert.equal(r.count, "10,000", r.status);
  assert.ok(r.squares.length > 0 && r.squares.every((s) => validLatin(s, 7, false)));
  assert.match(r.status, new RegExp("^Done: " + r.count + " squares"));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Generate says the level it got when the one asked for was not reached", async () => {
  const page = await newPage("sudoku");
  const labels = await page.$$eval("#difficulty option", (os) => Object.fromEntries(os.map((o) => [o.value, o.textContent])));
  assert.match(labels["search"], /very rare/);
  assert.match(labels["deep-probing"], /rare/);
  await page.selectOption("#box", "2x2");
  await page.selectOption("#difficulty", "search");
  await page.fill("#seed", "5");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/sudoku/generate"));
  const st = await statusAfter(page, "#generate", /^Generated/);
  const gen = await (await answer).json();
  assert.notEqual(gen.level, "search", "a 4x4 puzzle that needs search: the test needs another");
  assert.ok(st.includes(`Asked for search; this puzzle is ${gen.level}.`), st);
  assert.match(await page.getAttribute("#status", "class"), /\bwarn\b/);
  // The level asked for and got: no such sentence.
  await page.selectOption("#difficulty", gen.level);
  const same = await statusAfter(page, "#generate", /^Generated/);
  assert.ok(!same.includes("Asked for"), same);
  await page.selectOption("#difficulty", "any");
  assert.ok(!(await statusAfter(page, "#generate", /^Generated/)).includes("Asked for"));
  await page.close();
  const more = await newPage("more");
  const moreLabels = await more.$$eval("#difficulty option", (os) => os.map((o) => o.textContent).join("|"));
  assert.match(moreLabels, /deep probing \(hard, rare\)/);
  await more.close();
});

// --- Sudoku: jigsaw, seed, large boxes ------------------------------------
function validRegions(puzzle, g, regions) {
  const n = Math.round(Math.sqrt(g.length));
  if (!validLatin([...Array(n).keys()].map((r) => g.slice(r * n, (r + 1) * n)), n, false)) return false;
  if ([...puzzle].some((ch, i) => ch !== "." && ch !== g[i])) return false;
  const by = new Map();
  [...regions].forEach((x, i) => by.set(x, (by.get(x) || []).concat([g[i]])));
  return by.size === n && [...by.values()].every((v) => new Set(v).size === n && v.length === n);
}
const shown = (page) => page.$$eval("#board input", (xs) => xs.map((x) => x.value || ".").join(""));

test("Sudoku: jigsaw layout drawn, solved; same seed, same puzzle", async () => {
  const page = await newPage("sudoku");
  await page.selectOption("#layout", "jigsaw");
  await page.fill("#seed", "5");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/sudoku/generate"));
  await statusAfter(page, "#generate", /^Generated/);
  const gen = await (await answer).json();
  const regions = gen.regions;
  assert.equal(regions.length, 81);
  // Every border drawn is a region border, and every region border is drawn.
  const cls = await classes(page);
  let differsFromBoxes = false;
  for (let i = 0; i < 81; i++) {
    const r = Math.floor(i / 9), c = i % 9;
    if (c < 8) {
      assert.equal(cls[i].includes("box-right"), regions[i] !== regions[i + 1], `right border of ${i}`);
      if ((regions[i] !== regions[i + 1]) !== ((c + 1) % 3 === 0)) differsFromBoxes = true;
    }
    if (r < 8) assert.equal(cls[i].includes("box-bottom"), regions[i] !== regions[i + 9], `bottom border of ${i}`);
  }
  assert.ok(differsFromBoxes, "the jigsaw borders are the boxes'");
  const puzzle = await shown(page);
  assert.equal(puzzle, gen.puzzle);
  await shot(page, "sudoku-jigsaw");
  await statusAfter(page, "#solve", /^Solved/);
  const g = await grid(page);
  assert.ok(validRegions(puzzle, g, regions), `not a jigsaw solution: ${g}`);
  await shot(page, "sudoku-jigsaw-solved");
  // The same seed again: the same layout and puzzle.
  await statusAfter(page, "#generate", /^Generated/);
  assert.equal(await shown(page), puzzle);
  assert.match(await page.textContent("#status"), /seed 5\b/);
  // Back to boxes: the box borders again.
  await page.selectOption("#layout", "boxes");
  const cls2 = await classes(page);
  assert.ok(cls2[2].includes("box-right") && !cls2[3].includes("box-right"));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Sudoku: seed reproducible; 20x20 and 25x25 answered within the time limit", async () => {
  const page = await newPage("sudoku");
  await page.fill("#seed", "12");
  await statusAfter(page, "#generate", /^Generated/);
  const first = await shown(page);
  await page.click("#clear");
  await statusAfter(page, "#generate", /^Generated/);
  assert.equal(await shown(page), first, "same seed, another puzzle");
  await page.fill("#seed", "13");
  await statusAfter(page, "#generate", /^Generated/);
  assert.notEqual(await shown(page), first, "another seed, the same puzzle");
  await page.fill("#seed", "1");
  // A 25x25 takes a few seconds, more on a loaded machine or in a
  // sanitizer build, where the page may say "time limit" instead.
  for (const [box, br, bc] of [["4x5", 4, 5], ["5x5", 5, 5]]) {
    await page.selectOption("#box", box);
    const t0 = Date.now();
    const st = await statusAfter(page, "#generate", /^Generated|failed|time limit/);
    assert.ok(Date.now() - t0 < 12000, `${box} took ${Date.now() - t0} ms`);
    if (box === "5x5" && st === "time limit") { console.log("# 25x25: time limit (a slow machine)"); continue; }
    assert.match(st, /^Generated: \d+ givens/);
    const p = await shown(page);
    assert.equal(p.length, br * bc * br * bc);
    await statusAfter(page, "#solve", /^Solved/);
    assert.ok(validSudoku(p, await grid(page), br, bc), `${box} solution`);
    await shot(page, `sudoku-${br * bc}x${br * bc}`);
  }
  await page.close();
});

// --- Killer and Futoshiki ---------------------------------------------------
// The cages and sums as drawn: a cage number per cell, the sum in one cell.
async function drawnKiller(page) {
  return page.$$eval("#board .kc", (ds) => ({
    cages: ds.map((d) => Number(d.dataset.cage || 0)),
    sums: ds.map((d) => (d.querySelector(".sum") ? Number(d.querySelector(".sum").textContent) : 0)),
  }));
}
function validKiller(puzzle, g, br, bc, cages, sumAt) {
  if (!validSudoku(puzzle, g, br, bc)) return false;
  const by = new Map();
  cages.forEach((k, i) => { if (k) by.set(k, (by.get(k) || []).concat([i])); });
  for (const [k, idx] of by) {
    const sums = idx.map((i) => sumAt[i]).filter((s) => s);
    const vals = idx.map((i) => val(g[i]));
    if (sums.length !== 1 || new Set(vals).size !== vals.length) return false;
    if (vals.reduce((a, b) => a + b, 0) !== sums[0]) return false;
  }
  return by.size > 0;
}
// The signs as drawn: after each cell but the last of a row, under each cell of all rows but the last.
async function drawnFutoshiki(page, n) {
  const h = await page.$$eval("#board .sign.h", (xs) => xs.map((x) => x.textContent));
  const v = await page.$$eval("#board .sign.v", (xs) => xs.map((x) => x.textContent));
  assert.equal(h.length, n * (n - 1));
  assert.equal(v.length, n * (n - 1));
  return { h, v };
}
function validFutoshiki(puzzle, g, n, h, v) {
  const rows = [...Array(n).keys()].map((r) => g.slice(r * n, (r + 1) * n));
  if (!validLatin(rows, n, false)) return false;
  if ([...puzzle].some((ch, i) => ch !== "." && ch !== g[i])) return false;
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n - 1; c++) {
      const s = h[r * (n - 1) + c], a = val(g[r * n + c]), b = val(g[r * n + c + 1]);
      if ((s === "<" && !(a < b)) || (s === ">" && !(a > b))) return false;
    }
  for (let r = 0; r < n - 1; r++)
    for (let c = 0; c < n; c++) {
      const s = v[r * n + c], a = val(g[r * n + c]), b = val(g[(r + 1) * n + c]);
      if ((s === "\u2227" && !(a < b)) || (s === "\u2228" && !(a > b))) return false;
    }
  return true;
}

test("Killer: Generate draws cages and sums; Hint, Solve, type, bad text", async () => {
  const page = await newPage("more");
  await page.fill("#seed", "4");
  const st = await statusAfter(page, "#generate", /^Generated/);
  assert.match(st, /^Generated: \d+ cages, \d+ givens.*seed 4/);
  const { cages, sums } = await drawnKiller(page);
  assert.equal(cages.length, 81);
  assert.ok(cages.every((k) => k > 0), "every cell in a cage");
  const puzzle = await shown(page);
  await shot(page, "killer-generated");
  const hint = await statusAfter(page, "#hint", /^Row \d+, column \d+|^no hint/);
  const m = hint.match(/^Row (\d+), column (\d+): (\d)/);
  await statusAfter(page, "#solve", /^Solved/);
  const g = await grid(page);
  assert.ok(validKiller(puzzle, g, 3, 3, cages, sums), `not a Killer solution: ${g}`);
  if (m) assert.equal(g[(m[1] - 1) * 9 + (m[2] - 1)], m[3], "the hint disagrees with the solution");
  const cls = await classes(page);
  [...puzzle].forEach((ch, i) => {
    if (ch !== "." && !cls[i].includes("hinted"))
      assert.ok(cls[i].includes("given"), `cell ${i}: ${cls[i]}`);
    if (ch === ".") assert.ok(cls[i].includes("solved") || cls[i].includes("hinted"), `cell ${i}: ${cls[i]}`);
  });
  await shot(page, "killer-solved");
  const uniq = await statusAfter(page, "#unique", /^(Unique|Not unique)/);
  assert.match(uniq, /^Unique/);
  // A digit of one's own: told apart; a wrong one makes Solve say so.
  const empty = [...puzzle].indexOf(".");
  const wrong = String((val(g[empty]) % 9) + 1);
  await page.click(`#board input[data-index="${empty}"]`);
  await page.keyboard.type(wrong);
  assert.ok((await classes(page))[empty].includes("entered"));
  const no = await statusAfter(page, "#solve", /^no solution|^Solved/);
  assert.match(no, /^no solution/);
  // The same seed: the same cages.
  await statusAfter(page, "#generate", /^Generated/);
  assert.deepEqual(await drawnKiller(page), { cages, sums });
  // Text in pz-killer's format, with a mistake: the parser's message.
  await page.fill("#text", "4 4\n2 - 7 -\n7 - 2 1\n- - 3 -\n5 - 4 -\n7 - 8 8\n3 3 6 4\n2 - 1 1\n2 - 5 x\n");
  const err = await statusAfter(page, "#load", /^puzzle:/);
  assert.match(err, /^puzzle:9:7: /);
  assert.ok((await page.getAttribute("#status", "class")).includes("error"));
  await shot(page, "killer-error");
  // And a good one: drawn, solved.
  await page.fill("#text", "4 4\n2 - 7 -\n7 - 2 1\n- - 3 -\n5 - 4 -\n7 - 8 8\n3 3 6 4\n2 - 1 1\n2 - 5 -\n");
  await statusAfter(page, "#load", /^Loaded/);
  const small = await drawnKiller(page);
  assert.equal(small.cages.length, 16);
  await statusAfter(page, "#solve", /^Solved/);
  assert.ok(validKiller("." .repeat(16), await grid(page), 2, 2, small.cages, small.sums));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Futoshiki: Generate draws the signs; Hint, Solve, bad text", async () => {
  const page = await newPage("more");
  await page.selectOption("#kind", "futoshiki");
  await page.selectOption("#size", "6");
  await page.fill("#seed", "2");
  const st = await statusAfter(page, "#generate", /^Generated/);
  assert.match(st, /^Generated: \d+ clues.*seed 2/);
  const { h, v } = await drawnFutoshiki(page, 6);
  assert.ok([...h, ...v].some((s) => s), "no sign drawn");
  const puzzle = await shown(page);
  assert.equal(puzzle.length, 36);
  await shot(page, "futoshiki-generated");
  const hint = await statusAfter(page, "#hint", /^Row \d+, column \d+|^no hint/);
  const m = hint.match(/^Row (\d+), column (\d+): (\d)/);
  await statusAfter(page, "#solve", /^Solved/);
  const g = await grid(page);
  assert.ok(validFutoshiki(puzzle, g, 6, h, v), `not a Futoshiki solution: ${g}`);
  if (m) assert.equal(g[(m[1] - 1) * 6 + (m[2] - 1)], m[3], "the hint disagrees with the solution");
  const cls = await classes(page);
  [...puzzle].forEach((ch, i) => {
    if (ch === ".") assert.ok(cls[i].includes("solved") || cls[i].includes("hinted"), `cell ${i}: ${cls[i]}`);
    else if (!cls[i].includes("hinted")) assert.ok(cls[i].includes("given"), `cell ${i}: ${cls[i]}`);
  });
  await shot(page, "futoshiki-solved");
  assert.match(await statusAfter(page, "#unique", /^(Unique|Not unique)/), /^Unique/);
  // The same seed: the same puzzle.
  await statusAfter(page, "#generate", /^Generated/);
  assert.equal(await shown(page), puzzle);
  assert.deepEqual(await drawnFutoshiki(page, 6), { h, v });
  // pz-futoshiki's grid text with a bad character: the parser's message.
  await page.fill("#text", ". < .   .   .\n\n.   .   x   .\nv       ^\n.   .   . < .\n\n1   . > .   .\n");
  const err = await statusAfter(page, "#load", /^puzzle:/);
  assert.match(err, /^puzzle:3:9: unexpected 'x' in row 2/);
  assert.ok((await page.getAttribute("#status", "class")).includes("error"));
  await shot(page, "futoshiki-error");
  // An sgt-unequal game id loads and solves.
  await page.fill("#text", "4:0,0L,0,0,0D,0,0,0,0,0,0U,0L,1,0R,0,0,");
  await statusAfter(page, "#load", /^Loaded/);
  const s4 = await drawnFutoshiki(page, 4);
  await statusAfter(page, "#solve", /^Solved/);
  assert.ok(validFutoshiki("............1...", await grid(page), 4, s4.h, s4.v));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Killer and Futoshiki page fits a phone", async () => {
  const page = await newPage("more", { width: 390, height: 844 });
  await statusAfter(page, "#generate", /^Generated/);
  await statusAfter(page, "#solve", /^Solved/);
  let overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `wider than the screen by ${overflow}px`);
  await shot(page, "killer-phone");
  await page.selectOption("#kind", "futoshiki");
  await page.selectOption("#size", "9");
  await statusAfter(page, "#generate", /^Generated/);
  overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `wider than the screen by ${overflow}px`);
  await shot(page, "futoshiki-phone");
  await page.close();
});

// --- The page of every kind (/kind) ------------------------------------------
// A call of the generic API from here, its JSON answer.
async function post(kind, op, body) {
  const res = await fetch(`${base}/api/kinds/${kind}/${op}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  return { status: res.status, ...(await res.json()) };
}

// What the page drew, read back from its SVG: per cell its text (both
// symbols of a pair), the ink of its first one, its mark.
const drawnScene = (page) => page.evaluate(() => {
  const svg = document.querySelector("#board svg");
  if (!svg) return null;
  const cells = Array.from({ length: Number(svg.dataset.rows) * Number(svg.dataset.cols) },
                           () => ({ text: "", ink: "", mark: "" }));
  for (const t of svg.querySelectorAll("text.v")) {
    const c = cells[Number(t.dataset.cell)];
    c.text += t.textContent;
    if (!c.ink) c.ink = t.classList.contains("given") ? "given" : "solved";
  }
  for (const m of svg.querySelectorAll(".mark"))
    cells[Number(m.dataset.cell)].mark = [...m.classList].filter((x) => x !== "mark").join(" ");
  return cells;
});
// The same read from a scene the API answered.
const sceneCells = (sc) => sc.cells.map((c) => ({
  text: (c.text || "") + (c.text2 || ""),
  ink: c.text ? c.ink : c.text2 ? c.ink2 : "",
  mark: c.mark ? `${c.mark} ${c.mark_ink}` : "",
}));

// Sudoku, Latin and Killer answers by rules written here: the regions and
// cages with their sums from the puzzle's scene, the values as drawn;
// null for other kinds.
function validByScene(name, scene, givens, values) {
  if (!["sudoku", "latin", "killer"].includes(name)) return null;
  const n = scene.rows;
  if (scene.cols !== n || values.length !== n * n || values.some((v) => !(v >= 1 && v <= n))) return false;
  if (givens.some((g, i) => g && g !== values[i])) return false;
  const units = [];
  for (let r = 0; r < n; r++) units.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) units.push([...Array(n).keys()].map((r) => r * n + c));
  if (name !== "latin" && scene.regions)
    for (const g of new Set(scene.regions)) units.push([...Array(n * n).keys()].filter((i) => scene.regions[i] === g));
  if (!units.every((u) => new Set(u.map((i) => values[i])).size === n)) return false;
  if (name === "killer")
    for (const [k, label] of (scene.cage_labels || []).entries()) {
      const vs = values.filter((_, i) => scene.cages[i] === k);
      if (new Set(vs).size !== vs.length || String(vs.reduce((a, b) => a + b, 0)) !== label) return false;
    }
  return true;
}

// A puzzle of a kind that does not generate: a file of test/data/<name>/.
function samplePuzzle(name) {
  const dir = join(here, "../../test/data", name);
  if (!existsSync(dir)) return null;
  const f = readdirSync(dir).sort().find((x) => x.endsWith(".txt") && !x.startsWith("bad"));
  return f ? readFileSync(join(dir, f), "utf8") : null;
}

test("Every kind: generate (or load a sample), draw, solve, as the API answers", async () => {
  const kinds = (await (await fetch(`${base}/api/kinds`)).json()).kinds;
  assert.ok(kinds.length > 0, "no kinds");
  const page = await newPage("kind");
  await page.waitForSelector("body[data-ready]");
  assert.deepEqual(await page.$$eval("#kind option", (os) => os.map((o) => o.value)), kinds.map((k) => k.name));
  for (const k of kinds) {
    await page.selectOption("#kind", k.name);
    for (const p of k.params) assert.ok(await page.$(`#p-${p.name}`), `${k.name}: no field for ${p.name}`);
    assert.match(await page.textContent("#rules"), new RegExp(k.title.replace(/[^\w ]/g, ".")));
    let text;
    if (k.modes.includes("generate")) {
      await page.fill("#seed", "3");
      const st = await statusAfter(page, "#generate", /^Generated|^generat|error|failed/);
      assert.match(st, /^Generated: seed 3/, `${k.name} generate`);
      text = await page.inputValue("#text");
      const sc = await post(k.name, "scene", { puzzle: text });
      assert.deepEqual(await drawnScene(page), sceneCells(sc.scene), `${k.name}: the generated puzzle as drawn`);
    } else {
      text = samplePuzzle(k.name);
      assert.ok(text, `${k.name} neither generates nor has a sample in test/data/${k.name}/`);
      await page.fill("#text", text);
      assert.match(await statusAfter(page, "#load", /^Loaded|error|puzzle/), /^Loaded/);
    }
    await shot(page, `kind-${k.name}`);
    assert.match(await statusAfter(page, "#solve", /^Solved|solution|limit|failed|error/), /^Solved/, k.name);
    // The page asks for the answer in grid where the kind has it.
    const format = k.formats.includes("grid") ? "grid" : k.formats[0];
    const answer = await post(k.name, "solve", { puzzle: text, scene: true, format });
    const drawn = await drawnScene(page);
    assert.deepEqual(drawn, sceneCells(answer.scene), `${k.name}: the solution as drawn`);
    assert.equal(await page.textContent("#answer"), answer.solution, `${k.name}: the answer's text`);
    const parsed = await post(k.name, "parse", { puzzle: text });
    const values = drawn.map((c) => (/^\d+$/.test(c.text) ? Number(c.text) : parseInt(c.text, 36) || 0));
    const ok = validByScene(k.name, parsed.scene, parsed.givens, values);
    assert.ok(ok !== false, `${k.name}: the drawn solution breaks the rules`);
    await shot(page, `kind-${k.name}-solved`);
    if (k.modes.includes("unique")) {
      const u = await statusAfter(page, "#unique", /^Unique|^Not unique|solution|limit/);
      if (k.modes.includes("generate")) assert.match(u, /^Unique/, k.name);
    }
    if (k.modes.includes("rate")) {
      const h = await statusAfter(page, "#hint", /^Row \d+, column \d+|^no hint|limit/);
      const m = h.match(/^Row (\d+), column (\d+): (\d+)/);
      if (m) {
        const cols = parsed.cols, i = (m[1] - 1) * cols + (m[2] - 1);
        assert.equal(answer.cells[i], Number(m[3]), `${k.name}: the hint disagrees with the solution`);
        // Marked on the drawn cell that holds the puzzle cell: the same
        // one, or for Eulero, whose puzzle row holds its two squares and
        // the pair numbers side by side, the cell in column c mod the side.
        const side = parsed.scene.cols, mark = (m[1] - 1) * side + ((m[2] - 1) % side);
        assert.ok(answer.cells.length === drawn.length ? mark === i : cols % side === 0,
                  `${k.name}: no drawn cell for puzzle cell ${i}`);
        assert.ok(await page.$(`#board rect.hinted[data-cell="${mark}"]`), `${k.name}: hint cell not marked`);
      }
      assert.match(await statusAfter(page, "#rate", /^Level|limit|error/), /^Level: /);
    }
  }
  // A text with a mistake: the parser's message, with its place.
  await page.selectOption("#kind", kinds[0].name);
  await page.fill("#text", "\u00a7\n");
  assert.match(await statusAfter(page, "#load", /^puzzle/), /^puzzle/);
  assert.ok((await page.getAttribute("#status", "class")).includes("error"));
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The 4x4 Sudoku grids, by brute force here (rows, columns, 2x2 boxes).
function sudoku4Grids() {
  const out = [], g = new Array(16).fill(0);
  const ok = (i, v) => {
    const r = Math.floor(i / 4), c = i % 4;
    for (let j = 0; j < 16; j++) {
      if (!g[j] || g[j] !== v) continue;
      const rj = Math.floor(j / 4), cj = j % 4;
      if (rj === r || cj === c || (Math.floor(rj / 2) === Math.floor(r / 2) && Math.floor(cj / 2) === Math.floor(c / 2))) return false;
    }
    return true;
  };
  const fill = (i) => {
    if (i === 16) return out.push(g.slice());
    for (let v = 1; v <= 4; v++) if (ok(i, v)) { g[i] = v; fill(i + 1); g[i] = 0; }
  };
  fill(0);
  return out;
}

test("Variant Sudoku: paste ISS constraints, drawn with their rules; Count and Candidates by brute force", async () => {
  const page = await newPage("kind");
  await page.waitForSelector("body[data-ready]");
  await page.selectOption("#kind", "sudoku");
  // A thermometer R1C1 < R1C2 < R1C3 and R4C4 = 1.
  await page.fill("#text", ".Shape~4x4\n.Thermo~R1C1~R1C2~R1C3\n.~R4C4_1\n");
  assert.match(await statusAfter(page, "#load", /^Loaded|error|puzzle/), /^Loaded: 4x4/);
  assert.ok(await page.$("#board svg .path, #board svg polyline, #board svg path"), "the thermometer is not drawn");
  const sols = sudoku4Grids().filter((g) => g[0] < g[1] && g[1] < g[2] && g[15] === 1);
  assert.ok(sols.length > 1);
  assert.match(await statusAfter(page, "#count", /solution|error/), new RegExp(`^${sols.length} solutions`));
  // Not /candidate/: "Finding the true candidates" shows while it runs.
  await statusAfter(page, "#candidates", /more than one candidate|has one candidate|error/);
  const drawn = await page.$$eval("#board text.cand", (ts) => ts.map((t) => [Number(t.dataset.cell), t.textContent]));
  const want = [...Array(16).keys()].map((i) => [...new Set(sols.map((g) => g[i]))].sort().join(""));
  const given = await drawnScene(page);
  for (let i = 0; i < 16; i++) {
    if (given[i].text) continue; // a given shows its digit, not candidates
    const d = drawn.find(([c]) => c === i);
    assert.ok(d, `cell ${i}: no candidates drawn`);
    assert.equal(d[1], want[i], `cell ${i}: candidates`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});
