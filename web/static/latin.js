// pz-web Latin squares page: reads GET /api/latin/squares as it streams
// (one JSON line per square) and shows the squares as they come.
"use strict";

const $ = (id) => document.getElementById(id);
// Squares kept on the page (at most 500, and 50,000 cells); the count
// goes on.
let showMax = 500;
let controller = null;
let shown = 0, count = 0, pending = [], frame = 0;

function status(text, cls) {
  $("status").textContent = text;
  $("status").className = "status" + (cls ? " " + cls : "");
}

function squareTable(rows, index) {
  const t = document.createElement("table");
  t.className = "square";
  const cap = document.createElement("caption");
  cap.textContent = "#" + index;
  t.appendChild(cap);
  for (const row of rows) {
    const tr = document.createElement("tr");
    for (const ch of row) {
      const td = document.createElement("td");
      td.textContent = ch;
      tr.appendChild(td);
    }
    t.appendChild(tr);
  }
  return t;
}

// DOM updates once per frame, whatever the rate of squares.
function flush() {
  frame = 0;
  const frag = document.createDocumentFragment();
  for (const sq of pending) {
    if (shown >= showMax) break;
    frag.appendChild(squareTable(sq.rows, sq.index));
    shown++;
  }
  pending = [];
  $("squares").appendChild(frag);
  $("count").textContent = count.toLocaleString("en");
  $("shown-note").textContent = count > shown ? `Showing the first ${shown} of ${count.toLocaleString("en")}.` : "";
}

function schedule() {
  if (!frame) frame = requestAnimationFrame(flush);
}

function setRunning(on) {
  $("start").disabled = on;
  $("stop").disabled = !on;
  $("state").textContent = on ? "running…" : "";
}

function onLine(line) {
  const d = JSON.parse(line);
  if ("total" in d && "n" in d) {
    $("total").textContent = d.total ? BigInt(d.total).toLocaleString("en") : "unknown";
    $("total-wrap").title = d.sample ? "squares of this size in all (a random sample is drawn)" : "";
  } else if (d.rows) {
    count++;
    if (shown + pending.length < showMax) pending.push(d);
    schedule();
  } else if (d.done) {
    count = d.count;
    schedule();
    const why = { limit: "stopped at the limit", "time limit": "the server's time limit ended it", cancelled: "stopped" }[d.reason] || d.reason;
    status(d.complete ? `Done: all ${d.count.toLocaleString("en")} squares.` : `Done: ${d.count.toLocaleString("en")} squares (${why}).`, "ok");
  }
}

async function start() {
  const n = Number($("n").value);
  if (!Number.isInteger(n) || n < 1 || n > 35) { status("Size is a whole number from 1 to 35", "error"); return; }
  let mode = $("mode").value;
  if (mode === "auto") mode = n <= 6 ? "enumerate" : "sample";
  const limit = Number($("limit").value) || 100;
  if (!Number.isInteger(limit) || limit < 1 || limit > 10000) { status("At most is a whole number from 1 to 10,000", "error"); return; }
  const reduced = $("reduced").checked ? 1 : 0;
  showMax = Math.max(1, Math.min(500, Math.floor(50000 / (n * n))));
  $("squares").innerHTML = "";
  shown = 0; count = 0; pending = [];
  $("count").textContent = "0";
  $("total").textContent = "?";
  $("shown-note").textContent = "";
  status(mode === "sample" ? `Drawing random squares of size ${n}…` : `Listing the squares of size ${n}…`);
  setRunning(true);
  controller = new AbortController();
  const seed = Math.floor(Math.random() * 1e9);
  const url = `/api/latin/squares?n=${n}&reduced=${reduced}&limit=${limit}` +
              (mode === "sample" ? `&sample=1&seed=${seed}` : "");
  try {
    const res = await fetch(url, { signal: controller.signal });
    if (!res.ok) {
      let msg = `HTTP ${res.status}`;
      try { msg = (await res.json()).error; } catch (err) { /* keep the status */ }
      status(msg, "error");
      setRunning(false);
      return;
    }
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line) onLine(line);
      }
    }
  } catch (err) {
    if (err.name === "AbortError") status(`Stopped after ${count.toLocaleString("en")} squares.`);
    else status(`Failed: ${err.message}`, "error");
  }
  flush();
  setRunning(false);
  controller = null;
}

$("start").onclick = start;
$("stop").onclick = () => controller && controller.abort();
$("n").addEventListener("keydown", (e) => { if (e.key === "Enter") start(); });
