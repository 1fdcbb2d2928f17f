#!/usr/bin/env bash
# Runs pz's fuzz targets with clang's libFuzzer (plus AddressSanitizer and
# UndefinedBehaviorSanitizer).
#
#   scripts/fuzz.sh TARGET|all|parse|solve|list SECONDS [libFuzzer options...]
#
# The targets are registered in test/fuzz.cmake: NAME is a parse-only
# target (fuzz/fuzz_NAME.c linked without solving: kinds, text, pls, ...)
# and NAME_solve the same source solving on every backend (kinds_solve,
# text_solve, ...). "parse" runs every parse-only target, "solve" every solving one,
# "all" both; "list" prints them.
# Builds in build-libfuzzer/ (override with PZ_FUZZ_BUILD=DIR), then runs
# each target for SECONDS over a scratch copy of its corpus (new inputs go
# to DIR/corpus/TARGET, fuzz/corpus/NAME being the seed, so the shipped
# corpus stays small; merge good ones by hand with -merge=1). Crashes,
# leaks, timeouts and out-of-memory inputs are saved as
# DIR/artifacts/TARGET/crash-* etc.; add each to fuzz/corpus/NAME/ once
# fixed, so ctest replays it. The summary gives each target's executions,
# executions per second and coverage.
# Exit status: 0 when no target found anything, 1 otherwise, 2 usage.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

usage() {
  echo "usage: $0 TARGET|all|parse|solve|list SECONDS [libFuzzer options...]" >&2
  echo "($0 list 0 prints the targets)" >&2
  exit 2
}
if [ $# -lt 1 ]; then usage; fi
which=$1
if [ "$which" = list ]; then
  seconds=0
  shift
else
  if [ $# -lt 2 ] || ! [[ $2 =~ ^[0-9]+$ ]]; then usage; fi
  seconds=$2
  shift 2
fi

# clang and its libFuzzer runtime (Debian: clang, libclang-rt-dev).
cc=${PZ_FUZZ_CC:-}
if [ -z "$cc" ]; then
  for c in clang clang-16 clang-15 clang-14; do
    if command -v "$c" >/dev/null; then cc=$c; break; fi
  done
fi
have_fuzzer() {
  [ -n "$cc" ] && echo 'int LLVMFuzzerTestOneInput(const char *d, long n) { return 0; }' |
    "$cc" -x c -fsanitize=fuzzer -o /dev/null - >/dev/null 2>&1
}
if ! have_fuzzer; then
  echo "fuzz.sh: installing clang and libFuzzer (apt)" >&2
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y clang libclang-rt-dev
  cc=clang
  have_fuzzer || { echo "fuzz.sh: clang cannot link -fsanitize=fuzzer" >&2; exit 2; }
fi
cxx=${cc/clang/clang++}

build=${PZ_FUZZ_BUILD:-$root/build-libfuzzer}
mkdir -p "$build"
# The library and backends are instrumented for coverage (fuzzer-no-link);
# PZ_SANITIZE adds ASan and UBSan everywhere (halting on the first error);
# test/fuzz.cmake links the targets with libFuzzer.
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link" \
  -DPZ_SANITIZE=ON -DPZ_LIBFUZZER=ON -DPZ_WERROR=OFF >"$build/cmake.log" 2>&1 ||
  { cat "$build/cmake.log" >&2; exit 2; }
# test/fuzz.cmake lists the targets: NAME, kind, corpus, executable.
list_file=$build/fuzz_targets.txt
names=() kinds=() corpora=() exes=()
while IFS=$'\t' read -r name kind corpus exe; do
  names+=("$name") kinds+=("$kind") corpora+=("$corpus") exes+=("$exe")
done <"$list_file"
if [ "$which" = list ]; then
  for i in "${!names[@]}"; do echo "${names[$i]} (${kinds[$i]})"; done
  exit 0
fi
picked=()
for i in "${!names[@]}"; do
  case $which in
    all | "${kinds[$i]}" | "${names[$i]}") picked+=("$i") ;;
  esac
done
if [ ${#picked[@]} -eq 0 ]; then
  echo "$0: no fuzz target '$which'; targets: ${names[*]}" >&2
  exit 2
fi
build_targets=()
for i in "${picked[@]}"; do build_targets+=("fuzz_${names[$i]}"); done
cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" \
  --target "${build_targets[@]}" >"$build/build.log" 2>&1 ||
  { tail -50 "$build/build.log" >&2; exit 2; }

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
found=0
summary=()
for i in "${picked[@]}"; do
  t=${names[$i]}
  exe=${exes[$i]}
  work=$build/corpus/$t
  art=$build/artifacts/$t
  mkdir -p "$work" "$art"
  log=$build/fuzz-$t.log
  echo "== $t (${kinds[$i]}): ${seconds}s (log: $log)"
  # -timeout: one input taking longer than 10 s is a hang (solves have a
  # 2 s limit). -rss_limit_mb: a parser must not allocate a few GB.
  set +e
  "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$art/" "$@" \
    "$work" "${corpora[$i]}" >"$log" 2>&1
  rc=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
  arts=$(find "$art" -type f | wc -l)
  line="$t (${kinds[$i]}): exit $rc, ${execs:-?} executions, ${rate:-?}/s, ${cov:-cov: ?}, $arts artifact(s)"
  summary+=("$line")
  if [ "$rc" != 0 ] || [ "$arts" != 0 ]; then
    found=1
    echo "$line" >&2
    grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz:)|runtime error|^ +#[0-9]+ ' "$log" | head -40 >&2 || true
    find "$art" -type f >&2
  fi
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $found
