/* Runs of equal sums (a sum line): x_0 .. x_{n-1} cut into consecutive
 * runs that each add up to T. As the line is read, the sum of the run
 * under way goes 0 .. T - 1, back to 0 when it reaches T exactly; it may
 * never pass T, and the line ends at 0. Auxiliary literals
 *   P(i, s) = "the run under way adds up to s before x_i"   (s < T)
 * with P(0, 0) true, and per value v of x_i
 *   P(i, s) and x_i = v -> P(i + 1, (s + v) mod T)   when s + v <= T
 *   not (P(i, s) and x_i = v)                          when s + v > T
 * and at most one P(i, .) true; then P(n, 0). From the true P(0, 0) the
 * implications make the true partial sum's literal true at each point,
 * and at most one leaves no other: every auxiliary is a function of the
 * cells, so the encoding adds no solutions. States no earlier one reaches
 * are never made. About n T (values + T / 2) clauses. */
#include <stdlib.h>

#include "cnf/cnf_impl.h"
#include "model/model_impl.h"

int pz_model_runs_ok(const int *vars, size_t n, int total, const int *v) {
  long long run = 0;
  for (size_t i = 0; i < n; i++) {
    run += v[vars[i]];
    if (run > total) return 0;
    if (run == total) run = 0;
  }
  return run == 0;
}

int pz_menc_emit_runsums(pz_menc *e, pz_cnf *cnf, size_t r) {
  const pz_model *m = e->m;
  const int *c = m->code.data + m->start.data[r];
  int total = c[1], n = c[2];
  const int *vars = c + 3;
  /* cur: P(i, .), next: P(i + 1, .); FALSE until some state reaches it. */
  int *cur = (int *)malloc((size_t)total * sizeof(int));
  int *next = (int *)malloc((size_t)total * sizeof(int));
  int st = cur && next ? PZ_OK : PZ_ERR_NOMEM;
  for (int s = 0; s < total && !st; s++) cur[s] = s ? PZ_MLIT_FALSE : PZ_MLIT_TRUE;
  for (int i = 0; i < n && !st; i++) {
    int x = vars[i];
    for (int s = 0; s < total; s++) next[s] = PZ_MLIT_FALSE;
    for (int s = 0; s < total && !st; s++) {
      if (cur[s] == PZ_MLIT_FALSE) continue;
      for (int v = m->lo.data[x]; v <= m->hi.data[x] && !st; v++) {
        int l = pz_menc_lit(e, x, v);
        if (l == PZ_MLIT_FALSE) continue;
        if (s + v > total) {
          pz_mlit_put3(cnf, pz_mlit_neg(cur[s]), pz_mlit_neg(l), PZ_MLIT_FALSE);
          continue;
        }
        int t = s + v == total ? 0 : s + v;
        if (next[t] == PZ_MLIT_FALSE) {
          /* Reached for certain: a constant; else a new literal. */
          if (cur[s] == PZ_MLIT_TRUE && l == PZ_MLIT_TRUE) next[t] = PZ_MLIT_TRUE;
          else if ((st = pz_cnf_new_aux(cnf, 1, &next[t]))) break;
        } else if (next[t] == PZ_MLIT_TRUE) {
          continue;
        }
        pz_mlit_put3(cnf, pz_mlit_neg(cur[s]), pz_mlit_neg(l), next[t]);
      }
    }
    /* At most one state: pairs (constants fold). */
    for (int s = 0; s < total && !st; s++)
      for (int u = s + 1; u < total && next[s] != PZ_MLIT_FALSE; u++)
        if (next[u] != PZ_MLIT_FALSE) pz_mlit_put3(cnf, pz_mlit_neg(next[s]), pz_mlit_neg(next[u]), PZ_MLIT_FALSE);
    int *tmp = cur;
    cur = next;
    next = tmp;
  }
  if (!st) pz_mlit_put3(cnf, cur[0], PZ_MLIT_FALSE, PZ_MLIT_FALSE); /* ends a run */
  if (!st) st = pz_cnf_status(cnf);
  free(cur);
  free(next);
  return st;
}
