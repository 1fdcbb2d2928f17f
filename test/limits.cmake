# Limits of a puzzle call: time limit and terminate over encoding, loading
# and solving; size refusal; backend names; full encoding and variable map.
pz_solver_test(test_limits validate.c TIMED)
