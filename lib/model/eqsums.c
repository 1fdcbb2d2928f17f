/* Groups with one common sum (pz_model_equal_sums): the sum gets a
 * one-hot variable of its own, S_t = "the common sum is t", exactly one
 * true; each group is then the decision diagram of sum.c without a
 * target, whose last level is S itself: node (i, s) = "the first i open
 * variables of the group add up to s", and node (k, s) = S_(fixed + s).
 *   R(i,s) and x_i = d  ->  R(i+1, s+d)
 *   x_i = d and R(i+1, s+d)  ->  R(i,s)
 * with the root true. Every group drives S to its own sum, the one-hot S
 * makes them agree, and a value of S ruled out reaches back into every
 * group. Against comparing each group with the first (+1/-1 diagrams),
 * this is smaller and gives the solver one variable to branch on
 * (docs/ENCODINGS.md, "Equal sums"). */
#include <stdlib.h>

#include "cnf/cnf_impl.h"
#include "model/model_impl.h"

/* Most diagram nodes one group may have. */
#define EQSUMS_MAX_NODES (1 << 22)

/* Least and most of the open variables of one group, and the sum of its
 * decided ones. */
static void group_range(const pz_menc *e, const int *vars, int n,
                        long long *fixed, long long *lo, long long *hi) {
  const pz_model *m = e->m;
  *fixed = *lo = *hi = 0;
  for (int j = 0; j < n; j++) {
    int x = vars[j];
    if (e->value[x] != PZ_MODEL_FREE) {
      *fixed += e->value[x];
      continue;
    }
    long long a = LLONG_MAX, b = LLONG_MIN;
    for (int v = m->lo.data[x]; v <= m->hi.data[x]; v++)
      if (pz_menc_has(e, x, v)) {
        if (v < a) a = v;
        if (v > b) b = v;
      }
    *lo += a;
    *hi += b;
  }
}

/* The diagram of one group, its last level the literals of S (sums
 * slo + t for t in 0..ns-1, first + t each). */
static int emit_group(pz_menc *e, pz_cnf *cnf, const int *vars, int n,
                      long long slo, long long shi, int first) {
  const pz_model *m = e->m;
  int *open = (int *)malloc(((size_t)n + 1) * sizeof(int));
  long long *lo = (long long *)malloc(((size_t)n + 2) * sizeof(long long));
  long long *hi = (long long *)malloc(((size_t)n + 2) * sizeof(long long));
  long long *ofs = (long long *)malloc(((size_t)n + 2) * sizeof(long long));
  int *node = NULL, st = PZ_OK, k = 0;
  long long fixed = 0;
  if (!open || !lo || !hi || !ofs) {
    st = PZ_ERR_NOMEM;
    goto done;
  }
  for (int j = 0; j < n; j++) {
    if (e->value[vars[j]] != PZ_MODEL_FREE) fixed += e->value[vars[j]];
    else open[k++] = vars[j];
  }
  st = pz_menc_dd_levels(e, open, NULL, k, lo, hi, ofs, EQSUMS_MAX_NODES, &node);
  if (st) goto done;
  long long count = ofs[k + 1];
  long long naux = 0;
  for (int i = 0; i <= k; i++) {
    long long base = lo[0] - lo[i];
    for (long long s = base; s <= hi[0] - hi[i]; s++) {
      int *lit = &node[ofs[i] + (s - base)];
      long long least = fixed + s + lo[i], most = fixed + s + hi[i];
      int can = least <= shi && most >= slo;
      if (i == k) *lit = can ? first + (int)(fixed + s - slo) : PZ_MLIT_FALSE;
      else *lit = can ? -1 : PZ_MLIT_FALSE;
      naux += *lit == -1;
    }
  }
  if ((st = pz_menc_dd_number(cnf, node, count, naux))) goto done;
  /* The root holds (an empty clause when it cannot). */
  if (node[0] != PZ_MLIT_FALSE) pz_cnf_put(cnf, node[0]);
  pz_cnf_put(cnf, 0);
  for (int i = 0; i < k; i++) {
    int x = open[i];
    long long base = lo[0] - lo[i], cbase = lo[0] - lo[i + 1];
    for (long long s = base; s <= hi[0] - hi[i]; s++) {
      int rl = node[ofs[i] + (s - base)];
      if (rl == PZ_MLIT_FALSE) continue;
      for (int v = m->lo.data[x]; v <= m->hi.data[x]; v++) {
        int l = pz_menc_lit(e, x, v);
        if (l == PZ_MLIT_FALSE) continue;
        long long t = s + v;
        int cl = t < cbase || t > hi[0] - hi[i + 1] ? PZ_MLIT_FALSE
                                                    : node[ofs[i + 1] + (t - cbase)];
        if (cl == PZ_MLIT_FALSE) pz_cnf_put2(cnf, -rl, -l);
        else {
          pz_cnf_put3(cnf, -rl, -l, cl);
          pz_cnf_put3(cnf, rl, -l, -cl);
        }
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

int pz_menc_emit_eqsums(pz_menc *e, pz_cnf *cnf, size_t r) {
  const pz_model *m = e->m;
  const int *c = m->code.data + m->start.data[r];
  int ng = c[1];
  const int *lens = c + 3, *vars = c + 3 + ng;
  /* The common sum lies in every group's range. */
  long long slo = LLONG_MIN, shi = LLONG_MAX;
  const int *x = vars;
  for (int g = 0; g < ng; g++) {
    long long f, a, b;
    group_range(e, x, lens[g], &f, &a, &b);
    if (f + a > slo) slo = f + a;
    if (f + b < shi) shi = f + b;
    x += lens[g];
  }
  if (slo > shi) { /* no sum fits every group */
    pz_cnf_put(cnf, 0);
    return pz_cnf_status(cnf);
  }
  if (shi - slo >= (1 << 20)) return PZ_ERR_TOO_LARGE;
  int ns = (int)(shi - slo + 1), first = 0;
  int st = pz_cnf_new_aux(cnf, ns, &first);
  if (st) return st;
  /* Exactly one S_t: the clause of all, then pairwise up to 64 sums
   * (measured faster than a ladder on the CTC puzzles), a ladder above
   * (y_t = "some of S_0..S_t"); written by hand, as pz_at_most_one takes
   * no auxiliaries. */
  for (int t = 0; t < ns; t++) pz_cnf_put(cnf, first + t);
  pz_cnf_put(cnf, 0);
  if (ns <= 64) {
    for (int t = 0; t < ns; t++)
      for (int u = t + 1; u < ns; u++) pz_cnf_put2(cnf, -(first + t), -(first + u));
  } else {
    int y = 0;
    if ((st = pz_cnf_new_aux(cnf, ns - 1, &y))) return st;
    for (int t = 0; t + 1 < ns; t++) {
      pz_cnf_put2(cnf, -(first + t), y + t);
      if (t > 0) pz_cnf_put2(cnf, -(y + t - 1), y + t);
      pz_cnf_put2(cnf, -(y + t), -(first + t + 1));
    }
  }
  x = vars;
  for (int g = 0; g < ng && !st; g++) {
    st = emit_group(e, cnf, x, lens[g], slo, shi, first);
    x += lens[g];
  }
  return st;
}
