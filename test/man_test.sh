#!/usr/bin/env bash
# Man pages (man/): every page renders with `man -l` without a warning,
# has a NAME line, and each program's page carries every option its
# --help lists (help2man makes one from the other; this catches a page
# left stale or a help text help2man cannot read). pz(3)'s example is
# compiled against the library and must print 576.
# Runs on the installed tree (cmake --install into a temporary prefix), as
# a user gets it; the bash completion files are checked to be installed.
# usage: man_test.sh BUILD_DIR SOURCE_DIR
set -u
build=$1 src=$2
command -v man >/dev/null || { echo "man not installed: skipped"; exit 77; }
ls "$build"/man/*.1 >/dev/null 2>&1 || { echo "no man pages built (help2man missing): skipped"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null || { echo "FAIL: install"; exit 1; }
mandir=$prefix/share/man
for p in pz-sudoku pz-latin pz-killer pz-futoshiki pz-kakuro pz-starbattle \
         pz-knightdoku pz-nondango pz-eulero pz-bench; do
  [ -e "$mandir/man1/$p.1" ] || fail "$p.1 not installed"
  cmp -s "$src/completion/pz.bash" "$prefix/share/bash-completion/completions/$p" ||
    fail "completion for $p not installed"
done
# As a user reads it: man finds the page by name under the prefix.
MANPATH=$mandir man -w pz-sudoku >/dev/null 2>&1 || fail "man -w pz-sudoku finds no page"

for page in "$mandir"/man1/*.1 "$mandir"/man3/*.3; do
  [ -e "$page" ] || continue
  warn=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
  [ -z "$warn" ] || fail "$page: $warn"
  lexgrog "$page" >/dev/null 2>&1 || fail "$page: no NAME section man can read"
done

for page in "$mandir"/man1/*.1; do
  prog=$(basename "$page" .1)
  bin="$prefix/bin/$prog"
  [ -x "$bin" ] || { fail "$prog: program not built"; continue; }
  text=$(LC_ALL=C.UTF-8 MANWIDTH=200 man -l "$page" 2>/dev/null)
  grep -q '^SYNOPSIS' <<<"$text" || fail "$prog: no SYNOPSIS"
  grep -q "^ *$prog " <<<"$text" || fail "$prog: SYNOPSIS does not name $prog"
  for opt in $("$bin" --help | grep -o -- '^ *\(-[a-zA-Z], \)\{0,1\}--[a-z][a-z0-9-]*' |
               grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
    grep -q -- "$opt" <<<"$text" || fail "$prog: $opt in --help, not in the man page"
  done
  grep -q "^Exit status" <<<"$("$bin" --help)" &&
    { grep -q -i "exit status" <<<"$text" || fail "$prog: exit status missing"; }
done

if [ -e "$mandir/man3/pz.3" ]; then
  # The page's example, as printed (man renders \\n as \n), built with
  # pkg-config against the installed library.
  LC_ALL=C.UTF-8 MANWIDTH=200 man -l "$mandir/man3/pz.3" 2>/dev/null |
    sed -n '/^EXAMPLE/,/^SEE ALSO/p' | sed -n '/#include <pz.h>/,/^           }/p' |
    sed 's/^           //' >"$tmp/example.c"
  export PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib/x86_64-linux-gnu/pkgconfig"
  # shellcheck disable=SC2046
  if cc -std=c11 -Wall -Werror "$tmp/example.c" -o "$tmp/example" \
       $(pkg-config --cflags --libs pz-backends) \
       -Wl,-rpath,"$(pkg-config --variable=libdir pz)" 2>"$tmp/cc.err"; then
    out=$("$tmp/example")
    [ "$out" = 576 ] || fail "pz(3) example printed '$out', not 576"
  else
    fail "pz(3) example does not compile: $(head -5 "$tmp/cc.err")"
  fi
fi
[ $fails = 0 ] && echo "man: ok"
[ $fails = 0 ]
