/* Small pieces the kinds' ops share: how a generate op hands its puzzle
 * out, how a made puzzle takes its givens, how a split op hands its spans
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

int pz_kind_puzzle_made(int st, const int *givens, pz_puzzle **out) {
  if (!st && givens) st = pz_puzzle_set_givens(*out, givens);
  if (st) {
    pz_puzzle_free(*out);
    *out = NULL;
  }
  return st;
}

int pz_kind_parsed(int st, void *d, void (*free_def)(void *), void **def) {
  if (st) {
    free_def(d);
    return st;
  }
  *def = d;
  return PZ_OK;
}

int pz_kind_split_made(pz_span *p, size_t made, size_t len, pz_span **parts,
                       size_t *count) {
  for (size_t i = 0; i < made; i++)
    p[i].len = (i + 1 < made ? p[i + 1].offset : len) - p[i].offset;
  if (!made) {
    free(p);
    p = NULL;
  }
  *parts = p, *count = made;
  return PZ_OK;
}

static int vrefuse(pz_parse_info *why, int st, const char *fmt, va_list ap) {
  if (why) {
    memset(why, 0, sizeof *why);
    vsnprintf(why->message, sizeof why->message, fmt, ap);
  }
  return st;
}

int pz_kind_parse_error(pz_parse_info *info, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int st = vrefuse(info, PZ_ERR_PARSE, fmt, ap);
  va_end(ap);
  return st;
}

int pz_kind_refuse(pz_parse_info *why, int st, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  st = vrefuse(why, st, fmt, ap);
  va_end(ap);
  return st;
}
