#!/bin/bash
# pz-bench drives every kind of the registry (pz list names them): one
# puzzle of each on two backends, --unique. A kind with a generator
# benches its puzzle of seed 1, whose answer must be the generator's
# solution (verified 1); one without (nondango) a file of test/data, whose
# answer pz-bench cannot check against rules of its own (verified 0), so
# there both backends must find the one solution and agree.
# Usage: bench_kinds_test.sh BUILD_DIR DATA_DIR BACKEND1 BACKEND2
set -u
build=$1 data=$2 b1=$3 b2=$4
fail=0
kinds=$("$build/pz" list | grep -v '^ ' | cut -d: -f1)
[ -n "$kinds" ] || { echo "pz list named no kind"; exit 1; }
n=0
for k in $kinds; do
  n=$((n + 1))
  # (nondango generates on a given layout: --generate N [options] FILE)
  if "$build/pz" "$k" --help | grep -q -- '--generate N \[options\]$'; then
    input=(--generate 1 --seed 1) want_verified=1
  else
    input=("$data/$k/a4x6.txt") want_verified=0
  fi
  out=$("$build/pz-bench" --kind "$k" --backend "$b1" --backend "$b2" \
        --unique --expect 1 --tsv "${input[@]}" 2>&1)
  rc=$?
  # workload backend strategy mode items sat unsat unknown verified
  # invalid unique multi
  rows=$(printf '%s\n' "$out" | awk -F'\t' -v v="$want_verified" \
    '$5 == 1 && $6 == 1 && $7 == 0 && $8 == 0 && $9 == v && $10 == 0 &&
     $11 == 1 && $12 == 0' | wc -l)
  if [ "$rc" != 0 ] || [ "$rows" != 2 ]; then
    echo "FAIL $k (exit $rc, $rows good rows):"
    printf '%s\n' "$out"
    fail=1
  else
    echo "ok $k"
  fi
done
echo "$n kinds"
exit $fail
