#!/usr/bin/env bash
# How well --time-limit holds: heavy runs on every backend, each with a
# limit that falls while the formula is built, loaded or solved. For each
# run: the limit, the seconds until the answer line (what the promise is
# about: from the first byte read to the last answer) and until the process
# ended (freeing a large solver after the answer is not bounded).
#
#   bench/time_limits.sh BINDIR [LIMIT...]    (default limits: 1 3)
#
# Prints one tab-separated row per run and a summary: how many answers came
# within 10% (or 0.1 s) of their limit. Uses ../shared/data for the large
# Sudoku puzzles when present.
set -u
bin=${1:?usage: time_limits.sh BINDIR [LIMIT...]}
shift
limits=("$@")
[ ${#limits[@]} -gt 0 ] || limits=(1 3)
here=$(cd "$(dirname "$0")" && pwd)
large=$here/../../shared/data/sudoku/large/grids
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk 'BEGIN { for (i = 0; i < 4096; i++) printf "0 "; print "" }' >"$tmp/empty64.txt"

cases=(
  "latin 100|$bin/pz-latin 100"
  "latin 60 count|$bin/pz-latin 60 --count --limit 3"
  "empty 64x64 count|$bin/pz-sudoku --count --limit 3 $tmp/empty64.txt"
)
for f in sudoku64x64_rkk_sudoku-64-1 sudoku225x225_rkk_sudoku-225-1; do
  [ -f "$large/$f.txt" ] && cases+=("${f#sudoku*_}|$bin/pz-sudoku $large/$f.txt")
done

now() { date +%s.%N; }
printf 'case\tbackend\tlimit\tanswer_s\texit_s\tanswer\n'
total=0 held=0
for c in "${cases[@]}"; do
  name=${c%%|*} cmd=${c#*|}
  for b in cadical picosat ipasir; do
    for l in "${limits[@]}"; do
      t0=$(now)
      # The first line is the answer (or "time limit"); its arrival time
      # is taken by the reader, the exit time after the pipe closes.
      $cmd --backend "$b" --time-limit "$l" --format line 2>/dev/null |
        { IFS= read -r line; now >"$tmp/t1"; printf '%s' "${line:0:40}" >"$tmp/line"; cat >/dev/null; }
      t2=$(now)
      a=$(awk -v a="$t0" -v b="$(cat "$tmp/t1")" 'BEGIN { printf "%.2f", b - a }')
      e=$(awk -v a="$t0" -v b="$t2" 'BEGIN { printf "%.2f", b - a }')
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$b" "$l" "$a" "$e" "$(cat "$tmp/line")"
      total=$((total + 1))
      awk -v a="$a" -v l="$l" 'BEGIN { m = l * 0.1; if (m < 0.1) m = 0.1; exit !(a <= l + m) }' &&
        held=$((held + 1))
    done
  done
done
echo "answers within 10% (or 0.1 s) of the limit: $held of $total"
