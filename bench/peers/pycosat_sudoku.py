#!/usr/bin/python3
"""Peer for pz's benchmarks (bench/run.sh): Sudoku through pycosat
(Debian python3-pycosat, PicoSAT bindings), plain encoding: one variable per
cell and value; each cell, and each value in each row, column and box,
exactly once (an at-least-one clause plus pairwise at-most-one clauses);
the givens are unit clauses. The rules are built once; each puzzle calls
pycosat.solve on the rules plus its units (PicoSAT is set up anew per call).

  pycosat_sudoku.py FILE [--limit N] [--unique]

FILE: one puzzle per line, n*n characters ('1'-'9', 'A'-'Z', '.' or '0').
Prints one tab-separated line:
  peer workload items sat verified unique multi wall_s cpu_s median_us worst_us
"""
import itertools
import math
import sys
import time

import pycosat


def die(code, msg):
    sys.stderr.write("pycosat_sudoku: %s\n" % msg)
    if code == 1:
        sys.stderr.write("usage: pycosat_sudoku.py FILE [--limit N] [--unique]\n")
    sys.exit(code)


def cell_value(ch):
    if ch in ".0":
        return 0
    if "1" <= ch <= "9":
        return ord(ch) - 48
    if "A" <= ch.upper() <= "Z":
        return ord(ch.upper()) - 55
    return -1


def rules(b):
    n = b * b
    var = lambda r, c, v: (r * n + c) * n + v  # v in 1..n
    groups = []
    for r in range(n):
        for c in range(n):
            groups.append([var(r, c, v) for v in range(1, n + 1)])
    for v in range(1, n + 1):
        for u in range(n):
            groups.append([var(u, k, v) for k in range(n)])
            groups.append([var(k, u, v) for k in range(n)])
            groups.append([var((u // b) * b + k // b, (u % b) * b + k % b, v)
                           for k in range(n)])
    clauses = []
    for g in groups:
        clauses.append(g)
        clauses.extend([-x, -y] for x, y in itertools.combinations(g, 2))
    return clauses, var


def valid(b, cells, grid):
    n = b * b
    if any(g < 1 or g > n or (c and c != g) for c, g in zip(cells, grid)):
        return False
    for u in range(n):
        row = {grid[u * n + k] for k in range(n)}
        col = {grid[k * n + u] for k in range(n)}
        box = {grid[((u // b) * b + k // b) * n + (u % b) * b + k % b]
               for k in range(n)}
        if len(row) != n or len(col) != n or len(box) != n:
            return False
    return True


def main():
    args = sys.argv[1:]
    path, limit, unique = None, 0, False
    i = 0
    while i < len(args):
        if args[i] == "--unique":
            unique = True
        elif args[i] == "--limit":
            i += 1
            if i >= len(args) or not args[i].isdigit() or int(args[i]) < 1:
                die(1, "--limit needs N >= 1")
            limit = int(args[i])
        elif path is None:
            path = args[i]
        else:
            die(1, "unexpected argument '%s'" % args[i])
        i += 1
    if path is None:
        die(1, "no input file")
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except OSError as e:
        die(2, "%s: %s" % (path, e.strerror))
    puzzles = []
    for line in lines:
        line = line.strip()
        if not line or line[0] == "#":
            continue
        b = round(math.sqrt(math.sqrt(len(line))))
        cells = [cell_value(ch) for ch in line]
        if b ** 4 != len(line) or any(v < 0 or v > b * b for v in cells):
            die(2, "%s: not a puzzle line: %s" % (path, line[:20]))
        puzzles.append((b, cells))
        if limit and len(puzzles) >= limit:
            break

    cache = {}
    lat = []
    sat = verified = uniq = multi = 0
    c0, w0 = time.process_time(), time.perf_counter()
    for b, cells in puzzles:
        t0 = time.perf_counter()
        if b not in cache:
            cache[b] = rules(b)
        base, var = cache[b]
        n = b * b
        units = [[var(i // n, i % n, v)] for i, v in enumerate(cells) if v]
        if unique:
            sols = list(itertools.islice(pycosat.itersolve(base + units), 2))
            model = sols[0] if sols else "UNSAT"
            count = len(sols)
        else:
            model = pycosat.solve(base + units)
            count = 0 if model == "UNSAT" else 1
        lat.append((time.perf_counter() - t0) * 1e6)
        if count:
            sat += 1
            grid = [0] * (n * n)
            for lit in model:
                if lit > 0:
                    x = lit - 1
                    grid[x // n] = x % n + 1
            verified += valid(b, cells, grid)
            if unique:
                uniq += count == 1
                multi += count >= 2
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    lat.sort()
    med = 0 if not lat else (lat[len(lat) // 2] if len(lat) % 2 else
                             (lat[len(lat) // 2 - 1] + lat[len(lat) // 2]) / 2)
    print("\t".join(str(x) for x in [
        "pycosat", "unique" if unique else "solve", len(puzzles), sat, verified,
        uniq, multi, "%.6f" % wall, "%.6f" % cpu, "%.1f" % med,
        "%.1f" % (lat[-1] if lat else 0)]))
    sys.exit(0 if verified == sat else 3)


if __name__ == "__main__":
    main()
