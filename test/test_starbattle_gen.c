/* Star Battle generation (pz_starbattle_generate): every generated puzzle
 * is checked by code written here from the rules, never by the encoder or
 * a solver: n regions, each 4-connected, the solution returned keeps
 * every rule, and a backtracking counter finds exactly that one solution.
 * Also: same seed same puzzle, bad arguments, the time limit and the
 * terminate callback, difficulty targets. Run with the backend name as
 * argv[1]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pz.h>

#include "test_main.h"

#define MAXN 12

/* ---- independent reference code (no pz calls) ------------------------ */

/* NULL when sol keeps the rules on regions reg (n x n, k stars). */
static const char *validate(int n, int k, const int *reg, const int *sol) {
  int rows[MAXN] = {0}, cols[MAXN] = {0}, regs[MAXN] = {0};
  for (int i = 0; i < n * n; i++) {
    if (sol[i] != 0 && sol[i] != 1) return "a cell is neither 0 nor 1";
    if (!sol[i]) continue;
    rows[i / n]++;
    cols[i % n]++;
    regs[reg[i]]++;
    for (int dr = -1; dr <= 1; dr++)
      for (int dc = -1; dc <= 1; dc++) {
        int r = i / n + dr, c = i % n + dc;
        if ((dr || dc) && r >= 0 && r < n && c >= 0 && c < n &&
            sol[r * n + c])
          return "two stars touch";
      }
  }
  for (int u = 0; u < n; u++)
    if (rows[u] != k || cols[u] != k || regs[u] != k)
      return "a row, column or region has the wrong number of stars";
  return NULL;
}

/* NULL when reg holds ids 0..n-1, each used and 4-connected. */
static const char *check_regions(int n, const int *reg) {
  int seen[MAXN * MAXN], queue[MAXN * MAXN];
  for (int i = 0; i < n * n; i++)
    if (reg[i] < 0 || reg[i] >= n) return "a region id out of 0..n-1";
  for (int g = 0; g < n; g++) {
    int size = 0, start = -1, head = 0, tail = 0;
    for (int i = 0; i < n * n; i++) {
      seen[i] = 0;
      if (reg[i] == g) {
        size++;
        if (start < 0) start = i;
      }
    }
    if (start < 0) return "a region id is not used";
    seen[start] = 1;
    queue[tail++] = start;
    while (head < tail) {
      int c = queue[head++], r = c / n, x = c % n;
      int nb[4] = {r > 0 ? c - n : -1, r + 1 < n ? c + n : -1,
                   x > 0 ? c - 1 : -1, x + 1 < n ? c + 1 : -1};
      for (int d = 0; d < 4; d++)
        if (nb[d] >= 0 && !seen[nb[d]] && reg[nb[d]] == g) {
          seen[nb[d]] = 1;
          queue[tail++] = nb[d];
        }
    }
    if (tail != size) return "a region is not connected";
  }
  return NULL;
}

/* Backtracking over rows (each a bit mask of its stars), stopping at two
 * solutions; the first one found goes to first. */
typedef struct counter {
  int n, k, nmasks;
  const int *reg;
  int masks[1 << MAXN];
  int colcnt[MAXN], regcnt[MAXN], rowmask[MAXN];
  int count;
  int *first;
} counter;

static void count_rows(counter *b, int r, int prev) {
  int n = b->n;
  if (b->count >= 2) return;
  if (r == n) {
    for (int g = 0; g < n; g++)
      if (b->colcnt[g] != b->k || b->regcnt[g] != b->k) return;
    if (!b->count++)
      for (int i = 0; i < n * n; i++)
        b->first[i] = b->rowmask[i / n] >> (i % n) & 1;
    return;
  }
  for (int i = 0; i < b->nmasks; i++) {
    int m = b->masks[i], ok = !(m & (prev | prev << 1 | prev >> 1));
    for (int c = 0; c < n && ok; c++)
      if (m >> c & 1)
        ok = b->colcnt[c] < b->k && b->regcnt[b->reg[r * n + c]] < b->k;
    if (!ok) continue;
    for (int c = 0; c < n; c++)
      if (m >> c & 1) b->colcnt[c]++, b->regcnt[b->reg[r * n + c]]++;
    /* A column needs its remaining stars in the rows left, never two
     * neighbouring ones. */
    int left = n - 1 - r;
    for (int c = 0; c < n && ok; c++)
      ok = b->k - b->colcnt[c] <= ((m >> c & 1) ? left / 2 : (left + 1) / 2);
    b->rowmask[r] = m;
    if (ok) count_rows(b, r + 1, m);
    for (int c = 0; c < n; c++)
      if (m >> c & 1) b->colcnt[c]--, b->regcnt[b->reg[r * n + c]]--;
  }
}

/* Solutions of regions reg, 0, 1 or 2 (two or more). */
static int count_solutions(int n, int k, const int *reg, int *first) {
  counter *b = (counter *)calloc(1, sizeof *b);
  REQUIRE(b);
  b->n = n;
  b->k = k;
  b->reg = reg;
  b->first = first;
  for (int m = 0; m < 1 << n; m++) {
    int bits = 0;
    for (int c = 0; c < n; c++) bits += m >> c & 1;
    if (bits == k && !(m & m << 1)) b->masks[b->nmasks++] = m;
  }
  count_rows(b, 0, 0);
  int count = b->count;
  free(b);
  return count;
}

/* ---- tests ------------------------------------------------------------- */

static pz_options options(void) {
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  return o;
}

/* Generates n x n, k stars, seed; checks everything; returns tries. */
static unsigned check_one(int n, int k, uint64_t seed) {
  pz_options o = options();
  pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
  g.seed = seed;
  int reg[MAXN * MAXN], sol[MAXN * MAXN], first[MAXN * MAXN];
  pz_generate_info info;
  pz_result stop = PZ_UNKNOWN;
  int st = pz_starbattle_generate(n, k, &o, &g, reg, sol, &info, &stop);
  CHECK_EQ(st, PZ_OK);
  CHECK_EQ(stop, PZ_SAT);
  if (st || stop != PZ_SAT) return 0;
  const char *why = check_regions(n, reg);
  if (why) fprintf(stderr, "%dx%d k=%d seed %llu: %s\n", n, n, k,
                   (unsigned long long)seed, why);
  CHECK(!why);
  if (why) return 0;
  why = validate(n, k, reg, sol);
  if (why) fprintf(stderr, "%dx%d k=%d seed %llu: solution: %s\n", n, n, k,
                   (unsigned long long)seed, why);
  CHECK(!why);
  int count = count_solutions(n, k, reg, first);
  if (count != 1)
    fprintf(stderr, "%dx%d k=%d seed %llu: %d solutions\n", n, n, k,
            (unsigned long long)seed, count);
  CHECK_EQ(count, 1);
  CHECK(count < 1 || !memcmp(first, sol, sizeof(int) * (size_t)(n * n)));
  CHECK(info.tries >= 1);
  CHECK_EQ(info.givens, 0);
  CHECK_EQ(info.level, PZ_LEVEL_ANY);
  /* The puzzle as pz sees it: unique too. */
  pz_puzzle *p;
  REQUIRE(pz_starbattle_new(&p, n, n, k, reg) == PZ_OK);
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  int sols = 0;
  CHECK_EQ(pz_puzzle_unique(p, &sols, NULL, &stop), PZ_OK);
  CHECK_EQ(sols, 1);
  pz_puzzle_free(p);
  return info.tries;
}

static void test_unique(void) {
  static const struct { int n, k, seeds; } cases[] = {
      {1, 1, 2}, {4, 1, 3}, {5, 1, 6}, {6, 1, 6}, {8, 1, 4},
      {8, 2, 3}, {9, 2, 2}, {10, 2, 3}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int s = 1; s <= cases[i].seeds; s++)
      check_one(cases[i].n, cases[i].k, (uint64_t)s * 7919u);
}

static void test_same_seed(void) {
  pz_options o = options();
  pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
  int a[64], b[64], sa[64], sb[64], differ = 0;
  pz_result stop;
  for (uint64_t seed = 1; seed <= 3; seed++) {
    g.seed = seed;
    CHECK_EQ(pz_starbattle_generate(8, 2, &o, &g, a, sa, NULL, &stop), PZ_OK);
    CHECK_EQ(stop, PZ_SAT);
    CHECK_EQ(pz_starbattle_generate(8, 2, &o, &g, b, sb, NULL, &stop), PZ_OK);
    CHECK(!memcmp(a, b, sizeof a) && !memcmp(sa, sb, sizeof sa));
    g.seed = seed + 100;
    CHECK_EQ(pz_starbattle_generate(8, 2, &o, &g, b, sb, NULL, &stop), PZ_OK);
    differ += memcmp(a, b, sizeof a) != 0;
  }
  CHECK_EQ(differ, 3);
}

static void test_args(void) {
  pz_options o = options();
  int reg[64 * 64];
  pz_result stop;
  /* Too small for the stars: 1 star needs 4x4 (or 1x1), 2 stars 8x8. */
  static const int bad[][2] = {{2, 1}, {3, 1}, {7, 2}, {6, 2}, {11, 3},
                               {0, 1}, {5, 0}, {-1, 1}, {64, 2147483647}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    CHECK_EQ(pz_starbattle_generate(bad[i][0], bad[i][1], &o, NULL, reg, NULL,
                                    NULL, &stop), PZ_ERR_ARG);
  CHECK_EQ(pz_starbattle_generate(PZ_STARBATTLE_GEN_MAX_SIZE + 1, 1, &o, NULL,
                                  reg, NULL, NULL, &stop), PZ_ERR_TOO_LARGE);
  CHECK_EQ(pz_starbattle_generate(PZ_STARBATTLE_MAX_SIZE + 1, 1, &o, NULL,
                                  reg, NULL, NULL, &stop), PZ_ERR_TOO_LARGE);
  CHECK_EQ(pz_starbattle_generate(5, 1, &o, NULL, NULL, NULL, NULL, &stop),
           PZ_ERR_ARG);
  CHECK_EQ(pz_starbattle_generate(5, 1, &o, NULL, reg, NULL, NULL, NULL),
           PZ_ERR_ARG);
  pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
  g.version = 99;
  CHECK_EQ(pz_starbattle_generate(5, 1, &o, &g, reg, NULL, NULL, &stop),
           PZ_ERR_ARG);
  g.version = PZ_GENERATE_OPTIONS_VERSION;
  g.difficulty = PZ_LEVEL_COUNT;
  CHECK_EQ(pz_starbattle_generate(5, 1, &o, &g, reg, NULL, NULL, &stop),
           PZ_ERR_ARG);
  pz_options ob = options();
  ob.backend = "no-such-backend";
  CHECK(pz_starbattle_generate(5, 1, &ob, NULL, reg, NULL, NULL, &stop) ==
        PZ_ERR_BACKEND);
  /* NULL options and opt: the defaults (the default backend). */
  CHECK_EQ(pz_starbattle_generate(1, 1, NULL, NULL, reg, NULL, NULL, &stop),
           PZ_OK);
  CHECK_EQ(stop, PZ_SAT);
  CHECK_EQ(reg[0], 0);
  /* The smallest grids of 3 and 4 stars work. */
  for (int k = 3; k <= 4; k++) {
    g.difficulty = PZ_LEVEL_ANY;
    g.seed = 5;
    int sol[16 * 16];
    CHECK_EQ(pz_starbattle_generate(4 * k, k, &o, &g, reg, sol, NULL, &stop),
             PZ_OK);
    CHECK_EQ(stop, PZ_SAT);
    if (stop == PZ_SAT) {
      CHECK(4 * k > MAXN || !check_regions(4 * k, reg));
      pz_puzzle *p;
      REQUIRE(pz_starbattle_new(&p, 4 * k, 4 * k, k, reg) == PZ_OK);
      REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
      int sols = 0, got[16 * 16];
      CHECK_EQ(pz_puzzle_unique(p, &sols, got, &stop), PZ_OK);
      CHECK_EQ(sols, 1);
      CHECK(!memcmp(got, sol, sizeof(int) * (size_t)(16 * k * k)));
      pz_puzzle_free(p);
    }
  }
}

static int stop_now(void *state) {
  (void)state;
  return 1;
}

static int calls;
static int stop_later(void *state) {
  (void)state;
  return ++calls > 50;
}

static void test_limits(void) {
  int reg[40 * 40];
  pz_result stop = PZ_SAT;
  pz_generate_info info;
  pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
  /* 40x40 with 2 stars takes far longer than this. A busy machine can
   * delay one run; the limit fails only when three runs all overrun. */
  pz_options o = options();
  o.time_limit = 0.3;
  double took = 0;
  for (int i = 0; i < 3; i++) {
    double t0 = now();
    CHECK_EQ(pz_starbattle_generate(40, 2, &o, &g, reg, NULL, &info, &stop),
             PZ_OK);
    took = now() - t0;
    CHECK_EQ(stop, PZ_UNKNOWN);
    CHECK_EQ(reg[0], PZ_STARBATTLE_NO_REGION);
    CHECK_EQ(reg[40 * 40 - 1], PZ_STARBATTLE_NO_REGION);
    if (took <= 0.3 * 1.1 + SLACK) break;
  }
  if (took > 0.3 * 1.1 + SLACK) {
    fprintf(stderr, "time limit 0.3 s, took %.3f s\n", took);
    check_failures++;
  }
  /* Limits that fall in every phase (placement, solver calls, between
   * them): always PZ_OK, and a puzzle or none, never garbage. */
  for (int i = 1; i <= 16; i++) {
    o = options();
    o.time_limit = 0.005 * i;
    g.seed = (uint64_t)i;
    stop = PZ_SAT;
    CHECK_EQ(pz_starbattle_generate(30, 2, &o, &g, reg, NULL, &info, &stop),
             PZ_OK);
    CHECK_EQ(stop, PZ_UNKNOWN);
    CHECK_EQ(reg[0], PZ_STARBATTLE_NO_REGION);
  }
  g.seed = 0;
  /* The terminate callback, at once and after a while. */
  o = options();
  o.terminate = stop_now;
  stop = PZ_SAT;
  CHECK_EQ(pz_starbattle_generate(10, 2, &o, &g, reg, NULL, &info, &stop),
           PZ_OK);
  CHECK_EQ(stop, PZ_UNKNOWN);
  CHECK_EQ(reg[0], PZ_STARBATTLE_NO_REGION);
  o.terminate = stop_later;
  calls = 0;
  double t0 = now();
  CHECK_EQ(pz_starbattle_generate(40, 2, &o, &g, reg, NULL, &info, &stop),
           PZ_OK);
  CHECK_EQ(stop, PZ_UNKNOWN);
  CHECK(now() - t0 < 5);
}

/* Difficulty: a puzzle that meets the target rates so; one that cannot
 * within max_tries keeps the closest unique puzzle, *stop PZ_UNKNOWN. */
static void test_difficulty(void) {
  pz_options o = options();
  int reg[MAXN * MAXN], sol[MAXN * MAXN], first[MAXN * MAXN];
  pz_generate_info info;
  pz_result stop;
  int met = 0;
  for (int level = PZ_LEVEL_SINGLES; level <= PZ_LEVEL_PROBING; level++) {
    pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
    g.seed = 3;
    g.difficulty = (pz_level)level;
    g.max_tries = 30;
    CHECK_EQ(pz_starbattle_generate(8, 1, &o, &g, reg, sol, &info, &stop),
             PZ_OK);
    CHECK(stop == PZ_SAT || stop == PZ_UNKNOWN);
    CHECK(info.tries >= 1 && info.tries <= 30);
    CHECK(!check_regions(8, reg));
    CHECK_EQ(count_solutions(8, 1, reg, first), 1);
    pz_puzzle *p;
    REQUIRE(pz_starbattle_new(&p, 8, 8, 1, reg) == PZ_OK);
    REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
    pz_level got;
    pz_result rs;
    CHECK_EQ(pz_puzzle_rate(p, &got, &rs), PZ_OK);
    CHECK_EQ(got, info.level);
    if (stop == PZ_SAT) {
      CHECK_EQ(got, level);
      met++;
    }
    pz_puzzle_free(p);
  }
  CHECK(met >= 1);
}

CHECK_MAIN_LINKED("test_starbattle_gen", test_args, test_unique, test_same_seed,
                  test_difficulty, test_limits)
