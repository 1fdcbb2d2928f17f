#!/usr/bin/env bash
# The enumeration options of every program end to end: --enumerate,
# --part K/N (parts add up to published counts), --cubes N (iCNF), the
# progress line on a terminal. Usage: parts_cli_test.sh BINDIR BACKEND
# BACKENDS (every configured backend, space-separated)
set -u
bin=$1 backend=$2 backends=$3
fail=0
latin="$bin/pz-latin --backend $backend"
sudoku="$bin/pz-sudoku --backend $backend"
knight="$bin/pz-knightdoku --backend $backend"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

source "$(dirname "$0")/expect.sh"

# sum_parts N WANT command...: the N parts' counts add up to WANT.
sum_parts() {
  local n=$1 want=$2 sum=0 k c
  shift 2
  for k in $(seq "$n"); do
    c=$("$@" --count --part "$k/$n") || { echo "FAIL: $* --part $k/$n"; fail=1; return; }
    sum=$((sum + c))
  done
  [ "$sum" = "$want" ] || { echo "FAIL: $* in $n parts: $sum, want $want"; fail=1; }
}

# Published counts: reduced Latin squares of order 6 (9,408), Latin
# squares of order 4 (576), 4x4 Sudoku grids (288), 0-1 matrices 5x5 with
# 3 ones per row and column (2,040, OEIS A001501).
for m in auto dpll disjoint blocking; do
  expect 0 '^9408$' $latin 6 --reduced --count --enumerate $m
  expect 0 '^576$' $latin 4 --count --enumerate $m
  sum_parts 7 576 $latin 4 --enumerate $m
done
sum_parts 1 9408 $latin 6 --reduced
sum_parts 13 9408 $latin 6 --reduced
sum_parts 64 9408 $latin 6 --reduced --enumerate disjoint
echo ................ >"$tmp/empty4.txt"
sum_parts 5 288 $sudoku "$tmp/empty4.txt"
printf 'size 5 box 1x5 knights 3\n.....\n.....\n.....\n.....\n.....\n' >"$tmp/kd5.txt"
expect 0 '^2040$' $knight --count "$tmp/kd5.txt"
sum_parts 9 2040 $knight "$tmp/kd5.txt"
# Parts are of like size (64 cubes each, dealt round-robin), and the same
# with -j 2: a part must not depend on the machine's threads.
p1=$($latin 6 --reduced --count --part 1/2) && p2=$($latin 6 --reduced --count --part 2/2) &&
  [ $((p1 + p2)) = 9408 ] && [ "$p1" -gt 3500 ] && [ "$p2" -gt 3500 ] ||
  { echo "FAIL: 2 parts of 9408 lopsided or wrong: $p1 + $p2"; fail=1; }
expect 0 "^$p1\$" $latin 6 --reduced --count --part 1/2 -j 2
# More parts than cubes: the rest are empty.
sum_parts 40 1 $latin 3 --reduced
sum_parts 150 9408 $latin 6 --reduced
# Parts that cost the same however many there are: one part of 10^7
# answers within seconds (the old split built all 6.4e8 cubes first), and
# 40 sampled parts of 10^9 of a count of 56 hold at most 56 (most empty).
start=$(date +%s)
expect 0 '^[0-9]+$' timeout 20 $latin 7 --reduced --count --part 1/10000000
[ $(($(date +%s) - start)) -le 10 ] || { echo "FAIL: --part 1/10000000 took over 10 s"; fail=1; }
s=0
for k in $(seq 1 25000000 1000000000); do
  c=$($latin 5 --reduced --count --part "$k/1000000000") || { echo "FAIL: part $k/10^9"; fail=1; break; }
  s=$((s + c))
done
[ "$s" -le 56 ] || { echo "FAIL: 40 parts of 10^9 hold $s of 56"; fail=1; }
# --all over parts: every square once, all valid (distinct lines).
for k in 1 2 3; do $latin 5 --reduced --all --format line --part $k/3; done >"$tmp/all.txt"
[ "$(sort -u "$tmp/all.txt" | wc -l)" = 56 ] && [ "$(wc -l <"$tmp/all.txt")" = 56 ] ||
  { echo "FAIL: --all over 3 parts: $(wc -l <"$tmp/all.txt") lines"; fail=1; }

# iCNF: the header, the projection, N cube lines after the clauses.
$latin 6 --reduced --cubes 16 >"$tmp/c.icnf" || { echo "FAIL: --cubes"; fail=1; }
grep -q '^p inccnf$' "$tmp/c.icnf" || { echo "FAIL: no p inccnf"; fail=1; }
grep -q '^c p show [0-9 ]* 0$' "$tmp/c.icnf" || { echo "FAIL: no c p show"; fail=1; }
[ "$(grep -c '^a .* 0$' "$tmp/c.icnf")" = 16 ] || { echo "FAIL: want 16 cubes"; fail=1; }
$latin 6 --reduced --cubes 4 --dimacs "$tmp/d.icnf" && [ "$(grep -c '^a ' "$tmp/d.icnf")" = 4 ] ||
  { echo "FAIL: --cubes with --dimacs FILE"; fail=1; }
# The same split on every backend.
for other in $backends; do
  [ "$other" = "$backend" ] && continue
  [ "$($bin/pz-latin 6 --reduced --cubes 16 --backend "$other" | md5sum)" = "$(md5sum <"$tmp/c.icnf")" ] ||
    { echo "FAIL: cubes differ between $backend and $other"; fail=1; }
done

# --cube-file F --cube K: the iCNF pz writes, read back and counted cube
# by cube, adds up to the count; so does another tool's iCNF with 'c p
# show' (cubes on variables 1 and 2 of a small formula: 3 projected
# models of (1 | 2) over 1, 2, 3 times the free 3: 6).
$latin 6 --reduced --cubes 37 >"$tmp/r6.icnf"
n=$(grep -c '^a ' "$tmp/r6.icnf") s=0
for k in $(seq "$n"); do
  c=$($bin/pz-latin --backend $backend --cube-file "$tmp/r6.icnf" --cube "$k" --count) ||
    { echo "FAIL: --cube $k"; fail=1; break; }
  s=$((s + c))
done
[ "$s" = 9408 ] || { echo "FAIL: $n cubes of r6.icnf add up to $s, not 9408"; fail=1; }
expect 0 '^9408$' $latin --cube-file "$tmp/r6.icnf" --count
expect 0 "^9408$" $bin/pz latin --backend $backend --cube-file "$tmp/r6.icnf" --count --enumerate disjoint
printf 'c another tool\np inccnf\n1 2 0\nc p show 1 2 3 0\na 1 0\na -1 2 0\na -1 -2 0\n' >"$tmp/f.icnf"
expect 0 '^4$' $sudoku --cube-file "$tmp/f.icnf" --cube 1 --count
expect 0 '^2$' $sudoku --cube-file "$tmp/f.icnf" --cube 2 --count
expect 0 '^0$' $sudoku --cube-file "$tmp/f.icnf" --cube 3 --count
expect 0 '^6$' $sudoku --cube-file "$tmp/f.icnf" --count
printf 'p cnf 3 2\n1 2 0\n-1 x 0\n' >"$tmp/bad1.cnf"
expect 2 "bad1.cnf:3:4: literal needs an integer, found 'x'" $latin --cube-file "$tmp/bad1.cnf" --count
printf 'p inccnf\n1 2 0\na 1 2\n' >"$tmp/bad2.cnf"
expect 2 'bad2.cnf:3:6: the cube does not end with 0 on its line' $latin --cube-file "$tmp/bad2.cnf" --count
expect 2 'f.icnf: --cube 4, but the file has 3 cubes' $latin --cube-file "$tmp/f.icnf" --cube 4 --count
expect 1 '--cube K goes with --cube-file F' $latin --cube 2 --count
expect 1 '--cube-file counts a formula; it goes with --count, not --all' $latin --cube-file "$tmp/f.icnf" --all
expect 1 "--cube needs a cube number from 1, not '0'" $latin --cube-file "$tmp/f.icnf" --cube 0 --count

# Bad values and conflicts: usage errors, exit 1.
expect 1 "--part needs K/N with 1 <= K <= N <= 1099511627776, not '0/4'" $latin 5 --count --part 0/4
expect 1 "not '5/4'" $latin 5 --count --part 5/4
expect 1 "not '1/'" $latin 5 --count --part 1/
expect 1 "not '1/4x'" $latin 5 --count --part 1/4x
expect 1 "not '1/99999999999999999999'" $latin 5 --count --part 1/99999999999999999999
expect 1 '--part goes with --count or --all, not --unique' $latin 5 --unique --part 1/2
expect 1 '--part goes with --count or --all$' $latin 5 --part 1/2
expect 1 "--cubes needs a number of cubes from 1 to 16777216, not '0'" $latin 5 --cubes 0
expect 1 '--cubes writes the formula instead of solving; it excludes --count' $latin 5 --cubes 4 --count
expect 1 'it goes with --dimacs, not --dimacs-full' $latin 5 --cubes 4 --dimacs-full -
expect 1 "--enumerate is auto, dpll, disjoint or blocking, not 'fast'" $latin 5 --count --enumerate fast

# Progress: on a terminal (script gives the program one) a line with the
# solutions, the share done and the rate; none when stderr is a file.
if command -v script >/dev/null; then
  script -qec "$bin/pz-latin --backend $backend 7 --reduced --count --time-limit 1.2" /dev/null \
    >"$tmp/tty.out" 2>&1
  grep -aEq 'pz-latin: [0-9]+ solutions, [0-9.]+% done, [0-9]+/s' "$tmp/tty.out" ||
    { echo "FAIL: no progress line on a terminal:"; cat -v "$tmp/tty.out"; fail=1; }
  grep -aEq 'at least [0-9]+ \(time limit\)' "$tmp/tty.out" ||
    { echo "FAIL: no partial count after the progress line"; fail=1; }
  script -qec "$bin/pz-latin --backend $backend 7 --reduced --count --time-limit 1.2 --no-progress" /dev/null \
    >"$tmp/tty2.out" 2>&1
  grep -aq 'solutions,' "$tmp/tty2.out" && { echo "FAIL: --no-progress showed progress"; fail=1; }
else
  echo "script(1) missing: progress on a terminal not checked"
fi
$latin 7 --reduced --count --time-limit 1 2>"$tmp/err.txt" >/dev/null
[ -s "$tmp/err.txt" ] && { echo "FAIL: progress without a terminal:"; cat "$tmp/err.txt"; fail=1; }
$latin 7 --reduced --count --time-limit 1.2 --progress 2>"$tmp/err.txt" >/dev/null
grep -aq 'solutions,' "$tmp/err.txt" || { echo "FAIL: --progress showed nothing"; fail=1; }

[ "$fail" = 0 ] && echo "parts_cli: ok"
exit $fail
