/* Small pieces the kinds' ops share: how a generate op hands its puzzle
 * out, and how a parse op reports a parameter the input contradicts. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kinds/kind_impl.h"

int pz_kind_generated(int st, void *d, int *sol, void **def, int **solution) {
  if (st || !d) {
    free(sol);
    return st;
  }
  *def = d;
  *solution = sol;
  return PZ_OK;
}

int pz_kind_parsed(int st, void *d, void (*free_def)(void *), void **def) {
  if (st) {
    free_def(d);
    return st;
  }
  *def = d;
  return PZ_OK;
}

int pz_kind_parse_error(pz_parse_info *info, const char *fmt, ...) {
  if (info) {
    memset(info, 0, sizeof *info);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(info->message, sizeof info->message, fmt, ap);
    va_end(ap);
  }
  return PZ_ERR_PARSE;
}
