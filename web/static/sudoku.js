// pz-web Sudoku page: a grid of inputs over the JSON API (docs/WEB.md).
"use strict";

const $ = (id) => document.getElementById(id);
const board = $("board");
let n = 9, br = 3, bc = 3;
let cells = [];       // the inputs, row-major
let kind = [];        // per cell: "given", "solved", "hinted" or ""
let vals = [];        // per cell: its value, 0 blank
let regions = null;   // jigsaw: region number per cell (a line of symbols)
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

function build() {
  [br, bc] = $("box").value.split("x").map(Number);
  n = br * bc;
  board.innerHTML = "";
  board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  board.classList.toggle("big", n > 9);
  cells = [];
  kind = new Array(n * n).fill("");
  vals = new Array(n * n).fill(0);
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    const inp = document.createElement("input");
    inp.type = "text";
    inp.inputMode = n <= 9 ? "numeric" : "text";
    inp.autocomplete = "off";
    inp.spellcheck = false;
    inp.dataset.index = i;
    inp.setAttribute("aria-label", `row ${r + 1} column ${c + 1}`);
    // Borders between boxes, or between jigsaw regions when there are any.
    const cut = (j) => (regions ? regions[i] !== regions[j] : false);
    if (c !== n - 1 && (regions ? cut(i + 1) : (c + 1) % bc === 0)) inp.classList.add("box-right");
    if (r !== n - 1 && (regions ? cut(i + n) : (r + 1) % br === 0)) inp.classList.add("box-bottom");
    inp.addEventListener("keydown", onKey);
    inp.addEventListener("input", onInput);
    inp.addEventListener("paste", onPaste);
    board.appendChild(inp);
    cells.push(inp);
  }
  status("");
}

function setCell(i, v, k) {
  cells[i].value = symbol(v);
  vals[i] = v;
  kind[i] = v ? k : "";
  cells[i].classList.remove("given", "solved", "hinted");
  if (v && k) cells[i].classList.add(k);
}

// The givens as one line ('.' blank): what the API takes.
const puzzleLine = () => cells.map((c, i) => (kind[i] === "given" ? c.value : ".")).join("");

// Drops solved and hinted digits (the givens changed).
function dropAnswers() {
  for (let i = 0; i < n * n; i++) if (kind[i] !== "given") setCell(i, 0, "");
}

function units() {
  const u = [];
  for (let r = 0; r < n; r++) u.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) u.push([...Array(n).keys()].map((r) => r * n + c));
  if (regions) {
    const byRegion = new Map();
    for (let i = 0; i < n * n; i++) {
      if (!byRegion.has(regions[i])) byRegion.set(regions[i], []);
      byRegion.get(regions[i]).push(i);
    }
    u.push(...byRegion.values());
  } else {
    for (let r0 = 0; r0 < n; r0 += br)
      for (let c0 = 0; c0 < n; c0 += bc) {
        const b = [];
        for (let r = 0; r < br; r++) for (let c = 0; c < bc; c++) b.push((r0 + r) * n + c0 + c);
        u.push(b);
      }
  }
  if (variants().includes("diagonal")) {
    u.push([...Array(n).keys()].map((i) => i * n + i));
    u.push([...Array(n).keys()].map((i) => i * n + n - 1 - i));
  }
  return u;
}

// Marks the givens that share a unit with an equal given; returns how many.
function markConflicts() {
  const bad = new Set();
  for (const u of units()) {
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
  status(k ? `${k} cells conflict: the same digit twice in a row, column or box` : "",
         k ? "error" : "");
}

function move(i, dr, dc) {
  const r = (Math.floor(i / n) + dr + n) % n, c = ((i % n) + dc + n) % n;
  cells[r * n + c].focus();
}

function onKey(e) {
  const i = Number(e.target.dataset.index);
  const k = e.key;
  if (k === "ArrowUp") { move(i, -1, 0); e.preventDefault(); return; }
  if (k === "ArrowDown") { move(i, 1, 0); e.preventDefault(); return; }
  if (k === "ArrowLeft") { move(i, 0, -1); e.preventDefault(); return; }
  if (k === "ArrowRight") { move(i, 0, 1); e.preventDefault(); return; }
  if (k === "Tab" || e.ctrlKey || e.metaKey || e.altKey) return;
  if (k === "Backspace" || k === "Delete" || k === "." || k === "0" || k === " ") {
    e.preventDefault();
    setCell(i, 0, "");
    afterEdit();
    if (k === "Backspace" && i > 0) cells[i - 1].focus();
    else if (k !== "Backspace" && k !== "Delete" && i + 1 < n * n) cells[i + 1].focus();
    return;
  }
  if (k.length === 1) {
    e.preventDefault();
    const v = valueOf(k);
    if (v < 0) { status(`'${k}' is not a value of a ${n}x${n} grid (1-${symbol(n)})`, "error"); return; }
    setCell(i, v, "given");
    afterEdit();
    if (i + 1 < n * n) cells[i + 1].focus();
  }
}

// Phone keyboards send no usable keydown: take what the input received.
function onInput(e) {
  const i = Number(e.target.dataset.index);
  const ch = e.target.value.slice(-1);
  const v = valueOf(ch);
  if (v < 0) { setCell(i, vals[i], kind[i]); status(`'${ch}' is not a value of a ${n}x${n} grid (1-${symbol(n)})`, "error"); return; }
  setCell(i, v, v ? "given" : "");
  afterEdit();
  if (v && i + 1 < n * n) cells[i + 1].focus();
}

function onPaste(e) {
  const text = (e.clipboardData || window.clipboardData).getData("text");
  e.preventDefault();
  load(text);
}

// Loads a one-line puzzle (n*n characters; its length picks the size).
function load(text) {
  const line = text.replace(/\s+/g, "");
  const size = Math.round(Math.sqrt(line.length));
  if (size * size !== line.length || size < 1) {
    status(`${line.length} characters is not a square number (81 for 9x9)`, "error");
    return false;
  }
  if (size !== n) {
    const opt = [...$("box").options].find((o) => {
      const [a, b] = o.value.split("x").map(Number);
      return a * b === size;
    });
    if (!opt) { status(`no box shape for a ${size}x${size} grid here`, "error"); return false; }
    $("box").value = opt.value;
    regions = null;
    build();
  }
  for (let i = 0; i < n * n; i++) {
    const v = valueOf(line[i]);
    if (v < 0) { status(`column ${i + 1}: '${line[i]}' is not a value of a ${n}x${n} grid`, "error"); return false; }
    setCell(i, v, v ? "given" : "");
  }
  afterEdit();
  return true;
}

function variants() {
  return [...document.querySelectorAll("#variants input:checked")].map((x) => x.value);
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

function request() {
  const body = { puzzle: puzzleLine(), box: `${br}x${bc}`, variants: variants() };
  if (regions) body.regions = regions;
  return body;
}

function showSolution(line) {
  for (let i = 0; i < n * n; i++)
    if (kind[i] !== "given") setCell(i, valueOf(line[i]), "solved");
}

function showConflict(data) {
  if (data.conflict) {
    const i = (data.conflict.row - 1) * n + data.conflict.col - 1;
    if (cells[i]) cells[i].classList.add("conflict");
    markConflicts();
    cells[i] && cells[i].classList.add("conflict");
    return `: ${data.conflict.message}`;
  }
  return "";
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

$("solve").onclick = () => run("Solving", async () => {
  dropAnswers();
  const r = await api("/api/sudoku/solve", request());
  if (!r.ok) return status(r.data.error, "error");
  if (r.data.solution) { showSolution(r.data.solution); status("Solved" + took(r), "ok"); }
  else status(r.data.reason + showConflict(r.data), "error");
});

$("unique").onclick = () => run("Checking uniqueness", async () => {
  dropAnswers();
  const r = await api("/api/sudoku/unique", request());
  if (!r.ok) return status(r.data.error, "error");
  const d = r.data;
  if (d.solutions === 1) { showSolution(d.solution); status("Unique: exactly one solution" + took(r), "ok"); }
  else if (d.solutions === 2) { showSolution(d.solution); status("Not unique: two or more solutions (one shown)" + took(r), "error"); }
  else status((d.reason || "no solution") + showConflict(d), "error");
});

$("hint").onclick = () => run("Looking for a hint", async () => {
  for (let i = 0; i < n * n; i++) if (kind[i] === "solved") setCell(i, 0, "");
  // Hinted digits count as givens for the next hint.
  const body = request();
  body.puzzle = cells.map((c, i) => (kind[i] ? c.value : ".")).join("");
  const r = await api("/api/sudoku/hint", body);
  if (!r.ok) return status(r.data.error, "error");
  const d = r.data;
  if (d.cell == null) return status(d.reason + showConflict(d), d.reason.startsWith("no hint: every") ? "ok" : "error");
  setCell(d.cell, d.value, "hinted");
  cells[d.cell].focus();
  status(`Row ${d.row}, column ${d.col}: ${symbol(d.value)}. ${d.why} (${d.level})`, "ok");
});

$("generate").onclick = () => run("Generating", async () => {
  const body = { box: `${br}x${bc}`, variants: variants(), difficulty: $("difficulty").value };
  // Big grids: a givens target instead of a minimal puzzle (see the note).
  if (n >= 20) Object.assign(body, { minimal: false, givens: n === 20 ? 240 : 400, difficulty: "any" });
  const jigsaw = $("layout").value === "jigsaw";
  if (jigsaw) body.jigsaw = true;
  const seedText = $("seed").value.trim();
  if (seedText !== "") {
    if (!/^\d+$/.test(seedText)) return status("the seed is a whole number (or empty: random)", "error");
    body.seed = Number(seedText);
  }
  const r = await api("/api/sudoku/generate", body);
  if (!r.ok) return status(r.data.error, "error");
  const d = r.data;
  if (!d.puzzle) return status(d.reason, "error");
  const layout = jigsaw ? d.regions : null;
  if (layout !== regions) { regions = layout; build(); }
  for (let i = 0; i < n * n; i++) setCell(i, valueOf(d.puzzle[i]), "given");
  markConflicts();
  $("paste").value = d.puzzle;
  status(`Generated: ${d.givens} givens, ${d.level || "unrated"}, seed ${d.seed}` +
         (d.complete ? "" : ` (${d.reason})`) + took(r), "ok");
});

$("clear").onclick = () => { for (let i = 0; i < n * n; i++) setCell(i, 0, ""); markConflicts(); status(""); $("paste").value = ""; cells[0].focus(); };
$("load").onclick = () => load($("paste").value);
$("paste").addEventListener("keydown", (e) => { if (e.key === "Enter") load($("paste").value); });
$("copy").onclick = () => {
  $("paste").value = cells.map((c) => c.value || ".").join("");
  $("paste").select();
  if (navigator.clipboard) navigator.clipboard.writeText($("paste").value).catch(() => {});
};
$("box").onchange = () => { regions = null; build(); cells[0].focus(); };
// Boxes again: the jigsaw regions go; jigsaw: Generate draws a layout.
$("layout").onchange = () => {
  if ($("layout").value === "boxes" && regions) { const line = cells.map((c) => c.value || ".").join(""); regions = null; build(); load(line); }
  else if ($("layout").value === "jigsaw" && !regions) status("Generate draws a jigsaw layout and a puzzle on it", "");
};
document.querySelectorAll("#variants input").forEach((x) => (x.onchange = afterEdit));

build();
