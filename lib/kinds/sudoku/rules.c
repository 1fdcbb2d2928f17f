/* Sudoku on an n x n grid with r x c boxes (n = r*c), or jigsaw regions,
 * plus composable variant rules, stated on the model layer: a value 1..n
 * per cell, all different in every row, column and box (or region); the
 * variants add groups (diagonals, windows) and pairs of cells that must
 * differ (a king's or knight's move apart) or not be consecutive. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "puzzle/puzzle_impl.h"
#include "puzzle/sudoku_units.h"
#include "puzzle/unit_search.h"
#include "puzzle/units.h"

static const char sudoku_kind[] = "sudoku";

typedef struct sudoku {
  int n, box_rows, box_cols;
  unsigned variants;
  int *regions; /* jigsaw map (values 1..n) or NULL for boxes */
  pz_unit_search *search; /* the rules' units, built at the first search */
} sudoku;

/* Work for the unit search before the SAT backend takes over: measured on
 * forum_hardest_1106 (docs/BENCHMARKS.md, "Solving 9x9 beside tdoku"),
 * far above what the hardest 9x9 needs, far below an encoding's cost of
 * a large grid. */
#define UNIT_SEARCH_BUDGET 2000000

static int rules(pz_model *m, const sudoku *s, int *cells) {
  int n = s->n, r = s->box_rows, c = s->box_cols, first;
  int st = pz_model_add_ints(m, n * n, 1, n, &first);
  if (!st) st = pz_units_latin(m, first, n, n, cells);
  if (s->regions) {
    for (int reg = 1; reg <= n && !st; reg++) {
      int k = 0;
      for (int x = 0; x < n * n; x++)
        if (s->regions[x] == reg) cells[k++] = x;
      st = pz_units_label(m, "region %d", reg);
      if (!st) st = pz_model_all_different(m, cells, (size_t)k);
    }
  } else {
    for (int b = 0; b < n && !st; b++) {
      st = pz_units_label(m, "box %d", b + 1);
      if (!st)
        st = pz_units_block(m, first, n, (b / r) * r, (b % r) * c, r, c, cells);
    }
  }
  if (!st)
    st = pz_sudoku_units_variants(m, first, r, c, s->variants, cells);
  return st;
}

/* The model of s's rules, in *out (the caller frees it). */
static int build(const sudoku *s, pz_model **out) {
  *out = NULL;
  int *cells = (int *)malloc((size_t)s->n * (size_t)s->n * sizeof(int));
  int st = cells ? pz_model_new(out) : PZ_ERR_NOMEM;
  if (!st) st = rules(*out, s, cells);
  if (st && cells) {
    pz_model_free(*out);
    *out = NULL;
  }
  free(cells);
  return st;
}

/* Builds s's rules into p (or, for a new puzzle, makes p of them). */
static int rebuild(pz_puzzle *p, const sudoku *s) {
  pz_model *m;
  int st = build(s, &m);
  if (!st) st = pz_model_puzzle_replace(p, m);
  pz_model_free(m);
  return st;
}

static void sudoku_free(void *data) {
  sudoku *s = (sudoku *)data;
  if (s) {
    free(s->regions);
    pz_unit_search_free(s->search);
  }
  free(s);
}

/* The rows, columns and boxes (or regions) as units; the variants add
 * rules that are not such units (or are, but are rare): those grids are
 * left to the solver. */
static int make_search(sudoku *s) {
  int n = s->n, k = 0;
  int *units = (int *)malloc((size_t)3 * (size_t)n * (size_t)n * sizeof(int));
  if (!units) return PZ_ERR_NOMEM;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) units[k++] = r * n + c;
  for (int c = 0; c < n; c++)
    for (int r = 0; r < n; r++) units[k++] = r * n + c;
  if (s->regions) {
    for (int reg = 1; reg <= n; reg++)
      for (int x = 0; x < n * n; x++)
        if (s->regions[x] == reg) units[k++] = x;
  } else {
    for (int b = 0; b < n; b++) {
      int r0 = (b / s->box_rows) * s->box_rows;
      int c0 = (b % s->box_rows) * s->box_cols;
      for (int r = 0; r < s->box_rows; r++)
        for (int c = 0; c < s->box_cols; c++) units[k++] = (r0 + r) * n + c0 + c;
    }
  }
  int st = pz_unit_search_new(&s->search, n, n * n, units, 3 * n);
  free(units);
  return st;
}

/* pz_puzzle_ops.search: plain Sudoku and jigsaw grids up to 16x16. */
static int unit_search(pz_puzzle *p, int want, int *grid, int *solved) {
  sudoku *s = (sudoku *)pz_model_puzzle_data(p, sudoku_kind);
  *solved = 0;
  if (!s || s->variants || s->n > PZ_UNIT_SEARCH_MAX_N) return PZ_OK;
  if (!s->search) {
    int st = make_search(s);
    if (st) return st;
  }
  return pz_unit_search_run(s->search, pz_puzzle_givens(p), want,
                            UNIT_SEARCH_BUDGET, p->poll, grid,
                            solved);
}

/* New rules: the units are built again at the next search. */
static void drop_search(sudoku *s) {
  pz_unit_search_free(s->search);
  s->search = NULL;
}

int pz_sudoku_new(pz_puzzle **out, int box_rows, int box_cols) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (box_rows < 1 || box_cols < 1) return PZ_ERR_ARG;
  if ((long long)box_rows * box_cols > PZ_SUDOKU_MAX_SIZE) return PZ_ERR_TOO_LARGE;
  sudoku *s = (sudoku *)calloc(1, sizeof *s);
  if (!s) return PZ_ERR_NOMEM;
  s->n = box_rows * box_cols;
  s->box_rows = box_rows;
  s->box_cols = box_cols;
  pz_model *m;
  int st = build(s, &m);
  if (!st) st = pz_model_puzzle_kind(out, m, s->n, s->n, sudoku_kind);
  pz_model_free(m);
  if (st) {
    free(s);
    return st;
  }
  pz_model_puzzle_set_data(*out, s, sudoku_free);
  pz_model_puzzle_set_search(*out, unit_search);
  /* Measured (docs/BENCHMARKS.md): reusing one solver with the givens
   * assumed wins up to 16x16 and loses on hard 25x25 grids. */
  pz_model_puzzle_set_assume_max(*out, 16 * 16);
  return PZ_OK;
}

int pz_sudoku_set_variants(pz_puzzle *p, unsigned variants) {
  sudoku *s = (sudoku *)pz_model_puzzle_data(p, sudoku_kind);
  if (!s || (variants & ~PZ_SUDOKU_ALL_VARIANTS)) return PZ_ERR_ARG;
  if (!pz_sudoku_units_fit(s->box_rows, s->box_cols, s->regions != NULL,
                          variants))
    return PZ_ERR_UNSUPPORTED;
  unsigned old = s->variants;
  s->variants = variants;
  drop_search(s);
  int st = rebuild(p, s);
  if (st) s->variants = old; /* the old rules stay in p */
  return st;
}

int pz_sudoku_set_regions(pz_puzzle *p, const int *regions,
                          pz_parse_info *info) {
  sudoku *s = (sudoku *)pz_model_puzzle_data(p, sudoku_kind);
  if (!s) return PZ_ERR_ARG;
  int n = s->n;
  if (regions && (s->variants & PZ_SUDOKU_WINDOKU)) return PZ_ERR_UNSUPPORTED;
  int *copy = NULL;
  if (regions) {
    int *size = (int *)calloc((size_t)n + 1, sizeof(int));
    copy = (int *)malloc((size_t)n * (size_t)n * sizeof(int));
    if (!size || !copy) {
      free(size);
      free(copy);
      return PZ_ERR_NOMEM;
    }
    int bad = -1;
    for (int c = 0; c < n * n && bad < 0; c++) {
      if (regions[c] < 1 || regions[c] > n) bad = c;
      else size[regions[c]]++;
      copy[c] = regions[c];
    }
    if (bad >= 0 && info) {
      info->line = (size_t)(bad / n) + 1;
      info->column = (size_t)(bad % n) + 1;
      snprintf(info->message, sizeof info->message,
               "region %d at r%dc%d is out of range 1..%d", regions[bad],
               bad / n + 1, bad % n + 1, n);
    }
    for (int r = 1; r <= n && bad < 0; r++)
      if (size[r] != n) {
        bad = r;
        if (info) {
          info->line = info->column = 0;
          snprintf(info->message, sizeof info->message,
                   "region %d has %d cells, not %d", r, size[r], n);
        }
      }
    free(size);
    if (bad >= 0) {
      free(copy);
      return PZ_ERR_RANGE;
    }
  }
  int *old = s->regions;
  s->regions = copy;
  drop_search(s);
  int st = rebuild(p, s);
  if (st) {
    s->regions = old;
    free(copy);
  } else {
    free(old);
  }
  return st;
}
