# -j N (issue 9): the batch runner of the example programs on made-up
# batches (a tiny window and hold limit, so that workers wait), and the
# programs themselves: the same output, stderr and exit code on 1, 2 and 3
# threads, once per backend.
pz_test_exe(test_cli_batch ${PROJECT_SOURCE_DIR}/examples/cli.c
            ${PROJECT_SOURCE_DIR}/examples/cli_json.c
            ${PROJECT_SOURCE_DIR}/examples/cli_complete.c
            ${PROJECT_SOURCE_DIR}/examples/cli_render.c
            ${PROJECT_SOURCE_DIR}/examples/cli_candidates.c)
target_include_directories(test_cli_batch PRIVATE ${PROJECT_SOURCE_DIR}/examples)
target_compile_definitions(test_cli_batch PRIVATE CLI_BATCH_WINDOW=4 CLI_BATCH_HELD=256)
add_test(NAME test_cli_batch COMMAND test_cli_batch)
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME jobs.${b} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/jobs_test.sh
           ${PROJECT_BINARY_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/data ${b} ${PZ_SHARED_DATA})
  # The slack for starting and ending a process (cli.cmake: more under
  # the sanitizers) in the timed part.
  set_tests_properties(jobs.${b} PROPERTIES TIMEOUT 300
                       ENVIRONMENT "PZ_CLI_SLACK=${PZ_CLI_SLACK}")
endforeach()
