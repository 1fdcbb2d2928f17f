#include "io/input.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int pz_parse_fail(pz_parse_info *info, size_t line, size_t col, int st,
                  const char *fmt, ...) {
  if (info) {
    va_list ap;
    va_start(ap, fmt);
    info->line = line;
    info->column = col;
    vsnprintf(info->message, sizeof info->message, fmt, ap);
    va_end(ap);
  }
  return st;
}

int pz_read_all(FILE *in, char **buf, size_t *len, pz_parse_info *info) {
  size_t cap = 1 << 12, n = 0; /* doubles: small inputs stay cheap */
  char *b = (char *)malloc(cap);
  *buf = NULL;
  *len = 0;
  if (!b) return PZ_ERR_NOMEM;
  for (;;) {
    if (n == cap) {
      char *nb = cap > ((size_t)-1) / 2 ? NULL : (char *)realloc(b, cap * 2);
      if (!nb) {
        free(b);
        return PZ_ERR_NOMEM;
      }
      b = nb;
      cap *= 2;
    }
    size_t got = fread(b + n, 1, cap - n, in);
    n += got;
    if (got == 0) break;
  }
  if (ferror(in)) {
    free(b);
    return pz_parse_fail(info, 0, 0, PZ_ERR_IO, "reading the input failed");
  }
  *buf = b;
  *len = n;
  return PZ_OK;
}

/* --- Quoting -------------------------------------------------------------- */

size_t pz_char_len(const char *s, size_t len) {
  const unsigned char *u = (const unsigned char *)s;
  if (!len || u[0] < 0xc2 || u[0] > 0xf4) return 1;
  size_t n = u[0] < 0xe0 ? 2 : u[0] < 0xf0 ? 3 : 4;
  if (n > len) return 1;
  for (size_t i = 1; i < n; i++)
    if ((u[i] & 0xc0) != 0x80) return 1;
  /* Overlong forms, surrogates and values above U+10FFFF. */
  if (n == 3 && u[0] == 0xe0 && u[1] < 0xa0) return 1;
  if (n == 3 && u[0] == 0xed && u[1] >= 0xa0) return 1;
  if (n == 4 && u[0] == 0xf0 && u[1] < 0x90) return 1;
  if (n == 4 && u[0] == 0xf4 && u[1] >= 0x90) return 1;
  return n;
}

pz_quoted pz_quote(const char *s, size_t len) {
  pz_quoted q;
  size_t o = 0, i = 0;
  while (i < len && i < 24) {
    unsigned char ch = (unsigned char)s[i];
    size_t n = ch >= 0x80 ? pz_char_len(s + i, len - i) : 1;
    if (n > 1) {
      memcpy(q.s + o, s + i, n);
      o += n;
    } else if (ch >= 0x20 && ch < 0x7f) {
      q.s[o++] = (char)ch;
    } else {
      o += (size_t)snprintf(q.s + o, sizeof q.s - o, "\\x%02x", ch);
    }
    i += n;
  }
  if (i < len) {
    memcpy(q.s + o, "...", 3);
    o += 3;
  }
  q.s[o] = 0;
  return q;
}

/* --- Lines and tokens ----------------------------------------------------- */

void pz_lex_init(pz_lexer *lx, const char *buf, size_t len) {
  lx->buf = buf ? buf : "";
  lx->len = buf ? len : 0;
  lx->pos = lx->no = 0;
  if (lx->len >= 3 && memcmp(lx->buf, "\xef\xbb\xbf", 3) == 0) lx->pos = 3;
}

int pz_lex_line(pz_lexer *lx, pz_line *out) {
  if (lx->pos >= lx->len) return 0;
  const char *s = lx->buf + lx->pos;
  const char *nl = (const char *)memchr(s, '\n', lx->len - lx->pos);
  size_t l = nl ? (size_t)(nl - s) : lx->len - lx->pos;
  lx->pos += l + (nl ? 1 : 0);
  if (l && s[l - 1] == '\r') l--;
  out->s = s;
  out->len = l;
  out->no = ++lx->no;
  return 1;
}

int pz_line_check(const pz_line *l, pz_parse_info *info) {
  const char *z = l->len ? (const char *)memchr(l->s, 0, l->len) : NULL;
  if (!z) return PZ_OK;
  return pz_parse_fail(info, l->no, (size_t)(z - l->s) + 1, PZ_ERR_PARSE,
                       "a NUL byte (\\x00) in the text: is this a binary file?");
}

int pz_is_blank(int ch) {
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

pz_tok pz_line_trim(const pz_line *l) {
  pz_tok t = {l->s, l->len, l->no, 1};
  while (t.len && pz_is_blank((unsigned char)t.s[0])) {
    t.s++;
    t.len--;
    t.col++;
  }
  while (t.len && pz_is_blank((unsigned char)t.s[t.len - 1])) t.len--;
  return t;
}

int pz_line_blank(const pz_line *l) { return pz_line_trim(l).len == 0; }

int pz_lex_token(const pz_line *l, size_t *pos, pz_tok *tok) {
  size_t i = *pos;
  while (i < l->len && pz_is_blank((unsigned char)l->s[i])) i++;
  *pos = i;
  if (i == l->len) return 0;
  size_t j = i;
  while (j < l->len && !pz_is_blank((unsigned char)l->s[j])) j++;
  tok->s = l->s + i;
  tok->len = j - i;
  tok->line = l->no;
  tok->col = i + 1;
  *pos = j;
  return 1;
}

/* --- Numbers -------------------------------------------------------------- */

int pz_lex_int(pz_tok t, long long lo, long long hi, const char *what,
               long long *v, pz_parse_info *info) {
  size_t i = 0;
  int neg = 0;
  if (t.len && t.s[0] == '-' && lo < 0) {
    neg = 1;
    i = 1;
  }
  if (i == t.len)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "%s needs an integer, found '%s'", what,
                         pz_quote(t.s, t.len).s);
  /* Saturate: any value past the bounds is out of range whatever its
   * digits, and never wraps. */
  unsigned long long x = 0, cap = (unsigned long long)1 << 62;
  for (; i < t.len; i++) {
    unsigned char ch = (unsigned char)t.s[i];
    if (ch < '0' || ch > '9')
      return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                           "%s needs an integer, found '%s'", what,
                           pz_quote(t.s, t.len).s);
    if (x < cap) x = x * 10 + (ch - '0');
  }
  long long y = x >= cap ? (neg ? -(long long)cap : (long long)cap)
                         : (neg ? -(long long)x : (long long)x);
  *v = y;
  if (y < lo || y > hi)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_RANGE,
                         "%s %s is out of range %lld..%lld", what,
                         pz_quote(t.s, t.len).s, lo, hi);
  return PZ_OK;
}

int pz_lex_size(pz_tok t, const char *what, int max, int *out,
                pz_parse_info *info) {
  long long v;
  if (!t.len)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "missing the number of %s", what);
  int st = pz_lex_int(t, 1, max, what, &v, NULL);
  pz_quoted q = pz_quote(t.s, t.len);
  if (st == PZ_ERR_PARSE)
    return pz_parse_fail(info, t.line, t.col, st,
                         "the number of %s is '%s', not a number", what, q.s);
  if (st && v < 1)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "the number of %s must be at least 1, not %s", what,
                         q.s);
  if (st)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_TOO_LARGE,
                         "%s %s: at most %d are supported", q.s, what, max);
  *out = (int)v;
  return PZ_OK;
}

/* --- puzz.link URLs ------------------------------------------------------- */

int pz_url_b32(int ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'v') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'V') return ch - 'A' + 10;
  return -1;
}

int pz_url_parse(pz_tok u, const char *type, int max_size, pz_url *out,
                 pz_parse_info *info) {
  for (size_t i = 0; i < u.len; i++)
    if (pz_is_blank((unsigned char)u.s[i]))
      return pz_parse_fail(info, u.line, u.col + i, PZ_ERR_PARSE,
                           "unexpected blank inside the URL");
  /* The query: after the first '?', or the whole text. */
  const char *q = (const char *)memchr(u.s, '?', u.len);
  size_t i = q ? (size_t)(q - u.s) + 1 : 0, nparts = 0;
  pz_tok part[5];
  for (;;) {
    size_t j = i;
    while (j < u.len && u.s[j] != '/') j++;
    if (nparts < 5) {
      pz_tok p = {u.s + i, j - i, u.line, u.col + i};
      part[nparts] = p;
    }
    nparts++;
    if (j == u.len) break;
    i = j + 1;
  }
  size_t k = 0, tlen = strlen(type);
  if (part[0].len && !(part[0].s[0] >= '0' && part[0].s[0] <= '9')) {
    if (part[0].len != tlen || memcmp(part[0].s, type, tlen) != 0)
      return pz_parse_fail(info, part[0].line, part[0].col, PZ_ERR_PARSE,
                           "the URL is for '%s', not %s",
                           pz_quote(part[0].s, part[0].len).s, type);
    k = 1;
  }
  if (nparts - k > 3) {
    pz_tok extra = part[k + 3];
    return pz_parse_fail(info, extra.line, extra.col - 1, PZ_ERR_PARSE,
                         "unexpected '/%s' after the URL body (expected "
                         "%s/COLS/ROWS/BODY)",
                         pz_quote(extra.s, extra.len).s, type);
  }
  static const char *const names[3] = {"columns", "rows", "URL body"};
  if (nparts - k < 3)
    return pz_parse_fail(info, u.line, u.col + u.len, PZ_ERR_PARSE,
                         "the URL ends before the %s (expected "
                         "%s/COLS/ROWS/BODY)", names[nparts - k], type);
  int st = pz_lex_size(part[k], "columns", max_size, &out->cols, info);
  if (!st) st = pz_lex_size(part[k + 1], "rows", max_size, &out->rows, info);
  if (st) return st;
  out->body = part[k + 2];
  return PZ_OK;
}

/* --- Labels ---------------------------------------------------------------- */

int pz_labels_init(pz_labels *lb, int max) {
  memset(lb, 0, sizeof *lb);
  lb->max = max;
  lb->cap = 16;
  while (lb->cap < 2 * (size_t)max) lb->cap *= 2;
  lb->first = (pz_tok *)malloc((size_t)(max > 0 ? max : 1) * sizeof *lb->first);
  lb->slot = (int *)malloc(lb->cap * sizeof *lb->slot);
  if (!lb->first || !lb->slot) {
    pz_labels_free(lb);
    return PZ_ERR_NOMEM;
  }
  for (size_t i = 0; i < lb->cap; i++) lb->slot[i] = -1;
  return PZ_OK;
}

void pz_labels_free(pz_labels *lb) {
  free(lb->first);
  free(lb->slot);
  lb->first = NULL;
  lb->slot = NULL;
}

int pz_label_ok(pz_tok t) {
  for (size_t i = 0; i < t.len; i++) {
    unsigned char ch = (unsigned char)t.s[i];
    if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') ||
          (ch >= 'A' && ch <= 'Z')))
      return 0;
  }
  return t.len > 0;
}

/* The label as compared: a number without its leading zeros. */
static pz_tok label_key(pz_tok t) {
  size_t i = 0;
  while (i < t.len && t.s[i] >= '0' && t.s[i] <= '9') i++;
  if (i == t.len)
    while (t.len > 1 && t.s[0] == '0') {
      t.s++;
      t.len--;
    }
  return t;
}

int pz_labels_id(pz_labels *lb, pz_tok t) {
  pz_tok key = label_key(t);
  uint64_t h = 1469598103934665603ULL; /* FNV-1a */
  for (size_t i = 0; i < key.len; i++)
    h = (h ^ (unsigned char)key.s[i]) * 1099511628211ULL;
  for (size_t i = (size_t)h & (lb->cap - 1);; i = (i + 1) & (lb->cap - 1)) {
    int id = lb->slot[i];
    if (id < 0) {
      if (lb->count == lb->max) return -1;
      lb->first[lb->count] = t;
      return lb->slot[i] = lb->count++;
    }
    pz_tok k = label_key(lb->first[id]);
    if (k.len == key.len && !memcmp(k.s, key.s, key.len)) return id;
  }
}
