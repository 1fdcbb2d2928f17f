# The modelling layer against brute force, on every backend.
pz_solver_test(test_model)
# Visibility (pz_model_visible) against Stirling numbers and brute force.
pz_solver_test(test_visible)
