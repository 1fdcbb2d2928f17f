// pz-web Sudoku page: a grid of inputs over the JSON API (docs/WEB.md),
// on grid.js: digits typed are givens.
"use strict";

let regions = null;   // jigsaw: region number per cell (a line of symbols)

// Cell -> region: the jigsaw regions when there are any, else the boxes.
const regionOf = () => (regions ? (i) => regions[i] : boxOf);

function build() {
  [br, bc] = $("box").value.split("x").map(Number);
  n = br * bc;
  clearBoard();
  board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  board.classList.toggle("big", n > 9);
  const region = regionOf();
  for (let i = 0; i < n * n; i++) {
    const inp = makeInput(i, n <= 9 ? "numeric" : "text");
    edges(inp, i, region);
    inp.addEventListener("paste", onPaste);
    board.appendChild(inp);
  }
  status("");
}

// The givens as one line ('.' blank): what the API takes.
const puzzleLine = () => gridLine((k) => k === "given");

// Drops solved and hinted digits (the givens changed).
const dropAnswers = () => clearCells((k) => k !== "given");

function units() {
  const u = [...lines(), ...groups(regionOf())];
  if (variants().includes("diagonal")) {
    u.push([...Array(n).keys()].map((i) => i * n + i));
    u.push([...Array(n).keys()].map((i) => i * n + n - 1 - i));
  }
  return u;
}

function afterEdit() {
  dropAnswers();
  const k = markConflicts();
  status(k ? `${k} cells conflict: the same digit twice in a row, column or box` : "",
         k ? "error" : "");
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

function request() {
  const body = { puzzle: puzzleLine(), box: `${br}x${bc}`, variants: variants() };
  if (regions) body.regions = regions;
  return body;
}

$("solve").onclick = () => run("Solving", async () => {
  dropAnswers();
  showSolved(await api("/api/sudoku/solve", request()));
});

$("unique").onclick = () => run("Checking uniqueness", async () => {
  dropAnswers();
  showUnique(await api("/api/sudoku/unique", request()));
});

$("hint").onclick = () => run("Looking for a hint", async () => {
  clearCells((k) => k === "solved");
  // Hinted digits count as givens for the next hint.
  const body = request();
  body.puzzle = gridLine((k) => k);
  showHint(await api("/api/sudoku/hint", body));
});

$("generate").onclick = () => run("Generating", async () => {
  const body = { box: `${br}x${bc}`, variants: variants(), difficulty: $("difficulty").value };
  // Big grids: a givens target instead of a minimal puzzle (see the note).
  if (n >= 20) Object.assign(body, { minimal: false, givens: n === 20 ? 240 : 400, difficulty: "any" });
  const jigsaw = $("layout").value === "jigsaw";
  if (jigsaw) body.jigsaw = true;
  if (!takeSeed(body)) return;
  const r = await api("/api/sudoku/generate", body);
  const d = generated(r);
  if (!d) return;
  const layout = jigsaw ? d.regions : null;
  if (layout !== regions) { regions = layout; build(); }
  for (let i = 0; i < n * n; i++) setCell(i, valueOf(d.puzzle[i]), "given");
  markConflicts();
  $("paste").value = d.puzzle;
  generatedStatus(r, `${d.givens} givens, ${d.level || "unrated"}`, $("difficulty").value);
});

$("clear").onclick = () => { clearCells(() => true); markConflicts(); status(""); $("paste").value = ""; cells[0].focus(); };
$("load").onclick = () => load($("paste").value);
$("paste").addEventListener("keydown", (e) => { if (e.key === "Enter") load($("paste").value); });
$("copy").onclick = () => {
  $("paste").value = gridLine(() => true);
  $("paste").select();
  if (navigator.clipboard) navigator.clipboard.writeText($("paste").value).catch(() => {});
};
$("box").onchange = () => { regions = null; build(); cells[0].focus(); };
// Boxes again: the jigsaw regions go; jigsaw: Generate draws a layout.
$("layout").onchange = () => {
  if ($("layout").value === "boxes" && regions) { const line = gridLine(() => true); regions = null; build(); load(line); }
  else if ($("layout").value === "jigsaw" && !regions) status("Generate draws a jigsaw layout and a puzzle on it", "");
};
document.querySelectorAll("#variants input").forEach((x) => (x.onchange = afterEdit));

build();
