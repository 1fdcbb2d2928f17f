# pz-web (docs/WEB.md), when it is built: its API through HTTP, the curl
# examples of docs/WEB.md included (test/web_test.py), and its pages in
# headless chromium (web/test/pages.test.mjs; skipped without chromium or
# web/test/node_modules: .ci/run installs both).
if(NOT TARGET pz-web)
  return()
endif()

find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME web.api COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/web_test.py
           --server $<TARGET_FILE:pz-web> --docs ${PROJECT_SOURCE_DIR}/docs/WEB.md
           "--backends=${PZ_TEST_BACKENDS_WORDS}")
  set_tests_properties(web.api PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600)
endif()

# The pages in a real browser: Debian's chromium, headless, driven by
# playwright-core (web/test; `npm ci` there, as .ci/run does). Screenshots
# go to web-artifacts/ in the build directory.
find_program(PZ_NODE node)
if(PZ_NODE)
  add_test(NAME web.browser COMMAND ${PZ_NODE} ${PROJECT_SOURCE_DIR}/web/test/pages.test.mjs
           --server $<TARGET_FILE:pz-web> --artifacts ${PROJECT_BINARY_DIR}/web-artifacts)
  set_tests_properties(web.browser PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600)
else()
  add_test(NAME web.browser COMMAND ${CMAKE_COMMAND} -E echo
           "web.browser: node not found (scripts/install-deps.sh installs it): skipped")
  set_tests_properties(web.browser PROPERTIES SKIP_REGULAR_EXPRESSION "skipped")
endif()

# A small load test (bench/web_load.py; the full one is in
# docs/BENCHMARKS.md): 400 solves at 16 connections, then again under
# garbage, huge bodies, slow clients and clients leaving: no errors, and
# (without sanitizers) memory flat.
if(Python3_Interpreter_FOUND)
  set(PZ_WEB_LOAD_MEM "")
  if(PZ_SANITIZE)
    set(PZ_WEB_LOAD_MEM nomem)
  endif()
  add_test(NAME web.load COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/bench/web_load.py
           ${PROJECT_BINARY_DIR} 400 16 ${PZ_WEB_LOAD_MEM})
  set_tests_properties(web.load PROPERTIES TIMEOUT 600)
endif()

# The API test holds a time limit and the load test times slow clients:
# they run alone, so that they neither slow the timing checks of other
# tests (test_limits_timed, test_portfolio_timed) nor get slowed by them.
# The browser test only waits (30-60 s at most per step): it runs beside
# the untimed tests, never beside the timed ones, which run alone.
foreach(t web.api web.load)
  if(TEST ${t})
    set_tests_properties(${t} PROPERTIES RUN_SERIAL TRUE)
  endif()
endforeach()
