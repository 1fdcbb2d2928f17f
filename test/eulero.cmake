# Eulero (Graeco-Latin squares): library tests on every backend, and the
# command-line program.
#
# This file is also a script (cmake -P) that runs a command and checks its
# exit code and output (ctest's PASS_REGULAR_EXPRESSION cannot require a
# particular non-zero exit code).
#   cmake -DEU_CMD=prog -DEU_ARGS="a;b" -DEU_RC=2 -DEU_STDERR=regex -P this
# EU_RC may list several codes ("0;4"); a signal is never one of them.
if(CMAKE_SCRIPT_MODE_FILE)
  cmake_policy(SET CMP0057 NEW) # IN_LIST
  execute_process(COMMAND ${EU_CMD} ${EU_ARGS}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc IN_LIST EU_RC)
    message(FATAL_ERROR "exit code ${rc}, expected ${EU_RC}\nstdout: ${out}\nstderr: ${err}")
  endif()
  if(DEFINED EU_STDERR AND NOT err MATCHES "${EU_STDERR}")
    message(FATAL_ERROR "stderr does not match '${EU_STDERR}':\n${err}")
  endif()
  if(DEFINED EU_STDOUT AND NOT out MATCHES "${EU_STDOUT}")
    message(FATAL_ERROR "stdout does not match '${EU_STDOUT}':\n${out}")
  endif()
  return()
endif()

pz_solver_test(test_eulero)

set(PZ_EU_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/eulero)

# A unique 4x4 puzzle: the janko layout, and one line.
add_test(NAME eulero.cli.solve COMMAND pz-eulero --unique ${PZ_EU_DATA}/small4.txt)
set_tests_properties(eulero.cli.solve PROPERTIES PASS_REGULAR_EXPRESSION
  "^4 4\n43 21 34 12\n22 44 11 33\n31 13 42 24\n14 32 23 41\nunique\n$")
add_test(NAME eulero.cli.line COMMAND pz-eulero --format line ${PZ_EU_DATA}/small4.txt)
set_tests_properties(eulero.cli.line PROPERTIES PASS_REGULAR_EXPRESSION
  "^43213412224411333113422414322341\n$")
# Order 10 in 'a,b' cells, on each single-backend program.
foreach(p pz-eulero pz-eulero-cadical pz-eulero-picosat)
  if(NOT TARGET ${p}) # a solver not configured
    continue()
  endif()
  add_test(NAME eulero.cli.ten.${p} COMMAND ${p} --time-limit 120 --count ${PZ_EU_DATA}/ten.txt)
  set_tests_properties(eulero.cli.ten.${p} PROPERTIES PASS_REGULAR_EXPRESSION "^1\n$")
endforeach()
add_test(NAME eulero.cli.count COMMAND pz-eulero --count ${PZ_EU_DATA}/multi3.txt)
set_tests_properties(eulero.cli.count PROPERTIES PASS_REGULAR_EXPRESSION "^8\n$")
add_test(NAME eulero.cli.not_unique
  COMMAND pz-eulero --unique --format line ${PZ_EU_DATA}/multi3.txt)
set_tests_properties(eulero.cli.not_unique PROPERTIES PASS_REGULAR_EXPRESSION "^# not unique\n$")
add_test(NAME eulero.cli.unsat COMMAND pz-eulero ${PZ_EU_DATA}/unsat4.txt)
set_tests_properties(eulero.cli.unsat PROPERTIES PASS_REGULAR_EXPRESSION "^no solution\n$")
# From scratch: order 7 normalised; order 2 has none.
add_test(NAME eulero.cli.order7 COMMAND pz-eulero --time-limit 60 --order 7)
set_tests_properties(eulero.cli.order7 PROPERTIES PASS_REGULAR_EXPRESSION
  "^7 7\n11 22 33 44 55 66 77\n2[1-7] [1-7][1-7] [1-7][1-7] [1-7][1-7] [1-7][1-7] [1-7][1-7] [1-7][1-7]\n3[1-7] ")
add_test(NAME eulero.cli.order2 COMMAND pz-eulero --order 2 --count)
set_tests_properties(eulero.cli.order2 PROPERTIES PASS_REGULAR_EXPRESSION "^0\n$")
# Euler's 36 officers: no Graeco-Latin square of order 6 (Tarry, 1900), on
# every backend. CryptoMiniSat's variable elimination used to abort the
# process (signal 6) here after ~13 s: an answer or the time limit (exit
# 4), never a signal.
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME eulero.cli.order6.${b}
    COMMAND ${CMAKE_COMMAND} -DEU_CMD=$<TARGET_FILE:pz-eulero>
            "-DEU_ARGS=--time-limit;100;--order;6;--backend;${b}" "-DEU_RC=0;4"
            "-DEU_STDOUT=^(no solution|time limit)\n$" -P ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(eulero.cli.order6.${b} PROPERTIES TIMEOUT 150)
endforeach()
# Mates: the cyclic square of order 5 (.pls), of order 4 (none), and
# Euler's 36 officers: the cyclic square of order 6 has none.
add_test(NAME eulero.cli.mates5 COMMAND pz-eulero --mates ${PZ_EU_DATA}/cyclic5.pls --count)
set_tests_properties(eulero.cli.mates5 PROPERTIES PASS_REGULAR_EXPRESSION "^360\n$")
add_test(NAME eulero.cli.mates5n COMMAND pz-eulero --mates ${PZ_EU_DATA}/cyclic5.pls --normal --count)
set_tests_properties(eulero.cli.mates5n PROPERTIES PASS_REGULAR_EXPRESSION "^3\n$")
add_test(NAME eulero.cli.mates4 COMMAND pz-eulero --mates ${PZ_EU_DATA}/cyclic4.txt --count)
set_tests_properties(eulero.cli.mates4 PROPERTIES PASS_REGULAR_EXPRESSION "^0\n$")
add_test(NAME eulero.cli.mates6 COMMAND pz-eulero --time-limit 120 --mates ${PZ_EU_DATA}/cyclic6.txt --normal)
set_tests_properties(eulero.cli.mates6 PROPERTIES PASS_REGULAR_EXPRESSION "^no solution\n$")
# Errors: bad input (exit 2, FILE:LINE:COL), usage (exit 1).
add_test(NAME eulero.cli.bad_cell
  COMMAND ${CMAKE_COMMAND} -DEU_CMD=$<TARGET_FILE:pz-eulero>
          -DEU_ARGS=${PZ_EU_DATA}/bad_cell.txt -DEU_RC=2
          "-DEU_STDERR=^pz-eulero: [^\n]*bad_cell.txt:5:8: B value 7 is outside 0..4"
          -P ${CMAKE_CURRENT_LIST_FILE})
add_test(NAME eulero.cli.bad_header
  COMMAND ${CMAKE_COMMAND} -DEU_CMD=$<TARGET_FILE:pz-eulero>
          -DEU_ARGS=${PZ_EU_DATA}/bad_header.txt -DEU_RC=2
          "-DEU_STDERR=bad_header.txt:2:3: the squares are square: 4 rows but 5 columns"
          -P ${CMAKE_CURRENT_LIST_FILE})
add_test(NAME eulero.cli.not_latin
  COMMAND ${CMAKE_COMMAND} -DEU_CMD=$<TARGET_FILE:pz-eulero>
          "-DEU_ARGS=--mates;${PZ_EU_DATA}/not_latin.txt" -DEU_RC=2
          "-DEU_STDERR=not a Latin square: r1c2 and r2c2 hold the same given in column 2 of A"
          -P ${CMAKE_CURRENT_LIST_FILE})
add_test(NAME eulero.cli.usage
  COMMAND ${CMAKE_COMMAND} -DEU_CMD=$<TARGET_FILE:pz-eulero>
          "-DEU_ARGS=--cyclic;3;--mates;${PZ_EU_DATA}/cyclic4.txt" -DEU_RC=2
          "-DEU_STDERR=exclude each other" -P ${CMAKE_CURRENT_LIST_FILE})
add_test(NAME eulero.cli.usage_order
  COMMAND ${CMAKE_COMMAND} -DEU_CMD=$<TARGET_FILE:pz-eulero>
          "-DEU_ARGS=--order;33" -DEU_RC=1
          "-DEU_STDERR=--order: out of range 1..32" -P ${CMAKE_CURRENT_LIST_FILE})
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
add_test(NAME eulero.cli.generate6
  COMMAND ${CMAKE_COMMAND} -DEU_CMD=$<TARGET_FILE:pz-eulero>
          "-DEU_ARGS=--generate;1;--order;6" -DEU_RC=0 "-DEU_STDOUT=^$"
          "-DEU_STDERR=^pz-eulero: these rules admit no solution: nothing to generate\n$"
          -P ${CMAKE_CURRENT_LIST_FILE})
set_tests_properties(eulero.cli.generate6 PROPERTIES TIMEOUT 60)
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME eulero.cli.generate2.${b}
    COMMAND ${CMAKE_COMMAND} -DEU_CMD=$<TARGET_FILE:pz-eulero>
            "-DEU_ARGS=--generate;3;--order;2;--backend;${b}" -DEU_RC=0 "-DEU_STDOUT=^$"
            "-DEU_STDERR=^pz-eulero: these rules admit no solution: nothing to generate\n$"
            -P ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(eulero.cli.generate2.${b} PROPERTIES TIMEOUT 30)
endforeach()
