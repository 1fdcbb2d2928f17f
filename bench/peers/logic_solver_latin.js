#!/usr/bin/env node
// Peer for pz's benchmarks (bench/run.sh): enumerates all Latin squares of
// order N through the npm package logic-solver, the way its README
// enumerates: solve, forbid the solution (Solution#getFormula), solve
// again. Plain encoding: one variable per cell and value, exactly one value
// per cell, each value exactly once per row and column; --reduced requires
// the first row and column to be 1..N.
//
//   node logic_solver_latin.js N [--reduced]
//
// Prints one tab-separated line:
//   peer workload items sat verified unique multi wall_s cpu_s median_us worst_us
// (items = sat = solutions found; median/worst = microseconds per solution).
'use strict';
const path = require('path');
const Logic = require(path.join(__dirname, '..', 'node_modules', 'logic-solver'));

let n = 0, reduced = false;
for (const a of process.argv.slice(2)) {
  if (a === '--reduced') reduced = true;
  else if (/^[0-9]+$/.test(a) && n === 0) n = Number(a);
  else {
    process.stderr.write(`logic_solver_latin: unexpected argument '${a}'\n` +
      'usage: node logic_solver_latin.js N [--reduced]\n');
    process.exit(1);
  }
}
if (n < 1 || n > 16) {
  process.stderr.write('logic_solver_latin: need an order N in 1..16\n');
  process.exit(1);
}

const name = (r, c, v) => `r${r}c${c}v${v}`;
const cpu0 = process.cpuUsage();
const w0 = process.hrtime.bigint();
const solver = new Logic.Solver();
for (let a = 0; a < n; a++)
  for (let b = 0; b < n; b++) {
    const cell = [], row = [], col = [];
    for (let k = 0; k < n; k++) {
      cell.push(name(a, b, k + 1));     // cell (a, b) holds one value
      row.push(name(a, k, b + 1));      // value b+1 once in row a
      col.push(name(k, a, b + 1));      // value b+1 once in column a
    }
    solver.require(Logic.exactlyOne(cell));
    solver.require(Logic.exactlyOne(row));
    solver.require(Logic.exactlyOne(col));
  }
if (reduced)
  for (let i = 0; i < n; i++) {
    solver.require(name(0, i, i + 1));
    solver.require(name(i, 0, i + 1));
  }

function valid(g) {
  for (let u = 0; u < n; u++) {
    const row = new Set(), col = new Set();
    for (let k = 0; k < n; k++) {
      row.add(g[u * n + k]);
      col.add(g[k * n + u]);
    }
    if (row.size !== n || col.size !== n || row.has(0) || col.has(0)) return false;
  }
  if (reduced)
    for (let i = 0; i < n; i++) if (g[i] !== i + 1 || g[i * n] !== i + 1) return false;
  return true;
}

const lat = [], seen = new Set();
let found = 0, verified = 0, last = process.hrtime.bigint();
for (;;) {
  const sol = solver.solve();
  const t = process.hrtime.bigint();
  if (!sol) break;
  lat.push(Number(t - last) / 1e3);
  found++;
  const g = new Array(n * n).fill(0);
  for (const v of sol.getTrueVars()) {
    const m = /^r(\d+)c(\d+)v(\d+)$/.exec(v);
    g[Number(m[1]) * n + Number(m[2])] = Number(m[3]);
  }
  const key = g.join(',');
  if (valid(g) && !seen.has(key)) verified++;
  seen.add(key);
  solver.forbid(sol.getFormula());
  last = process.hrtime.bigint();
}
const wall = Number(process.hrtime.bigint() - w0) / 1e9;
const cu = process.cpuUsage(cpu0);
lat.sort((a, b) => a - b);
const med = lat.length === 0 ? 0 : lat.length % 2 ? lat[(lat.length - 1) / 2]
  : (lat[lat.length / 2 - 1] + lat[lat.length / 2]) / 2;
console.log(['logic-solver', 'enumerate', found, found, verified, 0, 0, wall.toFixed(6),
  ((cu.user + cu.system) / 1e6).toFixed(6), med.toFixed(1),
  (lat.length ? lat[lat.length - 1] : 0).toFixed(1)].join('\t'));
process.exit(verified === found ? 0 : 3);
