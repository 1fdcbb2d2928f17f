/* pz: enumeration and counting past one blocking clause per solution.
 *
 * pz_solver_enumerate adds a blocking clause per solution to one solver:
 * simple, but the clause database grows with every solution. The calls
 * here work on a clause buffer instead and choose how to walk the
 * solutions (pz_enum_method), on how many threads, and which part of the
 * solution space: the space can be cut into disjoint cubes (conjunctions
 * of projection literals) whose counts add up to the whole, so a count can
 * be spread over threads, processes and machines (docs/PARALLEL.md). */
#ifndef PZ_ENUMERATE_H
#define PZ_ENUMERATE_H

#include <stdint.h>
#include <stdio.h>

#include "cnf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most cubes pz_cnf_split and pz_cnf_write_cubes make (they build every
 * cube). */
#define PZ_ENUM_MAX_PARTS 16777216u
/* Most parts (options.parts, pz_cnf_part_cubes): 2^40. A part builds
 * its own cubes only, so its cost does not grow with the number of
 * parts. */
#define PZ_ENUM_MAX_LAZY_PARTS 1099511627776ull

/* How solutions are walked (docs/PARALLEL.md compares them). */
typedef enum pz_enum_method {
  PZ_ENUM_AUTO = 0,     /* dpll, handing a part where it finds no model
                           for long (about 0.1 s of work) to the backend,
                           blocking within that part */
  PZ_ENUM_BLOCKING = 1, /* the backend; a blocking clause per solution */
  PZ_ENUM_DISJOINT = 2, /* the backend; after each solution the rest of
                           the space is split into disjoint cubes, solved
                           under assumptions: no clause is added */
  PZ_ENUM_DPLL = 3,     /* pz's own search alone: unit propagation and
                           chronological backtracking, no learning, no
                           clause added, no backend call */
  PZ_ENUM_METHOD_COUNT
} pz_enum_method;

/* Name of a method ("auto", "blocking", "disjoint", "dpll"), or NULL. */
PZ_API const char *pz_enum_method_name(pz_enum_method m);
/* The method called name into *m; PZ_ERR_ARG when there is none. */
PZ_API int pz_enum_method_from_name(const char *name, pz_enum_method *m);

/* Progress of a long enumeration, reported to pz_enum_options.progress. */
typedef struct pz_progress {
  uint64_t solutions;   /* found so far */
  double done;          /* estimated share of the space searched, 0..1 */
  uint64_t parts_done;  /* cubes finished ... */
  uint64_t parts;       /* ... of this many (1 when not split) */
  double seconds;       /* since the call began */
} pz_progress;

/* Options of pz_cnf_enumerate. Initialise with PZ_ENUM_OPTIONS_INIT. */
typedef struct pz_enum_options {
  unsigned version;          /* PZ_ENUM_OPTIONS_VERSION */
  const char *backend;       /* NULL = the default backend */
  pz_enum_method method;
  int threads;               /* 0 or 1: the calling thread only; N: N
                                worker threads, each with its own solver,
                                over disjoint cubes */
  uint64_t part, parts;      /* parts = 0: the whole space; else only
                                part (1..parts <= PZ_ENUM_MAX_LAZY_PARTS):
                                the cubes pz_cnf_part_cubes gives, about
                                64 per part, built without the other
                                parts' cubes; which models a part holds
                                depends only on the formula, the
                                assumptions, part and parts */
  double time_limit;         /* seconds for the call, 0 = none */
  int (*terminate)(void *state); /* polled; non-zero stops (may be NULL) */
  void *terminate_state;
  /* Called about every progress_interval seconds (0: 0.5) on the calling
   * thread, and once at the end; may be NULL. */
  void (*progress)(void *state, const pz_progress *p);
  void *progress_state;
  double progress_interval;
} pz_enum_options;
#define PZ_ENUM_OPTIONS_VERSION 1
#define PZ_ENUM_OPTIONS_INIT \
  { PZ_ENUM_OPTIONS_VERSION, NULL, PZ_ENUM_AUTO, 0, 0, 0, 0.0, NULL, NULL, \
    NULL, NULL, 0.0 }

/* Called once per solution with its projected model: lits[i] is the
 * projection's variable i (pz_cnf_projection order), positive when true,
 * negative when false; n is the projection's length. Valid during the
 * call only. With threads, calls come from the worker threads, one at a
 * time (never two at once). Non-zero stops the enumeration. */
typedef int (*pz_model_fn)(void *state, const int *lits, size_t n);

/* Enumerates the models of cnf distinct on its projection (every variable
 * when it has none), up to limit (0 = all; with threads a limit stops
 * them all, and exactly limit models are reported). *count gets the
 * number found; *stop is PZ_UNSAT when the space (or the part) is
 * exhausted, PZ_SAT when limit was reached or fn asked to stop,
 * PZ_UNKNOWN when the time limit or terminate stopped the call (count is
 * then a lower bound). assumptions (n_assumptions literals, may be NULL)
 * restrict the space. cnf, assumptions and opt stay the caller's; fn may
 * be NULL to count. Errors: PZ_ERR_ARG, PZ_ERR_BACKEND (no such backend),
 * PZ_ERR_NOMEM (also inside a solver), PZ_ERR_RANGE (part > parts). */
PZ_API int pz_cnf_enumerate(const pz_cnf *cnf, const int *assumptions,
                            size_t n_assumptions, const pz_enum_options *opt,
                            uint64_t limit, pz_model_fn fn, void *state,
                            uint64_t *count, pz_result *stop);

/* Splits the solution space of cnf (under the assumptions) into at most
 * `parts` disjoint cubes that together hold every model, by unit
 * propagation and branching on projection variables, breadth first. The
 * split depends only on the formula, the assumptions and parts, never on
 * the backend or the machine, so part K names the same cube everywhere.
 * Fewer cubes than asked come back when the space is smaller. fn gets
 * each cube (literals, length) in order; non-zero stops. */
typedef int (*pz_cube_fn)(void *state, const int *lits, size_t n);
PZ_API int pz_cnf_split(const pz_cnf *cnf, const int *assumptions,
                        size_t n_assumptions, uint64_t parts, pz_cube_fn fn,
                        void *state, uint64_t *made);

/* The cubes of part `part` (1..parts) of the space of cnf (under the
 * assumptions), as pz_cnf_enumerate's options.part and .parts count them:
 * the parts' cubes are disjoint, together hold every model, and each part
 * is found without building the others' (docs/PARALLEL.md, "Parts"), at a
 * cost that does not grow with parts. Cubes that unit propagation refutes
 * are left out, so a part may have none. fn (may be NULL) gets each
 * cube's literals (the assumptions first), valid during the call only;
 * non-zero stops. *made counts the cubes given. PZ_ERR_RANGE when part is
 * not in 1..parts or parts is above PZ_ENUM_MAX_LAZY_PARTS. */
PZ_API int pz_cnf_part_cubes(const pz_cnf *cnf, const int *assumptions,
                             size_t n_assumptions, uint64_t part,
                             uint64_t parts, pz_cube_fn fn, void *state,
                             uint64_t *made);

/* Writes cnf and its split into `parts` cubes as iCNF ("p inccnf", the
 * clauses, "c p show ... 0" for the projection, then one "a lit ... 0"
 * line per cube), which cube-and-conquer tools read. PZ_ERR_IO when the
 * stream fails. */
PZ_API int pz_cnf_write_cubes(const pz_cnf *cnf, const int *assumptions,
                              size_t n_assumptions, uint64_t parts, FILE *out);

#ifdef __cplusplus
}
#endif
#endif
