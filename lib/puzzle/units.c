/* All-different groups of a grid of variables (units.h). */
#include "puzzle/units.h"

int pz_units_block(pz_model *m, int first, int stride, int r0, int c0,
                   int rr, int cc, int *buf) {
  int k = 0;
  for (int i = 0; i < rr; i++)
    for (int j = 0; j < cc; j++) buf[k++] = first + (r0 + i) * stride + c0 + j;
  return pz_model_all_different(m, buf, (size_t)k);
}

int pz_units_latin(pz_model *m, int first, int stride, int n, int *buf) {
  int st = PZ_OK;
  for (int i = 0; i < n && !st; i++) {
    st = pz_units_block(m, first, stride, i, 0, 1, n, buf); /* row i */
    if (!st) st = pz_units_block(m, first, stride, 0, i, n, 1, buf); /* column i */
  }
  return st;
}
