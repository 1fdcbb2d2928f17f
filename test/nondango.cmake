# Nondango: library tests on every backend, and the pz-nondango program.
pz_solver_test(test_nondango)

set(PZ_ND_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/nondango)

# pz-nondango ARGS... must print output matching REGEX (and exit 0).
function(pz_nondango_cli name regex)
  add_test(NAME nondango.cli.${name} COMMAND pz-nondango ${ARGN})
  set_tests_properties(nondango.cli.${name} PROPERTIES
    PASS_REGULAR_EXPRESSION "${regex}")
endfunction()

pz_nondango_cli(grid
  "^o # # o \\. o\n\\. o o # # \\.\no \\. \\. o \\. o\no \\. # \\. \\. \\.\nunique\n$"
  --unique ${PZ_ND_DATA}/a4x6.txt)
pz_nondango_cli(pzprv3
  "^o o #\n\\. o o\no # #\n# o o\no o \\.\n$"
  ${PZ_ND_DATA}/b5x3.pzprv3)
pz_nondango_cli(url-file
  "^\\.oo\\.ooo\\.#o\\.\\.#o##o\\.oooo#\\.o\\.#oo#\\.o\\.\\.\\.\n$"
  --format line ${PZ_ND_DATA}/c7x5.url)
pz_nondango_cli(url-arg
  "^o # # o \\. o\n\\. o o # # \\.\no \\. \\. o \\. o\no \\. # \\. \\. \\.\nunique\n$"
  --unique --backend ${PZ_TEST_OTHER} https://puzz.link/p?nondango/6/4/aack632018b9e)
pz_nondango_cli(count-two "^2\n$" --count ${PZ_ND_DATA}/two.txt)
pz_nondango_cli(all-two "^# o\n\no #\n\n2 solutions\n$|^o #\n\n# o\n\n2 solutions\n$"
  --all ${PZ_ND_DATA}/two.txt)
pz_nondango_cli(marks "^o #\nunique\n$" --unique ${PZ_ND_DATA}/marks.txt)
pz_nondango_cli(unsat "^no solution\n$" ${PZ_ND_DATA}/unsat.txt)
pz_nondango_cli(empty-region "^no solution: region 2 has no circle \\(at r1c2\\)\n$"
  ${PZ_ND_DATA}/empty-region.txt)
pz_nondango_cli(check "^correct\n$" --check ${PZ_ND_DATA}/b5x3.pzprv3)
pz_nondango_cli(check-wrong "^wrong: three white circles in a line \\(at r1c1\\)\n$"
  --check "pzprv3/nondango/1/3/1/0 0 0 /o o o /")
pz_nondango_cli(pzprv3-out
  "^pzprv3\nnondango\n4\n6\n5\n0 0 1 1 2 2 \n0 0 3 3 2 2 \n0 0 4 2 2 2 \n0 4 4 2 2 2 \no # # o \\. o \n"
  --format pzprv3 ${PZ_ND_DATA}/a4x6.txt)
pz_nondango_cli(url-out "^https://puzz\\.link/p\\?nondango/5/7/l9ig400b6pv3i4o42gn\n$"
  --convert --format url ${PZ_ND_DATA}/c7x5.txt)
pz_nondango_cli(dimacs "c var 1 r1c1=black\n.*\np cnf [0-9]+ [0-9]+\n" --dimacs - ${PZ_ND_DATA}/a4x6.txt)

# pz-nondango ARG must exit with code RC and print ERR_RE on stderr.
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/nondango_expect.cmake [=[
execute_process(COMMAND ${PROG} ${ARG} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL RC)
  message(FATAL_ERROR "exit code ${rc}, expected ${RC}\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT err MATCHES "${ERR_RE}")
  message(FATAL_ERROR "stderr does not match '${ERR_RE}': ${err}")
endif()
]=])
function(pz_nondango_cli_error name arg rc regex)
  add_test(NAME nondango.cli.${name}
    COMMAND ${CMAKE_COMMAND} -DPROG=$<TARGET_FILE:pz-nondango> -DARG=${arg}
            -DRC=${rc} -DERR_RE=${regex}
            -P ${CMAKE_CURRENT_BINARY_DIR}/nondango_expect.cmake)
endfunction()
pz_nondango_cli_error(bad-char ${PZ_ND_DATA}/bad-char.txt 2
  "bad-char\\.txt:5:2: bad circle cell 'x'")
pz_nondango_cli_error(bad-size ${PZ_ND_DATA}/bad-size.txt 2
  "bad-size\\.txt:5:3: row 2 of the circles has 2 cells, expected 3")
pz_nondango_cli_error(bad-url ${PZ_ND_DATA}/bad-url.txt 2
  "bad-url\\.txt:1:52: the URL body has 18 characters")
pz_nondango_cli_error(bad-pzprv3 ${PZ_ND_DATA}/bad-pzprv3.txt 2
  "bad-pzprv3\\.txt:9:3: unknown cell 'x'")
pz_nondango_cli_error(bad-url-arg "https://puzz.link/p?nondango/6/6/5jlp72e15tpq2i3ikhtz" 2
  "URL:1:53: 'z' is not a base-32 digit")
pz_nondango_cli_error(missing-file ${PZ_ND_DATA}/no-such-file.txt 2
  "no-such-file\\.txt")
pz_nondango_cli_error(bad-option --frobnicate 1 "Try .pz.nondango --help.")
