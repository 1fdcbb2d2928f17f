# The exec backend's failures (a fake solver program that crashes, lies,
# never ends) and, with Debian's minisat, its time limit. The contract and
# the puzzle suite run on exec:minisat through pz_solver_test
# (PZ_TEST_EXEC_BACKENDS in CMakeLists.txt).
pz_plain_test(test_exec)
