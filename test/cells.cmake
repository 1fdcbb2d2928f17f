pz_solver_test(test_cells validate.c)
