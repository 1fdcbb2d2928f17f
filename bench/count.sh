#!/usr/bin/env bash
# Counting benchmark (issue 9): pz's enumeration methods, 1 and 2 threads,
# 2 parts through GNU parallel, beside a plain backtracking counter, on
# published counts; peak RSS, and RSS over time for the order-7 count.
# Usage: bench/count.sh [BUILD_DIR [OUT_DIR [CAP_SECONDS]]]
# Writes OUT_DIR/count.tsv and OUT_DIR/count.md (the table for
# docs/BENCHMARKS.md). A method that cannot finish within CAP seconds
# (default 300) is shown as "> CAP s" with the share it reached.
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
out=${2:-$here/out}
cap=${3:-300}
mkdir -p "$out"
bt=$out/backtrack_count
cc -O2 -std=c11 "$here/backtrack_count.c" -o "$bt" || exit 1
tsv=$out/count.tsv
: >"$tsv"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'size 6 box 1x6 knights 3\n......\n......\n......\n......\n......\n......\n' >"$tmp/kd6.txt"
printf '%36s\n' '' | tr ' ' . >"$tmp/s6.txt"

# name|count|backtracking args|pz command (without --count)
workloads=(
  "reduced Latin squares of order 6|9408|latin 6 reduced|$build/pz-latin 6 --reduced"
  "Latin squares of order 5|161280|latin 5|$build/pz-latin 5"
  "Knightdoku 6x6, 1x6 boxes, 3 knights|297200||$build/pz-knightdoku $tmp/kd6.txt"
  "reduced Latin squares of order 7|16942080|latin 7 reduced|$build/pz-latin 7 --reduced"
  "6x6 Sudoku grids (2x3 boxes)|28200960|sudoku 2 3|$build/pz-sudoku --box 2x3 $tmp/s6.txt"
)

# run LABEL NAME WANT command...: one timed run (wall, user, sys, peak KB)
run() {
  local label=$1 name=$2 want=$3
  shift 3
  local res got
  res=$( { /usr/bin/time -f 'TIME %e %U %S %M' timeout -s INT "$cap" "$@" >"$tmp/o" 2>"$tmp/e"; } 2>&1 )
  res=$(grep '^TIME' "$tmp/e" | tail -1)
  got=$(grep -Eo '[0-9]+' "$tmp/o" | head -1)
  read -r _ wall user sys kb <<<"$res"
  local ok=ok
  [ "$got" = "$want" ] || ok="partial:$got"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$label" "$wall" "$user" "$sys" "$kb" "$ok" "$want" | tee -a "$tsv"
}

for w in "${workloads[@]}"; do
  IFS='|' read -r name want btargs pz <<<"$w"
  if [ -n "$btargs" ]; then
    run backtracking "$name" "$want" "$bt" $btargs
  fi
  run "pz auto" "$name" "$want" $pz --count --no-progress
  run "pz auto -j 2" "$name" "$want" $pz --count --no-progress -j 2
  if command -v parallel >/dev/null; then
    # Two processes, one part each, summed.
    cat >"$tmp/parts.sh" <<EOF
parallel --will-cite -j 2 '$pz --count --no-progress --part {}/2' ::: 1 2 | awk '{s+=\$1} END {print s}'
EOF
    run "pz 2 parts (GNU parallel)" "$name" "$want" bash "$tmp/parts.sh"
  fi
  for m in dpll disjoint blocking; do
    for b in cadical picosat; do
      [ $m = dpll ] && [ $b = picosat ] && continue
      label="pz $m"
      [ $m = dpll ] || label="$label $b"
      run "$label" "$name" "$want" \
        $pz --count --no-progress --enumerate $m --backend $b
    done
  done
done

# RSS over time for the order-7 count: sampled every 0.5 s.
$build/pz-latin 7 --reduced --count --no-progress >/dev/null &
pid=$!
: >"$out/rss7.txt"
while kill -0 $pid 2>/dev/null; do
  awk '/VmRSS/ {print $2}' /proc/$pid/status 2>/dev/null >>"$out/rss7.txt"
  sleep 0.5
done
wait $pid
rss=$(sort -n "$out/rss7.txt" | awk 'NR==1 {lo=$1} {hi=$1} END {printf "%s..%s KB over %d samples", lo, hi, NR}')
echo "order 7 RSS: $rss" | tee "$out/rss7.summary"

{
  echo "| workload | count | run | wall s | CPU s | peak RSS | CPU vs backtracking |"
  echo "|---|---:|---|---:|---:|---:|---:|"
  awk -F'\t' -v cap="$cap" '
    $2 == "backtracking" { bt[$1] = $4 + $5 }
    { rows[NR] = $0 }
    END {
      for (i = 1; i <= NR; i++) {
        split(rows[i], f, "\t")
        cpu = f[4] + f[5]
        ratio = f[7] == "ok" && f[2] != "backtracking" && (f[1] in bt) && bt[f[1]] > 0 ? sprintf("%.1fx", cpu / bt[f[1]]) : ""
        wall = f[7] == "ok" ? f[3] : "> " cap " (" substr(f[7], 9) " found)"
        printf "| %s | %s | %s | %s | %.2f | %.1f MB | %s |\n", f[1], f[8], f[2], wall, cpu, f[6] / 1024, ratio
      }
    }' "$tsv"
  echo
  echo "RSS over the order-7 count (pz auto, one thread): $rss."
} >"$out/count.md"
cat "$out/count.md"
