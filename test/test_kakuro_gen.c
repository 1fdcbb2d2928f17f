/* Kakuro generation (pz_kakuro_generate), checked without pz: the layout
 * (first row and column black, runs of 2..9 cells, each with its sum, the
 * white cells connected, the symmetry asked for), the solution returned
 * valid, and exactly one solution by a backtracking counter of its own
 * over the Kakuro rules; the same puzzle for the same seed; the time limit
 * and terminate callback; bad arguments. Run with the backend name as
 * argv[1]. */
#include <pz.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static const char *backend;

/* --- An independent counter over the rules ------------------------------ */

typedef struct run {
  int clue, len;
  int cells[9];
} run;

typedef struct counter {
  int rows, cols, n, nruns;
  run *runs;
  int *in[2];        /* per cell: its run across and down, -1 none */
  int *order;        /* white cells, row-major */
  int nwhite;
  int *g;            /* digits placed */
  int *used, *sum, *filled; /* per run */
  uint64_t count, cap;
  int *first;        /* the first solution found */
} counter;

/* The least and the most that k distinct digits outside used add up to. */
static void bounds(int used, int k, int *lo, int *hi) {
  *lo = *hi = 0;
  for (int v = 1, m = 0; v <= 9 && m < k; v++)
    if (!(used >> v & 1)) *lo += v, m++;
  for (int v = 9, m = 0; v >= 1 && m < k; v--)
    if (!(used >> v & 1)) *hi += v, m++;
}

static int fits(const counter *K, int r) {
  const run *R = &K->runs[r];
  int left = R->len - K->filled[r], need = R->clue - K->sum[r], lo, hi;
  if (!left) return need == 0;
  bounds(K->used[r], left, &lo, &hi);
  return need >= lo && need <= hi;
}

static void search(counter *K, int k) {
  if (K->count >= K->cap) return;
  if (k == K->nwhite) {
    if (!K->count++) memcpy(K->first, K->g, (size_t)K->n * sizeof(int));
    return;
  }
  int c = K->order[k], a = K->in[0][c], d = K->in[1][c];
  for (int v = 1; v <= 9; v++) {
    if ((K->used[a] | K->used[d]) >> v & 1) continue;
    K->g[c] = v;
    K->used[a] |= 1 << v, K->used[d] |= 1 << v;
    K->sum[a] += v, K->sum[d] += v;
    K->filled[a]++, K->filled[d]++;
    if (fits(K, a) && fits(K, d)) search(K, k + 1);
    K->filled[a]--, K->filled[d]--;
    K->sum[a] -= v, K->sum[d] -= v;
    K->used[a] &= ~(1 << v), K->used[d] &= ~(1 << v);
    K->g[c] = 0;
  }
}

/* Solutions of the grid, up to cap; the first into first (n ints). The
 * grid must have a clue before every run (checked by check_layout). */
static uint64_t count_solutions(int rows, int cols, const pz_kakuro_cell *x,
                                uint64_t cap, int *first) {
  counter K;
  memset(&K, 0, sizeof K);
  int n = rows * cols;
  K.rows = rows, K.cols = cols, K.n = n, K.cap = cap, K.first = first;
  K.runs = (run *)calloc((size_t)n * 2, sizeof(run));
  K.in[0] = (int *)malloc((size_t)n * sizeof(int));
  K.in[1] = (int *)malloc((size_t)n * sizeof(int));
  K.order = (int *)malloc((size_t)n * sizeof(int));
  K.g = (int *)calloc((size_t)n, sizeof(int));
  K.used = (int *)calloc((size_t)n * 2, sizeof(int));
  K.sum = (int *)calloc((size_t)n * 2, sizeof(int));
  K.filled = (int *)calloc((size_t)n * 2, sizeof(int));
  REQUIRE(K.runs && K.in[0] && K.in[1] && K.order && K.g && K.used &&
          K.sum && K.filled);
  for (int c = 0; c < n; c++) K.in[0][c] = K.in[1][c] = -1;
  for (int c = 0; c < n; c++) {
    if (!x[c].white) continue;
    K.order[K.nwhite++] = c;
    for (int d = 0; d < 2; d++) {
      int step = d ? cols : 1, prev = c - step;
      if (K.in[d][c] >= 0) continue;
      run *R = &K.runs[K.nruns];
      R->clue = d ? x[prev].down : x[prev].across;
      for (int y = c; y < n && x[y].white && (d || y / cols == c / cols);
           y += step) {
        REQUIRE(R->len < 9);
        R->cells[R->len++] = y;
        K.in[d][y] = K.nruns;
      }
      K.nruns++;
    }
  }
  search(&K, 0);
  free(K.runs), free(K.in[0]), free(K.in[1]), free(K.order), free(K.g);
  free(K.used), free(K.sum), free(K.filled);
  return K.count;
}

/* --- The layout, checked by itself ------------------------------------- */

/* The cell paired with (r, c) under s over the grid less its first row
 * and column (the first of the orbit's other cells). */
static int mirror(int rows, int cols, pz_symmetry s, int cell) {
  int h = rows - 1, w = cols - 1, i = cell / cols - 1, j = cell % cols - 1;
  switch (s) {
  case PZ_SYMMETRY_ROTATE180: i = h - 1 - i, j = w - 1 - j; break;
  case PZ_SYMMETRY_MIRROR: j = w - 1 - j; break;
  case PZ_SYMMETRY_DIAGONAL: { int t = i; i = j, j = t; } break;
  case PZ_SYMMETRY_ROTATE90: { int t = i; i = j, j = h - 1 - t; } break;
  default: break;
  }
  return (i + 1) * cols + j + 1;
}

/* Runs of 2..9 cells, each with its sum, clues only before runs, no
 * digit twice in a run, sums equal to the solution's; white cells
 * connected; symmetric under s. */
static void check_layout(int rows, int cols, const pz_kakuro_cell *x,
                         const int *sol, pz_symmetry s) {
  int n = rows * cols, whites = 0;
  for (int c = 0; c < n; c++) {
    int r = c / cols, k = c % cols;
    if (r == 0 || k == 0) CHECK(!x[c].white);
    if (x[c].white) {
      whites++;
      CHECK(sol[c] >= 1 && sol[c] <= 9);
      CHECK(!x[c].down && !x[c].across);
      if (r > 0 && k > 0) CHECK(x[mirror(rows, cols, s, c)].white);
    } else {
      CHECK_EQ(sol[c], 0);
    }
    for (int d = 0; d < 2; d++) {
      int clue = d ? x[c].down : x[c].across, step = d ? cols : 1;
      int starts = !x[c].white && (d ? r + 1 < rows : k + 1 < cols) &&
                   x[c + step].white;
      CHECK_EQ(clue != 0, starts);
      if (!starts) continue;
      int len = 0, sum = 0, seen = 0;
      for (int y = c + step; y < n && x[y].white && (d || y / cols == r);
           y += step) {
        CHECK(!(seen >> sol[y] & 1));
        seen |= 1 << sol[y];
        sum += sol[y];
        len++;
      }
      CHECK(len >= 2 && len <= 9);
      CHECK_EQ(sum, clue);
    }
  }
  CHECK(whites > 0);
  /* Connected: a flood fill from the first white cell reaches them all. */
  int *stack = (int *)malloc((size_t)n * sizeof(int)), top = 0, reached = 0;
  char *seen = (char *)calloc((size_t)n, 1);
  REQUIRE(stack && seen);
  for (int c = 0; c < n && !top; c++)
    if (x[c].white) stack[top++] = c, seen[c] = 1;
  while (top) {
    int c = stack[--top], nb[4] = {c - cols, c + cols, c - 1, c + 1};
    reached++;
    for (int k = 0; k < 4; k++) {
      int y = nb[k];
      if (y < 0 || y >= n || (k >= 2 && y / cols != c / cols)) continue;
      if (x[y].white && !seen[y]) seen[y] = 1, stack[top++] = y;
    }
  }
  CHECK_EQ(reached, whites);
  free(stack);
  free(seen);
}

/* --- Tests --------------------------------------------------------------- */

/* The counter itself: a 2x2 block whose four sums are 10 has 8 solutions
 * (a, 10-a / 10-a, a for a != 5); the generator's output must not pass
 * because the counter cannot count. */
static void test_counter(void) {
  pz_kakuro_cell g[9] = {{0, 0, 0}, {0, 10, 0}, {0, 10, 0},
                         {0, 0, 10}, {1, 0, 0}, {1, 0, 0},
                         {0, 0, 10}, {1, 0, 0}, {1, 0, 0}};
  int first[9];
  CHECK_EQ(count_solutions(3, 3, g, 100, first), 8);
  CHECK_EQ(count_solutions(3, 3, g, 2, first), 2);
  g[3].across = 3, g[6].across = 17, g[1].down = 9, g[2].down = 11;
  CHECK_EQ(count_solutions(3, 3, g, 100, first), 1); /* 1 2 / 8 9 */
  CHECK(first[4] == 1 && first[5] == 2 && first[7] == 8 && first[8] == 9);
}

static pz_options options_of(void) {
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  return o;
}

/* count puzzles of rows x cols with symmetry s, seeds 1..count. */
static void test_generate(int rows, int cols, pz_symmetry s, int count) {
  int n = rows * cols;
  pz_kakuro_cell *x = (pz_kakuro_cell *)malloc((size_t)n * sizeof *x);
  pz_kakuro_cell *y = (pz_kakuro_cell *)malloc((size_t)n * sizeof *y);
  int *sol = (int *)malloc((size_t)n * sizeof(int));
  int *sol2 = (int *)malloc((size_t)n * sizeof(int));
  int *first = (int *)malloc((size_t)n * sizeof(int));
  REQUIRE(x && y && sol && sol2 && first);
  pz_options o = options_of();
  for (int seed = 1; seed <= count; seed++) {
    pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
    g.seed = (uint64_t)seed;
    g.symmetry = s;
    pz_generate_info info;
    pz_result stop = PZ_UNKNOWN;
    REQUIRE(pz_kakuro_generate(rows, cols, &o, &g, x, sol, &info, &stop) ==
            PZ_OK);
    CHECK_EQ(stop, PZ_SAT);
    CHECK(info.tries >= 1);
    int sums = 0;
    for (int c = 0; c < n; c++) sums += (x[c].down > 0) + (x[c].across > 0);
    CHECK_EQ(info.givens, sums);
    check_layout(rows, cols, x, sol, s);
    CHECK_EQ(pz_kakuro_check_grid(rows, cols, x, NULL), PZ_OK);
    /* Exactly one solution, the one returned. */
    CHECK_EQ(count_solutions(rows, cols, x, 2, first), 1);
    CHECK(!memcmp(first, sol, (size_t)n * sizeof(int)));
    /* The same seed: the same puzzle. */
    REQUIRE(pz_kakuro_generate(rows, cols, &o, &g, y, sol2, NULL, &stop) ==
            PZ_OK);
    CHECK(!memcmp(x, y, (size_t)n * sizeof *x));
    CHECK(!memcmp(sol, sol2, (size_t)n * sizeof(int)));
  }
  free(x), free(y), free(sol), free(sol2), free(first);
}

/* A difficulty target: the puzzle rates so (pz's rating, on its own
 * puzzle object). */
static void test_difficulty(void) {
  int rows = 7, cols = 7, n = rows * cols;
  pz_kakuro_cell x[49];
  int sol[49], first[49];
  pz_options o = options_of();
  pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
  g.seed = 5;
  g.difficulty = PZ_LEVEL_PROBING;
  pz_generate_info info;
  pz_result stop;
  REQUIRE(pz_kakuro_generate(rows, cols, &o, &g, x, sol, &info, &stop) == PZ_OK);
  CHECK_EQ(stop, PZ_SAT);
  CHECK_EQ(info.level, PZ_LEVEL_PROBING);
  CHECK_EQ(count_solutions(rows, cols, x, 2, first), 1);
  pz_puzzle *p;
  REQUIRE(pz_kakuro_new(&p, rows, cols, x, NULL) == PZ_OK);
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  pz_level level;
  CHECK_EQ(pz_puzzle_rate(p, &level, &stop), PZ_OK);
  CHECK_EQ(level, PZ_LEVEL_PROBING);
  pz_puzzle_free(p);
  (void)n;
}

static int stop_now(void *state) {
  (void)state;
  return 1;
}

/* The time limit bounds a large grid; terminate stops it at once. */
static void test_limits(void) {
  int rows = 40, cols = 40, n = rows * cols;
  pz_kakuro_cell *x = (pz_kakuro_cell *)malloc((size_t)n * sizeof *x);
  int *sol = (int *)malloc((size_t)n * sizeof(int));
  REQUIRE(x && sol);
  pz_options o = options_of();
  o.time_limit = 0.3;
  pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
  g.seed = 1;
  pz_generate_info info;
  pz_result stop = PZ_SAT;
  double t0 = now();
  CHECK_EQ(pz_kakuro_generate(rows, cols, &o, &g, x, sol, &info, &stop), PZ_OK);
  double took = now() - t0;
  CHECK(took < 0.3 * 1.1 + SLACK + 0.2);
  CHECK(stop == PZ_SAT || stop == PZ_UNKNOWN);
  if (stop == PZ_UNKNOWN && info.givens == 0)
    for (int c = 0; c < n; c++) CHECK(!x[c].white);
  /* A puzzle made in time is well formed (too large for the counter). */
  if (info.givens > 0) check_layout(rows, cols, x, sol, PZ_SYMMETRY_NONE);
  o = options_of();
  o.terminate = stop_now;
  stop = PZ_SAT;
  CHECK_EQ(pz_kakuro_generate(8, 8, &o, &g, x, sol, &info, &stop), PZ_OK);
  CHECK_EQ(stop, PZ_UNKNOWN);
  CHECK_EQ(info.givens, 0);
  free(x);
  free(sol);
}

static void test_errors(void) {
  pz_kakuro_cell x[100];
  pz_result stop;
  pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
  pz_options o = options_of();
  CHECK_EQ(pz_kakuro_generate(2, 5, &o, &g, x, NULL, NULL, &stop), PZ_ERR_ARG);
  CHECK_EQ(pz_kakuro_generate(5, 2, &o, &g, x, NULL, NULL, &stop), PZ_ERR_ARG);
  CHECK_EQ(pz_kakuro_generate(5, 5, &o, &g, NULL, NULL, NULL, &stop), PZ_ERR_ARG);
  CHECK_EQ(pz_kakuro_generate(5, 5, &o, &g, x, NULL, NULL, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_kakuro_generate(5, PZ_KAKURO_MAX_SIZE + 1, &o, &g, x, NULL, NULL,
                              &stop), PZ_ERR_TOO_LARGE);
  g.symmetry = PZ_SYMMETRY_DIAGONAL;
  CHECK_EQ(pz_kakuro_generate(5, 6, &o, &g, x, NULL, NULL, &stop), PZ_ERR_ARG);
  g = (pz_generate_options)PZ_GENERATE_OPTIONS_INIT;
  g.version = 99;
  CHECK_EQ(pz_kakuro_generate(5, 5, &o, &g, x, NULL, NULL, &stop), PZ_ERR_ARG);
  /* NULL options and generation options: the defaults. */
  CHECK_EQ(pz_kakuro_generate(4, 4, NULL, NULL, x, NULL, NULL, &stop), PZ_OK);
  CHECK_EQ(stop, PZ_SAT);
}

int main(int argc, char **argv) {
  backend = argc > 1 ? argv[1] : NULL;
  {
    /* A backend this build lacks: skipped. */
    pz_puzzle *p;
    pz_options o = options_of();
    REQUIRE(pz_latin_new(&p, 2, 0) == PZ_OK);
    int st = pz_puzzle_set_options(p, &o);
    pz_puzzle_free(p);
    if (st) return CHECK_SKIP;
  }
  double t0 = now();
  test_counter();
  test_generate(3, 3, PZ_SYMMETRY_NONE, 4);
  test_generate(4, 6, PZ_SYMMETRY_NONE, 6);
  test_generate(6, 6, PZ_SYMMETRY_ROTATE180, 6);
  test_generate(7, 5, PZ_SYMMETRY_MIRROR, 4);
  test_generate(7, 7, PZ_SYMMETRY_ROTATE90, 3);
  test_generate(7, 7, PZ_SYMMETRY_DIAGONAL, 3);
  test_generate(8, 8, PZ_SYMMETRY_NONE, 4);
  test_generate(10, 10, PZ_SYMMETRY_ROTATE180, 2);
  test_difficulty();
  test_limits();
  test_errors();
  fprintf(stderr, "test_kakuro_gen: %.2f s\n", now() - t0);
  return check_done("test_kakuro_gen");
}
