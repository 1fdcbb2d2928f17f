/* Futoshiki: a Latin square of order n (every row and column holds 1..n
 * once) with inequality signs between orthogonal neighbours, each one
 * relation "a < b" or "a > b" of the model. */
#include <stdlib.h>

#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "puzzle/puzzle_impl.h"
#include "puzzle/units.h"
#include "pz/futoshiki.h"

static const char futoshiki_kind[] = "futoshiki";

/* The sign s between cell a and its neighbour b (b = a + step). */
static int sign(pz_model *m, int n, int a, int b, int s) {
  if (s == PZ_FUTOSHIKI_NONE) return PZ_OK;
  int st = pz_units_label(m, "the sign between r%dc%d and r%dc%d", a / n + 1,
                          a % n + 1, b / n + 1, b % n + 1);
  return st ? st : pz_model_relation(m, a, s == PZ_FUTOSHIKI_LESS ? PZ_LT : PZ_GT, b, 0);
}

static int rules(pz_model *m, int n, const int *right, const int *down,
                 int *line) {
  int first, st = pz_model_add_ints(m, n * n, 1, n, &first);
  if (!st) st = pz_units_latin(m, first, n, n, line);
  for (int x = 0; x < n * n && !st; x++) {
    if (right) st = sign(m, n, x, x + 1, right[x]);
    if (down && !st) st = sign(m, n, x, x + n, down[x]);
  }
  return st;
}

/* Every sign one of the three values, none pointing off the grid. */
static int signs_ok(int n, const int *right, const int *down) {
  for (int x = 0; x < n * n; x++) {
    int r = right ? right[x] : 0, d = down ? down[x] : 0;
    if (r < PZ_FUTOSHIKI_NONE || r > PZ_FUTOSHIKI_GREATER ||
        d < PZ_FUTOSHIKI_NONE || d > PZ_FUTOSHIKI_GREATER ||
        (r && x % n == n - 1) || (d && x / n == n - 1))
      return 0;
  }
  return 1;
}

int pz_futoshiki_new(pz_puzzle **out, int n, const int *right,
                     const int *down) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (n < 1) return PZ_ERR_ARG;
  if (n > PZ_FUTOSHIKI_MAX_ORDER) return PZ_ERR_TOO_LARGE;
  if (!signs_ok(n, right, down)) return PZ_ERR_RANGE;
  pz_model *m = NULL;
  int *line = (int *)malloc((size_t)n * sizeof(int));
  int st = line ? pz_model_new(&m) : PZ_ERR_NOMEM;
  if (!st) st = rules(m, n, right, down, line);
  if (!st) st = pz_model_puzzle_kind(out, m, n, n, futoshiki_kind);
  pz_model_free(m);
  free(line);
  return st;
}
