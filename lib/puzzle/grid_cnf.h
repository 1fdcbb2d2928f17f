/* A puzzle's full formula without its givens, pz's own search over it,
 * and the literal that says "cell holds value", so that givens become a
 * cube of literals. The puzzle keeps one of its rules between calls (the
 * rules cache): probing before the backend (probe.c), rating and
 * generation (lib/gen) all work on it. */
#ifndef PZ_GRID_CNF_H
#define PZ_GRID_CNF_H

#include "core/poll.h"
#include "core/vec.h"
#include "enum/search.h"
#include "puzzle/puzzle_impl.h"

typedef struct pz_grid_cnf {
  pz_puzzle *p;
  int cells, maxv;
  pz_cnf *cnf;        /* the rules, every cell a variable (PZ_ENCODE_FULL) */
  pz_formula f;
  pz_search s;
  int *lit;           /* cells * (maxv + 1): "cell holds value", 0 none */
  int *order0;        /* the search's first branching order (each
                         generation shuffles from it: same seed, same
                         puzzle, whatever ran before) */
  pz_ivec cube;       /* scratch: the cube of the current givens */
  int clues;          /* the givens are clues, encoded in the rules (a
                         formula for these givens only; the cube empty) */
} pz_grid_cnf;

/* Encodes p's rules (its givens left out unless they are clues; p's givens
 * are kept); poll (may
 * be NULL) bounds it: PZ_STOPPED, g left empty. */
int pz_grid_cnf_init(pz_grid_cnf *g, pz_puzzle *p, pz_poll *poll);
void pz_grid_cnf_free(pz_grid_cnf *g);

static inline int pz_grid_lit(const pz_grid_cnf *g, int cell, int value) {
  return value < 0 || value > g->maxv ? 0 : g->lit[cell * (g->maxv + 1) + value];
}

/* g->cube = the literals of givens (0 = blank), skipping cell `skip`
 * (-1 none). PZ_ERR_RANGE when a given has no literal. */
int pz_grid_cube(pz_grid_cnf *g, const int *givens, int skip);

/* The grid of a model: val(ctx, lit) > 0 when lit is true in it. */
void pz_grid_read(const pz_grid_cnf *g, int (*val)(const void *ctx, int lit),
                  const void *ctx, int *grid);
/* val for the search's current model (ctx: the pz_search). */
int pz_grid_search_val(const void *search, int lit);

/* What p keeps of its rules between calls, until they change (p->rules):
 * the formula with pz's search over it, and a backend solver holding the
 * same formula, which generation loads on first use for its proofs. */
typedef struct pz_rules_cache {
  pz_grid_cnf g;
  pz_solver *solver;  /* NULL until generation loads one */
  int sat;            /* the rules were shown to have a solution */
} pz_rules_cache;

/* p's cache, made on first use (the formula encoded under poll, which may
 * be NULL: PZ_STOPPED when it stopped, nothing kept). Only for kinds whose
 * givens are values (p->ops->given_lits). */
int pz_rules_cache_get(pz_puzzle *p, pz_poll *poll, pz_rules_cache **out);
void pz_rules_cache_free(pz_rules_cache *c);

/* The formula of p's rules for rating and explaining: the cached one
 * (*g points into p's cache), or for clues a new one in *tmp (*g == tmp:
 * the caller frees it). PZ_STOPPED when the poll stopped it. */
int pz_grid_of(pz_puzzle *p, pz_poll *poll, pz_grid_cnf **g, pz_grid_cnf *tmp);

#endif
