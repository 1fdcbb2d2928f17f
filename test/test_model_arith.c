/* pz_model_arith against brute force: random small models of arithmetic
 * cages (each operation, domains with zero and negatives where the
 * operation allows them), some all-different groups and fixed values, are
 * counted through the puzzle API and by enumerating every assignment with
 * a checker written here from the documented meaning (never the encoder).
 * Plus the refused calls. Run with the backend as argv[1]. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#define TEST_SEED 0x2545f4914f6cdd1dULL
#include "random.h"
#include "pz/model.h"
#include "brute.h"

static const char *backend;

enum { MAXV = 6, MAXC = 4 };

typedef struct cage {
  int op, n, vars[MAXV], target;
} cage;

typedef struct tmodel {
  int nv, lo[MAXV], hi[MAXV], fixed[MAXV]; /* fixed: -100 none */
  int ncage, nad;
  cage c[MAXC];
  int ad[2][MAXV], adn[2];
} tmodel;


static int cage_ok(const cage *c, const int *a) {
  long long acc = c->op == PZ_ARITH_MUL ? 1 : 0;
  switch (c->op) {
  case PZ_ARITH_ADD:
    for (int i = 0; i < c->n; i++) acc += a[c->vars[i]];
    return acc == c->target;
  case PZ_ARITH_MUL:
    for (int i = 0; i < c->n; i++) acc *= a[c->vars[i]];
    return acc == c->target;
  case PZ_ARITH_SUB: {
    long long d = (long long)a[c->vars[0]] - a[c->vars[1]];
    return d == c->target || -d == c->target;
  }
  default: {
    long long x = a[c->vars[0]], y = a[c->vars[1]];
    return x == (long long)c->target * y || y == (long long)c->target * x;
  }
  }
}

static int satisfies(const void *model, const int *a) {
  const tmodel *t = (const tmodel *)model;
  for (int x = 0; x < t->nv; x++)
    if (t->fixed[x] != -100 && a[x] != t->fixed[x]) return 0;
  for (int g = 0; g < t->nad; g++)
    for (int i = 0; i < t->adn[g]; i++)
      for (int j = i + 1; j < t->adn[g]; j++)
        if (a[t->ad[g][i]] == a[t->ad[g][j]]) return 0;
  for (int i = 0; i < t->ncage; i++)
    if (!cage_ok(&t->c[i], a)) return 0;
  return 1;
}

/* Distinct variables of the model, k of them, into out. */
static void pick(const tmodel *t, int k, int *out) {
  int perm[MAXV];
  for (int i = 0; i < t->nv; i++) perm[i] = i;
  for (int i = t->nv - 1; i > 0; i--) {
    int j = rnd_below(i + 1), s = perm[i];
    perm[i] = perm[j], perm[j] = s;
  }
  for (int i = 0; i < k; i++) out[i] = perm[i];
}

static void random_model(tmodel *t) {
  t->nv = 3 + rnd_below(MAXV - 2);
  int positive = rnd_below(2); /* else zero and negatives (no DIV then) */
  for (int x = 0; x < t->nv; x++) {
    t->lo[x] = positive ? 1 : -2 + rnd_below(2);
    t->hi[x] = t->lo[x] + 2 + rnd_below(3);
    t->fixed[x] = rnd_below(8) == 0 ? t->lo[x] + rnd_below(t->hi[x] - t->lo[x] + 1) : -100;
  }
  t->nad = rnd_below(3);
  for (int g = 0; g < t->nad; g++) {
    t->adn[g] = 2 + rnd_below(t->nv - 1);
    pick(t, t->adn[g], t->ad[g]);
  }
  /* A hidden assignment gives targets that can be met; sometimes one is
   * moved off. */
  int hid[MAXV];
  for (int x = 0; x < t->nv; x++) hid[x] = t->lo[x] + rnd_below(t->hi[x] - t->lo[x] + 1);
  t->ncage = 1 + rnd_below(MAXC);
  for (int i = 0; i < t->ncage; i++) {
    cage *c = &t->c[i];
    c->op = rnd_below(positive ? 4 : 3);
    c->n = c->op >= PZ_ARITH_SUB ? 2 : 1 + rnd_below(4);
    if (c->n > t->nv) c->n = t->nv;
    pick(t, c->n, c->vars);
    long long v = c->op == PZ_ARITH_MUL ? 1 : 0;
    for (int j = 0; j < c->n; j++)
      v = c->op == PZ_ARITH_MUL ? v * hid[c->vars[j]] : v + hid[c->vars[j]];
    if (c->op == PZ_ARITH_SUB) v = llabs((long long)hid[c->vars[0]] - hid[c->vars[1]]);
    if (c->op == PZ_ARITH_DIV) {
      int a = hid[c->vars[0]], b = hid[c->vars[1]];
      v = a % b == 0 ? a / b : b % a == 0 ? b / a : 1 + rnd_below(3);
    }
    if (rnd_below(5) == 0) v += c->op >= PZ_ARITH_SUB ? 1 : rnd_below(3) - 1;
    c->target = (int)v;
  }
}

static int build(const tmodel *t, pz_model **out) {
  pz_model *m = NULL;
  int first, st = pz_model_new(&m);
  for (int x = 0; x < t->nv && !st; x++) st = pz_model_add_ints(m, 1, t->lo[x], t->hi[x], &first);
  for (int x = 0; x < t->nv && !st; x++)
    if (t->fixed[x] != -100) st = pz_model_fix(m, x, t->fixed[x]);
  for (int g = 0; g < t->nad && !st; g++) st = pz_model_all_different(m, t->ad[g], (size_t)t->adn[g]);
  for (int i = 0; i < t->ncage && !st; i++)
    st = pz_model_arith(m, t->c[i].vars, (size_t)t->c[i].n, (pz_arith_op)t->c[i].op,
                        t->c[i].target);
  if (st) {
    pz_model_free(m);
    return st;
  }
  *out = m;
  return PZ_OK;
}

static void random_models(void) {
  int sat = 0, unsat = 0;
  for (int round = 0; round < 400; round++) {
    tmodel t;
    random_model(&t);
    pz_model *m = NULL;
    REQUIRE(build(&t, &m) == PZ_OK);
    pz_puzzle *p = NULL;
    REQUIRE(pz_model_puzzle(&p, m, 1, t.nv) == PZ_OK);
    pz_options o = PZ_OPTIONS_INIT;
    o.backend = backend;
    REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
    brute_check s = {satisfies, &t, 0};
    uint64_t count = 0;
    pz_result r;
    CHECK_EQ(pz_puzzle_enumerate(p, 0, brute_check_solution, &s, &count, &r),
             PZ_OK);
    uint64_t want = brute_count_box(t.nv, t.lo, t.hi, satisfies, &t);
    CHECK_EQ(count, want);
    CHECK_EQ(s.bad, 0);
    if (want) sat++;
    else unsat++;
    pz_puzzle_free(p);
    pz_model_free(m);
  }
  /* Both outcomes were exercised. */
  CHECK(sat > 50);
  CHECK(unsat > 10);
}

/* A 9-cell product of 9! over 1..9 has more tuples than the limit (the
 * 9! orders of 1..9 alone): refused, the model unchanged. */
static void limits(void) {
  pz_model *m = NULL;
  int first, vars[9];
  REQUIRE(pz_model_new(&m) == PZ_OK);
  REQUIRE(pz_model_add_ints(m, 9, 1, 9, &first) == PZ_OK);
  for (int i = 0; i < 9; i++) vars[i] = first + i;
  CHECK_EQ(pz_model_arith(m, vars, 9, PZ_ARITH_MUL, 362880), PZ_ERR_TOO_LARGE);
  /* A big sum falls back to a plain sum and is accepted. */
  CHECK_EQ(pz_model_arith(m, vars, 9, PZ_ARITH_ADD, 45), PZ_OK);
  CHECK_EQ(pz_model_arith(m, vars, 3, PZ_ARITH_SUB, 1), PZ_ERR_ARG);
  CHECK_EQ(pz_model_arith(m, vars, 2, PZ_ARITH_DIV, 0), PZ_ERR_ARG);
  CHECK_EQ(pz_model_arith(m, vars, 2, PZ_ARITH_SUB, -1), PZ_ERR_ARG);
  CHECK_EQ(pz_model_arith(m, vars, 2, (pz_arith_op)7, 1), PZ_ERR_ARG);
  int dup[2] = {first, first};
  CHECK_EQ(pz_model_arith(m, dup, 2, PZ_ARITH_ADD, 2), PZ_ERR_ARG);
  int out[2] = {first, 99};
  CHECK_EQ(pz_model_arith(m, out, 2, PZ_ARITH_ADD, 2), PZ_ERR_ARG);
  int z;
  REQUIRE(pz_model_add_ints(m, 2, 0, 3, &z) == PZ_OK);
  int zz[2] = {z, z + 1};
  CHECK_EQ(pz_model_arith(m, zz, 2, PZ_ARITH_DIV, 2), PZ_ERR_RANGE);
  pz_model_free(m);
}

int main(int argc, char **argv) {
  backend = argc > 1 ? argv[1] : "cadical";
  random_models();
  limits();
  if (check_failures) fprintf(stderr, "%d checks failed\n", check_failures);
  return check_failures ? 1 : 0;
}
