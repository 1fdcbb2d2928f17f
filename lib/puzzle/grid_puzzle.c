#include "puzzle/grid_puzzle.h"

#include <stdlib.h>

int pz_gp_given_ok(const pz_puzzle *p, int cell, int value) {
  (void)cell;
  return value >= 1 && value <= p->max_value;
}

int pz_gp_check_givens(pz_puzzle *p, pz_parse_info *info) {
  return pz_grid_check_givens((pz_grid *)p->impl, p->givens, info);
}

void pz_gp_decode(pz_puzzle *p, const pz_solver *s, int *grid) {
  pz_grid_decode((const pz_grid *)p->impl, s, grid);
}

void pz_gp_destroy(pz_puzzle *p) {
  if (!p->impl) return;
  pz_grid_free((pz_grid *)p->impl);
  free(p->impl);
  p->impl = NULL;
}

int pz_gp_encode(pz_puzzle *p, pz_cnf *cnf) {
  return pz_grid_encode((pz_grid *)p->impl, p->givens, p->opt.amo, cnf,
                        p->poll);
}

int pz_gp_encode_rules(pz_puzzle *p, pz_cnf *cnf) {
  return pz_grid_encode((pz_grid *)p->impl, NULL, p->opt.amo, cnf, p->poll);
}

int pz_gp_encode_full(pz_puzzle *p, pz_cnf *cnf) {
  return pz_grid_encode_full((pz_grid *)p->impl, p->givens, p->opt.amo, cnf,
                             p->poll);
}

int pz_gp_decided(const pz_puzzle *p, int *grid) {
  return pz_grid_decided((const pz_grid *)p->impl, grid);
}

int pz_gp_var_meaning(const pz_puzzle *p, int var, int *cell, int *value) {
  return pz_grid_var_meaning((const pz_grid *)p->impl, var, cell, value);
}

int pz_gp_given_lits(pz_puzzle *p, pz_ivec *out) {
  const pz_grid *g = (const pz_grid *)p->impl;
  for (int c = 0; c < g->cells; c++) {
    int v = p->givens[c];
    if (!v) continue;
    int x = pz_grid_var(g, c, v);
    /* Without givens only a 1x1 grid has decided cells, and its one value
     * is the only legal given; a missing variable means "impossible". */
    if (!x) {
      if (g->value[c] == v) continue;
      return PZ_ERR_STATE;
    }
    int st = pz_ivec_push(out, x);
    if (st) return st;
  }
  return PZ_OK;
}

int pz_gp_presolve(pz_puzzle *p, int *grid, int *solved) {
  return pz_grid_presolve((pz_grid *)p->impl, p->givens, grid, solved);
}
