/* Completing a Latin square without a solver. Any k x n Latin rectangle
 * extends by a row (Hall's theorem), so a square with few givens fills row
 * by row: each row is a perfect matching of its open cells to the symbols
 * its column and its row's givens still allow. The cyclic square
 * (r + c) mod n is each cell's first choice, so an empty square takes no
 * search at all; a clash is repaired by augmenting paths. Rows with
 * givens go first, most givens first: the rows left after them are free
 * and always extend. The square is turned first (a conjugate: rows and
 * columns, or rows and symbols, trade places) so that the rows are the
 * lines fewest givens touch. Givens can still leave a row without a
 * matching: then the caller falls back to the SAT solver, which also
 * answers every question of counting. */
#include <stdlib.h>
#include <string.h>

#include "kinds/latin/fill.h"

typedef struct filler {
  int n;
  const int *want;     /* givens, 1..n or 0, the reduced ones included */
  int *grid;           /* the square being built, row by row */
  unsigned char *used; /* used[c * n + s]: symbol s is in column c */
  unsigned char *mine; /* mine[s]: row r gives s itself */
  int *owner;          /* owner[s]: the open column holding s in row r */
  int *seen;           /* seen[s] == stamp: visited in this search */
  int stamp;
  uint64_t work, budget;
  pz_poll *poll;       /* the call's limits (NULL never stops) */
} filler;

/* Whether open cell (r, c) may take symbol s (0-based). */
static int allowed(const filler *f, int c, int s) {
  return !f->used[(size_t)c * f->n + s] && !f->mine[s];
}

/* Kuhn's augmenting path from open column c of row r, the i-th row
 * filled: 1 when c got a symbol (others in the row may have moved), 0
 * when none is free. */
static int augment(filler *f, int r, int i, int c) {
  int n = f->n;
  for (int k = 0; k < n; k++) {
    int s = (i + c + k) % n;
    if (++f->work > f->budget) return 0;
    if (!allowed(f, c, s) || f->seen[s] == f->stamp) continue;
    f->seen[s] = f->stamp;
    if (f->owner[s] < 0 || augment(f, r, i, f->owner[s])) {
      f->owner[s] = c;
      f->grid[(size_t)r * n + c] = s + 1;
      return 1;
    }
  }
  return 0;
}

/* Row r, the i-th filled: its givens, then each open cell matched; 0
 * when it cannot be. */
static int fill_row(filler *f, int r, int i) {
  int n = f->n;
  int *row = f->grid + (size_t)r * n;
  const int *want = f->want + (size_t)r * n;
  memset(f->mine, 0, (size_t)n);
  for (int s = 0; s < n; s++) f->owner[s] = -1;
  for (int c = 0; c < n; c++) {
    row[c] = want[c];
    if (want[c]) f->mine[want[c] - 1] = 1;
  }
  for (int c = 0; c < n; c++) { /* the cyclic square's choice, if free */
    int s = (i + c) % n;
    if (!row[c] && allowed(f, c, s) && f->owner[s] < 0) {
      f->owner[s] = c;
      row[c] = s + 1;
    }
  }
  for (int c = 0; c < n; c++) {
    if (row[c]) continue;
    f->stamp++;
    if (!augment(f, r, i, c)) return 0;
  }
  for (int c = 0; c < n; c++) f->used[(size_t)c * n + row[c] - 1] = 1;
  return 1;
}

/* The givens must not repeat a symbol in a row or column: the matching
 * trusts them. Marks every given in its column. */
static int givens_ok(filler *f) {
  int n = f->n;
  for (int r = 0; r < n; r++) {
    memset(f->mine, 0, (size_t)n);
    for (int c = 0; c < n; c++) {
      int v = f->want[(size_t)r * n + c];
      if (!v) continue;
      if (v < 1 || v > n || f->mine[v - 1] || f->used[(size_t)c * n + v - 1])
        return 0;
      f->mine[v - 1] = 1;
      f->used[(size_t)c * n + v - 1] = 1;
    }
  }
  return 1;
}

/* Independent of the construction: every row and column holds 1..n once
 * and every given is kept. */
static int is_completion(int n, const int *want, const int *grid,
                         unsigned char *row_seen, unsigned char *col_seen) {
  memset(col_seen, 0, (size_t)n * n);
  for (int r = 0; r < n; r++) {
    memset(row_seen, 0, (size_t)n);
    for (int c = 0; c < n; c++) {
      int v = grid[(size_t)r * n + c], w = want[(size_t)r * n + c];
      if (v < 1 || v > n || (w && w != v) || row_seen[v - 1] ||
          col_seen[(size_t)c * n + v - 1])
        return 0;
      row_seen[v - 1] = col_seen[(size_t)c * n + v - 1] = 1;
    }
  }
  return 1;
}

/* The conjugate of square in (n*n values 1..n, 0 open) that makes
 * `axis` (0 rows, 1 columns, 2 symbols) its rows: cell (r, c) holding s
 * becomes (c, r) holding s, or (s, c) holding r. Its own inverse. */
static void conjugate(int n, int axis, const int *in, int *out) {
  memset(out, 0, (size_t)n * n * sizeof(int));
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int v = in[(size_t)r * n + c];
      if (!v) continue;
      int t[3] = {r, c, v - 1};
      int row = t[axis], col = axis == 1 ? r : c, sym = axis == 2 ? r : t[2];
      out[(size_t)row * n + col] = sym + 1;
    }
}

/* How many lines along axis (0 rows, 1 columns, 2 symbols) no given
 * touches. */
static int free_lines(int n, const int *want, int axis,
                      unsigned char *touched) {
  memset(touched, 0, (size_t)n);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int v = want[(size_t)r * n + c];
      if (v) touched[axis == 0 ? r : axis == 1 ? c : v - 1] = 1;
    }
  int count = 0;
  for (int i = 0; i < n; i++) count += !touched[i];
  return count;
}

/* Rows by their number of givens, most first (ties in row order). */
static void row_order(int n, const int *want, int *order, int *givens) {
  for (int r = 0; r < n; r++) {
    givens[r] = 0;
    for (int c = 0; c < n; c++) givens[r] += want[(size_t)r * n + c] != 0;
  }
  int k = 0;
  for (int g = n; g >= 0; g--)
    for (int r = 0; r < n; r++)
      if (givens[r] == g) order[k++] = r;
}

/* Fills f's square in `order`; 1 when every row got filled, 0 when one
 * could not be or the call's limits stopped it. */
static int fill_rows(filler *f, const int *order) {
  if (!givens_ok(f)) return 0;
  for (int i = 0; i < f->n; i++) {
    uint64_t before = f->work;
    if (!fill_row(f, order[i], i) ||
        pz_poll_work(f->poll, (long long)(f->work - before) + f->n))
      return 0;
  }
  return 1;
}

int pz_latin_fill(int n, const int *want, uint64_t budget, pz_poll *poll,
                  int *grid, int *found) {
  *found = 0;
  size_t cells = (size_t)n * n;
  filler f;
  memset(&f, 0, sizeof f);
  f.n = n;
  f.budget = budget;
  f.poll = poll;
  int *turned = (int *)malloc(2 * cells * sizeof(int));
  int *order = (int *)malloc(2 * (size_t)n * sizeof(int));
  f.used = (unsigned char *)calloc(cells, 1);
  f.mine = (unsigned char *)malloc((size_t)n);
  f.owner = (int *)malloc((size_t)n * sizeof(int));
  f.seen = (int *)calloc((size_t)n, sizeof(int));
  int st = turned && order && f.used && f.mine && f.owner && f.seen
               ? PZ_OK : PZ_ERR_NOMEM;
  if (!st) {
    int axis = 0, most = -1;
    for (int a = 0; a < 3; a++) {
      int k = free_lines(n, want, a, f.mine);
      if (k > most) most = k, axis = a;
    }
    conjugate(n, axis, want, turned);
    row_order(n, turned, order, order + n);
    f.want = turned;
    f.grid = turned + cells;
    if (fill_rows(&f, order)) {
      conjugate(n, axis, f.grid, grid);
      *found = is_completion(n, want, grid, f.mine, f.used);
    }
  }
  free(turned);
  free(order);
  free(f.used);
  free(f.mine);
  free(f.owner);
  free(f.seen);
  return st;
}

int pz_latin_has_twin(int n, const int *want) {
  if (n < 2) return 0;
  /* Two symbols no given shows swap into another square; so do two rows
   * or two columns without givens (a square's rows all differ). */
  unsigned char *touched = (unsigned char *)malloc((size_t)n);
  int twin = 0;
  for (int axis = 0; axis < 3 && touched && !twin; axis++)
    twin = free_lines(n, want, axis, touched) >= 2;
  free(touched);
  return twin;
}
