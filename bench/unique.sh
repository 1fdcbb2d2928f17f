#!/usr/bin/env bash
# Solve + uniqueness, pz vs QQWing (issue 10): top1465 and the 17-clue set
# from ../shared/data/sudoku, `pz-sudoku --unique --format line` beside
# `qqwing --solve --count-solutions --csv`, alternating in one run, ROUNDS
# times; prints the median CPU seconds (user + sys), puzzles per second and
# the ratio. Checks that both say every puzzle is unique and that their
# solutions agree. With a second build dir (OLD), times it too (before /
# after a change).
# Usage: bench/unique.sh [BUILD_DIR [ROUNDS [OLD_BUILD_DIR]]]
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
rounds=${2:-3}
old=${3:-}
data=$here/../../shared/data/sudoku
command -v qqwing >/dev/null || { echo "qqwing is not installed (apt-get install qqwing): skipped"; exit 0; }
[ -d "$data" ] || { echo "$data is not there: skipped"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu NAME COMMAND...: appends user+sys seconds of one run to $tmp/NAME.cpu,
# standard output to $tmp/NAME.out
cpu() {
  local name=$1
  shift
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$@" >"$tmp/$name.out"
  local rc=$?
  awk 'END {printf "%.3f\n", $1 + $2}' "$tmp/t" >>"$tmp/$name.cpu"
  return $rc
}
median() { sort -n "$1" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

echo "| puzzles | n | program | CPU s (median of $rounds) | puzzles/s | QQWing / program |"
echo "|---|---:|---|---:|---:|---:|"
for set in top1465:puzzles3_magictour_top1465.txt 17-clue:puzzles2_17_clue.txt; do
  name=${set%%:*}
  file=$data/${set#*:}
  [ -r "$file" ] || { echo "($file is not there: skipped)"; continue; }
  n=$(grep -c . "$file")
  rm -f "$tmp"/*.cpu
  for r in $(seq "$rounds"); do
    cpu qq qqwing --solve --count-solutions --csv <"$file" || { echo "qqwing failed"; exit 1; }
    cpu pz "$build/pz-sudoku" --unique --format line "$file" || { echo "pz: not every puzzle is unique (exit $?)"; exit 1; }
    if [ -n "$old" ]; then
      cpu old "$old/pz-sudoku" --unique --format line "$file" || { echo "old pz: exit $?"; exit 1; }
    fi
  done
  # Both say unique (QQWing: solution count 1), with the same solutions.
  awk -F, 'NR > 1 {print $1; if ($2 != 1) bad++} END {exit bad > 0}' "$tmp/qq.out" >"$tmp/qq.sol" ||
    { echo "QQWing: a puzzle of $name is not unique"; exit 1; }
  cmp -s "$tmp/qq.sol" "$tmp/pz.out" || { echo "pz and QQWing disagree on $name"; exit 1; }
  [ "$(wc -l <"$tmp/pz.out")" = "$n" ] || { echo "pz answered $(wc -l <"$tmp/pz.out") of $n"; exit 1; }
  qq=$(median "$tmp/qq.cpu")
  pz=$(median "$tmp/pz.cpu")
  awk -v s="$name" -v n="$n" -v t="$qq" 'BEGIN {printf "| %s | %d | qqwing --solve --count-solutions | %.2f | %.0f | |\n", s, n, t, n / t}'
  awk -v s="$name" -v n="$n" -v t="$pz" -v q="$qq" 'BEGIN {printf "| %s | %d | pz-sudoku --unique | %.2f | %.0f | %.2fx |\n", s, n, t, n / t, q / t}'
  if [ -n "$old" ]; then
    o=$(median "$tmp/old.cpu")
    awk -v s="$name" -v n="$n" -v t="$o" -v q="$qq" 'BEGIN {printf "| %s | %d | pz-sudoku --unique (old build) | %.2f | %.0f | %.2fx |\n", s, n, t, n / t, q / t}'
  fi
done
