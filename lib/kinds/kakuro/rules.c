/* Kakuro on the model layer: a variable per cell, 1..9 for a white cell and
 * the constant 0 for a black or clue cell; every clue is a sum over its run
 * with distinct digits. pz_kakuro_check_grid refuses grids whose clues and
 * runs do not match before any model is built. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "puzzle/units.h"
#include "pz/kakuro.h"

static const char kakuro_kind[] = "kakuro";

typedef struct kakuro {
  int rows, cols;
  pz_kakuro_cell *cells;
} kakuro;

/* Length of the run that starts at (r, c) and goes (dr, dc). */
static int run_len(int rows, int cols, const pz_kakuro_cell *g, int r, int c,
                   int dr, int dc) {
  int n = 0;
  for (; r < rows && c < cols && g[r * cols + c].white; r += dr, c += dc) n++;
  return n;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int bad(pz_parse_info *info, int r, int c, const char *fmt, ...) {
  if (info) {
    va_list ap;
    va_start(ap, fmt);
    info->line = (size_t)r + 1;
    info->column = (size_t)c + 1;
    vsnprintf(info->message, sizeof info->message, fmt, ap);
    va_end(ap);
  }
  return PZ_ERR_RANGE;
}

/* The clue `sum` of cell (r, c) in direction d (0 across, 1 down). */
static int check_clue(int rows, int cols, const pz_kakuro_cell *g, int r,
                      int c, int d, int sum, pz_parse_info *info) {
  const char *side = d ? "down" : "across";
  if (sum < 0 || sum > PZ_KAKURO_MAX_SUM)
    return bad(info, r, c, "%s sum %d is out of range 1..%d", side, sum,
               PZ_KAKURO_MAX_SUM);
  if (!sum) return PZ_OK;
  int len = run_len(rows, cols, g, r + d, c + !d, d, !d);
  int least = len * (len + 1) / 2, most = len * (19 - len) / 2;
  if (!len)
    return bad(info, r, c, "the %s sum %d has no white cell %s", side, sum,
               d ? "below it" : "to its right");
  if (len > 9)
    return bad(info, r, c, "the %s run of %d cells is longer than 9 (its "
               "digits must differ)", side, len);
  if (sum < least || sum > most)
    return bad(info, r, c, "%s sum %d is impossible for %d cells (%d..%d)",
               side, sum, len, least, most);
  return PZ_OK;
}

int pz_kakuro_check_grid(int rows, int cols, const pz_kakuro_cell *g,
                         pz_parse_info *info) {
  if (!g || rows < 1 || cols < 1) return PZ_ERR_ARG;
  if (rows > PZ_KAKURO_MAX_SIZE || cols > PZ_KAKURO_MAX_SIZE)
    return PZ_ERR_TOO_LARGE;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      const pz_kakuro_cell *x = &g[r * cols + c];
      int st;
      if (x->white != 0 && x->white != 1)
        return bad(info, r, c, "white is %d, not 0 or 1", x->white);
      if (!x->white) {
        if ((st = check_clue(rows, cols, g, r, c, 0, x->across, info)) ||
            (st = check_clue(rows, cols, g, r, c, 1, x->down, info)))
          return st;
        continue;
      }
      if (x->down || x->across)
        return bad(info, r, c, "a white cell with a sum (down %d, across %d)",
                   x->down, x->across);
      if (c == 0 || (!x[-1].white && !x[-1].across))
        return bad(info, r, c, "a run across starts here without a sum to "
                   "its left");
      if (r == 0 || (!x[-cols].white && !x[-cols].down))
        return bad(info, r, c, "a run down starts here without a sum above it");
    }
  return PZ_OK;
}

/* The rules: a digit per white cell, each clue a distinct sum of its run. */
static int rules(pz_model *m, const kakuro *k, int *run) {
  int rows = k->rows, cols = k->cols, first, st = PZ_OK;
  for (int i = 0; i < rows * cols && !st; i++)
    st = k->cells[i].white ? pz_model_add_ints(m, 1, 1, 9, &first)
                           : pz_model_add_ints(m, 1, 0, 0, &first);
  for (int i = 0; i < rows * cols && !st; i++) {
    const pz_kakuro_cell *x = &k->cells[i];
    int r = i / cols, c = i % cols, n = 0;
    for (int j = c + 1; x->across && j < cols && k->cells[r * cols + j].white; j++)
      run[n++] = r * cols + j; /* the run to the right */
    if (n) st = pz_units_label(m, "the run across from r%dc%d (sum %d)", r + 1,
                               c + 2, x->across);
    if (n && !st) st = pz_model_sum(m, run, (size_t)n, PZ_EQ, x->across, 1);
    n = 0;
    for (int j = r + 1; x->down && j < rows && k->cells[j * cols + c].white; j++)
      run[n++] = j * cols + c; /* the run below */
    if (n && !st)
      st = pz_units_label(m, "the run down from r%dc%d (sum %d)", r + 2, c + 1,
                          x->down);
    if (n && !st) st = pz_model_sum(m, run, (size_t)n, PZ_EQ, x->down, 1);
  }
  return st;
}

static void kakuro_free(void *data) {
  kakuro *k = (kakuro *)data;
  if (k) free(k->cells);
  free(k);
}

int pz_kakuro_new(pz_puzzle **out, int rows, int cols,
                  const pz_kakuro_cell *cells, pz_parse_info *info) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  int st = pz_kakuro_check_grid(rows, cols, cells, info);
  if (st) return st;
  size_t n = (size_t)rows * (size_t)cols;
  kakuro *k = (kakuro *)calloc(1, sizeof *k);
  int *run = (int *)malloc(((size_t)(rows > cols ? rows : cols)) * sizeof(int));
  pz_model *m = NULL;
  if (k) k->cells = (pz_kakuro_cell *)malloc(n * sizeof *k->cells);
  st = k && k->cells && run ? pz_model_new(&m) : PZ_ERR_NOMEM;
  if (!st) {
    memcpy(k->cells, cells, n * sizeof *cells);
    k->rows = rows;
    k->cols = cols;
    st = rules(m, k, run);
  }
  if (!st) st = pz_model_puzzle_kind(out, m, rows, cols, kakuro_kind);
  if (!st) pz_model_puzzle_set_data(*out, k, kakuro_free);
  else kakuro_free(k);
  pz_model_free(m);
  free(run);
  return st;
}

const pz_kakuro_cell *pz_kakuro_cells(const pz_puzzle *p, int *rows,
                                      int *cols) {
  const kakuro *k = p ? (const kakuro *)pz_model_puzzle_data(p, kakuro_kind) : NULL;
  if (!k) return NULL;
  if (rows) *rows = k->rows;
  if (cols) *cols = k->cols;
  return k->cells;
}
