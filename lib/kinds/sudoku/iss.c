/* ISS constraint strings in the sudoku kind. A line of the grid text
 * layer starts with '.' too (a blank cell) but never holds '~', a type
 * name (an upper-case letter then a lower-case one: ".AntiKing") or an
 * URL's "q=", so those tell the two apart, line by line. */
#include <stdlib.h>
#include <string.h>

#include "kinds/kind_impl.h"
#include "kinds/sudoku/iss.h"
#include "kinds/text_split.h"

/* The line from s (len bytes, no newline) without its leading blanks. */
static void trim(const char **s, size_t *len) {
  while (*len && (**s == ' ' || **s == '\t')) (*s)++, (*len)--;
  while (*len && ((*s)[*len - 1] == '\r' || (*s)[*len - 1] == ' ' ||
                  (*s)[*len - 1] == '\t'))
    (*len)--;
}

static int has_query(const char *s, size_t len) {
  if (len >= 2 && s[0] == 'q' && s[1] == '=') return 1;
  for (size_t i = 0; i + 2 < len; i++)
    if ((s[i] == '?' || s[i] == '&') && s[i + 1] == 'q' && s[i + 2] == '=')
      return 1;
  return 0;
}

enum { BLANK, COMMENT, OTHER, ONE, SEVERAL }; /* what a line holds */

/* OTHER: no ISS; ONE: one ISS constraint; SEVERAL: more (or an URL). */
static int classify(const char *s, size_t len) {
  trim(&s, &len);
  if (!len) return BLANK;
  if (s[0] == '#') return COMMENT;
  if (has_query(s, len)) return SEVERAL;
  int iss = memchr(s, '~', len) != NULL;
  if (len >= 3 && s[0] == '.' && s[1] >= 'A' && s[1] <= 'Z' && s[2] >= 'a' &&
      s[2] <= 'z')
    iss = 1;
  if (!iss) return OTHER;
  size_t dots = 0;
  for (size_t i = 0; i < len; i++) dots += s[i] == '.';
  return dots > 1 ? SEVERAL : ONE;
}

typedef struct lines {
  const char *text;
  size_t len, at;
} lines;

/* The next line of l (no newline) into *s, *n; 0 past the end. */
static int next_line(lines *l, const char **s, size_t *n) {
  if (l->at > l->len) return 0;
  *s = l->text + l->at;
  const char *nl = (const char *)memchr(*s, '\n', l->len - l->at);
  *n = nl ? (size_t)(nl - *s) : l->len - l->at;
  l->at += *n + 1;
  return 1;
}

int pz_sudoku_iss_text(const char *text, size_t len) {
  lines l = {text, len, 0};
  const char *s;
  size_t n;
  while (next_line(&l, &s, &n))
    if (classify(s, n) >= ONE) return 1;
  return 0;
}

int pz_sudoku_iss_one_line(const char *text, size_t len) {
  lines l = {text, len, 0};
  const char *s;
  size_t n;
  int held = 0;
  while (next_line(&l, &s, &n)) held += classify(s, n) >= OTHER;
  return held <= 1;
}

int pz_sudoku_iss_split(const char *text, size_t len, pz_span **parts,
                        size_t *count) {
  if (!pz_sudoku_iss_text(text, len))
    return pz_kind_split_text(text, len, parts, count);
  size_t nlines = 1;
  for (size_t i = 0; i < len; i++) nlines += text[i] == '\n';
  int *kind = (int *)malloc(nlines * sizeof *kind);
  size_t *start = (size_t *)malloc(nlines * sizeof *start);
  pz_span *p = (pz_span *)malloc(nlines * sizeof *p);
  if (!kind || !start || !p) {
    free(kind), free(start), free(p);
    return PZ_ERR_NOMEM;
  }
  lines l = {text, len, 0};
  const char *s;
  size_t n, k = 0, made = 0;
  while (next_line(&l, &s, &n)) {
    start[k] = (size_t)(s - text);
    kind[k++] = classify(s, n);
  }
  for (size_t i = 0; i < nlines;) {
    if (kind[i] == BLANK) {
      i++;
      continue;
    }
    /* A block: one puzzle when each line holds one constraint. */
    size_t end = i;
    int each_line = 0;
    for (; end < nlines && kind[end] != BLANK; end++)
      each_line |= kind[end] == SEVERAL || kind[end] == OTHER;
    size_t comments = nlines; /* the first comment line above, or none */
    int cut = 0;
    for (size_t j = i; j < end; j++) {
      if (kind[j] == COMMENT) {
        if (comments == nlines) comments = j;
        continue;
      }
      if (each_line || !cut) {
        size_t from = comments < nlines ? comments : j;
        p[made].offset = start[from];
        p[made++].line = from + 1;
        cut = 1;
      }
      comments = nlines;
    }
    i = end;
  }
  free(kind);
  free(start);
  /* The first part takes the top; each ends where the next begins. */
  if (made) p[0].offset = 0, p[0].line = 1;
  return pz_kind_split_made(p, made, len, parts, count);
}

static char coord(int i) { return i < 9 ? (char)('1' + i) : (char)('a' + i - 9); }

int pz_sudoku_iss_from(int n, int br, int bc, unsigned variants,
                       const int *givens, pz_iss_def **out) {
  *out = NULL;
  if (n < 4 || n > 16 || (variants & PZ_SUDOKU_WINDOKU))
    return PZ_ERR_UNSUPPORTED;
  /* Stated as text and read: the reader knows ISS's boxes. */
  size_t cap = (size_t)n * (size_t)n * 8 + 128, used = 0;
  char *s = (char *)malloc(cap);
  if (!s) return PZ_ERR_NOMEM;
  used += (size_t)snprintf(s + used, cap - used, ".Shape~%dx%d", n, n);
  for (int x = 0; x < n * n; x++)
    if (givens[x] >= 1 && givens[x] <= n)
      used += (size_t)snprintf(s + used, cap - used, ".~R%cC%c_%d",
                               coord(x / n), coord(x % n), givens[x]);
  static const struct {
    unsigned bit;
    const char *text;
  } rules[] = {{PZ_SUDOKU_ANTI_KING, ".AntiKing"},
               {PZ_SUDOKU_ANTI_KNIGHT, ".AntiKnight"},
               {PZ_SUDOKU_DIAGONAL, ".Diagonal~1.Diagonal~-1"},
               {PZ_SUDOKU_NONCONSECUTIVE, ".AntiConsecutive"}};
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
    if (variants & rules[i].bit)
      used += (size_t)snprintf(s + used, cap - used, "%s", rules[i].text);
  pz_iss_def *d = NULL;
  int st = pz_iss_parse(s, used, &d, NULL);
  free(s);
  if (st == PZ_OK && (d->box_rows != br || d->box_cols != bc))
    st = PZ_ERR_UNSUPPORTED; /* boxes ISS does not draw for this size */
  if (st) {
    pz_iss_free(d);
    return st == PZ_ERR_NOMEM ? st : PZ_ERR_UNSUPPORTED;
  }
  *out = d;
  return PZ_OK;
}

const char *pz_sudoku_iss_literal(const char *arg) {
  if (!arg || (strncmp(arg, "http://", 7) && strncmp(arg, "https://", 8)))
    return NULL;
  return has_query(arg, strlen(arg)) ? "URL" : NULL;
}
