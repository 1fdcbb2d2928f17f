/* pz: the backend contract, for people who write backends.
 *
 * A backend wraps one SAT solver behind IPASIR's shape. The core library
 * only ever talks to solvers through this table. Users do not need this
 * header; they pick a backend by name (pz_solver_new) or by linking. */
#ifndef PZ_BACKEND_H
#define PZ_BACKEND_H

#include <stdio.h>
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pz_backend {
  const char *name;                /* short name: "cadical", "picosat" */
  const char *(*signature)(void);  /* solver name and version */
  void *(*init)(void);             /* NULL on allocation failure */
  void (*release)(void *solver);
  void (*add)(void *solver, int lit);    /* 0 ends a clause */
  void (*assume)(void *solver, int lit); /* cleared by the next solve */
  int (*solve)(void *solver);            /* 10 SAT, 20 UNSAT, 0 unknown */
  /* After SAT: > 0 if lit is true, < 0 if false (only the sign counts). */
  int (*val)(void *solver, int lit);
  /* After UNSAT: non-zero if assumption lit was used in the proof. */
  int (*failed)(void *solver, int lit);
  /* fn(state) != 0 asks the solver to stop soon with result 0. */
  void (*set_terminate)(void *solver, void *state, int (*fn)(void *state));
  /* Optional (may be NULL): print solver statistics to out. */
  void (*print_stats)(void *solver, FILE *out);
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
