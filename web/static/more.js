// pz-web Killer Sudoku and Futoshiki page: one grid of inputs, drawn with
// its cages or its signs, over the JSON API (docs/WEB.md), on grid.js:
// the givens are fixed, digits typed are the person's.
"use strict";

grid.play = true;
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
let kind = "killer";
let cages = [], sums = [];     // Killer: cage 1..k per cell (0 none), k sums
let right = "", down = "";     // Futoshiki: one sign per cell ('.' none)

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

// Draws the grid for the current layout with `givens` (n*n values).
function build(givens) {
  clearBoard();
  board.className = "pboard " + kind;
  if (kind === "killer") {
    board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    board.style.gridTemplateRows = `repeat(${n}, 1fr)`;
    const colour = cageColours();
    const first = new Set();
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n, k = cages[i];
      const box = document.createElement("div");
      box.className = "kc";
      edges(box, i, boxOf);
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
      box.appendChild(makeInput(i, "numeric"));
      board.appendChild(box);
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
        const inp = makeInput(i, "numeric");
        inp.classList.add("fc");
        board.appendChild(inp);
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

// The digits a request sends: givens, the person's, hints.
const digitsLine = (withHints = true) =>
  gridLine((k) => k === "given" || k === "entered" || (withHints && k === "hinted"));

const dropAnswers = () => clearCells((k) => k === "solved");

// Equal digits in a row, column (or Killer box) conflict.
const units = () => (kind === "killer" ? [...lines(), ...groups(boxOf)] : lines());

function afterEdit() {
  dropAnswers();
  const k = markConflicts();
  status(k ? `${k} cells conflict: the same digit twice in a row, column${kind === "killer" ? " or box" : ""}` : "",
         k ? "error" : "");
}

// A Killer as pz-killer reads it (the janko.at layout, docs/KILLER.md):
// each cage's sum in its first cell, the cage numbers, the digits.
function killerText(digits) {
  const rows = (f) => [...Array(n).keys()].map((r) =>
    [...Array(n).keys()].map((c) => f(r * n + c)).join(" ")).join("\n");
  const first = (i) => cages.indexOf(cages[i]) === i;
  return `${n} ${n}\n` + rows((i) => (cages[i] && first(i) ? sums[cages[i] - 1] : "-")) + "\n" +
    rows((i) => cages[i] || "-") + "\n" + rows((i) => (digits[i] === "." ? "-" : valueOf(digits[i]))) + "\n";
}

function request(withHints = true) {
  const digits = digitsLine(withHints);
  if (kind === "killer") return { puzzle: killerText(digits), box: `${br}x${bc}`, format: "line" };
  return { digits, right, down };
}

function hasLayout() {
  return kind === "killer" ? sums.length > 0 : true;
}

const needLayout = () => (hasLayout() ? false : (status("no cages yet: Generate a puzzle or load one", "error"), true));

// Solve, Check uniqueness, Hint: the same request, each its answer shown.
const ask = (label, op, show) => () => run(label, async () => {
  if (needLayout()) return;
  dropAnswers();
  show(await api(`/api/${kind}/${op}`, request()));
});
$("solve").onclick = ask("Solving", "solve", showSolved);
$("unique").onclick = ask("Checking uniqueness", "unique", showUnique);
$("hint").onclick = ask("Looking for a hint", "hint", showHint);

$("generate").onclick = () => run("Generating", async () => {
  const body = { difficulty: $("difficulty").value };
  if (kind === "killer") Object.assign(body, { box: $("size").value, scene: true });
  else body.n = Number($("size").value);
  if (!takeSeed(body)) return;
  const r = await api(`/api/${kind}/generate`, body);
  const d = generated(r);
  if (!d) return;
  show(d);
  $("text").value = d.puzzle;
  const clues = kind === "killer" ? `${sums.length} cages, ${d.givens} givens` : `${d.clues} clues`;
  generatedStatus(r, `${clues}${d.level ? ", " + d.level : ""}`, $("difficulty").value);
});

// A Killer from its scene (the generic API's picture, docs/WEB.md): the
// boxes from its regions, the cages with their sums, the given digits.
function killerOfScene(sc) {
  n = sc.rows;
  const reg = sc.regions;
  bc = reg.findIndex((x) => x !== reg[0]);
  bc = bc < 0 ? n : bc;
  br = n / bc;
  const digits = sc.cells.map((c) => (c.text && c.ink === "given" ? c.text : ".")).join("");
  return { box: `${br}x${bc}`, cages: sc.cages.map((k) => k + 1), sums: sc.cage_labels.map(Number), digits };
}

// A puzzle in the API's structured form, drawn.
function show(d) {
  if (kind === "killer") {
    d = killerOfScene(d.scene);
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
  clearCells((k) => k !== "given");
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
