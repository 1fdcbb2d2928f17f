# pz_render (pz::render): pictures of puzzles through cairo (lib/render,
# include/pz/render.h, docs/RENDER.md). Optional: without cairo (apt-get
# install libcairo2-dev) it is not built, and the programs answer
# --render with "--render needs cairo". It calls no pz function, so it
# links next to any pz library.
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PZ_CAIRO IMPORTED_TARGET cairo)
endif()
if(PZ_CAIRO_FOUND)
  file(GLOB PZ_RENDER_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/lib/render/*.c)
  add_library(pz_render ${PZ_RENDER_SOURCES})
  target_include_directories(pz_render
    PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE ${PROJECT_SOURCE_DIR}/lib)
  target_compile_definitions(pz_render PRIVATE PZ_BUILDING _POSIX_C_SOURCE=200809L)
  target_compile_options(pz_render PRIVATE ${PZ_WARNINGS} -fvisibility=hidden)
  target_link_libraries(pz_render PRIVATE PkgConfig::PZ_CAIRO m)
  set_target_properties(pz_render PROPERTIES VERSION ${PROJECT_VERSION}
                        SOVERSION ${PZ_SOVERSION} EXPORT_NAME render)
  add_library(pz::render ALIAS pz_render)
  message(STATUS "pz: cairo ${PZ_CAIRO_VERSION}: pz_render and --render built")
else()
  message(STATUS "pz: cairo not found: no pz_render, no --render "
          "(apt-get install libcairo2-dev)")
endif()
# pz_example_render(TARGET): a program with --render (examples/cli_render.c).
function(pz_example_render target)
  if(TARGET pz_render)
    target_link_libraries(${target} PRIVATE pz_render)
    target_compile_definitions(${target} PRIVATE PZ_HAVE_RENDER)
  endif()
endfunction()
