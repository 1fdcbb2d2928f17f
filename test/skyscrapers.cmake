# Skyscrapers (the towers kind): the kind table against a plain checker,
# brute-force counts, sgt-towers' own puzzles (when installed), the
# formats and generation, on every backend.
pz_solver_test(test_skyscrapers)
