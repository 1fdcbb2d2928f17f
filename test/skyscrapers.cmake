# Skyscrapers (the towers kind): the kind table against a plain checker,
# brute-force counts, sgt-towers' own puzzles (when installed), the
# formats and generation, on every backend.
pz_solver_test(test_skyscrapers)

# The generation benchmark's driver (bench/generate_towers.sh), and a
# smoke test of it: three 4x4 puzzles, each unique.
add_executable(towers_gen ${PROJECT_SOURCE_DIR}/bench/towers_gen.c)
target_compile_options(towers_gen PRIVATE ${PZ_WARNINGS})
target_link_libraries(towers_gen PRIVATE ${PZ_TEST_LIB})
add_test(NAME skyscrapers.bench_driver
  COMMAND sh -c "$<TARGET_FILE:towers_gen> 4 3 > towers_gen.txt && test $(wc -l < towers_gen.txt) = 3 && $<TARGET_FILE:towers_gen> --unique < towers_gen.txt")
