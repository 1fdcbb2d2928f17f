/* KenKen on the model layer: a value 1..n per cell, all different in every
 * row and column (stated first, so each cage's tuples leave out repeats
 * inside a row or column), and every cage's values combining to its
 * target by its operation (pz_model_arith). */
#include <stdlib.h>

#include "kinds/kenken/kenken_impl.h"
#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "puzzle/units.h"

static const char kenken_kind[] = "kenken";

static int rules(pz_model *m, const kenken_def *d, int *cells) {
  int n = d->n, first;
  int st = pz_model_add_ints(m, n * n, 1, n, &first);
  if (!st) st = pz_units_latin(m, first, n, n, cells);
  for (int k = 0; k < d->ncages && !st; k++) {
    int len = pz_kenken_cage_cells(d, k, cells);
    st = pz_units_label(m, "the cage of r%dc%d (%d%c)", cells[0] / n + 1,
                        cells[0] % n + 1, d->target[k], pz_kenken_op_symbol(d->op[k]));
    for (int i = 0; i < len; i++) cells[i] += first;
    if (!st) st = pz_model_arith(m, cells, (size_t)len, d->op[k], d->target[k]);
  }
  return st;
}

int pz_kenken_puzzle(const kenken_def *d, pz_puzzle **out) {
  *out = NULL;
  int n = d->n;
  int *cells = (int *)malloc((size_t)n * (size_t)n * sizeof(int));
  pz_model *m = NULL;
  int st = cells ? pz_model_new(&m) : PZ_ERR_NOMEM;
  if (!st) st = rules(m, d, cells);
  if (!st) st = pz_model_puzzle_kind(out, m, n, n, kenken_kind);
  pz_model_free(m);
  free(cells);
  /* Small grids: one solver reused with the givens assumed (as Sudoku). */
  if (!st) pz_model_puzzle_set_assume_max(*out, KENKEN_MAX * KENKEN_MAX);
  return st;
}
