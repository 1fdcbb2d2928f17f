/* Arithmetic cages (pz_model_arith): the value tuples that combine to the
 * target are listed by a depth-first walk over the domains and stated as
 * an allowed-tuple table (encode.c writes a selector per tuple). The walk
 * prunes by what the rest of the cage can still reach (sums by bounds,
 * products by divisibility) and drops tuples that repeat a value inside an
 * all-different the model already has: those could never be part of a
 * solution, and the smaller table propagates better. */
#include <stdlib.h>
#include <string.h>

#include "model/model_impl.h"

/* Cages up to this many variables learn which of their pairs an
 * all-different keeps apart (n * n bytes). */
#define ARITH_APART_MAX 64

typedef struct walk {
  const pz_model *m;
  const int *vars;
  int n;
  pz_arith_op op;
  long long target;
  const unsigned char *apart; /* n * n, or NULL */
  long long *rest_lo, *rest_hi; /* ADD: bounds of the sum of vars[i..] */
  int *cur;
  pz_ivec *out;
  long long work;
  int st;
} walk;

static long long llabs_(long long x) { return x < 0 ? -x : x; }

/* Whether acc (the product so far) can still become the target. */
static int product_open(const walk *w, long long acc) {
  if (w->target == 0) return 1; /* acc is kept as zero or not */
  if (acc == 0 || llabs_(acc) > llabs_(w->target)) return 0;
  return w->target % acc == 0;
}

static int final_ok(const walk *w, long long acc) {
  switch (w->op) {
  case PZ_ARITH_ADD:
  case PZ_ARITH_MUL: return acc == w->target;
  case PZ_ARITH_SUB: return llabs_((long long)w->cur[0] - w->cur[1]) == w->target;
  default: {
    long long a = w->cur[0], b = w->cur[1];
    return a == w->target * b || b == w->target * a;
  }
  }
}

static void visit(walk *w, int i, long long acc) {
  if (w->st) return;
  if (++w->work > PZ_MODEL_MAX_ARITH_WORK) {
    w->st = PZ_ERR_TOO_LARGE;
    return;
  }
  if (i == w->n) {
    if (!final_ok(w, acc)) return;
    if (w->out->len / (size_t)w->n >= PZ_MODEL_MAX_ARITH_TUPLES) {
      w->st = PZ_ERR_TOO_LARGE;
      return;
    }
    if (pz_ivec_reserve(w->out, (size_t)w->n)) {
      w->st = PZ_ERR_NOMEM;
      return;
    }
    memcpy(w->out->data + w->out->len, w->cur, (size_t)w->n * sizeof(int));
    w->out->len += (size_t)w->n;
    return;
  }
  int x = w->vars[i];
  for (int v = w->m->lo.data[x]; v <= w->m->hi.data[x] && !w->st; v++) {
    int clash = 0;
    for (int j = 0; j < i && !clash && w->apart; j++)
      clash = w->apart[i * w->n + j] && w->cur[j] == v;
    if (clash) continue;
    w->cur[i] = v;
    long long next = acc;
    if (w->op == PZ_ARITH_ADD) {
      next = acc + v;
      if (next + w->rest_lo[i + 1] > w->target ||
          next + w->rest_hi[i + 1] < w->target)
        continue;
    } else if (w->op == PZ_ARITH_MUL) {
      next = w->target == 0 ? (acc != 0 && v != 0) : acc * v;
      if (!product_open(w, next)) continue;
    }
    visit(w, i + 1, next);
  }
}

/* apart[i * n + j]: vars i and j lie in one all-different record. */
static void mark_apart(const pz_model *m, const int *vars, int n,
                       unsigned char *apart, int *where) {
  for (size_t r = 0; r < m->start.len; r++) {
    const int *c = m->code.data + m->start.data[r];
    if (c[0] != MC_ALLDIFF) continue;
    int k = 0;
    for (int j = 0; j < c[1]; j++)
      for (int i = 0; i < n; i++)
        if (vars[i] == c[2 + j]) where[k++] = i;
    for (int a = 0; a < k; a++)
      for (int b = 0; b < k; b++)
        if (a != b) apart[where[a] * n + where[b]] = 1;
  }
}

int pz_model_arith(pz_model *m, const int *vars, size_t n, pz_arith_op op,
                   int target) {
  if (!m || !vars || n < 1 || op < PZ_ARITH_ADD || op > PZ_ARITH_DIV)
    return PZ_ERR_ARG;
  if (n > (1 << 10)) return PZ_ERR_TOO_LARGE;
  for (size_t i = 0; i < n; i++)
    if (vars[i] < 0 || (size_t)vars[i] >= m->lo.len) return PZ_ERR_ARG;
  if ((op == PZ_ARITH_SUB || op == PZ_ARITH_DIV) && n != 2) return PZ_ERR_ARG;
  if (op == PZ_ARITH_SUB && target < 0) return PZ_ERR_ARG;
  if (op == PZ_ARITH_DIV) {
    if (target < 1) return PZ_ERR_ARG;
    if (m->lo.data[vars[0]] < 1 || m->lo.data[vars[1]] < 1) return PZ_ERR_RANGE;
  }
  int cn = (int)n;
  long long *rest = (long long *)malloc(2 * (n + 1) * sizeof(long long));
  int *cur = (int *)malloc(n * sizeof(int));
  int *where = (int *)malloc(n * sizeof(int));
  unsigned char *apart =
      n <= ARITH_APART_MAX ? (unsigned char *)calloc(n * n, 1) : NULL;
  pz_ivec tuples = {0};
  int st = rest && cur && where && (apart || n > ARITH_APART_MAX)
               ? PZ_OK
               : PZ_ERR_NOMEM;
  if (!st) {
    rest[n] = rest[2 * n + 1] = 0;
    for (int i = cn - 1; i >= 0; i--) {
      rest[i] = rest[i + 1] + m->lo.data[vars[i]];
      rest[n + 1 + i] = rest[n + 2 + i] + m->hi.data[vars[i]];
    }
    if (apart) mark_apart(m, vars, cn, apart, where);
    walk w = {m, vars, cn, op, target, apart, rest, rest + n + 1, cur,
              &tuples, 0, PZ_OK};
    /* The empty product is 1 (zero-ness only when the target is 0). */
    visit(&w, 0, op == PZ_ARITH_MUL ? 1 : 0);
    st = w.st;
  }
  if (!st)
    st = pz_model_table(m, vars, n, tuples.data, tuples.len / n);
  else if (st == PZ_ERR_TOO_LARGE && op == PZ_ARITH_ADD)
    st = pz_model_sum(m, vars, n, PZ_EQ, target, 0);
  pz_ivec_free(&tuples);
  free(rest);
  free(cur);
  free(where);
  free(apart);
  return st;
}
