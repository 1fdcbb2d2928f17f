#!/usr/bin/env bash
# pz sudoku over ISS constraint strings (docs/VARIANTS.md): recognised by
# themselves, one puzzle or a batch of one a line, ISS URLs, --format iss
# read back, errors with file:line:column, a batch going on past a bad
# line. Answers are checked by test_iss's own checker (--grid-ok), counts
# against brute force over the 288 4x4 Sudoku grids, and the CTC puzzles
# against their published counts and solutions (skipped without
# ../shared). Usage: iss_cli_test.sh BINDIR BACKEND TEST_ISS SHARED_DATA
set -u
bin=$1 backend=$2 test_iss=$3 shared=$4
fail=0
pz="$bin/pz sudoku --backend $backend"
. "$(dirname "$0")/expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# grid_ok FILE DIGITS: the answer keeps every rule of FILE's puzzle.
grid_ok() {
  "$test_iss" --grid-ok "$1" "$2" ||
    { echo "FAIL: $2 breaks a rule of $1:"; cat "$1"; fail=1; }
}

# The 288 4x4 grids (a published count), for brute force.
printf '................\n' >"$tmp/empty4"
$pz --all --format line "$tmp/empty4" >"$tmp/all4"
[ "$(wc -l <"$tmp/all4")" = 288 ] || { echo "FAIL: 4x4 grids: $(wc -l <"$tmp/all4")"; fail=1; }
# brute FILE: how many of them keep FILE's rules.
brute() {
  "$test_iss" --grid-ok "$1" - <"$tmp/all4"
}

# Small puzzles made here, one constraint a line: a thermometer and a
# given; an arrow, a cage and a German whisper.
printf '.Shape~4x4\n.Thermo~R1C1~R1C2~R1C3\n.~R4C4_1\n' >"$tmp/a.txt"
printf '# a comment\n.Shape~4x4\n.Arrow~R2C2~R2C3~R1C3\n.Cage~7~R3C3~R3C4\n.Whisper~2~R1C1~R2C1~R3C2\n' >"$tmp/b.txt"
for f in a b; do
  want=$(brute "$tmp/$f.txt")
  expect 0 "^$want\$" $pz --count "$tmp/$f.txt"
  [ "$want" -gt 0 ] || { echo "FAIL: $f has no solution"; fail=1; }
  grid_ok "$tmp/$f.txt" "$($pz --format line "$tmp/$f.txt")"
  # Every solution --all lists keeps the rules, and there are want of them.
  $pz --all --format line "$tmp/$f.txt" >"$tmp/$f.all"
  [ "$(wc -l <"$tmp/$f.all")" = "$want" ] || { echo "FAIL: $f: --all lists $(wc -l <"$tmp/$f.all"), want $want"; fail=1; }
  [ "$("$test_iss" --grid-ok "$tmp/$f.txt" - <"$tmp/$f.all")" = "$want" ] ||
    { echo "FAIL: $f: a grid --all lists breaks a rule"; fail=1; }
  # --format iss writes the puzzle back: the same count, the same answer.
  $pz --convert --format iss "$tmp/$f.txt" >"$tmp/$f.iss"
  expect 0 "^$want\$" $pz --count "$tmp/$f.iss"
  # An answer as ISS: its digits as givens, with the rules; one solution.
  if [ "$want" -gt 0 ]; then
    $pz --format iss "$tmp/$f.txt" >"$tmp/$f.sol"
    expect 0 "^1\$" $pz --count "$tmp/$f.sol"
  fi
done

# 6x6 (boxes of 2x3), made around a grid that keeps these rules: unique;
# the answer checked.
cat >"$tmp/c.txt" <<'EOF'
.Shape~6x6
.~R1C4_4~R2C6_3~R3C4_5~R4C3_4~R5C1_3~R5C6_5~R6C2_4~R6C5_1
.Thermo~R1C1~R1C2~R1C3
.Cage~9~R2C1~R2C2
.Renban~R3C1~R3C2~R3C3
.V~R4C5~R4C4
EOF
expect 0 "^unique$" $pz --unique "$tmp/c.txt"
grid_ok "$tmp/c.txt" "$($pz --format line "$tmp/c.txt")"

# The same puzzles concatenated, one a line: a batch, each answered on
# its own line; a bad line in the middle is reported with its file, line
# and column and the batch goes on (exit 2).
for f in a b c; do grep -v '^#' "$tmp/$f.txt" | tr -d '\n'; echo; done >"$tmp/batch"
single=$(for f in a b c; do $pz --count --limit 2 --format line "$tmp/$f.txt"; done)
got=$($pz --count --limit 2 --format line "$tmp/batch" | tr '\n' ' ')
[ "$got" = "$(echo $single) " ] || { echo "FAIL: batch counts '$got', alone '$single'"; fail=1; }
{ sed -n 1p "$tmp/batch"; echo '.Shape~4x4.Thermo~R1C1~R1X2'; echo '.Shape~4x4.Frobnicate~R1C1';
  sed -n 2,3p "$tmp/batch"; } >"$tmp/bad"
expect 2 "bad:2:24: 'R1X2' is not a cell" $pz --count --format line "$tmp/bad"
expect 2 "bad:3:12: unknown constraint type Frobnicate" $pz --count --format line "$tmp/bad"
$pz --count --limit 2 --format line "$tmp/bad" >"$tmp/bad.out" 2>/dev/null
[ "$(wc -l <"$tmp/bad.out")" = 5 ] || { echo "FAIL: a batch with bad lines answers $(wc -l <"$tmp/bad.out") lines, want 5"; fail=1; }
got=$(sed -n '1p;4p;5p' "$tmp/bad.out" | tr '\n' ' ')
[ "$got" = "$(echo $single) " ] || { echo "FAIL: past the bad lines: '$got', want '$single'"; fail=1; }
grep -q "^# error: line 2: 'R1X2'" "$tmp/bad.out" || { echo "FAIL: no placeholder for line 2"; fail=1; }
# A type pz does not state yet is named, never skipped.
printf '.Shape~4x4\n.Lunchbox~10~R1C1\n' >"$tmp/later"
expect 2 "later:2:2: constraint type Lunchbox is not supported yet" $pz "$tmp/later"
# --iss forces the reading (ISS's message, not the grid reader's), and
# --box must say what the text says.
printf 'Thermo~R1C1~R1C2\n' >"$tmp/nodot"
expect 2 "nodot:1:1: a constraint starts with '.'" $pz --iss "$tmp/nodot"
expect 2 "--box 4x1: the constraints. grid has boxes of 2x2" $pz --iss --box 4x1 "$tmp/a.txt"
# An ISS URL, as the argument or in a file; its count as the text's.
want=$($pz --count "$tmp/c.txt")
url="https://sigh.github.io/Interactive-Sudoku-Solver/?q=$(grep -v '^#' "$tmp/c.txt" | tr -d '\n' | sed 's/~/%7E/g')"
expect 0 "^$want\$" $pz --count "$url"
echo "$url" >"$tmp/url"
expect 0 "^$want\$" $pz --count "$tmp/url"
# A classic puzzle as ISS: the same answer.
printf '1...\n..3.\n.4..\n...2\n' | tr -d '\n' >"$tmp/classic"; echo >>"$tmp/classic"
$pz --convert --format iss "$tmp/classic" >"$tmp/classic.iss"
[ "$($pz --format line "$tmp/classic.iss")" = "$($pz --format line "$tmp/classic")" ] ||
  { echo "FAIL: a classic puzzle as ISS answers differently"; fail=1; }

# --generate over a setter's constraints: givens added so that the
# solution is unique, and no fewer would do (each given's removal admits
# a second solution), by brute force; the setter's own given (R4C4 1)
# stays; the same seed, the same puzzles. (b alone has one solution: no
# givens to add.)
$pz --generate 3 --seed 5 --format line "$tmp/a.txt" >"$tmp/gen"
[ "$(wc -l <"$tmp/gen")" = 3 ] || { echo "FAIL: --generate 3 over a: $(cat "$tmp/gen")"; fail=1; }
cmp -s "$tmp/gen" <($pz --generate 3 --seed 5 --format line "$tmp/a.txt") ||
  { echo "FAIL: --generate --seed 5 twice: different puzzles"; fail=1; }
while read -r p; do
  grep -q 'Thermo~R1C1~R1C2~R1C3' <<<"$p" && grep -q 'R4C4_1' <<<"$p" ||
    { echo "FAIL: generated $p lost the rules"; fail=1; }
  echo "$p" >"$tmp/one"
  [ "$(brute "$tmp/one")" = 1 ] || { echo "FAIL: generated $p: $(brute "$tmp/one") solutions"; fail=1; }
  for g in $(grep -o 'R[0-9]C[0-9]_[0-9]' <<<"$p" | grep -v R4C4_1); do
    sed "s/~$g//; s/\.~\././" <<<"$p" >"$tmp/less"
    [ "$(brute "$tmp/less")" -ge 2 ] || { echo "FAIL: generated $p: not minimal at $g"; fail=1; }
  done
done <"$tmp/gen"

# The Cracking the Cryptic puzzles: published counts and solutions.
data="$shared/variants/ctc-tune.jsonl"
if [ -r "$data" ] && command -v python3 >/dev/null; then
  python3 - "$data" "$tmp" <<'EOF'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
with open(sys.argv[2] + "/ctc.batch", "w") as b, open(sys.argv[2] + "/ctc.want", "w") as w:
    for r in rows:
        b.write(r["iss"].replace("\n", "") + "\n")
        w.write("%d %s\n" % (min(r["count"], 2), r["solution"]))
for i in range(3):
    open(sys.argv[2] + "/ctc%d.txt" % i, "w").write(rows[i]["iss"])
EOF
  $pz --count --limit 2 --format line "$tmp/ctc.batch" >"$tmp/ctc.count"
  cut -d' ' -f1 "$tmp/ctc.want" | cmp -s - "$tmp/ctc.count" ||
    { echo "FAIL: the CTC batch counts differ from the published ones"; fail=1; }
  for i in 0 1 2; do
    want=$(sed -n "$((i + 1))p" "$tmp/ctc.want" | cut -d' ' -f2)
    expect 0 "^$want\$" $pz --format line "$tmp/ctc$i.txt"
  done
else
  echo "skipped: no $data"
fi
exit $fail
