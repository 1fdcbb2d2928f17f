# Futoshiki, Kakuro, Star Battle and Nondango through the kind table
# (<pz/kind.h>) alone, on every backend.
pz_solver_test(test_kinds_other)
