#!/usr/bin/env python3
"""--format json of every puzzle program against docs/JSON.md.

Each run's standard output must be JSON Lines: one compact object per
line, with the fields the schema promises for its mode, of the right types.
Beyond the shape: a solution in JSON is the one --format line prints, and a
Sudoku or Latin solution is checked by the rules here; a generated puzzle,
read back from its "input", has exactly its "solution"; a batch with a bad
puzzle in the middle gives an object for each puzzle, the bad one an error
with line and column. A sanitizer report on stderr fails the run.

Usage: json_test.py BUILD_DIR DATA_DIR BACKEND
"""

import json
import os
import subprocess
import sys
import tempfile

BUILD, DATA, BACKEND = sys.argv[1], sys.argv[2], sys.argv[3]
FAILS = []
STATUSES = {"sat", "unsat", "unknown", "error", "message"}


def fail(what):
    FAILS.append(what)
    print("FAIL:", what)


def run(prog, args, stdin=None, rc=0):
    """Runs build/PROG --format json ARGS; returns the objects it printed."""
    cmd = [os.path.join(BUILD, prog), "--backend", BACKEND, "--format", "json"]
    cmd += args
    r = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                       timeout=300)
    name = " ".join([prog] + args)
    if "Sanitizer" in r.stderr or "runtime error" in r.stderr:
        fail(f"{name}: sanitizer report:\n{r.stderr}")
    if r.returncode != rc:
        fail(f"{name}: exit code {r.returncode}, expected {rc}\n{r.stderr}")
    objs = []
    if not r.stdout.endswith("\n"):
        fail(f"{name}: output does not end with a newline")
    for k, line in enumerate(r.stdout.splitlines(), 1):
        try:
            o = json.loads(line)
        except ValueError as e:
            fail(f"{name}: line {k} is not JSON ({e}): {line[:200]}")
            continue
        if not isinstance(o, dict):
            fail(f"{name}: line {k} is not an object")
            continue
        # Compact: what Python writes without spaces (seconds: any float).
        if "seconds" not in o and line != json.dumps(
                o, separators=(",", ":"), ensure_ascii=False):
            fail(f"{name}: line {k} is not compact: {line[:200]}")
        check_schema(name, o)
        objs.append(o)
    return objs


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def expect(name, o, key, types, optional=False):
    """o[key] is present (unless optional) and of one of types."""
    if key not in o:
        if not optional:
            fail(f"{name}: puzzle {o.get('puzzle')}: no '{key}' in {o}")
        return False
    v = o[key]
    ok = any((t == "int" and is_int(v)) or (t == "null" and v is None) or
             (t == "bool" and isinstance(v, bool)) or
             (t == "str" and isinstance(v, str)) or
             (t == "num" and isinstance(v, (int, float)) and
              not isinstance(v, bool)) or
             (t == "list" and isinstance(v, list)) or
             (t == "obj" and isinstance(v, dict)) for t in types)
    if not ok:
        fail(f"{name}: puzzle {o.get('puzzle')}: '{key}' is {v!r}, not {types}")
    return ok


def check_grid(name, o, g, what):
    if not (isinstance(g, list) and len(g) == o.get("rows") and all(
            isinstance(r, list) and len(r) == o.get("cols") and
            all(is_int(v) for v in r) for r in g)):
        fail(f"{name}: {what} is not {o.get('rows')} rows of "
             f"{o.get('cols')} numbers: {g!r}"[:300])


def check_step(name, s):
    for k, t in (("cell", ["str", "null"]), ("row", ["int", "null"]),
                 ("column", ["int", "null"]), ("value", ["int"]),
                 ("placed", ["bool"]), ("level", ["str"]), ("why", ["str"])):
        expect(name, s, k, t)


def check_schema(name, o):
    """The fields docs/JSON.md promises for o's mode and status."""
    expect(name, o, "puzzle", ["int"])
    expect(name, o, "line", ["int", "null"])
    expect(name, o, "mode", ["str"])
    if expect(name, o, "status", ["str"]) and o["status"] not in STATUSES:
        fail(f"{name}: status {o['status']!r}")
    st, mode = o.get("status"), o.get("mode")
    if st == "error":
        if expect(name, o, "error", ["obj"]):
            e = o["error"]
            expect(name, e, "file", ["str", "null"])
            expect(name, e, "line", ["int", "null"])
            expect(name, e, "column", ["int", "null"])
            expect(name, e, "message", ["str"])
        return
    if st == "message":
        expect(name, o, "message", ["str"])
        return
    if st == "unknown":
        expect(name, o, "reason", ["str"])
    if mode == "generate":
        expect(name, o, "seed", ["int"])
        if st in ("sat", "unknown") and "input" in o:
            expect(name, o, "input", ["str"])
            for k in ("clues", "tries"):
                expect(name, o, k, ["int"])
            expect(name, o, "level", ["str", "null"])
            if expect(name, o, "solution", ["list"]):
                check_grid(name, o, o["solution"], "solution")
        return
    for k in ("rows", "cols"):
        expect(name, o, k, ["int"])
    expect(name, o, "input", ["str"])
    if expect(name, o, "givens", ["list"]):
        check_grid(name, o, o["givens"], "givens")
    if "seconds" in o or "solver" in o:
        expect(name, o, "seconds", ["num"])
        if expect(name, o, "solver", ["obj", "null"]) and o["solver"]:
            for k, t in (("backend", "str"), ("signature", "str"),
                         ("variables", "int"), ("clauses", "int")):
                expect(name, o["solver"], k, [t])
    if st == "sat" and mode in ("solve", "unique"):
        if expect(name, o, "solution", ["list"]):
            check_grid(name, o, o["solution"], "solution")
        expect(name, o, "solution_line", ["str"])
    if mode == "unique" and st != "error":
        expect(name, o, "unique", ["bool", "null"])
    if mode in ("count", "all") and st != "unknown" or "count" in o:
        expect(name, o, "count", ["int"])
        expect(name, o, "complete", ["bool"])
    if mode == "all" and "solutions" in o:
        expect(name, o, "solution_lines", ["list"])
        for g in o["solutions"]:
            check_grid(name, o, g, "a solution")
        if len(o["solutions"]) != o.get("count") or len(
                o["solution_lines"]) != o.get("count"):
            fail(f"{name}: {o.get('count')} solutions counted, "
                 f"{len(o['solutions'])} listed")
    if mode == "rate" and st == "sat":
        expect(name, o, "level", ["str"])
        expect(name, o, "unique", ["bool"])
    if mode == "hint" and st == "sat":
        if expect(name, o, "hint", ["obj", "null"]) and o["hint"]:
            check_step(name, o["hint"])
        if o.get("hint") is None:
            expect(name, o, "reason", ["str"])
    if mode == "explain" and st == "sat":
        if expect(name, o, "steps", ["list"]):
            for s in o["steps"]:
                check_step(name, s)
        expect(name, o, "level", ["str"])
        expect(name, o, "solved", ["bool"])


def line_format(prog, args, stdin=None):
    """The --format line answers of the same run, '#' lines kept."""
    cmd = [os.path.join(BUILD, prog), "--backend", BACKEND, "--format",
           "line"] + args
    r = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                       timeout=300)
    return r.stdout.splitlines()


def sudoku_ok(g, givens):
    """g follows the Sudoku rules (square boxes) and keeps the givens."""
    n = len(g)
    b = int(round(n ** 0.5))
    want = set(range(1, n + 1))
    units = [row for row in g] + [[g[r][c] for r in range(n)] for c in range(n)]
    if b * b == n:
        units += [[g[r][c] for r in range(br, br + b) for c in range(bc, bc + b)]
                  for br in range(0, n, b) for bc in range(0, n, b)]
    return all(set(u) == want for u in units) and all(
        givens[r][c] in (0, g[r][c]) for r in range(n) for c in range(n))


def latin_ok(g, givens):
    n = len(g)
    want = set(range(1, n + 1))
    return all(set(r) == want for r in g) and all(
        {g[r][c] for r in range(n)} == want for c in range(n)) and all(
        givens[r][c] in (0, g[r][c]) for r in range(n) for c in range(n))


def same_as_line(prog, args, objs, stdin=None):
    """Each object's solution_line is the line --format line prints."""
    lines = line_format(prog, args, stdin)
    if len(lines) != len(objs):
        fail(f"{prog} {args}: {len(objs)} objects, {len(lines)} lines")
        return
    for o, l in zip(objs, lines):
        if o["status"] == "sat" and o.get("solution_line") != l:
            fail(f"{prog} {args}: puzzle {o['puzzle']}: JSON "
                 f"{o.get('solution_line')!r}, line format {l!r}")


def digits(line):
    return [int(ch, 36) for ch in line if ch not in ". \t"]


def main():
    d = DATA
    # Four Sudoku puzzles after comment lines, the last without a solution.
    sud = os.path.join(d, "..", "..", "docs", "examples", "puzzles.txt")
    # Every program solves, and its solution is the line format's.
    cases = [
        ("pz-sudoku", [sud]),
        ("pz-killer", [f"{d}/killer/small4.txt"]),
        ("pz-kakuro", [f"{d}/kakuro/small.txt"]),
        ("pz-starbattle", [f"{d}/starbattle/five.txt"]),
        ("pz-futoshiki", [f"{d}/futoshiki/four.txt"]),
        ("pz-knightdoku", [f"{d}/knightdoku/small4.txt"]),
        ("pz-nondango", [f"{d}/nondango/a4x6.txt"]),
        ("pz-eulero", [f"{d}/eulero/small4.txt"]),
        ("pz-latin", ["--fill", f"{d}/latin5.pls"]),
    ]
    for prog, args in cases:
        objs = run(prog, args)
        if len(objs) < 1 or objs[0]["status"] != "sat" or any(
                o["status"] not in ("sat", "unsat") for o in objs):
            fail(f"{prog} {args}: not solved: {objs}"[:400])
        same_as_line(prog, args, objs)
        for mode in (["--unique"], ["--count"], ["--all", "--limit", "3"],
                     ["--rate"], ["--hint"], ["--explain"], ["--stats"]):
            rc = 0
            objs = run(prog, mode + args, rc=rc)
            if not objs or objs[0]["mode"] != (
                    "solve" if mode == ["--stats"] else mode[0][2:]):
                fail(f"{prog} {mode}: {objs}"[:300])
            for o in objs:
                if o["status"] == "error" and "not available" in o["error"][
                        "message"]:
                    continue
                if mode == ["--unique"] and o["unique"] is not (
                        o["status"] == "sat"):
                    fail(f"{prog} {args}: not unique: {o}"[:300])
                # pz-latin completes this square without a solver (docs/
                # ENCODINGS.md, "Size budget"), pz-sudoku answers a plain
                # grid by its unit search (issue 27): null, as documented.
                quick = prog in ("pz-latin", "pz-sudoku") and o.get(
                    "solver", 0) is None
                if mode == ["--stats"] and not quick and not isinstance(
                        o.get("solver"), dict):
                    fail(f"{prog} --stats: no solver figures: {o}"[:300])

    # Sudoku: every solution obeys the rules, and is the line's digits.
    objs = run("pz-sudoku", [sud])
    if [o["status"] for o in objs] != ["sat"] * 3 + ["unsat"] or [
            o["line"] for o in objs] != [1, 7, 8, 9]:
        fail(f"pz-sudoku: {objs}")
    for o in objs[:3]:
        if not sudoku_ok(o["solution"], o["givens"]):
            fail(f"pz-sudoku: puzzle {o['puzzle']}: solution breaks a rule")
        if digits(o["solution_line"]) != sum(o["solution"], []):
            fail(f"pz-sudoku: puzzle {o['puzzle']}: grid and line differ")
        # The comment lines before a puzzle come with it (its "line" is
        # the first of them); the puzzle is its last line.
        line = o["input"].split("\n")[-1]
        if digits(line) != [v for v in sum(o["givens"], []) if v]:
            fail(f"pz-sudoku: puzzle {o['puzzle']}: givens and input differ")
    # --all on a 4x4 with 12 solutions (counted by brute force in
    # test_enumerate): all of them, distinct, each a Sudoku.
    objs = run("pz-sudoku", ["--all", "-"], stdin="..3.......2...1.\n")
    o = objs[0]
    sols = o["solutions"]
    if o["count"] != 12 or not o["complete"] or len(
            {json.dumps(s) for s in sols}) != 12:
        fail(f"pz-sudoku --all: {o['count']} solutions")
    for s, l in zip(sols, o["solution_lines"]):
        if not sudoku_ok(s, o["givens"]) or digits(l) != sum(s, []):
            fail(f"pz-sudoku --all: a bad solution {s} / {l}")
    count = run("pz-sudoku", ["--count", "-"], stdin="..3.......2...1.\n")
    if count[0]["count"] != 12:
        fail(f"pz-sudoku --count: {count[0]}")
    # Latin: the rules.
    for o in run("pz-latin", ["--fill", f"{d}/latin5.pls", "--all"]):
        for s in o["solutions"]:
            if not latin_ok(s, o["givens"]):
                fail(f"pz-latin --all: a bad square {s}")

    # A bad puzzle in the middle: an object for each, the bad one an error
    # with line and column; the exit code stays 2.
    text = [l for l in open(sud).read().splitlines() if l[0] != "#"]
    batch = f"{text[0]}\n..3x\n{text[1]}\n"
    for mode in ([], ["--count"], ["--all"], ["--unique"], ["--rate"]):
        objs = run("pz-sudoku", mode + ["-"], stdin=batch, rc=2)
        if [o["puzzle"] for o in objs] != [1, 2, 3]:
            fail(f"pz-sudoku {mode}: batch gave {len(objs)} objects")
            continue
        e = objs[1].get("error", {})
        if objs[1]["status"] != "error" or e.get("line") != 2 or not is_int(
                e.get("column")) or e.get("file") != "-":
            fail(f"pz-sudoku {mode}: bad puzzle: {objs[1]}")
        if objs[0]["status"] == "error" or objs[2]["status"] == "error":
            fail(f"pz-sudoku {mode}: good puzzles: {objs}"[:300])
        if objs[2]["line"] != 3:
            fail(f"pz-sudoku {mode}: third puzzle line {objs[2]['line']}")
    # The same for a kind whose puzzles span lines, with -j 2 too.
    good = open(f"{d}/killer/small4.txt").read().strip()
    bad = open(f"{d}/killer/bad_sum_range.txt").read().strip()
    batch = f"{good}\n\n{bad}\n\n{good}\n"
    for jobs in ([], ["-j", "2"]):
        objs = run("pz-killer", jobs + ["-"], stdin=batch, rc=2)
        if [o["status"] for o in objs] != ["sat", "error", "sat"]:
            fail(f"pz-killer {jobs}: batch: {objs}"[:400])
        elif not (is_int(objs[1]["error"]["line"]) and
                  is_int(objs[1]["error"]["column"]) and
                  objs[1]["error"]["line"] > objs[1]["line"]):
            fail(f"pz-killer: error place: {objs[1]}")
        elif objs[0]["input"] != good:
            fail(f"pz-killer: input {objs[0]['input']!r}")

    # Generated puzzles: read back from their input, each has exactly the
    # solution given.
    gens = [
        ("pz-sudoku", ["--generate", "2", "--box", "2x2"], []),
        ("pz-sudoku", ["--generate", "1", "--box", "2x2", "--jigsaw"], []),
        ("pz-latin", ["--generate", "2", "4"], ["--fill", "-"]),
        ("pz-killer", ["--generate", "1", "--box", "2x2"], []),
        ("pz-kakuro", ["--generate", "1", "--size", "4"], []),
        ("pz-starbattle", ["--generate", "1", "--size", "5", "--stars", "1"],
         []),
        ("pz-futoshiki", ["--generate", "2", "--order", "4"], []),
        ("pz-knightdoku", ["--generate", "1", "--box", "2x2", "--knights",
                           "1"], []),
        ("pz-eulero", ["--generate", "1", "--order", "3"], []),
    ]
    for prog, args, back in gens:
        objs = run(prog, args)
        want = int(args[1])
        if [o["puzzle"] for o in objs] != list(range(1, want + 1)):
            fail(f"{prog} {args}: {len(objs)} objects")
        for o in objs:
            if o["status"] != "sat" or "solution" not in o:
                fail(f"{prog} {args}: {o}"[:300])
                continue
            again = run(prog, ["--unique"] + (back or ["-"]),
                        stdin=o["input"] + "\n")
            if len(again) != 1 or again[0].get("unique") is not True:
                fail(f"{prog}: generated puzzle not unique: {again}"[:300])
            elif again[0]["solution"] != o["solution"]:
                fail(f"{prog}: generated solution {o['solution']} != "
                     f"{again[0]['solution']}")

    # pz-bench: an object per backend, the counts adding up.
    r = subprocess.run([os.path.join(BUILD, "pz-bench"), "--backend", BACKEND,
                        "--format", "json", "sudoku", sud], capture_output=True,
                       text=True, timeout=300)
    rows = [json.loads(l) for l in r.stdout.splitlines()]
    if r.returncode or len(rows) != 1 or rows[0].get("backend") != BACKEND:
        fail(f"pz-bench --format json: {r.returncode} {r.stdout}{r.stderr}")
    else:
        o = rows[0]
        for k in ("workload", "backend", "strategy", "mode"):
            expect("pz-bench", o, k, ["str"])
        for k in ("items", "sat", "unsat", "unknown", "verified", "invalid",
                  "unique", "multi", "jobs", "searched"):
            expect("pz-bench", o, k, ["int"])
        for k in ("wall_s", "cpu_s", "items_per_s", "median_us", "worst_us",
                  "vars", "clauses"):
            expect("pz-bench", o, k, ["num"])
        if (o["items"], o["sat"], o["unsat"], o["verified"]) != (4, 3, 1, 3):
            fail(f"pz-bench: {o}")

    # Eulero: squares A and B side by side (rows n, cols 2n), never the
    # pair numbers inside the puzzle's grid (issue 23, item 6); the
    # solution two orthogonal Latin squares that keep the givens.
    for args in ([f"{d}/eulero/small4.txt"],
                 ["--generate", "1", "--order", "4", "--seed", "2"]):
        for o in run("pz-eulero", args):
            n = o.get("rows")
            if o.get("cols") != 2 * n or len(o["givens"]) != n or any(
                    len(row) != 2 * n for row in o["givens"]):
                fail(f"pz-eulero {args}: not A and B side by side: "
                     f"rows {n}, cols {o.get('cols')}"[:300])
                continue
            g = o.get("solution") or []
            a = [row[:n] for row in g]
            b = [row[n:] for row in g]
            ga = [row[:n] for row in o["givens"]]
            gb = [row[n:] for row in o["givens"]]
            pairs = {(a[r][c], b[r][c]) for r in range(len(a))
                     for c in range(n)}
            if len(g) != n or any(len(row) != 2 * n for row in g) or not (
                    latin_ok(a, ga) and latin_ok(b, gb)
                    and len(pairs) == n * n):
                fail(f"pz-eulero {args}: solution {g} is not an "
                     "orthogonal pair keeping the givens"[:300])

    # --format json excludes --dimacs.
    r = subprocess.run([os.path.join(BUILD, "pz-sudoku"), "--format", "json",
                        "--dimacs", "-", sud], capture_output=True, text=True)
    if r.returncode != 1:
        fail(f"--format json --dimacs: exit code {r.returncode}")

    if FAILS:
        print(f"{len(FAILS)} failure(s)")
        return 1
    print("json: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
