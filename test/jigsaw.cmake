# Jigsaw Sudoku in the janko.at layout: library tests on every backend, and
# pz-sudoku reading it (answers, and errors with file:line:column).
#
# This file is also a script (cmake -P) that runs a command and checks its
# exit code and output: ctest's PASS_REGULAR_EXPRESSION cannot require a
# particular non-zero exit code.
#   cmake -DJG_CMD=prog -DJG_ARGS="a;b" -DJG_RC=2 -DJG_STDERR=regex -P this
# With JG_SAME_ARGS the command runs again with those arguments and must
# print the same (and succeed).
if(CMAKE_SCRIPT_MODE_FILE)
  if(DEFINED JG_STDIN)
    execute_process(COMMAND ${JG_CMD} ${JG_ARGS} INPUT_FILE ${JG_STDIN}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  else()
    execute_process(COMMAND ${JG_CMD} ${JG_ARGS}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  endif()
  if(NOT rc STREQUAL JG_RC)
    message(FATAL_ERROR "exit code ${rc}, expected ${JG_RC}\nstdout: ${out}\nstderr: ${err}")
  endif()
  if(DEFINED JG_STDERR AND NOT err MATCHES "${JG_STDERR}")
    message(FATAL_ERROR "stderr does not match '${JG_STDERR}':\n${err}")
  endif()
  if(DEFINED JG_STDOUT AND NOT out MATCHES "${JG_STDOUT}")
    message(FATAL_ERROR "stdout does not match '${JG_STDOUT}':\n${out}")
  endif()
  if(DEFINED JG_SAME_ARGS)
    execute_process(COMMAND ${JG_CMD} ${JG_SAME_ARGS}
                    RESULT_VARIABLE rc2 OUTPUT_VARIABLE out2 ERROR_VARIABLE err2)
    if(NOT rc2 EQUAL 0 OR NOT out STREQUAL out2)
      message(FATAL_ERROR "${JG_SAME_ARGS}: exit ${rc2}, output\n${out2}${err2}\nnot the same as\n${out}")
    endif()
  endif()
  return()
endif()

pz_solver_test(test_jigsaw)

set(PZ_JG_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/jigsaw)

# The grid with the regions' borders, and the line layout, on every backend.
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME jigsaw.cli.grid.${b}
    COMMAND pz-sudoku --backend ${b} ${PZ_JG_DATA}/small4.txt)
  set_tests_properties(jigsaw.cli.grid.${b} PROPERTIES PASS_REGULAR_EXPRESSION
    "^1   4 \\| 2   3\n  \\+---\\+---\\+\n3 \\| 2   1 \\| 4\n  \\|   \\+---\\+\n2 \\| 3 \\| 4 \\| 1\n--\\+---\\+   \\+--\n4 \\| 1   3   2\n$")
  add_test(NAME jigsaw.cli.line.${b}
    COMMAND pz-sudoku --backend ${b} --format line ${PZ_JG_DATA}/six.txt)
  set_tests_properties(jigsaw.cli.line.${b} PROPERTIES
    PASS_REGULAR_EXPRESSION "^136542415236342651654123263415521364\n$")
endforeach()
# From stdin, with comments, blank lines and a byte-order mark.
add_test(NAME jigsaw.cli.stdin
  COMMAND ${CMAKE_COMMAND} -DJG_CMD=$<TARGET_FILE:pz-sudoku>
          "-DJG_ARGS=--format;line" -DJG_STDIN=${PZ_JG_DATA}/commented.txt
          -DJG_RC=0 "-DJG_STDOUT=^1423321423414132\n$"
          -P ${CMAKE_CURRENT_LIST_FILE})
# Counting, uniqueness, no solution.
add_test(NAME jigsaw.cli.count
  COMMAND pz-sudoku --count ${PZ_JG_DATA}/multi4.txt)
set_tests_properties(jigsaw.cli.count PROPERTIES PASS_REGULAR_EXPRESSION "^6\n$")
add_test(NAME jigsaw.cli.unique
  COMMAND pz-sudoku --unique --format line ${PZ_JG_DATA}/five.txt)
set_tests_properties(jigsaw.cli.unique PROPERTIES
  PASS_REGULAR_EXPRESSION "^3415253214154234253121345\n$")
add_test(NAME jigsaw.cli.not_unique
  COMMAND ${CMAKE_COMMAND} -DJG_CMD=$<TARGET_FILE:pz-sudoku>
          "-DJG_ARGS=--unique;--format;line;${PZ_JG_DATA}/multi4.txt"
          -DJG_RC=5 "-DJG_STDOUT=^# not unique\n$"
          -P ${CMAKE_CURRENT_LIST_FILE})
add_test(NAME jigsaw.cli.unsat
  COMMAND pz-sudoku ${PZ_JG_DATA}/unsat4.txt)
set_tests_properties(jigsaw.cli.unsat PROPERTIES
  PASS_REGULAR_EXPRESSION "^no solution\n$")
# Malformed input: exit code 2 and FILE:LINE:COLUMN: message (a ';' in a
# message is matched by '.': it would split the list).
foreach(c
    "bad_token|3:5: 'x' is not a given \\(1\\.\\.4, '-' for a blank\\)"
    "bad_region|9:3: region '4' is region 5. a 4x4 jigsaw Sudoku has 4"
    "bad_count|6:1: 3 regions. a 4x4 jigsaw Sudoku has 4"
    "bad_size|9:7: region 2 has 5 cells and region 4 has 3. every region of a 4x4 jigsaw Sudoku has 4"
    "bad_trailing|10:1: unexpected '1 2 3 4' after the regions"
    "bad_row|7:6: row 2 of the regions has 3 cells; expected 4"
    "bad_short|8:1: the input ends after 2 of the 4 rows of regions"
    "bad_header|1:3: 4 rows and 5 columns: a jigsaw Sudoku is square")
  string(REPLACE "|" ";" c "${c}")
  list(GET c 0 name)
  list(GET c 1 msg)
  add_test(NAME jigsaw.cli.${name}
    COMMAND ${CMAKE_COMMAND} -DJG_CMD=$<TARGET_FILE:pz-sudoku>
            -DJG_ARGS=${PZ_JG_DATA}/${name}.txt -DJG_RC=2
            "-DJG_STDERR=^pz-sudoku: [^\n]*/${name}\\.txt:${msg}[^\n]*\n$"
            -P ${CMAKE_CURRENT_LIST_FILE})
endforeach()
# The size from --box must match the header.
add_test(NAME jigsaw.cli.box
  COMMAND ${CMAKE_COMMAND} -DJG_CMD=$<TARGET_FILE:pz-sudoku>
          "-DJG_ARGS=--box;3x3;${PZ_JG_DATA}/small4.txt" -DJG_RC=2
          "-DJG_STDERR=small4\\.txt:1:1: a 4x4 puzzle; expected 9x9"
          -P ${CMAKE_CURRENT_LIST_FILE})
# The regions come from the file: --regions (or windoku) with it is refused,
# and a janko.at file is no regions file.
add_test(NAME jigsaw.cli.regions_refused
  COMMAND ${CMAKE_COMMAND} -DJG_CMD=$<TARGET_FILE:pz-sudoku>
          "-DJG_ARGS=--regions;${PZ_JG_DATA}/regions4.txt;${PZ_JG_DATA}/small4.txt"
          -DJG_RC=2
          "-DJG_STDERR=small4\\.txt:1:1: --regions cannot be used with a janko\\.at jigsaw puzzle: its regions are in the file"
          -P ${CMAKE_CURRENT_LIST_FILE})
add_test(NAME jigsaw.cli.windoku_refused
  COMMAND ${CMAKE_COMMAND} -DJG_CMD=$<TARGET_FILE:pz-sudoku>
          "-DJG_ARGS=--variant;windoku;${PZ_JG_DATA}/small4.txt" -DJG_RC=2
          "-DJG_STDERR=small4\\.txt:1:1: --variant windoku adds boxes between the boxes; a janko\\.at jigsaw puzzle has regions instead"
          -P ${CMAKE_CURRENT_LIST_FILE})
add_test(NAME jigsaw.cli.janko_as_regions
  COMMAND ${CMAKE_COMMAND} -DJG_CMD=$<TARGET_FILE:pz-sudoku>
          "-DJG_ARGS=--regions;${PZ_JG_DATA}/small4.txt;${PZ_JG_DATA}/givens4.txt"
          -DJG_RC=2
          "-DJG_STDERR=small4\\.txt:1:1: a janko\\.at jigsaw puzzle \\(givens and regions\\), not a grid of region labels"
          -P ${CMAKE_CURRENT_LIST_FILE})
# The same puzzle as a --regions file and a givens line gives the same answer.
add_test(NAME jigsaw.cli.same_as_regions
  COMMAND pz-sudoku --format line --regions ${PZ_JG_DATA}/regions4.txt
          ${PZ_JG_DATA}/givens4.txt)
set_tests_properties(jigsaw.cli.same_as_regions PROPERTIES
  PASS_REGULAR_EXPRESSION "^1423321423414132\n$")
# Region labels are names (99, b, 07 = 7, Q), with borders: the same
# answer as regions 1..4, on every backend; a wrong count is named.
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME jigsaw.cli.named_regions.${b}
    COMMAND ${CMAKE_COMMAND} -DJG_CMD=$<TARGET_FILE:pz-sudoku>
            "-DJG_ARGS=--backend;${b};--format;line;--regions;${PZ_JG_DATA}/regions4_named.txt;${PZ_JG_DATA}/givens4.txt"
            -DJG_RC=0 "-DJG_STDOUT=^[1-4]+\n$"
            "-DJG_SAME_ARGS=--backend;${b};--format;line;--regions;${PZ_JG_DATA}/regions4.txt;${PZ_JG_DATA}/givens4.txt"
            -P ${CMAKE_CURRENT_LIST_FILE})
endforeach()
add_test(NAME jigsaw.cli.regions_count
  COMMAND ${CMAKE_COMMAND} -DJG_CMD=$<TARGET_FILE:pz-sudoku>
          "-DJG_ARGS=--regions;${PZ_JG_DATA}/regions_five.txt;${PZ_JG_DATA}/givens4.txt"
          -DJG_RC=2
          "-DJG_STDERR=regions_five\\.txt:3:5: region 'e' is region 5. a 4x4 jigsaw Sudoku has 4"
          -P ${CMAKE_CURRENT_LIST_FILE})
