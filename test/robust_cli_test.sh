#!/usr/bin/env bash
# The programs when a solver runs out of memory or must stop on time
# (issue 7, items 7 and 8). Usage: robust_cli_test.sh BINDIR BACKEND [san]
# - Under `ulimit -v` a solver's allocations fail (both commands abort with
#   exit 134 when the solver's failure is not caught): the program must
#   exit 3 with "out of memory", at every limit tried. Skipped with "san":
#   a sanitizer's runtime cannot start under a small address-space limit.
# - A time limit stops counting (many short solves: PicoSAT once ran 568 s
#   on the first command) within 10% + 100 ms, plus 0.1 s for starting and
#   ending the process; a run that misses is repeated once before it fails
#   (the machine may be busy for a moment).
set -u
bin=$1 backend=$2 mode=${3:-}
fail=0
sudoku="$bin/pz-sudoku --backend $backend"
latin="$bin/pz-latin --backend $backend"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%.0s.' $(seq 4096) >"$tmp/empty64.txt"
echo >>"$tmp/empty64.txt"
printf '%.0s.' $(seq 81) >"$tmp/empty9.txt"
echo >>"$tmp/empty9.txt"

# oom KB COMMAND...: COMMAND under `ulimit -v KB` exits 3 with the message.
oom() {
  local kb=$1 rc
  shift
  (ulimit -v "$kb" && exec "$@") >/dev/null 2>"$tmp/err"
  rc=$?
  if [ "$rc" != 3 ] || ! grep -q 'out of memory' "$tmp/err"; then
    echo "FAIL: ulimit -v $kb: $*: exit $rc (want 3, 'out of memory'):"
    head -3 "$tmp/err"
    fail=1
  fi
}
# (--time-limit: should memory last, the test fails instead of running on;
# with more memory PicoSAT searches for minutes before it runs out)
if [ "$mode" != san ]; then
  for kb in 150000 200000; do
    oom "$kb" $latin --count 60 --time-limit 30
    oom "$kb" $sudoku --count --limit 2 --time-limit 30 "$tmp/empty64.txt"
  done
fi

# timed LIMIT COMMAND...: exit 4 (time limit) within LIMIT * 1.1 + 0.2 s.
timed_once() {
  local limit=$1 t0 t1
  shift
  t0=$(date +%s.%N)
  "$@" --time-limit "$limit" >"$tmp/out" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
  awk -v t="$t" -v l="$limit" 'BEGIN { exit !(t >= l && t <= l * 1.1 + 0.2) }'
}
timed() {
  timed_once "$@" && [ "$rc" = 4 ] && return
  echo "note: $* --time-limit $1: exit $rc after $t s; once more"
  timed_once "$@" && [ "$rc" = 4 ] && return
  echo "FAIL: $* --time-limit $1: exit $rc after $t s (want 4 within" \
    "$1 s + 10% + 0.2 s):"
  head -3 "$tmp/out"
  fail=1
}
timed 1 $latin --count 10
timed 1 $sudoku --count "$tmp/empty9.txt"
timed 1 $sudoku --all --format line "$tmp/empty9.txt"

[ "$fail" = 0 ] && echo "robust CLI test ($backend): ok"
exit $fail
