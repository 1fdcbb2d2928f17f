#!/usr/bin/env bash
# Links the README's C example against the build tree every way a user
# might, runs it and compares its output with the README's: gcc and clang,
# each with the bfd, gold and lld linkers, with and without --gc-sections,
# against the static archives and (when built) the shared libraries, with
# each configured backend library alone, and with picosat and cadical
# together (the first wins). Linking libpz alone must fail, naming the
# hook. Every backend alone is linked with the first toolchain (gcc, bfd,
# --gc-sections); every other toolchain links CaDiCaL, PicoSAT+CaDiCaL
# and no backend, which is where linkers differ (archive order, dropped
# sections), so the matrix stays near 40 links instead of 80. A compiler or linker that is not installed is skipped with a
# message; a backend not configured is not passed (none: exit 77). Usage:
#   link_matrix_test.sh BUILDDIR SRCDIR NAME=SOLVER_LIBRARY...
# e.g. cadical=/usr/lib/x86_64-linux-gnu/libcadical.a (exec needs a
# program to be named, so it is never a default and is not linked here).
set -u
build=$1 src=$2
shift 2
sets="" names=""
declare -A solver
for arg in "$@"; do
  solver[${arg%%=*}]=${arg#*=}
  names+=" ${arg%%=*}"
  sets+=" ${arg%%=*}"
done
[[ " $names " == *" cadical "* && " $names " == *" picosat "* ]] && sets+=" picosat+cadical"
[ -n "$sets" ] || { echo "skip: no backend configured"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk '/^```c app\.c/ { on = 1; next } on && /^```/ { exit } on' "$src/README.md" >"$tmp/app.c"
awk '/^\$ \.\/app$/ { on = 1; next } on && /^```/ { exit } on' "$src/README.md" >"$tmp/want"
[ -s "$tmp/app.c" ] && [ -s "$tmp/want" ] || { echo "FAIL: no app.c example in README.md"; exit 1; }
printf 'int main(void) { return 0; }\n' >"$tmp/empty.c"

kinds=static
if [ -e "$build/libpz.so" ]; then kinds="static shared"; else
  echo "skip: shared (this build has static libraries only)"; fi
# The link line of library set $1 ("cadical", "picosat cadical", "none"),
# kind $2.
libs() {
  local set=$1 kind=$2 out="" b
  if [ "$kind" = shared ]; then
    # As pkg-config gives it: the backend kept though nothing calls it.
    for b in $set; do [ "$b" = none ] || out+=" -lpz_$b"; done
    [ -n "$out" ] && out=" -Wl,--push-state,--no-as-needed$out -Wl,--pop-state"
    echo "-L$build -Wl,-rpath,$build -lpz$out"
    return
  fi
  for b in $set; do [ "$b" = none ] || out+=" $build/libpz_$b.a ${solver[$b]}"; done
  [ "$set" = none ] && out=" $build/libpz.a"
  echo "$out -lstdc++ -lm -lpthread"
}

fail=0 ran=0
table=""
core=""
for set in $sets; do case $set in cadical|picosat+cadical) core+=" $set" ;; esac; done
[ -n "$core" ] || core=${sets%% *}
full=1
for cc in gcc clang; do
  command -v $cc >/dev/null || { echo "skip: $cc not installed"; continue; }
  # Compiled once per compiler; the matrix is about linking.
  if ! $cc -std=c11 -O1 -ffunction-sections -fdata-sections -I"$src/include" \
       -c "$tmp/app.c" -o "$tmp/app.o" 2>"$tmp/err"; then
    echo "FAIL: $cc does not compile app.c:"; head -5 "$tmp/err"; fail=1; continue
  fi
  for ld in bfd gold lld; do
    if ! $cc -fuse-ld=$ld "$tmp/empty.c" -o "$tmp/empty" 2>/dev/null; then
      echo "skip: $cc -fuse-ld=$ld does not link"; continue
    fi
    for gc in "-Wl,--gc-sections" ""; do
      for kind in $kinds; do
        row="$cc $ld ${gc:-no-gc} $kind"
        these=$core
        [ $full = 1 ] && these=$sets
        for set in $these none; do
          set=${set//+/ }
          exe="$tmp/app"
          # shellcheck disable=SC2046
          if $cc "$tmp/app.o" -o "$exe" -fuse-ld=$ld $gc $(libs "$set" $kind) \
               2>"$tmp/err"; then
            linked=1
          else
            linked=0
          fi
          if [ "$set" = none ]; then
            # No backend: a link error naming the hook (or, where the
            # linker does not check shared libraries, a loader error).
            if [ $linked = 1 ] && "$exe" >"$tmp/out" 2>"$tmp/err"; then
              echo "FAIL: $row: linked and ran with no backend library"; fail=1
            elif ! grep -q pz_backends_linked "$tmp/err"; then
              echo "FAIL: $row: no backend, but the error does not name the hook:"
              head -3 "$tmp/err"; fail=1
            fi
            continue
          fi
          if [ $linked = 0 ]; then
            echo "FAIL: $row [$set]: does not link:"; head -5 "$tmp/err"; fail=1; continue
          fi
          if ! "$exe" >"$tmp/out" 2>&1 || ! cmp -s "$tmp/out" "$tmp/want"; then
            echo "FAIL: $row [$set]: wrong output:"; head -5 "$tmp/out"; fail=1; continue
          fi
          ran=$((ran + 1))
        done
        table+="  ok  $row [${these# }]"$'\n'
      done
      full=0
    done
  done
done
[ $fail = 0 ] && printf '%s' "$table"
[ $ran -gt 0 ] || { echo "FAIL: nothing was linked"; exit 1; }
[ $fail = 0 ] && echo "link matrix: ok ($ran programs)"
exit $fail
