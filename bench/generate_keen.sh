#!/usr/bin/env bash
# KenKen generation, pz beside Simon Tatham's sgt-keen: COUNT puzzles of
# each size and level, CPU seconds (user + sys, /usr/bin/time), median of
# ROUNDS alternating runs. sgt's levels e/n/h are its own solver's
# (deductions it needs); pz rates by its propagation levels, so the
# columns pair sgt's e/n/h with pz's singles/probing/deep as the nearest
# (not the same puzzles' difficulty). pz's last round is checked unique
# by a separate run (keen_gen check), and sgt's ids too (pz solves them).
# Usage: bench/generate_keen.sh [BUILD_DIR [COUNT [ROUNDS [SIZES]]]]
#   e.g. bench/generate_keen.sh build 20 3 "5 6"
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
count=${2:-20}
rounds=${3:-3}
sizes=${4:-5 6}
gen=$build/test/keen_gen
sgt=/usr/games/sgt-keen
[ -x "$gen" ] || { echo "build keen_gen first: cmake --build $build --target keen_gen"; exit 1; }
have_sgt=1
[ -x "$sgt" ] || { echo "(sgt-puzzles is not installed: pz alone)"; have_sgt=0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cpu() {
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$@" >"$tmp/out" 2>"$tmp/err" || return 1
  awk '{printf "%.3f\n", $1 + $2}' "$tmp/t"
}
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

# "missed": pz puzzles of the last round that did not rate the level
# after 100 tries (the closest kept).
echo "| size | sgt level | pz level | puzzles | pz missed | pz s | sgt s | pz / sgt |"
echo "|---|---|---|---|---|---|---|---|"
for n in $sizes; do
  for pair in e:singles n:probing h:deep -:any; do
    sl=${pair%%:*} pl=${pair#*:}
    : >"$tmp/pz.cpu"
    : >"$tmp/sgt.cpu"
    for r in $(seq "$rounds"); do
      if [ $have_sgt = 1 ] && [ "$sl" != - ]; then
        cpu "$sgt" --generate "$count" "${n}d$sl" >>"$tmp/sgt.cpu" || { echo "sgt failed"; exit 1; }
        cp "$tmp/out" "$tmp/sgt.txt"
      fi
      cpu "$gen" gen "$count" "$n" "$pl" $((r * 1000)) >>"$tmp/pz.cpu" || { echo "pz failed"; exit 1; }
      cp "$tmp/out" "$tmp/pz.txt"
      missed=$(sed -n 's/^keen_gen: \([0-9]*\) of .*/\1/p' "$tmp/err")
    done
    "$gen" check <"$tmp/pz.txt" >/dev/null || { echo "${n}x$n $pl: a pz puzzle is not unique"; exit 1; }
    if [ -s "$tmp/sgt.cpu" ]; then
      "$gen" check <"$tmp/sgt.txt" >/dev/null || { echo "${n}x$n $sl: an sgt puzzle is not unique to pz"; exit 1; }
    fi
    p=$(median <"$tmp/pz.cpu")
    if [ -s "$tmp/sgt.cpu" ]; then
      s=$(median <"$tmp/sgt.cpu")
      awk -v n="$n" -v sl="$sl" -v pl="$pl" -v c="$count" -v m="${missed:-0}" -v p="$p" -v s="$s" 'BEGIN {
        printf "| %dx%d | %s | %s | %d | %d | %.2f | %.2f | %s |\n", n, n, sl, pl, c, m, p, s,
               (s > 0 ? sprintf("%.2f", p / s) : "-") }'
    else
      awk -v n="$n" -v pl="$pl" -v c="$count" -v m="${missed:-0}" -v p="$p" 'BEGIN {
        printf "| %dx%d | - | %s | %d | %d | %.2f | - | - |\n", n, n, pl, c, m, p }'
    fi
  done
done
