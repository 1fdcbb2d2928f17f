pz_solver_test(test_enumerate validate.c)
