/* Nondango as a puzz.link pzprv3 file: header, region ids, cells ('#'
 * black, '%' / 'o' white or open, '.' / '+' none); also written with an
 * answer. */
#include <stdio.h>
#include <stdlib.h>

#include "kinds/nondango/nondango_text.h"

int pz_nd_parse_pzprv3(const segs *ls, size_t at, pz_nondango_def **out,
                        pz_parse_info *info) {
  /* The engine's test scripts write the lines of a file separated by '/'. */
  segs parts = {NULL, 0, 0};
  const segs *in = ls;
  seg first = pz_nd_trim(ls->v[at]);
  int st = PZ_OK;
  if (first.len > 6 && first.s[6] == '/') {
    size_t i = 0;
    while (!st) {
      size_t j = i;
      while (j < first.len && first.s[j] != '/') j++;
      seg p = {first.s + i, j - i, first.line, first.col + i};
      st = pz_nd_segs_push(&parts, p);
      if (j >= first.len) break;
      i = j + 1;
    }
    if (!st) st = pz_nd_only_trailing_comments(ls, at + 1, "pzprv3 data", info);
    if (st) {
      free(parts.v);
      return st;
    }
    in = &parts;
    at = 0;
  }
  /* Blank lines are skipped everywhere; n = the next non-blank one. */
  size_t n = at;
  seg last = in->v[in->n - 1];
#define NEXT_SEG(what)                                                       \
  do {                                                                       \
    while (n < in->n && pz_nd_seg_blank(in->v[n])) n++;                            \
    if (n >= in->n) {                                                        \
      st = perr(info, PZ_ERR_PARSE, last.line, pz_nd_end_col(last),                \
                "the file ends before %s", what);                            \
      goto done;                                                             \
    }                                                                        \
  } while (0)
  pz_nondango_def *d = NULL;
  seg *labels = NULL;
  int rows = 0, cols = 0;
  NEXT_SEG("the 'pzprv3' line");
  if (!pz_nd_seg_is(in->v[n], "pzprv3")) {
    seg s = pz_nd_trim(in->v[n]);
    st = perr(info, PZ_ERR_PARSE, s.line, s.col,
              "expected 'pzprv3', found '%s'", pz_quote(s.s, s.len).s);
    goto done;
  }
  n++;
  NEXT_SEG("the puzzle type");
  if (!pz_nd_seg_is(in->v[n], "nondango")) {
    seg s = pz_nd_trim(in->v[n]);
    st = perr(info, PZ_ERR_PARSE, s.line, s.col,
              "the file is for '%s', not nondango", pz_quote(s.s, s.len).s);
    goto done;
  }
  n++;
  NEXT_SEG("the number of rows");
  if ((st = pz_nd_parse_size(in->v[n++], "rows", &rows, info))) goto done;
  NEXT_SEG("the number of columns");
  if ((st = pz_nd_parse_size(in->v[n++], "columns", &cols, info))) goto done;
  NEXT_SEG("the number of regions");
  {
    /* The regions come from the labels; the count must still be a
     * number of regions the grid can hold. */
    int nreg;
    seg s = pz_nd_trim(in->v[n++]);
    if ((st = pz_lex_size(s, "regions", rows * cols, &nreg, info))) goto done;
  }
  size_t cells = (size_t)rows * (size_t)cols;
  labels = (seg *)malloc(cells * sizeof(seg));
  if (!labels || (st = pz_nd_def_alloc(&d, rows, cols, PZ_NONDANGO_PZPRV3))) {
    if (!st) st = PZ_ERR_NOMEM;
    goto done;
  }
  for (int pass = 0; pass < 2; pass++)
    for (int r = 0; r < rows; r++) {
      char what[64];
      snprintf(what, sizeof what, "row %d of the %s", r + 1,
               pass ? "cells" : "regions");
      NEXT_SEG(what);
      seg line = in->v[n++], tok;
      size_t pos = 0;
      int c = 0;
      while (pz_nd_next_token(line, &pos, &tok)) {
        if (c == cols) {
          st = perr(info, PZ_ERR_PARSE, tok.line, tok.col,
                    "%s has more than %d entries (found '%s')", what, cols,
                    pz_quote(tok.s, tok.len).s);
          goto done;
        }
        size_t cell = (size_t)r * (size_t)cols + (size_t)c++;
        if (!pass) {
          labels[cell] = tok;
          continue;
        }
        int v = -1;
        if (tok.len == 1) switch (tok.s[0]) {
          case '#': v = PZ_NONDANGO_GIVEN_BLACK; break;
          case '%': v = PZ_NONDANGO_GIVEN_WHITE; break;
          case 'o': v = PZ_NONDANGO_CIRCLE; break;
          case '.': case '+': v = PZ_NONDANGO_NO_CIRCLE; break;
          default: break;
          }
        if (v < 0) {
          st = perr(info, PZ_ERR_PARSE, tok.line, tok.col,
                    "unknown cell '%s' in %s (expected #, %%, o, . or +)",
                    pz_quote(tok.s, tok.len).s, what);
          goto done;
        }
        d->cells[cell] = v;
      }
      if (c < cols) {
        st = perr(info, PZ_ERR_PARSE, line.line, pz_nd_end_col(line), "%s has %d "
                  "entries, expected %d", what, c, cols);
        goto done;
      }
    }
  /* Anything after the cells (later engine sections) is ignored. */
  st = pz_nd_regions_from_labels(d, labels);
  if (!st) pz_nd_count_marks(d);
#undef NEXT_SEG
done:
  free(labels);
  free(parts.v);
  if (st) {
    pz_nondango_def_free(d);
    return st;
  }
  *out = d;
  return PZ_OK;
}

/* Region ids renumbered 0..count-1 in row-major order of first appearance
 * into *ids (malloc'ed). */
static int renumber(const int *regions, int rows, int cols, int **ids,
                    int *count) {
  if (!regions) return PZ_ERR_ARG;
  int cells = rows * cols;
  for (int c = 0; c < cells; c++)
    if (regions[c] < 0 || regions[c] >= cells) return PZ_ERR_RANGE;
  int *map = (int *)malloc((size_t)cells * sizeof(int));
  int *out = (int *)malloc((size_t)cells * sizeof(int));
  if (!map || !out) {
    free(map);
    free(out);
    return PZ_ERR_NOMEM;
  }
  int n = 0;
  for (int c = 0; c < cells; c++) map[c] = -1;
  for (int c = 0; c < cells; c++) {
    if (map[regions[c]] < 0) map[regions[c]] = n++;
    out[c] = map[regions[c]];
  }
  free(map);
  *ids = out;
  *count = n;
  return PZ_OK;
}

int pz_nondango_write_pzprv3(FILE *out, const int *regions,
                             const int *solution, int rows, int cols) {
  int st = pz_nd_check_solution(solution, rows, cols);
  if (st) return st;
  if (!out) return PZ_ERR_ARG;
  if (rows > PZ_NONDANGO_MAX_SIZE || cols > PZ_NONDANGO_MAX_SIZE)
    return PZ_ERR_TOO_LARGE;
  int *ids, n;
  if ((st = renumber(regions, rows, cols, &ids, &n))) return st;
  int bad = fprintf(out, "pzprv3\nnondango\n%d\n%d\n%d\n", rows, cols, n) < 0;
  for (int r = 0; r < rows && !bad; r++) {
    for (int c = 0; c < cols && !bad; c++)
      bad = fprintf(out, "%d ", ids[r * cols + c]) < 0;
    if (!bad) bad = putc('\n', out) == EOF;
  }
  for (int r = 0; r < rows && !bad; r++) {
    for (int c = 0; c < cols && !bad; c++)
      bad = fprintf(out, "%c ", pz_nd_cell_chars[solution[r * cols + c]]) < 0;
    if (!bad) bad = putc('\n', out) == EOF;
  }
  free(ids);
  return bad || ferror(out) ? PZ_ERR_IO : PZ_OK;
}
