#!/usr/bin/env bash
# pz's benchmarks in one script: installs what it needs (only what is
# missing), builds pz in Release in its own build directory (build-bench),
# measures every backend and the peers on the public data in
# ../shared/data (parts whose data is absent are skipped), prints the
# tables, and rewrites docs/BENCHMARKS.md from this run.
#
#   bench/run.sh            the full run (about 15-20 minutes on 2 cores)
#   bench/run.sh --quick    small subsamples, a few minutes; writes
#                           bench/out/BENCHMARKS.quick.md, not docs/
#   --no-setup              skip apt-get / npm (use what is installed)
#   --report-only           no measuring: rewrite the document from the
#                           results of the last run in bench/out
#
# Raw results stay in bench/out/ (not committed): *.tsv, logs, the CNF
# files of the binary peers, the callgrind profile.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
quick=0 setup=1 report_only=0
for a in "$@"; do
  case $a in
  --quick) quick=1 ;;
  --no-setup) setup=0 ;;
  --report-only) report_only=1 setup=0 ;; # rewrite the document from bench/out
  -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
  *) echo "run.sh: unknown option '$a' (see --help)" >&2; exit 1 ;;
  esac
done

data=$root/../shared/data/sudoku
large=$data/large
out=$here/out
build=$root/build-bench
bin=$build
jobs=$(nproc 2>/dev/null || echo 2)
tl=60            # seconds per puzzle, so nothing hangs
mkdir -p "$out"
md=$out/sections.md
: >"$md"
if [ $quick = 1 ]; then
  doc=$out/BENCHMARKS.quick.md
  n9=200 n17=1000 npeer=20 nlogic=10 seeds=1
else
  doc=$root/docs/BENCHMARKS.md
  n9=0 n17=10000 npeer=100 nlogic=100 seeds=4
fi
say() { printf '\n== %s\n' "$*"; }
emit() { printf '%s\n' "$*" >>"$md"; }
# Logs a command as the docs show it (paths relative to the project root).
logcmd() {
  local s="$*"
  s=${s//$root\/..\/shared\/data/..\/shared\/data}
  s=${s//$root\//}
  s=${s//$here\//bench\/}
  printf '%s\n' "$s" >>"$out/commands.txt"
}
have() { [ -e "$1" ]; }
# mawk has no %'d: th(x) groups the digits of a rounded number by thousands.
TH='function th(x,  s, r) { s = sprintf("%.0f", x); r = ""
  while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) }
  return s r }'
fmt_rate() { awk -v x="$1" "$TH"' BEGIN { if (x >= 100) printf "%s", th(x); else printf "%.1f", x }'; }

# Everything up to the report measures; --report-only skips to the report.
if [ $report_only = 0 ]; then
rm -f "$out"/*.tsv "$out"/commands.txt
start_date=$(date -u '+%Y-%m-%d %H:%M UTC')
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
t_start=$(date +%s)

# --- Setup -------------------------------------------------------------------
if [ $setup = 1 ]; then
  say "setup"
  bash "$root/scripts/install-deps.sh" || { echo "run.sh: install-deps failed" >&2; exit 1; }
  pkgs=(python3-pycosat cadical picosat minisat nodejs npm hyperfine time valgrind
        libcadical-dev)
  missing=()
  for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  # nodejs from another source may ship npm itself.
  if [ ${#missing[@]} -gt 0 ] && command -v npm >/dev/null; then
    m2=(); for p in "${missing[@]}"; do [ "$p" = npm ] || m2+=("$p"); done
    missing=("${m2[@]+"${m2[@]}"}")
  fi
  if [ ${#missing[@]} -gt 0 ]; then
    sudo=""; [ "$(id -u)" != 0 ] && sudo=sudo
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "${missing[@]}" ||
      { echo "run.sh: apt-get install ${missing[*]} failed" >&2; exit 1; }
  fi
  if [ ! -f "$here/node_modules/logic-solver/package.json" ]; then
    (cd "$here" && npm install --no-audit --no-fund) ||
      echo "run.sh: npm install failed; the logic-solver peer is skipped" >&2
  fi
fi
py=/usr/bin/python3 # Debian's python3-pycosat is for the system python

say "build (Release) in $build"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPZ_TESTS=OFF >/dev/null &&
  cmake --build "$build" -j"$jobs" --target pz-bench pz-sudoku pz-latin >"$out/build.log" 2>&1 ||
  { tail -30 "$out/build.log"; echo "run.sh: build failed" >&2; exit 1; }
cc -O2 -o "$out/plain_c" "$here/peers/plain_c.c" -lcadical -lstdc++ -lm ||
  { echo "run.sh: plain_c did not build" >&2; exit 1; }
backends=$("$bin/pz-bench" --version | sed -n 's/^backends: //p' | sed 's/ (default)//')
echo "backends: $backends"

# --- Helpers -----------------------------------------------------------------
# pzb TAG ARGS...: pz-bench --tsv; rows go to pz.tsv prefixed by TAG.
pzb() {
  local tag=$1; shift
  logcmd "$bin/pz-bench" "$@"
  "$bin/pz-bench" --tsv "$@" >"$out/last.tsv" 2>"$out/last.err"
  local rc=$?
  [ $rc = 0 ] || { echo "pz-bench $* -> exit $rc"; cat "$out/last.err"; }
  grep -v '^#' "$out/last.tsv" | sed "s|^|$tag\t|" | tee -a "$out/pz.tsv" |
    awk -F'\t' '{printf "  %-28s %-8s %-6s %-7s %7d items %9.3f s wall %9.3f s cpu %10.1f med us\n", $2, $3, $4, $5, $6, $14, $15, $17}'
}
# peer TAG NAME COMMAND...: one peer line to peers.tsv prefixed by TAG.
peer() {
  local tag=$1 name=$2; shift 2
  logcmd "$@"
  local line
  line=$("$@" 2>"$out/last.err")
  local rc=$?
  [ $rc = 0 ] || { echo "  $name: exit $rc"; head -5 "$out/last.err"; }
  [ -n "$line" ] && printf '%s\t%s\n' "$tag" "$line" | tee -a "$out/peers.tsv" |
    awk -F'\t' '{printf "  %-28s %-14s %7d items %9.3f s wall %9.3f s cpu %10.1f med us\n", $1, $2, $4, $9, $10, $11}'
}

# --- 1. 9x9 data sets --------------------------------------------------------
same_all="" prof="" rep=3; [ $quick = 1 ] && rep=1
sets9=(puzzles3_magictour_top1465 puzzles6_forum_hardest_1106 puzzles2_17_clue puzzles7_serg_benchmark)
declare -A limit9
for s in "${sets9[@]}"; do limit9[$s]=$n9; done
limit9[puzzles2_17_clue]=$n17
have9=0
for s in "${sets9[@]}"; do
  f=$data/$s.txt
  have "$f" || { echo "skip $s: $f is absent"; continue; }
  have9=1
  say "9x9 $s"
  lim=()
  [ "${limit9[$s]}" != 0 ] && lim=(--limit "${limit9[$s]}")
  for mode in solve unique; do
    u=(); [ $mode = unique ] && u=(--unique)
    for st in fresh assume; do
      pzb "9x9" --strategy $st "${u[@]+"${u[@]}"}" "${lim[@]+"${lim[@]}"}" --time-limit $tl sudoku "$f"
    done
  done
done

# pz as shipped (strategy AUTO) on the sets the targets name.
if [ $have9 = 1 ]; then
  say "9x9 strategy auto (the default)"
  for s in puzzles3_magictour_top1465 puzzles2_17_clue; do
    f=$data/$s.txt; have "$f" || continue
    lim=(); [ "${limit9[$s]}" != 0 ] && lim=(--limit "${limit9[$s]}")
    pzb auto --repeat $rep "${lim[@]+"${lim[@]}"}" sudoku "$f"
    [ $s = puzzles3_magictour_top1465 ] && pzb auto --repeat $rep --unique "${lim[@]+"${lim[@]}"}" sudoku "$f"
  done
fi

# Encodings: the grid default (AUTO: pairwise up to 16 values) against the
# general AUTO choices for longer lists, ladder and commander (CaDiCaL).
if [ $have9 = 1 ]; then
  say "9x9 encodings"
  for s in puzzles3_magictour_top1465 puzzles2_17_clue; do
    f=$data/$s.txt; have "$f" || continue
    lim=(); [ "${limit9[$s]}" != 0 ] && lim=(--limit "${limit9[$s]}")
    for enc in auto ladder commander; do
      for st in fresh assume; do
        pzb "enc-$enc" --backend cadical --encoding $enc --strategy $st "${lim[@]+"${lim[@]}"}" sudoku "$f"
      done
    done
  done
fi

# --- 2. Strategy crossover by grid size --------------------------------------
# The large/ files hold few, easy puzzles (propagation leaves little), so
# the crossover also runs on harder puzzles derived from them in bench/out:
# each puzzle with a share of its givens blanked (8 seeds), solvable by
# construction (a subset of a solvable puzzle's givens), possibly not unique.
thin() { # thin FILE KEEP SEEDS > OUT: keep each given with probability KEEP
  awk -v keep="$2" -v seeds="$3" '
    { line[NR] = $0 }
    END { for (s = 1; s <= seeds; s++) { srand(s)
            for (i = 1; i <= NR; i++) { n = split(line[i], a, " "); o = ""
              for (j = 1; j <= n; j++) { v = a[j]; if (v != 0 && rand() > keep) v = 0
                o = o (j > 1 ? " " : "") v }
              print o } } }' "$1"
}
say "strategy crossover"
# (36x36: the large/ file only; thinned 36x36 grids take minutes under assume.)
f9=$data/puzzles3_magictour_top1465.txt
for n in 16 25 36; do
  f=$large/sudoku${n}x${n}_all.txt
  have "$f" || { echo "skip ${n}x${n}: $f is absent"; continue; }
  if [ $n -le 25 ]; then
    thin "$f" 0.6 $seeds >"$out/thin${n}.txt"
    [ $quick = 1 ] && { head -8 "$out/thin${n}.txt" >"$out/t" && mv "$out/t" "$out/thin${n}.txt"; }
  fi
  for st in fresh assume; do
    pzb "cross-orig" --strategy $st --time-limit 20 sudoku "$f"
    [ $n -le 25 ] && pzb "cross-thin" --strategy $st --time-limit 20 sudoku "$out/thin${n}.txt"
  done
  if [ $n = 25 ]; then # AUTO is pairwise up to 16 values, commander above
    for st in fresh assume; do
      pzb "cross-enc" --backend cadical --encoding pairwise --strategy $st --time-limit 20 sudoku "$out/thin${n}.txt"
    done
  fi
done
# One puzzle per puzzle object (a program solving a single puzzle): the
# rules load is not shared. --repeat 5 --limit 1: five fresh objects.
for f in "$f9" "$out/thin16.txt" "$out/thin25.txt"; do
  have "$f" || continue
  for st in fresh assume; do
    pzb "cross-one" --backend cadical --repeat 5 --limit 1 --strategy $st sudoku "$f"
  done
done

# --- 3. Large grids: one process per file, peak memory ------------------------
say "large grids (pz-sudoku per file, /usr/bin/time)"
: >"$out/large.tsv"
# large_run TAG FILE: per backend, time and peak RSS of pz-sudoku on FILE.
large_run() {
  local tag=$1 f=$2 b
  for b in $backends; do
    /usr/bin/time -o "$out/time.txt" -f '%e %M' "$bin/pz-sudoku" --backend $b --format line \
      --stats --time-limit $tl "$f" >"$out/large.out" 2>"$out/large.err"
    local rc=$? tm mem sat unsat tlim vars clauses
    read -r tm mem <"$out/time.txt"
    sat=$(grep -cv '^#' "$out/large.out")
    unsat=$(grep -c '^# no solution' "$out/large.out")
    tlim=$(grep -c '^# time limit' "$out/large.out")
    # --stats prints one "c backend ..., V variables, C clauses" per puzzle.
    vars=$(sed -n 's/^c backend .*, \([0-9]*\) variables, \([0-9]*\) clauses$/\1/p' "$out/large.err" | awk '{s+=$1} END {print s+0}')
    clauses=$(sed -n 's/^c backend .*, \([0-9]*\) variables, \([0-9]*\) clauses$/\2/p' "$out/large.err" | awk '{s+=$1} END {print s+0}')
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tag" "$(basename "$f")" "$b" \
      "$rc" "$tm" "$mem" "$sat" "$unsat" "$tlim" "$vars" "$clauses" >>"$out/large.tsv"
    printf '  %-42s %-8s rc=%s %6ss %7s KB  sat %s unsat %s timeout %s  vars %s clauses %s\n' \
      "$(basename "$f")" "$b" "$rc" "$tm" "$mem" "$sat" "$unsat" "$tlim" "$vars" "$clauses"
  done
}
logcmd "# for B in: $backends; for FILE in large/grids/sudoku{16..400}x*.txt and large/sudoku*_all.txt:"
logcmd /usr/bin/time -f "'%e %M'" "$bin/pz-sudoku" --backend B --format line --stats --time-limit $tl FILE
if have "$large/grids"; then
  for f in $(ls "$large/grids" | grep '^sudoku.*\.txt$' | sort -t_ -k1,1V -k2 | sed "s|^|$large/grids/|"); do
    n=$(basename "$f" | sed 's/^sudoku\([0-9]*\)x.*/\1/')
    [ "$n" -ge 16 ] || continue
    [ $quick = 1 ] && [ "$n" -ge 144 ] && [ "$n" != 400 ] && continue
    large_run grid "$f"
  done
fi
for n in 16 25 36 49 64 81 100 144 225 400; do
  f=$large/sudoku${n}x${n}_all.txt
  have "$f" || continue
  [ $quick = 1 ] && [ "$n" -ge 144 ] && continue
  large_run all "$f"
done
# Are the _all files the grids/ puzzles? (normalised, order-free compare)
if have "$large/grids"; then
  for n in 16 25 36 49 64 81 100 144 225 400; do
    f=$large/sudoku${n}x${n}_all.txt; have "$f" || continue
    a=$(tr -s ' \t' '  ' <"$f" | sed 's/^ //; s/ $//' | sort | md5sum)
    g=$(for x in "$large"/grids/sudoku${n}x${n}_*.txt; do grep -v '^#' "$x" | tr '\n' ' ' | tr -s ' \t' '  ' | sed 's/^ //; s/ $//'; echo; done | sort | md5sum)
    [ "$a" = "$g" ] && same_all="$same_all ${n}x${n}=same" || same_all="$same_all ${n}x${n}=differs"
  done
fi
# hyperfine on the largest puzzle: mean and spread of whole runs.
f400=$(ls "$large"/grids/sudoku400x400_*.txt 2>/dev/null | head -1)
if [ -n "$f400" ] && command -v hyperfine >/dev/null; then
  say "hyperfine: 400x400"
  for b in $backends; do
    logcmd hyperfine -N -w 1 -r 3 "'$bin/pz-sudoku --backend $b --format line $f400'"
    hyperfine -N -w 1 -r 3 --export-json "$out/hf400-$b.json" \
      "$bin/pz-sudoku --backend $b --format line $f400" >/dev/null 2>&1
    $py -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%.3f\t%.3f\t%.3f" % (r["mean"], r["stddev"] or 0, r["min"]))' \
      "$out/hf400-$b.json" | sed "s/^/$b\t/" | tee -a "$out/hf400.tsv"
  done
fi

# --- 4. Enumeration ----------------------------------------------------------
say "enumeration"
pzb enum --repeat $rep --expect 56 latin 5 --reduced
pzb enum --repeat $rep --expect 9408 latin 6 --reduced
pzb enum --repeat $rep --expect 288 grids 2x2
for n in 5 6; do
  peer "latin$n" plain-c "$out/plain_c" latin $n --reduced
  peer "latin$n" pycosat $py "$here/peers/pycosat_latin.py" $n --reduced
  [ -d "$here/node_modules/logic-solver" ] &&
    peer "latin$n" logic-solver node "$here/peers/logic_solver_latin.js" $n --reduced
done

# --- 5. Peers on the same 9x9 subsamples ---------------------------------------
say "peers"
for s in puzzles3_magictour_top1465 puzzles2_17_clue; do
  f=$data/$s.txt; have "$f" || continue
  sub=$out/sub-$s.txt
  head -n $npeer "$f" >"$sub"
  subl=$out/subl-$s.txt
  head -n $nlogic "$f" >"$subl"
  tag=$(echo $s | sed 's/puzzles[0-9]_//; s/magictour_//')
  for mode in solve unique; do
    u=(); [ $mode = unique ] && u=(--unique)
    pzb "peer-$tag" --repeat 3 "${u[@]+"${u[@]}"}" sudoku "$sub"
    pzb "peer-$tag" --repeat 3 --strategy fresh "${u[@]+"${u[@]}"}" sudoku "$sub"
    peer "peer-$tag" plain-c "$out/plain_c" sudoku "$sub" "${u[@]+"${u[@]}"}"
    peer "peer-$tag" pycosat $py "$here/peers/pycosat_sudoku.py" "$sub" "${u[@]+"${u[@]}"}"
    if [ -d "$here/node_modules/logic-solver" ]; then
      if [ "$nlogic" = "$npeer" ]; then
        peer "peer-$tag" logic-solver node "$here/peers/logic_solver_sudoku.js" "$sub" "${u[@]+"${u[@]}"}"
      else
        peer "peerl-$tag" logic-solver node "$here/peers/logic_solver_sudoku.js" "$subl" "${u[@]+"${u[@]}"}"
        pzb "peerl-$tag" --repeat 3 "${u[@]+"${u[@]}"}" sudoku "$subl"
      fi
    fi
  done
  # Solver binaries on pz's own DIMACS (the simplified, fresh encoding).
  rm -rf "$out/cnf-$tag"; mkdir -p "$out/cnf-$tag"
  logcmd "$bin/pz-sudoku" --dimacs "$out/cnf-$tag/p" "$sub"
  "$bin/pz-sudoku" --dimacs "$out/cnf-$tag/p" "$sub"
  ls "$out/cnf-$tag"/p.* | sort -t. -k2 -n >"$out/cnf-$tag.list"
  peer "peer-$tag" cadical-bin $py "$here/peers/time_each.py" cadical-bin "$out/cnf-$tag.list" cadical -q
  peer "peer-$tag" picosat-bin $py "$here/peers/time_each.py" picosat-bin "$out/cnf-$tag.list" picosat
  peer "peer-$tag" minisat-bin $py "$here/peers/time_each.py" minisat-bin "$out/cnf-$tag.list" minisat -verb=0
done

# --- 6. Profile ----------------------------------------------------------------
if command -v valgrind >/dev/null && have "$data/puzzles3_magictour_top1465.txt"; then
  say "profile (callgrind)"
  head -n 200 "$data/puzzles3_magictour_top1465.txt" >"$out/prof.txt"
  for cfg in "auto:--strategy auto" "fresh:--strategy fresh" "auto-unique:--unique" "fresh-unique:--strategy fresh --unique"; do
    name=${cfg%%:*}; args=${cfg#*:}
    logcmd valgrind --tool=callgrind "$bin/pz-bench" --backend cadical $args sudoku "$out/prof.txt"
    valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.$name" \
      "$bin/pz-bench" --backend cadical $args sudoku "$out/prof.txt" >/dev/null 2>"$out/valgrind.$name.log"
    callgrind_annotate --inclusive=yes "$out/callgrind.$name" 2>/dev/null >"$out/callgrind.$name.txt"
  done
  prof=1
fi

# --- 7. Time limits ------------------------------------------------------------
say "time limits"
logcmd bash "$here/time_limits.sh" "$bin" 1 3
bash "$here/time_limits.sh" "$bin" 1 3 >"$out/time_limits.tsv" 2>"$out/time_limits.log"

t_end=$(date +%s)
load_end=$(cut -d' ' -f1-3 /proc/loadavg)
declare -p start_date load_start load_end t_start t_end same_all prof rep seeds backends tl \
  n9 n17 npeer nlogic >"$out/state.sh"
else
  [ -s "$out/state.sh" ] || { echo "run.sh: no results in $out (run without --report-only)" >&2; exit 1; }
  # shellcheck disable=SC1091
  source "$out/state.sh"
  [ -s "$out/pz.tsv" ] || { echo "run.sh: no results in $out" >&2; exit 1; }
fi

# --- Report ---------------------------------------------------------------------
say "report"
short() { sed 's/^puzzles[0-9]_//; s/\.txt$//'; }

# Section 1: 9x9 sets.
if [ -s "$out/pz.tsv" ] && grep -q '^9x9' "$out/pz.tsv"; then
  emit "## 1. 9x9 data sets, every backend, fresh vs assume"
  emit ""
  emit "Strategy **fresh**: a new solver per puzzle with the simplified encoding; **assume**: one solver"
  emit "holds the rules, each puzzle's givens are assumptions (after a propagation presolve)."
  emit "Encodings are the library defaults (at-most-one AUTO). Rates from wall time and from the"
  emit "process CPU time (the machine is shared: CPU time is the steadier figure). 'x cadical' is the"
  emit "CPU-time ratio to CaDiCaL on the same rows. Latency is per puzzle (median, worst)."
  emit ""
  emit "| set | puzzles | mode | strategy | backend | puzzles/s (wall) | puzzles/s (CPU) | median µs | worst µs | solved | verified | unique / multi | x cadical |"
  emit "|---|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  awk -F'\t' "$TH"' $1=="9x9" { key=$2 FS $5 FS $4; if ($3=="cadical") base[key]=$15; row[NR]=$0; k[NR]=key }
    END { for (i=1;i<=NR;i++) if (i in row) { split(row[i], a, FS); name=a[2]; sub(/^puzzles[0-9]_/, "", name); sub(/\.txt$/, "", name)
      r = base[k[i]] > 0 ? sprintf("%.2fx", a[15]/base[k[i]]) : "";
      printf "| %s | %d | %s | %s | %s | %s | %s | %.1f | %.0f | %d | %d | %s | %s |\n", name, a[6], a[5], a[4], a[3],
        th(a[14] > 0 ? a[6]/a[14] : 0), th(a[15] > 0 ? a[6]/a[15] : 0), a[17], a[18], a[7], a[10], a[5]=="unique" ? a[12] " / " a[13] : "", r } }' \
    "$out/pz.tsv" >>"$md"
  emit ""
  [ "$n17" != 0 ] && emit "The 17-clue set is subsampled: its first $n17 puzzles (of 49,158)."
  [ "$n9" != 0 ] && emit "Quick run: the other sets are cut to their first $n9 puzzles."
  emit ""
  emit "### At-most-one encoding: the grid default (AUTO = pairwise up to 16 values) vs ladder, commander (CaDiCaL)"
  emit ""
  emit "| set | encoding | strategy | mode | puzzles/s (wall) | puzzles/s (CPU) | median µs | worst µs | vars | clauses |"
  emit "|---|---|---|---|---:|---:|---:|---:|---:|---:|"
  awk -F'\t' "$TH"' $1 ~ /^enc-/ { name=$2; sub(/^puzzles[0-9]_/, "", name); sub(/\.txt$/, "", name); e=$1; sub(/^enc-/, "", e)
      printf "| %s | %s | %s | %s | %s | %s | %.1f | %.0f | %.0f | %.0f |\n", name, e, $4, $5,
        th($14 > 0 ? $6/$14 : 0), th($15 > 0 ? $6/$15 : 0), $17, $18, $19, $20 }' "$out/pz.tsv" >>"$md"
  emit ""
  emit "(vars, clauses: the mean over the puzzles of the last encoding each call used; with assume that"
  emit "is the rules loaded once, with fresh the simplified per-puzzle encoding.)"
  emit ""
fi

# Section 2: crossover.
if grep -q '^cross' "$out/pz.tsv" 2>/dev/null; then
  emit "## 2. Fresh vs assume by grid size (the AUTO strategy)"
  emit ""
  emit "Same files, both strategies, 20 s limit per puzzle. 'large/ file' = sudokuNxN_all.txt (few"
  emit "puzzles, mostly decided by propagation); 'thinned' = each of its puzzles with about 40% of the"
  emit "givens blanked, $seeds seeds (generated into bench/out by run.sh: harder, solvable, possibly not"
  emit "unique); 'one puzzle' = a new puzzle object per puzzle (best of 5, CaDiCaL: a program that solves"
  emit "one puzzle pays the rules load of assume alone). The 9x9 rows are top1465 from section 1."
  emit "'assume/fresh' is the CPU-time ratio (below 1: assume wins)."
  emit ""
  emit "| n | puzzles | set | backend | encoding | fresh CPU s | assume CPU s | assume/fresh | fresh median µs | assume median µs | fresh unknown | assume unknown |"
  emit "|---:|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|"
  awk -F'\t' '
    $1=="9x9" && $2 ~ /top1465/ && $5=="solve" { k="9" FS "top1465" FS $3 FS "auto"; c[k,$4]=$15; m[k,$4]=$17; u[k,$4]=$9; np[k]=$6; if (!(k in seen)) { seen[k]=1; ord[++n]=k } }
    $1 ~ /^cross/ { sz = 9; if ($2 ~ /^thin/) { sz=$2; gsub(/[^0-9]/, "", sz) } else if ($2 ~ /sudoku[0-9]+x/) { sz=$2; sub(/^sudoku/, "", sz); sub(/x.*/, "", sz) }
      set = $1=="cross-orig" ? "large/ file" : $1=="cross-one" ? "one puzzle, rules not shared" : "thinned"; enc = $1=="cross-enc" ? "pairwise" : "auto"
      k=sz FS set FS $3 FS enc; c[k,$4]=$15; m[k,$4]=$17; u[k,$4]=$9; np[k]=$6; if (!(k in seen)) { seen[k]=1; ord[++n]=k } }
    END { for (i=1;i<=n;i++) { k=ord[i]; split(k, a, FS)
      printf "| %s | %d | %s | %s | %s | %.3f | %.3f | %s | %.1f | %.1f | %d | %d |\n", a[1], np[k], a[2], a[3], a[4],
        c[k,"fresh"], c[k,"assume"], (c[k,"fresh"] > 0 ? sprintf("%.2f", c[k,"assume"]/c[k,"fresh"]) : ""), m[k,"fresh"], m[k,"assume"], u[k,"fresh"], u[k,"assume"] } }' \
    "$out/pz.tsv" >>"$md"
  emit ""
fi

# Section 3: large grids.
if [ -s "$out/large.tsv" ]; then
  emit "## 3. Large grids: one pz-sudoku process per file"
  emit ""
  emit "\`/usr/bin/time -f '%e %M' pz-sudoku --backend B --format line --stats --time-limit $tl FILE\`:"
  emit "wall seconds of the whole process (reading, encoding, solving, writing) and peak resident memory."
  emit "vars / clauses: what the simplified encoding leaves for the solver (summed over the file's"
  emit "puzzles; 0 = propagation of the givens decided every cell). Strategy AUTO, which is assume"
  emit "up to 16x16: there vars / clauses are the rules loaded once (and 0 when the presolve decided"
  emit "the grid without a solver). 'result' counts the best backend; timeouts are marked per backend."
  emit ""
  hdr="| file | puzzles | result | vars | clauses |"; sep="|---|---:|---|---:|---:|"
  for b in $backends; do hdr="$hdr $b s | $b MB |"; sep="$sep---:|---:|"; done
  emit "$hdr"; emit "$sep"
  awk -F'\t' -v bl="$backends" '
    { k=$1 FS $2; if (!(k in seen)) { seen[k]=1; ord[++n]=k }
      t[k,$3]=$5; mem[k,$3]=$6; tl[k,$3]=$9; rc[k,$3]=$4; v[k]=$10; cl[k]=$11
      if ($7 > sat[k]) sat[k]=$7; if ($8 > uns[k]) uns[k]=$8; tot[k,$3]=$7+$8+$9; if (tot[k,$3] > np[k]) np[k]=tot[k,$3] }
    END { nb=split(bl, B, " ")
      for (i=1;i<=n;i++) { k=ord[i]; split(k, a, FS); f=a[2]; sub(/\.txt$/, "", f)
        res = (uns[k] ? uns[k] " UNSAT" : "") (uns[k] && sat[k] ? ", " : "") (sat[k] ? sat[k] " solved" : "")
        if (sat[k] + uns[k] < np[k]) res = res (res != "" ? ", " : "") (np[k] - sat[k] - uns[k]) " timed out on every backend"
        line = sprintf("| %s%s | %d | %s | %d | %d |", f, a[1]=="all" ? " (all)" : "", np[k], res, v[k], cl[k])
        for (j=1;j<=nb;j++) { b=B[j]; x = t[k,b]; if (tl[k,b] > 0) x = x " (" tl[k,b] " timeout)"; if (rc[k,b] != 0) x = x " (exit " rc[k,b] ")"
          line = line sprintf(" %s | %.1f |", x, mem[k,b]/1024) }
        print line } }' "$out/large.tsv" >>"$md"
  emit ""
  [ -n "$same_all" ] && emit "The \`_all.txt\` files hold the same puzzles as \`grids/\` (compared normalised, order-free):$same_all."
  if [ -s "$out/hf400.tsv" ]; then
    emit ""
    emit "hyperfine, 400x400 (\`hyperfine -N -w 1 -r 3 'pz-sudoku --backend B --format line FILE'\`):"
    emit ""
    emit "| backend | mean s | σ s | min s |"
    emit "|---|---:|---:|---:|"
    awk -F'\t' '{ printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }' "$out/hf400.tsv" >>"$md"
  fi
  emit ""
fi

# Section 4: enumeration.
if grep -q '^enum' "$out/pz.tsv" 2>/dev/null; then
  emit "## 4. Enumeration"
  emit ""
  emit "pz-bench enumerates with blocking clauses on one solver (best of $rep runs per backend); every"
  emit "solution is checked (rules, reduced form) and checked distinct. Per-solution latency = time"
  emit "between two solutions. Peers: the plain encoding, enumerated by blocking clauses (plain-c:"
  emit "CaDiCaL C API; pycosat: itersolve; logic-solver: solve/forbid), one run each."
  emit ""
  emit "| workload | solver | solutions | wall s | CPU s | solutions/s (wall) | median µs | worst µs | vars | clauses | x pz best |"
  emit "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  awk -F'\t' "$TH"'
    FNR==1 { file++ }
    file==1 && $1=="enum" { w = $2=="latin" ? "x" : "grids 2x2"; if ($2=="latin") w = "latin " ($7==56 ? 5 : $7==9408 ? 6 : "?") " reduced"
      k=w; if (!(k in best) || $14 < best[k]) best[k]=$14
      rows[++n] = sprintf("%s\t%s\t%d\t%.6f\t%.6f\t%.0f\t%.1f\t%.0f\t%.0f\t%.0f", w, "pz " $3, $7, $14, $15, $14>0?$7/$14:0, $17, $18, $19, $20) }
    file==2 && $1 ~ /^latin/ { w="latin " substr($1, 6) " reduced"
      rows[++n] = sprintf("%s\t%s\t%d\t%.6f\t%.6f\t%.0f\t%.1f\t%.0f\t\t", w, $2, $4, $9, $10, $9>0?$4/$9:0, $11, $12) }
    END { for (i=1;i<=n;i++) { split(rows[i], a, "\t")
      printf "| %s | %s | %d | %.4f | %.4f | %s | %s | %s | %s | %s | %s |\n", a[1], a[2], a[3], a[4], a[5], th(a[6]), a[7], a[8], a[9], a[10],
        (best[a[1]] > 0 ? sprintf("%.1fx", a[4]/best[a[1]]) : "") } }' \
    "$out/pz.tsv" "$out/peers.tsv" >>"$md"
  emit ""
fi

# Section 5: peers.
if [ -s "$out/peers.tsv" ] && grep -q '^peer' "$out/peers.tsv"; then
  emit "## 5. Peers on the same puzzles"
  emit ""
  emit "Subsamples (the same files for every solver): the first $npeer puzzles of top1465 and of the"
  emit "17-clue set$([ "$nlogic" != "$npeer" ] && echo "; logic-solver (slow) on the first $nlogic of each, compared with pz on those same $nlogic"). pz rows: pz-bench, best of 3 runs, strategy AUTO and fresh. The binaries"
  emit "(cadical, picosat, minisat) run once per puzzle on pz's own DIMACS (\`pz-sudoku --dimacs\`, the"
  emit "simplified encoding), timed from fork to exit, so process start is included. 'peer / pz' ="
  emit "the peer's wall time over pz's best backend's wall time on the same puzzles (above 1: pz is faster)."
  emit ""
  emit "| puzzles | mode | solver | n | wall s | CPU s | puzzles/s (wall) | median µs | worst µs | solved | peer / pz |"
  emit "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  awk -F'\t' "$TH"'
    FNR==1 { file++ }
    file==1 && $1 ~ /^peer/ { set=$1; sub(/^peerl?-/, "", set); k=$1 FS $5; if (!(k in best) || $14 < best[k]) best[k]=$14
      rows[++n] = $1 "\t" $5 "\tpz " $3 " (" $4 ")\t" $6 "\t" $14 "\t" $15 "\t" $17 "\t" $18 "\t" $7 }
    file==2 && $1 ~ /^peer/ { rows[++n] = $1 "\t" $3 "\t" $2 "\t" $4 "\t" $9 "\t" $10 "\t" $11 "\t" $12 "\t" $5 }
    END { for (i=1;i<=n;i++) { split(rows[i], a, "\t"); set=a[1]; sub(/^peerl?-/, "", set)
        k=a[1] FS a[2]; r = (k in best) && best[k] > 0 && a[3] !~ /^pz/ ? sprintf("%.1fx", a[5]/best[k]) : ""
        printf "%s\t| %s | %s | %s | %d | %.3f | %.3f | %s | %.1f | %.0f | %s | %s |\n", a[1] a[2], set, a[2], a[3], a[4], a[5], a[6], th(a[5]>0?a[4]/a[5]:0), a[7], a[8], a[9], r } }' \
    "$out/pz.tsv" "$out/peers.tsv" | sort -s -t$'\t' -k1,1 | cut -f2- >>"$md"
  emit ""
fi

# Section 6: targets.
emit "## 6. Targets"
emit ""
emit "Judged on the best backend of this run. 'Default' = pz as shipped (strategy AUTO, encoding AUTO,"
emit "best of $rep runs); 'best measured' = the best configuration measured above (any strategy /"
emit "encoding). Rates are puzzles per second of process CPU time, which other jobs on this shared"
emit "machine disturb far less than wall time (wall-time rates in parentheses; on an idle machine the"
emit "two agree, see the quiet rows of section 1)."
emit ""
emit "| target | default | best measured | met? |"
emit "|---|---|---|---|"
# best_rate FILTER: max over rows (awk condition) of items/wall, with its cpu rate.
best_rate() {
  awk -F'\t' "$1"' { w = $14>0 ? $6/$14 : 0; c = $15>0 ? $6/$15 : 0; if (c > bc) { bw=w; bc=c; who=$3 " " $4 ($1 ~ /^enc-/ ? " " substr($1, 5) : "") } }
    END { if (bc) printf "%.0f\t%.0f\t%s\n", bc, bw, who }' "$out/pz.tsv"
}
target_row() { # NAME GOAL DEFAULT_FILTER BEST_FILTER
  local d b
  d=$(best_rate "$3"); b=$(best_rate "$4")
  [ -z "$d" ] && { emit "| $1 (>= $2/s) | not measured (data absent) | | |"; return; }
  local dw dc bw bc who
  IFS=$'\t' read -r dw dc _ <<<"$d"; IFS=$'\t' read -r bw bc who <<<"$b"
  local v="missed: default at $(awk -v a=$dw -v g=$2 'BEGIN{printf "%.0f%%", 100*a/g}') of the goal"
  awk -v a="$dw" -v g="$2" 'BEGIN{exit !(a>=g)}' && v="met"
  [ "$v" != met ] && awk -v a="$bw" -v g="$2" 'BEGIN{exit !(a>=g)}' && v="$v; met by the best configuration ($who)"
  emit "| $1 (>= $(fmt_rate $2) puzzles/s) | $(fmt_rate $dw) (wall: $(fmt_rate $dc)) | $(fmt_rate $bw) (wall: $(fmt_rate $bc)), $who | $v |"
}
target_row "9x9 top1465, solve" 10000 '$1=="auto" && $2 ~ /top1465/ && $5=="solve"' '($1=="9x9" || $1=="auto" || $1 ~ /^enc-/) && $2 ~ /top1465/ && $5=="solve"'
target_row "17-clue, solve" 20000 '$1=="auto" && $2 ~ /17_clue/ && $5=="solve"' '($1=="9x9" || $1=="auto" || $1 ~ /^enc-/) && $2 ~ /17_clue/ && $5=="solve"'
target_row "top1465, solve + uniqueness" 5000 '$1=="auto" && $2 ~ /top1465/ && $5=="unique"' '($1=="9x9" || $1=="auto" || $1 ~ /^enc-/) && $2 ~ /top1465/ && $5=="unique"'
l6=$(awk -F'\t' '$1=="enum" && $2=="latin" && $7==9408 { if (!b || $14 < b) { b=$14; c=$15; who=$3 } } END { if (b) printf "%.3f\t%.3f\t%s\n", b, c, who }' "$out/pz.tsv")
if [ -n "$l6" ]; then
  IFS=$'\t' read -r lw lc lwho <<<"$l6"
  v=$(awk -v a=$lw 'BEGIN{ if (a <= 0.2) print "met"; else printf "missed by %.0f%%", 100*(a/0.2-1) }')
  emit "| all 9,408 reduced 6x6 Latin squares <= 0.2 s | ${lw} s wall (${lc} s CPU), $lwho | | $v |"
fi
if [ -s "$out/large.tsv" ]; then
  r400=$(awk -F'\t' '$1=="grid" && $2 ~ /^sudoku400x400/ { if (!b || $5 < b) { b=$5; m=$6; who=$3 } } END { if (b != "") printf "%s\t%s\t%s\n", b, m, who }' "$out/large.tsv")
  if [ -n "$r400" ]; then
    IFS=$'\t' read -r t4 m4 who4 <<<"$r400"
    v=$(awk -v t=$t4 -v m=$m4 'BEGIN{ if (t <= 3 && m <= 1048576) print "met"; else print "missed" }')
    emit "| 400x400 in <= 3 s, peak <= 1 GB | ${t4} s, $(awk -v m=$m4 'BEGIN{printf "%.0f MB", m/1024}') ($who4; every backend: see section 3) | | $v |"
  fi
  bad=$(awk -F'\t' '$1=="grid" && ($9>0 || $4!=0) { f=$2; sub(/\.txt$/, "", f); b[f] = b[f] (b[f] ? ", " : "") $3 }
    END { for (f in b) print f " (" b[f] ")" }' "$out/large.tsv" | sort | paste -sd';' | sed 's/;/; /g')
  nunsat=$(awk -F'\t' '$1=="grid" && $8>0 { print $2 }' "$out/large.tsv" | sort -u | sed 's/\.txt$//' | tr '\n' ' ')
  ngrid=$(awk -F'\t' '$1=="grid" { print $2 }' "$out/large.tsv" | sort -u | wc -l)
  if [ -z "$bad" ]; then
    emit "| every large puzzle solved or proved UNSAT ($tl s limit) | all $ngrid grid files, every backend; UNSAT: ${nunsat:-none} | | met |"
  else
    emit "| every large puzzle solved or proved UNSAT ($tl s limit) | timeouts or failures: $bad | | missed |"
  fi
fi
emit ""

# Profile summary.
if [ -n "$prof" ]; then
  emit "## 7. Where the time goes (callgrind)"
  emit ""
  emit "\`valgrind --tool=callgrind pz-bench --backend cadical ... sudoku\` on the first 200 puzzles of top1465"
  emit "(instruction counts; reliable on a noisy machine). Inclusive share of the main parts:"
  emit ""
  emit "| configuration | instructions / puzzle | solver search (Solver::solve) | model reads (val) | adding clauses | solver init + release | pz encode + presolve |"
  emit "|---|---:|---:|---:|---:|---:|---:|"
  for cfg in auto fresh auto-unique fresh-unique; do
    f=$out/callgrind.$cfg.txt; [ -s "$f" ] || continue
    awk -v cfg="$cfg" "$TH"'
      function num(s) { gsub(/,/, "", s); return s + 0 }
      /PROGRAM TOTALS/ { tot = num($1) }
      / \?\?\?:CaDiCaL::Solver::solve\(\) / { sv = num($1) }
      / \?\?\?:ccadical_val / { val = num($1) }
      / \?\?\?:ccadical_add / { add = num($1) }
      / \?\?\?:ccadical_init / { ini = num($1) }
      / \?\?\?:ccadical_release / { rel = num($1) }
      / \?\?\?:pz_grid_encode / { enc += num($1) }
      / \?\?\?:pz_grid_presolve / { enc += num($1) }
      END { printf "| %s | %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% |\n", cfg, th(tot/200), 100*sv/tot, 100*val/tot, 100*add/tot, 100*(ini+rel)/tot, 100*enc/tot }' "$f" >>"$md"
  done
  emit ""
fi

# Section 8: time limits.
if [ -s "$out/time_limits.tsv" ]; then
  emit "## 8. Time limits"
  emit ""
  emit "\`bench/time_limits.sh BINDIR 1 3\`: heavy runs with \`--time-limit\` 1 and 3 s that stop while the"
  emit "formula is built, loaded or solved. 'answer' = seconds until the answer line (what the limit"
  emit "promises: from the first byte read to the last answer), 'exit' = until the process ended"
  emit "(freeing a large solver after the answer is not bounded)."
  emit ""
  emit "| run | backend | limit | answer (s) | exit (s) |"
  emit "|---|---|---:|---:|---:|"
  awk -F'\t' 'NR > 1 && NF >= 5 { printf "| %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5 }' \
    "$out/time_limits.tsv" >>"$md"
  emit ""
  emit "$(grep '^answers within' "$out/time_limits.tsv")."
  emit ""
fi

# The document.
{
  echo "# Benchmarks"
  echo ""
  echo "Written by \`bench/run.sh\`$([ $quick = 1 ] && echo ' --quick') on $start_date; every figure below comes from that one run."
  echo "Re-run with \`bash bench/run.sh\` (it installs what is missing, builds pz in Release in"
  echo "\`build-bench/\`, and rewrites this file). Raw rows: \`bench/out/*.tsv\` (not committed)."
  echo ""
  echo "**Read the numbers as ratios.** The machine has $(nproc) cores shared with other builds and tests"
  echo "(load average $load_start at the start, $load_end at the end), so wall times are noisy;"
  echo "comparisons inside one table were measured minutes apart in the same run, and the CPU-time"
  echo "columns (process CPU time) are steadier than wall time. The run took $(( (t_end - t_start) / 60 )) minutes."
  echo ""
  echo "## Machine"
  echo ""
  echo "| | |"
  echo "|---|---|"
  echo "| CPU | $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores online |"
  echo "| memory | $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo) |"
  echo "| OS | $(. /etc/os-release && echo "$PRETTY_NAME"), kernel $(uname -r) |"
  echo "| compiler | $(cc --version | head -1) (CMake Release: -O3 -DNDEBUG) |"
  echo "| packages | $(dpkg-query -W -f='${Package} ${Version}, ' libcadical-dev cadical picosat minisat python3-pycosat nodejs hyperfine valgrind 2>/dev/null | sed 's/, $//') |"
  echo "| node, logic-solver | $(node --version 2>/dev/null) , logic-solver $(node -p "require('$here/node_modules/logic-solver/package.json').version" 2>/dev/null || echo absent) |"
  echo "| pz | $("$bin/pz-bench" --version | head -1), backends: $backends; git $(git -C "$root" rev-parse --short HEAD 2>/dev/null)$(git -C "$root" diff --quiet HEAD -- lib include backends 2>/dev/null || echo ' + uncommitted library changes') |"
  echo ""
  echo "Backends: \`cadical\` (CaDiCaL's C API), \`picosat\`, \`ipasir\` (the generic IPASIR adapter,"
  echo "here linked to Debian's libcadical.a: CaDiCaL again through another door)."
  echo ""
  cat "$md"
  if [ -s "$here/NOTES.md" ]; then
    cat "$here/NOTES.md"
    echo ""
  fi
  echo "## Commands of this run"
  echo ""
  echo "Paths are relative to the project root; \`build-bench/\` is the Release build; pz-bench adds"
  echo "\`--tsv\` for the script. Peers: \`bench/peers/\`."
  echo ""
  echo '```'
  sed "s|^$bin/|build-bench/|; s| $bin/| build-bench/|g; s|$out/|bench/out/|g; s|$root/||g" "$out/commands.txt" | awk '!seen[$0]++'
  echo '```'
} >"$doc"
echo "wrote $doc ($(( (t_end - t_start) / 60 )) min)"
cat "$md"
