/* Scenes of KenKen: a plain n x n grid, the cages outlined with their
 * clues ("12x", "2-", "3/", "7+"; a cage of one cell shows its number
 * alone), the solution's values when there is one. */
#include <stdio.h>

#include "kinds/kenken/kenken_impl.h"
#include "render/fill.h"

int pz_kenken_scene(const kenken_def *d, const int *solution, pz_scene **out) {
  *out = NULL;
  int n = d->n, cells[KENKEN_MAX * KENKEN_MAX];
  char text[KENKEN_MAX * KENKEN_MAX][16];
  const char *labels[KENKEN_MAX * KENKEN_MAX];
  for (int k = 0; k < d->ncages; k++) {
    if (pz_kenken_cage_cells(d, k, cells) == 1)
      snprintf(text[k], sizeof text[k], "%d", d->target[k]);
    else
      snprintf(text[k], sizeof text[k], "%d%c", d->target[k],
               pz_kenken_op_symbol(d->op[k]));
    labels[k] = text[k];
  }
  pz_scene *s = NULL;
  int st = pz_scene_new(&s, n, n);
  if (!st) st = pz_scene_set_cages(s, d->cage, d->ncages, labels);
  if (!st) st = pz_rfill_values(s, NULL, solution, n);
  return pz_rfill_done(out, s, st);
}
