# The check behind pz_expect_test (test/CMakeLists.txt), run as a script:
#   cmake -DPZ_EXPECT_CMD=prog "-DPZ_EXPECT_ARGS=a;b" "-DPZ_EXPECT_RC=0;4"
#         -DPZ_EXPECT_STDOUT=regex -DPZ_EXPECT_STDERR=regex -P this
# The exit code must be one of PZ_EXPECT_RC (a signal never is one); an
# empty regex checks nothing. Included with the other test/*.cmake files
# it does nothing.
if(NOT CMAKE_SCRIPT_MODE_FILE)
  return()
endif()
cmake_policy(SET CMP0057 NEW) # IN_LIST
execute_process(COMMAND ${PZ_EXPECT_CMD} ${PZ_EXPECT_ARGS}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc IN_LIST PZ_EXPECT_RC)
  message(FATAL_ERROR "exit code ${rc}, expected ${PZ_EXPECT_RC}\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT PZ_EXPECT_STDERR STREQUAL "" AND NOT err MATCHES "${PZ_EXPECT_STDERR}")
  message(FATAL_ERROR "stderr does not match '${PZ_EXPECT_STDERR}':\n${err}")
endif()
if(NOT PZ_EXPECT_STDOUT STREQUAL "" AND NOT out MATCHES "${PZ_EXPECT_STDOUT}")
  message(FATAL_ERROR "stdout does not match '${PZ_EXPECT_STDOUT}':\n${out}")
endif()
