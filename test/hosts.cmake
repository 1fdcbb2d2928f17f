# GNU parallel across two hosts made on this machine (issue 9, section 3;
# test/hosts_test.sh, scripts/testhosts.sh, docs/PARALLEL.md). Needs root,
# ip netns, sshd, ssh and GNU parallel (scripts/install-deps.sh installs
# them); skipped with the reason otherwise. The hosts use fixed names and
# addresses: RESOURCE_LOCK keeps two of these tests from running at once
# (and a lock file two ctest runs). The script tears the hosts down after
# 40 s at most; TIMEOUT is the last resort (then the next run removes the
# leftovers).
set(PZ_HOSTS_TEST ${CMAKE_CURRENT_SOURCE_DIR}/hosts_test.sh)
# The 16,942,080 reduced Latin squares of order 7 (OEIS A000315) counted
# in 8 parts, 2 at a time on each host.
add_test(NAME hosts.count COMMAND bash ${PZ_HOSTS_TEST} ${PROJECT_SOURCE_DIR} count 8 16942080
         "$<TARGET_FILE:pz-latin> 7 --reduced --count --part {}/8")
# 400 Sudoku puzzles (800 with ../shared/data) solved in batches of 100
# with --keep-order: the same lines as one process.
add_test(NAME hosts.batch COMMAND bash ${PZ_HOSTS_TEST} ${PROJECT_SOURCE_DIR} batch 400
         "$<TARGET_FILE:pz-sudoku> --format line"
         ${PROJECT_SOURCE_DIR}/docs/examples/puzzles.txt
         ${PZ_SHARED_DATA}/sudoku/puzzles2_17_clue.txt)
set_tests_properties(hosts.count hosts.batch PROPERTIES
  SKIP_RETURN_CODE 77 TIMEOUT 120 RESOURCE_LOCK pz_testhosts)
