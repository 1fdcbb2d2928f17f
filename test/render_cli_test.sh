#!/usr/bin/env bash
# --render on every program (docs/RENDER.md): an SVG (well-formed, when
# xmllint is installed) and a PNG of a puzzle and its solution, PDF sheets
# of generated puzzles with the expected page count (pdfinfo, when
# installed), and the errors: an unknown extension, --render-solutions
# alone, a file that cannot be written.
# Usage: render_cli_test.sh BUILD_DIR DATA_DIR WORK_DIR
set -u
B=$1 D=$2 T=$3
rm -rf "$T" && mkdir -p "$T" || exit 1
fail=0
bad() { echo "FAIL: $*"; fail=1; }
have() { command -v "$1" >/dev/null 2>&1; }

# Each program on one puzzle of its own.
# (@ stands for the data directory.)
while read -r prog args; do
  args=${args//@/$D/}
  for ext in svg png; do
    out=$T/$prog.$ext
    # shellcheck disable=SC2086
    if ! "$B/$prog" $args --render "$out" --render-solutions >/dev/null 2>"$T/err"; then
      bad "$prog $args --render $out: exit code $?: $(cat "$T/err")"
      continue
    fi
    # The solution is page 2: FILE-2.EXT.
    for f in "$out" "$T/$prog-2.$ext"; do
      [ -s "$f" ] || bad "$prog: $f missing or empty"
      if [ $ext = svg ] && have xmllint; then
        xmllint --noout "$f" || bad "$prog: $f is not well-formed XML"
      fi
      if [ $ext = png ] && [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" != "211PNG" ]; then
        bad "$prog: $f is not a PNG"
      fi
    done
  done
done <<'LIST'
pz-sudoku @jigsaw/six.txt
pz-latin --fill @latin5.pls
pz-killer @killer/nine.txt
pz-futoshiki @futoshiki/four.txt
pz-kakuro @kakuro/six.txt
pz-starbattle @starbattle/black8.txt
pz-knightdoku @knightdoku/nine.txt
pz-nondango @nondango/a4x6.txt
pz-eulero @eulero/small4.txt
LIST

# Sheets: N generated puzzles and their solutions, six to an A4 page.
pages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ {print $2}'; }
if have pdfinfo; then
  while read -r prog n want args; do
    args=${args//@/$D/}
    out=$T/gen-$prog-$n.pdf
    # shellcheck disable=SC2086
    "$B/$prog" --generate "$n" $args --render "$out" --render-solutions >/dev/null 2>"$T/err" ||
      bad "$prog --generate $n: exit code $?: $(cat "$T/err")"
    got=$(pages "$out")
    [ "$got" = "$want" ] || bad "$prog --generate $n: $got pages, expected $want"
  done <<'LIST'
pz-sudoku 6 2
pz-sudoku 8 4 --variant diagonal
pz-sudoku 2 2 --jigsaw
pz-latin 3 2 5
pz-killer 2 2 --box 2x2
pz-futoshiki 2 2 --order 4
pz-kakuro 2 2 --size 5
pz-starbattle 2 2 --size 5
pz-knightdoku 2 2
pz-nondango 2 2 @nondango/a4x6.txt
pz-eulero 2 2 --order 4
LIST
  # -j 2 draws the same pages as one thread (the text on them, in order).
  if have pdftotext; then
    "$B/pz-sudoku" --generate 8 --render "$T/j1.pdf" --render-solutions >/dev/null
    "$B/pz-sudoku" --generate 8 -j 2 --render "$T/j2.pdf" --render-solutions >/dev/null
    [ "$(pdftotext "$T/j1.pdf" -)" = "$(pdftotext "$T/j2.pdf" -)" ] ||
      bad "--generate 8 -j 2 draws other pages than one thread"
  fi
  "$B/pz-sudoku" "$D/sudoku9.txt" --render "$T/one.pdf" >/dev/null
  [ "$(pages "$T/one.pdf")" = 1 ] || bad "one puzzle without --render-solutions: not 1 page"
else
  echo "pdfinfo not installed: page counts not checked"
fi

# Errors.
"$B/pz-sudoku" --render "$T/x.jpg" "$D/sudoku9.txt" >/dev/null 2>"$T/err"
rc=$?
[ $rc = 1 ] && grep -q "must end in .svg, .png or .pdf" "$T/err" || bad "x.jpg: exit code $rc: $(cat "$T/err")"
"$B/pz-sudoku" --render-solutions "$D/sudoku9.txt" >/dev/null 2>"$T/err"
rc=$?
[ $rc = 1 ] && grep -q "goes with --render FILE" "$T/err" || bad "--render-solutions alone: exit code $rc"
"$B/pz-sudoku" --render "$T/no/such/dir/x.png" "$D/sudoku9.txt" >/dev/null 2>"$T/err"
rc=$?
[ $rc = 3 ] && grep -q "no/such/dir/x.png: cannot write the file: No such file or directory" "$T/err" ||
  bad "unwritable file: exit code $rc: $(cat "$T/err")"
# The path is checked before the run (nothing solved, nothing left behind)
# and the cause named.
mkdir -p "$T/dir.png"
"$B/pz-sudoku" --render "$T/dir.png" "$D/sudoku9.txt" >"$T/out" 2>"$T/err"
rc=$?
[ $rc = 3 ] && [ ! -s "$T/out" ] && grep -q "dir.png: cannot write the file: Is a directory" "$T/err" ||
  bad "a directory as --render file: exit code $rc: $(cat "$T/err")"
"$B/pz-sudoku" --render "$T/probe.svg" /dev/null >/dev/null 2>&1
[ -e "$T/probe.svg" ] && bad "no puzzle drawn, but $T/probe.svg was left behind"

[ $fail = 0 ] && echo "render cli: every program draws"
exit $fail
