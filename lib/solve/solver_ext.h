/* What the layers above lib/solve use of a pz_solver beyond the public
 * pz/solver.h: polled loading and the one shape of a clause that blocks
 * a solution. The solver's internals (solver_impl.h) stay in lib/solve. */
#ifndef PZ_SOLVER_EXT_H
#define PZ_SOLVER_EXT_H

#include <stddef.h>

#include "core/vec.h"
#include "pz/solver.h"

/* pz_solver_add_cnf that calls stop(state) (may be NULL) about every 64K
 * literals, between clauses. When it returns non-zero, loading ends there
 * with *stopped = 1 and PZ_OK: the solver then holds only the clauses
 * before that point, so it is of no further use (free it). */
int pz_solver_add_cnf_until(pz_solver *s, const pz_cnf *cnf,
                            int (*stop)(void *), void *state, int *stopped);


/* The clause that blocks one solution, into clause (emptied first): -sel
 * (sel 0: none, the clause holds for good; with a selector it holds while
 * sel is assumed and is retired by the unit -sel), then for each entry v
 * of vars[0..n) (vars NULL: the variables 1..n; sel and 0 skipped) -v
 * when val(ctx, v) > 0, else v, which is left out when exact (every
 * solution sets the same number of them true, PZ_PROJECT_EXACT_WEIGHT:
 * the true ones tell solutions apart). An entry may be a literal: val
 * says whether it holds. Used by enumeration and uniqueness on a solver,
 * a portfolio's second race, and generation's proof. */
int pz_block_clause(pz_ivec *clause, int sel, const int *vars, size_t n,
                    int exact, int (*val)(const void *ctx, int var),
                    const void *ctx);

#endif
