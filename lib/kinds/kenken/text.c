/* KenKen text.
 *
 * sgt: Simon Tatham's Keen game ids, one line "N:EDGES,CLUES"
 * (`sgt-keen --generate 1 4dh` prints one; a parameter string such as
 * "4dh" may stand for N). EDGES walks the 2N(N-1) inner edges of the
 * grid, first the vertical ones row by row (between (r,c) and (r,c+1)),
 * then the horizontal ones column by column (between (r,c) and (r+1,c)),
 * and one closing edge past the end. Each symbol says how many edges
 * inside a cage come before the next cage border: '_' none, 'a'..'y'
 * 1..25; 'z' is 25 inner edges with no border after them. A number after
 * a symbol repeats it that many times in all ("_3" = "___"). CLUES gives,
 * for each cage in order of its first cell (reading order), its operation
 * a (add), s (subtract), m (multiply), d (divide) and its target.
 *
 * grid: a header "N N", N rows of N cage labels (letters and digits, any
 * names), then one line per cage "LABEL OP TARGET" with OP one of + - x /
 * ('*' for x; '=' for a cage of one cell). Blank and '#' lines are
 * skipped. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "io/input.h"
#include "kinds/kenken/kenken_impl.h"

#define MAXC (KENKEN_MAX * KENKEN_MAX)

/* --- sgt ------------------------------------------------------------------ */

static int edges(int n) { return 2 * n * (n - 1); }

/* The two cells of inner edge i. */
static void edge_cells(int n, int i, int *a, int *b) {
  int half = n * (n - 1);
  if (i < half) {
    int r = i / (n - 1), c = i % (n - 1);
    *a = r * n + c, *b = r * n + c + 1;
  } else {
    int c = (i - half) / (n - 1), r = (i - half) % (n - 1);
    *a = r * n + c, *b = (r + 1) * n + c;
  }
}

static int root(int *up, int x) {
  while (up[x] != x) x = up[x] = up[up[x]];
  return x;
}

/* Whether each edge is a cage border: border[i], i < 2n(n-1) + 1. */
static int read_edges(const char *s, size_t len, size_t *pos, int n,
                      unsigned char *border, pz_parse_info *info) {
  int total = edges(n) + 1, at = 0;
  size_t i = *pos;
  while (i < len && s[i] != ',') {
    char ch = s[i];
    int inner, closes;
    if (ch == '_') inner = 0, closes = 1;
    else if (ch >= 'a' && ch <= 'y') inner = ch - 'a' + 1, closes = 1;
    else if (ch == 'z') inner = 25, closes = 0;
    else
      return pz_parse_fail(info, 1, i + 1, PZ_ERR_PARSE,
                           "'%s' is no cage edge symbol ('_', 'a'..'z' or a "
                           "count)", pz_quote(s + i, 1).s);
    size_t sym = i++;
    long reps = 1;
    if (i < len && isdigit((unsigned char)s[i])) {
      reps = 0;
      while (i < len && isdigit((unsigned char)s[i]) && reps <= total)
        reps = reps * 10 + (s[i++] - '0');
      if (reps < 1)
        return pz_parse_fail(info, 1, sym + 2, PZ_ERR_PARSE,
                             "a repeat count must be at least 1");
    }
    for (long r = 0; r < reps; r++) {
      if (at + inner + closes > total)
        return pz_parse_fail(info, 1, sym + 1, PZ_ERR_PARSE,
                             "more cage edges than the %d of a %dx%d grid",
                             total - 1, n, n);
      for (int k = 0; k < inner; k++) border[at++] = 0;
      if (closes) border[at++] = 1;
    }
  }
  if (at != total || !border[total - 1])
    return pz_parse_fail(info, 1, i + 1, PZ_ERR_PARSE,
                         "the cage edges end after %d of the %d of a %dx%d "
                         "grid", at < total ? at : total - 1, total - 1, n, n);
  *pos = i;
  return PZ_OK;
}

static int read_clues(const char *s, size_t len, size_t i, kenken_def *d,
                      pz_parse_info *info) {
  int k = 0;
  while (i < len && !pz_is_blank((unsigned char)s[i])) {
    size_t at = i;
    char ch = s[i++];
    pz_arith_op op = ch == 'a' ? PZ_ARITH_ADD : ch == 's' ? PZ_ARITH_SUB
                     : ch == 'm' ? PZ_ARITH_MUL : PZ_ARITH_DIV;
    if (!strchr("asmd", ch) || !ch)
      return pz_parse_fail(info, 1, at + 1, PZ_ERR_PARSE,
                           "'%s' is no operation (a, s, m or d)",
                           pz_quote(s + at, 1).s);
    long long t = 0;
    if (i >= len || !isdigit((unsigned char)s[i]))
      return pz_parse_fail(info, 1, i + 1, PZ_ERR_PARSE,
                           "a target number must follow '%c'", ch);
    while (i < len && isdigit((unsigned char)s[i]) && t < (1LL << 40))
      t = t * 10 + (s[i++] - '0');
    if (k == d->ncages)
      return pz_parse_fail(info, 1, at + 1, PZ_ERR_PARSE,
                           "more clues than the %d cages", d->ncages);
    if (t > (1LL << 31) - 1)
      return pz_parse_fail(info, 1, at + 2, PZ_ERR_RANGE, "target too large");
    d->op[k] = op;
    d->target[k++] = (int)t;
  }
  if (k < d->ncages)
    return pz_parse_fail(info, 1, i + 1, PZ_ERR_PARSE,
                         "%d clues for %d cages", k, d->ncages);
  for (; i < len; i++)
    if (!pz_is_blank((unsigned char)s[i]))
      return pz_parse_fail(info, 1, i + 1, PZ_ERR_PARSE,
                           "text after the game id");
  return PZ_OK;
}

int pz_kenken_parse_sgt(const char *text, size_t len, kenken_def **out,
                     pz_parse_info *info) {
  *out = NULL;
  /* The one line of the id, skipping blank and comment lines. */
  pz_lexer lx;
  pz_line ln;
  pz_tok t = {NULL, 0, 0, 0};
  pz_lex_init(&lx, text, len);
  while (pz_lex_line(&lx, &ln)) {
    int st = pz_line_check(&ln, info);
    if (st) return st;
    t = pz_line_trim(&ln);
    if (t.len && t.s[0] != '#') break;
    t.len = 0;
  }
  if (!t.len)
    return pz_parse_fail(info, 1, 1, PZ_ERR_PARSE,
                         "no puzzle: expected a game id 'N:EDGES,CLUES'");
  const char *s = t.s;
  size_t i = 0;
  long n = 0;
  while (i < t.len && isdigit((unsigned char)s[i]) && n < 1000) n = n * 10 + (s[i++] - '0');
  if (!i)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_PARSE,
                         "a game id starts with the grid size");
  while (i < t.len && isalnum((unsigned char)s[i])) i++; /* "4dh" */
  if (i >= t.len || s[i] != ':')
    return pz_parse_fail(info, t.line, t.col + i, PZ_ERR_PARSE,
                         "expected ':' after the size");
  if (n < KENKEN_MIN || n > KENKEN_MAX)
    return pz_parse_fail(info, t.line, t.col, PZ_ERR_RANGE,
                         "size %ld is out of range %d..%d", n, KENKEN_MIN,
                         KENKEN_MAX);
  i++;
  kenken_def *d = NULL;
  int st = pz_kenken_def_new(&d, (int)n);
  if (st) return st;
  unsigned char border[2 * MAXC + 1];
  pz_parse_info local;
  pz_parse_info *why = info ? info : &local;
  st = read_edges(s, t.len, &i, (int)n, border, why);
  if (!st && (i >= t.len || s[i] != ','))
    st = pz_parse_fail(why, 1, i + 1, PZ_ERR_PARSE,
                       "expected ',' and the clues after the cage edges");
  if (!st) {
    int up[MAXC], cells = (int)(n * n);
    for (int x = 0; x < cells; x++) up[x] = x;
    for (int e = 0; e < edges((int)n); e++) {
      int a, b;
      edge_cells((int)n, e, &a, &b);
      if (!border[e]) up[root(up, a)] = root(up, b);
    }
    /* Cages numbered by their first cell. */
    int id[MAXC];
    for (int x = 0; x < cells; x++) id[x] = -1;
    for (int x = 0; x < cells; x++) {
      int r = root(up, x);
      if (id[r] < 0) id[r] = d->ncages++;
      d->cage[x] = id[r];
    }
    st = read_clues(s, t.len, i + 1, d, why);
  }
  int bad;
  if (!st && (st = pz_kenken_def_check(d, why, &bad))) why->line = 1, why->column = 1;
  /* Places were counted within the id: make them the input's. */
  if (st && why->line == 1) why->line = t.line, why->column += t.col - 1;
  /* One puzzle per text: nothing but blank and '#' lines after it. */
  while (!st && pz_lex_line(&lx, &ln)) {
    pz_tok rest = pz_line_trim(&ln);
    if ((st = pz_line_check(&ln, info))) break;
    if (rest.len && rest.s[0] != '#')
      st = pz_parse_fail(info, ln.no, rest.col, PZ_ERR_PARSE,
                         "text after the game id (one puzzle per input)");
  }
  if (st) {
    pz_kenken_def_free(d);
    return st;
  }
  *out = d;
  return PZ_OK;
}

/* Whether the cells of cage k are connected (ids hold only connected
 * cages: anything else reads back as several). */
static int connected(const kenken_def *d, int k) {
  int n = d->n, cells = n * n, stack[MAXC], top = 0, seen[MAXC] = {0};
  int start = -1, count = 0, reached = 0;
  for (int x = 0; x < cells; x++)
    if (d->cage[x] == k) count++, start = start < 0 ? x : start;
  stack[top++] = start;
  seen[start] = 1;
  while (top) {
    int x = stack[--top], r = x / n, c = x % n;
    reached++;
    int nb[4] = {r > 0 ? x - n : -1, r < n - 1 ? x + n : -1,
                 c > 0 ? x - 1 : -1, c < n - 1 ? x + 1 : -1};
    for (int j = 0; j < 4; j++)
      if (nb[j] >= 0 && !seen[nb[j]] && d->cage[nb[j]] == k)
        seen[nb[j]] = 1, stack[top++] = nb[j];
  }
  return reached == count;
}

/* One symbol, repeated reps times: literally up to twice, else counted. */
static void put_run(FILE *out, char sym, int reps) {
  if (reps >= 3) fprintf(out, "%c%d", sym, reps);
  else
    while (reps-- > 0) putc(sym, out);
}

int pz_kenken_write_sgt(const kenken_def *d, FILE *out) {
  int n = d->n;
  for (int k = 0; k < d->ncages; k++)
    if (!connected(d, k)) return PZ_ERR_UNSUPPORTED;
  /* Cages must be numbered in reading order for the clues' order. */
  for (int x = 0, next = 0; x < n * n; x++) {
    if (d->cage[x] > next) return PZ_ERR_UNSUPPORTED;
    if (d->cage[x] == next) next++;
  }
  fprintf(out, "%d:", n);
  char last = 0;
  int reps = 0, run = 0;
  for (int e = 0; e <= edges(n); e++) {
    int a, b, border = 1;
    if (e < edges(n)) {
      edge_cells(n, e, &a, &b);
      border = d->cage[a] != d->cage[b];
    }
    if (!border && ++run < 26) continue;
    char sym = !border ? 'z' : run ? (char)('a' + run - 1) : '_';
    run = !border ? 1 : 0;
    if (sym == last) {
      reps++;
      continue;
    }
    put_run(out, last, reps);
    last = sym, reps = 1;
  }
  put_run(out, last, reps);
  putc(',', out);
  static const char letter[] = {'a', 'm', 's', 'd'};
  for (int k = 0; k < d->ncages; k++) fprintf(out, "%c%d", letter[d->op[k]], d->target[k]);
  putc('\n', out);
  return ferror(out) ? PZ_ERR_IO : PZ_OK;
}

/* --- grid ----------------------------------------------------------------- */

int pz_kenken_parse_grid(const char *text, size_t len, kenken_def **out,
                      pz_parse_info *info) {
  *out = NULL;
  pz_lexer lx;
  pz_line ln;
  pz_lex_init(&lx, text, len);
  kenken_def *d = NULL;
  pz_labels labels;
  memset(&labels, 0, sizeof labels);
  int st = PZ_OK, rows = -1, n = 0, clued[MAXC] = {0};
  size_t clue_line[MAXC];
  while (!st && pz_lex_line(&lx, &ln)) {
    if ((st = pz_line_check(&ln, info))) break;
    pz_tok t = pz_line_trim(&ln), a, b, extra;
    if (!t.len || t.s[0] == '#') continue;
    size_t pos = 0;
    if (rows < 0) { /* the header */
      int c;
      pz_tok tr = {NULL, 0, ln.no, 1}, tc = {NULL, 0, ln.no, ln.len + 1};
      pz_lex_token(&ln, &pos, &tr);
      pz_lex_token(&ln, &pos, &tc);
      if ((st = pz_lex_size(tr, "rows", KENKEN_MAX, &n, info)) ||
          (st = pz_lex_size(tc, "columns", KENKEN_MAX, &c, info)))
        break;
      if (n != c || n < KENKEN_MIN) {
        st = pz_parse_fail(info, ln.no, 1, PZ_ERR_PARSE,
                           "a KenKen is a square of side %d..%d, not %dx%d",
                           KENKEN_MIN, KENKEN_MAX, n, c);
        break;
      }
      if (pz_lex_token(&ln, &pos, &extra)) {
        st = pz_parse_fail(info, ln.no, extra.col, PZ_ERR_PARSE,
                           "unexpected '%s' after the header 'N N'",
                           pz_quote(extra.s, extra.len).s);
        break;
      }
      if ((st = pz_kenken_def_new(&d, n)) || (st = pz_labels_init(&labels, n * n)))
        break;
      rows = 0;
    } else if (rows < n) { /* a row of cage labels */
      int k = 0;
      while (!st && pz_lex_token(&ln, &pos, &a)) {
        if (k == n)
          st = pz_parse_fail(info, ln.no, a.col, PZ_ERR_PARSE,
                             "more than %d cells in this row of cages", n);
        else if (!pz_label_ok(a))
          st = pz_parse_fail(info, ln.no, a.col, PZ_ERR_PARSE,
                             "'%s' is not a cage label (letters and digits)",
                             pz_quote(a.s, a.len).s);
        else
          d->cage[rows * n + k++] = pz_labels_id(&labels, a);
      }
      if (!st && k < n)
        st = pz_parse_fail(info, ln.no, ln.len + 1, PZ_ERR_PARSE,
                           "this row of cages has %d cells, expected %d", k, n);
      rows++;
    } else { /* LABEL OP TARGET */
      pz_tok label = {NULL, 0, ln.no, 1};
      a.len = b.len = 0;
      a.col = b.col = ln.len + 1;
      pz_lex_token(&ln, &pos, &label);
      pz_lex_token(&ln, &pos, &a);
      pz_lex_token(&ln, &pos, &b);
      /* A label the grid did not have comes out new: no cage. */
      int before = labels.count;
      int k = pz_label_ok(label) ? pz_labels_id(&labels, label) : -1;
      if (k >= before) k = -1;
      if (k < 0) {
        st = pz_parse_fail(info, ln.no, label.col, PZ_ERR_PARSE,
                           "'%s' is no cage of the grid",
                           pz_quote(label.s, label.len).s);
        break;
      }
      if (clued[k]) {
        st = pz_parse_fail(info, ln.no, label.col, PZ_ERR_PARSE,
                           "cage %s has a second clue (line %zu)",
                           pz_quote(label.s, label.len).s, clue_line[k]);
        break;
      }
      char o = a.len == 1 ? a.s[0] : 0;
      if (!o || !strchr("+-xX*/=", o)) {
        st = pz_parse_fail(info, ln.no, a.col, PZ_ERR_PARSE,
                           "expected an operation (+ - x / or =) after the "
                           "cage label");
        break;
      }
      long long v;
      if ((st = pz_lex_int(b, 0, (1LL << 31) - 1, "target", &v, info))) break;
      if (pz_lex_token(&ln, &pos, &extra)) {
        st = pz_parse_fail(info, ln.no, extra.col, PZ_ERR_PARSE,
                           "unexpected '%s' after the clue",
                           pz_quote(extra.s, extra.len).s);
        break;
      }
      int size = 0;
      for (int x = 0; x < n * n; x++) size += d->cage[x] == k;
      if (o == '=' && size != 1) {
        st = pz_parse_fail(info, ln.no, a.col, PZ_ERR_PARSE,
                           "'=' is for a cage of one cell; cage %s has %d",
                           pz_quote(label.s, label.len).s, size);
        break;
      }
      d->op[k] = o == '-' ? PZ_ARITH_SUB : o == '/' ? PZ_ARITH_DIV
                 : (o == '+' || o == '=') ? PZ_ARITH_ADD : PZ_ARITH_MUL;
      d->target[k] = (int)v;
      clued[k] = 1;
      clue_line[k] = ln.no;
    }
  }
  size_t eof = lx.no + (len && text[len - 1] == '\n' ? 1 : 0);
  if (!st && rows < 0)
    st = pz_parse_fail(info, eof ? eof : 1, 1, PZ_ERR_PARSE,
                       "no puzzle: expected a header 'N N'");
  else if (!st && rows < n)
    st = pz_parse_fail(info, eof, 1, PZ_ERR_PARSE,
                       "the input ends after %d of %d rows of cages", rows, n);
  for (int k = 0; !st && k < labels.count; k++)
    if (!clued[k]) {
      pz_tok t = labels.first[k];
      st = pz_parse_fail(info, eof, 1, PZ_ERR_PARSE,
                         "cage %s has no clue line", pz_quote(t.s, t.len).s);
    }
  if (!st) {
    int bad;
    d->ncages = labels.count;
    if ((st = pz_kenken_def_check(d, info, &bad)) && info && bad >= 0)
      info->line = clue_line[bad], info->column = 1;
    pz_kenken_def_order(d);
  }
  pz_labels_free(&labels);
  if (st) {
    pz_kenken_def_free(d);
    return st;
  }
  *out = d;
  return PZ_OK;
}

/* Cage k's label: a..z, A..Z for up to 52 cages, else numbers. */
static void put_label(FILE *out, int k, int ncages) {
  if (ncages > 52) fprintf(out, "%d", k + 1);
  else putc(k < 26 ? 'a' + k : 'A' + k - 26, out);
}

int pz_kenken_write_grid(const kenken_def *d, FILE *out) {
  int n = d->n, cells[MAXC];
  fprintf(out, "%d %d\n", n, n);
  for (int x = 0; x < n * n; x++) {
    put_label(out, d->cage[x], d->ncages);
    putc(x % n == n - 1 ? '\n' : ' ', out);
  }
  for (int k = 0; k < d->ncages; k++) {
    put_label(out, k, d->ncages);
    int one = pz_kenken_cage_cells(d, k, cells) == 1;
    fprintf(out, " %c %d\n", one ? '=' : pz_kenken_op_symbol(d->op[k]), d->target[k]);
  }
  return ferror(out) ? PZ_ERR_IO : PZ_OK;
}
