/* Visibility: looking along x_0 .. x_{n-1}, how many are taller than every
 * one before them. Over the values LO..HI of the union of the domains,
 * three families of auxiliary literals, each an OR gate of the one before:
 *   G(i, v) = "x_i >= v"            = (x_i = v) or G(i, v + 1)
 *   M(i, v) = "max(x_0..x_i) >= v"  = M(i - 1, v) or G(i, v)
 *   S(i)    = "x_i is seen"         : x_i = v and not M(i - 1, v) -> S(i),
 *                                     x_i = v and M(i - 1, v) -> not S(i)
 * S(0) is true, and a unary counter of gates C(i, j) = "at least j of
 * x_0..x_i are seen" = C(i-1, j) or (C(i-1, j-1) and S(i)), up to k + 1,
 * says how many (as the clue's own reasoning: "two seen so far"). Every gate
 * is defined both ways, so each auxiliary is a function of the cells: the
 * encoding adds no solutions and, under the exactly-one per cell, unit
 * propagation follows "the tallest so far" up and down the line. Gates
 * over constants (decided cells, values outside a domain) fold away:
 * G(i, v) is true up to x_i's least candidate and false above its
 * greatest, so a line of decided cells costs nothing but its count. About
 * n (2 (HI - LO) + 2 (k + 1)) gates of 3 clauses. */
#include <stdlib.h>

#include "cnf/cnf_impl.h"
#include "model/model_impl.h"

/* a or b as one literal: a constant or an operand when it folds, else a
 * new auxiliary y with y <-> (a or b). */
static int or_gate(pz_cnf *cnf, int a, int b, int *out) {
  if (a == PZ_MLIT_TRUE || b == PZ_MLIT_TRUE) *out = PZ_MLIT_TRUE;
  else if (a == PZ_MLIT_FALSE || a == b) *out = b;
  else if (b == PZ_MLIT_FALSE) *out = a;
  else if (a == -b) *out = PZ_MLIT_TRUE;
  else {
    int y;
    int st = pz_cnf_new_aux(cnf, 1, &y);
    if (st) return st;
    pz_cnf_put2(cnf, -a, y);
    pz_cnf_put2(cnf, -b, y);
    pz_cnf_put3(cnf, -y, a, b);
    *out = y;
  }
  return PZ_OK;
}

/* g[v - lo] = G(i, v) for x = x_i, v in lo..hi (g[hi - lo + 1] false). */
static int ladder(const pz_menc *e, pz_cnf *cnf, int x, int lo, int hi,
                  int *g) {
  int least = INT_MAX;
  for (int v = lo; v <= hi && least == INT_MAX; v++)
    if (pz_menc_lit(e, x, v) != PZ_MLIT_FALSE) least = v;
  g[hi - lo + 1] = PZ_MLIT_FALSE;
  for (int v = hi; v >= lo; v--) {
    if (v <= least) {
      g[v - lo] = PZ_MLIT_TRUE; /* x takes one of its candidates */
      continue;
    }
    int st = or_gate(cnf, pz_menc_lit(e, x, v), g[v - lo + 1], &g[v - lo]);
    if (st) return st;
  }
  return PZ_OK;
}

/* a and b as one literal, folded as or_gate. */
static int and_gate(pz_cnf *cnf, int a, int b, int *out) {
  if (a == PZ_MLIT_FALSE || b == PZ_MLIT_FALSE || a == -b) *out = PZ_MLIT_FALSE;
  else if (a == PZ_MLIT_TRUE || a == b) *out = b;
  else if (b == PZ_MLIT_TRUE) *out = a;
  else {
    int y;
    int st = pz_cnf_new_aux(cnf, 1, &y);
    if (st) return st;
    pz_cnf_put2(cnf, -y, a);
    pz_cnf_put2(cnf, -y, b);
    pz_cnf_put3(cnf, y, -a, -b);
    *out = y;
  }
  return PZ_OK;
}

/* The counter: cnt[j] = "at least j of the members so far are seen", for
 * j = 0..top (cnt[0] true); one more member s:
 *   cnt'[j] = cnt[j] or (cnt[j - 1] and s), j from the top down. */
static int count_step(pz_cnf *cnf, int *cnt, int top, int s) {
  for (int j = top; j >= 1; j--) {
    int both;
    int st = and_gate(cnf, cnt[j - 1], s, &both);
    if (!st) st = or_gate(cnf, cnt[j], both, &cnt[j]);
    if (st) return st;
  }
  return PZ_OK;
}

int pz_menc_emit_visible(pz_menc *e, pz_cnf *cnf, size_t r) {
  const pz_model *m = e->m;
  const int *c = m->code.data + m->start.data[r];
  pz_cmp cmp = (pz_cmp)c[1];
  int k = c[2], n = c[3];
  const int *vars = c + 4;
  /* The counter goes as far as the comparison looks: k + 1 (within
   * 0..n + 1). */
  int top = k < 0 ? 1 : k >= n ? n + 1 : k + 1;
  int lo = INT_MAX, hi = INT_MIN;
  for (int i = 0; i < n; i++) {
    if (m->lo.data[vars[i]] < lo) lo = m->lo.data[vars[i]];
    if (m->hi.data[vars[i]] > hi) hi = m->hi.data[vars[i]];
  }
  size_t width = n ? (size_t)((long long)hi - lo + 2) : 1;
  /* prev: M(i - 1, .); g: G(i, .), then M(i, .) in place. */
  int *prev = (int *)malloc(width * sizeof(int));
  int *g = (int *)malloc(width * sizeof(int));
  int *cnt = (int *)malloc(((size_t)top + 1) * sizeof(int));
  int st = prev && g && cnt ? PZ_OK : PZ_ERR_NOMEM;
  for (int j = 0; j <= top && !st; j++) cnt[j] = j == 0 ? PZ_MLIT_TRUE : PZ_MLIT_FALSE;
  if (!st && n > 0) {
    st = ladder(e, cnf, vars[0], lo, hi, prev); /* M(0) = G(0) */
    if (!st) st = count_step(cnf, cnt, top, PZ_MLIT_TRUE); /* x_0 is seen */
  }
  for (int i = 1; i < n && !st; i++) {
    int x = vars[i], s;
    if (e->value[x] != PZ_MODEL_FREE) {
      s = pz_mlit_neg(prev[e->value[x] - lo]);
    } else if (!(st = pz_cnf_new_aux(cnf, 1, &s))) {
      for (int v = lo; v <= hi; v++) {
        int l = pz_menc_lit(e, x, v);
        if (l == PZ_MLIT_FALSE) continue;
        pz_mlit_put3(cnf, -l, prev[v - lo], s);
        pz_mlit_put3(cnf, -l, pz_mlit_neg(prev[v - lo]), -s);
      }
    }
    if (!st) st = count_step(cnf, cnt, top, s);
    if (i == n - 1 || st) break;
    if ((st = ladder(e, cnf, x, lo, hi, g))) break;
    for (int v = lo; v <= hi && !st; v++)
      st = or_gate(cnf, prev[v - lo], g[v - lo], &g[v - lo]);
    int *t = prev;
    prev = g;
    g = t;
  }
  /* At least k: cnt[k]; at most k: not cnt[k + 1]. */
  if (!st && cmp != PZ_LE && k > 0)
    pz_mlit_put3(cnf, k <= n ? cnt[k] : PZ_MLIT_FALSE, PZ_MLIT_FALSE, PZ_MLIT_FALSE);
  if (!st && cmp != PZ_GE)
    pz_mlit_put3(cnf, k < 0 ? PZ_MLIT_FALSE : k + 1 <= n ? pz_mlit_neg(cnt[k + 1]) : PZ_MLIT_TRUE,
        PZ_MLIT_FALSE, PZ_MLIT_FALSE);
  if (!st) st = pz_cnf_status(cnf);
  free(prev);
  free(g);
  free(cnt);
  return st;
}
