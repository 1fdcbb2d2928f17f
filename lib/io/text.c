/* Puzzle text: one puzzle per line (characters or integers) or grids of
 * n rows. The whole input is read first so AUTO can look at its shape. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/vec.h"
#include "io/input.h"
#include "pz/text.h"

#define MAX_N 1024

typedef struct entry {
  size_t offset, line;
  int n;
  pz_text_format format;
} entry;

struct pz_text {
  pz_ivec cells;
  entry *entries;
  size_t count, cap;
};

/* Messages here carry at most two numbers, always as long long. */
static int set_err(pz_parse_info *info, size_t line, size_t col, int st,
                   const char *fmt, long long a, long long b) {
  if (info) {
    info->line = line;
    info->column = col;
    snprintf(info->message, sizeof info->message, fmt, a, b);
  }
  return st;
}

/* One data line cut into cells. */
typedef struct cut {
  pz_ivec vals, cols;  /* value and column of each cell */
  int ints;            /* cells were blank-separated tokens */
} cut;

static int is_blank_line(const char *s, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (!isspace((unsigned char)s[i])) return 0;
  return 1;
}

static int char_value(int ch) {
  if (ch == '.' || ch == '0' || ch == '_') return 0;
  if (ch >= '1' && ch <= '9') return ch - '0';
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
  if (ch >= 'a' && ch <= 'z') return ch - 'a' + 10;
  return -1;
}

static int cut_line(const char *s, size_t len, size_t lineno, cut *out,
                    pz_parse_info *info) {
  out->vals.len = out->cols.len = 0;
  size_t i = 0, tokens = 0;
  while (i < len) {
    while (i < len && isspace((unsigned char)s[i])) i++;
    if (i == len) break;
    while (i < len && !isspace((unsigned char)s[i])) i++;
    tokens++;
  }
  out->ints = tokens > 1;
  for (i = 0; i < len;) {
    while (i < len && isspace((unsigned char)s[i])) i++;
    if (i == len) break;
    size_t start = i;
    while (i < len && !isspace((unsigned char)s[i])) i++;
    if (!out->ints) {
      for (size_t k = start; k < i; k++) {
        int v = char_value((unsigned char)s[k]);
        if (v < 0)
          return pz_parse_fail(info, lineno, k + 1, PZ_ERR_PARSE,
                               "unexpected character '%c' (cells are 1-9, "
                               "A-Z, '.' or 0)", s[k]);
        if (pz_ivec_push(&out->vals, v) || pz_ivec_push(&out->cols, (int)(k + 1)))
          return PZ_ERR_NOMEM;
      }
      continue;
    }
    long v = 0;
    if (i - start == 1 && (s[start] == '.' || s[start] == '_')) {
      v = 0;
    } else {
      for (size_t k = start; k < i; k++) {
        if (!isdigit((unsigned char)s[k]))
          return pz_parse_fail(info, lineno, k + 1, PZ_ERR_PARSE,
                               "unexpected character '%c' in a number", s[k]);
        v = v * 10 + (s[k] - '0');
        if (v > INT_MAX / 16)
          return set_err(info, lineno, start + 1, PZ_ERR_RANGE,
                         "number too large", 0, 0);
      }
    }
    if (pz_ivec_push(&out->vals, (int)v) || pz_ivec_push(&out->cols, (int)(start + 1)))
      return PZ_ERR_NOMEM;
  }
  return PZ_OK;
}

static int isqrt_exact(size_t m) {
  size_t r = 0;
  while ((r + 1) * (r + 1) <= m) r++;
  return r * r == m ? (int)r : -1;
}

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
  return pz_ivec_reserve(&t->cells, (size_t)n * (size_t)n);
}

static int push_cells(pz_text *t, const cut *c, int n, size_t lineno,
                      pz_parse_info *info) {
  for (size_t i = 0; i < c->vals.len; i++) {
    int v = c->vals.data[i];
    if (v > n)
      return set_err(info, lineno, (size_t)c->cols.data[i], PZ_ERR_RANGE,
                     "value %lld out of range 0..%lld", v, n);
    t->cells.data[t->cells.len++] = v;
  }
  return PZ_OK;
}

typedef struct line_ref {
  const char *s;
  size_t len, no;
} line_ref;

int pz_text_parse(pz_text **out, const char *buf, size_t len, int expect_n,
                  pz_text_format format, pz_parse_info *info) {
  if (!out || (!buf && len) || expect_n < 0 || (unsigned)format > PZ_TEXT_GRID)
    return PZ_ERR_ARG;
  *out = NULL;
  if (info) memset(info, 0, sizeof *info);
  if (expect_n > MAX_N)
    return set_err(info, 0, 0, PZ_ERR_TOO_LARGE, "size %lld above %lld",
                   expect_n, MAX_N);
  /* Data lines (comments dropped, blank lines dropped). */
  line_ref *lines = NULL;
  size_t nlines = 0, cap = 0, no = 0;
  for (size_t i = 0; i < len;) {
    size_t j = i;
    while (j < len && buf[j] != '\n') j++;
    no++;
    size_t l = j - i;
    if (l && buf[i + l - 1] == '\r') l--;
    if (!is_blank_line(buf + i, l) && buf[i] != '#') {
      if (nlines == cap) {
        cap = cap ? cap * 2 : 64;
        line_ref *nl = (line_ref *)realloc(lines, cap * sizeof *lines);
        if (!nl) {
          free(lines);
          return PZ_ERR_NOMEM;
        }
        lines = nl;
      }
      lines[nlines].s = buf + i;
      lines[nlines].len = l;
      lines[nlines++].no = no;
    }
    i = j + 1;
  }
  pz_text *t = (pz_text *)calloc(1, sizeof *t);
  cut c;
  memset(&c, 0, sizeof c);
  int st = t ? PZ_OK : PZ_ERR_NOMEM;
  if (!st && nlines == 0)
    st = set_err(info, no ? no : 1, 1, PZ_ERR_PARSE, "no puzzle in the input", 0, 0);
  /* Decide the layout from the first data line. */
  int grid = format == PZ_TEXT_GRID;
  if (!st && format == PZ_TEXT_AUTO) {
    st = cut_line(lines[0].s, lines[0].len, lines[0].no, &c, info);
    size_t m = c.vals.len;
    if (!st && expect_n) {
      if (m == (size_t)expect_n * (size_t)expect_n) grid = 0;
      else if (m == (size_t)expect_n) grid = 1;
      else
        st = set_err(info, lines[0].no, 1, PZ_ERR_PARSE,
                     "%lld cells; expected a puzzle line of n*n or a grid row "
                     "of n cells (n = %lld)", (long long)m, expect_n);
    } else if (!st) {
      /* m rows of m cells read as a grid; anything else, one per line. */
      grid = isqrt_exact(m) < 0 && m > 1;
      if (!grid && m > 1 && nlines == m) {
        grid = 1;
        for (size_t i = 1; i < nlines && grid && !st; i++) {
          st = cut_line(lines[i].s, lines[i].len, lines[i].no, &c, info);
          grid = c.vals.len == m;
        }
      }
    }
  }
  for (size_t i = 0; i < nlines && !st;) {
    st = cut_line(lines[i].s, lines[i].len, lines[i].no, &c, info);
    if (st) break;
    size_t m = c.vals.len;
    if (!grid) {
      int n = isqrt_exact(m);
      pz_text_format f = c.ints ? PZ_TEXT_INTS : PZ_TEXT_CHARS;
      if (n <= 0)
        st = set_err(info, lines[i].no, 1, PZ_ERR_PARSE,
                     "%lld cells is not a square number (a puzzle line has n*n cells)",
                     (long long)m, 0);
      else if (expect_n && n != expect_n)
        st = set_err(info, lines[i].no, 1, PZ_ERR_PARSE,
                     "%lld cells; expected %lld", (long long)m,
                     (long long)expect_n * expect_n);
      else if (n > MAX_N)
        st = set_err(info, lines[i].no, 1, PZ_ERR_TOO_LARGE,
                     "grid size %lld above %lld", n, MAX_N);
      else if (format != PZ_TEXT_AUTO && format != f)
        st = set_err(info, lines[i].no, 1, PZ_ERR_PARSE,
                     format == PZ_TEXT_CHARS ? "expected one character per cell"
                                             : "expected blank-separated numbers",
                     0, 0);
      if (!st) st = add_entry(t, n, lines[i].no, f);
      if (!st) st = push_cells(t, &c, n, lines[i].no, info);
      i++;
      continue;
    }
    int n = (int)m;
    if (expect_n && n != expect_n)
      st = set_err(info, lines[i].no, 1, PZ_ERR_PARSE,
                   "grid row of %lld cells; expected %lld", n, expect_n);
    else if (n > MAX_N)
      st = set_err(info, lines[i].no, 1, PZ_ERR_TOO_LARGE,
                   "grid size %lld above %lld", n, MAX_N);
    if (!st) st = add_entry(t, n, lines[i].no, PZ_TEXT_GRID);
    for (int r = 0; r < n && !st; r++, i++) {
      if (i >= nlines) {
        st = set_err(info, no, 1, PZ_ERR_PARSE,
                     "input ended after %lld of %lld grid rows", r, n);
        break;
      }
      if (r > 0) st = cut_line(lines[i].s, lines[i].len, lines[i].no, &c, info);
      if (!st && c.vals.len != (size_t)n)
        st = set_err(info, lines[i].no, 1, PZ_ERR_PARSE,
                     "grid row has %lld cells; expected %lld",
                     (long long)c.vals.len, n);
      if (!st) st = push_cells(t, &c, n, lines[i].no, info);
    }
  }
  free(lines);
  pz_ivec_free(&c.vals);
  pz_ivec_free(&c.cols);
  if (st) {
    pz_text_free(t);
    return st;
  }
  *out = t;
  return PZ_OK;
}

int pz_text_read(pz_text **out, FILE *in, int expect_n, pz_text_format format,
                 pz_parse_info *info) {
  if (!out || !in) return PZ_ERR_ARG;
  *out = NULL;
  char *buf;
  size_t len;
  int rd = pz_read_all(in, &buf, &len, info);
  if (rd) return rd;
  int st = pz_text_parse(out, buf, len, expect_n, format, info);
  free(buf);
  return st;
}

void pz_text_free(pz_text *t) {
  if (!t) return;
  pz_ivec_free(&t->cells);
  free(t->entries);
  free(t);
}

size_t pz_text_count(const pz_text *t) { return t ? t->count : 0; }

int pz_text_size(const pz_text *t, size_t i) {
  return t && i < t->count ? t->entries[i].n : 0;
}

const int *pz_text_cells(const pz_text *t, size_t i) {
  return t && i < t->count ? t->cells.data + t->entries[i].offset : NULL;
}

pz_text_format pz_text_format_of(const pz_text *t, size_t i) {
  return t && i < t->count ? t->entries[i].format : PZ_TEXT_AUTO;
}

size_t pz_text_line(const pz_text *t, size_t i) {
  return t && i < t->count ? t->entries[i].line : 0;
}

int pz_write_line(FILE *out, const int *cells, int rows, int cols,
                  pz_text_format format) {
  if (!out || !cells || rows < 0 || cols < 0) return PZ_ERR_ARG;
  size_t m = (size_t)rows * (size_t)cols;
  if (format == PZ_TEXT_CHARS) {
    for (size_t i = 0; i < m; i++)
      if (cells[i] < 0 || cells[i] > 35) return PZ_ERR_RANGE;
    for (size_t i = 0; i < m; i++) {
      int v = cells[i];
      putc(v == 0 ? '.' : v < 10 ? '0' + v : 'A' + v - 10, out);
    }
  } else if (format == PZ_TEXT_INTS) {
    for (size_t i = 0; i < m; i++)
      fprintf(out, i ? " %d" : "%d", cells[i]);
  } else {
    return PZ_ERR_ARG;
  }
  putc('\n', out);
  return ferror(out) ? PZ_ERR_IO : PZ_OK;
}

int pz_write_grid(FILE *out, const int *cells, int rows, int cols,
                  int box_rows, int box_cols) {
  if (!out || !cells || rows < 0 || cols < 0 || box_rows < 0 || box_cols < 0)
    return PZ_ERR_ARG;
  int maxv = 0;
  for (size_t i = 0; i < (size_t)rows * (size_t)cols; i++)
    if (cells[i] > maxv) maxv = cells[i];
  int w = 1;
  for (int v = maxv; v >= 10; v /= 10) w++;
  for (int r = 0; r < rows; r++) {
    if (r && box_rows && r % box_rows == 0) {
      for (int c = 0; c < cols; c++) {
        if (c && box_cols && c % box_cols == 0) fputs("-+", out);
        for (int k = 0; k < w + (c ? 1 : 0); k++) putc('-', out);
      }
      putc('\n', out);
    }
    for (int c = 0; c < cols; c++) {
      if (c && box_cols && c % box_cols == 0) fputs(" |", out);
      int v = cells[(size_t)r * (size_t)cols + (size_t)c];
      if (c) putc(' ', out);
      if (v) fprintf(out, "%*d", w, v);
      else fprintf(out, "%*s", w, ".");
    }
    putc('\n', out);
  }
  return ferror(out) ? PZ_ERR_IO : PZ_OK;
}

int pz_pls_read(FILE *in, int **cells, int *n, pz_parse_info *info) {
  if (!in || !cells || !n) return PZ_ERR_ARG;
  *cells = NULL;
  *n = 0;
  if (info) memset(info, 0, sizeof *info);
  char word[16];
  size_t line = 1;
  int order;
  if (fscanf(in, "%15s %d", word, &order) != 2 || strcmp(word, "order") != 0)
    return set_err(info, 1, 1, PZ_ERR_PARSE, "expected 'order N'", 0, 0);
  if (order < 1 || order > MAX_N)
    return set_err(info, 1, 7, PZ_ERR_RANGE, "order %lld out of range 1..%lld",
                   order, MAX_N);
  int *g = (int *)malloc((size_t)order * (size_t)order * sizeof(int));
  if (!g) return PZ_ERR_NOMEM;
  for (int i = 0; i < order * order; i++) {
    int v, ch;
    /* Track lines for messages: rows may wrap in some generators. */
    while ((ch = getc(in)) != EOF && isspace(ch))
      if (ch == '\n') line++;
    if (ch != EOF) ungetc(ch, in);
    if (fscanf(in, "%d", &v) != 1) {
      free(g);
      return set_err(info, line, 1, PZ_ERR_PARSE,
                     "expected %lld cells, found %lld",
                     (long long)order * order, i);
    }
    if (v < -1 || v >= order) {
      free(g);
      return set_err(info, line, 1, PZ_ERR_RANGE,
                     "symbol %lld out of range -1..%lld", v, order - 1);
    }
    g[i] = v + 1;
  }
  *cells = g;
  *n = order;
  return PZ_OK;
}
