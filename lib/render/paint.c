/* The one painter: draws a scene with cairo, on any surface (pages.c
 * makes them: SVG, PNG or PDF). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/paint.h"

#define CELL ((double)PZ_RENDER_CELL)
#define PI 3.14159265358979323846

/* Givens black, solved cells blue. */
static void ink(cairo_t *cr, pz_ink k) {
  if (k == PZ_INK_SOLVED) cairo_set_source_rgb(cr, 0.10, 0.25, 0.85);
  else cairo_set_source_rgb(cr, 0, 0, 0);
}

void pz_rpaint_text(cairo_t *cr, const char *text, double x, double y,
                    double size, int bold) {
  cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_text_extents_t e;
  cairo_text_extents(cr, text, &e);
  cairo_move_to(cr, x - e.x_bearing - e.width / 2, y - e.y_bearing - e.height / 2);
  cairo_show_text(cr, text);
}

double pz_rpaint_width(const pz_scene *s) {
  return (s->cols + 2 * SCENE_RING(s)) * CELL;
}
/* A caption wider than the picture is wrapped after its commas: about
 * 5.2 points a character at its size, at least one part a line. Calls
 * line(start, len, k, arg) for each line k (line may be NULL) and returns
 * how many lines there are. */
static int caption_lines(const pz_scene *s,
                         void (*line)(const char *, size_t, int, void *),
                         void *arg) {
  if (!s->caption) return 0;
  size_t fit = (size_t)(pz_rpaint_width(s) / 5.2), n = 0;
  const char *t = s->caption;
  while (*t) {
    size_t len = 0;
    for (;;) { /* the next part (up to and with ", ") while it fits */
      const char *comma = strstr(t + len, ", ");
      size_t end = comma ? (size_t)(comma - t) + 2 : strlen(t);
      if (len && end > fit) break;
      len = end;
      if (!comma) break;
    }
    if (line) line(t, len, (int)n, arg);
    t += len;
    n++;
  }
  return (int)n;
}

double pz_rpaint_height(const pz_scene *s) {
  return (s->rows + 2 * SCENE_RING(s)) * CELL +
         caption_lines(s, NULL, NULL) * PZ_RENDER_CAPTION;
}

typedef struct caption_at {
  cairo_t *cr;
  double x, y;
} caption_at;

static void show_caption_line(const char *t, size_t len, int k, void *arg) {
  caption_at *at = (caption_at *)arg;
  char buf[512];
  if (len >= sizeof buf) len = sizeof buf - 1;
  memcpy(buf, t, len);
  buf[len] = 0;
  cairo_move_to(at->cr, at->x, at->y + k * PZ_RENDER_CAPTION);
  cairo_show_text(at->cr, buf);
}

static void star(cairo_t *cr, double cx, double cy, double r) {
  for (int i = 0; i < 10; i++) {
    double a = -PI / 2 + i * PI / 5, rr = i % 2 ? r * 0.42 : r;
    double x = cx + rr * cos(a), y = cy + rr * sin(a);
    if (i) cairo_line_to(cr, x, y);
    else cairo_move_to(cr, x, y);
  }
  cairo_close_path(cr);
  cairo_fill(cr);
}

static void paint_shades(cairo_t *cr, const pz_scene *s) {
  for (int r = 0; r < s->rows; r++)
    for (int c = 0; c < s->cols; c++) {
      int shade = s->cell[r * s->cols + c].shade;
      if (!shade) continue;
      double g = shade == 1 ? 0.85 : 0.25;
      if (shade == 3) cairo_set_source_rgb(cr, 1.0, 0.86, 0.80);
      else cairo_set_source_rgb(cr, g, g, g);
      cairo_rectangle(cr, c * CELL, r * CELL, CELL, CELL);
      cairo_fill(cr);
    }
}

/* Colour and width (in cells) of each path style, as the JSON's drawer. */
static const struct {
  double r, g, b, width;
} path_look[PZ_PATH_NSTYLES] = {
    {0.78, 0.78, 0.78, 0.28}, /* grey */
    {0.40, 0.80, 0.40, 0.16}, /* green */
    {0.75, 0.45, 0.90, 0.16}, /* purple */
    {0.62, 0.62, 0.62, 0.10}, /* silver */
    {0.80, 0.72, 0.95, 0.16}, /* lavender */
    {1.00, 0.65, 0.30, 0.16}, /* orange */
    {0.30, 0.75, 0.75, 0.16}, /* teal */
    {0.45, 0.65, 1.00, 0.16}, /* blue */
    {0.30, 0.30, 0.30, 0.04}, /* dark */
    {0.78, 0.78, 1.00, 0.16}, /* light blue */
    {0.40, 0.35, 0.75, 0.16}, /* indigo */
    {0.55, 0.65, 0.25, 0.16}, /* olive */
};

static void centre(const pz_scene *s, int cell, double *x, double *y) {
  *x = (cell % s->cols + 0.5) * CELL;
  *y = (cell / s->cols + 0.5) * CELL;
}

/* An open circle on a path's end: white inside, over the line. */
static void end_circle(cairo_t *cr, const pz_scene *s, int cell) {
  double x, y;
  centre(s, cell, &x, &y);
  cairo_new_sub_path(cr);
  cairo_arc(cr, x, y, 0.38 * CELL, 0, 2 * PI);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_fill_preserve(cr);
  cairo_set_source_rgb(cr, 0.30, 0.30, 0.30);
  cairo_set_line_width(cr, 1.4);
  cairo_stroke(cr);
}

static void paint_paths(cairo_t *cr, const pz_scene *s) {
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (size_t i = 0; i < s->npaths; i++) {
    const scene_path *p = &s->path[i];
    double x = 0, y = 0, px = 0, py = 0;
    cairo_set_source_rgb(cr, path_look[p->style].r, path_look[p->style].g, path_look[p->style].b);
    if (p->ends & PZ_PATH_BULB) {
      centre(s, p->cells[0], &x, &y);
      cairo_new_sub_path(cr);
      cairo_arc(cr, x, y, 0.36 * CELL, 0, 2 * PI);
      cairo_fill(cr);
    }
    cairo_set_line_width(cr, path_look[p->style].width * CELL);
    for (int k = 0; k < p->ncells; k++) {
      px = x, py = y;
      centre(s, p->cells[k], &x, &y);
      if (k) cairo_line_to(cr, x, y);
      else cairo_move_to(cr, x, y);
    }
    if (p->ncells == 1) cairo_line_to(cr, x, y); /* a dot of a line */
    cairo_stroke(cr);
    if ((p->ends & PZ_PATH_HEAD) && p->ncells > 1) {
      double a = atan2(y - py, x - px), len = 0.24 * CELL;
      cairo_move_to(cr, x - len * cos(a - PI / 6), y - len * sin(a - PI / 6));
      cairo_line_to(cr, x, y);
      cairo_line_to(cr, x - len * cos(a + PI / 6), y - len * sin(a + PI / 6));
      cairo_stroke(cr);
    }
    if (p->ends & PZ_PATH_CIRCLE) end_circle(cr, s, p->cells[0]);
    if (p->ends & PZ_PATH_CIRCLE_END) end_circle(cr, s, p->cells[p->ncells - 1]);
  }
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
}

static void paint_cells(cairo_t *cr, const pz_scene *s) {
  for (int r = 0; r < s->rows; r++)
    for (int c = 0; c < s->cols; c++) {
      const scene_cell *k = &s->cell[r * s->cols + c];
      double x = c * CELL, y = r * CELL;
      if (k->split) {
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_set_line_width(cr, 0.8);
        cairo_move_to(cr, x, y);
        cairo_line_to(cr, x + CELL, y + CELL);
        cairo_stroke(cr);
        if (*k->across) pz_rpaint_text(cr, k->across, x + 0.70 * CELL, y + 0.30 * CELL, 0.30 * CELL, 0);
        if (*k->down) pz_rpaint_text(cr, k->down, x + 0.30 * CELL, y + 0.70 * CELL, 0.30 * CELL, 0);
      }
      double cx = x + CELL / 2, cy = y + CELL / 2;
      if (k->mark) {
        ink(cr, k->mark_ink);
        if (k->mark == PZ_MARK_STAR) {
          star(cr, cx, cy, 0.38 * CELL);
        } else {
          cairo_new_sub_path(cr);
          cairo_arc(cr, cx, cy, 0.34 * CELL, 0, 2 * PI);
          if (k->mark == PZ_MARK_DISC) {
            cairo_fill(cr);
          } else if (k->mark == PZ_MARK_OPEN) {
            cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
            cairo_set_line_width(cr, 0.8);
            cairo_stroke(cr);
          } else {
            cairo_set_line_width(cr, 1.6);
            cairo_stroke(cr);
          }
        }
      }
      int two = k->text[1][0] != 0;
      for (int p = 0; p < 2; p++) {
        if (!k->text[p][0]) continue;
        if (k->mark == PZ_MARK_DISC) cairo_set_source_rgb(cr, 1, 1, 1);
        else ink(cr, k->ink[p]);
        double px = two ? x + (p ? 0.68 : 0.32) * CELL : cx;
        double size = (two ? 0.42 : strlen(k->text[p]) > 1 ? 0.46 : 0.60) * CELL;
        /* Under a cage's label: smaller and lower. */
        double ty = s->cage ? cy + 0.08 * CELL : cy;
        if (s->cage) size *= 0.8;
        pz_rpaint_text(cr, k->text[p], px, ty, size, k->ink[p] == PZ_INK_GIVEN);
      }
    }
}

static int same_cage(const pz_scene *s, int r, int c, int cage) {
  return r >= 0 && c >= 0 && r < s->rows && c < s->cols &&
         s->cage[r * s->cols + c] == cage;
}

/* Dashed cage outlines, inset from the cell borders: each side of a cell
 * whose neighbour is in another cage, stretched to meet the next side. */
static void paint_cages(cairo_t *cr, const pz_scene *s) {
  if (!s->cage) return;
  const double d = 0.09 * CELL;
  static const double dash[] = {3.0, 2.0};
  cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
  cairo_set_line_width(cr, 0.8);
  cairo_set_dash(cr, dash, 2, 0);
  /* Sides: top, right, bottom, left as (dr, dc) to the neighbour. */
  static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
  for (int r = 0; r < s->rows; r++)
    for (int c = 0; c < s->cols; c++) {
      int k = s->cage[r * s->cols + c];
      if (k < 0) continue;
      double x0 = c * CELL, y0 = r * CELL;
      for (int side = 0; side < 4; side++) {
        if (same_cage(s, r + dr[side], c + dc[side], k)) continue;
        /* Its two ends, towards the previous and the next side: inset
         * where the cage turns, at the edge where it goes on straight,
         * beyond it into a concave corner. */
        int ends[2] = {(side + 3) % 4, (side + 1) % 4};
        double off[2];
        for (int e = 0; e < 2; e++) {
          int o = ends[e];
          if (!same_cage(s, r + dr[o], c + dc[o], k)) off[e] = d;
          else if (same_cage(s, r + dr[o] + dr[side], c + dc[o] + dc[side], k))
            off[e] = -d;
          else off[e] = 0;
        }
        double xa, ya, xb, yb;
        switch (side) {
        case 0: ya = yb = y0 + d; xa = x0 + off[0]; xb = x0 + CELL - off[1]; break;
        case 1: xa = xb = x0 + CELL - d; ya = y0 + off[0]; yb = y0 + CELL - off[1]; break;
        case 2: ya = yb = y0 + CELL - d; xa = x0 + CELL - off[0]; xb = x0 + off[1]; break;
        default: xa = xb = x0 + d; ya = y0 + CELL - off[0]; yb = y0 + off[1]; break;
        }
        cairo_move_to(cr, xa, ya);
        cairo_line_to(cr, xb, yb);
        cairo_stroke(cr);
      }
    }
  cairo_set_dash(cr, NULL, 0, 0);
  /* Labels in each cage's first cell, on a white patch over the dashes. */
  char *done = (char *)calloc((size_t)s->ncages + 1, 1);
  for (int i = 0; i < s->rows * s->cols; i++) {
    int k = s->cage[i];
    if (k < 0 || (done && done[k]) || !s->cage_label[k][0]) continue;
    if (done) done[k] = 1;
    double x = (i % s->cols) * CELL + 2, y = (i / s->cols) * CELL + 2;
    cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 0.26 * CELL);
    cairo_text_extents_t e;
    cairo_text_extents(cr, s->cage_label[k], &e);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, x, y, e.x_advance + 2, 0.26 * CELL + 2);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_move_to(cr, x + 1, y + 0.26 * CELL - 1);
    cairo_show_text(cr, s->cage_label[k]);
  }
  free(done);
}

static void paint_lines(cairo_t *cr, const pz_scene *s) {
  /* Thin cell borders. */
  cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
  cairo_set_line_width(cr, 0.6);
  for (int r = 1; r < s->rows; r++) {
    cairo_move_to(cr, 0, r * CELL);
    cairo_line_to(cr, s->cols * CELL, r * CELL);
  }
  for (int c = 1; c < s->cols; c++) {
    cairo_move_to(cr, c * CELL, 0);
    cairo_line_to(cr, c * CELL, s->rows * CELL);
  }
  cairo_stroke(cr);
  cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
  cairo_set_line_width(cr, 1.0);
  for (size_t i = 0; i < s->nlines; i++) {
    const scene_line *l = &s->line[i];
    cairo_move_to(cr, l->c0 * CELL, l->r0 * CELL);
    cairo_line_to(cr, l->c1 * CELL, l->r1 * CELL);
  }
  cairo_stroke(cr);
}

/* Thick borders between regions, and round the grid. */
static void paint_regions(cairo_t *cr, const pz_scene *s) {
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 2.4);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
  for (int r = 0; r < s->rows && s->region; r++)
    for (int c = 0; c < s->cols; c++) {
      int id = s->region[r * s->cols + c];
      if (c + 1 < s->cols && s->region[r * s->cols + c + 1] != id) {
        cairo_move_to(cr, (c + 1) * CELL, r * CELL);
        cairo_line_to(cr, (c + 1) * CELL, (r + 1) * CELL);
      }
      if (r + 1 < s->rows && s->region[(r + 1) * s->cols + c] != id) {
        cairo_move_to(cr, c * CELL, (r + 1) * CELL);
        cairo_line_to(cr, (c + 1) * CELL, (r + 1) * CELL);
      }
    }
  cairo_stroke(cr);
  cairo_set_line_width(cr, 3.0);
  cairo_rectangle(cr, 0, 0, s->cols * CELL, s->rows * CELL);
  cairo_stroke(cr);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
}

/* Signs on the border between two cells, on a white patch; a sign between
 * a cell and the one below is turned a quarter (">" points down). */
static void paint_signs(cairo_t *cr, const pz_scene *s) {
  for (size_t i = 0; i < s->nsigns; i++) {
    const scene_sign *g = &s->sign[i];
    int r = g->cell / s->cols, c = g->cell % s->cols;
    double x = g->down ? (c + 0.5) * CELL : (c + 1) * CELL;
    double y = g->down ? (r + 1) * CELL : (r + 0.5) * CELL;
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, x - 0.15 * CELL, y - 0.15 * CELL, 0.3 * CELL, 0.3 * CELL);
    cairo_fill(cr);
    cairo_save(cr);
    cairo_translate(cr, x, y);
    /* Only an inequality turns: X and V read the same either way. */
    if (g->down && (!strcmp(g->text, "<") || !strcmp(g->text, ">")))
      cairo_rotate(cr, PI / 2);
    cairo_set_source_rgb(cr, 0, 0, 0);
    pz_rpaint_text(cr, g->text, 0, 0, 0.40 * CELL, 1);
    cairo_restore(cr);
  }
}

/* Kropki dots on borders: open or filled. */
static void paint_dots(cairo_t *cr, const pz_scene *s) {
  cairo_set_line_width(cr, 1.2);
  for (size_t i = 0; i < s->ndots; i++) {
    const scene_dot *d = &s->dot[i];
    int r = d->cell / s->cols, c = d->cell % s->cols;
    double x = d->down ? (c + 0.5) * CELL : (c + 1) * CELL;
    double y = d->down ? (r + 1) * CELL : (r + 0.5) * CELL;
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, 0.13 * CELL, 0, 2 * PI);
    if (d->black) cairo_set_source_rgb(cr, 0, 0, 0);
    else cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_stroke(cr);
  }
}

/* Quads: a white circle on the grid point, its words two by two. */
static void paint_quads(cairo_t *cr, const pz_scene *s) {
  for (size_t i = 0; i < s->nquads; i++) {
    const scene_note *q = &s->quad[i];
    double x = (q->col + 1) * CELL, y = (q->row + 1) * CELL;
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, 0.30 * CELL, 0, 2 * PI);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.8);
    cairo_stroke(cr);
    char words[4][SCENE_TEXT];
    int n = 0;
    for (const char *t = q->text; *t && n < 4;) {
      while (*t == ' ') t++;
      size_t len = strcspn(t, " ");
      if (!len) break;
      memcpy(words[n], t, len);
      words[n++][len] = 0;
      t += len;
    }
    for (int w = 0; w < n; w++) {
      double dx = n == 1 ? 0 : (w % 2 ? 0.11 : -0.11) * CELL;
      double dy = n <= 2 ? 0 : (w < 2 ? -0.11 : 0.11) * CELL;
      if (n == 3 && w == 2) dx = 0;
      pz_rpaint_text(cr, words[w], x + dx, y + dy, 0.19 * CELL, 0);
    }
  }
}

/* Outside clues, in the ring's cells. */
static void paint_outside(cairo_t *cr, const pz_scene *s) {
  cairo_set_source_rgb(cr, 0, 0, 0);
  for (size_t i = 0; i < s->noutside; i++) {
    const scene_note *o = &s->outside[i];
    pz_rpaint_text(cr, o->text, (o->col + 0.5) * CELL, (o->row + 0.5) * CELL,
                   (strlen(o->text) > 2 ? 0.36 : 0.46) * CELL, 0);
  }
}

void pz_rpaint_scene(cairo_t *cr, const pz_scene *s) {
  double ring = SCENE_RING(s) * CELL;
  cairo_save(cr);
  cairo_translate(cr, ring, ring);
  paint_shades(cr, s);
  paint_paths(cr, s);
  paint_cells(cr, s);
  paint_lines(cr, s);
  paint_cages(cr, s);
  paint_regions(cr, s);
  paint_signs(cr, s);
  paint_dots(cr, s);
  paint_quads(cr, s);
  paint_outside(cr, s);
  if (s->caption) {
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_ITALIC, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 10);
    caption_at at = {cr, -ring, s->rows * CELL + ring + PZ_RENDER_CAPTION - 2};
    caption_lines(s, show_caption_line, &at);
  }
  cairo_restore(cr);
}
