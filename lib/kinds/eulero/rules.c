/* Eulero (Graeco-Latin squares) on the model layer: squares A and B are
 * Latin (rows and columns all different), and each cell's pair number
 * Z = n*(A-1)+B, tied to A and B by an allowed-tuple table, is different
 * in every cell, so every pair occurs once (docs/EULERO.md, "Encoding",
 * has the measured alternatives). Row r of the grid: A, then B, then Z. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "puzzle/units.h"
#include "puzzle/puzzle_impl.h"
#include "pz/eulero.h"

static const char eulero_kind[] = "eulero";

#define A(r, c) ((r) * 3 * n + (c))
#define B(r, c) ((r) * 3 * n + n + (c))
#define Z(r, c) ((r) * 3 * n + 2 * n + (c))

static int rules(pz_model *m, int n, unsigned flags, int k, int *buf,
                 int *tuples) {
  int first, st = PZ_OK;
  for (int r = 0; r < n && !st; r++) { /* A's row, B's row, Z's row */
    st = pz_model_add_ints(m, n, 1, n, &first);
    if (!st) st = pz_model_add_ints(m, n, 1, n, &first);
    if (!st) st = pz_model_add_ints(m, n, 1, n * n, &first);
  }
  for (int i = 0; i < n && !st; i++)
    for (int sq = 0; sq < 2 && !st; sq++) { /* square sq: A or B */
      st = pz_units_label(m, "row %d of %c", i + 1, 'A' + sq);
      if (!st) st = pz_units_block(m, sq * n, 3 * n, i, 0, 1, n, buf);
      if (!st) st = pz_units_label(m, "column %d of %c", i + 1, 'A' + sq);
      if (!st) st = pz_units_block(m, sq * n, 3 * n, 0, i, n, 1, buf);
    }
  for (int a = 0; a < n; a++) /* the pairs: (a, b, n*(a-1)+b) */
    for (int b = 0; b < n; b++) {
      int *t = tuples + 3 * (a * n + b);
      t[0] = a + 1, t[1] = b + 1, t[2] = a * n + b + 1;
    }
  for (int x = 0; x < n * n && !st; x++) {
    int r = x / n, c = x % n, vars[3] = {A(r, c), B(r, c), Z(r, c)};
    st = pz_units_label(m, "the pair of r%dc%d", r + 1, c + 1);
    if (!st) st = pz_model_table(m, vars, 3, tuples, (size_t)n * (size_t)n);
    buf[x] = Z(r, c);
  }
  if (!st) st = pz_units_label(m, "the pairs (each once)");
  if (!st) st = pz_model_all_different(m, buf, (size_t)n * (size_t)n);
  if (!st) st = pz_model_set_label(m, NULL);
  /* An automorphism: shifting rows, columns and values 1..k cyclically
   * (the rest fixed) maps each square to itself. */
  int *shift = tuples; /* value pairs (v, its image) */
  for (int v = 1; v <= n && k; v++) shift[2 * v - 2] = v, shift[2 * v - 1] = v <= k ? v % k + 1 : v;
  for (int x = 0; x < n * n && k && !st; x++) {
    int r = x / n, c = x % n, r2 = r < k ? (r + 1) % k : r, c2 = c < k ? (c + 1) % k : c;
    if (r >= k && c >= k) continue; /* a fixed cell: Latin rows force it */
    for (int sq = 0; sq < 2 && !st; sq++) {
      int vars[2] = {A(r, c) + sq * n, A(r2, c2) + sq * n};
      st = pz_model_table(m, vars, 2, shift, (size_t)n);
    }
  }
  for (int j = 0; j < n && !st; j++) {
    if (flags & PZ_EULERO_A_ROW) st = pz_model_fix(m, A(0, j), j + 1);
    if (!st && (flags & PZ_EULERO_B_ROW)) st = pz_model_fix(m, B(0, j), j + 1);
    if (!st && (flags & PZ_EULERO_A_COLUMN)) st = pz_model_fix(m, A(j, 0), j + 1);
  }
  return st;
}

/* "A r1c2" and "B r1c2"; a pair number is derived from them. */
static int cell_name(const pz_puzzle *p, int cell, char *buf, size_t len) {
  int n = pz_puzzle_rows(p), r = cell / (3 * n), c = cell % (3 * n);
  snprintf(buf, len, "%s r%dc%d", c < n ? "A" : c < 2 * n ? "B" : "pair",
           r + 1, c % n + 1);
  return c < 2 * n;
}

/* Any pair of orthogonal squares can be normalised (columns permuted,
 * B's symbols renamed, rows 2..n permuted), whatever part of it is fixed
 * already: the same question with n!^2 (n-1)! fewer copies to rule out. */
static int normalised(const pz_puzzle *p, pz_puzzle **out) {
  return pz_eulero_new(out, pz_puzzle_rows(p), PZ_EULERO_NORMAL);
}

static int make(pz_puzzle **out, int n, unsigned flags, int k) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (n < 1 || (flags & ~PZ_EULERO_NORMAL) || k < 0 || k > n) return PZ_ERR_ARG;
  if (n > PZ_EULERO_MAX_ORDER) return PZ_ERR_TOO_LARGE;
  size_t cells = (size_t)n * (size_t)n;
  pz_model *m = NULL;
  int *buf = (int *)malloc(cells * sizeof(int));
  int *tuples = (int *)malloc(3 * cells * sizeof(int));
  int st = buf && tuples ? pz_model_new(&m) : PZ_ERR_NOMEM;
  if (!st) st = rules(m, n, flags, k, buf, tuples);
  if (!st) st = pz_model_puzzle_kind(out, m, n, 3 * n, eulero_kind);
  if (!st) pz_model_puzzle_set_cell_name(*out, cell_name);
  /* A, B and the pairs: a symmetric puzzle is symmetric in each square. */
  if (!st) pz_model_puzzle_set_panes(*out, n);
  /* The cyclic automorphism is not kept by normalising. */
  if (!st && !k && flags != PZ_EULERO_NORMAL)
    pz_model_puzzle_set_reduced_rules(*out, normalised);
  pz_model_free(m);
  free(buf);
  free(tuples);
  return st;
}

int pz_eulero_new(pz_puzzle **out, int n, unsigned flags) {
  return make(out, n, flags, 0);
}

int pz_eulero_new_cyclic(pz_puzzle **out, int n, int k) {
  if (out && k < 2) {
    *out = NULL;
    return PZ_ERR_ARG;
  }
  return make(out, n, 0, k);
}

int pz_eulero_pack(int n, const int *a, const int *b, int *grid) {
  if (n < 1 || n > PZ_EULERO_MAX_ORDER || !grid) return PZ_ERR_ARG;
  for (int x = 0; x < n * n; x++)
    if ((a && (a[x] < 0 || a[x] > n)) || (b && (b[x] < 0 || b[x] > n)))
      return PZ_ERR_RANGE;
  for (int x = 0; x < n * n; x++) {
    int r = x / n, c = x % n;
    grid[A(r, c)] = a ? a[x] : 0;
    grid[B(r, c)] = b ? b[x] : 0;
    grid[Z(r, c)] = 0;
  }
  return PZ_OK;
}

int pz_eulero_unpack(int n, const int *grid, int *a, int *b) {
  if (n < 1 || n > PZ_EULERO_MAX_ORDER || !grid) return PZ_ERR_ARG;
  for (int x = 0; x < n * n; x++) {
    if (a) a[x] = grid[A(x / n, x % n)];
    if (b) b[x] = grid[B(x / n, x % n)];
  }
  return PZ_OK;
}

int pz_eulero_mates_new(pz_puzzle **out, int n, const int *square,
                        unsigned flags, pz_parse_info *info) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!square || n < 1 || (flags & ~PZ_EULERO_B_ROW)) return PZ_ERR_ARG;
  if (n > PZ_EULERO_MAX_ORDER) return PZ_ERR_TOO_LARGE;
  for (int x = 0; x < n * n; x++)
    if (square[x] < 1 || square[x] > n) {
      if (info) {
        info->line = (size_t)(x / n) + 1;
        info->column = (size_t)(x % n) + 1;
        snprintf(info->message, sizeof info->message,
                 "r%dc%d: %d is outside 1..%d", x / n + 1, x % n + 1,
                 square[x], n);
      }
      return PZ_ERR_RANGE;
    }
  int *grid = (int *)malloc((size_t)n * 3 * (size_t)n * sizeof(int));
  if (!grid) return PZ_ERR_NOMEM;
  int st = pz_eulero_new(out, n, flags);
  if (!st) st = pz_eulero_pack(n, square, NULL, grid);
  if (!st) st = pz_puzzle_set_givens(*out, grid);
  /* A value twice in a row or column: not a Latin square. */
  if (!st && pz_puzzle_check_givens(*out, info) == PZ_ERR_CONFLICT)
    st = PZ_ERR_RANGE;
  if (st) {
    pz_puzzle_free(*out);
    *out = NULL;
  }
  free(grid);
  return st;
}
