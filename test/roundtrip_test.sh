#!/usr/bin/env bash
# Every puzzle program reads back what it writes (issue 23, item 5): each
# --format that writes puzzles or solutions meant as input is written, read
# back by the same program, and the answer must agree: a solution read
# back as a puzzle solves to itself, generated puzzles written in any
# format solve to the same solutions. Answers are compared as text.
# usage: roundtrip_test.sh BINDIR DATADIR BACKEND
set -u
bin=$1 data=$2 backend=$3
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# agree WHAT WANT GOT: the two answers are the same text, and not empty.
agree() {
  if [ -z "$2" ] || [ "$2" != "$3" ]; then
    echo "FAIL: $1"
    echo "  want: $(head -c 300 <<<"$2")"
    echo "  got:  $(head -c 300 <<<"$3")"
    fail=1
  fi
}

# solution_back PROG READ INPUT FORMAT...: PROG's solution of INPUT in
# each FORMAT, read back (READ: how PROG reads standard input), solves to
# the same solution in line format.
solution_back() {
  local name=$1 prog="$bin/$1 --backend $backend" read=$2 input=$3 f
  shift 3
  local want
  want=$($prog --format line $input 2>&1)
  for f in "$@"; do
    $prog --format "$f" $input >"$tmp/out" 2>&1
    agree "$name $input: solution in --format $f read back" "$want" \
      "$($prog --format line $read <"$tmp/out" 2>&1)"
  done
}

# puzzles_back PROG READ GENERATE FORMAT...: puzzles PROG generates
# (GENERATE: the arguments) written in each FORMAT ('-': no --format) and
# read back solve to the solutions of the default output's puzzles.
puzzles_back() {
  local name=$1 prog="$bin/$1 --backend $backend" read=$2 gen=$3 f
  shift 3
  $prog $gen >"$tmp/gen" 2>&1
  local want
  want=$($prog --format line $read <"$tmp/gen" 2>&1)
  for f in "$@"; do
    [ "$f" = - ] && continue
    $prog $gen --format "$f" >"$tmp/out" 2>&1
    agree "$name $gen --format $f read back" "$want" \
      "$($prog --format line $read <"$tmp/out" 2>&1)"
  done
  grep -q . <<<"$want" && ! grep -q '^#\|error' <<<"$want" ||
    { echo "FAIL: $name $gen: no solutions to compare: $want"; fail=1; }
}

# Programs whose solutions are puzzles of their own kind. two.pls holds
# two squares and comments, as --fill writes several.
printf '# two\norder 3\n0 -1 -1\n-1 -1 -1\n-1 -1 2\n\n# puzzle 2\norder 2\n-1 1\n-1 -1\n' \
  >"$tmp/two.pls"
sed -n 1p "$data/sudoku9.txt" >"$tmp/one.txt"
solution_back pz-sudoku - "$tmp/one.txt" grid line
solution_back pz-latin "--fill -" "5" grid line pls
solution_back pz-latin "--fill -" "12" grid line pls
solution_back pz-latin "--fill -" "--fill $data/latin5.pls" grid line pls
solution_back pz-latin "--fill -" "--fill $tmp/two.pls" grid line pls
solution_back pz-futoshiki - "$data/futoshiki/four.txt" grid sgt
solution_back pz-eulero - "$data/eulero/small4.txt" grid line

# Generated puzzles, in every format that writes them.
puzzles_back pz-sudoku - "--generate 2 --seed 3" - grid line
puzzles_back pz-latin "--fill -" "--generate 2 --seed 3 6" - line grid pls
puzzles_back pz-latin "--fill -" "--generate 2 --seed 3 12" - line grid pls
puzzles_back pz-latin "--fill -" "--qwh 30% --generate 2 --seed 3 7" - line grid pls
puzzles_back pz-killer - "--generate 2 --seed 3" - grid
puzzles_back pz-kakuro - "--generate 2 --seed 3" - grid
puzzles_back pz-starbattle - "--generate 2 --seed 3" - grid
puzzles_back pz-futoshiki - "--generate 2 --seed 3" - sgt line grid
puzzles_back pz-eulero - "--generate 2 --seed 3" - grid line
puzzles_back pz-knightdoku - "--generate 2 --seed 3" - grid
puzzles_back pz-nondango - "--generate 2 --seed 3 $data/nondango/a4x6.txt" - grid

[ "$fail" = 0 ] && echo "roundtrip: ok"
exit $fail
