/* Nondango as a puzz.link URL (nondango/COLS/ROWS/BODY): the walls
 * between cells and the circles, five bits to a base-32 character. */
#include <stdio.h>
#include <stdlib.h>

#include "kinds/nondango/nondango_text.h"

#define b32 pz_url_b32

int pz_nd_parse_url(const segs *ls, size_t at, pz_nondango_def **out,
                     pz_parse_info *info) {
  pz_url url;
  int st = pz_url_parse(pz_nd_trim(ls->v[at]), "nondango", PZ_NONDANGO_MAX_SIZE,
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
                body.len < need ? pz_nd_end_col(body) : body.col + need,
                "the URL body has %zu characters; %d columns x %d rows need "
                "%zu (%zu for the walls, %zu for the circles)",
                body.len, cols, rows, need, lv + lh, lc);
  if ((st = pz_nd_only_trailing_comments(ls, at + 1, "URL", info))) return st;
  pz_nondango_def *d;
  if ((st = pz_nd_def_alloc(&d, rows, cols, PZ_NONDANGO_URL))) return st;
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
  if (!st) st = pz_nd_components(d, v, h);
  free(v);
  free(h);
  if (st) {
    pz_nondango_def_free(d);
    return st;
  }
  *out = d;
  return PZ_OK;
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
