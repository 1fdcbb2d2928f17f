# The exec backend's failures (a fake solver program that crashes, lies,
# never ends) and, with Debian's minisat, its time limit. The contract and
# the puzzle suite run on exec:minisat through pz_solver_test
# (PZ_TEST_EXEC_BACKENDS in CMakeLists.txt).
pz_plain_test(test_exec)
# The programs over exec: a program not found (exit 1, said at once), a
# solver that fails while solving (exit 3).
if(exec IN_LIST PZ_BACKENDS)
  add_test(NAME exec_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/exec_cli_test.sh
           ${PROJECT_BINARY_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/data)
endif()
