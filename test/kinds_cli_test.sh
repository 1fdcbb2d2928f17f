#!/usr/bin/env bash
# The pz program over every kind it lists (pz list): generate, solve,
# check uniqueness, every --format read back, no puzzle, usage errors, and
# pz-KIND as the same program under another name.
# Usage: kinds_cli_test.sh BINDIR BACKEND
set -u
bin=$1 backend=$2
fail=0
pz="$bin/pz"
. "$(dirname "$0")/expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
kinds=$("$pz" list | sed -nE 's/^([a-z0-9-]+): .*/\1/p')
[ -n "$kinds" ] || { echo "FAIL: pz list names no kind"; exit 1; }
for k in $kinds; do
  run="$pz $k --backend $backend"
  # No input, blank input, comments only: no puzzle.
  for input in "" "\n\n" "# nothing\n"; do
    printf "$input" >"$tmp/empty"
    expect 2 "no puzzle" $run "$tmp/empty"
  done
  # A usage error is one line and a pointer to the help; exit 1.
  expect 1 "Try 'pz $k --help'" $run --no-such-option
  "$pz" $k --help | grep -q "^Usage: pz $k " || { echo "FAIL: pz $k --help"; fail=1; }
  "$pz" $k --help | grep -q "^Formats (--format): " || continue
  formats=$("$pz" $k --help | sed -n 's/^Formats (--format): //p' | tr -d ',')
  # Kinds that generate from parameters alone (not on an input's layout).
  if "$pz" $k --help | grep -qE -- "--generate N \[options\]$"; then
    $run --generate 1 --seed 2 >"$tmp/p" || { echo "FAIL: pz $k --generate"; fail=1; continue; }
    expect 0 "(^|\n)unique$" $run --unique "$tmp/p"
    want=$($run --format line "$tmp/p")
    for f in $formats; do
      [ "$f" = json ] && continue
      if $run --generate 1 --seed 2 --format "$f" >"$tmp/p.$f" 2>"$tmp/err"; then
        got=$($run --format line "$tmp/p.$f")
        [ "$got" = "$want" ] || { echo "FAIL: pz $k: --format $f does not read back: '$got' != '$want'"; fail=1; }
      else
        grep -q "cannot hold" "$tmp/err" || { echo "FAIL: pz $k --generate --format $f:"; cat "$tmp/err"; fail=1; }
      fi
    done
    # pz-KIND is the same program.
    ln -sf "$(cd "$bin" && pwd)/pz" "$tmp/pz-$k"
    got=$("$tmp/pz-$k" --backend $backend --format line "$tmp/p")
    [ "$got" = "$want" ] || { echo "FAIL: pz-$k (a link to pz) answers '$got'"; fail=1; }
  fi
done
exit $fail
