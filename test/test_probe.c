/* Probing before the backend (issue 10, solve + uniqueness): with it on,
 * pz_puzzle_solve and pz_puzzle_unique answer as the backend alone does
 * (the same counts, the same grid for a unique puzzle, a valid one for a
 * solvable puzzle); a puzzle with several solutions is never called
 * unique (checked against the backend's count); a contradictory one has
 * none; the time limit and terminate callback still end a call, which
 * leaves the puzzle usable. Files of ../shared/data/sudoku are used when
 * present (skipped otherwise). */
#include <pz.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"
#include "puzzle/puzzle_impl.h" /* pz_puzzle_set_probing, _set_quick */
#include "validate.h"
#include "puzzle_on.h"

static pz_puzzle *sudoku(int br, int bc, pz_strategy strategy,
                         double limit) {
  pz_options o = options_on(backend);
  o.strategy = strategy;
  o.time_limit = limit;
  pz_puzzle *p;
  return puzzle_set(pz_sudoku_new(&p, br, bc), &p, &o);
}

/* Reads up to max 9x9 puzzles (81 characters, '.' or '0' blank) of path
 * into a malloc'd array of 81 ints each; *n gets the count. NULL when
 * the file is absent. */
static int *read_puzzles(const char *path, int max, int *n) {
  *n = 0;
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  int *all = (int *)malloc((size_t)max * 81 * sizeof(int));
  REQUIRE(all);
  char line[256];
  while (*n < max && fgets(line, sizeof line, f)) {
    if (strlen(line) < 81) continue;
    int *g = all + (size_t)*n * 81;
    for (int c = 0; c < 81; c++)
      g[c] = line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0;
    (*n)++;
  }
  fclose(f);
  return all;
}

/* The first max puzzles of test/data/sudoku9.txt (which holds 3), *n of
 * them. */
static int *own_puzzles(int max, int *n) {
  int *set = read_puzzles(PZ_TEST_DATA "/sudoku9.txt", max, n);
  REQUIRE(set && *n == (max < 3 ? max : 3));
  return set;
}

static int *shared_puzzles(const char *rel, int max, int *n) {
  char buf[1024];
  const char *path = shared_data(rel, buf, sizeof buf);
  *n = 0;
  if (!path) {
    printf("%s is absent: skipped\n", rel);
    return NULL;
  }
  return read_puzzles(path, max, n);
}

/* Unique and solve on p (probing on) and q (off) agree. */
static void agree_one(pz_puzzle *p, pz_puzzle *q, const int *givens,
                      int *unique_seen) {
  int gp[81], gq[81], sp, sq;
  pz_result rp, rq;
  REQUIRE(pz_puzzle_set_givens(p, givens) == PZ_OK);
  REQUIRE(pz_puzzle_set_givens(q, givens) == PZ_OK);
  pz_puzzle_set_probing(1);
  CHECK_EQ(pz_puzzle_unique(p, &sp, gp, &rp), PZ_OK);
  pz_puzzle_set_probing(0);
  CHECK_EQ(pz_puzzle_unique(q, &sq, gq, &rq), PZ_OK);
  CHECK_EQ(sp, sq);
  CHECK_EQ(rp, rq);
  if (sp == 1 && sq == 1) {
    CHECK(!memcmp(gp, gq, sizeof gp));
    CHECK(valid_sudoku(gp, 3, 3, givens, 0, NULL));
    (*unique_seen)++;
  }
  if (sp == 2) CHECK(valid_sudoku(gp, 3, 3, givens, 0, NULL));
  pz_puzzle_set_probing(1);
  CHECK_EQ(pz_puzzle_solve(p, gp, &rp), PZ_OK);
  pz_puzzle_set_probing(0);
  CHECK_EQ(pz_puzzle_solve(q, gq, &rq), PZ_OK);
  CHECK_EQ(rp, rq);
  CHECK_EQ(rp, sp ? PZ_SAT : PZ_UNSAT);
  if (rp == PZ_SAT) CHECK(valid_sudoku(gp, 3, 3, givens, 0, NULL));
  if (rp == PZ_SAT && sp == 1) CHECK(!memcmp(gp, gq, sizeof gp));
  pz_puzzle_set_probing(1);
}

static void agree_set(const int *puzzles, int n, const char *what) {
  static const pz_strategy strategies[] = {PZ_STRATEGY_AUTO,
                                           PZ_STRATEGY_ASSUME};
  for (int s = 0; s < 2; s++) {
    pz_puzzle *p = sudoku(3, 3, strategies[s], 0);
    pz_puzzle *q = sudoku(3, 3, strategies[s], 0);
    int unique = 0;
    for (int i = 0; i < n; i++)
      agree_one(p, q, puzzles + (size_t)i * 81, &unique);
    printf("%s (%s): %d puzzles, %d unique, probing agrees\n", what,
           s ? "assume" : "auto", n, unique);
    pz_puzzle_free(p);
    pz_puzzle_free(q);
  }
}

static void test_agree(void) {
  int n;
  int *set = own_puzzles(10, &n);
  agree_set(set, n, "sudoku9.txt");
  free(set);
  static const struct {
    const char *rel;
    int max;
  } files[] = {{"sudoku/puzzles3_magictour_top1465.txt", 300},
               {"sudoku/puzzles2_17_clue.txt", 300},
               {"sudoku/puzzles7_serg_benchmark.txt", 200},
               {"sudoku/puzzles6_forum_hardest_1106.txt", 30}};
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    if (!(set = shared_puzzles(files[f].rel, files[f].max, &n))) continue;
    agree_set(set, n, files[f].rel);
    free(set);
  }
}

/* Givens taken away from unique puzzles, a few at a time: unique (probing
 * on) says 1 exactly when the backend's count (a different path) is 1. */
static void test_never_falsely_unique(void) {
  int n;
  int *set = shared_puzzles("sudoku/puzzles3_magictour_top1465.txt", 60, &n);
  if (!set) set = own_puzzles(1, &n);
  pz_puzzle *p = sudoku(3, 3, PZ_STRATEGY_AUTO, 0);
  pz_puzzle *q = sudoku(3, 3, PZ_STRATEGY_FRESH, 0);
  int multi = 0, single = 0;
  for (int i = 0; i < n; i++) {
    int g[81];
    memcpy(g, set + (size_t)i * 81, sizeof g);
    for (int drop = 0; drop < 6; drop++) {
      /* As given first, then a given blanked each round (counted from a
       * point that moves). */
      for (int c = (i * 7 + drop * 13) % 81, k = 0; drop && k < 81;
           k++, c = (c + 1) % 81)
        if (g[c]) {
          g[c] = 0;
          break;
        }
      REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
      REQUIRE(pz_puzzle_set_givens(q, g) == PZ_OK);
      int sol, grid[81];
      pz_result r;
      uint64_t count;
      CHECK_EQ(pz_puzzle_unique(p, &sol, grid, &r), PZ_OK);
      CHECK_EQ(pz_puzzle_count(q, 2, &count, &r), PZ_OK);
      CHECK_EQ(sol, (int)count);
      if (sol >= 1) CHECK(valid_sudoku(grid, 3, 3, g, 0, NULL));
      if (count == 2) multi++;
      else single++;
    }
  }
  printf("givens removed: %d with several solutions, %d with one; unique "
         "agrees with count\n", multi, single);
  CHECK(multi > 0);
  pz_puzzle_free(p);
  pz_puzzle_free(q);
  free(set);
}

/* A unique puzzle with one more given, a wrong value that no given of its
 * row, column or box shows: no solution, found without a direct clash. */
static void test_contradiction(void) {
  int n;
  int *set = own_puzzles(1, &n);
  pz_puzzle *p = sudoku(3, 3, PZ_STRATEGY_AUTO, 0);
  int sol[81], solutions, tried = 0;
  pz_result r;
  REQUIRE(pz_puzzle_set_givens(p, set) == PZ_OK);
  REQUIRE(pz_puzzle_unique(p, &solutions, sol, &r) == PZ_OK && solutions == 1);
  for (int c = 0; c < 81; c++) {
    if (set[c]) continue;
    for (int v = 1; v <= 9; v++) {
      if (v == sol[c]) continue;
      int clash = 0;
      for (int d = 0; d < 81 && !clash; d++)
        clash = set[d] == v && (d / 9 == c / 9 || d % 9 == c % 9 ||
                                (d / 27 == c / 27 && d % 9 / 3 == c % 9 / 3));
      if (clash) continue;
      int g[81];
      memcpy(g, set, sizeof g);
      g[c] = v;
      REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
      CHECK_EQ(pz_puzzle_unique(p, &solutions, NULL, &r), PZ_OK);
      CHECK_EQ(solutions, 0);
      CHECK_EQ(r, PZ_UNSAT);
      CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
      CHECK_EQ(r, PZ_UNSAT);
      tried++;
      break;
    }
  }
  printf("%d contradictory puzzles: no solution\n", tried);
  CHECK(tried > 10);
  pz_puzzle_free(p);
  free(set);
}

typedef struct stopper {
  long calls, at;
} stopper;

static int stop_fn(void *state) {
  stopper *s = (stopper *)state;
  return ++s->calls >= s->at;
}

/* Stopped at the k-th poll (while building the probing's formula,
 * probing, searching or in the backend), with a reused solver on a 16x16
 * with two givens: PZ_UNKNOWN, and the next call answers right; the
 * first k the call outlasts ends the loop. Then a time limit on an empty
 * 25x25 (the largest grid probed): ends within 10% (+ SLACK). */
static void test_limits(void) {
  int givens[256] = {0};
  givens[0] = 5;
  givens[17] = 9;
  for (int mode = 0; mode < 2; mode++) {
    pz_puzzle *p = sudoku(4, 4, PZ_STRATEGY_ASSUME, 0);
    REQUIRE(pz_puzzle_set_givens(p, givens) == PZ_OK);
    long polls = 0, k;
    for (k = 1; k < 100000; k = k < 8 ? k + 1 : k * 3 / 2) {
      stopper st = {0, k};
      pz_options o = PZ_OPTIONS_INIT;
      o.backend = backend;
      o.strategy = PZ_STRATEGY_ASSUME;
      o.terminate = stop_fn;
      o.terminate_state = &st;
      REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
      int solutions = 9, grid[256];
      pz_result r;
      if (mode) CHECK_EQ(pz_puzzle_unique(p, &solutions, grid, &r), PZ_OK);
      else CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
      if (r != PZ_UNKNOWN) {
        CHECK(mode ? solutions == 2 && r == PZ_SAT : r == PZ_SAT);
        CHECK(valid_sudoku(grid, 4, 4, givens, 0, NULL));
        polls = st.calls;
        break;
      }
      /* The same object, the same options bar the stop: answers. */
      o.terminate = NULL;
      REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
      memset(grid, 0, sizeof grid);
      if (mode) CHECK_EQ(pz_puzzle_unique(p, &solutions, grid, &r), PZ_OK);
      else CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
      CHECK(mode ? solutions == 2 && r == PZ_SAT : r == PZ_SAT);
      CHECK(valid_sudoku(grid, 4, 4, givens, 0, NULL));
    }
    printf("16x16 %s stopped at each poll up to %ld, answered with %ld "
           "polls\n", mode ? "unique" : "solve", k, polls);
    CHECK(polls > 0);
    pz_puzzle_free(p);
  }

  for (int mode = 0; mode < 2; mode++) {
    double limit = 0.2, t = 0;
    for (int i = 0; i < 3; i++) {
      pz_puzzle *p = sudoku(5, 5, PZ_STRATEGY_ASSUME, limit);
      pz_result r = PZ_SAT;
      int solutions = 0;
      double t0 = now();
      if (mode) CHECK_EQ(pz_puzzle_unique(p, &solutions, NULL, &r), PZ_OK);
      else CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
      t = now() - t0;
      printf("empty 25x25 %s, time limit %.1f s: %s after %.3f s\n",
             mode ? "unique" : "solve", limit,
             r == PZ_UNKNOWN ? "stopped" : "answered", t);
      /* Answered in time is fine too; if so, rightly. */
      if (r != PZ_UNKNOWN) CHECK(mode ? solutions == 2 : r == PZ_SAT);
      pz_puzzle_free(p);
      if (t <= limit * 1.1 + SLACK) break;
    }
    CHECK(t <= limit * 1.1 + SLACK);
  }
}

/* Plain Sudoku is answered by the unit search (unit_search.c) before the
 * probing: off for the whole run, so these tests see the probing
 * (test_unit_search checks the search). */
static void test_search_off(void) { pz_puzzle_set_quick(0); }

CHECK_MAIN("test_probe", test_search_off, test_agree, test_never_falsely_unique,
           test_contradiction, test_limits)
