#!/usr/bin/env bash
# Installs pz into a temporary prefix, then builds a consumer program with
# find_package(pz) and with pkg-config, and runs them: all backends, each
# backend alone, and libpz alone (which must not link).
set -eu
build=$1 src=$2 backends=${3//;/ }  # the configured backends (CMake list)
# exec needs a program to run: the consumer leaves it out (pz_backend_needs_arg).
backends=$(for b in $backends; do [ "$b" = exec ] || printf "%s " "$b"; done)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
test -f "$tmp/prefix/include/pz.h"
test -f "$tmp/prefix/include/pz/backend.h"
# The kinds' programs are links to pz, which reads the kind from its name.
for k in sudoku latin killer kakuro; do
  test -L "$tmp/prefix/bin/pz-$k" && test "$(readlink "$tmp/prefix/bin/pz-$k")" = pz
done
test "$("$tmp/prefix/bin/pz-latin" 4 --count)" = 576
test "$("$tmp/prefix/bin/pz" latin 4 --count)" = 576
# No absolute path of this machine's solvers in the package.
if grep -rlE '/[^ ;"]*/lib(cadical|picosat)\.(a|so)' "$tmp/prefix/lib" --include='*.cmake' --include='*.pc'; then
  echo "FAIL: the package names a solver archive by path"; exit 1
fi
cmake -S "$src/consumer" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
out=$("$tmp/consumer/consumer")
echo "$out"
test "$out" = "$(for b in $backends; do echo "$b 288"; done)"
for b in $backends; do
  test "$("$tmp/consumer/consumer-$b")" = "$b 288"
done
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig:$tmp/prefix/lib/x86_64-linux-gnu/pkgconfig"
rpath=-Wl,-rpath,$(pkg-config --variable=libdir pz)  # shared builds
for b in $backends; do
  cc -std=c11 -Wall -Werror "$src/consumer/main.c" -o "$tmp/pc-$b" \
    $(pkg-config --cflags --libs pz-$b) "$rpath"
  out=$("$tmp/pc-$b")
  echo "$out"
  test "$out" = "$b 288"
done
# libpz alone: a link error naming the hook, never a program that finds
# no backend.
if cc -std=c11 "$src/consumer/main.c" -o "$tmp/pc-none" \
     $(pkg-config --cflags --libs pz) 2>"$tmp/err"; then
  echo "FAIL: linked with no backend library"; exit 1
fi
grep -q "undefined reference to .pz_backends_linked'" "$tmp/err" ||
  { cat "$tmp/err"; echo "FAIL: not the hook's link error"; exit 1; }
echo "install test: ok"
