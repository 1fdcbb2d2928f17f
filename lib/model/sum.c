/* Linear sums as a decision diagram over the direct encoding: node (i, s)
 * stands for "the first i open variables add up to s and the rest can
 * still make the total". Nodes that can no longer make it are false,
 * nodes whose every completion makes it are true; the others get an
 * auxiliary variable R with, for each value d of variable i,
 *   R(i,s) and x_i = d  ->  R(i+1, s+d)
 *   x_i = d and R(i+1, s+d)  ->  R(i,s)
 * and the root is true. The first direction makes every complete
 * assignment follow a path of true nodes that must end well; the second
 * lets unit propagation remove values no completion can use (generalized
 * arc consistency). A 9-cell cage with sum 45 has at most 9 * 46 nodes. */
#include <stdlib.h>

#include "cnf/cnf_impl.h"
#include "model/model_impl.h"

/* Most nodes one sum may have. */
#define SUM_MAX_NODES (1 << 22)

static int holds(int cmp, long long s, long long total) {
  return cmp == PZ_EQ ? s == total : cmp == PZ_LE ? s <= total : s >= total;
}

int pz_menc_emit_sum(pz_menc *e, pz_cnf *cnf, size_t r) {
  const pz_model *m = e->m;
  const int *c = m->code.data + m->start.data[r];
  int cmp = c[1], n = c[4];
  const int *vars = c + 5;
  long long total = c[2];
  /* Decided variables move into the total. */
  int *open = (int *)malloc(((size_t)n + 1) * sizeof(int));
  long long *lo = (long long *)malloc(((size_t)n + 2) * sizeof(long long));
  long long *hi = (long long *)malloc(((size_t)n + 2) * sizeof(long long));
  long long *ofs = (long long *)malloc(((size_t)n + 2) * sizeof(long long));
  int *node = NULL, st = PZ_OK, k = 0;
  if (!open || !lo || !hi || !ofs) {
    st = PZ_ERR_NOMEM;
    goto done;
  }
  for (int j = 0; j < n; j++) {
    int x = vars[j];
    if (e->value[x] != PZ_MODEL_FREE) total -= e->value[x];
    else open[k++] = x;
  }
  /* Suffix bounds: lo[i], hi[i] = least / most the open variables from i
   * on can add. */
  lo[k] = hi[k] = 0;
  for (int i = k - 1; i >= 0; i--) {
    int x = open[i], a = INT_MAX, b = INT_MIN;
    for (int v = m->lo.data[x]; v <= m->hi.data[x]; v++)
      if (pz_menc_has(e, x, v)) {
        if (v < a) a = v;
        if (v > b) b = v;
      }
    lo[i] = lo[i + 1] + a;
    hi[i] = hi[i + 1] + b;
  }
  /* Prefix sums of level i lie in [lo[0] - lo[i], hi[0] - hi[i]]. */
  long long count = 0;
  for (int i = 0; i <= k; i++) {
    ofs[i] = count;
    count += (hi[0] - hi[i]) - (lo[0] - lo[i]) + 1;
    if (count > SUM_MAX_NODES) {
      st = PZ_ERR_TOO_LARGE;
      goto done;
    }
  }
  ofs[k + 1] = count;
  /* Node literal per (level, prefix sum): TRUE, FALSE or an auxiliary. */
  node = (int *)calloc((size_t)count + 1, sizeof(int));
  if (!node) {
    st = PZ_ERR_NOMEM;
    goto done;
  }
  long long naux = 0;
  for (int i = 0; i <= k; i++) {
    long long base = lo[0] - lo[i];
    for (long long s = base; s <= hi[0] - hi[i]; s++) {
      int *lit = &node[ofs[i] + (s - base)];
      long long least = s + lo[i], most = s + hi[i];
      int can = cmp == PZ_EQ ? least <= total && total <= most
                : cmp == PZ_LE ? least <= total : most >= total;
      int sure = cmp == PZ_EQ ? least == total && most == total
                 : cmp == PZ_LE ? most <= total : least >= total;
      if (i == k) can = sure = holds(cmp, s, total);
      *lit = !can ? PZ_MLIT_FALSE : sure ? PZ_MLIT_TRUE : -1;
      naux += *lit == -1;
    }
  }
  int first = 0;
  if (naux > 0 && (st = pz_cnf_new_aux(cnf, naux, &first))) goto done;
  for (long long i = 0, a = 0; i < count; i++)
    if (node[i] == -1) node[i] = first + (int)a++;
  /* The root. */
  if (node[0] == PZ_MLIT_FALSE) pz_cnf_put(cnf, 0);
  else if (node[0] != PZ_MLIT_TRUE) pz_cnf_put1(cnf, node[0]);
  for (int i = 0; i < k; i++) {
    int x = open[i];
    long long base = lo[0] - lo[i], cbase = lo[0] - lo[i + 1];
    for (long long s = base; s <= hi[0] - hi[i]; s++) {
      int rl = node[ofs[i] + (s - base)];
      if (rl == PZ_MLIT_FALSE || rl == PZ_MLIT_TRUE) continue;
      for (int v = m->lo.data[x]; v <= m->hi.data[x]; v++) {
        int l = pz_menc_lit(e, x, v);
        if (l == PZ_MLIT_FALSE) continue;
        long long t = s + v;
        int cl = t < cbase || t > hi[0] - hi[i + 1] ? PZ_MLIT_FALSE
                                                    : node[ofs[i + 1] + (t - cbase)];
        /* R and x=v -> child */
        if (cl == PZ_MLIT_FALSE) pz_cnf_put2(cnf, -rl, -l);
        else if (cl != PZ_MLIT_TRUE) pz_cnf_put3(cnf, -rl, -l, cl);
        /* x=v and child -> R */
        if (cl == PZ_MLIT_TRUE) pz_cnf_put2(cnf, rl, -l);
        else if (cl != PZ_MLIT_FALSE) pz_cnf_put3(cnf, rl, -l, -cl);
      }
    }
  }
  st = pz_cnf_status(cnf);
done:
  free(open);
  free(lo);
  free(hi);
  free(ofs);
  free(node);
  return st;
}
