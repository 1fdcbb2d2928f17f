# Star Battle: library tests on every backend, and the pz-starbattle program.
pz_solver_test(test_starbattle)
pz_solver_test(test_starbattle_gen)

set(PZ_SB_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/starbattle)

pz_cli_test(starbattle grid
  "^- x - - -\n- - - x -\nx - - - -\n- - x - -\n- - - - x\nunique\n$"
  --unique ${PZ_SB_DATA}/five.txt)
pz_cli_test(starbattle line "^-x------x-x------x------x\n$"
  --format line ${PZ_SB_DATA}/five.txt)
pz_cli_test(starbattle letters "^----x--x---------x---x--x-------x---\n$" --format line ${PZ_SB_DATA}/letters6.txt)
pz_cli_test(starbattle outside "^---x----x---------x--------xx-----------x---x----\n$"
  --format line --backend ${PZ_TEST_OTHER} ${PZ_SB_DATA}/outside7.txt)
pz_cli_test(starbattle count-two "^2\n$" --count ${PZ_SB_DATA}/two.txt)
pz_cli_test(starbattle count-limit "^1\\+\n$" --count --limit 1 ${PZ_SB_DATA}/two.txt)
pz_cli_test(starbattle all-two "^(--x-x------x-x--|-x-----xx-----x-)\n(--x-x------x-x--|-x-----xx-----x-)\n$"
  --all --format line ${PZ_SB_DATA}/two.txt)
pz_cli_test(starbattle unsat "^no solution\n$" ${PZ_SB_DATA}/unsat.txt)
pz_cli_test(starbattle dimacs "c var 1 r1c1=star\n.*\np cnf [0-9]+ [0-9]+\n"
  --dimacs - ${PZ_SB_DATA}/five.txt)

pz_cli_error_test(starbattle bad-char 2
  "^pz-starbattle: [^\n]*bad-char\\.txt:4:5: bad cell 'x' \\(expected a region number"
  ${PZ_SB_DATA}/bad-char.txt)
pz_cli_error_test(starbattle short-row 2
  "short-row\\.txt:3:6: row 2 has 3 cells, expected 4"
  ${PZ_SB_DATA}/short-row.txt)
pz_cli_error_test(starbattle missing 2 "no-such-file"
  ${PZ_SB_DATA}/no-such-file.txt)
pz_cli_error_test(starbattle not-unique 5 "^$"
  --unique ${PZ_SB_DATA}/two.txt)
pz_cli_error_test(starbattle usage 1
  "unknown at-most-k encoding 'nope'"
  --card nope ${PZ_SB_DATA}/five.txt)
pz_cli_error_test(starbattle conflict 1 "."
  --count --all ${PZ_SB_DATA}/five.txt)
pz_cli_error_test(starbattle generate-small 1
  "^pz-starbattle: 2 stars a row need a grid of at least 8x8 to generate, not 7x7 \\(--size\\)\nTry 'pz starbattle --help'.\n$"
  --generate 1 --size 7 --stars 2)
pz_cli_error_test(starbattle generate-givens 1
  "no givens for --givens or --symmetry" --generate 1 --givens 3)

# Batches: puzzles one after another; a bad one is reported in its place.
add_test(NAME starbattle.cli.batch-count
  COMMAND sh -c "\"$0\" --count \"$1\" 2>/dev/null; echo rc=$?" $<TARGET_FILE:pz-starbattle> ${PZ_SB_DATA}/batch.txt)
set_tests_properties(starbattle.cli.batch-count PROPERTIES PASS_REGULAR_EXPRESSION
  "^1\n# error: line 10: bad cell 'x'[^\n]*\n2\nrc=2\n$")
pz_cli_error_test(starbattle batch-bad 2
  "batch\\.txt:10:3: bad cell 'x'"
  --format line ${PZ_SB_DATA}/batch.txt)

# --generate: the exact puzzle of a seed (on cadical, when configured: the
# puzzle depends on the solver's answers), puzzles that pipe back and are
# unique, -j 2 the same as one thread.
if(cadical IN_LIST PZ_TEST_BACKENDS)
  pz_cli_test(starbattle generate
    "^5 5 1\n1 1 1 1 2\n3 1 1 1 2\n3 3 3 1 2\n3 3 4 4 4\n5 3 3 4 4\n$"
    --generate 1 --seed 1 --size 5 --backend cadical)
endif()
add_test(NAME starbattle.cli.generate-pipe
  COMMAND sh -c "\"$0\" --generate 3 --seed 1 --size 8 | \"$0\" --unique --format line && echo unique" $<TARGET_FILE:pz-starbattle>)
set_tests_properties(starbattle.cli.generate-pipe PROPERTIES
  PASS_REGULAR_EXPRESSION "^[-x]+\n[-x]+\n[-x]+\nunique\n$")
add_test(NAME starbattle.cli.generate-two-stars
  COMMAND sh -c "\"$0\" --generate 2 --seed 4 --size 10 --stars 2 | \"$0\" --unique --format line && echo unique" $<TARGET_FILE:pz-starbattle>)
set_tests_properties(starbattle.cli.generate-two-stars PROPERTIES
  PASS_REGULAR_EXPRESSION "^[-x]+\n[-x]+\nunique\n$")
add_test(NAME starbattle.cli.generate-jobs
  COMMAND sh -c "a=$(\"$0\" --generate 4 --seed 9 --size 6); b=$(\"$0\" --generate 4 --seed 9 --size 6 -j 2); test \"$a\" = \"$b\" && echo same" $<TARGET_FILE:pz-starbattle>)
set_tests_properties(starbattle.cli.generate-jobs PROPERTIES
  PASS_REGULAR_EXPRESSION "^same\n$")
pz_cli_error_test(starbattle generate-symmetry 1
  "no givens for --givens or --symmetry" --generate 1 --symmetry mirror)
# Solving, the size and the stars are the input's: those given must agree.
pz_cli_error_test(starbattle generate-size-alone 2
  "five\\.txt: the size asked for is 6, but the puzzle is 5x5 with 1 stars"
  --size 6 ${PZ_SB_DATA}/five.txt)
pz_cli_error_test(starbattle generate-file 1
  "reads no input file"
  --generate 1 ${PZ_SB_DATA}/five.txt)
pz_cli_error_test(starbattle generate-bad-stars 1
  "--stars: out of range 1..64"
  --generate 1 --stars 0)
pz_cli_error_test(starbattle generate-format 1
  "--generate --format line: a starbattle puzzle is a block of lines"
  --generate 1 --format line)
pz_cli_error_test(starbattle generate-big 1
  "--size: out of range 1..64"
  --generate 1 --size 65)
