/* Latin squares: every row and column holds 1..n once. Reduced squares fix
 * the first row and column to 1..n; those are fixed values of the model,
 * simplified away like givens (a given that clashes with them leaves no
 * solution). */
#include <stdlib.h>
#include <string.h>

#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "kinds/latin/fill.h"
#include "puzzle/puzzle_impl.h"
#include "puzzle/units.h"

static const char latin_kind[] = "latin";

/* Symbols the row-by-row completion may try before the solver takes
 * over: an empty square needs none beyond its cyclic choices; n givens
 * from a random square took 1.1 to 1.5 n^3 at orders 50 to 256, 4n givens
 * at order 256 under 2 n^3. So a hopeless try costs about what a
 * successful one does (0.2 s at order 256). */
static uint64_t fill_budget(int n) {
  return 4 * (uint64_t)n * (uint64_t)n * (uint64_t)n + 100000;
}

/* The givens with a reduced square's first row and column; 0 when they
 * clash with them (the solver then says there is no solution). */
static int wanted(const pz_puzzle *p, unsigned flags, int *want) {
  int n = p->rows;
  memcpy(want, p->givens, (size_t)n * n * sizeof(int));
  for (int i = 0; i < n && (flags & PZ_LATIN_REDUCED); i++) {
    int *row = &want[i], *col = &want[(size_t)i * n];
    if ((*row && *row != i + 1) || (*col && *col != i + 1)) return 0;
    *row = *col = i + 1;
  }
  return 1;
}

/* pz_puzzle_ops.quick_solve: an empty or nearly empty square needs no
 * search (docs/ENCODINGS.md, "Size budget"). */
static int quick_solve(pz_puzzle *p, int *grid, int *found) {
  const unsigned *flags = (const unsigned *)pz_model_puzzle_data(p, latin_kind);
  int n = p->rows;
  *found = 0;
  int *want = (int *)malloc((size_t)n * n * sizeof(int));
  if (!want) return PZ_ERR_NOMEM;
  int st = PZ_OK;
  if (wanted(p, *flags, want))
    st = pz_latin_fill(n, want, fill_budget(n), p->poll, grid, found);
  /* A reduced square's twin would have to stay reduced: not told here. */
  if (!st && *found && !(*flags & PZ_LATIN_REDUCED) &&
      pz_latin_has_twin(n, want))
    *found = 2;
  free(want);
  return st;
}

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
  unsigned *kept = st ? NULL : (unsigned *)malloc(sizeof *kept);
  if (!st && !kept) st = PZ_ERR_NOMEM;
  if (kept) {
    *kept = flags;
    pz_model_puzzle_set_data(*out, kept, free);
    pz_model_puzzle_set_quick_solve(*out, quick_solve);
  }
  pz_model_free(m);
  free(line);
  if (st && *out) {
    pz_puzzle_free(*out);
    *out = NULL;
  }
  return st;
}
