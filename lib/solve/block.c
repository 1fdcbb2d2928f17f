/* Blocking a solution: the one place that knows the clause's shape. */
#include "solve/solver_ext.h"

int pz_block_clause(pz_ivec *clause, int sel, const int *vars, size_t n,
                    int exact, int (*val)(const void *ctx, int var),
                    const void *ctx) {
  clause->len = 0;
  int st = pz_ivec_reserve(clause, n + 1);
  if (st) return st;
  if (sel) clause->data[clause->len++] = -sel;
  for (size_t i = 0; i < n; i++) {
    int v = vars ? vars[i] : (int)i + 1;
    if (!v || v == sel) continue;
    if (val(ctx, v) > 0)
      clause->data[clause->len++] = -v;
    else if (!exact)
      clause->data[clause->len++] = v;
  }
  return PZ_OK;
}
