# The portfolio (opt.threads > 1 on solve and unique): answers equal the
# single solver's, checked by test/validate.c; limits; failures; leaks.
pz_solver_test(test_portfolio validate.c TIMED)

# The timing program of bench/portfolio.sh, and a smoke run of it.
add_executable(portfolio_bench ${PROJECT_SOURCE_DIR}/bench/portfolio_bench.c)
target_compile_options(portfolio_bench PRIVATE ${PZ_WARNINGS})
target_compile_definitions(portfolio_bench PRIVATE _POSIX_C_SOURCE=200809L)
target_include_directories(portfolio_bench PRIVATE ${PROJECT_SOURCE_DIR}/lib)
target_link_libraries(portfolio_bench PRIVATE ${PZ_TEST_LIB} m)
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME portfolio.bench.${b}
           COMMAND portfolio_bench --backend ${b} --threads 2 --unique
                   ${CMAKE_CURRENT_SOURCE_DIR}/data/sudoku9.txt)
  # The file's first puzzle has one solution.
  set_tests_properties(portfolio.bench.${b} PROPERTIES
    PASS_REGULAR_EXPRESSION "sudoku9.txt\t${b}\t2\tunique\t[0-9.]+\t[0-9.]+\tok")
  add_test(NAME portfolio.bench.config.${b}
           COMMAND portfolio_bench --backend ${b} --config 1
                   ${CMAKE_CURRENT_SOURCE_DIR}/data/sudoku9.txt)
  # IPASIR has no configurations: config 1 is refused there.
  if(b STREQUAL "ipasir")
    set_tests_properties(portfolio.bench.config.${b} PROPERTIES
      WILL_FAIL TRUE)
  else()
    set_tests_properties(portfolio.bench.config.${b} PROPERTIES
      PASS_REGULAR_EXPRESSION "sudoku9.txt\t${b}\tconfig1\tsat\t[0-9.]+\t[0-9.]+\tok")
  endif()
endforeach()
