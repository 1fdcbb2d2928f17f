# Eulero (Graeco-Latin squares): library tests on every backend, and the
# command-line program.

pz_solver_test(test_eulero)

set(PZ_EU_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/eulero)

# A unique 4x4 puzzle: the janko layout, and one line.
pz_cli_test(eulero solve "^4 4\n43 21 34 12\n22 44 11 33\n31 13 42 24\n14 32 23 41\nunique\n$"
  --unique ${PZ_EU_DATA}/small4.txt)
pz_cli_test(eulero line "^43213412224411333113422414322341\n$"
  --format line ${PZ_EU_DATA}/small4.txt)
# Order 10 in 'a,b' cells, on each single-backend program.
foreach(p pz-eulero pz-eulero-cadical pz-eulero-picosat)
  if(NOT TARGET ${p}) # a solver not configured
    continue()
  endif()
  add_test(NAME eulero.cli.ten.${p} COMMAND ${p} --time-limit 120 --count ${PZ_EU_DATA}/ten.txt)
  set_tests_properties(eulero.cli.ten.${p} PROPERTIES PASS_REGULAR_EXPRESSION "^1\n$")
endforeach()
pz_cli_test(eulero count "^8\n$" --count ${PZ_EU_DATA}/multi3.txt)
pz_cli_test(eulero not_unique "^# not unique\n$"
  --unique --format line ${PZ_EU_DATA}/multi3.txt)
pz_cli_test(eulero unsat "^no solution\n$" ${PZ_EU_DATA}/unsat4.txt)
# From scratch: order 7 normalised; order 2 has none.
pz_cli_test(eulero order7 "^7 7\n11 22 33 44 55 66 77\n2[1-7] [1-7][1-7] [1-7][1-7] [1-7][1-7] [1-7][1-7] [1-7][1-7] [1-7][1-7]\n3[1-7] "
  --time-limit 60 --order 7)
pz_cli_test(eulero order2 "^0\n$" --order 2 --count)
# Euler's 36 officers: no Graeco-Latin square of order 6 (Tarry, 1900), on
# every backend. CryptoMiniSat's variable elimination used to abort the
# process (signal 6) here after ~13 s: an answer or the time limit (exit
# 4), never a signal.
foreach(b ${PZ_TEST_BACKENDS})
  pz_expect_test(NAME eulero.cli.order6.${b} RC 0 4
    COMMAND $<TARGET_FILE:pz-eulero> --time-limit 100 --order 6 --backend ${b}
    STDOUT "^(no solution|time limit)\n$")
  set_tests_properties(eulero.cli.order6.${b} PROPERTIES TIMEOUT 150)
endforeach()
# Mates: the cyclic square of order 5 (.pls), of order 4 (none), and
# Euler's 36 officers: the cyclic square of order 6 has none.
pz_cli_test(eulero mates5 "^360\n$" --mates ${PZ_EU_DATA}/cyclic5.pls --count)
pz_cli_test(eulero mates5n "^3\n$"
  --mates ${PZ_EU_DATA}/cyclic5.pls --normal --count)
pz_cli_test(eulero mates4 "^0\n$" --mates ${PZ_EU_DATA}/cyclic4.txt --count)
pz_cli_test(eulero mates6 "^no solution\n$"
  --time-limit 120 --mates ${PZ_EU_DATA}/cyclic6.txt --normal)
# Errors: bad input (exit 2, FILE:LINE:COL), usage (exit 1).
pz_cli_error_test(eulero bad_cell 2 "^pz-eulero: [^\n]*bad_cell.txt:5:8: B value 7 is outside 0..4"
  ${PZ_EU_DATA}/bad_cell.txt)
pz_cli_error_test(eulero bad_header 2 "bad_header.txt:2:3: the squares are square: 4 rows but 5 columns"
  ${PZ_EU_DATA}/bad_header.txt)
pz_cli_error_test(eulero not_latin 2 "not a Latin square: r1c2 and r2c2 hold the same given in column 2 of A"
  --mates ${PZ_EU_DATA}/not_latin.txt)
pz_cli_error_test(eulero usage 1 "--cyclic 3 and --mates exclude each other\nTry 'pz eulero --help'"
  --cyclic 3 --mates ${PZ_EU_DATA}/cyclic4.txt)
pz_cli_error_test(eulero usage_order 1 "--order: out of range 1..32"
  --order 33)
# Order 10 with an automorphism of order 7 (Parker's shape), on each
# single-backend program.
foreach(p pz-eulero pz-eulero-cadical pz-eulero-picosat)
  if(NOT TARGET ${p})
    continue()
  endif()
  add_test(NAME eulero.cli.cyclic10.${p} COMMAND ${p} --time-limit 120 --order 10 --cyclic 7)
  set_tests_properties(eulero.cli.cyclic10.${p} PROPERTIES PASS_REGULAR_EXPRESSION
    "^10 10\n *[0-9]+,[0-9]+  *[0-9]+,[0-9]+ ")
endforeach()
# Generation first decides whether the rules have a solution at all, and
# stops with that answer: order 6 (Euler's 36 officers: none, proved on
# the normalised square) within seconds, not a search that never ends;
# order 2 at once, on every backend.
pz_expect_test(NAME eulero.cli.generate6 RC 0
  COMMAND $<TARGET_FILE:pz-eulero> --generate 1 --order 6
  STDOUT "^$"
  STDERR "^pz-eulero: these rules admit no solution: nothing to generate\n$")
set_tests_properties(eulero.cli.generate6 PROPERTIES TIMEOUT 60)
foreach(b ${PZ_TEST_BACKENDS})
  pz_expect_test(NAME eulero.cli.generate2.${b} RC 0
    COMMAND $<TARGET_FILE:pz-eulero> --generate 3 --order 2 --backend ${b}
    STDOUT "^$"
    STDERR "^pz-eulero: these rules admit no solution: nothing to generate\n$")
  set_tests_properties(eulero.cli.generate2.${b} PROPERTIES TIMEOUT 30)
endforeach()
