#!/usr/bin/env bash
# Solving 9x9 beside tdoku (issue 27): CPU microseconds per puzzle of the
# whole process (user + sys, the best of ROUNDS runs: the machine may be
# shared) over the same files, solve and solve + uniqueness, for
#   pz      `pz sudoku FILE --format line` and `... --unique`
#   tdoku   its example/solve.c (reads stdin; argument 1 = solve, 2 = count
#           up to 2 then solve: uniqueness), when TDOKU names that program
#   qqwing  `qqwing --solve --csv` and `... --count-solutions`, when installed
#   old pz  a second pz program (OLD), for before / after a change
# Checks that pz's answers match tdoku's (or qqwing's) solutions, and that
# pz --unique finds every puzzle unique (all three sets are).
# tdoku is not part of pz; to build it outside the project:
#   git clone https://github.com/t-dillon/tdoku /tmp/tdoku && cd /tmp/tdoku
#   mkdir build && cd build && cmake .. -DCMAKE_BUILD_TYPE=Release &&
#   make tdoku_static && gcc -O3 -o tdoku_solve ../example/solve.c \
#     -L. -ltdoku_static -lstdc++ -lm
# Usage: [TDOKU=/tmp/tdoku/build/tdoku_solve] [OLD=old/pz] \
#        bench/solve9.sh [PZ [ROUNDS]]
set -u
here=$(cd "$(dirname "$0")" && pwd)
pz=${1:-$here/../build/pz}
rounds=${2:-3}
data=$here/../../shared/data/sudoku
tdoku=${TDOKU:-}
old=${OLD:-}
[ -d "$data" ] || { echo "$data is not there: skipped"; exit 0; }
command -v qqwing >/dev/null && qq=qqwing || qq=
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# best NAME ROUNDS INPUT COMMAND...: the least user+sys seconds of ROUNDS
# runs (standard input from INPUT each time) into $tmp/NAME.cpu; standard
# output (of the last run) into $tmp/NAME.out
best() {
  local name=$1 r=$2 in=$3
  shift 3
  rm -f "$tmp/$name.all"
  for _ in $(seq "$r"); do
    /usr/bin/time -f '%U %S' -o "$tmp/t" "$@" <"$in" >"$tmp/$name.out" || return 1
    awk 'END {printf "%.3f\n", $1 + $2}' "$tmp/t" >>"$tmp/$name.all"
  done
  sort -n "$tmp/$name.all" | head -1 >"$tmp/$name.cpu"
}
us() { awk -v t="$(cat "$tmp/$1.cpu")" -v n="$2" 'BEGIN {printf "%.1f", t * 1e6 / n}'; }

echo "| set | puzzles | program | solve us/puzzle | solve + unique us/puzzle | x tdoku (solve / unique) |"
echo "|---|---:|---|---:|---:|---:|"
for set in top1465:puzzles3_magictour_top1465.txt 17-clue:puzzles2_17_clue.txt \
           forum_hardest_1106:puzzles6_forum_hardest_1106.txt; do
  name=${set%%:*}
  file=$data/${set#*:}
  [ -r "$file" ] || { echo "($file is not there: skipped)"; continue; }
  n=$(grep -c . "$file")
  best pz "$rounds" /dev/null "$pz" sudoku "$file" --format line || { echo "pz failed on $name"; exit 1; }
  best pzu "$rounds" /dev/null "$pz" sudoku "$file" --format line --unique ||
    { echo "pz --unique: not every puzzle of $name is unique (or it failed)"; exit 1; }
  [ "$(wc -l <"$tmp/pz.out")" = "$n" ] || { echo "pz answered $(wc -l <"$tmp/pz.out") of $n"; exit 1; }
  cmp -s "$tmp/pz.out" "$tmp/pzu.out" || { echo "pz: solve and --unique disagree on $name"; exit 1; }
  ref=
  if [ -n "$tdoku" ]; then
    best td "$rounds" "$file" "$tdoku" 1 || { echo "tdoku failed"; exit 1; }
    best tdu "$rounds" "$file" "$tdoku" 2 || { echo "tdoku failed"; exit 1; }
    # puzzle:count:solution; every puzzle has one solution
    awk -F: '$2 != 1 {bad++} END {exit bad > 0}' "$tmp/tdu.out" ||
      { echo "tdoku: a puzzle of $name is not unique"; exit 1; }
    cut -d: -f3 "$tmp/tdu.out" >"$tmp/ref"
    ref=tdoku
  fi
  if [ -n "$qq" ]; then
    best qq "$rounds" "$file" qqwing --solve --csv || { echo "qqwing failed"; exit 1; }
    best qqu "$rounds" "$file" qqwing --solve --count-solutions --csv || { echo "qqwing failed"; exit 1; }
    if [ -z "$ref" ]; then
      awk -F, 'NR > 1 {print $1}' "$tmp/qqu.out" >"$tmp/ref"
      ref=qqwing
    fi
  fi
  if [ -n "$ref" ]; then
    cmp -s "$tmp/ref" "$tmp/pz.out" || { echo "pz and $ref disagree on $name"; exit 1; }
  fi
  row() { # label solve-name unique-name
    local s u
    s=$(us "$2" "$n")
    u=$(us "$3" "$n")
    local x=""
    if [ -n "$tdoku" ]; then
      x=$(awk -v a="$s" -v b="$u" -v c="$(us td "$n")" -v d="$(us tdu "$n")" \
        'BEGIN {printf "%.1f / %.1f", (c > 0 ? a / c : 0), (d > 0 ? b / d : 0)}')
    fi
    echo "| $name | $n | $1 | $s | $u | $x |"
  }
  row "pz" pz pzu
  if [ -n "$old" ]; then
    best old "$rounds" /dev/null "$old" sudoku "$file" --format line || { echo "old pz failed"; exit 1; }
    best oldu "$rounds" /dev/null "$old" sudoku "$file" --format line --unique || { echo "old pz failed"; exit 1; }
    row "pz (before)" old oldu
  fi
  [ -n "$tdoku" ] && row "tdoku" td tdu
  [ -n "$qq" ] && row "qqwing" qq qqu
done
exit 0
