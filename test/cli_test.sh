#!/usr/bin/env bash
# End-to-end checks of the example programs: output formats, modes, exit
# codes and error messages. Usage: cli_test.sh BINDIR DATADIR BACKEND
# BACKENDS (BACKENDS: every configured backend, the default first,
# space-separated, exec left out)
set -u
bin=$1 data=$2 backend=$3 backends=$4
fail=0
sudoku="$bin/pz-sudoku --backend $backend"
latin="$bin/pz-latin --backend $backend"

source "$(dirname "$0")/expect.sh"

# Line format: exactly one line per input puzzle, in order.
out=$($sudoku --format line "$data/sudoku9.txt")
[ "$(wc -l <<<"$out")" = 3 ] || { echo "FAIL: want 3 lines, got: $out"; fail=1; }
grep -Eq '^[1-9]{81}$' <<<"$(sed -n 1p <<<"$out")" || { echo "FAIL: line 1: $out"; fail=1; }
grep -q '^# no solution' <<<"$(sed -n 2p <<<"$out")" || { echo "FAIL: line 2: $out"; fail=1; }
grep -Eq '^[1-9]{81}$' <<<"$(sed -n 3p <<<"$out")" || { echo "FAIL: line 3: $out"; fail=1; }

expect 0 '^483921657967345821' $sudoku --format line "$data/sudoku9.txt"
expect 0 '4 8 3 \| 9 2 1 \| 6 5 7' $sudoku "$data/sudoku9.txt"
expect 0 '------\+-------\+------' $sudoku "$data/sudoku9.txt"
expect 0 'no solution: r1c1 and r1c2 hold the same given in row 1' $sudoku "$data/sudoku9.txt"
expect 0 '^1$' $sudoku --count <(head -1 "$data/sudoku9.txt")
expect 0 '^0$' $sudoku --count <(sed -n 2p "$data/sudoku9.txt")
expect 0 '^288$' $sudoku --count <(echo ................)
expect 0 '^10\+$' $sudoku --count --limit 10 <(echo ................)
expect 0 '^0$' $sudoku --count --variant anti-king <(echo ................)
expect 5 'not unique' $sudoku --unique <(sed -n 3p "$data/sudoku9.txt")
expect 0 '^unique$' $sudoku --unique <(head -1 "$data/sudoku9.txt")
expect 5 '^# not unique$' $sudoku --unique --format line <(sed -n 3p "$data/sudoku9.txt")
expect 0 '^3 solutions \(limit reached\)$' $sudoku --all --limit 3 <(echo ................)
expect 0 '^[1-4]{16}$' $sudoku --all --limit 3 --format line <(echo ................)
expect 0 '1 [1-6] 3 \| [1-6] [1-6] [1-6]' $sudoku "$data/sudoku6-grid.txt"
expect 0 '^1[1-6]3[1-6]{33}$' $sudoku --format line "$data/sudoku6-grid.txt"
expect 0 '^[1-9][0-9]*$' $sudoku --box 2x3 --count "$data/sudoku6-grid.txt"
expect 0 '^p cnf [0-9]+ [0-9]+' $sudoku --dimacs - <(head -1 "$data/sudoku9.txt")
expect 0 'c ind ' $sudoku --dimacs - <(head -1 "$data/sudoku9.txt")
read -r first others <<<"$backends"
expect 0 "^backends: $first \\(default\\) ${others:+$others }exec:ARG\$" $sudoku --version
expect 0 'Usage: pz sudoku' $sudoku --help
expect 0 '^[1-9]{81}$' $sudoku --format line --strategy fresh <(head -1 "$data/sudoku9.txt")
expect 0 '^[1-9]{81}$' $sudoku --format line --encoding ladder <(head -1 "$data/sudoku9.txt")
# Jigsaw regions (counts are checked against brute force in test_sudoku).
expect 0 '^[1-9][0-9]*$' $sudoku --regions "$data/jigsaw4.txt" --count <(echo ................)
expect 0 '^1[1-4]{15}$' $sudoku --regions "$data/jigsaw4.txt" --format line <(echo 1...............)
expect 2 'jigsaw4-bad.txt:4:7: region 3 has 5 cells and region 4 has 3; every region of a 4x4 jigsaw Sudoku has 4' $sudoku --regions "$data/jigsaw4-bad.txt" <(echo ................)
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
expect 1 'box wants RxC' $sudoku --box x3 "$data/sudoku9.txt"
expect 1 "unknown value 'anti-queen'" $sudoku --variant anti-queen "$data/sudoku9.txt"
expect 1 'limit needs a positive' $sudoku --limit -3 "$data/sudoku9.txt"
expect 1 'time-limit needs' $sudoku --time-limit abc "$data/sudoku9.txt"
expect 1 'unrecognized option' $sudoku --no-such-option
# Time limit: the limit covers the whole run, so 1 ms is over before an
# empty 36x36 grid is even encoded: "time limit", exit 4.
expect 4 '^# time limit$' $sudoku --format line --time-limit 0.001 <(printf '0 %.0s' $(seq 1296))

# Latin squares.
expect 0 '^9408$' $latin --reduced --count 6
expect 0 '^576$' $latin --count 4
expect 0 '^[1-5]{25}$' $latin --format line 5
expect 0 '^1 2 3 4 5 6 7 8 9 10 11 12 2( [0-9]+){131}$' $latin --reduced --format line 12
expect 0 '^56 solutions$' $latin --reduced --all 5
expect 0 'no solution' $latin --fill "$data/latin-unsat.pls"
# pz-bench reads a janko.at jigsaw as the sudoku kind does, with its
# regions: solved, unique and verified against them.
printf '4 4\n- - 4 3\n- - - 1\n- 2 - -\n- - - -\n1 1 1 3\n1 3 3 3\n2 2 4 4\n2 2 4 4\n' \
  >"${TMPDIR:-/tmp}/pz-janko-$$.txt"
expect 0 '^[a-z]+ +1 .* 1 +0 +0 +1 +1 +0 ' "$bin/pz-bench" --backend "$backend" --unique sudoku "${TMPDIR:-/tmp}/pz-janko-$$.txt"
rm -f "${TMPDIR:-/tmp}/pz-janko-$$.txt"
# Extra arguments and an empty --dimacs name are named in the message.
expect 1 "unexpected argument 'b'" $sudoku a b
expect 1 "unexpected argument '5'" $latin 4 5
expect 1 "needs a file name" $sudoku --dimacs '' "$data/sudoku9.txt"
# --all in .pls notation is .pls files only: no summary line after them.
out=$($latin --fill "$data/latin5.pls" --all --limit 2 --format pls 2>&1)
grep -q 'solution' <<<"$out" && { echo "FAIL: a summary after .pls answers: $out"; fail=1; }
# Givens that clash are named by their cells, never by a value in the
# library's 1..N (a .pls file says 0 where pz says 1).
printf 'order 3\n0 0 -1\n-1 -1 -1\n-1 -1 -1\n' >"${TMPDIR:-/tmp}/pz-clash-$$.pls"
expect 0 '^no solution: r1c1 and r1c2 hold the same given in row 1$' \
  $latin --fill "${TMPDIR:-/tmp}/pz-clash-$$.pls"
rm -f "${TMPDIR:-/tmp}/pz-clash-$$.pls"
# Nothing but the answer on stdout (CaDiCaL would print "c found falsified
# original clause" if it were not set quiet, through IPASIR too).
out=$($latin --fill "$data/latin-unsat.pls" --format line 2>/dev/null)
[ "$out" = "# no solution" ] || { echo "FAIL: unsat output: $out"; fail=1; }
out=$("$bin/pz-nondango" --backend "$backend" --count "$data/nondango/unsat.txt" 2>/dev/null)
[ "$out" = "0" ] || { echo "FAIL: nondango unsat count output: $out"; fail=1; }
expect 1 '^pz-latin: --order: out of range 1\.\.256$' $latin 0
expect 1 '^pz-latin: --order: out of range 1\.\.256$' $latin 1000
expect 2 "order needs an integer, found 'x'" $latin --fill <(printf 'order x\n')
# A file of puzzle lines is read as Latin puzzles (a Sudoku file too: its
# first puzzle has a Latin completion, its second clashing givens).
expect 0 '^# no solution' $latin --fill "$data/sudoku9.txt" --format line

# Link-time choice: a program linked with one backend uses it (built for
# cadical and picosat, when configured).
for b in cadical picosat; do
  [[ " $backends " == *" $b "* ]] || continue
  expect 0 "backends: $b \(default\)$" "$bin/pz-sudoku-$b" --version
  expect 0 '^[1-9]{81}$' "$bin/pz-sudoku-$b" --format line <(head -1 "$data/sudoku9.txt")
  expect 0 "^9408$" "$bin/pz-latin-$b" --reduced --count 6
done

# --- Issue 7 ------------------------------------------------------------
# pz-sudoku --check: a verdict a line on filled grids, exit 6 when one
# is wrong or incomplete; the rule is named.
sols=$($sudoku --format line "$data/sudoku9.txt" | grep -v '^#')
expect 0 '^correct
correct$' $sudoku --check <(echo "$sols")
bad=$(head -1 <<<"$sols" | sed 's/^\(.\)\(.\)/\2\1/')
expect 6 '^wrong: r1c1 and r[2-9]c1 hold the same given in column 1$' $sudoku --check <(echo "$bad")
expect 6 '^incomplete: r1c1 is empty$' $sudoku --check <(head -1 <<<"$sols" | sed 's/^./0/')
expect 6 '^correct
wrong: ' $sudoku --check <(head -1 <<<"$sols"; echo "$bad")
expect 1 '--check excludes --count' $sudoku --check --count <(echo "$sols")
# --generate --format: grid is a block a puzzle, line one line, in every
# program, and a kind without a one-line form says so.
out=$($sudoku --generate 2 --box 2x2 --format grid)
[ "$(grep -c '|' <<<"$out")" = 8 ] || { echo "FAIL: --generate --format grid: $out"; fail=1; }
expect 0 '^[1-4]{16}
[1-4]{16}$' $sudoku --format line <(echo "$out")
for p in "killer --box 2x2" "kakuro --size 4x4" "starbattle --size 5 --stars 1"; do
  # shellcheck disable=SC2086
  expect 1 'generate --format line: .* is a block of lines' $bin/pz-$p --backend $backend --generate 1 --format line
done
# (A Knightdoku of the default shape is one line: the box and the knights
# are those of its size.)
expect 0 '^[.0-9]{16}$' $bin/pz-knightdoku --backend $backend --box 2x2 --generate 1 --format line
expect 1 'generate --format line: a nondango puzzle is a block of lines' $bin/pz-nondango --backend $backend --generate 1 --format line "$data/nondango/a4x6.txt"
expect 0 '^[0-9]+:[0-9A-Z,]+$' $bin/pz-futoshiki --backend $backend --generate 1 --order 4 --format line
expect 0 '^[0-9]{18}$' $bin/pz-eulero --backend $backend --generate 1 --order 3 --format line
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Empty, blank and comment-only input is "no puzzle" (exit 2), never a
# crash, in every program and mode, from stdin and from a file.
printf '' >"$tmp/empty.txt"
printf '\n  \n\t\n' >"$tmp/blank.txt"
printf '# only a comment\n\n# and another\n' >"$tmp/comment.txt"
for p in sudoku latin killer kakuro starbattle futoshiki eulero knightdoku nondango; do
  for f in empty blank comment; do
    for m in "" --count --unique "--format json"; do
      # shellcheck disable=SC2086
      fill=; [ $p = latin ] && fill=--fill
      # shellcheck disable=SC2086
      expect 2 ':[0-9]+:1: no puzzle' $bin/pz-$p --backend $backend $m $fill - <"$tmp/$f.txt"
      # shellcheck disable=SC2086
      expect 2 "$f.txt:[0-9]+:1: no puzzle" $bin/pz-$p --backend $backend $m $fill "$tmp/$f.txt"
    done
  done
done
knight="$bin/pz-knightdoku --backend $backend"
nondango="$bin/pz-nondango --backend $backend"
bench="$bin/pz-bench --backend $backend"

# expect_full CODE REGEX command...: as expect, with stdout on /dev/full
# (the regex is matched against stderr).
expect_full() {
  local code=$1 re=$2
  shift 2
  local out rc
  out=$("$@" 2>&1 >/dev/full)
  rc=$?
  if [ "$rc" != "$code" ] || ! grep -Eq -- "$re" <<<"$out"; then
    echo "FAIL: $* >/dev/full -> exit $rc (want $code), stderr:"
    echo "$out" | head -5
    echo "  (wanted /$re/)"
    fail=1
  fi
}
# same_out NAME WANT GOT: exact comparison
same_out() {
  if [ "$2" != "$3" ]; then
    echo "FAIL: $1: want"
    echo "$2"
    echo "got:"
    echo "$3"
    fail=1
  fi
}

# 4: write errors are failures (exit 3), in every program and --dimacs.
nospace='writing the output failed: No space left on device'
expect_full 3 "$nospace" $sudoku <(head -1 "$data/sudoku9.txt")
expect_full 3 "$nospace" $sudoku --format line "$data/sudoku9.txt"
expect_full 3 "$nospace" $sudoku --all --format line <(echo ................)
expect_full 3 "$nospace" $latin 5
expect_full 3 "$nospace" $latin --count 4
expect_full 3 "$nospace" $nondango "$data/nondango/a4x6.txt"
expect_full 3 "$nospace" $nondango --convert --format url "$data/nondango/a4x6.txt"
expect_full 3 "$nospace" $knight "$data/knightdoku/nine.txt"
expect_full 3 "$nospace" $sudoku --version
expect_full 3 "$nospace" $bench latin 3
expect 3 'writing /dev/full failed: No space left on device' $sudoku --dimacs /dev/full <(head -1 "$data/sudoku9.txt")
expect_full 3 'writing stdout failed' $sudoku --dimacs - <(head -1 "$data/sudoku9.txt")

# 5: a bad line in a batch is reported where it is (file:line:column) and
# has a placeholder in its place; the rest is solved; exit 2.
printf '1.3.....2...4..1\n1.3.5...........\n1x3.............\n................\n' >"$tmp/batch.txt"
out=$($sudoku --format line "$tmp/batch.txt" 2>"$tmp/err")
rc=$?
[ "$rc" = 2 ] || { echo "FAIL: batch exit $rc, want 2"; fail=1; }
[ "$(wc -l <<<"$out")" = 4 ] || { echo "FAIL: batch: want 4 lines: $out"; fail=1; }
grep -Eq '^[1-4]{16}$' <<<"$(sed -n 1p <<<"$out")" || { echo "FAIL: batch line 1: $out"; fail=1; }
grep -q '^# error: line 2: ' <<<"$(sed -n 2p <<<"$out")" || { echo "FAIL: batch line 2: $out"; fail=1; }
grep -q '^# error: line 3: ' <<<"$(sed -n 3p <<<"$out")" || { echo "FAIL: batch line 3: $out"; fail=1; }
grep -Eq '^[1-4]{16}$' <<<"$(sed -n 4p <<<"$out")" || { echo "FAIL: batch line 4: $out"; fail=1; }
grep -q "batch.txt:2:5: " "$tmp/err" && grep -q "batch.txt:3:2: " "$tmp/err" ||
  { echo "FAIL: batch stderr:"; cat "$tmp/err"; fail=1; }
out=$($sudoku --count "$tmp/batch.txt" 2>/dev/null)
same_out "batch counts" "$(printf '%s\n# error: line 2: %s\n# error: line 3: %s\n288' \
  "$(sed -n 1p <<<"$out" | grep -E '^[0-9]+$')" \
  "$(sed -n 2p <<<"$out" | sed 's/^# error: line 2: //')" \
  "$(sed -n 3p <<<"$out" | sed 's/^# error: line 3: //')")" "$out"
expect 2 '^# puzzle 4 \(line 4\)$' $sudoku "$tmp/batch.txt"

# 6: a .pls completion answers as a .pls file, in the file's own symbols
# 0..N-1; --format grid and line write pz's 1..N, which --fill reads back
# (issue 23, item 5); line format stays unambiguous.
# pls_answer PLS: checks a grid of N rows of N symbols on stdin: a Latin
# square over 0..N-1 that keeps the file's givens.
pls_answer() {
  awk -v pls="$1" '
    BEGIN { while ((getline l < pls) > 0) { m = split(l, f, " ");
              for (i = 1; i <= m; i++) if (f[i] != "order") g[k++] = f[i]; }
            n = g[0]; bad = 0 }
    { if (NF != n) bad = 1; for (c = 1; c <= NF; c++) { v = $c;
        if (v !~ /^[0-9]+$/ || v >= n) bad = 1;
        if (g[1 + r * n + c - 1] != -1 && g[1 + r * n + c - 1] != v) bad = 1;
        if (row[r, v]++ || col[c, v]++) bad = 1 }
      r++ }
    END { exit(bad || r != n) }'
}
# minus_one: symbols 1..N on stdin as 0..N-1.
minus_one() { awk '{ for (i = 1; i <= NF; i++) $i = $i - 1; print }'; }
out=$($latin --fill "$data/latin5.pls")
[ "$(head -1 <<<"$out")" = "order 5" ] && tail -n +2 <<<"$out" | pls_answer "$data/latin5.pls" ||
  { echo "FAIL: --fill of a .pls is not a .pls completion: $out"; fail=1; }
$latin --fill "$data/latin5.pls" --format grid | minus_one | pls_answer "$data/latin5.pls" ||
  { echo "FAIL: --fill grid is not a 1-based completion"; $latin --fill "$data/latin5.pls" --format grid; fail=1; }
$latin --fill "$data/latin5.pls" --format line | sed 's/./& /g' | minus_one | tr ' ' '\n' |
  paste -d' ' - - - - - | pls_answer "$data/latin5.pls" || { echo "FAIL: --fill line is not a 1-based completion"; fail=1; }
out=$($latin --fill "$data/latin5.pls" --format pls)
[ "$(head -1 <<<"$out")" = "order 5" ] && tail -n +2 <<<"$out" | pls_answer "$data/latin5.pls" ||
  { echo "FAIL: --format pls: $out"; fail=1; }
same_out "pls round trip" "$out" "$($latin --fill - --format pls <<<"$out")"
expect 0 '^1 2 3 4 5 6 7 8 9 10 11 12 2( [0-9]+){131}$' $latin --reduced --format line --fill <(
  echo order 12; echo 0 1 2 3 4 5 6 7 8 9 10 11; for i in $(seq 11); do printf -- '-1 %.0s' $(seq 12); echo; done)
expect 1 '--format is grid, line(, json)? or pls' $latin --format xml 4
expect 1 '--format is grid, line(, json)?, url, janko or iss, not .pls.' $sudoku --format pls "$data/sudoku9.txt"

# 11: messages that say what is wrong.
expect 1 "^pz-sudoku: --limit '99999999999999999999' is too large \(max 18446744073709551615\)$" \
  $sudoku --count --limit 99999999999999999999 "$data/sudoku9.txt"
expect 1 "--time-limit '1e300' is too large \(max 1000000000 seconds\)" $sudoku --time-limit 1e300 "$data/sudoku9.txt"
expect 1 "--time-limit '1e-400' is too small" $sudoku --time-limit 1e-400 "$data/sudoku9.txt"
expect 1 'windoku .*jigsaw \(--regions\) has no boxes' $sudoku --variant windoku --regions "$data/jigsaw4.txt" <(echo ................)
expect 1 "^pz-sudoku: unrecognized option '--no-such-option'" $sudoku --no-such-option
expect 1 "^pz-latin: unrecognized option '--no-such-option'" $latin --no-such-option
expect 1 "^pz-bench: unknown workload 'foo' \(a kind: pz list names them; or latin N, grids RxC\)$" $bench foo
expect 1 "^Try 'pz-bench --help'\.$" $bench foo
expect 1 "^pz-bench: unknown workload 'foo' \(a kind" $bench foo 3
expect 1 "--box '4294967297x1': R '4294967297' is too large \(1\.\.1024\)" $sudoku --box 4294967297x1 "$data/sudoku9.txt"
expect 1 "--box '3x4294967299': C '4294967299' is too large" $sudoku --box 3x4294967299 "$data/sudoku9.txt"
expect 1 "--box wants RxC .e.g. 3x3., not '3x-3'" $sudoku --box 3x-3 "$data/sudoku9.txt"
expect 1 "--box '40x40': boxes of 1600 cells" $sudoku --box 40x40 "$data/sudoku9.txt"
expect 1 "--box '4294967297x1': R '4294967297' is too large \(1\.\.1024\)" $knight --box 4294967297x1 "$data/knightdoku/nine.txt"
expect 1 "--box '4294967297x1': R '4294967297' is too large" $bench grids 4294967297x1
# 16: pz-bench latin abc read an uninitialised order: one clear message
# (a word after latin is a file of Latin puzzles).
out=$($bench latin abc 2>&1)
rc=$?
same_out "pz-bench latin abc" "pz-bench: abc: No such file or directory" "$out"
[ "$rc" = 2 ] || { echo "FAIL: pz-bench latin abc exit $rc"; fail=1; }
expect 1 "--order: out of range 1\.\.256" $bench latin 0

# 12: a directory as input: "is a directory", exit 2.
expect 2 "^pz-sudoku: $data: is a directory$" $sudoku "$data"
expect 2 "^pz-sudoku: $data: is a directory$" $sudoku --regions "$data" "$data/sudoku9.txt"
expect 2 "^pz-latin: $data: is a directory$" $latin --fill "$data"
expect 2 "^pz-nondango: $data: is a directory$" $nondango "$data"
expect 2 "^pz-knightdoku: $data: is a directory$" $knight "$data"
expect 2 "^pz-bench: $data: is a directory$" $bench sudoku "$data"
expect 2 "^pz-sudoku: standard input: is a directory$" $sudoku - <"$data"

# 13: own exit codes for non-answers; in a batch the worst one wins.
expect 6 '^wrong: three white circles in a line \(at r1c1\)$' $nondango --check "pzprv3/nondango/1/3/1/0 0 0 /o o o /"
# Region faults name the region by its first cell, never by internal codes.
expect 6 '^wrong: no black circle in the region of r1c1 \(at r1c1\)$' $nondango --check "pzprv3/nondango/1/3/1/0 1 1 /o o . /"
expect 6 '^wrong: two black circles in the region of r1c1 \(at r1c3\)$' $nondango --check "pzprv3/nondango/1/3/1/0 0 0 /# o # /"
expect 0 '^correct$' $nondango --check "$data/nondango/b5x3.pzprv3"
expect 5 '^# not unique$' $sudoku --unique --format line <(sed -n 1p "$data/sudoku9.txt"; sed -n 3p "$data/sudoku9.txt")
expect 2 '^# not unique$' $sudoku --unique --format line <(sed -n 3p "$data/sudoku9.txt"; echo 1.3.5...........)
expect 0 '^no solution' $sudoku --unique <(sed -n 2p "$data/sudoku9.txt")
expect 4 '^at least [0-9]+ \(time limit\)$' $latin --count 7 --time-limit 0.3
expect 4 '^time limit$' $latin 40 --time-limit 0.000001

# 14: --all --format line marks each puzzle; jigsaw grids show their
# regions; conflicting options are refused.
out=$($sudoku --all --format line --limit 2 <(echo 1...............; echo ..3.............))
[ "$(grep -c '^# puzzle' <<<"$out")" = 2 ] && [ "$(sed -n 1p <<<"$out")" = "# puzzle 1 (line 1)" ] &&
  [ "$(sed -n 4p <<<"$out")" = "# puzzle 2 (line 2)" ] && [ "$(grep -Ec '^[1-4]{16}$' <<<"$out")" = 4 ] ||
  { echo "FAIL: --all --format line separators:"; echo "$out"; fail=1; }
out=$($sudoku --regions "$data/jigsaw4.txt" <(echo 1...............))
same_out "jigsaw borders" "$(printf 'd   d | d   d\nd   d | d   d\n--+---+------\nd | d   d   d\n  +-------+\nd   d   d | d')" \
  "$(sed 's/[1-4]/d/g' <<<"$out")"
same_out "jigsaw grid read back" "$($sudoku --regions "$data/jigsaw4.txt" --format line <(echo 1...............))" \
  "$($sudoku --regions "$data/jigsaw4.txt" --format line <<<"$out")"
expect 1 '--count and --unique exclude each other' $sudoku --count --unique "$data/sudoku9.txt"
expect 1 '--count and --all exclude each other' $sudoku --count --all "$data/sudoku9.txt"
expect 1 '--all and --unique exclude each other' $latin --all --unique 3
expect 1 '--limit goes with --count, --all or --candidates, not --unique' $sudoku --unique --limit 3 "$data/sudoku9.txt"
expect 1 '--limit goes with --count, --all or --candidates' $latin --limit 3 4
expect 1 'excludes --count' $sudoku --dimacs - --count "$data/sudoku9.txt"
expect 1 '--check excludes --convert' $nondango --check --convert "$data/nondango/a4x6.txt"
expect 1 '--check excludes --count' $nondango --check --count "$data/nondango/a4x6.txt"
# --dimacs maps variables to cells ("c var V rRcC=X"); --dimacs-full is the
# whole formula. Checked by solving the file with the picosat program (when
# installed) and reading the model back through the map alone: the full
# formula gives a valid grid keeping the givens, the simplified one a value
# for every cell it maps, consistent with the givens.
# grid_from_model DIMACS: the cells "r c v" the model of picosat sets true
grid_from_model() {
  picosat "$1" | awk -v map="$1" '
    BEGIN { while ((getline l < map) > 0)
              if (l ~ /^c var [0-9]+ r[0-9]+c[0-9]+=[0-9]+$/) {
                split(l, f, " "); split(f[4], rc, /[rc=]/); cell[f[3]] = rc[2] " " rc[3] " " rc[4] } }
    /^v/ { for (i = 2; i <= NF; i++) if ($i > 0 && ($i in cell)) print cell[$i] }'
}
# sudoku_ok N PUZZLE FULL: "r c v" lines on stdin form a valid N x N Sudoku
# (square boxes) keeping PUZZLE's givens; FULL=1: every cell set.
sudoku_ok() {
  awk -v n="$1" -v p="$2" -v full="$3" '
    { r = $1; c = $2; v = $3; b = int((r - 1) / sqrt(n)) * sqrt(n) + int((c - 1) / sqrt(n))
      if (seen[r, c]++ || row[r, v]++ || col[c, v]++ || box[b, v]++) bad = "twice " $0
      g = substr(p, (r - 1) * n + c, 1); if (g != "." && g != v) bad = "given " $0
      cells++ }
    END { for (i = 1; i <= n * n; i++) { g = substr(p, i, 1); r = int((i - 1) / n) + 1; c = (i - 1) % n + 1
            if (g != "." && !seen[r, c]) { if (full) bad = "unset given"
                                            if (row[r, g]++ || col[c, g]++) bad = "given clash" } }
          if (full && cells != n * n) bad = "cells " cells
          if (bad) print bad; exit(bad != "") }'
}
if command -v picosat >/dev/null; then
  p4=1.......2.......
  for mode in dimacs dimacs-full; do
    $sudoku --$mode "$tmp/f.cnf" <<<"$p4" || { echo "FAIL: --$mode"; fail=1; }
    grid_from_model "$tmp/f.cnf" | sudoku_ok 4 "$p4" $([ $mode = dimacs-full ] && echo 1 || echo 0) ||
      { echo "FAIL: --$mode model read through the map:"; grid_from_model "$tmp/f.cnf"; fail=1; }
    p9=$(head -1 "$data/sudoku9.txt")
    $sudoku --$mode "$tmp/g.cnf" <<<"$p9"
    grid_from_model "$tmp/g.cnf" | sudoku_ok 9 "$p9" $([ $mode = dimacs-full ] && echo 1 || echo 0) ||
      { echo "FAIL: --$mode 9x9 model read through the map"; fail=1; }
  done
  [ "$(grep -c '^c var ' "$tmp/f.cnf")" = 64 ] || { echo "FAIL: --dimacs-full 4x4 maps $(grep -c '^c var ' "$tmp/f.cnf") variables, not 64"; fail=1; }
fi
expect 0 '^c var [0-9]+ r[0-9]+c[0-9]+=(0|1|2|3|4)$' $latin --fill "$data/latin5.pls" --dimacs-full -
expect 0 '^c var [0-9]+ r[0-9]+c[0-9]+=N$' $knight --dimacs - "$data/knightdoku/small4.txt"
expect 0 '^c var [0-9]+ r[0-9]+c[0-9]+=black$' $nondango --dimacs - "$data/nondango/a4x6.txt"
expect 0 'the givens decide every cell' $sudoku --dimacs - <<<'..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
expect 1 'give --dimacs or --dimacs-full once' $sudoku --dimacs - --dimacs-full - "$data/sudoku9.txt"
# --generate (issue 10): bad values and combinations are usage errors.
expect 1 "--generate needs a number of puzzles from 1 to 1000000000, not '0'" $sudoku --generate 0
expect 1 "--symmetry is none, rotate180, rotate90, mirror or diagonal, not 'spiral'" $sudoku --generate 1 --symmetry spiral
expect 1 "--difficulty is any, singles, probing, deep-probing or search, not 'hard'" $sudoku --generate 1 --difficulty hard
expect 1 "--givens needs a number of givens from 1 to 1000000, not 'x'" $sudoku --generate 1 --givens x
expect 1 '--seed, --symmetry, --difficulty, --givens and --minimal go with --generate' $sudoku --seed 3 "$data/sudoku9.txt"
expect 1 '--generate makes puzzles; it excludes --count' $sudoku --generate 1 --count
# --generate FILE: puzzles on the rules of FILE's one puzzle (its boxes,
# regions, variants, constraints; docs/VARIANTS.md), so one at a time.
expect 2 'sudoku9.txt:2:1: a second puzzle: one at a time here' $sudoku --generate 1 "$data/sudoku9.txt"
expect 0 '^[1-9.]{36}$' $sudoku --generate 1 --format line "$data/sudoku6-grid.txt"
ki="$bin/pz-killer --backend $backend"
expect 0 '^unique$' bash -c "$ki --generate 1 --seed 3 | $ki --unique | tail -1"
expect 0 '^unique$' bash -c "$ki --generate 1 --seed 1 --box 2x3 | $ki --unique | tail -1"
fu="$bin/pz-futoshiki --backend $backend"
out=$($fu --generate 4 --seed 3 --order 4 | $fu --unique --format line)
[ "$(grep -Ec '^[1-4]{16}$' <<<"$out")" = 4 ] || { echo "FAIL: futoshiki --generate | --unique: $out"; fail=1; }
expect 0 '^unique$' bash -c "$fu --generate 1 --seed 2 --format grid | $fu --unique | tail -1"
# Solving, the order is the input's: --order (--size) may only agree.
expect 2 'the size asked for is 5, but the puzzle is of order 4' $fu --order 5 "$data/futoshiki/four.txt"
expect 0 '^2341421331241432$' $fu --order 4 --format line "$data/futoshiki/four.txt"
# --generate -j 2: the same puzzles, in the same order, as one thread.
for args in "--generate 12 --seed 7" "--generate 3 --box 2x3 --seed 2" "--generate 3 --jigsaw --box 2x3 --seed 4"; do
  a=$($sudoku $args -j 1) b=$($sudoku $args -j 2)
  [ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: $args: -j 2 differs from -j 1"; fail=1; }
done
for args in "pz-futoshiki --generate 6 --order 4" "pz-killer --generate 3 --box 2x3"; do
  a=$($bin/$args --backend $backend -j 1) b=$($bin/$args --backend $backend -j 2)
  [ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: $args: -j 2 differs from -j 1"; fail=1; }
done
a=$($bin/pz-knightdoku --backend $backend --generate 4 --box 2x3 --knights 2 -j 1)
b=$($bin/pz-knightdoku --backend $backend --generate 4 --box 2x3 --knights 2 -j 2)
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: pz-knightdoku --generate -j 2 differs"; fail=1; }
[ "$(grep -c '^size' <<<"$a")" = 4 ] && [ "$(grep -c '^$' <<<"$a")" = 3 ] || { echo "FAIL: 4 knightdoku puzzles, blank lines between: $a"; fail=1; }
# Knightdoku and Nondango: clue generation; the puzzle pipes back, unique.
kd="$bin/pz-knightdoku --backend $backend"
expect 0 '^unique$' bash -c "$kd --generate 1 --seed 3 --box 2x3 --knights 2 | $kd --unique"
expect 0 '^size 9 box 3x3 knights 3$' $kd --generate 2 --seed 1
expect 1 'reads no input file' $kd --generate 1 "$data/knightdoku/nine.txt"
nd="$bin/pz-nondango --backend $backend"
expect 0 '^unique$' bash -c "$nd --generate 1 --seed 2 '$data/nondango/two.txt' | $nd --unique"
expect 1 '--convert excludes --generate' $nd --generate 1 --convert "$data/nondango/two.txt"
# Kinds with a header line read batches: generated puzzles pipe back
# whole, a bad puzzle is told with the input's line and the rest solved.
out=$($ki --generate 3 --seed 2 --box 2x3 | $ki --unique --format line)
[ "$(grep -Ec '^[1-6]{36}$' <<<"$out")" = 3 ] || { echo "FAIL: killer batch: $out"; fail=1; }
out=$($kd --generate 3 --seed 2 --box 2x3 --knights 2 | $kd --unique --format line)
[ "$(grep -Ec '^[.N0-8]{36}$' <<<"$out")" = 3 ] || { echo "FAIL: knightdoku batch: $out"; fail=1; }
eu="$bin/pz-eulero --backend $backend"
expect 0 '^unique$' bash -c "$eu --generate 1 --seed 1 | $eu --unique | tail -1"
out=$($eu --generate 3 --order 5 --seed 2 | $eu --unique --format line)
[ "$(grep -Ec '^([1-5]{2}){25}$' <<<"$out")" = 3 ] || { echo "FAIL: eulero --generate | --unique: $out"; fail=1; }
a=$($eu --generate 4 --order 5 --seed 3 -j 1) b=$($eu --generate 4 --order 5 --seed 3 -j 2)
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: pz-eulero --generate -j 2 differs"; fail=1; }
[ "$($eu --format line -j 2 <<<"$a")" = "$($eu --format line <<<"$a")" ] || { echo "FAIL: pz-eulero batch -j 2 differs"; fail=1; }
{ cat "$data/eulero/small4.txt"; printf '\n4 4\n12 00 00 00\n00 0x 00 00\n00 00 00 00\n00 00 00 00\n\n'; cat "$data/eulero/small4.txt"; } >"$tmp/eb.txt"
expect 2 "eb.txt:11:4: " $eu --format line "$tmp/eb.txt"
out=$($eu --format line "$tmp/eb.txt" 2>/dev/null)
[ "$(sed -n 2p <<<"$out")" = "# error: line 11: $($eu "$tmp/eb.txt" 2>&1 >/dev/null | sed 's/.*eb.txt:11:4: //')" ] && [ "$(sed -n 1p <<<"$out")" = "$(sed -n 3p <<<"$out")" ] || { echo "FAIL: eulero bad batch: $out"; fail=1; }
# Nondango batches: URLs, pzprv3 files and grid puzzles one after another.
out=$($nd --generate 3 --seed 2 "$data/nondango/a4x6.txt" | $nd --unique --format line)
[ "$(grep -Ec '^[o#.]{24}$' <<<"$out")" = 3 ] || { echo "FAIL: nondango --generate | --unique: $out"; fail=1; }
{ cat "$data/nondango/c7x5.url" "$data/nondango/c7x5.url" "$data/nondango/b5x3.pzprv3"; echo; cat "$data/nondango/bad-char.txt"; echo; cat "$data/nondango/a4x6.txt"; } >"$tmp/nb.txt"
out=$($nd --format line "$tmp/nb.txt" 2>&1)
[ $? = 2 ] && [ "$(grep -c '^[o#.]*$' <<<"$out")" = 4 ] && grep -q "nb.txt:25:2: bad circle cell 'x'" <<<"$out" && grep -q '^# error: line 25: bad circle' <<<"$out" || { echo "FAIL: nondango batch: $out"; fail=1; }
expect 1 'it reads no input file' $eu --generate 1 "$data/eulero/small4.txt"
expect 1 '--cyclic is for solving; --generate makes puzzles of givens on plain squares' $eu --generate 1 --cyclic 3
expect 1 '--cyclic 5 needs K <= the order \(--order 4\)' $eu --order 4 --cyclic 5
expect 1 '--normal goes with --mates' $eu --normal "$data/eulero/small4.txt"
expect 0 '^[AB] r[1-4]c[1-4] = [1-4]: ' $eu --hint "$data/eulero/small4.txt"
expect 0 '^[1-6.]{36}$' $sudoku --box 2x3 --generate 1 --seed 5
# --generate --jigsaw: a new random layout per puzzle, in janko.at's
# layout; the round trip says unique; several are apart by blank lines,
# each read back on its own; same seed, same output.
expect 0 '^unique$' bash -c "$sudoku --generate 1 --jigsaw --seed 1 | $sudoku --unique"
expect 0 '^unique$' bash -c "$sudoku --generate 1 --jigsaw --box 2x3 --variant anti-king --seed 2 | $sudoku --unique --variant anti-king"
$sudoku --generate 3 --jigsaw --box 2x3 --seed 4 >"$tmp/jg.txt"
[ "$(grep -c '^6 6$' "$tmp/jg.txt")" = 3 ] && [ "$(grep -c '^$' "$tmp/jg.txt")" = 2 ] &&
  [ "$(grep -Ec '^[1-6-]( [1-6-]){5}$' "$tmp/jg.txt")" = 36 ] ||
  { echo "FAIL: --generate 3 --jigsaw: $(cat "$tmp/jg.txt")"; fail=1; }
for k in 1 2 3; do
  awk -v k=$k 'BEGIN { RS = "" } NR == k' "$tmp/jg.txt" >"$tmp/jg$k.txt"
  $sudoku --unique "$tmp/jg$k.txt" >/dev/null ||
    { echo "FAIL: --jigsaw puzzle $k: not unique, or not read"; fail=1; }
done
# The three read back as one batch: three unique answers, in order; a
# broken first puzzle is reported in its place and the others still run.
out=$($sudoku --unique --format line "$tmp/jg.txt")
[ "$(grep -Ec '^[1-6]{36}$' <<<"$out")" = 3 ] || { echo "FAIL: --jigsaw batch: $out"; fail=1; }
{ head -9 "$tmp/jg.txt"; echo; tail -n +15 "$tmp/jg.txt"; } >"$tmp/jgbad.txt"
out=$($sudoku --unique --format line "$tmp/jgbad.txt" 2>/dev/null)
[ "$(sed -n 1p <<<"$out" | grep -c '^# error: line')" = 1 ] && [ "$(grep -Ec '^[1-6]{36}$' <<<"$out")" = 2 ] ||
  { echo "FAIL: --jigsaw batch with a bad puzzle: $out"; fail=1; }
$sudoku --generate 3 --jigsaw --box 2x3 --seed 4 | cmp -s - "$tmp/jg.txt" || { echo "FAIL: --jigsaw: seed 4 twice differs"; fail=1; }
$sudoku --generate 3 --jigsaw --box 2x3 --seed 5 | cmp -s - "$tmp/jg.txt" && { echo "FAIL: --jigsaw: seeds 4 and 5 agree"; fail=1; }
expect 1 '--jigsaw makes random layouts for --generate' $sudoku --jigsaw "$data/sudoku9.txt"
expect 1 '--jigsaw makes its own layouts; it cannot be used with --regions' $sudoku --generate 1 --jigsaw --regions "$data/jigsaw/regions4.txt"
expect 1 '--jigsaw has no boxes for --variant windoku' $sudoku --generate 1 --jigsaw --variant windoku

# --rate: one line per puzzle. A solved grid less one cell needs singles;
# Inkala's puzzle more; an empty grid and a contradiction are told apart.
full=$($sudoku --format line <(head -1 "$data/sudoku9.txt"))
out=$(printf '%s\n%s\n%s\n%s\n' ".${full:1}" \
  '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..' \
  "$(printf '.%.0s' {1..81})" "11$(printf '.%.0s' {1..79})" | $sudoku --rate)
want=$'singles\nX\nnot unique\nno solution'
[ "$(sed 2s/.*/X/ <<<"$out")" = "$want" ] || { echo "FAIL: --rate: $out"; fail=1; }
grep -Eq '^(probing|deep-probing|search)$' <<<"$(sed -n 2p <<<"$out")" || { echo "FAIL: --rate Inkala: $out"; fail=1; }
expect 1 '--count and --rate exclude each other' $sudoku --count --rate "$data/sudoku9.txt"
expect 0 '^(singles|probing|deep-probing)$' $bin/pz-knightdoku --backend $backend --rate "$data/knightdoku/nine.txt"
# --hint and --explain: the steps' form; their truth is test_generate's.
expect 0 '^r[1-9]c[1-9] = [1-9]: the only (value left for r[1-9]c[1-9]|place for [1-9] in (row|column|box) [1-9])$' $sudoku --hint <(head -1 "$data/sudoku9.txt")
expect 0 '^solved with (singles|probing|deep-probing)$' $sudoku --explain <(head -1 "$data/sudoku9.txt")
expect 0 '^stuck: nothing more follows without guessing' $sudoku --explain <(echo ................)
expect 0 '^no hint: nothing follows without guessing' $sudoku --hint <(echo ................)
# "no solution" reads the same from --hint and --explain (a '#' remark
# only in --format line).
for m in --hint --explain; do
  expect 0 '^no solution: r1c1 and r1c2 hold the same given in row 1$' $sudoku $m <(sed -n 2p "$data/sudoku9.txt")
  expect 0 '^# no solution: r1c1 and r1c2 hold the same given in row 1$' $sudoku $m --format line <(sed -n 2p "$data/sudoku9.txt")
done
expect 1 '--hint and --explain exclude each other' $sudoku --hint --explain "$data/sudoku9.txt"
expect 0 '^solved with ' $bin/pz-knightdoku --backend $backend --explain "$data/knightdoku/nine.txt"
out=$($sudoku --hint "$data/sudoku9.txt")
[ "$(wc -l <<<"$out")" = 3 ] || { echo "FAIL: --hint, one line per puzzle: $out"; fail=1; }
# Latin squares generated (issue 10). latin_count counts the completions
# of puzzle lines (n*n characters 1-9, '.' blank), up to 2, one count per
# line: plain backtracking written from the rules, not pz (0 when givens
# clash).
latin_count() {
  awk '
    function ok(i, v,   r, c, k) {
      r = int(i / n); c = i % n
      for (k = 0; k < n; k++) if (g[r * n + k] == v || g[k * n + c] == v) return 0
      return 1 }
    function count(i,   v, t) {
      while (i < n * n && g[i] != 0) i++
      if (i == n * n) return 1
      for (v = 1; v <= n && t < 2; v++)
        if (ok(i, v)) { g[i] = v; t += count(i + 1); g[i] = 0 }
      return t }
    { m = length($0); n = int(sqrt(m) + 0.5); bad = n * n != m
      for (i = 0; i < m; i++) { ch = substr($0, i + 1, 1); g[i] = ch == "." ? 0 : ch + 0 }
      for (i = 0; i < m; i++) if (g[i]) { v = g[i]; g[i] = 0; if (!ok(i, v)) bad = 1; g[i] = v }
      k = bad ? 0 : count(0); print (k > 2 ? 2 : k) }'
}
# Each line of $2 completes line for line the puzzle of $1 (both files).
latin_agrees() {
  paste -d' ' "$1" "$2" | awk '{ if (length($1) != length($2)) bad = 1
    for (i = 1; i <= length($1); i++) { p = substr($1, i, 1)
      if (p != "." && p != substr($2, i, 1)) bad = 1 } }
    END { exit bad }'
}
# Holes per line, and whether every row and column of an order-n line has
# as many holes as every other, give or take one: "HOLES balanced".
latin_holes() {
  awk -v n="$1" '{ h = 0; delete rh; delete ch
    for (i = 0; i < n * n; i++) if (substr($0, i + 1, 1) == ".") { h++; rh[int(i / n)]++; ch[i % n]++ }
    lo = n * n; hi = 0
    for (k = 0; k < n; k++) { lo = rh[k] + 0 < lo ? rh[k] + 0 : lo; hi = rh[k] + 0 > hi ? rh[k] + 0 : hi
                              lo = ch[k] + 0 < lo ? ch[k] + 0 : lo; hi = ch[k] + 0 > hi ? ch[k] + 0 : hi }
    print h, (hi - lo <= 1 ? "balanced" : "unbalanced") }'
}
# Completion puzzles: one per line, each with exactly one completion (the
# counter above), reproducible, and read back by --fill.
$latin --generate 4 --seed 1 5 >"$tmp/lp.txt"
[ "$(grep -Ec '^[1-5.]{25}$' "$tmp/lp.txt")" = 4 ] || { echo "FAIL: latin --generate 4: $(cat "$tmp/lp.txt")"; fail=1; }
[ "$(latin_count <"$tmp/lp.txt" | tr '\n' ' ')" = "1 1 1 1 " ] ||
  { echo "FAIL: latin --generate: completions $(latin_count <"$tmp/lp.txt")"; fail=1; }
$latin --generate 4 --seed 1 5 | cmp -s - "$tmp/lp.txt" || { echo "FAIL: latin --generate: seed 1 twice differs"; fail=1; }
$latin --generate 4 --seed 2 5 | cmp -s - "$tmp/lp.txt" && { echo "FAIL: latin --generate: seeds 1 and 2 agree"; fail=1; }
$latin --fill - --format line <"$tmp/lp.txt" >"$tmp/ls.txt"
[ "$(latin_count <"$tmp/ls.txt" | tr '\n' ' ')" = "1 1 1 1 " ] && latin_agrees "$tmp/lp.txt" "$tmp/ls.txt" ||
  { echo "FAIL: latin --generate | --fill -:"; cat "$tmp/ls.txt"; fail=1; }
$latin --generate 3 --seed 7 6 | $latin --fill - --unique --format line >"$tmp/lu.txt"
[ "$(grep -Ec '^[1-6]{36}$' "$tmp/lu.txt")" = 3 ] || { echo "FAIL: latin 6 --generate | --unique: $(cat "$tmp/lu.txt")"; fail=1; }
$latin --generate 1 --seed 3 --format pls 5 >"$tmp/lp.pls"
expect 0 '^order 5$' cat "$tmp/lp.pls"
expect 0 '^unique$' $latin --fill "$tmp/lp.pls" --unique
expect 0 '^([0-9]+ ){143}[0-9]+$' $latin --fill <($latin --generate 1 --qwh 40 12) --format line
# Uniformly random squares: Latin (the counter finds the full square
# valid), reproducible; --reduced relabels them.
$latin --generate 5 --random 6 >"$tmp/lr.txt"
[ "$(grep -Ec '^[1-6]{36}$' "$tmp/lr.txt")" = 5 ] && [ "$(latin_count <"$tmp/lr.txt" | tr '\n' ' ')" = "1 1 1 1 1 " ] ||
  { echo "FAIL: latin --random: $(cat "$tmp/lr.txt")"; fail=1; }
$latin --random --generate 5 6 | cmp -s - "$tmp/lr.txt" || { echo "FAIL: latin --random not reproducible"; fail=1; }
[ "$($latin --random --seed 9 7 | latin_count)" = 1 ] || { echo "FAIL: latin --random 7"; fail=1; }
expect 0 '^123456(2|3|4|5|6)[1-6]{5}(2|3|4|5|6)' $latin --random --reduced 6
[ "$($latin --random --reduced --generate 3 5 | cut -c1,6,11,16,21 | sort -u)" = 12345 ] ||
  { echo "FAIL: latin --random --reduced: first column"; fail=1; }
# QWH: exactly H holes, balanced, and every instance completed.
$latin --generate 4 --qwh 14 --seed 2 6 >"$tmp/lq.txt"
[ "$(latin_holes 6 <"$tmp/lq.txt" | sort -u)" = "14 balanced" ] ||
  { echo "FAIL: latin --qwh 14: $(latin_holes 6 <"$tmp/lq.txt")"; fail=1; }
[ "$(latin_holes 9 < <($latin --qwh 42% 9))" = "34 balanced" ] || { echo "FAIL: latin --qwh 42%"; fail=1; }
$latin --fill "$tmp/lq.txt" --format line >"$tmp/lqs.txt"
[ "$(latin_count <"$tmp/lqs.txt" | tr '\n' ' ')" = "1 1 1 1 " ] && latin_agrees "$tmp/lq.txt" "$tmp/lqs.txt" ||
  { echo "FAIL: latin --qwh | --fill:"; cat "$tmp/lqs.txt"; fail=1; }
expect 0 '^-1 ' $latin --qwh 5 --format pls 4
# Bad uses and bad lines.
expect 1 '--random makes puzzles; it excludes --count' $latin --random --count 4
expect 1 '--qwh takes --seed only, not --symmetry' $latin --qwh 3 --givens 3 4
expect 1 '--random and --qwh exclude each other' $latin --random --qwh 3 4
expect 1 "--qwh needs a number of holes from 0 to 16 \(the cells of an order-4 square\) or a percentage 0%..100%, not '17'" $latin --qwh 17 4
expect 1 "not '101%'" $latin --qwh 101% 4
expect 1 '--reduced goes with --random only' $latin --generate 2 --reduced 4
expect 1 '--generate makes puzzles; it reads no input file' $latin --generate 1 --fill "$tmp/lp.txt"
expect 2 ':2:3: value 7 out of range 0..5' $latin --fill <(printf '1........................\n..7......................\n') --format line
expect 2 '3 cells is not a square number' $latin --fill <(echo 123)
# pz latin: --random and --qwh are parameters of the kind. A random square
# is a filled grid pz's check accepts; a QWH instance has its holes.
pzl="$bin/pz latin --backend $backend"
expect 0 '^correct$' bash -c "$pzl --generate 1 --random --order 7 --seed 5 | $pzl --check"
expect 0 '^correct$' bash -c "$pzl --generate 1 --random --reduced --order 6 --seed 2 --format grid | $pzl --check"
out=$($pzl --generate 1 --qwh 12 --order 6 --seed 3 --format line)
[ "$(tr -cd . <<<"$out" | wc -c)" = 12 ] || { echo "FAIL: pz latin --qwh 12: $out"; fail=1; }
expect 0 '^[1-9]+$' $pzl --format line <(echo "$out")
expect 1 "^pz latin: --qwh needs a number of holes from 0 to 16 .*, not '101%'$" $pzl --generate 1 --qwh 101% --order 4
exit $fail
