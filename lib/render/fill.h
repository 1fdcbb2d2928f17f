/* Building blocks the kinds' scene builders share (lib/render). */
#ifndef PZ_RENDER_FILL_H
#define PZ_RENDER_FILL_H

#include "render/scene_impl.h"

/* The cells' numbers: a given (givens[i] != 0; givens may be NULL) in the
 * given ink, else solution[i] (solution may be NULL; 0 left blank) in the
 * solved ink. Values are checked against 1..max. */
int pz_rfill_values(pz_scene *s, const int *givens, const int *solution,
                    int max);
/* Regions of r x c boxes on an n x n scene (n = r * c). */
int pz_rfill_boxes(pz_scene *s, int box_rows, int box_cols);
/* A new n x n scene for a grid of r x c boxes (checked) into *out. */
int pz_rfill_new_boxed(pz_scene **out, int box_rows, int box_cols);
/* Frees *s and returns st when st is an error (for builders' ends). */
int pz_rfill_done(pz_scene **out, pz_scene *s, int st);

#endif
