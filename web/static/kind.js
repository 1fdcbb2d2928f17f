// pz-web page for every kind of pz's kind table: the kinds and their
// parameters from GET /api/kinds, the puzzle as text, its picture drawn
// from the kind's scene (SVG), and the generic calls /api/{kind}/{op}
// (docs/WEB.md). No kind is named here.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const CELL = 36, MARGIN = 18; // as pz's painter (include/pz/render.h)
let kinds = [], kind = null, busy = false;
let shown = null; // the scene drawn

function status(text, cls) {
  $("status").textContent = text;
  $("status").className = "status" + (cls ? " " + cls : "");
}

async function api(op, body) {
  const res = await fetch(`/api/kinds/${kind.name}/${op}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  let data;
  try { data = await res.json(); } catch (err) { data = { error: `HTTP ${res.status}` }; }
  const t = (res.headers.get("Server-Timing") || "").match(/dur=([\d.]+)/);
  return { ok: res.ok, data, ms: t ? Number(t[1]) : null };
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

// --- The kind's parameters as form fields ---------------------------------
function paramField(p) {
  const id = `p-${p.name}`;
  let input;
  if (p.type === "word") {
    input = document.createElement("select");
    input.innerHTML = (p.default ? "" : '<option value="">default</option>') +
      p.words.map((w) => `<option>${w}</option>`).join("");
    if (p.default) input.value = p.default;
  } else if (p.type === "file") {
    /* A file parameter (jigsaw regions): its contents, pasted. */
    input = document.createElement("textarea");
    input.rows = 4;
    input.placeholder = p.arg || "contents";
  } else {
    input = document.createElement("input");
    if (p.type === "flag") input.type = "checkbox";
    else if (p.type === "int") Object.assign(input, { type: "number", min: p.min, max: p.max });
    else input.type = "text";
    if (p.type !== "flag") input.placeholder = p.default || p.arg || (p.words || []).join(",") || "default";
  }
  input.id = id;
  input.title = p.help || "";
  const label = document.createElement("label");
  label.append(`${p.name} `, input);
  return label;
}

// The parameters set on the form, as request fields.
function params() {
  const body = {};
  for (const p of kind.params) {
    const el = $(`p-${p.name}`);
    if (p.type === "flag") { if (el.checked) body[p.name] = true; continue; }
    const v = el.value.trim();
    if (v === "") continue;
    body[p.name] = p.type === "int" ? Number(v) : v;
  }
  return body;
}

function choose(name) {
  kind = kinds.find((k) => k.name === name);
  $("params").replaceChildren(...kind.params.map(paramField));
  $("rules").textContent = `${kind.title}: ${kind.rules}`;
  $("input").textContent = kind.input || "";
  $("format").innerHTML = kind.formats.map((f) => `<option>${f}</option>`).join("");
  $("format").value = kind.formats.includes("grid") ? "grid" : kind.formats[0];
  const can = (m) => kind.modes.includes(m);
  $("generate").hidden = !can("generate");
  $("unique").hidden = !can("unique");
  $("count").hidden = !can("count");
  $("candidates").hidden = !can("candidates");
  $("hint").hidden = $("rate").hidden = !can("rate");
  $("text").value = "";
  $("answer").textContent = "";
  draw(null);
  status("");
}

// --- The scene as SVG -----------------------------------------------------
function el(parent, name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text != null) e.textContent = text;
  parent.appendChild(e);
  return e;
}

const STAR = [...Array(10).keys()].map((i) => {
  const a = -Math.PI / 2 + (i * Math.PI) / 5, r = i % 2 ? 0.17 : 0.4;
  return [r * Math.cos(a), r * Math.sin(a)];
});

// Lines through cell centres (thermometers with bulbs, arrows with circles
// and heads, coloured lines), over the shading and under the text; their
// looks are the painter's (lib/render/paint.c), by the style's class.
function drawPaths(svg, sc, x, y) {
  const centre = (i) => [x(i % sc.cols) + CELL / 2, y(Math.floor(i / sc.cols)) + CELL / 2];
  for (const p of sc.paths || []) {
    const pts = p.cells.map(centre);
    if (p.bulb) el(svg, "circle", { cx: pts[0][0], cy: pts[0][1], r: CELL * 0.36, class: `bulb ${p.style}`, "data-cell": p.cells[0] });
    if (pts.length === 1) pts.push(pts[0]);
    el(svg, "polyline", { points: pts.map((q) => q.join(",")).join(" "), class: `path ${p.style}`, "data-cells": p.cells.join(" ") });
    if (p.head && p.cells.length > 1) {
      const [[ax, ay], [bx, by]] = pts.slice(-2), a = Math.atan2(by - ay, bx - ax), len = CELL * 0.24;
      const wing = (t) => `${bx - len * Math.cos(a + t)},${by - len * Math.sin(a + t)}`;
      el(svg, "polyline", { points: `${wing(-Math.PI / 6)} ${bx},${by} ${wing(Math.PI / 6)}`, class: `path ${p.style} head` });
    }
    const circle = (i) => el(svg, "circle", { cx: centre(i)[0], cy: centre(i)[1], r: CELL * 0.38, class: "pathcircle", "data-cell": i });
    if (p.circle) circle(p.cells[0]);
    if (p.circle_end) circle(p.cells[p.cells.length - 1]);
  }
}

// A caption wider than the picture (width) in lines broken after its
// commas, as the painter's (about 5.2 units a character).
function captionLines(text, width) {
  if (!text) return [];
  const fit = Math.floor(width / 5.2), parts = text.split(/(?<=, )/), lines = [];
  for (const p of parts) {
    if (lines.length && lines[lines.length - 1].length + p.length <= fit) lines[lines.length - 1] += p;
    else lines.push(p);
  }
  return lines;
}

// Draws scene sc (null: nothing); hint: a cell to mark, or -1.
function draw(sc, hint = -1) {
  shown = sc;
  const board = $("board");
  board.replaceChildren();
  if (!sc) return;
  const { rows, cols } = sc;
  // Outside clues: a ring of one cell round the grid (as pz's painter).
  const ring = sc.outside && sc.outside.length ? CELL : 0;
  const x = (c) => MARGIN + ring + c * CELL, y = (r) => MARGIN + ring + r * CELL;
  const caption = captionLines(sc.caption, cols * CELL + 2 * ring);
  const h = rows * CELL + 2 * (MARGIN + ring) + 16 * caption.length;
  const svg = el(board, "svg", { viewBox: `0 0 ${cols * CELL + 2 * (MARGIN + ring)} ${h}`, "data-rows": rows, "data-cols": cols });
  sc.cells.forEach((c, i) => {
    const r = Math.floor(i / cols), k = i % cols;
    el(svg, "rect", { x: x(k), y: y(r), width: CELL, height: CELL,
                      class: `cell${c.shade ? " shade" + c.shade : ""}${i === hint ? " hinted" : ""}`, "data-cell": i });
  });
  drawPaths(svg, sc, x, y);
  // Cages: dashed lines inside the cells, on the sides facing another cage.
  if (sc.cages) {
    const cage = (r, k) => (r < 0 || k < 0 || r >= rows || k >= cols ? -2 : sc.cages[r * cols + k]);
    const seen = new Set(), d = 3;
    sc.cages.forEach((g, i) => {
      if (g < 0) return;
      const r = Math.floor(i / cols), k = i % cols, x0 = x(k) + d, y0 = y(r) + d, x1 = x(k + 1) - d, y1 = y(r + 1) - d;
      if (cage(r - 1, k) !== g) el(svg, "line", { x1: x0, y1: y0, x2: x1, y2: y0, class: "cage" });
      if (cage(r + 1, k) !== g) el(svg, "line", { x1: x0, y1: y1, x2: x1, y2: y1, class: "cage" });
      if (cage(r, k - 1) !== g) el(svg, "line", { x1: x0, y1: y0, x2: x0, y2: y1, class: "cage" });
      if (cage(r, k + 1) !== g) el(svg, "line", { x1: x1, y1: y0, x2: x1, y2: y1, class: "cage" });
      if (!seen.has(g)) {
        seen.add(g);
        const label = (sc.cage_labels || [])[g];
        if (label) el(svg, "text", { x: x(k) + 4, y: y(r) + 3, class: "small" }, label);
      }
    });
  }
  // Walls: between cells of different regions, and round the grid.
  if (sc.regions)
    sc.regions.forEach((g, i) => {
      const r = Math.floor(i / cols), k = i % cols;
      if (k + 1 < cols && sc.regions[i + 1] !== g) el(svg, "line", { x1: x(k + 1), y1: y(r), x2: x(k + 1), y2: y(r + 1), class: "wall" });
      if (r + 1 < rows && sc.regions[i + cols] !== g) el(svg, "line", { x1: x(k), y1: y(r + 1), x2: x(k + 1), y2: y(r + 1), class: "wall" });
    });
  el(svg, "rect", { x: x(0), y: y(0), width: cols * CELL, height: rows * CELL, class: "wall", fill: "none" });
  for (const [r0, c0, r1, c1] of sc.lines) el(svg, "line", { x1: x(c0), y1: y(r0), x2: x(c1), y2: y(r1), class: "guide" });
  sc.cells.forEach((c, i) => {
    const r = Math.floor(i / cols), k = i % cols, cx = x(k) + CELL / 2, cy = y(r) + CELL / 2;
    if (c.mark === "star") {
      el(svg, "polygon", { points: STAR.map(([a, b]) => `${cx + a * CELL},${cy + b * CELL}`).join(" "),
                           class: `mark star ${c.mark_ink}`, "data-cell": i });
    } else if (c.mark) {
      el(svg, "circle", { cx, cy, r: CELL * (c.mark === "open" ? 0.38 : 0.33), class: `mark ${c.mark} ${c.mark_ink}`, "data-cell": i });
    }
    if (c.down != null) {
      el(svg, "line", { x1: x(k), y1: y(r), x2: x(k + 1), y2: y(r + 1), class: "guide" });
      el(svg, "text", { x: x(k) + 3, y: y(r) + CELL / 2 + 3, class: "small" }, c.down);
      el(svg, "text", { x: x(k) + CELL / 2 + 2, y: y(r) + 3, class: "small" }, c.across);
    }
    // The value: one text, or two symbols side by side; data-cell and the
    // ink are what the page's test reads back.
    if (c.text && c.text2) {
      el(svg, "text", { x: cx - 7, y: cy, class: `v ${c.ink}`, "data-cell": i, "data-part": 0 }, c.text);
      el(svg, "text", { x: cx + 7, y: cy, class: `v ${c.ink2}`, "data-cell": i, "data-part": 1 }, c.text2);
    } else if (c.text || c.text2) {
      el(svg, "text", { x: cx, y: cy, class: `v ${c.text ? c.ink : c.ink2}`, "data-cell": i, "data-part": c.text ? 0 : 1 }, c.text || c.text2);
    } else if (c.cand) {
      // True candidates of an open cell, small (the Candidates button).
      el(svg, "text", { x: cx, y: cy, class: "cand", "data-cell": i }, c.cand);
    }
  });
  // On a border: a sign (turned a quarter below a cell: ">" points down) or a dot.
  const border = (b) => {
    const r = Math.floor(b.cell / cols), k = b.cell % cols;
    return b.down ? [x(k) + CELL / 2, y(r + 1)] : [x(k + 1), y(r) + CELL / 2];
  };
  for (const s of sc.signs) {
    const [sx, sy] = border(s);
    el(svg, "rect", { x: sx - 5, y: sy - 5, width: 10, height: 10, class: "patch" });
    el(svg, "text", { x: sx, y: sy, class: "sign", "data-cell": s.cell,
                      ...(s.down && (s.text === "<" || s.text === ">") ? { transform: `rotate(90 ${sx} ${sy})` } : {}) }, s.text);
  }
  for (const d of sc.dots || []) {
    const [dx, dy] = border(d);
    el(svg, "circle", { cx: dx, cy: dy, r: CELL * 0.13, class: `dot ${d.black ? "black" : "white"}`, "data-cell": d.cell });
  }
  for (const q of sc.quads || []) {
    const qx = x((q.cell % cols) + 1), qy = y(Math.floor(q.cell / cols) + 1);
    el(svg, "circle", { cx: qx, cy: qy, r: CELL * 0.3, class: "quad", "data-cell": q.cell });
    const words = q.text.split(/\s+/).filter(Boolean).slice(0, 4);
    words.forEach((w, j) => {
      let dx = words.length === 1 ? 0 : j % 2 ? 4 : -4, dy = words.length <= 2 ? 0 : j < 2 ? -4 : 4;
      if (words.length === 3 && j === 2) dx = 0;
      el(svg, "text", { x: qx + dx, y: qy + dy, class: "quadtext" }, w);
    });
  }
  for (const o of sc.outside || [])
    el(svg, "text", { x: x(o.col) + CELL / 2, y: y(o.row) + CELL / 2, class: "outside", "data-row": o.row, "data-col": o.col }, o.text);
  caption.forEach((t, k) => el(svg, "text", { x: (cols * CELL) / 2 + MARGIN + ring, y: rows * CELL + MARGIN + 2 * ring + 12 + 16 * k, class: "caption" }, t));
}

// --- The calls --------------------------------------------------------------
function puzzleText() {
  const text = $("text").value;
  if (!text.trim()) { status("paste a puzzle, or Generate one, first", "error"); return null; }
  return text;
}

// An error answer: the message (a parser's has its place in it).
const failed = (r) => (r.ok ? false : (status(r.data.error, "error"), true));

$("load").onclick = () => run("Reading", async () => {
  const text = puzzleText();
  if (text == null) return;
  const r = await api("parse", { puzzle: text, ...params() });
  if (failed(r)) return;
  draw(r.data.scene);
  $("answer").textContent = "";
  status(`Loaded: ${r.data.rows}x${r.data.cols}`, "ok");
});

$("generate").onclick = () => run("Generating", async () => {
  const body = { ...params(), scene: true, format: $("format").value };
  if ($("difficulty").value !== "any") body.difficulty = $("difficulty").value;
  const seed = $("seed").value.trim();
  if (seed !== "") {
    if (!/^\d+$/.test(seed)) return status("the seed is a whole number (or empty: random)", "error");
    body.seed = Number(seed);
  }
  const r = await api("generate", body);
  if (failed(r)) return;
  if (!r.data.puzzle) return status(r.data.reason, "error");
  $("text").value = r.data.puzzle;
  $("answer").textContent = "";
  draw(r.data.scene);
  status(`Generated: seed ${r.data.seed}, ${r.data.level || "unrated"}` +
         (r.data.complete ? "" : ` (${r.data.reason})`) + took(r), r.data.complete ? "ok" : "warn");
});

// Solve and Check uniqueness: the solution drawn and written.
const solving = (label, op, say) => () => run(label, async () => {
  const text = puzzleText();
  if (text == null) return;
  const r = await api(op, { puzzle: text, ...params(), scene: true, format: $("format").value });
  if (failed(r)) return;
  const d = r.data;
  if (d.scene) draw(d.scene);
  $("answer").textContent = d.solution || "";
  const [msg, cls] = say(d);
  status(msg + (cls === "ok" ? took(r) : ""), cls);
});
const conflict = (d) => (d.conflict ? `: ${d.conflict.message}` : "");
$("solve").onclick = solving("Solving", "solve", (d) =>
  (d.solution != null ? ["Solved", "ok"] : [d.reason + conflict(d), "error"]));
$("unique").onclick = solving("Checking uniqueness", "unique", (d) =>
  (d.solutions === 1 ? ["Unique: exactly one solution", "ok"]
   : d.solutions === 2 ? ["Not unique: two or more solutions (one shown)", "error"]
   : [(d.reason || "no solution") + conflict(d), "error"]));

// The drawn cell of a hint at puzzle row, col: the same cell where the
// puzzle's cells are the drawn ones; where a drawn cell holds several
// (Eulero's two squares and pair numbers side by side in a row of the
// puzzle), the one whose row holds them; -1 when none.
function drawnCell(sc, d) {
  if (d.row > sc.rows) return -1;
  return (d.row - 1) * sc.cols + ((d.col - 1) % sc.cols);
}

$("hint").onclick = () => run("Looking for a hint", async () => {
  const text = puzzleText();
  if (text == null) return;
  const r = await api("hint", { puzzle: text, ...params() });
  if (failed(r)) return;
  const d = r.data;
  if (d.cell == null) return status(d.reason + conflict(d), d.reason.startsWith("no hint: every") ? "ok" : "error");
  if (shown) draw(shown, drawnCell(shown, d));
  status(`Row ${d.row}, column ${d.col}: ${d.value}. ${d.why} (${d.level})`, "ok");
});

$("count").onclick = () => run("Counting", async () => {
  const text = puzzleText();
  if (text == null) return;
  const r = await api("count", { puzzle: text, ...params(), limit: 1000 });
  if (failed(r)) return;
  const d = r.data;
  status(d.complete ? `${d.count} solution${d.count === 1 ? "" : "s"}` + took(r)
                    : `at least ${d.count} solutions (${d.reason})`, d.complete ? "ok" : "warn");
});

// True candidates: each open cell's values over every solution, drawn
// small in the puzzle's picture (cells row-major, as the scene's).
$("candidates").onclick = () => run("Finding the true candidates", async () => {
  const text = puzzleText();
  if (text == null) return;
  const [p, r] = [await api("parse", { puzzle: text, ...params() }),
                  await api("candidates", { puzzle: text, ...params() })];
  if (failed(p) || failed(r)) return;
  const rows = r.data.candidates;
  if (!rows) return status(r.data.reason, "error");
  const flat = rows.flat(), sc = p.data.scene;
  const wide = flat.some((v) => v.some((x) => x > 9));
  if (flat.length === sc.cells.length)
    sc.cells.forEach((c, i) => { c.cand = flat[i].join(wide ? "," : ""); });
  draw(sc);
  $("answer").textContent = rows.map((row) => row.map((v) => v.join(wide ? "," : "")).join(" ")).join("\n");
  const open = flat.filter((v) => v.length > 1).length;
  status(open ? `${open} cell${open === 1 ? "" : "s"} with more than one candidate` + took(r)
              : "Every cell has one candidate: the solution is unique" + took(r), "ok");
});

$("rate").onclick = () => run("Rating", async () => {
  const text = puzzleText();
  if (text == null) return;
  const r = await api("rate", { puzzle: text, ...params() });
  if (failed(r)) return;
  status(r.data.level ? `Level: ${r.data.level}` + took(r) : r.data.reason, r.data.level ? "ok" : "error");
});

$("kind").onchange = () => choose($("kind").value);

(async () => {
  const res = await fetch("/api/kinds");
  kinds = (await res.json()).kinds;
  $("kind").innerHTML = kinds.map((k) => `<option value="${k.name}">${k.title}</option>`).join("");
  const want = new URLSearchParams(location.search).get("kind");
  const k = kinds.find((x) => x.name === want || x.aliases.includes(want));
  $("kind").value = k ? k.name : kinds[0].name;
  choose($("kind").value);
  document.body.dataset.ready = "1";
})();
