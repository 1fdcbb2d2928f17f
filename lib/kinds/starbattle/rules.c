/* Star Battle on the model layer: a boolean per cell (true = a star), a
 * constant 0 for a cell in no region. Exactly K stars in every row, column
 * and region; no two stars on touching cells: "not both" over every pair of
 * neighbours (right, down and the two diagonals down), which measured
 * smaller and faster than "at most one" per 2x2 block (docs/STARBATTLE.md).
 * The rows come first: they cover every star disjointly, so every solution
 * has the same weight (the projection is exact). */
#include <stdlib.h>

#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "puzzle/puzzle_impl.h"
#include "puzzle/units.h"
#include "pz/starbattle.h"

static const char starbattle_kind[] = "starbattle";

static int rules(pz_model *m, int rows, int cols, int k, const int *reg,
                 int *unit) {
  int n = rows * cols, x, st = PZ_OK;
  for (int c = 0; c < n && !st; c++) /* variable c is cell c */
    st = reg[c] < 0 ? pz_model_add_ints(m, 1, 0, 0, &x)
                    : pz_model_add_bools(m, 1, &x);
  for (int r = 0; r < rows && !st; r++) { /* rows */
    for (int c = 0; c < cols; c++) unit[c] = r * cols + c;
    st = pz_units_label(m, "row %d", r + 1);
    if (!st) st = pz_model_count(m, unit, (size_t)cols, 1, PZ_EQ, k);
  }
  for (int c = 0; c < cols && !st; c++) { /* columns */
    for (int r = 0; r < rows; r++) unit[r] = r * cols + c;
    st = pz_units_label(m, "column %d", c + 1);
    if (!st) st = pz_model_count(m, unit, (size_t)rows, 1, PZ_EQ, k);
  }
  /* Regions: the cells sorted by id, region id ends at end[id]. */
  int *end = unit + n;
  for (int id = 0; id <= n; id++) end[id] = 0;
  for (int c = 0; c < n; c++)
    if (reg[c] >= 0) end[reg[c] + 1]++;
  for (int id = 0; id < n; id++) end[id + 1] += end[id];
  for (int c = 0; c < n; c++)
    if (reg[c] >= 0) unit[end[reg[c]]++] = c;
  for (int id = 0, from = 0; id < n && !st; from = end[id++])
    if (end[id] > from) {
      st = pz_units_label(m, "the region of r%dc%d", unit[from] / cols + 1,
                          unit[from] % cols + 1);
      if (!st)
        st = pz_model_count(m, unit + from, (size_t)(end[id] - from), 1, PZ_EQ, k);
    }
  if (!st) st = pz_units_label(m, "the rule that stars never touch");
  static const int step[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  static const int both[2] = {1, 1};
  for (int c = 0; c < n && !st; c++) /* no two stars touch */
    for (int d = 0; d < 4 && !st; d++) {
      int r2 = c / cols + step[d][0], c2 = c % cols + step[d][1];
      if (reg[c] < 0 || r2 >= rows || c2 < 0 || c2 >= cols ||
          reg[r2 * cols + c2] < 0)
        continue;
      int pair[2] = {c, r2 * cols + c2};
      st = pz_model_forbid(m, pair, both, 2);
    }
  return st;
}

int pz_starbattle_new(pz_puzzle **out, int rows, int cols, int stars,
                      const int *regions) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!regions || rows < 1 || cols < 1 || stars < 1) return PZ_ERR_ARG;
  if (rows > PZ_STARBATTLE_MAX_SIZE || cols > PZ_STARBATTLE_MAX_SIZE ||
      stars > PZ_STARBATTLE_MAX_SIZE)
    return PZ_ERR_TOO_LARGE;
  int n = rows * cols;
  for (int c = 0; c < n; c++)
    if (regions[c] < PZ_STARBATTLE_NO_REGION || regions[c] >= n)
      return PZ_ERR_RANGE;
  pz_model *m = NULL;
  int *unit = (int *)malloc((2 * (size_t)n + 1) * sizeof(int));
  int st = unit ? pz_model_new(&m) : PZ_ERR_NOMEM;
  if (!st) st = rules(m, rows, cols, stars, regions, unit);
  if (!st) st = pz_model_puzzle_kind(out, m, rows, cols, starbattle_kind);
  pz_model_free(m);
  free(unit);
  return st;
}
