/* Star Battle text: a header "ROWS COLS STARS", then ROWS rows of region
 * numbers ('@' / '#' a cell in no region) as janko.at writes them, or of
 * one letter per cell. docs/STARBATTLE.md has the format; the writers of
 * solutions are here too. */
#include <stdlib.h>
#include <string.h>

#include "io/input.h"
#include "kinds/starbattle/starbattle_impl.h"
#include "pz/starbattle.h"

struct pz_starbattle_def {
  int rows, cols, stars, nreg;
  int *regions; /* rows*cols: 0..nreg-1 or PZ_STARBATTLE_NO_REGION */
};

void pz_starbattle_def_free(pz_starbattle_def *d) {
  if (!d) return;
  free(d->regions);
  free(d);
}

static int no_region(int ch) { return ch == '@' || ch == '#'; }
/* A region letter (ASCII only, whatever the locale). */
static int is_label(int ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
         (ch >= '0' && ch <= '9');
}

/* The header line: ROWS COLS STARS, nothing more. */
static int header(const pz_line *l, pz_starbattle_def *d, pz_parse_info *info) {
  static const char *const what[3] = {"rows", "columns", "stars"};
  size_t pos = 0;
  pz_tok t;
  int v[3];
  for (int i = 0; i < 3; i++) {
    if (!pz_lex_token(l, &pos, &t))
      return pz_parse_fail(info, l->no, pz_line_trim(l).col + pz_line_trim(l).len,
                           PZ_ERR_PARSE, "the header ends before the number "
                           "of %s (expected 'ROWS COLUMNS STARS')", what[i]);
    long long k;
    int st = i < 2 ? pz_lex_size(t, what[i], PZ_STARBATTLE_MAX_SIZE, &v[i], info)
                   : pz_lex_int(t, 1, PZ_STARBATTLE_MAX_SIZE, "stars per unit",
                                &k, info);
    if (st) return st;
    if (i == 2) v[2] = (int)k;
  }
  if (pz_lex_token(l, &pos, &t))
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "unexpected '%s' after the header 'ROWS COLUMNS "
                         "STARS'", pz_quote(t.s, t.len).s);
  d->rows = v[0];
  d->cols = v[1];
  d->stars = v[2];
  return PZ_OK;
}

/* Row r of the grid into labels (cols ints from labels + r*cols): a
 * region number 1..rows*cols, or a letter/digit as 256 + its byte, or -1.
 * *letters: -1 before the first row, then 1 for the letter layout. */
static int grid_row(const pz_line *l, int r, pz_starbattle_def *d,
                    int *labels, int *letters, pz_parse_info *info) {
  int cols = d->cols, *out = labels + (size_t)r * (size_t)cols;
  size_t pos = 0, ntok = 0;
  pz_tok t, first = {NULL, 0, 0, 0};
  while (pz_lex_token(l, &pos, &t))
    if (!ntok++) first = t;
  if (*letters < 0) *letters = cols > 1 && ntok == 1;
  if (*letters) {
    if (ntok > 1) {
      pos = 0;
      pz_lex_token(l, &pos, &t);
      pz_lex_token(l, &pos, &t);
      return pz_parse_fail(info, t.line, t.col - 1, PZ_ERR_PARSE,
                           "a blank inside row %d (the first row has one "
                           "letter per cell, without blanks)", r + 1);
    }
    for (size_t i = 0; i < first.len; i++) {
      int ch = (unsigned char)first.s[i];
      if (i == (size_t)cols)
        return pz_parse_fail(info, first.line, first.col + i, PZ_ERR_PARSE,
                             "row %d has more than %d cells", r + 1, cols);
      if (!is_label(ch) && !no_region(ch))
        return pz_parse_fail(info, first.line, first.col + i, PZ_ERR_PARSE,
                             "bad cell '%s' (expected a letter or digit "
                             "naming a region, or '@' / '#' for no region)",
                             pz_quote(first.s + i,
                                      pz_char_len(first.s + i, first.len - i)).s);
      out[i] = no_region(ch) ? -1 : 256 + ch;
    }
    if (first.len < (size_t)cols)
      return pz_parse_fail(info, first.line, first.col + first.len,
                           PZ_ERR_PARSE, "row %d has %zu cells, expected %d",
                           r + 1, first.len, cols);
    return PZ_OK;
  }
  pos = 0;
  int c = 0;
  while (pz_lex_token(l, &pos, &t)) {
    if (c == cols)
      return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                           "row %d has more than %d cells", r + 1, cols);
    if (t.len == 1 && no_region((unsigned char)t.s[0])) {
      out[c++] = -1;
      continue;
    }
    long long v;
    int st = pz_lex_int(t, 1, (long long)d->rows * cols, "region number", &v,
                        info);
    if (st == PZ_ERR_PARSE)
      return pz_parse_fail(info, t.line, t.col, st,
                           "bad cell '%s' (expected a region number, or '@' "
                           "/ '#' for no region)", pz_quote(t.s, t.len).s);
    if (st) return st;
    out[c++] = (int)v;
  }
  if (c < cols)
    return pz_parse_fail(info, l->no, pz_line_trim(l).col + pz_line_trim(l).len,
                         PZ_ERR_PARSE, "row %d has %d cells, expected %d",
                         r + 1, c, cols);
  return PZ_OK;
}

/* Labels to region ids 0.. in row-major order of first appearance. */
static int renumber(pz_starbattle_def *d) {
  size_t n = (size_t)d->rows * (size_t)d->cols;
  size_t span = n + 1 > 512 ? n + 1 : 512;
  int *map = (int *)malloc(span * sizeof(int));
  if (!map) return PZ_ERR_NOMEM;
  for (size_t i = 0; i < span; i++) map[i] = -1;
  d->nreg = 0;
  for (size_t c = 0; c < n; c++) {
    int lab = d->regions[c];
    if (lab < 0) continue;
    if (map[lab] < 0) map[lab] = d->nreg++;
    d->regions[c] = map[lab];
  }
  free(map);
  return PZ_OK;
}

int pz_starbattle_parse(const char *text, size_t len, pz_starbattle_def **out,
                        pz_parse_info *info) {
  if (out) *out = NULL;
  if (info) memset(info, 0, sizeof *info);
  if (!out || (!text && len)) return PZ_ERR_ARG;
  pz_starbattle_def *d = (pz_starbattle_def *)calloc(1, sizeof *d);
  if (!d) return PZ_ERR_NOMEM;
  pz_lexer lx;
  pz_line l;
  pz_lex_init(&lx, text, len);
  int st = PZ_OK, r = -1, letters = -1; /* r: rows read, -1 before header */
  size_t last = 0;                      /* line of the last row */
  while (!st && pz_lex_line(&lx, &l)) {
    if ((st = pz_line_check(&l, info))) break;
    if (pz_line_blank(&l)) continue;
    /* Before the header a '#' line is a comment: a header starts with a
     * number, and in the grid '#' is a cell in no region. */
    if (r < 0 && pz_line_trim(&l).s[0] == '#') continue;
    if (r < 0) {
      st = header(&l, d, info);
      size_t n = (size_t)d->rows * (size_t)d->cols;
      if (!st && !(d->regions = (int *)malloc(n * sizeof(int))))
        st = PZ_ERR_NOMEM;
      r = 0;
    } else if (r == d->rows) {
      pz_tok t = pz_line_trim(&l);
      st = pz_parse_fail(info, l.no, t.col, PZ_ERR_PARSE,
                         "text after the last of the %d rows: '%s'", d->rows,
                         pz_quote(t.s, t.len).s);
    } else {
      st = grid_row(&l, r++, d, d->regions, &letters, info);
      last = l.no;
    }
  }
  /* Where the input ends: after a final newline, the line after it. */
  size_t eof = lx.no + (len && text[len - 1] == '\n' ? 1 : 0);
  if (!eof) eof = 1;
  if (!st && r < 0)
    st = pz_parse_fail(info, eof, 1, PZ_ERR_PARSE,
                       "no puzzle: expected a header 'ROWS COLUMNS STARS' "
                       "and the rows of the region grid");
  else if (!st && r < d->rows)
    st = pz_parse_fail(info, r ? last + 1 : eof, 1, PZ_ERR_PARSE,
                       "the grid has %d rows, expected %d", r, d->rows);
  if (!st) st = renumber(d);
  if (st) {
    pz_starbattle_def_free(d);
    return st;
  }
  *out = d;
  return PZ_OK;
}

PZ_READ_THROUGH(pz_starbattle_read, pz_starbattle_def, pz_starbattle_parse)

int pz_starbattle_def_rows(const pz_starbattle_def *d) { return d ? d->rows : 0; }
int pz_starbattle_def_cols(const pz_starbattle_def *d) { return d ? d->cols : 0; }
int pz_starbattle_def_stars(const pz_starbattle_def *d) {
  return d ? d->stars : 0;
}
const int *pz_starbattle_def_regions(const pz_starbattle_def *d, int *count) {
  if (count) *count = d ? d->nreg : 0;
  return d ? d->regions : NULL;
}

int pz_starbattle_from_def(pz_puzzle **out, const pz_starbattle_def *d) {
  if (out) *out = NULL;
  if (!out || !d) return PZ_ERR_ARG;
  return pz_starbattle_new(out, d->rows, d->cols, d->stars, d->regions);
}

/* --- Writers -------------------------------------------------------------- */

static int write_cells(FILE *out, const int *s, int rows, int cols,
                       int blanks) {
  if (!out || !s || rows < 1 || cols < 1) return PZ_ERR_ARG;
  size_t n = (size_t)rows * (size_t)cols;
  for (size_t c = 0; c < n; c++)
    if (s[c] != PZ_STARBATTLE_EMPTY && s[c] != PZ_STARBATTLE_STAR)
      return PZ_ERR_RANGE;
  /* Every write is checked: a full disk or a closed pipe is PZ_ERR_IO. */
  int bad = 0;
  for (int r = 0; r < rows && !bad; r++) {
    for (int c = 0; c < cols && !bad; c++) {
      if (blanks && c) bad = putc(' ', out) == EOF;
      if (!bad) bad = putc(s[(size_t)r * cols + c] ? 'x' : '-', out) == EOF;
    }
    if (!bad && (blanks || r == rows - 1)) bad = putc('\n', out) == EOF;
  }
  return bad || ferror(out) ? PZ_ERR_IO : PZ_OK;
}

int pz_starbattle_write_grid(FILE *out, const int *solution, int rows,
                             int cols) {
  return write_cells(out, solution, rows, cols, 1);
}

int pz_starbattle_write_line(FILE *out, const int *solution, int rows,
                             int cols) {
  return write_cells(out, solution, rows, cols, 0);
}

/* --- Definitions of generated puzzles --------------------------------- */

int pz_starbattle_def_make(pz_starbattle_def **out, int rows, int cols,
                           int stars, const int *regions) {
  *out = NULL;
  if (rows < 1 || cols < 1 || stars < 1 || rows > PZ_STARBATTLE_MAX_SIZE ||
      cols > PZ_STARBATTLE_MAX_SIZE || stars > PZ_STARBATTLE_MAX_SIZE ||
      !regions)
    return PZ_ERR_ARG;
  size_t n = (size_t)rows * (size_t)cols;
  for (size_t c = 0; c < n; c++)
    if (regions[c] != PZ_STARBATTLE_NO_REGION &&
        (regions[c] < 0 || (size_t)regions[c] >= n))
      return PZ_ERR_RANGE;
  pz_starbattle_def *d = (pz_starbattle_def *)calloc(1, sizeof *d);
  int *map = (int *)malloc(n * sizeof(int));
  if (d) d->regions = (int *)malloc(n * sizeof(int));
  if (!d || !map || !d->regions) {
    free(map);
    pz_starbattle_def_free(d);
    return PZ_ERR_NOMEM;
  }
  d->rows = rows, d->cols = cols, d->stars = stars;
  /* Numbered by first appearance, as the reader numbers them. */
  for (size_t c = 0; c < n; c++) map[c] = -1;
  for (size_t c = 0; c < n; c++) {
    int r = regions[c];
    if (r != PZ_STARBATTLE_NO_REGION && map[r] < 0) map[r] = d->nreg++;
    d->regions[c] = r == PZ_STARBATTLE_NO_REGION ? r : map[r];
  }
  free(map);
  *out = d;
  return PZ_OK;
}

/* The janko.at layout: the header, then region numbers from 1 ('@' for a
 * cell in no region). */
int pz_starbattle_def_write(const pz_starbattle_def *d, FILE *out) {
  fprintf(out, "%d %d %d\n", d->rows, d->cols, d->stars);
  size_t n = (size_t)d->rows * (size_t)d->cols;
  for (size_t c = 0; c < n; c++) {
    if (d->regions[c] == PZ_STARBATTLE_NO_REGION) putc('@', out);
    else fprintf(out, "%d", d->regions[c] + 1);
    putc(c % (size_t)d->cols == (size_t)d->cols - 1 ? '\n' : ' ', out);
  }
  return ferror(out) ? PZ_ERR_IO : PZ_OK;
}
