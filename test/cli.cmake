# The example programs end to end, once per backend.
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME cli.${b} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli_test.sh
           ${PROJECT_BINARY_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/data ${b}
           "${PZ_TEST_BACKENDS_WORDS}")
endforeach()
# Timed: --time-limit for the whole run, Ctrl-C during a count. Under the
# sanitizers a process takes about a second more to start and end.
if(PZ_SANITIZE)
  set(PZ_CLI_SLACK 1.0)
else()
  set(PZ_CLI_SLACK 0.1)
endif()
foreach(b ${PZ_TEST_BACKENDS})
  set(part solver) # the solver-bound checks (cli_time_test.sh)
  if(b MATCHES "^(cadical|picosat)$")
    set(part all)
  endif()
  add_test(NAME cli_time.${b} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli_time_test.sh
           ${PROJECT_BINARY_DIR} ${b} ${PZ_CLI_SLACK} ${part})
endforeach()
