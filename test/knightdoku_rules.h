/* The tests' own reading of the Knightdoku rules (apart from the
 * library's, so that tests check it against them): cells 0 or 1 (a
 * knight), k knights in every row, column and br x bc box, and a given
 * knight (clue + 1) a knight with clue knights a knight's move away. */
#ifndef PZ_TEST_KNIGHTDOKU_RULES_H
#define PZ_TEST_KNIGHTDOKU_RULES_H

#include <stddef.h>

/* The first rule an answer breaks, or NULL; givens may be NULL. */
static inline const char *knightdoku_broken(int br, int bc, int k,
                                            const int *givens,
                                            const int *cells) {
  int n = br * bc;
  for (int i = 0; i < n * n; i++)
    if (cells[i] != 0 && cells[i] != 1) return "cell value not 0/1";
  for (int u = 0; u < n; u++) {
    int row = 0, col = 0, box = 0;
    for (int j = 0; j < n; j++) {
      row += cells[u * n + j];
      col += cells[j * n + u];
      int r = (u / br) * br + j / bc, c = (u % br) * bc + j % bc;
      box += cells[r * n + c];
    }
    if (row != k) return "row count";
    if (col != k) return "column count";
    if (box != k) return "box count";
  }
  static const int mv[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1},
                               {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
  for (int x = 0; givens && x < n * n; x++) {
    if (!givens[x]) continue;
    if (!cells[x]) return "a given knight is missing";
    int near = 0;
    for (int m = 0; m < 8; m++) {
      int r = x / n + mv[m][0], c = x % n + mv[m][1];
      near += r >= 0 && r < n && c >= 0 && c < n && cells[r * n + c];
    }
    if (near != givens[x] - 1) return "a clue is not met";
  }
  return NULL;
}

static inline int knightdoku_ok(int br, int bc, int k, const int *givens,
                                const int *cells) {
  return knightdoku_broken(br, bc, k, givens, cells) == NULL;
}

#endif
