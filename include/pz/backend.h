/* pz: the backend contract, for people who write backends.
 *
 * A backend wraps one SAT solver behind IPASIR's shape. The core library
 * only ever talks to solvers through this table. Users do not need this
 * header; they pick a backend by name (pz_solver_new) or by linking.
 *
 * Failures. A backend is linked into other people's programs, so no call
 * may abort, exit, print, or let an exception out (a backend over a C++
 * solver is a C++ file that catches everything at this boundary). When the
 * solver fails inside a call (memory ran out, the solver threw), the
 * instance is *broken*: the backend remembers the status, add / assume /
 * set_terminate / print_stats do nothing from then on, val and failed
 * answer -1 and 0, and every later solve returns that status. Only release
 * is still needed, and it frees everything, broken or not. The core turns
 * a negative solve result into the public call's status and never uses a
 * broken instance again. The statuses a backend may return:
 *   PZ_ERR_NOMEM      an allocation failed (std::bad_alloc, malloc NULL)
 *   PZ_ERR_TOO_LARGE  the solver cannot represent the instance
 *                     (e.g. std::length_error)
 *   PZ_ERR_BACKEND    any other failure of the solver
 *
 * Time. The core checks its deadline and the user's terminate callback
 * before every solve, and installs the terminate hook (set_terminate) only
 * while a call has one of them; inside a solve, stopping is up to the
 * solver's own polling. */
#ifndef PZ_BACKEND_H
#define PZ_BACKEND_H

#include <stdio.h>
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The solver handle (void *solver) is owned by the core between init and
 * release; the backend owns everything it points to. */
typedef struct pz_backend {
  const char *name;                /* short name: "cadical", "picosat" */
  const char *(*signature)(void);  /* solver name and version (static) */
  void *(*init)(void);             /* NULL on any failure, nothing leaked */
  void (*release)(void *solver);   /* frees all, also a broken instance */
  /* 0 ends a clause. A failure breaks the instance (see above). */
  void (*add)(void *solver, int lit);
  /* Cleared by the next solve. A failure breaks the instance. */
  void (*assume)(void *solver, int lit);
  /* 10 SAT, 20 UNSAT, 0 unknown (terminated), or a negative pz_status
   * when the instance is broken (by this call or an earlier one). */
  int (*solve)(void *solver);
  /* After SAT: > 0 if lit is true, < 0 if false (only the sign counts). */
  int (*val)(void *solver, int lit);
  /* After UNSAT: non-zero if assumption lit was used in the proof. */
  int (*failed)(void *solver, int lit);
  /* fn(state) != 0 asks the solver to stop soon with result 0; fn NULL
   * removes the hook. fn is the core's and never throws. */
  void (*set_terminate)(void *solver, void *state, int (*fn)(void *state));
  /* Optional (may be NULL): print solver statistics to out. */
  void (*print_stats)(void *solver, FILE *out);
  /* Optional (may be NULL): variables up to max_var are coming; a solver
   * that sizes its tables once, up front, loads a large formula faster
   * and without long steps that cannot be interrupted. A failure breaks
   * the instance. */
  void (*reserve)(void *solver, int max_var);
  /* Optional (may be NULL): configuration `index` of the solver, for a
   * portfolio (several solvers racing on one formula). Called right after
   * init, before anything is added, at most once. Index 0 leaves the
   * solver as it is; every other index should give it a different search
   * (seed, default phase, option set), so that two indices rarely take
   * the same path; the answers (SAT/UNSAT) never depend on it. Indices
   * past the backend's own list may repeat a configuration with another
   * seed. A failure breaks the instance. A backend without it races only
   * one solver (docs/ARCHITECTURE.md, "Portfolio"). */
  void (*diversify)(void *solver, unsigned index);
} pz_backend;

/* Registers a backend table at link time: the table's pointer goes into
 * the "pz_backends" linker section, which pz_solver_new searches by name.
 * The first backend linked is the default. Used once per backend file. */
#if defined(__GNUC__)
#define PZ_BACKEND_REGISTER(table)                                        \
  __attribute__((used, section("pz_backends"))) static const pz_backend \
      *const pz_backend_entry_##table = &(table)
#else
#error "pz backends need a compiler with section attributes (GCC, Clang)"
#endif

#ifdef __cplusplus
}
#endif
#endif
