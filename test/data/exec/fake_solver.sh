#!/bin/sh
# A solver program that misbehaves on purpose, for test_exec.c: run as
#   sh fake_solver.sh MODE IN         (SAT competition output on stdout)
#   minisat-fake MODE IN OUT           (a link named minisat*: result file)
# MODE says how it fails; IN is the DIMACS file pz wrote.
mode=$1 in=$2 out=${3:-/dev/stdout}
read -r p cnf nvars nclauses < "$in"
# "v -1 -2 ... -N 0": every variable false (wrong when a clause needs one).
all_false() {
  i=1 line=""
  while [ "$i" -le "$nvars" ]; do line="$line -$i"; i=$((i + 1)); done
  echo "$line 0"
}
case $mode in
  garbage) echo "this is no answer"; exit 0 ;;
  crash) kill -SEGV $$ ;;
  killed) kill -TERM $$ ;;
  exit-code) echo "s SATISFIABLE"; echo "v $(all_false)"; exit 20 ;;
  wrong) echo "s SATISFIABLE"; echo "v $(all_false)"; exit 10 ;;
  partial) echo "s SATISFIABLE"; echo "v -1 0"; exit 10 ;;
  too-big) echo "s SATISFIABLE"; echo "v $((nvars + 1)) $(all_false)"; exit 10 ;;
  two-answers) echo "s SATISFIABLE"; echo "s UNSATISFIABLE"; exit 10 ;;
  unknown) echo "c gave up"; echo "s UNKNOWN"; exit 0 ;;
  # Sleeps in a child of its own, which a stop must end too; its process
  # id goes to $PZ_FAKE_PIDS when set.
  sleep)
    sleep 1000 &
    if [ -n "${PZ_FAKE_PIDS:-}" ]; then echo $! >> "$PZ_FAKE_PIDS"; fi
    wait ;;
  ms-garbage) echo "MAYBE" > "$out"; exit 0 ;;
  ms-wrong) { echo "SAT"; all_false; } > "$out"; exit 10 ;;
  ms-unsat) echo "UNSAT" > "$out"; exit 20 ;;
  *) echo "fake_solver.sh: unknown mode $mode" >&2; exit 1 ;;
esac
