// pz-web: what the Sudoku page and the Killer/Futoshiki page share, loaded
// before the page's own script: the grid of inputs and its values, keys,
// conflicts and the JSON API calls (docs/WEB.md). The page's script
// defines units(), dropAnswers() and afterEdit(), which these call.
"use strict";

const $ = (id) => document.getElementById(id);
const board = $("board");
let n = 9, br = 3, bc = 3;
let cells = [];  // the inputs, row-major
let kinds = [];  // per cell: "given", "entered", "solved", "hinted" or ""
let vals = [];   // per cell: its value, 0 blank
let busy = false;

// play: the givens are fixed and typed digits are the person's
// ("entered"), as on the Killer/Futoshiki page; else typed digits are
// givens, as on the Sudoku page.
const grid = { play: false };

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

const notAValue = (ch) => status(`'${ch}' is not a value of a ${n}x${n} grid (1-${symbol(n)})`, "error");

// An empty board for n*n cells.
function clearBoard() {
  board.innerHTML = "";
  cells = [];
  kinds = new Array(n * n).fill("");
  vals = new Array(n * n).fill(0);
}

// The input of cell i, added to cells (the caller places it).
function makeInput(i, mode) {
  const r = Math.floor(i / n), c = i % n;
  const inp = document.createElement("input");
  inp.type = "text";
  inp.inputMode = mode;
  inp.autocomplete = "off";
  inp.spellcheck = false;
  inp.dataset.index = i;
  inp.setAttribute("aria-label", `row ${r + 1} column ${c + 1}`);
  inp.addEventListener("keydown", onKey);
  inp.addEventListener("input", onInput);
  cells.push(inp);
  return inp;
}

// The box of cell i (a number).
const boxOf = (i) => Math.floor(Math.floor(i / n) / br) * br + Math.floor((i % n) / bc);

// Thick lines on el (cell i) towards neighbours of another region.
function edges(el, i, region) {
  const r = Math.floor(i / n), c = i % n;
  if (c !== n - 1 && region(i) !== region(i + 1)) el.classList.add("box-right");
  if (r !== n - 1 && region(i) !== region(i + n)) el.classList.add("box-bottom");
}

function setCell(i, v, k) {
  cells[i].value = symbol(v);
  vals[i] = v;
  kinds[i] = v ? k : "";
  cells[i].classList.remove("given", "entered", "solved", "hinted");
  if (v && k) cells[i].classList.add(k);
  if (grid.play) cells[i].readOnly = kinds[i] === "given";
}

// Empties the cells whose kind match() takes.
function clearCells(match) {
  for (let i = 0; i < n * n; i++) if (match(kinds[i])) setCell(i, 0, "");
}

// The grid as one line, '.' for blanks and for cells keep() does not take.
const gridLine = (keep) => cells.map((c, i) => (c.value && keep(kinds[i]) ? c.value : ".")).join("");

// Rows and columns as lists of cells.
function lines() {
  const u = [];
  for (let r = 0; r < n; r++) u.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) u.push([...Array(n).keys()].map((r) => r * n + c));
  return u;
}

// The cells of each region (region(i): cell i's), as lists.
function groups(region) {
  const by = new Map();
  for (let i = 0; i < n * n; i++) {
    if (!by.has(region(i))) by.set(region(i), []);
    by.get(region(i)).push(i);
  }
  return [...by.values()];
}

// Marks the cells that share one of units() with an equal digit; returns how many.
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

function move(i, dr, dc) {
  const r = (Math.floor(i / n) + dr + n) % n, c = ((i % n) + dc + n) % n;
  cells[r * n + c].focus();
}

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function onKey(e) {
  const i = Number(e.target.dataset.index);
  const k = e.key;
  if (ARROWS[k]) { move(i, ...ARROWS[k]); e.preventDefault(); return; }
  if (k === "Tab" || e.ctrlKey || e.metaKey || e.altKey) return;
  if (grid.play) {
    e.preventDefault();
    if (kinds[i] === "given") { if (k.length === 1 || k === "Backspace") status("that cell is a given", ""); return; }
  }
  if (k === "Backspace" || k === "Delete" || k === "." || k === "0" || k === " ") {
    e.preventDefault();
    setCell(i, 0, "");
    afterEdit();
    if (grid.play) return;
    if (k === "Backspace" && i > 0) cells[i - 1].focus();
    else if (k !== "Backspace" && k !== "Delete" && i + 1 < n * n) cells[i + 1].focus();
    return;
  }
  if (k.length === 1) {
    e.preventDefault();
    const v = valueOf(k);
    if (v < 0) { notAValue(k); return; }
    setCell(i, v, grid.play ? "entered" : "given");
    afterEdit();
    if (i + 1 < n * n) cells[i + 1].focus();
  }
}

// Phone keyboards send no usable keydown: take what the input received.
function onInput(e) {
  const i = Number(e.target.dataset.index);
  if (grid.play && kinds[i] === "given") { setCell(i, vals[i], "given"); return; }
  const ch = e.target.value.slice(-1);
  const v = valueOf(ch);
  if (v < 0) { setCell(i, vals[i], kinds[i]); notAValue(ch); return; }
  setCell(i, v, v ? (grid.play ? "entered" : "given") : "");
  afterEdit();
  if (!grid.play && v && i + 1 < n * n) cells[i + 1].focus();
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

const took = (r) => (r.ms != null ? ` (${r.ms < 10 ? r.ms.toFixed(1) : Math.round(r.ms)} ms)` : "");

// One request at a time, the buttons off meanwhile.
async function run(label, fn) {
  if (busy) return;
  busy = true;
  document.querySelectorAll("button").forEach((b) => (b.disabled = true));
  status(label + "…");
  try { await fn(); } catch (err) { status(`${label} failed: ${err.message}`, "error"); }
  busy = false;
  document.querySelectorAll("button").forEach((b) => (b.disabled = false));
}

// A solution into the blank (or solved) cells.
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

// The answers of /solve, /unique and /hint, shown.
function showSolved(r) {
  if (!r.ok) return status(r.data.error, "error");
  if (r.data.solution) { showSolution(r.data.solution); status("Solved" + took(r), "ok"); }
  else status(r.data.reason + showConflict(r.data), "error");
}

function showUnique(r) {
  if (!r.ok) return status(r.data.error, "error");
  const d = r.data;
  if (d.solutions === 1) { showSolution(d.solution); status("Unique: exactly one solution" + took(r), "ok"); }
  else if (d.solutions === 2) { showSolution(d.solution); status("Not unique: two or more solutions (one shown)" + took(r), "error"); }
  else status((d.reason || "no solution") + showConflict(d), "error");
}

function showHint(r) {
  if (!r.ok) return status(r.data.error, "error");
  const d = r.data;
  if (d.cell == null) return status(d.reason + showConflict(d), d.reason.startsWith("no hint: every") ? "ok" : "error");
  setCell(d.cell, d.value, "hinted");
  cells[d.cell].focus();
  status(`Row ${d.row}, column ${d.col}: ${symbol(d.value)}. ${d.why} (${d.level})`, "ok");
}

// The seed box into body.seed; false (and said) when it is no whole number.
function takeSeed(body) {
  const seedText = $("seed").value.trim();
  if (seedText === "") return true;
  if (!/^\d+$/.test(seedText)) { status("the seed is a whole number (or empty: random)", "error"); return false; }
  body.seed = Number(seedText);
  return true;
}

// A /generate answer with a puzzle, or null (and why said).
function generated(r) {
  if (!r.ok) { status(r.data.error, "error"); return null; }
  if (!r.data.puzzle) { status(r.data.reason, "error"); return null; }
  return r.data;
}

// asked: the difficulty chosen on the page. When the puzzle has another
// level (the target was not reached: the closest puzzle came back), the
// status says so, in its own colour.
function generatedStatus(r, what, asked) {
  const d = r.data;
  const got = d.level || "unrated";
  const differs = asked && asked !== "any" && got !== asked;
  status(`Generated: ${what}, seed ${d.seed}` + (d.complete ? "" : ` (${d.reason})`) + took(r) +
         (differs ? `. Asked for ${asked}; this puzzle is ${got}.` : ""), differs ? "warn" : "ok");
}
