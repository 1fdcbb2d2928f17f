/* pz_puzzle_estimate: the interval holds the exact count in about 95% of
 * seeded runs, a space small enough is counted exactly, a sample budget,
 * a precision stop and a time limit end the run, and bad options are
 * refused. Exact counts come from pz_puzzle_count on the backend under
 * test and are checked against published values (OEIS A000315 for
 * reduced Latin squares; 288 4x4 Sudoku grids; 28,200,960 6x6 grids,
 * Felgenhauer and Jarvis's figure for 6x6, too slow to count here). */
#include <math.h>

#include <pz.h>

#include "check.h"

static const char *backend;

static pz_puzzle *make(int kind, int a, int b) {
  pz_puzzle *p = NULL;
  int st = kind == 'L' ? pz_latin_new(&p, a, PZ_LATIN_REDUCED)
                       : pz_sudoku_new(&p, a, b);
  CHECK(st == PZ_OK);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  CHECK(pz_puzzle_set_options(p, &o) == PZ_OK);
  return p;
}

static uint64_t exact(pz_puzzle *p) {
  uint64_t n = 0;
  pz_result r;
  CHECK(pz_puzzle_count(p, 0, &n, &r) == PZ_OK && r == PZ_UNSAT);
  return n;
}

/* 100 seeded runs of `samples` samples each, leaf_work 1 (pure probes,
 * nothing counted whole above a leaf). A 95% interval misses about 5
 * times in 100; at least 90 hits is asked so the test does not flake:
 * with a true coverage of 95% fewer than 90 hits has a chance of about
 * 2% (binomial), and seeds are fixed, so a pass stays a pass. */
static void coverage(pz_puzzle *p, double truth, uint64_t samples) {
  int hits = 0;
  for (uint64_t seed = 1; seed <= 100; seed++) {
    pz_estimate_options eo = PZ_ESTIMATE_OPTIONS_INIT;
    eo.samples = samples;
    eo.seed = seed;
    eo.leaf_work = 1;
    pz_estimate e;
    CHECK(pz_puzzle_estimate(p, &eo, &e) == PZ_OK);
    CHECK(e.samples == samples && !e.exact && !e.stopped);
    CHECK(e.low <= e.estimate && e.estimate <= e.high);
    hits += e.low <= truth && truth <= e.high;
  }
  printf("%s %dx%d: %.0f inside the interval in %d of 100 runs\n",
         pz_puzzle_kind(p), pz_puzzle_rows(p), pz_puzzle_cols(p), truth, hits);
  CHECK(hits >= 90);
}

int main(int argc, char **argv) {
  backend = argc > 1 ? argv[1] : NULL;
  if (backend && !pz_backend_known(backend)) return 77;

  /* Exact when the root counts within the work: the estimate is the
   * count, its error 0, one sample. */
  pz_puzzle *l5 = make('L', 5, 0), *s4 = make('S', 2, 2);
  struct { pz_puzzle *p; uint64_t published; } small[] = {{l5, 56}, {s4, 288}};
  for (size_t i = 0; i < 2; i++) {
    uint64_t n = exact(small[i].p);
    CHECK(n == small[i].published);
    pz_estimate e;
    CHECK(pz_puzzle_estimate(small[i].p, NULL, &e) == PZ_OK);
    CHECK(e.exact && e.estimate == (double)n && e.std_error == 0 &&
          e.low == e.estimate && e.high == e.estimate && e.samples == 1);
  }

  /* Coverage on counts pz finishes, and on one it takes from print. */
  pz_puzzle *l6 = make('L', 6, 0), *s6 = make('S', 2, 3);
  uint64_t n6 = exact(l6);
  CHECK(n6 == 9408);
  coverage(l6, (double)n6, 200);
  coverage(s4, 288, 100);
  coverage(s6, 28200960.0, 400);

  /* The same seed gives the same estimate; another seed another. */
  pz_estimate_options eo = PZ_ESTIMATE_OPTIONS_INIT;
  eo.samples = 50;
  eo.seed = 7;
  pz_estimate a, b, c;
  CHECK(pz_puzzle_estimate(l6, &eo, &a) == PZ_OK);
  CHECK(pz_puzzle_estimate(l6, &eo, &b) == PZ_OK);
  eo.seed = 8;
  CHECK(pz_puzzle_estimate(l6, &eo, &c) == PZ_OK);
  CHECK(a.estimate == b.estimate && a.std_error == b.std_error);
  CHECK(a.estimate != c.estimate);

  /* Two threads take the same samples under a sample budget. */
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  o.threads = 2;
  CHECK(pz_puzzle_set_options(l6, &o) == PZ_OK);
  eo.seed = 7;
  CHECK(pz_puzzle_estimate(l6, &eo, &b) == PZ_OK);
  CHECK(b.samples == 50 && fabs(a.estimate - b.estimate) <= 1e-9 * a.estimate);

  /* Precision: stops once the half-width is within 5%, and says so. */
  eo.samples = 0;
  eo.precision = 0.05;
  CHECK(pz_puzzle_estimate(s6, &eo, &a) == PZ_OK);
  CHECK(a.samples >= 30 && 1.96 * a.std_error <= 0.05 * a.estimate + 1e-9);

  /* A time limit ends a run with no sample budget. */
  pz_puzzle *l9 = make('L', 9, 0);
  o.threads = 1;
  o.time_limit = 0.3;
  CHECK(pz_puzzle_set_options(l9, &o) == PZ_OK);
  eo.precision = 0;
  double t0 = now();
  CHECK(pz_puzzle_estimate(l9, &eo, &a) == PZ_OK);
  CHECK(a.stopped && a.samples > 0 && now() - t0 < 0.3 + 0.5 + SLACK);

  /* Refused options. */
  pz_estimate_options bad = PZ_ESTIMATE_OPTIONS_INIT;
  bad.precision = 1.5;
  CHECK(pz_puzzle_estimate(l6, &bad, &a) == PZ_ERR_ARG);
  bad = eo;
  bad.version = 99;
  CHECK(pz_puzzle_estimate(l6, &bad, &a) == PZ_ERR_ARG);
  CHECK(pz_puzzle_estimate(NULL, NULL, &a) == PZ_ERR_ARG);
  CHECK(pz_puzzle_estimate(l6, NULL, NULL) == PZ_ERR_ARG);

  pz_puzzle_free(l5);
  pz_puzzle_free(s4);
  pz_puzzle_free(l6);
  pz_puzzle_free(s6);
  pz_puzzle_free(l9);
  return check_failures ? 1 : 0;
}
