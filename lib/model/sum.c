/* Linear sums. Distinct sums with few value sets (every Killer cage and
 * Kakuro run up to 9x9) use the value sets below; the rest a decision
 * diagram over the direct encoding: node (i, s)
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
#include <stdatomic.h>
#include <stdlib.h>

#include "cnf/cnf_impl.h"
#include "model/model_impl.h"

/* Most nodes one sum may have. */
#define SUM_MAX_NODES (1 << 22)

/* The decision diagram of "the sum of coef[j] * vars[j] is cmp total"
 * (coef NULL: all 1), applying only when every guard literal holds (a
 * literal list of ng, PZ_MLIT_TRUE ones left out). Only the root unit
 * depends on the guard: the node clauses define each node as "the actual
 * rest makes the total", which every assignment satisfies. */
int pz_menc_dd_levels(const pz_menc *e, const int *open, const int *coef,
                      int k, long long *lo, long long *hi, long long *ofs,
                      long long max, int **node) {
  const pz_model *m = e->m;
  *node = NULL;
  lo[k] = hi[k] = 0;
  for (int i = k - 1; i >= 0; i--) {
    int x = open[i];
    long long a = LLONG_MAX, b = LLONG_MIN;
    for (int v = m->lo.data[x]; v <= m->hi.data[x]; v++)
      if (pz_menc_has(e, x, v)) {
        long long w = (long long)(coef ? coef[i] : 1) * v;
        if (w < a) a = w;
        if (w > b) b = w;
      }
    lo[i] = lo[i + 1] + a;
    hi[i] = hi[i + 1] + b;
  }
  long long count = 0;
  for (int i = 0; i <= k; i++) {
    ofs[i] = count;
    count += (hi[0] - hi[i]) - (lo[0] - lo[i]) + 1;
    if (count > max) return PZ_ERR_TOO_LARGE;
  }
  ofs[k + 1] = count;
  *node = (int *)calloc((size_t)count + 1, sizeof(int));
  return *node ? PZ_OK : PZ_ERR_NOMEM;
}

int pz_menc_dd_number(pz_cnf *cnf, int *node, long long count, long long naux) {
  int first = 0, st = naux > 0 ? pz_cnf_new_aux(cnf, naux, &first) : PZ_OK;
  if (st) return st;
  for (long long i = 0, a = 0; i < count; i++)
    if (node[i] == -1) node[i] = first + (int)a++;
  return PZ_OK;
}

int pz_menc_emit_linear_dd(pz_menc *e, pz_cnf *cnf, const int *vars,
                           const int *coef, int n, int cmp, long long total,
                           const int *guard, int ng) {
  const pz_model *m = e->m;
  /* Decided variables move into the total. */
  int *open = (int *)malloc(((size_t)n + 1) * sizeof(int));
  int *ok = (int *)malloc(((size_t)n + 1) * sizeof(int));
  long long *lo = (long long *)malloc(((size_t)n + 2) * sizeof(long long));
  long long *hi = (long long *)malloc(((size_t)n + 2) * sizeof(long long));
  long long *ofs = (long long *)malloc(((size_t)n + 2) * sizeof(long long));
  int *node = NULL, st = PZ_OK, k = 0;
  if (!open || !ok || !lo || !hi || !ofs) {
    st = PZ_ERR_NOMEM;
    goto done;
  }
  for (int j = 0; j < n; j++) {
    int x = vars[j], a = coef ? coef[j] : 1;
    if (e->value[x] != PZ_MODEL_FREE) total -= (long long)a * e->value[x];
    else if (a) {
      ok[k] = a;
      open[k++] = x;
    }
  }
  /* Node literal per (level, prefix sum): TRUE, FALSE or an auxiliary. */
  st = pz_menc_dd_levels(e, open, ok, k, lo, hi, ofs, SUM_MAX_NODES, &node);
  if (st) goto done;
  long long count = ofs[k + 1];
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
      if (i == k) can = sure = pz_model_cmp_holds(cmp, s, total);
      *lit = !can ? PZ_MLIT_FALSE : sure ? PZ_MLIT_TRUE : -1;
      naux += *lit == -1;
    }
  }
  if ((st = pz_menc_dd_number(cnf, node, count, naux))) goto done;
  /* The root, under the guard. */
  if (node[0] != PZ_MLIT_TRUE) {
    for (int g = 0; g < ng; g++) pz_cnf_put(cnf, -guard[g]);
    if (node[0] != PZ_MLIT_FALSE) pz_cnf_put(cnf, node[0]);
    pz_cnf_put(cnf, 0);
  }
  for (int i = 0; i < k; i++) {
    int x = open[i];
    long long base = lo[0] - lo[i], cbase = lo[0] - lo[i + 1];
    for (long long s = base; s <= hi[0] - hi[i]; s++) {
      int rl = node[ofs[i] + (s - base)];
      if (rl == PZ_MLIT_FALSE || rl == PZ_MLIT_TRUE) continue;
      for (int v = m->lo.data[x]; v <= m->hi.data[x]; v++) {
        int l = pz_menc_lit(e, x, v);
        if (l == PZ_MLIT_FALSE) continue;
        long long t = s + (long long)ok[i] * v;
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
  free(ok);
  free(lo);
  free(hi);
  free(ofs);
  free(node);
  return st;
}

/* --- Value sets --------------------------------------------------------
 * For "k open distinct variables add up to t": the sets S of k candidate
 * values with sum t (at most C(9,4) = 126 for a 9x9 cage), a selector y_S
 * each, and
 *   at least one selector;
 *   y_S and x_i = v -> false            for every v of x_i outside S;
 *   x_i = v -> some y_S with v in S     (a value in no set goes at once);
 *   y_S -> some x_i = v                 for every v in S.
 * Tried against the diagram on the janko.at killers and random 9x9 ones
 * (docs/ENCODINGS.md, "Sums"). */

/* Most sets one sum may have before the diagram is used instead. */
#define SUM_MAX_SETS 1024
/* Not statuses (those are 0 or negative): what emit_sets did instead. */
#define NOT_USED 1
#define TOO_MANY 2

typedef struct sets {
  const int *vals;   /* candidate values, increasing */
  int nvals, k;
  long long t;
  int *pick;         /* the set being built: k value indexes */
  pz_ivec *out;      /* sets found, k value indexes each */
  int count;
} sets;

/* Sets of k values from vals[i..] with sum t, appended to out; TOO_MANY
 * when there are more than SUM_MAX_SETS, PZ_ERR_NOMEM. */
static int find_sets(sets *ss, int i, int depth, long long t) {
  if (depth == ss->k) {
    if (t) return PZ_OK;
    if (++ss->count > SUM_MAX_SETS) return TOO_MANY;
    for (int j = 0; j < ss->k; j++)
      if (pz_ivec_push(ss->out, ss->pick[j])) return PZ_ERR_NOMEM;
    return PZ_OK;
  }
  int left = ss->k - depth;
  for (int j = i; j + left <= ss->nvals; j++) {
    /* The smallest completion from j on already exceeds t: stop. */
    long long least = 0, most = 0;
    for (int q = 0; q < left; q++) {
      least += ss->vals[j + q];
      most += ss->vals[ss->nvals - 1 - q];
    }
    if (least > t) break;
    if (most < t) return PZ_OK;
    ss->pick[depth] = j;
    int st = find_sets(ss, j + 1, depth + 1, t - ss->vals[j]);
    if (st) return st;
  }
  return PZ_OK;
}

/* The value-set encoding of record r, or NOT_USED (nothing written) when
 * it does not apply or has too many sets. */
static int emit_sets(pz_menc *e, pz_cnf *cnf, size_t r) {
  const pz_model *m = e->m;
  const int *c = m->code.data + m->start.data[r];
  int n = c[4];
  const int *vars = c + 5;
  if (c[1] != PZ_EQ || !c[3]) return NOT_USED;
  long long t = c[2];
  int k = 0, lo = INT_MAX, hi = INT_MIN;
  for (int j = 0; j < n; j++) {
    int x = vars[j];
    if (e->value[x] != PZ_MODEL_FREE) {
      t -= e->value[x];
      continue;
    }
    k++;
    if (m->lo.data[x] < lo) lo = m->lo.data[x];
    if (m->hi.data[x] > hi) hi = m->hi.data[x];
  }
  if (k == 0 || (long long)hi - lo >= 4096) return NOT_USED;
  int span = hi - lo + 1;
  int *vals = (int *)malloc((size_t)span * sizeof(int));
  int *index = (int *)malloc((size_t)span * sizeof(int)); /* value -> vals */
  int *pick = (int *)malloc((size_t)k * sizeof(int));
  pz_ivec found = {0};
  int nvals = 0, st = PZ_OK;
  if (!vals || !index || !pick) {
    st = PZ_ERR_NOMEM;
    goto done;
  }
  for (int v = lo; v <= hi; v++) {
    index[v - lo] = -1;
    for (int j = 0; j < n; j++)
      if (e->value[vars[j]] == PZ_MODEL_FREE && pz_menc_has(e, vars[j], v)) {
        index[v - lo] = nvals;
        vals[nvals++] = v;
        break;
      }
  }
  sets ss = {vals, nvals, k, t, pick, &found, 0};
  if (k <= nvals) st = find_sets(&ss, 0, 0, t);
  if (st) {
    if (st == TOO_MANY) st = NOT_USED; /* the diagram instead */
    goto done;
  }
  int nsets = ss.count, first = 0;
  if (nsets == 0) {
    pz_cnf_put(cnf, 0);
    st = pz_cnf_status(cnf);
    goto done;
  }
  if ((st = pz_cnf_new_aux(cnf, nsets, &first))) goto done;
  /* Membership: in[s * nvals + i] = value i is in set s. */
  unsigned char *in = (unsigned char *)calloc((size_t)nsets * (size_t)nvals, 1);
  if (!in) {
    st = PZ_ERR_NOMEM;
    goto done;
  }
  for (int s = 0; s < nsets; s++)
    for (int j = 0; j < k; j++) in[(size_t)s * (size_t)nvals + (size_t)found.data[s * k + j]] = 1;
  for (int s = 0; s < nsets; s++) pz_cnf_put(cnf, first + s);
  pz_cnf_put(cnf, 0);
  for (int j = 0; j < n; j++) {
    int x = vars[j];
    if (e->value[x] != PZ_MODEL_FREE) continue;
    for (int v = m->lo.data[x]; v <= m->hi.data[x]; v++) {
      int l = pz_menc_lit(e, x, v);
      if (l == PZ_MLIT_FALSE || l == PZ_MLIT_TRUE) continue;
      int i = index[v - lo];
      /* Sets without v exclude it; v needs one of the sets with it. */
      for (int q = 0; q < nsets; q++)
        if (!in[(size_t)q * (size_t)nvals + (size_t)i]) pz_cnf_put2(cnf, -(first + q), -l);
      pz_cnf_put(cnf, -l);
      for (int q = 0; q < nsets; q++)
        if (in[(size_t)q * (size_t)nvals + (size_t)i]) pz_cnf_put(cnf, first + q);
      pz_cnf_put(cnf, 0);
    }
  }
  /* A chosen set has each of its values somewhere. */
  for (int q = 0; q < nsets; q++)
    for (int i = 0; i < k; i++) {
      int v = vals[found.data[q * k + i]];
      pz_cnf_put(cnf, -(first + q));
      for (int j = 0; j < n; j++) {
        int l = e->value[vars[j]] == PZ_MODEL_FREE ? pz_menc_lit(e, vars[j], v)
                                                   : PZ_MLIT_FALSE;
        if (l != PZ_MLIT_FALSE && l != PZ_MLIT_TRUE) pz_cnf_put(cnf, l);
      }
      pz_cnf_put(cnf, 0);
    }
  free(in);
  st = pz_cnf_status(cnf);
done:
  free(vals);
  free(index);
  free(pick);
  pz_ivec_free(&found);
  return st;
}

/* The benchmark's switch (never set by the library itself): atomic, so
 * that solving on several threads stays defined. */
static _Atomic int sum_mode = PZ_SUM_AUTO;

void pz_menc_set_sum_encoding(int mode) {
  atomic_store_explicit(&sum_mode, mode, memory_order_relaxed);
}

int pz_menc_emit_sum(pz_menc *e, pz_cnf *cnf, size_t r) {
  /* Measured (docs/ENCODINGS.md, "Sums"): the value sets where they
   * apply, the diagram elsewhere. */
  int mode = atomic_load_explicit(&sum_mode, memory_order_relaxed);
  if (mode == PZ_SUM_AUTO) mode = PZ_SUM_SETS;
  int st = NOT_USED;
  if (mode == PZ_SUM_SETS || mode == PZ_SUM_BOTH) st = emit_sets(e, cnf, r);
  if (st != PZ_OK && st != NOT_USED) return st; /* an error */
  if (st == NOT_USED || mode == PZ_SUM_BOTH) {
    const int *c = e->m->code.data + e->m->start.data[r];
    st = pz_menc_emit_linear_dd(e, cnf, c + 5, NULL, c[4], c[1], c[2], NULL, 0);
  }
  return st;
}
