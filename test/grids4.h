/* Every 4x4 grid of digits 1..4 in which no two cells that clash hold the
 * same digit, by brute force: the Latin squares of order 4 (576, the
 * published number) or the 4x4 Sudokus (288), for tests that count a
 * solver's answers against them. */
#ifndef PZ_TEST_GRIDS4_H
#define PZ_TEST_GRIDS4_H

#include <string.h>

/* Do cells y and x (0..15, row by row) see each other? */
typedef int (*grids4_clash)(int y, int x);

static inline int latin4_clash(int y, int x) {
  return y / 4 == x / 4 || y % 4 == x % 4;
}
static inline int sudoku4_clash(int y, int x) {
  return latin4_clash(y, x) || (y / 8 == x / 8 && y % 4 / 2 == x % 4 / 2);
}

static inline void grids4_fill(int (*out)[16], int *n, grids4_clash clash,
                               int *g, int x) {
  if (x == 16) {
    memcpy(out[(*n)++], g, sizeof out[0]);
    return;
  }
  for (int v = 1; v <= 4; v++) {
    int ok = 1;
    for (int y = 0; y < x && ok; y++) ok = !(g[y] == v && clash(y, x));
    if (!ok) continue;
    g[x] = v;
    grids4_fill(out, n, clash, g, x + 1);
  }
}

/* Fills out (room for all of them) and returns how many there are. */
static inline int grids4_all(int (*out)[16], grids4_clash clash) {
  int g[16], n = 0;
  grids4_fill(out, &n, clash, g, 0);
  return n;
}

#endif
