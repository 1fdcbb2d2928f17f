# The layering of lib/ (docs/ARCHITECTURE.md, "Layers"): every #include
# under lib/, include/, backends/ and examples/, and every call between the
# core's objects, against the layer order. No solver needed: label quick.
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_Interpreter_FOUND)
  # Fail rather than skip: a layering broken unnoticed is what this guards.
  add_test(NAME include_graph COMMAND ${CMAKE_COMMAND} -E echo
           "include_graph: python3 not found (scripts/install-deps.sh installs it)")
  set_tests_properties(include_graph PROPERTIES WILL_FAIL TRUE LABELS quick)
  return()
endif()
add_test(NAME include_graph
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/include_graph_test.py
                 ${PROJECT_SOURCE_DIR} --nm ${CMAKE_NM}
                 --objects $<TARGET_OBJECTS:pz_core>)
set_tests_properties(include_graph PROPERTIES LABELS quick)
