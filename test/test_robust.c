/* Robustness of solving, per backend (usage: test_robust BACKEND):
 * - a solver that breaks (out of memory) at any point makes the call fail
 *   with PZ_ERR_NOMEM, never crash or answer wrong; later calls on the
 *   same solver keep failing, a puzzle recovers with a fresh solver, and
 *   nothing leaks (checked by the sanitizer build);
 * - pz itself stops counting on time when a backend never polls the hook;
 * - the real backend stops within 10% + 100 ms of the time limit (or of a
 *   terminate callback) in solve, count, enumerate and unique.
 * Answers are checked against published counts (Latin squares of order 3:
 * 12, order 4: 576) and against a formula that is known unsatisfiable. */
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <pz.h>
#include <pz/backend.h>

#include "check.h"
#include "puzzle_on.h"
#include "linked_backend.h"
#include "test_backend.h"

static const pz_backend *real; /* the backend under test */
static const char *real_name;   /* as named on the command line */
static const char *real_arg;    /* its ARG when named "NAME:ARG" */

/* An instance of the real backend (with its argument, if any). */
static void *real_init(void) {
  if (!real_arg) return real->init();
  void *h = NULL;
  return real->init_with(real_arg, &h) == PZ_OK ? h : NULL;
}

/* --- "flaky": the real backend, broken after a budget of calls -------- */
/* budget: adds, assumes and solves left before the instance breaks with
 * PZ_ERR_NOMEM, as a solver that runs out of memory; init fails when the
 * budget is 0. -1: never breaks. */
static long budget = -1;

typedef struct flaky {
  void *h;
  int err;
} flaky;

static int spend(flaky *f) {
  if (f->err) return 1;
  if (budget >= 0 && budget-- == 0) f->err = PZ_ERR_NOMEM;
  return f->err != 0;
}

static const char *flaky_sig(void) { return "flaky"; }
static void *flaky_init(void) {
  if (budget >= 0 && budget-- == 0) return NULL;
  flaky *f = (flaky *)calloc(1, sizeof *f);
  if (!f) return NULL;
  f->h = real_init();
  if (!f->h) {
    free(f);
    return NULL;
  }
  return f;
}
static void flaky_release(void *s) {
  flaky *f = (flaky *)s;
  if (!f) return;
  real->release(f->h);
  free(f);
}
static void flaky_add(void *s, int lit) {
  flaky *f = (flaky *)s;
  if (!spend(f)) real->add(f->h, lit);
}
static void flaky_assume(void *s, int lit) {
  flaky *f = (flaky *)s;
  if (!spend(f)) real->assume(f->h, lit);
}
static int flaky_solve(void *s) {
  flaky *f = (flaky *)s;
  return spend(f) ? f->err : real->solve(f->h);
}
static int flaky_val(void *s, int lit) {
  flaky *f = (flaky *)s;
  return f->err ? -1 : real->val(f->h, lit);
}
static int flaky_failed(void *s, int lit) {
  flaky *f = (flaky *)s;
  return f->err ? 0 : real->failed(f->h, lit);
}
static void flaky_set_terminate(void *s, void *state, int (*fn)(void *)) {
  flaky *f = (flaky *)s;
  if (!f->err && real->set_terminate) real->set_terminate(f->h, state, fn);
}

static const pz_backend flaky_backend = {
    TEST_BACKEND_OPS(flaky),
    .name = "flaky",
    .set_terminate = flaky_set_terminate,
};

/* "deaf": the real backend without a terminate hook, so only pz's own
 * checks between solves can stop a count. */
static const char *deaf_sig(void) { return "deaf"; }
static void *deaf_init(void) { return real_init(); }
static void deaf_release(void *s) { real->release(s); }
static void deaf_add(void *s, int lit) { real->add(s, lit); }
static void deaf_assume(void *s, int lit) { real->assume(s, lit); }
static int deaf_solve(void *s) { return real->solve(s); }
static int deaf_val(void *s, int lit) { return real->val(s, lit); }
static int deaf_failed(void *s, int lit) { return real->failed(s, lit); }
static const pz_backend deaf_backend = {TEST_BACKEND_OPS(deaf), .name = "deaf"};

/* Counts Latin squares of order n on `backend`; 12 for 3, 576 for 4. */
static int count_latin(pz_puzzle *p, uint64_t *count) {
  pz_result stop;
  int st = pz_puzzle_count(p, 0, count, &stop);
  if (!st && stop != PZ_UNSAT) return PZ_ERR_STATE; /* must be complete */
  return st;
}

/* Breaks the solver after every possible number of calls, through the
 * puzzle layer: each count is either right or PZ_ERR_NOMEM, and the same
 * puzzle object then counts right with a healthy solver. */
static void test_broken_puzzle(pz_enum_method method) {
  pz_puzzle *p;
  REQUIRE(pz_latin_new(&p, 3, 0) == PZ_OK);
  pz_options opt = PZ_OPTIONS_INIT;
  opt.backend = "flaky";
  opt.strategy = PZ_STRATEGY_FRESH;
  opt.enumerate = method; /* the backend methods: pz's own needs none */
  REQUIRE(pz_puzzle_set_options(p, &opt) == PZ_OK);
  uint64_t count = 0;
  budget = -1;
  REQUIRE(count_latin(p, &count) == PZ_OK);
  CHECK_EQ(count, 12);
  /* calls: how many backend calls one whole count makes. */
  budget = 1L << 40;
  REQUIRE(count_latin(p, &count) == PZ_OK);
  long calls = (1L << 40) - budget;
  /* Every break point when time allows; on slow backends (a process per
   * solve, a z3 context per instance) or under a sanitizer, a spread
   * sample: bit-reversed order covers the whole count evenly at every
   * length, and stops after 8 s with at least 64 points tried. */
  long span = 1;
  int bits = 0;
  while (span <= calls) span <<= 1, bits++;
  long tested = 0, failures = 0;
  double t0 = now();
  for (long i = 0; i < span; i++) {
    long b = 0;
    for (int k = 0; k < bits; k++)
      if (i >> k & 1) b |= 1L << (bits - 1 - k);
    if (b > calls) continue;
    if (tested >= 64 && now() - t0 > 8) break;
    budget = b;
    count = 0;
    int st = count_latin(p, &count);
    /* Right, or out of memory: never a wrong count. A break in the very
     * last call (retiring the enumeration's selector) leaves the count
     * right; the next solve would report it. */
    if (st == PZ_OK)
      CHECK_EQ(count, 12);
    else {
      CHECK_EQ(st, PZ_ERR_NOMEM);
      failures++;
    }
    if (b == calls) CHECK(budget >= 0); /* the budget outlasted it */
    tested++;
    budget = -1;
    st = count_latin(p, &count); /* the puzzle recovers */
    CHECK_EQ(st, PZ_OK);
    CHECK_EQ(count, 12);
  }
  CHECK(tested >= 64 || tested == calls + 1);
  CHECK(failures * 10 > tested * 9); /* the breaks reached every phase */
  budget = -1;
  pz_puzzle_free(p);
}

/* The pz_solver layer: a broken solver fails every later call the same
 * way, keeps no half-read model, and frees cleanly. */
static void test_broken_solver(void) {
  pz_solver *s;
  budget = -1;
  REQUIRE(pz_solver_new_with(&s, &flaky_backend) == PZ_OK);
  for (int v = 1; v <= 3; v++) CHECK_EQ(pz_solver_add(s, v), PZ_OK);
  CHECK_EQ(pz_solver_add(s, 0), PZ_OK);
  pz_result r;
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  CHECK(pz_solver_value(s, 1) != 0);
  budget = 1; /* one more call works, the next breaks */
  CHECK_EQ(pz_solver_add(s, -1), PZ_OK);
  CHECK_EQ(pz_solver_add(s, 0), PZ_OK); /* breaks inside the backend */
  CHECK_EQ(pz_solver_solve(s, &r), PZ_ERR_NOMEM);
  CHECK_EQ(r, PZ_UNKNOWN);
  CHECK_EQ(pz_solver_value(s, 1), 0); /* no model */
  budget = -1;
  uint64_t count = 99;
  pz_result stop;
  CHECK_EQ(pz_solver_count(s, 0, &count, &stop), PZ_ERR_NOMEM);
  CHECK_EQ(count, 0);
  int sols = 5;
  CHECK_EQ(pz_solver_unique(s, &sols, &stop), PZ_ERR_NOMEM);
  CHECK_EQ(pz_solver_add(s, 2), PZ_ERR_NOMEM);
  CHECK_EQ(pz_solver_assume(s, 2), PZ_ERR_NOMEM);
  pz_solver_print_stats(s, stderr); /* nothing, no crash */
  pz_solver_free(s);

  /* init failing is an allocation failure. */
  budget = 0;
  s = (pz_solver *)&s;
  CHECK_EQ(pz_solver_new_with(&s, &flaky_backend), PZ_ERR_NOMEM);
  CHECK(s == NULL);
  budget = -1;
}

/* A solve answer outside the contract: PZ_ERR_BACKEND, sticky. */
static int bad_solve(void *s) {
  (void)s;
  return 7;
}
static void test_bad_answer(void) {
  pz_backend odd = *real;
  odd.name = "odd";
  odd.init = real_init;
  odd.solve = bad_solve;
  pz_solver *s;
  REQUIRE(pz_solver_new_with(&s, &odd) == PZ_OK);
  pz_result r;
  CHECK_EQ(pz_solver_add(s, 1), PZ_OK);
  CHECK_EQ(pz_solver_add(s, 0), PZ_OK);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_ERR_BACKEND);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_ERR_BACKEND);
  pz_solver_free(s);
}

/* --- Time ----------------------------------------------------------- */
#define LIMIT 0.5
/* The promise: within 10% of the limit, or 100 ms. A timed run that
 * misses it is repeated once before it counts as a failure: the machine
 * running the tests may be busy with other work for a moment (both runs
 * are reported). */
static int in_time(double t) { return t >= LIMIT * 0.99 && t <= LIMIT * 1.1 + 0.1; }

static void timed(const char *what, double (*run)(void)) {
  double t = run();
  if (in_time(t)) return;
  fprintf(stderr, "%s (%s): stopped after %.3f s; limit %.1f s, allowed "
          "%.2f s; once more\n", what, real->name, t, LIMIT, LIMIT * 1.1 + 0.1);
  t = run();
  if (in_time(t)) return;
  fprintf(stderr, "%s (%s): stopped after %.3f s again\n", what, real->name, t);
  check_failures++;
}

/* The pigeonhole formula: n+1 pigeons in n holes, unsatisfiable and hard
 * for every CDCL solver (resolution proofs are exponential). */
static void pigeonhole(pz_solver *s, int n) {
  int pigeons = n + 1;
  for (int p = 0; p < pigeons; p++) {
    for (int h = 0; h < n; h++) pz_solver_add(s, p * n + h + 1);
    pz_solver_add(s, 0);
  }
  for (int h = 0; h < n; h++)
    for (int p = 0; p < pigeons; p++)
      for (int q = p + 1; q < pigeons; q++) {
        pz_solver_add(s, -(p * n + h + 1));
        pz_solver_add(s, -(q * n + h + 1));
        pz_solver_add(s, 0);
      }
}

static double stop_at;
static int stop_after(void *state) {
  (void)state;
  return now() >= stop_at;
}

static pz_solver *hard_solver(double limit) {
  pz_solver *s;
  REQUIRE(pz_solver_new(&s, real_name) == PZ_OK);
  pigeonhole(s, 12);
  REQUIRE(pz_solver_set_time_limit(s, limit) == PZ_OK);
  return s;
}

/* The time one solve of s takes, which must stop with UNKNOWN; s freed. */
static double time_stopped_solve(pz_solver *s) {
  pz_result r = PZ_SAT;
  double t0 = now();
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  double t = now() - t0;
  CHECK_EQ(r, PZ_UNKNOWN);
  pz_solver_free(s);
  return t;
}

/* One hard solve: answers UNKNOWN on time. */
static double time_solve(void) { return time_stopped_solve(hard_solver(LIMIT)); }

/* The limit is per call: a second call on the same solver gets its own. */
static double time_second_solve(void) {
  pz_solver *s = hard_solver(LIMIT);
  pz_result r = PZ_SAT;
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  return time_stopped_solve(s);
}

/* Uniqueness whose first solve is hard. */
static double time_unique(void) {
  pz_solver *s = hard_solver(LIMIT);
  pz_result stop = PZ_SAT;
  int sols = 7;
  double t0 = now();
  CHECK_EQ(pz_solver_unique(s, &sols, &stop), PZ_OK);
  double t = now() - t0;
  CHECK_EQ(stop, PZ_UNKNOWN);
  CHECK_EQ(sols, 0);
  pz_solver_free(s);
  return t;
}

/* A terminate callback alone (no time limit) stops a hard solve. */
static double time_terminate_callback(void) {
  pz_solver *s = hard_solver(0);
  pz_solver_set_terminate(s, NULL, stop_after);
  stop_at = now() + LIMIT;
  return time_stopped_solve(s);
}

/* Counting and enumerating solutions of an empty grid (far too many to
 * finish): many short solves, stopped between and inside them. */
static int seen(void *state, const int *grid) {
  (void)grid;
  ++*(uint64_t *)state;
  return 0;
}

static const char *count_backend; /* real->name, or "deaf" */

/* On count_backend under the time limit, by blocking clauses: the
 * backend's polling is what is tested. */
static pz_options limited(void) {
  pz_options opt = options_on(count_backend);
  opt.time_limit = LIMIT;
  opt.enumerate = PZ_ENUM_BLOCKING;
  return opt;
}

/* Latin squares of order 9: about 5.5e27, counting never finishes. */
static double time_count(void) {
  pz_options opt = limited();
  pz_puzzle *p;
  puzzle_set(pz_latin_new(&p, 9, 0), &p, &opt);
  uint64_t count = 0;
  pz_result stop = PZ_SAT;
  double t0 = now();
  CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
  double t = now() - t0;
  CHECK_EQ(stop, PZ_UNKNOWN);
  CHECK(count > 0);
  pz_puzzle_free(p);
  return t;
}

/* Sudoku grids, each one passed to a callback. */
static double time_enumerate(void) {
  pz_options opt = limited();
  pz_puzzle *p;
  puzzle_set(pz_sudoku_new(&p, 3, 3), &p, &opt);
  uint64_t calls = 0, count = 0;
  pz_result stop = PZ_SAT;
  double t0 = now();
  CHECK_EQ(pz_puzzle_enumerate(p, 0, seen, &calls, &count, &stop), PZ_OK);
  double t = now() - t0;
  CHECK_EQ(stop, PZ_UNKNOWN);
  CHECK(count > 0);
  CHECK_EQ(calls, count);
  pz_puzzle_free(p);
  return t;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: test_robust BACKEND\n");
    return 2;
  }
  /* "NAME:ARG" (exec:minisat): backend NAME with ARG. */
  {
    const char *colon = strchr(argv[1], ':');
    char base[64];
    size_t len = colon ? (size_t)(colon - argv[1]) : strlen(argv[1]);
    REQUIRE(len < sizeof base);
    memcpy(base, argv[1], len);
    base[len] = '\0';
    real = linked_backend(base);
    if (colon) real_arg = colon + 1;
  }
  real_name = argv[1];
  REQUIRE(real != NULL);
  /* Registered so that puzzles can pick them by name, as users pick
   * theirs; a second time changes nothing. */
  REQUIRE(pz_backend_register(&flaky_backend) == PZ_OK);
  REQUIRE(pz_backend_register(&deaf_backend) == PZ_OK);
  REQUIRE(pz_backend_register(&deaf_backend) == PZ_OK);
  test_broken_solver();
  test_bad_answer();
  test_broken_puzzle(PZ_ENUM_BLOCKING);
  test_broken_puzzle(PZ_ENUM_DISJOINT);
  timed("solve", time_solve);
  timed("second solve", time_second_solve);
  timed("unique", time_unique);
  timed("terminate callback", time_terminate_callback);
  count_backend = argv[1];
  timed("count", time_count);
  timed("enumerate", time_enumerate);
  /* pz's own checks stop a backend that never polls. */
  count_backend = "deaf";
  timed("count without a terminate hook", time_count);
  timed("enumerate without a terminate hook", time_enumerate);
  return check_done("test_robust");
}
