/* Skyscrapers text, three formats (the reader tells them apart by the
 * first line that is not blank or a '#' comment):
 *   sgt   Simon Tatham's Towers game id, one line "N:c/c/.../c[,grid]":
 *         4N clues separated by '/' (empty = none) in the order top (left
 *         to right), bottom (left to right), left (top to bottom), right
 *         (top to bottom); the parameters before ':' may carry a
 *         difficulty ("5de:"), which is ignored. The optional grid after
 *         ',' gives digits row by row: a letter a..z is a run of 1..26
 *         blank cells, a number a given, '_' separates two numbers.
 *   grid  a header "N N", then N + 2 rows of N + 2 blank-separated tokens:
 *         the grid with the clues round it (row 0 the top clues, column 0
 *         the left ones, ...); '.' (or '-', or 0) for a corner, no clue,
 *         a blank cell.
 *   line  one token of 4N + N*N characters: the 4N clues in sgt order,
 *         then the cells row by row, '.' or '0' for none (N <= 9). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "io/input.h"
#include "kinds/skyscrapers/skyscrapers_impl.h"
#include "pz/text.h"

/* The next line that is not blank or a comment, trimmed; 0 at the end. */
static int content_line(pz_lexer *lx, pz_line *l, pz_tok *t,
                        pz_parse_info *info, int *st) {
  while (pz_lex_line(lx, l)) {
    if ((*st = pz_line_check(l, info))) return 0;
    *t = pz_line_trim(l);
    if (t->len && t->s[0] != '#') return 1;
  }
  return 0;
}

static int none_token(pz_tok t) {
  return t.len == 1 && (t.s[0] == '.' || t.s[0] == '-');
}

/* A run of digits at s[*i] (bounded by len) as a number into *v; 0 when
 * there is none. */
static int digits(const char *s, size_t len, size_t *i, long long *v) {
  if (*i >= len || !isdigit((unsigned char)s[*i])) return 0;
  *v = 0;
  while (*i < len && isdigit((unsigned char)s[*i])) {
    if (*v < 1000000) *v = *v * 10 + (s[*i] - '0');
    ++*i;
  }
  return 1;
}

static int parse_sgt(pz_tok t, pz_towers_def **out, pz_parse_info *info) {
  const char *s = t.s;
  size_t len = t.len, i = 0;
  long long n = 0;
  digits(s, len, &i, &n);
  while (i < len && isalpha((unsigned char)s[i])) i++; /* "de", "dh" */
  if (i >= len || s[i] != ':')
    return pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                         "expected ':' after the size of an sgt game id");
  if (n < 1 || n > PZ_TOWERS_MAX)
    return pz_parse_fail(info, t.line, t.col, n < 1 ? PZ_ERR_PARSE : PZ_ERR_TOO_LARGE,
                         "size %lld is out of range 1..%d", n, PZ_TOWERS_MAX);
  int st = pz_towers_def_new(out, (int)n);
  if (st) return st;
  pz_towers_def *d = *out;
  i++;
  for (int c = 0; c < 4 * n && !st; c++) {
    if (c > 0) {
      if (i >= len || s[i] != '/')
        st = pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                           "%d clues, expected %lld (4 x %lld, '/' between)",
                           c, 4 * n, n);
      i++;
    }
    long long v = 0;
    size_t at = i;
    if (!st && digits(s, len, &i, &v) && v > n)
      st = pz_parse_fail(info, t.line, t.col + at, PZ_ERR_RANGE,
                         "clue %lld is out of range 0..%lld", v, n);
    if (!st) d->clues[c] = (int)v;
  }
  if (!st && i < len && s[i] != ',')
    st = pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                       "unexpected '%s' after the %lld clues",
                       pz_quote(s + i, len - i).s, 4 * n);
  if (!st && i < len) { /* the givens */
    long long cells = n * n, pos = 0;
    i++;
    while (!st && i < len) {
      size_t at = i;
      long long v;
      if (s[i] >= 'a' && s[i] <= 'z') {
        pos += s[i++] - 'a' + 1;
      } else if (s[i] == '_') {
        i++;
      } else if (digits(s, len, &i, &v)) {
        if (v < 1 || v > n)
          st = pz_parse_fail(info, t.line, t.col + at, PZ_ERR_RANGE,
                             "given %lld is out of range 1..%lld", v, n);
        else if (pos < cells)
          d->givens[pos] = (int)v;
        pos++;
      } else {
        st = pz_parse_fail(info, t.line, t.col + at, PZ_ERR_PARSE,
                           "'%s' in the grid of an sgt game id (a..z runs of "
                           "blanks, digits, '_')", pz_quote(s + i, 1).s);
      }
      if (!st && pos > cells)
        st = pz_parse_fail(info, t.line, t.col + at, PZ_ERR_PARSE,
                           "the grid holds more than %lld cells", cells);
    }
    if (!st && pos < cells)
      st = pz_parse_fail(info, t.line, t.col + len, PZ_ERR_PARSE,
                         "the grid holds %lld of %lld cells", pos, cells);
  }
  return st;
}

static int parse_line(pz_tok t, pz_towers_def **out, pz_parse_info *info) {
  int n = 0;
  for (int k = 1; k <= 9 && !n; k++)
    if ((size_t)(4 * k + k * k) == t.len) n = k;
  if (!n)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "%zu characters: not a Skyscrapers line (4N clues "
                         "and N*N cells, N <= 9), a 'N N' header or an sgt "
                         "game id", t.len);
  int st = pz_towers_def_new(out, n);
  for (size_t i = 0; i < t.len && !st; i++) {
    char ch = t.s[i];
    int clue = i < (size_t)(4 * n), v = ch == '.' ? 0 : ch - '0';
    if (ch != '.' && (ch < '0' || ch > '9'))
      st = pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                         "'%s' is no digit or '.'", pz_quote(t.s + i, 1).s);
    else if (v > n)
      st = pz_parse_fail(info, t.line, t.col + i, PZ_ERR_RANGE,
                         "%s %d is out of range 0..%d", clue ? "clue" : "given",
                         v, n);
    else if (clue) (*out)->clues[i] = v;
    else (*out)->givens[i - (size_t)(4 * n)] = v;
  }
  return st;
}

/* The grid layout: header read into n; n + 2 rows follow. */
static int parse_grid(pz_lexer *lx, pz_line *first, pz_towers_def **out,
                      pz_parse_info *info) {
  size_t pos = 0;
  pz_tok tr = {NULL, 0, first->no, 1}, tc = {NULL, 0, first->no, 1}, extra;
  int r, c, st;
  pz_lex_token(first, &pos, &tr);
  pz_lex_token(first, &pos, &tc);
  if ((st = pz_lex_size(tr, "rows", PZ_TOWERS_MAX, &r, info)) ||
      (st = pz_lex_size(tc, "columns", PZ_TOWERS_MAX, &c, info)))
    return st;
  if (r != c)
    return pz_parse_fail(info, first->no, tc.col, PZ_ERR_PARSE,
                         "a Skyscrapers grid is square: %d rows but %d "
                         "columns", r, c);
  if (pz_lex_token(first, &pos, &extra))
    return pz_parse_fail(info, first->no, extra.col, PZ_ERR_PARSE,
                         "unexpected '%s' after the header 'N N'",
                         pz_quote(extra.s, extra.len).s);
  int n = r, w = n + 2;
  if ((st = pz_towers_def_new(out, n))) return st;
  pz_towers_def *d = *out;
  pz_line l;
  pz_tok t;
  size_t last = first->no;
  for (int row = 0; row < w && !st; row++) {
    if (!content_line(lx, &l, &t, info, &st)) {
      if (!st)
        st = pz_parse_fail(info, last + 1, 1, PZ_ERR_PARSE,
                           "the input ends after %d of %d rows (the grid "
                           "and its clues)", row, w);
      break;
    }
    last = l.no;
    pos = 0;
    int col = 0;
    while (!st && pz_lex_token(&l, &pos, &t)) {
      if (col == w) {
        st = pz_parse_fail(info, l.no, t.col, PZ_ERR_PARSE,
                           "more than %d tokens in this row", w);
        break;
      }
      int margin_r = row == 0 || row == w - 1, margin_c = col == 0 || col == w - 1;
      long long v = 0;
      if (!none_token(t)) {
        const char *what = margin_r && margin_c ? "corner"
                           : margin_r || margin_c ? "clue" : "given";
        st = pz_lex_int(t, 0, margin_r && margin_c ? 0 : n, what, &v, info);
      }
      if (st) break;
      if (margin_r && !margin_c)
        d->clues[(row ? n : 0) + col - 1] = (int)v;
      else if (margin_c && !margin_r)
        d->clues[(col ? 3 * n : 2 * n) + row - 1] = (int)v;
      else if (!margin_r)
        d->givens[(row - 1) * n + col - 1] = (int)v;
      col++;
    }
    if (!st && col < w)
      st = pz_parse_fail(info, l.no, l.len + 1, PZ_ERR_PARSE,
                         "this row has %d tokens, expected %d", col, w);
  }
  return st;
}

int pz_towers_parse(const char *text, size_t len, pz_towers_def **out,
                    pz_parse_info *info) {
  *out = NULL;
  pz_lexer lx;
  pz_line l;
  pz_tok t;
  int st = PZ_OK;
  pz_lex_init(&lx, text, len);
  if (!content_line(&lx, &l, &t, info, &st)) {
    if (st) return st;
    return pz_parse_fail(info, lx.no ? lx.no : 1, 1, PZ_ERR_PARSE,
                         "no puzzle: expected an sgt game id, a header "
                         "'N N' or a line of clues and cells");
  }
  size_t pos = 0, ntok = 0;
  pz_tok tok;
  while (pz_lex_token(&l, &pos, &tok)) ntok++;
  if (ntok == 2) {
    st = parse_grid(&lx, &l, out, info);
  } else if (ntok == 1) {
    const char *colon = (const char *)memchr(t.s, ':', t.len);
    st = colon ? parse_sgt(t, out, info) : parse_line(t, out, info);
  } else {
    st = pz_parse_fail(info, l.no, t.col, PZ_ERR_PARSE,
                       "expected an sgt game id, a header 'N N' or a line "
                       "of clues and cells");
  }
  if (!st && content_line(&lx, &l, &t, info, &st))
    st = pz_parse_fail(info, l.no, t.col, PZ_ERR_PARSE,
                       "text after the puzzle (one puzzle per input)");
  if (st) {
    pz_towers_def_free(*out);
    *out = NULL;
  }
  return st;
}

static void write_sgt(const pz_towers_def *d, const int *g, FILE *out) {
  int n = d->n, any = 0;
  fprintf(out, "%d:", n);
  for (int c = 0; c < 4 * n; c++) {
    if (c) putc('/', out);
    if (d->clues[c]) fprintf(out, "%d", d->clues[c]);
  }
  for (int x = 0; x < n * n; x++) any |= g[x] != 0;
  if (any) {
    putc(',', out);
    int run = 0, after_number = 0;
    for (int x = 0; x <= n * n; x++) {
      if (x < n * n && !g[x]) {
        run++;
        continue;
      }
      for (; run > 0; run -= run > 26 ? 26 : run, after_number = 0)
        putc('a' + (run > 26 ? 26 : run) - 1, out);
      if (x == n * n) break;
      if (after_number) putc('_', out); /* two numbers: one separator */
      fprintf(out, "%d", g[x]);
      after_number = 1;
    }
  }
  putc('\n', out);
}

static void token(FILE *out, int v, int last) {
  if (v) fprintf(out, "%d", v);
  else putc('.', out);
  putc(last ? '\n' : ' ', out);
}

static void write_grid(const pz_towers_def *d, const int *g, FILE *out) {
  int n = d->n;
  fprintf(out, "%d %d\n", n, n);
  token(out, 0, 0);
  for (int c = 0; c < n; c++) token(out, d->clues[c], 0);
  token(out, 0, 1);
  for (int r = 0; r < n; r++) {
    token(out, d->clues[2 * n + r], 0);
    for (int c = 0; c < n; c++) token(out, g[r * n + c], 0);
    token(out, d->clues[3 * n + r], 1);
  }
  token(out, 0, 0);
  for (int c = 0; c < n; c++) token(out, d->clues[n + c], 0);
  token(out, 0, 1);
}

int pz_towers_write(const pz_towers_def *d, const int *cells, int f,
                    FILE *out) {
  const int *g = cells ? cells : d->givens;
  int n = d->n;
  if (f == PZ_TOWERS_SGT) {
    write_sgt(d, g, out);
  } else if (f == PZ_TOWERS_GRID) {
    write_grid(d, g, out);
  } else if (cells) { /* an answer: the cells alone */
    return pz_write_line(out, cells, n, n, n <= 9 ? PZ_TEXT_CHARS : PZ_TEXT_INTS);
  } else {
    if (n > 9) return PZ_ERR_UNSUPPORTED;
    for (int c = 0; c < 4 * n; c++) putc(d->clues[c] ? '0' + d->clues[c] : '.', out);
    for (int x = 0; x < n * n; x++) putc(g[x] ? '0' + g[x] : '.', out);
    putc('\n', out);
  }
  return ferror(out) ? PZ_ERR_IO : PZ_OK;
}
