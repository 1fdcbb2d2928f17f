/* Sizes and solve times of the cardinality encodings, the figures behind
 * the AUTO choices in docs/ENCODINGS.md. Built with the tests (target
 * card_bench), never run by ctest.
 *
 *   card_bench sizes                       aux/clauses table
 *   card_bench grid                        "at most k" clauses, n x k
 *   card_bench amo    [backend] [seeds] [limit]  Latin square completion
 *   card_bench color  [backend] [seeds] [limit]  graph colouring
 *   card_bench cover  [backend] [seeds] [limit]  set cover, at most k
 *   card_bench plane  [backend] [seeds] [limit]  k per row/col, no rectangle
 *   card_bench planted [backend] [seeds] [limit] 3-SAT + exactly k, big n
 *   card_bench bisect [backend] [seeds] [limit]  graph bisection, cut <= B
 *
 * Each instance is solved once per encoding (AUTO included) with a time
 * limit in seconds per solve; a time-out counts as the limit. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pz/card.h"
#include "pz/solver.h"

#define NEED(x)                                                          \
  do {                                                                   \
    if ((x) != PZ_OK) {                                                  \
      fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #x);     \
      exit(1);                                                           \
    }                                                                    \
  } while (0)

static uint64_t rng = 88172645463325252u;
static uint32_t rnd(uint32_t bound) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng % bound);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *backend;
static double limit = 20;

typedef struct run {
  double seconds;
  int result;
  int vars;
  size_t clauses;
} run;

static run solve(pz_cnf *cnf) {
  pz_solver *s;
  NEED(pz_solver_new(&s, backend));
  NEED(pz_solver_set_time_limit(s, limit));
  run r = {0, 0, pz_cnf_num_vars(cnf), pz_cnf_num_clauses(cnf)};
  double t0 = now();
  NEED(pz_solver_add_cnf(s, cnf));
  pz_result res;
  NEED(pz_solver_solve(s, &res));
  r.seconds = res == PZ_UNKNOWN ? limit : now() - t0;
  r.result = (int)res;
  pz_solver_free(s);
  return r;
}

static int by_seconds(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Total and median time, mean size, time-outs over the instances. */
static void print_run(const char *enc, const run *r, int runs) {
  double total = 0, t[64];
  long clauses = 0, vars = 0;
  int unknown = 0;
  for (int i = 0; i < runs; i++) {
    total += t[i] = r[i].seconds;
    clauses += (long)r[i].clauses;
    vars += r[i].vars;
    unknown += r[i].result == PZ_UNKNOWN;
  }
  qsort(t, (size_t)runs, sizeof *t, by_seconds);
  double median = runs % 2 ? t[runs / 2] : (t[runs / 2 - 1] + t[runs / 2]) / 2;
  printf("  %-10s total %8.2fs  median %7.3fs  vars %8ld  clauses %9ld"
         "  timeouts %d\n", enc, total, median, vars / runs, clauses / runs,
         unknown);
}

/* ---- sizes ------------------------------------------------------------ */

static void count(int kind, int enc, int n, int k) {
  int *lits = (int *)malloc(sizeof(int) * (size_t)n);
  for (int i = 0; i < n; i++) lits[i] = i + 1;
  pz_cnf *cnf;
  NEED(pz_cnf_new(&cnf));
  int first;
  NEED(pz_cnf_new_vars(cnf, n, &first));
  switch (kind) {
  case 0: NEED(pz_at_most_one(cnf, lits, (size_t)n, enc)); break;
  case 1: NEED(pz_at_most_k(cnf, lits, (size_t)n, k, enc)); break;
  case 2: NEED(pz_at_least_k(cnf, lits, (size_t)n, k, enc)); break;
  default: NEED(pz_exactly_k(cnf, lits, (size_t)n, k, enc)); break;
  }
  printf(" | %d / %zu", pz_cnf_num_vars(cnf) - n, pz_cnf_num_clauses(cnf));
  pz_cnf_free(cnf);
  free(lits);
}

static void sizes(void) {
  static const int ns[] = {9, 16, 25, 64};
  printf("at most one: aux / clauses\n| encoding | n=9 | n=16 | n=25 | n=64 |\n");
  for (int e = 0; e < PZ_AMO_COUNT; e++) {
    printf("| %s", pz_amo_encoding_name(e));
    for (int i = 0; i < 4; i++) count(0, e, ns[i], 1);
    printf(" |\n");
  }
  static const char *const kinds[] = {"", "at most", "at least", "exactly"};
  for (int kind = 1; kind <= 3; kind++) {
    printf("\n%s k: aux / clauses\n| encoding | k | n=9 | n=16 | n=25 | "
           "n=64 |\n", kinds[kind]);
    for (int e = 0; e < PZ_CARD_COUNT; e++)
      for (int kk = 0; kk < 2; kk++) {
        printf("| %s | %s", pz_card_encoding_name(e), kk ? "n/2" : "3");
        for (int i = 0; i < 4; i++)
          count(kind, e, ns[i], kk ? ns[i] / 2 : 3);
        printf(" |\n");
      }
  }
}

/* Clauses of each encoding of "at most k" over a grid of n and k. */
static void grid(void) {
  static const int ns[] = {16, 32, 64, 128, 256, 512, 1024};
  printf("at most k: clauses seqcounter / totalizer / sortnet\n");
  for (size_t i = 0; i < sizeof ns / sizeof *ns; i++)
    for (int k = 2; k <= ns[i] / 2; k *= 2) {
      printf("n=%4d k=%4d", ns[i], k);
      for (int e = 1; e < PZ_CARD_COUNT; e++) count(1, e, ns[i], k);
      printf("\n");
    }
}

/* ---- Latin square completion (every constraint is exactly-one of n) ---- */

static int lsvar(int n, int r, int c, int v) { return (r * n + c) * n + v + 1; }

static void latin(pz_cnf *cnf, int n, pz_amo_encoding enc) {
  int *l = (int *)malloc(sizeof(int) * (size_t)n);
  int first;
  NEED(pz_cnf_new_vars(cnf, n * n * n, &first));
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      for (int i = 0; i < n; i++) l[i] = lsvar(n, a, b, i); /* cell */
      NEED(pz_exactly_one(cnf, l, (size_t)n, enc));
      for (int i = 0; i < n; i++) l[i] = lsvar(n, a, i, b); /* row a, value b */
      NEED(pz_exactly_one(cnf, l, (size_t)n, enc));
      for (int i = 0; i < n; i++) l[i] = lsvar(n, i, a, b); /* col a, value b */
      NEED(pz_exactly_one(cnf, l, (size_t)n, enc));
    }
  free(l);
}

/* A random Latin square: random values fixed one cell at a time while the
 * square stays completable, then the solver's completion. */
static void random_square(int n, int *sq) {
  pz_cnf *cnf;
  NEED(pz_cnf_new(&cnf));
  latin(cnf, n, PZ_AMO_PAIRWISE);
  pz_solver *s;
  NEED(pz_solver_new(&s, "cadical"));
  NEED(pz_solver_add_cnf(s, cnf));
  for (int t = 0; t < n * n / 3; t++) {
    int r = (int)rnd((uint32_t)n), c = (int)rnd((uint32_t)n);
    int v = (int)rnd((uint32_t)n);
    pz_result res;
    NEED(pz_solver_assume(s, lsvar(n, r, c, v)));
    NEED(pz_solver_solve(s, &res));
    if (res == PZ_SAT) {
      NEED(pz_solver_add(s, lsvar(n, r, c, v)));
      NEED(pz_solver_add(s, 0));
    }
  }
  pz_result res;
  NEED(pz_solver_solve(s, &res));
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      for (int v = 0; v < n; v++)
        if (pz_solver_value(s, lsvar(n, r, c, v)) > 0) sq[r * n + c] = v;
  pz_solver_free(s);
  pz_cnf_free(cnf);
}

static void bench_amo(int seeds) {
  static const int orders[] = {8, 12, 16, 20, 25, 30, 35};
  for (size_t o = 0; o < sizeof orders / sizeof *orders; o++) {
    int n = orders[o];
    int *sq = (int *)malloc(sizeof(int) * (size_t)(n * n));
    run r[PZ_AMO_COUNT][64];
    for (int seed = 0; seed < seeds; seed++) {
      random_square(n, sq);
      /* About 42% holes: near the hardest point for completion. */
      unsigned char *hole = (unsigned char *)malloc((size_t)(n * n));
      for (int i = 0; i < n * n; i++) hole[i] = rnd(100) < 42;
      for (int e = 1; e < PZ_AMO_COUNT; e++) {
        pz_cnf *cnf;
        NEED(pz_cnf_new(&cnf));
        latin(cnf, n, (pz_amo_encoding)e);
        for (int i = 0; i < n * n; i++)
          if (!hole[i]) NEED(pz_cnf_add1(cnf, lsvar(n, i / n, i % n, sq[i])));
        r[e][seed] = solve(cnf);
        pz_cnf_free(cnf);
      }
      free(hole);
    }
    printf("latin square completion, order %d, %d instances\n", n, seeds);
    for (int e = 1; e < PZ_AMO_COUNT; e++)
      print_run(pz_amo_encoding_name(e), r[e], seeds);
    fflush(stdout);
    free(sq);
  }
}

/* ---- graph colouring: exactly one of k colours per vertex ------------ */

static void bench_color(int seeds) {
  /* Random graphs with average degree d just below the k-colourability
   * threshold, where deciding is hardest. */
  static const struct { int v, k; double d; } cfg[] = {
      {150, 4, 8.4},  {100, 5, 13.0}, {80, 6, 17.5}, {70, 7, 22.0},
      {60, 8, 26.5},  {55, 10, 34.0}, {50, 12, 40.0}, {45, 16, 50.0}};
  for (size_t ci = 0; ci < sizeof cfg / sizeof *cfg; ci++) {
    int v = cfg[ci].v, k = cfg[ci].k;
    int m = (int)(cfg[ci].d * v / 2);
    run r[PZ_AMO_COUNT][64];
    int *eu = (int *)malloc(sizeof(int) * (size_t)m);
    int *ev = (int *)malloc(sizeof(int) * (size_t)m);
    int *lits = (int *)malloc(sizeof(int) * (size_t)k);
    for (int seed = 0; seed < seeds; seed++) {
      for (int i = 0; i < m; i++) {
        eu[i] = (int)rnd((uint32_t)v);
        do ev[i] = (int)rnd((uint32_t)v); while (ev[i] == eu[i]);
      }
      for (int e = 1; e < PZ_AMO_COUNT; e++) {
        pz_cnf *cnf;
        NEED(pz_cnf_new(&cnf));
        int first;
        NEED(pz_cnf_new_vars(cnf, v * k, &first));
        for (int x = 0; x < v; x++) {
          for (int c = 0; c < k; c++) lits[c] = x * k + c + 1;
          NEED(pz_exactly_one(cnf, lits, (size_t)k, (pz_amo_encoding)e));
        }
        for (int i = 0; i < m; i++)
          for (int c = 0; c < k; c++)
            NEED(pz_cnf_add2(cnf, -(eu[i] * k + c + 1), -(ev[i] * k + c + 1)));
        NEED(pz_cnf_add1(cnf, eu[0] * k + 1)); /* colours are symmetric */
        r[e][seed] = solve(cnf);
        pz_cnf_free(cnf);
      }
    }
    printf("colouring, %d vertices, %d edges, %d colours, %d instances\n",
           v, m, k, seeds);
    for (int e = 1; e < PZ_AMO_COUNT; e++)
      print_run(pz_amo_encoding_name(e), r[e], seeds);
    fflush(stdout);
    free(eu), free(ev), free(lits);
  }
}

/* ---- set cover: at most k of m sets --------------------------------- */

static void bench_cover(int seeds) {
  static const struct { int m, u, k; } cfg[] = {
      {80, 100, 0}, {120, 120, 0}, {150, 150, 0}, {200, 150, 0}};
  for (size_t ci = 0; ci < sizeof cfg / sizeof *cfg; ci++) {
    int m = cfg[ci].m, u = cfg[ci].u;
    run r[PZ_CARD_COUNT][64];
    int ks[64];
    for (int seed = 0; seed < seeds; seed++) {
      /* Each element is in 3% of the sets, at least two. */
      unsigned char *in = (unsigned char *)calloc((size_t)(m * u), 1);
      for (int e = 0; e < u; e++) {
        int got = 0;
        for (int s = 0; s < m; s++)
          if (rnd(100) < 3) in[e * m + s] = 1, got++;
        while (got < 2) {
          int s = (int)rnd((uint32_t)m);
          if (!in[e * m + s]) in[e * m + s] = 1, got++;
        }
      }
      /* Greedy cover size g; ask for g-1 (tight: often just SAT or not). */
      unsigned char *covered = (unsigned char *)calloc((size_t)u, 1);
      int g = 0;
      for (;;) {
        int best = -1, gain = 0;
        for (int s = 0; s < m; s++) {
          int c = 0;
          for (int e = 0; e < u; e++) c += in[e * m + s] && !covered[e];
          if (c > gain) gain = c, best = s;
        }
        if (best < 0) break;
        g++;
        for (int e = 0; e < u; e++)
          if (in[e * m + best]) covered[e] = 1;
      }
      int k = g - 1;
      ks[seed] = k;
      int *lits = (int *)malloc(sizeof(int) * (size_t)m);
      for (int e = 1; e < PZ_CARD_COUNT; e++) {
        pz_cnf *cnf;
        NEED(pz_cnf_new(&cnf));
        int first;
        NEED(pz_cnf_new_vars(cnf, m, &first));
        for (int el = 0; el < u; el++) {
          for (int s = 0; s < m; s++)
            if (in[el * m + s]) NEED(pz_cnf_add(cnf, s + 1));
          NEED(pz_cnf_add(cnf, 0));
        }
        for (int s = 0; s < m; s++) lits[s] = s + 1;
        NEED(pz_at_most_k(cnf, lits, (size_t)m, k, (pz_card_encoding)e));
        r[e][seed] = solve(cnf);
        pz_cnf_free(cnf);
      }
      free(lits);
      free(covered);
      free(in);
    }
    printf("set cover, %d sets, %d elements, at most k (k =", m, u);
    for (int s = 0; s < seeds; s++) printf(" %d", ks[s]);
    printf(")\n");
    for (int e = 1; e < PZ_CARD_COUNT; e++)
      print_run(pz_card_encoding_name(e), r[e], seeds);
    fflush(stdout);
  }
}

/* ---- exactly k per row and column, no all-ones 2x2 rectangle -------- */

static void bench_plane(int seeds) {
  static const struct { int n, k; } cfg[] = {
      {13, 4}, {16, 4}, {21, 5}, {25, 5}, {31, 6}};
  for (size_t ci = 0; ci < sizeof cfg / sizeof *cfg; ci++) {
    int n = cfg[ci].n, k = cfg[ci].k;
    run r[PZ_CARD_COUNT][64];
    int *lits = (int *)malloc(sizeof(int) * (size_t)n);
    for (int seed = 0; seed < seeds; seed++) {
      /* A random first-row pattern breaks symmetry differently per seed. */
      int shift = (int)rnd((uint32_t)n);
      for (int e = 1; e < PZ_CARD_COUNT; e++) {
        pz_cnf *cnf;
        NEED(pz_cnf_new(&cnf));
        int first;
        NEED(pz_cnf_new_vars(cnf, n * n, &first));
        for (int a = 0; a < n; a++) {
          for (int i = 0; i < n; i++) lits[i] = a * n + i + 1;
          NEED(pz_exactly_k(cnf, lits, (size_t)n, k, (pz_card_encoding)e));
          for (int i = 0; i < n; i++) lits[i] = i * n + a + 1;
          NEED(pz_exactly_k(cnf, lits, (size_t)n, k, (pz_card_encoding)e));
        }
        for (int r1 = 0; r1 < n; r1++)
          for (int r2 = r1 + 1; r2 < n; r2++)
            for (int c1 = 0; c1 < n; c1++)
              for (int c2 = c1 + 1; c2 < n; c2++) {
                int cl[4] = {-(r1 * n + c1 + 1), -(r1 * n + c2 + 1),
                             -(r2 * n + c1 + 1), -(r2 * n + c2 + 1)};
                NEED(pz_cnf_add_clause(cnf, cl, 4));
              }
        NEED(pz_cnf_add1(cnf, (shift % n) + 1));
        r[e][seed] = solve(cnf);
        pz_cnf_free(cnf);
      }
    }
    printf("no-rectangle %dx%d, exactly %d per row/column, %d instances\n",
           n, n, k, seeds);
    for (int e = 1; e < PZ_CARD_COUNT; e++)
      print_run(pz_card_encoding_name(e), r[e], seeds);
    fflush(stdout);
    free(lits);
  }
}

/* ---- graph bisection: exactly n/2 on each side, at most B cut edges -- */

static void bench_bisect(int seeds) {
  static const int sizes_[] = {30, 40};
  for (size_t ci = 0; ci < sizeof sizes_ / sizeof *sizes_; ci++) {
    int n = sizes_[ci], m = 3 * n; /* average degree 6 */
    run r[PZ_CARD_COUNT][64];
    int bs[64];
    int *eu = (int *)malloc(sizeof(int) * (size_t)m);
    int *ev = (int *)malloc(sizeof(int) * (size_t)m);
    int *side = (int *)malloc(sizeof(int) * (size_t)n);
    int *lits = (int *)malloc(sizeof(int) * (size_t)(m > n ? m : n));
    for (int seed = 0; seed < seeds; seed++) {
      for (int i = 0; i < m; i++) {
        eu[i] = (int)rnd((uint32_t)n);
        do ev[i] = (int)rnd((uint32_t)n); while (ev[i] == eu[i]);
      }
      /* A bound just below a local-search bisection: hard to decide. */
      for (int i = 0; i < n; i++) side[i] = i < n / 2;
      int cut = 0;
      for (int i = 0; i < m; i++) cut += side[eu[i]] != side[ev[i]];
      for (int it = 0; it < 20000; it++) {
        int a = (int)rnd((uint32_t)n), b = (int)rnd((uint32_t)n);
        if (side[a] == side[b]) continue;
        side[a] ^= 1, side[b] ^= 1;
        int c = 0;
        for (int i = 0; i < m; i++) c += side[eu[i]] != side[ev[i]];
        if (c > cut) side[a] ^= 1, side[b] ^= 1;
        else cut = c;
      }
      int bound = cut * 19 / 20;
      bs[seed] = bound;
      for (int e = 1; e < PZ_CARD_COUNT; e++) {
        pz_cnf *cnf;
        NEED(pz_cnf_new(&cnf));
        int first;
        NEED(pz_cnf_new_vars(cnf, n + m, &first));
        for (int i = 0; i < m; i++) { /* x_u != x_v -> edge is cut */
          int x = eu[i] + 1, y = ev[i] + 1, c = n + i + 1;
          NEED(pz_cnf_add3(cnf, -x, y, c));
          NEED(pz_cnf_add3(cnf, x, -y, c));
        }
        for (int i = 0; i < n; i++) lits[i] = i + 1;
        NEED(pz_exactly_k(cnf, lits, (size_t)n, n / 2, (pz_card_encoding)e));
        NEED(pz_cnf_add1(cnf, 1)); /* the two sides are symmetric */
        for (int i = 0; i < m; i++) lits[i] = n + i + 1;
        NEED(pz_at_most_k(cnf, lits, (size_t)m, bound, (pz_card_encoding)e));
        r[e][seed] = solve(cnf);
        pz_cnf_free(cnf);
      }
    }
    printf("bisection, %d vertices, %d edges, cut at most B (B =", n, m);
    for (int s = 0; s < seeds; s++) printf(" %d", bs[s]);
    printf(")\n");
    for (int e = 1; e < PZ_CARD_COUNT; e++)
      print_run(pz_card_encoding_name(e), r[e], seeds);
    fflush(stdout);
    free(eu), free(ev), free(side), free(lits);
  }
}

/* ---- planted 3-SAT with exactly k of n true: large n and k --------- */

static void bench_planted(int seeds) {
  static const struct { int n, k; } cfg[] = {
      {128, 4},  {128, 8},  {128, 16}, {128, 32}, {128, 64},
      {512, 4},  {512, 8},  {512, 16}, {512, 32}, {512, 64},
      {512, 128}, {512, 256}};
  for (size_t ci = 0; ci < sizeof cfg / sizeof *cfg; ci++) {
    int n = cfg[ci].n, k = cfg[ci].k, m = 4 * n;
    run r[PZ_CARD_COUNT][64];
    int *plant = (int *)malloc(sizeof(int) * (size_t)n);
    int *lits = (int *)malloc(sizeof(int) * (size_t)n);
    int *cls = (int *)malloc(sizeof(int) * (size_t)(3 * m));
    for (int seed = 0; seed < seeds; seed++) {
      for (int i = 0; i < n; i++) plant[i] = i < k;
      for (int i = n - 1; i > 0; i--) { /* shuffle */
        int j = (int)rnd((uint32_t)i + 1), t = plant[i];
        plant[i] = plant[j], plant[j] = t;
      }
      for (int c = 0; c < m; c++) { /* clauses the planted model satisfies */
        int ok;
        do {
          ok = 0;
          for (int t = 0; t < 3; t++) {
            int v = (int)rnd((uint32_t)n), sign = rnd(2) ? 1 : -1;
            cls[3 * c + t] = sign * (v + 1);
            ok |= (sign > 0) == (plant[v] != 0);
          }
        } while (!ok);
      }
      for (int e = 1; e < PZ_CARD_COUNT; e++) {
        pz_cnf *cnf;
        NEED(pz_cnf_new(&cnf));
        int first;
        NEED(pz_cnf_new_vars(cnf, n, &first));
        for (int c = 0; c < m; c++) NEED(pz_cnf_add_clause(cnf, cls + 3 * c, 3));
        for (int i = 0; i < n; i++) lits[i] = i + 1;
        double t0 = now();
        NEED(pz_exactly_k(cnf, lits, (size_t)n, k, (pz_card_encoding)e));
        double enc = now() - t0;
        r[e][seed] = solve(cnf);
        r[e][seed].seconds += enc;
        pz_cnf_free(cnf);
      }
    }
    printf("planted 3-SAT, %d vars, %d clauses, exactly %d true, %d "
           "instances\n", n, m, k, seeds);
    for (int e = 1; e < PZ_CARD_COUNT; e++)
      print_run(pz_card_encoding_name(e), r[e], seeds);
    fflush(stdout);
    free(plant), free(lits), free(cls);
  }
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "sizes";
  backend = argc > 2 ? argv[2] : "cadical";
  int seeds = argc > 3 ? atoi(argv[3]) : 5;
  if (seeds < 1 || seeds > 64) seeds = 5;
  if (argc > 4) limit = atof(argv[4]);
  if (strcmp(what, "sizes") == 0) sizes();
  else if (strcmp(what, "grid") == 0) grid();
  else if (strcmp(what, "amo") == 0) bench_amo(seeds);
  else if (strcmp(what, "color") == 0) bench_color(seeds);
  else if (strcmp(what, "planted") == 0) bench_planted(seeds);
  else if (strcmp(what, "cover") == 0) bench_cover(seeds);
  else if (strcmp(what, "plane") == 0) bench_plane(seeds);
  else if (strcmp(what, "bisect") == 0) bench_bisect(seeds);
  else {
    fprintf(stderr, "usage: card_bench sizes|grid|amo|color|planted|cover|plane|bisect "
                    "[backend] [seeds] [limit]\n");
    return 2;
  }
  return 0;
}
