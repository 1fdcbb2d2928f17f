/* Shared helpers for pz's fuzz targets (see fuzz.h). */
#include "fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fuzz_fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("fuzz: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

void fuzz_check_error(const char *what, int st, const pz_parse_info *info) {
  if (st >= 0 || st < PZ_ERR_CONFLICT)
    fuzz_fail("%s: status %d is not an error status", what, st);
  if (st == PZ_ERR_NOMEM) return;
  if (!memchr(info->message, '\0', sizeof info->message))
    fuzz_fail("%s: message not terminated", what);
  if (info->message[0] == '\0')
    fuzz_fail("%s: status %d (%s) without a message", what, st,
              pz_strerror(st));
}

FILE *fuzz_open(const uint8_t *data, size_t size, char **buf) {
  /* fmemopen wants a writable buffer, and older C libraries refuse size 0:
   * open a copy of at least one byte and, for an empty input, consume it. */
  char *copy = (char *)malloc(size ? size : 1);
  *buf = copy;
  if (!copy) return NULL;
  if (size) memcpy(copy, data, size);
  FILE *f = fmemopen(copy, size ? size : 1, "r");
  if (f && !size) (void)fgetc(f);
  return f;
}

int fuzz_read_agrees(const char *what, const char *name, fuzz_text_reader read,
                     const uint8_t *data, size_t size, int expect_n,
                     pz_text_format format, int st, pz_text **out,
                     pz_parse_info *info) {
  char *copy;
  FILE *in = fuzz_open(data, size, &copy);
  int agrees = 0;
  *out = NULL;
  if (in) {
    int rst = read(out, in, expect_n, format, info);
    fclose(in);
    agrees = rst == st;
    if (!agrees) fuzz_fail("%s: %s says %d, the parser %d", what, name, rst, st);
  }
  free(copy);
  return agrees;
}

void fuzz_default_box(int n, int *r, int *c) {
  int best = 1;
  for (int i = 1; i * i <= n; i++)
    if (n % i == 0) best = i;
  *r = best;
  *c = n / best;
}

const char *fuzz_check_grid(const pz_puzzle *p, const int *solution,
                            void *state) {
  const int *box = (const int *)state;
  int n = pz_puzzle_rows(p);
  const int *givens = pz_puzzle_givens(p);
  static char why[96];
  for (int i = 0; i < n * n; i++) {
    if (solution[i] < 1 || solution[i] > n) {
      snprintf(why, sizeof why, "cell %d holds %d, not 1..%d", i, solution[i],
               n);
      return why;
    }
    if (givens[i] && givens[i] != solution[i]) {
      snprintf(why, sizeof why, "cell %d holds %d, the given is %d", i,
               solution[i], givens[i]);
      return why;
    }
  }
  /* Units: n rows, n columns, and n boxes when box is set; each must hold
   * every value once. */
  int units = box ? 3 * n : 2 * n;
  unsigned char seen[32 + 1];
  if (n > 32) return "grid too large for the checker";
  for (int u = 0; u < units; u++) {
    memset(seen, 0, sizeof seen);
    for (int k = 0; k < n; k++) {
      int r, c;
      if (u < n) {
        r = u, c = k;
      } else if (u < 2 * n) {
        r = k, c = u - n;
      } else {
        int b = u - 2 * n, per_row = n / box[1];
        r = (b / per_row) * box[0] + k / box[1];
        c = (b % per_row) * box[1] + k % box[1];
      }
      int v = solution[r * n + c];
      if (seen[v]++) {
        snprintf(why, sizeof why, "value %d twice in unit %d (r%dc%d)", v, u,
                 r + 1, c + 1);
        return why;
      }
    }
  }
  return NULL;
}

static int absdiff(int a, int b) { return a > b ? a - b : b - a; }

const char *fuzz_check_variants(const pz_puzzle *p, const int *sol,
                                const int *box, unsigned variants) {
  const char *why = fuzz_check_grid(p, sol, (void *)box);
  if (why) return why;
  int n = pz_puzzle_rows(p);
  for (int r1 = 0; r1 < n; r1++)
    for (int c1 = 0; c1 < n; c1++)
      for (int r2 = 0; r2 < n; r2++)
        for (int c2 = 0; c2 < n; c2++) {
          int a = sol[r1 * n + c1], b = sol[r2 * n + c2];
          int dr = absdiff(r1, r2), dc = absdiff(c1, c2);
          if (dr + dc == 0) continue;
          if ((variants & PZ_SUDOKU_ANTI_KING) && dr <= 1 && dc <= 1 && a == b)
            return "equal digits a king's move apart";
          if ((variants & PZ_SUDOKU_ANTI_KNIGHT) && dr * dc == 2 && a == b)
            return "equal digits a knight's move apart";
          if ((variants & PZ_SUDOKU_NONCONSECUTIVE) && dr + dc == 1 &&
              absdiff(a, b) == 1)
            return "consecutive orthogonal neighbours";
          if ((variants & PZ_SUDOKU_DIAGONAL) && a == b &&
              ((r1 == c1 && r2 == c2) ||
               (r1 + c1 == n - 1 && r2 + c2 == n - 1)))
            return "equal digits on a main diagonal";
        }
  return NULL;
}
