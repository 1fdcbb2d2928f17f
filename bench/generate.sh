#!/usr/bin/env bash
# Generation benchmark (issue 10): 9x9 puzzles with exactly one solution,
# pz-sudoku --generate (minimal) beside QQWing (qqwing --generate), in one
# run on the same machine: CPU seconds, puzzles per second, average givens,
# and every pz puzzle checked unique by pz-sudoku --unique. Repeats each
# side ROUNDS times, alternating, and reports the medians.
# Usage: bench/generate.sh [BUILD_DIR [N [ROUNDS]]]
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
n=${2:-1000}
rounds=${3:-3}
command -v qqwing >/dev/null || { echo "qqwing is not installed (apt-get install qqwing)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu COMMAND...: user+sys seconds of one run, output to $tmp/out
cpu() {
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$@" >"$tmp/out" || return 1
  awk '{printf "%.3f\n", $1 + $2}' "$tmp/t"
}
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
givens() { tr -d '\r' <"$1" | awk 'length($0) == 81 {g += gsub(/[1-9]/, "&"); k++} END {printf "%.1f", g / k}'; }

: >"$tmp/pz.cpu"
: >"$tmp/qq.cpu"
for r in $(seq "$rounds"); do
  cpu qqwing --generate "$n" --one-line >>"$tmp/qq.cpu" || exit 1
  cp "$tmp/out" "$tmp/qq.txt"
  cpu "$build/pz-sudoku" --generate "$n" --seed $((r * n)) >>"$tmp/pz.cpu" || exit 1
  cp "$tmp/out" "$tmp/pz.txt"
done
# Every pz puzzle unique, checked by a separate run.
"$build/pz-sudoku" --unique --format line "$tmp/pz.txt" >/dev/null ||
  { echo "a generated puzzle is not unique"; exit 1; }
qq=$(median <"$tmp/qq.cpu")
pz=$(median <"$tmp/pz.cpu")
echo "| generator | puzzles | CPU s (median of $rounds) | puzzles/s | average givens |"
echo "|---|---:|---:|---:|---:|"
awk -v n="$n" -v t="$qq" -v g="$(givens "$tmp/qq.txt")" 'BEGIN {printf "| qqwing --generate | %d | %.2f | %.0f | %s |\n", n, t, n / t, g}'
awk -v n="$n" -v t="$pz" -v g="$(givens "$tmp/pz.txt")" 'BEGIN {printf "| pz-sudoku --generate (minimal) | %d | %.2f | %.0f | %s |\n", n, t, n / t, g}'
awk -v a="$qq" -v b="$pz" 'BEGIN {printf "\npz / QQWing rate: %.1fx\n", a / b}'
