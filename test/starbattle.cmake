# Star Battle: library tests on every backend, and the pz-starbattle program.
pz_solver_test(test_starbattle)
pz_solver_test(test_starbattle_gen)

set(PZ_SB_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/starbattle)

# pz-starbattle ARGS... must print output matching REGEX (and exit 0).
function(pz_starbattle_cli name regex)
  add_test(NAME starbattle.cli.${name} COMMAND pz-starbattle ${ARGN})
  set_tests_properties(starbattle.cli.${name} PROPERTIES
    PASS_REGULAR_EXPRESSION "${regex}")
endfunction()

pz_starbattle_cli(grid
  "^- x - - -\n- - - x -\nx - - - -\n- - x - -\n- - - - x\nunique\n$"
  --unique ${PZ_SB_DATA}/five.txt)
pz_starbattle_cli(line "^-x------x-x------x------x\n$"
  --format line ${PZ_SB_DATA}/five.txt)
pz_starbattle_cli(letters "^----x--x---------x---x--x-------x---\n$" --format line ${PZ_SB_DATA}/letters6.txt)
pz_starbattle_cli(outside "^---x----x---------x--------xx-----------x---x----\n$"
  --format line --backend ${PZ_TEST_OTHER} ${PZ_SB_DATA}/outside7.txt)
pz_starbattle_cli(count-two "^2\n$" --count ${PZ_SB_DATA}/two.txt)
pz_starbattle_cli(count-limit "^1\\+\n$" --count --limit 1 ${PZ_SB_DATA}/two.txt)
pz_starbattle_cli(all-two "^(--x-x------x-x--|-x-----xx-----x-)\n(--x-x------x-x--|-x-----xx-----x-)\n$"
  --all --format line ${PZ_SB_DATA}/two.txt)
pz_starbattle_cli(unsat "^no solution\n$" ${PZ_SB_DATA}/unsat.txt)
pz_starbattle_cli(dimacs "c var 1 r1c1=star\n.*\np cnf [0-9]+ [0-9]+\n"
  --dimacs - ${PZ_SB_DATA}/five.txt)

# pz-starbattle ARGS must exit with code RC and print ERR_RE on stderr.
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/starbattle_expect.cmake [=[
execute_process(COMMAND ${PROG} ${ARGS} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL RC)
  message(FATAL_ERROR "exit code ${rc}, expected ${RC}\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT err MATCHES "${ERR_RE}")
  message(FATAL_ERROR "stderr does not match '${ERR_RE}': ${err}")
endif()
]=])
function(pz_starbattle_cli_error name args rc regex)
  add_test(NAME starbattle.cli.${name}
    COMMAND ${CMAKE_COMMAND} -DPROG=$<TARGET_FILE:pz-starbattle> "-DARGS=${args}"
            -DRC=${rc} -DERR_RE=${regex}
            -P ${CMAKE_CURRENT_BINARY_DIR}/starbattle_expect.cmake)
endfunction()
pz_starbattle_cli_error(bad-char ${PZ_SB_DATA}/bad-char.txt 2
  "^pz-starbattle: [^\n]*bad-char\\.txt:4:5: bad cell 'x' \\(expected a region number")
pz_starbattle_cli_error(short-row ${PZ_SB_DATA}/short-row.txt 2
  "short-row\\.txt:3:6: row 2 has 3 cells, expected 4")
pz_starbattle_cli_error(missing ${PZ_SB_DATA}/no-such-file.txt 2 "no-such-file")
pz_starbattle_cli_error(not-unique "--unique;${PZ_SB_DATA}/two.txt" 5 "^$")
pz_starbattle_cli_error(usage "--card;nope;${PZ_SB_DATA}/five.txt" 1
  "unknown at-most-k encoding 'nope'")
pz_starbattle_cli_error(conflict "--count;--all;${PZ_SB_DATA}/five.txt" 1 ".")
pz_starbattle_cli_error(generate-small "--generate;1;--size;7;--stars;2" 1
  "^pz-starbattle: 2 stars a row need a grid of at least 8x8 to generate, not 7x7 \\(--size\\)\nTry 'pz starbattle --help'.\n$")
pz_starbattle_cli_error(generate-givens "--generate;1;--givens;3" 1
  "no givens for --givens or --symmetry")

# Batches: puzzles one after another; a bad one is reported in its place.
add_test(NAME starbattle.cli.batch-count
  COMMAND sh -c "\"$0\" --count \"$1\" 2>/dev/null; echo rc=$?" $<TARGET_FILE:pz-starbattle> ${PZ_SB_DATA}/batch.txt)
set_tests_properties(starbattle.cli.batch-count PROPERTIES PASS_REGULAR_EXPRESSION
  "^1\n# error: line 10: bad cell 'x'[^\n]*\n2\nrc=2\n$")
pz_starbattle_cli_error(batch-bad "--format;line;${PZ_SB_DATA}/batch.txt" 2
  "batch\\.txt:10:3: bad cell 'x'")

# --generate: the exact puzzle of a seed (on cadical, when configured: the
# puzzle depends on the solver's answers), puzzles that pipe back and are
# unique, -j 2 the same as one thread.
if(cadical IN_LIST PZ_TEST_BACKENDS)
  pz_starbattle_cli(generate
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
pz_starbattle_cli_error(generate-symmetry "--generate;1;--symmetry;mirror" 1
  "no givens for --givens or --symmetry")
# Solving, the size and the stars are the input's: those given must agree.
pz_starbattle_cli_error(generate-size-alone "--size;6;${PZ_SB_DATA}/five.txt" 2
  "five\\.txt: the size asked for is 6, but the puzzle is 5x5 with 1 stars")
pz_starbattle_cli_error(generate-file "--generate;1;${PZ_SB_DATA}/five.txt" 1
  "reads no input file")
pz_starbattle_cli_error(generate-bad-stars "--generate;1;--stars;0" 1
  "--stars: out of range 1..64")
pz_starbattle_cli_error(generate-format "--generate;1;--format;line" 1
  "--generate --format line: a starbattle puzzle is a block of lines")
pz_starbattle_cli_error(generate-big "--generate;1;--size;65" 1
  "--size: out of range 1..64")
