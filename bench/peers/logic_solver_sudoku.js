#!/usr/bin/env node
// Peer for pz's benchmarks (bench/run.sh): Sudoku through the npm package
// logic-solver (MiniSat compiled to JavaScript), written the way its README
// suggests. Plain encoding: one variable per cell and value; exactly one
// value per cell, and each value exactly once per row, column and box
// (Logic.exactlyOne); the givens are required as unit constraints. A new
// Logic.Solver per puzzle.
//
//   node logic_solver_sudoku.js FILE [--limit N] [--unique]
//
// FILE: one puzzle per line, n*n characters ('1'-'9', 'A'-'Z', '.' or '0').
// Prints one tab-separated line:
//   peer workload items sat verified unique multi wall_s cpu_s median_us worst_us
'use strict';
const fs = require('fs');
const path = require('path');
const Logic = require(path.join(__dirname, '..', 'node_modules', 'logic-solver'));

function usage(msg) {
  process.stderr.write(`logic_solver_sudoku: ${msg}\n` +
    'usage: node logic_solver_sudoku.js FILE [--limit N] [--unique]\n');
  process.exit(1);
}

let file = null, limit = 0, unique = false;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--unique') unique = true;
  else if (argv[i] === '--limit') {
    limit = Number(argv[++i]);
    if (!Number.isInteger(limit) || limit < 1) usage('--limit needs N >= 1');
  } else if (file === null) file = argv[i];
  else usage(`unexpected argument '${argv[i]}'`);
}
if (file === null) usage('no input file');

let text;
try {
  text = fs.readFileSync(file, 'utf8');
} catch (e) {
  process.stderr.write(`logic_solver_sudoku: ${file}: ${e.message}\n`);
  process.exit(2);
}

function cellValue(ch) {
  if (ch === '.' || ch === '0') return 0;
  if (ch >= '1' && ch <= '9') return ch.charCodeAt(0) - 48;
  const up = ch.toUpperCase();
  if (up >= 'A' && up <= 'Z') return up.charCodeAt(0) - 55;
  return -1;
}

const puzzles = [];
for (const raw of text.split('\n')) {
  const line = raw.trim();
  if (line === '' || line[0] === '#') continue;
  const n = Math.round(Math.sqrt(Math.sqrt(line.length)));
  if (n * n * n * n !== line.length) {
    process.stderr.write(`logic_solver_sudoku: ${file}: line of ${line.length} cells\n`);
    process.exit(2);
  }
  const cells = Array.from(line, cellValue);
  if (cells.some((v) => v < 0 || v > n * n)) {
    process.stderr.write(`logic_solver_sudoku: ${file}: bad character\n`);
    process.exit(2);
  }
  puzzles.push({ b: n, cells });
  if (limit && puzzles.length >= limit) break;
}

const name = (r, c, v) => `r${r}c${c}v${v}`;

function solvePuzzle(p) {
  const b = p.b, n = b * b;
  const solver = new Logic.Solver();
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const vs = [];
      for (let v = 1; v <= n; v++) vs.push(name(r, c, v));
      solver.require(Logic.exactlyOne(vs));
    }
  for (let v = 1; v <= n; v++)
    for (let u = 0; u < n; u++) {
      const row = [], col = [], box = [];
      for (let k = 0; k < n; k++) {
        row.push(name(u, k, v));
        col.push(name(k, u, v));
        const r = Math.floor(u / b) * b + Math.floor(k / b);
        const c = (u % b) * b + (k % b);
        box.push(name(r, c, v));
      }
      solver.require(Logic.exactlyOne(row));
      solver.require(Logic.exactlyOne(col));
      solver.require(Logic.exactlyOne(box));
    }
  for (let i = 0; i < n * n; i++)
    if (p.cells[i]) solver.require(name(Math.floor(i / n), i % n, p.cells[i]));
  const sol = solver.solve();
  if (!sol) return { sols: 0, grid: null };
  const grid = new Array(n * n).fill(0);
  for (const t of sol.getTrueVars()) {
    const m = /^r(\d+)c(\d+)v(\d+)$/.exec(t);
    grid[Number(m[1]) * n + Number(m[2])] = Number(m[3]);
  }
  let sols = 1;
  if (unique) {
    solver.forbid(sol.getFormula());
    if (solver.solve()) sols = 2;
  }
  return { sols, grid };
}

function valid(p, g) {
  const b = p.b, n = b * b;
  for (let i = 0; i < n * n; i++)
    if (g[i] < 1 || g[i] > n || (p.cells[i] && p.cells[i] !== g[i])) return false;
  for (let u = 0; u < n; u++) {
    const seen = [new Set(), new Set(), new Set()];
    for (let k = 0; k < n; k++) {
      const r = Math.floor(u / b) * b + Math.floor(k / b), c = (u % b) * b + (k % b);
      seen[0].add(g[u * n + k]);
      seen[1].add(g[k * n + u]);
      seen[2].add(g[r * n + c]);
    }
    if (seen.some((s) => s.size !== n)) return false;
  }
  return true;
}

const lat = [];
let sat = 0, verified = 0, uniq = 0, multi = 0;
const cpu0 = process.cpuUsage();
const w0 = process.hrtime.bigint();
for (const p of puzzles) {
  const t0 = process.hrtime.bigint();
  const res = solvePuzzle(p);
  lat.push(Number(process.hrtime.bigint() - t0) / 1e3);
  if (res.sols >= 1) {
    sat++;
    if (valid(p, res.grid)) verified++;
    if (unique) res.sols === 1 ? uniq++ : multi++;
  }
}
const wall = Number(process.hrtime.bigint() - w0) / 1e9;
const cu = process.cpuUsage(cpu0);
const cpu = (cu.user + cu.system) / 1e6;
lat.sort((a, b) => a - b);
const med = lat.length === 0 ? 0 : lat.length % 2 ? lat[(lat.length - 1) / 2]
  : (lat[lat.length / 2 - 1] + lat[lat.length / 2]) / 2;
const worst = lat.length ? lat[lat.length - 1] : 0;
console.log(['logic-solver', unique ? 'unique' : 'solve', puzzles.length, sat, verified,
  uniq, multi, wall.toFixed(6), cpu.toFixed(6), med.toFixed(1), worst.toFixed(1)].join('\t'));
process.exit(verified === sat ? 0 : 3);
