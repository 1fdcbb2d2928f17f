#include "validate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pz.h>

/* Cells idx[0..n) hold each of 1..n exactly once. */
static int all_values(const int *grid, const int *idx, int n, const char *what,
                      int which) {
  char seen[1025];
  memset(seen, 0, sizeof seen);
  for (int i = 0; i < n; i++) {
    int v = grid[idx[i]];
    if (v < 1 || v > n || seen[v]) {
      fprintf(stderr, "validate: %s %d: value %d missing, repeated or out of range\n",
              what, which + 1, v);
      return 0;
    }
    seen[v] = 1;
  }
  return 1;
}

static int keeps_givens(const int *grid, int cells, const int *givens) {
  for (int c = 0; givens && c < cells; c++)
    if (givens[c] && grid[c] != givens[c]) {
      fprintf(stderr, "validate: cell %d changed the given %d to %d\n", c,
              givens[c], grid[c]);
      return 0;
    }
  return 1;
}

static int rows_cols(const int *grid, int n, int *idx) {
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++) idx[c] = r * n + c;
    if (!all_values(grid, idx, n, "row", r)) return 0;
  }
  for (int c = 0; c < n; c++) {
    for (int r = 0; r < n; r++) idx[r] = r * n + c;
    if (!all_values(grid, idx, n, "column", c)) return 0;
  }
  return 1;
}

int valid_latin(const int *grid, int n, const int *givens) {
  int *idx = (int *)malloc((size_t)n * sizeof(int));
  int ok = idx && rows_cols(grid, n, idx) && keeps_givens(grid, n * n, givens);
  free(idx);
  return ok;
}

/* No two cells a (dr, dc) step apart hold values related by `bad`. */
static int no_pair(const int *grid, int n, int dr, int dc, int consecutive,
                   const char *what) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int r2 = r + dr, c2 = c + dc;
      if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n) continue;
      int a = grid[r * n + c], b = grid[r2 * n + c2];
      if (consecutive ? abs(a - b) == 1 : a == b) {
        fprintf(stderr, "validate: %s broken at r%dc%d / r%dc%d\n", what, r + 1,
                c + 1, r2 + 1, c2 + 1);
        return 0;
      }
    }
  return 1;
}

int valid_sudoku(const int *grid, int br, int bc, const int *givens,
                 unsigned variants, const int *regions) {
  int n = br * bc;
  int *idx = (int *)malloc((size_t)n * sizeof(int));
  if (!idx) return 0;
  int ok = rows_cols(grid, n, idx) && keeps_givens(grid, n * n, givens);
  if (ok && regions) {
    for (int reg = 1; reg <= n && ok; reg++) {
      int k = 0;
      for (int c = 0; c < n * n; c++)
        if (regions[c] == reg && k < n) idx[k++] = c;
      ok = k == n && all_values(grid, idx, n, "region", reg - 1);
    }
  } else {
    /* Box b covers rows (b / br)*br.. and columns (b % br)*bc.. */
    for (int top = 0; top < n && ok; top += br)
      for (int left = 0; left < n && ok; left += bc) {
        int k = 0;
        for (int r = top; r < top + br; r++)
          for (int c = left; c < left + bc; c++) idx[k++] = r * n + c;
        ok = all_values(grid, idx, n, "box", (top / br) * br + left / bc);
      }
  }
  if (ok && (variants & PZ_SUDOKU_DIAGONAL)) {
    for (int i = 0; i < n; i++) idx[i] = i * n + i;
    ok = all_values(grid, idx, n, "diagonal", 0);
    for (int i = 0; i < n && ok; i++) idx[i] = i * n + n - 1 - i;
    if (ok) ok = all_values(grid, idx, n, "anti-diagonal", 0);
  }
  if (ok && (variants & PZ_SUDOKU_WINDOKU)) {
    /* Hyper boxes start one cell in and leave one cell between them. */
    for (int top = 1; top + br < n && ok; top += br + 1)
      for (int left = 1; left + bc < n && ok; left += bc + 1) {
        int k = 0;
        for (int r = top; r < top + br; r++)
          for (int c = left; c < left + bc; c++) idx[k++] = r * n + c;
        ok = all_values(grid, idx, n, "windoku box", top);
      }
  }
  static const int king[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1},
                                 {0, 1},   {1, -1}, {1, 0},  {1, 1}};
  static const int knight[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1},
                                   {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
  for (int m = 0; m < 8 && ok; m++) {
    if (variants & PZ_SUDOKU_ANTI_KING)
      ok = no_pair(grid, n, king[m][0], king[m][1], 0, "anti-king");
    if (ok && (variants & PZ_SUDOKU_ANTI_KNIGHT))
      ok = no_pair(grid, n, knight[m][0], knight[m][1], 0, "anti-knight");
  }
  if (ok && (variants & PZ_SUDOKU_NONCONSECUTIVE))
    ok = no_pair(grid, n, 0, 1, 1, "non-consecutive") &&
         no_pair(grid, n, 1, 0, 1, "non-consecutive");
  free(idx);
  return ok;
}
