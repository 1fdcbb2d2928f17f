/* Scenes of Eulero: two symbols a cell, A as a letter and B as a digit
 * (janko.at's way), each given or solved on its own. */
#include <stdio.h>

#include "pz/eulero.h"
#include "render/fill.h"

int pz_render_eulero(pz_scene **out, int n, const int *givens,
                     const int *solution) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (n < 1 || n > PZ_EULERO_MAX_ORDER) return PZ_ERR_ARG;
  pz_scene *s = NULL;
  int st = pz_scene_new(&s, n, n);
  for (int r = 0; !st && r < n; r++)
    for (int c = 0; !st && c < n; c++)
      for (int sq = 0; sq < 2 && !st; sq++) {
        /* A given pair number (Z) fixes both symbols. */
        int at = r * 3 * n + sq * n + c, z = givens ? givens[r * 3 * n + 2 * n + c] : 0;
        int g = givens ? givens[at] : 0;
        if (!g && z > 0 && z <= n * n) g = sq ? (z - 1) % n + 1 : (z - 1) / n + 1;
        int v = g ? g : solution ? solution[at] : 0;
        if (v < 0 || v > n) {
          st = PZ_ERR_RANGE;
          break;
        }
        if (!v) continue;
        char buf[4];
        if (sq) snprintf(buf, sizeof buf, "%d", v);
        else snprintf(buf, sizeof buf, "%c", 'A' + v - 1);
        st = pz_scene_set_text(s, r * n + c, sq, buf, g ? PZ_INK_GIVEN : PZ_INK_SOLVED);
      }
  return pz_rfill_done(out, s, st);
}
