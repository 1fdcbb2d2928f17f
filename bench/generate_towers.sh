#!/usr/bin/env bash
# Skyscrapers generation, pz (the towers kind, through bench/towers_gen)
# beside Simon Tatham's sgt-towers: N puzzles of each size, CPU seconds
# (user + sys, /usr/bin/time), median of ROUNDS alternating runs; every
# pz puzzle of the last round checked unique by a separate run. pz's
# puzzles are minimal (no clue or given can go) at any level; sgt-towers
# makes them at its levels e (easy) and h (hard).
# Usage: bench/generate_towers.sh [BUILD_DIR [N [ROUNDS [SIZES]]]]
#   e.g. bench/generate_towers.sh build 20 3 "5 6"
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
n=${2:-20}
rounds=${3:-3}
sizes=${4:-"5 6"}
gen=$build/test/towers_gen
[ -x "$gen" ] || { echo "generate_towers.sh: $gen not built (cmake --build $build --target towers_gen)" >&2; exit 2; }
sgt=/usr/games/sgt-towers
have_sgt=1
[ -x "$sgt" ] || { echo "(sgt-towers is not installed: pz alone)"; have_sgt=0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cpu() {
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$@" >"$tmp/out" 2>/dev/null || return 1
  awk '{printf "%.3f\n", $1 + $2}' "$tmp/t"
}
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

echo "# $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| size | puzzles | pz s | sgt e s | sgt h s | pz / sgt e | pz / sgt h |"
echo "|---|---|---|---|---|---|---|"
for s in $sizes; do
  : >"$tmp/pz.cpu"; : >"$tmp/e.cpu"; : >"$tmp/h.cpu"
  for r in $(seq "$rounds"); do
    if [ $have_sgt = 1 ]; then
      cpu "$sgt" --generate "$n" "${s}de" >>"$tmp/e.cpu" || { echo "sgt failed"; exit 1; }
      cpu "$sgt" --generate "$n" "${s}dh" >>"$tmp/h.cpu" || { echo "sgt failed"; exit 1; }
    fi
    cpu "$gen" --seed $((r * 1000)) "$s" "$n" >>"$tmp/pz.cpu" || { echo "pz failed"; exit 1; }
    cp "$tmp/out" "$tmp/pz.txt"
  done
  [ "$(wc -l <"$tmp/pz.txt")" = "$n" ] || { echo "pz made $(wc -l <"$tmp/pz.txt") of $n"; exit 1; }
  "$gen" --unique <"$tmp/pz.txt" || { echo "size $s: a pz puzzle is not unique"; exit 1; }
  p=$(median <"$tmp/pz.cpu")
  if [ $have_sgt = 1 ]; then
    e=$(median <"$tmp/e.cpu"); h=$(median <"$tmp/h.cpu")
    awk -v s="$s" -v n="$n" -v p="$p" -v e="$e" -v h="$h" 'BEGIN {
      printf "| %dx%d | %d | %.2f | %.2f | %.2f | %s | %s |\n", s, s, n, p, e, h,
        (e > 0 ? sprintf("%.1f", p / e) : "-"), (h > 0 ? sprintf("%.1f", p / h) : "-") }'
  else
    awk -v s="$s" -v n="$n" -v p="$p" 'BEGIN {
      printf "| %dx%d | %d | %.2f | - | - | - | - |\n", s, s, n, p }'
  fi
done
