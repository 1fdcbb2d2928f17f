# Kakuro: library tests on every backend, and the command-line program.

pz_solver_test(test_kakuro)
# Generation, checked by a counter of the test's own (test_kakuro_gen.c).
pz_solver_test(test_kakuro_gen)

set(PZ_KK_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/kakuro)

# A unique 5x5 puzzle: the grid, the line layout, --unique, the same with
# trailing blanks (as in the janko.at data) and from stdin.
pz_cli_test(kakuro solve "^- - - - -\n- 5 - - -\n- - - 6 4\n- - 6 - 9\n- 8 4 6 7\n$"
  ${PZ_KK_DATA}/small.txt)
pz_cli_test(kakuro line "^------5------64--6-9-8467\n$"
  --format line ${PZ_KK_DATA}/small.txt)
pz_cli_test(kakuro unique "^- - - - -\n- 5 - - -\n- - - 6 4\n- - 6 - 9\n- 8 4 6 7\nunique\n$"
  --unique ${PZ_KK_DATA}/trailing.txt)
add_test(NAME kakuro.cli.stdin
  COMMAND sh -c "$<TARGET_FILE:pz-kakuro> --format line < ${PZ_KK_DATA}/six.txt")
set_tests_properties(kakuro.cli.stdin PROPERTIES
  PASS_REGULAR_EXPRESSION "^---------14-18-62-6-4-5-2--9--593-7----645\n$")
# Counting, all solutions, not unique, no solution.
pz_cli_test(kakuro count "^2\n$" --count ${PZ_KK_DATA}/multi.txt)
pz_cli_test(kakuro all "^------8--5-651--71-8--68-\n------8--5-741--62-8--68-\n$|^------8--5-741--62-8--68-\n------8--5-651--71-8--68-\n$"
  --all --format line ${PZ_KK_DATA}/multi.txt)
pz_expect_test(NAME kakuro.cli.not_unique RC 5
  COMMAND $<TARGET_FILE:pz-kakuro> --unique --format line ${PZ_KK_DATA}/multi.txt
  STDOUT "^# not unique\n$")
pz_cli_test(kakuro unsat "^no solution\n$" ${PZ_KK_DATA}/unsat.txt)
# Bad input: exit code 2 and FILE:LINE:COLUMN: message.
foreach(bad
    "bad_char.txt:3:6: unexpected 'x'"
    "short_row.txt:4:6: this row has 2 cells, expected 3"
    "extra_row.txt:5:1: text after the grid of 3 rows"
    "clue_no_run.txt:3:8: the across sum 5 has no white cell to its right"
    "no_clue.txt:3:3: a run across starts here without a sum to its left"
    "impossible.txt:2:6: down sum 18 is impossible for 2 cells \\(3..17\\)"
    "sum_range.txt:2:6: down sum 46 is out of range 1..45")
  string(REGEX REPLACE ":.*" "" file "${bad}")
  string(REGEX REPLACE "\\.txt$" "" name "${file}")
  pz_expect_test(NAME kakuro.cli.${name} RC 2
    COMMAND $<TARGET_FILE:pz-kakuro> ${PZ_KK_DATA}/${file}
    STDERR "^pz-kakuro: [^\n]*${bad}")
endforeach()
# A missing file is bad input too; a bad option value a usage error.
pz_expect_test(NAME kakuro.cli.missing RC 2
  COMMAND $<TARGET_FILE:pz-kakuro> ${PZ_KK_DATA}/no-such-file.txt)
pz_expect_test(NAME kakuro.cli.usage RC 1
  COMMAND $<TARGET_FILE:pz-kakuro> --format fancy ${PZ_KK_DATA}/small.txt)
if(TARGET pz-kakuro-picosat)
pz_expect_test(NAME kakuro.cli.backend RC 1
  COMMAND $<TARGET_FILE:pz-kakuro-picosat> --backend cadical ${PZ_KK_DATA}/small.txt
  STDERR "no backend named 'cadical'")
endif()

# Several puzzles in one input: each "R C" line starts the next; a bad one
# is reported (file:line:col) and the others are solved.
add_test(NAME kakuro.cli.batch
  COMMAND sh -c "cat ${PZ_KK_DATA}/small.txt ${PZ_KK_DATA}/extra_row.txt ${PZ_KK_DATA}/six.txt | $<TARGET_FILE:pz-kakuro> --format line 2>&1; echo rc=$?")
set_tests_properties(kakuro.cli.batch PROPERTIES PASS_REGULAR_EXPRESSION
  "^------5------64--6-9-8467\n# error: line 11: text after the grid of 3 rows[^\n]*\n---------14-18-62-6-4-5-2--9--593-7----645\npz-kakuro: -:11:1: text after the grid of 3 rows[^\n]*\nrc=2\n$|^------5------64--6-9-8467\npz-kakuro: -:11:1: text after the grid[^\n]*\n# error: line 11: [^\n]*\n---------14-18-62-6-4-5-2--9--593-7----645\nrc=2\n$")
# --generate: puzzles that pipe back, each unique; the same with -j 2; a
# size, a symmetry; bad sizes and options are usage errors.
add_test(NAME kakuro.cli.generate_unique
  COMMAND sh -c "$<TARGET_FILE:pz-kakuro> --generate 1 --seed 1 | $<TARGET_FILE:pz-kakuro> --unique")
set_tests_properties(kakuro.cli.generate_unique PROPERTIES
  PASS_REGULAR_EXPRESSION "^(- |[1-9] )*[-1-9]\n(.*\n)*unique\n$")
add_test(NAME kakuro.cli.generate_batch
  COMMAND sh -c "$<TARGET_FILE:pz-kakuro> --generate 4 --seed 7 --size 6x8 --symmetry rotate180 | $<TARGET_FILE:pz-kakuro> --count")
set_tests_properties(kakuro.cli.generate_batch PROPERTIES
  PASS_REGULAR_EXPRESSION "^1\n1\n1\n1\n$")
add_test(NAME kakuro.cli.generate_jobs
  COMMAND sh -c "a=$($<TARGET_FILE:pz-kakuro> --generate 4 --seed 3 --size 7) && b=$($<TARGET_FILE:pz-kakuro> --generate 4 --seed 3 --size 7 -j 2) && [ \"$a\" = \"$b\" ] && echo \"$a\" | head -1")
set_tests_properties(kakuro.cli.generate_jobs PROPERTIES
  PASS_REGULAR_EXPRESSION "^7 7\n$")
foreach(args "--generate;1;--size;2x5" "--generate;1;--size;5x"
             "--generate;1;--givens;3" "--generate;1;--format;line"
             "--generate;1;${PZ_KK_DATA}/small.txt"
             "--generate;1;--size;5x6;--symmetry;diagonal")
  string(MD5 h "${args}")
  string(SUBSTRING "${h}" 0 6 h)
  pz_expect_test(NAME kakuro.cli.generate_usage_${h} RC 1
    COMMAND $<TARGET_FILE:pz-kakuro> ${args})
endforeach()
# Solving, the size is the input's: one given must agree.
pz_cli_error_test(kakuro size_solving 2 "small.txt: the size asked for is 4x4, but the puzzle is 5x5"
  --size 4 ${PZ_KK_DATA}/small.txt)
# A time limit too short for a large grid: exit code 4, said on stderr.
pz_cli_error_test(kakuro generate_time_limit 4 "time limit reached"
  --generate 1 --size 60x60 --time-limit 0.2)
