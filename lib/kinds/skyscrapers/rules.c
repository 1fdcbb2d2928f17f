/* Skyscrapers on the model layer: a height 1..n per cell, all different
 * in every row and column, and every clue a visibility constraint
 * (pz_model_visible) over its line in viewing order. */
#include <stdlib.h>

#include "kinds/kind_impl.h"
#include "kinds/skyscrapers/skyscrapers_impl.h"
#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "puzzle/units.h"

static const char towers_kind[] = "skyscrapers";

void pz_towers_line(int n, int clue, int *cells) {
  int side = clue / n, i = clue % n;
  for (int k = 0; k < n; k++)
    cells[k] = side == 0   ? k * n + i                /* top, looking down */
               : side == 1 ? (n - 1 - k) * n + i      /* bottom, up */
               : side == 2 ? i * n + k                /* left, rightwards */
                           : i * n + (n - 1 - k);     /* right, leftwards */
}

void pz_towers_clues_of(int n, const int *grid, int *clues) {
  int line[PZ_TOWERS_MAX];
  for (int c = 0; c < 4 * n; c++) {
    pz_towers_line(n, c, line);
    int seen = 0, tallest = 0;
    for (int k = 0; k < n; k++)
      if (grid[line[k]] > tallest) seen++, tallest = grid[line[k]];
    clues[c] = seen;
  }
}

static const char *const side_name[4] = {"above column", "below column",
                                         "left of row", "right of row"};

static int rules(pz_model *m, int n, const int *clues) {
  int first, buf[PZ_TOWERS_MAX];
  int st = pz_model_add_ints(m, n * n, 1, n, &first);
  if (!st) st = pz_units_latin(m, first, n, n, buf);
  for (int c = 0; c < 4 * n && !st; c++) {
    if (!clues[c]) continue;
    pz_towers_line(n, c, buf);
    st = pz_units_label(m, "the clue %d %s %d", clues[c], side_name[c / n],
                        c % n + 1);
    if (!st) st = pz_model_visible(m, buf, (size_t)n, PZ_EQ, clues[c]);
  }
  return st;
}

int pz_towers_puzzle(pz_puzzle **out, int n, const int *clues,
                     const int *givens) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!clues || n < 1) return PZ_ERR_ARG;
  if (n > PZ_TOWERS_MAX) return PZ_ERR_TOO_LARGE;
  for (int c = 0; c < 4 * n; c++)
    if (clues[c] < 0 || clues[c] > n) return PZ_ERR_RANGE;
  pz_model *m = NULL;
  int st = pz_model_new(&m);
  if (!st) st = rules(m, n, clues);
  if (!st) st = pz_model_puzzle_kind(out, m, n, n, towers_kind);
  pz_model_free(m);
  /* As Latin squares: one solver reused with the givens assumed. */
  if (!st) pz_model_puzzle_set_assume_max(*out, PZ_TOWERS_MAX * PZ_TOWERS_MAX);
  return pz_kind_puzzle_made(st, givens, out);
}

int pz_towers_def_new(pz_towers_def **out, int n) {
  *out = NULL;
  if (n < 1) return PZ_ERR_ARG;
  if (n > PZ_TOWERS_MAX) return PZ_ERR_TOO_LARGE;
  pz_towers_def *d = (pz_towers_def *)calloc(1, sizeof *d);
  if (!d) return PZ_ERR_NOMEM;
  d->n = n;
  d->clues = (int *)calloc((size_t)(4 * n), sizeof(int));
  d->givens = (int *)calloc((size_t)(n * n), sizeof(int));
  if (!d->clues || !d->givens) {
    pz_towers_def_free(d);
    return PZ_ERR_NOMEM;
  }
  *out = d;
  return PZ_OK;
}

void pz_towers_def_free(pz_towers_def *d) {
  if (!d) return;
  free(d->clues);
  free(d->givens);
  free(d);
}
