# Probing before the backend (solve + uniqueness): the same answers as the
# backend alone, never a false "unique", contradictions, limits.
pz_solver_test(test_probe validate.c)
