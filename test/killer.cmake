# Killer Sudoku: library tests on every backend, and the command-line program.

pz_solver_test(test_killer)

set(PZ_KI_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/killer)

# The solution with box borders, and the line layout.
pz_cli_test(killer solve "^3 4 \\| 2 1\n2 1 \\| 3 4\n----\\+----\n4 2 \\| 1 3\n1 3 \\| 4 2\n$"
  ${PZ_KI_DATA}/small4.txt)
pz_cli_test(killer line "^946752183381649752257183649573918264462375918819264375738491526625837491194526837\n$"
  --format line ${PZ_KI_DATA}/nine.txt)
# Givens and cells in no cage; stdin.
add_test(NAME killer.cli.partial
  COMMAND sh -c "$<TARGET_FILE:pz-killer> --format line - < ${PZ_KI_DATA}/partial4.txt")
set_tests_properties(killer.cli.partial PROPERTIES
  PASS_REGULAR_EXPRESSION "^2134342143121243\n$")
# Counting, uniqueness, all solutions, no solution, every backend.
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME killer.cli.count.${b}
    COMMAND pz-killer --backend ${b} --count ${PZ_KI_DATA}/multi4.txt)
  set_tests_properties(killer.cli.count.${b} PROPERTIES PASS_REGULAR_EXPRESSION "^3\n$")
endforeach()
pz_cli_test(killer unique "\nunique\n$" --unique ${PZ_KI_DATA}/nine.txt)
pz_cli_test(killer not_unique "^# not unique\n$"
  --unique --format line ${PZ_KI_DATA}/multi4.txt)
pz_cli_test(killer all "^[1-4]+\n[1-4]+\n[1-4]+\n$"
  --all --format line ${PZ_KI_DATA}/multi4.txt)
pz_cli_test(killer unsat "^no solution\n$" ${PZ_KI_DATA}/unsat4.txt)
# Malformed input: exit code 2, file:line:column and what is wrong.
foreach(t "bad_two_sums.txt:3:5: cage 3 has a second sum cell"
          "bad_no_sum.txt:8:5: cage 8 has no sum cell"
          "bad_token.txt:7:5: 'x[?]' is not a cage label \\(a number or a name of letters and digits"
          "bad_header.txt:1:3: a Killer Sudoku is square"
          "bad_short.txt:8:6: this row of cages has 3 cells, expected 4"
          "bad_sum_range.txt:3:7: sum 11 is out of range 1..10"
          "bad_trailing.txt:14:1: text after the puzzle")
  string(REGEX REPLACE "\\.txt:.*" "" name "${t}")
  pz_expect_test(NAME killer.cli.${name} RC 2
    COMMAND $<TARGET_FILE:pz-killer> ${PZ_KI_DATA}/${name}.txt
    STDERR "^pz-killer: [^\n]*${t}")
endforeach()
# Boxes that do not tile the grid: bad input; a bad option: usage.
pz_cli_error_test(killer bad_box 2 "boxes of 1x3 do not tile a grid of side 4"
  --box 1x3 ${PZ_KI_DATA}/small4.txt)
pz_expect_test(NAME killer.cli.usage RC 1
  COMMAND $<TARGET_FILE:pz-killer> --box 2y2 ${PZ_KI_DATA}/small4.txt)
