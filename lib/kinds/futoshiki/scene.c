/* Scenes of Futoshiki: "<" and ">" between cells (turned a quarter
 * between a cell and the one below it). */
#include "pz/futoshiki.h"
#include "render/fill.h"

/* The signs of one direction (NULL: none). */
static int add_signs(pz_scene *s, const int *signs, int down) {
  for (int i = 0; signs && i < s->rows * s->cols; i++) {
    if (signs[i] == PZ_FUTOSHIKI_NONE) continue;
    if (signs[i] != PZ_FUTOSHIKI_LESS && signs[i] != PZ_FUTOSHIKI_GREATER)
      return PZ_ERR_RANGE;
    int st = pz_scene_add_sign(s, i, down, signs[i] == PZ_FUTOSHIKI_LESS ? "<" : ">");
    if (st) return st;
  }
  return PZ_OK;
}

int pz_render_futoshiki(pz_scene **out, int n, const int *right,
                        const int *down, const int *givens,
                        const int *solution) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  pz_scene *s = NULL;
  int st = pz_scene_new(&s, n, n);
  if (!st) st = add_signs(s, right, 0);
  if (!st) st = add_signs(s, down, 1);
  if (!st) st = pz_rfill_values(s, givens, solution, n);
  return pz_rfill_done(out, s, st);
}
