/* Reading ISS constraint strings: the text is squeezed first (blanks and
 * "#" comment lines dropped, an URL's "?q=" value percent-decoded), each
 * kept byte remembering its line and column for messages; then cut at
 * '.' into constraints and at '~' into their parts, as ISS does. The
 * Shape is found before any cell is read, wherever it stands. */
#include <stdlib.h>
#include <string.h>

#include "io/input.h"
#include "pz/variants.h"

/* The squeezed text with where each byte came from. */
typedef struct squeezed {
  char *s;
  size_t *line, *col;
  size_t n, cap;
} squeezed;

static void sq_free(squeezed *q) {
  free(q->s);
  free(q->line);
  free(q->col);
}

static int sq_push(squeezed *q, char ch, size_t line, size_t col) {
  if (q->n == q->cap) {
    size_t cap = q->cap ? 2 * q->cap : 256;
    char *s = (char *)realloc(q->s, cap + 1);
    if (s) q->s = s;
    size_t *l = (size_t *)realloc(q->line, cap * sizeof(size_t));
    if (l) q->line = l;
    size_t *c = (size_t *)realloc(q->col, cap * sizeof(size_t));
    if (c) q->col = c;
    if (!s || !l || !c) return PZ_ERR_NOMEM;
    q->cap = cap;
  }
  q->s[q->n] = ch;
  q->line[q->n] = line;
  q->col[q->n++] = col;
  q->s[q->n] = 0;
  return PZ_OK;
}

static int hexval(int ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

/* Where the "q=" value of an URL on this line starts, or 0 when the line
 * is no URL. */
static size_t query_start(const pz_line *l) {
  for (size_t i = 0; i + 2 < l->len; i++)
    if ((l->s[i] == '?' || l->s[i] == '&') && l->s[i + 1] == 'q' &&
        l->s[i + 2] == '=')
      return i + 3;
  return 0;
}

static int squeeze(const char *text, size_t len, squeezed *q,
                   pz_parse_info *info) {
  pz_lexer lx;
  pz_line l;
  pz_lex_init(&lx, text, len);
  while (pz_lex_line(&lx, &l)) {
    int st = pz_line_check(&l, info);
    if (st) return st;
    pz_tok t = pz_line_trim(&l);
    if (t.len && t.s[0] == '#') continue; /* a comment, as ISS has them */
    size_t i = query_start(&l), end = l.len;
    int url = i > 0;
    if (!url && l.len >= 2 && l.s[0] == 'q' && l.s[1] == '=') {
      i = 2;
      url = 1;
    }
    if (url)
      for (size_t j = i; j < l.len; j++)
        if (l.s[j] == '&' || l.s[j] == '#') {
          end = j;
          break;
        }
    for (; i < end; i++) {
      char ch = l.s[i];
      size_t col = i + 1;
      if (url && ch == '%' && i + 2 < end &&
          hexval((unsigned char)l.s[i + 1]) >= 0 &&
          hexval((unsigned char)l.s[i + 2]) >= 0) {
        ch = (char)(hexval((unsigned char)l.s[i + 1]) * 16 +
                    hexval((unsigned char)l.s[i + 2]));
        i += 2;
      } else if (url && ch == '+') {
        ch = ' ';
      }
      if (pz_is_blank((unsigned char)ch) || ch == '\n') continue;
      if ((st = sq_push(q, ch, l.no, col))) return st;
    }
  }
  return PZ_OK;
}

/* --- Names ------------------------------------------------------------- */

static const char *const type_names[PZ_ISS_NTYPES] = {
    "AllDifferent", "Diagonal", "AntiKing", "AntiKnight", "AntiConsecutive",
    "Thermo", "Cage", "Arrow", "DoubleArrow", "Whisper", "Renban",
    "WhiteDot", "BlackDot", "X", "V", "GreaterThan", "Palindrome", "Quad",
    "Entropic", "Modular", "Zipper", "RegionSumLine", "Sandwich",
    "Indexing", "LittleKiller", "XSum", "Skyscraper", "Between", "Lockout",
    "PillArrow", "Windoku", "DisjointSets", "StrictKropki", "StrictXV",
    "NoBoxes", "Jigsaw", "NumberedRoom", "HiddenSkyscraper", "ContainAtLeast",
    "ContainExact", "AntiTaxicab", "SumLine"};

/* ISS types pz does not state yet: named as such, never "unknown". */
static const char *const later_names[] = {
    "Regex", "NFA",
    "ChaosConstruction", "ChaosArrow", "ChaosCount", "RegionSize",
    "RegionSameValues", "Doppelganger", "GlobalEntropy",
    "GlobalMod", "FullRankTies", "DutchFlatmates", "ValueIndexing",
    "RellikCage", "EqualityCage", "Sum", "Lunchbox",
    "FullRank", "LookAndSay",
    "ConnectedValues", "SameValues", "EqualSum", "Binary", "BinaryX",
    "Pair", "PairX", "CountingCircles", "CountDistinct", "SearchPriority",
    "Var", "Or", "And", "Replicate", "End", "Container"};

const char *pz_iss_type_name(pz_iss_type t) {
  return (int)t >= 0 && t < PZ_ISS_NTYPES ? type_names[t] : NULL;
}

static int tok_eq(pz_tok t, const char *w) {
  return strlen(w) == t.len && memcmp(t.s, w, t.len) == 0;
}

/* --- Cells --------------------------------------------------------------- */

/* A coordinate digit of a cell id: 1-9, then a-g (10-16), either case. */
static int coord(char ch) {
  if (ch >= '1' && ch <= '9') return ch - '1';
  if (ch >= 'a' && ch <= 'g') return ch - 'a' + 9;
  if (ch >= 'A' && ch <= 'G') return ch - 'A' + 9;
  return -1;
}

/* "R4C2" into a cell of the size x size grid. */
static int read_cell(pz_tok t, int size, int *cell, pz_parse_info *info) {
  int r = -1, c = -1;
  if (t.len == 4 && (t.s[0] == 'R' || t.s[0] == 'r') &&
      (t.s[2] == 'C' || t.s[2] == 'c')) {
    r = coord(t.s[1]);
    c = coord(t.s[3]);
  }
  if (r < 0 || c < 0)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "'%s' is not a cell (R1C1 .. R%dC%d)",
                         pz_quote(t.s, t.len).s, size, size);
  if (r >= size || c >= size)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_RANGE,
                         "cell %s is outside the %dx%d grid",
                         pz_quote(t.s, t.len).s, size, size);
  *cell = r * size + c;
  return PZ_OK;
}

/* --- One constraint ------------------------------------------------------ */

typedef struct item {
  pz_tok type;
  pz_tok *parts;
  size_t nparts;
} item;

static int add_rule(pz_iss_def *d, size_t *cap, pz_iss_rule **out) {
  if (d->nrules == *cap) {
    size_t c = *cap ? 2 * *cap : 16;
    pz_iss_rule *r = (pz_iss_rule *)realloc(d->rules, c * sizeof *r);
    if (!r) return PZ_ERR_NOMEM;
    d->rules = r;
    *cap = c;
  }
  *out = &d->rules[d->nrules++];
  memset(*out, 0, sizeof **out);
  return PZ_OK;
}

static int read_cells(const pz_iss_def *d, pz_iss_rule *r, const pz_tok *p,
                      size_t n, pz_parse_info *info) {
  r->cells = (int *)malloc((n ? n : 1) * sizeof(int));
  if (!r->cells) return PZ_ERR_NOMEM;
  for (size_t i = 0; i < n; i++) {
    int st = read_cell(p[i], d->size, &r->cells[i], info);
    if (st) return st;
    /* Lines may come back to a cell (ISS's whisper loops); sets not. */
    int set = r->type == PZ_ISS_CAGE || r->type == PZ_ISS_ALLDIFFERENT ||
              r->type == PZ_ISS_RENBAN || r->type == PZ_ISS_BETWEEN ||
              r->type == PZ_ISS_LOCKOUT || r->type == PZ_ISS_PILLARROW ||
              r->type == PZ_ISS_CONTAINATLEAST || r->type == PZ_ISS_CONTAINEXACT;
    for (int j = 0; j < r->ncells && set; j++)
      if (r->cells[j] == r->cells[i])
        return pz_parse_fail(info, p[i].line, p[i].col, PZ_ERR_PARSE,
                             "cell %s twice in one constraint",
                             pz_quote(p[i].s, p[i].len).s);
    r->ncells++;
  }
  return PZ_OK;
}

/* The digits of ".~R1C1_5_6" into the cell's mask (kept: the givens of
 * one cell intersect, as in ISS). */
static int read_given(pz_iss_def *d, pz_tok t, pz_parse_info *info) {
  size_t us = 0;
  while (us < t.len && t.s[us] != '_') us++;
  pz_tok ct = {t.s, us, t.line, t.col};
  int cell, st = read_cell(ct, d->size, &cell, info);
  if (st) return st;
  if (us == t.len)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "given %s has no digit (R1C1_5)",
                         pz_quote(t.s, t.len).s);
  unsigned mask = 0;
  for (size_t i = us; i < t.len;) {
    size_t j = i + 1;
    while (j < t.len && t.s[j] != '_') j++;
    pz_tok vt = {t.s + i + 1, j - i - 1, t.line, t.col + i + 1};
    long long v;
    if ((st = pz_lex_int(vt, 1, d->size, "digit", &v, info))) return st;
    mask |= 1u << v;
    i = j;
  }
  d->allowed[cell] &= mask;
  return PZ_OK;
}

static int read_int(pz_tok t, long long lo, long long hi, const char *what,
                    int *v, pz_parse_info *info) {
  long long x;
  int st = pz_lex_int(t, lo, hi, what, &x, info);
  if (!st) *v = (int)x;
  return st;
}

static int need(const item *it, size_t n, const char *what,
                pz_parse_info *info) {
  if (it->nparts >= n) return PZ_OK;
  return pz_parse_fail(info, it->type.line, it->type.col, PZ_ERR_PARSE,
                       "%s needs %s", pz_quote(it->type.s, it->type.len).s,
                       what);
}


/* --- Outside clues and layouts -------------------------------------------- */

/* "R3" or "C12" (ISS writes the index in decimal; a-g also read) into
 * 'R'/'C' and the index from 0. */
static int read_line_id(pz_tok t, int n, int *rc, int *idx,
                        pz_parse_info *info) {
  int ch = t.len ? t.s[0] : 0, i = -1;
  if (t.len == 2) i = coord(t.s[1]);
  else if (t.len == 3 && t.s[1] >= '1' && t.s[1] <= '9' && t.s[2] >= '0' &&
           t.s[2] <= '9')
    i = (t.s[1] - '0') * 10 + t.s[2] - '0' - 1;
  if ((ch != 'R' && ch != 'C') || i < 0 || i >= n)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "'%s' is not a row or column (R1, C%d)",
                         pz_quote(t.s, t.len).s, n);
  *rc = ch;
  *idx = i;
  return PZ_OK;
}

/* The cells of row or column idx from its start. */
static int line_cells(pz_iss_rule *r, int n, int rc, int idx) {
  r->cells = (int *)malloc((size_t)n * sizeof(int));
  if (!r->cells) return PZ_ERR_NOMEM;
  for (int i = 0; i < n; i++) r->cells[i] = rc == 'R' ? idx * n + i : i * n + idx;
  r->ncells = n;
  return PZ_OK;
}

/* .XSum~R1~3~5: the line, then the clues from its start and its end, either
 * left empty (absent). */
static int read_double_line(pz_iss_rule *r, const item *it, int n, int most,
                            pz_parse_info *info) {
  const pz_tok *p = it->parts;
  int st = need(it, 1, "a row or column (R1, C1)", info);
  if (!st && it->nparts > 3)
    st = pz_parse_fail(info, p[3].line, p[3].col, PZ_ERR_PARSE,
                       "%s takes a row or column and two clues",
                       pz_quote(it->type.s, it->type.len).s);
  if (!st) st = read_line_id(p[0], n, &r->args[0], &r->args[1], info);
  for (size_t i = 1; i < it->nparts && i < 3 && !st; i++)
    if (p[i].len) st = read_int(p[i], 1, most, "clue", &r->args[1 + i], info);
  r->nargs = 4;
  return st ? st : line_cells(r, n, r->args[0], r->args[1]);
}

/* .LittleKiller~SUM~R1C2: the diagonal ISS starts at that cell (left side
 * down-right, top side down-left, right side up-left, bottom up-right). */
static int read_little_killer(pz_iss_rule *r, const item *it, int n,
                              pz_parse_info *info) {
  const pz_tok *p = it->parts;
  int st = need(it, 2, "a sum and the cell its diagonal starts at", info);
  int cell;
  if (!st) st = read_int(p[0], 0, 1000000, "little killer sum", &r->args[0], info);
  if (!st) st = read_cell(p[1], n, &cell, info);
  if (st) return st;
  int row = cell / n, col = cell % n, dr = 0, dc = 0;
  if (col == 0 && row <= n - 2) dr = 1, dc = 1;
  else if (row == 0 && col >= 1) dr = 1, dc = -1;
  else if (col == n - 1 && row >= 1 && row <= n - 2) dr = -1, dc = -1;
  else if (row == n - 1 && col >= 1 && col <= n - 2) dr = -1, dc = 1;
  if (it->nparts != 2 || !dr)
    return pz_parse_fail(info, p[1].line, p[1].col, PZ_ERR_PARSE,
                         "no little killer diagonal starts at %s",
                         pz_quote(p[1].s, p[1].len).s);
  r->nargs = 1;
  r->cells = (int *)malloc((size_t)n * sizeof(int));
  if (!r->cells) return PZ_ERR_NOMEM;
  for (; row >= 0 && col >= 0 && row < n && col < n; row += dr, col += dc)
    r->cells[r->ncells++] = row * n + col;
  return PZ_OK;
}

/* .Jigsaw~LAYOUT (or ~SHAPE~LAYOUT, ISS's older form): a character a
 * cell; cells of one character make a region of n cells. Regions are
 * numbered in the order first met, so writing back reads the same. */
static int read_jigsaw(pz_iss_rule *r, const item *it, int n,
                       pz_parse_info *info) {
  if (it->nparts < 1 || it->nparts > 2)
    return pz_parse_fail(info, it->type.line, it->type.col, PZ_ERR_PARSE,
                         "Jigsaw takes a layout, a region character a cell");
  pz_tok t = it->parts[it->nparts - 1];
  if (t.len != (size_t)(n * n))
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "a Jigsaw layout of %zu characters; the grid has %d "
                         "cells", t.len, n * n);
  r->cells = (int *)malloc((size_t)(n * n) * sizeof(int));
  if (!r->cells) return PZ_ERR_NOMEM;
  r->ncells = n * n;
  int id[256], size[16] = {0}, regions = 0;
  for (int i = 0; i < 256; i++) id[i] = -1;
  for (int x = 0; x < n * n; x++) {
    unsigned char ch = (unsigned char)t.s[x];
    if (id[ch] < 0) {
      if (regions == n)
        return pz_parse_fail(info, t.line, t.col + (size_t)x, PZ_ERR_PARSE,
                             "a Jigsaw layout of more than %d regions", n);
      id[ch] = regions++;
    }
    r->cells[x] = id[ch];
    size[id[ch]]++;
  }
  for (int k = 0; k < regions; k++)
    if (size[k] != n)
      return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                           "a Jigsaw region of %d cells; each has %d",
                           size[k], n);
  return PZ_OK;
}

/* A pill reads left to right, top to bottom: sorted, each cell right,
 * below or below-right of the one before. */
static int pill_readable(const int *cells, int k, int n) {
  int s[3];
  for (int i = 0; i < k; i++) {
    int j = i;
    for (; j > 0 && s[j - 1] > cells[i]; j--) s[j] = s[j - 1];
    s[j] = cells[i];
  }
  for (int i = 1; i < k; i++) {
    int a = s[i - 1], b = s[i];
    int right = b == a + 1 && b % n != 0, down = b == a + n;
    int diag = b == a + n + 1 && b % n != 0;
    if (!right && !down && !diag) return 0;
  }
  return 1;
}

/* --- One constraint, continued --------------------------------------------- */

static int read_item(pz_iss_def *d, size_t *cap, const item *it,
                     pz_parse_info *info) {
  const pz_tok *p = it->parts;
  size_t np = it->nparts;
  int st;
  if (it->type.len == 0) { /* givens */
    for (size_t i = 0; i < np; i++)
      if ((st = read_given(d, p[i], info))) return st;
    return PZ_OK;
  }
  if (tok_eq(it->type, "Shape")) return PZ_OK; /* read first */
  int type = -1;
  for (int t = 0; t < PZ_ISS_NTYPES; t++)
    if (tok_eq(it->type, type_names[t])) type = t;
  if (type < 0) {
    for (size_t i = 0; i < sizeof later_names / sizeof *later_names; i++)
      if (tok_eq(it->type, later_names[i]))
        return pz_parse_fail(info, it->type.line, it->type.col,
                             PZ_ERR_UNSUPPORTED,
                             "constraint type %s is not supported yet",
                             pz_quote(it->type.s, it->type.len).s);
    return pz_parse_fail(info, it->type.line, it->type.col, PZ_ERR_PARSE,
                         "unknown constraint type %s",
                         pz_quote(it->type.s, it->type.len).s);
  }
  pz_iss_rule *r;
  if ((st = add_rule(d, cap, &r))) return st;
  r->type = (pz_iss_type)type;
  size_t first = 0; /* first cell part */
  int n = d->size;
  switch (r->type) {
  case PZ_ISS_ANTIKING:
  case PZ_ISS_ANTIKNIGHT:
  case PZ_ISS_ANTICONSECUTIVE:
  case PZ_ISS_WINDOKU:
  case PZ_ISS_DISJOINTSETS:
  case PZ_ISS_STRICTKROPKI:
  case PZ_ISS_STRICTXV:
  case PZ_ISS_NOBOXES:
  case PZ_ISS_ANTITAXICAB:
    first = np; /* global: no arguments */
    if (np)
      return pz_parse_fail(info, p[0].line, p[0].col, PZ_ERR_PARSE,
                           "%s takes no arguments", type_names[type]);
    return PZ_OK;
  case PZ_ISS_DIAGONAL:
    if ((st = need(it, 1, "a direction (1 or -1)", info))) return st;
    if ((st = read_int(p[0], -1, 1, "diagonal direction", &r->args[0], info)))
      return st;
    if (r->args[0] == 0 || np > 1)
      return pz_parse_fail(info, p[0].line, p[0].col, PZ_ERR_PARSE,
                           "Diagonal takes one direction, 1 or -1");
    r->nargs = 1;
    return PZ_OK;
  case PZ_ISS_WHISPER:
    /* German whispers may leave the difference out (then 5). */
    r->nargs = 1;
    r->args[0] = 5;
    if (np && (!p[0].len || (p[0].s[0] != 'R' && p[0].s[0] != 'r'))) {
      if ((st = read_int(p[0], 1, n, "whisper difference", &r->args[0], info)))
        return st;
      first = 1;
    }
    break;
  case PZ_ISS_CAGE:
    if ((st = need(it, 2, "a sum and cells", info))) return st;
    r->nargs = 1;
    if (p[0].len &&
        (st = read_int(p[0], 0, 1000000, "cage sum", &r->args[0], info)))
      return st;
    first = 1;
    break;
  case PZ_ISS_LITTLEKILLER: return read_little_killer(r, it, n, info);
  case PZ_ISS_XSUM: return read_double_line(r, it, n, n * (n + 1) / 2, info);
  case PZ_ISS_SKYSCRAPER:
  case PZ_ISS_NUMBEREDROOM:
  case PZ_ISS_HIDDENSKYSCRAPER: return read_double_line(r, it, n, n, info);
  case PZ_ISS_JIGSAW: return read_jigsaw(r, it, n, info);
  case PZ_ISS_CONTAINATLEAST:
  case PZ_ISS_CONTAINEXACT: {
    /* ~1_2_2~cells: the digits joined by '_'. */
    if ((st = need(it, 2, "digits (1_2_2) and cells", info))) return st;
    for (size_t i = 0; i <= p[0].len;) {
      size_t j = i;
      while (j < p[0].len && p[0].s[j] != '_') j++;
      pz_tok vt = {p[0].s + i, j - i, p[0].line, p[0].col + i};
      if (r->nargs == 16)
        return pz_parse_fail(info, vt.line, vt.col, PZ_ERR_PARSE,
                             "at most 16 digits");
      if ((st = read_int(vt, 1, n, "digit", &r->args[r->nargs++], info))) return st;
      i = j + 1;
    }
    first = 1;
    break;
  }
  case PZ_ISS_LOCKOUT:
    if ((st = need(it, 3, "a least difference and cells", info))) return st;
    if ((st = read_int(p[0], 0, n - 1, "lockout difference", &r->args[0], info)))
      return st;
    r->nargs = 1;
    first = 1;
    break;
  case PZ_ISS_SUMLINE:
    if ((st = need(it, 2, "a sum and cells", info))) return st;
    if ((st = read_int(p[0], 1, 1024, "sum line sum", &r->args[0], info))) return st;
    if (tok_eq(p[np - 1], "LOOP"))
      return pz_parse_fail(info, p[np - 1].line, p[np - 1].col, PZ_ERR_UNSUPPORTED,
                           "SumLine loops are not supported yet");
    r->nargs = 1;
    first = 1;
    break;
  case PZ_ISS_PILLARROW:
    if ((st = need(it, 3, "a pill size (2 or 3) and cells", info))) return st;
    if ((st = read_int(p[0], 2, 3, "pill size", &r->args[0], info))) return st;
    r->nargs = 1;
    first = 1;
    break;
  case PZ_ISS_MODULAR:
    if ((st = need(it, 2, "a modulus and cells", info))) return st;
    if ((st = read_int(p[0], 1, n, "modulus", &r->args[0], info))) return st;
    r->nargs = 1;
    first = 1;
    break;
  case PZ_ISS_INDEXING:
    if ((st = need(it, 2, "R or C and cells", info))) return st;
    if (!tok_eq(p[0], "R") && !tok_eq(p[0], "C"))
      return pz_parse_fail(info, p[0].line, p[0].col, PZ_ERR_PARSE,
                           "Indexing takes R or C, not %s",
                           pz_quote(p[0].s, p[0].len).s);
    r->args[0] = p[0].s[0];
    r->nargs = 1;
    first = 1;
    break;
  case PZ_ISS_SANDWICH: {
    /* .Sandwich~SUM~R3 or ~C5: the whole row or column. */
    if ((st = need(it, 2, "a sum and a row or column (R1, C1)", info)))
      return st;
    if ((st = read_int(p[0], 0, 1000000, "sandwich sum", &r->args[0], info)))
      return st;
    int line = p[1].len == 2 ? coord(p[1].s[1]) : -1;
    char rc = p[1].len ? p[1].s[0] : 0;
    if (np != 2 || (rc != 'R' && rc != 'C') || line < 0 || line >= n)
      return pz_parse_fail(info, p[1].line, p[1].col, PZ_ERR_PARSE,
                           "Sandwich takes a sum and a row or column, "
                           "not %s", pz_quote(p[1].s, p[1].len).s);
    r->args[1] = rc;
    r->args[2] = line;
    r->nargs = 3;
    r->cells = (int *)malloc((size_t)n * sizeof(int));
    if (!r->cells) return PZ_ERR_NOMEM;
    for (int i = 0; i < n; i++)
      r->cells[i] = rc == 'R' ? line * n + i : i * n + line;
    r->ncells = n;
    return PZ_OK;
  }
  case PZ_ISS_QUAD: {
    /* .Quad~R1C1~1~2: the 2x2 square from that corner must hold them. */
    if ((st = need(it, 2, "a corner cell and digits", info))) return st;
    int tl;
    if ((st = read_cell(p[0], n, &tl, info))) return st;
    if (tl / n + 1 >= n || tl % n + 1 >= n)
      return pz_parse_fail(info, p[0].line, p[0].col, PZ_ERR_RANGE,
                           "no 2x2 square starts at %s",
                           pz_quote(p[0].s, p[0].len).s);
    if (np - 1 > 4)
      return pz_parse_fail(info, p[5].line, p[5].col, PZ_ERR_PARSE,
                           "a Quad holds at most 4 digits");
    for (size_t i = 1; i < np; i++)
      if ((st = read_int(p[i], 1, n, "digit", &r->args[r->nargs++], info)))
        return st;
    r->cells = (int *)malloc(4 * sizeof(int));
    if (!r->cells) return PZ_ERR_NOMEM;
    r->cells[0] = tl;
    r->cells[1] = tl + 1;
    r->cells[2] = tl + n;
    r->cells[3] = tl + n + 1;
    r->ncells = 4;
    return PZ_OK;
  }
  default:
    break;
  }
  if (np <= first)
    return pz_parse_fail(info, it->type.line, it->type.col, PZ_ERR_PARSE,
                         "%s needs cells", type_names[type]);
  if ((st = read_cells(d, r, p + first, np - first, info))) return st;
  size_t least = r->type == PZ_ISS_DOUBLEARROW ? 3
                 : r->type == PZ_ISS_CAGE || r->type == PZ_ISS_ALLDIFFERENT ||
                         r->type == PZ_ISS_RENBAN || r->type == PZ_ISS_ENTROPIC ||
                         r->type == PZ_ISS_INDEXING || r->type == PZ_ISS_REGIONSUMLINE
                     ? 1
                     : 2;
  if ((size_t)r->ncells < least)
    return pz_parse_fail(info, it->type.line, it->type.col, PZ_ERR_PARSE,
                         "%s needs at least %zu cells", type_names[type], least);
  if (r->type == PZ_ISS_CAGE && r->ncells > n)
    return pz_parse_fail(info, it->type.line, it->type.col, PZ_ERR_PARSE,
                         "a Cage holds at most %d cells", n);
  if (r->type == PZ_ISS_PILLARROW && r->ncells <= r->args[0])
    return pz_parse_fail(info, it->type.line, it->type.col, PZ_ERR_PARSE,
                         "a PillArrow has more cells than its pill");
  if (r->type == PZ_ISS_PILLARROW && !pill_readable(r->cells, r->args[0], n))
    return pz_parse_fail(info, p[first].line, p[first].col, PZ_ERR_PARSE,
                         "the pill's cells must touch in reading order "
                         "(right, down or down-right)");
  return PZ_OK;
}

/* --- Shape ---------------------------------------------------------------- */

/* ISS's box shape for a size: the most square r x c with r * c = size,
 * r <= c, r >= 2 (6x6: 2 rows of 3). */
static void box_shape(int n, int *br, int *bc) {
  *br = *bc = 0;
  for (int small = 1; small * small <= n; small++)
    if (small >= 2 && n % small == 0) {
      *br = small;
      *bc = n / small;
    }
}

static int read_shape(const item *it, int *size, pz_parse_info *info) {
  if (it->nparts < 1 || it->nparts > 2)
    return pz_parse_fail(info, it->type.line, it->type.col, PZ_ERR_PARSE,
                         "Shape takes a size such as 6x6");
  pz_tok t = it->parts[0];
  size_t x = 0;
  while (x < t.len && t.s[x] != 'x') x++;
  pz_tok a = {t.s, x, t.line, t.col};
  pz_tok b = {t.s + x + 1, x < t.len ? t.len - x - 1 : 0, t.line, t.col + x + 1};
  long long r, c;
  int st = x < t.len ? PZ_OK
                     : pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                                     "Shape takes a size such as 6x6, not %s",
                                     pz_quote(t.s, t.len).s);
  if (!st) st = pz_lex_int(a, 1, 16, "grid rows", &r, info);
  if (!st) st = pz_lex_int(b, 1, 16, "grid columns", &c, info);
  if (st) return st;
  if (r != c || r < 4)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_UNSUPPORTED,
                         "Shape %s: pz reads square grids from 4x4 to 16x16",
                         pz_quote(t.s, t.len).s);
  if (it->nparts == 2) { /* the value range: only the default one */
    pz_tok v = it->parts[1];
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", r);
    char buf2[48];
    snprintf(buf2, sizeof buf2, "1-%lld", r);
    if (!tok_eq(v, buf) && !tok_eq(v, buf2))
      return pz_parse_fail(info, v.line, v.col, PZ_ERR_UNSUPPORTED,
                           "Shape values %s: pz reads 1..%lld only",
                           pz_quote(v.s, v.len).s, r);
  }
  *size = (int)r;
  return PZ_OK;
}

/* --- The whole text --------------------------------------------------------- */

static int cut_items(squeezed *q, item **out, size_t *count,
                     pz_tok **parts, pz_parse_info *info) {
  size_t nitems = 0, ntok = 0;
  for (size_t i = 0; i < q->n; i++) {
    nitems += q->s[i] == '.';
    ntok += q->s[i] == '~' || q->s[i] == '.';
  }
  if (q->n && q->s[0] != '.')
    return pz_parse_fail(info, q->line[0], q->col[0], PZ_ERR_PARSE,
                         "a constraint starts with '.', not %s",
                         pz_quote(q->s, q->n < 8 ? q->n : 8).s);
  item *it = (item *)calloc(nitems + 1, sizeof *it);
  pz_tok *tk = (pz_tok *)calloc(ntok + 1, sizeof *tk);
  if (!it || !tk) {
    free(it);
    free(tk);
    return PZ_ERR_NOMEM;
  }
  size_t k = 0, t = 0;
  for (size_t i = 0; i < q->n;) {
    /* q->s[i] == '.': the type up to '~' or '.', then the parts. */
    size_t j = i + 1;
    while (j < q->n && q->s[j] != '~' && q->s[j] != '.') j++;
    size_t at = i + 1 < q->n ? i + 1 : i;
    it[k].type = (pz_tok){q->s + i + 1, j - i - 1, q->line[at], q->col[at]};
    it[k].parts = tk + t;
    while (j < q->n && q->s[j] == '~') {
      size_t e = j + 1;
      while (e < q->n && q->s[e] != '~' && q->s[e] != '.') e++;
      size_t pat = j + 1 < q->n ? j + 1 : j;
      tk[t++] = (pz_tok){q->s + j + 1, e - j - 1, q->line[pat], q->col[pat]};
      it[k].nparts++;
      j = e;
    }
    k++;
    i = j;
  }
  *out = it;
  *count = k;
  *parts = tk;
  return PZ_OK;
}

void pz_iss_free(pz_iss_def *d) {
  if (!d) return;
  for (size_t i = 0; i < d->nrules; i++) free(d->rules[i].cells);
  free(d->rules);
  free(d->allowed);
  free(d);
}

int pz_iss_copy(const pz_iss_def *d, pz_iss_def **out) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!d) return PZ_ERR_ARG;
  size_t cells = (size_t)d->size * (size_t)d->size;
  pz_iss_def *c = (pz_iss_def *)calloc(1, sizeof *c);
  if (!c) return PZ_ERR_NOMEM;
  *c = *d;
  c->rules = NULL, c->nrules = 0;
  c->allowed = (unsigned *)malloc(cells * sizeof *c->allowed);
  if (d->nrules)
    c->rules = (pz_iss_rule *)calloc(d->nrules, sizeof *c->rules);
  int st = c->allowed && (c->rules || !d->nrules) ? PZ_OK : PZ_ERR_NOMEM;
  if (c->allowed) memcpy(c->allowed, d->allowed, cells * sizeof *c->allowed);
  for (size_t i = 0; i < d->nrules && !st; i++) {
    pz_iss_rule *r = &c->rules[i];
    *r = d->rules[i];
    r->cells = NULL;
    c->nrules = i + 1; /* freed with c from here on */
    if (!d->rules[i].ncells) continue;
    r->cells = (int *)malloc((size_t)r->ncells * sizeof *r->cells);
    if (!r->cells) st = PZ_ERR_NOMEM;
    else memcpy(r->cells, d->rules[i].cells, (size_t)r->ncells * sizeof *r->cells);
  }
  if (st) {
    pz_iss_free(c);
    return st;
  }
  *out = c;
  return PZ_OK;
}

int pz_iss_parse(const char *text, size_t len, pz_iss_def **out,
                 pz_parse_info *info) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!text && len) return PZ_ERR_ARG;
  squeezed q = {0};
  item *items = NULL;
  pz_tok *parts = NULL;
  size_t nitems = 0, cap = 0;
  pz_iss_def *d = (pz_iss_def *)calloc(1, sizeof *d);
  int st = d ? squeeze(text ? text : "", len, &q, info) : PZ_ERR_NOMEM;
  if (!st && q.n == 0)
    st = pz_parse_fail(info, 1, 1, PZ_ERR_PARSE, "no constraint in the input");
  if (!st) st = cut_items(&q, &items, &nitems, &parts, info);
  int size = 9, have_shape = 0;
  for (size_t i = 0; i < nitems && !st; i++)
    if (tok_eq(items[i].type, "Shape")) {
      int s = 0;
      st = read_shape(&items[i], &s, info);
      if (!st && have_shape && s != size)
        st = pz_parse_fail(info, items[i].type.line, items[i].type.col,
                           PZ_ERR_PARSE, "a second, different Shape");
      size = s;
      have_shape = 1;
    }
  if (!st) {
    d->size = size;
    box_shape(size, &d->box_rows, &d->box_cols);
    d->allowed = (unsigned *)malloc((size_t)size * size * sizeof(unsigned));
    if (!d->allowed) st = PZ_ERR_NOMEM;
    for (int i = 0; i < size * size && !st; i++)
      d->allowed[i] = ((1u << size) - 1) << 1;
  }
  for (size_t i = 0; i < nitems && !st; i++)
    st = read_item(d, &cap, &items[i], info);
  free(items);
  free(parts);
  sq_free(&q);
  if (st) {
    pz_iss_free(d);
    return st;
  }
  *out = d;
  return PZ_OK;
}
