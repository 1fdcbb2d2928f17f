// pz-web Killer Sudoku and Futoshiki page: one grid of inputs, drawn with
// its cages or its signs, over the JSON API (docs/WEB.md).
"use strict";

const $ = (id) => document.getElementById(id);
const board = $("board");
const SIZES = {
  killer: [["2x2", "4x4"], ["2x3", "6x6"], ["3x3", "9x9"]],
  futoshiki: [["4", "4x4"], ["5", "5x5"], ["6", "6x6"], ["7", "7x7"], ["8", "8x8"], ["9", "9x9"]],
};
const DEFAULT_SIZE = { killer: "3x3", futoshiki: "5" };
const RULES = {
  killer: "Killer Sudoku: every row, column and box holds 1 to n once; the digits " +
    "of a cage (dashed outline) are all different and add up to its sum (top left).",
  futoshiki: "Futoshiki: every row and column holds 1 to n once, and every sign " +
    "between two cells holds: it points at the smaller number.",
};

// The puzzle: its kind and layout as the API takes them.
let kind = "killer", n = 9, br = 3, bc = 3;
let cages = [], sums = [];     // Killer: cage 1..k per cell (0 none), k sums
let right = "", down = "";     // Futoshiki: one sign per cell ('.' none)
let cells = [], kinds = [], vals = [];  // inputs; "given", "entered", "solved", "hinted" or ""
let busy = false;

const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const symbol = (v) => (v > 0 ? SYMBOLS[v - 1] : "");
function valueOf(ch) {
  if (!ch || ch === "." || ch === "0") return 0;
  const v = SYMBOLS.indexOf(ch.toUpperCase()) + 1;
  return v >= 1 && v <= n ? v : -1;
}

function status(text, cls) {
  const s = $("status");
  s.textContent = text;
  s.className = "status" + (cls ? " " + cls : "");
}

// An empty puzzle of the chosen size: no cages or signs until Generate or Load.
function blank() {
  kind = $("kind").value;
  const size = $("size").value;
  if (kind === "killer") {
    [br, bc] = size.split("x").map(Number);
    n = br * bc;
    cages = new Array(n * n).fill(0);
    sums = [];
  } else {
    n = Number(size);
    right = down = ".".repeat(n * n);
  }
  build(new Array(n * n).fill(0));
}

// Cages coloured so that neighbouring cages differ (greedy, five colours).
function cageColours() {
  const colour = new Map();
  for (let i = 0; i < n * n; i++) {
    const k = cages[i];
    if (!k || colour.has(k)) continue;
    const used = new Set();
    for (let j = 0; j < n * n; j++) {
      if (cages[j] !== k) continue;
      const r = Math.floor(j / n), c = j % n;
      for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
        const rr = r + dr, cc = c + dc;
        if (rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
        const o = cages[rr * n + cc];
        if (o && o !== k && colour.has(o)) used.add(colour.get(o));
      }
    }
    let x = 0;
    while (used.has(x)) x++;
    colour.set(k, x % 5);
  }
  return colour;
}

function makeInput(i) {
  const r = Math.floor(i / n), c = i % n;
  const inp = document.createElement("input");
  inp.type = "text";
  inp.inputMode = "numeric";
  inp.autocomplete = "off";
  inp.spellcheck = false;
  inp.dataset.index = i;
  inp.setAttribute("aria-label", `row ${r + 1} column ${c + 1}`);
  inp.addEventListener("keydown", onKey);
  inp.addEventListener("input", onInput);
  return inp;
}

// Draws the grid for the current layout with `givens` (n*n values).
function build(givens) {
  board.innerHTML = "";
  board.className = "pboard " + kind;
  cells = [];
  kinds = new Array(n * n).fill("");
  vals = new Array(n * n).fill(0);
  if (kind === "killer") {
    board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    board.style.gridTemplateRows = `repeat(${n}, 1fr)`;
    const colour = cageColours();
    const first = new Set();
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n, k = cages[i];
      const box = document.createElement("div");
      box.className = "kc";
      if (c !== n - 1 && (c + 1) % bc === 0) box.classList.add("box-right");
      if (r !== n - 1 && (r + 1) % br === 0) box.classList.add("box-bottom");
      if (k) {
        box.classList.add("cage", `cc${colour.get(k)}`);
        box.dataset.cage = k;
        // Dashed lines where the neighbour is in another cage.
        if (r === 0 || cages[i - n] !== k) box.classList.add("cage-t");
        if (r === n - 1 || cages[i + n] !== k) box.classList.add("cage-b");
        if (c === 0 || cages[i - 1] !== k) box.classList.add("cage-l");
        if (c === n - 1 || cages[i + 1] !== k) box.classList.add("cage-r");
        if (!first.has(k)) {
          first.add(k);
          const s = document.createElement("span");
          s.className = "sum";
          s.textContent = sums[k - 1];
          box.appendChild(s);
        }
      }
      const inp = makeInput(i);
      box.appendChild(inp);
      board.appendChild(box);
      cells.push(inp);
    }
  } else {
    // Cells and the gaps between them, where the signs stand.
    const track = `repeat(${n - 1}, 1fr .42fr) 1fr`;
    board.style.gridTemplateColumns = n > 1 ? track : "1fr";
    board.style.gridTemplateRows = n > 1 ? track : "1fr";
    const sign = (text, cls) => {
      const d = document.createElement("div");
      d.className = "sign " + cls;
      d.textContent = text;
      board.appendChild(d);
    };
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const inp = makeInput(i);
        inp.classList.add("fc");
        board.appendChild(inp);
        cells.push(inp);
        if (c < n - 1) sign({ "<": "<", ">": ">" }[right[i]] || "", "h");
      }
      if (r < n - 1)
        for (let c = 0; c < n; c++) {
          sign({ "^": "\u2227", v: "\u2228" }[down[r * n + c]] || "", "v");
          if (c < n - 1) sign("", "x");
        }
    }
  }
  for (let i = 0; i < n * n; i++) if (givens[i]) setCell(i, givens[i], "given");
  $("rules").textContent = RULES[kind];
}

function setCell(i, v, k) {
  cells[i].value = symbol(v);
  vals[i] = v;
  kinds[i] = v ? k : "";
  cells[i].classList.remove("given", "entered", "solved", "hinted");
  if (v && k) cells[i].classList.add(k);
  cells[i].readOnly = kinds[i] === "given";
}

// The digits a request sends: givens, the person's, hints.
const digitsLine = (withHints = true) =>
  cells.map((c, i) => (kinds[i] === "given" || kinds[i] === "entered" ||
                       (withHints && kinds[i] === "hinted") ? c.value : ".")).join("");

function dropAnswers() {
  for (let i = 0; i < n * n; i++) if (kinds[i] === "solved") setCell(i, 0, "");
}

// Equal digits in a row, column (or Killer box) are marked.
function markConflicts() {
  const units = [];
  for (let r = 0; r < n; r++) units.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) units.push([...Array(n).keys()].map((r) => r * n + c));
  if (kind === "killer")
    for (let r0 = 0; r0 < n; r0 += br)
      for (let c0 = 0; c0 < n; c0 += bc) {
        const b = [];
        for (let r = 0; r < br; r++) for (let c = 0; c < bc; c++) b.push((r0 + r) * n + c0 + c);
        units.push(b);
      }
  const bad = new Set();
  for (const u of units) {
    const seen = new Map();
    for (const i of u) {
      const v = cells[i].value;
      if (!v) continue;
      if (seen.has(v)) { bad.add(i); bad.add(seen.get(v)); } else seen.set(v, i);
    }
  }
  cells.forEach((c, i) => c.classList.toggle("conflict", bad.has(i)));
  return bad.size;
}

function afterEdit() {
  dropAnswers();
  const k = markConflicts();
  status(k ? `${k} cells conflict: the same digit twice in a row, column${kind === "killer" ? " or box" : ""}` : "",
         k ? "error" : "");
}

function move(i, dr, dc) {
  const r = (Math.floor(i / n) + dr + n) % n, c = ((i % n) + dc + n) % n;
  cells[r * n + c].focus();
}

function onKey(e) {
  const i = Number(e.target.dataset.index);
  const k = e.key;
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[k]) { move(i, ...arrows[k]); e.preventDefault(); return; }
  if (k === "Tab" || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  if (kinds[i] === "given") { if (k.length === 1 || k === "Backspace") status("that cell is a given", ""); return; }
  if (k === "Backspace" || k === "Delete" || k === "." || k === "0" || k === " ") {
    setCell(i, 0, "");
    afterEdit();
    return;
  }
  if (k.length === 1) {
    const v = valueOf(k);
    if (v < 0) { status(`'${k}' is not a value of a ${n}x${n} grid (1-${symbol(n)})`, "error"); return; }
    setCell(i, v, "entered");
    afterEdit();
    if (i + 1 < n * n) cells[i + 1].focus();
  }
}

// Phone keyboards send no usable keydown: take what the input received.
function onInput(e) {
  const i = Number(e.target.dataset.index);
  if (kinds[i] === "given") { setCell(i, vals[i], "given"); return; }
  const ch = e.target.value.slice(-1);
  const v = valueOf(ch);
  if (v < 0) { setCell(i, vals[i], kinds[i]); status(`'${ch}' is not a value of a ${n}x${n} grid (1-${symbol(n)})`, "error"); return; }
  setCell(i, v, v ? "entered" : "");
  afterEdit();
}

async function api(path, body) {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  let data;
  try { data = await res.json(); } catch (err) { data = { error: `HTTP ${res.status}` }; }
  const t = (res.headers.get("Server-Timing") || "").match(/dur=([\d.]+)/);
  return { ok: res.ok, status: res.status, data, ms: t ? Number(t[1]) : null };
}

function request(withHints = true) {
  const digits = digitsLine(withHints);
  if (kind === "killer") return { cages, sums, box: `${br}x${bc}`, digits };
  return { digits, right, down };
}

function hasLayout() {
  return kind === "killer" ? sums.length > 0 : true;
}

function showSolution(line) {
  for (let i = 0; i < n * n; i++)
    if (!kinds[i] || kinds[i] === "solved") setCell(i, valueOf(line[i]), "solved");
}

function showConflict(d) {
  if (!d.conflict) return "";
  const i = (d.conflict.row - 1) * n + d.conflict.col - 1;
  markConflicts();
  if (cells[i]) cells[i].classList.add("conflict");
  return `: ${d.conflict.message}`;
}

const took = (r) => (r.ms != null ? ` (${r.ms < 10 ? r.ms.toFixed(1) : Math.round(r.ms)} ms)` : "");

async function run(label, fn) {
  if (busy) return;
  busy = true;
  document.querySelectorAll("button").forEach((b) => (b.disabled = true));
  status(label + "…");
  try { await fn(); } catch (err) { status(`${label} failed: ${err.message}`, "error"); }
  busy = false;
  document.querySelectorAll("button").forEach((b) => (b.disabled = false));
}

const needLayout = () => (hasLayout() ? false : (status("no cages yet: Generate a puzzle or load one", "error"), true));

$("solve").onclick = () => run("Solving", async () => {
  if (needLayout()) return;
  dropAnswers();
  const r = await api(`/api/${kind}/solve`, request());
  if (!r.ok) return status(r.data.error, "error");
  if (r.data.solution) { showSolution(r.data.solution); status("Solved" + took(r), "ok"); }
  else status(r.data.reason + showConflict(r.data), "error");
});

$("unique").onclick = () => run("Checking uniqueness", async () => {
  if (needLayout()) return;
  dropAnswers();
  const r = await api(`/api/${kind}/unique`, request());
  if (!r.ok) return status(r.data.error, "error");
  const d = r.data;
  if (d.solutions === 1) { showSolution(d.solution); status("Unique: exactly one solution" + took(r), "ok"); }
  else if (d.solutions === 2) { showSolution(d.solution); status("Not unique: two or more solutions (one shown)" + took(r), "error"); }
  else status((d.reason || "no solution") + showConflict(d), "error");
});

$("hint").onclick = () => run("Looking for a hint", async () => {
  if (needLayout()) return;
  dropAnswers();
  const r = await api(`/api/${kind}/hint`, request());
  if (!r.ok) return status(r.data.error, "error");
  const d = r.data;
  if (d.cell == null) return status(d.reason + showConflict(d), d.reason.startsWith("no hint: every") ? "ok" : "error");
  setCell(d.cell, d.value, "hinted");
  cells[d.cell].focus();
  status(`Row ${d.row}, column ${d.col}: ${symbol(d.value)}. ${d.why} (${d.level})`, "ok");
});

$("generate").onclick = () => run("Generating", async () => {
  const body = { difficulty: $("difficulty").value };
  if (kind === "killer") body.box = $("size").value;
  else body.n = Number($("size").value);
  const seedText = $("seed").value.trim();
  if (seedText !== "") {
    if (!/^\d+$/.test(seedText)) return status("the seed is a whole number (or empty: random)", "error");
    body.seed = Number(seedText);
  }
  const r = await api(`/api/${kind}/generate`, body);
  if (!r.ok) return status(r.data.error, "error");
  const d = r.data;
  if (!d.puzzle) return status(d.reason, "error");
  show(d);
  $("text").value = d.puzzle;
  const clues = kind === "killer" ? `${d.sums.length} cages, ${d.givens} givens` : `${d.clues} clues`;
  status(`Generated: ${clues}${d.level ? ", " + d.level : ""}, seed ${d.seed}` +
         (d.complete ? "" : ` (${d.reason})`) + took(r), "ok");
});

// A puzzle in the API's structured form, drawn.
function show(d) {
  if (kind === "killer") {
    [br, bc] = d.box.split("x").map(Number);
    n = br * bc;
    cages = d.cages;
    sums = d.sums;
    $("size").value = d.box;
  } else {
    n = d.n;
    right = d.right;
    down = d.down;
    if ([...$("size").options].some((o) => o.value === String(n))) $("size").value = String(n);
  }
  build([...d.digits].map(valueOf));
  markConflicts();
}

$("load").onclick = () => run("Reading", async () => {
  const text = $("text").value;
  if (!text.trim()) return status("paste a puzzle into the box first", "error");
  const r = await api(`/api/${kind}/parse`, { puzzle: text });
  if (!r.ok) return status(r.data.error, "error");
  show(r.data);
  status("Loaded", "ok");
});

$("clear").onclick = () => {
  for (let i = 0; i < n * n; i++) if (kinds[i] !== "given") setCell(i, 0, "");
  markConflicts();
  status("");
};

function sizes() {
  const k = $("kind").value;
  $("size").innerHTML = SIZES[k].map(([v, label]) => `<option value="${v}">${label}</option>`).join("");
  $("size").value = DEFAULT_SIZE[k];
}
$("kind").onchange = () => { sizes(); $("text").value = ""; blank(); status(""); };
$("size").onchange = () => { blank(); status(""); };

sizes();
blank();
