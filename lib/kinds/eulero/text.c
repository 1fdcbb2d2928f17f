/* Eulero text: the janko.at layout (a header "N N", then N rows of cells
 * "ab", or "a,b" / "a/b"), the Latin squares whose mates are counted (a
 * .pls file or a plain grid), and the writers. docs/EULERO.md has the
 * format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/input.h"
#include "pz/eulero.h"
#include "pz/text.h"

struct pz_eulero_def {
  int n;
  int *sq[2]; /* A and B, n*n givens each */
};

void pz_eulero_def_free(pz_eulero_def *d) {
  if (!d) return;
  free(d->sq[0]);
  free(d->sq[1]);
  free(d);
}

int pz_eulero_def_order(const pz_eulero_def *d) { return d->n; }

const int *pz_eulero_def_square(const pz_eulero_def *d, int which) {
  return which == 0 || which == 1 ? d->sq[which] : NULL;
}

/* The next line that is not blank or a comment: 1, or 0 at the end. */
static int content_line(pz_lexer *lx, pz_line *l, int *st, pz_parse_info *info) {
  while (pz_lex_line(lx, l)) {
    if ((*st = pz_line_check(l, info))) return 0;
    pz_tok t = pz_line_trim(l);
    if (t.len && t.s[0] != '#') return 1;
  }
  return 0;
}

/* Where the input ends, for "missing" errors. */
static size_t end_line(const pz_lexer *lx, const char *text, size_t len) {
  if (!lx->no) return 1;
  return lx->no + (len && text[len - 1] == '\n' ? 1 : 0);
}

/* One value of a cell: a decimal number 0..n (0 = unknown). */
static int cell_value(pz_tok t, int n, const char *which, int *v,
                      pz_parse_info *info) {
  long long x;
  if (!t.len)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "a cell needs %s's value before and after ',' or '/'",
                         which);
  int st = pz_lex_int(t, 0, n, which, &x, info);
  if (st == PZ_ERR_RANGE)
    return pz_parse_fail(info, t.line, t.col, st,
                         "%s value %s is outside 0..%d (0 = unknown)", which,
                         pz_quote(t.s, t.len).s, n);
  *v = (int)x;
  return st;
}

/* A cell token: "ab" (two digits) or "a,b" / "a/b". */
static int cell(pz_tok t, int n, int *a, int *b, pz_parse_info *info) {
  size_t k = 0;
  while (k < t.len && t.s[k] != ',' && t.s[k] != '/') k++;
  if (k < t.len) {
    pz_tok ta = {t.s, k, t.line, t.col};
    pz_tok tb = {t.s + k + 1, t.len - k - 1, t.line, t.col + k + 1};
    int st = cell_value(ta, n, "A", a, info);
    return st ? st : cell_value(tb, n, "B", b, info);
  }
  if (t.len == 2 && t.s[0] >= '0' && t.s[0] <= '9' && t.s[1] >= '0' &&
      t.s[1] <= '9') {
    pz_tok ta = {t.s, 1, t.line, t.col}, tb = {t.s + 1, 1, t.line, t.col + 1};
    int st = cell_value(ta, n, "A", a, info);
    return st ? st : cell_value(tb, n, "B", b, info);
  }
  return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                       "a cell is two digits 'ab' or 'a,b' / 'a/b' (A's and "
                       "B's value, 0 = unknown), not '%s'",
                       pz_quote(t.s, t.len).s);
}

static int header(const pz_line *l, int *n, pz_parse_info *info) {
  size_t pos = 0;
  pz_tok tr, tc, extra;
  int rows, cols;
  if (!pz_lex_token(l, &pos, &tr)) return PZ_ERR_PARSE; /* not reached */
  tc.s = l->s + l->len, tc.len = 0, tc.line = l->no, tc.col = l->len + 1;
  pz_lex_token(l, &pos, &tc);
  int st = pz_lex_size(tr, "rows", PZ_EULERO_MAX_ORDER, &rows, info);
  if (!st) st = pz_lex_size(tc, "columns", PZ_EULERO_MAX_ORDER, &cols, info);
  if (st) return st;
  if (pz_lex_token(l, &pos, &extra))
    return pz_parse_fail(info, l->no, extra.col, PZ_ERR_PARSE,
                         "the header is 'N N' (rows, columns); found '%s' "
                         "after it", pz_quote(extra.s, extra.len).s);
  if (rows != cols)
    return pz_parse_fail(info, l->no, tc.col, PZ_ERR_RANGE,
                         "the squares are square: %d rows but %d columns",
                         rows, cols);
  *n = rows;
  return PZ_OK;
}

/* The order of a one-line puzzle (pz_eulero_write_line): n*n cells,
 * one token of 2*n*n digits (n < 10) or n*n tokens 'a,b'; 0 when l is
 * not one (a header has two tokens, a grid row n). */
static int line_order(const pz_line *l) {
  size_t pos = 0, count = 0, digits = 0;
  pz_tok t;
  int pairs = 1;
  while (pz_lex_token(l, &pos, &t)) {
    count++;
    int sep = 0;
    for (size_t k = 0; k < t.len; k++) sep |= t.s[k] == ',' || t.s[k] == '/';
    pairs &= sep;
    digits = t.len;
  }
  size_t cells = count == 1 && !pairs ? digits / 2 : pairs ? count : 0;
  if (count == 1 && !pairs && digits % 2) return 0;
  for (int n = 1; n <= PZ_EULERO_MAX_ORDER; n++)
    if ((size_t)n * (size_t)n == cells && (n < 10 ? count == 1 && !pairs
                                                 : pairs))
      return n;
  return 0;
}

int pz_eulero_line_order(const char *s, size_t len) {
  if (!s) return 0;
  pz_lexer lx;
  pz_line l;
  pz_lex_init(&lx, s, len);
  return pz_lex_line(&lx, &l) ? line_order(&l) : 0;
}

/* A one-line puzzle of order n into d's squares. */
static int parse_line(const pz_line *l, pz_eulero_def *d, pz_parse_info *info) {
  int n = d->n, st = PZ_OK;
  size_t pos = 0;
  pz_tok t;
  for (int c = 0; !st && c < n * n && pz_lex_token(l, &pos, &t);) {
    if (n >= 10) {
      st = cell(t, n, &d->sq[0][c], &d->sq[1][c], info);
      c++;
      continue;
    }
    for (size_t k = 0; !st && k + 1 < t.len; k += 2, c++) {
      pz_tok two = {t.s + k, 2, t.line, t.col + k};
      st = cell(two, n, &d->sq[0][c], &d->sq[1][c], info);
    }
  }
  return st;
}

int pz_eulero_parse(const char *text, size_t len, pz_eulero_def **out,
                    pz_parse_info *info) {
  if (!out || (!text && len)) return PZ_ERR_ARG;
  *out = NULL;
  if (info) memset(info, 0, sizeof *info);
  pz_lexer lx;
  pz_line l;
  int st = PZ_OK, n = 0;
  pz_lex_init(&lx, text, len);
  if (!content_line(&lx, &l, &st, info))
    return st ? st : pz_parse_fail(info, end_line(&lx, text, len), 1, PZ_ERR_PARSE,
                                   "no puzzle: expected a header 'N N'");
  /* The one-line form (--format line) has no header: the cells say n. */
  int one_line = line_order(&l);
  if (one_line) n = one_line;
  else if ((st = header(&l, &n, info))) return st;
  pz_eulero_def *d = (pz_eulero_def *)calloc(1, sizeof *d);
  if (!d) return PZ_ERR_NOMEM;
  d->n = n;
  d->sq[0] = (int *)calloc((size_t)n * (size_t)n, sizeof(int));
  d->sq[1] = (int *)calloc((size_t)n * (size_t)n, sizeof(int));
  if (!d->sq[0] || !d->sq[1]) st = PZ_ERR_NOMEM;
  int r = 0;
  if (!st && one_line) {
    st = parse_line(&l, d, info);
    r = n;
  }
  while (!st && r < n && content_line(&lx, &l, &st, info)) {
    size_t pos = 0;
    pz_tok t;
    int c = 0;
    while (!st && pz_lex_token(&l, &pos, &t)) {
      if (c == n)
        st = pz_parse_fail(info, l.no, t.col, PZ_ERR_PARSE,
                           "more than %d cells in row %d", n, r + 1);
      else
        st = cell(t, n, &d->sq[0][r * n + c], &d->sq[1][r * n + c], info);
      c++;
    }
    if (!st && c < n)
      st = pz_parse_fail(info, l.no, l.len + 1, PZ_ERR_PARSE,
                         "row %d has %d cells, expected %d", r + 1, c, n);
    r++;
  }
  if (!st && r < n)
    st = pz_parse_fail(info, end_line(&lx, text, len), 1, PZ_ERR_PARSE,
                       "the grid has %d rows, expected %d", r, n);
  if (!st && content_line(&lx, &l, &st, info))
    st = one_line ? pz_parse_fail(info, l.no, pz_line_trim(&l).col,
                                  PZ_ERR_PARSE, "text after the one-line "
                                  "puzzle (one puzzle per input)")
                  : pz_parse_fail(info, l.no, pz_line_trim(&l).col,
                                  PZ_ERR_PARSE, "text after the %d rows of "
                                  "the grid (one puzzle per input)", n);
  if (st) {
    pz_eulero_def_free(d);
    return st;
  }
  *out = d;
  return PZ_OK;
}

PZ_READ_THROUGH(pz_eulero_read, pz_eulero_def, pz_eulero_parse)

int pz_eulero_from_def(pz_puzzle **out, const pz_eulero_def *d) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!d) return PZ_ERR_ARG;
  int n = d->n;
  int *grid = (int *)malloc((size_t)n * 3 * (size_t)n * sizeof(int));
  if (!grid) return PZ_ERR_NOMEM;
  int st = pz_eulero_pack(n, d->sq[0], d->sq[1], grid);
  if (!st) st = pz_eulero_new(out, n, 0);
  if (!st) st = pz_puzzle_set_givens(*out, grid);
  if (st) {
    pz_puzzle_free(*out);
    *out = NULL;
  }
  free(grid);
  return st;
}

/* --- A Latin square: .pls or a plain grid -------------------------------- */

static int plain_square(const char *text, size_t len, int **cells, int *order,
                        pz_parse_info *info) {
  pz_lexer lx;
  pz_line l;
  int st = PZ_OK, n = 0, r = 0;
  int *g = NULL;
  pz_lex_init(&lx, text, len);
  while (!st && content_line(&lx, &l, &st, info)) {
    pz_tok t[PZ_EULERO_MAX_ORDER + 1];
    size_t pos = 0;
    int k = 0;
    while (k <= PZ_EULERO_MAX_ORDER && pz_lex_token(&l, &pos, &t[k])) k++;
    /* One token of digits: one digit a cell. */
    int digits = k == 1 && t[0].len > 1 && t[0].len <= 9;
    for (size_t i = 0; digits && i < t[0].len; i++)
      digits = t[0].s[i] >= '0' && t[0].s[i] <= '9';
    if (digits) {
      pz_tok one = t[0];
      k = (int)one.len;
      for (int i = 0; i < k; i++) t[i] = (pz_tok){one.s + i, 1, one.line, one.col + (size_t)i};
    }
    if (!n) {
      if (k > PZ_EULERO_MAX_ORDER)
        return pz_parse_fail(info, l.no, t[k - 1].col, PZ_ERR_TOO_LARGE,
                             "more than %d cells in a row",
                             PZ_EULERO_MAX_ORDER);
      n = k;
      g = (int *)malloc((size_t)n * (size_t)n * sizeof(int));
      if (!g) return PZ_ERR_NOMEM;
    }
    if (r == n)
      st = pz_parse_fail(info, l.no, t[0].col, PZ_ERR_PARSE,
                         "more than %d rows (as many as the first row has "
                         "cells)", n);
    else if (k > n)
      st = pz_parse_fail(info, l.no, t[n].col, PZ_ERR_PARSE,
                         "more than %d cells in row %d", n, r + 1);
    else if (k < n)
      st = pz_parse_fail(info, l.no, l.len + 1, PZ_ERR_PARSE,
                         "row %d has %d cells, expected %d", r + 1, k, n);
    for (int c = 0; c < n && !st; c++) {
      long long v;
      st = pz_lex_int(t[c], 1, n, "a cell", &v, info);
      g[r * n + c] = (int)v;
    }
    r++;
  }
  if (!st && !n)
    st = pz_parse_fail(info, end_line(&lx, text, len), 1, PZ_ERR_PARSE,
                       "no square found (empty input)");
  else if (!st && r < n)
    st = pz_parse_fail(info, end_line(&lx, text, len), 1, PZ_ERR_PARSE,
                       "the square has %d rows, expected %d", r, n);
  if (st) {
    free(g);
    return st;
  }
  *cells = g;
  *order = n;
  return PZ_OK;
}

int pz_eulero_parse_square(const char *text, size_t len, int **cells, int *n,
                           pz_parse_info *info) {
  if (!cells || !n || (!text && len)) return PZ_ERR_ARG;
  *cells = NULL;
  if (info) memset(info, 0, sizeof *info);
  pz_lexer lx;
  pz_line l;
  int st = PZ_OK;
  pz_lex_init(&lx, text, len);
  int found = content_line(&lx, &l, &st, info);
  if (st) return st;
  if (!found) return plain_square(text, len, cells, n, info);
  pz_tok first = pz_line_trim(&l);
  if (first.len < 5 || strncmp(first.s, "order", 5))
    return plain_square(text, len, cells, n, info);
  st = pz_pls_parse(text, len, cells, n, info);
  if (st) return st;
  if (*n > PZ_EULERO_MAX_ORDER) {
    free(*cells);
    *cells = NULL;
    return pz_parse_fail(info, l.no, 1, PZ_ERR_TOO_LARGE,
                         "order %d is above %d", *n, PZ_EULERO_MAX_ORDER);
  }
  for (int x = 0; x < *n * *n; x++)
    if (!(*cells)[x]) {
      int order = *n;
      free(*cells);
      *cells = NULL;
      return pz_parse_fail(info, l.no, 1, PZ_ERR_PARSE,
                           "cell r%dc%d is empty (-1): a mate needs a full "
                           "square", x / order + 1, x % order + 1);
    }
  return PZ_OK;
}

int pz_eulero_read_square(FILE *in, int **cells, int *n, pz_parse_info *info) {
  if (!in || !cells || !n) return PZ_ERR_ARG;
  *cells = NULL;
  if (info) memset(info, 0, sizeof *info);
  char *buf;
  size_t len;
  int st = pz_read_all(in, &buf, &len, info);
  if (st) return st;
  st = pz_eulero_parse_square(buf, len, cells, n, info);
  free(buf);
  return st;
}

/* --- Writing ---------------------------------------------------------- */

static int write_cells(FILE *out, const int *grid, int n, int line) {
  if (!out || !grid || n < 1 || n > PZ_EULERO_MAX_ORDER) return PZ_ERR_ARG;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < 2 * n; c++)
      if (grid[r * 3 * n + c] < 0 || grid[r * 3 * n + c] > n) return PZ_ERR_RANGE;
  int width = n >= 10 ? 5 : 2; /* "10,10" */
  if (!line) fprintf(out, "%d %d\n", n, n);
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++) {
      int a = grid[r * 3 * n + c], b = grid[r * 3 * n + n + c];
      char buf[16];
      if (n < 10) snprintf(buf, sizeof buf, "%d%d", a, b);
      else snprintf(buf, sizeof buf, "%d,%d", a, b);
      if (line) fprintf(out, n < 10 || (!r && !c) ? "%s" : " %s", buf);
      else fprintf(out, c ? " %*s" : "%*s", width, buf);
    }
    if (!line) putc('\n', out);
  }
  if (line) putc('\n', out);
  return ferror(out) ? PZ_ERR_IO : PZ_OK;
}

int pz_eulero_write_grid(FILE *out, const int *grid, int n) {
  return write_cells(out, grid, n, 0);
}

int pz_eulero_write_line(FILE *out, const int *grid, int n) {
  return write_cells(out, grid, n, 1);
}
