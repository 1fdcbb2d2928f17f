/* The one painter: draws scenes with cairo on an SVG, PNG or PDF surface,
 * one scene a page or six to an A4 sheet (pz_render_write). */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "render/scene_impl.h"

#define CELL ((double)PZ_RENDER_CELL)
#define PI 3.14159265358979323846
#define FONT "DejaVu Sans"

/* A4 in points, its margin, and the sheet's slots. */
#define A4_W 595.276
#define A4_H 841.890
#define SHEET_MARGIN 36.0
#define SHEET_COLS 2
#define SHEET_ROWS 3
#define PER_SHEET (SHEET_COLS * SHEET_ROWS)
#define SLOT_LABEL 16.0
/* cairo's largest image side. */
#define PNG_MAX_SIDE 32767

static void ink(cairo_t *cr, pz_ink k) {
  if (k == PZ_INK_SOLVED) cairo_set_source_rgb(cr, 0.10, 0.25, 0.85);
  else cairo_set_source_rgb(cr, 0, 0, 0);
}

/* Draws text centred on (x, y) at the given size. */
static void centred(cairo_t *cr, const char *text, double x, double y,
                    double size, int bold) {
  cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_text_extents_t e;
  cairo_text_extents(cr, text, &e);
  cairo_move_to(cr, x - e.x_bearing - e.width / 2, y - e.y_bearing - e.height / 2);
  cairo_show_text(cr, text);
}

static double scene_width(const pz_scene *s) { return s->cols * CELL; }
static double scene_height(const pz_scene *s) {
  return s->rows * CELL + (s->caption ? PZ_RENDER_CAPTION : 0);
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

static void paint_cells(cairo_t *cr, const pz_scene *s) {
  for (int r = 0; r < s->rows; r++)
    for (int c = 0; c < s->cols; c++) {
      const scene_cell *k = &s->cell[r * s->cols + c];
      double x = c * CELL, y = r * CELL;
      if (k->shade) {
        double g = k->shade == 1 ? 0.85 : 0.25;
        cairo_set_source_rgb(cr, g, g, g);
        cairo_rectangle(cr, x, y, CELL, CELL);
        cairo_fill(cr);
      }
      if (k->split) {
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_set_line_width(cr, 0.8);
        cairo_move_to(cr, x, y);
        cairo_line_to(cr, x + CELL, y + CELL);
        cairo_stroke(cr);
        if (*k->across) centred(cr, k->across, x + 0.70 * CELL, y + 0.30 * CELL, 0.30 * CELL, 0);
        if (*k->down) centred(cr, k->down, x + 0.30 * CELL, y + 0.70 * CELL, 0.30 * CELL, 0);
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
        centred(cr, k->text[p], px, ty, size, k->ink[p] == PZ_INK_GIVEN);
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
    if (g->down) cairo_rotate(cr, PI / 2);
    cairo_set_source_rgb(cr, 0, 0, 0);
    centred(cr, g->text, 0, 0, 0.40 * CELL, 1);
    cairo_restore(cr);
  }
}

/* Draws a scene with its top-left grid corner at the origin. */
static void paint_scene(cairo_t *cr, const pz_scene *s) {
  paint_cells(cr, s);
  paint_lines(cr, s);
  paint_cages(cr, s);
  paint_regions(cr, s);
  paint_signs(cr, s);
  if (s->caption) {
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_ITALIC, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 10);
    cairo_move_to(cr, 0, s->rows * CELL + PZ_RENDER_CAPTION - 2);
    cairo_show_text(cr, s->caption);
  }
}

/* --- Pages ------------------------------------------------------------- */

/* What one page shows: a scene alone (its own size), or a sheet of up to
 * PER_SHEET scenes (NULL entries: left out) numbered from first + 1. */
typedef struct page {
  const pz_scene *const *scenes;
  size_t first, n;
  int sheet, solutions;
} page;

static void page_size(const page *p, double *w, double *h) {
  if (p->sheet) {
    *w = A4_W;
    *h = A4_H;
  } else {
    *w = scene_width(p->scenes[p->first]) + 2 * PZ_RENDER_MARGIN;
    *h = scene_height(p->scenes[p->first]) + 2 * PZ_RENDER_MARGIN;
  }
}

static void paint_page(cairo_t *cr, const page *p) {
  double w, h;
  page_size(p, &w, &h);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  if (!p->sheet) {
    cairo_save(cr);
    cairo_translate(cr, PZ_RENDER_MARGIN, PZ_RENDER_MARGIN);
    paint_scene(cr, p->scenes[p->first]);
    cairo_restore(cr);
    return;
  }
  double sw = (A4_W - 2 * SHEET_MARGIN) / SHEET_COLS;
  double sh = (A4_H - 2 * SHEET_MARGIN) / SHEET_ROWS;
  for (size_t i = 0; i < p->n; i++) {
    const pz_scene *s = p->scenes[p->first + i];
    if (!s) continue;
    double x = SHEET_MARGIN + (double)(i % SHEET_COLS) * sw;
    double y = SHEET_MARGIN + (double)(i / SHEET_COLS) * sh;
    double k = fmin((sw - 24) / scene_width(s), (sh - SLOT_LABEL - 24) / scene_height(s));
    if (k > 1.5) k = 1.5;
    char label[48];
    snprintf(label, sizeof label, "%s%zu", p->solutions ? "Solution " : "",
             p->first + i + 1);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, 11);
    /* Centred in its slot, the number above its left corner. */
    double left = x + (sw - k * scene_width(s)) / 2;
    cairo_move_to(cr, left, y + 12);
    cairo_show_text(cr, label);
    cairo_save(cr);
    cairo_translate(cr, left, y + SLOT_LABEL + 4);
    cairo_scale(cr, k, k);
    paint_scene(cr, s);
    cairo_restore(cr);
  }
}

int pz_render_format_of(const char *path, pz_render_format *fmt) {
  if (!path || !fmt) return PZ_ERR_ARG;
  const char *dot = strrchr(path, '.');
  const char *slash = strrchr(path, '/');
  if (!dot || (slash && dot < slash)) return PZ_ERR_ARG;
  if (!strcasecmp(dot, ".svg")) *fmt = PZ_RENDER_SVG;
  else if (!strcasecmp(dot, ".png")) *fmt = PZ_RENDER_PNG;
  else if (!strcasecmp(dot, ".pdf")) *fmt = PZ_RENDER_PDF;
  else return PZ_ERR_ARG;
  return PZ_OK;
}

static int from_cairo(cairo_status_t st) {
  if (st == CAIRO_STATUS_SUCCESS) return PZ_OK;
  return st == CAIRO_STATUS_NO_MEMORY ? PZ_ERR_NOMEM : PZ_ERR_IO;
}

/* path for page k (from 1): page 1 path itself, else "-k" before the
 * extension. Returns a new string, or NULL. */
static char *page_path(const char *path, int k) {
  size_t len = strlen(path) + 24;
  char *s = (char *)malloc(len);
  if (!s) return NULL;
  if (k == 1) {
    memcpy(s, path, strlen(path) + 1);
    return s;
  }
  const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
  if (!dot || (slash && dot < slash)) dot = path + strlen(path);
  snprintf(s, len, "%.*s-%d%s", (int)(dot - path), path, k, dot);
  return s;
}

/* One page in a file of its own (SVG, PNG). */
static int write_single(const char *path, pz_render_format fmt, const page *p) {
  double w, h;
  page_size(p, &w, &h);
  if (fmt == PZ_RENDER_PNG && (w > PNG_MAX_SIDE || h > PNG_MAX_SIDE))
    return PZ_ERR_TOO_LARGE;
  cairo_surface_t *sf =
      fmt == PZ_RENDER_SVG
          ? cairo_svg_surface_create(path, w, h)
          : cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(w), (int)ceil(h));
  int st = from_cairo(cairo_surface_status(sf));
  if (!st) {
    cairo_t *cr = cairo_create(sf);
    paint_page(cr, p);
    st = from_cairo(cairo_status(cr));
    cairo_destroy(cr);
  }
  if (!st && fmt == PZ_RENDER_PNG) st = from_cairo(cairo_surface_write_to_png(sf, path));
  cairo_surface_finish(sf);
  if (!st) st = from_cairo(cairo_surface_status(sf));
  cairo_surface_destroy(sf);
  return st;
}

int pz_render_write(const char *path, pz_render_format fmt,
                    const pz_scene *const *scenes, size_t count,
                    const pz_scene *const *solutions, int *pages) {
  if (pages) *pages = 0;
  if (!path || !scenes || !count) return PZ_ERR_ARG;
  if (fmt != PZ_RENDER_SVG && fmt != PZ_RENDER_PNG && fmt != PZ_RENDER_PDF)
    return PZ_ERR_ARG;
  for (size_t i = 0; i < count; i++)
    if (!scenes[i]) return PZ_ERR_ARG;
  /* The pages: the puzzles, then their solutions. */
  int sheet = count > 1;
  size_t per = sheet ? PER_SHEET : 1, groups = (count + per - 1) / per;
  size_t np = solutions ? 2 * groups : groups;
  if (!sheet && solutions && !solutions[0]) np = 1;
  page *pg = (page *)calloc(np, sizeof *pg);
  if (!pg) return PZ_ERR_NOMEM;
  for (size_t i = 0; i < np; i++) {
    pg[i].solutions = i >= groups;
    pg[i].scenes = pg[i].solutions ? solutions : scenes;
    pg[i].first = (i % groups) * per;
    pg[i].n = count - pg[i].first < per ? count - pg[i].first : per;
    pg[i].sheet = sheet;
  }
  int st = PZ_OK;
  if (fmt == PZ_RENDER_PDF) {
    double w, h;
    page_size(&pg[0], &w, &h);
    cairo_surface_t *sf = cairo_pdf_surface_create(path, w, h);
    st = from_cairo(cairo_surface_status(sf));
    if (!st) {
      cairo_t *cr = cairo_create(sf);
      for (size_t i = 0; i < np; i++) {
        page_size(&pg[i], &w, &h);
        cairo_pdf_surface_set_size(sf, w, h);
        paint_page(cr, &pg[i]);
        cairo_show_page(cr);
      }
      st = from_cairo(cairo_status(cr));
      cairo_destroy(cr);
    }
    cairo_surface_finish(sf);
    if (!st) st = from_cairo(cairo_surface_status(sf));
    cairo_surface_destroy(sf);
  } else {
    for (size_t i = 0; i < np && !st; i++) {
      char *name = page_path(path, (int)i + 1);
      st = name ? write_single(name, fmt, &pg[i]) : PZ_ERR_NOMEM;
      free(name);
    }
  }
  free(pg);
  if (!st && pages) *pages = (int)np;
  return st;
}

void pz_render_release(void) {
  /* cairo's caches first: they hold fontconfig's patterns. */
  cairo_debug_reset_static_data();
  FcFini();
}
