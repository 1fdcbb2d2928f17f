#!/usr/bin/env bash
# Two builds of pz side by side on the same workloads, in one run: for a
# change that must not cost speed (e.g. moving a puzzle kind onto the model
# layer). Each workload runs REPEAT times per build, alternating, and the
# best CPU time counts (the machine is noisy; CPU time is steadier).
#
#   bench/before_after.sh OLD_BINDIR NEW_BINDIR [REPEAT]
#
# Needs ../shared/data (workloads whose data is absent are skipped).
# Prints a markdown table: workload, backend, best CPU s old / new, ratio.
set -u
old=${1:?usage: before_after.sh OLD_BINDIR NEW_BINDIR [REPEAT]}
new=${2:?usage: before_after.sh OLD_BINDIR NEW_BINDIR [REPEAT]}
rep=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
data=$here/../../shared/data/sudoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name|args (pz-bench, or "sudoku-file FILE BOX" for one pz-sudoku run)
work=()
[ -f "$data/puzzles3_magictour_top1465.txt" ] &&
  work+=("top1465 (auto)|bench sudoku $data/puzzles3_magictour_top1465.txt")
[ -f "$data/puzzles2_17_clue.txt" ] &&
  work+=("17-clue, first 5000 (auto)|bench --limit 5000 sudoku $data/puzzles2_17_clue.txt")
[ -f "$data/puzzles5_forum_hardest_1905_11+.txt" ] &&
  work+=("hardest 1905, first 500 (fresh)|bench --strategy fresh --limit 500 sudoku $data/puzzles5_forum_hardest_1905_11+.txt")
work+=("Latin 6 reduced, all 9408|bench --reduced latin 6")
work+=("Sudoku 4x4 grids, all 288|bench grids 2x2")
for f in sudoku100x100_table10-1 sudoku225x225_table15-1 sudoku64x64_table8-1; do
  [ -f "$data/large/grids/$f.txt" ] && work+=("$f|file $data/large/grids/$f.txt")
done

# cpu BINDIR BACKEND ARGS...: user+system seconds of one run.
cpu() {
  local bin=$1 b=$2 kind=$3
  shift 3
  local cmd
  if [ "$kind" = bench ]; then cmd=("$bin/pz-bench" --backend "$b" "$@")
  else cmd=("$bin/pz-sudoku" --backend "$b" --time-limit 120 "$@"); fi
  /usr/bin/time -f '%U %S' -o "$tmp/t" "${cmd[@]}" >/dev/null 2>&1
  awk '{ printf "%.3f", $1 + $2 }' "$tmp/t"
}

echo "| workload | backend | old CPU s | new CPU s | new/old |"
echo "|---|---|---:|---:|---:|"
for w in "${work[@]}"; do
  name=${w%%|*}
  read -r -a args <<<"${w#*|}"
  for b in cadical picosat; do
    bo=999999 bn=999999
    for ((i = 0; i < rep; i++)); do
      t=$(cpu "$old" "$b" "${args[@]}"); bo=$(awk -v a="$bo" -v b="$t" 'BEGIN { print (b < a ? b : a) }')
      t=$(cpu "$new" "$b" "${args[@]}"); bn=$(awk -v a="$bn" -v b="$t" 'BEGIN { print (b < a ? b : a) }')
    done
    awk -v n="$name" -v b="$b" -v o="$bo" -v w="$bn" \
      'BEGIN { printf "| %s | %s | %.3f | %.3f | %.2f |\n", n, b, o, w, (o > 0 ? w / o : 0) }'
  done
done
