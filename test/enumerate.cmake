pz_solver_test(test_enumerate validate.c TIMED)
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME parts_cli.${b} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/parts_cli_test.sh
           ${PROJECT_BINARY_DIR} ${b} "${PZ_TEST_BACKENDS_WORDS}")
endforeach()
pz_solver_test(test_cubes)
