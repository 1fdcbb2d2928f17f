# Variant Sudoku in ISS constraint strings: reading, writing back, every
# type against an independent checker and brute force, the CTC puzzles.
pz_solver_test(test_iss)

# Counts the CTC puzzles to 2, one line each (docs/BENCHMARKS.md); built
# with the tests, never run by ctest (bench/iss_vs_pz.sh runs it).
add_executable(iss_count ${PROJECT_SOURCE_DIR}/bench/iss_count.c)
target_compile_options(iss_count PRIVATE ${PZ_WARNINGS})
target_compile_definitions(iss_count PRIVATE _POSIX_C_SOURCE=200809L)
target_include_directories(iss_count PRIVATE ${PROJECT_SOURCE_DIR}/lib)
target_link_libraries(iss_count PRIVATE ${PZ_TEST_LIB})

# pz sudoku reading and writing them (iss_cli_test.sh): answers checked by
# test_iss --grid-ok, the CTC batch when ../shared is there.
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME iss_cli.${b}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/iss_cli_test.sh
            $<TARGET_FILE_DIR:pz-program> ${b} $<TARGET_FILE:test_iss>
            ${PZ_SHARED_DATA})
endforeach()
