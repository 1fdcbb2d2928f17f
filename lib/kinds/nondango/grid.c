/* Nondango's readable grid format: a region grid (labels), a blank line,
 * a circle grid ('o', '.', 'w', 'b'); solutions written as grids or lines. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/vec.h"
#include "kinds/nondango/nondango_text.h"

static int label_char(int ch) { return isalnum(ch) || ch == '_'; }

static const char no_blank_hint[] =
    "; is the blank line before the circle grid missing?";

int pz_nd_parse_grid(const segs *ls, size_t at, pz_nondango_def **out,
                      pz_parse_info *info) {
  /* The region block: non-blank lines up to the first blank one (comments
   * are skipped and do not end a block). */
  size_t n = at, first_row = at;
  int rows = 0, tokens = 0, st = PZ_OK;
  for (; n < ls->n && !pz_nd_seg_blank(ls->v[n]); n++) {
    if (pz_nd_seg_comment(ls->v[n])) continue;
    seg s = pz_nd_trim(ls->v[n]);
    for (size_t i = 0; i < s.len; i++)
      if (pz_is_blank((unsigned char)s.s[i])) tokens = 1;
    rows++;
  }
  size_t block_end = n;
  pz_ivec lab_start = {0}; /* label offsets into the text, per cell */
  pz_ivec lab_len = {0};
  pz_nondango_def *d = NULL;
  seg *labels = NULL;
  int cols = -1, r = 0;
  for (size_t i = first_row; i < block_end; i++) {
    seg line = ls->v[i];
    if (pz_nd_seg_comment(line)) continue;
    int count = 0;
    if (tokens) {
      seg tok;
      size_t pos = 0;
      while (pz_nd_next_token(line, &pos, &tok)) {
        for (size_t k = 0; k < tok.len; k++)
          if (!label_char((unsigned char)tok.s[k])) {
            st = perr(info, PZ_ERR_PARSE, tok.line, tok.col + k,
                      "bad region label '%s' (labels are letters, digits "
                      "or '_'%s)", pz_quote(tok.s, tok.len).s,
                      tok.s[k] == '.' ? no_blank_hint : "");
            goto done;
          }
        if (pz_ivec_push(&lab_start, (int)(tok.s - ls->v[0].s)) ||
            pz_ivec_push(&lab_len, (int)tok.len)) {
          st = PZ_ERR_NOMEM;
          goto done;
        }
        count++;
      }
    } else {
      seg s = pz_nd_trim(line);
      for (size_t k = 0; k < s.len; k++) {
        if (!label_char((unsigned char)s.s[k])) {
          st = perr(info, PZ_ERR_PARSE, s.line, s.col + k,
                    "bad region label '%s' (labels are letters, digits "
                    "or '_'%s)", pz_quote(s.s + k, 1).s,
                    s.s[k] == '.' ? no_blank_hint : "");
          goto done;
        }
        if (pz_ivec_push(&lab_start, (int)(s.s + k - ls->v[0].s)) ||
            pz_ivec_push(&lab_len, 1)) {
          st = PZ_ERR_NOMEM;
          goto done;
        }
        count++;
      }
    }
    r++;
    if (cols < 0) {
      cols = count;
      if (cols > PZ_NONDANGO_MAX_SIZE) {
        st = perr(info, PZ_ERR_TOO_LARGE, line.line, 1,
                  "%d columns: at most %d are supported", cols,
                  PZ_NONDANGO_MAX_SIZE);
        goto done;
      }
    } else if (count != cols) {
      st = perr(info, PZ_ERR_PARSE, line.line, pz_nd_trim(line).col,
                "row %d of the regions has %d cells, expected %d (as row 1)",
                r, count, cols);
      goto done;
    }
  }
  if (rows > PZ_NONDANGO_MAX_SIZE) {
    st = perr(info, PZ_ERR_TOO_LARGE, ls->v[first_row].line, 1,
              "%d rows: at most %d are supported", rows, PZ_NONDANGO_MAX_SIZE);
    goto done;
  }
  /* The circle block: the next non-blank lines. */
  while (n < ls->n && (pz_nd_seg_blank(ls->v[n]) || pz_nd_seg_comment(ls->v[n]))) n++;
  if (n >= ls->n) {
    seg last = ls->v[ls->n - 1];
    st = perr(info, PZ_ERR_PARSE, last.line + (last.len ? 1 : 0), 1,
              "missing the circle grid (after a blank line, %d rows of 'o' "
              "circle, '.' none, 'w' white, 'b' black)", rows);
    goto done;
  }
  if ((st = pz_nd_def_alloc(&d, rows, cols, PZ_NONDANGO_GRID))) goto done;
  r = 0;
  for (; n < ls->n && !pz_nd_seg_blank(ls->v[n]); n++) {
    seg line = ls->v[n];
    if (pz_nd_seg_comment(line)) continue;
    if (r == rows) {
      seg s = pz_nd_trim(line);
      st = perr(info, PZ_ERR_PARSE, s.line, s.col,
                "the circle grid has more rows than the %d of the region grid",
                rows);
      goto done;
    }
    int c = 0;
    for (size_t k = 0; k < line.len; k++) {
      int ch = (unsigned char)line.s[k], v;
      if (pz_is_blank(ch)) continue;
      switch (ch) {
      case 'o': case 'O': v = PZ_NONDANGO_CIRCLE; break;
      case '.': v = PZ_NONDANGO_NO_CIRCLE; break;
      case 'w': case 'W': v = PZ_NONDANGO_GIVEN_WHITE; break;
      case 'b': case 'B': v = PZ_NONDANGO_GIVEN_BLACK; break;
      default:
        st = perr(info, PZ_ERR_PARSE, line.line, line.col + k,
                  "bad circle cell '%s' (expected 'o' circle, '.' none, "
                  "'w' white, 'b' black)", pz_quote(line.s + k, 1).s);
        goto done;
      }
      if (c == cols) {
        st = perr(info, PZ_ERR_PARSE, line.line, line.col + k,
                  "row %d of the circles has more than %d cells", r + 1, cols);
        goto done;
      }
      d->cells[r * cols + c++] = v;
    }
    if (c < cols) {
      st = perr(info, PZ_ERR_PARSE, line.line, pz_nd_end_col(line),
                "row %d of the circles has %d cells, expected %d", r + 1, c,
                cols);
      goto done;
    }
    r++;
  }
  if (r < rows) {
    size_t line = n < ls->n ? ls->v[n].line : ls->v[ls->n - 1].line + 1;
    st = perr(info, PZ_ERR_PARSE, line, 1,
              "the circle grid has %d rows, the region grid %d", r, rows);
    goto done;
  }
  if ((st = pz_nd_only_trailing_comments(ls, n, "circle grid", info))) goto done;
  size_t cells = (size_t)rows * (size_t)cols;
  labels = (seg *)malloc(cells * sizeof(seg));
  if (!labels) {
    st = PZ_ERR_NOMEM;
    goto done;
  }
  for (size_t c = 0; c < cells; c++) {
    seg s = {ls->v[0].s + lab_start.data[c], (size_t)lab_len.data[c], 0, 0};
    labels[c] = s;
  }
  st = pz_nd_regions_from_labels(d, labels);
  if (!st) pz_nd_count_marks(d);
done:
  free(labels);
  pz_ivec_free(&lab_start);
  pz_ivec_free(&lab_len);
  if (st) {
    pz_nondango_def_free(d);
    return st;
  }
  *out = d;
  return PZ_OK;
}

static int write_cells(FILE *out, const int *s, int rows, int cols,
                       int blanks) {
  int st = pz_nd_check_solution(s, rows, cols);
  if (st) return st;
  if (!out) return PZ_ERR_ARG;
  /* Every write is checked: a full disk or a closed pipe is PZ_ERR_IO. */
  int bad = 0;
  for (int r = 0; r < rows && !bad; r++) {
    for (int c = 0; c < cols && !bad; c++) {
      if (blanks && c) bad = putc(' ', out) == EOF;
      if (!bad) bad = putc(pz_nd_cell_chars[s[r * cols + c]], out) == EOF;
    }
    if (!bad && (blanks || r == rows - 1)) bad = putc('\n', out) == EOF;
  }
  return bad || ferror(out) ? PZ_ERR_IO : PZ_OK;
}

int pz_nondango_write_grid(FILE *out, const int *solution, int rows,
                           int cols) {
  return write_cells(out, solution, rows, cols, 1);
}

int pz_nondango_write_line(FILE *out, const int *solution, int rows,
                           int cols) {
  return write_cells(out, solution, rows, cols, 0);
}
