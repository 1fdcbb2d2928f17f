#!/usr/bin/env bash
# Every backend side by side, in one run: each workload is one pz-bench
# call with every backend, so its table compares them on the same puzzles
# minutes apart (docs/BENCHMARKS.md, "Every backend in one table").
#
#   bench/backends.sh BINDIR [SUDOKU_LIMIT]
#
# BINDIR holds pz-bench (the build directory). The backends are those
# pz-bench is linked with (--list-values backend) plus exec: over every
# solver binary found on PATH (minisat, cadical, cryptominisat5, kissat).
# SUDOKU_LIMIT: puzzles of each 9x9 set (default 300). Needs ../shared/data.
set -eu
bin=${1:?usage: backends.sh BINDIR [SUDOKU_LIMIT]}
limit=${2:-300}
here=$(cd "$(dirname "$0")" && pwd)
data=$here/../../shared/data/sudoku
[ -d "$data" ] || { echo "backends.sh: $data not found (../shared/data)" >&2; exit 2; }
args=()
for b in $("$bin/pz-bench" --list-values backend); do
  case $b in exec*) continue ;; esac  # needs a program: added below
  args+=(--backend "$b")
done
for prog in minisat cadical cryptominisat5 kissat; do
  command -v "$prog" >/dev/null && args+=(--backend "exec:$prog")
done
echo "# $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg)"
run() {
  echo
  echo "\$ pz-bench ${args[*]} $*" | sed "s|$data/|../shared/data/sudoku/|g"
  "$bin/pz-bench" "${args[@]}" "$@" 2>&1 | sed "s|$data/||g"
}
# Fresh solves: with strategy assume most 9x9 puzzles are answered by
# pz's probing before any backend is asked (BENCHMARKS, "Failed-literal
# probing before the backend"), which would compare nothing.
run --repeat 3 --strategy fresh --limit "$limit" sudoku "$data/puzzles3_magictour_top1465.txt"
run --repeat 3 --strategy fresh --unique --limit "$limit" sudoku "$data/puzzles3_magictour_top1465.txt"
run --repeat 3 --strategy fresh --unique --limit "$limit" sudoku "$data/puzzles6_forum_hardest_1106.txt"
run --repeat 3 --strategy fresh --limit "$limit" sudoku "$data/puzzles2_17_clue.txt"
# Enumeration by the backend (blocking clauses), not pz's own search.
run --repeat 3 --enumerate blocking latin 4
run --repeat 3 --enumerate blocking --reduced latin 5
run --repeat 3 --enumerate blocking grids 2x2
echo
echo "# load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
