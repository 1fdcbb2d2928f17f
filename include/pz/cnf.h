/* pz: the clause buffer, a flat array of DIMACS literals. */
#ifndef PZ_CNF_H
#define PZ_CNF_H

#include <stdio.h>
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An opaque clause buffer. Literals are non-zero ints (DIMACS); a clause
 * ends with 0. The caller's variables are numbered from 1 up to
 * PZ_CNF_MAX_VAR, in any order and without declaring them first.
 *
 * Auxiliary variables (those the encodings in <pz/card.h> introduce) never
 * collide with the caller's: they are numbered, when the formula is read
 * out (pz_cnf_data, pz_cnf_write_dimacs, pz_solver_add_cnf), right after
 * the largest caller variable in the buffer at that moment. Their numbers
 * are therefore only meaningful in that output; a caller never needs them. */
typedef struct pz_cnf pz_cnf;

/* Largest variable a caller may use (2^30 - 1); larger ones are refused
 * with PZ_ERR_RANGE. */
#define PZ_CNF_MAX_VAR 1073741823

/* Projection flag: every solution sets the same number of projected
 * variables true (one value per cell, k knights per row, ...), so a
 * solution can be blocked by negating its true projected variables only. */
#define PZ_PROJECT_EXACT_WEIGHT 1u

/* Creates an empty buffer in *out; free it with pz_cnf_free. */
PZ_API int pz_cnf_new(pz_cnf **out);
/* Frees the buffer; NULL is a no-op. */
PZ_API void pz_cnf_free(pz_cnf *cnf);
/* Empties the buffer (clauses, variables, projection), keeping memory. */
PZ_API void pz_cnf_clear(pz_cnf *cnf);

/* Reserves `count` fresh caller variables, numbered above every caller
 * variable used so far; the first is stored in *first. */
PZ_API int pz_cnf_new_vars(pz_cnf *cnf, int count, int *first);

/* Appends a literal; 0 ends the clause (IPASIR's add). A literal whose
 * variable is above the current maximum raises the maximum. A variable
 * above PZ_CNF_MAX_VAR gives PZ_ERR_RANGE (and the buffer's sticky error). */
PZ_API int pz_cnf_add(pz_cnf *cnf, int lit);
/* Appends a whole clause of n literals (no terminating 0 needed). */
PZ_API int pz_cnf_add_clause(pz_cnf *cnf, const int *lits, size_t n);
/* Short forms for unit, binary and ternary clauses. */
PZ_API int pz_cnf_add1(pz_cnf *cnf, int a);
PZ_API int pz_cnf_add2(pz_cnf *cnf, int a, int b);
PZ_API int pz_cnf_add3(pz_cnf *cnf, int a, int b, int c);

/* First error any add reported since creation or the last clear (sticky),
 * so encoders may add many clauses and check once. */
PZ_API int pz_cnf_status(const pz_cnf *cnf);

/* Variables in the formula as read out: the largest caller variable plus
 * the number of auxiliaries. */
PZ_API int pz_cnf_num_vars(const pz_cnf *cnf);
PZ_API size_t pz_cnf_num_clauses(const pz_cnf *cnf);
/* Literals, not counting the terminating zeros. */
PZ_API size_t pz_cnf_num_literals(const pz_cnf *cnf);

/* The flat literal array (clauses separated by 0), with the auxiliaries
 * numbered after the caller's variables; owned by cnf and valid until the
 * next change to the buffer. *len gets the number of ints, zeros included.
 * NULL (with *len 0) when a copy with numbered auxiliaries cannot be
 * allocated; pz_cnf_status then says PZ_ERR_NOMEM. */
PZ_API const int *pz_cnf_data(const pz_cnf *cnf, size_t *len);

/* Sets the projection: the variables that make up a solution (a puzzle's
 * own variables, never auxiliary ones). flags: PZ_PROJECT_*. Copied. */
PZ_API int pz_cnf_set_projection(pz_cnf *cnf, const int *vars, size_t n,
                                 unsigned flags);
/* The projection (NULL when none), its length and flags. */
PZ_API const int *pz_cnf_projection(const pz_cnf *cnf, size_t *n,
                                    unsigned *flags);

/* Writes DIMACS ("p cnf V C", clauses, and "c ind ... 0" when a projection
 * is set). Returns PZ_ERR_IO when the stream fails. */
PZ_API int pz_cnf_write_dimacs(const pz_cnf *cnf, FILE *out);

#ifdef __cplusplus
}
#endif
#endif
