# pkg-config alone is enough to link against every backend (pz-ipasir
# included). Sanitized libraries need sanitized consumers: plain build only.
if(NOT PZ_SANITIZE)
  add_test(NAME pkgconfig COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/pkgconfig_test.sh
           ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR} "${PZ_TEST_BACKENDS_WORDS}")
endif()

# Man pages and bash completion, installed (man/, completion/): plain build
# only for the same reason (pz(3)'s example is linked against it).
if(NOT PZ_SANITIZE)
  add_test(NAME man COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/man_test.sh
           ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR})
  set_tests_properties(man PROPERTIES SKIP_RETURN_CODE 77)
endif()
add_test(NAME completion COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/completion_test.sh
         ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR})
set_tests_properties(completion PROPERTIES SKIP_RETURN_CODE 77)
