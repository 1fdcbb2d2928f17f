# Pictures of puzzles (pz_render, docs/RENDER.md): every kind drawn and
# read back as pixels (test_render), --render on every program
# (render_cli_test.sh); without cairo, --render is refused.
if(TARGET pz_render)
  pz_test_exe(test_render validate.c)
  target_include_directories(test_render PRIVATE ${PZ_CAIRO_INCLUDE_DIRS})
  target_link_libraries(test_render PRIVATE pz_render ${PZ_CAIRO_LIBRARIES})
  list(GET PZ_BACKENDS 0 PZ_RENDER_BACKEND)
  add_test(NAME render.lib COMMAND test_render ${PZ_RENDER_BACKEND}
           ${CMAKE_CURRENT_BINARY_DIR}/render-lib)
  file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/render-lib)
  add_test(NAME render.cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/render_cli_test.sh
           ${PROJECT_BINARY_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/data
           ${CMAKE_CURRENT_BINARY_DIR}/render-cli)
  set_tests_properties(render.cli PROPERTIES TIMEOUT 300)
  add_executable(render_header_c99 render_header.c)
  set_target_properties(render_header_c99 PROPERTIES C_STANDARD 99 C_EXTENSIONS OFF)
  add_executable(render_header_cxx render_header.cpp)
  set_target_properties(render_header_cxx PROPERTIES CXX_STANDARD 11 CXX_EXTENSIONS OFF)
  foreach(t render_header_c99 render_header_cxx)
    target_compile_options(${t} PRIVATE -Wall -Wextra -pedantic -Werror)
    target_link_libraries(${t} PRIVATE pz_render)
    add_test(NAME render.${t} COMMAND ${t})
  endforeach()
  add_test(NAME render.exports COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/exports_test.sh
           $<TARGET_FILE:pz_render>)
else()
  add_test(NAME render.no-cairo COMMAND sh -c
    "\"$0\" --render x.png \"$1\"; echo rc=$?" $<TARGET_FILE:pz-sudoku>
    ${CMAKE_CURRENT_SOURCE_DIR}/data/sudoku9.txt)
  set_tests_properties(render.no-cairo PROPERTIES PASS_REGULAR_EXPRESSION
    "--render needs cairo[^\n]*\nrc=1\n$")
endif()

# ISS rules drawn (render_iss_test.py): the scene JSON of each type parsed
# and checked; with cairo, pz sudoku --render of ISS puzzles too.
find_package(Python3 COMPONENTS Interpreter)
pz_test_exe(render_iss_json)
if(TARGET pz_render)
  set(PZ_RENDER_ISS_ARGS render)
endif()
add_test(NAME render.iss COMMAND ${Python3_EXECUTABLE}
         ${CMAKE_CURRENT_SOURCE_DIR}/render_iss_test.py ${PROJECT_BINARY_DIR}
         ${CMAKE_CURRENT_BINARY_DIR}/render-iss ${PZ_RENDER_ISS_ARGS})
set_tests_properties(render.iss PROPERTIES TIMEOUT 300)
