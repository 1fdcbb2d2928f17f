/* Scenes of Star Battle: thick region borders, cells in no region dark,
 * the solution's stars. */
#include "pz/starbattle.h"
#include "render/fill.h"

int pz_render_starbattle(pz_scene **out, int rows, int cols,
                         const int *regions, const int *solution) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!regions) return PZ_ERR_ARG;
  pz_scene *s = NULL;
  int st = pz_scene_new(&s, rows, cols);
  if (!st) st = pz_scene_set_regions(s, regions);
  for (int i = 0; !st && i < rows * cols; i++) {
    if (regions[i] == PZ_STARBATTLE_NO_REGION) st = pz_scene_set_shade(s, i, 2);
    if (!st && solution && solution[i] == PZ_STARBATTLE_STAR)
      st = pz_scene_set_mark(s, i, PZ_MARK_STAR, PZ_INK_SOLVED);
  }
  return pz_rfill_done(out, s, st);
}
