# The SAT solvers pz's backends link, as imported targets pz_solver::cadical,
# pz_solver::picosat, pz_solver::cryptominisat and pz_solver::z3 (each only
# when found). Included by the build and
# by the installed pzConfig.cmake, so that the package names no absolute
# path of the machine it was built on. A target defined before this runs
# is kept (a consumer may point pz_solver::ipasir at its own solver).
if(NOT TARGET pz_solver::cadical)
  find_path(PZ_CADICAL_INCLUDE ccadical.h)
  find_library(PZ_CADICAL_LIB NAMES libcadical.a cadical)
  if(PZ_CADICAL_INCLUDE AND PZ_CADICAL_LIB)
    add_library(pz_solver::cadical UNKNOWN IMPORTED GLOBAL)
    set_target_properties(pz_solver::cadical PROPERTIES
      IMPORTED_LOCATION ${PZ_CADICAL_LIB}
      INTERFACE_INCLUDE_DIRECTORIES ${PZ_CADICAL_INCLUDE}
      INTERFACE_LINK_LIBRARIES "stdc++;m;Threads::Threads")
  endif()
endif()
if(NOT TARGET pz_solver::picosat)
  find_path(PZ_PICOSAT_INCLUDE picosat/picosat.h)
  # Debian's libpicosat.a is not position-independent: a shared libpz
  # links libpicosat.so.
  if(BUILD_SHARED_LIBS)
    find_library(PZ_PICOSAT_LIB NAMES picosat libpicosat.a)
  else()
    find_library(PZ_PICOSAT_LIB NAMES libpicosat.a picosat)
  endif()
  if(PZ_PICOSAT_INCLUDE AND PZ_PICOSAT_LIB)
    add_library(pz_solver::picosat UNKNOWN IMPORTED GLOBAL)
    set_target_properties(pz_solver::picosat PROPERTIES
      IMPORTED_LOCATION ${PZ_PICOSAT_LIB}
      INTERFACE_INCLUDE_DIRECTORIES ${PZ_PICOSAT_INCLUDE}
      INTERFACE_LINK_LIBRARIES m)
    # libcryptominisat5.so holds a PicoSAT of its own, built with proof
    # traces, and calls it by its exported names: a program that exports
    # the same names from libpicosat.a (built without traces) answers
    # those calls, and CryptoMiniSat's variable elimination aborts the
    # process (assertion "Traces cannot be generated in PicoSAT"). The
    # archive's names stay inside the program.
    if(PZ_PICOSAT_LIB MATCHES "\\.a$")
      get_filename_component(archive ${PZ_PICOSAT_LIB} NAME)
      set_target_properties(pz_solver::picosat PROPERTIES
        INTERFACE_LINK_OPTIONS "LINKER:--exclude-libs,${archive}")
      unset(archive)
    endif()
  endif()
endif()
# The exec backend runs a solver program found at run time: nothing to link.
if(NOT TARGET pz_solver::exec)
  add_library(pz_solver::exec INTERFACE IMPORTED GLOBAL)
endif()
# CryptoMiniSat and Z3: Debian ships shared libraries only.
if(NOT TARGET pz_solver::cryptominisat)
  find_path(PZ_CRYPTOMINISAT_INCLUDE cryptominisat5/cryptominisat.h)
  find_library(PZ_CRYPTOMINISAT_LIB NAMES cryptominisat5)
  if(PZ_CRYPTOMINISAT_INCLUDE AND PZ_CRYPTOMINISAT_LIB)
    add_library(pz_solver::cryptominisat UNKNOWN IMPORTED GLOBAL)
    set_target_properties(pz_solver::cryptominisat PROPERTIES
      IMPORTED_LOCATION ${PZ_CRYPTOMINISAT_LIB}
      INTERFACE_INCLUDE_DIRECTORIES ${PZ_CRYPTOMINISAT_INCLUDE}
      INTERFACE_LINK_LIBRARIES "stdc++;m;Threads::Threads;${CMAKE_DL_LIBS}")
  endif()
endif()
if(NOT TARGET pz_solver::z3)
  find_path(PZ_Z3_INCLUDE z3.h)
  find_library(PZ_Z3_LIB NAMES z3)
  if(PZ_Z3_INCLUDE AND PZ_Z3_LIB)
    add_library(pz_solver::z3 UNKNOWN IMPORTED GLOBAL)
    set_target_properties(pz_solver::z3 PROPERTIES
      IMPORTED_LOCATION ${PZ_Z3_LIB}
      INTERFACE_INCLUDE_DIRECTORIES ${PZ_Z3_INCLUDE}
      INTERFACE_LINK_LIBRARIES "stdc++;Threads::Threads")
  endif()
endif()
