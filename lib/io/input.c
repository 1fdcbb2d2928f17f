#include "io/input.h"

#include <stdarg.h>
#include <stdlib.h>

int pz_parse_fail(pz_parse_info *info, size_t line, size_t col, int st,
                  const char *fmt, ...) {
  if (info) {
    va_list ap;
    va_start(ap, fmt);
    info->line = line;
    info->column = col;
    vsnprintf(info->message, sizeof info->message, fmt, ap);
    va_end(ap);
  }
  return st;
}

int pz_read_all(FILE *in, char **buf, size_t *len, pz_parse_info *info) {
  size_t cap = 1 << 16, n = 0;
  char *b = (char *)malloc(cap);
  *buf = NULL;
  *len = 0;
  if (!b) return PZ_ERR_NOMEM;
  for (;;) {
    if (n == cap) {
      char *nb = cap > ((size_t)-1) / 2 ? NULL : (char *)realloc(b, cap * 2);
      if (!nb) {
        free(b);
        return PZ_ERR_NOMEM;
      }
      b = nb;
      cap *= 2;
    }
    size_t got = fread(b + n, 1, cap - n, in);
    n += got;
    if (got == 0) break;
  }
  if (ferror(in)) {
    free(b);
    return pz_parse_fail(info, 0, 0, PZ_ERR_IO, "reading the input failed");
  }
  *buf = b;
  *len = n;
  return PZ_OK;
}
