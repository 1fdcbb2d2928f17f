#!/usr/bin/env bash
# pkg-config alone links a program against each backend of the installed
# package: the README's C example is built with the flags of pz-ipasir (the
# IPASIR solver comes from the .pc file), of pz-cadical, of pz-picosat and
# of all three together, run, and its grid checked by an independent
# Sudoku checker. Usage: pkgconfig_test.sh BUILDDIR SRCDIR BACKENDS (the
# configured ones, space-separated: those of the three not configured are
# left out)
set -u
build=$1 src=$2 backends=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null || exit 1
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig:$tmp/prefix/lib/x86_64-linux-gnu/pkgconfig"
# The example as the README shows it.
awk '/^```c app\.c/ { on = 1; next } on && /^```/ { exit } on' "$src/README.md" >"$tmp/app.c"
puzzle=$(grep -o '"[0-9.]\{81\}"' "$tmp/app.c" | tr -d '"')
[ ${#puzzle} = 81 ] || { echo "FAIL: no 81-cell puzzle in README's app.c"; exit 1; }

# valid_grid: a 9x9 grid as pz_write_grid draws it on stdin, every row,
# column and box 1..9 once, the puzzle's givens kept.
valid_grid() {
  tr -d '|' | grep -v '^-' | awk -v p="$puzzle" '
    { if (NF != 9) bad = 1
      for (c = 1; c <= NF; c++) { v = $c; g = substr(p, r * 9 + c, 1)
        if (v !~ /^[1-9]$/ || (g != "." && g != v)) bad = 1
        b = int(r / 3) * 3 + int((c - 1) / 3)
        if (row[r, v]++ || col[c, v]++ || box[b, v]++) bad = 1 }
      r++ }
    END { exit(bad || r != 9) }'
}

# has B...: whether every backend B is configured.
has() {
  local b
  for b in "$@"; do [[ " $backends " == *" $b "* ]] || return 1; done
}
sets=() all=()
for b in ipasir cadical picosat; do
  has $b && sets+=("pz-$b") && all+=("pz-$b")
done
sets+=(pz-backends)
[ ${#all[@]} -gt 1 ] && sets+=("${all[*]}")
has picosat ipasir && sets+=("pz-picosat pz-ipasir")
for pkgs in "${sets[@]}"; do
  name=$(tr ' ' '_' <<<"$pkgs")
  # shellcheck disable=SC2046,SC2086
  if ! cc -std=c11 -Wall -Werror "$tmp/app.c" -o "$tmp/$name" \
       $(pkg-config --cflags --libs $pkgs) -Wl,-rpath,"$(pkg-config --variable=libdir pz)" \
       2>"$tmp/err"; then
    echo "FAIL: linking with pkg-config --libs $pkgs:"
    head -5 "$tmp/err"
    fail=1
    continue
  fi
  "$tmp/$name" | valid_grid || { echo "FAIL: $pkgs: not a solution:"; "$tmp/$name"; fail=1; }
done
# Another IPASIR solver: the variable names it.
if has ipasir; then
  libs=$(pkg-config --static --define-variable=ipasir_solver=-lmysolver --libs pz-ipasir)
  grep -q -- '-lpz_ipasir .*-lmysolver' <<<"$libs" || { echo "FAIL: ipasir_solver not used: $libs"; fail=1; }
fi
[ "$fail" = 0 ] && echo "pkg-config test: ok"
exit $fail
