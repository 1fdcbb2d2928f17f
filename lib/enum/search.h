/* pz's own search over a clause buffer: unit propagation on watched
 * literals and chronological backtracking, no learning. It enumerates
 * projected models without adding a clause (each model is left by
 * backtracking, so memory stays flat), splits the space into cubes, and
 * filters cubes for the backend methods. One pz_search per thread; the
 * formula it reads (pz_formula) is shared and read-only. */
#ifndef PZ_ENUM_SEARCH_H
#define PZ_ENUM_SEARCH_H

#include <stdint.h>

#include "core/vec.h"
#include "core/poll.h"
#include "pz/cnf.h"

/* A clause buffer normalised once: duplicate literals merged, tautologies
 * dropped, units and binary clauses apart. Read-only once built. */
typedef struct pz_formula {
  int nvars;
  int empty;          /* an empty clause: no model at all */
  pz_ivec units;      /* unit clauses */
  pz_ivec bins;       /* binary clauses, two literals each */
  pz_ivec longs;      /* longer clauses: size, then the literals */
  int *proj;          /* the projection (every variable when none) */
  size_t nproj;
  int exact;          /* PZ_PROJECT_EXACT_WEIGHT */
} pz_formula;

/* Builds f from cnf; poll (may be NULL) is looked at as the work goes:
 * PZ_STOPPED (f left empty) when it says stop, a large formula's set-up
 * being part of a call's time. */
int pz_formula_init(pz_formula *f, const pz_cnf *cnf, pz_poll *poll);
void pz_formula_free(pz_formula *f);

typedef struct pz_decision {
  int lit;
  int trail;          /* trail length before it */
  int scan;           /* branching order position it was found at */
  unsigned char flipped, aux;
  float share;        /* estimated share of the first branch (progress) */
} pz_decision;

typedef struct pz_search {
  const pz_formula *f;
  int *clauses;       /* own copy of the long clauses (watches reorder) */
  int *watch;         /* per literal l: clauses watching it, at
                         watch[wstart[l] .. wstart[l] + wlen[l]) (room
                         for each clause holding l: lists never grow) */
  int *wstart, *wlen;
  int *bin_start;     /* per literal: its binary partners in bin_lits */
  int *bin_lits;
  signed char *val;   /* per variable: 1, -1, 0 unassigned */
  int *trail, trail_len, qhead;
  int root_len;       /* trail length after the units */
  int base_len;       /* ... and after the cube's literals */
  pz_decision *dec;
  int ndec;
  int *order;         /* branching order: projection, then the rest */
  int norder, nproj_order;
  unsigned char *is_proj;
  int *group;         /* per variable: an all-positive clause holding it
                         (a cell's "some value"), -1 when none: the share
                         of a branch is 1 / its open literals */
  int conflict;       /* the last propagation failed */
  uint64_t ticks;     /* clause visits: the unit of work */
  uint64_t conflicts;
} pz_search;

/* Likewise polled (PZ_STOPPED, s left empty). */
int pz_search_init(pz_search *s, const pz_formula *f, pz_poll *poll);
void pz_search_free(pz_search *s);

/* Starts over under a cube (n literals): 0 when it is refuted by unit
 * propagation (or the formula has no model), 1 when the search may go. */
int pz_search_reset(pz_search *s, const int *cube, size_t n);

/* Walks to the next model from the current state. Returns 1 with a model
 * (every variable assigned), 0 when the cube is exhausted, -1 when
 * `budget` ticks passed first (the state is kept: call again). */
int pz_search_next(pz_search *s, uint64_t budget);
/* pz_search_next within *budget ticks (what is left goes back), in
 * slices between looks at poll (may be NULL), so that a time limit holds
 * on big grids: 1 a model, 0 none, -1 out of budget or stopped. */
int pz_search_next_polled(pz_search *s, pz_poll *poll, uint64_t *budget);

/* After a model: leaves it (backtracks past the auxiliary decisions and
 * flips the last projection decision). 0 when nothing is left. */
int pz_search_leave_model(pz_search *s);

/* Value of literal lit now: 1 true, -1 false, 0 unassigned. */
static inline int pz_search_value(const pz_search *s, int lit) {
  int v = s->val[lit < 0 ? -lit : lit];
  return lit < 0 ? -v : v;
}

/* The rest of the space from the current state, as disjoint cubes (the
 * reset cube plus decision literals): the current node, then each open
 * second branch. fn returns non-zero to stop (returned). */
int pz_search_open_cubes(pz_search *s, const int *cube, size_t n,
                         int (*fn)(void *, const int *, size_t), void *st);

/* Estimated share of the current cube searched so far (0..1). */
double pz_search_done(const pz_search *s);

/* Under the current assignment, tries lits (n) on top of it by unit
 * propagation: 1 when they stand, 0 when refuted. The state is restored
 * either way. */
int pz_search_probe(pz_search *s, const int *lits, size_t n);

/* pz_search_probe of one literal that, when it stands, leaves the
 * literals its propagation implied (itself excluded) at s->trail[from ..
 * from + *n) until the next change of the state. */
int pz_search_probe_implied(pz_search *s, int lit, int *from, int *n);

/* Without decisions: makes lit true for good (it joins the cube's part of
 * the trail) and propagates. 0 when that refutes the cube, 1 otherwise. */
int pz_search_assert(pz_search *s, int lit);

/* Branching: the next unassigned projection variable (0 when none). */
int pz_search_pick(pz_search *s);

#endif
