/* Latin squares: every row and column holds 1..n once. Reduced squares fix
 * the first row and column to 1..n; those are fixed values of the model,
 * simplified away like givens (a given that clashes with them leaves no
 * solution). */
#include <stdlib.h>

#include "model/model_impl.h"
#include "puzzle/puzzle_impl.h"
#include "puzzle/units.h"

static const char latin_kind[] = "latin";

static int rules(pz_model *m, int n, unsigned flags, int *line) {
  int first, st = pz_model_add_ints(m, n * n, 1, n, &first);
  if (!st) st = pz_units_latin(m, first, n, n, line);
  for (int i = 0; i < n && !st && (flags & PZ_LATIN_REDUCED); i++) {
    st = pz_model_fix(m, i, i + 1);
    if (!st) st = pz_model_fix(m, i * n, i + 1);
  }
  return st;
}

int pz_latin_new(pz_puzzle **out, int n, unsigned flags) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (n < 1 || flags & ~PZ_LATIN_REDUCED) return PZ_ERR_ARG;
  if (n > PZ_LATIN_MAX_ORDER) return PZ_ERR_TOO_LARGE;
  pz_model *m = NULL;
  int *line = (int *)malloc((size_t)n * sizeof(int));
  int st = line ? pz_model_new(&m) : PZ_ERR_NOMEM;
  if (!st) st = rules(m, n, flags, line);
  if (!st) st = pz_model_puzzle_kind(out, m, n, n, latin_kind);
  pz_model_free(m);
  free(line);
  return st;
}
