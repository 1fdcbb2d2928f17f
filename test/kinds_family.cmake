# The Sudoku family and its neighbours through the kind table (Sudoku,
# jigsaw, Latin, Eulero, Knightdoku, Killer and Killer-X): on every
# linked backend; not on the exec ones (it generates: many solves).
list(APPEND PZ_TEST_EXEC_SKIP test_kinds_family)
pz_solver_test(test_kinds_family)
