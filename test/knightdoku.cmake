# Knightdoku: library tests on every backend, and the command-line program.

pz_solver_test(test_knightdoku)

set(PZ_KD_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/knightdoku)

# Solving a 4x4 puzzle with one solution: the grid, and the line layout.
add_test(NAME knightdoku.cli.solve
  COMMAND pz-knightdoku ${PZ_KD_DATA}/small4.txt)
set_tests_properties(knightdoku.cli.solve PROPERTIES PASS_REGULAR_EXPRESSION
  "^N \\. \\| \\. N\nN \\. \\| 3 \\.\n----\\+----\n\\. N \\| 2 \\.\n\\. N \\| \\. N\n$")
add_test(NAME knightdoku.cli.line
  COMMAND pz-knightdoku --format line ${PZ_KD_DATA}/small4.txt)
set_tests_properties(knightdoku.cli.line PROPERTIES
  PASS_REGULAR_EXPRESSION "^N\\.\\.NN\\.3\\.\\.N2\\.\\.N\\.N\n$")
# The shape from the command line when the file has no header.
add_test(NAME knightdoku.cli.options
  COMMAND pz-knightdoku --box 2x2 --knights 2 --format line
          ${PZ_KD_DATA}/no_header.txt)
set_tests_properties(knightdoku.cli.options PROPERTIES
  PASS_REGULAR_EXPRESSION "^N\\.\\.NN\\.3\\.\\.N2\\.\\.N\\.N\n$")
# Counting, uniqueness, all solutions, no solution.
add_test(NAME knightdoku.cli.count
  COMMAND pz-knightdoku --count ${PZ_KD_DATA}/nine.txt)
set_tests_properties(knightdoku.cli.count PROPERTIES
  PASS_REGULAR_EXPRESSION "^1\n$")
add_test(NAME knightdoku.cli.unique
  COMMAND pz-knightdoku --unique ${PZ_KD_DATA}/nine.txt)
set_tests_properties(knightdoku.cli.unique PROPERTIES
  PASS_REGULAR_EXPRESSION "\nunique\n$")
add_test(NAME knightdoku.cli.all
  COMMAND pz-knightdoku --all --format line ${PZ_KD_DATA}/multi4.txt)
set_tests_properties(knightdoku.cli.all PROPERTIES
  PASS_REGULAR_EXPRESSION "^1[.N][.N][.N][.N][.N][.N][.N][.N][.N][.N][.N][.N][.N][.N][.N]\n1[.N]+\n$")
add_test(NAME knightdoku.cli.count_limit
  COMMAND pz-knightdoku --count --limit 1 ${PZ_KD_DATA}/multi4.txt)
set_tests_properties(knightdoku.cli.count_limit PROPERTIES
  PASS_REGULAR_EXPRESSION "^1\\+\n$")
add_test(NAME knightdoku.cli.not_unique
  COMMAND pz-knightdoku --unique --format line ${PZ_KD_DATA}/multi4.txt)
set_tests_properties(knightdoku.cli.not_unique PROPERTIES
  PASS_REGULAR_EXPRESSION "^# not unique\n$")
# Givens that contradict each other directly (two given knights in column
# 3 with one knight per unit) are answered before solving.
add_test(NAME knightdoku.cli.conflict
  COMMAND pz-knightdoku --box 2x2 --knights 1 ${PZ_KD_DATA}/no_header.txt)
set_tests_properties(knightdoku.cli.conflict PROPERTIES
  PASS_REGULAR_EXPRESSION "^no solution: r3c3: more than 1 given knights in column 3\n$")
add_test(NAME knightdoku.cli.unsat
  COMMAND pz-knightdoku ${PZ_KD_DATA}/unsat4.txt)
set_tests_properties(knightdoku.cli.unsat PROPERTIES
  PASS_REGULAR_EXPRESSION "^no solution\n$")
# Malformed input: exit code 2 and a message naming line and column.
pz_expect_test(NAME knightdoku.cli.bad_char RC 2
  COMMAND $<TARGET_FILE:pz-knightdoku> ${PZ_KD_DATA}/bad_char.txt
  STDERR "bad_char.txt:4:3: unexpected character 'x'")
pz_expect_test(NAME knightdoku.cli.bad_row RC 2
  COMMAND $<TARGET_FILE:pz-knightdoku> ${PZ_KD_DATA}/bad_row.txt
  STDERR "bad_row.txt:3:5: more than 4 cells")
# The file and the options disagree: bad input too.
pz_expect_test(NAME knightdoku.cli.disagree RC 2
  COMMAND $<TARGET_FILE:pz-knightdoku> --knights 3 ${PZ_KD_DATA}/small4.txt
  STDERR "--knights 3, but the file says knights 2")
# A bad option value is a usage error.
pz_expect_test(NAME knightdoku.cli.usage RC 1
  COMMAND $<TARGET_FILE:pz-knightdoku> --box 2y2 ${PZ_KD_DATA}/small4.txt)
