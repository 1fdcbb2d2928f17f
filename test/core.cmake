pz_solver_test(test_solver)
pz_solver_test(test_latin validate.c)
pz_plain_test(test_cnf)
pz_plain_test(test_text)
