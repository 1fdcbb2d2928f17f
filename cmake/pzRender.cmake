# pz_render (pz::render): pictures of puzzles through cairo (lib/render,
# include/pz/render.h, docs/RENDER.md). Optional: without cairo (apt-get
# install libcairo2-dev) it is not built, and the programs answer
# --render with "--render needs cairo". Scenes are built by the pz
# library itself (pz_def_scene, pz_render_KIND); pz_render paints them,
# so it links next to any pz library.
option(PZ_RENDER "Build pz_render and --render when cairo is found" ON)
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND AND PZ_RENDER)
  # fontconfig: pz_render_release frees its caches (cairo draws text
  # through it; libcairo2-dev brings libfontconfig-dev).
  pkg_check_modules(PZ_CAIRO QUIET cairo fontconfig)
endif()
if(PZ_CAIRO_FOUND)
  set(PZ_RENDER_SOURCES ${PROJECT_SOURCE_DIR}/lib/render/paint.c
      ${PROJECT_SOURCE_DIR}/lib/render/pages.c)
  add_library(pz_render ${PZ_RENDER_SOURCES})
  target_include_directories(pz_render
    PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE ${PROJECT_SOURCE_DIR}/lib ${PZ_CAIRO_INCLUDE_DIRS})
  target_compile_definitions(pz_render PRIVATE PZ_BUILDING _POSIX_C_SOURCE=200809L)
  target_compile_options(pz_render PRIVATE ${PZ_WARNINGS} -fvisibility=hidden)
  # cairo by name (-lcairo), so that the installed package names no path.
  target_link_directories(pz_render PRIVATE ${PZ_CAIRO_LIBRARY_DIRS})
  target_link_libraries(pz_render PRIVATE ${PZ_CAIRO_LIBRARIES} m)
  set_target_properties(pz_render PROPERTIES VERSION ${PROJECT_VERSION}
                        SOVERSION ${PZ_SOVERSION} EXPORT_NAME render)
  add_library(pz::render ALIAS pz_render)
  install(TARGETS pz_render EXPORT pzTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  # pkg-config pz-render: next to a pz library, e.g.
  #   cc app.c $(pkg-config --cflags --libs pz-render pz-cadical)
  file(RELATIVE_PATH pz_render_up "/p/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/p")
  if(BUILD_SHARED_LIBS)
    set(pz_render_libs "-lpz_render")
    set(pz_render_private "-lcairo -lfontconfig -lm")
  else()
    set(pz_render_libs "-lpz_render -lcairo -lfontconfig -lm")
    set(pz_render_private "")
  endif()
  file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/pz-render.pc CONTENT "prefix=\${pcfiledir}/${pz_render_up}
libdir=\${prefix}/${CMAKE_INSTALL_LIBDIR}
includedir=\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}

Name: pz-render
Description: pictures of pz puzzles (SVG, PNG, PDF) through cairo
Version: ${PROJECT_VERSION}
Cflags: -I\${includedir}
Libs: -L\${libdir} ${pz_render_libs}
Libs.private: ${pz_render_private}
" @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/pz-render.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
  message(STATUS "pz: cairo ${PZ_CAIRO_cairo_VERSION}: pz_render and --render built")
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
