# The kind contract over every kind of the registry, on every backend
# (test_kinds.c), and the pz program that the table drives (kinds_cli_test.sh).
pz_solver_test(test_kinds)
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME kinds_cli.${b}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/kinds_cli_test.sh
            $<TARGET_FILE_DIR:pz-program> ${b})
endforeach()
