/* Latin squares: every row and column holds 1..n once. Reduced squares fix
 * the first row and column to 1..n; they are encoded as givens, so the
 * simplifier removes them like any other given. */
#include <stdlib.h>

#include "puzzle/grid_puzzle.h"

typedef struct latin {
  pz_grid g; /* first: the shared grid callbacks cast impl to pz_grid */
  unsigned flags;
} latin;

/* Encodes with the reduced square's first row and column added to the
 * givens, simplified or (full) not. */
static int latin_encode_with(pz_puzzle *p, pz_cnf *cnf, int full) {
  latin *l = (latin *)p->impl;
  int n = p->rows;
  if (!(l->flags & PZ_LATIN_REDUCED))
    return full ? pz_gp_encode_full(p, cnf) : pz_gp_encode(p, cnf);
  int *g = (int *)malloc((size_t)n * (size_t)n * sizeof(int));
  if (!g) return PZ_ERR_NOMEM;
  for (int i = 0; i < n * n; i++) g[i] = p->givens[i];
  /* A clashing user given makes the grid unsatisfiable, as it should. */
  int clash = 0;
  for (int i = 0; i < n; i++) {
    if (g[i] && g[i] != i + 1) clash = 1;
    if (g[i * n] && g[i * n] != i + 1) clash = 1;
    g[i] = i + 1;
    g[i * n] = i + 1;
  }
  int st = clash ? pz_cnf_add_clause(cnf, NULL, 0) : PZ_OK;
  if (!st)
    st = full ? pz_grid_encode_full(&l->g, g, p->opt.amo, cnf, p->poll)
              : pz_grid_encode(&l->g, g, p->opt.amo, cnf, p->poll);
  free(g);
  return st;
}

static int latin_encode(pz_puzzle *p, pz_cnf *cnf) {
  return latin_encode_with(p, cnf, 0);
}

static int latin_encode_full(pz_puzzle *p, pz_cnf *cnf) {
  return latin_encode_with(p, cnf, 1);
}

static const pz_puzzle_ops latin_ops = {
    "latin", pz_gp_given_ok, pz_gp_check_givens, latin_encode, NULL, NULL,
    pz_gp_decode, pz_gp_destroy, 0, NULL, latin_encode_full,
    pz_gp_var_meaning, pz_gp_decided};

int pz_latin_new(pz_puzzle **out, int n, unsigned flags) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (n < 1 || flags & ~PZ_LATIN_REDUCED) return PZ_ERR_ARG;
  if (n > PZ_LATIN_MAX_ORDER) return PZ_ERR_TOO_LARGE;
  pz_puzzle *p;
  int st = pz_puzzle_init(&p, &latin_ops, n, n, n);
  if (st) return st;
  latin *l = (latin *)calloc(1, sizeof *l);
  if (!l) {
    pz_puzzle_free(p);
    return PZ_ERR_NOMEM;
  }
  p->impl = l;
  l->flags = flags;
  st = pz_grid_init(&l->g, n);
  if (!st) st = pz_grid_add_rows_cols(&l->g);
  if (st) {
    pz_puzzle_free(p);
    return st;
  }
  *out = p;
  return PZ_OK;
}
