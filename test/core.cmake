pz_solver_test(test_solver)
# The backends libpz_backends must list, in order (the first the default).
list(JOIN PZ_BACKENDS "," PZ_BACKENDS_CSV)
target_compile_definitions(test_solver PRIVATE PZ_EXPECT_BACKENDS="${PZ_BACKENDS_CSV}")
pz_solver_test(test_latin validate.c)
pz_plain_test(test_cnf)
pz_plain_test(test_text)
pz_solver_test(test_sudoku validate.c)
