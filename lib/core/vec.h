/* Growable int arrays: the one dynamic container the library uses. */
#ifndef PZ_VEC_H
#define PZ_VEC_H

#include <stddef.h>
#include <stdlib.h>
#include "pz/common.h"

typedef struct pz_ivec {
  int *data;
  size_t len, cap;
} pz_ivec;

/* Makes room for `extra` more ints; PZ_ERR_NOMEM on failure. */
static inline int pz_ivec_reserve(pz_ivec *v, size_t extra) {
  if (v->cap - v->len >= extra) return PZ_OK;
  size_t cap = v->cap ? v->cap : 64;
  while (cap - v->len < extra) {
    if (cap > ((size_t)-1) / 2 / sizeof(int)) return PZ_ERR_NOMEM;
    cap *= 2;
  }
  int *d = (int *)realloc(v->data, cap * sizeof(int));
  if (!d) return PZ_ERR_NOMEM;
  v->data = d;
  v->cap = cap;
  return PZ_OK;
}

static inline int pz_ivec_push(pz_ivec *v, int x) {
  if (v->len == v->cap) {
    int st = pz_ivec_reserve(v, 1);
    if (st) return st;
  }
  v->data[v->len++] = x;
  return PZ_OK;
}

static inline void pz_ivec_free(pz_ivec *v) {
  free(v->data);
  v->data = NULL;
  v->len = v->cap = 0;
}

#endif
