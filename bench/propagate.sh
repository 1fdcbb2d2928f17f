#!/usr/bin/env bash
# Propagation before the solver (issue 10, section 2): builds
# bench/propagate_bench.c against a Release build (public headers only)
# and runs it on top1465, the first LIMIT puzzles of the 17-clue set
# (../shared/data/sudoku; skipped when absent) and N QQWing puzzles of
# each difficulty (skipped without qqwing). Prints one markdown table:
# puzzles propagation answers alone, average variables and clauses with
# and without it, CPU seconds (median of ROUNDS, the ways alternating).
# Usage: bench/propagate.sh [BUILD_DIR [N [ROUNDS [LIMIT [BACKEND]]]]]
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$here/..
build=${1:-$root/build}
n=${2:-200}
rounds=${3:-3}
limit=${4:-10000}
backend=${5:-cadical}
data=$root/../shared/data/sudoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cache=$build/CMakeCache.txt
[ -r "$cache" ] && [ -r "$build/libpz_backends.a" ] || { echo "no Release build in $build (cmake --build first)"; exit 1; }
${CC:-cc} -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -I"$root/include" \
  "$here/propagate_bench.c" -o "$tmp/propagate_bench" \
  "$build/libpz_backends.a" \
  $(sed -n 's/^PZ_CADICAL_LIB:FILEPATH=//p' "$cache") \
  $(sed -n 's/^PZ_PICOSAT_LIB:FILEPATH=//p' "$cache") \
  -lstdc++ -lm -lpthread || exit 1

sets=()
for f in top1465:puzzles3_magictour_top1465.txt:0 17-clue:puzzles2_17_clue.txt:$limit; do
  IFS=: read -r name file lim <<<"$f"
  if [ -r "$data/$file" ]; then sets+=("$name:$data/$file:$lim"); else echo "($data/$file is not there: skipped)"; fi
done
if command -v qqwing >/dev/null; then
  for d in simple easy intermediate expert; do
    qqwing --generate "$n" --difficulty "$d" --one-line >"$tmp/qq-$d.txt" || exit 1
    sets+=("QQWing $d:$tmp/qq-$d.txt:0")
  done
else
  echo "(qqwing is not installed: its puzzles skipped)"
fi

echo "| puzzles | n | answered by propagation alone | vars with / without | clauses with / without | CPU s with | CPU s without | without / with |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for s in "${sets[@]}"; do
  IFS=: read -r name file lim <<<"$s"
  "$tmp/propagate_bench" "$file" "$backend" "$rounds" "$lim" >"$tmp/out" || exit 1
  awk -F'\t' -v name="$name" '
    $1 == "with" {n = $2; a = $3; v1 = $4; c1 = $5; t1 = $9}
    $1 == "without" {v0 = $4; c0 = $5; t0 = $9}
    END {printf "| %s | %d | %d (%.0f%%) | %d / %d | %d / %d | %.3f | %.3f | %s |\n",
                name, n, a, 100 * a / n, v1, v0, c1, c0, t1, t0, (t1 > 0.0005 ? sprintf("%.1fx", t0 / t1) : "(no solver)")}' "$tmp/out"
done
