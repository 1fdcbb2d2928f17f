/* Pages and files: one scene a page or six to an A4 sheet, written to
 * SVG, PNG or PDF (pz_render_write). */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "render/paint.h"

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
    *w = pz_rpaint_width(p->scenes[p->first]) + 2 * PZ_RENDER_MARGIN;
    *h = pz_rpaint_height(p->scenes[p->first]) + 2 * PZ_RENDER_MARGIN;
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
    pz_rpaint_scene(cr, p->scenes[p->first]);
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
    double k = fmin((sw - 24) / pz_rpaint_width(s), (sh - SLOT_LABEL - 24) / pz_rpaint_height(s));
    if (k > 1.5) k = 1.5;
    char label[48];
    snprintf(label, sizeof label, "%s%zu", p->solutions ? "Solution " : "",
             p->first + i + 1);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, 11);
    /* Centred in its slot, the number above its left corner. */
    double left = x + (sw - k * pz_rpaint_width(s)) / 2;
    cairo_move_to(cr, left, y + 12);
    cairo_show_text(cr, label);
    cairo_save(cr);
    cairo_translate(cr, left, y + SLOT_LABEL + 4);
    cairo_scale(cr, k, k);
    pz_rpaint_scene(cr, s);
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
