/* Killer Sudoku text, the janko.at layout: "R C", R rows of sums ('-' or
 * the cage's sum in one of its cells), R rows of cage labels (names: any
 * number or word of letters and digits; '-' = no cage), optionally R rows of givens ('-' or 1..n). Blank lines and '#'
 * lines are skipped. The format is in docs/KILLER.md. */
#include <stdlib.h>
#include <string.h>

#include "kinds/kind_impl.h"
#include "io/input.h"
#include "pz/killer.h"
#include "kinds/killer/killer_impl.h"

struct pz_killer_def {
  int n, box_rows, box_cols, ncages;
  int *cages, *sums, *givens;
  unsigned variants; /* Sudoku variant rules (PZ_SUDOKU_*), 0: none */
};

void pz_killer_def_free(pz_killer_def *d) {
  if (!d) return;
  free(d->cages);
  free(d->sums);
  free(d->givens);
  free(d);
}

/* The grids as read, and where each sum stood (the cage labels keep their
 * own tokens). */
typedef struct parser {
  pz_parse_info *info;
  pz_killer_def *d;
  int rows;           /* grid rows read so far (sums, cages, givens) */
  int *sum;           /* n*n: sum written in the cell, 0 for '-' */
  int *label;         /* n*n: 1 + the label's id, 0 for '-' */
  pz_labels labels;   /* the cage labels, by first appearance */
  size_t *line;       /* n: line of each row of sums */
  size_t *col;        /* n*n: column of each sum token */
} parser;

static const char *const grid_names[3] = {"sums", "cages", "givens"};

/* A cage label: 1 + its id (ids by first appearance). */
static int cage_label(parser *ps, pz_tok t, int *out) {
  if (!pz_label_ok(t))
    return pz_parse_fail(ps->info, t.line, t.col, PZ_ERR_PARSE,
                         "'%s' is not a cage label (a number or a name of "
                         "letters and digits; '-' for a cell in no cage)",
                         pz_quote(t.s, t.len).s);
  *out = 1 + pz_labels_id(&ps->labels, t); /* at most n*n: never full */
  return PZ_OK;
}

/* One row of the grid: n tokens, '-' or a sum, a cage label or a given. */
static int grid_row(parser *ps, const pz_line *l) {
  pz_killer_def *d = ps->d;
  int n = d->n, part = ps->rows / n, r = ps->rows % n;
  long long hi = part == 0 ? (long long)n * (n + 1) / 2 : n;
  static const char *const what[3] = {"sum", "cage label", "given"};
  size_t pos = 0, at = (size_t)r * (size_t)n;
  pz_tok t;
  int k = 0;
  if (part == 0) ps->line[r] = l->no;
  while (pz_lex_token(l, &pos, &t)) {
    if (k == n)
      return pz_parse_fail(ps->info, l->no, t.col, PZ_ERR_PARSE,
                           "more than %d cells in this row of %s", n,
                           grid_names[part]);
    long long v = 0;
    int label = 0, st = PZ_OK;
    if (t.len == 1 && t.s[0] == '-') v = 0;
    else if (part == 1) st = cage_label(ps, t, &label);
    else st = pz_lex_int(t, 1, hi, what[part], &v, ps->info);
    if (st) return st;
    if (part == 0) ps->sum[at + (size_t)k] = (int)v;
    else if (part == 1) ps->label[at + (size_t)k] = label;
    else d->givens[at + (size_t)k] = (int)v;
    if (part == 0) ps->col[at + (size_t)k] = t.col;
    k++;
  }
  if (k < n)
    return pz_parse_fail(ps->info, l->no, l->len + 1, PZ_ERR_PARSE,
                         "this row of %s has %d cells, expected %d",
                         grid_names[part], k, n);
  ps->rows++;
  return PZ_OK;
}

/* The header "R C": a square of side n. */
static int header(parser *ps, const pz_line *l) {
  size_t pos = 0;
  pz_tok tr = {NULL, 0, l->no, 1}, tc = {NULL, 0, l->no, 1}, extra;
  int r, c, st;
  pz_lex_token(l, &pos, &tr);
  if (!pz_lex_token(l, &pos, &tc)) tc.col = l->len + 1;
  if ((st = pz_lex_size(tr, "rows", PZ_KILLER_MAX_SIZE, &r, ps->info)) ||
      (st = pz_lex_size(tc, "columns", PZ_KILLER_MAX_SIZE, &c, ps->info)))
    return st;
  if (r != c)
    return pz_parse_fail(ps->info, l->no, tc.col, PZ_ERR_PARSE,
                         "a Killer Sudoku is square: %d rows but %d columns",
                         r, c);
  if (pz_lex_token(l, &pos, &extra))
    return pz_parse_fail(ps->info, l->no, extra.col, PZ_ERR_PARSE,
                         "unexpected '%s' after the header 'R C'",
                         pz_quote(extra.s, extra.len).s);
  pz_killer_def *d = ps->d;
  size_t cells = (size_t)r * (size_t)r;
  d->n = r;
  d->cages = (int *)malloc(cells * sizeof(int));
  d->givens = (int *)calloc(cells, sizeof(int));
  ps->sum = (int *)malloc(cells * sizeof(int));
  ps->label = (int *)malloc(cells * sizeof(int));
  ps->line = (size_t *)malloc((size_t)r * sizeof(size_t));
  ps->col = (size_t *)malloc(cells * sizeof(size_t));
  if (!d->cages || !d->givens || !ps->sum || !ps->label || !ps->line || !ps->col ||
      pz_labels_init(&ps->labels, r * r))
    return PZ_ERR_NOMEM;
  /* The default box: square, or the most square r x c with r <= c. */
  int br = 1;
  for (int i = 1; (long long)i * i <= r; i++)
    if (r % i == 0) br = i;
  d->box_rows = br;
  d->box_cols = r / br;
  return PZ_OK;
}

/* The cage label as written, for messages. */
static pz_quoted cage_name(const parser *ps, int cage) {
  pz_tok t = ps->labels.first[cage];
  return pz_quote(t.s, t.len);
}

/* The cages are the labels' ids (by first appearance); checks that each
 * has exactly one sum cell. */
static int cages(parser *ps) {
  pz_killer_def *d = ps->d;
  int n = d->n;
  size_t cells = (size_t)n * (size_t)n;
  d->ncages = ps->labels.count;
  int *first = (int *)malloc((cells + 1) * sizeof(int));  /* cage -> cell */
  int *sum_at = (int *)malloc((cells + 1) * sizeof(int)); /* cage -> cell */
  d->sums = (int *)malloc((cells + 1) * sizeof(int));
  int st = first && sum_at && d->sums ? PZ_OK : PZ_ERR_NOMEM;
  for (int c = 0; c < d->ncages && !st; c++) first[c] = sum_at[c] = -1;
  for (size_t x = 0; x < cells && !st; x++) {
    int c = ps->label[x] - 1, r = (int)(x / (size_t)n);
    d->cages[x] = c < 0 ? PZ_KILLER_NO_CAGE : c;
    if (c >= 0 && first[c] < 0) first[c] = (int)x;
    if (!ps->sum[x]) continue;
    if (c < 0)
      st = pz_parse_fail(ps->info, ps->line[r], ps->col[x], PZ_ERR_PARSE,
                         "sum %d at r%dc%d is in no cage ('-' in the cage "
                         "grid)", ps->sum[x], r + 1, (int)(x % (size_t)n) + 1);
    else if (sum_at[c] >= 0) {
      int y = sum_at[c];
      st = pz_parse_fail(ps->info, ps->line[r], ps->col[x], PZ_ERR_PARSE,
                         "cage %s has a second sum cell (its first is %d at "
                         "r%dc%d)", cage_name(ps, c).s, ps->sum[y], y / n + 1,
                         y % n + 1);
    }
    if (c >= 0) {
      sum_at[c] = (int)x;
      d->sums[c] = ps->sum[x];
    }
  }
  for (int c = 0; c < d->ncages && !st; c++)
    if (sum_at[c] < 0) {
      pz_tok t = ps->labels.first[c];
      st = pz_parse_fail(ps->info, t.line, t.col, PZ_ERR_PARSE,
                         "cage %s has no sum cell (no sum in its cells, the "
                         "first at r%dc%d)", cage_name(ps, c).s,
                         first[c] / n + 1, first[c] % n + 1);
    }
  free(first);
  free(sum_at);
  return st;
}

int pz_killer_parse(const char *text, size_t len, pz_killer_def **out,
                    pz_parse_info *info) {
  if (!out || (!text && len)) return PZ_ERR_ARG;
  *out = NULL;
  if (info) memset(info, 0, sizeof *info);
  parser ps;
  memset(&ps, 0, sizeof ps);
  ps.info = info;
  ps.d = (pz_killer_def *)calloc(1, sizeof *ps.d);
  if (!ps.d) return PZ_ERR_NOMEM;
  int st = PZ_OK, seen_header = 0;
  pz_lexer lx;
  pz_line ln;
  pz_lex_init(&lx, text, len);
  while (!st && pz_lex_line(&lx, &ln)) {
    if ((st = pz_line_check(&ln, info))) break;
    pz_tok t = pz_line_trim(&ln);
    if (!t.len || t.s[0] == '#') continue;
    if (!seen_header) {
      seen_header = 1;
      st = header(&ps, &ln);
    } else if (ps.rows == 3 * ps.d->n) {
      st = pz_parse_fail(info, ln.no, t.col, PZ_ERR_PARSE,
                         "text after the puzzle (%d rows of sums, cages and "
                         "givens; one puzzle per input)", ps.d->n);
    } else {
      st = grid_row(&ps, &ln);
    }
  }
  /* Where the input ends: after a final newline, the line after it. */
  size_t eof = lx.no + (len && text[len - 1] == '\n' ? 1 : 0);
  if (!lx.no) eof = 1;
  int n = ps.d->n;
  if (!st && !seen_header)
    st = pz_parse_fail(info, eof, 1, PZ_ERR_PARSE,
                       "no puzzle: expected a header 'R C'");
  else if (!st && ps.rows < 2 * n)
    st = pz_parse_fail(info, eof, 1, PZ_ERR_PARSE,
                       "the input ends after %d of %d rows of %s", ps.rows % n,
                       n, grid_names[ps.rows / n]);
  else if (!st && ps.rows > 2 * n && ps.rows < 3 * n)
    st = pz_parse_fail(info, eof, 1, PZ_ERR_PARSE,
                       "the input ends after %d of %d rows of givens",
                       ps.rows - 2 * n, n);
  if (!st) st = cages(&ps);
  free(ps.sum);
  free(ps.label);
  free(ps.line);
  free(ps.col);
  pz_labels_free(&ps.labels);
  if (st) pz_killer_def_free(ps.d);
  else *out = ps.d;
  return st;
}

PZ_READ_THROUGH(pz_killer_read, pz_killer_def, pz_killer_parse)

int pz_killer_def_size(const pz_killer_def *d) { return d ? d->n : 0; }

void pz_killer_def_box(const pz_killer_def *d, int *box_rows, int *box_cols) {
  if (box_rows) *box_rows = d ? d->box_rows : 0;
  if (box_cols) *box_cols = d ? d->box_cols : 0;
}

int pz_killer_def_set_box(pz_killer_def *d, int box_rows, int box_cols) {
  if (!d || box_rows < 1 || box_cols < 1 || (long long)box_rows * box_cols != d->n)
    return PZ_ERR_ARG;
  d->box_rows = box_rows;
  d->box_cols = box_cols;
  return PZ_OK;
}

const int *pz_killer_def_cages(const pz_killer_def *d, int *ncages) {
  if (ncages) *ncages = d ? d->ncages : 0;
  return d ? d->cages : NULL;
}

const int *pz_killer_def_sums(const pz_killer_def *d) { return d ? d->sums : NULL; }

const int *pz_killer_def_givens(const pz_killer_def *d) { return d ? d->givens : NULL; }

int pz_killer_from_def(pz_puzzle **out, const pz_killer_def *d) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!d) return PZ_ERR_ARG;
  int st = pz_killer_new_variants(out, d->box_rows, d->box_cols, d->cages,
                                  d->sums, d->ncages, d->variants);
  return pz_kind_puzzle_made(st, d->givens, out);
}

void pz_killer_def_set_variants(pz_killer_def *d, unsigned variants) {
  d->variants = variants;
}

unsigned pz_killer_def_variants(const pz_killer_def *d) { return d->variants; }

/* A definition of the given arrays (copied), for generated puzzles. */
int pz_killer_def_make(pz_killer_def **out, int box_rows, int box_cols,
                       const int *cages, const int *sums, int ncages,
                       const int *givens) {
  int n = box_rows * box_cols;
  size_t cells = (size_t)n * (size_t)n;
  pz_killer_def *d = (pz_killer_def *)calloc(1, sizeof *d);
  if (!d) return PZ_ERR_NOMEM;
  d->n = n, d->box_rows = box_rows, d->box_cols = box_cols, d->ncages = ncages;
  d->cages = (int *)malloc(cells * sizeof(int));
  d->sums = (int *)malloc((ncages ? (size_t)ncages : 1) * sizeof(int));
  d->givens = (int *)calloc(cells, sizeof(int));
  if (!d->cages || !d->sums || !d->givens) {
    pz_killer_def_free(d);
    return PZ_ERR_NOMEM;
  }
  memcpy(d->cages, cages, cells * sizeof(int));
  if (ncages) memcpy(d->sums, sums, (size_t)ncages * sizeof(int));
  if (givens) memcpy(d->givens, givens, cells * sizeof(int));
  *out = d;
  return PZ_OK;
}

/* The janko.at layout of d, its givens replaced by cells when not NULL:
 * the header, the sums (in each cage's first cell), the cage numbers, the
 * givens when there are any. */
int pz_killer_def_write(const pz_killer_def *d, const int *cells, FILE *out) {
  int n = d->n;
  size_t all = (size_t)n * (size_t)n;
  const int *g = cells ? cells : d->givens;
  int any = 0;
  fprintf(out, "%d %d\n", n, n);
  for (size_t c = 0; c < all; c++) {
    int first = d->cages[c] >= 0;
    for (size_t e = 0; e < c && first; e++) first = d->cages[e] != d->cages[c];
    if (first) fprintf(out, "%d", d->sums[d->cages[c]]);
    else putc('-', out);
    putc(c % (size_t)n == (size_t)n - 1 ? '\n' : ' ', out);
    any |= g[c] != 0;
  }
  for (size_t c = 0; c < all; c++) {
    if (d->cages[c] >= 0) fprintf(out, "%d", d->cages[c] + 1);
    else putc('-', out);
    putc(c % (size_t)n == (size_t)n - 1 ? '\n' : ' ', out);
  }
  for (size_t c = 0; c < all && any; c++) {
    if (g[c]) fprintf(out, "%d", g[c]);
    else putc('-', out);
    putc(c % (size_t)n == (size_t)n - 1 ? '\n' : ' ', out);
  }
  return ferror(out) ? PZ_ERR_IO : PZ_OK;
}
