# pkg-config alone is enough to link against every backend (pz-ipasir
# included). Sanitized libraries need sanitized consumers: plain build only.
if(NOT PZ_SANITIZE)
  add_test(NAME pkgconfig COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/pkgconfig_test.sh
           ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR})
endif()
