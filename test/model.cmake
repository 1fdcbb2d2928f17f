# The modelling layer against brute force, on every backend.
pz_solver_test(test_model)
