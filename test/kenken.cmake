# KenKen (Keen): the arithmetic cages of the model layer against brute
# force, and the kind (readers, writers, sgt-keen puzzles, counts,
# generation), each on every backend.
pz_solver_test(test_model_arith)
pz_solver_test(test_kenken)
