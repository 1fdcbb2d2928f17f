#!/usr/bin/env bash
# -j N (issue 9): one pz-sudoku process over a file of puzzles on 1 thread
# and on N, timed with /usr/bin/time (wall, and user + system CPU). Each
# setting runs REPEAT times, alternating, and the best wall time counts
# (the machine is shared; the best run is the one least disturbed). Every
# run's output must be byte-identical to the 1-thread run's.
#
#   bench/jobs.sh BINDIR [REPEAT] [JOBS...]     (default: 3 runs, -j 1 2)
#
# Needs ../shared/data (workloads whose data is absent are skipped).
# Prints a markdown table: workload, -j, best wall s, its CPU s, speed-up
# (wall of -j 1 / wall of -j N) and efficiency (speed-up / N).
set -u
bin=${1:?usage: jobs.sh BINDIR [REPEAT] [JOBS...]}
rep=${2:-3}
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
f=$data/puzzles6_forum_hardest_1106.txt
[ -f "$f" ] && work+=("hardest 1106 (375), solve, fresh|$f|--format line --strategy fresh")

echo "$(nproc) CPUs online; load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "| workload | -j | wall s | CPU s | speed-up | efficiency | output |"
echo "|---|---:|---:|---:|---:|---:|---|"
for w in "${work[@]}"; do
  IFS='|' read -r name file opts <<<"$w"
  declare -A best=() cpu=()
  for ((i = 0; i < rep; i++)); do
    for j in "${jobs[@]}"; do
      # shellcheck disable=SC2086
      /usr/bin/time -f '%e %U %S' -o "$tmp/t" \
        "$bin/pz-sudoku" --backend cadical $opts -j "$j" "$file" >"$tmp/out.$j" 2>/dev/null
      read -r e u s <"$tmp/t"
      if [ -z "${best[$j]:-}" ] || awk -v a="$e" -v b="${best[$j]}" 'BEGIN { exit !(a < b) }'; then
        best[$j]=$e
        cpu[$j]=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
      fi
      if [ "$j" != "${jobs[0]}" ] && ! cmp -s "$tmp/out.${jobs[0]}" "$tmp/out.$j"; then
        echo "jobs.sh: $name: -j $j output differs from -j ${jobs[0]}" >&2
        touch "$tmp/differ.$j"
      fi
    done
  done
  for j in "${jobs[@]}"; do
    same=identical
    [ -e "$tmp/differ.$j" ] && same=DIFFERS
    [ "$j" = "${jobs[0]}" ] && same=
    awk -v n="$name" -v j="$j" -v e="${best[$j]}" -v c="${cpu[$j]}" \
        -v e1="${best[${jobs[0]}]}" -v same="$same" \
      'BEGIN { printf "| %s | %d | %.2f | %.2f | %.2fx | %.0f%% | %s |\n",
               n, j, e, c, e1 / e, 100 * e1 / e / j, same }'
  done
  rm -f "$tmp"/differ.*
  unset best cpu
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
