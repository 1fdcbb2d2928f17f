# Public headers as C99 and C++ with pedantic warnings as errors.
add_executable(header_c99 header_c99.c)
set_target_properties(header_c99 PROPERTIES C_STANDARD 99 C_EXTENSIONS OFF)
target_compile_options(header_c99 PRIVATE -Wall -Wextra -pedantic -Werror)
target_link_libraries(header_c99 PRIVATE pz_backends)
add_test(NAME header_c99 COMMAND header_c99)
add_executable(header_cxx header_cxx.cpp)
set_target_properties(header_cxx PROPERTIES CXX_STANDARD 11 CXX_EXTENSIONS OFF)
target_compile_options(header_cxx PRIVATE -Wall -Wextra -pedantic -Werror)
target_link_libraries(header_cxx PRIVATE pz_backends)
add_test(NAME header_cxx COMMAND header_cxx)

set(PZ_EXPORT_FILES "")
foreach(l ${PZ_LIBS})
  list(APPEND PZ_EXPORT_FILES $<TARGET_FILE:${l}>)
  if(TARGET ${l}_static)
    list(APPEND PZ_EXPORT_FILES $<TARGET_FILE:${l}_static>)
  endif()
endforeach()
add_test(NAME exports COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/exports_test.sh
         ${PZ_EXPORT_FILES})

# The installed package, consumed by CMake and by pkg-config. Sanitized
# libraries need sanitized consumers, so this runs in the plain build only.
if(NOT PZ_SANITIZE)
  add_test(NAME install COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/install_test.sh
           ${PROJECT_BINARY_DIR} ${CMAKE_CURRENT_SOURCE_DIR} "${PZ_BACKENDS}")
endif()

# The README example linked with gcc and clang x bfd, gold and lld x with
# and without --gc-sections x static and shared (when built), run, and
# with libpz alone refused at link time. Plain build only (sanitized
# libraries need sanitized programs).
if(NOT PZ_SANITIZE)
  # NAME=SOLVER_LIBRARY for each configured backend a program can link
  # alone (exec needs a program named at run time).
  set(PZ_LINK_MATRIX_ARGS "")
  foreach(b cadical picosat ipasir cryptominisat z3)
    string(TOUPPER ${b} B)
    if(b IN_LIST PZ_BACKENDS)
      set(lib "${PZ_${B}_LIB}")
      if(b STREQUAL "ipasir" AND NOT lib)
        set(lib "${PZ_CADICAL_LIB}") # the default IPASIR library
      endif()
      list(APPEND PZ_LINK_MATRIX_ARGS "${b}=${lib}")
    endif()
  endforeach()
  add_test(NAME link_matrix COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/link_matrix_test.sh
           ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR} ${PZ_LINK_MATRIX_ARGS})
  set_tests_properties(link_matrix PROPERTIES SKIP_RETURN_CODE 77)
endif()

# Python's ctypes loads the installed shared libraries (shared builds).
if(BUILD_SHARED_LIBS AND NOT PZ_SANITIZE)
  find_package(Python3 COMPONENTS Interpreter)
  add_test(NAME ctypes COMMAND sh -c "tmp=$(mktemp -d) && \
cmake --install '${PROJECT_BINARY_DIR}' --prefix \"$tmp\" >/dev/null && \
'${Python3_EXECUTABLE}' '${CMAKE_CURRENT_SOURCE_DIR}/ctypes_test.py' \"$tmp/${CMAKE_INSTALL_LIBDIR}\" ${PZ_TEST_DEFAULT}; \
rc=$?; rm -rf \"$tmp\"; exit $rc")
endif()
