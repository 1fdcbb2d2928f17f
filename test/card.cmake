# Cardinality encodings, checked on every backend.
pz_solver_test(test_card)

# Sizes and solve times behind the AUTO thresholds (docs/ENCODINGS.md);
# built with the tests, never run by ctest.
add_executable(card_bench ${PROJECT_SOURCE_DIR}/bench/card_bench.c)
target_compile_options(card_bench PRIVATE ${PZ_WARNINGS})
target_compile_definitions(card_bench PRIVATE _POSIX_C_SOURCE=200809L)
target_link_libraries(card_bench PRIVATE ${PZ_TEST_LIB})

# Auxiliaries never collide with the caller's variables (8 queens = 92 with
# every encoding, random formulas against brute force).
pz_solver_test(test_card_vars)
