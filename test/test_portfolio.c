/* The portfolio, per backend (usage: test_portfolio BACKEND):
 * - the backend's configurations (pz_backend.diversify) keep answers: every
 *   index answers random 3-SAT formulas as a brute-force search does;
 * - pz_portfolio races answer as brute force does, with assumptions and
 *   with clauses added between races, and the winner's model satisfies
 *   the formula;
 * - pz_puzzle_solve / pz_puzzle_unique with opt.threads > 1 give the
 *   single solver's answers, solutions checked by test/validate.c;
 *   UNSAT puzzles are UNSAT; unique / not unique right;
 * - the time limit and the terminate callback stop a hard instance
 *   (pigeonhole 13 into 12) within 10% + 100 ms, and the callback runs
 *   on the caller's thread only;
 * - a member that fails (out of memory) drops out: the call answers
 *   through the others, and fails only when every member failed;
 * nothing leaks (the sanitizer build runs this too). */
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <pz.h>
#include <pz/backend.h>

#include "check.h"
#include "linked_backend.h"
#include "solve/portfolio.h"
#include "solve/solver_impl.h"
#include "validate.h"
#include "test_backend.h"
#include "puzzle_on.h"

static const char *backend;
static const pz_backend *real; /* the backend under test */

/* --- Random 3-SAT and brute force --------------------------------------- */
#define NV 16
#define NC 70 /* near the threshold (4.26 * 16 = 68): SAT and UNSAT mixed */

static unsigned rng = 12345u;
static unsigned rnd(void) {
  rng = rng * 1103515245u + 12345u;
  return rng >> 8;
}

typedef struct formula {
  int lit[NC][3];
} formula;

static void random_formula(formula *f) {
  for (int c = 0; c < NC; c++)
    for (int k = 0; k < 3; k++) {
      int v = (int)(rnd() % NV) + 1;
      f->lit[c][k] = rnd() & 1 ? v : -v;
    }
}

static int sat_by(const formula *f, uint32_t a) {
  for (int c = 0; c < NC; c++) {
    int ok = 0;
    for (int k = 0; k < 3 && !ok; k++) {
      int l = f->lit[c][k], v = l < 0 ? -l : l;
      ok = ((a >> (v - 1)) & 1) == (l > 0);
    }
    if (!ok) return 0;
  }
  return 1;
}

/* Assignments satisfying f with variable 1 fixed to fix1 (0 = free). */
static long brute(const formula *f, int fix1) {
  long n = 0;
  for (uint32_t a = 0; a < (1u << NV); a++) {
    if (fix1 && (int)(a & 1) != (fix1 > 0)) continue;
    n += sat_by(f, a);
  }
  return n;
}

static void to_cnf(const formula *f, pz_cnf *cnf) {
  for (int c = 0; c < NC; c++)
    REQUIRE(pz_cnf_add3(cnf, f->lit[c][0], f->lit[c][1], f->lit[c][2]) == PZ_OK);
}

static uint32_t model_of(const pz_solver *s) {
  uint32_t a = 0;
  for (int v = 1; v <= NV; v++)
    if (pz_solver_value(s, v) > 0) a |= 1u << (v - 1);
  return a;
}

/* Every configuration index answers as brute force does. */
static void configurations(void) {
  pz_solver *s;
  REQUIRE(pz_solver_new(&s, backend) == PZ_OK);
  /* CaDiCaL and PicoSAT have configurations; IPASIR has none. */
  CHECK_EQ(pz_solver_can_diversify(s), strcmp(backend, "ipasir") != 0);
  pz_solver_free(s);
  for (int t = 0; t < 6; t++) {
    formula f;
    random_formula(&f);
    long want = brute(&f, 0);
    pz_cnf *cnf;
    REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
    to_cnf(&f, cnf);
    for (unsigned i = 0; i < 9; i++) {
      REQUIRE(pz_solver_new(&s, backend) == PZ_OK);
      int st = pz_solver_diversify(s, i);
      if (i > 0 && !pz_solver_can_diversify(s)) {
        CHECK_EQ(st, PZ_ERR_UNSUPPORTED);
      } else {
        CHECK_EQ(st, PZ_OK);
      }
      CHECK_EQ(pz_solver_add_cnf(s, cnf), PZ_OK);
      /* Only before anything was added. */
      CHECK_EQ(pz_solver_diversify(s, 1), PZ_ERR_STATE);
      pz_result r;
      CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
      CHECK_EQ(r, want ? PZ_SAT : PZ_UNSAT);
      if (r == PZ_SAT) CHECK(sat_by(&f, model_of(s)));
      pz_solver_free(s);
    }
    pz_cnf_free(cnf);
  }
}

/* --- pz_portfolio -------------------------------------------------------- */
static void races(void) {
  for (int t = 0; t < 16; t++) {
    formula f;
    random_formula(&f);
    pz_cnf *cnf;
    REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
    to_cnf(&f, cnf);
    int members = 2 + t % 3;
    pz_portfolio_config cfg = {members, backend, 0, NULL, NULL};
    pz_portfolio *pf;
    REQUIRE(pz_portfolio_new(&pf, &cfg) == PZ_OK);
    CHECK_EQ(pz_portfolio_members(pf), strcmp(backend, "ipasir") ? members : 1);
    pz_portfolio_load(pf, cnf);
    /* Under an assumption on variable 1 and its negation, then without,
     * then with the first model blocked: races on the same members, whose
     * losers were stopped anywhere (even before they solved: assumptions
     * must not outlive their race). */
    pz_result r;
    for (int k = 0; k < 2; k++) {
      int a = (t + k) % 2 ? 1 : -1;
      CHECK_EQ(pz_portfolio_solve(pf, &a, 1, &r), PZ_OK);
      CHECK_EQ(r, brute(&f, a) ? PZ_SAT : PZ_UNSAT);
      if (r == PZ_SAT) {
        uint32_t m = model_of(pz_portfolio_winner(pf));
        CHECK(sat_by(&f, m) && (int)(m & 1) == (a > 0));
      }
    }
    long all = brute(&f, 0);
    CHECK_EQ(pz_portfolio_solve(pf, NULL, 0, &r), PZ_OK);
    CHECK_EQ(r, all ? PZ_SAT : PZ_UNSAT);
    if (r == PZ_SAT) {
      uint32_t m = model_of(pz_portfolio_winner(pf));
      CHECK(sat_by(&f, m));
      int block[NV];
      for (int v = 1; v <= NV; v++) block[v - 1] = (m >> (v - 1)) & 1 ? -v : v;
      CHECK_EQ(pz_portfolio_add_clause(pf, block, NV), PZ_OK);
      CHECK_EQ(pz_portfolio_solve(pf, NULL, 0, &r), PZ_OK);
      CHECK_EQ(r, all > 1 ? PZ_SAT : PZ_UNSAT);
      if (r == PZ_SAT) {
        uint32_t m2 = model_of(pz_portfolio_winner(pf));
        CHECK(sat_by(&f, m2) && m2 != m);
      }
      /* The winner is the caller's once taken; the others stay pf's. */
      pz_solver *w = pz_portfolio_take_winner(pf);
      CHECK_EQ(w != NULL, r == PZ_SAT || r == PZ_UNSAT);
      CHECK(pz_portfolio_winner(pf) == NULL);
      pz_solver_free(w);
    }
    pz_portfolio_free(pf);
    pz_cnf_free(cnf);
  }
  /* An empty clause: UNSAT for every member. */
  pz_portfolio_config cfg = {3, backend, 0, NULL, NULL};
  pz_portfolio *pf;
  REQUIRE(pz_portfolio_new(&pf, &cfg) == PZ_OK);
  CHECK_EQ(pz_portfolio_add_clause(pf, NULL, 0), PZ_OK);
  pz_result r;
  CHECK_EQ(pz_portfolio_solve(pf, NULL, 0, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  pz_portfolio_free(pf);
  pz_portfolio_config bad = {0, backend, 0, NULL, NULL};
  CHECK_EQ(pz_portfolio_new(&pf, &bad), PZ_ERR_ARG);
  CHECK(pf == NULL);
  pz_portfolio_config none = {2, "no-such-backend", 0, NULL, NULL};
  CHECK_EQ(pz_portfolio_new(&pf, &none), PZ_ERR_BACKEND);
}

/* --- Puzzles ------------------------------------------------------------ */
static pz_puzzle *sudoku(int b, int threads, const char *be) {
  pz_options o = options_on(be);
  o.threads = threads;
  pz_puzzle *p;
  return puzzle_set(pz_sudoku_new(&p, b, b), &p, &o);
}

/* Solve and unique with 1, 2 and 3 threads agree; solutions are valid. */
static void same_answers(const int *givens, int b, const char *what) {
  int n = b * b, cells = n * n;
  int *grid = (int *)malloc((size_t)cells * sizeof(int));
  REQUIRE(grid != NULL);
  pz_result want = PZ_UNKNOWN;
  int want_sols = -1;
  for (int threads = 1; threads <= 3; threads++) {
    pz_puzzle *p = sudoku(b, threads, backend);
    REQUIRE(pz_puzzle_set_givens(p, givens) == PZ_OK);
    pz_result r;
    memset(grid, 0, (size_t)cells * sizeof(int));
    CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
    if (threads == 1) want = r;
    if (r != want) fprintf(stderr, "%s: %d threads answer differently\n", what, threads);
    CHECK_EQ(r, want);
    CHECK(r != PZ_UNKNOWN);
    if (r == PZ_SAT) CHECK(valid_sudoku(grid, b, b, givens, 0, NULL));
    /* The winner is the puzzle's solver afterwards, for statistics. */
    if (r != PZ_UNKNOWN) CHECK(pz_puzzle_solver(p) != NULL);
    int sols;
    pz_result stop;
    memset(grid, 0, (size_t)cells * sizeof(int));
    CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &stop), PZ_OK);
    CHECK(stop != PZ_UNKNOWN);
    if (threads == 1) want_sols = sols;
    CHECK_EQ(sols, want_sols);
    CHECK_EQ(stop, sols == 2 ? PZ_SAT : PZ_UNSAT);
    if (sols > 0) CHECK(valid_sudoku(grid, b, b, givens, 0, NULL));
    pz_puzzle_free(p);
  }
  free(grid);
}

/* Pigeonhole: pigeons (at most 13) into one hole fewer, as a model, on
 * threads threads, the time limit limit (0: none) and terminate fn with
 * its state. UNSAT, and only a search finds it (no given decides). */
static pz_puzzle *pigeonhole(int pigeons, int threads, double limit,
                             int (*fn)(void *), void *state) {
  pz_model *m;
  REQUIRE(pz_model_new(&m) == PZ_OK);
  int first, vars[13];
  REQUIRE(pigeons <= 13);
  REQUIRE(pz_model_add_ints(m, pigeons, 1, pigeons - 1, &first) == PZ_OK);
  for (int i = 0; i < pigeons; i++) vars[i] = first + i;
  REQUIRE(pz_model_all_different(m, vars, pigeons) == PZ_OK);
  pz_options o = options_on(backend);
  o.threads = threads;
  o.time_limit = limit;
  o.terminate = fn;
  o.terminate_state = state;
  pz_puzzle *p;
  puzzle_set(pz_model_puzzle(&p, m, 1, pigeons), &p, &o);
  pz_model_free(m);
  return p;
}

/* The file at path read by read (pz_text_read, or _batch for every
 * puzzle of n cells a side); the test stops when it cannot. */
static pz_text *read_text(const char *path,
                          int (*read)(pz_text **, FILE *, int, pz_text_format,
                                      pz_parse_info *),
                          int n) {
  FILE *in = fopen(path, "r");
  REQUIRE(in != NULL);
  pz_text *t;
  REQUIRE(read(&t, in, n, PZ_TEXT_AUTO, NULL) == PZ_OK);
  fclose(in);
  return t;
}

static void puzzles(void) {
  /* test/data/sudoku9.txt: one unique, one with clashing givens, one
   * with many solutions. */
  pz_text *t = read_text(PZ_TEST_DATA "/sudoku9.txt", pz_text_read_batch, 9);
  for (size_t i = 0; i < pz_text_count(t); i++)
    if (pz_text_cells(t, i)) same_answers(pz_text_cells(t, i), 3, "sudoku9.txt");
  pz_text_free(t);
  /* A solved grid with every 1 and 2 blanked: swapping them gives a
   * second solution. Then an empty 16x16 (many). */
  static const char *solved = "123456789456789123789123456214365897365897214"
                              "897214365531642978642978531978531642";
  int g[81];
  for (int i = 0; i < 81; i++) g[i] = solved[i] - '0';
  CHECK(valid_sudoku(g, 3, 3, NULL, 0, NULL));
  for (int i = 0; i < 81; i++)
    if (g[i] == 1 || g[i] == 2) g[i] = 0;
  same_answers(g, 3, "1 and 2 blanked");
  int empty[256] = {0};
  same_answers(empty, 4, "empty 16x16");

  /* An UNSAT Latin square that needs the solver: order 4 with the
   * givens of test/data/latin-unsat.pls. */
  FILE *in = fopen(PZ_TEST_DATA "/latin-unsat.pls", "r");
  REQUIRE(in != NULL);
  int *cells, n;
  REQUIRE(pz_pls_read(in, &cells, &n, NULL) == PZ_OK);
  fclose(in);
  for (int threads = 1; threads <= 3; threads++) {
    pz_puzzle *p;
    REQUIRE(pz_latin_new(&p, n, 0) == PZ_OK);
    pz_options opt = PZ_OPTIONS_INIT;
    opt.backend = backend;
    opt.threads = threads;
    REQUIRE(pz_puzzle_set_options(p, &opt) == PZ_OK);
    REQUIRE(pz_puzzle_set_givens(p, cells) == PZ_OK);
    pz_result r;
    CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
    CHECK_EQ(r, PZ_UNSAT);
    int sols;
    pz_result stop;
    CHECK_EQ(pz_puzzle_unique(p, &sols, NULL, &stop), PZ_OK);
    CHECK_EQ(sols, 0);
    CHECK_EQ(stop, PZ_UNSAT);
    pz_puzzle_free(p);
  }
  free(cells);

  /* Pigeonhole 7 into 6, stated as a model: UNSAT, and only a search
   * finds it (no given decides anything). */
  for (int threads = 1; threads <= 3; threads++) {
    pz_puzzle *p = pigeonhole(7, threads, 0, NULL, NULL);
    pz_result r;
    CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
    CHECK_EQ(r, PZ_UNSAT);
    pz_puzzle_free(p);
  }

  /* Large grids of ../shared/data, when present: valid solutions. */
  static const char *large[] = {"sudoku25x25_rkk_sudoku-25-1.txt",
                                "sudoku36x36_table6-1.txt"};
  for (size_t i = 0; i < sizeof large / sizeof *large; i++) {
    char rel[128], buf[512];
    snprintf(rel, sizeof rel, "sudoku/large/grids/%s", large[i]);
    const char *path = shared_data(rel, buf, sizeof buf);
    if (!path) {
      printf("skip: %s (no ../shared/data)\n", rel);
      continue;
    }
    t = read_text(path, pz_text_read, 0);
    int b = pz_text_size(t, 0) == 25 ? 5 : 6;
    same_answers(pz_text_cells(t, 0), b, large[i]);
    pz_text_free(t);
  }
}

/* --- Limits --------------------------------------------------------------
 * Pigeonhole 13 into 12: UNSAT, with no short resolution proof, so no
 * configuration of any backend answers it within seconds. */

typedef struct caller {
  pthread_t self;
  double stop_at;
  int calls, elsewhere;
} caller;

static int stop_later(void *state) {
  caller *c = (caller *)state;
  c->calls++;
  if (!pthread_equal(pthread_self(), c->self)) c->elsewhere++;
  return now() >= c->stop_at;
}

/* Within 10% of the limit, or 100 ms. */
static int on_time(double took, double limit) {
  double slack = limit * 0.1 > 0.1 ? limit * 0.1 : 0.1;
  if (took > limit + slack)
    fprintf(stderr, "took %.3f s for a limit of %.3f s\n", took, limit);
  return took <= limit + slack;
}

static void limits(void) {
  for (int threads = 2; threads <= 3; threads++) {
    /* The time limit, on solve and on unique. */
    pz_puzzle *p = pigeonhole(13, threads, 1.0, NULL, NULL);
    pz_result r;
    double t0 = now();
    CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
    CHECK(on_time(now() - t0, 1.0));
    CHECK_EQ(r, PZ_UNKNOWN);
    int sols;
    t0 = now();
    CHECK_EQ(pz_puzzle_unique(p, &sols, NULL, &r), PZ_OK);
    CHECK(on_time(now() - t0, 1.0));
    CHECK_EQ(r, PZ_UNKNOWN);
    CHECK_EQ(sols, 0);
    pz_puzzle_free(p);

    /* The terminate callback: polled on this thread only, and it stops. */
    caller c = {pthread_self(), 0, 0, 0};
    p = pigeonhole(13, threads, 0, stop_later, &c);
    c.stop_at = now() + 0.5;
    t0 = now();
    CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
    CHECK(on_time(now() - t0, 0.5));
    CHECK_EQ(r, PZ_UNKNOWN);
    CHECK(c.calls > 1);
    CHECK_EQ(c.elsewhere, 0);
    /* A callback that says stop at once: no race at all. */
    c.stop_at = 0;
    t0 = now();
    CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
    CHECK(now() - t0 < 0.1);
    CHECK_EQ(r, PZ_UNKNOWN);
    pz_puzzle_free(p);
  }

  /* The hard 64x64 of issue 9 under a small limit (../shared/data). */
  char buf[512];
  const char *path = shared_data(
      "sudoku/large/grids/sudoku64x64_rkk_sudoku-64-1.txt", buf, sizeof buf);
  if (!path) {
    printf("skip: rkk-64-1 (no ../shared/data)\n");
    return;
  }
  pz_text *t = read_text(path, pz_text_read, 0);
  pz_puzzle *p;
  REQUIRE(pz_sudoku_new(&p, 8, 8) == PZ_OK);
  pz_options opt = PZ_OPTIONS_INIT;
  opt.backend = backend;
  opt.threads = 2;
  opt.time_limit = 1.0;
  REQUIRE(pz_puzzle_set_options(p, &opt) == PZ_OK);
  REQUIRE(pz_puzzle_set_givens(p, pz_text_cells(t, 0)) == PZ_OK);
  int *grid = (int *)malloc(4096 * sizeof(int));
  REQUIRE(grid != NULL);
  pz_result r;
  double t0 = now();
  CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
  CHECK(on_time(now() - t0, 1.0));
  CHECK(r == PZ_UNKNOWN || r == PZ_SAT);
  if (r == PZ_SAT) CHECK(valid_sudoku(grid, 8, 8, pz_text_cells(t, 0), 0, NULL));
  free(grid);
  pz_puzzle_free(p);
  pz_text_free(t);
}

/* --- Failing members ----------------------------------------------------
 * "oomy": the real backend, but the instances configured with an index
 * in fail_mask break (as out of memory) when they solve. */
static unsigned fail_mask;

typedef struct oomy {
  void *h;
  unsigned index;
} oomy;

static const char *oomy_sig(void) { return "oomy"; }
static void *oomy_init(void) {
  oomy *o = (oomy *)calloc(1, sizeof *o);
  if (!o) return NULL;
  if (!(o->h = real->init())) {
    free(o);
    return NULL;
  }
  return o;
}
static void oomy_release(void *s) {
  oomy *o = (oomy *)s;
  real->release(o->h);
  free(o);
}
static void oomy_add(void *s, int lit) { real->add(((oomy *)s)->h, lit); }
static void oomy_assume(void *s, int lit) { real->assume(((oomy *)s)->h, lit); }
static int oomy_solve(void *s) {
  oomy *o = (oomy *)s;
  if (fail_mask >> o->index & 1) return PZ_ERR_NOMEM;
  return real->solve(o->h);
}
static int oomy_val(void *s, int lit) { return real->val(((oomy *)s)->h, lit); }
static int oomy_failed(void *s, int lit) {
  return real->failed(((oomy *)s)->h, lit);
}
static void oomy_set_terminate(void *s, void *state, int (*fn)(void *)) {
  if (real->set_terminate) real->set_terminate(((oomy *)s)->h, state, fn);
}
static void oomy_diversify(void *s, unsigned index) {
  oomy *o = (oomy *)s;
  o->index = index;
  if (real->diversify) real->diversify(o->h, index);
}
static const pz_backend oomy_backend = {
    TEST_BACKEND_OPS(oomy),
    .name = "oomy",
    .set_terminate = oomy_set_terminate,
    .diversify = oomy_diversify,
};

static void failing_members(void) {
  pz_text *t = read_text(PZ_TEST_DATA "/sudoku9.txt", pz_text_read_batch, 9);
  const int *givens = pz_text_cells(t, 0); /* one solution */
  int grid[81];
  /* Member 0 fails, then member 1, then 0 and 2: the others answer. */
  static const unsigned masks[] = {1u, 2u, 5u};
  for (size_t k = 0; k < sizeof masks / sizeof *masks; k++) {
    fail_mask = masks[k];
    pz_puzzle *p = sudoku(3, 3, "oomy");
    REQUIRE(pz_puzzle_set_givens(p, givens) == PZ_OK);
    pz_result r;
    CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
    CHECK_EQ(r, PZ_SAT);
    CHECK(valid_sudoku(grid, 3, 3, givens, 0, NULL));
    int sols;
    CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &r), PZ_OK);
    CHECK_EQ(sols, 1);
    CHECK_EQ(r, PZ_UNSAT);
    pz_puzzle_free(p);
  }
  /* Every member fails: the call does, and the puzzle recovers. */
  fail_mask = 7u;
  pz_puzzle *p = sudoku(3, 3, "oomy");
  REQUIRE(pz_puzzle_set_givens(p, givens) == PZ_OK);
  pz_result r;
  CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_ERR_NOMEM);
  CHECK_EQ(r, PZ_UNKNOWN);
  int sols;
  CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &r), PZ_ERR_NOMEM);
  fail_mask = 0;
  CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  CHECK(valid_sudoku(grid, 3, 3, givens, 0, NULL));
  pz_puzzle_free(p);
  pz_text_free(t);
}

int main(int argc, char **argv) {
  backend = argc > 1 ? argv[1] : "cadical";
  real = linked_backend(backend);
  if (!real) return CHECK_SKIP;
  REQUIRE(pz_backend_register(&oomy_backend) == PZ_OK);
  if (check_part(argc, argv, 0)) {
    configurations();
    races();
    puzzles();
    failing_members();
  }
  if (check_part(argc, argv, 1)) limits();
  return check_done("test_portfolio");
}
