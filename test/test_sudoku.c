/* Sudoku of every box shape: counts, generated puzzles cross-checked with a
 * brute-force counter, published vectors, the 9x9 sets and the large grids,
 * variants, and bad input. Solutions are checked by test/validate.c. */
#include <ctype.h>

#include <pz.h>

#include "check.h"
#include "validate.h"
#include "puzzle_on.h"

static const char *backend;

static pz_puzzle *sudoku(int br, int bc, pz_strategy strategy) {
  pz_options o = options_on(backend);
  o.strategy = strategy;
  pz_puzzle *p;
  return puzzle_set(pz_sudoku_new(&p, br, bc), &p, &o);
}

/* --- An independent brute-force counter (small grids only) ------------ */
static int bf_ok(const int *g, int br, int bc, int cell, int v) {
  int n = br * bc, r = cell / n, c = cell % n;
  for (int i = 0; i < n; i++)
    if (g[r * n + i] == v || g[i * n + c] == v) return 0;
  int r0 = r / br * br, c0 = c / bc * bc;
  for (int i = 0; i < br; i++)
    for (int j = 0; j < bc; j++)
      if (g[(r0 + i) * n + c0 + j] == v) return 0;
  return 1;
}

static long bf_count(int *g, int br, int bc, int cell, long cap) {
  int n = br * bc;
  while (cell < n * n && g[cell]) cell++;
  if (cell == n * n) return 1;
  long total = 0;
  for (int v = 1; v <= n && total < cap; v++)
    if (bf_ok(g, br, bc, cell, v)) {
      g[cell] = v;
      total += bf_count(g, br, bc, cell + 1, cap - total);
      g[cell] = 0;
    }
  return total;
}

/* Brute-force count of 4x4 grids with jigsaw regions. */
static long bf_regions(int *g, const int *reg, int cell) {
  if (cell == 16) return 1;
  long total = 0;
  for (int v = 1; v <= 4; v++) {
    int ok = 1;
    for (int o = 0; o < cell && ok; o++)
      if (g[o] == v && (o / 4 == cell / 4 || o % 4 == cell % 4 || reg[o] == reg[cell]))
        ok = 0;
    if (!ok) continue;
    g[cell] = v;
    total += bf_regions(g, reg, cell + 1);
    g[cell] = 0;
  }
  return total;
}

/* A valid grid by the shifted-rows pattern, then a permutation of values. */
static void make_grid(int *g, int br, int bc, unsigned seed) {
  int n = br * bc, perm[64];
  for (int i = 0; i < n; i++) perm[i] = i + 1;
  for (int i = n - 1; i > 0; i--) {
    seed = seed * 1103515245u + 12345u;
    int j = (int)((seed >> 8) % (unsigned)(i + 1)), t = perm[i];
    perm[i] = perm[j], perm[j] = t;
  }
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      g[r * n + c] = perm[(bc * (r % br) + r / br + c) % n];
}

static void generated(void) {
  static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3},
                                  {3, 4}, {4, 4}, {1, 4}, {4, 1}};
  int full[256], givens[256], grid[256];
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
    int br = shapes[s][0], bc = shapes[s][1], n = br * bc;
    pz_puzzle *p = sudoku(br, bc, PZ_STRATEGY_AUTO);
    for (unsigned seed = 1; seed <= 6; seed++) {
      make_grid(full, br, bc, seed);
      REQUIRE(valid_sudoku(full, br, bc, NULL, 0, NULL));
      /* Keep about 45% of the cells. */
      unsigned x = seed * 2654435761u;
      for (int c = 0; c < n * n; c++) {
        x = x * 1103515245u + 12345u;
        givens[c] = (x >> 16) % 100 < 45 ? full[c] : 0;
      }
      CHECK_EQ(pz_puzzle_set_givens(p, givens), PZ_OK);
      pz_result r;
      CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
      CHECK_EQ(r, PZ_SAT);
      CHECK(valid_sudoku(grid, br, bc, givens, 0, NULL));
      if (n <= 6) {
        uint64_t count;
        CHECK_EQ(pz_puzzle_count(p, 0, &count, &r), PZ_OK);
        CHECK_EQ((long)count, bf_count(givens, br, bc, 0, 1000000));
      } else {
        int sols;
        long bf = n <= 8 ? bf_count(givens, br, bc, 0, 2) : -1;
        CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &r), PZ_OK);
        CHECK(sols >= 1);
        if (bf >= 0) CHECK_EQ(sols, bf);
        CHECK(valid_sudoku(grid, br, bc, givens, 0, NULL));
      }
    }
    pz_puzzle_free(p);
  }
}

typedef struct grids {
  int br, bc, bad;
} grids;

static int check_grid(void *state, const int *g) {
  grids *gs = (grids *)state;
  if (!valid_sudoku(g, gs->br, gs->bc, NULL, 0, NULL)) gs->bad++;
  return 0;
}

static void counts(void) {
  /* OEIS A107739: 288 4x4 grids. */
  pz_puzzle *p = sudoku(2, 2, PZ_STRATEGY_AUTO);
  grids gs = {2, 2, 0};
  uint64_t count;
  pz_result stop;
  CHECK_EQ(pz_puzzle_enumerate(p, 0, check_grid, &gs, &count, &stop), PZ_OK);
  CHECK_EQ(count, 288);
  CHECK_EQ(gs.bad, 0);
  CHECK_EQ(stop, PZ_UNSAT);
  /* The same through the fresh strategy. */
  pz_puzzle_free(p);
  p = sudoku(2, 2, PZ_STRATEGY_FRESH);
  CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
  CHECK_EQ(count, 288);
  /* Anti-king 4x4 has no grid at all; anti-knight some. */
  CHECK_EQ(pz_sudoku_set_variants(p, PZ_SUDOKU_ANTI_KING), PZ_OK);
  CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
  CHECK_EQ(count, 0);
  pz_puzzle_free(p);
}

/* --- Published vectors --------------------------------------------------- */
static int cell_value(int ch) {
  if (ch == '.' || ch == '0') return 0;
  if (ch >= '1' && ch <= '9') return ch - '0';
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
  return -1;
}

/* The first run of exactly m grid characters in s, parsed into out. */
static int grid_token(const char *s, int m, int *out) {
  for (const char *p = s; *p; p++) {
    int k = 0;
    while (p[k] && cell_value((unsigned char)p[k]) >= 0) k++;
    if (k == m && (p == s || cell_value((unsigned char)p[-1]) < 0)) {
      for (int i = 0; i < m; i++) out[i] = cell_value((unsigned char)p[i]);
      return 1;
    }
    if (k) p += k - 1;
  }
  return 0;
}

typedef struct vec_stats {
  int solved, unsat, multi;
} vec_stats;

/* Solves one vector: expect 0, 1 (with solution) or many (>= 2). */
static void run_vector(int br, int bc, unsigned variants, const int *givens,
                       const int *solution, int expect, long exact_count,
                       vec_stats *vs) {
  pz_puzzle *p = sudoku(br, bc, PZ_STRATEGY_AUTO);
  CHECK_EQ(pz_sudoku_set_variants(p, variants), PZ_OK);
  CHECK_EQ(pz_puzzle_set_givens(p, givens), PZ_OK);
  int grid[256 * 256 > 1 ? 256 : 1], sols;
  pz_result r;
  CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &r), PZ_OK);
  CHECK_EQ(sols, expect);
  if (sols >= 1) CHECK(valid_sudoku(grid, br, bc, givens, variants, NULL));
  if (expect == 1 && solution) {
    int n = br * bc;
    CHECK_EQ(memcmp(grid, solution, (size_t)n * n * sizeof(int)), 0);
    vs->solved++;
  }
  if (expect == 0) vs->unsat++;
  if (exact_count > 0) {
    uint64_t count;
    CHECK_EQ(pz_puzzle_count(p, 0, &count, &r), PZ_OK);
    CHECK_EQ((long)count, exact_count);
    vs->multi++;
  }
  /* A discriminating vector: without its variant it is not unique. */
  if (variants && expect == 1) {
    CHECK_EQ(pz_sudoku_set_variants(p, 0), PZ_OK);
    CHECK_EQ(pz_puzzle_unique(p, &sols, NULL, &r), PZ_OK);
    CHECK_EQ(sols, 2);
  }
  pz_puzzle_free(p);
}

static void vectors(const char *rel, int variant_sections) {
  char buf[512];
  const char *path = shared_data(rel, buf, sizeof buf);
  if (!path) {
    printf("skip: %s (no ../shared/data)\n", rel);
    return;
  }
  FILE *f = fopen(path, "r");
  REQUIRE(f);
  static char line[4096], next[4096];
  int givens[256], solution[256];
  unsigned variants = 0;
  vec_stats vs = {0, 0, 0};
  int have_next = fgets(next, sizeof next, f) != NULL;
  while (have_next) {
    strcpy(line, next);
    have_next = fgets(next, sizeof next, f) != NULL;
    if (variant_sections && !strncmp(line, "ANTI-KING", 9)) variants = PZ_SUDOKU_ANTI_KING;
    if (variant_sections && !strncmp(line, "ANTI-KNIGHT", 11)) variants = PZ_SUDOKU_ANTI_KNIGHT;
    const char *gv = strstr(line, "givens=");
    if (gv) {
      int n = 9, br = 3, bc = 3;
      const char *t = strstr(line, "n=");
      if (t) n = atoi(t + 2);
      t = strstr(line, "box=");
      if (t) sscanf(t, "box=%dx%d", &br, &bc);
      REQUIRE(br * bc == n && n <= 16);
      if (!grid_token(gv + 7, n * n, givens)) continue;
      int expect = strstr(line, "EXPECT NO SOLUTION") ? 0 : 1;
      const char *sv = strstr(line, "solution=");
      if (!sv && have_next) sv = strstr(next, "solution=");
      int has_sol = sv && grid_token(sv + 9, n * n, solution);
      run_vector(br, bc, variants, givens, has_sol ? solution : NULL, expect, 0, &vs);
    } else if (strstr(line, "ONE solution") && grid_token(line, 81, givens) &&
               have_next && strstr(next, "->") && grid_token(next, 81, solution)) {
      run_vector(3, 3, variants, givens, solution, 1, 0, &vs);
    } else if (strstr(line, "ZERO solutions")) {
      if (grid_token(line, 81, givens) || (have_next && grid_token(next, 81, givens)))
        run_vector(3, 3, variants, givens, NULL, 0, 0, &vs);
    } else if (strstr(line, "MANY solutions") && grid_token(line, 81, givens)) {
      /* 37 is the file's own recount (the source only says "2+"). */
      run_vector(3, 3, variants, givens, NULL, 2, 37, &vs);
    }
  }
  fclose(f);
  printf("%s: %d unique solved and matched, %d unsat, %d counted\n", rel,
         vs.solved, vs.unsat, vs.multi);
  CHECK(vs.solved > 0);
}

/* --- Files of puzzles ------------------------------------------------ */
/* Parses a file of ../shared/data, or NULL (after saying so) if absent. */
static pz_text *read_shared(const char *rel) {
  char buf[512];
  const char *path = shared_data(rel, buf, sizeof buf);
  if (!path) {
    printf("skip: %s (no ../shared/data)\n", rel);
    return NULL;
  }
  FILE *f = fopen(path, "r");
  pz_text *t = NULL;
  pz_parse_info info;
  CHECK_EQ(pz_text_read(&t, f, 0, PZ_TEXT_AUTO, &info), PZ_OK);
  fclose(f);
  return t;
}

/* The large/ files use square boxes: b x b with b*b = n. */
static int square_box(int n) {
  int b = 1;
  while ((b + 1) * (b + 1) <= n) b++;
  return b;
}

static void puzzle_file(const char *rel, int limit, int unique) {
  pz_text *t = read_shared(rel);
  if (!t) return;
  pz_puzzle *p = NULL;
  int n = 0, b = 1, solved = 0;
  size_t count = pz_text_count(t);
  if (limit && (size_t)limit < count) count = (size_t)limit;
  int *grid = NULL;
  for (size_t i = 0; i < count; i++) {
    if (pz_text_size(t, i) != n) {
      pz_puzzle_free(p);
      free(grid);
      n = pz_text_size(t, i);
      b = square_box(n);
      p = sudoku(b, n / b, PZ_STRATEGY_AUTO);
      grid = (int *)malloc((size_t)n * n * sizeof(int));
    }
    const int *givens = pz_text_cells(t, i);
    CHECK_EQ(pz_puzzle_set_givens(p, givens), PZ_OK);
    pz_result r;
    int sols = 1;
    if (unique)
      CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &r), PZ_OK);
    else
      CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
    if (sols >= 1 && r != PZ_UNKNOWN && valid_sudoku(grid, b, n / b, givens, 0, NULL))
      solved++;
    if (unique) CHECK_EQ(sols, 1);
  }
  printf("%s: %d of %zu solved and valid\n", rel, solved, count);
  CHECK_EQ((size_t)solved, count);
  pz_puzzle_free(p);
  free(grid);
  pz_text_free(t);
}

static void grid_file_unsat(const char *rel) {
  pz_text *t = read_shared(rel);
  if (!t) return;
  CHECK_EQ(pz_text_count(t), 1);
  pz_parse_info info;
  int n = pz_text_size(t, 0), b = square_box(n);
  pz_puzzle *p = sudoku(b, n / b, PZ_STRATEGY_AUTO);
  CHECK_EQ(pz_puzzle_set_givens(p, pz_text_cells(t, 0)), PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  pz_result r;
  CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  pz_puzzle_free(p);
  pz_text_free(t);
}

static void unsat_and_errors(void) {
  pz_puzzle *p = sudoku(2, 2, PZ_STRATEGY_AUTO);
  /* No two givens clash, yet r1c3 has no candidate left. */
  int subtle[16] = {1, 2, 0, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0, 0};
  pz_parse_info info;
  CHECK_EQ(pz_puzzle_set_givens(p, subtle), PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_OK);
  pz_result r;
  CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  int sols;
  CHECK_EQ(pz_puzzle_unique(p, &sols, NULL, &r), PZ_OK);
  CHECK_EQ(sols, 0);
  /* A direct clash in a box is named. */
  int clash[16] = {1, 0, 0, 0, 0, 1};
  CHECK_EQ(pz_puzzle_set_givens(p, clash), PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  CHECK_EQ(info.line, 2);
  CHECK_EQ(info.column, 2);
  CHECK(strstr(info.message, "r1c1") != NULL);
  CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  int range[16] = {5};
  CHECK_EQ(pz_puzzle_set_givens(p, range), PZ_ERR_RANGE);
  int neg[16] = {-1};
  CHECK_EQ(pz_puzzle_set_givens(p, neg), PZ_ERR_RANGE);
  /* The earlier givens stay after a rejected call. */
  CHECK_EQ(pz_puzzle_givens(p)[5], 1);
  CHECK_EQ(pz_puzzle_set_givens(p, NULL), PZ_OK);
  uint64_t count;
  CHECK_EQ(pz_puzzle_count(p, 0, &count, &r), PZ_OK);
  CHECK_EQ(count, 288);
  CHECK_EQ(pz_sudoku_set_variants(p, 0x100), PZ_ERR_ARG);
  CHECK_EQ(pz_sudoku_set_variants(p, PZ_SUDOKU_WINDOKU), PZ_OK); /* one 2x2 */
  CHECK_EQ(pz_sudoku_set_variants(p, 0), PZ_OK);
  /* Regions: wrong sizes and values are named. */
  int regions[16] = {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 5};
  CHECK_EQ(pz_sudoku_set_regions(p, regions, &info), PZ_ERR_RANGE);
  CHECK_EQ(info.line, 4);
  CHECK_EQ(info.column, 4);
  regions[15] = 3;
  CHECK_EQ(pz_sudoku_set_regions(p, regions, &info), PZ_ERR_RANGE);
  CHECK(strstr(info.message, "region 3 has 5 cells") != NULL);
  pz_puzzle_free(p);
  p = sudoku(1, 4, PZ_STRATEGY_AUTO);
  CHECK_EQ(pz_sudoku_set_variants(p, PZ_SUDOKU_WINDOKU), PZ_ERR_UNSUPPORTED);
  pz_puzzle_free(p);
  pz_puzzle *q = (pz_puzzle *)&q;
  CHECK_EQ(pz_sudoku_new(&q, 0, 3), PZ_ERR_ARG);
  CHECK(q == NULL);
  CHECK_EQ(pz_sudoku_new(&q, 100, 100), PZ_ERR_TOO_LARGE);
  CHECK_EQ(pz_sudoku_new(&q, 46341, 46341), PZ_ERR_TOO_LARGE);
  CHECK_EQ(pz_sudoku_new(NULL, 3, 3), PZ_ERR_ARG);
  /* Calls on the wrong kind are refused. */
  REQUIRE(pz_latin_new(&q, 4, 0) == PZ_OK);
  CHECK_EQ(pz_sudoku_set_variants(q, PZ_SUDOKU_DIAGONAL), PZ_ERR_ARG);
  pz_puzzle_free(q);
}

/* Variants: every combination on 6x6 and 9x9, with the checker. */
static void variants(void) {
  static const int shapes[][2] = {{2, 3}, {3, 3}};
  for (int s = 0; s < 2; s++) {
    int br = shapes[s][0], bc = shapes[s][1], n = br * bc;
    static const unsigned combos[] = {
        0, PZ_SUDOKU_ANTI_KING, PZ_SUDOKU_ANTI_KNIGHT, PZ_SUDOKU_DIAGONAL,
        PZ_SUDOKU_WINDOKU, PZ_SUDOKU_NONCONSECUTIVE,
        PZ_SUDOKU_ANTI_KING | PZ_SUDOKU_ANTI_KNIGHT,
        PZ_SUDOKU_DIAGONAL | PZ_SUDOKU_WINDOKU,
        PZ_SUDOKU_ANTI_KING | PZ_SUDOKU_DIAGONAL,
        PZ_SUDOKU_NONCONSECUTIVE | PZ_SUDOKU_DIAGONAL};
    for (size_t ci = 0; ci < sizeof combos / sizeof *combos; ci++) {
      unsigned v = combos[ci];
      if ((v & PZ_SUDOKU_WINDOKU) && n != 9) continue;
      pz_puzzle *p = sudoku(br, bc, PZ_STRATEGY_AUTO);
      CHECK_EQ(pz_sudoku_set_variants(p, v), PZ_OK);
      int grid[81];
      pz_result r;
      pz_options opt = PZ_OPTIONS_INIT;
      opt.backend = backend;
      opt.time_limit = 20;
      pz_puzzle_set_options(p, &opt);
      CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
      if (r == PZ_SAT) CHECK(valid_sudoku(grid, br, bc, NULL, v, NULL));
      /* A few more solutions, each valid. */
      if (r == PZ_SAT) {
        grids gs = {br, bc, 0};
        uint64_t count;
        pz_result stop;
        CHECK_EQ(pz_puzzle_enumerate(p, 5, check_grid, &gs, &count, &stop), PZ_OK);
        CHECK_EQ(gs.bad, 0);
      }
      pz_puzzle_free(p);
    }
  }
  /* Jigsaw on 4x4: counts against a brute-force count over region maps. */
  static const int maps[2][16] = {{1, 1, 1, 2, 1, 3, 2, 2, 3, 3, 4, 2, 3, 4, 4, 4},
                                  {1, 1, 2, 2, 1, 1, 2, 2, 3, 4, 4, 4, 3, 3, 3, 4}};
  for (int m = 0; m < 2; m++) {
    pz_puzzle *p = sudoku(2, 2, PZ_STRATEGY_AUTO);
    pz_parse_info info;
    CHECK_EQ(pz_sudoku_set_regions(p, maps[m], &info), PZ_OK);
    uint64_t count;
    pz_result stop;
    int grid[16] = {0};
    CHECK_EQ(pz_puzzle_solve(p, grid, &stop), PZ_OK);
    if (stop == PZ_SAT) CHECK(valid_sudoku(grid, 2, 2, NULL, 0, maps[m]));
    CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
    memset(grid, 0, sizeof grid);
    CHECK_EQ((long)count, bf_regions(grid, maps[m], 0));
    pz_puzzle_free(p);
  }
}

#include <time.h>
static double t_start;
#define STEP(call) (call, printf("  %-70s %.2f s\n", #call, now() - t_start), t_start = now())

int main(int argc, char **argv) {
  backend = argc > 1 ? argv[1] : NULL;
  t_start = now();
  STEP(counts());
  STEP(generated());
  STEP(unsat_and_errors());
  STEP(variants());
  STEP(vectors("oracles/sudoku-vectors.txt", 0));
  STEP(vectors("oracles/antiking-antiknight-vectors.txt", 1));
  STEP(puzzle_file("sudoku/puzzles3_magictour_top1465.txt", 300, 1));
  STEP(puzzle_file("sudoku/large/sudoku9x9_all.txt", 0, 0));
  STEP(puzzle_file("sudoku/large/sudoku16x16_all.txt", 0, 0));
  STEP(puzzle_file("sudoku/large/sudoku25x25_all.txt", 0, 0));
  STEP(puzzle_file("sudoku/large/sudoku36x36_all.txt", 0, 0));
  STEP(puzzle_file("sudoku/large/sudoku49x49_all.txt", 0, 0));
  STEP(puzzle_file("sudoku/large/sudoku81x81_all.txt", 0, 0));
  STEP(puzzle_file("sudoku/large/sudoku100x100_all.txt", 0, 0));
  STEP(puzzle_file("sudoku/large/sudoku400x400_all.txt", 0, 0));
  /* 64x64 and 225x225 each hold one puzzle that takes CaDiCaL 20-45 s
   * (docs/BENCHMARKS.md); they are benchmarked, not tested. */
  STEP(grid_file_unsat("sudoku/large/grids/sudoku144x144_table12-1.txt"));
  return check_done("test_sudoku");
}
