/* Writing a prepared model as clauses. Each open variable gets one SAT
 * variable per value it can still take (direct encoding, exactly one of
 * them true), or a single one when its declared domain has two values
 * (true = the higher). Decided variables get none: their literals are the
 * constants PZ_MLIT_TRUE / PZ_MLIT_FALSE, and each constraint is written
 * over what is left. */
#include <stdlib.h>
#include <string.h>

#include "cnf/cnf_impl.h"
#include "model/model_impl.h"
#include "encode/size.h"

/* Exactly-one over up to this many literals is pairwise under AUTO: the
 * redundant cell / group constraints of grid puzzles propagate better
 * pairwise (measured on Sudoku: docs/ENCODINGS.md). */
#define MODEL_PAIRWISE_MAX 16

static pz_amo_encoding amo_for(size_t n, pz_amo_encoding amo) {
  return amo == PZ_AMO_AUTO && n <= MODEL_PAIRWISE_MAX ? PZ_AMO_PAIRWISE : amo;
}

static int open_var(const pz_menc *e, int x) {
  return e->value[x] == PZ_MODEL_FREE;
}

/* Rank of value v among x's candidates. */
static int rank_of(const pz_menc *e, int x, int v) {
  int i = v - e->m->lo.data[x], k = i >> 6, rank = 0;
  const uint64_t *w = e->dom + e->words_ofs[x];
  for (int j = 0; j < k; j++) rank += __builtin_popcountll(w[j]);
  return rank + __builtin_popcountll(w[k] & (((uint64_t)1 << (i & 63)) - 1));
}

int pz_menc_lit(const pz_menc *e, int x, int v) {
  if (!open_var(e, x)) return e->value[x] == v ? PZ_MLIT_TRUE : PZ_MLIT_FALSE;
  if (!pz_menc_has(e, x, v)) return PZ_MLIT_FALSE;
  if (e->binary[x]) {
    /* Both values still open (else x would be decided). */
    return v == e->m->hi.data[x] ? e->first_lit[x] : -e->first_lit[x];
  }
  return e->first_lit[x] + rank_of(e, x, v);
}

/* A clause being built: constant-true literals satisfy it, false ones
 * drop out. */
typedef struct clause {
  pz_ivec lits;
  int sat;
} clause;

static void cl_begin(clause *c) {
  c->lits.len = 0;
  c->sat = 0;
}

static void cl_add(clause *c, int lit, int *st) {
  if (lit == PZ_MLIT_TRUE) c->sat = 1;
  else if (lit != PZ_MLIT_FALSE && !c->sat && pz_ivec_push(&c->lits, lit))
    *st = PZ_ERR_NOMEM;
}

void pz_mlit_put3(pz_cnf *cnf, int a, int b, int c) {
  int l[3] = {a, b, c};
  for (int i = 0; i < 3; i++)
    if (l[i] == PZ_MLIT_TRUE) return;
  for (int i = 0; i < 3; i++)
    if (l[i] != PZ_MLIT_FALSE) pz_cnf_put(cnf, l[i]);
  pz_cnf_put(cnf, 0);
}

static void cl_end(clause *c, pz_cnf *cnf) {
  if (!c->sat) pz_cnf_put_clause(cnf, c->lits.data, c->lits.len);
}

/* Collects the literals of "x takes v" over vars, counting constants. */
static int gather(const pz_menc *e, const int *vars, size_t n, int v,
                  pz_ivec *out, int *ntrue) {
  out->len = 0;
  *ntrue = 0;
  for (size_t i = 0; i < n; i++) {
    int l = pz_menc_lit(e, vars[i], v);
    if (l == PZ_MLIT_TRUE) ++*ntrue;
    else if (l != PZ_MLIT_FALSE && pz_ivec_push(out, l)) return PZ_ERR_NOMEM;
  }
  return PZ_OK;
}

/* At most / at least / exactly k of lits (k already net of the constants
 * that are true). */
static int card(pz_cnf *cnf, const int *lits, size_t n, pz_cmp cmp, long long k,
                pz_card_encoding enc) {
  long long nn = (long long)n;
  if ((cmp != PZ_GE && k < 0) || (cmp != PZ_LE && k > nn)) {
    pz_cnf_put(cnf, 0); /* cannot hold: the empty clause */
    return pz_cnf_status(cnf);
  }
  if (cmp == PZ_LE) return k >= nn ? PZ_OK : pz_at_most_k(cnf, lits, n, (int)k, enc);
  if (cmp == PZ_GE) return k <= 0 ? PZ_OK : pz_at_least_k(cnf, lits, n, (int)k, enc);
  return pz_exactly_k(cnf, lits, n, (int)k, enc);
}

static int emit_alldiff(pz_menc *e, pz_cnf *cnf, const int *c, pz_ivec *tmp,
                        pz_ivec *open, pz_ivec *placed, pz_amo_encoding amo) {
  const pz_model *m = e->m;
  int n = c[1], lo = INT_MAX, hi = INT_MIN, st = PZ_OK;
  open->len = 0;
  for (int j = 0; j < n; j++) {
    int y = c[2 + j];
    if (m->lo.data[y] < lo) lo = m->lo.data[y];
    if (m->hi.data[y] > hi) hi = m->hi.data[y];
    if (open_var(e, y) && (st = pz_ivec_push(open, y))) return st;
  }
  /* Values of decided members are settled (propagation took them from the
   * others); the rest is written over the open members. Exact (every value
   * of the union taken once) when the union of the domains has as many
   * values as members. */
  /* placed->data[v - lo]: decided members holding v. */
  size_t range = (size_t)((long long)hi - lo + 1);
  placed->len = 0;
  if ((st = pz_ivec_reserve(placed, range))) return st;
  memset(placed->data, 0, range * sizeof(int));
  for (int j = 0; j < n; j++)
    if (!open_var(e, c[2 + j])) placed->data[e->value[c[2 + j]] - lo]++;
  int values = 0;
  for (int v = lo; v <= hi; v++) {
    int held = placed->data[v - lo] > 0;
    for (size_t j = 0; j < open->len && !held; j++)
      held = pz_menc_has(e, open->data[j], v);
    values += held;
  }
  int exact = values == n;
  for (int v = lo; v <= hi && !st; v++) {
    int ntrue = placed->data[v - lo];
    tmp->len = 0;
    for (size_t j = 0; j < open->len && !st; j++)
      if (pz_menc_has(e, open->data[j], v))
        st = pz_ivec_push(tmp, pz_menc_lit(e, open->data[j], v));
    if (st) break;
    if (ntrue > 1) {
      pz_cnf_put(cnf, 0);
    } else if (ntrue == 1) {
      for (size_t i = 0; i < tmp->len; i++) pz_cnf_put1(cnf, -tmp->data[i]);
    } else if (exact && tmp->len > 0) {
      st = pz_exactly_one(cnf, tmp->data, tmp->len, amo_for(tmp->len, amo));
    } else if (tmp->len > 1) {
      st = pz_at_most_one(cnf, tmp->data, tmp->len, amo_for(tmp->len, amo));
    }
  }
  return st ? st : pz_cnf_status(cnf);
}

/* a cmp b + offset, |a - b| cmp k: "not equal" kinds forbid at most two
 * pairs per value and are written as conflicts (not a and b); the others
 * as supports (a's value implies one of b's fitting values, and back). */
static int emit_pair(pz_menc *e, pz_cnf *cnf, const int *c, clause *cl) {
  const pz_model *m = e->m;
  int a = c[1], b = c[2], st = PZ_OK;
  if (c[3] == PZ_NE) {
    for (int va = m->lo.data[a]; va <= m->hi.data[a]; va++) {
      int la = pz_menc_lit(e, a, va);
      if (la == PZ_MLIT_FALSE) continue;
      long long cand[2];
      int nc = 0;
      if (c[0] == MC_REL) cand[nc++] = (long long)va - c[4];
      else {
        cand[nc++] = (long long)va - c[4];
        if (c[4] != 0) cand[nc++] = (long long)va + c[4];
      }
      for (int i = 0; i < nc; i++) {
        if (cand[i] < m->lo.data[b] || cand[i] > m->hi.data[b]) continue;
        cl_begin(cl);
        cl_add(cl, pz_mlit_neg(la), &st);
        cl_add(cl, pz_mlit_neg(pz_menc_lit(e, b, (int)cand[i])), &st);
        cl_end(cl, cnf);
      }
    }
    return st ? st : pz_cnf_status(cnf);
  }
  for (int side = 0; side < 2 && !st; side++) {
    int x = side ? b : a, y = side ? a : b;
    for (int vx = m->lo.data[x]; vx <= m->hi.data[x]; vx++) {
      int lx = pz_menc_lit(e, x, vx);
      if (lx == PZ_MLIT_FALSE) continue;
      cl_begin(cl);
      cl_add(cl, pz_mlit_neg(lx), &st);
      for (int vy = m->lo.data[y]; vy <= m->hi.data[y]; vy++)
        if (side ? pz_model_pair_ok(c, vy, vx) : pz_model_pair_ok(c, vx, vy))
          cl_add(cl, pz_menc_lit(e, y, vy), &st);
      cl_end(cl, cnf);
    }
  }
  return st ? st : pz_cnf_status(cnf);
}

static int emit_forbid(pz_menc *e, pz_cnf *cnf, const int *c, clause *cl) {
  int n = c[1], st = PZ_OK;
  cl_begin(cl);
  for (int j = 0; j < n; j++)
    cl_add(cl, pz_mlit_neg(pz_menc_lit(e, c[2 + j], c[2 + n + j])), &st);
  cl_end(cl, cnf);
  return st ? st : pz_cnf_status(cnf);
}

/* Allowed pairs (a table over two variables: Kropki dots, entropic and
 * modular lines): no selectors, supports as for a relation, each value of
 * one implying one of the values the table pairs it with. */
static int emit_table2(pz_menc *e, pz_cnf *cnf, const int *c, clause *cl) {
  const pz_model *m = e->m;
  int nt = c[2], st = PZ_OK;
  const int *tup = c + 5;
  for (int side = 0; side < 2 && !st; side++) {
    int x = c[3 + side], y = c[4 - side];
    for (int vx = m->lo.data[x]; vx <= m->hi.data[x]; vx++) {
      int lx = pz_menc_lit(e, x, vx);
      if (lx == PZ_MLIT_FALSE) continue;
      cl_begin(cl);
      cl_add(cl, pz_mlit_neg(lx), &st);
      for (int t = 0; t < nt; t++)
        if (tup[2 * t + side] == vx)
          cl_add(cl, pz_menc_lit(e, y, tup[2 * t + 1 - side]), &st);
      cl_end(cl, cnf);
    }
  }
  return st ? st : pz_cnf_status(cnf);
}

/* Allowed tuples: a selector per tuple still possible, at least one of
 * them, each implying its values, and each value implying one of the
 * selectors of the tuples that hold it (so removing a value is seen). */
static int emit_table(pz_menc *e, pz_cnf *cnf, const int *c, clause *cl) {
  const pz_model *m = e->m;
  int n = c[1], nt = c[2], st = PZ_OK;
  const int *vars = c + 3, *tup = c + 3 + n;
  if (n == 2) return emit_table2(e, cnf, c, cl);
  pz_ivec live = {0};
  for (int t = 0; t < nt && !st; t++) {
    int ok = 1;
    for (int j = 0; j < n && ok; j++)
      ok = pz_menc_lit(e, vars[j], tup[(size_t)t * n + j]) != PZ_MLIT_FALSE;
    if (ok) st = pz_ivec_push(&live, t);
  }
  int sel = 0;
  if (!st && live.len > 0) st = pz_cnf_new_aux(cnf, (long long)live.len, &sel);
  if (!st && live.len == 0) pz_cnf_put(cnf, 0);
  if (!st && live.len > 0) {
    cl_begin(cl);
    for (size_t i = 0; i < live.len; i++) cl_add(cl, sel + (int)i, &st);
    cl_end(cl, cnf);
    for (size_t i = 0; i < live.len; i++)
      for (int j = 0; j < n; j++) {
        int l = pz_menc_lit(e, vars[j], tup[(size_t)live.data[i] * n + j]);
        if (l != PZ_MLIT_TRUE) pz_cnf_put2(cnf, -(sel + (int)i), l);
      }
    for (int j = 0; j < n && !st; j++) {
      int x = vars[j];
      for (int v = m->lo.data[x]; v <= m->hi.data[x]; v++) {
        int l = pz_menc_lit(e, x, v);
        if (l == PZ_MLIT_FALSE) continue;
        cl_begin(cl);
        cl_add(cl, pz_mlit_neg(l), &st);
        for (size_t i = 0; i < live.len; i++)
          if (tup[(size_t)live.data[i] * n + j] == v) cl_add(cl, sel + (int)i, &st);
        cl_end(cl, cnf);
      }
    }
  }
  pz_ivec_free(&live);
  return st ? st : pz_cnf_status(cnf);
}

/* Rough literal count of the open model, to refuse what would not fit
 * before writing it: exact for the per-variable exactly-ones and the
 * all-different groups, an upper bound for the rest. */
static int check_size(const pz_menc *e, pz_amo_encoding amo,
                      pz_card_encoding enc) {
  const pz_model *m = e->m;
  pz_sizer z;
  pz_sizer_init(&z);
  for (int x = 0; x < e->nvars && !pz_size_verdict(&z); x++)
    if (open_var(e, x) && !e->binary[x])
      pz_size_exactly_one(&z, (size_t)e->size[x], amo_for((size_t)e->size[x], amo));
  for (size_t r = 0; r < m->start.len && !pz_size_verdict(&z); r++) {
    const int *c = m->code.data + m->start.data[r];
    size_t n;
    const int *v = pz_model_record_vars(m, r, &n);
    long long dom = 0;
    for (size_t j = 0; j < n; j++) dom += e->size[v[j]];
    switch (c[0]) {
    case MC_ALLDIFF: {
      size_t per = n ? (size_t)((dom + (long long)n - 1) / (long long)n) : 0;
      for (size_t j = 0; j < per && !pz_size_verdict(&z); j++)
        pz_size_exactly_one(&z, n, amo_for(n, amo));
      break;
    }
    case MC_REL:
    case MC_ABS: z.literals += 2 * dom * (c[3] == PZ_NE ? 2 : e->size[v[0]] + e->size[v[1]]); break;
    case MC_COUNT: pz_size_exactly_k(&z, n, c[3] < 0 ? 0 : c[3] > (int)n ? (int)n : c[3], enc); break;
    case MC_SUM: z.literals += 6 * dom * 64; break;
    case MC_FORBID: z.literals += (long long)n; break;
    case MC_TABLE: z.literals += 3LL * c[2] * (long long)n + dom; break;
    case MC_LINEAR: z.literals += 6 * dom * 64 + 2LL * c[4]; break;
    case MC_EQSUMS: z.literals += 6 * dom * 64; break;
    case MC_RUNSUMS: /* a clause per (state, value), the states' pairs */
      z.literals += 3 * (long long)c[1] * dom + 2LL * (long long)n * c[1] * c[1];
      break;
    case MC_VISIBLE: {
      /* Two OR gates per (member, value) over the union's width, and
       * the counter of what is seen (n by k + 2 gates). */
      long long lo = LLONG_MAX, hi = LLONG_MIN;
      for (size_t j = 0; j < n; j++) {
        if (m->lo.data[v[j]] < lo) lo = m->lo.data[v[j]];
        if (m->hi.data[v[j]] > hi) hi = m->hi.data[v[j]];
      }
      long long k = c[2] < 0 ? 0 : c[2] > (int)n ? (long long)n : c[2];
      if (n) z.literals += 16 * (long long)n * (hi - lo + 1 + k + 2) + 4 * dom;
      break;
    }
    default: break;
    }
  }
  int st = pz_size_verdict(&z);
  pz_sizer_free(&z);
  return st;
}

int pz_menc_precheck(const pz_model *m, const int *extra, int full,
                     pz_amo_encoding amo, pz_card_encoding card) {
  int n = (int)m->lo.len;
  if (!full)
    for (int x = 0; x < n; x++)
      if (m->fixed.data[x] != PZ_MODEL_FREE || (extra && extra[x] != PZ_MODEL_FREE))
        return PZ_OK; /* propagation may shrink it: measured after */
  pz_menc e;
  memset(&e, 0, sizeof e);
  e.m = m;
  e.nvars = n;
  e.size = (int *)malloc(((size_t)n + 1) * sizeof(int));
  e.value = (int *)malloc(((size_t)n + 1) * sizeof(int));
  e.binary = (unsigned char *)malloc((size_t)n + 1);
  int st = PZ_ERR_NOMEM;
  if (e.size && e.value && e.binary) {
    for (int x = 0; x < n; x++) {
      e.size[x] = m->hi.data[x] - m->lo.data[x] + 1;
      e.value[x] = e.size[x] == 1 ? m->lo.data[x] : PZ_MODEL_FREE;
      e.binary[x] = m->isbool.data[x] != 0 || e.size[x] == 2;
    }
    st = check_size(&e, amo, card);
  }
  free(e.size);
  free(e.value);
  free(e.binary);
  return st;
}

/* Every open binary variable lies in an exactly-k count over booleans,
 * the counts disjoint: then every solution sets the same number of
 * projected variables true (blocking clauses can name only those). */
static int fixed_weight(const pz_menc *e) {
  const pz_model *m = e->m;
  int any = 0;
  for (int x = 0; x < e->nvars; x++) any |= open_var(e, x) && e->binary[x];
  if (!any) return 1;
  unsigned char *cover = (unsigned char *)calloc((size_t)e->nvars + 1, 1);
  if (!cover) return 0;
  for (size_t r = 0; r < m->start.len; r++) {
    const int *c = m->code.data + m->start.data[r];
    if (c[0] != MC_COUNT || c[2] != PZ_EQ) continue;
    int ok = 1;
    for (int j = 0; j < c[4] && ok; j++) {
      int x = c[5 + j];
      ok = !cover[x] && (!open_var(e, x) || (e->binary[x] && c[1] == m->hi.data[x]));
    }
    for (int j = 0; j < c[4] && ok; j++) cover[c[5 + j]] = 1;
  }
  int all = 1;
  for (int x = 0; x < e->nvars && all; x++)
    if (open_var(e, x) && e->binary[x] && !cover[x]) all = 0;
  free(cover);
  return all;
}

int pz_menc_emit(pz_menc *e, pz_cnf *cnf, pz_amo_encoding amo,
                 pz_card_encoding enc, pz_poll *poll) {
  const pz_model *m = e->m;
  e->encoded = 0;
  if (e->conflict) {
    pz_cnf_put(cnf, 0);
    e->encoded = 1;
    return pz_cnf_status(cnf);
  }
  int st = check_size(e, amo, enc);
  if (st) return st;
  long long total = 0;
  for (int x = 0; x < e->nvars; x++)
    if (open_var(e, x)) total += e->binary[x] ? 1 : e->size[x];
  if (total > INT_MAX / 2 - pz_cnf_num_vars(cnf)) return PZ_ERR_TOO_LARGE;
  int base = 1;
  if (total > 0 && (st = pz_cnf_new_vars(cnf, (int)total, &base))) return st;
  /* Decided variables get the number of the next open one, so first_lit
   * never decreases (pz_menc_var_meaning searches it). */
  int next = base;
  for (int x = 0; x < e->nvars; x++) {
    e->first_lit[x] = next;
    if (open_var(e, x)) next += e->binary[x] ? 1 : e->size[x];
  }
  pz_ivec proj = {0};
  for (int v = base; v < next && !st; v++) st = pz_ivec_push(&proj, v);
  if (!st)
    st = pz_cnf_set_projection(cnf, proj.data, proj.len,
                               fixed_weight(e) ? PZ_PROJECT_EXACT_WEIGHT : 0);
  pz_ivec_free(&proj);
  e->encoded = 1;
  clause cl = {{0}, 0};
  pz_ivec tmp = {0}, open = {0}, placed = {0};
  /* One value per variable; in the full encoding the fixed values are
   * unit clauses. */
  for (int x = 0; x < e->nvars && !st; x++) {
    if (!open_var(e, x) || e->binary[x]) continue;
    if ((st = pz_ivec_reserve(&tmp, (size_t)e->size[x]))) break;
    tmp.len = 0;
    for (int i = 0; i < e->size[x]; i++) tmp.data[tmp.len++] = e->first_lit[x] + i;
    pz_cnf_set_origin(cnf, -(x + 1));
    st = pz_exactly_one(cnf, tmp.data, tmp.len, amo_for(tmp.len, amo));
    if (!st && pz_poll_work(poll, (long long)tmp.len * 4)) st = PZ_STOPPED;
  }
  for (int x = 0; x < e->nvars && !st && e->full; x++) {
    if (e->fix[x] == PZ_MODEL_FREE) continue;
    pz_cnf_set_origin(cnf, -(x + 1));
    if (open_var(e, x)) pz_cnf_put1(cnf, pz_menc_lit(e, x, e->fix[x]));
    else if (e->value[x] != e->fix[x]) pz_cnf_put(cnf, 0); /* a constant */
  }
  for (size_t r = 0; r < m->start.len && !st; r++) {
    const int *c = m->code.data + m->start.data[r];
    pz_cnf_set_origin(cnf, (int)r + 1);
    switch (c[0]) {
    case MC_ALLDIFF: st = emit_alldiff(e, cnf, c, &tmp, &open, &placed, amo); break;
    case MC_REL:
    case MC_ABS: st = emit_pair(e, cnf, c, &cl); break;
    case MC_COUNT: {
      int ntrue;
      st = gather(e, c + 5, (size_t)c[4], c[1], &tmp, &ntrue);
      long long k = (long long)c[3] - ntrue;
      /* One of several: a chosen at-most-one encoding applies. */
      if (!st && k == 1 && c[2] != PZ_GE && tmp.len > 1 &&
          enc == PZ_CARD_AUTO && amo != PZ_AMO_AUTO)
        st = c[2] == PZ_EQ ? pz_exactly_one(cnf, tmp.data, tmp.len, amo)
                           : pz_at_most_one(cnf, tmp.data, tmp.len, amo);
      else if (!st)
        st = card(cnf, tmp.data, tmp.len, (pz_cmp)c[2], k, enc);
      break;
    }
    case MC_SUM: st = pz_menc_emit_sum(e, cnf, r); break;
    case MC_FORBID: st = emit_forbid(e, cnf, c, &cl); break;
    case MC_TABLE: st = emit_table(e, cnf, c, &cl); break;
    case MC_VISIBLE: st = pz_menc_emit_visible(e, cnf, r); break;
    case MC_LINEAR: st = pz_menc_emit_linear(e, cnf, r); break;
    case MC_EQSUMS: st = pz_menc_emit_eqsums(e, cnf, r); break;
    case MC_RUNSUMS: st = pz_menc_emit_runsums(e, cnf, r); break;
    default: break;
    }
    if (!st && pz_poll_work(poll, 64)) st = PZ_STOPPED;
  }
  pz_cnf_set_origin(cnf, 0);
  pz_ivec_free(&cl.lits);
  pz_ivec_free(&tmp);
  pz_ivec_free(&open);
  pz_ivec_free(&placed);
  return st ? st : pz_cnf_status(cnf);
}

void pz_menc_decode(const pz_menc *e, int (*val)(const void *ctx, int var),
                    const void *ctx, int *out) {
  const pz_model *m = e->m;
  for (int x = 0; x < e->nvars; x++) {
    if (!open_var(e, x)) {
      out[x] = e->value[x];
    } else if (e->binary[x]) {
      out[x] = val(ctx, e->first_lit[x]) > 0 ? m->hi.data[x] : m->lo.data[x];
    } else {
      out[x] = PZ_MODEL_FREE;
      int i = 0;
      for (int v = m->lo.data[x]; v <= m->hi.data[x]; v++)
        if (pz_menc_has(e, x, v)) {
          if (val(ctx, e->first_lit[x] + i) > 0) {
            out[x] = v;
            break;
          }
          i++;
        }
    }
  }
}

int pz_menc_var_meaning(const pz_menc *e, int var, int *x, int *value) {
  if (!e->encoded || !e->first_lit) return PZ_ERR_STATE;
  int n = e->nvars;
  if (n == 0 || var < e->first_lit[0]) return PZ_ERR_RANGE;
  int lo = 0, hi = n - 1;
  while (lo < hi) { /* last variable whose first_lit <= var */
    int mid = lo + (hi - lo + 1) / 2;
    if (e->first_lit[mid] <= var) lo = mid;
    else hi = mid - 1;
  }
  /* Several decided variables share a number with the open one after
   * them: take the open one. */
  int cx = lo;
  while (cx >= 0 && e->first_lit[cx] == e->first_lit[lo] && !open_var(e, cx)) cx--;
  if (cx < 0 || !open_var(e, cx)) return PZ_ERR_RANGE;
  int rank = var - e->first_lit[cx];
  int width = e->binary[cx] ? 1 : e->size[cx];
  if (rank >= width) return PZ_ERR_RANGE;
  if (x) *x = cx;
  if (e->binary[cx]) {
    if (value) *value = e->m->hi.data[cx];
    return PZ_OK;
  }
  for (int v = e->m->lo.data[cx]; v <= e->m->hi.data[cx]; v++)
    if (pz_menc_has(e, cx, v) && rank-- == 0) {
      if (value) *value = v;
      return PZ_OK;
    }
  return PZ_ERR_RANGE;
}
