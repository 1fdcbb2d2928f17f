#!/usr/bin/env bash
# Generation of other kinds (issue 10) beside Simon Tatham's puzzles in one
# run: Killer Sudoku (sgt-solo 3x3k), X-Sudoku (sgt-solo 3x3x, pz
# --variant diagonal), Futoshiki of order 5 (sgt-unequal 5), and pz alone
# for 16x16 and Knightdoku. CPU seconds (user + sys), median of ROUNDS
# alternating runs, and every pz puzzle checked unique by a separate pz
# run. sgt's puzzles are not necessarily minimal; pz's are (Killer: the
# fewest givens on its cages, usually none).
# Usage: bench/generate_kinds.sh [BUILD_DIR [N [ROUNDS]]]
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
n=${2:-50}
rounds=${3:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sgt=/usr/games
have_sgt=1
[ -x "$sgt/sgt-solo" ] && [ -x "$sgt/sgt-unequal" ] || {
  echo "(sgt-puzzles is not installed: pz alone)"
  have_sgt=0
}

cpu() {
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$@" >"$tmp/out" 2>/dev/null || return 1
  awk '{printf "%.3f\n", $1 + $2}' "$tmp/t"
}
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

# row NAME PZ_ARGS... -- SGT_ARGS...: one table row.
row() {
  local name=$1 check=$2
  shift 2
  local pzargs=() sgtargs=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do pzargs+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  sgtargs=("$@")
  : >"$tmp/pz.cpu"
  : >"$tmp/sgt.cpu"
  for r in $(seq "$rounds"); do
    if [ $have_sgt = 1 ] && [ ${#sgtargs[@]} -gt 0 ]; then
      cpu "${sgtargs[@]}" >>"$tmp/sgt.cpu" || { echo "$name: sgt failed"; return; }
    fi
    cpu "${pzargs[@]}" --seed $((r * n)) >>"$tmp/pz.cpu" || { echo "$name: pz failed"; return; }
    cp "$tmp/out" "$tmp/pz.txt"
  done
  # The last round's puzzles, each unique (a separate run).
  eval "$check" <"$tmp/pz.txt" >/dev/null || { echo "$name: a puzzle is not unique"; return; }
  local p s n=${count:-$n}
  p=$(median <"$tmp/pz.cpu")
  if [ -s "$tmp/sgt.cpu" ]; then
    s=$(median <"$tmp/sgt.cpu")
    awk -v name="$name" -v n="$n" -v p="$p" -v s="$s" 'BEGIN {
      printf "| %s | %d | %.2f | %.0f | %.2f | %.0f | %.2f |\n", name, n, p, n / p, s, n / s, p / s }'
  else
    awk -v name="$name" -v n="$n" -v p="$p" 'BEGIN {
      printf "| %s | %d | %.2f | %.0f | - | - | - |\n", name, n, p, n / p }'
  fi
}

# Puzzles of several lines each, a blank line between two: each checked
# unique on its own (PROGRAM ARGS...).
each_unique() {
  rm -rf "$tmp/each"
  mkdir "$tmp/each"
  awk -v RS= -v dir="$tmp/each" '{f = sprintf("%s/%05d.txt", dir, NR); print > f; close(f)}'
  for f in "$tmp/each"/*.txt; do
    "$@" --unique "$f" | tail -1 | grep -qx unique || return 1
  done
}

b=$build
echo "| kind | puzzles | pz CPU s | pz puzzles/s | sgt CPU s | sgt puzzles/s | pz/sgt time |"
echo "|---|---:|---:|---:|---:|---:|---:|"
row "Killer 9x9" "each_unique $b/pz-killer" \
  "$b/pz-killer" --generate "$n" -- "$sgt/sgt-solo" --generate "$n" 3x3k
row "X-Sudoku 9x9 (diagonal)" "$b/pz-sudoku --variant diagonal --unique --format line -" \
  "$b/pz-sudoku" --variant diagonal --generate "$n" -- "$sgt/sgt-solo" --generate "$n" 3x3x
row "Futoshiki 5x5" "$b/pz-futoshiki --unique --format line -" \
  "$b/pz-futoshiki" --order 5 --generate "$n" -- "$sgt/sgt-unequal" --generate "$n" 5
count=$(( (n + 9) / 10 )) row "Sudoku 16x16 (minimal)" \
  "$b/pz-sudoku --box 4x4 --unique --format line -" \
  "$b/pz-sudoku" --box 4x4 --generate $(( (n + 9) / 10 )) --
row "Jigsaw 9x9 (new layout each)" "each_unique $b/pz-sudoku" \
  "$b/pz-sudoku" --jigsaw --generate "$n" -- "$sgt/sgt-solo" --generate "$n" 3x3j
row "Knightdoku 9x9" "each_unique $b/pz-knightdoku" \
  "$b/pz-knightdoku" --generate "$n" --
