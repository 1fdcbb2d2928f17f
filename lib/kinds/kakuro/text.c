/* Kakuro text: the janko.at layout in ("R C", then R rows of C cells '-',
 * '0' or 'D\A'), solution grids, lines and the puzzle layout out. The
 * format is in docs/KAKURO.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/input.h"
#include "kinds/kakuro/kakuro_impl.h"
#include "pz/kakuro.h"

struct pz_kakuro_def {
  int rows, cols;
  pz_kakuro_cell *cells;
};

typedef struct parser {
  pz_parse_info *info;
  int rows, cols, have; /* size, and rows read so far */
  pz_kakuro_cell *cells;
  size_t *line, *col; /* where each cell was written */
  size_t cap;         /* cells allocated */
} parser;

static void parser_free(parser *ps) {
  free(ps->cells);
  free(ps->line);
  free(ps->col);
}

/* Room for one more row, growing by doubling. */
static int grow(parser *ps) {
  size_t need = ((size_t)ps->have + 1) * (size_t)ps->cols;
  if (need <= ps->cap) return PZ_OK;
  size_t cap = ps->cap ? ps->cap : (size_t)ps->cols;
  while (cap < need) cap *= 2;
  pz_kakuro_cell *c = (pz_kakuro_cell *)realloc(ps->cells, cap * sizeof *c);
  if (c) ps->cells = c;
  size_t *l = c ? (size_t *)realloc(ps->line, cap * sizeof *l) : NULL;
  if (l) ps->line = l;
  size_t *k = l ? (size_t *)realloc(ps->col, cap * sizeof *k) : NULL;
  if (!k) return PZ_ERR_NOMEM;
  ps->col = k;
  ps->cap = cap;
  return PZ_OK;
}

/* One sum of a clue, "" for none. */
static int clue_sum(pz_tok t, const char *what, int *out, pz_parse_info *info) {
  long long v = 0;
  int st = t.len ? pz_lex_int(t, 1, PZ_KAKURO_MAX_SUM, what, &v, info) : PZ_OK;
  *out = (int)v;
  return st;
}

static int cell(pz_tok t, pz_kakuro_cell *x, pz_parse_info *info) {
  memset(x, 0, sizeof *x);
  if (t.len == 1 && t.s[0] == '-') return PZ_OK;
  if (t.len == 1 && t.s[0] == '0') {
    x->white = 1;
    return PZ_OK;
  }
  const char *bs = (const char *)memchr(t.s, '\\', t.len);
  if (!bs)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "unexpected '%s' (a cell is '-' black, '0' white or "
                         "'D\\A' a clue)", pz_quote(t.s, t.len).s);
  size_t k = (size_t)(bs - t.s);
  pz_tok down = {t.s, k, t.line, t.col};
  pz_tok across = {bs + 1, t.len - k - 1, t.line, t.col + k + 1};
  if (!down.len && !across.len)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "a clue cell without a sum ('D\\A', 'D\\' or '\\A')");
  int st = clue_sum(down, "down sum", &x->down, info);
  if (!st) st = clue_sum(across, "across sum", &x->across, info);
  return st;
}

static int header(parser *ps, const pz_line *l) {
  size_t pos = 0;
  pz_tok t[3];
  int n = 0;
  while (n < 3 && pz_lex_token(l, &pos, &t[n])) n++;
  pz_tok end = {l->s + l->len, 0, l->no, l->len + 1};
  int st = pz_lex_size(t[0], "rows", PZ_KAKURO_MAX_SIZE, &ps->rows, ps->info);
  if (!st) st = pz_lex_size(n > 1 ? t[1] : end, "columns", PZ_KAKURO_MAX_SIZE,
                            &ps->cols, ps->info);
  if (!st && n > 2)
    st = pz_parse_fail(ps->info, l->no, t[2].col, PZ_ERR_PARSE,
                       "unexpected '%s' after the size (the first line is "
                       "'ROWS COLUMNS')", pz_quote(t[2].s, t[2].len).s);
  return st;
}

static int grid_row(parser *ps, const pz_line *l) {
  int st = grow(ps);
  if (st) return st;
  size_t pos = 0, base = (size_t)ps->have * (size_t)ps->cols;
  pz_tok t;
  int n = 0;
  while (pz_lex_token(l, &pos, &t)) {
    if (n == ps->cols)
      return pz_parse_fail(ps->info, l->no, t.col, PZ_ERR_PARSE,
                           "more than %d cells in this row", ps->cols);
    if ((st = cell(t, &ps->cells[base + (size_t)n], ps->info))) return st;
    ps->line[base + (size_t)n] = t.line;
    ps->col[base + (size_t)n++] = t.col;
  }
  if (n < ps->cols)
    return pz_parse_fail(ps->info, l->no, pz_line_trim(l).col + pz_line_trim(l).len,
                         PZ_ERR_PARSE, "this row has %d cells, expected %d", n,
                         ps->cols);
  ps->have++;
  return PZ_OK;
}

int pz_kakuro_parse(const char *text, size_t len, pz_kakuro_def **out,
                    pz_parse_info *info) {
  if (!out || (!text && len)) return PZ_ERR_ARG;
  *out = NULL;
  if (info) memset(info, 0, sizeof *info);
  parser ps;
  memset(&ps, 0, sizeof ps);
  ps.info = info;
  pz_lexer lx;
  pz_line l;
  pz_lex_init(&lx, text, len);
  int st = PZ_OK;
  while (!st && pz_lex_line(&lx, &l)) {
    if ((st = pz_line_check(&l, info))) break;
    pz_tok t = pz_line_trim(&l);
    if (!t.len || t.s[0] == '#') continue; /* blank or a comment */
    if (!ps.rows) st = header(&ps, &l);
    else if (ps.have < ps.rows) st = grid_row(&ps, &l);
    else
      st = pz_parse_fail(info, l.no, t.col, PZ_ERR_PARSE,
                         "text after the grid of %d rows (one puzzle per "
                         "input)", ps.rows);
  }
  /* Where the input ends: after a final newline, the line after it. */
  size_t eof = lx.no + (!lx.no || text[len - 1] == '\n' ? 1 : 0);
  if (!st && !ps.rows)
    st = pz_parse_fail(info, eof, 1, PZ_ERR_PARSE,
                       "no puzzle: expected a line 'ROWS COLUMNS'");
  else if (!st && ps.have < ps.rows)
    st = pz_parse_fail(info, eof, 1, PZ_ERR_PARSE,
                       "the grid has %d rows, expected %d", ps.have, ps.rows);
  pz_parse_info why;
  if (!st && (st = pz_kakuro_check_grid(ps.rows, ps.cols, ps.cells, &why)) &&
      st == PZ_ERR_RANGE) {
    /* Reported at the bad cell as written. */
    size_t at = (why.line - 1) * (size_t)ps.cols + why.column - 1;
    pz_parse_fail(info, ps.line[at], ps.col[at], st, "%s", why.message);
  }
  pz_kakuro_def *d = NULL;
  if (!st && !(d = (pz_kakuro_def *)malloc(sizeof *d))) st = PZ_ERR_NOMEM;
  if (!st) {
    d->rows = ps.rows;
    d->cols = ps.cols;
    d->cells = ps.cells;
    ps.cells = NULL;
    *out = d;
  }
  parser_free(&ps);
  return st;
}

PZ_READ_THROUGH(pz_kakuro_read, pz_kakuro_def, pz_kakuro_parse)

void pz_kakuro_def_free(pz_kakuro_def *d) {
  if (!d) return;
  free(d->cells);
  free(d);
}

int pz_kakuro_def_rows(const pz_kakuro_def *d) { return d->rows; }
int pz_kakuro_def_cols(const pz_kakuro_def *d) { return d->cols; }
const pz_kakuro_cell *pz_kakuro_def_cells(const pz_kakuro_def *d) {
  return d->cells;
}

int pz_kakuro_from_def(pz_puzzle **out, const pz_kakuro_def *d) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!d) return PZ_ERR_ARG;
  return pz_kakuro_new(out, d->rows, d->cols, d->cells, NULL);
}

/* --- Writing -------------------------------------------------------------- */

static int check_size(const void *p, int rows, int cols) {
  if (!p || rows < 1 || cols < 1) return PZ_ERR_ARG;
  if (rows > PZ_KAKURO_MAX_SIZE || cols > PZ_KAKURO_MAX_SIZE)
    return PZ_ERR_TOO_LARGE;
  return PZ_OK;
}

static int write_cells(FILE *out, const int *s, int rows, int cols,
                       int blanks) {
  int st = check_size(s, rows, cols);
  if (st) return st;
  for (size_t i = 0; i < (size_t)rows * (size_t)cols; i++)
    if (s[i] < 0 || s[i] > 9) return PZ_ERR_RANGE;
  if (!out) return PZ_ERR_ARG;
  /* Every write is checked: a full disk or a closed pipe is PZ_ERR_IO. */
  int bad = 0;
  for (int r = 0; r < rows && !bad; r++) {
    for (int c = 0; c < cols && !bad; c++) {
      int v = s[r * cols + c];
      if (blanks && c) bad = putc(' ', out) == EOF;
      if (!bad) bad = putc(v ? '0' + v : '-', out) == EOF;
    }
    if (!bad && (blanks || r == rows - 1)) bad = putc('\n', out) == EOF;
  }
  return bad || ferror(out) ? PZ_ERR_IO : PZ_OK;
}

int pz_kakuro_write_grid(FILE *out, const int *solution, int rows, int cols) {
  return write_cells(out, solution, rows, cols, 1);
}

int pz_kakuro_write_line(FILE *out, const int *solution, int rows, int cols) {
  return write_cells(out, solution, rows, cols, 0);
}

int pz_kakuro_write_puzzle(FILE *out, const pz_kakuro_cell *cells, int rows,
                           int cols) {
  int st = check_size(cells, rows, cols);
  if (st) return st;
  for (size_t i = 0; i < (size_t)rows * (size_t)cols; i++) {
    const pz_kakuro_cell *x = &cells[i];
    if (x->white < 0 || x->white > 1 || x->down < 0 || x->across < 0 ||
        x->down > PZ_KAKURO_MAX_SUM || x->across > PZ_KAKURO_MAX_SUM ||
        (x->white && (x->down || x->across)))
      return PZ_ERR_RANGE;
  }
  if (!out) return PZ_ERR_ARG;
  int bad = fprintf(out, "%d %d\n", rows, cols) < 0;
  for (int r = 0; r < rows && !bad; r++)
    for (int c = 0; c < cols && !bad; c++) {
      const pz_kakuro_cell *x = &cells[r * cols + c];
      if (c) bad = putc(' ', out) == EOF;
      if (bad) break;
      if (x->white) bad = putc('0', out) == EOF;
      else if (!x->down && !x->across) bad = putc('-', out) == EOF;
      else {
        if (x->down) bad = fprintf(out, "%d", x->down) < 0;
        if (!bad) bad = putc('\\', out) == EOF;
        if (!bad && x->across) bad = fprintf(out, "%d", x->across) < 0;
      }
      if (!bad && c == cols - 1) bad = putc('\n', out) == EOF;
    }
  return bad || ferror(out) ? PZ_ERR_IO : PZ_OK;
}

/* A definition holding a copy of a rows x cols grid, for generated
 * puzzles. */
int pz_kakuro_def_make(pz_kakuro_def **out, int rows, int cols,
                       const pz_kakuro_cell *cells) {
  *out = NULL;
  if (rows < 1 || cols < 1 || rows > PZ_KAKURO_MAX_SIZE ||
      cols > PZ_KAKURO_MAX_SIZE || !cells)
    return PZ_ERR_ARG;
  size_t n = (size_t)rows * (size_t)cols;
  pz_kakuro_def *d = (pz_kakuro_def *)calloc(1, sizeof *d);
  if (d) d->cells = (pz_kakuro_cell *)malloc(n * sizeof *d->cells);
  if (!d || !d->cells) {
    pz_kakuro_def_free(d);
    return PZ_ERR_NOMEM;
  }
  d->rows = rows, d->cols = cols;
  memcpy(d->cells, cells, n * sizeof *d->cells);
  *out = d;
  return PZ_OK;
}
