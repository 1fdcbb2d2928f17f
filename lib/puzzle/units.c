/* All-different groups of a grid of variables (units.h). */
#include <stdarg.h>
#include <stdio.h>

#include "puzzle/units.h"

int pz_units_label(pz_model *m, const char *fmt, ...) {
  char name[PZ_MODEL_MAX_LABEL + 1];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(name, sizeof name, fmt, ap);
  va_end(ap);
  return pz_model_set_label(m, name);
}

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
    st = pz_units_label(m, "row %d", i + 1);
    if (!st) st = pz_units_block(m, first, stride, i, 0, 1, n, buf);
    if (!st) st = pz_units_label(m, "column %d", i + 1);
    if (!st) st = pz_units_block(m, first, stride, 0, i, n, 1, buf);
  }
  return st ? st : pz_model_set_label(m, NULL);
}
