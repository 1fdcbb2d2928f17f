#!/usr/bin/env bash
# Difficulty agreement, pz vs QQWing (issue 10): (a) QQWing generates N
# puzzles per QQWing level and pz-sudoku --rate rates them; (b) pz-sudoku
# --generate makes N puzzles per pz level and QQWing rates them
# (qqwing --solve --stats --csv, its "Difficulty" column). Prints two
# markdown tables (counts, and percentages of the row). pz's levels
# deep-probing and search are rare among random minimal puzzles: for them
# the script asks for RARE puzzles (default 5; 1000 tries each) and counts
# only what pz's own --rate then says. If ../shared/data/sudoku is there, it
# also rates top1465, forum_hardest_1106 and the first 2000 17-clue
# puzzles with both.
# Usage: bench/rate.sh [BUILD_DIR [N [SEED [RARE]]]]
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
n=${2:-200}
seed=${3:-1}
rare=${4:-5}
data=$here/../../shared/data/sudoku
command -v qqwing >/dev/null || { echo "qqwing is not installed (apt-get install qqwing): skipped"; exit 0; }
pz=$build/pz-sudoku
[ -x "$pz" ] || { echo "no $pz (build first)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pz_levels="singles probing deep-probing search not-unique no-solution"
qq_levels="Simple Easy Intermediate Expert"

# qq_rate FILE: QQWing's difficulty of each puzzle, one a line
qq_rate() {
  qqwing --solve --csv --stats --nosolution <"$1" |
    awk -F, 'NR > 1 && NF >= 10 {print $10}'
}
# pz_rate FILE: pz's level of each puzzle, one a line (spaces as '-')
pz_rate() { "$pz" --rate --format line "$1" | tr ' ' '-'; }

# table TITLE ROWS COLS PAIRS: PAIRS has "row col" lines
table() {
  local title=$1 rows=$2 cols=$3 pairs=$4
  awk -v title="$title" -v rows="$rows" -v cols="$cols" '
    { c[$1, $2]++; r[$1]++ }
    END {
      nr = split(rows, R, " "); nc = split(cols, C, " ")
      # drop columns that stay empty
      k = 0
      for (j = 1; j <= nc; j++) { s = 0; for (i = 1; i <= nr; i++) s += c[R[i], C[j]]; if (s) K[++k] = C[j] }
      line = "| " title " | n"; sep = "|---|---:"
      for (j = 1; j <= k; j++) { line = line " | " K[j]; sep = sep "|---:" }
      print line " |"; print sep "|"
      for (i = 1; i <= nr; i++) {
        if (!r[R[i]]) continue
        line = "| " R[i] " | " r[R[i]]
        for (j = 1; j <= k; j++) {
          v = c[R[i], K[j]] + 0
          line = line sprintf(" | %d (%.0f%%)", v, 100 * v / r[R[i]])
        }
        print line " |"
      }
    }' "$pairs"
  echo
}

echo "N = $n per level, seed $seed; $(qqwing --version 2>&1 | head -1); $("$pz" --version 2>&1 | head -1)"
echo

# (a) QQWing generates, pz rates.
: >"$tmp/a"
for q in simple easy intermediate expert; do
  qqwing --generate "$n" --difficulty "$q" --one-line >"$tmp/qq-$q.txt" || exit 1
  # QQWing's own rating of what it printed (the label it generated for)
  qq_rate "$tmp/qq-$q.txt" >"$tmp/qq-$q.qq"
  pz_rate "$tmp/qq-$q.txt" >"$tmp/qq-$q.pz"
  Q=$(echo "$q" | awk '{print toupper(substr($0, 1, 1)) substr($0, 2)}')
  paste -d' ' <(yes "$Q" | head -n "$n") "$tmp/qq-$q.pz" >>"$tmp/a"
  bad=$(grep -vc "^$Q\$" "$tmp/qq-$q.qq")
  [ "$bad" = 0 ] || echo "note: QQWing rates $bad of its own $q puzzles otherwise when solving them again"
done
echo "(a) QQWing's level (qqwing --generate $n --difficulty L --one-line) x pz's level (pz-sudoku --rate):"
echo
table "QQWing \\ pz" "$qq_levels" "$pz_levels" "$tmp/a"

# (b) pz generates, QQWing rates.
: >"$tmp/b"
for p in singles probing deep-probing search; do
  k=$n
  case $p in deep-probing | search) k=$rare ;; esac
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$pz" --generate "$k" --seed "$seed" --difficulty "$p" \
    >"$tmp/pz-$p.txt" 2>"$tmp/pz-$p.err"
  rc=$?
  [ $rc = 0 ] || [ $rc = 4 ] || { cat "$tmp/pz-$p.err"; exit 1; }
  cpu=$(awk 'END {printf "%.1f", $1 + $2}' "$tmp/t")
  pz_rate "$tmp/pz-$p.txt" >"$tmp/pz-$p.pz"
  hit=$(grep -c "^$p\$" "$tmp/pz-$p.pz")
  echo "pz --generate $k --difficulty $p: $hit of $k rated $p ($cpu CPU s)"
  # only the puzzles that reached the level count
  paste -d' ' "$tmp/pz-$p.pz" <(qq_rate "$tmp/pz-$p.txt") | awk -v p="$p" '$1 == p' >>"$tmp/b"
done
echo
echo "(b) pz's level (pz-sudoku --generate $n --seed $seed --difficulty L) x QQWing's level (qqwing --solve --stats --csv):"
echo
table "pz \\ QQWing" "$pz_levels" "$qq_levels" "$tmp/b"

# (c) Published sets, rated by both.
for f in puzzles3_magictour_top1465.txt:0 puzzles6_forum_hardest_1106.txt:0 puzzles2_17_clue.txt:2000; do
  file=$data/${f%%:*}
  lim=${f##*:}
  [ -r "$file" ] || { echo "(${f%%:*} is not there: skipped)"; continue; }
  if [ "$lim" = 0 ]; then tr -d '\r' <"$file" >"$tmp/set.txt"; else tr -d '\r' <"$file" | head -n "$lim" >"$tmp/set.txt"; fi
  paste -d' ' <(pz_rate "$tmp/set.txt") <(qq_rate "$tmp/set.txt") >"$tmp/c"
  echo "(c) ${f%%:*}$([ "$lim" = 0 ] || echo ", first $lim"): pz's level x QQWing's level:"
  echo
  table "pz \\ QQWing" "$pz_levels" "$qq_levels" "$tmp/c"
done
