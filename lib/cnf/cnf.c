#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cnf/cnf_impl.h"
#include "core/vec.h"

struct pz_cnf {
  pz_ivec lits;   /* clauses, each ended by 0; auxiliaries stored tagged */
  pz_ivec proj;   /* projection variables */
  pz_ivec out;    /* lits with numbered auxiliaries, for pz_cnf_data */
  int out_valid;
  unsigned proj_flags;
  int has_proj;
  int max_var;    /* largest caller variable */
  int aux;        /* auxiliaries so far */
  size_t clauses;
  size_t open;    /* literals in the clause being built */
  int status;     /* first error (sticky) */
  pz_ivec origins; /* per clause, when tracked: the tag set at its end */
  int origin;      /* the current tag */
  int track;       /* origins are kept */
};

int pz_cnf_new(pz_cnf **out) {
  if (!out) return PZ_ERR_ARG;
  *out = (pz_cnf *)calloc(1, sizeof(pz_cnf));
  return *out ? PZ_OK : PZ_ERR_NOMEM;
}

void pz_cnf_free(pz_cnf *cnf) {
  if (!cnf) return;
  pz_ivec_free(&cnf->lits);
  pz_ivec_free(&cnf->proj);
  pz_ivec_free(&cnf->out);
  pz_ivec_free(&cnf->origins);
  free(cnf);
}

void pz_cnf_clear(pz_cnf *cnf) {
  if (!cnf) return;
  cnf->lits.len = 0;
  cnf->proj.len = 0;
  cnf->proj_flags = 0;
  cnf->has_proj = 0;
  cnf->max_var = 0;
  cnf->aux = 0;
  cnf->out_valid = 0;
  cnf->clauses = 0;
  cnf->open = 0;
  cnf->status = PZ_OK;
  cnf->origins.len = 0;
  cnf->origin = 0;
}

static int fail(pz_cnf *cnf, int st) {
  if (cnf->status == PZ_OK) cnf->status = st;
  return st;
}

int pz_cnf_new_vars(pz_cnf *cnf, int count, int *first) {
  if (!cnf || count < 0 || !first) return PZ_ERR_ARG;
  if (count > PZ_CNF_MAX_VAR - cnf->max_var) return fail(cnf, PZ_ERR_TOO_LARGE);
  *first = cnf->max_var + 1;
  cnf->max_var += count;
  cnf->out_valid = 0;
  return PZ_OK;
}

int pz_cnf_new_aux(pz_cnf *cnf, long long count, int *first) {
  *first = 0;
  if (count == 0) return PZ_OK;
  if (count < 0 || count > PZ_CNF_MAX_VAR - cnf->aux)
    return fail(cnf, PZ_ERR_TOO_LARGE);
  *first = PZ_CNF_AUX_BASE + cnf->aux;
  cnf->aux += (int)count;
  cnf->out_valid = 0;
  return PZ_OK;
}

int pz_cnf_num_aux(const pz_cnf *cnf) { return cnf->aux; }

const int *pz_cnf_raw(const pz_cnf *cnf, size_t *len) {
  *len = cnf->lits.len - cnf->open;
  return cnf->lits.data;
}
int pz_cnf_max_user_var(const pz_cnf *cnf) { return cnf->max_var; }

void pz_cnf_track_origins(pz_cnf *cnf) {
  if (cnf->track) return;
  cnf->track = 1;
  /* Clauses from before are of no known origin. */
  cnf->origins.len = 0;
  if (pz_ivec_reserve(&cnf->origins, cnf->clauses + 1)) {
    cnf->track = 0;
    fail(cnf, PZ_ERR_NOMEM);
    return;
  }
  memset(cnf->origins.data, 0, cnf->clauses * sizeof(int));
  cnf->origins.len = cnf->clauses;
}

void pz_cnf_set_origin(pz_cnf *cnf, int tag) { cnf->origin = tag; }

const int *pz_cnf_origins(const pz_cnf *cnf) {
  return cnf->track ? cnf->origins.data : NULL;
}

int pz_cnf_put(pz_cnf *cnf, int lit) {
  int st = pz_ivec_push(&cnf->lits, lit);
  if (st) return fail(cnf, st);
  cnf->out_valid = 0;
  if (lit == 0) {
    if (cnf->track && (st = pz_ivec_push(&cnf->origins, cnf->origin))) {
      cnf->lits.len--;
      return fail(cnf, st);
    }
    cnf->clauses++;
    cnf->open = 0;
  } else {
    int var = lit < 0 ? -lit : lit;
    if (var > cnf->max_var && var < PZ_CNF_AUX_BASE) cnf->max_var = var;
    cnf->open++;
  }
  return PZ_OK;
}

static int user_lit_ok(int lit) {
  return lit >= -PZ_CNF_MAX_VAR && lit <= PZ_CNF_MAX_VAR;
}

int pz_cnf_add(pz_cnf *cnf, int lit) {
  if (!cnf) return PZ_ERR_ARG;
  if (!user_lit_ok(lit)) return fail(cnf, PZ_ERR_RANGE);
  return pz_cnf_put(cnf, lit);
}

int pz_cnf_add_clause(pz_cnf *cnf, const int *lits, size_t n) {
  if (!cnf || (n && !lits)) return PZ_ERR_ARG;
  /* Check first, so a bad literal never leaves half a clause behind. */
  for (size_t i = 0; i < n; i++) {
    if (lits[i] == 0) return fail(cnf, PZ_ERR_ARG);
    if (!user_lit_ok(lits[i])) return fail(cnf, PZ_ERR_RANGE);
  }
  int st = pz_ivec_reserve(&cnf->lits, n + 1);
  if (st) return fail(cnf, st);
  for (size_t i = 0; i < n; i++) pz_cnf_put(cnf, lits[i]);
  return pz_cnf_put(cnf, 0);
}

int pz_cnf_add1(pz_cnf *cnf, int a) { return pz_cnf_add_clause(cnf, &a, 1); }

int pz_cnf_add2(pz_cnf *cnf, int a, int b) {
  int c[2] = {a, b};
  return pz_cnf_add_clause(cnf, c, 2);
}

int pz_cnf_add3(pz_cnf *cnf, int a, int b, int c) {
  int cl[3] = {a, b, c};
  return pz_cnf_add_clause(cnf, cl, 3);
}

int pz_cnf_status(const pz_cnf *cnf) { return cnf ? cnf->status : PZ_ERR_ARG; }
int pz_cnf_num_vars(const pz_cnf *cnf) {
  return cnf ? cnf->max_var + cnf->aux : 0;
}
size_t pz_cnf_num_clauses(const pz_cnf *cnf) { return cnf ? cnf->clauses : 0; }

size_t pz_cnf_num_literals(const pz_cnf *cnf) {
  if (!cnf) return 0;
  return cnf->lits.len - cnf->clauses - cnf->open;
}

const int *pz_cnf_data(const pz_cnf *cnf, size_t *len) {
  if (!cnf) {
    if (len) *len = 0;
    return NULL;
  }
  /* An unfinished clause is not part of the formula yet. */
  size_t n = cnf->lits.len - cnf->open;
  if (len) *len = n;
  if (!cnf->aux) return cnf->lits.data;
  /* The buffer is logically const: the numbered copy is a cache. */
  pz_cnf *c = (pz_cnf *)cnf;
  if (!c->out_valid) {
    c->out.len = 0;
    int st = pz_ivec_reserve(&c->out, n);
    if (st) {
      fail(c, st);
      if (len) *len = 0;
      return NULL;
    }
    for (size_t i = 0; i < n; i++)
      c->out.data[i] = pz_cnf_out_lit(c->lits.data[i], c->max_var);
    c->out.len = n;
    c->out_valid = 1;
  }
  return c->out.data;
}

int pz_cnf_set_projection(pz_cnf *cnf, const int *vars, size_t n,
                          unsigned flags) {
  if (!cnf || (n && !vars)) return PZ_ERR_ARG;
  for (size_t i = 0; i < n; i++)
    if (vars[i] <= 0 || vars[i] > PZ_CNF_MAX_VAR) return PZ_ERR_ARG;
  /* Reserve before touching the old projection, which a failure keeps. */
  int st = pz_ivec_reserve(&cnf->proj, n > cnf->proj.len ? n - cnf->proj.len : 0);
  if (st) return fail(cnf, st);
  cnf->proj.len = 0;
  if (n) memcpy(cnf->proj.data, vars, n * sizeof(int));
  cnf->proj.len = n;
  for (size_t i = 0; i < n; i++)
    if (vars[i] > cnf->max_var) cnf->max_var = vars[i];
  cnf->proj_flags = flags;
  cnf->has_proj = 1;
  cnf->out_valid = 0;
  return PZ_OK;
}

const int *pz_cnf_projection(const pz_cnf *cnf, size_t *n, unsigned *flags) {
  if (n) *n = (cnf && cnf->has_proj) ? cnf->proj.len : 0;
  if (flags) *flags = (cnf && cnf->has_proj) ? cnf->proj_flags : 0;
  if (!cnf || !cnf->has_proj) return NULL;
  return cnf->proj.data ? cnf->proj.data : (const int *)"";
}

int pz_cnf_write_dimacs(const pz_cnf *cnf, FILE *out) {
  if (!cnf || !out) return PZ_ERR_ARG;
  if (cnf->status) return cnf->status; /* never write a broken formula */
  size_t len = cnf->lits.len - cnf->open;
  const int *d = cnf->lits.data;
  if (fprintf(out, "p cnf %d %zu\n", pz_cnf_num_vars(cnf), cnf->clauses) < 0)
    return PZ_ERR_IO;
  if (cnf->has_proj) {
    /* Projected model counters read "c ind" lines of bounded length. */
    fputs("c ind", out);
    for (size_t i = 0; i < cnf->proj.len; i++) {
      fprintf(out, " %d", cnf->proj.data[i]);
      if (i % 16 == 15 && i + 1 < cnf->proj.len) fputs(" 0\nc ind", out);
    }
    fputs(" 0\n", out);
  }
  char buf[16];
  for (size_t i = 0; i < len; i++) {
    int x = pz_cnf_out_lit(d[i], cnf->max_var);
    if (x == 0) {
      if (putc('0', out) == EOF || putc('\n', out) == EOF) return PZ_ERR_IO;
      continue;
    }
    /* Hand-rolled formatting: fprintf dominates large dumps otherwise. */
    char *p = buf + sizeof buf;
    *--p = ' ';
    unsigned u = x < 0 ? (unsigned)-(long)x : (unsigned)x;
    do *--p = (char)('0' + u % 10); while (u /= 10);
    if (x < 0) *--p = '-';
    if (fwrite(p, 1, (size_t)(buf + sizeof buf - p), out) == 0)
      return PZ_ERR_IO;
  }
  if (fflush(out) != 0 || ferror(out)) return PZ_ERR_IO;
  return PZ_OK;
}
