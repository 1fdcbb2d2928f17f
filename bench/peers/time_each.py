#!/usr/bin/python3
"""Times a solver binary once per CNF file, process start included (for
pz's benchmarks, bench/run.sh): the solver runs on each file in turn and the
wall time from fork to exit is taken with perf_counter.

  time_each.py NAME LISTFILE COMMAND [ARGS...]

LISTFILE has one CNF path per line; each run is COMMAND ARGS... PATH with
stdout discarded. Exit status 10 counts as SAT and 20 as UNSAT (the SAT
competition convention cadical, picosat and minisat follow); anything else
is an error (counted on stderr; exit status 3). Prints one tab-separated
line in the layout of the other peers (models are not checked here):
  peer workload items sat - - - wall_s cpu_s median_us worst_us
(cpu_s: user + system time of the children).
"""
import os
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 4:
        sys.stderr.write(__doc__)
        sys.exit(1)
    name, listfile, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
    try:
        with open(listfile) as f:
            files = [line.strip() for line in f if line.strip()]
    except OSError as e:
        sys.stderr.write("time_each: %s: %s\n" % (listfile, e.strerror))
        sys.exit(2)
    lat = []
    sat = unsat = errors = 0
    t_start = os.times()
    w0 = time.perf_counter()
    for path in files:
        t0 = time.perf_counter()
        rc = subprocess.call(cmd + [path], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        lat.append((time.perf_counter() - t0) * 1e6)
        if rc == 10:
            sat += 1
        elif rc == 20:
            unsat += 1
        else:
            errors += 1
    wall = time.perf_counter() - w0
    t_end = os.times()
    cpu = (t_end.children_user - t_start.children_user +
           t_end.children_system - t_start.children_system)
    lat.sort()
    med = 0 if not lat else (lat[len(lat) // 2] if len(lat) % 2 else
                             (lat[len(lat) // 2 - 1] + lat[len(lat) // 2]) / 2)
    print("\t".join(str(x) for x in [
        name, "solve", len(files), sat, "-", "-", "-", "%.6f" % wall,
        "%.6f" % cpu, "%.1f" % med, "%.1f" % (lat[-1] if lat else 0)]))
    if errors:
        sys.stderr.write("time_each: %s: %d of %d runs did not answer 10 or 20 "
                         "(%d UNSAT)\n" % (name, errors, len(files), unsat))
        sys.exit(3)


if __name__ == "__main__":
    main()
