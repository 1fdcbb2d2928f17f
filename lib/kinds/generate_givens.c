/* pz_puzzle_generate for the kinds whose puzzle is its givens. */
#include <stdlib.h>
#include <string.h>

#include "kinds/generate_givens.h"

int pz_kind_generate_givens(pz_puzzle *p, const pz_options *o,
                            const pz_generate_options *g, int **givens,
                            int **solution, pz_generate_info *info,
                            pz_result *stop) {
  *givens = NULL, *solution = NULL;
  size_t cells = (size_t)pz_puzzle_rows(p) * (size_t)pz_puzzle_cols(p);
  int *sol = (int *)malloc(cells * sizeof(int));
  int *giv = (int *)malloc(cells * sizeof(int));
  int st = sol && giv ? PZ_OK : PZ_ERR_NOMEM;
  if (!st && o) st = pz_puzzle_set_options(p, o);
  memset(info, 0, sizeof *info);
  *stop = PZ_UNKNOWN;
  if (!st) st = pz_puzzle_generate(p, g, sol, info, stop);
  /* Stopped before any unique puzzle: nothing to hand back. */
  int made = !st && (*stop == PZ_SAT || (*stop == PZ_UNKNOWN && info->givens));
  if (made) {
    memcpy(giv, pz_puzzle_givens(p), cells * sizeof(int));
    *givens = giv, *solution = sol;
    return PZ_OK;
  }
  free(sol);
  free(giv);
  return st;
}

int pz_kind_generate_def(int st, pz_puzzle *p, void *d, int **givens,
                         void (*free_def)(void *), void **def,
                         const pz_options *o, const pz_generate_options *g,
                         int **solution, pz_generate_info *info,
                         pz_result *stop) {
  if (!st) st = pz_kind_generate_givens(p, o, g, givens, solution, info, stop);
  pz_puzzle_free(p);
  if (st || !*givens) {
    free_def(d);
    return st;
  }
  *def = d;
  return PZ_OK;
}
