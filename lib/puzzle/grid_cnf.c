/* A puzzle's rules as a formula for pz's own search, and the literal of
 * each (cell, value), read back from the encoding's variable meanings. */
#include <stdlib.h>
#include <string.h>

#include "cnf/cnf_impl.h"
#include "puzzle/grid_cnf.h"
#include "puzzle/model_puzzle.h"

int pz_grid_cnf_init(pz_grid_cnf *g, pz_puzzle *p, pz_poll *poll) {
  memset(g, 0, sizeof *g);
  g->p = p;
  g->cells = p->rows * p->cols;
  g->maxv = p->max_value;
  int *saved = (int *)malloc((size_t)g->cells * sizeof(int));
  int st = saved ? pz_cnf_new(&g->cnf) : PZ_ERR_NOMEM;
  if (st) {
    free(saved);
    return st;
  }
  pz_cnf_track_origins(g->cnf); /* explanations name the rules */
  /* The rules alone: the givens come as a cube, so one formula serves
   * every set of givens. Clues (a Knightdoku number) shape the rules
   * instead: they stay in the formula and the cube is empty. */
  g->clues = !p->ops->given_lits;
  memcpy(saved, p->givens, (size_t)g->cells * sizeof(int));
  if (!g->clues) memset(p->givens, 0, (size_t)g->cells * sizeof(int));
  int complete = 0;
  if (poll && poll == p->poll) {
    /* Inside a solving call (probing before the backend): its poll goes
     * on (pz_puzzle_encode_ex would start one of its own and end it). */
    st = p->ops->encode_full(p, g->cnf);
    if (p->rules_loaded) pz_puzzle_invalidate(p);
  } else {
    st = pz_puzzle_encode_ex(p, g->cnf, PZ_ENCODE_FULL,
                             poll ? &complete : NULL);
    if (!st && poll && !complete) st = PZ_STOPPED;
  }
  memcpy(p->givens, saved, (size_t)g->cells * sizeof(int));
  free(saved);
  size_t nlit = (size_t)g->cells * (size_t)(g->maxv + 1);
  if (!st && !(g->lit = (int *)calloc(nlit, sizeof(int)))) st = PZ_ERR_NOMEM;
  if (!st) {
    int nv = pz_cnf_num_vars(g->cnf), cell, value;
    for (int v = 1; v <= nv && !st; v++) {
      if (pz_puzzle_var_meaning(p, v, &cell, &value) != PZ_OK || cell < 0 ||
          cell >= g->cells)
        continue;
      /* A value the grid cannot hold (a model's int in -2..0): the
       * formula would read its cell wrong, so there is none. */
      if (value < 0 || value > g->maxv) st = PZ_ERR_UNSUPPORTED;
      else g->lit[cell * (g->maxv + 1) + value] = v;
    }
    /* A cell with one variable and two values (a knight or none, black
     * or white, 1 or 2 in a 2x2 Sudoku): the other value is that
     * variable false. */
    for (int c = 0; c < g->cells && g->maxv >= 1; c++) {
      int *l = g->lit + c * (g->maxv + 1), n = 0, at = -1, lo = 0, hi = 1;
      for (int x = 0; x <= g->maxv; x++)
        if (l[x]) n++, at = x;
      if (n != 1) continue;
      if (pz_model_puzzle_domain(p, c, &lo, &hi) != PZ_OK) lo = 0, hi = g->maxv;
      if (hi - lo == 1 && (at == lo || at == hi) && lo >= 0 && hi <= g->maxv)
        l[at == lo ? hi : lo] = -l[at];
    }
  }
  if (!st) st = pz_formula_init(&g->f, g->cnf, poll);
  if (!st && (st = pz_search_init(&g->s, &g->f, poll))) pz_formula_free(&g->f);
  if (!st && !(g->order0 = (int *)malloc(((size_t)g->s.nproj_order + 1) * sizeof(int)))) {
    pz_search_free(&g->s);
    pz_formula_free(&g->f);
    st = PZ_ERR_NOMEM;
  }
  if (!st) memcpy(g->order0, g->s.order, (size_t)g->s.nproj_order * sizeof(int));
  if (st) {
    free(g->lit);
    pz_cnf_free(g->cnf);
    memset(g, 0, sizeof *g);
  }
  return st;
}

void pz_grid_cnf_free(pz_grid_cnf *g) {
  if (!g->cnf) return;
  pz_search_free(&g->s);
  pz_formula_free(&g->f);
  pz_cnf_free(g->cnf);
  free(g->lit);
  free(g->order0);
  pz_ivec_free(&g->cube);
  memset(g, 0, sizeof *g);
}

int pz_grid_cube(pz_grid_cnf *g, const int *givens, int skip) {
  g->cube.len = 0;
  for (int c = 0; c < g->cells && !g->clues; c++) {
    if (!givens[c] || c == skip) continue;
    int l = pz_grid_lit(g, c, givens[c]);
    if (!l) return PZ_ERR_RANGE;
    int st = pz_ivec_push(&g->cube, l);
    if (st) return st;
  }
  return PZ_OK;
}

int pz_grid_search_val(const void *search, int lit) {
  return pz_search_value((const pz_search *)search, lit);
}

void pz_grid_read(const pz_grid_cnf *g, int (*val)(const void *ctx, int lit),
                  const void *ctx, int *grid) {
  for (int c = 0; c < g->cells; c++) {
    grid[c] = 0;
    const int *l = g->lit + c * (g->maxv + 1);
    for (int x = 0; x <= g->maxv; x++)
      if (l[x] && val(ctx, l[x]) > 0) {
        grid[c] = x;
        break;
      }
  }
}

int pz_rules_cache_get(pz_puzzle *p, pz_poll *poll, pz_rules_cache **out) {
  if (!p->rules) {
    pz_rules_cache *c = (pz_rules_cache *)calloc(1, sizeof *c);
    if (!c) return PZ_ERR_NOMEM;
    int st = pz_grid_cnf_init(&c->g, p, poll);
    if (st) {
      free(c);
      return st;
    }
    p->rules = c;
  }
  *out = p->rules;
  return PZ_OK;
}

void pz_rules_cache_free(pz_rules_cache *c) {
  if (!c) return;
  pz_solver_free(c->solver);
  pz_grid_cnf_free(&c->g);
  free(c);
}

int pz_grid_of(pz_puzzle *p, pz_poll *poll, pz_grid_cnf **g,
               pz_grid_cnf *tmp) {
  *g = NULL;
  if (!p->ops->given_lits) {
    /* Clues are rules: a formula for these givens alone, not cached. */
    int st = pz_grid_cnf_init(tmp, p, poll);
    if (!st) *g = tmp;
    return st;
  }
  pz_rules_cache *c;
  int st = pz_rules_cache_get(p, poll, &c);
  if (!st) *g = &c->g;
  return st;
}
