/* Nondango text: the readable grid format, puzz.link pzprv3 files and
 * puzz.link URLs in; grids, lines, pzprv3 answers and URLs out. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/vec.h"
#include "io/input.h"
#include "pz/nondango.h"

struct pz_nondango_def {
  int rows, cols, nreg, marks;
  pz_nondango_format format;
  int *regions;
  int *cells;
};

/* --- Errors --------------------------------------------------------------- */

/* The shared reporter, with this file's argument order. */
#define perr(info, st, line, col, ...) \
  pz_parse_fail(info, line, col, st, __VA_ARGS__)

/* --- Lines ---------------------------------------------------------------- */

/* A piece of text: a line, or a '/'-separated part of one. */
typedef pz_tok seg;

typedef struct segs {
  seg *v;
  size_t n, cap;
} segs;

static int segs_push(segs *a, seg x) {
  if (a->n == a->cap) {
    size_t cap = a->cap ? a->cap * 2 : 64;
    seg *v = (seg *)realloc(a->v, cap * sizeof(seg));
    if (!v) return PZ_ERR_NOMEM;
    a->v = v;
    a->cap = cap;
  }
  a->v[a->n++] = x;
  return PZ_OK;
}

/* Splits text into lines (without '\n' and a trailing '\r') with the
 * shared lexer; a NUL byte is an error. */
static int split_lines(const char *text, size_t len, segs *out,
                       pz_parse_info *info) {
  pz_lexer lx;
  pz_line l;
  pz_lex_init(&lx, text, len);
  while (pz_lex_line(&lx, &l)) {
    int st = pz_line_check(&l, info);
    if (st) return st;
    seg s = {l.s, l.len, l.no, 1};
    if (segs_push(out, s)) return PZ_ERR_NOMEM;
  }
  return PZ_OK;
}

#define is_blank pz_is_blank

/* Drops leading and trailing blanks, keeping col right. */
static seg trim(seg s) {
  while (s.len && is_blank((unsigned char)s.s[0])) {
    s.s++;
    s.len--;
    s.col++;
  }
  while (s.len && is_blank((unsigned char)s.s[s.len - 1])) s.len--;
  return s;
}

static int seg_blank(seg s) { return trim(s).len == 0; }
static int seg_comment(seg s) {
  s = trim(s);
  return s.len && s.s[0] == '#';
}
static int seg_is(seg s, const char *word) {
  s = trim(s);
  return s.len == strlen(word) && memcmp(s.s, word, s.len) == 0;
}

/* Next blank-separated token of s at or after *pos; 0 when none. */
static int next_token(seg s, size_t *pos, seg *tok) {
  size_t i = *pos;
  while (i < s.len && is_blank((unsigned char)s.s[i])) i++;
  if (i == s.len) {
    *pos = i;
    return 0;
  }
  size_t j = i;
  while (j < s.len && !is_blank((unsigned char)s.s[j])) j++;
  tok->s = s.s + i;
  tok->len = j - i;
  tok->line = s.line;
  tok->col = s.col + i;
  *pos = j;
  return 1;
}

/* Column just past the end of s (for "missing ..." errors). */
static size_t end_col(seg s) { return s.col + s.len; }

/* A size (rows or columns) in 1..PZ_NONDANGO_MAX_SIZE; what names it. */
static int parse_size(seg s, const char *what, int *out, pz_parse_info *info) {
  return pz_lex_size(trim(s), what, PZ_NONDANGO_MAX_SIZE, out, info);
}

/* --- Definitions ---------------------------------------------------------- */

static int def_alloc(pz_nondango_def **out, int rows, int cols,
                     pz_nondango_format fmt) {
  pz_nondango_def *d = (pz_nondango_def *)calloc(1, sizeof *d);
  size_t cells = (size_t)rows * (size_t)cols;
  if (!d) return PZ_ERR_NOMEM;
  d->rows = rows;
  d->cols = cols;
  d->format = fmt;
  d->regions = (int *)calloc(cells, sizeof(int));
  d->cells = (int *)calloc(cells, sizeof(int));
  if (!d->regions || !d->cells) {
    pz_nondango_def_free(d);
    return PZ_ERR_NOMEM;
  }
  *out = d;
  return PZ_OK;
}

void pz_nondango_def_free(pz_nondango_def *d) {
  if (!d) return;
  free(d->regions);
  free(d->cells);
  free(d);
}

/* Regions of the grid as connected components under "no wall": vwall[r *
 * (cols-1) + c] is the wall right of (r, c), hwall[r * cols + c] the wall
 * below it. Numbered in row-major order of first appearance. */
static int components(pz_nondango_def *d, const unsigned char *vwall,
                      const unsigned char *hwall) {
  int rows = d->rows, cols = d->cols, cells = rows * cols;
  int *queue = (int *)malloc((size_t)cells * sizeof(int));
  if (!queue) return PZ_ERR_NOMEM;
  for (int c = 0; c < cells; c++) d->regions[c] = -1;
  d->nreg = 0;
  for (int s = 0; s < cells; s++) {
    if (d->regions[s] >= 0) continue;
    int head = 0, tail = 0, id = d->nreg++;
    d->regions[s] = id;
    queue[tail++] = s;
    while (head < tail) {
      int c = queue[head++], r = c / cols, col = c % cols;
      int nb[4] = {-1, -1, -1, -1};
      if (col + 1 < cols && !vwall[r * (cols - 1) + col]) nb[0] = c + 1;
      if (col > 0 && !vwall[r * (cols - 1) + col - 1]) nb[1] = c - 1;
      if (r + 1 < rows && !hwall[r * cols + col]) nb[2] = c + cols;
      if (r > 0 && !hwall[(r - 1) * cols + col]) nb[3] = c - cols;
      for (int k = 0; k < 4; k++)
        if (nb[k] >= 0 && d->regions[nb[k]] < 0) {
          d->regions[nb[k]] = id;
          queue[tail++] = nb[k];
        }
    }
  }
  free(queue);
  return PZ_OK;
}

/* Regions from per-cell labels: walls between different labels. */
static int regions_from_labels(pz_nondango_def *d, const seg *labels) {
  int rows = d->rows, cols = d->cols;
  size_t nv = (size_t)rows * (size_t)(cols - 1), nh = (size_t)(rows - 1) * cols;
  unsigned char *v = (unsigned char *)calloc(nv + 1, 1);
  unsigned char *h = (unsigned char *)calloc(nh + 1, 1);
  if (!v || !h) {
    free(v);
    free(h);
    return PZ_ERR_NOMEM;
  }
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      const seg *a = &labels[r * cols + c];
      if (c + 1 < cols) {
        const seg *b = a + 1;
        v[r * (cols - 1) + c] = a->len != b->len || memcmp(a->s, b->s, a->len);
      }
      if (r + 1 < rows) {
        const seg *b = a + cols;
        h[r * cols + c] = a->len != b->len || memcmp(a->s, b->s, a->len);
      }
    }
  int st = components(d, v, h);
  free(v);
  free(h);
  return st;
}

static void count_marks(pz_nondango_def *d) {
  int cells = d->rows * d->cols;
  d->marks = 0;
  for (int c = 0; c < cells; c++)
    if (d->cells[c] == PZ_NONDANGO_GIVEN_WHITE ||
        d->cells[c] == PZ_NONDANGO_GIVEN_BLACK)
      d->marks++;
}

/* Nothing but blank lines and comments may follow the puzzle. */
static int only_trailing_comments(const segs *ls, size_t from, const char *after,
                                  pz_parse_info *info) {
  for (size_t i = from; i < ls->n; i++) {
    seg s = trim(ls->v[i]);
    if (!s.len || s.s[0] == '#') continue;
    return perr(info, PZ_ERR_PARSE, s.line, s.col,
                "unexpected '%s' after the %s", pz_quote(s.s, s.len).s, after);
  }
  return PZ_OK;
}

/* --- URL ------------------------------------------------------------------ */

#define b32 pz_url_b32

static int parse_url(const segs *ls, size_t at, pz_nondango_def **out,
                     pz_parse_info *info) {
  pz_url url;
  int st = pz_url_parse(trim(ls->v[at]), "nondango", PZ_NONDANGO_MAX_SIZE,
                        &url, info);
  if (st) return st;
  int cols = url.cols, rows = url.rows;
  seg body = url.body;
  size_t nv = (size_t)(cols - 1) * (size_t)rows;
  size_t nh = (size_t)cols * (size_t)(rows - 1);
  size_t cells = (size_t)rows * (size_t)cols;
  size_t lv = (nv + 4) / 5, lh = (nh + 4) / 5, lc = (cells + 4) / 5;
  size_t need = lv + lh + lc;
  for (size_t x = 0; x < body.len; x++)
    if (b32((unsigned char)body.s[x]) < 0)
      return perr(info, PZ_ERR_PARSE, body.line, body.col + x,
                  "'%s' is not a base-32 digit (0-9, a-v) in the URL body",
                  pz_quote(body.s + x, 1).s);
  if (body.len != need)
    return perr(info, PZ_ERR_PARSE, body.line,
                body.len < need ? end_col(body) : body.col + need,
                "the URL body has %zu characters; %d columns x %d rows need "
                "%zu (%zu for the walls, %zu for the circles)",
                body.len, cols, rows, need, lv + lh, lc);
  if ((st = only_trailing_comments(ls, at + 1, "URL", info))) return st;
  pz_nondango_def *d;
  if ((st = def_alloc(&d, rows, cols, PZ_NONDANGO_URL))) return st;
  unsigned char *v = (unsigned char *)calloc(nv + 1, 1);
  unsigned char *h = (unsigned char *)calloc(nh + 1, 1);
  if (!v || !h) st = PZ_ERR_NOMEM;
  /* Five bits per character, most significant first. */
  for (size_t b = 0; b < nv && !st; b++)
    v[b] = (unsigned char)((b32((unsigned char)body.s[b / 5]) >> (4 - b % 5)) & 1);
  for (size_t b = 0; b < nh && !st; b++)
    h[b] = (unsigned char)((b32((unsigned char)body.s[lv + b / 5]) >> (4 - b % 5)) & 1);
  for (size_t c = 0; c < cells && !st; c++) {
    int bit = (b32((unsigned char)body.s[lv + lh + c / 5]) >> (4 - c % 5)) & 1;
    d->cells[c] = bit ? PZ_NONDANGO_NO_CIRCLE : PZ_NONDANGO_CIRCLE;
  }
  if (!st) st = components(d, v, h);
  free(v);
  free(h);
  if (st) {
    pz_nondango_def_free(d);
    return st;
  }
  *out = d;
  return PZ_OK;
}

/* --- pzprv3 --------------------------------------------------------------- */

static int parse_pzprv3(const segs *ls, size_t at, pz_nondango_def **out,
                        pz_parse_info *info) {
  /* The engine's test scripts write the lines of a file separated by '/'. */
  segs parts = {NULL, 0, 0};
  const segs *in = ls;
  seg first = trim(ls->v[at]);
  int st = PZ_OK;
  if (first.len > 6 && first.s[6] == '/') {
    size_t i = 0;
    while (!st) {
      size_t j = i;
      while (j < first.len && first.s[j] != '/') j++;
      seg p = {first.s + i, j - i, first.line, first.col + i};
      st = segs_push(&parts, p);
      if (j >= first.len) break;
      i = j + 1;
    }
    if (!st) st = only_trailing_comments(ls, at + 1, "pzprv3 data", info);
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
    while (n < in->n && seg_blank(in->v[n])) n++;                            \
    if (n >= in->n) {                                                        \
      st = perr(info, PZ_ERR_PARSE, last.line, end_col(last),                \
                "the file ends before %s", what);                            \
      goto done;                                                             \
    }                                                                        \
  } while (0)
  pz_nondango_def *d = NULL;
  seg *labels = NULL;
  int rows = 0, cols = 0;
  NEXT_SEG("the 'pzprv3' line");
  if (!seg_is(in->v[n], "pzprv3")) {
    seg s = trim(in->v[n]);
    st = perr(info, PZ_ERR_PARSE, s.line, s.col,
              "expected 'pzprv3', found '%s'", pz_quote(s.s, s.len).s);
    goto done;
  }
  n++;
  NEXT_SEG("the puzzle type");
  if (!seg_is(in->v[n], "nondango")) {
    seg s = trim(in->v[n]);
    st = perr(info, PZ_ERR_PARSE, s.line, s.col,
              "the file is for '%s', not nondango", pz_quote(s.s, s.len).s);
    goto done;
  }
  n++;
  NEXT_SEG("the number of rows");
  if ((st = parse_size(in->v[n++], "rows", &rows, info))) goto done;
  NEXT_SEG("the number of columns");
  if ((st = parse_size(in->v[n++], "columns", &cols, info))) goto done;
  NEXT_SEG("the number of regions");
  {
    /* The regions come from the labels; the count must still be a
     * number of regions the grid can hold. */
    int nreg;
    seg s = trim(in->v[n++]);
    if ((st = pz_lex_size(s, "regions", rows * cols, &nreg, info))) goto done;
  }
  size_t cells = (size_t)rows * (size_t)cols;
  labels = (seg *)malloc(cells * sizeof(seg));
  if (!labels || (st = def_alloc(&d, rows, cols, PZ_NONDANGO_PZPRV3))) {
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
      while (next_token(line, &pos, &tok)) {
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
        st = perr(info, PZ_ERR_PARSE, line.line, end_col(line), "%s has %d "
                  "entries, expected %d", what, c, cols);
        goto done;
      }
    }
  /* Anything after the cells (later engine sections) is ignored. */
  st = regions_from_labels(d, labels);
  if (!st) count_marks(d);
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

/* --- Grid ----------------------------------------------------------------- */

static int label_char(int ch) { return isalnum(ch) || ch == '_'; }

static const char no_blank_hint[] =
    "; is the blank line before the circle grid missing?";

static int parse_grid(const segs *ls, size_t at, pz_nondango_def **out,
                      pz_parse_info *info) {
  /* The region block: non-blank lines up to the first blank one (comments
   * are skipped and do not end a block). */
  size_t n = at, first_row = at;
  int rows = 0, tokens = 0, st = PZ_OK;
  for (; n < ls->n && !seg_blank(ls->v[n]); n++) {
    if (seg_comment(ls->v[n])) continue;
    seg s = trim(ls->v[n]);
    for (size_t i = 0; i < s.len; i++)
      if (is_blank((unsigned char)s.s[i])) tokens = 1;
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
    if (seg_comment(line)) continue;
    int count = 0;
    if (tokens) {
      seg tok;
      size_t pos = 0;
      while (next_token(line, &pos, &tok)) {
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
      seg s = trim(line);
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
      st = perr(info, PZ_ERR_PARSE, line.line, trim(line).col,
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
  while (n < ls->n && (seg_blank(ls->v[n]) || seg_comment(ls->v[n]))) n++;
  if (n >= ls->n) {
    seg last = ls->v[ls->n - 1];
    st = perr(info, PZ_ERR_PARSE, last.line + (last.len ? 1 : 0), 1,
              "missing the circle grid (after a blank line, %d rows of 'o' "
              "circle, '.' none, 'w' white, 'b' black)", rows);
    goto done;
  }
  if ((st = def_alloc(&d, rows, cols, PZ_NONDANGO_GRID))) goto done;
  r = 0;
  for (; n < ls->n && !seg_blank(ls->v[n]); n++) {
    seg line = ls->v[n];
    if (seg_comment(line)) continue;
    if (r == rows) {
      seg s = trim(line);
      st = perr(info, PZ_ERR_PARSE, s.line, s.col,
                "the circle grid has more rows than the %d of the region grid",
                rows);
      goto done;
    }
    int c = 0;
    for (size_t k = 0; k < line.len; k++) {
      int ch = (unsigned char)line.s[k], v;
      if (is_blank(ch)) continue;
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
      st = perr(info, PZ_ERR_PARSE, line.line, end_col(line),
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
  if ((st = only_trailing_comments(ls, n, "circle grid", info))) goto done;
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
  st = regions_from_labels(d, labels);
  if (!st) count_marks(d);
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

/* --- Entry points --------------------------------------------------------- */

int pz_nondango_parse(const char *text, size_t len, pz_nondango_format fmt,
                      pz_nondango_def **out, pz_parse_info *info) {
  if (out) *out = NULL;
  if (info) {
    info->line = info->column = 0;
    info->message[0] = 0;
  }
  if (!out || (!text && len) || (unsigned)fmt > PZ_NONDANGO_URL)
    return PZ_ERR_ARG;
  if (len > (size_t)0x7fffffff)
    return perr(info, PZ_ERR_TOO_LARGE, 0, 0, "the text is too long");
  segs ls = {NULL, 0, 0};
  int sst = split_lines(text ? text : "", len, &ls, info);
  if (sst) {
    free(ls.v);
    return sst;
  }
  size_t at = 0;
  while (at < ls.n && (seg_blank(ls.v[at]) || seg_comment(ls.v[at]))) at++;
  int st;
  if (at == ls.n) {
    st = perr(info, PZ_ERR_PARSE, ls.n ? ls.v[ls.n - 1].line : 1, 1,
              "no puzzle in the text");
  } else {
    if (fmt == PZ_NONDANGO_AUTO) {
      seg s = trim(ls.v[at]);
      if (s.len >= 6 && memcmp(s.s, "pzprv3", 6) == 0) fmt = PZ_NONDANGO_PZPRV3;
      else if (memchr(s.s, '/', s.len)) fmt = PZ_NONDANGO_URL;
      else fmt = PZ_NONDANGO_GRID;
    }
    if (fmt == PZ_NONDANGO_URL) st = parse_url(&ls, at, out, info);
    else if (fmt == PZ_NONDANGO_PZPRV3) st = parse_pzprv3(&ls, at, out, info);
    else st = parse_grid(&ls, at, out, info);
  }
  free(ls.v);
  return st;
}

int pz_nondango_read(FILE *in, pz_nondango_format fmt, pz_nondango_def **out,
                     pz_parse_info *info) {
  if (out) *out = NULL;
  if (!in || !out) return PZ_ERR_ARG;
  char *buf;
  size_t len;
  int rd = pz_read_all(in, &buf, &len, info);
  if (rd) return rd;
  int st = pz_nondango_parse(buf, len, fmt, out, info);
  free(buf);
  return st;
}

int pz_nondango_def_rows(const pz_nondango_def *d) { return d ? d->rows : 0; }
int pz_nondango_def_cols(const pz_nondango_def *d) { return d ? d->cols : 0; }
pz_nondango_format pz_nondango_def_format(const pz_nondango_def *d) {
  return d ? d->format : PZ_NONDANGO_AUTO;
}
const int *pz_nondango_def_regions(const pz_nondango_def *d, int *count) {
  if (count) *count = d ? d->nreg : 0;
  return d ? d->regions : NULL;
}
const int *pz_nondango_def_cells(const pz_nondango_def *d) {
  return d ? d->cells : NULL;
}
int pz_nondango_def_marks(const pz_nondango_def *d) { return d ? d->marks : 0; }

int pz_nondango_def_answer(const pz_nondango_def *d, int *answer) {
  if (!d || !answer) return PZ_ERR_ARG;
  int cells = d->rows * d->cols;
  for (int c = 0; c < cells; c++)
    answer[c] = d->cells[c] == PZ_NONDANGO_NO_CIRCLE ? PZ_NONDANGO_NONE
                : d->cells[c] == PZ_NONDANGO_GIVEN_BLACK ? PZ_NONDANGO_BLACK
                                                         : PZ_NONDANGO_WHITE;
  return PZ_OK;
}

int pz_nondango_from_def(pz_puzzle **out, const pz_nondango_def *d,
                         unsigned flags) {
  if (out) *out = NULL;
  if (!out || !d || (flags & ~PZ_NONDANGO_USE_MARKS)) return PZ_ERR_ARG;
  size_t cells = (size_t)d->rows * (size_t)d->cols;
  int *g = (int *)malloc(cells * sizeof(int));
  if (!g) return PZ_ERR_NOMEM;
  int keep = (flags & PZ_NONDANGO_USE_MARKS) || d->format == PZ_NONDANGO_GRID;
  for (size_t c = 0; c < cells; c++)
    g[c] = keep || !d->cells[c] ? d->cells[c] : PZ_NONDANGO_CIRCLE;
  pz_puzzle *p;
  int st = pz_nondango_new(&p, d->rows, d->cols, d->regions);
  if (!st && (st = pz_puzzle_set_givens(p, g))) pz_puzzle_free(p);
  free(g);
  if (!st) *out = p;
  return st;
}

/* --- Writers -------------------------------------------------------------- */

static int check_solution(const int *s, int rows, int cols) {
  if (!s || rows < 1 || cols < 1) return PZ_ERR_ARG;
  size_t cells = (size_t)rows * (size_t)cols;
  for (size_t c = 0; c < cells; c++)
    if (s[c] < PZ_NONDANGO_NONE || s[c] > PZ_NONDANGO_BLACK) return PZ_ERR_RANGE;
  return PZ_OK;
}

static const char cell_chars[3] = {'.', 'o', '#'};

static int write_cells(FILE *out, const int *s, int rows, int cols,
                       int blanks) {
  int st = check_solution(s, rows, cols);
  if (st) return st;
  if (!out) return PZ_ERR_ARG;
  /* Every write is checked: a full disk or a closed pipe is PZ_ERR_IO. */
  int bad = 0;
  for (int r = 0; r < rows && !bad; r++) {
    for (int c = 0; c < cols && !bad; c++) {
      if (blanks && c) bad = putc(' ', out) == EOF;
      if (!bad) bad = putc(cell_chars[s[r * cols + c]], out) == EOF;
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
  int st = check_solution(solution, rows, cols);
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
      bad = fprintf(out, "%c ", cell_chars[solution[r * cols + c]]) < 0;
    if (!bad) bad = putc('\n', out) == EOF;
  }
  free(ids);
  return bad || ferror(out) ? PZ_ERR_IO : PZ_OK;
}

/* Appends bits (one per entry of v, n of them) five to a character. */
static int put_bits(FILE *out, const unsigned char *v, size_t n) {
  static const char digits[] = "0123456789abcdefghijklmnopqrstuv";
  for (size_t i = 0; i < n; i += 5) {
    int x = 0;
    for (size_t k = 0; k < 5; k++)
      x = x * 2 + (i + k < n ? v[i + k] : 0);
    if (putc(digits[x], out) == EOF) return 1;
  }
  return 0;
}

int pz_nondango_write_url(FILE *out, const int *regions, const int *circles,
                          int rows, int cols) {
  if (!out || !regions || !circles || rows < 1 || cols < 1) return PZ_ERR_ARG;
  if (rows > PZ_NONDANGO_MAX_SIZE || cols > PZ_NONDANGO_MAX_SIZE)
    return PZ_ERR_TOO_LARGE;
  int cells = rows * cols;
  for (int c = 0; c < cells; c++)
    if (regions[c] < 0 || regions[c] >= cells) return PZ_ERR_RANGE;
  size_t nv = (size_t)(cols - 1) * (size_t)rows;
  size_t nh = (size_t)cols * (size_t)(rows - 1);
  unsigned char *bits = (unsigned char *)malloc(nv + nh + (size_t)cells + 1);
  if (!bits) return PZ_ERR_NOMEM;
  size_t k = 0;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c + 1 < cols; c++)
      bits[k++] = regions[r * cols + c] != regions[r * cols + c + 1];
  for (int r = 0; r + 1 < rows; r++)
    for (int c = 0; c < cols; c++)
      bits[k++] = regions[r * cols + c] != regions[(r + 1) * cols + c];
  for (int c = 0; c < cells; c++) bits[k++] = circles[c] == 0;
  int bad = fprintf(out, "https://puzz.link/p?nondango/%d/%d/", cols, rows) < 0 ||
            put_bits(out, bits, nv) || put_bits(out, bits + nv, nh) ||
            put_bits(out, bits + nv + nh, (size_t)cells) ||
            putc('\n', out) == EOF;
  free(bits);
  return bad || ferror(out) ? PZ_ERR_IO : PZ_OK;
}
