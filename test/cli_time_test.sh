#!/usr/bin/env bash
# The programs' time limit and Ctrl-C, timed (issue 7, items 3 and 14).
# Usage: cli_time_test.sh BINDIR BACKEND [SLACK]
# SLACK (seconds, default 0.1) is what starting and ending a process may
# add; a sanitizer build needs more (its runtime's start-up and the leak
# check at exit are not the program's time).
set -u
bin=$1 backend=$2 slack=${3:-0.1}
fail=0
sudoku="$bin/pz-sudoku --backend $backend"
latin="$bin/pz-latin --backend $backend"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Ctrl-C during a long count: the partial count, marked, exit 130.
# (--time-limit: should the signal be missed, the test fails, not hangs)
$latin --count 9 --time-limit 30 >"$tmp/int.out" 2>&1 &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" = 130 ] && grep -Eq '^at least [0-9]+ \(interrupted\)$' "$tmp/int.out" ||
  { echo "FAIL: SIGINT during --count: exit $rc, output:"; cat "$tmp/int.out"; fail=1; }

# 3: --time-limit covers the whole run: a count that would take hours and
# a batch of puzzles each well under the limit stop within 2 s + 10% (and
# the slack for starting the program); the batch keeps one line per puzzle.
max=$(awk -v s="$slack" 'BEGIN { print 2.2 + s }')
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
within() { awk -v t="$1" -v max="$2" 'BEGIN { exit !(t <= max) }'; }
t0=$(date +%s.%N)
out=$($latin --count 8 --time-limit 2)
rc=$?
t=$(elapsed "$t0" "$(date +%s.%N)")
within "$t" "$max" && [ "$rc" = 4 ] && grep -Eq '^at least [0-9]+ \(time limit\)$' <<<"$out" ||
  { echo "FAIL: --count --time-limit 2 took $t s, exit $rc: $out"; fail=1; }
awk 'BEGIN { l = sprintf("%256s", ""); gsub(/ /, ".", l); for (i = 0; i < 1000; i++) print l }' >"$tmp/many16.txt"
t0=$(date +%s.%N)
out=$($sudoku --format line --strategy fresh --time-limit 2 "$tmp/many16.txt")
rc=$?
t=$(elapsed "$t0" "$(date +%s.%N)")
within "$t" "$max" && [ "$rc" = 4 ] && [ "$(wc -l <<<"$out")" = 1000 ] &&
  [ "$(tail -1 <<<"$out")" = "# time limit" ] ||
  { echo "FAIL: batch --time-limit 2 took $t s, exit $rc, $(wc -l <<<"$out") lines"; fail=1; }
exit $fail
