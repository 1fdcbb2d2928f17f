/* The picture of Skyscrapers: an (n + 2) x (n + 2) scene, the grid in the
 * middle with a thick outline, the clues in the margin cells round it. */
#include <stdio.h>
#include <stdlib.h>

#include "kinds/skyscrapers/skyscrapers_impl.h"
#include "render/fill.h"

int pz_towers_scene(const pz_towers_def *d, const int *solution,
                    pz_scene **out) {
  int n = d->n, w = n + 2, st;
  pz_scene *s = NULL;
  int *mem = (int *)calloc((size_t)(3 * w * w), sizeof(int));
  if (!mem) return PZ_ERR_NOMEM;
  int *region = mem, *giv = mem + w * w, *sol = mem + 2 * w * w;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int x = (r + 1) * w + c + 1;
      region[x] = 1;
      giv[x] = d->givens[r * n + c];
      if (solution) sol[x] = solution[r * n + c];
    }
  st = pz_scene_new(&s, w, w);
  if (!st) st = pz_scene_set_regions(s, region);
  for (int c = 0; c < 4 * n && !st; c++) {
    if (!d->clues[c]) continue;
    int i = c % n, side = c / n;
    int cell = side == 0 ? i + 1 : side == 1 ? (w - 1) * w + i + 1
               : side == 2 ? (i + 1) * w : (i + 1) * w + w - 1;
    char text[16];
    snprintf(text, sizeof text, "%d", d->clues[c]);
    st = pz_scene_set_text(s, cell, 0, text, PZ_INK_GIVEN);
  }
  if (!st) st = pz_rfill_values(s, giv, solution ? sol : NULL, n);
  free(mem);
  return pz_rfill_done(out, s, st);
}
