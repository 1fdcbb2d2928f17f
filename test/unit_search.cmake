# The unit search before any encoding (issue 27): the same answers as the
# backend alone on random and shared Sudoku and jigsaw grids.
pz_solver_test(test_unit_search validate.c)
