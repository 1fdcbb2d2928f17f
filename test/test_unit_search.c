/* The unit search (issue 27, lib/puzzle/unit_search.c) that answers plain
 * Sudoku and jigsaw grids before any encoding: on random givens of 4x4,
 * 6x6 and 9x9 grids (contradictory, several solutions, one) and on the
 * 9x9 sets of ../shared/data when present, pz_puzzle_solve and
 * pz_puzzle_unique say what the backend alone says (the search off:
 * pz_puzzle_set_quick(0); counts from pz_puzzle_count), every grid it
 * gives is checked by validate.c, and a unique grid is the backend's. */
#include <pz.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"
#include "puzzle/puzzle_impl.h" /* pz_puzzle_set_quick */
#include "puzzle_on.h"
#include "random.h"
#include "validate.h"

#define MAXC 81

typedef struct seen {
  int none, one, several;
} seen;

static pz_puzzle *sudoku(int br, int bc, pz_strategy strategy) {
  pz_options o = options_on(backend);
  o.strategy = strategy;
  pz_puzzle *p;
  return puzzle_set(pz_sudoku_new(&p, br, bc), &p, &o);
}

/* p with the search, q without, on givens g of a br x bc-box grid (or
 * regions). */
static void agree(pz_puzzle *p, pz_puzzle *q, int br, int bc,
                  const int *regions, const int *g, seen *s) {
  int cells = br * bc * br * bc, gp[MAXC], gq[MAXC], sp, sq;
  pz_result rp, rq;
  uint64_t count;
  REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
  REQUIRE(pz_puzzle_set_givens(q, g) == PZ_OK);
  CHECK_EQ(pz_puzzle_unique(p, &sp, gp, &rp), PZ_OK);
  pz_puzzle_set_quick(0);
  CHECK_EQ(pz_puzzle_count(q, 2, &count, &rq), PZ_OK);
  CHECK_EQ(pz_puzzle_unique(q, &sq, gq, &rq), PZ_OK);
  pz_puzzle_set_quick(1);
  CHECK_EQ(sp, (int)count);
  CHECK_EQ(sp, sq);
  if (sp >= 1) CHECK(valid_sudoku(gp, br, bc, g, 0, regions));
  if (sp == 1) CHECK(!memcmp(gp, gq, (size_t)cells * sizeof(int)));
  memset(gp, 0, sizeof gp);
  CHECK_EQ(pz_puzzle_solve(p, gp, &rp), PZ_OK);
  CHECK_EQ(rp, sp ? PZ_SAT : PZ_UNSAT);
  if (rp == PZ_SAT) CHECK(valid_sudoku(gp, br, bc, g, 0, regions));
  if (sp == 0) s->none++;
  else if (sp == 1) s->one++;
  else s->several++;
}

/* Random givens: k cells, each a random value (clashes included). */
static void random_givens(int n, int k, int *g) {
  memset(g, 0, (size_t)n * (size_t)n * sizeof(int));
  for (int i = 0; i < k; i++) g[rnd_below(n * n)] = 1 + rnd_below(n);
}

/* Givens of a solution of the empty grid (found by the backend), k of
 * them kept: always solvable, unique or not. */
static void solvable_givens(pz_puzzle *q, int n, int k, int *g) {
  int full[MAXC];
  pz_result r;
  random_givens(n, 2, g); /* a little randomness in the solution */
  REQUIRE(pz_puzzle_set_givens(q, g) == PZ_OK);
  pz_puzzle_set_quick(0);
  REQUIRE(pz_puzzle_solve(q, full, &r) == PZ_OK);
  pz_puzzle_set_quick(1);
  if (r != PZ_SAT) {
    memset(g, 0, (size_t)n * (size_t)n * sizeof(int));
    return;
  }
  memset(g, 0, (size_t)n * (size_t)n * sizeof(int));
  for (int i = 0; i < k; i++) {
    int c = rnd_below(n * n);
    g[c] = full[c];
  }
}

static void test_random(void) {
  static const struct {
    int br, bc, random_k, solvable_k, rounds;
  } sizes[] = {{2, 2, 5, 6, 200}, {2, 3, 8, 14, 200}, {3, 3, 18, 40, 100}};
  /* AUTO searches; a strategy asked for by name goes to the backend
   * (then both puzzles take the backend's path: they agree trivially,
   * and the grids are still checked). */
  static const pz_strategy strategies[] = {PZ_STRATEGY_AUTO,
                                           PZ_STRATEGY_ASSUME};
  for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
    for (int st = 0; st < 2; st++) {
      int br = sizes[z].br, bc = sizes[z].bc, n = br * bc, g[MAXC];
      pz_puzzle *p = sudoku(br, bc, strategies[st]);
      pz_puzzle *q = sudoku(br, bc, strategies[st]);
      seen s = {0, 0, 0};
      for (int i = 0; i < sizes[z].rounds; i++) {
        random_givens(n, sizes[z].random_k, g);
        agree(p, q, br, bc, NULL, g, &s);
        solvable_givens(q, n, sizes[z].solvable_k, g);
        agree(p, q, br, bc, NULL, g, &s);
      }
      printf("%dx%d (%s): %d without a solution, %d unique, %d with "
             "several: the search agrees\n", n, n, st ? "assume" : "auto",
             s.none, s.one, s.several);
      CHECK(s.none > 0 && s.one > 0 && s.several > 0);
      pz_puzzle_free(p);
      pz_puzzle_free(q);
    }
}

/* A 6x6 jigsaw: regions the search takes instead of boxes. */
static void test_jigsaw(void) {
  static const int regions[36] = {1, 1, 1, 2, 2, 2, 1, 1, 3, 3, 2, 2,
                                  1, 3, 3, 3, 4, 2, 5, 5, 3, 4, 4, 4,
                                  5, 5, 6, 6, 4, 4, 5, 5, 6, 6, 6, 6};
  pz_puzzle *p = sudoku(2, 3, PZ_STRATEGY_AUTO);
  pz_puzzle *q = sudoku(2, 3, PZ_STRATEGY_AUTO);
  REQUIRE(pz_sudoku_set_regions(p, regions, NULL) == PZ_OK);
  REQUIRE(pz_sudoku_set_regions(q, regions, NULL) == PZ_OK);
  seen s = {0, 0, 0};
  int g[MAXC];
  for (int i = 0; i < 200; i++) {
    random_givens(6, 8, g);
    agree(p, q, 2, 3, regions, g, &s);
    solvable_givens(q, 6, 14, g);
    agree(p, q, 2, 3, regions, g, &s);
  }
  printf("6x6 jigsaw: %d without a solution, %d unique, %d with several: "
         "the search agrees\n", s.none, s.one, s.several);
  CHECK(s.none > 0 && s.one > 0 && s.several > 0);
  pz_puzzle_free(p);
  pz_puzzle_free(q);
}

/* The shared 9x9 sets, a few puzzles each, as given and with givens
 * taken away (several solutions). */
static void test_sets(void) {
  static const char *const files[] = {
      "sudoku/puzzles3_magictour_top1465.txt", "sudoku/puzzles2_17_clue.txt",
      "sudoku/puzzles6_forum_hardest_1106.txt"};
  pz_puzzle *p = sudoku(3, 3, PZ_STRATEGY_AUTO);
  pz_puzzle *q = sudoku(3, 3, PZ_STRATEGY_AUTO);
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    char buf[1024];
    const char *path = shared_data(files[f], buf, sizeof buf);
    if (!path) {
      printf("%s is absent: skipped\n", files[f]);
      continue;
    }
    FILE *in = fopen(path, "r");
    REQUIRE(in);
    char line[256];
    seen s = {0, 0, 0};
    for (int i = 0; i < 40 && fgets(line, sizeof line, in);) {
      if (strlen(line) < 81) continue;
      int g[MAXC];
      for (int c = 0; c < 81; c++)
        g[c] = line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0;
      agree(p, q, 3, 3, NULL, g, &s);
      for (int c = rnd_below(81), k = 0; k < 81; k++, c = (c + 1) % 81)
        if (g[c]) {
          g[c] = 0;
          break;
        }
      agree(p, q, 3, 3, NULL, g, &s);
      i++;
    }
    fclose(in);
    printf("%s: %d unique, %d with several: the search agrees\n", files[f],
           s.one, s.several);
    CHECK(s.one >= 40);
  }
  pz_puzzle_free(p);
  pz_puzzle_free(q);
}

CHECK_MAIN("test_unit_search", test_random, test_jigsaw, test_sets)
