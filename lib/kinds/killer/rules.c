/* Killer Sudoku on the model layer: a value 1..n per cell, all different
 * in every row, column and r x c box, and every cage's values distinct
 * and adding up to its sum (pz_model_sum with distinct: the encoding is
 * chosen in lib/model/sum.c). */
#include <stdlib.h>

#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "kinds/killer/killer_impl.h"
#include "puzzle/sudoku_units.h"
#include "puzzle/units.h"
#include "pz/killer.h"

static const char killer_kind[] = "killer";

typedef struct killer {
  int *cages, *sums, ncages;
} killer;

static void killer_free(void *data) {
  killer *k = (killer *)data;
  if (k) {
    free(k->cages);
    free(k->sums);
  }
  free(k);
}

static int rules(pz_model *m, int br, int bc, unsigned variants,
                 const killer *k, int *cells) {
  int n = br * bc, first;
  int st = pz_model_add_ints(m, n * n, 1, n, &first);
  for (int i = 0; i < n && !st; i++) {
    /* Row i, column i and box i in turn. */
    st = pz_units_label(m, "row %d", i + 1);
    if (!st) st = pz_units_block(m, first, n, i, 0, 1, n, cells);
    if (!st) st = pz_units_label(m, "column %d", i + 1);
    if (!st) st = pz_units_block(m, first, n, 0, i, n, 1, cells);
    if (!st) st = pz_units_label(m, "box %d", i + 1);
    if (!st)
      st = pz_units_block(m, first, n, (i / br) * br, (i % br) * bc, br, bc, cells);
  }
  /* Killer-X and the other Sudoku variants: Sudoku's own rules. */
  if (!st) st = pz_sudoku_units_variants(m, first, br, bc, variants, cells);
  for (int cage = 0; cage < k->ncages && !st; cage++) {
    size_t len = 0;
    for (int x = 0; x < n * n; x++)
      if (k->cages[x] == cage) cells[len++] = x;
    st = pz_units_label(m, "the cage of r%dc%d (sum %d)", cells[0] / n + 1,
                        cells[0] % n + 1, k->sums[cage]);
    if (!st) st = pz_model_sum(m, cells, len, PZ_EQ, k->sums[cage], 1);
  }
  return st;
}

/* Copies and checks the cages and sums into k. */
static int take(killer *k, int n, const int *cages, const int *sums, int ncages) {
  size_t cells = (size_t)n * (size_t)n;
  k->ncages = ncages;
  k->cages = (int *)malloc(cells * sizeof(int));
  k->sums = (int *)malloc(((size_t)ncages + 1) * sizeof(int));
  char *used = (char *)calloc((size_t)ncages + 1, 1);
  int st = k->cages && k->sums && used ? PZ_OK : PZ_ERR_NOMEM;
  long long most = (long long)n * (n + 1) / 2;
  for (int c = 0; c < ncages && !st; c++)
    if (sums[c] < 1 || sums[c] > most) st = PZ_ERR_RANGE;
    else k->sums[c] = sums[c];
  for (size_t x = 0; x < cells && !st; x++) {
    if (cages[x] != PZ_KILLER_NO_CAGE && (cages[x] < 0 || cages[x] >= ncages))
      st = PZ_ERR_RANGE;
    else if (cages[x] >= 0) used[cages[x]] = 1;
    k->cages[x] = cages[x];
  }
  for (int c = 0; c < ncages && !st; c++)
    if (!used[c]) st = PZ_ERR_RANGE;
  free(used);
  return st;
}

int pz_killer_new(pz_puzzle **out, int box_rows, int box_cols,
                  const int *cages, const int *sums, int ncages) {
  return pz_killer_new_variants(out, box_rows, box_cols, cages, sums, ncages, 0);
}

int pz_killer_new_variants(pz_puzzle **out, int box_rows, int box_cols,
                           const int *cages, const int *sums, int ncages,
                           unsigned variants) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!cages || (!sums && ncages) || box_rows < 1 || box_cols < 1 || ncages < 0)
    return PZ_ERR_ARG;
  if (variants & ~PZ_SUDOKU_ALL_VARIANTS) return PZ_ERR_ARG;
  if (!pz_sudoku_units_fit(box_rows, box_cols, 0, variants))
    return PZ_ERR_UNSUPPORTED;
  if ((long long)box_rows * box_cols > PZ_KILLER_MAX_SIZE) return PZ_ERR_TOO_LARGE;
  int n = box_rows * box_cols;
  killer *k = (killer *)calloc(1, sizeof *k);
  int *cells = (int *)malloc((size_t)n * (size_t)n * sizeof(int));
  pz_model *m = NULL;
  int st = k && cells ? take(k, n, cages, sums, ncages) : PZ_ERR_NOMEM;
  if (!st) st = pz_model_new(&m);
  if (!st) st = rules(m, box_rows, box_cols, variants, k, cells);
  if (!st) st = pz_model_puzzle_kind(out, m, n, n, killer_kind);
  pz_model_free(m);
  free(cells);
  if (st) {
    killer_free(k);
    return st;
  }
  pz_model_puzzle_set_data(*out, k, killer_free);
  /* As Sudoku: one solver reused with the givens assumed up to 16x16. */
  pz_model_puzzle_set_assume_max(*out, 16 * 16);
  return PZ_OK;
}

const int *pz_killer_cages(const pz_puzzle *p, const int **sums, int *ncages) {
  const killer *k = p ? (const killer *)pz_model_puzzle_data(p, killer_kind) : NULL;
  if (sums) *sums = k ? k->sums : NULL;
  if (ncages) *ncages = k ? k->ncages : 0;
  return k ? k->cages : NULL;
}
