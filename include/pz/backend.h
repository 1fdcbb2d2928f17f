/* pz: the backend contract, for people who write backends.
 *
 * A backend wraps one SAT solver behind IPASIR's shape. The core library
 * only ever talks to solvers through this table. Users do not need this
 * header; they pick a backend by name (pz_solver_new) or by linking.
 *
 * Registration. The core calls pz_backends_linked(), which it does not
 * define: every backend library defines it (in an object of its own) and
 * lists its backend, so linking one backend library chooses the solver,
 * and linking none fails at link time with an undefined reference to
 * pz_backends_linked. More backends join at run time with
 * pz_backend_register (docs/ARCHITECTURE.md, "Backend registration").
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

/* The version of the table below. Write tables with designated
 * initializers and .version = PZ_BACKEND_VERSION: a field added later
 * comes with a higher version, and the core reads it only from tables
 * that have it. Version 2 added init_with (backends that take an
 * argument); version-1 tables work as before. */
#define PZ_BACKEND_VERSION 2

/* The solver handle (void *solver) is owned by the core between init and
 * release; the backend owns everything it points to. */
typedef struct pz_backend {
  unsigned version;                /* PZ_BACKEND_VERSION */
  const char *name;                /* short name: "cadical", "picosat" */
  const char *(*signature)(void);  /* solver name and version (static) */
  /* NULL on any failure, nothing leaked. May be NULL (version 2) in a
   * table with init_with: the backend then always needs its argument. */
  void *(*init)(void);
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
  /* Version 2, optional (may be NULL): an instance configured by an
   * argument. A name "NAME:ARG" (pz_solver_new, pz_options.backend,
   * --backend) goes to the backend called NAME, through init_with(ARG,
   * &solver); plain "NAME" takes init when there is one, else
   * init_with(NULL, &solver). Returns PZ_OK with *solver set, or with
   * *solver NULL and nothing leaked PZ_ERR_NOMEM or PZ_ERR_BACKEND (an
   * argument the backend refuses, e.g. a program not found). ARG is only
   * read during the call. */
  int (*init_with)(const char *arg, void **solver);
} pz_backend;

/* The bundled backends' tables, each defined by its own library
 * (libpz_cadical, libpz_picosat, libpz_ipasir, libpz_cryptominisat,
 * libpz_z3, libpz_exec; each built only when its solver was found); static, never
 * NULL. */
PZ_API const pz_backend *pz_backend_cadical(void);
PZ_API const pz_backend *pz_backend_picosat(void);
PZ_API const pz_backend *pz_backend_ipasir(void);
PZ_API const pz_backend *pz_backend_cryptominisat(void);
PZ_API const pz_backend *pz_backend_z3(void);
/* "exec:PROGRAM [ARG...]": a solver program run once per solve over a
 * DIMACS file (SAT competition output, or MiniSat's result file for a
 * program named minisat*); every solve re-runs the whole formula with the
 * assumptions as unit clauses; a model is checked against the formula
 * (a wrong or partial one is PZ_ERR_BACKEND); failed() reports every
 * assumption of an UNSAT solve; a stop kills the program. No init: it
 * needs its program. docs/BACKENDS.md, "exec: any solver binary". */
PZ_API const pz_backend *pz_backend_exec(void);

/* The backends the program was linked with, first the default, ending
 * with NULL. Defined by each backend library (and by libpz_backends, all
 * of them; libpz_nobackend, none); when several are linked, the first
 * definition the linker meets wins. A program with a solver of its own
 * may define it instead of linking a backend library. The core calls it
 * once, before its first use of a backend; the list must stay valid for
 * the process. */
PZ_API const pz_backend *const *pz_backends_linked(void);

/* Adds a backend at run time, after the linked ones (so never the
 * default while one is linked), for every later pz_solver_new and
 * pz_options.backend by name. Thread-safe. The table is not copied: it
 * must stay valid, unchanged, as long as pz may use it (in practice a
 * static const table, for the life of the process). Registering the same
 * table again does nothing. Returns PZ_OK, PZ_ERR_ARG (NULL, version 0,
 * no name, a required function missing (init may be missing only when
 * init_with is there, version 2), or another table with that name) or PZ_ERR_TOO_LARGE (PZ_BACKEND_MAX backends already). */
#define PZ_BACKEND_MAX 64
PZ_API int pz_backend_register(const pz_backend *backend);

#ifdef __cplusplus
}
#endif
#endif
