#!/usr/bin/env bash
# Single solver vs portfolio on the hard Sudoku puzzles of issue 9:
# rkk-64-1 (64x64) and rkk-225-1 (225x225) from ../shared/data.
#
#   bench/portfolio.sh BINDIR [RUNS] [LIMIT] [CASES]
#
# BINDIR holds test/portfolio_bench (the build directory); RUNS runs per
# case (default 3: times are heavy-tailed), LIMIT seconds per run (default
# 60), CASES a list of PUZZLE:BACKEND:THREADS (default: both puzzles on
# cadical and picosat, 1 and 2 threads; ipasir is CaDiCaL behind IPASIR
# and has no configurations, so its portfolio is its single solver).
# THREADS cK instead runs one solver in configuration K, the portfolio's
# member K (portfolio_bench --config K): its CPU time is that member's.
# Prints the machine, then one tab-separated row per run: puzzle, backend,
# threads, answer, wall s, CPU s (all threads), check, and the 1-minute
# load average before the run (other work on the machine slows a run).
set -u
bin=${1:?usage: portfolio.sh BINDIR [RUNS] [LIMIT] [CASES]}
runs=${2:-3}
limit=${3:-60}
here=$(cd "$(dirname "$0")" && pwd)
large=$here/../../shared/data/sudoku/large/grids
p64=$large/sudoku64x64_rkk_sudoku-64-1.txt
p225=$large/sudoku225x225_rkk_sudoku-225-1.txt
[ -f "$p64" ] || { echo "portfolio.sh: $p64 not found (../shared/data)" >&2; exit 2; }
cases=${4:-"64:cadical:1 64:cadical:2 64:picosat:1 64:picosat:2 225:cadical:1 225:cadical:2 225:picosat:1 225:picosat:2"}

echo "# $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
echo "# portfolio_bench --backend B --threads T (or --config K) --time-limit $limit FILE, $runs run(s) each"
printf 'puzzle\tbackend\tthreads\tanswer\twall_s\tcpu_s\tcheck\tload\n'
for r in $(seq "$runs"); do
  for c in $cases; do
    IFS=: read -r size backend threads <<<"$c"
    file=$p64
    [ "$size" = 225 ] && file=$p225
    load=$(cut -d' ' -f1 /proc/loadavg)
    how=(--threads "$threads")
    case $threads in c*) how=(--config "${threads#c}") ;; esac
    line=$("$bin/test/portfolio_bench" --backend "$backend" "${how[@]}" \
             --time-limit "$limit" "$file")
    printf '%s\t%s\n' "$(cut -f1-7 <<<"$line" | sed 's/^sudoku[0-9x]*_rkk_sudoku-/rkk-/; s/\.txt//')" "$load"
  done
done
