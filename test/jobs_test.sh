#!/usr/bin/env bash
# -j N / --jobs N (issue 9): a file's puzzles on N threads must give what
# one thread gives, byte for byte (stdout, stderr, exit code), in every
# mode; stops (a bad entry, the time limit, Ctrl-C, a full disk) behave as
# with one thread. Usage: jobs_test.sh BINDIR DATADIR BACKEND [SHARED_DATA]
set -u
bin=$1 data=$2 backend=$3 shared=${4:-}
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
slack=${PZ_CLI_SLACK:-0.1}

# same NAME COMMAND...: COMMAND with -j 1, -j 2 and -j 3 (and --jobs 3):
# identical stdout, stderr and exit code (stderr not compared when
# same_err=0). Sets rc and out (stdout of -j 1).
same_err=1
same() {
  local name=$1
  shift
  local j
  for j in 1 2 3 j3; do
    local opt=(-j "$j")
    [ "$j" = j3 ] && opt=(--jobs 3)
    "$@" "${opt[@]}" >"$tmp/out.$j" 2>"$tmp/err.$j"
    echo "exit $?" >>"$tmp/out.$j"
  done
  for j in 2 3 j3; do
    if ! cmp -s "$tmp/out.1" "$tmp/out.$j" ||
       { [ $same_err = 1 ] && ! cmp -s "$tmp/err.1" "$tmp/err.$j"; }; then
      echo "FAIL: $name: -j $j differs from -j 1 ($*)"
      diff "$tmp/out.1" "$tmp/out.$j" | head -6
      diff "$tmp/err.1" "$tmp/err.$j" | head -6
      fail=1
      break
    fi
  done
  rc=$(tail -1 "$tmp/out.1" | sed 's/exit //')
  out=$(sed '$d' "$tmp/out.1")
}

# want CODE NAME: the last `same` ended with CODE.
want() {
  [ "$rc" = "$1" ] || { echo "FAIL: $2: exit $rc, want $1"; fail=1; }
}

sudoku="$bin/pz-sudoku --backend $backend"
futoshiki="$bin/pz-futoshiki --backend $backend"

# Puzzles with one solution each (the first of sudoku9.txt with its digits
# renamed), one whose givens clash, a bad line; with the default strategy a
# thread's solver answers after other puzzles than with one thread, so
# only puzzles whose answer is determined are compared here.
first=$(head -1 "$data/sudoku9.txt")
clash=$(sed -n 2p "$data/sudoku9.txt")
{
  for k in 1 2 3; do
    for r in 123456789 234567891 345678912 456789123 567891234 678912345; do
      tr 123456789 "$r" <<<"$first"
    done
    echo "$clash"
    echo "1.3..!..2...4..1"
  done
} >"$tmp/unique.txt"
# Real-size batches when the public data is there. (Not 81 * K lines in
# all: the reader takes those for K grids of 81 x 81.)
if [ -n "$shared" ] && [ -f "$shared/sudoku/puzzles3_magictour_top1465.txt" ]; then
  head -50 "$shared/sudoku/puzzles3_magictour_top1465.txt" >>"$tmp/unique.txt"
  head -50 "$shared/sudoku/puzzles2_17_clue.txt" >>"$tmp/unique.txt"
fi
n=$(wc -l <"$tmp/unique.txt")
# Each mode once, in the format whose output differs most between modes;
# plain solving in both (the line form is checked below).
for mf in ":grid" "--unique:grid" "--count:line" "--all --limit 2:grid" "--count --limit 1:line" ":line"; do
  mode=${mf%:*} format=${mf##*:}
  # shellcheck disable=SC2086
  same "sudoku $mode --format $format" $sudoku $mode --format $format "$tmp/unique.txt"
  want 2 "sudoku $mode --format $format (a bad line)"
done
[ "$(wc -l <<<"$out")" = "$n" ] || { echo "FAIL: --format line: not one line per puzzle"; fail=1; }
[ "$(grep -c '^# error: line [0-9]*: unexpected character' <<<"$out")" = 3 ] ||
  { echo "FAIL: --format line: want 3 error lines"; fail=1; }
same "sudoku --dimacs -" $sudoku --dimacs - "$tmp/unique.txt"
same "sudoku --dimacs-full -" $sudoku --dimacs-full - "$tmp/unique.txt"
# --stats: the statistics (times differ) of as many solver calls.
head -20 "$tmp/unique.txt" >"$tmp/u20.txt"
same_err=0
same "sudoku --stats" $sudoku --stats --format line "$tmp/u20.txt"
same_err=1
for j in 2 3; do
  [ "$(grep -c '^c backend' "$tmp/err.1")" = "$(grep -c '^c backend' "$tmp/err.$j")" ] ||
    { echo "FAIL: --stats -j $j: not the same statistics"; fail=1; }
done
# --dimacs OUT: one file per puzzle, the same files.
for j in 1 3; do
  mkdir "$tmp/d$j"
  $sudoku -j $j --dimacs-full "$tmp/d$j/f" <(head -30 "$tmp/unique.txt") 2>/dev/null
done
diff -r "$tmp/d1" "$tmp/d3" >/dev/null && [ "$(ls "$tmp/d1" | wc -l)" -ge 20 ] ||
  { echo "FAIL: --dimacs-full OUT: -j 3 files differ"; fail=1; }

# With --strategy fresh every answer is independent of the others, so
# puzzles with many solutions give the same output too: which solution,
# and which ones in which order under --all.
{
  head -3 "$data/sudoku9.txt"
  for k in 1 2 3 4 5; do echo ................; echo 1...............; echo 12..34..........; done
  echo "1.3..!..2...4..1"
} >"$tmp/many.txt"
for mode in "" --unique "--count --limit 50" "--all --limit 3"; do
  for format in grid line; do
    same "sudoku fresh $mode --format $format" \
      $sudoku --strategy fresh $mode --format $format "$tmp/many.txt"
    want 2 "sudoku fresh $mode --format $format"
  done
done
# (Not 16 lines of 16 cells: that is one 16 x 16 grid.)
awk 'length($0) == 16' "$tmp/many.txt" | tail -13 >"$tmp/many4.txt"
same "sudoku fresh --all" $sudoku --strategy fresh --all --format line "$tmp/many4.txt"
[ "$(grep -c '^[1-4]\{16\}$' <<<"$out")" = $((4 * (288 + 72 + 12))) ] || { echo "FAIL: --all: too few grids (exit $rc): $(head -3 <<<"$out")"; fail=1; }
# Every code: not unique (5) is the worst here.
grep -v -e '!' -e '^33' "$tmp/many.txt" >"$tmp/good.txt"
same "sudoku --unique (not unique)" $sudoku --strategy fresh --unique "$tmp/good.txt"
want 5 "sudoku --unique (not unique)"
grep -v '!' "$tmp/many4.txt" | tail -9 >"$tmp/good4.txt"
same "sudoku --count" $sudoku --count --format line "$tmp/good4.txt"
want 0 "sudoku --count"
[ "$(head -3 <<<"$out" | tr '\n' ' ')" = "288 72 12 " ] || { echo "FAIL: --count: $(head -3 <<<"$out")"; fail=1; }

# Futoshiki: a game id a line (a puzzle object per line).
cat "$data/futoshiki/ids.txt" "$data/futoshiki/ids_bad.txt" "$data/futoshiki/ids.txt" >"$tmp/ids.txt"
for mode in "" --unique --count "--all --limit 2"; do
  for format in grid line sgt; do
    same "futoshiki $mode --format $format" $futoshiki $mode --format $format "$tmp/ids.txt"
    want 2 "futoshiki $mode --format $format"
  done
done

# One puzzle: -j N goes to the library (threads for that puzzle).
same "latin --count 4" "$bin/pz-latin" --backend "$backend" --count 4
[ "$out" = 576 ] || { echo "FAIL: pz-latin --count 4 -j N: $out"; fail=1; }
for p in "pz-killer $data/killer/nine.txt" "pz-kakuro $data/kakuro/six.txt" \
         "pz-knightdoku $data/knightdoku/small4.txt" "pz-eulero $data/eulero/small4.txt" \
         "pz-nondango $data/nondango/a4x6.txt" "pz-futoshiki $data/futoshiki/four.txt"; do
  set -- $p
  same "$1" "$bin/$1" --backend "$backend" "$2"
  want 0 "$1"
done

# Bad values: a message, exit 1.
for v in x -1 1.5 "" 2000; do
  "$bin/pz-sudoku" -j "$v" "$tmp/good.txt" >"$tmp/o" 2>"$tmp/e"
  r=$?
  [ $r = 1 ] && grep -q -- '-j/--jobs' "$tmp/e" && [ ! -s "$tmp/o" ] ||
    { echo "FAIL: -j '$v': exit $r, $(cat "$tmp/e")"; fail=1; }
done
# (--strategy fresh: good.txt has puzzles with many solutions, and which one
# a reused solver finds depends on the puzzles it saw before.)
"$bin/pz-sudoku" -j0 --strategy fresh --format line --backend "$backend" "$tmp/good.txt" >"$tmp/o" 2>&1 &&
  cmp -s "$tmp/o" <($sudoku --strategy fresh --format line "$tmp/good.txt") ||
  { echo "FAIL: -j0"; fail=1; }

# A full disk: exit 3, said once, on any number of threads.
for j in 1 2 3; do
  for mode in "" "--all --limit 3"; do
    $sudoku -j $j $mode "$tmp/unique.txt" >/dev/full 2>"$tmp/e"
    r=$?
    [ $r = 3 ] && [ "$(cat "$tmp/e")" = "pz-sudoku: writing the output failed: No space left on device" ] ||
      { echo "FAIL: /dev/full -j $j $mode: exit $r: $(cat "$tmp/e")"; fail=1; }
  done
done

# The time limit is for the whole run: 1000 puzzles, each under it, all
# answered (most with '# time limit') within the limit and the slack.
awk 'BEGIN { l = sprintf("%256s", ""); gsub(/ /, ".", l); for (i = 0; i < 1000; i++) print l }' >"$tmp/many16.txt"
max=$(awk -v s="$slack" 'BEGIN { print 2.2 + s }')
for j in 2 3; do
  for try in 1 2; do
    t0=$(date +%s.%N)
    $sudoku -j $j --format line --strategy fresh --time-limit 2 "$tmp/many16.txt" >"$tmp/o" 2>"$tmp/e"
    r=$?
    t=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
    awk -v t="$t" -v m="$max" 'BEGIN { exit !(t <= m) }' && break
  done
  [ $r = 4 ] && [ "$(wc -l <"$tmp/o")" = 1000 ] && [ "$(tail -1 "$tmp/o")" = "# time limit" ] &&
    [ "$(grep -cv -e '^# time limit$' -e '^[1-9A-G]\{256\}$' "$tmp/o")" = 0 ] &&
    awk -v t="$t" -v m="$max" 'BEGIN { exit !(t <= m) }' ||
    { echo "FAIL: --time-limit 2 -j $j: exit $r after $t s, $(wc -l <"$tmp/o") lines"; fail=1; }
done

# Ctrl-C: the answers so far in order, then '# interrupted', exit 130.
for j in 1 2 3; do
  $sudoku -j $j --format line --strategy fresh --time-limit 30 "$tmp/many16.txt" >"$tmp/o" 2>"$tmp/e" &
  pid=$!
  sleep 1
  kill -INT $pid
  wait $pid
  r=$?
  [ $r = 130 ] && [ "$(tail -1 "$tmp/o")" = "# interrupted" ] &&
    [ "$(grep -c '^# interrupted$' "$tmp/o")" = 1 ] &&
    [ "$(grep -cv -e '^# interrupted$' -e '^[1-9A-G]\{256\}$' "$tmp/o")" = 0 ] ||
    { echo "FAIL: SIGINT -j $j: exit $r, $(wc -l <"$tmp/o") lines, last: $(tail -1 "$tmp/o" | cut -c1-40)"; fail=1; }
done

exit $fail
