/* Knightdoku on the model layer: one boolean per cell (1 = a knight).
 * Every row, column and box holds exactly k knights; a given knight is a
 * knight, and exactly its clue many of the cells a knight's move away hold
 * one. The clues are rules, so the model is built for the givens
 * (pz_model_puzzle_set_clues) and simplified by the layer's propagation.
 * Rows come first: they cover every cell once, so the layer knows that
 * each solution has n*k knights (an exact-weight projection). */
#include <stdio.h>
#include <stdlib.h>

#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "puzzle/puzzle_impl.h"
#include "puzzle/units.h"
#include "pz/knightdoku.h"

static const char knightdoku_kind[] = "knightdoku";

typedef struct knightdoku {
  int box_rows, box_cols, k, n;
} knightdoku;

static const int moves[8][2] = {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2},
                                {1, -2},  {1, 2},  {2, -1},  {2, 1}};

/* Cells a knight's move away from `cell`, into out[0..8); the count. */
static int neighbours(int n, int cell, int *out) {
  int r = cell / n, c = cell % n, m = 0;
  for (int i = 0; i < 8; i++) {
    int r2 = r + moves[i][0], c2 = c + moves[i][1];
    if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n) out[m++] = r2 * n + c2;
  }
  return m;
}

int pz_knightdoku_neighbours(int n, int row, int col) {
  if (n < 1 || row < 0 || row >= n || col < 0 || col >= n) return 0;
  int tmp[8];
  return neighbours(n, row * n + col, tmp);
}

static int box_of(const knightdoku *kd, int cell) {
  int r = cell / kd->n, c = cell % kd->n;
  return (r / kd->box_rows) * kd->box_rows + c / kd->box_cols;
}

/* Exactly k knights among the cells of `unit` (0 row, 1 column, 2 box) i. */
static int unit(pz_model *m, const knightdoku *kd, int what, int i,
                int *cells) {
  int n = kd->n, br = kd->box_rows, bc = kd->box_cols;
  for (int j = 0; j < n; j++)
    cells[j] = what == 0 ? i * n + j
               : what == 1 ? j * n + i
                           : ((i / br) * br + j / bc) * n + (i % br) * bc + j % bc;
  int st = pz_units_label(m, "%s %d (%d knight%s)",
                          what == 0 ? "row" : what == 1 ? "column" : "box",
                          i + 1, kd->k, kd->k == 1 ? "" : "s");
  return st ? st : pz_model_count(m, cells, (size_t)n, 1, PZ_EQ, kd->k);
}

static int rules(const void *data, const int *givens, pz_model **out) {
  const knightdoku *kd = (const knightdoku *)data;
  int n = kd->n, first, nb[8];
  int *cells = (int *)malloc((size_t)n * sizeof(int));
  int st = cells ? pz_model_new(out) : PZ_ERR_NOMEM;
  if (!st) st = pz_model_add_bools(*out, n * n, &first);
  /* A 1xC box is a row and an Rx1 box a column: already there. */
  int units = kd->box_rows > 1 && kd->box_cols > 1 ? 3 : 2;
  for (int what = 0; what < units; what++)
    for (int i = 0; i < n && !st; i++) st = unit(*out, kd, what, i, cells);
  for (int cell = 0; cell < n * n && !st; cell++) {
    if (!givens[cell]) continue;
    st = pz_model_fix(*out, cell, 1);
    if (!st)
      st = pz_units_label(*out, "the clue %d at r%dc%d", givens[cell] - 1,
                          cell / n + 1, cell % n + 1);
    if (!st)
      st = pz_model_count(*out, nb, (size_t)neighbours(n, cell, nb), 1, PZ_EQ,
                          givens[cell] - 1);
  }
  free(cells);
  return st;
}

static int kd_given_ok(const pz_puzzle *p, int cell, int value) {
  (void)p;
  (void)cell;
  return value >= 1 && value <= PZ_KNIGHTDOKU_MAX_CLUE + 1;
}

static int conflict_at(pz_parse_info *info, int n, int cell, const char *fmt,
                       int a, int b) {
  if (info) {
    char what[120];
    snprintf(what, sizeof what, fmt, a, b);
    info->line = (size_t)(cell / n) + 1;
    info->column = (size_t)(cell % n) + 1;
    snprintf(info->message, sizeof info->message, "r%dc%d: %s", cell / n + 1,
             cell % n + 1, what);
  }
  return PZ_ERR_CONFLICT;
}

/* Givens that break a rule by themselves, in reading order. */
static int kd_check_givens(pz_puzzle *p, pz_parse_info *info) {
  const knightdoku *kd =
      (const knightdoku *)pz_model_puzzle_data(p, knightdoku_kind);
  int n = kd->n, k = kd->k;
  const int *g = p->givens;
  int *count = (int *)calloc(3 * (size_t)n, sizeof(int));
  if (!count) return PZ_ERR_NOMEM;
  int st = PZ_OK;
  for (int cell = 0; cell < n * n && !st; cell++) {
    if (!g[cell]) continue;
    int clue = g[cell] - 1, nb[8], m = neighbours(n, cell, nb), given_nb = 0;
    int r = cell / n, c = cell % n, b = box_of(kd, cell);
    for (int i = 0; i < m; i++) given_nb += g[nb[i]] != 0;
    if (clue > m)
      st = conflict_at(info, n, cell,
                       "clue %d, but only %d cells are a knight's move away",
                       clue, m);
    else if (++count[r] > k)
      st = conflict_at(info, n, cell, "more than %d given knights in row %d",
                       k, r + 1);
    else if (++count[n + c] > k)
      st = conflict_at(info, n, cell,
                       "more than %d given knights in column %d", k, c + 1);
    else if (++count[2 * n + b] > k)
      st = conflict_at(info, n, cell, "more than %d given knights in box %d",
                       k, b + 1);
    else if (given_nb > clue)
      st = conflict_at(info, n, cell,
                       "clue %d, but %d given knights are a knight's move "
                       "away", clue, given_nb);
  }
  free(count);
  return st;
}

/* Every knight shows its clue; a cell without one is blank. */
static void kd_solution_clues(const void *data, const int *givens,
                              const int *solution, int cells, int *full,
                              int *blank) {
  const knightdoku *kd = (const knightdoku *)data;
  (void)givens;
  for (int c = 0; c < cells; c++) {
    int nb[8], m = neighbours(kd->n, c, nb), clue = 0;
    for (int i = 0; i < m; i++) clue += solution[nb[i]] == 1;
    full[c] = solution[c] == 1 ? clue + 1 : 0;
    blank[c] = 0;
  }
}

static const pz_model_clues knightdoku_clues = {kd_given_ok, kd_check_givens,
                                                rules, kd_solution_clues};

int pz_knightdoku_new(pz_puzzle **out, int box_rows, int box_cols,
                      int knights_per_unit) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (box_rows < 1 || box_cols < 1) return PZ_ERR_ARG;
  if (box_rows > PZ_KNIGHTDOKU_MAX_SIZE || box_cols > PZ_KNIGHTDOKU_MAX_SIZE ||
      box_rows * box_cols > PZ_KNIGHTDOKU_MAX_SIZE)
    return PZ_ERR_TOO_LARGE;
  int n = box_rows * box_cols, first;
  if (knights_per_unit < 0 || knights_per_unit > n) return PZ_ERR_ARG;
  knightdoku *kd = (knightdoku *)malloc(sizeof *kd);
  pz_model *m = NULL;
  int st = kd ? pz_model_new(&m) : PZ_ERR_NOMEM;
  /* The cells alone: the rules are built for the givens when encoding. */
  if (!st) st = pz_model_add_bools(m, n * n, &first);
  if (!st) st = pz_model_puzzle_kind(out, m, n, n, knightdoku_kind);
  pz_model_free(m);
  if (st) {
    free(kd);
    return st;
  }
  kd->box_rows = box_rows;
  kd->box_cols = box_cols;
  kd->k = knights_per_unit;
  kd->n = n;
  pz_model_puzzle_set_data(*out, kd, free);
  pz_model_puzzle_set_clues(*out, &knightdoku_clues);
  return PZ_OK;
}

int pz_knightdoku_shape(const pz_puzzle *p, int *box_rows, int *box_cols,
                        int *knights_per_unit) {
  const knightdoku *kd =
      (const knightdoku *)pz_model_puzzle_data(p, knightdoku_kind);
  if (!kd) return PZ_ERR_ARG;
  if (box_rows) *box_rows = kd->box_rows;
  if (box_cols) *box_cols = kd->box_cols;
  if (knights_per_unit) *knights_per_unit = kd->k;
  return PZ_OK;
}
