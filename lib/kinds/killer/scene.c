/* Scenes of Killer Sudoku: boxes, dashed cages with their sums. */
#include <stdio.h>
#include <stdlib.h>

#include "render/fill.h"

int pz_render_killer(pz_scene **out, int box_rows, int box_cols,
                     const int *cages, const int *sums, int ncages,
                     const int *givens, const int *solution) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!cages || (ncages && !sums) || ncages < 0) return PZ_ERR_ARG;
  pz_scene *s = NULL;
  int st = pz_rfill_new_boxed(&s, box_rows, box_cols);
  char (*text)[16] = NULL;
  const char **labels = NULL;
  if (!st && ncages) {
    text = (char(*)[16])malloc((size_t)ncages * sizeof *text);
    labels = (const char **)malloc((size_t)ncages * sizeof *labels);
    if (!text || !labels) st = PZ_ERR_NOMEM;
  }
  for (int k = 0; k < ncages && !st; k++) {
    snprintf(text[k], sizeof text[k], "%d", sums[k]);
    labels[k] = text[k];
  }
  if (!st) st = pz_scene_set_cages(s, cages, ncages, labels);
  if (!st) st = pz_rfill_values(s, givens, solution, box_rows * box_cols);
  free(text);
  free(labels);
  return pz_rfill_done(out, s, st);
}
