# Futoshiki: library tests on every backend, and the command-line program.

pz_solver_test(test_futoshiki)

set(PZ_FS_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/futoshiki)

# pz_futoshiki_cli(NAME RC STDOUT-REGEX STDERR-REGEX ARGS...): runs
# pz-futoshiki with ARGS, requires exit code RC and both outputs to match.
function(pz_futoshiki_cli name rc out err)
  pz_expect_test(NAME futoshiki.cli.${name} RC ${rc}
    COMMAND $<TARGET_FILE:pz-futoshiki> ${ARGN}
    STDOUT "${out}"
    STDERR "${err}")
endfunction()

# The solution grid with the signs, and the other layouts.
pz_futoshiki_cli(solve 0
  "^2 < 3   4   1\n\n4   2   1   3\nv       \\^\n3   1   2 < 4\n\n1   4 > 3   2\n$" "^$"
  ${PZ_FS_DATA}/four.txt)
pz_futoshiki_cli(line 0 "^2341421331241432\n$" "^$"
  --format line ${PZ_FS_DATA}/four.txt)
pz_futoshiki_cli(sgt 0 "^4:2,3L,4,1,4D,2,1,3,3,1,2U,4L,1,4R,3,2,\n$" "^$"
  --format sgt ${PZ_FS_DATA}/four.txt)
pz_futoshiki_cli(unique 0 "\nunique\n$" "^$" --unique ${PZ_FS_DATA}/nine.txt)
pz_futoshiki_cli(count 0 "^2\n$" "^$" --count ${PZ_FS_DATA}/multi.txt)
pz_futoshiki_cli(count_limit 0 "^1\\+\n$" "^$" --count --limit 1 ${PZ_FS_DATA}/multi.txt)
pz_futoshiki_cli(all 0 "^(312231123\n321132213|321132213\n312231123)\n$" "^$"
  --all --format line ${PZ_FS_DATA}/multi.txt)
pz_futoshiki_cli(not_unique 5 "^# not unique\n$" "^$"
  --unique --format line ${PZ_FS_DATA}/multi.txt)
pz_futoshiki_cli(unsat 0 "^no solution\n$" "^$" ${PZ_FS_DATA}/unsat.txt)
# Several game ids, one a line; a bad one is reported in its place.
pz_futoshiki_cli(ids 0
  "^5423112354314254351225143\n156432324651261543642315435126513264\n1342765762435145176323265174615342757312462476513\n$"
  "^$" --format line ${PZ_FS_DATA}/ids.txt)
pz_futoshiki_cli(ids_bad 2
  "^5423112354314254351225143\n# error: line 2: value 9 is out of range 0..5\n1342765762435145176323265174615342757312462476513\n$"
  "ids_bad.txt:2:51: value 9 is out of range 0..5\n$"
  --format line ${PZ_FS_DATA}/ids_bad.txt)
# Malformed input: exit code 2 and a message naming line and column.
pz_futoshiki_cli(bad_char 2 "^$" "^pz-futoshiki: [^\n]*bad_char.txt:3:3: unexpected 'x' in row 2"
  ${PZ_FS_DATA}/bad_char.txt)
pz_futoshiki_cli(bad_sign 2 "^$" "bad_sign.txt:2:3: '\\^' stands under no cell of row 1"
  ${PZ_FS_DATA}/bad_sign.txt)
pz_futoshiki_cli(missing 2 "^$" "no-such-file" ${PZ_FS_DATA}/no-such-file)
# Bad options are usage errors.
pz_futoshiki_cli(usage 1 "^$" "." --format pls ${PZ_FS_DATA}/four.txt)
pz_futoshiki_cli(usage_conflict 1 "^$" "." --count --unique ${PZ_FS_DATA}/four.txt)
