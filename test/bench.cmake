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
# default) when there are two or more: enumeration by blocking clauses,
# where the backends find every solution.
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
add_test(NAME bench.table
         COMMAND pz-bench --enumerate blocking --expect 288 grids 2x2)
set_tests_properties(bench.table PROPERTIES
  PASS_REGULAR_EXPRESSION "method blocking: the backend finds every solution[^\n]*\n[^\n]*${PZ_BENCH_TABLE_RE}"
  FAIL_REGULAR_EXPRESSION "expected|disagree|failed the check|no ratios")

# No ratios where the backends did no work, and the table says so: pz's
# own search enumerating (methods auto and dpll); and a file whose every
# puzzle lacks one digit per row (test/data/bench/singles.txt), which
# propagation completes before any backend runs (0 puzzles searched).
set(PZ_BENCH_FAIL "ratios to|expected|disagree|failed the check|ERROR")
add_test(NAME bench.no_ratios.auto COMMAND pz-bench --expect 288 grids 2x2)
add_test(NAME bench.no_ratios.dpll
         COMMAND pz-bench --enumerate dpll --expect 56 latin 5 --reduced)
add_test(NAME bench.no_ratios.presolved
         COMMAND pz-bench --expect 3 sudoku
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/bench/singles.txt)
set(PZ_BENCH_ZERO_RE "")
foreach(b ${PZ_TEST_BACKENDS})
  # backend, 3 puzzles, 3 solved, 0 unsat, 0 unknown, 3 verified, 0 searched
  string(APPEND PZ_BENCH_ZERO_RE
         "\n${b} +3 [^\n]* 3 +0 +0 +3 +0 +0 +0")
endforeach()
set_tests_properties(bench.no_ratios.auto PROPERTIES
  PASS_REGULAR_EXPRESSION "method auto: pz's own search[^\n]*\n(.*\n)*no ratios: method auto is pz's own search"
  FAIL_REGULAR_EXPRESSION "${PZ_BENCH_FAIL}")
set_tests_properties(bench.no_ratios.dpll PROPERTIES
  PASS_REGULAR_EXPRESSION "method dpll: pz's own search, no backend call[^\n]*\n(.*\n)*no ratios: method dpll"
  FAIL_REGULAR_EXPRESSION "${PZ_BENCH_FAIL}")
set_tests_properties(bench.no_ratios.presolved PROPERTIES
  PASS_REGULAR_EXPRESSION "${PZ_BENCH_ZERO_RE}\n[^\n]*\nno ratios: pz answered every puzzle before a backend had anything to search"
  FAIL_REGULAR_EXPRESSION "${PZ_BENCH_FAIL}")

# And where a backend searched, the count and the ratios: sudoku9.txt's
# puzzle with many solutions cannot be completed by propagation.
set(PZ_BENCH_SEARCHED_RE "")
foreach(b ${PZ_TEST_BACKENDS})
  # backend, 3 puzzles, 2 solved, 1 unsat, 0 unknown, 2 verified, searched
  string(APPEND PZ_BENCH_SEARCHED_RE
         "\n${b} +3 [^\n]* 2 +1 +0 +2 +[1-3] [^\n]*")
endforeach()
if(PZ_BENCH_N GREATER 1)
  string(APPEND PZ_BENCH_SEARCHED_RE "\n[^\n]*\nratios to ${PZ_TEST_DEFAULT}: wall")
endif()
add_test(NAME bench.searched
         COMMAND pz-bench --strategy fresh sudoku
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/sudoku9.txt)
set_tests_properties(bench.searched PROPERTIES
  PASS_REGULAR_EXPRESSION "${PZ_BENCH_SEARCHED_RE}"
  FAIL_REGULAR_EXPRESSION "expected|disagree|failed the check|ERROR|no ratios")

# A puzzle answered first counts as not searched also after one that was
# (pz_puzzle_last_size is 0, 0 then, not the earlier encoding's size):
# mixed.txt's first puzzle has two givens (many solutions, the backend
# searches it), the three after it lack one digit per row. Strategy
# fresh: auto's first step, pz's own Sudoku search, would answer all four.
set(PZ_BENCH_MIXED_RE "")
foreach(b ${PZ_TEST_BACKENDS})
  # backend, 4 puzzles, 4 solved, 0 unsat, 0 unknown, 4 verified, 1 searched
  string(APPEND PZ_BENCH_MIXED_RE "\n${b} +4 [^\n]* 4 +0 +0 +4 +1 [^\n]*")
endforeach()
add_test(NAME bench.searched.mixed
         COMMAND pz-bench --strategy fresh sudoku ${CMAKE_CURRENT_SOURCE_DIR}/data/bench/mixed.txt)
set_tests_properties(bench.searched.mixed PROPERTIES
  PASS_REGULAR_EXPRESSION "${PZ_BENCH_MIXED_RE}"
  FAIL_REGULAR_EXPRESSION "expected|disagree|failed the check|ERROR|no ratios")

# Every kind of the registry through the kind table: one puzzle each,
# --unique on two backends, answers checked (bench_kinds_test.sh).
list(LENGTH PZ_TEST_BACKENDS PZ_BENCH_NB)
if(PZ_BENCH_NB GREATER 1)
  list(GET PZ_TEST_BACKENDS 0 PZ_BENCH_B1)
  list(GET PZ_TEST_BACKENDS 1 PZ_BENCH_B2)
  add_test(NAME bench.kinds
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/bench_kinds_test.sh
                   $<TARGET_FILE_DIR:pz-bench> ${CMAKE_CURRENT_SOURCE_DIR}/data
                   ${PZ_BENCH_B1} ${PZ_BENCH_B2})
endif()
# A kind's file with its parameters as options: small4.txt, a 4x4 Killer
# with one solution (--box from Killer's table), checked against pz's
# rules; and a parameter the kind has not is a usage error.
add_test(NAME bench.killer.file
         COMMAND pz-bench --backend ${PZ_TEST_DEFAULT} --unique --tsv killer
                 --box 2x2 ${CMAKE_CURRENT_SOURCE_DIR}/data/killer/small4.txt)
set_tests_properties(bench.killer.file PROPERTIES PASS_REGULAR_EXPRESSION
  "small4.txt\t${PZ_TEST_DEFAULT}\tauto\tunique\t1\t1\t0\t0\t1\t0\t1\t0\t")
add_test(NAME bench.usage.param
         COMMAND sh -c "\"$0\" --stars 1 sudoku /dev/null; test $? -eq 1"
                 $<TARGET_FILE:pz-bench>)

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
