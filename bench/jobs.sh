#!/usr/bin/env bash
# -j N (issue 9): one pz-sudoku process over a file of puzzles on 1 thread
# and on N, timed with /usr/bin/time (wall, and user + system CPU). The
# settings run in turn, REPEAT rounds; the speed-up is the ratio of the
# median wall times (a shared machine slows some runs: alternating and the
# median keep that out of the ratio). Every run's output must be
# byte-identical to the 1-thread run's.
#
#   bench/jobs.sh BINDIR [REPEAT] [JOBS...]     (default: 5 rounds, -j 1 2)
#
# Needs ../shared/data (workloads whose data is absent are skipped).
# Prints a markdown table: workload, -j, median and best wall s, median CPU
# s, speed-up (median wall of -j 1 / of -j N), efficiency (speed-up / N).
set -u
bin=${1:?usage: jobs.sh BINDIR [REPEAT] [JOBS...]}
rep=${2:-5}
shift 2 2>/dev/null || shift $#
jobs=("$@")
[ ${#jobs[@]} = 0 ] && jobs=(1 2)
here=$(cd "$(dirname "$0")" && pwd)
data=$here/../../shared/data/sudoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name|file|options
work=()
f=$data/puzzles3_magictour_top1465.txt
[ -f "$f" ] && work+=("top1465, solve|$f|--format line")
[ -f "$f" ] && work+=("top1465, --unique|$f|--format line --unique")
f=$data/puzzles2_17_clue.txt
[ -f "$f" ] && work+=("17-clue (49,158), solve|$f|--format line")
f=$data/puzzles7_serg_benchmark.txt
[ -f "$f" ] && work+=("serg (10,000), solve, fresh|$f|--format line --strategy fresh")

echo "$(nproc) CPUs online; load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "| workload | -j | median wall s | best wall s | median CPU s | speed-up | efficiency | output |"
echo "|---|---:|---:|---:|---:|---:|---:|---|"
# med FILE: the median of the numbers in FILE (one a line).
med() { sort -g "$1" | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for w in "${work[@]}"; do
  IFS='|' read -r name file opts <<<"$w"
  rm -f "$tmp"/wall.* "$tmp"/cpu.* "$tmp"/differ.*
  for ((i = 0; i < rep; i++)); do
    for j in "${jobs[@]}"; do
      # shellcheck disable=SC2086
      /usr/bin/time -f '%e %U %S' -o "$tmp/t" \
        "$bin/pz-sudoku" --backend cadical $opts -j "$j" "$file" >"$tmp/out.$j" 2>/dev/null
      read -r e u s <"$tmp/t"
      echo "$e" >>"$tmp/wall.$j"
      awk -v u="$u" -v s="$s" 'BEGIN { print u + s }' >>"$tmp/cpu.$j"
      if [ "$j" != "${jobs[0]}" ] && ! cmp -s "$tmp/out.${jobs[0]}" "$tmp/out.$j"; then
        echo "jobs.sh: $name: -j $j output differs from -j ${jobs[0]}" >&2
        touch "$tmp/differ.$j"
      fi
    done
  done
  w1=$(med "$tmp/wall.${jobs[0]}")
  for j in "${jobs[@]}"; do
    same=identical
    [ -e "$tmp/differ.$j" ] && same=DIFFERS
    [ "$j" = "${jobs[0]}" ] && same=
    awk -v n="$name" -v j="$j" -v e="$(med "$tmp/wall.$j")" -v b="$(sort -g "$tmp/wall.$j" | head -1)" \
        -v c="$(med "$tmp/cpu.$j")" -v e1="$w1" -v same="$same" \
      'BEGIN { printf "| %s | %d | %.2f | %.2f | %.2f | %.2fx | %.0f%% | %s |\n",
               n, j, e, b, c, e1 / e, 100 * e1 / e / j, same }'
  done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
