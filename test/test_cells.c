/* The cells counter (lib/enum/cells.c): against brute force on random
 * cells and all-different groups (every walk: propagation only, filling
 * only, both; resumed after tiny budgets; under cubes), and through the
 * puzzles that use it against published counts, pz's DPLL over the CNF,
 * threads, parts, a limit and each solution checked. */
#include <pz.h>
#include <stdlib.h>
#include <string.h>

#include "enum/cells.h"
#include "test_main.h"
#include "puzzle_on.h"
#include "validate.h"

static uint64_t rng = 88172645463325252ull;
static int rand_below(int n) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (int)(rng % (uint64_t)n);
}

enum { MAXC = 6, MAXV = 5 };

typedef struct instance {
  int ncells, nvals, ngroups;
  uint64_t dom[MAXC];
  int gsize[4], gcell[4][MAXC];
} instance;

static int holds(const instance *in, const int *val, const int *cube, int ncube) {
  for (int x = 0; x < in->ncells; x++)
    if (!((in->dom[x] >> val[x]) & 1)) return 0;
  for (int g = 0; g < in->ngroups; g++)
    for (int i = 0; i < in->gsize[g]; i++)
      for (int j = i + 1; j < in->gsize[g]; j++)
        if (val[in->gcell[g][i]] == val[in->gcell[g][j]]) return 0;
  for (int i = 0; i < ncube; i++) {
    int v = abs(cube[i]) - 1, x = v / in->nvals, b = v % in->nvals;
    if ((val[x] == b) != (cube[i] > 0)) return 0;
  }
  return 1;
}

/* Every assignment tried. */
static uint64_t brute(const instance *in, const int *cube, int ncube) {
  int val[MAXC] = {0};
  uint64_t count = 0;
  for (;;) {
    count += (uint64_t)holds(in, val, cube, ncube);
    int x = 0;
    while (x < in->ncells && ++val[x] == in->nvals) val[x++] = 0;
    if (x == in->ncells) return count;
  }
}

static pz_cells *cells_of(const instance *in) {
  size_t members = 0;
  for (int g = 0; g < in->ngroups; g++) members += (size_t)in->gsize[g];
  pz_cells *c = pz_cells_new(in->ncells, in->ngroups, members,
                             in->ncells * in->nvals);
  REQUIRE(c != NULL);
  memcpy(c->dom, in->dom, (size_t)in->ncells * sizeof(uint64_t));
  int k = 0;
  for (int g = 0; g < in->ngroups; g++) {
    for (int i = 0; i < in->gsize[g]; i++) c->group_cells[k++] = in->gcell[g][i];
    c->group_ofs[g + 1] = k;
  }
  /* SAT variable x * nvals + b + 1: cell x takes value b. */
  for (int x = 0; x < in->ncells; x++)
    for (int b = 0; b < in->nvals; b++) {
      c->sat_cell[x * in->nvals + b + 1] = x;
      c->sat_bit[x * in->nvals + b + 1] = (unsigned char)b;
    }
  CHECK_EQ(pz_cells_finish(c), PZ_OK);
  return c;
}

static void random_instance(instance *in) {
  in->ncells = 1 + rand_below(MAXC);
  in->nvals = 1 + rand_below(MAXV);
  uint64_t full = ((uint64_t)1 << in->nvals) - 1;
  for (int x = 0; x < in->ncells; x++) {
    in->dom[x] = rand_below(3) ? full : (uint64_t)rand_below((int)full + 1);
    if (!in->dom[x]) in->dom[x] = full;
  }
  in->ngroups = rand_below(5);
  for (int g = 0; g < in->ngroups; g++) {
    /* A random subset of the cells, each once. */
    int n = 0;
    for (int x = 0; x < in->ncells; x++)
      if (rand_below(3)) in->gcell[g][n++] = x;
    in->gsize[g] = n;
  }
}

/* The count of one walk, resumed after every `budget` nodes. */
static uint64_t walk_count(pz_cells_search *s, const int *cube, int ncube,
                           int fill_below, uint64_t budget, int each,
                           const instance *in) {
  s->fill_below = fill_below;
  int r = pz_cells_reset(s, cube, (size_t)ncube, NULL, 0);
  REQUIRE(r == 0 || r == 1);
  uint64_t count = 0;
  while (r) {
    if (each) {
      r = pz_cells_next(s, budget);
      if (r == 1) {
        int val[MAXC];
        for (int x = 0; x < in->ncells; x++) val[x] = pz_cells_bit(s, x);
        CHECK(holds(in, val, cube, ncube));
        count++;
      }
    } else {
      r = pz_cells_count(s, budget, &count);
    }
    REQUIRE(r >= -1);
    if (r == -1) r = 1;
  }
  return count;
}

static void against_brute_force(void) {
  for (int t = 0; t < 2000; t++) {
    instance in;
    random_instance(&in);
    pz_cells *c = cells_of(&in);
    pz_cells_search s;
    REQUIRE(pz_cells_search_init(&s, c) == PZ_OK);
    int cube[3], ncube = rand_below(4);
    for (int i = 0; i < ncube; i++) {
      int v = 1 + rand_below(in.ncells * in.nvals);
      cube[i] = rand_below(2) ? v : -v;
    }
    uint64_t want = brute(&in, cube, ncube);
    static const int fills[] = {0, 3, 1000};
    for (int f = 0; f < 3; f++)
      for (int each = 0; each < 2; each++) {
        uint64_t budget = each ? 1000000 : (uint64_t)(1 + rand_below(3));
        CHECK_EQ(walk_count(&s, cube, ncube, fills[f], budget, each, &in), want);
      }
    /* A literal that names no (cell, value) is refused. */
    int stray = in.ncells * in.nvals + 1;
    CHECK_EQ(pz_cells_reset(&s, &stray, 1, NULL, 0), -1);
    pz_cells_search_free(&s);
    pz_cells_free(c);
  }
  /* A cell twice in one group is refused. */
  pz_cells *c = pz_cells_new(2, 1, 3, 0);
  REQUIRE(c != NULL);
  c->dom[0] = c->dom[1] = 3;
  c->group_ofs[1] = 3;
  c->group_cells[0] = 0, c->group_cells[1] = 1, c->group_cells[2] = 0;
  CHECK_EQ(pz_cells_finish(c), PZ_ERR_ARG);
  pz_cells_free(c);
}

static uint64_t count_with(pz_puzzle *p, pz_enum_method m, int threads,
                           uint64_t part, uint64_t parts) {
  pz_options o = options_on(backend);
  o.enumerate = m;
  o.threads = threads;
  o.part = part;
  o.parts = parts;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  return count_all(p);
}

static void published(void) {
  /* OEIS A000315 (reduced Latin squares), A002860 (all), A107739 (Sudoku
   * grids: 288 of 4x4, 28,200,960 of 6x6 is too long for a test). */
  static const uint64_t reduced[] = {1, 1, 1, 4, 56, 9408};
  static const uint64_t all[] = {1, 2, 12, 576, 161280};
  for (int n = 1; n <= 6; n++) {
    pz_puzzle *p;
    REQUIRE(pz_latin_new(&p, n, PZ_LATIN_REDUCED) == PZ_OK);
    CHECK_EQ(count_with(p, PZ_ENUM_AUTO, 1, 0, 0), reduced[n - 1]);
    CHECK_EQ(count_with(p, PZ_ENUM_AUTO, 2, 0, 0), reduced[n - 1]);
    uint64_t sum = 0;
    for (uint64_t k = 1; k <= 3; k++) sum += count_with(p, PZ_ENUM_AUTO, 1, k, 3);
    CHECK_EQ(sum, reduced[n - 1]);
    pz_puzzle_free(p);
  }
  for (int n = 1; n <= 5; n++) {
    pz_puzzle *p;
    REQUIRE(pz_latin_new(&p, n, 0) == PZ_OK);
    CHECK_EQ(count_with(p, PZ_ENUM_AUTO, 1, 0, 0), all[n - 1]);
    pz_puzzle_free(p);
  }
  pz_puzzle *p;
  REQUIRE(pz_sudoku_new(&p, 2, 2) == PZ_OK);
  CHECK_EQ(count_with(p, PZ_ENUM_AUTO, 1, 0, 0), 288);
  CHECK_EQ(count_with(p, PZ_ENUM_AUTO, 2, 0, 0), 288);
  pz_puzzle_free(p);
}

/* A 9x9 grid with most givens taken away: AUTO (the cells) and pz's DPLL
 * over the CNF count the same. */
static void beside_dpll(void) {
  static const char grid[] =
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  for (int t = 0; t < 6; t++) {
    int givens[81];
    for (int i = 0; i < 81; i++) givens[i] = rand_below(100) < 40 + 5 * t ? grid[i] - '0' : 0;
    pz_puzzle *p;
    REQUIRE(pz_sudoku_new(&p, 3, 3) == PZ_OK);
    REQUIRE(pz_puzzle_set_givens(p, givens) == PZ_OK);
    uint64_t a = count_with(p, PZ_ENUM_AUTO, 1, 0, 0);
    CHECK(a >= 1);
    CHECK_EQ(count_with(p, PZ_ENUM_DPLL, 1, 0, 0), a);
    CHECK_EQ(count_with(p, PZ_ENUM_AUTO, 2, 0, 0), a);
    pz_puzzle_free(p);
  }
}

typedef struct seen {
  int n;
  uint64_t count;
  int bad;
  int grids[288][16];
} seen;

static int on_grid(void *state, const int *grid) {
  seen *s = (seen *)state;
  if (!valid_sudoku(grid, 2, 2, NULL, 0, NULL)) s->bad++;
  if (s->count >= 288) {
    s->bad++;
    return 1;
  }
  for (uint64_t i = 0; i < s->count; i++)
    if (!memcmp(s->grids[i], grid, sizeof s->grids[i])) s->bad++;
  memcpy(s->grids[s->count++], grid, sizeof s->grids[0]);
  return 0;
}

/* Each solution handed out is a grid, all distinct; a limit stops at it. */
static void each_solution(void) {
  pz_puzzle *p;
  REQUIRE(pz_sudoku_new(&p, 2, 2) == PZ_OK);
  static seen s;
  uint64_t count;
  pz_result stop;
  CHECK_EQ(pz_puzzle_enumerate(p, 0, on_grid, &s, &count, &stop), PZ_OK);
  CHECK_EQ(count, 288);
  CHECK_EQ(s.count, 288);
  CHECK_EQ(s.bad, 0);
  CHECK_EQ(stop, PZ_UNSAT);
  CHECK_EQ(pz_puzzle_count(p, 100, &count, &stop), PZ_OK);
  CHECK_EQ(count, 100);
  CHECK_EQ(stop, PZ_SAT);
  pz_puzzle_free(p);
}

CHECK_MAIN("test_cells", against_brute_force, published, beside_dpll,
           each_solution)
