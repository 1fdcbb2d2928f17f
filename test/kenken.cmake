# KenKen (Keen): the arithmetic cages of the model layer against brute
# force, and the kind (readers, writers, sgt-keen puzzles, counts,
# generation), each on every backend.
pz_solver_test(test_model_arith)
pz_solver_test(test_kenken)

# The generation benchmark's driver (bench/generate_keen.sh), and a smoke
# test of it: three 4x4 puzzles, each unique.
add_executable(keen_gen ${PROJECT_SOURCE_DIR}/bench/keen_gen.c)
target_compile_options(keen_gen PRIVATE ${PZ_WARNINGS})
target_compile_definitions(keen_gen PRIVATE _POSIX_C_SOURCE=200809L)
target_link_libraries(keen_gen PRIVATE ${PZ_TEST_LIB})
add_test(NAME kenken.bench_driver
  COMMAND sh -c "$<TARGET_FILE:keen_gen> gen 3 4 | $<TARGET_FILE:keen_gen> check")
set_tests_properties(kenken.bench_driver PROPERTIES PASS_REGULAR_EXPRESSION "^3 unique of 3\n$")
