#!/usr/bin/env python3
"""pz beside the Interactive Sudoku Solver (ISS) on variant Sudoku: each
puzzle of a JSONL file ("iss" and "count" keys, as
../shared/data/variants/ctc-tune.jsonl) counted to 2 by both, one run.

  bench/iss_vs_pz.py ISS_DIR [JSONL] [--pz build/test/iss_count] [--backend B]

ISS_DIR is a checkout of github.com/sigh/Interactive-Sudoku-Solver (outside
this project); its tools/perf/benchmark_puzzles.js runs each puzzle
(--max-backtracks none --solutions 2) and reports its in-process time. pz
is timed as one whole process counting every puzzle (bench/iss_count.c),
which also prints its own per-puzzle seconds. Prints a line per puzzle, a
table per constraint type (the puzzles that use it), and the totals:
the issue's target is pz's whole process at most half of ISS's summed
time, no puzzle more than 2x slower than on ISS."""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

args = [a for a in sys.argv[1:]]
pz = "build/test/iss_count"
backend = None
for opt in ("--pz", "--backend"):
    if opt in args:
        i = args.index(opt)
        if opt == "--pz":
            pz = args[i + 1]
        else:
            backend = args[i + 1]
        del args[i:i + 2]
if not args:
    sys.exit(__doc__)
iss_dir = args[0]
jsonl = args[1] if len(args) > 1 else "../shared/data/variants/ctc-tune.jsonl"
puzzles = [json.loads(line) for line in open(jsonl) if line.strip()]

# ISS, one node process per puzzle (its tool takes one input file).
iss_ms = []
with tempfile.TemporaryDirectory() as tmp:
    for k, p in enumerate(puzzles, 1):
        f = os.path.join(tmp, "p%d.txt" % k)
        open(f, "w").write(p["iss"])
        out = subprocess.run(
            ["node", "tools/perf/benchmark_puzzles.js", "--max-backtracks", "none",
             "--input-file", f, "--solutions", "2"],
            cwd=iss_dir, capture_output=True, text=True, check=True).stdout
        row = out.strip().splitlines()[-1].split()
        # puzzle status sols guesses backtracks nodes ms median max
        want = "unique" if p["count"] == 1 else "multiple" if p["count"] > 1 else "none"
        if row[1] != want:
            print("ISS says %s on puzzle %d (%s)" % (row[1], k, p["name"]), file=sys.stderr)
        iss_ms.append(float(row[6]))

# pz, the whole process.
cmd = [pz] + (["--backend", backend] if backend else []) + [jsonl]
t0 = time.monotonic()
out = subprocess.run(cmd, capture_output=True, text=True)
whole = time.monotonic() - t0
if out.returncode:
    sys.exit("pz counted wrong:\n" + out.stdout)
pz_ms = [float(l.split("\t")[-1]) * 1000 for l in out.stdout.splitlines()
         if l and l[0].isdigit()]

print("%3s  %-22s %10s %10s %7s  %s" % ("#", "name", "ISS ms", "pz ms", "pz/ISS", "types"))
families = {}
worst = (0, 0)
for k, p in enumerate(puzzles):
    types = sorted(set(re.findall(r"\.([A-Za-z]+)", p["iss"]))) or ["givens"]
    r = pz_ms[k] / iss_ms[k] if iss_ms[k] else float("inf")
    worst = max(worst, (r, k + 1))
    print("%3d  %-22s %10.1f %10.1f %7.2f  %s" % (k + 1, p["name"][:22], iss_ms[k], pz_ms[k], r,
                                                   " ".join(types)))
    for t in types:
        f = families.setdefault(t, [0, 0.0, 0.0])
        f[0] += 1
        f[1] += iss_ms[k]
        f[2] += pz_ms[k]
print()
print("| type | puzzles | ISS ms | pz ms | pz/ISS |")
print("| --- | ---: | ---: | ---: | ---: |")
for t in sorted(families):
    n, a, b = families[t]
    print("| %s | %d | %.1f | %.1f | %.2f |" % (t, n, a, b, b / a if a else 0))
total_iss = sum(iss_ms)
print()
print("ISS summed in-process: %.1f ms" % total_iss)
print("pz summed per puzzle:  %.1f ms" % sum(pz_ms))
print("pz whole process:      %.1f ms (%.2f of ISS; target <= 0.5)" %
      (whole * 1000, whole * 1000 / total_iss))
print("worst puzzle: #%d, pz/ISS %.2f (target <= 2)" % (worst[1], worst[0]))
