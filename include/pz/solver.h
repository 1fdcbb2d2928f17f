/* pz: solving a clause buffer with a backend; enumeration and counting. */
#ifndef PZ_SOLVER_H
#define PZ_SOLVER_H

#include <stdio.h>
#include "cnf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pz_solver pz_solver;
struct pz_backend;

/* The backends this program has: those its backend library lists (the
 * first is the default), then those added by pz_backend_register
 * (<pz/backend.h>). Returns the number of backends. */
PZ_API size_t pz_backend_count(void);
/* Name of backend i, or NULL when i >= pz_backend_count(). */
PZ_API const char *pz_backend_name(size_t i);
/* 1 when pz_solver_new can look name up: a backend's name, or
 * "NAME:ARG" for a backend that takes an argument (e.g. "exec:minisat";
 * the argument itself is checked when a solver is made); else 0. */
PZ_API int pz_backend_known(const char *name);
/* 1 when backend i is only made with an argument, named "NAME:ARG"
 * (exec:PROGRAM): a loop over every backend leaves it out; else 0. */
PZ_API int pz_backend_needs_arg(size_t i);

/* Creates a solver on the backend called `backend` (NULL = the default),
 * or "NAME:ARG" for a backend that takes an argument ("exec:minisat",
 * <pz/backend.h>). PZ_ERR_BACKEND when there is no backend of that name
 * or it refuses the argument (e.g. a program not found). */
PZ_API int pz_solver_new(pz_solver **out, const char *backend);
/* Creates a solver on an explicit backend table (e.g. a test double). */
PZ_API int pz_solver_new_with(pz_solver **out, const struct pz_backend *b);
/* Frees the solver; NULL is a no-op. */
PZ_API void pz_solver_free(pz_solver *s);

/* Backend name (as given to pz_solver_new, e.g. "exec:minisat"; owned by
 * the solver) and the solver's own signature (e.g. "cadical-sc2021"). */
PZ_API const char *pz_solver_backend(const pz_solver *s);
PZ_API const char *pz_solver_signature(const pz_solver *s);

/* Adds every clause of cnf and takes over its projection (if any). The
 * buffer's auxiliary variables are numbered above every variable the
 * solver has seen so far (pz_solver_num_vars tells the new top); take
 * later variables from pz_solver_new_var. A clause, assumption or buffer
 * that uses a number already given to an auxiliary is refused with
 * PZ_ERR_STATE (nothing is added): build a formula in one buffer, or load
 * the buffer that uses the higher variables first. */
PZ_API int pz_solver_add_cnf(pz_solver *s, const pz_cnf *cnf);
/* Adds one literal; 0 ends a clause. The clause reaches the solver whole
 * at its 0: a literal that is refused (an auxiliary's number:
 * PZ_ERR_STATE; PZ_ERR_NOMEM) drops the whole clause, the literals before
 * it and those after it up to its 0, which answers PZ_ERR_STATE too. A
 * failure inside the solver while adding is reported by the next solve. */
PZ_API int pz_solver_add(pz_solver *s, int lit);
/* A fresh variable above all the solver has seen (for selectors). Without
 * a projection, enumeration blocks on every variable up to the largest,
 * so a fresh variable left out of all clauses doubles the count: set a
 * projection (pz_cnf_set_projection) when counting. */
PZ_API int pz_solver_new_var(pz_solver *s, int *var);
PZ_API int pz_solver_num_vars(const pz_solver *s);

/* Adds an assumption for the next solve, enumerate, count or unique call;
 * assumptions are cleared once that call returns. */
PZ_API int pz_solver_assume(pz_solver *s, int lit);

/* Time limit in seconds for each later solve/enumerate/count/unique call
 * (0 = none). When it expires the call answers PZ_UNKNOWN (enumerate and
 * count: *stop = PZ_UNKNOWN with the solutions found so far). pz checks it
 * before every solver call, and the solver polls it while searching. On
 * large formulas (256K literals and up) pz also watches the solve from a
 * worker thread: a solver inside a long step it does not interrupt is left
 * to finish that step in the background and the call answers on time; the
 * next call on s waits for the step first, and pz_solver_free returns at
 * once (docs/ARCHITECTURE.md, "Solving"). */
PZ_API int pz_solver_set_time_limit(pz_solver *s, double seconds);
/* A callback polled before and during solving: non-zero stops the call
 * with PZ_UNKNOWN. It runs on the calling thread only, also while a watched
 * solve runs on the worker. fn must not call back into s; state stays the
 * caller's. */
PZ_API void pz_solver_set_terminate(pz_solver *s, void *state,
                                    int (*fn)(void *state));

/* Solves under the pending assumptions; *out is SAT, UNSAT or UNKNOWN.
 * When the solver itself fails (out of memory inside the solver: a C++
 * exception or a failed allocation, caught in the backend) the call
 * returns PZ_ERR_NOMEM (or PZ_ERR_TOO_LARGE, PZ_ERR_BACKEND), and so do
 * later add, assume and solving calls on s: free it, make a new one. The
 * same holds for enumerate, count and unique. */
PZ_API int pz_solver_solve(pz_solver *s, pz_result *out);
/* After SAT: 1 if var is true, -1 if false; 0 when no model is available
 * (last answer was not SAT, or the formula has changed since). */
PZ_API int pz_solver_value(const pz_solver *s, int var);
/* After UNSAT under assumptions: 1 if assumption lit was needed. */
PZ_API int pz_solver_failed(const pz_solver *s, int lit);

/* Called once per solution, with the model available through
 * pz_solver_value. Return non-zero to stop the enumeration. */
typedef int (*pz_solution_fn)(void *state, const pz_solver *s);

/* Enumerates solutions distinct on the projection (all variables when
 * none is set) on this solver, by blocking clauses. pz_cnf_enumerate
 * (<pz/enumerate.h>) walks a clause buffer's solutions without adding
 * clauses, on threads, or one part of them. Here: solutions distinct on
 * the projection (all variables when
 * none is set), up to `limit` (0 = no limit). *count gets the number
 * found; *stop says why it ended: PZ_UNSAT (no more solutions), PZ_SAT
 * (limit reached or fn asked to stop), PZ_UNKNOWN (time limit or
 * terminate). Blocking clauses are guarded by a selector that is retired
 * afterwards, so the formula is unchanged for later calls. fn may be NULL.*/
PZ_API int pz_solver_enumerate(pz_solver *s, uint64_t limit,
                               pz_solution_fn fn, void *state,
                               uint64_t *count, pz_result *stop);
/* Counts solutions up to cap (0 = no cap): *count, and *stop as above. */
PZ_API int pz_solver_count(pz_solver *s, uint64_t cap, uint64_t *count,
                           pz_result *stop);
/* Uniqueness: *solutions gets 0, 1 or 2 (meaning two or more). The model
 * of the first solution stays readable when *solutions >= 1. *stop is
 * PZ_UNKNOWN if interrupted before the answer was known. */
PZ_API int pz_solver_unique(pz_solver *s, int *solutions, pz_result *stop);

/* Prints the backend's own statistics, when it has any, to out. */
PZ_API void pz_solver_print_stats(const pz_solver *s, FILE *out);

#ifdef __cplusplus
}
#endif
#endif
