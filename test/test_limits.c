/* Limits of a puzzle call (issue 7, items 2, 3, 14 and 15):
 *  - the time limit and terminate callback cover encoding, loading and
 *    solving, and a stopped call leaves the puzzle usable;
 *  - instances too large for memory are refused up front, quickly;
 *  - an unknown backend name is refused by pz_puzzle_set_options;
 *  - the full encoding (PZ_ENCODE_FULL) counts like the simplified one,
 *    both against brute force or published numbers, and the variable map
 *    (pz_puzzle_var_meaning, pz_puzzle_decided) reads a model back as a
 *    solution that the independent validators accept. */
#include <pz.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "puzzle/puzzle_impl.h" /* pz_puzzle_set_quick */
#include "validate.h"
#include "puzzle_on.h"
#include "knightdoku_rules.h"

static const char *backend;

static void set_opts(pz_puzzle *p, double time_limit, int (*fn)(void *),
                     void *state, pz_strategy strategy) {
  pz_options o = options_on(backend);
  o.time_limit = time_limit;
  o.terminate = fn;
  o.terminate_state = state;
  o.strategy = strategy;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
}

static pz_puzzle *sudoku(int br, int bc) {
  pz_puzzle *p;
  REQUIRE(pz_sudoku_new(&p, br, bc) == PZ_OK);
  set_opts(p, 0, NULL, NULL, PZ_STRATEGY_AUTO);
  return p;
}

static pz_puzzle *latin(int n, unsigned flags) {
  pz_puzzle *p;
  REQUIRE(pz_latin_new(&p, n, flags) == PZ_OK);
  set_opts(p, 0, NULL, NULL, PZ_STRATEGY_AUTO);
  return p;
}

/* ---- item 15: backend names -------------------------------------------- */

static void test_backend_name(void) {
  pz_puzzle *p = sudoku(2, 2);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = "no-such-solver";
  CHECK_EQ(pz_puzzle_set_options(p, &o), PZ_ERR_BACKEND);
  o.backend = "";
  CHECK_EQ(pz_puzzle_set_options(p, &o), PZ_ERR_BACKEND);
  /* The refused options left the earlier ones (this backend) in place. */
  pz_result r;
  CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  CHECK(pz_puzzle_solver(p) &&
        strcmp(pz_solver_backend(pz_puzzle_solver(p)), backend) == 0);
  o.backend = backend;
  CHECK_EQ(pz_puzzle_set_options(p, &o), PZ_OK);
  pz_puzzle_free(p);
}

/* ---- item 2: sizes ----------------------------------------------------- */

/* Every entry point refuses the empty 1024x1024 Sudoku (about 10^9
 * candidate variables) at once and stays usable. */
static void test_too_large(void) {
  pz_puzzle *p = sudoku(32, 32);
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  int solutions, complete;
  uint64_t count;
  pz_result r;
  double t0 = now();
  CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_ERR_TOO_LARGE);
  CHECK_EQ(pz_puzzle_count(p, 3, &count, &r), PZ_ERR_TOO_LARGE);
  CHECK_EQ(pz_puzzle_unique(p, &solutions, NULL, &r), PZ_ERR_TOO_LARGE);
  CHECK_EQ(pz_puzzle_encode(p, cnf), PZ_ERR_TOO_LARGE);
  CHECK_EQ(pz_puzzle_encode_ex(p, cnf, PZ_ENCODE_FULL, &complete),
           PZ_ERR_TOO_LARGE);
  CHECK_EQ(pz_cnf_num_clauses(cnf), 0);
  double t = now() - t0;
  printf("1024x1024 refused five times in %.3f s\n", t);
  CHECK(t < 1.0);
  pz_puzzle_free(p);

  /* Latin 256 (PZ_LATIN_MAX_ORDER): the empty square is refused; one
   * with its holes few enough is solved, at the documented maximum. */
  int n = PZ_LATIN_MAX_ORDER;
  p = latin(n, 0);
  t0 = now();
  CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_ERR_TOO_LARGE);
  CHECK(now() - t0 < 1.0);
  int *givens = (int *)malloc((size_t)n * n * sizeof(int));
  int *grid = (int *)malloc((size_t)n * n * sizeof(int));
  REQUIRE(givens && grid);
  /* A cyclic square with two rows cleared in every 64. */
  for (int rr = 0; rr < n; rr++)
    for (int c = 0; c < n; c++)
      givens[rr * n + c] = rr % 64 < 2 ? 0 : (rr + c) % n + 1;
  CHECK_EQ(pz_puzzle_set_givens(p, givens), PZ_OK);
  CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  CHECK(r != PZ_SAT || valid_latin(grid, n, givens));
  free(givens);
  free(grid);
  pz_puzzle_free(p);
  pz_cnf_free(cnf);
}

/* ---- item 3: time limit and terminate over the whole call --------------- */

typedef struct stopper {
  long calls, stop_at; /* stop from the stop_at-th poll on (1 = at once) */
} stopper;

static int stop_fn(void *state) {
  stopper *s = (stopper *)state;
  return ++s->calls >= s->stop_at;
}

/* A terminate callback that says stop at once ends even a call whose
 * encoding and loading alone take seconds, promptly, as PZ_UNKNOWN. */
static void test_terminate_while_encoding(void) {
  pz_puzzle *p = latin(100, 0);
  stopper st = {0, 1};
  set_opts(p, 0, stop_fn, &st, PZ_STRATEGY_AUTO);
  pz_result r = PZ_SAT;
  uint64_t count = 99;
  int solutions = 99;
  double t0 = now();
  CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNKNOWN);
  CHECK_EQ(pz_puzzle_count(p, 3, &count, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNKNOWN);
  CHECK_EQ(count, 0);
  CHECK_EQ(pz_puzzle_unique(p, &solutions, NULL, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNKNOWN);
  CHECK_EQ(solutions, 0);
  double t = now() - t0;
  printf("latin 100, terminate at once: three calls in %.3f s\n", t);
  CHECK(t < 0.5);
  CHECK(st.calls >= 3);
  /* The encoding call asked to honour the limits stops too. */
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  int complete = 1;
  t0 = now();
  CHECK_EQ(pz_puzzle_encode_ex(p, cnf, 0, &complete), PZ_OK);
  CHECK_EQ(complete, 0);
  CHECK(now() - t0 < 0.5);
  pz_cnf_free(cnf);
  pz_puzzle_free(p);
}

/* Each call ends within 10% of its time limit (+ SLACK for a loaded
 * machine), wherever the limit falls: while encoding, loading, or inside a
 * solver's own long steps (PicoSAT's first simplification of an empty
 * 64x64 takes about a second), which pz watches from another thread. */
static double timed_once(pz_puzzle *p, const char *what, int mode,
                         pz_amo_encoding amo, double limit) {
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  o.time_limit = limit;
  o.amo = amo;
  /* mode 1 counts on the backend (loading, the solver's steps); mode 3
   * counts everything with pz's own search (the default). */
  if (mode == 1) o.enumerate = PZ_ENUM_BLOCKING;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  pz_result r = PZ_SAT;
  uint64_t count = 99;
  int solutions = 99;
  double t0 = now();
  if (mode == 0) CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
  if (mode == 1) CHECK_EQ(pz_puzzle_count(p, 3, &count, &r), PZ_OK);
  if (mode == 2) CHECK_EQ(pz_puzzle_unique(p, &solutions, NULL, &r), PZ_OK);
  if (mode == 3) CHECK_EQ(pz_puzzle_count(p, 0, &count, &r), PZ_OK);
  double t = now() - t0;
  printf("%s, time limit %.1f s: %s after %.3f s\n", what, limit,
         r == PZ_UNKNOWN ? "stopped" : "answered", t);
  CHECK_EQ(r, PZ_UNKNOWN);
  CHECK(t >= limit * 0.99);
  return t;
}

/* A busy machine (a parallel ctest, other jobs) can delay any one run by
 * tenths of a second; the limit fails only when three runs all overrun. */
static void timed(pz_puzzle *p, const char *what, int mode,
                  pz_amo_encoding amo, double limit) {
  double t = 0;
  for (int i = 0; i < 3; i++)
    if ((t = timed_once(p, what, mode, amo, limit)) <= limit * 1.1 + SLACK)
      break;
  CHECK(t <= limit * 1.1 + SLACK);
}

static void test_time_limit(void) {
  /* Pairwise Latin 50: 19 million literals (a few tenths of a second to
   * encode, seconds to load) and no auxiliary variables (a solver's setup
   * of millions of new variables is one step it cannot interrupt). */
  pz_puzzle *p = latin(50, 0);
  timed(p, "latin 50 (pairwise) solve", 0, PZ_AMO_PAIRWISE, 0.5);
  timed(p, "latin 50 (pairwise) unique", 2, PZ_AMO_PAIRWISE, 0.5);
  pz_puzzle_free(p);
  /* The example: an empty 64x64, --count --limit 3, stopped while
   * loading (0.5 s) and inside the solvers' first steps (1.5 s, 2.5 s:
   * before the watch, CaDiCaL answered after 2.9 s for 2 s and PicoSAT
   * after 2.5 s for 1.5 s). */
  p = sudoku(8, 8);
  timed(p, "empty 64x64 count", 1, PZ_AMO_AUTO, 0.5);
  timed(p, "empty 64x64 count", 1, PZ_AMO_AUTO, 1.5);
  timed(p, "empty 64x64 count", 1, PZ_AMO_AUTO, 2.5);
  timed(p, "empty 64x64 count all (pz's search)", 3, PZ_AMO_AUTO, 0.5);
  timed(p, "empty 64x64 count all (pz's search)", 3, PZ_AMO_AUTO, 1.5);
  pz_puzzle_free(p);
}

/* Short limited solves one after another on one solver, on a formula
 * whose loading and first steps take seconds: each holds its own limit,
 * though a step the one before left running (docs/ARCHITECTURE.md,
 * "Solving") may not have ended when it starts. On z3 the solves go
 * through the empty 64x64's terms (about ten seconds), whose table
 * doublings take up to seconds each. */
static void test_time_limit_repeated(void) {
  pz_puzzle *p = sudoku(8, 8);
  pz_cnf *cnf;
  pz_solver *s;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  CHECK_EQ(pz_puzzle_encode(p, cnf), PZ_OK);
  REQUIRE(pz_solver_new(&s, backend) == PZ_OK);
  CHECK_EQ(pz_solver_add_cnf(s, cnf), PZ_OK);
  const double limit = 0.25;
  double worst = 0, t0 = now();
  int calls = 0, over = 0;
  pz_result r = PZ_UNKNOWN;
  /* Until an answer, or 12 s: past the largest doubling on z3. Then two
   * clauses that contradict each other, added while a step may still run
   * (z3 and cryptominisat put them aside): none may be lost. */
  for (int part = 0; part < 2; part++) {
    if (part == 1) {
      CHECK(r == PZ_UNKNOWN || r == PZ_SAT);
      int both[4] = {1, 0, -1, 0};
      for (int i = 0; i < 4; i++) CHECK_EQ(pz_solver_add(s, both[i]), PZ_OK);
      r = PZ_UNKNOWN;
      t0 = now();
    }
    while (r == PZ_UNKNOWN && now() - t0 < (part ? 5 : 12)) {
      CHECK_EQ(pz_solver_set_time_limit(s, limit), PZ_OK);
      double t1 = now();
      CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
      double t = now() - t1;
      calls++;
      if (t > worst) worst = t;
      /* One overrun is the machine's; two are the backend's. */
      if (t > limit * 1.1 + SLACK) over++;
    }
  }
  printf("empty 64x64, %d solves of %.2f s each, the longest %.3f s; with "
         "x and -x added: %s\n", calls, limit, worst,
         r == PZ_UNSAT ? "unsat" : r == PZ_SAT ? "SAT" : "no answer");
  CHECK(over <= 1);
  CHECK(r != PZ_SAT);
  pz_solver_free(s);
  pz_cnf_free(cnf);
  pz_puzzle_free(p);
}

/* Stopped at every stage (the k-th poll: while encoding, loading or
 * solving), with either strategy; each time the same object then solves
 * in full and the answer is valid. */
static void test_stop_anywhere(void) {
  static const pz_strategy strategies[] = {PZ_STRATEGY_FRESH,
                                           PZ_STRATEGY_ASSUME};
  int grid[256], givens[256] = {0};
  givens[0] = 5;
  givens[17] = 9;
  for (int s = 0; s < 2; s++) {
    pz_puzzle *p = sudoku(4, 4);
    CHECK_EQ(pz_puzzle_set_givens(p, givens), PZ_OK);
    long polls = 0;
    for (long k = 1; k < 4000; k = k < 8 ? k + 1 : k * 3 / 2) {
      stopper st = {0, k};
      set_opts(p, 0, stop_fn, &st, strategies[s]);
      pz_result r;
      CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
      if (r != PZ_UNKNOWN) {
        /* The call needed fewer polls than k: every stage was covered. */
        CHECK_EQ(r, PZ_SAT);
        polls = st.calls;
        break;
      }
      set_opts(p, 0, NULL, NULL, strategies[s]);
      memset(grid, 0, sizeof grid);
      CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
      CHECK_EQ(r, PZ_SAT);
      CHECK(valid_sudoku(grid, 4, 4, givens, 0, NULL));
    }
    CHECK(polls > 0);
    pz_puzzle_free(p);
  }
}

/* ---- item 14: the full encoding and the variable map ------------------- */

/* Brute force for small all-different grids: rows, columns, boxes (br x
 * bc; 0 = Latin), the main diagonals, anti-king, non-consecutive. */
typedef struct bf {
  int n, br, bc;
  unsigned variants;
  const int *givens;
  int grid[64];
  uint64_t count;
} bf;

static int bf_ok(const bf *b, int cell, int v) {
  int n = b->n, r = cell / n, c = cell % n;
  for (int i = 0; i < cell; i++) {
    int r2 = i / n, c2 = i % n, w = b->grid[i];
    int same = r2 == r || c2 == c;
    if (b->br && r2 / b->br == r / b->br && c2 / b->bc == c / b->bc) same = 1;
    if ((b->variants & PZ_SUDOKU_DIAGONAL) &&
        ((r2 == c2 && r == c) || (r2 + c2 == n - 1 && r + c == n - 1)))
      same = 1;
    if ((b->variants & PZ_SUDOKU_ANTI_KING) && abs(r2 - r) == 1 &&
        abs(c2 - c) == 1)
      same = 1;
    if (same && w == v) return 0;
    if ((b->variants & PZ_SUDOKU_NONCONSECUTIVE) &&
        abs(r2 - r) + abs(c2 - c) == 1 && abs(w - v) == 1)
      return 0;
  }
  return 1;
}

static void bf_run(bf *b, int cell) {
  if (cell == b->n * b->n) {
    b->count++;
    return;
  }
  for (int v = 1; v <= b->n; v++) {
    if (b->givens && b->givens[cell] && b->givens[cell] != v) continue;
    if (!bf_ok(b, cell, v)) continue;
    b->grid[cell] = v;
    bf_run(b, cell + 1);
  }
}

static uint64_t brute(int n, int br, int bc, unsigned variants,
                      const int *givens) {
  bf b;
  memset(&b, 0, sizeof b);
  b.n = n, b.br = br, b.bc = bc, b.variants = variants, b.givens = givens;
  bf_run(&b, 0);
  return b.count;
}

static uint64_t count_puzzle(pz_puzzle *p) {
  uint64_t count = 0;
  pz_result stop;
  CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
  CHECK_EQ(stop, PZ_UNSAT);
  return count;
}

/* One grid case: full = simplified = puzzle count = expected. */
static void grid_counts(pz_puzzle *p, uint64_t expected, const char *what) {
  uint64_t full = count_encoding(p, PZ_ENCODE_FULL, backend);
  uint64_t simp = count_encoding(p, 0, backend);
  uint64_t puz = count_puzzle(p);
  if (full != expected || simp != expected || puz != expected) {
    fprintf(stderr, "%s: full %llu, simplified %llu, puzzle %llu, expected "
            "%llu\n", what, (unsigned long long)full, (unsigned long long)simp,
            (unsigned long long)puz, (unsigned long long)expected);
    check_failures++;
  }
}

static void test_full_counts_grids(void) {
  /* Published: 576 Latin squares of order 4, 56 reduced ones of order 5,
   * 288 Shidoku (4x4 Sudoku) grids. Brute force for the rest. */
  pz_puzzle *p = latin(4, 0);
  CHECK_EQ(brute(4, 0, 0, 0, NULL), 576);
  grid_counts(p, 576, "latin 4");
  pz_puzzle_free(p);
  p = latin(5, PZ_LATIN_REDUCED);
  grid_counts(p, 56, "reduced latin 5");
  pz_puzzle_free(p);
  p = sudoku(2, 2);
  CHECK_EQ(brute(4, 2, 2, 0, NULL), 288);
  grid_counts(p, 288, "shidoku");
  static const unsigned variants[] = {
      PZ_SUDOKU_DIAGONAL, PZ_SUDOKU_NONCONSECUTIVE, PZ_SUDOKU_ANTI_KING,
      PZ_SUDOKU_DIAGONAL | PZ_SUDOKU_NONCONSECUTIVE};
  for (size_t i = 0; i < sizeof variants / sizeof *variants; i++) {
    CHECK_EQ(pz_sudoku_set_variants(p, variants[i]), PZ_OK);
    char what[64];
    snprintf(what, sizeof what, "shidoku, variants 0x%x", variants[i]);
    grid_counts(p, brute(4, 2, 2, variants[i], NULL), what);
  }
  /* Givens: what the simplified encoding propagates away, the full one
   * keeps as unit clauses. */
  CHECK_EQ(pz_sudoku_set_variants(p, 0), PZ_OK);
  int g4[16] = {1, 0, 0, 0, 0, 0, 3, 0};
  CHECK_EQ(pz_puzzle_set_givens(p, g4), PZ_OK);
  grid_counts(p, brute(4, 2, 2, 0, g4), "shidoku with givens");
  pz_puzzle_free(p);
  /* 6x6 (2x3 boxes), a few givens from a valid grid, and one clash. */
  static const int sol6[36] = {1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3,
                               2, 3, 1, 5, 6, 4, 5, 6, 4, 2, 3, 1,
                               3, 1, 2, 6, 4, 5, 6, 4, 5, 3, 1, 2};
  int g6[36] = {0};
  for (int i = 0; i < 36; i += 3) g6[i] = sol6[i];
  CHECK(valid_sudoku(sol6, 2, 3, g6, 0, NULL));
  p = sudoku(2, 3);
  CHECK_EQ(pz_puzzle_set_givens(p, g6), PZ_OK);
  grid_counts(p, brute(6, 2, 3, 0, g6), "6x6 with givens");
  g6[1] = g6[0];
  CHECK_EQ(pz_puzzle_set_givens(p, g6), PZ_OK);
  grid_counts(p, 0, "6x6 with clashing givens");
  pz_puzzle_free(p);
}

/* Knightdoku brute force: every subset of an n x n board (n <= 5). */
static uint64_t kd_brute(int br, int bc, int k, const int *givens) {
  int n = br * bc, g[25];
  uint64_t count = 0;
  for (uint32_t m = 0; m < (1u << (n * n)); m++) {
    for (int c = 0; c < n * n; c++) g[c] = (m >> c) & 1;
    count += (uint64_t)knightdoku_ok(br, bc, k, givens, g);
  }
  return count;
}

static void test_full_counts_knightdoku(void) {
  static const struct {
    int br, bc, k, cell, clue;
  } cases[] = {{2, 2, 1, -1, 0}, {2, 2, 2, -1, 0}, {2, 2, 1, 5, 1},
               {2, 2, 2, 0, 1},  {2, 2, 2, 6, 2},  {1, 4, 2, 5, 0}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    pz_puzzle *p;
    REQUIRE(pz_knightdoku_new(&p, cases[i].br, cases[i].bc, cases[i].k) ==
            PZ_OK);
    set_opts(p, 0, NULL, NULL, PZ_STRATEGY_AUTO);
    int givens[16] = {0};
    if (cases[i].cell >= 0) givens[cases[i].cell] = cases[i].clue + 1;
    CHECK_EQ(pz_puzzle_set_givens(p, givens), PZ_OK);
    char what[64];
    snprintf(what, sizeof what, "knightdoku case %zu", i);
    grid_counts(p, kd_brute(cases[i].br, cases[i].bc, cases[i].k, givens),
                what);
    pz_puzzle_free(p);
  }
}

/* Nondango brute force over every colouring of the circles. */
static int nd_valid(int rows, int cols, const int *regions, const int *givens,
                    const int *g) {
  int cells = rows * cols;
  for (int c = 0; c < cells; c++) {
    if (!givens[c] != (g[c] == PZ_NONDANGO_NONE)) return 0;
    if (givens[c] == PZ_NONDANGO_GIVEN_BLACK && g[c] != PZ_NONDANGO_BLACK)
      return 0;
    if (givens[c] == PZ_NONDANGO_GIVEN_WHITE && g[c] != PZ_NONDANGO_WHITE)
      return 0;
  }
  for (int reg = 0; reg < cells; reg++) {
    int present = 0, black = 0;
    for (int c = 0; c < cells; c++)
      if (regions[c] == reg) {
        present = 1;
        black += g[c] == PZ_NONDANGO_BLACK;
      }
    if (present && black != 1) return 0;
  }
  static const int d[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int c = 0; c < cells; c++)
    for (int k = 0; k < 4; k++) {
      int r = c / cols, q = c % cols;
      int r2 = r + 2 * d[k][0], q2 = q + 2 * d[k][1];
      if (r2 >= rows || q2 < 0 || q2 >= cols) continue;
      int a = g[c], b = g[(r + d[k][0]) * cols + q + d[k][1]], e = g[r2 * cols + q2];
      if (a != PZ_NONDANGO_NONE && a == b && b == e) return 0;
    }
  return 1;
}

static uint64_t nd_brute(int rows, int cols, const int *regions,
                         const int *givens) {
  int cells = rows * cols, circ[32], nc = 0, g[32];
  for (int c = 0; c < cells; c++)
    if (givens[c]) circ[nc++] = c;
  uint64_t count = 0;
  for (uint32_t m = 0; m < (1u << nc); m++) {
    for (int c = 0; c < cells; c++) g[c] = PZ_NONDANGO_NONE;
    for (int i = 0; i < nc; i++)
      g[circ[i]] = (m >> i) & 1 ? PZ_NONDANGO_BLACK : PZ_NONDANGO_WHITE;
    count += (uint64_t)nd_valid(rows, cols, regions, givens, g);
  }
  return count;
}

/* A 3x4 board of three regions; circles (1), one given white (2): six
 * solutions. */
static const int nd_regions[12] = {0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 2, 1};
static const int nd_givens[12] = {1, 0, 1, 1, 1, 2, 0, 1, 1, 1, 1, 0};

static void test_full_counts_nondango(void) {
  pz_puzzle *p;
  REQUIRE(pz_nondango_new(&p, 3, 4, nd_regions) == PZ_OK);
  set_opts(p, 0, NULL, NULL, PZ_STRATEGY_AUTO);
  CHECK_EQ(pz_puzzle_set_givens(p, nd_givens), PZ_OK);
  uint64_t expected = nd_brute(3, 4, nd_regions, nd_givens);
  CHECK(expected > 1);
  grid_counts(p, expected, "nondango 3x4");
  pz_puzzle_free(p);
}

/* Encodes (flags), solves the buffer on a solver and reads the model back
 * through pz_puzzle_decided and pz_puzzle_var_meaning only; *vars gets the
 * number of projected variables. 0 when not SAT. */
static int read_back(pz_puzzle *p, unsigned flags, int *grid, int *vars) {
  int cells = pz_puzzle_rows(p) * pz_puzzle_cols(p);
  pz_cnf *cnf;
  pz_solver *s;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  CHECK_EQ(pz_puzzle_encode_ex(p, cnf, flags, NULL), PZ_OK);
  REQUIRE(pz_solver_new(&s, backend) == PZ_OK);
  CHECK_EQ(pz_solver_add_cnf(s, cnf), PZ_OK);
  pz_result r;
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(pz_puzzle_decided(p, grid), PZ_OK);
  /* One variable per open cell (Knightdoku, Nondango): false is the
   * other value. */
  const char *kind = pz_puzzle_kind(p);
  int other = !strcmp(kind, "knightdoku") ? 0
              : !strcmp(kind, "nondango") ? PZ_NONDANGO_WHITE : -1;
  size_t pn = 0;
  unsigned pflags;
  const int *proj = pz_cnf_projection(cnf, &pn, &pflags);
  *vars = (int)pn;
  for (int c = 0; c < cells && other >= 0; c++)
    if (grid[c] < 0) grid[c] = other;
  for (size_t i = 0; i < pn && r == PZ_SAT; i++) {
    int cell = -1, value = -1;
    CHECK_EQ(pz_puzzle_var_meaning(p, proj[i], &cell, &value), PZ_OK);
    if (cell < 0 || cell >= cells) continue;
    if (pz_solver_value(s, proj[i]) > 0) grid[cell] = value;
  }
  /* The projection is 1..pn (the buffer started empty); above it come
   * the auxiliaries, which mean no cell. */
  int top = pz_cnf_num_vars(cnf);
  for (size_t i = 0; i < pn; i++) CHECK_EQ(proj[i], (int)i + 1);
  for (int v = (int)pn + 1; v <= top; v++)
    CHECK_EQ(pz_puzzle_var_meaning(p, v, NULL, NULL), PZ_ERR_RANGE);
  CHECK_EQ(pz_puzzle_var_meaning(p, 0, NULL, NULL), PZ_ERR_RANGE);
  CHECK_EQ(pz_puzzle_var_meaning(p, -1, NULL, NULL), PZ_ERR_RANGE);
  CHECK_EQ(pz_puzzle_var_meaning(p, top + 1000, NULL, NULL), PZ_ERR_RANGE);
  pz_solver_free(s);
  pz_cnf_free(cnf);
  for (int c = 0; c < cells; c++)
    if (grid[c] < 0) return 0; /* a cell nothing decided */
  return r == PZ_SAT;
}

static void test_var_map(void) {
  static const char *readme =
      "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3"
      "..9..5.1.3..";
  int givens[81], grid[81], vars;
  for (int i = 0; i < 81; i++) givens[i] = readme[i] == '.' ? 0 : readme[i] - '0';
  pz_puzzle *p = sudoku(3, 3);
  int cell, value;
  CHECK_EQ(pz_puzzle_var_meaning(p, 1, &cell, &value), PZ_ERR_STATE);
  CHECK_EQ(pz_puzzle_decided(p, grid), PZ_ERR_STATE);
  CHECK_EQ(pz_puzzle_set_givens(p, givens), PZ_OK);
  /* The README puzzle: the givens decide it, so the simplified formula
   * is empty and pz_puzzle_decided holds the whole answer. */
  CHECK(read_back(p, 0, grid, &vars));
  CHECK_EQ(vars, 0);
  CHECK(valid_sudoku(grid, 3, 3, givens, 0, NULL));
  CHECK(read_back(p, PZ_ENCODE_FULL, grid, &vars));
  CHECK_EQ(vars, 729);
  CHECK(valid_sudoku(grid, 3, 3, givens, 0, NULL));
  /* Full numbering: cell * n + value. */
  CHECK_EQ(pz_puzzle_var_meaning(p, 1, &cell, &value), PZ_OK);
  CHECK(cell == 0 && value == 1);
  CHECK_EQ(pz_puzzle_var_meaning(p, 729, &cell, &value), PZ_OK);
  CHECK(cell == 80 && value == 9);
  CHECK_EQ(pz_puzzle_var_meaning(p, 9 * 40 + 5, &cell, &value), PZ_OK);
  CHECK(cell == 40 && value == 5);
  /* A sparser puzzle with variants, where variables are left. */
  int g9[81] = {0};
  g9[0] = 1, g9[10] = 3, g9[20] = 5, g9[44] = 7;
  CHECK_EQ(pz_sudoku_set_variants(p, PZ_SUDOKU_DIAGONAL | PZ_SUDOKU_ANTI_KNIGHT),
           PZ_OK);
  CHECK_EQ(pz_puzzle_set_givens(p, g9), PZ_OK);
  for (unsigned flags = 0; flags <= PZ_ENCODE_FULL; flags += PZ_ENCODE_FULL) {
    CHECK(read_back(p, flags, grid, &vars));
    CHECK(vars > 0);
    CHECK(valid_sudoku(grid, 3, 3, g9,
                       PZ_SUDOKU_DIAGONAL | PZ_SUDOKU_ANTI_KNIGHT, NULL));
  }
  pz_puzzle_free(p);
  /* Latin 7 with a few givens, reduced Latin 6. */
  int g7[49] = {0}, l7[49];
  g7[3] = 2, g7[24] = 7, g7[48] = 1;
  p = latin(7, 0);
  CHECK_EQ(pz_puzzle_set_givens(p, g7), PZ_OK);
  for (unsigned flags = 0; flags <= PZ_ENCODE_FULL; flags += PZ_ENCODE_FULL) {
    CHECK(read_back(p, flags, l7, &vars));
    CHECK(valid_latin(l7, 7, g7));
  }
  pz_puzzle_free(p);
  p = latin(6, PZ_LATIN_REDUCED);
  for (unsigned flags = 0; flags <= PZ_ENCODE_FULL; flags += PZ_ENCODE_FULL) {
    CHECK(read_back(p, flags, l7, &vars));
    CHECK(valid_latin(l7, 6, NULL));
    for (int i = 0; i < 6; i++) CHECK(l7[i] == i + 1 && l7[i * 6] == i + 1);
  }
  pz_puzzle_free(p);
  /* Knightdoku 4x4, k = 2, a clue; Nondango 3x4. */
  int kg[16] = {0}, kgrid[16];
  kg[6] = 3;
  REQUIRE(pz_knightdoku_new(&p, 2, 2, 2) == PZ_OK);
  set_opts(p, 0, NULL, NULL, PZ_STRATEGY_AUTO);
  CHECK_EQ(pz_puzzle_set_givens(p, kg), PZ_OK);
  for (unsigned flags = 0; flags <= PZ_ENCODE_FULL; flags += PZ_ENCODE_FULL) {
    CHECK(read_back(p, flags, kgrid, &vars));
    CHECK(knightdoku_ok(2, 2, 2, kg, kgrid));
  }
  CHECK_EQ(pz_puzzle_var_meaning(p, 7, &cell, &value), PZ_OK);
  CHECK(cell == 6 && value == 1);
  pz_puzzle_free(p);
  int ngrid[12];
  REQUIRE(pz_nondango_new(&p, 3, 4, nd_regions) == PZ_OK);
  set_opts(p, 0, NULL, NULL, PZ_STRATEGY_AUTO);
  CHECK_EQ(pz_puzzle_set_givens(p, nd_givens), PZ_OK);
  for (unsigned flags = 0; flags <= PZ_ENCODE_FULL; flags += PZ_ENCODE_FULL) {
    CHECK(read_back(p, flags, ngrid, &vars));
    /* Nine circles; simplified, the given white one is decided. */
    CHECK_EQ(vars, flags ? 9 : 8);
    CHECK(nd_valid(3, 4, nd_regions, nd_givens, ngrid));
  }
  pz_puzzle_free(p);
}

int main(int argc, char **argv) {
  backend = argc > 1 ? argv[1] : NULL;
  REQUIRE(backend);
  /* Empty Latin squares stand for large formulas here (encoding, loading,
   * the size budget): completed without the solver, they would be none. */
  pz_puzzle_set_quick(0);
  if (check_part(argc, argv, 0)) {
    test_backend_name();
    test_too_large();
    test_full_counts_grids();
    test_full_counts_knightdoku();
    test_full_counts_nondango();
    test_var_map();
    test_stop_anywhere();
  }
  if (check_part(argc, argv, 1)) {
    test_terminate_while_encoding();
    test_time_limit();
    test_time_limit_repeated();
  }
  return check_done("test_limits");
}
