/* Sudoku on an n x n grid with r x c boxes (n = r*c), or jigsaw regions,
 * plus composable variant rules. All of it becomes units and cell pairs of
 * the shared all-different grid. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzle/grid_puzzle.h"

typedef struct sudoku {
  pz_grid g; /* first: the shared grid callbacks cast impl to pz_grid */
  int box_rows, box_cols;
  unsigned variants;
  int *regions; /* jigsaw map (values 1..n) or NULL for boxes */
  int broken;   /* a rebuild failed: the rules are incomplete */
} sudoku;

static const char *const variant_names[] = {
    "anti-king", "anti-knight", "diagonal", "windoku", "non-consecutive"};
#define N_VARIANTS 5

const char *pz_sudoku_variant_name(unsigned variant) {
  for (int i = 0; i < N_VARIANTS; i++)
    if (variant == 1u << i) return variant_names[i];
  return NULL;
}

int pz_sudoku_variants_from_names(const char *list, unsigned *variants,
                                  pz_parse_info *info) {
  if (!list || !variants) return PZ_ERR_ARG;
  unsigned v = 0;
  const char *s = list;
  while (*s) {
    const char *e = strchr(s, ',');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    int found = -1;
    for (int i = 0; i < N_VARIANTS; i++)
      if (strlen(variant_names[i]) == len && !strncmp(s, variant_names[i], len))
        found = i;
    if (found < 0) {
      if (info) {
        info->line = 1;
        info->column = (size_t)(s - list) + 1;
        snprintf(info->message, sizeof info->message,
                 "unknown variant '%.*s' (known: anti-king, anti-knight, "
                 "diagonal, windoku, non-consecutive)", (int)(len > 40 ? 40 : len), s);
      }
      return PZ_ERR_ARG;
    }
    v |= 1u << found;
    s += len;
    if (*s == ',') s++;
  }
  *variants = v;
  return PZ_OK;
}

static void add_moves(pz_grid *g, const int (*moves)[2], int count, int *st) {
  int n = g->n;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      for (int m = 0; m < count && !*st; m++) {
        int r2 = r + moves[m][0], c2 = c + moves[m][1];
        /* Each unordered pair once: only moves that go "forward". */
        if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n) continue;
        if (r2 * n + c2 < r * n + c) continue;
        *st = pz_grid_add_differ(g, r * n + c, r2 * n + c2);
      }
}

/* Rebuilds units and pairs from boxes/regions and variants. */
static int build(sudoku *s) {
  pz_grid *g = &s->g;
  int n = g->n;
  pz_grid_free(g);
  int st = pz_grid_init(g, n);
  if (!st) st = pz_grid_add_rows_cols(g);
  int *cells = (int *)malloc((size_t)n * sizeof(int));
  if (!cells) return PZ_ERR_NOMEM;
  if (!st && s->regions) {
    for (int reg = 1; reg <= n && !st; reg++) {
      int k = 0;
      for (int c = 0; c < n * n; c++)
        if (s->regions[c] == reg) cells[k++] = c;
      st = pz_grid_add_unit(g, cells);
    }
  } else {
    int r = s->box_rows, c = s->box_cols;
    for (int b = 0; b < n && !st; b++) {
      int r0 = (b / r) * r, c0 = (b % r) * c, k = 0;
      for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++) cells[k++] = (r0 + i) * n + c0 + j;
      st = pz_grid_add_unit(g, cells);
    }
  }
  if (!st && (s->variants & PZ_SUDOKU_DIAGONAL)) {
    for (int i = 0; i < n; i++) cells[i] = i * n + i;
    st = pz_grid_add_unit(g, cells);
    for (int i = 0; i < n && !st; i++) cells[i] = i * n + (n - 1 - i);
    if (!st) st = pz_grid_add_unit(g, cells);
  }
  if (!st && (s->variants & PZ_SUDOKU_WINDOKU)) {
    /* Boxes shifted by one cell, one box gap apart: 2x2 of them on 9x9. */
    int r = s->box_rows, c = s->box_cols;
    for (int r0 = 1; r0 + r <= n - 1 && !st; r0 += r + 1)
      for (int c0 = 1; c0 + c <= n - 1 && !st; c0 += c + 1) {
        int k = 0;
        for (int i = 0; i < r; i++)
          for (int j = 0; j < c; j++) cells[k++] = (r0 + i) * n + c0 + j;
        st = pz_grid_add_unit(g, cells);
      }
  }
  free(cells);
  if (!st && (s->variants & PZ_SUDOKU_ANTI_KING)) {
    /* Orthogonal king moves stay in a row or column, already different. */
    static const int king[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    add_moves(g, king, 4, &st);
  }
  if (!st && (s->variants & PZ_SUDOKU_ANTI_KNIGHT)) {
    static const int knight[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1},
                                     {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
    add_moves(g, knight, 8, &st);
  }
  if (!st && (s->variants & PZ_SUDOKU_NONCONSECUTIVE)) {
    for (int r = 0; r < n && !st; r++)
      for (int c = 0; c < n && !st; c++) {
        if (c + 1 < n) st = pz_grid_add_nonconsec(g, r * n + c, r * n + c + 1);
        if (!st && r + 1 < n)
          st = pz_grid_add_nonconsec(g, r * n + c, (r + 1) * n + c);
      }
  }
  return st;
}

/* After a failed change, go back to the previous rules; if even that
 * fails (out of memory), refuse to encode rather than drop rules. */
static void rebuild_or_break(sudoku *s) { s->broken = build(s) != PZ_OK; }

static int sudoku_encode(pz_puzzle *p, pz_cnf *cnf) {
  return ((sudoku *)p->impl)->broken ? PZ_ERR_STATE : pz_gp_encode(p, cnf);
}

static int sudoku_encode_rules(pz_puzzle *p, pz_cnf *cnf) {
  return ((sudoku *)p->impl)->broken ? PZ_ERR_STATE
                                     : pz_gp_encode_rules(p, cnf);
}

static int sudoku_encode_full(pz_puzzle *p, pz_cnf *cnf) {
  return ((sudoku *)p->impl)->broken ? PZ_ERR_STATE
                                     : pz_gp_encode_full(p, cnf);
}

static int sudoku_presolve(pz_puzzle *p, int *grid, int *solved) {
  *solved = 0;
  return ((sudoku *)p->impl)->broken ? PZ_ERR_STATE
                                     : pz_gp_presolve(p, grid, solved);
}

static void sudoku_destroy(pz_puzzle *p) {
  sudoku *s = (sudoku *)p->impl;
  if (s) free(s->regions);
  pz_gp_destroy(p);
}

static const pz_puzzle_ops sudoku_ops = {
    "sudoku", pz_gp_given_ok, pz_gp_check_givens, sudoku_encode,
    sudoku_encode_rules, pz_gp_given_lits, pz_gp_decode, sudoku_destroy,
    /* Measured (docs/BENCHMARKS.md): reusing one solver with the givens
     * assumed wins up to 16x16 and loses on hard 25x25 grids. */
    16 * 16, sudoku_presolve, sudoku_encode_full, pz_gp_var_meaning,
    pz_gp_decided};

static sudoku *as_sudoku(pz_puzzle *p) {
  return p && p->ops == &sudoku_ops ? (sudoku *)p->impl : NULL;
}

int pz_sudoku_new(pz_puzzle **out, int box_rows, int box_cols) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (box_rows < 1 || box_cols < 1) return PZ_ERR_ARG;
  if ((long long)box_rows * box_cols > PZ_SUDOKU_MAX_SIZE) return PZ_ERR_TOO_LARGE;
  int n = box_rows * box_cols;
  pz_puzzle *p;
  int st = pz_puzzle_init(&p, &sudoku_ops, n, n, n);
  if (st) return st;
  sudoku *s = (sudoku *)calloc(1, sizeof *s);
  if (!s) {
    pz_puzzle_free(p);
    return PZ_ERR_NOMEM;
  }
  p->impl = s;
  s->box_rows = box_rows;
  s->box_cols = box_cols;
  s->g.n = n;
  if ((st = build(s))) {
    pz_puzzle_free(p);
    return st;
  }
  *out = p;
  return PZ_OK;
}

int pz_sudoku_set_variants(pz_puzzle *p, unsigned variants) {
  sudoku *s = as_sudoku(p);
  if (!s || (variants & ~PZ_SUDOKU_ALL_VARIANTS)) return PZ_ERR_ARG;
  int n = s->g.n;
  if ((variants & PZ_SUDOKU_WINDOKU) &&
      (s->regions || 1 + s->box_rows > n - 1 || 1 + s->box_cols > n - 1 ||
       s->box_rows < 2 || s->box_cols < 2))
    return PZ_ERR_UNSUPPORTED;
  unsigned old = s->variants;
  s->variants = variants;
  pz_puzzle_invalidate(p);
  int st = build(s);
  if (st) {
    s->variants = old;
    rebuild_or_break(s);
  }
  return st;
}

int pz_sudoku_set_regions(pz_puzzle *p, const int *regions,
                          pz_parse_info *info) {
  sudoku *s = as_sudoku(p);
  if (!s) return PZ_ERR_ARG;
  int n = s->g.n;
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
  pz_puzzle_invalidate(p);
  int st = build(s);
  if (st) {
    s->regions = old;
    free(copy);
    rebuild_or_break(s);
  } else {
    free(old);
  }
  return st;
}
