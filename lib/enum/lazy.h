/* A split whose cubes are named by number, so that part K of N builds its
 * own cubes and no other part's (pz_enum_options.parts, pz_cnf_part_cubes).
 *
 * At the root (the formula under the assumptions) a fixed list of domains
 * is taken from the formula alone: clauses over projection variables (a
 * cell's "some value"), else a projection variable and its negation. Cube
 * i picks one literal of each domain by i's digits in the mixed radix of
 * the domains' sizes: digit t of domain l0 | l1 | ... is -l0 .. -l(t-1),
 * lt (the first true literal), so the cubes are disjoint and cover every
 * model. Part K of N takes the cubes perm(K-1), perm(K-1+N), ... where
 * perm is a fixed pseudo-random permutation of the cube numbers, so every
 * part draws its cubes from all over the space. */
#ifndef PZ_ENUM_LAZY_H
#define PZ_ENUM_LAZY_H

#include <stdint.h>

#include "enum/search.h"
#include "pz/enumerate.h"

typedef struct pz_lazy {
  pz_ivec lits;        /* the domains' literals, one after another */
  size_t *start;       /* domain d is lits[start[d] .. start[d + 1]) */
  size_t ndom;
  uint64_t cubes;      /* product of the domains' sizes; 0: no model */
  unsigned half_bits;  /* perm works on 2 * half_bits bits */
  pz_ivec base;        /* the assumptions, first in every cube */
} pz_lazy;

/* Chooses the domains for `parts` parts: deep enough that about 64
 * cubes of each part survive unit propagation (measured on a fixed
 * sample), never so deep that a part has more than about 65,536 cube
 * numbers to try. s is a search over the formula (its state is
 * clobbered). PZ_STOPPED when poll says stop, PZ_ERR_NOMEM. */
int pz_lazy_init(pz_lazy *L, pz_search *s, const int *assumptions, size_t n,
                 uint64_t parts, pz_poll *poll);
void pz_lazy_free(pz_lazy *L);

/* The literals of cube number perm(k) (k < L->cubes) into out (emptied
 * first). */
int pz_lazy_cube(const pz_lazy *L, uint64_t k, pz_ivec *out);

/* The cubes of part (1..parts) that propagation does not refute, in
 * order, to fn (non-zero stops); *made counts them. PZ_ERR_RANGE for a
 * part out of range, PZ_STOPPED, PZ_ERR_NOMEM. */
int pz_lazy_part(const pz_formula *f, const int *assumptions, size_t n,
                 uint64_t part, uint64_t parts, pz_cube_fn fn, void *state,
                 uint64_t *made, pz_poll *poll);

#endif
