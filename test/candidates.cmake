# True candidates against brute force (issue 25 section 3).
pz_solver_test(test_candidates)

# --candidates from the shared runner: grid form (aligned), line form (one
# line a puzzle), json with counts, a batch with a bad entry and a
# contradiction answered in place, and the time limit.
set(_cand ${CMAKE_CURRENT_SOURCE_DIR}/data/candidates)
foreach(b ${PZ_TEST_BACKENDS})
  pz_expect_test(NAME candidates.cli.grid.${b} RC 0
    COMMAND $<TARGET_FILE:pz-sudoku> --backend ${b} --candidates ${_cand}/s4.txt
    STDOUT "^1    234  234  34\n234  234  1234 134\n")
  pz_expect_test(NAME candidates.cli.batch.${b} RC 2
    COMMAND $<TARGET_FILE:pz-sudoku> --backend ${b} --candidates --format line
            ${_cand}/batch.txt
    STDOUT "^1 234 234 34 [^\n]* 2\n# error: line 2: [^\n]*\n# no solution: [^\n]*\n12 12 12 12\n$")
  pz_expect_test(NAME candidates.cli.json.${b} RC 2
    COMMAND $<TARGET_FILE:pz-sudoku> --backend ${b} --candidates --format json
            --limit 2 ${_cand}/batch.txt
    STDOUT "\"candidates\":\\[\\[\\[1\\],\\[2,3,4\\][^\n]*\"candidate_counts\":\\[\\[\\[2\\],\\[2,2,2\\][^\n]*\"count_cap\":2}\n[^\n]*\"status\":\"error\"[^\n]*\n[^\n]*\"status\":\"unsat\"")
  pz_expect_test(NAME candidates.cli.time_limit.${b} RC 4
    COMMAND $<TARGET_FILE:pz-latin> --backend ${b} --candidates --limit 1000000000
            --time-limit 0.3 9
    STDOUT "time limit")
endforeach()
