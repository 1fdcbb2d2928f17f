# Uniformly random Latin squares and QWH instances (issue 10): the squares'
# statistics once, QWH instances solved on every backend.
pz_test_exe(test_latin_random)
add_test(NAME test_latin_random COMMAND test_latin_random ${PZ_TEST_DEFAULT})
foreach(b ${PZ_TEST_BACKENDS})
  add_test(NAME test_latin_qwh.${b} COMMAND test_latin_random ${b} qwh)
endforeach()
