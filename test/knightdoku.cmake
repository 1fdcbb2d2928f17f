# Knightdoku: library tests on every backend, and the command-line program.

pz_solver_test(test_knightdoku)

set(PZ_KD_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/knightdoku)

# Solving a 4x4 puzzle with one solution: the grid, and the line layout.
pz_cli_test(knightdoku solve "^N \\. \\| \\. N\nN \\. \\| 3 \\.\n----\\+----\n\\. N \\| 2 \\.\n\\. N \\| \\. N\n$"
  ${PZ_KD_DATA}/small4.txt)
pz_cli_test(knightdoku line "^N\\.\\.NN\\.3\\.\\.N2\\.\\.N\\.N\n$"
  --format line ${PZ_KD_DATA}/small4.txt)
# The shape from the command line when the file has no header.
pz_cli_test(knightdoku options "^N\\.\\.NN\\.3\\.\\.N2\\.\\.N\\.N\n$"
  --box 2x2 --knights 2 --format line ${PZ_KD_DATA}/no_header.txt)
# Counting, uniqueness, all solutions, no solution.
pz_cli_test(knightdoku count "^1\n$" --count ${PZ_KD_DATA}/nine.txt)
pz_cli_test(knightdoku unique "\nunique\n$" --unique ${PZ_KD_DATA}/nine.txt)
pz_cli_test(knightdoku all "^1[.N][.N][.N][.N][.N][.N][.N][.N][.N][.N][.N][.N][.N][.N][.N]\n1[.N]+\n$"
  --all --format line ${PZ_KD_DATA}/multi4.txt)
pz_cli_test(knightdoku count_limit "^1\\+\n$"
  --count --limit 1 ${PZ_KD_DATA}/multi4.txt)
pz_cli_test(knightdoku not_unique "^# not unique\n$"
  --unique --format line ${PZ_KD_DATA}/multi4.txt)
# Givens that contradict each other directly (two given knights in column
# 3 with one knight per unit) are answered before solving.
pz_cli_test(knightdoku conflict "^no solution: r3c3: more than 1 given knights in column 3\n$"
  --box 2x2 --knights 1 ${PZ_KD_DATA}/no_header.txt)
pz_cli_test(knightdoku unsat "^no solution\n$" ${PZ_KD_DATA}/unsat4.txt)
# Malformed input: exit code 2 and a message naming line and column.
pz_cli_error_test(knightdoku bad_char 2 "bad_char.txt:4:3: unexpected character 'x'"
  ${PZ_KD_DATA}/bad_char.txt)
pz_cli_error_test(knightdoku bad_row 2 "bad_row.txt:3:5: more than 4 cells"
  ${PZ_KD_DATA}/bad_row.txt)
# The file and the options disagree: bad input too.
pz_cli_error_test(knightdoku disagree 2 "--knights 3, but the file says knights 2"
  --knights 3 ${PZ_KD_DATA}/small4.txt)
# A bad option value is a usage error.
pz_expect_test(NAME knightdoku.cli.usage RC 1
  COMMAND $<TARGET_FILE:pz-knightdoku> --box 2y2 ${PZ_KD_DATA}/small4.txt)
