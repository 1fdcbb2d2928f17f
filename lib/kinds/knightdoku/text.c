/* Knightdoku text: optional header ("size N", "box RxC", "knights K"),
 * then n rows of n cells ('.' or a clue digit 0-8), or one line of n*n
 * cells. '#' lines are comments. The format is in docs/KNIGHTDOKU.md. */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/vec.h"
#include "io/input.h"
#include "pz/knightdoku.h"

struct pz_knightdoku_def {
  int n, box_rows, box_cols, knights; /* 0, 0, -1: not in the text */
  int *givens;                        /* n*n, clue + 1 or 0 */
};

/* A header entry's position, for errors found after the grid. */
typedef struct entry_pos {
  size_t line, col;
} entry_pos;

typedef struct parser {
  pz_parse_info *info;
  int size, box_rows, box_cols, knights;
  entry_pos size_at, box_at, knights_at;
  /* Grid rows: cells (clue + 1 or 0), their columns, and per row the
   * line and the index of its first cell. */
  pz_ivec vals, cols, row_line, row_start, row_end;
} parser;

static int is_blank(int ch) { return ch == ' ' || ch == '\t'; }

static const char *const names[3] = {"size", "box", "knights"};

/* The value of a header entry: numbers through the shared lexer, so each
 * is range-checked as written and never wraps. */
static int header_value(parser *ps, int which, pz_tok val) {
  pz_parse_info *info = ps->info;
  long long v;
  int st;
  if (which == 1) {
    size_t x = 0;
    while (x < val.len && val.s[x] != 'x' && val.s[x] != 'X') x++;
    pz_tok r = {val.s, x, val.line, val.col};
    pz_tok c = {val.s + x + 1, x < val.len ? val.len - x - 1 : 0, val.line,
                val.col + x + 1};
    long long rv, cv;
    if (x == val.len || pz_lex_int(r, 0, LLONG_MAX, "box", &rv, NULL) ||
        pz_lex_int(c, 0, LLONG_MAX, "box", &cv, NULL))
      return pz_parse_fail(info, val.line, val.col, PZ_ERR_PARSE,
                           "'box' needs RxC, e.g. 'box 3x3', found '%s'",
                           pz_quote(val.s, val.len).s);
    if (rv < 1 || cv < 1)
      return pz_parse_fail(info, val.line, val.col, PZ_ERR_RANGE,
                           "box sides must be at least 1");
    if (rv > PZ_KNIGHTDOKU_MAX_SIZE || cv > PZ_KNIGHTDOKU_MAX_SIZE ||
        rv * cv > PZ_KNIGHTDOKU_MAX_SIZE)
      return pz_parse_fail(info, val.line, val.col, PZ_ERR_TOO_LARGE,
                           "box %s makes a board above %d",
                           pz_quote(val.s, val.len).s, PZ_KNIGHTDOKU_MAX_SIZE);
    ps->box_rows = (int)rv;
    ps->box_cols = (int)cv;
    return PZ_OK;
  }
  st = pz_lex_int(val, 0, LLONG_MAX, names[which], &v, NULL);
  if (st)
    return pz_parse_fail(info, val.line, val.col, PZ_ERR_PARSE,
                         "'%s' needs a non-negative integer, found '%s'",
                         names[which], pz_quote(val.s, val.len).s);
  if (which == 0 && v < 1)
    return pz_parse_fail(info, val.line, val.col, PZ_ERR_RANGE,
                         "size must be at least 1");
  if (which == 0 && v > PZ_KNIGHTDOKU_MAX_SIZE)
    return pz_parse_fail(info, val.line, val.col, PZ_ERR_TOO_LARGE,
                         "size %s is above %d", pz_quote(val.s, val.len).s,
                         PZ_KNIGHTDOKU_MAX_SIZE);
  if (which == 2 && v > PZ_KNIGHTDOKU_MAX_SIZE)
    return pz_parse_fail(info, val.line, val.col, PZ_ERR_RANGE,
                         "knights %s is above the largest board side %d",
                         pz_quote(val.s, val.len).s, PZ_KNIGHTDOKU_MAX_SIZE);
  if (which == 0) ps->size = (int)v;
  else ps->knights = (int)v;
  return PZ_OK;
}

static int header_line(parser *ps, const pz_line *l) {
  size_t pos = 0;
  pz_tok key, val;
  while (pz_lex_token(l, &pos, &key)) {
    if (key.s[0] == '#') return PZ_OK; /* a trailing comment */
    entry_pos *at;
    int which;
    if (key.len == 4 && !strncmp(key.s, "size", 4)) which = 0, at = &ps->size_at;
    else if (key.len == 3 && !strncmp(key.s, "box", 3)) which = 1, at = &ps->box_at;
    else if (key.len == 7 && !strncmp(key.s, "knights", 7)) which = 2, at = &ps->knights_at;
    else
      return pz_parse_fail(ps->info, l->no, key.col, PZ_ERR_PARSE,
                           "unknown header entry '%s' (expected 'size N', "
                           "'box RxC' or 'knights K')",
                           pz_quote(key.s, key.len).s);
    if (at->line)
      return pz_parse_fail(ps->info, l->no, key.col, PZ_ERR_PARSE,
                           "'%s' is given twice (first on line %zu)",
                           names[which], at->line);
    if (!pz_lex_token(l, &pos, &val) || val.s[0] == '#')
      return pz_parse_fail(ps->info, l->no, key.col + key.len, PZ_ERR_PARSE,
                           "'%s' needs a value", names[which]);
    at->line = l->no;
    at->col = val.col;
    int st = header_value(ps, which, val);
    if (st) return st;
  }
  return PZ_OK;
}

static int grid_line(parser *ps, const char *s, size_t len, size_t line) {
  int st = pz_ivec_push(&ps->row_line, (int)line);
  if (!st) st = pz_ivec_push(&ps->row_start, (int)ps->vals.len);
  /* The column just after the row's text, for "too few cells". */
  if (!st) st = pz_ivec_push(&ps->row_end, (int)(len + 1));
  if (st) return st;
  for (size_t i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (is_blank(ch)) continue;
    int v;
    if (ch == '.') v = 0;
    else if (ch >= '0' && ch <= '0' + PZ_KNIGHTDOKU_MAX_CLUE) v = ch - '0' + 1;
    else if (ch == '9')
      return pz_parse_fail(ps->info, line, i + 1, PZ_ERR_RANGE,
                  "clue 9: a knight has at most %d knight-move neighbours",
                  PZ_KNIGHTDOKU_MAX_CLUE);
    else
      return pz_parse_fail(ps->info, line, i + 1, PZ_ERR_PARSE,
                  "unexpected character '%s' (cells are '.' or a clue 0-8)",
                  pz_quote(s + i, pz_char_len(s + i, len - i)).s);
    /* Bounded by the input size: a line can hold at most len cells. */
    if ((st = pz_ivec_push(&ps->vals, v)) || (st = pz_ivec_push(&ps->cols, (int)(i + 1))))
      return st;
  }
  return PZ_OK;
}

static int isqrt_exact(size_t m) {
  size_t r = 0;
  while ((r + 1) * (r + 1) <= m) r++;
  return r * r == m ? (int)r : -1;
}

/* Settles n, checks the rows and the header against each other, and
 * makes the definition. */
static int finish(parser *ps, size_t eof_line, pz_knightdoku_def **out) {
  size_t rows = ps->row_line.len;
  if (rows == 0)
    return pz_parse_fail(ps->info, eof_line, 1, PZ_ERR_PARSE, "no puzzle: expected a grid");
  /* The size the header implies, if any. */
  int want = ps->size ? ps->size : ps->box_rows * ps->box_cols;
  if (ps->size && ps->box_rows && ps->box_rows * ps->box_cols != ps->size)
    return pz_parse_fail(ps->info, ps->box_at.line, ps->box_at.col, PZ_ERR_RANGE,
                "box %dx%d does not tile a board of size %d", ps->box_rows,
                ps->box_cols, ps->size);
  const char *why = ps->size ? "from 'size'" : "from 'box'";
  size_t first_len = (rows > 1 ? (size_t)ps->row_start.data[1] : ps->vals.len);
  int n;
  if (rows == 1 && first_len > 1 &&
      (want ? first_len == (size_t)want * (size_t)want
            : isqrt_exact(first_len) > 0)) {
    n = want ? want : isqrt_exact(first_len); /* one line of n*n cells */
    if (n > PZ_KNIGHTDOKU_MAX_SIZE)
      return pz_parse_fail(ps->info, (size_t)ps->row_line.data[0], 1, PZ_ERR_TOO_LARGE,
                  "a board of side %d is above %d", n, PZ_KNIGHTDOKU_MAX_SIZE);
  } else {
    if (!want) {
      if (first_len > PZ_KNIGHTDOKU_MAX_SIZE)
        return pz_parse_fail(ps->info, (size_t)ps->row_line.data[0],
                    (size_t)ps->cols.data[PZ_KNIGHTDOKU_MAX_SIZE],
                    PZ_ERR_TOO_LARGE, "more than %d cells in a row",
                    PZ_KNIGHTDOKU_MAX_SIZE);
      want = (int)first_len;
      why = "like the first row";
    }
    n = want;
    for (size_t r = 0; r < rows; r++) {
      size_t line = (size_t)ps->row_line.data[r];
      if (r == (size_t)n)
        return pz_parse_fail(ps->info, line, (size_t)ps->cols.data[ps->row_start.data[r]],
                    PZ_ERR_PARSE, "more than %d rows (%s)", n, why);
      size_t start = (size_t)ps->row_start.data[r];
      size_t end = r + 1 < rows ? (size_t)ps->row_start.data[r + 1] : ps->vals.len;
      if (end - start > (size_t)n)
        return pz_parse_fail(ps->info, line, (size_t)ps->cols.data[start + (size_t)n],
                    PZ_ERR_PARSE, "more than %d cells in this row (%s)", n, why);
      if (end - start < (size_t)n) {
        return pz_parse_fail(ps->info, line, (size_t)ps->row_end.data[r], PZ_ERR_PARSE,
                    "this row has %zu cells, expected %d (%s)", end - start,
                    n, why);
      }
    }
    if (rows < (size_t)n)
      return pz_parse_fail(ps->info, (size_t)ps->row_line.data[rows - 1] + 1, 1,
                  PZ_ERR_PARSE, "the grid has %zu rows, expected %d (%s)",
                  rows, n, why);
  }
  if (ps->knights > n)
    return pz_parse_fail(ps->info, ps->knights_at.line, ps->knights_at.col, PZ_ERR_RANGE,
                "knights %d is more than the board side %d", ps->knights, n);
  size_t cells = (size_t)n * (size_t)n;
  pz_knightdoku_def *d = (pz_knightdoku_def *)malloc(sizeof *d);
  int *g = (int *)malloc(cells * sizeof(int));
  if (!d || !g) {
    free(d);
    free(g);
    return PZ_ERR_NOMEM;
  }
  memcpy(g, ps->vals.data, cells * sizeof(int));
  d->givens = g;
  d->n = n;
  d->box_rows = ps->box_rows;
  d->box_cols = ps->box_cols;
  d->knights = ps->knights;
  *out = d;
  return PZ_OK;
}

int pz_knightdoku_parse(const char *text, size_t len, pz_knightdoku_def **out,
                        pz_parse_info *info) {
  if (out) *out = NULL;
  if (!out || (!text && len)) return PZ_ERR_ARG;
  if (info) memset(info, 0, sizeof *info);
  parser ps;
  memset(&ps, 0, sizeof ps);
  ps.info = info;
  ps.knights = -1;
  /* 0 before the grid, 1 in it, 2 after a blank line that ended it. */
  int phase = 0, st = PZ_OK;
  pz_lexer lx;
  pz_line ln;
  pz_lex_init(&lx, text, len);
  size_t line = 1;
  while (!st && pz_lex_line(&lx, &ln)) {
    const char *s = ln.s;
    size_t l = ln.len;
    line = ln.no;
    if ((st = pz_line_check(&ln, info))) break;
    size_t i = 0;
    while (i < l && is_blank((unsigned char)s[i])) i++;
    if (i == l) {
      if (phase == 1) phase = 2;
    } else if (s[i] == '#') {
      /* comment */
    } else if (phase == 2) {
      st = pz_parse_fail(info, line, i + 1, PZ_ERR_PARSE,
                "text after the grid (one puzzle per input)");
    } else if (isalpha((unsigned char)s[i])) {
      st = phase == 0 ? header_line(&ps, &ln)
                      : pz_parse_fail(info, line, i + 1, PZ_ERR_PARSE,
                             "unexpected character '%c' (cells are '.' or a "
                             "clue 0-8; a header belongs before the grid)",
                             s[i]);
    } else {
      phase = 1;
      st = grid_line(&ps, s, l, line);
    }
  }
  /* Where the input ends: after a final newline, the line after it. */
  line = lx.no + (len && text[len - 1] == '\n' ? 1 : 0);
  if (!lx.no) line = 1;
  if (!st) st = finish(&ps, line, out);
  pz_ivec_free(&ps.vals);
  pz_ivec_free(&ps.cols);
  pz_ivec_free(&ps.row_line);
  pz_ivec_free(&ps.row_start);
  pz_ivec_free(&ps.row_end);
  return st;
}

PZ_READ_THROUGH(pz_knightdoku_read, pz_knightdoku_def, pz_knightdoku_parse)

void pz_knightdoku_def_free(pz_knightdoku_def *d) {
  if (!d) return;
  free(d->givens);
  free(d);
}

int pz_knightdoku_def_size(const pz_knightdoku_def *d) { return d ? d->n : 0; }

int pz_knightdoku_def_box(const pz_knightdoku_def *d, int *box_rows,
                          int *box_cols) {
  int given = d && d->box_rows > 0;
  if (box_rows) *box_rows = given ? d->box_rows : 0;
  if (box_cols) *box_cols = given ? d->box_cols : 0;
  return given;
}

int pz_knightdoku_def_knights(const pz_knightdoku_def *d) {
  return d ? d->knights : -1;
}

const int *pz_knightdoku_def_givens(const pz_knightdoku_def *d) {
  return d ? d->givens : NULL;
}

int pz_knightdoku_from_def(pz_puzzle **out, const pz_knightdoku_def *d,
                           int box_rows, int box_cols, int knights_per_unit) {
  if (out) *out = NULL;
  if (!out || !d || box_rows < 0 || box_cols < 0 || knights_per_unit < -1 ||
      (box_rows > 0) != (box_cols > 0))
    return PZ_ERR_ARG;
  int n = d->n, br = d->box_rows, bc = d->box_cols, k = d->knights;
  if ((br && box_rows && (br != box_rows || bc != box_cols)) ||
      (k >= 0 && knights_per_unit >= 0 && k != knights_per_unit))
    return PZ_ERR_CONFLICT;
  if (!br && box_rows) br = box_rows, bc = box_cols;
  if (!br) { /* the most square box, R <= C */
    br = 1;
    for (int r = 1; r * r <= n; r++)
      if (n % r == 0) br = r;
    bc = n / br;
  }
  if (k < 0) k = knights_per_unit >= 0 ? knights_per_unit : 3;
  if ((long long)br * bc != n || k > n) return PZ_ERR_RANGE;
  pz_puzzle *p;
  int st = pz_knightdoku_new(&p, br, bc, k);
  if (!st && (st = pz_puzzle_set_givens(p, d->givens))) pz_puzzle_free(p);
  if (!st) *out = p;
  return st;
}
