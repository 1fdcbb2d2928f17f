# Nondango: library tests on every backend, and the pz-nondango program.
pz_solver_test(test_nondango)

set(PZ_ND_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/nondango)

pz_cli_test(nondango grid
  "^o # # o \\. o\n\\. o o # # \\.\no \\. \\. o \\. o\no \\. # \\. \\. \\.\nunique\n$"
  --unique ${PZ_ND_DATA}/a4x6.txt)
pz_cli_test(nondango pzprv3
  "^o o #\n\\. o o\no # #\n# o o\no o \\.\n$"
  ${PZ_ND_DATA}/b5x3.pzprv3)
pz_cli_test(nondango url-file
  "^\\.oo\\.ooo\\.#o\\.\\.#o##o\\.oooo#\\.o\\.#oo#\\.o\\.\\.\\.\n$"
  --format line ${PZ_ND_DATA}/c7x5.url)
pz_cli_test(nondango url-arg
  "^o # # o \\. o\n\\. o o # # \\.\no \\. \\. o \\. o\no \\. # \\. \\. \\.\nunique\n$"
  --unique --backend ${PZ_TEST_OTHER} https://puzz.link/p?nondango/6/4/aack632018b9e)
pz_cli_test(nondango count-two "^2\n$" --count ${PZ_ND_DATA}/two.txt)
pz_cli_test(nondango all-two "^# o\n\no #\n\n2 solutions\n$|^o #\n\n# o\n\n2 solutions\n$"
  --all ${PZ_ND_DATA}/two.txt)
pz_cli_test(nondango marks "^o #\nunique\n$" --unique ${PZ_ND_DATA}/marks.txt)
pz_cli_test(nondango unsat "^no solution\n$" ${PZ_ND_DATA}/unsat.txt)
pz_cli_test(nondango empty-region "^no solution: region 2 has no circle \\(at r1c2\\)\n$"
  ${PZ_ND_DATA}/empty-region.txt)
pz_cli_test(nondango check "^correct\n$" --check ${PZ_ND_DATA}/b5x3.pzprv3)
pz_cli_test(nondango check-wrong "^wrong: three white circles in a line \\(at r1c1\\)\n$"
  --check "pzprv3/nondango/1/3/1/0 0 0 /o o o /")
pz_cli_test(nondango pzprv3-out
  "^pzprv3\nnondango\n4\n6\n5\n0 0 1 1 2 2 \n0 0 3 3 2 2 \n0 0 4 2 2 2 \n0 4 4 2 2 2 \no # # o \\. o \n"
  --format pzprv3 ${PZ_ND_DATA}/a4x6.txt)
pz_cli_test(nondango url-out "^https://puzz\\.link/p\\?nondango/5/7/l9ig400b6pv3i4o42gn\n$"
  --convert --format url ${PZ_ND_DATA}/c7x5.txt)
pz_cli_test(nondango dimacs "c var 1 r1c1=black\n.*\np cnf [0-9]+ [0-9]+\n" --dimacs - ${PZ_ND_DATA}/a4x6.txt)

pz_cli_error_test(nondango bad-char 2
  "bad-char\\.txt:5:2: bad circle cell 'x'"
  ${PZ_ND_DATA}/bad-char.txt)
pz_cli_error_test(nondango bad-size 2
  "bad-size\\.txt:5:3: row 2 of the circles has 2 cells, expected 3"
  ${PZ_ND_DATA}/bad-size.txt)
pz_cli_error_test(nondango bad-url 2
  "bad-url\\.txt:1:52: the URL body has 18 characters"
  ${PZ_ND_DATA}/bad-url.txt)
pz_cli_error_test(nondango bad-pzprv3 2
  "bad-pzprv3\\.txt:9:3: unknown cell 'x'"
  ${PZ_ND_DATA}/bad-pzprv3.txt)
pz_cli_error_test(nondango bad-url-arg 2
  "URL:1:53: 'z' is not a base-32 digit"
  https://puzz.link/p?nondango/6/6/5jlp72e15tpq2i3ikhtz)
pz_cli_error_test(nondango missing-file 2
  "no-such-file\\.txt"
  ${PZ_ND_DATA}/no-such-file.txt)
pz_cli_error_test(nondango bad-option 1 "Try .pz.nondango --help."
  --frobnicate)
