#!/usr/bin/env bash
# End-to-end checks of the example programs: output formats, modes, exit
# codes and error messages. Usage: cli_test.sh BINDIR DATADIR BACKEND
set -u
bin=$1 data=$2 backend=$3
fail=0
sudoku="$bin/pz-sudoku --backend $backend"
latin="$bin/pz-latin --backend $backend"

# expect CODE REGEX command...: exit code and a regex over stdout+stderr
expect() {
  local code=$1 re=$2
  shift 2
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" != "$code" ] || ! grep -Eq -- "$re" <<<"$out"; then
    echo "FAIL: $* -> exit $rc (want $code), output:"
    echo "$out" | head -20
    echo "  (wanted /$re/)"
    fail=1
  fi
}

# Line format: exactly one line per input puzzle, in order.
out=$($sudoku --format line "$data/sudoku9.txt")
[ "$(wc -l <<<"$out")" = 3 ] || { echo "FAIL: want 3 lines, got: $out"; fail=1; }
grep -Eq '^[1-9]{81}$' <<<"$(sed -n 1p <<<"$out")" || { echo "FAIL: line 1: $out"; fail=1; }
grep -q '^# no solution' <<<"$(sed -n 2p <<<"$out")" || { echo "FAIL: line 2: $out"; fail=1; }
grep -Eq '^[1-9]{81}$' <<<"$(sed -n 3p <<<"$out")" || { echo "FAIL: line 3: $out"; fail=1; }

expect 0 '^483921657967345821' $sudoku --format line "$data/sudoku9.txt"
expect 0 '4 8 3 \| 9 2 1 \| 6 5 7' $sudoku "$data/sudoku9.txt"
expect 0 '------\+-------\+------' $sudoku "$data/sudoku9.txt"
expect 0 'no solution: given 3 at r1c1 and given 3 at r1c2' $sudoku "$data/sudoku9.txt"
expect 0 '^1$' $sudoku --count <(head -1 "$data/sudoku9.txt")
expect 0 '^0$' $sudoku --count <(sed -n 2p "$data/sudoku9.txt")
expect 0 '^288$' $sudoku --count <(echo ................)
expect 0 '^10\+$' $sudoku --count --limit 10 <(echo ................)
expect 0 '^0$' $sudoku --count --variant anti-king <(echo ................)
expect 0 'not unique' $sudoku --unique <(sed -n 3p "$data/sudoku9.txt")
expect 0 '^unique$' $sudoku --unique <(head -1 "$data/sudoku9.txt")
expect 0 '^# not unique$' $sudoku --unique --format line <(sed -n 3p "$data/sudoku9.txt")
expect 0 '^3 solutions \(limit reached\)$' $sudoku --all --limit 3 <(echo ................)
expect 0 '^[1-4]{16}$' $sudoku --all --limit 3 --format line <(echo ................)
expect 0 '1 [1-6] 3 \| [1-6] [1-6] [1-6]' $sudoku "$data/sudoku6-grid.txt"
expect 0 '^1[1-6]3[1-6]{33}$' $sudoku --format line "$data/sudoku6-grid.txt"
expect 0 '^[1-9][0-9]*$' $sudoku --box 2x3 --count "$data/sudoku6-grid.txt"
expect 0 '^p cnf [0-9]+ [0-9]+' $sudoku --dimacs - <(head -1 "$data/sudoku9.txt")
expect 0 'c ind ' $sudoku --dimacs - <(head -1 "$data/sudoku9.txt")
expect 0 'backends: cadical \(default\) picosat ipasir' $sudoku --version
expect 0 'usage: pz-sudoku' $sudoku --help
expect 0 '^[1-9]{81}$' $sudoku --format line --strategy fresh <(head -1 "$data/sudoku9.txt")
expect 0 '^[1-9]{81}$' $sudoku --format line --encoding ladder <(head -1 "$data/sudoku9.txt")
# Jigsaw regions (counts are checked against brute force in test_sudoku).
expect 0 '^[1-9][0-9]*$' $sudoku --regions "$data/jigsaw4.txt" --count <(echo ................)
expect 0 '^1[1-4]{15}$' $sudoku --regions "$data/jigsaw4.txt" --format line <(echo 1...............)
expect 2 'jigsaw4-bad.txt: region 3 has 5 cells, not 4' $sudoku --regions "$data/jigsaw4-bad.txt" <(echo ................)
expect 2 'expected a puzzle line of n\*n or a grid row of n cells \(n = 4\)' $sudoku --regions "$data/jigsaw4.txt" <(echo .........)
expect 0 '^[1-9]{81}$' $sudoku --variant anti-king,anti-knight --format line <(printf '.%.0s' $(seq 81))
# Bad input: exit 2 with line and column; usage errors: exit 1.
expect 2 'bad-char.txt:2:6: unexpected character' $sudoku "$data/bad-char.txt"
expect 2 ':1:1: 7 cells is not a square number' $sudoku <(echo 1234567)
expect 2 ':2:1: 15 cells is not a square' $sudoku <(printf '1.3.....2...4..1\n1.3.....2...4..\n')
expect 2 'value 5 out of range' $sudoku <(echo 1.3.5...........)
expect 2 'no puzzle in the input' $sudoku /dev/null
expect 2 'No such file' $sudoku "$data/does-not-exist.txt"
expect 1 'no backend named' $bin/pz-sudoku --backend nosuch "$data/sudoku9.txt"
expect 1 'box needs RxC' $sudoku --box 3 "$data/sudoku9.txt"
expect 1 'unknown variant' $sudoku --variant anti-queen "$data/sudoku9.txt"
expect 1 'limit needs a positive' $sudoku --limit -3 "$data/sudoku9.txt"
expect 1 'time-limit needs' $sudoku --time-limit abc "$data/sudoku9.txt"
expect 1 'usage' $sudoku --no-such-option
# Time limit: an empty 36x36 grid with the answer forbidden by a tiny limit
# still answers, either solved or "time limit", never hangs or crashes.
expect 0 '^(# time limit|[0-9 ]+)$' $sudoku --format line --time-limit 0.001 <(printf '0 %.0s' $(seq 1296))

# Latin squares.
expect 0 '^9408$' $latin --reduced --count 6
expect 0 '^576$' $latin --count 4
expect 0 '^[1-5]{25}$' $latin --format line 5
expect 0 '^1 2 3 4 5 6 7 8 9 10 11 12 2( [0-9]+){131}$' $latin --reduced --format line 12
expect 0 '^56 solutions$' $latin --reduced --all 5
expect 0 '^[1-5]{25}$' $latin --fill "$data/latin5.pls" --format line
expect 0 'no solution' $latin --fill "$data/latin-unsat.pls"
# Nothing but the answer on stdout (CaDiCaL would print "c found falsified
# original clause" if it were not set quiet, through IPASIR too).
out=$($latin --fill "$data/latin-unsat.pls" --format line 2>/dev/null)
[ "$out" = "# no solution" ] || { echo "FAIL: unsat output: $out"; fail=1; }
out=$("$bin/pz-nondango" --backend "$backend" --count "$data/nondango/unsat.txt" 2>/dev/null)
[ "$out" = "0" ] || { echo "FAIL: nondango unsat count output: $out"; fail=1; }
expect 1 'order must be 1\.\.' $latin 0
expect 1 'order must be 1\.\.' $latin 1000
expect 2 'expected .order N.' $latin --fill "$data/sudoku9.txt"

# Link-time choice: a program linked with one backend uses it.
for b in cadical picosat; do
  expect 0 "backends: $b \(default\)$" "$bin/pz-sudoku-$b" --version
  expect 0 '^[1-9]{81}$' "$bin/pz-sudoku-$b" --format line <(head -1 "$data/sudoku9.txt")
  expect 0 "^9408$" "$bin/pz-latin-$b" --reduced --count 6
done
exit $fail
