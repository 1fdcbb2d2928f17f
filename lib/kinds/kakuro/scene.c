/* Scenes of Kakuro: clue cells split by a diagonal with their two sums,
 * other black cells dark, white cells with the solution's digits. */
#include <stdio.h>

#include "render/fill.h"

int pz_render_kakuro(pz_scene **out, int rows, int cols,
                     const pz_kakuro_cell *cells, const int *solution) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!cells) return PZ_ERR_ARG;
  pz_scene *s = NULL;
  int st = pz_scene_new(&s, rows, cols);
  for (int i = 0; !st && i < rows * cols; i++) {
    const pz_kakuro_cell *k = &cells[i];
    if (k->white) {
      int v = solution ? solution[i] : 0;
      if (v < 0 || v > 9) st = PZ_ERR_RANGE;
      char buf[4];
      snprintf(buf, sizeof buf, "%d", v);
      if (!st && v) st = pz_scene_set_text(s, i, 0, buf, PZ_INK_SOLVED);
    } else if (k->down || k->across) {
      char d[8] = "", a[8] = "";
      if (k->down) snprintf(d, sizeof d, "%d", k->down);
      if (k->across) snprintf(a, sizeof a, "%d", k->across);
      st = pz_scene_set_split(s, i, d, a);
    } else {
      st = pz_scene_set_shade(s, i, 2);
    }
  }
  return pz_rfill_done(out, s, st);
}
