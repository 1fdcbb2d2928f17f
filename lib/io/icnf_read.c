/* DIMACS and iCNF read back, on the shared lexer: the clauses into a
 * pz_cnf, "c p show" (or "c ind") into its projection, "a ... 0" lines
 * into a list of cubes. */
#include <stdlib.h>
#include <string.h>

#include "core/vec.h"
#include "io/input.h"
#include "pz/icnf.h"

struct pz_icnf {
  pz_cnf *cnf;
  pz_ivec lits;  /* the cubes' literals, one after another */
  size_t *off;   /* cube i is lits[off[i] .. off[i + 1]) */
  size_t ncubes, cap;
};

void pz_icnf_free(pz_icnf *f) {
  if (!f) return;
  pz_cnf_free(f->cnf);
  pz_ivec_free(&f->lits);
  free(f->off);
  free(f);
}

const pz_cnf *pz_icnf_cnf(const pz_icnf *f) { return f ? f->cnf : NULL; }

size_t pz_icnf_num_cubes(const pz_icnf *f) { return f ? f->ncubes : 0; }

const int *pz_icnf_cube(const pz_icnf *f, size_t i, size_t *n) {
  if (n) *n = 0;
  if (!f || i >= f->ncubes) return NULL;
  if (n) *n = f->off[i + 1] - f->off[i];
  /* An empty cube still gets a pointer: NULL means "no such cube". */
  return f->lits.data ? f->lits.data + f->off[i] : (const int *)f->off;
}

/* What the reader has seen so far. */
typedef struct reader {
  pz_icnf *f;
  pz_parse_info *info;
  int header;          /* 0 none, 1 p cnf, 2 p inccnf */
  long long vars, clauses_said;
  size_t header_line, header_col;
  size_t clauses;
  int open;            /* a clause has literals and no 0 yet */
  pz_tok last;         /* its last literal, for the message */
  pz_ivec proj;
  int maxvar;
} reader;

static long long max_var(const reader *r) {
  return r->header == 1 ? r->vars : PZ_CNF_MAX_VAR;
}

static int read_lit(reader *r, pz_tok t, const char *what, long long *v) {
  long long m = max_var(r);
  int st = pz_lex_int(t, -m, m, what, v, r->info);
  if (!st && *v > r->maxvar) r->maxvar = (int)*v;
  if (!st && -*v > r->maxvar) r->maxvar = (int)-*v;
  return st;
}

/* "p cnf V C" or "p inccnf". */
static int header(reader *r, const pz_line *l) {
  size_t pos = 0;
  pz_tok t[5];
  int n = 0;
  while (n < 5 && pz_lex_token(l, &pos, &t[n])) n++;
  if (r->header)
    return pz_parse_fail(r->info, l->no, t[0].col, PZ_ERR_PARSE,
                         "a second 'p' line");
  r->header_line = l->no;
  r->header_col = t[0].col;
  if (n == 2 && t[1].len == 6 && !memcmp(t[1].s, "inccnf", 6)) {
    r->header = 2;
    return PZ_OK;
  }
  if (n >= 2 && t[1].len == 3 && !memcmp(t[1].s, "cnf", 3) && n == 4) {
    int st = pz_lex_int(t[2], 0, PZ_CNF_MAX_VAR, "number of variables", &r->vars,
                        r->info);
    if (!st) st = pz_lex_int(t[3], 0, 2000000000, "number of clauses",
                             &r->clauses_said, r->info);
    r->header = 1;
    return st;
  }
  pz_quoted q = pz_quote(l->s + t[0].col - 1, l->len - (t[0].col - 1));
  return pz_parse_fail(r->info, l->no, t[0].col, PZ_ERR_PARSE,
                       "want 'p cnf VARIABLES CLAUSES' or 'p inccnf', not '%s'",
                       q.s);
}

/* Literals after the first token up to a 0 that ends the line: a cube
 * ("a") or a projection ("c p show", "c ind": positive only). */
static int lits_to_zero(reader *r, const pz_line *l, size_t pos, int positive,
                        const char *what, pz_ivec *out) {
  pz_tok t;
  int closed = 0;
  while (pz_lex_token(l, &pos, &t)) {
    if (closed)
      return pz_parse_fail(r->info, l->no, t.col, PZ_ERR_PARSE,
                           "nothing may follow the 0 that ends the %s", what);
    long long v;
    int st = positive ? pz_lex_int(t, 0, max_var(r), "variable", &v, r->info)
                      : read_lit(r, t, "literal", &v);
    if (st) return st;
    if (!v) {
      closed = 1;
      continue;
    }
    if (positive && v > r->maxvar) r->maxvar = (int)v;
    if ((st = pz_ivec_push(out, (int)v))) return st;
  }
  if (!closed)
    return pz_parse_fail(r->info, l->no, l->len + 1, PZ_ERR_PARSE,
                         "the %s does not end with 0 on its line", what);
  return PZ_OK;
}

static int cube_line(reader *r, const pz_line *l, size_t pos) {
  pz_icnf *f = r->f;
  if (f->ncubes + 2 > f->cap) {
    size_t nc = f->cap ? 2 * f->cap : 64;
    size_t *t = (size_t *)realloc(f->off, nc * sizeof *t);
    if (!t) return PZ_ERR_NOMEM;
    f->off = t;
    f->cap = nc;
  }
  f->off[f->ncubes] = f->lits.len;
  int st = lits_to_zero(r, l, pos, 0, "cube", &f->lits);
  if (st) return st;
  f->off[++f->ncubes] = f->lits.len;
  return PZ_OK;
}

static int clause_line(reader *r, const pz_line *l) {
  size_t pos = 0;
  pz_tok t;
  while (pz_lex_token(l, &pos, &t)) {
    long long v;
    int st = read_lit(r, t, "literal", &v);
    if (!st) st = pz_cnf_add(r->f->cnf, (int)v);
    if (st) return st;
    r->open = v != 0;
    r->last = t;
    if (!v) r->clauses++;
  }
  return PZ_OK;
}

/* A line starting with the word `w`: 1 and *pos after it. */
static int starts_with(const pz_line *l, const char *w, size_t *pos) {
  pz_tok t;
  *pos = 0;
  return pz_lex_token(l, pos, &t) && t.len == strlen(w) && !memcmp(t.s, w, t.len);
}

static int line(reader *r, const pz_line *l) {
  size_t pos;
  pz_tok first = pz_line_trim(l);
  if (!first.len) return PZ_OK;
  if (first.s[0] == 'c') {
    size_t p2 = 0;
    pz_tok t;
    if (!starts_with(l, "c", &pos)) return PZ_OK; /* "c..." glued: a comment */
    p2 = pos;
    if (!pz_lex_token(l, &p2, &t)) return PZ_OK;
    if (t.len == 3 && !memcmp(t.s, "ind", 3))
      return lits_to_zero(r, l, p2, 1, "projection", &r->proj);
    if (t.len == 1 && t.s[0] == 'p' && pz_lex_token(l, &p2, &t) && t.len == 4 &&
        !memcmp(t.s, "show", 4))
      return lits_to_zero(r, l, p2, 1, "projection", &r->proj);
    return PZ_OK;
  }
  if (starts_with(l, "p", &pos)) return header(r, l);
  if (!r->header)
    return pz_parse_fail(r->info, l->no, first.col, PZ_ERR_PARSE,
                         "clauses before the 'p cnf' or 'p inccnf' line");
  if (starts_with(l, "a", &pos)) {
    if (r->open)
      return pz_parse_fail(r->info, l->no, first.col, PZ_ERR_PARSE,
                           "a cube inside a clause (its 0 is missing)");
    return cube_line(r, l, pos);
  }
  return clause_line(r, l);
}

static int finish(reader *r) {
  pz_icnf *f = r->f;
  if (!r->header)
    return pz_parse_fail(r->info, 1, 1, PZ_ERR_PARSE,
                         "no 'p cnf' or 'p inccnf' line");
  if (r->open)
    return pz_parse_fail(r->info, r->last.line, r->last.col + r->last.len,
                         PZ_ERR_PARSE, "the last clause does not end with 0");
  if (r->header == 1 && (long long)r->clauses != r->clauses_said)
    return pz_parse_fail(r->info, r->header_line, r->header_col, PZ_ERR_PARSE,
                         "'p cnf' says %lld clauses, the file has %zu",
                         r->clauses_said, r->clauses);
  /* Every variable counted must be one of the formula's, also those in no
   * clause (each doubles the count): a tautology raises the maximum. */
  long long top = r->header == 1 ? r->vars : r->maxvar;
  for (size_t i = 0; i < r->proj.len; i++)
    if (r->proj.data[i] > top) top = r->proj.data[i];
  int st = PZ_OK;
  if (top > pz_cnf_num_vars(f->cnf)) st = pz_cnf_add2(f->cnf, (int)top, -(int)top);
  if (!st && r->proj.len) {
    /* Each variable once, in the order of first mention. */
    unsigned char *seen = (unsigned char *)calloc((size_t)top + 1, 1);
    if (!seen) return PZ_ERR_NOMEM;
    size_t n = 0;
    for (size_t i = 0; i < r->proj.len; i++)
      if (!seen[r->proj.data[i]]++) r->proj.data[n++] = r->proj.data[i];
    free(seen);
    st = pz_cnf_set_projection(f->cnf, r->proj.data, n, 0);
  }
  if (!st && !f->off && !(f->off = (size_t *)calloc(1, sizeof *f->off)))
    st = PZ_ERR_NOMEM;
  return st;
}

int pz_icnf_parse(pz_icnf **out, const char *buf, size_t len,
                  pz_parse_info *info) {
  if (out) *out = NULL;
  if (info) memset(info, 0, sizeof *info);
  if (!out || (!buf && len)) return PZ_ERR_ARG;
  pz_icnf *f = (pz_icnf *)calloc(1, sizeof *f);
  if (!f) return PZ_ERR_NOMEM;
  int st = pz_cnf_new(&f->cnf);
  reader r;
  memset(&r, 0, sizeof r);
  r.f = f;
  r.info = info;
  pz_lexer lx;
  pz_lex_init(&lx, buf ? buf : "", len);
  pz_line l;
  while (!st && pz_lex_line(&lx, &l)) {
    if ((st = pz_line_check(&l, info))) break;
    /* SATLIB's files end with a line "%" (and a stray "0"). */
    pz_tok t = pz_line_trim(&l);
    if (t.len == 1 && t.s[0] == '%') break;
    st = line(&r, &l);
  }
  if (!st) st = finish(&r);
  pz_ivec_free(&r.proj);
  if (st) {
    pz_icnf_free(f);
    return st;
  }
  *out = f;
  return PZ_OK;
}

static int parse_for_stream(const char *buf, size_t len, pz_icnf **out,
                            pz_parse_info *info) {
  return pz_icnf_parse(out, buf, len, info);
}

static PZ_READ_THROUGH(read_through, pz_icnf, parse_for_stream)

int pz_icnf_read(pz_icnf **out, FILE *in, pz_parse_info *info) {
  return read_through(in, out, info);
}
