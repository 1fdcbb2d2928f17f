# Smoke tests of pz-bench (examples/pz-bench.c), never bench/run.sh: tiny
# workloads whose counts are known, once per backend (--expect makes a
# wrong count exit 3), then the all-backends comparison table and the
# documented exit codes.
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME bench.grids.${b}
           COMMAND pz-bench --backend ${b} --expect 288 grids 2x2)
  add_test(NAME bench.latin.${b}
           COMMAND pz-bench --backend ${b} --expect 56 latin 5 --reduced)
  # sudoku9.txt: one unique puzzle, one with clashing givens, one with many
  # solutions: 2 solved, 1 unique, 1 not.
  add_test(NAME bench.sudoku.${b}
           COMMAND pz-bench --backend ${b} --unique --expect 2 --tsv
                   sudoku ${CMAKE_CURRENT_SOURCE_DIR}/data/sudoku9.txt)
  set_tests_properties(bench.sudoku.${b} PROPERTIES PASS_REGULAR_EXPRESSION
    "sudoku9.txt\t${b}\tauto\tunique\t3\t2\t1\t0\t2\t0\t1\t1\t")
endforeach()

# Every linked backend in one table, with the ratios to the first (the
# default) when there are two or more.
set(PZ_BENCH_TABLE_RE "")
set(PZ_BENCH_RATIOS "ratios to ${PZ_TEST_DEFAULT}: wall")
foreach(b ${PZ_TEST_BACKENDS})
  string(APPEND PZ_BENCH_TABLE_RE "\n${b} +288 [^\n]*")
  if(NOT b STREQUAL PZ_TEST_DEFAULT)
    string(APPEND PZ_BENCH_RATIOS " ${b}/${PZ_TEST_DEFAULT} = [0-9.]+x,")
  endif()
endforeach()
list(LENGTH PZ_TEST_BACKENDS PZ_BENCH_N)
if(PZ_BENCH_N GREATER 1)
  string(REGEX REPLACE ",$" "" PZ_BENCH_RATIOS "${PZ_BENCH_RATIOS}")
  string(APPEND PZ_BENCH_TABLE_RE "\n${PZ_BENCH_RATIOS}")
endif()
add_test(NAME bench.table COMMAND pz-bench --expect 288 grids 2x2)
set_tests_properties(bench.table PROPERTIES
  PASS_REGULAR_EXPRESSION "${PZ_BENCH_TABLE_RE}"
  FAIL_REGULAR_EXPRESSION "expected|disagree|failed the check")

# Exit codes: 2 for unreadable input, 1 for bad arguments.
add_test(NAME bench.unreadable
         COMMAND sh -c "\"$0\" sudoku /nonexistent/puzzles.txt; test $? -eq 2"
                 $<TARGET_FILE:pz-bench>)
add_test(NAME bench.usage
         COMMAND sh -c "\"$0\" latin 0; a=$?; \"$0\" grids 3; b=$?; \"$0\" --repeat 0 grids 2x2; c=$?; test $a$b$c = 111"
                 $<TARGET_FILE:pz-bench>)

# The plain backtracking counter of bench/ (issue 9's baseline) counts
# what the published figures say.
add_executable(backtrack_count ${PROJECT_SOURCE_DIR}/bench/backtrack_count.c)
target_compile_options(backtrack_count PRIVATE ${PZ_WARNINGS})
foreach(case "latin;5;161280" "latin;6;reduced;9408" "sudoku;2;2;288")
  list(POP_BACK case want)
  string(JOIN "-" name ${case})
  add_test(NAME bench.backtrack.${name} COMMAND backtrack_count ${case})
  set_tests_properties(bench.backtrack.${name} PROPERTIES
    PASS_REGULAR_EXPRESSION "^${want}\t")
endforeach()
