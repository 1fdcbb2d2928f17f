/* Scenes of Nondango: regions; circles thin and grey until coloured: a
 * given black circle is a black disc, a given white one a black ring;
 * solved colours in blue (disc or ring). */
#include "pz/nondango.h"
#include "render/fill.h"

int pz_render_nondango(pz_scene **out, int rows, int cols,
                       const int *regions, const int *givens,
                       const int *solution) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!regions || !givens) return PZ_ERR_ARG;
  pz_scene *s = NULL;
  int st = pz_scene_new(&s, rows, cols);
  if (!st) st = pz_scene_set_regions(s, regions);
  for (int i = 0; !st && i < rows * cols; i++) {
    int g = givens[i], v = solution ? solution[i] : PZ_NONDANGO_NONE;
    if (g < PZ_NONDANGO_NO_CIRCLE || g > PZ_NONDANGO_GIVEN_BLACK ||
        v < PZ_NONDANGO_NONE || v > PZ_NONDANGO_BLACK)
      st = PZ_ERR_RANGE;
    else if (g == PZ_NONDANGO_GIVEN_BLACK || g == PZ_NONDANGO_GIVEN_WHITE)
      st = pz_scene_set_mark(s, i, g == PZ_NONDANGO_GIVEN_BLACK ? PZ_MARK_DISC : PZ_MARK_CIRCLE,
                             PZ_INK_GIVEN);
    else if (g == PZ_NONDANGO_CIRCLE)
      st = pz_scene_set_mark(s, i, v == PZ_NONDANGO_BLACK ? PZ_MARK_DISC
                                   : v == PZ_NONDANGO_WHITE ? PZ_MARK_CIRCLE : PZ_MARK_OPEN,
                             PZ_INK_SOLVED);
  }
  return pz_rfill_done(out, s, st);
}
