#!/usr/bin/env bash
# Every symbol the libraries define globally carries the pz_ prefix.
set -u
bad=0
for lib in "$@"; do
  syms=$(nm -g --defined-only "$lib" 2>/dev/null | awk 'NF == 3 && $2 ~ /[TDRBC]/ {print $3}' |
         grep -v '^pz_' | grep -v '^__odr_asan' | grep -v '^__asan' | grep -v '^__ubsan' )
  if [ -n "$syms" ]; then
    echo "$lib exports symbols without the pz_ prefix:"
    echo "$syms"
    bad=1
  fi
done
exit $bad
