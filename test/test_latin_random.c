/* Uniformly random Latin squares (Jacobson-Matthews) and QWH instances,
 * checked by plain code written here from the rules: every square Latin,
 * same seed same square, the order-3 and order-4 squares all drawn about
 * equally often (a chi-square bound, fixed seeds: deterministic), QWH
 * holes exact and balanced, and each QWH instance completed by pz (on the
 * backend argv[1]) into a square this file checks. */
#include <pz.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static const char *backend;

/* Rows and columns each hold 1..n once. */
static int is_latin(const int *sq, int n) {
  char seen[PZ_LATIN_MAX_ORDER + 1];
  for (int line = 0; line < 2 * n; line++) {
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < n; i++) {
      int v = line < n ? sq[line * n + i] : sq[i * n + line - n];
      if (v < 1 || v > n || seen[v]) return 0;
      seen[v] = 1;
    }
  }
  return 1;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Draws `draws` squares of order n (seeds first, first+1, ...), each
 * checked, and returns the chi-square statistic of their counts against
 * the uniform distribution over `total` squares; *distinct gets how many
 * different squares came. */
static double chi_square(int n, int total, int draws, uint64_t first,
                         int *distinct) {
  uint64_t *code = (uint64_t *)malloc((size_t)draws * sizeof(uint64_t));
  int sq[16];
  REQUIRE(code);
  for (int d = 0; d < draws; d++) {
    CHECK_EQ(pz_latin_random(n, first + (uint64_t)d, sq), PZ_OK);
    CHECK(is_latin(sq, n));
    uint64_t k = 0;
    for (int i = 0; i < n * n; i++) k = k * (uint64_t)n + (uint64_t)(sq[i] - 1);
    code[d] = k;
  }
  qsort(code, (size_t)draws, sizeof *code, cmp_u64);
  double expected = (double)draws / total, chi = 0;
  int kinds = 0;
  for (int i = 0; i < draws;) {
    int j = i;
    while (j < draws && code[j] == code[i]) j++;
    double o = j - i;
    chi += (o - expected) * (o - expected) / expected;
    kinds++;
    i = j;
  }
  /* Squares never drawn count (0 - e)^2 / e = e each. */
  chi += (total - kinds) * expected;
  *distinct = kinds;
  free(code);
  return chi;
}

static void test_uniform(void) {
  int distinct;
  /* 12 squares of order 3: 11 degrees of freedom (mean 11, sd 4.7). */
  double chi = chi_square(3, 12, 6000, 1, &distinct);
  CHECK_EQ(distinct, 12);
  if (chi > 45) {
    fprintf(stderr, "order 3: chi-square %.1f over 45\n", chi);
    check_failures++;
  }
  /* 576 squares of order 4: 575 degrees of freedom (mean 575, sd 34). */
  chi = chi_square(4, 576, 576 * 20, 100000, &distinct);
  CHECK_EQ(distinct, 576);
  if (chi > 575 + 6 * 34) {
    fprintf(stderr, "order 4: chi-square %.1f over %d\n", chi, 575 + 6 * 34);
    check_failures++;
  }
}

static void test_squares(void) {
  /* Every order up to 12 and a few large ones: Latin, reproducible. */
  static const int orders[] = {1, 2, 3, 5, 7, 8, 9, 10, 11, 12, 31, 64};
  for (size_t i = 0; i < sizeof orders / sizeof orders[0]; i++) {
    int n = orders[i];
    int *a = (int *)malloc((size_t)n * n * sizeof(int));
    int *b = (int *)malloc((size_t)n * n * sizeof(int));
    REQUIRE(a && b);
    for (uint64_t s = 0; s < 5; s++) {
      CHECK_EQ(pz_latin_random(n, s, a), PZ_OK);
      CHECK(is_latin(a, n));
      CHECK_EQ(pz_latin_random(n, s, b), PZ_OK);
      CHECK(!memcmp(a, b, (size_t)n * n * sizeof(int)));
      CHECK_EQ(pz_latin_random(n, s + 1000, b), PZ_OK);
      /* Two seeds give the same square only for orders with few. */
      if (n >= 5) CHECK(memcmp(a, b, (size_t)n * n * sizeof(int)) != 0);
    }
    free(a);
    free(b);
  }
  /* Mixed away from the cyclic start (a reduced square, row r col c
   * holding r + c + 1 mod n): at order 7 the first row is 1..7 in order
   * with chance 1/5040, the first cell is each value about 1/7 of the
   * time. */
  int sq[49], first_cell[8] = {0}, reduced_rows = 0;
  for (uint64_t s = 0; s < 700; s++) {
    CHECK_EQ(pz_latin_random(7, s, sq), PZ_OK);
    first_cell[sq[0]]++;
    int natural = 1;
    for (int c = 0; c < 7; c++) natural &= sq[c] == c + 1;
    reduced_rows += natural;
  }
  CHECK(reduced_rows <= 1);
  for (int v = 1; v <= 7; v++) CHECK(first_cell[v] > 50 && first_cell[v] < 150);
  /* Bad arguments. */
  CHECK_EQ(pz_latin_random(0, 1, sq), PZ_ERR_ARG);
  CHECK_EQ(pz_latin_random(PZ_LATIN_MAX_ORDER + 1, 1, sq), PZ_ERR_ARG);
  CHECK_EQ(pz_latin_random(3, 1, NULL), PZ_ERR_ARG);
}

/* One QWH instance of order n with h holes: exact, balanced, the givens
 * those of the returned square, and completed by pz. */
static void check_qwh(pz_puzzle *p, int n, int h, uint64_t seed) {
  int N = n * n;
  int *giv = (int *)malloc((size_t)N * sizeof(int));
  int *sol = (int *)malloc((size_t)N * sizeof(int));
  int *again = (int *)malloc((size_t)N * sizeof(int));
  REQUIRE(giv && sol && again);
  CHECK_EQ(pz_latin_qwh(n, h, seed, giv, sol), PZ_OK);
  CHECK(is_latin(sol, n));
  int holes = 0, rmin = N, rmax = 0, cmin = N, cmax = 0;
  for (int i = 0; i < n; i++) {
    int rh = 0, ch = 0;
    for (int j = 0; j < n; j++) {
      rh += giv[i * n + j] == 0;
      ch += giv[j * n + i] == 0;
      if (giv[i * n + j]) CHECK_EQ(giv[i * n + j], sol[i * n + j]);
    }
    holes += rh;
    rmin = rh < rmin ? rh : rmin, rmax = rh > rmax ? rh : rmax;
    cmin = ch < cmin ? ch : cmin, cmax = ch > cmax ? ch : cmax;
  }
  CHECK_EQ(holes, h);
  if (rmax - rmin > 1 || cmax - cmin > 1) {
    fprintf(stderr, "qwh %d/%d seed %llu: rows %d..%d, columns %d..%d holes\n",
            n, h, (unsigned long long)seed, rmin, rmax, cmin, cmax);
    check_failures++;
  }
  /* Same seed, same instance; givens only: the same. */
  CHECK_EQ(pz_latin_qwh(n, h, seed, again, NULL), PZ_OK);
  CHECK(!memcmp(giv, again, (size_t)N * sizeof(int)));
  /* Satisfiable: pz completes it, checked here. */
  pz_result res;
  CHECK_EQ(pz_puzzle_set_givens(p, giv), PZ_OK);
  CHECK_EQ(pz_puzzle_solve(p, again, &res), PZ_OK);
  CHECK_EQ(res, PZ_SAT);
  CHECK(is_latin(again, n));
  for (int i = 0; i < N; i++)
    if (giv[i]) CHECK_EQ(again[i], giv[i]);
  free(giv);
  free(sol);
  free(again);
}

static void test_qwh(void) {
  static const struct { int n, holes, seeds; } cases[] = {
      {1, 0, 1}, {1, 1, 1}, {4, 0, 2}, {4, 7, 4}, {5, 13, 4}, {6, 36, 2},
      {9, 34, 4}, {12, 60, 3}, {20, 168, 2}, {30, 378, 2}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    pz_puzzle *p = NULL;
    REQUIRE(pz_latin_new(&p, cases[i].n, 0) == PZ_OK);
    pz_options o = PZ_OPTIONS_INIT;
    o.backend = backend;
    REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
    for (int s = 0; s < cases[i].seeds; s++)
      check_qwh(p, cases[i].n, cases[i].holes, (uint64_t)(s + 1));
    pz_puzzle_free(p);
  }
  /* Different seeds: different instances. */
  int a[81], b[81];
  CHECK_EQ(pz_latin_qwh(9, 30, 1, a, NULL), PZ_OK);
  CHECK_EQ(pz_latin_qwh(9, 30, 2, b, NULL), PZ_OK);
  CHECK(memcmp(a, b, sizeof a) != 0);
  /* Bad arguments. */
  CHECK_EQ(pz_latin_qwh(9, -1, 1, a, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_latin_qwh(9, 82, 1, a, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_latin_qwh(0, 0, 1, a, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_latin_qwh(9, 3, 1, NULL, b), PZ_ERR_ARG);
}

/* argv[1]: the backend; argv[2] "qwh": the QWH part only (the squares'
 * statistics need no solver: they run once, not once per backend). */
int main(int argc, char **argv) {
  backend = argc > 1 ? argv[1] : NULL;
  if (argc <= 2 || strcmp(argv[2], "qwh")) {
    test_squares();
    test_uniform();
  }
  test_qwh();
  return check_done("test_latin_random");
}
