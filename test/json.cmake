# --format json of every program (docs/JSON.md), once per backend: the
# objects parse, carry the promised fields, agree with --format line and
# the rules (test/json_test.py). Only with jansson (--format json).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND AND PZ_CLI_JANSSON_FOUND)
  foreach(b ${PZ_TEST_BACKENDS})
    add_test(NAME json.${b} COMMAND ${Python3_EXECUTABLE}
             ${CMAKE_CURRENT_SOURCE_DIR}/json_test.py ${PROJECT_BINARY_DIR}
             ${CMAKE_CURRENT_SOURCE_DIR}/data ${b})
  endforeach()
endif()
