# Fuzz targets (fuzz/fuzz_NAME.c, docs/TESTING.md). Each source is linked
# as a parse-only target, fuzz_NAME (with fuzz/no_solve.c: readers and
# writers only, thousands of inputs a second), and, when it solves, as a
# solving target, fuzz_NAME_solve (with fuzz/solve.c: every backend). Both
# start from the corpus fuzz/corpus/NAME/. Normally they are linked with
# the standalone driver (fuzz/driver.c) and ctest replays the corpus as
# tests fuzz.NAME and fuzz.NAME_solve. With -DPZ_LIBFUZZER=ON (set by
# scripts/fuzz.sh, which builds with clang) they are linked with libFuzzer
# instead and not registered as tests; fuzz_targets.txt in the build
# directory lists them for the script.
option(PZ_LIBFUZZER "Link the fuzz targets with clang's libFuzzer" OFF)

set(PZ_FUZZ_DIR ${PROJECT_SOURCE_DIR}/fuzz)
set_property(GLOBAL PROPERTY PZ_FUZZ_LIST "")

# One executable: exe from fuzz_NAME.c and solve_src (solve.c or
# no_solve.c); solves is what the replay requires ("none" or "some").
function(pz_fuzz_exe exe name solve_src solves sources libraries)
  set(srcs ${PZ_FUZZ_DIR}/fuzz_${name}.c ${PZ_FUZZ_DIR}/fuzz_common.c
           ${PZ_FUZZ_DIR}/${solve_src} ${sources})
  set(corpus ${PZ_FUZZ_DIR}/corpus/${name})
  if(PZ_LIBFUZZER)
    add_executable(${exe} ${srcs})
    target_compile_options(${exe} PRIVATE -fsanitize=fuzzer)
    target_link_options(${exe} PRIVATE -fsanitize=fuzzer)
  else()
    add_executable(${exe} ${srcs} ${PZ_FUZZ_DIR}/driver.c)
    string(REGEX REPLACE "^fuzz_" "fuzz." test ${exe})
    add_test(NAME ${test} COMMAND ${exe} --solves=${solves} ${corpus})
    set_tests_properties(${test} PROPERTIES TIMEOUT 120)
  endif()
  target_compile_options(${exe} PRIVATE ${PZ_WARNINGS})
  target_compile_definitions(${exe} PRIVATE _POSIX_C_SOURCE=200809L)
  target_include_directories(${exe} PRIVATE ${PZ_FUZZ_DIR})
  target_link_libraries(${exe} PRIVATE ${PZ_TEST_LIB} ${libraries})
  string(REGEX REPLACE "^fuzz_" "" target ${exe})
  set(kind parse)
  if(solves STREQUAL "some")
    set(kind solve)
  endif()
  set_property(GLOBAL APPEND_STRING PROPERTY PZ_FUZZ_LIST
               "${target}\t${kind}\t${corpus}\t$<TARGET_FILE:${exe}>\n")
endfunction()

# pz_fuzz_target(NAME [SOLVE] [SOURCES file...] [LIBRARIES lib...])
# registers fuzz/fuzz_NAME.c: the parse-only target always, the solving
# one with SOLVE (the source calls fuzz_solve_all). SOURCES and LIBRARIES
# are what the target needs beyond libpz and its backends.
function(pz_fuzz_target name)
  cmake_parse_arguments(F "SOLVE" "" "SOURCES;LIBRARIES" ${ARGN})
  pz_fuzz_exe(fuzz_${name} ${name} no_solve.c none "${F_SOURCES}"
              "${F_LIBRARIES}")
  if(F_SOLVE)
    pz_fuzz_exe(fuzz_${name}_solve ${name} solve.c some "${F_SOURCES}"
                "${F_LIBRARIES}")
  endif()
endfunction()

# The targets: one line each.
# Every kind through the kind table, its rules and typed readers in
# fuzz/kind_rules.c (corpus: a kind byte before each text).
pz_fuzz_target(kinds SOLVE SOURCES ${PZ_FUZZ_DIR}/kind_rules.c)
if(NOT PZ_LIBFUZZER)
  # Over 350 inputs solved on every backend.
  set_tests_properties(fuzz.kinds_solve PROPERTIES TIMEOUT 400)
endif()
# The shared readers no kind reads through the table: every layout of
# pz_text (and its writers), batch mode, .pls files, --regions grids,
# variant name lists.
pz_fuzz_target(text SOLVE)
pz_fuzz_target(text_batch)
pz_fuzz_target(pls SOLVE)
pz_fuzz_target(variants SOLVE)
pz_fuzz_target(jigsaw SOLVE)
# DIMACS and iCNF read back, counted whole and in parts by pz's own search.
pz_fuzz_target(icnf)
# pz-web's request handling in process (fuzz/fuzz_web.c: raw requests
# through the head checks and the handler), when pz-web is built.
if(TARGET pz_web_api)
  pz_fuzz_target(web LIBRARIES pz_web_api)
  target_compile_definitions(fuzz_web PRIVATE _DEFAULT_SOURCE)
endif()

# NAME, kind (parse or solve), corpus and executable, a line per target,
# for scripts/fuzz.sh.
get_property(PZ_FUZZ_LIST GLOBAL PROPERTY PZ_FUZZ_LIST)
file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/fuzz_targets.txt
     CONTENT "${PZ_FUZZ_LIST}")
