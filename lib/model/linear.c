/* Weighted sums under a guard (pz_model_linear_if): the guard's values
 * become literals, a guard that can no longer hold drops the sum, and the
 * rest is the decision diagram of sum.c with coefficients. Arrows (the
 * circle with coefficient -1), equal sums of two segments (+1 / -1) and
 * Sandwich clues (the sum between the ends where the 1 and the 9 stand)
 * are all this one record. */
#include <stdlib.h>

#include "cnf/cnf_impl.h"
#include "model/model_impl.h"

int pz_menc_emit_linear(pz_menc *e, pz_cnf *cnf, size_t r) {
  const pz_model *m = e->m;
  const int *c = m->code.data + m->start.data[r];
  int n = c[3], ng = c[4];
  const int *vars = c + 5, *coefs = c + 5 + n;
  const int *gvars = c + 5 + 2 * n, *gvals = gvars + ng;
  int *guard = (int *)malloc(((size_t)ng + 1) * sizeof(int));
  if (!guard) return PZ_ERR_NOMEM;
  int k = 0;
  for (int g = 0; g < ng; g++) {
    int l = pz_menc_lit(e, gvars[g], gvals[g]);
    if (l == PZ_MLIT_FALSE) { /* the guard cannot hold: nothing to say */
      free(guard);
      return PZ_OK;
    }
    if (l != PZ_MLIT_TRUE) guard[k++] = l;
  }
  int st = pz_menc_emit_linear_dd(e, cnf, vars, coefs, n, c[1], c[2], guard, k);
  free(guard);
  return st;
}
