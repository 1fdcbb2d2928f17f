/* Scenes of Latin squares and Sudoku (boxes or jigsaw regions, variant
 * marks: diagonals drawn, windoku boxes shaded, other rules named). */
#include <string.h>

#include "pz/puzzle.h"
#include "render/fill.h"

int pz_render_latin(pz_scene **out, int n, const int *givens,
                    const int *solution) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  pz_scene *s = NULL;
  int st = pz_scene_new(&s, n, n);
  if (!st) st = pz_rfill_values(s, givens, solution, n);
  return pz_rfill_done(out, s, st);
}

/* Windoku: the boxes between the boxes (as lib/puzzle/sudoku_units.c places
 * them: box rows and columns 1, 1 + (r+1), ...), shaded. */
static int shade_windows(pz_scene *s, int br, int bc) {
  int n = br * bc;
  for (int r0 = 1; r0 + br < n; r0 += br + 1)
    for (int c0 = 1; c0 + bc < n; c0 += bc + 1)
      for (int r = r0; r < r0 + br; r++)
        for (int c = c0; c < c0 + bc; c++) {
          int st = pz_scene_set_shade(s, r * n + c, 1);
          if (st) return st;
        }
  return PZ_OK;
}

int pz_render_sudoku(pz_scene **out, int box_rows, int box_cols,
                     const int *regions, unsigned variants,
                     const int *givens, const int *solution) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (variants & ~PZ_SUDOKU_ALL_VARIANTS) return PZ_ERR_ARG;
  pz_scene *s = NULL;
  int st = pz_rfill_new_boxed(&s, box_rows, box_cols);
  int n = box_rows * box_cols;
  if (!st && regions) st = pz_scene_set_regions(s, regions);
  if (!st && (variants & PZ_SUDOKU_WINDOKU)) st = shade_windows(s, box_rows, box_cols);
  if (!st && (variants & PZ_SUDOKU_DIAGONAL)) {
    st = pz_scene_add_line(s, 0, 0, n, n);
    if (!st) st = pz_scene_add_line(s, 0, n, n, 0);
  }
  /* Rules a picture cannot show are named under the grid (as
   * pz_sudoku_variant_name does: pz_render needs no pz library). */
  static const struct { unsigned bit; const char *name; } named[] = {
      {PZ_SUDOKU_ANTI_KING, "anti-king"},
      {PZ_SUDOKU_ANTI_KNIGHT, "anti-knight"},
      {PZ_SUDOKU_NONCONSECUTIVE, "non-consecutive"}};
  char caption[120] = "";
  for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
    if (!(variants & named[i].bit)) continue;
    if (*caption) strcat(caption, ", ");
    strcat(caption, named[i].name);
  }
  if (!st && *caption) st = pz_scene_set_caption(s, caption);
  if (!st) st = pz_rfill_values(s, givens, solution, n);
  return pz_rfill_done(out, s, st);
}
