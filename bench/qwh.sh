#!/usr/bin/env bash
# QWH benchmark (issue 10): N quasigroup-with-holes instances of order 30
# with 42% holes (balanced), made by pz-latin --qwh and then completed by
# pz-latin --fill with each backend: CPU seconds of each step, and every
# completion checked here (Latin, and keeping the givens) by awk.
# Usage: bench/qwh.sh [BUILD_DIR [N [ORDER [HOLES]]]]
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
n=${2:-100}
order=${3:-30}
holes=${4:-42%}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu OUT COMMAND...: user+sys seconds of one run, output to OUT
cpu() {
  local out=$1
  shift
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$@" >"$out" || return 1
  awk '{printf "%.2f\n", $1 + $2}' "$tmp/t"
}
# Each line of $2 a Latin square of order $order completing line for
# line the instance of $1 (numbers separated by blanks, 0 = hole).
check() {
  paste -d'|' "$1" "$2" | awk -F'|' -v n="$order" '{
      split($1, g, " "); k = split($2, s, " ")
      if (k != n * n) { bad++; next }
      delete row; delete col
      for (i = 1; i <= k; i++) {
        r = int((i - 1) / n); c = (i - 1) % n; v = s[i]
        if (v < 1 || v > n || row[r, v]++ || col[c, v]++ || (g[i] && g[i] != v)) bad++
      } }
    END { exit bad > 0 }'
}

gen=$(cpu "$tmp/qwh.txt" "$build/pz-latin" --generate "$n" --qwh "$holes" --seed 1 "$order") || exit 1
echo "| step | instances | CPU s | per instance (ms) |"
echo "|---|---:|---:|---:|"
awk -v n="$n" -v t="$gen" -v o="$order" -v h="$holes" 'BEGIN {printf "| pz-latin --qwh %s (order %d) | %d | %.2f | %.1f |\n", h, o, n, t, 1000 * t / n}'
for b in cadical picosat; do
  t=$(cpu "$tmp/sol.txt" "$build/pz-latin" --backend "$b" --fill "$tmp/qwh.txt" --format line) || exit 1
  check "$tmp/qwh.txt" "$tmp/sol.txt" || { echo "a $b completion is wrong"; exit 1; }
  awk -v n="$n" -v t="$t" -v b="$b" 'BEGIN {printf "| pz-latin --fill (%s) | %d | %.2f | %.1f |\n", b, n, t, 1000 * t / n}'
done
