#!/usr/bin/env bash
# Bash completion (completion/pz.bash): options from --help, the words of
# --backend, --encoding, --variant, --format, --card from --list-values,
# files after options that take a FILE. Skips (77) without bash-completion.
# usage: completion_test.sh BUILD_DIR SOURCE_DIR
set -u
build=$1 src=$2
bc=/usr/share/bash-completion/bash_completion
[ -r "$bc" ] || { echo "bash-completion not installed: skipped"; exit 77; }
# shellcheck disable=SC1090
source "$bc"
source "$src/completion/pz.bash"
PATH=$build:$build/web:$PATH
fails=0

# complete WORDS...: the last word is the one being completed; prints the
# candidates sorted, one line.
complete_words() {
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE="$*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _pz_complete "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
  printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}

check() { # check WANT WORDS...
  local want=$1; shift
  local got
  got=$(complete_words "$@")
  if [ "$got" != "$want" ]; then
    echo "FAIL: '$*' completes to '$got', want '$want'"
    fails=$((fails + 1))
  fi
}

# The library's own name tables, asked independently (--version names
# exec as exec:ARG, --list-values as the prefix exec:).
backends=$(pz-sudoku --version | sed -n 's/^backends: //p' |
  sed 's/ (default)//; s/:ARG/:/g' | tr ' ' '\n' | grep . | sort | tr '\n' ' ' | sed 's/ $//')
check "$backends" pz-sudoku --backend ''
check "$backends" pz-bench --backend ''
check "pairwise" pz-sudoku --encoding pa
check "grid json line pls" pz-latin --format ''
check "grid iss janko json line url" pz-sudoku --format ''
check "anti-king anti-knight" pz-sudoku --variant anti-k
check "diagonal,windoku" pz-sudoku --variant diagonal,w
check "seqcounter sortnet" pz-starbattle --card s
check "rotate180 rotate90" pz-killer --symmetry rot
check "deep-probing" pz-kakuro --difficulty de
check "--unique" pz-sudoku --uni
check "--jigsaw" pz-sudoku --jig
check "--qwh" pz-latin --qw
check "--listen" pz-web --lis
# Every option --help shows completes, on every program.
for p in pz-sudoku pz-latin pz-killer pz-futoshiki pz-kakuro pz-starbattle \
         pz-knightdoku pz-nondango pz-eulero pz-bench pz-web; do
  got=$(complete_words "$p" --)
  for o in --help --version; do
    case " $got " in *" $o "*) ;; *) echo "FAIL: $p: $o not offered"; fails=$((fails + 1)) ;; esac
  done
done
# Files after --regions and for the input; nothing after --box.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
touch "$tmp/grid.txt" "$tmp/regions.txt"
cd "$tmp" || exit 1
check "regions.txt" pz-sudoku --regions re
check "grid.txt" pz-sudoku gr
check "" pz-sudoku --box 3
[ $fails = 0 ] && echo "completion: ok"
[ $fails = 0 ]
