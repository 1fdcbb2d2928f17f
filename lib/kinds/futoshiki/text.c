/* Futoshiki text: the readable grid (rows of cells with '<' '>' between
 * them, lines of '^' 'v' between the rows) and sgt-unequal game ids in;
 * the same two out. The formats are in docs/FUTOSHIKI.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/input.h"
#include "kinds/futoshiki/futoshiki_impl.h"
#include "pz/futoshiki.h"

struct pz_futoshiki_def {
  int n;
  pz_futoshiki_format format;
  int *givens, *right, *down;
};

void pz_futoshiki_def_free(pz_futoshiki_def *d) {
  if (!d) return;
  free(d->givens);
  free(d->right);
  free(d->down);
  free(d);
}

static int def_alloc(pz_futoshiki_def **out, int n, pz_futoshiki_format f) {
  pz_futoshiki_def *d = (pz_futoshiki_def *)calloc(1, sizeof *d);
  size_t cells = (size_t)n * (size_t)n;
  if (!d) return PZ_ERR_NOMEM;
  d->n = n;
  d->format = f;
  d->givens = (int *)calloc(cells, sizeof(int));
  d->right = (int *)calloc(cells, sizeof(int));
  d->down = (int *)calloc(cells, sizeof(int));
  if (!d->givens || !d->right || !d->down) {
    pz_futoshiki_def_free(d);
    return PZ_ERR_NOMEM;
  }
  *out = d;
  return PZ_OK;
}

int pz_futoshiki_def_order(const pz_futoshiki_def *d) { return d->n; }
pz_futoshiki_format pz_futoshiki_def_format(const pz_futoshiki_def *d) {
  return d->format;
}
const int *pz_futoshiki_def_givens(const pz_futoshiki_def *d) {
  return d->givens;
}
const int *pz_futoshiki_def_right(const pz_futoshiki_def *d) { return d->right; }
const int *pz_futoshiki_def_down(const pz_futoshiki_def *d) { return d->down; }

int pz_futoshiki_from_def(pz_puzzle **out, const pz_futoshiki_def *d) {
  if (out) *out = NULL;
  if (!out || !d) return PZ_ERR_ARG;
  pz_puzzle *p;
  int st = pz_futoshiki_new(&p, d->n, d->right, d->down);
  if (!st && (st = pz_puzzle_set_givens(p, d->givens))) pz_puzzle_free(p);
  if (!st) *out = p;
  return st;
}

/* --- The grid ------------------------------------------------------------- */

typedef struct grid {
  pz_futoshiki_def *d;
  pz_parse_info *info;
  size_t *start, *end; /* character columns of the cells of the last row */
} grid;

static const char *const row_help =
    "cells are '.', '0' or a value, with '<' or '>' between two of them";

/* Row r: n cells, a sign between two of them now and then. */
static int cell_line(grid *g, const pz_line *l, int r) {
  int n = g->d->n, count = 0, pending = 0;
  size_t b = 0, ch = 0, pending_col = 0;
  while (b < l->len) {
    unsigned char c = (unsigned char)l->s[b];
    if (pz_is_blank(c)) {
      b++, ch++;
      continue;
    }
    if (c == '<' || c == '>') {
      if (!count || pending)
        return pz_parse_fail(g->info, l->no, b + 1, PZ_ERR_PARSE,
                             "'%c' needs a cell on its left", c);
      pending = c == '<' ? PZ_FUTOSHIKI_LESS : PZ_FUTOSHIKI_GREATER;
      pending_col = b + 1;
      b++, ch++;
      continue;
    }
    size_t w = 1;
    long long v = 0;
    if (c >= '0' && c <= '9') {
      /* One digit a cell up to order 9; numbers from order 10. */
      while (n > 9 && b + w < l->len && l->s[b + w] >= '0' && l->s[b + w] <= '9')
        w++;
      pz_tok t = {l->s + b, w, l->no, b + 1};
      int st = pz_lex_int(t, 0, n, "value", &v, g->info);
      if (st) return st;
    } else if (c != '.') {
      return pz_parse_fail(g->info, l->no, b + 1, PZ_ERR_PARSE,
                           "unexpected '%s' in row %d (%s)",
                           pz_quote(l->s + b, pz_char_len(l->s + b, l->len - b)).s,
                           r + 1, row_help);
    }
    if (count == n)
      return pz_parse_fail(g->info, l->no, b + 1, PZ_ERR_PARSE,
                           "more than %d cells in row %d (the grid's %d "
                           "lines make order %d)", n, r + 1, 2 * n - 1, n);
    int x = r * n + count;
    g->d->givens[x] = (int)v;
    if (pending) g->d->right[x - 1] = pending;
    pending = 0;
    g->start[count] = ch;
    g->end[count] = ch + w;
    count++;
    b += w, ch += w;
  }
  if (pending)
    return pz_parse_fail(g->info, l->no, pending_col, PZ_ERR_PARSE,
                         "'%c' needs a cell on its right",
                         pending == PZ_FUTOSHIKI_LESS ? '<' : '>');
  if (count < n)
    return pz_parse_fail(g->info, l->no, l->len + 1, PZ_ERR_PARSE,
                         "row %d has %d cells, expected %d (the grid's %d "
                         "lines make order %d)", r + 1, count, n, 2 * n - 1, n);
  return PZ_OK;
}

/* The signs between rows r and r + 1, each under a cell of row r. */
static int sign_line(grid *g, const pz_line *l, int r) {
  int n = g->d->n;
  size_t b = 0, ch = 0;
  while (b < l->len) {
    unsigned char c = (unsigned char)l->s[b];
    size_t clen = pz_char_len(l->s + b, l->len - b);
    if (pz_is_blank(c)) {
      b++, ch++;
      continue;
    }
    int s = 0;
    if (c == '^' || (clen == 3 && !memcmp(l->s + b, "\xe2\x88\xa7", 3)))
      s = PZ_FUTOSHIKI_LESS;
    else if (c == 'v' || c == 'V' ||
             (clen == 3 && !memcmp(l->s + b, "\xe2\x88\xa8", 3)))
      s = PZ_FUTOSHIKI_GREATER;
    pz_quoted q = pz_quote(l->s + b, clen);
    if (!s)
      return pz_parse_fail(g->info, l->no, b + 1, PZ_ERR_PARSE,
                           "unexpected '%s' between rows %d and %d (signs "
                           "are '^' or 'v' under a cell)", q.s, r + 1, r + 2);
    int k = 0;
    while (k < n && !(g->start[k] <= ch && ch < g->end[k])) k++;
    if (k == n)
      return pz_parse_fail(g->info, l->no, b + 1, PZ_ERR_PARSE,
                           "'%s' stands under no cell of row %d", q.s, r + 1);
    int x = r * n + k;
    if (g->d->down[x])
      return pz_parse_fail(g->info, l->no, b + 1, PZ_ERR_PARSE,
                           "a second sign under r%dc%d", r + 1, k + 1);
    g->d->down[x] = s;
    b += clen, ch++;
  }
  return PZ_OK;
}

static int parse_grid(const pz_line *lines, size_t count, pz_futoshiki_def **out,
                      pz_parse_info *info) {
  if (count % 2 == 0)
    return pz_parse_fail(info, lines[count - 1].no, 1, PZ_ERR_PARSE,
                         "the grid has %zu lines; a Futoshiki of order n has "
                         "2n-1, rows of cells first and last with a line of "
                         "signs (maybe blank) between two rows", count);
  if ((count + 1) / 2 > PZ_FUTOSHIKI_MAX_ORDER)
    return pz_parse_fail(info, lines[0].no, 1, PZ_ERR_TOO_LARGE,
                         "the grid's %zu lines make order %zu, above %d",
                         count, (count + 1) / 2, PZ_FUTOSHIKI_MAX_ORDER);
  int n = (int)(count + 1) / 2;
  grid g = {NULL, info, NULL, NULL};
  int st = def_alloc(&g.d, n, PZ_FUTOSHIKI_GRID);
  g.start = (size_t *)malloc((size_t)n * sizeof(size_t));
  g.end = (size_t *)malloc((size_t)n * sizeof(size_t));
  if (!st && (!g.start || !g.end)) st = PZ_ERR_NOMEM;
  for (size_t i = 0; i < count && !st; i++)
    st = i % 2 ? sign_line(&g, &lines[i], (int)i / 2)
               : cell_line(&g, &lines[i], (int)i / 2);
  free(g.start);
  free(g.end);
  if (st) pz_futoshiki_def_free(g.d);
  else *out = g.d;
  return st;
}

/* --- sgt-unequal game ids -------------------------------------------------- */

static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* "N[letters]:" opens a game id. */
static int looks_sgt(pz_tok t) {
  size_t i = 0;
  while (i < t.len && is_digit((unsigned char)t.s[i])) i++;
  if (!i) return 0;
  while (i < t.len && is_alpha((unsigned char)t.s[i])) i++;
  return i < t.len && t.s[i] == ':';
}

/* Sets sign s on a pair, refusing one that contradicts a sign already
 * there (cell x greater than its right neighbour, which says it is greater
 * than x). */
static int put_sign(pz_futoshiki_def *d, int *at, int s, pz_tok t, size_t i,
                    int x, int y, pz_parse_info *info) {
  if (*at && *at != s)
    return pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                         "r%dc%d and r%dc%d are each said to be greater than "
                         "the other", x / d->n + 1, x % d->n + 1, y / d->n + 1,
                         y % d->n + 1);
  *at = s;
  return PZ_OK;
}

static int parse_sgt(pz_tok t, pz_futoshiki_def **out, pz_parse_info *info) {
  size_t i = 0;
  while (is_digit((unsigned char)t.s[i])) i++;
  pz_tok num = {t.s, i, t.line, t.col};
  int n, st = pz_lex_size(num, "order", PZ_FUTOSHIKI_MAX_ORDER, &n, info);
  if (st) return st;
  while (t.s[i] != ':') {
    if (t.s[i] == 'd' && is_alpha((unsigned char)t.s[i + 1]) && t.s[i + 1] != ':') {
      i += 2;
      continue;
    }
    if (t.s[i] == 'a')
      return pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                           "'a' is sgt-unequal's Adjacent mode, not Futoshiki");
    return pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                         "unexpected '%s' in the parameters (expected the "
                         "order, then 'dX' for a difficulty)",
                         pz_quote(t.s + i, pz_char_len(t.s + i, t.len - i)).s);
  }
  i++;
  pz_futoshiki_def *d;
  if ((st = def_alloc(&d, n, PZ_FUTOSHIKI_SGT))) return st;
  int cells = n * n;
  for (int x = 0; x < cells && !st; x++) {
    size_t j = i;
    while (j < t.len && is_digit((unsigned char)t.s[j])) j++;
    if (j == i) {
      if (i < t.len)
        st = pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                           "expected the number of r%dc%d, found '%s'",
                           x / n + 1, x % n + 1,
                           pz_quote(t.s + i, pz_char_len(t.s + i, t.len - i)).s);
      else
        st = pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                           "the id ends before r%dc%d (%d cells for order %d)",
                           x / n + 1, x % n + 1, cells, n);
      break;
    }
    pz_tok v = {t.s + i, j - i, t.line, t.col + i};
    long long val;
    if ((st = pz_lex_int(v, 0, n, "value", &val, info))) break;
    d->givens[x] = (int)val;
    int r = x / n, c = x % n;
    for (i = j; i < t.len && !st && strchr("URDL", t.s[i]); i++) {
      int f = t.s[i];
      /* The flag's neighbour and the pair's sign, seen from its upper or
       * left cell. */
      int y = f == 'U' ? x - n : f == 'D' ? x + n : f == 'L' ? x - 1 : x + 1;
      int off = (f == 'U' && r == 0) || (f == 'D' && r == n - 1) ||
                (f == 'L' && c == 0) || (f == 'R' && c == n - 1);
      if (off) {
        st = pz_parse_fail(info, t.line, t.col + i, PZ_ERR_RANGE,
                           "'%c' on r%dc%d points off the grid", f, r + 1, c + 1);
      } else if (f == 'R' || f == 'D') {
        st = put_sign(d, f == 'R' ? &d->right[x] : &d->down[x],
                      PZ_FUTOSHIKI_GREATER, t, i, x, y, info);
      } else {
        st = put_sign(d, f == 'L' ? &d->right[y] : &d->down[y],
                      PZ_FUTOSHIKI_LESS, t, i, x, y, info);
      }
    }
    if (st) break;
    if (i < t.len && t.s[i] == ',') {
      i++;
    } else if (i < t.len) {
      st = pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                         "unexpected '%s' after r%dc%d (a cell is a number, "
                         "flags U R D L, then ',')",
                         pz_quote(t.s + i, pz_char_len(t.s + i, t.len - i)).s,
                         r + 1, c + 1);
    }
  }
  if (!st && i < t.len)
    st = pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                       "more than %d cells for order %d", cells, n);
  if (st) pz_futoshiki_def_free(d);
  else *out = d;
  return st;
}

/* --- Parsing -------------------------------------------------------------- */

static int is_comment(const pz_line *l) {
  pz_tok t = pz_line_trim(l);
  return t.len && t.s[0] == '#';
}

int pz_futoshiki_parse(const char *text, size_t len, pz_futoshiki_def **out,
                       pz_parse_info *info) {
  if (out) *out = NULL;
  if (info) memset(info, 0, sizeof *info);
  if (!out || (!text && len)) return PZ_ERR_ARG;
  pz_line *lines = NULL, l;
  size_t count = 0, cap = 0, first = (size_t)-1, last = 0;
  pz_lexer lx;
  int st = PZ_OK;
  pz_lex_init(&lx, text, len);
  while (!st && pz_lex_line(&lx, &l)) {
    if ((st = pz_line_check(&l, info)) || is_comment(&l)) continue;
    if (count == cap) {
      cap = cap ? 2 * cap : 64;
      pz_line *nl = (pz_line *)realloc(lines, cap * sizeof *lines);
      if (!nl) {
        st = PZ_ERR_NOMEM;
        break;
      }
      lines = nl;
    }
    if (!pz_line_blank(&l)) {
      if (first == (size_t)-1) first = count;
      last = count;
    }
    lines[count++] = l;
  }
  if (!st && first == (size_t)-1) {
    size_t end = lx.no + (len && text[len - 1] == '\n' ? 1 : 0);
    st = pz_parse_fail(info, end ? end : 1, 1, PZ_ERR_PARSE, "no puzzle found");
  }
  if (!st) {
    pz_tok t = pz_line_trim(&lines[first]);
    if (!looks_sgt(t)) {
      st = parse_grid(lines + first, last - first + 1, out, info);
    } else if (first != last) {
      pz_tok extra = pz_line_trim(&lines[last]);
      st = pz_parse_fail(info, extra.line, extra.col, PZ_ERR_PARSE,
                         "text after the game id (one puzzle per input)");
    } else {
      for (size_t i = 0; i < t.len && !st; i++)
        if (pz_is_blank((unsigned char)t.s[i]))
          st = pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                             "unexpected blank inside the game id");
      if (!st) st = parse_sgt(t, out, info);
    }
  }
  free(lines);
  return st;
}

PZ_READ_THROUGH(pz_futoshiki_read, pz_futoshiki_def, pz_futoshiki_parse)

/* --- Writing -------------------------------------------------------------- */

static int check_write(const int *cells, int n, const int *right,
                       const int *down) {
  if (!cells || n < 1 || n > PZ_FUTOSHIKI_MAX_ORDER) return PZ_ERR_ARG;
  for (int x = 0; x < n * n; x++) {
    int r = right ? right[x] : 0, d = down ? down[x] : 0;
    if (cells[x] < 0 || cells[x] > n || r < 0 || r > 2 || d < 0 || d > 2 ||
        (r && x % n == n - 1) || (d && x / n == n - 1))
      return PZ_ERR_RANGE;
  }
  return PZ_OK;
}

int pz_futoshiki_write_grid(FILE *out, const int *cells, int n,
                            const int *right, const int *down) {
  int st = check_write(cells, n, right, down);
  if (st) return st;
  if (!out) return PZ_ERR_ARG;
  int w = n > 99 ? 3 : n > 9 ? 2 : 1;
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++) {
      int x = r * n + c, s = right ? right[x] : 0;
      if (cells[x]) fprintf(out, "%*d", w, cells[x]);
      else fprintf(out, "%*s", w, ".");
      if (c + 1 < n) fputs(s == 1 ? " < " : s == 2 ? " > " : "   ", out);
    }
    putc('\n', out);
    if (r + 1 == n) break;
    /* The signs under the last character of each cell; no trailing blanks. */
    int lastc = -1;
    for (int c = 0; c < n; c++)
      if (down && down[r * n + c]) lastc = c;
    for (int c = 0; c <= lastc; c++) {
      int s = down[r * n + c];
      fprintf(out, "%*s%c", w - 1 + (c ? 3 : 0), "",
              s == 1 ? '^' : s == 2 ? 'v' : ' ');
    }
    putc('\n', out);
  }
  return ferror(out) ? PZ_ERR_IO : PZ_OK;
}

int pz_futoshiki_write_sgt(FILE *out, const int *cells, int n,
                           const int *right, const int *down) {
  int st = check_write(cells, n, right, down);
  if (st) return st;
  if (!out) return PZ_ERR_ARG;
  fprintf(out, "%d:", n);
  for (int x = 0; x < n * n; x++) {
    int r = x / n, c = x % n;
    fprintf(out, "%d", cells[x]);
    /* Each flag says the cell is greater than that neighbour. */
    if (r > 0 && down && down[x - n] == PZ_FUTOSHIKI_LESS) putc('U', out);
    if (c < n - 1 && right && right[x] == PZ_FUTOSHIKI_GREATER) putc('R', out);
    if (r < n - 1 && down && down[x] == PZ_FUTOSHIKI_GREATER) putc('D', out);
    if (c > 0 && right && right[x - 1] == PZ_FUTOSHIKI_LESS) putc('L', out);
    putc(',', out);
  }
  putc('\n', out);
  return ferror(out) ? PZ_ERR_IO : PZ_OK;
}

/* A definition holding copies of these arrays (any may be NULL: none),
 * for generated puzzles; written as an sgt-unequal game id by default. */
int pz_futoshiki_def_make(pz_futoshiki_def **out, int n, const int *givens,
                          const int *right, const int *down) {
  *out = NULL;
  if (n < 1 || n > PZ_FUTOSHIKI_MAX_ORDER) return PZ_ERR_ARG;
  pz_futoshiki_def *d;
  int st = def_alloc(&d, n, PZ_FUTOSHIKI_SGT);
  if (st) return st;
  size_t bytes = (size_t)n * (size_t)n * sizeof(int);
  if (givens) memcpy(d->givens, givens, bytes);
  if (right) memcpy(d->right, right, bytes);
  if (down) memcpy(d->down, down, bytes);
  *out = d;
  return PZ_OK;
}
