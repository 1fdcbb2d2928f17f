#!/usr/bin/env bash
# Installs pz into a temporary prefix, then builds a consumer program with
# find_package(pz) and with pkg-config, and runs both.
set -eu
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
test -f "$tmp/prefix/include/pz.h"
test -f "$tmp/prefix/include/pz/backend.h"
cmake -S "$src/consumer" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
out=$("$tmp/consumer/consumer")
echo "$out"
grep -q '^cadical 288$' <<<"$out"
grep -q '^picosat 288$' <<<"$out"
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig:$tmp/prefix/lib/x86_64-linux-gnu/pkgconfig"
cc -std=c11 -Wall -Werror "$src/consumer/main.c" -o "$tmp/pc-consumer" \
  $(pkg-config --cflags --libs pz-picosat)
out=$("$tmp/pc-consumer")
echo "$out"
test "$out" = "picosat 288"
cc -std=c11 "$src/consumer/main.c" -o "$tmp/pc-consumer2" \
  $(pkg-config --cflags --libs pz-cadical)
test "$("$tmp/pc-consumer2")" = "cadical 288"
echo "install test: ok"
