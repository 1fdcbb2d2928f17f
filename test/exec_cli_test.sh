#!/usr/bin/env bash
# The programs over the exec backend (issue 23, items 12 and 20): a
# program that cannot be found is a usage error, told at once (exit 1);
# a solver that dies or answers nonsense while solving is a failure
# (exit 3), whatever the mode.
# Usage: exec_cli_test.sh BINDIR DATADIR
set -u
bin=$1 data=$2
fail=0
source "$(dirname "$0")/expect.sh"
fake="$data/exec/fake_solver.sh"
sudoku="$bin/pz-sudoku"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..' >"$tmp/p.txt"

# Not found: said when --backend is read, naming the program and where it
# was looked for.
expect 1 "^pz-sudoku: backend exec:pz-no-such-solver: program 'pz-no-such-solver' not found \\(not in PATH\\)\$" \
  "$sudoku" --backend exec:pz-no-such-solver "$tmp/p.txt"
expect 1 "program 'pz-no-such-solver' not found \\(not in PATH\\)\$" \
  "$sudoku" --backend 'exec:pz-no-such-solver -q' --count "$tmp/p.txt"
expect 1 "^pz-sudoku: backend exec:$tmp/none: program '$tmp/none' not found or not executable\$" \
  "$sudoku" --backend "exec:$tmp/none" "$tmp/p.txt"
# A file that is there but cannot be run is no solver either.
touch "$tmp/plain"
expect 1 "program '$tmp/plain' not found or not executable\$" \
  "$sudoku" --backend "exec:$tmp/plain" "$tmp/p.txt"
expect 1 "^pz-latin: backend exec:pz-no-such-solver: program 'pz-no-such-solver' not found" \
  "$bin/pz-latin" 5 --backend exec:pz-no-such-solver
expect 1 "^pz-sudoku: --backend exec needs a program: exec:PROGRAM \\[WORD\\.\\.\\.\\]\$" \
  "$sudoku" --backend 'exec: ' "$tmp/p.txt"
# pz-bench takes --backend the same way.
expect 1 "program 'pz-no-such-solver' not found \\(not in PATH\\)\$" \
  "$bin/pz-bench" --backend exec:pz-no-such-solver latin 5

# A solver that crashes, is killed, exits without an answer, prints
# garbage or a wrong model, in each mode that calls it: exit 3, never 1
# (README's table). Two givens: too few for the presolve to answer alone;
# a strategy named (fresh) keeps pz's own Sudoku search out of the way.
echo '1...............................................................................2' >"$tmp/open.txt"
for mode in crash killed garbage exit-code wrong; do
  be="exec:/bin/sh $fake $mode"
  expect 3 "^pz-sudoku: solving: backend unavailable or failed\$" \
    "$sudoku" --backend "$be" --strategy fresh "$tmp/open.txt"
  expect 3 "^pz-sudoku: solving: backend unavailable or failed\$" \
    "$sudoku" --backend "$be" --strategy fresh --unique "$tmp/open.txt"
  expect 3 "^pz-sudoku: generating puzzle 1 \\(seed 1\\): backend unavailable or failed\$" \
    "$sudoku" --backend "$be" --generate 1
done
exit $fail
