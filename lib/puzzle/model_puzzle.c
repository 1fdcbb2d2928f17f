/* A model as a puzzle: the shared solving code (limits, strategies,
 * enumeration, uniqueness) over a copy of the model, one cell per
 * variable. The puzzle's givens are more fixed values. Three encodings are
 * kept apart: the fresh one (rules and givens), the rules alone (for a
 * reused solver, the givens then assumed) and the propagation that tries
 * to answer without a solver; decoding reads the one last used. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enum/cells.h"
#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "puzzle/puzzle_impl.h"

typedef struct mpuzzle {
  pz_puzzle_ops ops;   /* model_ops with the kind's name */
  pz_model *m;         /* the copy */
  pz_menc fresh, rules, pre;
  const pz_menc *last; /* the encoding the solver holds */
  int *fix;            /* the givens as fixed values */
  void *data;          /* the kind's own */
  void (*data_free)(void *);
  const pz_model_clues *clues; /* givens that shape the rules, or NULL */
  int *built;          /* the givens m was built for (clues) */
  int built_ok;
} mpuzzle;

static mpuzzle *mp(const pz_puzzle *p) { return (mpuzzle *)p->impl; }

static int copy_ivec(pz_ivec *to, const pz_ivec *from) {
  to->len = 0;
  int st = pz_ivec_reserve(to, from->len ? from->len : 1);
  if (st) return st;
  if (from->len) memcpy(to->data, from->data, from->len * sizeof(int));
  to->len = from->len;
  return PZ_OK;
}

static int copy_model(pz_model **out, const pz_model *m) {
  int st = pz_model_new(out);
  if (!st) st = copy_ivec(&(*out)->lo, &m->lo);
  if (!st) st = copy_ivec(&(*out)->hi, &m->hi);
  if (!st) st = copy_ivec(&(*out)->fixed, &m->fixed);
  if (!st) st = copy_ivec(&(*out)->isbool, &m->isbool);
  if (!st) st = copy_ivec(&(*out)->code, &m->code);
  if (!st) st = copy_ivec(&(*out)->start, &m->start);
  if (!st) st = copy_ivec(&(*out)->label, &m->label);
  if (!st) st = copy_ivec(&(*out)->names, &m->names);
  if (!st) (*out)->cur_label = m->cur_label;
  if (st) {
    pz_model_free(*out);
    *out = NULL;
  }
  return st;
}

static int mp_given_ok(const pz_puzzle *p, int cell, int value) {
  const pz_model *m = mp(p)->m;
  return value >= m->lo.data[cell] && value <= m->hi.data[cell];
}

/* The givens as fixed values (0 = none). */
static const int *givens(pz_puzzle *p) {
  mpuzzle *q = mp(p);
  int n = (int)q->m->lo.len;
  for (int x = 0; x < n; x++)
    q->fix[x] = p->givens[x] ? p->givens[x] : PZ_MODEL_FREE;
  return q->fix;
}

static void drop_encodings(mpuzzle *q) {
  pz_menc_free(&q->fresh);
  pz_menc_free(&q->rules);
  pz_menc_free(&q->pre);
  q->last = NULL;
}

/* Clues: the rules of the current givens, built when they changed. */
static int refresh(pz_puzzle *p) {
  mpuzzle *q = mp(p);
  size_t n = q->m->lo.len;
  if (q->built_ok && !memcmp(q->built, p->givens, n * sizeof(int)))
    return PZ_OK;
  pz_model *m = NULL;
  int st = q->clues->build(q->data, p->givens, &m);
  if (!st && (size_t)pz_model_num_vars(m) != n) st = PZ_ERR_STATE;
  if (st) {
    pz_model_free(m);
    return st;
  }
  drop_encodings(q);
  pz_model_free(q->m);
  q->m = m;
  memcpy(q->built, p->givens, n * sizeof(int));
  q->built_ok = 1;
  return PZ_OK;
}

static int encode_into(pz_puzzle *p, pz_menc *e, const int *extra,
                       int propagate, pz_cnf *cnf) {
  mpuzzle *q = mp(p);
  if (q->clues) {
    int st = refresh(p);
    if (st) return st;
    extra = NULL; /* the givens are in the rules */
  }
  q->last = e;
  int st = pz_menc_precheck(q->m, extra, !propagate, p->opt.amo, p->opt.card);
  if (!st) st = pz_menc_prepare(e, q->m, extra, propagate, p->poll);
  if (!st) st = pz_menc_emit(e, cnf, p->opt.amo, p->opt.card, p->poll);
  if (st == PZ_STOPPED) e->encoded = 0;
  return st;
}

static int mp_encode(pz_puzzle *p, pz_cnf *cnf) {
  return encode_into(p, &mp(p)->fresh, givens(p), 1, cnf);
}

static int mp_encode_full(pz_puzzle *p, pz_cnf *cnf) {
  return encode_into(p, &mp(p)->fresh, givens(p), 0, cnf);
}

static int mp_encode_rules(pz_puzzle *p, pz_cnf *cnf) {
  return encode_into(p, &mp(p)->rules, NULL, 1, cnf);
}

/* One assumption per given: "x takes v" in the rules' encoding. A given
 * the rules already exclude makes the call answer "no solution". */
static int mp_given_lits(pz_puzzle *p, pz_ivec *out) {
  mpuzzle *q = mp(p);
  q->last = &q->rules;
  const int *g = givens(p);
  for (int x = 0; x < q->rules.nvars; x++) {
    if (g[x] == PZ_MODEL_FREE) continue;
    int l = pz_menc_lit(&q->rules, x, g[x]);
    if (l == PZ_MLIT_TRUE) continue;
    if (l == PZ_MLIT_FALSE || q->rules.conflict) return PZ_GIVENS_CONTRADICT;
    int st = pz_ivec_push(out, l);
    if (st) return st;
  }
  return q->rules.conflict ? PZ_GIVENS_CONTRADICT : PZ_OK;
}

/* Propagation alone: 1 when it decides every variable (grid gets the only
 * solution), -1 when the givens contradict the rules, 0 otherwise. */
static int mp_presolve(pz_puzzle *p, int *grid, int *solved) {
  mpuzzle *q = mp(p);
  *solved = 0;
  int st = pz_menc_prepare(&q->pre, q->m, givens(p), 1, p->poll);
  if (st == PZ_STOPPED) return PZ_OK; /* the solver's turn decides */
  if (st) return st;
  if (q->pre.conflict) {
    *solved = -1;
    return PZ_OK;
  }
  for (int x = 0; x < q->pre.nvars; x++)
    if (q->pre.value[x] == PZ_MODEL_FREE) return PZ_OK;
  for (int x = 0; x < q->pre.nvars; x++) grid[x] = q->pre.value[x];
  /* Sums and tables are not propagated: the one assignment left must
   * still satisfy them (and the givens). */
  *solved = pz_model_satisfied(q->m, grid) ? 1 : -1;
  for (int x = 0; x < q->pre.nvars && *solved > 0; x++)
    if (p->givens[x] && grid[x] != p->givens[x]) *solved = -1;
  return PZ_OK;
}

static void mp_decode(pz_puzzle *p, int (*val)(const void *ctx, int var),
                      const void *ctx, int *grid) {
  mpuzzle *q = mp(p);
  pz_menc_decode(q->last ? q->last : &q->fresh, val, ctx, grid);
}

static int mp_var_meaning(const pz_puzzle *p, int var, int *cell, int *value) {
  const mpuzzle *q = mp(p);
  return pz_menc_var_meaning(q->last ? q->last : &q->fresh, var, cell, value);
}

static int mp_decided(const pz_puzzle *p, int *grid) {
  const mpuzzle *q = mp(p);
  const pz_menc *e = q->last ? q->last : &q->fresh;
  if (!e->encoded) return PZ_ERR_STATE;
  for (int x = 0; x < e->nvars; x++)
    grid[x] = e->conflict || e->value[x] == PZ_MODEL_FREE ? -1 : e->value[x];
  return PZ_OK;
}

/* Two givens that break one all-different or relation by themselves. */
static int mp_check_givens(pz_puzzle *p, pz_parse_info *info) {
  const pz_model *m = mp(p)->m;
  const int *g = p->givens;
  /* seen[v - lo]: the member of the current group given v, + 1, stamped
   * with the group so it need not be cleared. */
  long long range = 1;
  for (size_t x = 0; x < m->lo.len; x++)
    if ((long long)m->hi.data[x] + 1 > range) range = (long long)m->hi.data[x] + 1;
  int *seen = (int *)calloc((size_t)range * 2, sizeof(int));
  if (!seen) return PZ_ERR_NOMEM;
  int st = PZ_OK;
  for (size_t r = 0; r < m->start.len && !st; r++) {
    const int *c = m->code.data + m->start.data[r];
    int a = -1, b = -1;
    if (c[0] == MC_ALLDIFF) {
      for (int i = 0; i < c[1] && a < 0; i++) {
        int v = g[c[2 + i]];
        if (v <= 0) continue;
        if (seen[2 * v] == (int)r + 1) a = seen[2 * v + 1], b = c[2 + i];
        seen[2 * v] = (int)r + 1;
        seen[2 * v + 1] = c[2 + i];
      }
    } else if ((c[0] == MC_REL || c[0] == MC_ABS) && g[c[1]] && g[c[2]] &&
               !pz_model_pair_ok(c, g[c[1]], g[c[2]])) {
      a = c[1], b = c[2];
    }
    if (a < 0) continue;
    if (a > b) {
      int t = a;
      a = b;
      b = t;
    }
    if (info) {
      int cols = p->cols;
      info->line = (size_t)(b / cols) + 1;
      info->column = (size_t)(b % cols) + 1;
      /* The rule by the name the kind gave it ("row 3", "box 2", "the
       * sign between r1c1 and r1c2"); no values: a program may write them
       * in its own notation (.pls symbols count from 0). */
      char name[PZ_MODEL_MAX_LABEL + 1];
      const char *rule = pz_model_record_label(m, r, name, sizeof name);
      if (c[0] == MC_ALLDIFF)
        snprintf(info->message, sizeof info->message,
                 "r%dc%d and r%dc%d hold the same given in %s", a / cols + 1,
                 a % cols + 1, b / cols + 1, b % cols + 1,
                 rule ? rule : "one group");
      else
        snprintf(info->message, sizeof info->message,
                 "the givens at r%dc%d and r%dc%d break %s", a / cols + 1,
                 a % cols + 1, b / cols + 1, b % cols + 1,
                 rule ? rule : "a rule between them");
    }
    st = PZ_ERR_CONFLICT;
  }
  free(seen);
  return st;
}

static void mp_destroy(pz_puzzle *p) {
  mpuzzle *q = mp(p);
  if (!q) return;
  pz_menc_free(&q->fresh);
  pz_menc_free(&q->rules);
  pz_menc_free(&q->pre);
  pz_model_free(q->m);
  free(q->fix);
  free(q->built);
  if (q->data_free) q->data_free(q->data);
  free(q);
  p->impl = NULL;
}

static const char *mp_origin_label(const pz_puzzle *p, int tag, char *buf,
                                   size_t len) {
  return tag > 0 ? pz_model_record_label(mp(p)->m, (size_t)tag - 1, buf, len)
                 : NULL;
}

int pz_model_puzzle_domain(const pz_puzzle *p, int cell, int *lo, int *hi) {
  if (!p || !p->impl || p->ops->encode != mp_encode) return PZ_ERR_UNSUPPORTED;
  return pz_model_domain(mp(p)->m, cell, lo, hi);
}

/* The fresh encoding as cells and groups, when the model is all-different
 * records and nothing else over values that fit one 64-bit mask. */
static int mp_cells(const pz_puzzle *p, int nsat, pz_cells **out) {
  const pz_menc *e = &mp(p)->fresh;
  const pz_model *m = e->m;
  *out = NULL;
  if (!e->encoded || e->conflict || !m || e->nvars < 1) return PZ_OK;
  size_t members = 0, nrec = m->start.len;
  for (size_t r = 0; r < nrec; r++) {
    if (m->code.data[m->start.data[r]] != MC_ALLDIFF) return PZ_OK;
    size_t k;
    pz_model_record_vars(m, r, &k);
    members += k;
  }
  int base = m->lo.data[0];
  for (int x = 0; x < e->nvars; x++)
    if (m->lo.data[x] < base) base = m->lo.data[x];
  for (int x = 0; x < e->nvars; x++)
    if ((long long)m->hi.data[x] - base >= 64) return PZ_OK;
  pz_cells *c = pz_cells_new(e->nvars, (int)nrec, members, nsat);
  if (!c) return PZ_ERR_NOMEM;
  for (int x = 0; x < e->nvars; x++)
    for (int v = m->lo.data[x]; v <= m->hi.data[x]; v++) {
      int l = pz_menc_lit(e, x, v);
      if (l == PZ_MLIT_FALSE) continue;
      c->dom[x] |= (uint64_t)1 << (v - base);
      if (l == PZ_MLIT_TRUE || l < 0) continue; /* a boolean's lo: -var */
      if (l <= nsat) {
        c->sat_cell[l] = x;
        c->sat_bit[l] = (unsigned char)(v - base);
      }
    }
  size_t k = 0;
  for (size_t r = 0; r < nrec; r++) {
    size_t n;
    const int *vars = pz_model_record_vars(m, r, &n);
    memcpy(c->group_cells + k, vars, n * sizeof(int));
    k += n;
    c->group_ofs[r + 1] = (int)k;
  }
  int st = pz_cells_finish(c);
  if (st) {
    pz_cells_free(c);
    /* A cell twice in one group: left to the CNF. */
    return st == PZ_ERR_ARG ? PZ_OK : st;
  }
  *out = c;
  return PZ_OK;
}

static const pz_puzzle_ops model_ops = {
    .kind = "model",
    .given_ok = mp_given_ok,
    .check_givens = mp_check_givens,
    .encode = mp_encode,
    .encode_rules = mp_encode_rules,
    .given_lits = mp_given_lits,
    .decode = mp_decode,
    .destroy = mp_destroy,
    .assume_max_cells = 0,
    .presolve = mp_presolve,
    .encode_full = mp_encode_full,
    .var_meaning = mp_var_meaning,
    .decided = mp_decided,
    .origin_label = mp_origin_label,
    .cells = mp_cells,
};

int pz_model_puzzle(pz_puzzle **out, const pz_model *m, int rows, int cols) {
  return pz_model_puzzle_kind(out, m, rows, cols, "model");
}

int pz_model_puzzle_kind(pz_puzzle **out, const pz_model *m, int rows,
                         int cols, const char *kind) {
  if (!out || !kind) return PZ_ERR_ARG;
  *out = NULL;
  if (!m || rows < 1 || cols < 1 ||
      (long long)rows * cols != (long long)m->lo.len)
    return PZ_ERR_ARG;
  int max = 1;
  for (size_t x = 0; x < m->lo.len; x++)
    if (m->hi.data[x] > max) max = m->hi.data[x];
  pz_puzzle *p;
  int st = pz_puzzle_init(&p, &model_ops, rows, cols, max);
  if (st) return st;
  mpuzzle *q = (mpuzzle *)calloc(1, sizeof *q);
  if (!q) {
    pz_puzzle_free(p);
    return PZ_ERR_NOMEM;
  }
  p->impl = q;
  q->ops = model_ops;
  q->ops.kind = kind;
  p->ops = &q->ops;
  st = copy_model(&q->m, m);
  if (!st && (!(q->fix = (int *)malloc((m->lo.len + 1) * sizeof(int))) ||
              !(q->built = (int *)malloc((m->lo.len + 1) * sizeof(int)))))
    st = PZ_ERR_NOMEM;
  if (st) {
    pz_puzzle_free(p);
    return st;
  }
  *out = p;
  return PZ_OK;
}

void pz_model_puzzle_set_data(pz_puzzle *p, void *data,
                              void (*free_fn)(void *)) {
  mpuzzle *q = mp(p);
  q->data = data;
  q->data_free = free_fn;
}

void *pz_model_puzzle_data(const pz_puzzle *p, const char *kind) {
  if (!p || p->ops->destroy != mp_destroy || p->ops->kind != kind) return NULL;
  return mp(p)->data;
}

int pz_model_puzzle_replace(pz_puzzle *p, const pz_model *m) {
  mpuzzle *q = mp(p);
  if (!m || m->lo.len != q->m->lo.len) return PZ_ERR_ARG;
  pz_model *copy;
  int st = copy_model(&copy, m);
  if (st) return st;
  pz_puzzle_rules_changed(p);
  drop_encodings(q);
  pz_model_free(q->m);
  q->m = copy;
  return PZ_OK;
}

void pz_model_puzzle_set_assume_max(pz_puzzle *p, int cells) {
  mp(p)->ops.assume_max_cells = cells;
}

void pz_model_puzzle_set_quick_solve(pz_puzzle *p,
                                     int (*quick)(pz_puzzle *p, int *grid,
                                                  int *found)) {
  mp(p)->ops.quick_solve = quick;
}

void pz_model_puzzle_set_search(pz_puzzle *p,
                                int (*search)(pz_puzzle *p, int want,
                                              int *grid, int *solved)) {
  mp(p)->ops.search = search;
}

void pz_model_puzzle_set_panes(pz_puzzle *p, int cols) {
  if (p && cols > 0 && p->cols % cols == 0) p->pane_cols = cols;
}

void pz_model_puzzle_set_cell_name(pz_puzzle *p,
                                   int (*name)(const pz_puzzle *p, int cell,
                                               char *buf, size_t len)) {
  mp(p)->ops.cell_name = name;
}

void pz_model_puzzle_set_reduced_rules(
    pz_puzzle *p, int (*reduced)(const pz_puzzle *p, pz_puzzle **out)) {
  mp(p)->ops.reduced_rules = reduced;
}

static void mp_solution_clues(const pz_puzzle *p, const int *solution,
                              int *full, int *blank) {
  const mpuzzle *q = mp(p);
  q->clues->solution_clues(q->data, p->givens, solution, p->rows * p->cols,
                           full, blank);
}

void pz_model_puzzle_set_clues(pz_puzzle *p, const pz_model_clues *clues) {
  mpuzzle *q = mp(p);
  q->clues = clues;
  q->built_ok = 0;
  q->ops.given_ok = clues->given_ok;
  q->ops.check_givens = clues->check_givens;
  q->ops.encode_rules = NULL;
  q->ops.given_lits = NULL;
  q->ops.presolve = NULL;
  q->ops.solution_clues = clues->solution_clues ? mp_solution_clues : NULL;
}
