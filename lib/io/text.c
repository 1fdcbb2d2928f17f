/* Puzzle text: one puzzle per line (characters or integers), grids of n
 * rows (with or without '|' and '-+-' box borders, SadMan .sdk files
 * included), puzz.link Sudoku URLs, and janko.at jigsaw Sudoku (a header,
 * the givens, the regions). The whole input is read first so AUTO can
 * look at its shape. Formats are described in docs/FORMATS.md. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/vec.h"
#include "io/input.h"
#include "pz/text.h"

#define MAX_N 1024

/* One puzzle read, or (batch mode) one puzzle that could not be. */
typedef struct entry {
  size_t offset, line;
  int n;
  pz_text_format format;
  int status;  /* PZ_OK, or the error of this puzzle */
  size_t err;  /* its index in errs when status != PZ_OK */
  int has_regions; /* janko layout: n*n regions at roffset in regions */
  size_t roffset;
} entry;

struct pz_text {
  pz_ivec cells;
  pz_ivec regions;
  entry *entries;
  size_t count, cap;
  pz_parse_info *errs;
  size_t nerrs, errcap;
};

/* --- Lines ---------------------------------------------------------------- */

/* What a line is to the puzzle reader. */
enum {
  L_BLANK,    /* ends a grid */
  L_SKIP,     /* comment, box border, or a section that holds no givens */
  L_SECTION,  /* "[Puzzle]" of a SadMan file: ends a grid like a blank */
  L_URL,      /* a puzz.link URL: a puzzle of its own */
  L_DATA      /* cells */
};

typedef struct tline {
  pz_line l;
  int kind;
} tline;

/* A line of only '-', '=', '+', '|', '*' and blanks: a border between
 * boxes or regions, as pz_write_grid and most Sudoku programs draw them.
 * It holds no cell, so it is skipped. */
static int is_rule(pz_tok t) {
  for (size_t i = 0; i < t.len; i++) {
    char ch = t.s[i];
    if (ch != '-' && ch != '=' && ch != '+' && ch != '|' && ch != '*' &&
        !pz_is_blank((unsigned char)ch))
      return 0;
  }
  return t.len > 0;
}

static int tok_is(pz_tok t, const char *word) {
  size_t n = strlen(word);
  if (t.len != n) return 0;
  for (size_t i = 0; i < n; i++) {
    char a = t.s[i], b = word[i];
    if (a >= 'A' && a <= 'Z') a = (char)(a - 'A' + 'a');
    if (a != b) return 0;
  }
  return 1;
}

/* Cuts the text into classified lines. A SadMan "[Puzzle]" section holds
 * the givens; any other "[...]" section (the solver's state, pencil
 * marks) is skipped up to the next "[Puzzle]". */
static int classify(const char *buf, size_t len, tline **out, size_t *count,
                    size_t *last_no) {
  pz_lexer lx;
  pz_lex_init(&lx, buf, len);
  tline *v = NULL;
  size_t n = 0, cap = 0;
  int in_other_section = 0;
  pz_line l;
  while (pz_lex_line(&lx, &l)) {
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      tline *nv = (tline *)realloc(v, cap * sizeof *v);
      if (!nv) {
        free(v);
        return PZ_ERR_NOMEM;
      }
      v = nv;
    }
    pz_tok t = pz_line_trim(&l);
    int kind;
    if (memchr(l.s, 0, l.len)) kind = L_DATA; /* reported as a bad byte */
    else if (t.len && t.s[0] == '[' && t.s[t.len - 1] == ']') {
      in_other_section = !tok_is(t, "[puzzle]");
      kind = L_SECTION;
    } else if (in_other_section || (t.len && t.s[0] == '#') || is_rule(t))
      kind = t.len ? L_SKIP : L_BLANK;
    else if (!t.len) kind = L_BLANK;
    else if (memchr(t.s, '/', t.len)) kind = L_URL;
    else kind = L_DATA;
    /* Only what the reader looks at is kept: skipped lines go, and a run
     * of blank lines is one separator. */
    if (kind == L_SKIP || (kind == L_BLANK && n && v[n - 1].kind == L_BLANK))
      continue;
    v[n].l = l;
    v[n++].kind = kind;
  }
  *out = v;
  *count = n;
  *last_no = lx.no;
  return PZ_OK;
}

/* --- Cells of one line ---------------------------------------------------- */

typedef struct cut {
  pz_ivec vals, cols, lens; /* value, column and length of each cell */
  int ints;                 /* cells were blank-separated tokens */
} cut;

/* The largest value one character can give ('Z'): a grid whose rows are
 * characters has at most this many columns. */
#define MAX_CHAR_VALUE 35

static int char_value(int ch) {
  if (ch == '.' || ch == '0' || ch == '_') return 0;
  if (ch >= '1' && ch <= '9') return ch - '0';
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
  if (ch >= 'a' && ch <= 'z') return ch - 'a' + 10;
  return -1;
}

static int push_cell(cut *c, int v, size_t col, size_t len) {
  if (pz_ivec_push(&c->vals, v) || pz_ivec_push(&c->cols, (int)col) ||
      pz_ivec_push(&c->lens, (int)len))
    return PZ_ERR_NOMEM;
  return PZ_OK;
}

/* Cells of a line: one character each ('|' between boxes is skipped), or
 * blank-separated numbers when the line has several tokens ('|' tokens and
 * '|' at either end of a token are skipped), and always when ints is set
 * (the INTS layout, where "12" is one cell). Values are not checked
 * against n here; numbers saturate instead of wrapping. */
static int cut_line(const pz_line *l, int ints, cut *out,
                    pz_parse_info *info) {
  out->vals.len = out->cols.len = out->lens.len = 0;
  int st = pz_line_check(l, info);
  if (st) return st;
  size_t pos = 0, tokens = 0;
  pz_tok t;
  while (pz_lex_token(l, &pos, &t))
    if (!(t.len == 1 && t.s[0] == '|')) tokens++;
  out->ints = ints || tokens > 1;
  pos = 0;
  while (pz_lex_token(l, &pos, &t)) {
    if (!out->ints) {
      for (size_t k = 0; k < t.len;) {
        size_t cl = (unsigned char)t.s[k] < 0x80
                        ? 1 : pz_char_len(t.s + k, t.len - k);
        int v = t.s[k] == '|' ? -2 : char_value((unsigned char)t.s[k]);
        if (v == -1 || cl > 1)
          return pz_parse_fail(info, l->no, t.col + k, PZ_ERR_PARSE,
                               "unexpected character '%s' (cells are 1-9, "
                               "A-Z, '.' or 0; '|' between boxes)",
                               pz_quote(t.s + k, cl).s);
        if (v >= 0 && (st = push_cell(out, v, t.col + k, 1))) return st;
        k += cl;
      }
      continue;
    }
    while (t.len && t.s[0] == '|') {
      t.s++;
      t.len--;
      t.col++;
    }
    while (t.len && t.s[t.len - 1] == '|') t.len--;
    if (!t.len) continue;
    long long v = 0;
    if (t.len == 1 && (t.s[0] == '.' || t.s[0] == '_')) {
      v = 0;
    } else {
      for (size_t k = 0; k < t.len; k++)
        if (t.s[k] < '0' || t.s[k] > '9') {
          size_t cl = pz_char_len(t.s + k, t.len - k);
          return pz_parse_fail(info, l->no, t.col + k, PZ_ERR_PARSE,
                               "unexpected character '%s' in the number '%s'",
                               pz_quote(t.s + k, cl).s, pz_quote(t.s, t.len).s);
        }
      pz_lex_int(t, 0, INT_MAX, "value", &v, NULL);
      if (v > INT_MAX) v = INT_MAX;
    }
    if ((st = push_cell(out, (int)v, t.col, t.len))) return st;
  }
  return PZ_OK;
}

static int isqrt_exact(size_t m) {
  size_t r = 0;
  while ((r + 1) * (r + 1) <= m) r++;
  return r * r == m ? (int)r : -1;
}

/* --- Entries -------------------------------------------------------------- */

static int add_entry(pz_text *t, int n, size_t line, pz_text_format f) {
  if (t->count == t->cap) {
    size_t cap = t->cap ? t->cap * 2 : 16;
    entry *e = (entry *)realloc(t->entries, cap * sizeof(entry));
    if (!e) return PZ_ERR_NOMEM;
    t->entries = e;
    t->cap = cap;
  }
  entry *e = &t->entries[t->count++];
  e->offset = t->cells.len;
  e->line = line;
  e->n = n;
  e->format = f;
  e->status = PZ_OK;
  e->err = 0;
  e->has_regions = 0;
  e->roffset = 0;
  return pz_ivec_reserve(&t->cells, (size_t)n * (size_t)n);
}

/* Turns the last entry (or a new one at `line`) into an error entry. */
static int add_error(pz_text *t, int have_entry, size_t line,
                     pz_text_format f, int status, const pz_parse_info *info) {
  if (t->nerrs == t->errcap) {
    size_t cap = t->errcap ? t->errcap * 2 : 8;
    pz_parse_info *e = (pz_parse_info *)realloc(t->errs, cap * sizeof *e);
    if (!e) return PZ_ERR_NOMEM;
    t->errs = e;
    t->errcap = cap;
  }
  if (!have_entry) {
    int st = add_entry(t, 0, line, f);
    if (st) return st;
  }
  entry *e = &t->entries[t->count - 1];
  t->cells.len = e->offset; /* drop its partial cells */
  e->n = 0;
  e->has_regions = 0;
  e->status = status;
  e->err = t->nerrs;
  t->errs[t->nerrs++] = *info;
  return PZ_OK;
}

/* The characters that mean 1..n, for messages. */
static const char *char_range(int n, char *buf, size_t cap) {
  if (n == 1) snprintf(buf, cap, "1");
  else if (n <= 9) snprintf(buf, cap, "1-%d", n);
  else snprintf(buf, cap, "1-9, A-%c", n <= 35 ? 'A' + n - 10 : 'Z');
  return buf;
}

/* Appends the cells of c (values 0..n) to the last entry. what names the
 * shape for messages ("9x9 puzzle"). */
static int push_cells(pz_text *t, const pz_line *l, const cut *c, int n,
                      pz_parse_info *info) {
  for (size_t i = 0; i < c->vals.len; i++) {
    int v = c->vals.data[i];
    size_t col = (size_t)c->cols.data[i];
    if (v > n) {
      const char *at = l->s + col - 1;
      if (!c->ints && v > 9) {
        char r[32];
        return pz_parse_fail(info, l->no, col, PZ_ERR_RANGE,
                             "'%c' stands for %d, out of range 0..%d in a "
                             "%dx%d grid (cells are %s, blanks '.' or 0)",
                             *at, v, n, n, n, char_range(n, r, sizeof r));
      }
      return pz_parse_fail(info, l->no, col, PZ_ERR_RANGE,
                           "value %s out of range 0..%d in a %dx%d grid",
                           pz_quote(at, (size_t)c->lens.data[i]).s, n, n, n);
    }
    t->cells.data[t->cells.len++] = v;
  }
  return PZ_OK;
}

/* --- puzz.link Sudoku URLs ----------------------------------------------- */

/* Decodes the body of a Sudoku URL (pzprjs "Number16": '0'-'9', 'a'-'f' a
 * number, '-' + 2 hex digits or '+' + 3 a larger one, '.' an unknown
 * number (blank here), 'g'-'z' skip 1-20 blank cells). */
static int url_entry(pz_text *t, const pz_line *l, int expect_n,
                     pz_parse_info *info) {
  pz_url u;
  pz_tok line = pz_line_trim(l);
  int st = pz_url_parse(line, "sudoku", MAX_N, &u, info);
  if (st) return st;
  if (u.cols != u.rows)
    return pz_parse_fail(info, l->no, line.col, PZ_ERR_PARSE,
                         "a Sudoku URL with %d columns and %d rows: the grid "
                         "must be square", u.cols, u.rows);
  int n = u.cols;
  if (expect_n && n != expect_n)
    return pz_parse_fail(info, l->no, line.col, PZ_ERR_PARSE,
                         "the URL is for a %dx%d grid; expected %dx%d", n, n,
                         expect_n, expect_n);
  if ((st = add_entry(t, n, l->no, PZ_TEXT_URL))) return st;
  size_t cells = (size_t)n * (size_t)n, c = 0;
  int *out = t->cells.data + t->cells.len;
  memset(out, 0, cells * sizeof(int));
  pz_tok b = u.body;
  for (size_t i = 0; i < b.len;) {
    int ch = (unsigned char)b.s[i];
    size_t col = b.col + i, digits = 0;
    long v = -1;
    if ((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f')) v = ch <= '9' ? ch - '0' : ch - 'a' + 10;
    else if (ch == '-') digits = 2;
    else if (ch == '+') digits = 3;
    else if (ch == '.') v = 0;
    if (c >= cells && (v >= 0 || digits || (ch >= 'g' && ch <= 'z')))
      return pz_parse_fail(info, l->no, col, PZ_ERR_PARSE,
                           "'%s' after all %zu cells of the URL body",
                           pz_quote(b.s + i, b.len - i).s, cells);
    if (ch >= 'g' && ch <= 'z') {
      size_t skip = (size_t)(ch - 'f');
      if (skip > cells - c)
        return pz_parse_fail(info, l->no, col, PZ_ERR_PARSE,
                             "'%c' skips %zu cells, but only %zu are left",
                             ch, skip, cells - c);
      c += skip;
      i++;
      continue;
    }
    if (digits) {
      v = 0;
      for (size_t k = 1; k <= digits; k++) {
        int d = i + k < b.len ? b.s[i + k] : 0;
        int x = d >= '0' && d <= '9' ? d - '0' : d >= 'a' && d <= 'f' ? d - 'a' + 10 : -1;
        if (x < 0)
          return pz_parse_fail(info, l->no, col, PZ_ERR_PARSE,
                               "'%c' needs %zu hexadecimal digits after it",
                               ch, digits);
        v = v * 16 + x;
      }
    } else if (v < 0) {
      return pz_parse_fail(info, l->no, col, PZ_ERR_PARSE,
                           "unexpected character '%s' in the URL body",
                           pz_quote(b.s + i, pz_char_len(b.s + i, b.len - i)).s);
    }
    if ((ch != '.' && v < 1) || v > n)
      return pz_parse_fail(info, l->no, col, PZ_ERR_RANGE,
                           "'%s' is the number %ld, outside 1..%d",
                           pz_quote(b.s + i, digits + 1).s, v, n);
    out[c++] = (int)v;
    i += digits + 1;
  }
  /* A body that stops early leaves the rest blank, as puzz.link reads it
   * (some encoders drop the final run of blanks). */
  t->cells.len += cells;
  return PZ_OK;
}

/* --- janko.at jigsaw Sudoku ----------------------------------------------- */

/* The next line holding more than blanks and not a '#' comment into *l:
 * 1, or 0 at the end of the input or (with *st set) at a NUL byte. */
static int janko_line(pz_lexer *lx, pz_line *l, int *st,
                      pz_parse_info *info) {
  *st = PZ_OK;
  while (pz_lex_line(lx, l)) {
    if ((*st = pz_line_check(l, info))) return 0;
    pz_tok t = pz_line_trim(l);
    if (t.len && t.s[0] != '#') return 1;
  }
  return 0;
}

static int all_digits(pz_tok t) {
  for (size_t i = 0; i < t.len; i++)
    if (t.s[i] < '0' || t.s[i] > '9') return 0;
  return t.len > 0;
}

/* AUTO reads the janko layout when the first line (not blank, not a
 * comment) is two numbers R C, one of them above 2 (no other layout
 * starts so), or R = C and 2R more lines follow, each of R cells ('-',
 * '.' or a number; a region row may hold any labels): so "1 1" above a border line or a 2x2 grid whose
 * first row is "1 2" stays a grid. */
static int is_janko(const char *buf, size_t len) {
  pz_lexer lx;
  pz_lex_init(&lx, buf, len);
  pz_line l;
  long long v[2] = {0, 0};
  size_t lines = 0;
  int st;
  while (janko_line(&lx, &l, &st, NULL)) {
    size_t pos = 0;
    pz_tok t;
    long long k = 0;
    for (; pz_lex_token(&l, &pos, &t); k++) {
      int blank = t.len == 1 && (t.s[0] == '-' || t.s[0] == '.');
      int region_row = lines > (size_t)v[0];
      if ((!lines && (k == 2 || blank)) ||
          !(blank || all_digits(t) || (region_row && pz_label_ok(t))))
        return 0;
      if (!lines) pz_lex_int(t, 0, 2, "size", &v[k], NULL); /* saturates */
    }
    if (!lines && k != 2) return 0;
    if (!lines && (v[0] > 2 || v[1] > 2)) return 1;
    if (lines && k != v[0]) return 0;
    lines++;
  }
  return lines && v[0] == v[1] && lines == 2 * (size_t)v[0] + 1;
}

/* One given of the janko grid: '-' or '.' blank, else 1..n. */
static int janko_given(pz_tok t, int n, int *out, pz_parse_info *info) {
  if (t.len == 1 && (t.s[0] == '-' || t.s[0] == '.')) {
    *out = 0;
    return PZ_OK;
  }
  if (!all_digits(t))
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "'%s' is not a given (1..%d, '-' for a blank)",
                         pz_quote(t.s, t.len).s, n);
  long long v;
  int st = pz_lex_int(t, 1, n, "given", &v, info);
  if (!st) *out = (int)v;
  return st;
}

/* Region labels as they are read: names numbered 1..n by first
 * appearance, the cells of each, and the first cell (in reading order)
 * that made a region larger than n. */
typedef struct region_tally {
  int n;
  pz_labels labels;
  size_t *count; /* n + 1 */
  pz_tok over;
  int over_region;
} region_tally;

static int tally_init(region_tally *rt, int n) {
  memset(rt, 0, sizeof *rt);
  rt->n = n;
  rt->count = (size_t *)calloc((size_t)n + 1, sizeof *rt->count);
  if (!rt->count || pz_labels_init(&rt->labels, n)) {
    free(rt->count);
    return PZ_ERR_NOMEM;
  }
  return PZ_OK;
}

static void tally_free(region_tally *rt) {
  free(rt->count);
  pz_labels_free(&rt->labels);
}

/* One region label (a name: number or letters) into *out, its region
 * 1..n; a label past the n-th is an error at it. */
static int tally_add(region_tally *rt, pz_tok t, int *out, pz_parse_info *info) {
  int n = rt->n;
  if (!pz_label_ok(t))
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "'%s' is not a region label (a number or a name of "
                         "letters and digits)", pz_quote(t.s, t.len).s);
  int id = pz_labels_id(&rt->labels, t);
  if (id < 0)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "region '%s' is region %d; a %dx%d jigsaw Sudoku has "
                         "%d", pz_quote(t.s, t.len).s, n + 1, n, n, n);
  *out = id + 1;
  if (++rt->count[*out] == (size_t)n + 1 && !rt->over_region) {
    rt->over = t;
    rt->over_region = *out;
  }
  return PZ_OK;
}

/* All n*n labels have been read: n of them (none past n, tally_add saw to
 * that), n cells each. */
static int tally_check(const region_tally *rt, pz_parse_info *info) {
  int n = rt->n;
  const pz_labels *lb = &rt->labels;
  if (lb->count < n)
    return pz_parse_fail(info, lb->first[0].line, lb->first[0].col,
                         PZ_ERR_PARSE, "%d regions; a %dx%d jigsaw Sudoku has "
                         "%d", lb->count, n, n, n);
  if (rt->over_region) {
    int small = 1;
    while (rt->count[small] >= (size_t)n) small++;
    pz_tok big = lb->first[rt->over_region - 1], little = lb->first[small - 1];
    return pz_parse_fail(info, rt->over.line, rt->over.col, PZ_ERR_PARSE,
                         "region %s has %zu cells and region %s has %zu; "
                         "every region of a %dx%d jigsaw Sudoku has %d",
                         pz_quote(big.s, big.len).s,
                         rt->count[rt->over_region],
                         pz_quote(little.s, little.len).s, rt->count[small],
                         n, n, n);
  }
  return PZ_OK;
}

/* A line of exactly two numbers: the header of another puzzle. */
static int janko_header(const pz_line *l) {
  size_t pos = 0;
  pz_tok t;
  int k = 0;
  pz_line copy = *l;
  while (pz_lex_token(&copy, &pos, &t))
    if (++k > 2 || !all_digits(t)) return 0;
  return k == 2;
}

/* The next line holding more than blanks and not a '#' comment, as
 * janko_line, and whether a blank line came before it. */
static int janko_next(pz_lexer *lx, pz_line *l, int *st, int *after_blank) {
  *st = PZ_OK;
  *after_blank = 0;
  while (pz_lex_line(lx, l)) {
    if ((*st = pz_line_check(l, NULL))) return 0;
    pz_tok t = pz_line_trim(l);
    if (!t.len) *after_blank = 1;
    else if (t.s[0] != '#') return 1;
  }
  return 0;
}

/* One puzzle in the janko.at layout from lx on: a header "R C" (R = C =
 * n), n rows of n givens, n rows of n region numbers; blank and comment
 * lines anywhere; nothing else after, unless `batch` and a blank line
 * comes first (a batch holds one puzzle after another). *first gets the
 * header's line. */
static int janko_entry(pz_text *t, pz_lexer *lxp, int expect_n, int batch,
                       size_t *first, pz_parse_info *info) {
  pz_lexer lx = *lxp;
  pz_line l;
  pz_tok tok;
  size_t pos = 0;
  int st;
  if (!janko_line(&lx, &l, &st, info))
    return st ? st
              : pz_parse_fail(info, lx.no ? lx.no : 1, 1, PZ_ERR_PARSE,
                              "no puzzle in the input (a janko.at puzzle "
                              "starts with a line 'ROWS COLUMNS')");
  *first = l.no;
  int size[2];
  pz_tok head[2];
  for (int k = 0; k < 2; k++) {
    if (!pz_lex_token(&l, &pos, &head[k])) {
      pz_tok end = {l.s + l.len, 0, l.no, l.len + 1};
      head[k] = end;
    }
    st = pz_lex_size(head[k], k ? "columns" : "rows", MAX_N, &size[k], info);
    if (st) return st;
  }
  if (pz_lex_token(&l, &pos, &tok))
    return pz_parse_fail(info, tok.line, tok.col, PZ_ERR_PARSE,
                         "unexpected '%s' after the header 'ROWS COLUMNS'",
                         pz_quote(tok.s, tok.len).s);
  int n = size[0];
  if (size[1] != n)
    return pz_parse_fail(info, head[1].line, head[1].col, PZ_ERR_PARSE,
                         "%d rows and %d columns: a jigsaw Sudoku is square",
                         size[0], size[1]);
  if (expect_n && n != expect_n)
    return pz_parse_fail(info, head[0].line, head[0].col, PZ_ERR_PARSE,
                         "a %dx%d puzzle; expected %dx%d", n, n, expect_n,
                         expect_n);
  size_t cells = (size_t)n * (size_t)n;
  if ((st = add_entry(t, n, l.no, PZ_TEXT_JANKO)) ||
      (st = pz_ivec_reserve(&t->regions, cells)))
    return st;
  region_tally rt;
  if (tally_init(&rt, n)) return PZ_ERR_NOMEM;
  int *given = t->cells.data + t->cells.len;
  int *reg = t->regions.data + t->regions.len;
  static const char *const grid_name[2] = {"givens", "regions"};
  for (int g = 0; g < 2 && !st; g++) {
    for (int r = 0; r < n && !st; r++) {
      if (!janko_line(&lx, &l, &st, info)) {
        if (!st)
          st = pz_parse_fail(info, lx.no + 1, 1, PZ_ERR_PARSE,
                             "the input ends after %d of the %d rows of %s",
                             r, n, grid_name[g]);
        break;
      }
      pos = 0;
      int c = 0;
      for (; !st && pz_lex_token(&l, &pos, &tok); c++) {
        if (c == n) {
          st = pz_parse_fail(info, tok.line, tok.col, PZ_ERR_PARSE,
                             "more than %d cells in row %d of the %s", n,
                             r + 1, grid_name[g]);
          break;
        }
        size_t i = (size_t)r * (size_t)n + (size_t)c;
        if (!g) {
          st = janko_given(tok, n, &given[i], info);
          continue;
        }
        if ((st = tally_add(&rt, tok, &reg[i], info))) break;
      }
      if (!st && c < n)
        st = pz_parse_fail(info, l.no, l.len + 1, PZ_ERR_PARSE,
                           "row %d of the %s has %d cells; expected %d",
                           r + 1, grid_name[g], c, n);
    }
  }
  if (!st)
    st = tally_check(&rt, info);
  tally_free(&rt);
  if (st) return st;
  *lxp = lx;
  int after_blank;
  if (janko_next(&lx, &l, &st, &after_blank) &&
      !(batch && after_blank && janko_header(&l))) {
    pz_tok rest = pz_line_trim(&l);
    return pz_parse_fail(info, rest.line, rest.col, PZ_ERR_PARSE,
                         "unexpected '%s' after the regions: a janko.at "
                         "puzzle ends with its last row of regions",
                         pz_quote(rest.s, rest.len).s);
  }
  if (st) return st;
  entry *e = &t->entries[t->count - 1];
  e->has_regions = 1;
  e->roffset = t->regions.len;
  t->cells.len += cells;
  t->regions.len += cells;
  return PZ_OK;
}

/* --- The parser ----------------------------------------------------------- */

typedef struct parser {
  pz_text *t;
  const tline *lines;
  size_t nlines, last_no;
  int expect_n;
  pz_text_format format;
  int batch;
  cut c;
} parser;

/* One line = one puzzle. */
static int line_entry(parser *p, const pz_line *l, pz_parse_info *info) {
  int st = cut_line(l, p->format == PZ_TEXT_INTS, &p->c, info);
  if (st) return st;
  size_t m = p->c.vals.len;
  int n = isqrt_exact(m), expect_n = p->expect_n;
  pz_text_format f = p->c.ints ? PZ_TEXT_INTS : PZ_TEXT_CHARS;
  size_t col = m ? (size_t)p->c.cols.data[0] : 1;
  if (expect_n && n != expect_n && p->format == PZ_TEXT_AUTO)
    return pz_parse_fail(info, l->no, col, PZ_ERR_PARSE,
                         "%zu cells; expected a puzzle line of n*n or a grid "
                         "row of n cells (n = %d)", m, expect_n);
  if (expect_n && n != expect_n)
    return pz_parse_fail(info, l->no, col, PZ_ERR_PARSE,
                         "%zu cells; a %dx%d puzzle line has %lld", m,
                         expect_n, expect_n, (long long)expect_n * expect_n);
  if (n <= 0)
    return pz_parse_fail(info, l->no, col, PZ_ERR_PARSE,
                         "%zu cells is not a square number (a puzzle line "
                         "holds n*n cells, e.g. 81 for 9x9)", m);
  if (n > MAX_N)
    return pz_parse_fail(info, l->no, col, PZ_ERR_TOO_LARGE,
                         "a %dx%d grid is above the largest, %dx%d", n, n,
                         MAX_N, MAX_N);
  if (p->format != PZ_TEXT_AUTO && p->format != f)
    return pz_parse_fail(info, l->no, col, PZ_ERR_PARSE, "%s",
                         p->format == PZ_TEXT_CHARS
                             ? "expected one character per cell"
                             : "expected blank-separated numbers");
  if ((st = add_entry(p->t, n, l->no, f))) return st;
  return push_cells(p->t, l, &p->c, n, info);
}

/* A grid starting at line *i: n rows of n cells, no blank line inside.
 * *i ends after the grid's last row. */
static int grid_entry(parser *p, size_t *i, int *have_entry,
                      pz_parse_info *info) {
  int n = p->expect_n, r = 0, st;
  size_t first = *i;
  *have_entry = 0;
  while (n == 0 || r < n) {
    const tline *tl = *i < p->nlines ? &p->lines[*i] : NULL;
    if (!tl || tl->kind == L_BLANK || tl->kind == L_SECTION) {
      size_t no = tl ? tl->l.no : p->last_no + 1;
      return pz_parse_fail(info, no, 1, PZ_ERR_PARSE,
                           "the grid from line %zu ended after %d of %d rows "
                           "(a grid of %d-cell rows has %d)",
                           p->lines[first].l.no, r, n, n, n);
    }
    if (tl->kind == L_SKIP) {
      ++*i;
      continue;
    }
    if (tl->kind == L_URL) {
      pz_tok s = pz_line_trim(&tl->l);
      return pz_parse_fail(info, tl->l.no, s.col, PZ_ERR_PARSE,
                           "a URL where row %d of %d of the grid from line "
                           "%zu belongs", r + 1, n, p->lines[first].l.no);
    }
    if ((st = cut_line(&tl->l, p->format == PZ_TEXT_INTS, &p->c, info))) return st;
    size_t m = p->c.vals.len;
    size_t endcol = tl->l.len + 1;
    if (r == 0) {
      if (n == 0) {
        if (m > MAX_N)
          return pz_parse_fail(info, tl->l.no, 1, PZ_ERR_TOO_LARGE,
                               "a grid row of %zu cells is above the "
                               "largest grid, %dx%d", m, MAX_N, MAX_N);
        n = (int)m;
      } else if (m != (size_t)n) {
        return pz_parse_fail(info, tl->l.no, 1, PZ_ERR_PARSE,
                             "grid row of %zu cells; expected %d", m, n);
      }
      if ((st = add_entry(p->t, n, tl->l.no, PZ_TEXT_GRID))) return st;
      *have_entry = 1;
    } else if (m != (size_t)n) {
      return pz_parse_fail(info, tl->l.no,
                           m > (size_t)n ? (size_t)p->c.cols.data[n] : endcol,
                           PZ_ERR_PARSE,
                           "row %d of the grid from line %zu has %zu cells; "
                           "expected %d like its first row", r + 1,
                           p->lines[first].l.no, m, n);
    }
    if ((st = push_cells(p->t, &tl->l, &p->c, n, info))) return st;
    r++;
    ++*i;
  }
  return PZ_OK;
}

/* Whether line l cuts into m cells, or cannot be cut (reported in its
 * turn); c is scratch. */
static int same_cells(const pz_line *l, size_t m, cut *c) {
  return cut_line(l, 0, c, NULL) || c->vals.len == m;
}

/* Grid or one puzzle per line, from the first data line that cuts. */
static int decide_grid(parser *p, int *grid) {
  if (p->format == PZ_TEXT_GRID) return *grid = 1, PZ_OK;
  if (p->format != PZ_TEXT_AUTO) return *grid = 0, PZ_OK;
  *grid = 0;
  for (size_t i = 0; i < p->nlines; i++) {
    const tline *tl = &p->lines[i];
    if (tl->kind != L_DATA) continue;
    /* A line that does not cut is reported later, in its turn, so that
     * strict mode stops at the same puzzle batch mode reports first. */
    int st = cut_line(&tl->l, 0, &p->c, NULL);
    if (st == PZ_ERR_NOMEM) return st;
    if (st) continue;
    size_t m = p->c.vals.len;
    if (p->expect_n) {
      size_t n = (size_t)p->expect_n;
      if (m == n * n) return PZ_OK;
      if (m == n) return *grid = 1, PZ_OK;
      continue; /* reported by line_entry in its turn */
    }
    /* The data lines of this block (up to a blank line): several lines of
     * m cells are a grid when m is not a square, when a puzzle line of m
     * cells would be a tiny 2x2 or 3x3 puzzle, or when the block holds
     * whole grids of m rows; never when the rows are characters and m is
     * above what one character can say (81 lines of 81 characters are 81
     * puzzles, not an 81x81 grid), nor when a line of another length
     * follows (puzzle lines of different orders, as a batch of Latin
     * squares answers). */
    size_t k = 0;
    int same = 1, ints = p->c.ints;
    for (size_t j = i; j < p->nlines && p->lines[j].kind != L_BLANK &&
                       p->lines[j].kind != L_SECTION; j++) {
      if (p->lines[j].kind != L_DATA) continue;
      k++;
      same = same && same_cells(&p->lines[j].l, m, &p->c);
    }
    *grid = k >= 2 && m > 1 && same && (ints || m <= MAX_CHAR_VALUE) &&
            (isqrt_exact(m) < 0 || m <= 9 || k % m == 0);
    return PZ_OK;
  }
  return PZ_OK;
}

/* Past a bad puzzle of a batch: to the first line after a blank line
 * that is not blank itself (the next puzzle's header, in a file of
 * generated puzzles); 0 when none is left. */
static int janko_resync(pz_lexer *lx) {
  pz_line l;
  int header_passed = 0, blank_seen = 0;
  for (;;) {
    pz_lexer at = *lx;
    if (!pz_lex_line(lx, &l)) return 0;
    if (pz_line_check(&l, NULL)) continue;
    pz_tok t = pz_line_trim(&l);
    if (!t.len) {
      blank_seen = header_passed;
      continue;
    }
    if (t.s[0] == '#') continue;
    if (blank_seen) {
      *lx = at;
      return 1;
    }
    header_passed = 1; /* the bad puzzle's own lines, from its header */
  }
}


/* The janko layout: one puzzle; in batch mode any number, one after
 * another, and a bad one is an entry (the next starts after a blank
 * line). */
static int janko_parse(pz_text **out, const char *buf, size_t len,
                       int expect_n, pz_parse_info *info, int batch) {
  pz_text *t = (pz_text *)calloc(1, sizeof *t);
  if (!t) return PZ_ERR_NOMEM;
  pz_lexer lx;
  pz_lex_init(&lx, buf, len);
  int st = PZ_OK;
  do {
    pz_parse_info local;
    memset(&local, 0, sizeof local);
    size_t first = 0, before = t->count;
    st = janko_entry(t, &lx, expect_n, batch, &first, batch ? &local : info);
    /* Nothing that is not a puzzle becomes an entry: an input without a
     * header fails as a whole, as in the other layouts. */
    if (st && batch && st != PZ_ERR_NOMEM) {
      if (first) {
        st = add_error(t, t->count > before, first, PZ_TEXT_JANKO, st, &local);
        if (!st && !janko_resync(&lx)) break;
      } else if (info) {
        *info = local;
      }
    }
    if (st) break;
    /* More? Another header after blank lines and comments. */
    pz_lexer peek = lx;
    pz_line l;
    if (!batch || !janko_line(&peek, &l, &st, NULL)) break;
  } while (1);
  if (st) {
    pz_text_free(t);
    return st;
  }
  *out = t;
  return PZ_OK;
}

/* The .pls layout, below with the rest of .pls. */
static int is_pls(const char *buf, size_t len);
static int pls_parse(pz_text **out, const char *buf, size_t len,
                     int expect_n, pz_parse_info *info, int batch);

static int parse(pz_text **out, const char *buf, size_t len, int expect_n,
                 pz_text_format format, pz_parse_info *info, int batch) {
  if (!out || (!buf && len) || expect_n < 0 ||
      (unsigned)format > PZ_TEXT_PLS)
    return PZ_ERR_ARG;
  *out = NULL;
  if (info) memset(info, 0, sizeof *info);
  if (expect_n > MAX_N)
    return pz_parse_fail(info, 0, 0, PZ_ERR_TOO_LARGE,
                         "a %dx%d grid is above the largest, %dx%d", expect_n,
                         expect_n, MAX_N, MAX_N);
  if (format == PZ_TEXT_JANKO ||
      (format == PZ_TEXT_AUTO && is_janko(buf, len)))
    return janko_parse(out, buf, len, expect_n, info, batch);
  if (format == PZ_TEXT_PLS || (format == PZ_TEXT_AUTO && is_pls(buf, len)))
    return pls_parse(out, buf, len, expect_n, info, batch);
  parser p;
  memset(&p, 0, sizeof p);
  p.expect_n = expect_n;
  p.format = format;
  p.batch = batch;
  tline *lines;
  int st = classify(buf, len, &lines, &p.nlines, &p.last_no);
  if (st) return st;
  p.lines = lines;
  p.t = (pz_text *)calloc(1, sizeof *p.t);
  if (!p.t) st = PZ_ERR_NOMEM;
  int grid = 0;
  if (!st) st = decide_grid(&p, &grid);
  pz_parse_info local, *ei = batch ? &local : info;
  for (size_t i = 0; i < p.nlines && !st;) {
    const tline *tl = &lines[i];
    if (tl->kind != L_DATA && tl->kind != L_URL) {
      i++;
      continue;
    }
    size_t first = tl->l.no, before = p.t->count;
    int have_entry = 0, e;
    memset(&local, 0, sizeof local);
    if (tl->kind == L_URL || format == PZ_TEXT_URL) {
      e = tl->kind == L_URL
              ? url_entry(p.t, &tl->l, expect_n, ei)
              : pz_parse_fail(ei, tl->l.no, pz_line_trim(&tl->l).col,
                              PZ_ERR_PARSE, "expected a puzz.link URL");
      have_entry = p.t->count > before;
      i++;
    } else if (!grid) {
      e = line_entry(&p, &tl->l, ei);
      have_entry = p.t->count > before;
      i++;
    } else {
      e = grid_entry(&p, &i, &have_entry, ei);
      /* Recover at the next block. */
      if (e)
        while (i < p.nlines && lines[i].kind != L_BLANK &&
               lines[i].kind != L_SECTION)
          i++;
    }
    if (!e) continue;
    if (!batch || e == PZ_ERR_NOMEM) {
      st = e;
      break;
    }
    pz_text_format f = tl->kind == L_URL ? PZ_TEXT_URL
                       : grid            ? PZ_TEXT_GRID
                                         : (format ? format : PZ_TEXT_CHARS);
    st = add_error(p.t, have_entry, first, f, e, &local);
  }
  if (!st && p.t->count == 0)
    st = pz_parse_fail(info, p.last_no ? p.last_no : 1, 1, PZ_ERR_PARSE,
                       "no puzzle in the input");
  free(lines);
  pz_ivec_free(&p.c.vals);
  pz_ivec_free(&p.c.cols);
  pz_ivec_free(&p.c.lens);
  if (st) {
    pz_text_free(p.t);
    return st;
  }
  *out = p.t;
  return PZ_OK;
}

int pz_text_parse(pz_text **out, const char *buf, size_t len, int expect_n,
                  pz_text_format format, pz_parse_info *info) {
  return parse(out, buf, len, expect_n, format, info, 0);
}

int pz_text_parse_batch(pz_text **out, const char *buf, size_t len,
                        int expect_n, pz_text_format format,
                        pz_parse_info *info) {
  return parse(out, buf, len, expect_n, format, info, 1);
}

static int read_text(pz_text **out, FILE *in, int expect_n,
                     pz_text_format format, pz_parse_info *info, int batch) {
  if (!out || !in) return PZ_ERR_ARG;
  *out = NULL;
  if (info) memset(info, 0, sizeof *info);
  char *buf;
  size_t len;
  int rd = pz_read_all(in, &buf, &len, info);
  if (rd) return rd;
  int st = parse(out, buf, len, expect_n, format, info, batch);
  free(buf);
  return st;
}

int pz_text_read(pz_text **out, FILE *in, int expect_n, pz_text_format format,
                 pz_parse_info *info) {
  return read_text(out, in, expect_n, format, info, 0);
}

int pz_text_read_batch(pz_text **out, FILE *in, int expect_n,
                       pz_text_format format, pz_parse_info *info) {
  return read_text(out, in, expect_n, format, info, 1);
}

/* --- A regions grid (pz-sudoku --regions) --------------------------------- */

/* A line of only '-', '+', '|' and blanks: a border drawn between rows. */
static int border_line(pz_tok t) {
  for (size_t i = 0; i < t.len; i++)
    if (!strchr("-+|", t.s[i]) && !pz_is_blank((unsigned char)t.s[i])) return 0;
  return 1;
}

/* The next cell of a row at or after *pos: a label between blanks and
 * '|', or one character when dense. */
static int region_cell(const pz_line *l, size_t *pos, int dense, pz_tok *t) {
  size_t i = *pos;
  while (i < l->len && (pz_is_blank((unsigned char)l->s[i]) || l->s[i] == '|')) i++;
  if (i == l->len) return 0;
  size_t j = i + 1;
  while (!dense && j < l->len && !pz_is_blank((unsigned char)l->s[j]) && l->s[j] != '|') j++;
  pz_tok cell = {l->s + i, j - i, l->no, i + 1};
  *t = cell;
  *pos = j;
  return 1;
}

/* n from the first row: its characters when it has no blank ("1122"),
 * else its labels. */
static int regions_size(const pz_line *l, int *dense) {
  pz_tok row = pz_line_trim(l), t;
  *dense = row.len > 1;
  for (size_t i = 0; i < row.len; i++)
    if (pz_is_blank((unsigned char)row.s[i])) *dense = 0;
  size_t pos = 0, k = 0;
  while (region_cell(l, &pos, *dense, &t)) k++;
  return k > MAX_N ? MAX_N + 1 : (int)k;
}

/* One row of n region labels into reg. */
static int regions_row(const pz_line *l, int r, int n, int dense,
                       region_tally *rt, int *reg, pz_parse_info *info) {
  size_t pos = 0;
  pz_tok t;
  int c = 0;
  for (; region_cell(l, &pos, dense, &t); c++) {
    if (c == n)
      return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                           "more than %d cells in row %d of the regions", n,
                           r + 1);
    int st = tally_add(rt, t, &reg[r * n + c], info);
    if (st) return st;
  }
  if (c < n)
    return pz_parse_fail(info, l->no, l->len + 1, PZ_ERR_PARSE,
                         "row %d of the regions has %d cells; expected %d",
                         r + 1, c, n);
  return PZ_OK;
}

/* The rows of the grid after the first, which gave n; then nothing. */
static int regions_rows(pz_lexer *lx, const pz_line *first, int n, int dense,
                        int *reg, pz_parse_info *info) {
  region_tally rt;
  if (tally_init(&rt, n)) return PZ_ERR_NOMEM;
  pz_line l = *first;
  int st = regions_row(&l, 0, n, dense, &rt, reg, info), r = 1;
  while (!st && janko_line(lx, &l, &st, info)) {
    pz_tok row = pz_line_trim(&l);
    if (border_line(row)) continue;
    if (r == n) {
      st = pz_parse_fail(info, l.no, row.col, PZ_ERR_PARSE,
                         "unexpected '%s' after the %d rows of regions",
                         pz_quote(row.s, row.len).s, n);
      break;
    }
    st = regions_row(&l, r++, n, dense, &rt, reg, info);
  }
  if (!st && r < n)
    st = pz_parse_fail(info, lx->no + 1, 1, PZ_ERR_PARSE,
                       "the input ends after %d of the %d rows of regions", r,
                       n);
  if (!st) st = tally_check(&rt, info);
  tally_free(&rt);
  return st;
}

int pz_text_parse_regions(const char *buf, size_t len, int expect_n,
                          int **regions, int *n, pz_parse_info *info) {
  if (!regions || !n || (!buf && len) || expect_n < 0) return PZ_ERR_ARG;
  *regions = NULL;
  *n = 0;
  if (info) memset(info, 0, sizeof *info);
  pz_lexer lx;
  pz_line l;
  int st, dense;
  pz_lex_init(&lx, buf, len);
  do {
    if (!janko_line(&lx, &l, &st, info))
      return st ? st : pz_parse_fail(info, lx.no ? lx.no : 1, 1, PZ_ERR_PARSE,
                                     "no regions in the input (n rows of n "
                                     "region labels)");
  } while (border_line(pz_line_trim(&l)));
  if (is_janko(buf, len))
    return pz_parse_fail(info, l.no, 1, PZ_ERR_PARSE,
                         "a janko.at jigsaw puzzle (givens and regions), not "
                         "a grid of region labels");
  int size = regions_size(&l, &dense);
  if (size > MAX_N)
    return pz_parse_fail(info, l.no, 1, PZ_ERR_TOO_LARGE,
                         "more than %d cells in a row of regions", MAX_N);
  if (expect_n && size != expect_n)
    return pz_parse_fail(info, l.no, 1, PZ_ERR_PARSE,
                         "a row of %d regions; expected %d", size, expect_n);
  int *reg = (int *)malloc((size_t)size * (size_t)size * sizeof *reg);
  if (!reg) return PZ_ERR_NOMEM;
  st = regions_rows(&lx, &l, size, dense, reg, info);
  if (st) {
    free(reg);
    return st;
  }
  *regions = reg;
  *n = size;
  return PZ_OK;
}

int pz_text_read_regions(FILE *in, int expect_n, int **regions, int *n,
                         pz_parse_info *info) {
  if (!in || !regions || !n) return PZ_ERR_ARG;
  *regions = NULL;
  if (info) memset(info, 0, sizeof *info);
  char *buf;
  size_t len;
  int st = pz_read_all(in, &buf, &len, info);
  if (st) return st;
  st = pz_text_parse_regions(buf, len, expect_n, regions, n, info);
  free(buf);
  return st;
}

void pz_text_free(pz_text *t) {
  if (!t) return;
  pz_ivec_free(&t->cells);
  pz_ivec_free(&t->regions);
  free(t->entries);
  free(t->errs);
  free(t);
}

size_t pz_text_count(const pz_text *t) { return t ? t->count : 0; }

int pz_text_size(const pz_text *t, size_t i) {
  return t && i < t->count ? t->entries[i].n : 0;
}

const int *pz_text_cells(const pz_text *t, size_t i) {
  return t && i < t->count && t->entries[i].status == PZ_OK
             ? t->cells.data + t->entries[i].offset
             : NULL;
}

const int *pz_text_regions(const pz_text *t, size_t i) {
  return t && i < t->count && t->entries[i].status == PZ_OK &&
                 t->entries[i].has_regions
             ? t->regions.data + t->entries[i].roffset
             : NULL;
}

pz_text_format pz_text_format_of(const pz_text *t, size_t i) {
  return t && i < t->count ? t->entries[i].format : PZ_TEXT_AUTO;
}

size_t pz_text_line(const pz_text *t, size_t i) {
  return t && i < t->count ? t->entries[i].line : 0;
}

int pz_text_error(const pz_text *t, size_t i, pz_parse_info *info) {
  if (info) memset(info, 0, sizeof *info);
  if (!t || i >= t->count) return PZ_ERR_ARG;
  const entry *e = &t->entries[i];
  if (e->status && info) *info = t->errs[e->err];
  return e->status;
}

/* --- Writers -------------------------------------------------------------- */

/* Every write is checked: a full disk or a closed pipe is PZ_ERR_IO. */
static int put(FILE *out, int ch) { return putc(ch, out) == EOF; }

static int check_cells(const int *cells, size_t m, int maxv) {
  for (size_t i = 0; i < m; i++)
    if (cells[i] < 0 || cells[i] > maxv) return PZ_ERR_RANGE;
  return PZ_OK;
}

int pz_write_line_base(FILE *out, const int *cells, int rows, int cols,
                       pz_text_format format, int base) {
  if (!out || !cells || rows < 0 || cols < 0 || base < 0 || base > 1)
    return PZ_ERR_ARG;
  size_t m = (size_t)rows * (size_t)cols;
  if (check_cells(cells, m, INT_MAX)) return PZ_ERR_RANGE;
  /* One character per cell only when every value has one ('1'-'9',
   * 'A'-'Z'); 0-based symbols would clash with the blank '0'. */
  if (format == PZ_TEXT_AUTO)
    format = base == 1 && !check_cells(cells, m, 35) ? PZ_TEXT_CHARS
                                                    : PZ_TEXT_INTS;
  int bad = 0;
  if (format == PZ_TEXT_CHARS) {
    if (base != 1) return PZ_ERR_ARG;
    if (check_cells(cells, m, 35)) return PZ_ERR_RANGE;
    for (size_t i = 0; i < m && !bad; i++) {
      int v = cells[i];
      bad = put(out, v == 0 ? '.' : v < 10 ? '0' + v : 'A' + v - 10);
    }
  } else if (format == PZ_TEXT_INTS) {
    for (size_t i = 0; i < m && !bad; i++) {
      if (i) bad = put(out, ' ');
      if (!bad)
        bad = cells[i] || base == 1
                  ? fprintf(out, "%d", cells[i] ? cells[i] - 1 + base : 0) < 0
                  : put(out, '.');
    }
  } else {
    return PZ_ERR_ARG;
  }
  if (!bad) bad = put(out, '\n');
  return bad || ferror(out) ? PZ_ERR_IO : PZ_OK;
}

int pz_write_line(FILE *out, const int *cells, int rows, int cols,
                  pz_text_format format) {
  return pz_write_line_base(out, cells, rows, cols, format, 1);
}

int pz_write_grid_base(FILE *out, const int *cells, int rows, int cols,
                       int box_rows, int box_cols, int base) {
  if (!out || !cells || rows < 0 || cols < 0 || box_rows < 0 ||
      box_cols < 0 || base < 0 || base > 1)
    return PZ_ERR_ARG;
  size_t m = (size_t)rows * (size_t)cols;
  if (check_cells(cells, m, INT_MAX)) return PZ_ERR_RANGE;
  int maxv = 0;
  for (size_t i = 0; i < m; i++)
    if (cells[i] - 1 + base > maxv) maxv = cells[i] - 1 + base;
  int w = 1, bad = 0;
  for (int v = maxv; v >= 10; v /= 10) w++;
  for (int r = 0; r < rows && !bad; r++) {
    if (r && box_rows && r % box_rows == 0) {
      for (int c = 0; c < cols && !bad; c++) {
        if (c && box_cols && c % box_cols == 0) bad = fputs("-+", out) == EOF;
        for (int k = 0; k < w + (c ? 1 : 0) && !bad; k++) bad = put(out, '-');
      }
      if (!bad) bad = put(out, '\n');
    }
    for (int c = 0; c < cols && !bad; c++) {
      if (c && box_cols && c % box_cols == 0) bad = fputs(" |", out) == EOF;
      int v = cells[(size_t)r * (size_t)cols + (size_t)c];
      if (c && !bad) bad = put(out, ' ');
      if (!bad)
        bad = (v ? fprintf(out, "%*d", w, v - 1 + base)
                 : fprintf(out, "%*s", w, ".")) < 0;
    }
    if (!bad) bad = put(out, '\n');
  }
  return bad || ferror(out) ? PZ_ERR_IO : PZ_OK;
}

int pz_write_grid(FILE *out, const int *cells, int rows, int cols,
                  int box_rows, int box_cols) {
  return pz_write_grid_base(out, cells, rows, cols, box_rows, box_cols, 1);
}

int pz_write_sudoku_url(FILE *out, const int *cells, int n) {
  if (!out || !cells || n < 1) return PZ_ERR_ARG;
  if (n > MAX_N) return PZ_ERR_TOO_LARGE;
  size_t m = (size_t)n * (size_t)n;
  if (check_cells(cells, m, n)) return PZ_ERR_RANGE;
  int bad = fprintf(out, "https://puzz.link/p?sudoku/%d/%d/", n, n) < 0;
  /* Numbers in hexadecimal ('-' + 2 digits from 16, '+' + 3 from 256),
   * runs of 1-20 blanks as 'g'-'z'. */
  int run = 0;
  for (size_t i = 0; i <= m && !bad; i++) {
    if (i < m && cells[i] == 0) {
      if (++run == 20) {
        bad = put(out, 'z');
        run = 0;
      }
      continue;
    }
    if (run) bad = put(out, 'f' + run);
    run = 0;
    if (i == m || bad) break;
    int v = cells[i];
    bad = fprintf(out, v < 16 ? "%x" : v < 256 ? "-%02x" : "+%03x", v) < 0;
  }
  if (!bad) bad = put(out, '\n');
  return bad || ferror(out) ? PZ_ERR_IO : PZ_OK;
}

/* --- Latin square completion files (.pls) -------------------------------- */

/* Where a .pls reader is: the line at hand and the position in it. */
typedef struct pls_cursor {
  pz_lexer lx;
  pz_line l;
  size_t pos;
  int in_line;
} pls_cursor;

/* The next token, past lines that are '#' comments; 0 at the end (or
 * with *st set when a line holds a bad byte). */
static int pls_token(pls_cursor *c, pz_tok *tok, int *st,
                     pz_parse_info *info) {
  for (;;) {
    if (c->in_line && pz_lex_token(&c->l, &c->pos, tok)) return 1;
    if (!pz_lex_line(&c->lx, &c->l)) return 0;
    if ((*st = pz_line_check(&c->l, info))) return 0;
    pz_tok t = pz_line_trim(&c->l);
    c->pos = 0;
    c->in_line = !(t.len && t.s[0] == '#');
  }
}

static int is_order(pz_tok t) { return t.len == 5 && !memcmp(t.s, "order", 5); }

/* Whether the next token is "order": another square follows. */
static int pls_more(const pls_cursor *c) {
  pls_cursor peek = *c;
  pz_tok t;
  int st = PZ_OK;
  return pls_token(&peek, &t, &st, NULL) && is_order(t);
}

/* One square: "order N" (N up to expect_n's when that is set), then N*N
 * symbols 0..N-1 or -1 into cells (values 1..N, 0 = hole; room for
 * MAX_N^2 is not assumed: *cells is allocated, free()). *first: its line. */
static int pls_square(pls_cursor *c, int expect_n, int **cells, int *n,
                      size_t *first, pz_parse_info *info) {
  pz_tok tok;
  int st = PZ_OK;
  *cells = NULL;
  if (!pls_token(c, &tok, &st, info))
    return st ? st : pz_parse_fail(info, c->lx.no ? c->lx.no : 1, 1,
                                   PZ_ERR_PARSE,
                                   "expected 'order N', found nothing");
  *first = tok.line;
  if (!is_order(tok))
    return pz_parse_fail(info, tok.line, tok.col, PZ_ERR_PARSE,
                         "expected 'order N', found '%s'",
                         pz_quote(tok.s, tok.len).s);
  long long order = 0;
  pz_tok word = tok;
  if (!pls_token(c, &tok, &st, info))
    return st ? st : pz_parse_fail(info, word.line, word.col, PZ_ERR_PARSE,
                                   "'order' needs the number of symbols");
  st = pz_lex_int(tok, 1, MAX_N, "order", &order, info);
  if (st == PZ_ERR_RANGE && order > MAX_N) st = PZ_ERR_TOO_LARGE;
  if (!st && expect_n && order != expect_n)
    st = pz_parse_fail(info, tok.line, tok.col, PZ_ERR_PARSE,
                       "order %lld; expected %d", order, expect_n);
  if (st) return st;
  size_t want = (size_t)order * (size_t)order, got = 0;
  int *g = (int *)malloc(want * sizeof(int));
  if (!g) return PZ_ERR_NOMEM;
  while (!st && got < want && pls_token(c, &tok, &st, info)) {
    long long v;
    st = pz_lex_int(tok, -1, order - 1, "symbol", &v, info);
    if (!st) g[got++] = (int)v + 1;
  }
  if (!st && got < want)
    st = pz_parse_fail(info, c->l.no, c->l.len + 1, PZ_ERR_PARSE,
                       "the file ends after %zu of the %zu cells of the "
                       "order %lld square", got, want, order);
  if (st) {
    free(g);
    return st;
  }
  *cells = g;
  *n = (int)order;
  return PZ_OK;
}

/* What follows a square that is not the next one: an error there. */
static int pls_trailing(pls_cursor *c, int n, pz_parse_info *info) {
  pz_tok tok;
  int st = PZ_OK;
  if (!pls_token(c, &tok, &st, info)) return st;
  return pz_parse_fail(info, tok.line, tok.col, PZ_ERR_PARSE,
                       "unexpected '%s' after the %lld cells of the order "
                       "%d square", pz_quote(tok.s, tok.len).s,
                       (long long)n * n, n);
}

/* Whether the first token (past comments) is "order": the .pls layout. */
static int is_pls(const char *buf, size_t len) {
  pls_cursor c;
  memset(&c, 0, sizeof c);
  pz_lex_init(&c.lx, buf, len);
  return pls_more(&c);
}

/* Past a bad square: to the next line that starts with "order". */
static int pls_resync(pls_cursor *c) {
  for (;;) {
    pz_lexer at = c->lx;
    pz_line l;
    if (!pz_lex_line(&c->lx, &l)) return 0;
    size_t pos = 0;
    pz_tok t;
    if (!pz_line_check(&l, NULL) && pz_lex_token(&l, &pos, &t) && is_order(t)) {
      c->lx = at;
      c->in_line = 0;
      return 1;
    }
  }
}

/* One square as an entry of t. */
static int pls_entry(pz_text *t, int n, const int *cells, size_t line) {
  int st = add_entry(t, n, line, PZ_TEXT_PLS);
  if (st) return st;
  memcpy(t->cells.data + t->cells.len, cells, (size_t)n * n * sizeof(int));
  t->cells.len += (size_t)n * n;
  return PZ_OK;
}

/* The .pls layout: squares one after another, each from its "order"
 * line; in batch mode a bad one is an entry and reading goes on at the
 * next "order" line. */
static int pls_parse(pz_text **out, const char *buf, size_t len,
                     int expect_n, pz_parse_info *info, int batch) {
  pz_text *t = (pz_text *)calloc(1, sizeof *t);
  if (!t) return PZ_ERR_NOMEM;
  pls_cursor c;
  memset(&c, 0, sizeof c);
  pz_lex_init(&c.lx, buf, len);
  int st = PZ_OK;
  do {
    pz_parse_info local;
    memset(&local, 0, sizeof local);
    int *cells = NULL, n = 0;
    size_t first = 0;
    st = pls_square(&c, expect_n, &cells, &n, &first, batch ? &local : info);
    if (!st && !pls_more(&c)) st = pls_trailing(&c, n, batch ? &local : info);
    if (!st) st = pls_entry(t, n, cells, first);
    free(cells);
    if (st && batch && st != PZ_ERR_NOMEM && first) {
      st = add_error(t, 0, first, PZ_TEXT_PLS, st, &local);
      if (!st && !pls_resync(&c)) break;
    } else if (st && batch && info) {
      *info = local;
    }
  } while (!st && pls_more(&c));
  if (st) {
    pz_text_free(t);
    return st;
  }
  *out = t;
  return PZ_OK;
}

int pz_pls_parse(const char *buf, size_t len, int **cells, int *n,
                 pz_parse_info *info) {
  if (!cells || !n || (!buf && len)) return PZ_ERR_ARG;
  *cells = NULL;
  *n = 0;
  if (info) memset(info, 0, sizeof *info);
  pls_cursor c;
  memset(&c, 0, sizeof c);
  pz_lex_init(&c.lx, buf, len);
  size_t first;
  int *g, order, st = pls_square(&c, 0, &g, &order, &first, info);
  if (!st && (st = pls_trailing(&c, order, info))) free(g);
  if (st) return st;
  *cells = g;
  *n = order;
  return PZ_OK;
}

int pz_pls_read(FILE *in, int **cells, int *n, pz_parse_info *info) {
  if (!in || !cells || !n) return PZ_ERR_ARG;
  *cells = NULL;
  *n = 0;
  if (info) memset(info, 0, sizeof *info);
  char *buf;
  size_t len;
  int st = pz_read_all(in, &buf, &len, info);
  if (st) return st;
  st = pz_pls_parse(buf, len, cells, n, info);
  free(buf);
  return st;
}

int pz_pls_write(FILE *out, const int *cells, int n) {
  if (!out || !cells || n < 1) return PZ_ERR_ARG;
  if (n > MAX_N) return PZ_ERR_TOO_LARGE;
  if (check_cells(cells, (size_t)n * (size_t)n, n)) return PZ_ERR_RANGE;
  int bad = fprintf(out, "order %d\n", n) < 0;
  for (int r = 0; r < n && !bad; r++) {
    for (int c = 0; c < n && !bad; c++)
      bad = fprintf(out, c ? " %d" : "%d", cells[r * n + c] - 1) < 0;
    if (!bad) bad = put(out, '\n');
  }
  return bad || ferror(out) ? PZ_ERR_IO : PZ_OK;
}
