pz_solver_test(test_generate validate.c)
