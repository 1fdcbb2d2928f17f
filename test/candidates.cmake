# True candidates against brute force (issue 25 section 3).
pz_solver_test(test_candidates)
