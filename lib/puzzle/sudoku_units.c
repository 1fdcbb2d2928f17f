/* The variant rules of the Sudoku family on the model layer (Sudoku,
 * jigsaw, Killer): extra all-different groups (the two diagonals, the
 * windows between the boxes) and pairs of cells that must differ (a
 * king's or knight's move apart) or not be consecutive. */
#include <stdio.h>
#include <string.h>

#include "puzzle/sudoku_units.h"
#include "puzzle/units.h"
#include "pz/puzzle.h"

/* The variants' names, one per bit (pz_sudoku_variant_name). */
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

const char *const pz_sudoku_units_words[] = {
    "anti-king", "anti-knight", "diagonal", "windoku", "non-consecutive",
    "x", NULL};

int pz_sudoku_units_from_words(const char *list, unsigned *variants,
                               pz_parse_info *info) {
  unsigned v = 0;
  char word[64];
  for (const char *s = list ? list : ""; *s;) {
    size_t len = strcspn(s, ",");
    unsigned bit = 0;
    if (len == 1 && (*s == 'x' || *s == 'X')) {
      bit = PZ_SUDOKU_DIAGONAL;
    } else if (len < sizeof word) {
      memcpy(word, s, len);
      word[len] = '\0';
      int st = len ? pz_sudoku_variants_from_names(word, &bit, info) : PZ_OK;
      if (st) return st;
    } else {
      if (info) {
        memset(info, 0, sizeof *info);
        snprintf(info->message, sizeof info->message, "unknown variant '%.40s'",
                 s);
      }
      return PZ_ERR_ARG;
    }
    v |= bit;
    s += len + (s[len] == ',');
  }
  *variants = v;
  return PZ_OK;
}

int pz_sudoku_units_fit(int box_rows, int box_cols, int jigsaw,
                        unsigned variants) {
  int n = box_rows * box_cols;
  if (variants & ~PZ_SUDOKU_ALL_VARIANTS) return 0;
  return !(variants & PZ_SUDOKU_WINDOKU) ||
         (!jigsaw && 1 + box_rows <= n - 1 && 1 + box_cols <= n - 1 &&
          box_rows >= 2 && box_cols >= 2);
}

/* Cells a move apart are different: each unordered pair once. */
static int differ_moves(pz_model *m, int first, int n, const int (*moves)[2],
                        int count) {
  int st = PZ_OK;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      for (int k = 0; k < count && !st; k++) {
        int r2 = r + moves[k][0], c2 = c + moves[k][1];
        if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || r2 * n + c2 < r * n + c)
          continue;
        st = pz_model_relation(m, first + r * n + c, PZ_NE,
                               first + r2 * n + c2, 0);
      }
  return st;
}

int pz_sudoku_units_variants(pz_model *m, int first, int box_rows,
                             int box_cols, unsigned variants, int *cells) {
  int n = box_rows * box_cols, r = box_rows, c = box_cols, st = PZ_OK;
  if (variants & PZ_SUDOKU_DIAGONAL) {
    for (int i = 0; i < n; i++) cells[i] = first + i * n + i;
    st = pz_units_label(m, "the main diagonal");
    if (!st) st = pz_model_all_different(m, cells, (size_t)n);
    for (int i = 0; i < n && !st; i++) cells[i] = first + i * n + (n - 1 - i);
    if (!st) st = pz_units_label(m, "the anti-diagonal");
    if (!st) st = pz_model_all_different(m, cells, (size_t)n);
  }
  if (!st && (variants & PZ_SUDOKU_WINDOKU)) {
    /* Boxes shifted by one cell, one box gap apart: 2x2 of them on 9x9. */
    int w = 0;
    for (int r0 = 1; r0 + r <= n - 1 && !st; r0 += r + 1)
      for (int c0 = 1; c0 + c <= n - 1 && !st; c0 += c + 1) {
        st = pz_units_label(m, "window %d", ++w);
        if (!st) st = pz_units_block(m, first, n, r0, c0, r, c, cells);
      }
  }
  if (!st && (variants & PZ_SUDOKU_ANTI_KING)) {
    /* Orthogonal king moves stay in a row or column, already different. */
    static const int king[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    st = pz_units_label(m, "the anti-king rule");
    if (!st) st = differ_moves(m, first, n, king, 4);
  }
  if (!st && (variants & PZ_SUDOKU_ANTI_KNIGHT)) {
    static const int knight[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1},
                                     {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
    st = pz_units_label(m, "the anti-knight rule");
    if (!st) st = differ_moves(m, first, n, knight, 8);
  }
  if (!st && (variants & PZ_SUDOKU_NONCONSECUTIVE))
    st = pz_units_label(m, "the non-consecutive rule");
  for (int x = 0; x < n * n && !st && (variants & PZ_SUDOKU_NONCONSECUTIVE);
       x++) {
    if (x % n + 1 < n) st = pz_model_abs_diff(m, first + x, first + x + 1, PZ_NE, 1);
    if (!st && x + n < n * n)
      st = pz_model_abs_diff(m, first + x, first + x + n, PZ_NE, 1);
  }
  return st;
}
