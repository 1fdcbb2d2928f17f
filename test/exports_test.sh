#!/usr/bin/env bash
# Every symbol the libraries define globally carries the pz_ prefix: for an
# archive, every global symbol; for a shared library, every dynamic symbol
# it exports (weak and unique ones too, so no C++ template of a solver
# leaks out).
set -u
bad=0
for lib in "$@"; do
  case $lib in
    *.so*) syms=$(nm -D --defined-only "$lib" | awk 'NF == 3 && $2 ~ /[TDRBCWVui]/ {print $3}') ;;
    *) syms=$(nm -g --defined-only "$lib" 2>/dev/null | awk 'NF == 3 && $2 ~ /[TDRBC]/ {print $3}') ;;
  esac
  syms=$(grep -v '^pz_' <<<"$syms" | grep -v '^__odr_asan' | grep -v '^__asan' | grep -v '^__ubsan' | grep -v '^$')
  if [ -n "$syms" ]; then
    echo "$lib exports symbols without the pz_ prefix:"
    echo "$syms"
    bad=1
  fi
done
[ $bad = 0 ] && echo "exports: $# libraries, pz_ symbols only"
exit $bad
