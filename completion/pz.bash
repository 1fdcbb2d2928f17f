# bash completion for pz's programs (pz-sudoku, pz-latin, ..., pz-web).
# Options come from the program's own --help, the words an option takes
# (backends, encodings, variants, formats, ...) from its --list-values,
# so completion always matches the program installed. Installed once per
# program name, where bash-completion looks for it.

_pz_complete() {
  local cur prev words cword split
  _init_completion -s || return

  local prog=${words[0]}
  # pz KIND [options]: the kind first (pz list names them), then that
  # kind's options and words.
  if [[ ${prog##*/} == pz ]]; then
    if ((cword == 1)); then
      COMPREPLY=($(compgen -W "list $("$prog" list 2>/dev/null |
        sed -n 's/^\([a-z0-9-]*\): .*/\1/p')" -- "$cur"))
      return
    fi
    local kind=${words[1]}
    prog() { "${words[0]}" "$kind" "$@"; }
  else
    prog() { "${words[0]}" "$@"; }
  fi
  if [[ $prev == -* && $prev != -j ]]; then
    local values
    values=$(prog --list-values "$prev" 2>/dev/null)
    if [[ -n $values ]]; then
      # A comma-separated list (--variant): complete its last item.
      local head=""
      if [[ $prev == --variant && $cur == *,* ]]; then
        head=${cur%,*},
      fi
      local word
      COMPREPLY=()
      for word in $values; do
        [[ $head$word == "$cur"* ]] && COMPREPLY+=("$head$word")
      done
      # A list goes on after its comma, a prefix (exec:) after its colon.
      [[ -n $head || ${COMPREPLY[0]} == *: ]] && compopt -o nospace 2>/dev/null
      return
    fi
  fi
  # An option that takes a value: a file for FILE/OUT, nothing to offer
  # otherwise (numbers, shapes).
  if [[ $prev == -* ]]; then
    local meta
    meta=$(prog --help 2>/dev/null |
      sed -n "s/^ *\(-[a-zA-Z], \)\{0,1\}$prev \([A-Za-z][A-Za-z.|/]*\).*/\2/p" |
      head -n 1)
    case $meta in
      '') ;;
      *FILE* | *OUT*) _filedir; return ;;
      *) return ;;
    esac
  fi
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(prog --help 2>/dev/null |
      grep -o -- '--[a-z][a-z0-9-]*' | sort -u)" -- "$cur"))
    return
  fi
  _filedir
} &&
  complete -F _pz_complete pz pz-sudoku pz-latin pz-killer pz-futoshiki \
    pz-kakuro pz-starbattle pz-knightdoku pz-nondango pz-eulero pz-bench \
    pz-web
