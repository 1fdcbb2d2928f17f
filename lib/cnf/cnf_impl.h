/* Internals of the clause buffer shared with the encoders and the solver.
 *
 * Auxiliary variables live in their own number space so they can never
 * collide with a caller's variables, whichever order the caller uses them
 * in: auxiliary a (from 0) is stored as PZ_CNF_AUX_BASE + a and given its
 * final number, above every caller variable, only when the formula is read
 * out (pz_cnf_data, DIMACS, a solver). */
#ifndef PZ_CNF_IMPL_H
#define PZ_CNF_IMPL_H

#include <stddef.h>

#include "pz/cnf.h"

#define PZ_CNF_AUX_BASE (PZ_CNF_MAX_VAR + 1)

/* Reserves count auxiliaries as one block; *first gets the stored number
 * of the first (use first + i for the others). */
int pz_cnf_new_aux(pz_cnf *cnf, long long count, int *first);
/* The stored literals (auxiliaries still tagged) of the finished clauses;
 * *len gets their number, zeros included. */
const int *pz_cnf_raw(const pz_cnf *cnf, size_t *len);
/* Number of auxiliaries and the largest caller variable. */
int pz_cnf_num_aux(const pz_cnf *cnf);
int pz_cnf_max_user_var(const pz_cnf *cnf);

/* Origins: with tracking on, every clause finished from then on records
 * the tag last set (0 before any), so an explanation can say which rule
 * a clause belongs to (the model writes record r + 1, or -(x + 1) for the
 * domain of variable x). Tracking costs an int per clause; it is off
 * unless asked for. pz_cnf_origins: one tag per clause, NULL untracked. */
void pz_cnf_track_origins(pz_cnf *cnf);
void pz_cnf_set_origin(pz_cnf *cnf, int tag);
const int *pz_cnf_origins(const pz_cnf *cnf);

/* Appends a literal that may be an auxiliary (the encoders' add); 0 ends
 * the clause. The public adds refuse auxiliary numbers. */
int pz_cnf_put(pz_cnf *cnf, int lit);
static inline void pz_cnf_put2(pz_cnf *cnf, int a, int b) {
  pz_cnf_put(cnf, a);
  pz_cnf_put(cnf, b);
  pz_cnf_put(cnf, 0);
}
static inline void pz_cnf_put3(pz_cnf *cnf, int a, int b, int c) {
  pz_cnf_put(cnf, a);
  pz_cnf_put(cnf, b);
  pz_cnf_put(cnf, c);
  pz_cnf_put(cnf, 0);
}
static inline void pz_cnf_put1(pz_cnf *cnf, int a) {
  pz_cnf_put(cnf, a);
  pz_cnf_put(cnf, 0);
}

static inline void pz_cnf_put_clause(pz_cnf *cnf, const int *lits,
                                     size_t n) {
  for (size_t i = 0; i < n; i++) pz_cnf_put(cnf, lits[i]);
  pz_cnf_put(cnf, 0);
}

/* The literal as it reads out when auxiliaries are numbered from base + 1
 * (base is at least the largest caller variable). */
static inline int pz_cnf_out_lit(int lit, int base) {
  if (lit >= PZ_CNF_AUX_BASE) return base + 1 + (lit - PZ_CNF_AUX_BASE);
  if (lit <= -PZ_CNF_AUX_BASE) return -(base + 1 + (-lit - PZ_CNF_AUX_BASE));
  return lit;
}

#endif
