/* The scene model: what a picture of a puzzle holds, filled by a kind's
 * builder (lib/render/<kind>.c) and read by the painter (paint.c). */
#include <stdlib.h>
#include <string.h>

#include "render/scene_impl.h"

#define SCENE_MAX_SIDE 1024

int pz_scene_new(pz_scene **out, int rows, int cols) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (rows < 1 || cols < 1) return PZ_ERR_ARG;
  if (rows > SCENE_MAX_SIDE || cols > SCENE_MAX_SIDE) return PZ_ERR_TOO_LARGE;
  pz_scene *s = (pz_scene *)calloc(1, sizeof *s);
  if (!s) return PZ_ERR_NOMEM;
  s->rows = rows;
  s->cols = cols;
  s->cell = (scene_cell *)calloc((size_t)rows * (size_t)cols, sizeof *s->cell);
  if (!s->cell) {
    free(s);
    return PZ_ERR_NOMEM;
  }
  *out = s;
  return PZ_OK;
}

void pz_scene_free(pz_scene *s) {
  if (!s) return;
  free(s->cell);
  free(s->region);
  free(s->cage);
  free(s->cage_label);
  free(s->sign);
  free(s->line);
  for (size_t i = 0; i < s->npaths; i++) free(s->path[i].cells);
  free(s->path);
  free(s->dot);
  free(s->quad);
  free(s->outside);
  free(s->caption);
  free(s);
}

static size_t cells(const pz_scene *s) {
  return (size_t)s->rows * (size_t)s->cols;
}

/* A copy of a scene's worth of ints into *dst (NULL src: none). */
static int copy_ints(int **dst, const int *src, size_t n) {
  int *c = NULL;
  if (src) {
    c = (int *)malloc(n * sizeof *c);
    if (!c) return PZ_ERR_NOMEM;
    memcpy(c, src, n * sizeof *c);
  }
  free(*dst);
  *dst = c;
  return PZ_OK;
}

static void copy_text(char *dst, const char *src) {
  size_t n = src ? strlen(src) : 0;
  if (n >= SCENE_TEXT) n = SCENE_TEXT - 1;
  if (n) memcpy(dst, src, n);
  dst[n] = 0;
}

static int bad_cell(const pz_scene *s, int cell) {
  return !s || cell < 0 || (size_t)cell >= cells(s);
}

int pz_scene_set_regions(pz_scene *s, const int *ids) {
  if (!s) return PZ_ERR_ARG;
  return copy_ints(&s->region, ids, cells(s));
}

int pz_scene_set_text(pz_scene *s, int cell, int part, const char *text,
                      pz_ink ink) {
  if (bad_cell(s, cell) || part < 0 || part > 1) return PZ_ERR_ARG;
  copy_text(s->cell[cell].text[part], text);
  s->cell[cell].ink[part] = ink;
  return PZ_OK;
}

int pz_scene_set_shade(pz_scene *s, int cell, int shade) {
  if (bad_cell(s, cell) || shade < 0 || shade > 3) return PZ_ERR_ARG;
  s->cell[cell].shade = shade;
  return PZ_OK;
}

int pz_scene_set_split(pz_scene *s, int cell, const char *down,
                       const char *across) {
  if (bad_cell(s, cell)) return PZ_ERR_ARG;
  scene_cell *c = &s->cell[cell];
  c->split = 1;
  c->shade = 1;
  copy_text(c->down, down);
  copy_text(c->across, across);
  return PZ_OK;
}

int pz_scene_set_mark(pz_scene *s, int cell, pz_mark mark, pz_ink ink) {
  if (bad_cell(s, cell) || mark < PZ_MARK_NONE || mark > PZ_MARK_OPEN)
    return PZ_ERR_ARG;
  s->cell[cell].mark = mark;
  s->cell[cell].mark_ink = ink;
  return PZ_OK;
}

int pz_scene_set_cages(pz_scene *s, const int *cages, int ncages,
                       const char *const *labels) {
  if (!s || ncages < 0 || (ncages && !cages)) return PZ_ERR_ARG;
  if (cages)
    for (size_t i = 0; i < cells(s); i++)
      if (cages[i] < -1 || cages[i] >= ncages) return PZ_ERR_RANGE;
  char(*lab)[SCENE_TEXT] = NULL;
  if (ncages) {
    lab = (char(*)[SCENE_TEXT])calloc((size_t)ncages, sizeof *lab);
    if (!lab) return PZ_ERR_NOMEM;
  }
  if (copy_ints(&s->cage, cages, cells(s))) {
    free(lab);
    return PZ_ERR_NOMEM;
  }
  for (int k = 0; k < ncages && labels; k++) copy_text(lab[k], labels[k]);
  free(s->cage_label);
  s->cage_label = lab;
  s->ncages = ncages;
  return PZ_OK;
}

/* Room for one more item of size each in *items (cap *cap). */
static int grow(void **items, size_t n, size_t *cap, size_t each) {
  if (n < *cap) return PZ_OK;
  size_t c = *cap ? 2 * *cap : 16;
  void *m = realloc(*items, c * each);
  if (!m) return PZ_ERR_NOMEM;
  *items = m;
  *cap = c;
  return PZ_OK;
}

int pz_scene_add_sign(pz_scene *s, int cell, int down, const char *sign) {
  if (bad_cell(s, cell) || !sign || (down != 0 && down != 1)) return PZ_ERR_ARG;
  if (down ? cell / s->cols == s->rows - 1 : cell % s->cols == s->cols - 1)
    return PZ_ERR_RANGE;
  if (grow((void **)&s->sign, s->nsigns, &s->cap_signs, sizeof *s->sign))
    return PZ_ERR_NOMEM;
  scene_sign *g = &s->sign[s->nsigns++];
  g->cell = cell;
  g->down = down;
  size_t n = strlen(sign);
  if (n >= sizeof g->text) n = sizeof g->text - 1;
  memcpy(g->text, sign, n);
  g->text[n] = 0;
  return PZ_OK;
}

int pz_scene_add_line(pz_scene *s, double r0, double c0, double r1,
                      double c1) {
  if (!s) return PZ_ERR_ARG;
  if (grow((void **)&s->line, s->nlines, &s->cap_lines, sizeof *s->line))
    return PZ_ERR_NOMEM;
  s->line[s->nlines++] = (scene_line){r0, c0, r1, c1};
  return PZ_OK;
}

int pz_scene_add_path(pz_scene *s, const int *cells, int ncells,
                      pz_path_style style, unsigned ends) {
  if (!s || !cells || ncells < 1 || style < PZ_PATH_GREY ||
      style >= PZ_PATH_NSTYLES || ends > 15u)
    return PZ_ERR_ARG;
  for (int i = 0; i < ncells; i++)
    if (bad_cell(s, cells[i])) return PZ_ERR_ARG;
  if (grow((void **)&s->path, s->npaths, &s->cap_paths, sizeof *s->path))
    return PZ_ERR_NOMEM;
  int *c = (int *)malloc((size_t)ncells * sizeof *c);
  if (!c) return PZ_ERR_NOMEM;
  memcpy(c, cells, (size_t)ncells * sizeof *c);
  s->path[s->npaths++] = (scene_path){c, ncells, style, ends};
  return PZ_OK;
}

/* Whether cell has the neighbour a border item names. */
static int border_ok(const pz_scene *s, int cell, int down) {
  return down ? cell / s->cols != s->rows - 1 : cell % s->cols != s->cols - 1;
}

int pz_scene_add_dot(pz_scene *s, int cell, int down, int black) {
  if (bad_cell(s, cell) || (down != 0 && down != 1)) return PZ_ERR_ARG;
  if (!border_ok(s, cell, down)) return PZ_ERR_RANGE;
  if (grow((void **)&s->dot, s->ndots, &s->cap_dots, sizeof *s->dot))
    return PZ_ERR_NOMEM;
  s->dot[s->ndots++] = (scene_dot){cell, down, black ? 1 : 0};
  return PZ_OK;
}

static int add_note(scene_note **notes, size_t *n, size_t *cap, int row,
                    int col, const char *text) {
  if (grow((void **)notes, *n, cap, sizeof **notes)) return PZ_ERR_NOMEM;
  scene_note *t = &(*notes)[(*n)++];
  t->row = row;
  t->col = col;
  copy_text(t->text, text);
  return PZ_OK;
}

int pz_scene_add_quad(pz_scene *s, int cell, const char *text) {
  if (bad_cell(s, cell) || !text) return PZ_ERR_ARG;
  if (!border_ok(s, cell, 0) || !border_ok(s, cell, 1)) return PZ_ERR_RANGE;
  return add_note(&s->quad, &s->nquads, &s->cap_quads, cell / s->cols,
                  cell % s->cols, text);
}

int pz_scene_add_outside(pz_scene *s, int row, int col, const char *text) {
  if (!s || !text) return PZ_ERR_ARG;
  if (row < -1 || col < -1 || row > s->rows || col > s->cols) return PZ_ERR_RANGE;
  if (row >= 0 && row < s->rows && col >= 0 && col < s->cols) return PZ_ERR_RANGE;
  return add_note(&s->outside, &s->noutside, &s->cap_outside, row, col, text);
}

int pz_scene_set_caption(pz_scene *s, const char *caption) {
  if (!s) return PZ_ERR_ARG;
  char *c = NULL;
  if (caption && *caption) {
    c = (char *)malloc(strlen(caption) + 1);
    if (!c) return PZ_ERR_NOMEM;
    strcpy(c, caption);
  }
  free(s->caption);
  s->caption = c;
  return PZ_OK;
}
