/* Nondango text: what the formats share (lines and segments, regions,
 * the definition) and the entry points; one file per format does the rest
 * (grid.c, pzprv3.c, url.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kinds/nondango/nondango_text.h"

/* --- Lines ---------------------------------------------------------------- */

int pz_nd_segs_push(segs *a, seg x) {
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

int pz_nd_split_lines(const char *text, size_t len, segs *out,
                       pz_parse_info *info) {
  pz_lexer lx;
  pz_line l;
  pz_lex_init(&lx, text, len);
  while (pz_lex_line(&lx, &l)) {
    int st = pz_line_check(&l, info);
    if (st) return st;
    seg s = {l.s, l.len, l.no, 1};
    if (pz_nd_segs_push(out, s)) return PZ_ERR_NOMEM;
  }
  return PZ_OK;
}

seg pz_nd_trim(seg s) {
  while (s.len && pz_is_blank((unsigned char)s.s[0])) {
    s.s++;
    s.len--;
    s.col++;
  }
  while (s.len && pz_is_blank((unsigned char)s.s[s.len - 1])) s.len--;
  return s;
}

int pz_nd_seg_blank(seg s) { return pz_nd_trim(s).len == 0; }
int pz_nd_seg_comment(seg s) {
  s = pz_nd_trim(s);
  return s.len && s.s[0] == '#';
}
int pz_nd_seg_is(seg s, const char *word) {
  s = pz_nd_trim(s);
  return s.len == strlen(word) && memcmp(s.s, word, s.len) == 0;
}

int pz_nd_next_token(seg s, size_t *pos, seg *tok) {
  size_t i = *pos;
  while (i < s.len && pz_is_blank((unsigned char)s.s[i])) i++;
  if (i == s.len) {
    *pos = i;
    return 0;
  }
  size_t j = i;
  while (j < s.len && !pz_is_blank((unsigned char)s.s[j])) j++;
  tok->s = s.s + i;
  tok->len = j - i;
  tok->line = s.line;
  tok->col = s.col + i;
  *pos = j;
  return 1;
}

size_t pz_nd_end_col(seg s) { return s.col + s.len; }

int pz_nd_parse_size(seg s, const char *what, int *out, pz_parse_info *info) {
  return pz_lex_size(pz_nd_trim(s), what, PZ_NONDANGO_MAX_SIZE, out, info);
}

/* --- Definitions ---------------------------------------------------------- */

int pz_nd_def_alloc(pz_nondango_def **out, int rows, int cols,
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

int pz_nd_components(pz_nondango_def *d, const unsigned char *vwall,
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

int pz_nd_regions_from_labels(pz_nondango_def *d, const seg *labels) {
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
  int st = pz_nd_components(d, v, h);
  free(v);
  free(h);
  return st;
}

void pz_nd_count_marks(pz_nondango_def *d) {
  int cells = d->rows * d->cols;
  d->marks = 0;
  for (int c = 0; c < cells; c++)
    if (d->cells[c] == PZ_NONDANGO_GIVEN_WHITE ||
        d->cells[c] == PZ_NONDANGO_GIVEN_BLACK)
      d->marks++;
}

int pz_nd_only_trailing_comments(const segs *ls, size_t from, const char *after,
                                  pz_parse_info *info) {
  for (size_t i = from; i < ls->n; i++) {
    seg s = pz_nd_trim(ls->v[i]);
    if (!s.len || s.s[0] == '#') continue;
    return perr(info, PZ_ERR_PARSE, s.line, s.col,
                "unexpected '%s' after the %s", pz_quote(s.s, s.len).s, after);
  }
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
  int sst = pz_nd_split_lines(text ? text : "", len, &ls, info);
  if (sst) {
    free(ls.v);
    return sst;
  }
  size_t at = 0;
  while (at < ls.n && (pz_nd_seg_blank(ls.v[at]) || pz_nd_seg_comment(ls.v[at]))) at++;
  int st;
  if (at == ls.n) {
    st = perr(info, PZ_ERR_PARSE, ls.n ? ls.v[ls.n - 1].line : 1, 1,
              "no puzzle in the text");
  } else {
    if (fmt == PZ_NONDANGO_AUTO) {
      seg s = pz_nd_trim(ls.v[at]);
      if (s.len >= 6 && memcmp(s.s, "pzprv3", 6) == 0) fmt = PZ_NONDANGO_PZPRV3;
      else if (memchr(s.s, '/', s.len)) fmt = PZ_NONDANGO_URL;
      else fmt = PZ_NONDANGO_GRID;
    }
    if (fmt == PZ_NONDANGO_URL) st = pz_nd_parse_url(&ls, at, out, info);
    else if (fmt == PZ_NONDANGO_PZPRV3) st = pz_nd_parse_pzprv3(&ls, at, out, info);
    else st = pz_nd_parse_grid(&ls, at, out, info);
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

/* --- Writers' checks ------------------------------------------------------- */

const char pz_nd_cell_chars[3] = {'.', 'o', '#'};

int pz_nd_check_solution(const int *s, int rows, int cols) {
  if (!s || rows < 1 || cols < 1) return PZ_ERR_ARG;
  size_t cells = (size_t)rows * (size_t)cols;
  for (size_t c = 0; c < cells; c++)
    if (s[c] < PZ_NONDANGO_NONE || s[c] > PZ_NONDANGO_BLACK) return PZ_ERR_RANGE;
  return PZ_OK;
}
