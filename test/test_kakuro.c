/* Kakuro: the parser and its errors, the API, and the solver against an
 * independent validator and an independent brute-force counter on random
 * grids; the janko.at puzzles of ../shared/data when present. Run with the
 * backend name as argv[1]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pz.h>

#include "parse_case.h"
#include "test_main.h"
#include "random.h"

/* ---- independent reference code (no pz calls) ------------------------ */

/* A grid as the tests hold it: white mask and clue sums per cell. */
typedef struct grid {
  int rows, cols;
  pz_kakuro_cell c[64];
} grid;

#define AT(g, r, k) ((g)->c[(r) * (g)->cols + (k)])

/* NULL when sol solves g by the rules, else what is wrong: white cells
 * hold 1..9, the others 0; every maximal run of white cells, across and
 * down, has distinct digits adding up to the clue in the cell before it. */
static const char *validate(int rows, int cols, const pz_kakuro_cell *g,
                            const int *sol) {
  for (int i = 0; i < rows * cols; i++) {
    if (!g[i].white && sol[i] != 0) return "a black or clue cell holds a digit";
    if (g[i].white && (sol[i] < 1 || sol[i] > 9)) return "a white cell without 1..9";
  }
  for (int d = 0; d < 2; d++) /* 0 across, 1 down */
    for (int r = 0; r < rows; r++)
      for (int c = 0; c < cols; c++) {
        int dr = d, dc = !d, pr = r - dr, pc = c - dc;
        if (!g[r * cols + c].white) continue;
        if (pr >= 0 && pc >= 0 && g[pr * cols + pc].white) continue; /* inside */
        if (pr < 0 || pc < 0) return "a run starts at the edge";
        int clue = d ? g[pr * cols + pc].down : g[pr * cols + pc].across;
        int sum = 0, seen = 0;
        for (int rr = r, cc = c; rr < rows && cc < cols && g[rr * cols + cc].white;
             rr += dr, cc += dc) {
          int v = sol[rr * cols + cc];
          if (seen >> v & 1) return "a digit twice in a run";
          seen |= 1 << v;
          sum += v;
        }
        if (sum != clue) return "a run does not add up to its clue";
      }
  return NULL;
}

/* Brute force: white cells in row-major order, each digit not yet in its
 * two runs, a run's sum checked when it is full and never overshooting. */
typedef struct bf {
  const grid *g;
  int sol[64];
  uint64_t count, cap;
} bf;

/* Clue and cells so far of the run through (r, c) in direction d. */
static void run_state(const bf *b, int r, int c, int d, int *clue, int *sum,
                      int *last) {
  const grid *g = b->g;
  int dr = d, dc = !d;
  while (r - dr >= 0 && c - dc >= 0 && AT(g, r - dr, c - dc).white) r -= dr, c -= dc;
  *clue = d ? AT(g, r - dr, c - dc).down : AT(g, r - dr, c - dc).across;
  *sum = 0;
  *last = 1;
  for (; r < g->rows && c < g->cols && AT(g, r, c).white; r += dr, c += dc) {
    int v = b->sol[r * g->cols + c];
    if (!v) *last = 0; /* an open cell is left */
    *sum += v;
  }
}

static void bf_cell(bf *b, int i) {
  const grid *g = b->g;
  if (b->count >= b->cap) return;
  while (i < g->rows * g->cols && !g->c[i].white) i++;
  if (i == g->rows * g->cols) {
    b->count++;
    return;
  }
  int r = i / g->cols, c = i % g->cols;
  for (int v = 1; v <= 9; v++) {
    b->sol[i] = v;
    int ok = 1;
    for (int d = 0; d < 2 && ok; d++) {
      int clue, sum, last;
      run_state(b, r, c, d, &clue, &sum, &last);
      ok = sum <= clue && (!last || sum == clue);
    }
    for (int d = 0; d < 2 && ok; d++) { /* distinct: v not elsewhere */
      int dr = d, dc = !d, rr = r - dr, cc = c - dc;
      for (; rr >= 0 && cc >= 0 && AT(g, rr, cc).white && ok; rr -= dr, cc -= dc)
        ok = b->sol[rr * g->cols + cc] != v;
    }
    if (ok) bf_cell(b, i + 1);
  }
  b->sol[i] = 0;
}

static uint64_t brute_count(const grid *g, uint64_t cap) {
  bf b;
  memset(&b, 0, sizeof b);
  b.g = g;
  b.cap = cap;
  bf_cell(&b, 0);
  return b.count;
}

/* A random grid: white cells away from the first row and column, filled
 * with a random assignment that keeps runs distinct, clues read off it;
 * with perturb, one clue moves by one (fewer or more solutions, or none). */
static int fill(grid *g, int *sol, int i) {
  while (i < g->rows * g->cols && !g->c[i].white) i++;
  if (i == g->rows * g->cols) return 1;
  int r = i / g->cols, c = i % g->cols, start = rnd_below(9);
  for (int k = 0; k < 9; k++) {
    int v = 1 + (start + k) % 9, ok = 1;
    for (int d = 0; d < 2 && ok; d++) {
      int dr = d, dc = !d;
      for (int rr = r - dr, cc = c - dc; rr >= 0 && cc >= 0 && AT(g, rr, cc).white;
           rr -= dr, cc -= dc)
        ok &= sol[rr * g->cols + cc] != v;
    }
    if (!ok) continue;
    sol[i] = v;
    if (fill(g, sol, i + 1)) return 1;
  }
  sol[i] = 0;
  return 0;
}

static void random_grid(grid *g, int rows, int cols, int white_pct,
                        int perturb) {
  int sol[64];
  do {
    g->rows = rows;
    g->cols = cols;
    memset(g->c, 0, sizeof g->c);
    memset(sol, 0, sizeof sol);
    for (int r = 1; r < rows; r++)
      for (int c = 1; c < cols; c++) AT(g, r, c).white = rnd_below(100) < white_pct;
  } while (!fill(g, sol, 0));
  int clues[128], nclues = 0;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      pz_kakuro_cell *x = &AT(g, r, c);
      if (x->white) continue;
      for (int cc = c + 1; cc < cols && AT(g, r, cc).white; cc++) x->across += sol[r * cols + cc];
      for (int rr = r + 1; rr < rows && AT(g, rr, c).white; rr++) x->down += sol[rr * cols + c];
      if (x->across) clues[nclues++] = 2 * (r * cols + c);
      if (x->down) clues[nclues++] = 2 * (r * cols + c) + 1;
    }
  if (perturb && nclues) {
    int k = clues[rnd_below(nclues)], delta = rnd_below(2) ? 1 : -1;
    pz_kakuro_cell *x = &g->c[k / 2];
    int *s = k % 2 ? &x->down : &x->across;
    /* Stay within what the run's length allows: the grid stays valid. */
    int len = 0, r = k / 2 / cols, c = k / 2 % cols, d = k % 2;
    for (int rr = r + d, cc = c + !d; rr < rows && cc < cols && AT(g, rr, cc).white;
         rr += d, cc += !d)
      len++;
    if (*s + delta >= len * (len + 1) / 2 && *s + delta <= len * (19 - len) / 2)
      *s += delta;
  }
}

/* ---- helpers ------------------------------------------------------------ */

static void set_backend(pz_puzzle *p, pz_strategy strategy) {
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  o.strategy = strategy;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
}

static pz_kakuro_def *parse_str(const char *s, int *st, pz_parse_info *info) {
  pz_kakuro_def *d = (pz_kakuro_def *)1;
  *st = pz_kakuro_parse(s, strlen(s), &d, info);
  return d;
}

/* Text written to a temporary stream by fn, in buf. */
static char *capture(int (*fn)(FILE *, const void *, int, int), const void *x,
                     int rows, int cols, int *st) {
  FILE *f = tmpfile();
  REQUIRE(f);
  *st = fn(f, x, rows, cols);
  long n = ftell(f);
  char *buf = (char *)calloc((size_t)(n > 0 ? n : 0) + 1, 1);
  REQUIRE(buf);
  rewind(f);
  if (n > 0) REQUIRE(fread(buf, 1, (size_t)n, f) == (size_t)n);
  fclose(f);
  return buf;
}
static int wr_grid(FILE *f, const void *x, int r, int c) {
  return pz_kakuro_write_grid(f, (const int *)x, r, c);
}
static int wr_line(FILE *f, const void *x, int r, int c) {
  return pz_kakuro_write_line(f, (const int *)x, r, c);
}
static int wr_puzzle(FILE *f, const void *x, int r, int c) {
  return pz_kakuro_write_puzzle(f, (const pz_kakuro_cell *)x, r, c);
}

/* ---- tests -------------------------------------------------------------- */

static const char small[] = "3 3\n- 4\\ 16\\\n\\3 0 0\n\\17 0 0\n";

static void test_parse_ok(void) {
  int st;
  pz_parse_info info;
  pz_kakuro_def *d = parse_str(small, &st, &info);
  REQUIRE(st == PZ_OK && d);
  CHECK_EQ(pz_kakuro_def_rows(d), 3);
  CHECK_EQ(pz_kakuro_def_cols(d), 3);
  pz_kakuro_cell c[9];
  memcpy(c, pz_kakuro_def_cells(d), sizeof c);
  CHECK(!c[0].white && !c[0].down && !c[0].across);
  CHECK(!c[1].white && c[1].down == 4 && !c[1].across);
  CHECK(!c[2].white && c[2].down == 16 && !c[2].across);
  CHECK(!c[3].white && !c[3].down && c[3].across == 3);
  CHECK(c[4].white && c[5].white && c[7].white && c[8].white);
  CHECK(c[6].across == 17);
  pz_kakuro_def_free(d);
  pz_kakuro_def_free(NULL);
  /* The same grid with a BOM, CRLF, comments, blank lines, trailing blanks
   * and no final newline. */
  const char *same[] = {
      ("\xef\xbb\xbf" /* a BOM, then the grid: one string */
       "3 3\r\n- 4\\ 16\\\r\n\\3 0 0\r\n\\17 0 0\r\n"),
      "# a comment\n\n  3   3 \n- 4\\ 16\\ \n\t\\3 0 0 \n\n\\17 0 0 \n\n# end\n",
      "3 3\n- 4\\ 16\\\n\\3 0 0\n\\17 0 0"};
  for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
    d = parse_str(same[i], &st, &info);
    CHECK_EQ(st, PZ_OK);
    if (!d) continue;
    CHECK(pz_kakuro_def_rows(d) == 3 && pz_kakuro_def_cols(d) == 3);
    CHECK(!memcmp(pz_kakuro_def_cells(d), c, sizeof c));
    pz_kakuro_def_free(d);
  }
  /* Both sums in one cell. */
  d = parse_str("3 3\n- 3\\ 4\\\n\\4 0 0\n\\3 0 0\n", &st, &info);
  CHECK_EQ(st, PZ_OK);
  pz_kakuro_def_free(d);
  d = parse_str("3 4\n- - 3\\ 4\\\n- 4\\3 0 0\n\\7 0 0 0\n", &st, &info);
  CHECK_EQ(st, PZ_OK);
  if (d) CHECK(pz_kakuro_def_cells(d)[5].down == 4 && pz_kakuro_def_cells(d)[5].across == 3);
  pz_kakuro_def_free(d);
}


static void test_parse_errors(void) {
  static const parse_case cases[] = {
      {"", PZ_ERR_PARSE, 1, 1, "expected a line 'ROWS COLUMNS'"},
      {"\n\n", PZ_ERR_PARSE, 3, 1, "expected a line 'ROWS COLUMNS'"},
      {"3\n", PZ_ERR_PARSE, 1, 2, "missing the number of columns"},
      {"3 x\n", PZ_ERR_PARSE, 1, 3, "columns is 'x'"},
      {"0 3\n", PZ_ERR_PARSE, 1, 1, "at least 1"},
      {"3 1025\n", PZ_ERR_TOO_LARGE, 1, 3, "at most 1024"},
      {"99999999999999999999 3\n", PZ_ERR_TOO_LARGE, 1, 1, "at most 1024"},
      {"3 3 3\n", PZ_ERR_PARSE, 1, 5, "after the size"},
      {"3 3\n- 4\\ 16\\\n\\3 0 x\n\\17 0 0\n", PZ_ERR_PARSE, 3, 6,
       "unexpected 'x'"},
      {"3 3\n- 4\\ 16\\\n\\3 0 00\n\\17 0 0\n", PZ_ERR_PARSE, 3, 6,
       "unexpected '00'"},
      {"3 3\n- 4\\ 16\\\n\\3 0 5\n\\17 0 0\n", PZ_ERR_PARSE, 3, 6,
       "unexpected '5'"},
      {"3 3\n- \\ 16\\\n\\3 0 0\n\\17 0 0\n", PZ_ERR_PARSE, 2, 3,
       "without a sum"},
      {"3 3\n- 4\\ 16\\\n\\3 0 0\n\\1x 0 0\n", PZ_ERR_PARSE, 4, 2,
       "across sum needs an integer, found '1x'"},
      {"3 3\n- 4\\\\ 16\\\n\\3 0 0\n\\17 0 0\n", PZ_ERR_PARSE, 2, 5,
       "across sum needs an integer"},
      {"3 3\n- 4\\ 46\\\n\\3 0 0\n\\17 0 0\n", PZ_ERR_RANGE, 2, 6,
       "down sum 46 is out of range 1..45"},
      {"3 3\n- 4\\ 16\\\n\\0 0 0\n\\17 0 0\n", PZ_ERR_RANGE, 3, 2,
       "across sum 0 is out of range"},
      {"3 3\n- 4\\ 16\\\n\\3 0 0\n\\17 0\n", PZ_ERR_PARSE, 4, 6,
       "this row has 2 cells, expected 3"},
      {"3 3\n- 4\\ 16\\\n\\3 0 0 -\n\\17 0 0\n", PZ_ERR_PARSE, 3, 8,
       "more than 3 cells"},
      {"3 3\n- 4\\ 16\\\n\\3 0 0\n", PZ_ERR_PARSE, 4, 1,
       "the grid has 2 rows, expected 3"},
      {"3 3\n- 4\\ 16\\\n\\3 0 0", PZ_ERR_PARSE, 3, 1,
       "the grid has 2 rows, expected 3"},
      {"3 3\n- 4\\ 16\\\n\\3 0 0\n\\17 0 0\n-\n", PZ_ERR_PARSE, 5, 1,
       "text after the grid"},
      {"3 3\n- 4\\ 16\\\n\\3 0\x00 0\n\\17 0 0\n", PZ_ERR_PARSE, 3, 5,
       "NUL"},
      /* The grid checks, reported at the cell as written. */
      {"3 4\n- 3\\ 4\\ -\n\\3 0 0 \\5\n\\4 0 0 -\n", PZ_ERR_RANGE, 3, 8,
       "the across sum 5 has no white cell to its right"},
      {"3 3\n- 3\\ 4\\5\n\\3 0 0\n\\4 0 0\n", PZ_ERR_RANGE, 2, 6,
       "the across sum 5 has no white cell"},
      {"3 3\n- 3\\ 4\\\n- 0 0\n\\4 0 0\n", PZ_ERR_RANGE, 3, 3,
       "a run across starts here without a sum to its left"},
      {"3 3\n- 3\\ -\n\\3 0 0\n\\4 0 0\n", PZ_ERR_RANGE, 3, 6,
       "a run down starts here without a sum above it"},
      {"2 2\n0 -\n- -\n", PZ_ERR_RANGE, 2, 1, "run across starts here"},
      {"3 3\n- 3\\ 18\\\n\\3 0 0\n\\4 0 0\n", PZ_ERR_RANGE, 2, 6,
       "down sum 18 is impossible for 2 cells (3..17)"},
      {"3 3\n- 3\\ 4\\\n\\2 0 0\n\\5 0 0\n", PZ_ERR_RANGE, 3, 1,
       "across sum 2 is impossible for 2 cells (3..17)"},
      {"2 11\n- 1\\ 1\\ 1\\ 1\\ 1\\ 1\\ 1\\ 1\\ 1\\ 1\\\n"
       "\\45 0 0 0 0 0 0 0 0 0 0\n", PZ_ERR_RANGE, 3, 1,
       "across run of 10 cells is longer than 9"},
  };
  CHECK_REFUSALS(cases, pz_kakuro_def, pz_kakuro_parse, pz_kakuro_def_free);
  /* The stream reader says the same. */
  FILE *f = tmpfile();
  REQUIRE(f);
  fputs("3 3\n- 4\\ 16\\\n\\3 0 x\n", f);
  rewind(f);
  pz_kakuro_def *d;
  pz_parse_info info;
  CHECK_EQ(pz_kakuro_read(f, &d, &info), PZ_ERR_PARSE);
  CHECK(info.line == 3 && info.column == 6 && d == NULL);
  fclose(f);
  CHECK_EQ(pz_kakuro_read(NULL, &d, &info), PZ_ERR_ARG);
  CHECK_EQ(pz_kakuro_parse(NULL, 1, &d, &info), PZ_ERR_ARG);
  CHECK_EQ(pz_kakuro_parse("1 1\n-\n", 6, NULL, &info), PZ_ERR_ARG);
}

static void test_api(void) {
  pz_puzzle *p = (pz_puzzle *)1;
  pz_kakuro_cell g[9];
  memset(g, 0, sizeof g);
  pz_parse_info info;
  CHECK_EQ(pz_kakuro_new(NULL, 3, 3, g, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_kakuro_new(&p, 0, 3, g, NULL), PZ_ERR_ARG);
  CHECK(p == NULL);
  CHECK_EQ(pz_kakuro_new(&p, 3, 3, NULL, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_kakuro_new(&p, 1025, 1, g, NULL), PZ_ERR_TOO_LARGE);
  CHECK_EQ(pz_kakuro_from_def(&p, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_kakuro_from_def(NULL, NULL), PZ_ERR_ARG);
  /* A grid of black cells only: one solution, all zeros. */
  REQUIRE(pz_kakuro_new(&p, 3, 3, g, NULL) == PZ_OK);
  set_backend(p, PZ_STRATEGY_AUTO);
  uint64_t n = 0;
  pz_result stop;
  CHECK_EQ(pz_puzzle_count(p, 0, &n, &stop), PZ_OK);
  CHECK_EQ(n, 1);
  CHECK(!strcmp(pz_puzzle_kind(p), "kakuro"));
  pz_puzzle_free(p);
  /* Bad cells, reported at their row and column. */
  g[4].white = 2;
  CHECK_EQ(pz_kakuro_check_grid(3, 3, g, &info), PZ_ERR_RANGE);
  CHECK(info.line == 2 && info.column == 2 && strstr(info.message, "white is 2"));
  g[4].white = 1;
  g[4].across = 3;
  CHECK_EQ(pz_kakuro_new(&p, 3, 3, g, &info), PZ_ERR_RANGE);
  CHECK(info.line == 2 && info.column == 2 && strstr(info.message, "white cell with a sum"));
  g[4].across = 0;
  g[3].across = -1;
  CHECK_EQ(pz_kakuro_check_grid(3, 3, g, &info), PZ_ERR_RANGE);
  CHECK(info.line == 2 && info.column == 1);
  CHECK_EQ(pz_kakuro_check_grid(3, 3, g, NULL), PZ_ERR_RANGE);
  g[3].across = 1;
  g[1].down = 1;
  CHECK_EQ(pz_kakuro_check_grid(3, 3, g, &info), PZ_OK);
  REQUIRE(pz_kakuro_new(&p, 3, 3, g, &info) == PZ_OK);
  int rows = 0, cols = 0;
  const pz_kakuro_cell *c = pz_kakuro_cells(p, &rows, &cols);
  CHECK(c && rows == 3 && cols == 3 && c[4].white && c[3].across == 1);
  CHECK(c != g);
  CHECK(pz_kakuro_cells(NULL, NULL, NULL) == NULL);
  set_backend(p, PZ_STRATEGY_AUTO);
  int sol[9];
  CHECK_EQ(pz_puzzle_solve(p, sol, &stop), PZ_OK);
  CHECK_EQ(stop, PZ_SAT);
  CHECK_EQ(sol[4], 1);
  CHECK(validate(3, 3, g, sol) == NULL);
  pz_puzzle_free(p);
  pz_puzzle *q;
  REQUIRE(pz_latin_new(&q, 3, 0) == PZ_OK);
  CHECK(pz_kakuro_cells(q, NULL, NULL) == NULL);
  pz_puzzle_free(q);

  /* Writers. */
  int s[6] = {0, 1, 9, 0, 0, 5};
  char *t = capture(wr_grid, s, 2, 3, &rows);
  CHECK_EQ(rows, PZ_OK);
  CHECK(!strcmp(t, "- 1 9\n- - 5\n"));
  free(t);
  t = capture(wr_line, s, 2, 3, &rows);
  CHECK(rows == PZ_OK && !strcmp(t, "-19--5\n"));
  free(t);
  s[1] = 10;
  t = capture(wr_line, s, 2, 3, &rows);
  CHECK(rows == PZ_ERR_RANGE && !t[0]);
  free(t);
  CHECK_EQ(pz_kakuro_write_grid(stdout, NULL, 2, 3), PZ_ERR_ARG);
  CHECK_EQ(pz_kakuro_write_grid(NULL, sol, 1, 1), PZ_ERR_ARG);
  int st;
  pz_kakuro_def *d = parse_str(small, &st, &info);
  REQUIRE(d);
  t = capture(wr_puzzle, pz_kakuro_def_cells(d), 3, 3, &st);
  CHECK(st == PZ_OK && !strcmp(t, small));
  free(t);
  pz_kakuro_def_free(d);
  g[4].white = 2;
  CHECK_EQ(pz_kakuro_write_puzzle(stdout, g, 3, 3), PZ_ERR_RANGE);
}

/* Enumerated solutions: each validated, counted. */
typedef struct enum_state {
  const grid *g;
  uint64_t seen, bad;
} enum_state;

static int on_solution(void *state, const int *sol) {
  enum_state *e = (enum_state *)state;
  e->seen++;
  if (validate(e->g->rows, e->g->cols, e->g->c, sol)) e->bad++;
  return 0;
}

static void test_random_counts(void) {
  static const int shapes[][3] = {{3, 3, 90}, {3, 4, 80}, {4, 4, 70},
                                  {4, 5, 70}, {5, 5, 60}, {5, 6, 55},
                                  {6, 6, 50}, {2, 8, 100}};
  int tried = 0, zero = 0, one = 0, many = 0;
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
    for (int k = 0; k < 24; k++) {
      grid g;
      random_grid(&g, shapes[s][0], shapes[s][1], shapes[s][2], k % 2);
      uint64_t cap = 300, want = brute_count(&g, cap), got = 0;
      pz_puzzle *p;
      pz_parse_info info;
      int st = pz_kakuro_new(&p, g.rows, g.cols, g.c, &info);
      if (st) fprintf(stderr, "new: %s at %zu:%zu\n", info.message, info.line, info.column);
      REQUIRE(st == PZ_OK);
      pz_result stop;
      set_backend(p, k % 4 < 2 ? PZ_STRATEGY_FRESH : PZ_STRATEGY_AUTO);
      CHECK_EQ(pz_puzzle_count(p, cap, &got, &stop), PZ_OK);
      CHECK_EQ(got, want);
      if (want < 40) {
        enum_state e = {&g, 0, 0};
        uint64_t count;
        CHECK_EQ(pz_puzzle_enumerate(p, 0, on_solution, &e, &count, &stop), PZ_OK);
        CHECK_EQ(e.seen, want);
        CHECK_EQ(e.bad, 0);
      }
      int sols, sol[64];
      CHECK_EQ(pz_puzzle_unique(p, &sols, sol, &stop), PZ_OK);
      CHECK_EQ(sols, want > 2 ? 2 : (int)want);
      if (sols) CHECK(validate(g.rows, g.cols, g.c, sol) == NULL);
      pz_puzzle_free(p);
      tried++;
      zero += want == 0;
      one += want == 1;
      many += want > 1;
    }
  /* The instances cover every answer. */
  CHECK(zero > 5 && one > 5 && many > 5);
  if (getenv("PZ_TEST_VERBOSE"))
    printf("  %d random grids: %d none, %d unique, %d several\n", tried, zero,
           one, many);
}

/* Digits placed beforehand (givens) narrow the solutions. */
static void test_givens(void) {
  for (int k = 0; k < 20; k++) {
    grid g;
    random_grid(&g, 5, 5, 70, 0);
    pz_puzzle *p;
    REQUIRE(pz_kakuro_new(&p, g.rows, g.cols, g.c, NULL) == PZ_OK);
    set_backend(p, k % 2 ? PZ_STRATEGY_ASSUME : PZ_STRATEGY_FRESH);
    int sol[64], givens[64] = {0}, sols;
    pz_result stop;
    REQUIRE(pz_puzzle_solve(p, sol, &stop) == PZ_OK && stop == PZ_SAT);
    int white = -1;
    for (int i = 0; i < 25; i++)
      if (g.c[i].white) white = i;
    REQUIRE(white >= 0);
    /* Every digit of a solution given: exactly that one. */
    CHECK_EQ(pz_puzzle_set_givens(p, sol), PZ_OK);
    CHECK_EQ(pz_puzzle_unique(p, &sols, NULL, &stop), PZ_OK);
    CHECK_EQ(sols, 1);
    /* One digit changed: none. */
    memcpy(givens, sol, sizeof givens);
    givens[white] = sol[white] % 9 + 1;
    CHECK_EQ(pz_puzzle_set_givens(p, givens), PZ_OK);
    CHECK_EQ(pz_puzzle_unique(p, &sols, NULL, &stop), PZ_OK);
    CHECK_EQ(sols, 0);
    /* A digit on a black cell is refused. */
    givens[white] = 0;
    givens[0] = 3;
    CHECK(pz_puzzle_set_givens(p, givens) != PZ_OK);
    pz_puzzle_free(p);
  }
}

DEFINE_READ_DATA(read_data, pz_kakuro_def, pz_kakuro_read, "kakuro")

/* The files under test/data/kakuro: solution counts from the brute force. */
static void test_data_files(void) {
  static const struct {
    const char *name;
    int count;
  } files[] = {{"small.txt", 1}, {"trailing.txt", 1}, {"six.txt", 1},
               {"multi.txt", 2}, {"unsat.txt", 0}};
  for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
    pz_kakuro_def *d = read_data(files[i].name);
    grid g;
    g.rows = pz_kakuro_def_rows(d);
    g.cols = pz_kakuro_def_cols(d);
    REQUIRE(g.rows * g.cols <= 64);
    memcpy(g.c, pz_kakuro_def_cells(d), (size_t)(g.rows * g.cols) * sizeof *g.c);
    CHECK_EQ(brute_count(&g, 100), files[i].count);
    pz_puzzle *p;
    REQUIRE(pz_kakuro_from_def(&p, d) == PZ_OK);
    set_backend(p, PZ_STRATEGY_AUTO);
    uint64_t n;
    pz_result stop;
    CHECK_EQ(pz_puzzle_count(p, 0, &n, &stop), PZ_OK);
    CHECK_EQ(n, files[i].count);
    pz_puzzle_free(p);
    pz_kakuro_def_free(d);
  }
}

/* The next JSON string value of key in line, unescaped into a malloc'ed
 * buffer (only the escapes the data uses: \n \\ \" \/ \t). */
static char *json_string(const char *line, const char *key) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\": \"", key);
  const char *s = strstr(line, pat);
  if (!s) return NULL;
  s += strlen(pat);
  char *out = (char *)malloc(strlen(s) + 1), *o = out;
  REQUIRE(out);
  for (; *s && *s != '"'; s++) {
    if (*s != '\\') {
      *o++ = *s;
      continue;
    }
    s++;
    *o++ = *s == 'n' ? '\n' : *s == 't' ? '\t' : *s;
  }
  *o = 0;
  return out;
}

/* Every janko.at Kakuro of ../shared/data/model/kakuro.jsonl: solved,
 * valid, the published solution, and unique. */
static void test_shared(void) {
  FILE *f = open_shared("model/kakuro.jsonl");
  if (!f) return;
  static char line[1 << 16];
  int puzzles = 0;
  while (fgets(line, sizeof line, f)) {
    char *prob = json_string(line, "problem"), *solt = json_string(line, "solution");
    char *id = json_string(line, "id");
    REQUIRE(prob && solt && id);
    int st;
    pz_parse_info info;
    pz_kakuro_def *d = parse_str(prob, &st, &info);
    if (st) fprintf(stderr, "%s: %zu:%zu: %s\n", id, info.line, info.column, info.message);
    REQUIRE(st == PZ_OK);
    int rows = pz_kakuro_def_rows(d), cols = pz_kakuro_def_cols(d);
    /* The published solution: "R C", then R rows of '-' or a digit. */
    int *want = (int *)calloc((size_t)(rows * cols), sizeof(int));
    int *sol = (int *)calloc((size_t)(rows * cols), sizeof(int));
    REQUIRE(want && sol);
    char *tok = strtok(solt, " \n");
    CHECK(tok && atoi(tok) == rows);
    tok = strtok(NULL, " \n");
    CHECK(tok && atoi(tok) == cols);
    for (int i = 0; i < rows * cols; i++) {
      tok = strtok(NULL, " \n");
      REQUIRE(tok);
      want[i] = tok[0] == '-' ? 0 : atoi(tok);
    }
    CHECK(strtok(NULL, " \n") == NULL);
    const pz_kakuro_cell *cells = pz_kakuro_def_cells(d);
    CHECK(validate(rows, cols, cells, want) == NULL);
    pz_puzzle *p;
    REQUIRE(pz_kakuro_from_def(&p, d) == PZ_OK);
    set_backend(p, PZ_STRATEGY_AUTO);
    int sols = -1;
    pz_result stop;
    CHECK_EQ(pz_puzzle_unique(p, &sols, sol, &stop), PZ_OK);
    CHECK_EQ(sols, 1);
    CHECK(validate(rows, cols, cells, sol) == NULL);
    if (memcmp(sol, want, (size_t)(rows * cols) * sizeof(int))) {
      fprintf(stderr, "%s: not the published solution\n", id);
      check_failures++;
    }
    pz_puzzle_free(p);
    pz_kakuro_def_free(d);
    free(want);
    free(sol);
    free(prob);
    free(solt);
    free(id);
    puzzles++;
  }
  fclose(f);
  CHECK_EQ(puzzles, 40);
}

CHECK_MAIN_LINKED("test_kakuro", test_parse_ok, test_parse_errors, test_api,
                  test_random_counts, test_givens, test_data_files, test_shared)
