# Every puzzle program reads back each format it writes (roundtrip_test.sh),
# once per backend.
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME roundtrip.${b} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/roundtrip_test.sh
           ${PROJECT_BINARY_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/data ${b})
endforeach()
