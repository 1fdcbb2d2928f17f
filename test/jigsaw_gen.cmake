# Random jigsaw layouts (pz_jigsaw_regions) and unique puzzles on them,
# checked by a counter of the test's own, on every backend.
pz_solver_test(test_jigsaw_gen)
