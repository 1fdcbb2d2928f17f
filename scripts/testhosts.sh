#!/usr/bin/env bash
# Two throwaway "remote hosts" on this machine, for trying and testing GNU
# parallel's --sshlogin: network namespaces pzh1 and pzh2, each joined to
# the root namespace by a veth pair and running its own sshd (own config and
# host key, listening only on the namespace's address, root login with a
# key made for this run, no passwords). Both hosts see this machine's file
# system, so a path such as /home/me/pz/build/pz-latin works on them as is.
#
# Usage (as root; needs ip (iproute2), sshd and ssh):
#   scripts/testhosts.sh run [--timeout S] CMD [ARG...]
#       sets the hosts up, checks that ssh reaches both, runs CMD with
#       PZ_HOSTS_SSH (an ssh command for parallel's --ssh), PZ_HOSTS
#       ("pzh1,pzh2", the host names that command knows), PZ_HOSTS_NETNS
#       (each host's network namespace as readlink /proc/self/ns/net
#       prints it there, "pzh1=net:[...] pzh2=net:[...]") and
#       PZ_HOSTS_DIR (the run's scratch directory) in its environment,
#       then tears everything down, also when CMD fails, hangs past S
#       seconds (it is then killed; exit 124) or the script is
#       interrupted. Exits with CMD's status.
#   scripts/testhosts.sh cleanup
#       removes what a run killed with SIGKILL left behind (a run starts
#       with this too).
# For an interactive try: scripts/testhosts.sh run bash, then
#   parallel --ssh "$PZ_HOSTS_SSH" -S pzh1,pzh2 ... (docs/PARALLEL.md).
#
# One run at a time on a machine (a lock; another run waits up to 30 s).
# The addresses are 10.213.9.1/.2 (pzh1) and 10.213.9.5/.6 (pzh2), /30 each;
# set PZ_TESTHOSTS_NET=A.B.C to use A.B.C.x instead. Exit status 3: the
# hosts could not be set up (the message says why).
set -u

net=${PZ_TESTHOSTS_NET:-10.213.9}
hosts=(pzh1 pzh2)
declare -A addr=([pzh1]=2 [pzh2]=6)   # the namespace's address; the root end is one less
base=${TMPDIR:-/tmp}/pz-testhosts   # the run's scratch directory (fixed: one run at a time)
lock=/run/lock/pz-testhosts.lock
[ -d /run/lock ] || lock=${TMPDIR:-/tmp}/pz-testhosts.lock
made_privsep=$base.made-run-sshd    # marks that the run created /run/sshd

say() { echo "testhosts: $*" >&2; }
die() { say "$*"; exit 3; }

# Everything a run makes, removed whether or not it is there: the
# processes inside the namespaces (sshd and its sessions: only this run
# starts processes there), the namespaces, the veth pairs, the scratch dir.
cleanup() {
  local h pid
  for h in "${hosts[@]}"; do
    if [ -e "/run/netns/$h" ]; then
      for pid in $(ip netns pids "$h" 2>/dev/null); do kill -TERM "$pid" 2>/dev/null; done
      for _ in 1 2 3 4 5 6 7 8 9 10; do
        [ -z "$(ip netns pids "$h" 2>/dev/null)" ] && break
        sleep 0.1
      done
      for pid in $(ip netns pids "$h" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null; done
      ip netns delete "$h" 2>/dev/null
    fi
    # deleting the namespace deletes its end of the pair, and so the pair
    ip link show "$h-root" >/dev/null 2>&1 && ip link delete "$h-root" 2>/dev/null
  done
  if [ -e "$made_privsep" ]; then
    rmdir /run/sshd 2>/dev/null
    rm -f "$made_privsep"
  fi
  rm -rf "$base"
  for h in "${hosts[@]}"; do
    [ -e "/run/netns/$h" ] && { say "could not delete network namespace $h"; return 1; }
  done
  return 0
}

need_root_tools() {
  [ "$(id -u)" = 0 ] || die "needs root"
  command -v ip >/dev/null || die "needs ip (iproute2)"
  sshd=$(command -v sshd)
  [ -x "$sshd" ] || sshd=/usr/sbin/sshd   # not on a user's PATH
  [ -x "$sshd" ] || die "needs sshd (openssh-server)"
  command -v ssh >/dev/null && command -v ssh-keygen >/dev/null ||
    die "needs ssh and ssh-keygen (openssh-client)"
  command -v flock >/dev/null || die "needs flock (util-linux)"
}

take_lock() {
  exec 9>"$lock" || die "cannot open $lock"
  flock -w 30 9 || die "another run holds $lock for more than 30 s"
}

setup() {
  local h a root_a
  for h in "${hosts[@]}"; do
    a=$net.${addr[$h]}
    ip -4 -o addr show | grep -q " $net\.\(${addr[$h]}\|$((addr[$h] - 1))\)/" &&
      die "$net.$((addr[$h] - 1)) or $a is already in use here (set PZ_TESTHOSTS_NET)"
  done
  mkdir -m 700 "$base" || die "cannot create $base"
  # sshd's privilege separation directory (Debian's sshd service makes it)
  if [ ! -d /run/sshd ]; then
    mkdir -m 755 /run/sshd && : >"$made_privsep" || die "cannot create /run/sshd"
  fi
  ssh-keygen -q -t ed25519 -N "" -C pz-testhosts-client -f "$base/client_key" ||
    die "ssh-keygen failed"
  cp "$base/client_key.pub" "$base/authorized_keys"
  : >"$base/known_hosts"
  : >"$base/ssh_config"
  for h in "${hosts[@]}"; do
    a=$net.${addr[$h]} root_a=$net.$((addr[$h] - 1))
    ip netns add "$h" || die "cannot create network namespace $h"
    ip link add "$h-root" type veth peer name eth0 netns "$h" ||
      die "cannot create the veth pair of $h"
    ip addr add "$root_a/30" dev "$h-root" && ip link set "$h-root" up &&
      ip -n "$h" addr add "$a/30" dev eth0 && ip -n "$h" link set eth0 up &&
      ip -n "$h" link set lo up || die "cannot configure the network of $h"
    ssh-keygen -q -t ed25519 -N "" -C "pz-testhosts-$h" -f "$base/$h.host_key" ||
      die "ssh-keygen failed"
    echo "$a $(cut -d' ' -f1,2 "$base/$h.host_key.pub")" >>"$base/known_hosts"
    cat >"$base/$h.sshd_config" <<EOF
ListenAddress $a:22
HostKey $base/$h.host_key
PidFile $base/$h.sshd.pid
AuthorizedKeysFile $base/authorized_keys
AllowUsers root
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitUserEnvironment no
X11Forwarding no
AllowTcpForwarding no
LogLevel ERROR
MaxStartups 100:30:200
EOF
    # -E: sshd's messages go to a file, not to syslog
    ip netns exec "$h" "$sshd" -f "$base/$h.sshd_config" -E "$base/$h.sshd.log" ||
      die "sshd did not start in $h: $(cat "$base/$h.sshd.log" 2>/dev/null)"
    cat >>"$base/ssh_config" <<EOF
Host $h
  HostName $a
  User root
  IdentityFile $base/client_key
  IdentitiesOnly yes
  UserKnownHostsFile $base/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
  BatchMode yes
  ConnectTimeout 5
  ServerAliveInterval 5
  ServerAliveCountMax 2
  LogLevel ERROR
EOF
  done
  PZ_HOSTS_SSH="ssh -F $base/ssh_config"
  PZ_HOSTS=$(IFS=,; echo "${hosts[*]}")
  PZ_HOSTS_NETNS=""
  for h in "${hosts[@]}"; do
    local want got
    want=$(ip netns exec "$h" readlink /proc/self/ns/net)
    # sshd may take a moment to listen
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
      got=$($PZ_HOSTS_SSH -n "$h" readlink /proc/self/ns/net 2>"$base/ssh.err") && break
      sleep 0.1
    done
    [ "$got" = "$want" ] ||
      die "ssh to $h failed: $(cat "$base/ssh.err") (sshd: $(cat "$base/$h.sshd.log"))"
    PZ_HOSTS_NETNS+="${PZ_HOSTS_NETNS:+ }$h=$want"
  done
  export PZ_HOSTS_SSH PZ_HOSTS PZ_HOSTS_NETNS PZ_HOSTS_DIR=$base
}

case ${1:-} in
  cleanup)
    need_root_tools
    take_lock
    cleanup
    ;;
  run)
    shift
    limit=""
    if [ "${1:-}" = --timeout ]; then limit=$2; shift 2; fi
    [ $# -gt 0 ] || { echo "usage: $0 run [--timeout S] CMD [ARG...]" >&2; exit 1; }
    need_root_tools
    take_lock
    cleanup || die "leftovers of an earlier run cannot be removed"
    trap 'cleanup' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM HUP
    setup
    if [ -z "$limit" ]; then
      # In the foreground, for an interactive shell above all: a Ctrl-C
      # reaches CMD (which an interactive shell ignores) and this script
      # carries on to the teardown once CMD has ended.
      trap ':' INT
      "$@"
      exit $?
    fi
    # timeout(1) runs CMD in a process group of its own, which a Ctrl-C on
    # the terminal does not reach: the traps pass the signal on. CMD runs
    # in the background so that they run at once (bash runs traps only
    # after a foreground command ends), with this script's standard input
    # (a background command would get /dev/null).
    exec 8<&0
    timeout -k 2 "$limit" "$@" 0<&8 8<&- &
    child=$!
    exec 8<&-
    trap 'kill -INT $child 2>/dev/null' INT
    trap 'kill -TERM $child 2>/dev/null' TERM HUP
    while :; do
      wait "$child"
      rc=$?
      kill -0 "$child" 2>/dev/null || break   # a trap ended the wait, not CMD
    done
    exit "$rc"
    ;;
  *)
    sed -n '2,/^set -u/{/^set -u/d;s/^# \{0,1\}//;p}' "$0" >&2
    exit 1
    ;;
esac
