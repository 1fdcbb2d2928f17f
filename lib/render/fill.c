/* Building blocks the kinds' scene builders share. */
#include <stdio.h>
#include <stdlib.h>

#include "render/fill.h"

int pz_rfill_values(pz_scene *s, const int *givens, const int *solution,
                    int max) {
  int n = s->rows * s->cols;
  for (int i = 0; i < n; i++) {
    int g = givens ? givens[i] : 0, v = g ? g : solution ? solution[i] : 0;
    if (v < 0 || v > max) return PZ_ERR_RANGE;
    if (!v) continue;
    char buf[16];
    snprintf(buf, sizeof buf, "%d", v);
    int st = pz_scene_set_text(s, i, 0, buf, g ? PZ_INK_GIVEN : PZ_INK_SOLVED);
    if (st) return st;
  }
  return PZ_OK;
}

int pz_rfill_boxes(pz_scene *s, int box_rows, int box_cols) {
  int n = s->rows;
  int *ids = (int *)malloc((size_t)n * (size_t)n * sizeof *ids);
  if (!ids) return PZ_ERR_NOMEM;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      ids[r * n + c] = (r / box_rows) * (n / box_cols) + c / box_cols;
  int st = pz_scene_set_regions(s, ids);
  free(ids);
  return st;
}

int pz_rfill_new_boxed(pz_scene **out, int box_rows, int box_cols) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (box_rows < 1 || box_cols < 1 || box_rows > 1024 || box_cols > 1024 ||
      box_rows * box_cols > 1024)
    return PZ_ERR_ARG;
  int n = box_rows * box_cols, st = pz_scene_new(out, n, n);
  if (!st) st = pz_rfill_boxes(*out, box_rows, box_cols);
  return pz_rfill_done(out, *out, st);
}

int pz_rfill_done(pz_scene **out, pz_scene *s, int st) {
  if (st) {
    pz_scene_free(s);
    *out = NULL;
  } else {
    *out = s;
  }
  return st;
}
