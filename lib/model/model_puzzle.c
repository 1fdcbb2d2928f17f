/* A model as a puzzle: the shared solving code (limits, strategies,
 * enumeration, uniqueness) over a copy of the model, one cell per
 * variable. */
#include <stdlib.h>
#include <string.h>

#include "model/model_impl.h"
#include "puzzle/puzzle_impl.h"

typedef struct mpuzzle {
  pz_puzzle_ops ops; /* model_ops with the kind's name */
  pz_model *m; /* the copy */
  pz_menc enc;
  int *fix;    /* the model's fixed values overridden by the givens */
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

static int mp_given_ok(const pz_puzzle *p, int cell, int value) {
  const pz_model *m = mp(p)->m;
  return value >= m->lo.data[cell] && value <= m->hi.data[cell];
}

static const int *fixes(pz_puzzle *p) {
  mpuzzle *q = mp(p);
  int n = (int)q->m->lo.len;
  for (int x = 0; x < n; x++)
    q->fix[x] = p->givens[x] ? p->givens[x] : q->m->fixed.data[x];
  return q->fix;
}

static int encode_with(pz_puzzle *p, pz_cnf *cnf, int propagate) {
  mpuzzle *q = mp(p);
  int st = pz_menc_prepare(&q->enc, q->m, fixes(p), propagate, p->poll);
  if (!st) st = pz_menc_emit(&q->enc, cnf, p->opt.amo, p->opt.card, p->poll);
  if (st == PZ_STOPPED) q->enc.encoded = 0;
  return st;
}

static int mp_encode(pz_puzzle *p, pz_cnf *cnf) { return encode_with(p, cnf, 1); }
static int mp_encode_full(pz_puzzle *p, pz_cnf *cnf) { return encode_with(p, cnf, 0); }

static int solver_val(const void *ctx, int var) {
  return pz_solver_value((const pz_solver *)ctx, var);
}

static void mp_decode(pz_puzzle *p, const pz_solver *s, int *grid) {
  pz_menc_decode(&mp(p)->enc, solver_val, s, grid);
}

static int mp_var_meaning(const pz_puzzle *p, int var, int *cell, int *value) {
  return pz_menc_var_meaning(&mp(p)->enc, var, cell, value);
}

static int mp_decided(const pz_puzzle *p, int *grid) {
  const pz_menc *e = &mp(p)->enc;
  if (!e->encoded) return PZ_ERR_STATE;
  for (int x = 0; x < e->nvars; x++)
    grid[x] = e->conflict || e->value[x] == PZ_MODEL_FREE ? -1 : e->value[x];
  return PZ_OK;
}

static void mp_destroy(pz_puzzle *p) {
  mpuzzle *q = mp(p);
  if (!q) return;
  pz_menc_free(&q->enc);
  pz_model_free(q->m);
  free(q->fix);
  free(q);
}

static const pz_puzzle_ops model_ops = {
    .kind = "model",
    .given_ok = mp_given_ok,
    .encode = mp_encode,
    .decode = mp_decode,
    .destroy = mp_destroy,
    .encode_full = mp_encode_full,
    .var_meaning = mp_var_meaning,
    .decided = mp_decided,
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
  st = pz_model_new(&q->m);
  if (!st) st = copy_ivec(&q->m->lo, &m->lo);
  if (!st) st = copy_ivec(&q->m->hi, &m->hi);
  if (!st) st = copy_ivec(&q->m->fixed, &m->fixed);
  if (!st) st = copy_ivec(&q->m->code, &m->code);
  if (!st) st = copy_ivec(&q->m->start, &m->start);
  if (!st && !(q->fix = (int *)malloc(m->lo.len * sizeof(int)))) st = PZ_ERR_NOMEM;
  if (st) {
    pz_puzzle_free(p);
    return st;
  }
  *out = p;
  return PZ_OK;
}
