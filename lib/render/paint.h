/* The painter's calls (paint.c) for the pages (pages.c). */
#ifndef PZ_RENDER_PAINT_H
#define PZ_RENDER_PAINT_H

#include <cairo.h>

#include "render/scene_impl.h"

#define FONT "DejaVu Sans"

/* Draws s with its top-left grid corner at the origin, one unit a point. */
void pz_rpaint_scene(cairo_t *cr, const pz_scene *s);
/* The size pz_rpaint_scene covers, in points (the caption included). */
double pz_rpaint_width(const pz_scene *s);
double pz_rpaint_height(const pz_scene *s);
/* Draws text centred on (x, y) at the given size. */
void pz_rpaint_text(cairo_t *cr, const char *text, double x, double y,
                    double size, int bold);

#endif
