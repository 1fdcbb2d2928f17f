# Every example in README.md and docs/ is run and its output compared
# (convention: docs/TESTING.md), once per backend: the programs get
# --backend NAME and the C examples are linked with that backend alone.
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_Interpreter_FOUND)
  # Fail rather than skip: a doc that drifts must not pass unnoticed.
  add_test(NAME docs COMMAND ${CMAKE_COMMAND} -E echo
           "docs: python3 not found (scripts/install-deps.sh installs it)")
  set_tests_properties(docs PROPERTIES WILL_FAIL TRUE)
  return()
endif()

# The C examples are built as the library is (sanitizers included).
get_directory_property(PZ_DOC_OPTS COMPILE_OPTIONS)
get_directory_property(PZ_DOC_LINK_OPTS LINK_OPTIONS)
list(APPEND PZ_DOC_OPTS ${PZ_DOC_LINK_OPTS})
list(REMOVE_DUPLICATES PZ_DOC_OPTS)
list(JOIN PZ_DOC_OPTS " " PZ_DOC_CFLAGS)

# Static, a backend archive holds the core and needs its solver after it;
# shared, the backend .so needs libpz.so.
if(BUILD_SHARED_LIBS)
  set(PZ_DOC_SOLVER_cadical "$<TARGET_FILE:pz> -Wl,-rpath,$<TARGET_FILE_DIR:pz>")
  set(PZ_DOC_SOLVER_picosat "${PZ_DOC_SOLVER_cadical}")
  set(PZ_DOC_SOLVER_ipasir "${PZ_DOC_SOLVER_cadical}")
  set(PZ_DOC_SOLVER_cryptominisat "${PZ_DOC_SOLVER_cadical}")
  set(PZ_DOC_SOLVER_z3 "${PZ_DOC_SOLVER_cadical}")
  set(PZ_DOC_KEEP_ON "-Wl,--push-state,--no-as-needed ")
  set(PZ_DOC_KEEP_OFF " -Wl,--pop-state")
else()
  set(PZ_DOC_SOLVER_cadical "${PZ_CADICAL_LIB} -lstdc++ -lm -lpthread")
  set(PZ_DOC_SOLVER_picosat "${PZ_PICOSAT_LIB} -lm -lpthread")
  set(PZ_DOC_SOLVER_ipasir "${PZ_CADICAL_LIB} -lstdc++ -lm -lpthread")
  set(PZ_DOC_SOLVER_cryptominisat "${PZ_CRYPTOMINISAT_LIB} -lstdc++ -lm -lpthread")
  set(PZ_DOC_SOLVER_z3 "${PZ_Z3_LIB} -lstdc++ -lpthread")
endif()
# clang links a C program's UBSan runtime without its C++ part, which the
# C++ backends need under the sanitizers.
if(PZ_SANITIZE AND CMAKE_C_COMPILER_ID MATCHES "Clang")
  string(APPEND PZ_DOC_SOLVER_cadical " -fsanitize-link-c++-runtime")
  string(APPEND PZ_DOC_SOLVER_ipasir " -fsanitize-link-c++-runtime")
  string(APPEND PZ_DOC_SOLVER_cryptominisat " -fsanitize-link-c++-runtime")
  string(APPEND PZ_DOC_SOLVER_z3 " -fsanitize-link-c++-runtime")
endif()
list(JOIN PZ_TEST_BACKENDS "," PZ_DOC_BACKENDS)

# pz_doc_check(NAME BACKEND [ARGS...]): doc_examples.py with the build's
# paths and BACKEND's link line.
function(pz_doc_check name b)
  add_test(NAME ${name} COMMAND ${Python3_EXECUTABLE}
    ${CMAKE_CURRENT_SOURCE_DIR}/doc_examples.py
    --src ${PROJECT_SOURCE_DIR} --build ${PROJECT_BINARY_DIR}
    --backend ${b} --backends ${PZ_DOC_BACKENDS}
    --cc ${CMAKE_C_COMPILER} "--cflags=${PZ_DOC_CFLAGS}"
    "--libs=${PZ_DOC_KEEP_ON}$<TARGET_FILE:pz_${b}>${PZ_DOC_KEEP_OFF} ${PZ_DOC_SOLVER_${b}}"
    ${ARGN})
endfunction()

foreach(b ${PZ_TEST_BACKENDS})
  pz_doc_check(docs.${b} ${b})
endforeach()

# The checker itself must fail on a wrong doc, naming file and line.
set(PZ_DOC_FIX ${CMAKE_CURRENT_SOURCE_DIR}/data/docs)
pz_doc_check(docs.selftest.good ${PZ_TEST_DEFAULT} ${PZ_DOC_FIX}/good.md)
pz_doc_check(docs.selftest.wrong-output ${PZ_TEST_DEFAULT} ${PZ_DOC_FIX}/wrong-output.md
  --expect-failure "wrong-output.md:8: \\$ echo [.]+ [|] build/pz-sudoku --count\n"
  --expect-failure "^ *-289$" --expect-failure "^ *[+]288$"
  --expect-failure "wrong-output.md:11: \\$ echo one\n"
  --expect-failure "^ *-two$" --expect-failure "^ *[+]one$")
pz_doc_check(docs.selftest.exit-code ${PZ_TEST_DEFAULT} ${PZ_DOC_FIX}/exit-code.md
  --expect-failure "exit-code.md:4: \\$ false\n  exit code 1, expected 0"
  --expect-failure "exit-code.md:5: \\$ true   # exit 2\n  exit code 0, expected 2"
  --expect-failure "exit-code.md:6: .*\n  wrote to stderr"
  --expect-failure "exit-code.md:7: .*\n  the output does not end with a newline")
pz_doc_check(docs.selftest.blocks ${PZ_TEST_DEFAULT} ${PZ_DOC_FIX}/blocks.md
  --expect-failure "blocks.md:3: a ```sh block with no '\\$ ' command"
  --expect-failure "blocks.md:7: a ```c block needs a file name"
  --expect-failure "blocks.md:11: broken.c does not compile"
  --expect-failure "blocks.md:13:.*undeclared"
  --expect-failure "blocks.md:17: the program unrun.c is never run"
  --expect-failure "blocks.md:24: text before the first")
