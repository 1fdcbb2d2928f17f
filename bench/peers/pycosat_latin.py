#!/usr/bin/python3
"""Peer for pz's benchmarks (bench/run.sh): enumerates all Latin squares of
order N through pycosat.itersolve (Debian python3-pycosat, PicoSAT), plain
encoding: one variable per cell and value; each cell, and each value in
each row and column, exactly once (at-least-one plus pairwise at-most-one);
--reduced adds the first row and column 1..N as unit clauses.

  pycosat_latin.py N [--reduced]

Prints one tab-separated line:
  peer workload items sat verified unique multi wall_s cpu_s median_us worst_us
(items = sat = solutions; median/worst = microseconds per solution).
"""
import itertools
import sys
import time

import pycosat


def main():
    n, reduced = 0, False
    for a in sys.argv[1:]:
        if a == "--reduced":
            reduced = True
        elif a.isdigit() and n == 0:
            n = int(a)
        else:
            sys.stderr.write("pycosat_latin: unexpected argument '%s'\n"
                             "usage: pycosat_latin.py N [--reduced]\n" % a)
            sys.exit(1)
    if not 1 <= n <= 16:
        sys.stderr.write("pycosat_latin: need an order N in 1..16\n")
        sys.exit(1)
    c0, w0 = time.process_time(), time.perf_counter()
    var = lambda r, c, v: (r * n + c) * n + v
    clauses = []
    for a in range(n):
        for b in range(n):
            for g in ([var(a, b, v) for v in range(1, n + 1)],
                      [var(a, k, b + 1) for k in range(n)],
                      [var(k, a, b + 1) for k in range(n)]):
                clauses.append(g)
                clauses.extend([-x, -y] for x, y in itertools.combinations(g, 2))
    if reduced:
        for i in range(n):
            clauses.append([var(0, i, i + 1)])
            clauses.append([var(i, 0, i + 1)])
    lat, seen = [], set()
    found = verified = 0
    last = time.perf_counter()
    for model in pycosat.itersolve(clauses):
        t = time.perf_counter()
        lat.append((t - last) * 1e6)
        found += 1
        g = [0] * (n * n)
        for lit in model:
            if lit > 0:
                g[(lit - 1) // n] = (lit - 1) % n + 1
        key = tuple(g)
        ok = key not in seen
        seen.add(key)
        for u in range(n):
            if len({g[u * n + k] for k in range(n)}) != n or \
               len({g[k * n + u] for k in range(n)}) != n or 0 in g:
                ok = False
        if reduced and any(g[i] != i + 1 or g[i * n] != i + 1 for i in range(n)):
            ok = False
        verified += ok
        last = time.perf_counter()
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    lat.sort()
    med = 0 if not lat else (lat[len(lat) // 2] if len(lat) % 2 else
                             (lat[len(lat) // 2 - 1] + lat[len(lat) // 2]) / 2)
    print("\t".join(str(x) for x in [
        "pycosat", "enumerate", found, found, verified, 0, 0, "%.6f" % wall,
        "%.6f" % cpu, "%.1f" % med, "%.1f" % (lat[-1] if lat else 0)]))
    sys.exit(0 if verified == found else 3)


if __name__ == "__main__":
    main()
