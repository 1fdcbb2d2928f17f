#!/usr/bin/env bash
# GNU parallel across two hosts (issue 9, section 3): scripts/testhosts.sh
# makes two hosts on this machine (network namespaces with an sshd each),
# parallel sends the jobs to both over ssh (never to this host), and:
#   count N TOTAL CMD    runs CMD for K = 1..N ({} in CMD is K, as in
#                        parallel): each part prints one number, and they
#                        must add up to TOTAL
#   batch N CMD SEED [MORE]
#                        a file of N Sudoku puzzles made from SEED's (one
#                        per line, '#' comments) by relabelling the digits,
#                        then the first N lines of MORE when it exists:
#                        parallel --pipe -N 100 --keep-order CMD < FILE
#                        must print exactly what CMD < FILE prints
# and in both every job must end with 0 and the jobs must have run in both
# namespaces (each job prints its network namespace to stderr, compared
# with the namespaces the hosts were made with) and in no other.
#
# Usage: hosts_test.sh SRCDIR count N TOTAL CMD
#        hosts_test.sh SRCDIR batch N CMD SEED [MORE]
# Exit 77 (ctest: skipped) when this cannot run here: not root, no ip
# (iproute2), no network namespaces, no sshd/ssh, no GNU parallel; and
# for count, when CMD's program does not know --part.
# By hand, without pz: hosts_test.sh . count 8 9408 \
#   'seq 9408 | awk "NR % 8 == {} % 8" | wc -l'
set -u
src=$1 mode=$2
shift 2

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

if [ "${PZ_HOSTS_INNER:-}" != 1 ]; then
  # --- outside the hosts: can this run here? ---
  [ "$(id -u)" = 0 ] || skip "needs root (to make network namespaces)"
  command -v ip >/dev/null && ip -V >/dev/null 2>&1 || skip "needs ip (iproute2)"
  ip netns list >/dev/null 2>&1 || skip "ip has no netns support"
  command -v unshare >/dev/null && unshare --net true 2>/dev/null ||
    skip "cannot make a network namespace here"
  have() { local p; p=$(command -v "$1") && [ -x "$p" ]; }
  have sshd || [ -x /usr/sbin/sshd ] || skip "needs sshd (openssh-server)"
  have ssh && have ssh-keygen || skip "needs ssh and ssh-keygen (openssh-client)"
  # moreutils also has a 'parallel', a different program
  parallel --version 2>/dev/null | grep -q "GNU parallel" || skip "needs GNU parallel"
  have flock && have timeout || skip "needs flock and timeout"
  case $mode in
    count)
      [ $# = 3 ] || fail "usage: count N TOTAL CMD"
      # Part 1, here, for at most 5 s: a program that refuses --part (a
      # usage error, at once) cannot do this yet.
      probe=${3//\{\}/1}
      out=$(timeout 5 bash -o pipefail -c "$probe" 2>&1)
      rc=$?
      if [ $rc = 1 ] && grep -q -- "--part" <<<"$out"; then
        skip "needs --part (the program says: $(head -1 <<<"$out"))"
      fi
      [ $rc = 0 ] || [ $rc = 124 ] || fail "part 1 alone ($probe) failed with exit $rc: $out"
      ;;
    batch)
      [ $# = 3 ] || [ $# = 4 ] || fail "usage: batch N CMD SEED [MORE]"
      grep -q '^[^#]' "$3" || fail "no puzzles in $3"
      ;;
    *) fail "unknown mode $mode" ;;
  esac
  # Jobs take a second or two each; 40 s means something hangs. (ctest's
  # TIMEOUT is longer, so that the hosts are always torn down.)
  PZ_HOSTS_INNER=1 exec bash "$src/scripts/testhosts.sh" run --timeout 40 \
    bash "$0" "$src" "$mode" "$@"
fi

# --- inside: PZ_HOSTS_SSH, PZ_HOSTS, PZ_HOSTS_NETNS from testhosts.sh ---
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
IFS=, read -r -a hosts <<<"$PZ_HOSTS"
declare -A ns_of=()   # namespace -> host
for e in $PZ_HOSTS_NETNS; do ns_of[${e#*=}]=${e%%=*}; done
logins=$(printf '2/%s,' "${hosts[@]}")
# Each job first names its network namespace on stderr (tagged with the
# job's number); --workdir: jobs start in this directory, which the hosts
# share with this machine (relative paths work); --timeout: no job may hang.
par=(parallel --will-cite --ssh "$PZ_HOSTS_SSH" -S "${logins%,}" --workdir "$PWD" --timeout 20
     --joblog "$tmp/joblog" --tagstring "{#}")
wrap() { echo "readlink /proc/self/ns/net >&2; $1"; }

# check_jobs N: the joblog has N jobs, all exit 0, on every host; each
# job's namespace is one of the hosts', and each host's namespace was seen.
check_jobs() {
  local n=$1 ok=1
  local jobs
  jobs=$(tail -n +2 "$tmp/joblog" | wc -l)
  [ "$jobs" = "$n" ] || { echo "FAIL: $jobs jobs in the joblog, expected $n"; ok=0; }
  local bad
  bad=$(awk -F'\t' 'NR > 1 && ($7 != 0 || $8 != 0)' "$tmp/joblog")
  [ -z "$bad" ] || { echo "FAIL: jobs that did not end with 0:"; echo "$bad"; ok=0; }
  local h
  for h in "${hosts[@]}"; do
    awk -F'\t' -v h="$h" 'NR > 1 && $2 == h { f = 1 } END { exit !f }' "$tmp/joblog" ||
      { echo "FAIL: no job ran on $h (joblog Host column)"; ok=0; }
  done
  declare -A seen=()
  local tag nsid
  while IFS=$'\t' read -r tag nsid; do
    case $nsid in net:*) ;; *) echo "job $tag, stderr: $nsid"; continue ;; esac
    [ -n "${ns_of[$nsid]:-}" ] ||
      { echo "FAIL: job $tag ran in $nsid, not in a test host's namespace"; ok=0; continue; }
    seen[${ns_of[$nsid]}]=$((${seen[${ns_of[$nsid]}]:-0} + 1))
  done <"$tmp/err"
  for h in "${hosts[@]}"; do
    [ -n "${seen[$h]:-}" ] || { echo "FAIL: no job reported the namespace of $h"; ok=0; }
  done
  local total=0
  for h in "${hosts[@]}"; do
    echo "jobs on $h: ${seen[$h]:-0}"
    total=$((total + ${seen[$h]:-0}))
  done
  [ "$total" = "$n" ] || { echo "FAIL: $total jobs named their namespace, expected $n"; ok=0; }
  [ $ok = 1 ]
}

case $mode in
  count)
    n=$1 want=$2 cmd=$3
    t0=$(date +%s.%N)
    "${par[@]}" "$(wrap "$cmd")" ::: $(seq "$n") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    t1=$(date +%s.%N)
    echo "parallel: exit $rc, $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s"
    [ $rc = 0 ] || { cat "$tmp/out" "$tmp/err"; fail "parallel exit $rc"; }
    check_jobs "$n" || fail "the parts did not run as they should"
    # one line per part: "K<TAB>count"
    sort -n "$tmp/out" | awk -F'\t' -v n="$n" -v want="$want" '
      $2 !~ /^[0-9]+$/ || NF != 2 { print "FAIL: part output: " $0; bad = 1; next }
      { if (seen[$1]++) { print "FAIL: part " $1 " twice"; bad = 1 }
        sum += $2; printf "part %s/%s: %s\n", $1, n, $2 }
      END {
        for (k = 1; k <= n; k++) if (!seen[k]) { print "FAIL: no count from part " k; bad = 1 }
        printf "sum of the parts: %d, expected %d\n", sum, want
        exit bad || sum != want }' || fail "the parts do not add up"
    ;;
  batch)
    n=$1 cmd=$2 seed=$3 more=${4:-}
    file=$tmp/puzzles.txt
    # a random relabelling of the digits keeps a puzzle's number of
    # solutions (here: unique, or none)
    grep -v '^#' "$seed" | awk -v n="$n" 'BEGIN { srand(9) }
      { p[k++] = $0 }
      END {
        for (i = 0; i < n; i++) {
          for (d = 1; d <= 9; d++) m[d] = d
          for (d = 9; d > 1; d--) { j = 1 + int(rand() * d); t = m[d]; m[d] = m[j]; m[j] = t }
          s = p[i % k]; out = ""
          for (c = 1; c <= length(s); c++) {
            ch = substr(s, c, 1)
            out = out (ch ~ /[1-9]/ ? m[ch + 0] : ch)
          }
          print out
        } }' >"$file"
    if [ -n "$more" ] && [ -r "$more" ]; then
      head -n "$n" "$more" >>"$file"
      echo "with the first $n puzzles of $more"
    fi
    puzzles=$(wc -l <"$file")
    bash -o pipefail -c "$cmd" <"$file" >"$tmp/single" 2>"$tmp/single.err" ||
      { cat "$tmp/single.err"; fail "one process: $cmd failed"; }
    t0=$(date +%s.%N)
    "${par[@]}" --pipe -N 100 --keep-order "$(wrap "$cmd")" <"$file" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    t1=$(date +%s.%N)
    echo "parallel --pipe: exit $rc, $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s"
    [ $rc = 0 ] || { head -20 "$tmp/err"; fail "parallel exit $rc"; }
    check_jobs $(((puzzles + 99) / 100)) || fail "the batches did not run as they should"
    # --tagstring tags the output lines too: drop the tag
    cut -f2- "$tmp/out" >"$tmp/multi"
    echo "$puzzles puzzles, $(wc -l <"$tmp/single") lines from one process," \
         "$(wc -l <"$tmp/multi") through parallel"
    [ "$(wc -l <"$tmp/single")" = "$puzzles" ] || fail "not one line per puzzle"
    cmp "$tmp/single" "$tmp/multi" || {
      diff "$tmp/single" "$tmp/multi" | head -10
      fail "parallel --pipe --keep-order differs from one process"
    }
    ;;
esac
echo "ok"
