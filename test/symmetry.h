/* The tests' own geometry of the symmetries of an n x n square (written
 * apart from the generator's, so that a test checks the generator against
 * it): the k-th (0..2) cell that must be given with cell x under sym. */
#ifndef PZ_TEST_SYMMETRY_H
#define PZ_TEST_SYMMETRY_H

#include <pz/generate.h>

static inline int symmetry_partner(int sym, int n, int x, int k) {
  int r = x / n, c = x % n;
  switch (sym) {
    case PZ_SYMMETRY_ROTATE180: return (n - 1 - r) * n + (n - 1 - c);
    case PZ_SYMMETRY_ROTATE90:
      return k == 0 ? c * n + (n - 1 - r)
             : k == 1 ? (n - 1 - r) * n + (n - 1 - c)
                      : (n - 1 - c) * n + r;
    case PZ_SYMMETRY_MIRROR: return r * n + (n - 1 - c);
    case PZ_SYMMETRY_DIAGONAL: return c * n + r;
    default: return x;
  }
}

#endif
