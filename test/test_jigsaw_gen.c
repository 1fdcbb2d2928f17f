/* Random jigsaw layouts (pz_jigsaw_regions), checked without pz: n regions
 * of n cells, each 4-connected (a BFS here), not the rows, columns or
 * boxes, the full solution returned valid, the same layout for the same
 * seed; and the puzzle generated on a layout has exactly one solution by
 * a backtracking counter of its own. */
#include <pz.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static const char *backend;

/* --- An independent counter: rows, columns, regions all-different. ---- */

typedef struct board {
  int n;
  const int *reg;        /* 1..n */
  int *g;                /* 0 blank */
  uint64_t *row, *col, *rg; /* values used (bit v-1) */
  int *units;            /* 3n units of n cells: rows, columns, regions */
} board;

static void put(board *b, int c, int v, int on) {
  uint64_t m = (uint64_t)1 << (v - 1);
  int r = c / b->n, x = c % b->n, k = b->reg[c] - 1;
  if (on) b->row[r] |= m, b->col[x] |= m, b->rg[k] |= m, b->g[c] = v;
  else b->row[r] &= ~m, b->col[x] &= ~m, b->rg[k] &= ~m, b->g[c] = 0;
}

static int popcount(uint64_t m) {
  int k = 0;
  for (; m; m &= m - 1) k++;
  return k;
}

static uint64_t candidates(const board *b, int c) {
  int n = b->n;
  uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
  return all & ~(b->row[c / n] | b->col[c % n] | b->rg[b->reg[c] - 1]);
}

/* Branches on the fewest choices: a blank cell's values, or the places
 * left for a value in a row, column or region. */
static int count_rec(board *b, int cap) {
  int n = b->n, best = -1, bestk = n + 1, bestv = 0;
  uint64_t bestm = 0;
  for (int c = 0; c < n * n; c++) {
    if (b->g[c]) continue;
    uint64_t m = candidates(b, c);
    int k = popcount(m);
    if (!k) return 0;
    if (k < bestk) best = c, bestk = k, bestm = m;
  }
  if (best < 0) return 1;
  int *places = (int *)malloc((size_t)n * sizeof(int)), np = 0, *bestp = NULL;
  int *keep = (int *)malloc((size_t)n * sizeof(int));
  REQUIRE(places && keep);
  for (int u = 0; u < 3 * n && bestk > 1; u++)
    for (int v = 1; v <= n && bestk > 1; v++) {
      int used = 0, k = 0;
      for (int i = 0; i < n && !used; i++) {
        int c = b->units[u * n + i];
        if (b->g[c] == v) used = 1;
        else if (!b->g[c] && (candidates(b, c) >> (v - 1) & 1)) places[k++] = c;
      }
      if (used) continue;
      if (!k) {
        free(places);
        free(keep);
        return 0;
      }
      if (k < bestk) {
        bestk = k;
        bestv = v;
        np = k;
        memcpy(keep, places, (size_t)k * sizeof(int));
        bestp = keep;
      }
    }
  int total = 0;
  if (bestp) {
    for (int i = 0; i < np && total < cap; i++) {
      put(b, bestp[i], bestv, 1);
      total += count_rec(b, cap - total);
      put(b, bestp[i], bestv, 0);
    }
  } else {
    for (int v = 1; v <= n && total < cap; v++) {
      if (!(bestm >> (v - 1) & 1)) continue;
      put(b, best, v, 1);
      total += count_rec(b, cap - total);
      put(b, best, v, 0);
    }
  }
  free(places);
  free(keep);
  return total;
}

/* Solutions of givens on the layout, up to cap; -1 when givens clash. */
static int count(int n, const int *reg, const int *givens, int cap) {
  board b = {n, reg, NULL, NULL, NULL, NULL, NULL};
  b.g = (int *)calloc((size_t)n * (size_t)n, sizeof(int));
  b.row = (uint64_t *)calloc(3 * (size_t)n, sizeof(uint64_t));
  b.units = (int *)malloc(3 * (size_t)n * (size_t)n * sizeof(int));
  REQUIRE(b.g && b.row && b.units);
  int *fill = (int *)calloc((size_t)n, sizeof(int));
  REQUIRE(fill);
  for (int c = 0; c < n * n; c++) {
    b.units[(c / n) * n + c % n] = c;
    b.units[(n + c % n) * n + c / n] = c;
    int k = reg[c] - 1;
    REQUIRE(k >= 0 && k < n && fill[k] < n);
    b.units[(2 * n + k) * n + fill[k]++] = c;
  }
  free(fill);
  b.col = b.row + n;
  b.rg = b.col + n;
  int ok = 1;
  for (int c = 0; c < n * n && ok; c++) {
    int v = givens ? givens[c] : 0;
    if (!v) continue;
    uint64_t m = (uint64_t)1 << (v - 1);
    ok = !((b.row[c / n] | b.col[c % n] | b.rg[reg[c] - 1]) & m);
    if (ok) put(&b, c, v, 1);
  }
  int k = ok ? count_rec(&b, cap) : -1;
  free(b.g);
  free(b.row);
  free(b.units);
  return k;
}

/* --- The layout's shape. ------------------------------------------------ */

/* Region k's cells (k in 1..n) form one 4-connected piece. */
static int connected(int n, const int *reg, int k) {
  int *queue = (int *)malloc((size_t)n * (size_t)n * sizeof(int));
  char *seen = (char *)calloc((size_t)n * (size_t)n, 1);
  REQUIRE(queue && seen);
  int head = 0, tail = 0, size = 0;
  for (int c = 0; c < n * n; c++) {
    if (reg[c] != k) continue;
    if (!size++) {
      seen[c] = 1;
      queue[tail++] = c;
    }
  }
  while (head < tail) {
    int c = queue[head++], r = c / n, x = c % n;
    int nb[4][2] = {{r - 1, x}, {r + 1, x}, {r, x - 1}, {r, x + 1}};
    for (int d = 0; d < 4; d++) {
      int rr = nb[d][0], xx = nb[d][1];
      if (rr < 0 || rr >= n || xx < 0 || xx >= n) continue;
      int e = rr * n + xx;
      if (reg[e] == k && !seen[e]) {
        seen[e] = 1;
        queue[tail++] = e;
      }
    }
  }
  free(queue);
  free(seen);
  return size == n && tail == n;
}

/* The regions are the h x (n/h) boxes for some h (rows, columns too). */
static int plain(int n, const int *reg) {
  for (int h = 1; h <= n; h++) {
    if (n % h) continue;
    int w = n / h, same = 1;
    for (int c = 0; c < n * n && same; c++) {
      int r = c / n, x = c % n;
      same = reg[c] == reg[(r / h) * h * n + (x / w) * w];
    }
    if (same) return 1;
  }
  return 0;
}

/* The most square box shape h x w, h <= w. */
static pz_puzzle *sudoku_of(int n) {
  int h = 1;
  for (int d = 1; d * d <= n; d++)
    if (n % d == 0) h = d;
  pz_puzzle *p = NULL;
  REQUIRE(pz_sudoku_new(&p, h, n / h) == PZ_OK);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  return p;
}

/* Layout of n from seed on a fresh puzzle, checked; returns it (n*n). */
static int *layout_checked(int n, uint64_t seed, pz_puzzle *p) {
  int N = n * n;
  int *reg = (int *)malloc((size_t)N * sizeof(int));
  int *sol = (int *)malloc((size_t)N * sizeof(int));
  REQUIRE(reg && sol);
  pz_result stop = PZ_UNKNOWN;
  CHECK_EQ(pz_jigsaw_regions(p, seed, reg, sol, &stop), PZ_OK);
  CHECK_EQ(stop, PZ_SAT);
  /* Values 1..n, numbered in the order of their first cells. */
  int next = 0;
  for (int c = 0; c < N; c++) {
    CHECK(reg[c] >= 1 && reg[c] <= n);
    if (reg[c] > next) {
      CHECK_EQ(reg[c], next + 1);
      next = reg[c];
    }
  }
  CHECK_EQ(next, n);
  for (int k = 1; k <= n; k++) CHECK(connected(n, reg, k));
  if (n >= 4) CHECK(!plain(n, reg));
  /* The solution returned solves the layout: every cell given, the
   * counter finds exactly it. */
  CHECK_EQ(count(n, reg, sol, 2), 1);
  free(sol);
  return reg;
}

static void test_layouts(void) {
  static const int sizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
    int n = sizes[i], N = n * n;
    pz_puzzle *p = sudoku_of(n);
    for (uint64_t seed = 1; seed <= 6; seed++) {
      int *a = layout_checked(n, seed, p);
      /* The same seed on another puzzle object: the same layout. */
      pz_puzzle *q = sudoku_of(n);
      int *b = layout_checked(n, seed, q);
      CHECK(!memcmp(a, b, (size_t)N * sizeof(int)));
      /* The next seed: another layout (n >= 5 has plenty). */
      int *c = layout_checked(n, seed + 1000, q);
      if (n >= 5) CHECK(memcmp(a, c, (size_t)N * sizeof(int)) != 0);
      free(a);
      free(b);
      free(c);
      pz_puzzle_free(q);
    }
    pz_puzzle_free(p);
  }
}

/* A unique puzzle on the layout: the counter finds one solution. */
static void test_generate(int n, int seeds) {
  int N = n * n;
  int *giv = (int *)malloc((size_t)N * sizeof(int));
  int *sol = (int *)malloc((size_t)N * sizeof(int));
  REQUIRE(giv && sol);
  pz_puzzle *p = sudoku_of(n);
  for (int s = 1; s <= seeds; s++) {
    int *reg = layout_checked(n, (uint64_t)s, p);
    pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
    g.seed = (uint64_t)s;
    pz_generate_info info;
    pz_result stop;
    CHECK_EQ(pz_puzzle_generate(p, &g, sol, &info, &stop), PZ_OK);
    CHECK_EQ(stop, PZ_SAT);
    memcpy(giv, pz_puzzle_givens(p), (size_t)N * sizeof(int));
    for (int c = 0; c < N; c++)
      if (giv[c]) CHECK_EQ(giv[c], sol[c]);
    CHECK_EQ(count(n, reg, giv, 2), 1);
    CHECK_EQ(count(n, reg, sol, 2), 1);
    free(reg);
  }
  pz_puzzle_free(p);
  free(giv);
  free(sol);
}

static int stop_now(void *state) {
  (void)state;
  return 1;
}

static void test_errors(void) {
  int reg[81];
  pz_result stop;
  pz_puzzle *p = sudoku_of(9);
  CHECK_EQ(pz_jigsaw_regions(NULL, 1, reg, NULL, &stop), PZ_ERR_ARG);
  CHECK_EQ(pz_jigsaw_regions(p, 1, NULL, NULL, &stop), PZ_ERR_ARG);
  CHECK_EQ(pz_jigsaw_regions(p, 1, reg, NULL, NULL), PZ_ERR_ARG);
  /* Windoku's extra boxes do not go with regions. */
  CHECK_EQ(pz_sudoku_set_variants(p, PZ_SUDOKU_WINDOKU), PZ_OK);
  CHECK_EQ(pz_jigsaw_regions(p, 1, reg, NULL, &stop), PZ_ERR_UNSUPPORTED);
  pz_puzzle_free(p);
  /* Not a Sudoku. */
  pz_puzzle *l = NULL;
  REQUIRE(pz_latin_new(&l, 9, 0) == PZ_OK);
  CHECK_EQ(pz_jigsaw_regions(l, 1, reg, NULL, &stop), PZ_ERR_ARG);
  pz_puzzle_free(l);
  /* A terminate callback that says stop: PZ_UNKNOWN at once. */
  p = sudoku_of(9);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  o.terminate = stop_now;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  stop = PZ_SAT;
  CHECK_EQ(pz_jigsaw_regions(p, 1, reg, NULL, &stop), PZ_OK);
  CHECK_EQ(stop, PZ_UNKNOWN);
  pz_puzzle_free(p);
}

/* Anti-king 9x9: the layout admits a solution with the variant too. */
static void test_variant(void) {
  pz_puzzle *p = sudoku_of(9);
  REQUIRE(pz_sudoku_set_variants(p, PZ_SUDOKU_ANTI_KING) == PZ_OK);
  int reg[81], sol[81];
  pz_result stop;
  CHECK_EQ(pz_jigsaw_regions(p, 3, reg, sol, &stop), PZ_OK);
  CHECK_EQ(stop, PZ_SAT);
  for (int c = 0; c < 81; c++)
    for (int d = 0; d < 81; d++) {
      int dr = c / 9 - d / 9, dc = c % 9 - d % 9;
      if (c != d && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1)
        CHECK(sol[c] != sol[d]);
    }
  CHECK_EQ(count(9, reg, sol, 2), 1);
  for (int k = 1; k <= 9; k++) CHECK(connected(9, reg, k));
  pz_puzzle_free(p);
}

int main(int argc, char **argv) {
  backend = argc > 1 ? argv[1] : NULL;
  double t0 = now();
  test_layouts();
  test_generate(6, 6);
  test_generate(8, 3);
  test_generate(9, 5);
  test_errors();
  test_variant();
  fprintf(stderr, "test_jigsaw_gen: %.2f s\n", now() - t0);
  return check_done("test_jigsaw_gen");
}
