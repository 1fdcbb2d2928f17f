/* A scene as one JSON object (pz_scene_write_json, docs/RENDER.md): what
 * a browser needs to draw any kind, written with plain stdio so the core
 * needs no JSON library. */
#include <stdio.h>

#include "render/scene_impl.h"

/* A JSON string: quotes, backslashes and control bytes escaped; other
 * bytes (UTF-8 included) as they are. */
static void put_string(FILE *out, const char *s) {
  putc('"', out);
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') fprintf(out, "\\%c", ch);
    else if (ch < 0x20) fprintf(out, "\\u%04x", ch);
    else putc(ch, out);
  }
  putc('"', out);
}

static const char *ink_name(pz_ink ink) {
  return ink == PZ_INK_SOLVED ? "solved" : "given";
}

static const char *mark_name(pz_mark m) {
  switch (m) {
  case PZ_MARK_CIRCLE: return "circle";
  case PZ_MARK_DISC: return "disc";
  case PZ_MARK_STAR: return "star";
  case PZ_MARK_OPEN: return "open";
  default: return NULL;
  }
}

/* One cell: only what it has, so a blank cell is {}. */
static void put_cell(FILE *out, const scene_cell *c) {
  const char *sep = "";
  putc('{', out);
  for (int part = 0; part < 2; part++) {
    if (!c->text[part][0]) continue;
    fprintf(out, "%s\"%s\":", sep, part ? "text2" : "text");
    put_string(out, c->text[part]);
    fprintf(out, ",\"%s\":\"%s\"", part ? "ink2" : "ink", ink_name(c->ink[part]));
    sep = ",";
  }
  if (c->shade) fprintf(out, "%s\"shade\":%d", sep, c->shade), sep = ",";
  if (c->split) {
    fprintf(out, "%s\"down\":", sep);
    put_string(out, c->down);
    fputs(",\"across\":", out);
    put_string(out, c->across);
    sep = ",";
  }
  const char *m = mark_name(c->mark);
  if (m) fprintf(out, "%s\"mark\":\"%s\",\"mark_ink\":\"%s\"", sep, m, ink_name(c->mark_ink));
  putc('}', out);
}

static void put_ints(FILE *out, const int *v, size_t n) {
  putc('[', out);
  for (size_t i = 0; i < n; i++) fprintf(out, "%s%d", i ? "," : "", v[i]);
  putc(']', out);
}

int pz_scene_write_json(const pz_scene *s, FILE *out) {
  if (!s || !out) return PZ_ERR_ARG;
  size_t cells = (size_t)s->rows * (size_t)s->cols;
  fprintf(out, "{\"rows\":%d,\"cols\":%d,\"cells\":[", s->rows, s->cols);
  for (size_t i = 0; i < cells; i++) {
    if (i) putc(',', out);
    put_cell(out, &s->cell[i]);
  }
  fputs("],\"regions\":", out);
  if (s->region) put_ints(out, s->region, cells);
  else fputs("null", out);
  fputs(",\"cages\":", out);
  if (s->cage) {
    put_ints(out, s->cage, cells);
    fputs(",\"cage_labels\":[", out);
    for (int k = 0; k < s->ncages; k++) {
      if (k) putc(',', out);
      if (s->cage_label && s->cage_label[k][0]) put_string(out, s->cage_label[k]);
      else fputs("null", out);
    }
    putc(']', out);
  } else {
    fputs("null", out);
  }
  fputs(",\"signs\":[", out);
  for (size_t i = 0; i < s->nsigns; i++) {
    fprintf(out, "%s{\"cell\":%d,\"down\":%d,\"text\":", i ? "," : "", s->sign[i].cell,
            s->sign[i].down ? 1 : 0);
    put_string(out, s->sign[i].text);
    putc('}', out);
  }
  fputs("],\"lines\":[", out);
  for (size_t i = 0; i < s->nlines; i++)
    fprintf(out, "%s[%.6g,%.6g,%.6g,%.6g]", i ? "," : "", s->line[i].r0, s->line[i].c0,
            s->line[i].r1, s->line[i].c1);
  static const char *const styles[PZ_PATH_NSTYLES] = {
      "grey", "green", "purple", "silver", "lavender", "orange", "teal", "blue", "dark",
      "lightblue", "indigo", "olive"};
  fputs("],\"paths\":[", out);
  for (size_t i = 0; i < s->npaths; i++) {
    const scene_path *p = &s->path[i];
    fprintf(out, "%s{\"cells\":", i ? "," : "");
    put_ints(out, p->cells, (size_t)p->ncells);
    fprintf(out, ",\"style\":\"%s\",\"bulb\":%d,\"circle\":%d,\"circle_end\":%d,\"head\":%d}",
            styles[p->style], !!(p->ends & PZ_PATH_BULB), !!(p->ends & PZ_PATH_CIRCLE),
            !!(p->ends & PZ_PATH_CIRCLE_END), !!(p->ends & PZ_PATH_HEAD));
  }
  fputs("],\"dots\":[", out);
  for (size_t i = 0; i < s->ndots; i++)
    fprintf(out, "%s{\"cell\":%d,\"down\":%d,\"black\":%d}", i ? "," : "", s->dot[i].cell,
            s->dot[i].down, s->dot[i].black);
  fputs("],\"quads\":[", out);
  for (size_t i = 0; i < s->nquads; i++) {
    fprintf(out, "%s{\"cell\":%d,\"text\":", i ? "," : "",
            s->quad[i].row * s->cols + s->quad[i].col);
    put_string(out, s->quad[i].text);
    putc('}', out);
  }
  fputs("],\"outside\":[", out);
  for (size_t i = 0; i < s->noutside; i++) {
    fprintf(out, "%s{\"row\":%d,\"col\":%d,\"text\":", i ? "," : "", s->outside[i].row,
            s->outside[i].col);
    put_string(out, s->outside[i].text);
    putc('}', out);
  }
  fputs("],\"caption\":", out);
  if (s->caption) put_string(out, s->caption);
  else fputs("null", out);
  putc('}', out);
  return ferror(out) ? PZ_ERR_IO : PZ_OK;
}

int pz_scene_size(const pz_scene *s, int *rows, int *cols) {
  if (!s || !rows || !cols) return PZ_ERR_ARG;
  *rows = s->rows;
  *cols = s->cols;
  return PZ_OK;
}
