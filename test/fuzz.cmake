# Fuzz targets (fuzz/fuzz_NAME.c, one per parser). Normally each is linked
# with the standalone driver (fuzz/driver.c) and ctest replays its corpus,
# fuzz/corpus/NAME/, as test fuzz.NAME. With -DPZ_LIBFUZZER=ON (set by
# scripts/fuzz.sh, which builds with clang) they are linked with libFuzzer
# instead and not registered as tests.
option(PZ_LIBFUZZER "Link the fuzz targets with clang's libFuzzer" OFF)

set(PZ_FUZZ_DIR ${PROJECT_SOURCE_DIR}/fuzz)
file(GLOB PZ_FUZZ_TARGETS CONFIGURE_DEPENDS ${PZ_FUZZ_DIR}/fuzz_*.c)
list(REMOVE_ITEM PZ_FUZZ_TARGETS ${PZ_FUZZ_DIR}/fuzz_common.c)
list(REMOVE_ITEM PZ_FUZZ_TARGETS ${PZ_FUZZ_DIR}/fuzz_web.c) # pz-web's: test/web.cmake
foreach(src ${PZ_FUZZ_TARGETS})
  get_filename_component(exe ${src} NAME_WE)
  string(REGEX REPLACE "^fuzz_" "" name ${exe})
  if(PZ_LIBFUZZER)
    add_executable(${exe} ${src} ${PZ_FUZZ_DIR}/fuzz_common.c)
    target_compile_options(${exe} PRIVATE -fsanitize=fuzzer)
    target_link_options(${exe} PRIVATE -fsanitize=fuzzer)
  else()
    add_executable(${exe} ${src} ${PZ_FUZZ_DIR}/fuzz_common.c
                          ${PZ_FUZZ_DIR}/driver.c)
    add_test(NAME fuzz.${name} COMMAND ${exe} ${PZ_FUZZ_DIR}/corpus/${name})
    set_tests_properties(fuzz.${name} PROPERTIES TIMEOUT 120)
  endif()
  target_compile_options(${exe} PRIVATE ${PZ_WARNINGS})
  target_compile_definitions(${exe} PRIVATE _POSIX_C_SOURCE=200809L)
  target_include_directories(${exe} PRIVATE ${PZ_FUZZ_DIR})
  target_link_libraries(${exe} PRIVATE ${PZ_TEST_LIB})
endforeach()
