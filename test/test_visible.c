/* pz_model_visible against brute force and published numbers: over the
 * permutations of 1..n (n <= 5) the count of those with k towers seen is
 * the unsigned Stirling number of the first kind c(n, k) (left-to-right
 * maxima, Knuth TAOCP 1.2.10; recurrence c(n, k) = c(n-1, k-1) +
 * (n-1) c(n-1, k)), and with a seen from the left and b from the right it
 * is C(a+b-2, a-1) c(n-1, a+b-2). Each count is also checked by
 * enumerating the permutations here. Random small models (any domains,
 * repeated values, fixed values, <=, >=) are counted by the puzzle API, in
 * the simplified and the full encoding, and by enumerating every
 * assignment with a plain checker. Run with the backend as argv[1]. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "pz/cnf.h"
#include "pz/model.h"
#include "pz/solver.h"
#include "puzzle_on.h"
#include "brute.h"

static const char *backend;

/* How many of a[0..n-1] are taller than all before them (by definition,
 * pairwise). */
static int seen(const int *a, int n) {
  int k = 0;
  for (int i = 0; i < n; i++) {
    int taller = 1;
    for (int j = 0; j < i; j++)
      if (a[j] >= a[i]) taller = 0;
    k += taller;
  }
  return k;
}

static int seen_back(const int *a, int n) {
  int r[8];
  for (int i = 0; i < n; i++) r[i] = a[n - 1 - i];
  return seen(r, n);
}

static int cmp_ok(pz_cmp cmp, int a, int b) {
  return cmp == PZ_EQ ? a == b : cmp == PZ_LE ? a <= b : a >= b;
}

static long long stirling1(int n, int k) {
  if (n == 0) return k == 0;
  if (k <= 0 || k > n) return 0;
  return stirling1(n - 1, k - 1) + (long long)(n - 1) * stirling1(n - 1, k);
}

static long long binom(int n, int k) {
  if (k < 0 || k > n) return 0;
  long long b = 1;
  for (int i = 1; i <= k; i++) b = b * (n - k + i) / i;
  return b;
}

/* Permutations of 1..n with `left` seen from the start (cmp) and, when
 * right > 0, exactly `right` from the end: counted by hand. */
static long long brute_perms(int n, int left, pz_cmp cmp, int right) {
  int a[8], used[9] = {0};
  long long count = 0;
  int i = 0;
  a[0] = 0;
  /* Iterative backtracking over a[i] in 1..n. */
  while (i >= 0) {
    if (a[i]) used[a[i]] = 0;
    do a[i]++;
    while (a[i] <= n && used[a[i]]);
    if (a[i] > n) {
      a[i] = 0;
      i--;
      continue;
    }
    used[a[i]] = 1;
    if (i == n - 1) {
      if (cmp_ok(cmp, seen(a, n), left) && (right == 0 || seen_back(a, n) == right))
        count++;
    } else {
      a[++i] = 0;
    }
  }
  return count;
}

static uint64_t count_model(pz_model *m, int nvars) {
  pz_puzzle *p = model_on(m, nvars, backend);
  uint64_t count = count_all(p);
  pz_puzzle_free(p);
  return count;
}

/* Permutations of 1..n: one side, every k and comparison. */
static void test_stirling(void) {
  for (int n = 1; n <= 5; n++)
    for (int k = 0; k <= n + 1; k++)
      for (int cmp = PZ_EQ; cmp <= PZ_GE; cmp++) {
        if (cmp != PZ_EQ && cmp != PZ_LE && cmp != PZ_GE) continue;
        pz_model *m;
        int first, vars[8];
        REQUIRE(pz_model_new(&m) == PZ_OK);
        REQUIRE(pz_model_add_ints(m, n, 1, n, &first) == PZ_OK);
        for (int i = 0; i < n; i++) vars[i] = first + i;
        REQUIRE(pz_model_all_different(m, vars, (size_t)n) == PZ_OK);
        REQUIRE(pz_model_visible(m, vars, (size_t)n, (pz_cmp)cmp, k) == PZ_OK);
        long long want = 0;
        for (int j = 0; j <= n; j++)
          if (cmp_ok((pz_cmp)cmp, j, k)) want += stirling1(n, j);
        CHECK_EQ(brute_perms(n, k, (pz_cmp)cmp, 0), want);
        uint64_t got = count_model(m, n);
        if ((long long)got != want)
          fprintf(stderr, "n %d k %d cmp %d: %llu, want %lld\n", n, k, cmp,
                  (unsigned long long)got, want);
        CHECK_EQ(got, want);
        pz_model_free(m);
      }
  /* The table's rows add up to n!. */
  CHECK_EQ(stirling1(5, 1) + stirling1(5, 2) + stirling1(5, 3) + stirling1(5, 4) +
               stirling1(5, 5), 120);
  CHECK_EQ(stirling1(5, 2), 50);
}

/* Both ends: a line of a Skyscrapers grid with its two clues. */
static void test_two_sides(void) {
  for (int n = 1; n <= 5; n++)
    for (int a = 1; a <= n; a++)
      for (int b = 1; b <= n; b++) {
        pz_model *m;
        int first, vars[8], back[8];
        REQUIRE(pz_model_new(&m) == PZ_OK);
        REQUIRE(pz_model_add_ints(m, n, 1, n, &first) == PZ_OK);
        for (int i = 0; i < n; i++) vars[i] = first + i, back[n - 1 - i] = first + i;
        REQUIRE(pz_model_all_different(m, vars, (size_t)n) == PZ_OK);
        REQUIRE(pz_model_visible(m, vars, (size_t)n, PZ_EQ, a) == PZ_OK);
        REQUIRE(pz_model_visible(m, back, (size_t)n, PZ_EQ, b) == PZ_OK);
        long long want = binom(a + b - 2, a - 1) * stirling1(n - 1, a + b - 2);
        CHECK_EQ(brute_perms(n, a, PZ_EQ, b), want);
        CHECK_EQ(count_model(m, n), want);
        pz_model_free(m);
      }
}

/* --- Random models ------------------------------------------------------ */

enum { MAXV = 5, MAXC = 3 };

static uint64_t rng_state = 12345;
static int rnd(int n) {
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((rng_state >> 33) % (uint64_t)n);
}

typedef struct vis {
  int n, vars[MAXV], k;
  pz_cmp cmp;
} vis;

typedef struct tmodel {
  int nv, lo[MAXV], hi[MAXV], fixed[MAXV]; /* fixed: -100 none */
  int alldiff;                             /* over every variable */
  int nc;
  vis c[MAXC];
} tmodel;

static int holds(const void *model, const int *a) {
  const tmodel *t = (const tmodel *)model;
  for (int x = 0; x < t->nv; x++)
    if (t->fixed[x] != -100 && a[x] != t->fixed[x]) return 0;
  if (t->alldiff)
    for (int x = 0; x < t->nv; x++)
      for (int y = x + 1; y < t->nv; y++)
        if (a[x] == a[y]) return 0;
  for (int i = 0; i < t->nc; i++) {
    int line[MAXV];
    for (int j = 0; j < t->c[i].n; j++) line[j] = a[t->c[i].vars[j]];
    if (!cmp_ok(t->c[i].cmp, seen(line, t->c[i].n), t->c[i].k)) return 0;
  }
  return 1;
}

static void random_model(tmodel *t) {
  t->nv = 1 + rnd(MAXV);
  t->alldiff = rnd(3) == 0;
  for (int x = 0; x < t->nv; x++) {
    t->lo[x] = rnd(4) - 1;
    t->hi[x] = t->lo[x] + rnd(4);
    t->fixed[x] = rnd(5) == 0 ? t->lo[x] + rnd(t->hi[x] - t->lo[x] + 1) : -100;
  }
  t->nc = 1 + rnd(MAXC);
  for (int i = 0; i < t->nc; i++) {
    vis *c = &t->c[i];
    int order[MAXV];
    for (int x = 0; x < t->nv; x++) order[x] = x;
    for (int x = t->nv - 1; x > 0; x--) {
      int j = rnd(x + 1), s = order[x];
      order[x] = order[j];
      order[j] = s;
    }
    c->n = rnd(t->nv + 1);
    for (int j = 0; j < c->n; j++) c->vars[j] = order[j];
    c->k = rnd(c->n + 2);
    int r = rnd(4);
    c->cmp = r < 2 ? PZ_EQ : r == 2 ? PZ_LE : PZ_GE;
  }
}

static pz_model *build(const tmodel *t) {
  pz_model *m;
  REQUIRE(pz_model_new(&m) == PZ_OK);
  for (int x = 0; x < t->nv; x++) {
    int v;
    REQUIRE(pz_model_add_ints(m, 1, t->lo[x], t->hi[x], &v) == PZ_OK);
    if (t->fixed[x] != -100) REQUIRE(pz_model_fix(m, v, t->fixed[x]) == PZ_OK);
  }
  int all[MAXV];
  for (int x = 0; x < t->nv; x++) all[x] = x;
  if (t->alldiff) REQUIRE(pz_model_all_different(m, all, (size_t)t->nv) == PZ_OK);
  for (int i = 0; i < t->nc; i++)
    REQUIRE(pz_model_visible(m, t->c[i].vars, (size_t)t->c[i].n, t->c[i].cmp,
                             t->c[i].k) == PZ_OK);
  return m;
}

static void test_random(int rounds) {
  int solvable = 0;
  for (int round = 0; round < rounds; round++) {
    tmodel t;
    random_model(&t);
    uint64_t want = brute_count_box(t.nv, t.lo, t.hi, holds, &t);
    solvable += want > 0;
    pz_model *m = build(&t);
    pz_options o = options_on(backend);
    o.amo = (pz_amo_encoding)rnd(PZ_AMO_COUNT);
    o.card = (pz_card_encoding)rnd(PZ_CARD_COUNT);
    pz_puzzle *p;
    puzzle_set(pz_model_puzzle(&p, m, 1, t.nv), &p, &o);
    brute_check cs = {holds, &t, 0};
    uint64_t count;
    pz_result stop;
    CHECK_EQ(pz_puzzle_enumerate(p, 0, brute_check_solution, &cs, &count, &stop),
             PZ_OK);
    CHECK_EQ(cs.bad, 0);
    if (count != want)
      fprintf(stderr, "round %d: %llu solutions, brute force %llu\n", round,
              (unsigned long long)count, (unsigned long long)want);
    CHECK_EQ(count, want);
    /* The full encoding: nothing folded by fixed values. */
    CHECK_EQ(count_encoding(p, PZ_ENCODE_FULL, backend), want);
    pz_puzzle_free(p);
    pz_model_free(m);
  }
  CHECK(solvable * 4 >= rounds);
}

/* Refused calls change nothing. */
static void test_refused(void) {
  pz_model *m;
  int first;
  REQUIRE(pz_model_new(&m) == PZ_OK);
  REQUIRE(pz_model_add_ints(m, 3, 1, 3, &first) == PZ_OK);
  int dup[3] = {0, 1, 0}, out[2] = {0, 3}, ok[3] = {0, 1, 2};
  CHECK_EQ(pz_model_visible(m, dup, 3, PZ_EQ, 2), PZ_ERR_ARG);
  CHECK_EQ(pz_model_visible(m, out, 2, PZ_EQ, 1), PZ_ERR_ARG);
  CHECK_EQ(pz_model_visible(m, ok, 3, PZ_NE, 1), PZ_ERR_ARG);
  CHECK_EQ(pz_model_visible(NULL, ok, 3, PZ_EQ, 1), PZ_ERR_ARG);
  CHECK_EQ(pz_model_visible(m, NULL, 3, PZ_EQ, 1), PZ_ERR_ARG);
  CHECK_EQ(count_model(m, 3), 27); /* no record was added */
  /* An empty line sees none. */
  CHECK_EQ(pz_model_visible(m, ok, 0, PZ_EQ, 0), PZ_OK);
  CHECK_EQ(count_model(m, 3), 27);
  CHECK_EQ(pz_model_visible(m, ok, 0, PZ_GE, 1), PZ_OK);
  CHECK_EQ(count_model(m, 3), 0);
  pz_model_free(m);
}

int main(int argc, char **argv) {
  backend = argc > 1 ? argv[1] : NULL;
  CHECK_BACKEND_OR_SKIP(backend);
  test_stirling();
  test_two_sides();
  /* A solver program starts a process per call: fewer rounds there. */
  test_random(backend && !strncmp(backend, "exec:", 5) ? 30 : 400);
  test_refused();
  if (check_failures) fprintf(stderr, "%d checks failed\n", check_failures);
  return check_failures ? 1 : 0;
}
