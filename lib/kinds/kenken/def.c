/* A KenKen definition: cages over the grid, an operation and target per
 * cage; what every reader checks before it hands one out. */
#include <stdlib.h>
#include <string.h>

#include "io/input.h"
#include "kinds/kenken/kenken_impl.h"

int pz_kenken_def_new(kenken_def **out, int n) {
  *out = NULL;
  if (n < 1 || n > KENKEN_MAX) return PZ_ERR_RANGE;
  size_t cells = (size_t)n * (size_t)n;
  kenken_def *d = (kenken_def *)calloc(1, sizeof *d);
  if (!d) return PZ_ERR_NOMEM;
  d->n = n;
  d->cage = (int *)calloc(cells, sizeof(int));
  d->op = (pz_arith_op *)calloc(cells, sizeof(pz_arith_op));
  d->target = (int *)calloc(cells, sizeof(int));
  if (!d->cage || !d->op || !d->target) {
    pz_kenken_def_free(d);
    return PZ_ERR_NOMEM;
  }
  *out = d;
  return PZ_OK;
}

void pz_kenken_def_free(kenken_def *d) {
  if (!d) return;
  free(d->cage);
  free(d->op);
  free(d->target);
  free(d);
}

void pz_kenken_def_order(kenken_def *d) {
  int cells = d->n * d->n, next = 0;
  int map[KENKEN_MAX * KENKEN_MAX], target[KENKEN_MAX * KENKEN_MAX];
  pz_arith_op op[KENKEN_MAX * KENKEN_MAX];
  for (int k = 0; k < cells; k++) map[k] = -1;
  for (int x = 0; x < cells; x++)
    if (map[d->cage[x]] < 0) map[d->cage[x]] = next++;
  for (int k = 0; k < d->ncages; k++)
    if (map[k] >= 0) op[map[k]] = d->op[k], target[map[k]] = d->target[k];
  for (int x = 0; x < cells; x++) d->cage[x] = map[d->cage[x]];
  d->ncages = next;
  memcpy(d->op, op, (size_t)next * sizeof *op);
  memcpy(d->target, target, (size_t)next * sizeof *target);
}

int pz_kenken_cage_cells(const kenken_def *d, int k, int *cells) {
  int len = 0;
  for (int x = 0; x < d->n * d->n; x++)
    if (d->cage[x] == k) cells[len++] = x;
  return len;
}

char pz_kenken_op_symbol(pz_arith_op op) {
  return op == PZ_ARITH_ADD ? '+' : op == PZ_ARITH_SUB ? '-'
         : op == PZ_ARITH_MUL ? 'x' : '/';
}

int pz_kenken_def_check(const kenken_def *d, pz_parse_info *info, int *bad) {
  int n = d->n, cells[KENKEN_MAX * KENKEN_MAX];
  *bad = -1;
  for (int x = 0; x < n * n; x++)
    if (d->cage[x] < 0 || d->cage[x] >= d->ncages)
      return pz_parse_fail(info, 0, 0, PZ_ERR_PARSE, "r%dc%d is in no cage",
                           x / n + 1, x % n + 1);
  for (int k = 0; k < d->ncages; k++) {
    int len = pz_kenken_cage_cells(d, k, cells), t = d->target[k];
    *bad = k;
    char sym = pz_kenken_op_symbol(d->op[k]);
    if (!len)
      return pz_parse_fail(info, 0, 0, PZ_ERR_PARSE, "cage %d has no cells",
                           k + 1);
    int r = cells[0] / n + 1, c = cells[0] % n + 1;
    if ((d->op[k] == PZ_ARITH_SUB || d->op[k] == PZ_ARITH_DIV) && len != 2)
      return pz_parse_fail(info, 0, 0, PZ_ERR_PARSE,
                           "the cage of r%dc%d has %d cells: '%c' needs two",
                           r, c, len, sym);
    /* The most the target can be: n per cell added, n^len multiplied. */
    long long most = d->op[k] == PZ_ARITH_ADD   ? (long long)n * len
                     : d->op[k] == PZ_ARITH_SUB ? n - 1
                     : d->op[k] == PZ_ARITH_DIV ? n : 1;
    if (d->op[k] == PZ_ARITH_MUL)
      for (int i = 0; i < len && most <= 1LL << 31; i++) most *= n;
    long long least = d->op[k] == PZ_ARITH_ADD ? len : 1;
    if (t < least || t > most)
      return pz_parse_fail(info, 0, 0, PZ_ERR_RANGE,
                           "the cage of r%dc%d: target %d%c is out of range "
                           "%lld..%lld", r, c, t, sym, least, most);
  }
  return PZ_OK;
}
