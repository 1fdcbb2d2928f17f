# Solver failures (out of memory inside a solver, exceptions) and time
# limits, on every backend: test_robust (broken and deaf backends over the
# real one, timed runs), test_oom (every allocation of a scenario made to
# fail in turn, the real solvers included).
pz_solver_test(test_robust)
foreach(b ${PZ_TEST_BACKENDS})
  set_tests_properties(test_robust.${b} PROPERTIES TIMEOUT 120)
endforeach()

add_executable(test_oom test_oom.cc)
set_target_properties(test_oom PROPERTIES CXX_STANDARD 11 CXX_EXTENSIONS OFF)
target_compile_options(test_oom PRIVATE ${PZ_CXX_WARNINGS})
target_link_libraries(test_oom PRIVATE ${PZ_TEST_LIB})
# Every malloc/calloc/realloc of the statically linked code goes through
# the test's counting wrappers.
target_link_options(test_oom PRIVATE
  "LINKER:--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free")
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME test_oom.${b} COMMAND test_oom ${b})
  set_tests_properties(test_oom.${b} PROPERTIES TIMEOUT 300)
  # For C++ solvers the test counts leaks itself, knowing which are on
  # purpose (a CaDiCaL instance broken by an exception is never deleted).
  if(NOT b STREQUAL "picosat")
    set_tests_properties(test_oom.${b} PROPERTIES ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
  endif()
endforeach()

# The programs under `ulimit -v` (exit 3, "out of memory"; not in the
# sanitizer build, whose runtime cannot start under a small limit) and
# counting under a time limit.
if(PZ_SANITIZE)
  set(PZ_ROBUST_CLI_MODE san)
else()
  set(PZ_ROBUST_CLI_MODE plain)
endif()
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME robust_cli.${b}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/robust_cli_test.sh
                   ${PROJECT_BINARY_DIR} ${b} ${PZ_ROBUST_CLI_MODE})
  set_tests_properties(robust_cli.${b} PROPERTIES TIMEOUT 120)
endforeach()
