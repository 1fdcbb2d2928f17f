/* Scenes of Knightdoku: boxes; a given knight is a black disc with its
 * clue, the solution's other knights blue discs. */
#include <stdio.h>

#include "pz/knightdoku.h"
#include "render/fill.h"

int pz_render_knightdoku(pz_scene **out, int box_rows, int box_cols,
                         const int *givens, const int *solution) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  pz_scene *s = NULL;
  int st = pz_rfill_new_boxed(&s, box_rows, box_cols);
  int n = box_rows * box_cols;
  for (int i = 0; !st && i < n * n; i++) {
    int g = givens ? givens[i] : 0;
    if (g < 0 || g > PZ_KNIGHTDOKU_MAX_CLUE + 1) {
      st = PZ_ERR_RANGE;
    } else if (g) {
      char buf[4];
      snprintf(buf, sizeof buf, "%d", g - 1);
      st = pz_scene_set_mark(s, i, PZ_MARK_DISC, PZ_INK_GIVEN);
      if (!st) st = pz_scene_set_text(s, i, 0, buf, PZ_INK_GIVEN);
    } else if (solution && solution[i]) {
      st = pz_scene_set_mark(s, i, PZ_MARK_DISC, PZ_INK_SOLVED);
    }
  }
  return pz_rfill_done(out, s, st);
}
