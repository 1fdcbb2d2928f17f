/* An enum's names, in a table indexed by value, looked up both ways: the
 * public pz_X_name / pz_X_from_name pairs (symmetries, levels, encodings,
 * enumeration methods) all work the same. */
#ifndef PZ_CORE_NAMES_H
#define PZ_CORE_NAMES_H

#include <string.h>

#include "pz/common.h"

/* names[v] for 0 <= v < n, else NULL. */
static inline const char *pz_name_of(const char *const *names, int n, int v) {
  return v >= 0 && v < n ? names[v] : NULL;
}

/* The index of name in names[0..n), or -1 (also for name NULL). */
static inline int pz_name_index(const char *const *names, int n,
                                const char *name) {
  for (int i = 0; name && i < n; i++)
    if (!strcmp(name, names[i])) return i;
  return -1;
}

/* Defines `int FN(const char *name, TYPE *out)`: the value that names[0..n)
 * calls name into *out, PZ_OK; PZ_ERR_ARG when none does or out is NULL. */
#define PZ_FROM_NAME(FN, TYPE, names, n)                                      \
  int FN(const char *name, TYPE *out) {                                       \
    int i_ = pz_name_index(names, n, name);                                   \
    if (i_ < 0 || !out) return PZ_ERR_ARG;                                    \
    *out = (TYPE)i_;                                                          \
    return PZ_OK;                                                             \
  }

#endif
