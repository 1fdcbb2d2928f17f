/* Knightdoku: the parser, the givens checks, and the solver against an
 * independent validator and an independent brute-force counter. The
 * published boards are not public, so puzzles are built from the rules:
 * a random valid placement, clues read off it. Run with the backend name
 * as argv[1]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pz.h>

#include "parse_case.h"
#include "test_main.h"
#define TEST_SEED 0x2545f4914f6cdd1dULL
#include "random.h"
#include "puzzle_on.h"
#include "knightdoku_rules.h"

/* ---- independent reference code (no pz calls) ------------------------ */

/* Knights a knight's move from (r, c) in grid g (1 = knight); -1 in *cells
 * gets the number of such cells on the board. */
static int ref_knights_around(int n, const int *g, int r, int c, int *cells) {
  int count = 0, on_board = 0;
  for (int dr = -2; dr <= 2; dr++)
    for (int dc = -2; dc <= 2; dc++) {
      if (dr * dr + dc * dc != 5) continue; /* (1,2) and (2,1) moves */
      int r2 = r + dr, c2 = c + dc;
      if (r2 < 0 || c2 < 0 || r2 >= n || c2 >= n) continue;
      on_board++;
      if (g && g[r2 * n + c2]) count++;
    }
  if (cells) *cells = on_board;
  return count;
}

/* All placements of a shape (n <= 8, so a board fits in 64 bits), found by
 * row-by-row backtracking over k-subsets of columns. */
typedef struct placements {
  int n, br, bc, k;
  uint64_t *boards;
  size_t count, cap;
} placements;

typedef struct gen {
  int n, br, bc, k;
  int colc[16], boxc[16];
  int rows[16]; /* column mask per row */
  placements *all;      /* collect every placement here, or ... */
  int random;           /* ... stop at the first one, random order */
  long budget;          /* nodes left (random mode) */
  int found;
} gen;

static int popcount(unsigned m) {
  int c = 0;
  for (; m; m &= m - 1) c++;
  return c;
}

static void gen_row(gen *g, int r) {
  int n = g->n;
  if (g->found || (g->random && g->budget-- <= 0)) return;
  if (r == n) {
    for (int c = 0; c < n; c++)
      if (g->colc[c] != g->k) return;
    if (g->all) {
      placements *p = g->all;
      if (p->count == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 1024;
        p->boards = (uint64_t *)realloc(p->boards, p->cap * sizeof(uint64_t));
        REQUIRE(p->boards);
      }
      uint64_t b = 0;
      for (int i = 0; i < n; i++)
        for (int c = 0; c < n; c++)
          if (g->rows[i] >> c & 1) b |= 1ULL << (i * n + c);
      p->boards[p->count++] = b;
    } else {
      g->found = 1;
    }
    return;
  }
  unsigned masks[1 << 9];
  int m = 0;
  for (unsigned mask = 0; mask < 1u << n; mask++)
    if (popcount(mask) == g->k) masks[m++] = mask;
  if (g->random)
    for (int i = m - 1; i > 0; i--) {
      int j = rnd_below(i + 1);
      unsigned t = masks[i];
      masks[i] = masks[j];
      masks[j] = t;
    }
  int band = r / g->br, band_end = (r + 1) % g->br == 0;
  for (int i = 0; i < m && !g->found; i++) {
    unsigned mask = masks[i];
    int ok = 1;
    for (int c = 0; c < n && ok; c++) {
      int add = mask >> c & 1;
      /* A column can still reach k in the rows left. */
      if (g->colc[c] + add > g->k || g->colc[c] + add + (n - 1 - r) < g->k) ok = 0;
    }
    for (int b = 0; b < g->br && ok; b++) {
      int add = popcount(mask >> (b * g->bc) & ((1u << g->bc) - 1));
      int cnt = g->boxc[band * g->br + b] + add;
      if (cnt > g->k || (band_end && cnt != g->k)) ok = 0;
    }
    if (!ok) continue;
    for (int c = 0; c < n; c++) g->colc[c] += mask >> c & 1;
    for (int b = 0; b < g->br; b++)
      g->boxc[band * g->br + b] += popcount(mask >> (b * g->bc) & ((1u << g->bc) - 1));
    g->rows[r] = (int)mask;
    gen_row(g, r + 1);
    for (int c = 0; c < n; c++) g->colc[c] -= mask >> c & 1;
    for (int b = 0; b < g->br; b++)
      g->boxc[band * g->br + b] -= popcount(mask >> (b * g->bc) & ((1u << g->bc) - 1));
  }
}

static void all_placements(placements *p, int br, int bc, int k) {
  memset(p, 0, sizeof *p);
  p->n = br * bc;
  p->br = br;
  p->bc = bc;
  p->k = k;
  gen g;
  memset(&g, 0, sizeof g);
  g.n = p->n;
  g.br = br;
  g.bc = bc;
  g.k = k;
  g.all = p;
  gen_row(&g, 0);
}

/* A random placement into sol (n <= 9); retries with a new order when the
 * search budget runs out. */
static void random_placement(int br, int bc, int k, int *sol) {
  gen g;
  do {
    memset(&g, 0, sizeof g);
    g.n = br * bc;
    g.br = br;
    g.bc = bc;
    g.k = k;
    g.random = 1;
    g.budget = 200000;
    gen_row(&g, 0);
  } while (!g.found);
  for (int r = 0; r < g.n; r++)
    for (int c = 0; c < g.n; c++) sol[r * g.n + c] = g.rows[r] >> c & 1;
}

/* Brute-force count of the placements in p that meet the givens. */
static uint64_t ref_count(const placements *p, const int *givens) {
  int n = p->n, sol[64];
  uint64_t count = 0;
  for (size_t i = 0; i < p->count; i++) {
    uint64_t b = p->boards[i];
    int ok = 1;
    for (int c = 0; c < n * n && ok; c++)
      if (givens[c] && !(b >> c & 1)) ok = 0;
    if (!ok) continue;
    for (int c = 0; c < n * n; c++) sol[c] = (int)(b >> c & 1);
    if (!knightdoku_broken(p->br, p->bc, p->k, givens, sol)) count++;
  }
  return count;
}

/* The clue of a knight at cell i of sol, in the givens convention. */
static int clue_of(int n, const int *sol, int i) {
  return ref_knights_around(n, sol, i / n, i % n, NULL) + 1;
}

/* ---- helpers around the library --------------------------------------- */

static void set_backend(pz_puzzle *p, pz_card_encoding card) {
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  o.card = card;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
}

static pz_puzzle *make(int br, int bc, int k, pz_card_encoding card) {
  pz_puzzle *p;
  REQUIRE(pz_knightdoku_new(&p, br, bc, k) == PZ_OK);
  set_backend(p, card);
  return p;
}

static uint64_t count_of(pz_puzzle *p) {
  uint64_t count;
  pz_result stop;
  REQUIRE(pz_puzzle_count(p, 0, &count, &stop) == PZ_OK);
  CHECK_EQ(stop, PZ_UNSAT);
  return count;
}

typedef struct collect {
  int br, bc, k;
  const int *givens;
  int cells;
  int invalid;
  int *first; /* first two solutions */
  int *second;
  uint64_t seen;
} collect;

static int on_grid(void *state, const int *grid) {
  collect *c = (collect *)state;
  if (knightdoku_broken(c->br, c->bc, c->k, c->givens, grid)) c->invalid++;
  if (c->seen == 0 && c->first) memcpy(c->first, grid, (size_t)c->cells * sizeof(int));
  if (c->seen == 1 && c->second) memcpy(c->second, grid, (size_t)c->cells * sizeof(int));
  c->seen++;
  return 0;
}

/* ---- tests -------------------------------------------------------------- */

/* text must be refused: status at line:col, with some message. */
static void expect_parse_error(const char *text, int status, size_t line,
                               size_t col) {
  const parse_case one[] = {{text, status, line, col, ""}};
  CHECK_REFUSALS(one, pz_knightdoku_def, pz_knightdoku_parse,
                 pz_knightdoku_def_free);
}

/* The header of a definition, as the old header struct had it. */
typedef struct header {
  int n, box_rows, box_cols, knights;
} header;

static header header_of(const pz_knightdoku_def *d) {
  header h;
  h.n = pz_knightdoku_def_size(d);
  pz_knightdoku_def_box(d, &h.box_rows, &h.box_cols);
  h.knights = pz_knightdoku_def_knights(d);
  return h;
}

/* Parses text (which must be valid): its givens in *g (malloc'd) and its
 * header. */
static header parse_ok(const char *text, int **g) {
  pz_knightdoku_def *d;
  pz_parse_info info;
  int st = pz_knightdoku_parse(text, strlen(text), &d, &info);
  if (st) fprintf(stderr, "  %zu:%zu: %s\n", info.line, info.column, info.message);
  REQUIRE(st == PZ_OK);
  header h = header_of(d);
  size_t cells = (size_t)h.n * (size_t)h.n;
  *g = (int *)malloc(cells * sizeof(int));
  REQUIRE(*g);
  memcpy(*g, pz_knightdoku_def_givens(d), cells * sizeof(int));
  pz_knightdoku_def_free(d);
  return h;
}

static void test_parse(void) {
  int *g;
  header h;
  pz_knightdoku_def *d;
  pz_parse_info info;
  const char *t1 =
      "# a comment\n"
      "\n"
      "size 4 box 2x2 knights 2\n"
      "  # indented comment\n"
      "3 . . .\r\n"
      "....\n"
      "# inside the grid\n"
      ". . 0 .\n"
      ". 8 . .\n"
      "\n";
  h = parse_ok(t1, &g);
  CHECK_EQ(h.n, 4);
  CHECK_EQ(h.box_rows, 2);
  CHECK_EQ(h.box_cols, 2);
  CHECK_EQ(h.knights, 2);
  static const int want1[16] = {4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 9, 0, 0};
  CHECK(memcmp(g, want1, sizeof want1) == 0);
  free(g);

  /* No header, no final newline. */
  const char *t2 = "...\n.2.\n...";
  h = parse_ok(t2, &g);
  CHECK_EQ(h.n, 3);
  CHECK_EQ(h.box_rows, 0);
  CHECK_EQ(h.knights, -1);
  CHECK_EQ(g[4], 3);
  free(g);

  /* One line of n*n cells. */
  const char *t3 = "knights 1\n1...............\n";
  h = parse_ok(t3, &g);
  CHECK_EQ(h.n, 4);
  CHECK_EQ(h.knights, 1);
  CHECK_EQ(g[0], 2);
  free(g);

  /* The header entries in another order, box alone sets the size. */
  const char *t4 = "knights 0 box 1x2 # trailing comment\n..\n..\n";
  h = parse_ok(t4, &g);
  CHECK_EQ(h.n, 2);
  CHECK_EQ(h.box_rows, 1);
  CHECK_EQ(h.box_cols, 2);
  CHECK_EQ(h.knights, 0);
  free(g);

  /* Errors name line and column. */
  expect_parse_error("....\n..x.\n....\n....\n", PZ_ERR_PARSE, 2, 3);
  expect_parse_error("....\n..9.\n....\n....\n", PZ_ERR_RANGE, 2, 3);
  expect_parse_error("....\n.....\n....\n....\n", PZ_ERR_PARSE, 2, 5);
  expect_parse_error("....\n...\n....\n....\n", PZ_ERR_PARSE, 2, 4);
  expect_parse_error("....\n....\n....\n", PZ_ERR_PARSE, 4, 1);
  expect_parse_error("...\n...\n...\n...\n", PZ_ERR_PARSE, 4, 1);
  expect_parse_error("size 3\n....\n", PZ_ERR_PARSE, 2, 4);
  expect_parse_error("....\n....\n\n....\n....\n", PZ_ERR_PARSE, 4, 1);
  expect_parse_error("# only a comment\n", PZ_ERR_PARSE, 2, 1);
  expect_parse_error("", PZ_ERR_PARSE, 1, 1);
  expect_parse_error("sise 4\n", PZ_ERR_PARSE, 1, 1);
  expect_parse_error("size 4 size 4\n", PZ_ERR_PARSE, 1, 8);
  expect_parse_error("box 2y2\n", PZ_ERR_PARSE, 1, 5);
  expect_parse_error("size\n", PZ_ERR_PARSE, 1, 5);
  expect_parse_error("knights x\n", PZ_ERR_PARSE, 1, 9);
  expect_parse_error("size 4 box 2x3\n....\n....\n....\n....\n", PZ_ERR_RANGE, 1, 12);
  expect_parse_error("knights 5\n....\n....\n....\n....\n", PZ_ERR_RANGE, 1, 9);
  expect_parse_error("size 0\n", PZ_ERR_RANGE, 1, 6);
  expect_parse_error("size 5000\n", PZ_ERR_TOO_LARGE, 1, 6);
  expect_parse_error("....\nsize 4\n....\n", PZ_ERR_PARSE, 2, 1);
  expect_parse_error("....\n.N..\n", PZ_ERR_PARSE, 2, 2);
  expect_parse_error("box 2x2\n.........\n", PZ_ERR_PARSE, 2, 5);
  CHECK_EQ(pz_knightdoku_parse(NULL, 3, &d, &info), PZ_ERR_ARG);
  CHECK(d == NULL);
  CHECK_EQ(pz_knightdoku_parse("..", 2, NULL, &info), PZ_ERR_ARG);
  CHECK_EQ(pz_knightdoku_read(NULL, &d, &info), PZ_ERR_ARG);
  pz_knightdoku_def_free(NULL);
  /* Accessors of no definition. */
  CHECK_EQ(pz_knightdoku_def_size(NULL), 0);
  CHECK_EQ(pz_knightdoku_def_knights(NULL), -1);
  CHECK_EQ(pz_knightdoku_def_box(NULL, NULL, NULL), 0);
  CHECK(pz_knightdoku_def_givens(NULL) == NULL);

  /* from_def: the text's shape, options where it is silent, defaults. */
  pz_puzzle *p;
  int br, bc, k;
  const char *t5 = "knights 1\n......\n......\n......\n......\n......\n......\n";
  REQUIRE(pz_knightdoku_parse(t5, strlen(t5), &d, &info) == PZ_OK);
  CHECK_EQ(pz_knightdoku_from_def(&p, d, 0, 0, -1), PZ_OK);
  CHECK_EQ(pz_knightdoku_shape(p, &br, &bc, &k), PZ_OK);
  CHECK(br == 2 && bc == 3 && k == 1); /* most square box, R <= C */
  pz_puzzle_free(p);
  CHECK_EQ(pz_knightdoku_from_def(&p, d, 3, 2, 1), PZ_OK);
  CHECK_EQ(pz_knightdoku_shape(p, &br, &bc, &k), PZ_OK);
  CHECK(br == 3 && bc == 2 && k == 1);
  pz_puzzle_free(p);
  CHECK_EQ(pz_knightdoku_from_def(&p, d, 0, 0, 2), PZ_ERR_CONFLICT);
  CHECK(p == NULL);
  CHECK_EQ(pz_knightdoku_from_def(&p, d, 4, 2, -1), PZ_ERR_RANGE);
  CHECK_EQ(pz_knightdoku_from_def(&p, d, 2, 0, -1), PZ_ERR_ARG);
  CHECK_EQ(pz_knightdoku_from_def(&p, NULL, 0, 0, -1), PZ_ERR_ARG);
  CHECK_EQ(pz_knightdoku_from_def(NULL, d, 0, 0, -1), PZ_ERR_ARG);
  pz_knightdoku_def_free(d);
  const char *t6 = "box 1x2\n0.\n..\n";
  REQUIRE(pz_knightdoku_parse(t6, strlen(t6), &d, &info) == PZ_OK);
  CHECK_EQ(pz_knightdoku_from_def(&p, d, 2, 1, -1), PZ_ERR_CONFLICT);
  CHECK_EQ(pz_knightdoku_from_def(&p, d, 0, 0, -1), PZ_ERR_RANGE); /* 3 > 2 */
  REQUIRE(pz_knightdoku_from_def(&p, d, 1, 2, 1) == PZ_OK);
  set_backend(p, PZ_CARD_AUTO);
  CHECK_EQ(pz_puzzle_givens(p)[0], 1);
  CHECK_EQ(count_of(p), 1);
  pz_puzzle_free(p);
  pz_knightdoku_def_free(d);

  /* The stream reader. */
  FILE *f = tmpfile();
  if (f) {
    fputs("size 2 knights 1\n0.\n..\n", f);
    rewind(f);
    CHECK_EQ(pz_knightdoku_read(f, &d, &info), PZ_OK);
    if (d) CHECK_EQ(pz_knightdoku_def_givens(d)[0], 1);
    pz_knightdoku_def_free(d);
    fclose(f);
  }
}

/* Mutated and cut texts: the parser never crashes, and an error always
 * names a line and a column inside the text. */
static void test_parse_fuzz(void) {
  static const char base[] =
      "# comment\nsize 6 box 2x3 knights 2\n..3...\n......\n.0..8.\n"
      "......\n...2..\n......\n";
  static const char alphabet[] = ".0123456789x #\n\r\tNsizebox";
  char buf[sizeof base + 8];
  int ok = 0, errors = 0;
  for (int round = 0; round < 3000; round++) {
    size_t len = sizeof base - 1;
    memcpy(buf, base, len);
    int edits = 1 + rnd_below(3);
    for (int e = 0; e < edits; e++)
      buf[rnd_below((int)len)] = alphabet[rnd_below((int)sizeof alphabet - 1)];
    if (round % 5 == 0) len = (size_t)rnd_below((int)len + 1);
    pz_knightdoku_def *d;
    pz_parse_info info;
    int st = pz_knightdoku_parse(buf, len, &d, &info);
    if (st == PZ_OK) {
      ok++;
      int n = pz_knightdoku_def_size(d);
      const int *g = pz_knightdoku_def_givens(d);
      CHECK(n >= 1 && n <= 64);
      for (int i = 0; i < n * n; i++) CHECK(g[i] >= 0 && g[i] <= 9);
      pz_knightdoku_def_free(d);
      continue;
    }
    errors++;
    CHECK(st == PZ_ERR_PARSE || st == PZ_ERR_RANGE || st == PZ_ERR_TOO_LARGE);
    CHECK(d == NULL);
    CHECK(info.message[0] != '\0');
    size_t lines = 1;
    for (size_t i = 0; i < len; i++) lines += buf[i] == '\n';
    CHECK(info.line >= 1 && info.line <= lines + 1);
    CHECK(info.column >= 1 && info.column <= len + 2);
  }
  CHECK(ok > 0 && errors > 0);
}

static void test_api(void) {
  pz_puzzle *p;
  CHECK_EQ(pz_knightdoku_new(NULL, 3, 3, 3), PZ_ERR_ARG);
  CHECK_EQ(pz_knightdoku_new(&p, 3, 3, -1), PZ_ERR_ARG);
  CHECK(p == NULL);
  CHECK_EQ(pz_knightdoku_new(&p, 3, 3, 10), PZ_ERR_ARG);
  CHECK_EQ(pz_knightdoku_new(&p, 0, 3, 1), PZ_ERR_ARG);
  CHECK_EQ(pz_knightdoku_new(&p, 3, -1, 1), PZ_ERR_ARG);
  CHECK_EQ(pz_knightdoku_new(&p, 64, 64, 1), PZ_ERR_TOO_LARGE);
  REQUIRE(pz_knightdoku_new(&p, 2, 3, 2) == PZ_OK);
  CHECK(strcmp(pz_puzzle_kind(p), "knightdoku") == 0);
  CHECK_EQ(pz_puzzle_rows(p), 6);
  CHECK_EQ(pz_puzzle_cols(p), 6);
  CHECK_EQ(pz_puzzle_max_value(p), 1);
  int br = 0, bc = 0, k = 0;
  CHECK_EQ(pz_knightdoku_shape(p, &br, &bc, &k), PZ_OK);
  CHECK(br == 2 && bc == 3 && k == 2);
  int g[36] = {0};
  g[7] = 10; /* clue 9 */
  CHECK_EQ(pz_puzzle_set_givens(p, g), PZ_ERR_RANGE);
  g[7] = -1;
  CHECK_EQ(pz_puzzle_set_givens(p, g), PZ_ERR_RANGE);
  g[7] = 9; /* clue 8: in range; r2c2 of 6x6 has only 4 neighbours */
  CHECK_EQ(pz_puzzle_set_givens(p, g), PZ_OK);
  pz_parse_info info;
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  CHECK_EQ(info.line, 2);
  CHECK_EQ(info.column, 2);
  pz_puzzle_free(p);

  pz_puzzle *s;
  REQUIRE(pz_sudoku_new(&s, 2, 2) == PZ_OK);
  CHECK_EQ(pz_knightdoku_shape(s, &br, &bc, &k), PZ_ERR_ARG);
  pz_puzzle_free(s);

  CHECK_EQ(pz_knightdoku_neighbours(9, 0, 0), 2);
  CHECK_EQ(pz_knightdoku_neighbours(9, 4, 4), 8);
  CHECK_EQ(pz_knightdoku_neighbours(9, 0, 1), 3);
  CHECK_EQ(pz_knightdoku_neighbours(9, 9, 0), 0);
  for (int r = 0; r < 7; r++)
    for (int c = 0; c < 7; c++) {
      int cells;
      ref_knights_around(7, NULL, r, c, &cells);
      CHECK_EQ(pz_knightdoku_neighbours(7, r, c), cells);
    }
}

static void test_check_givens(void) {
  pz_puzzle *p = make(3, 3, 3, PZ_CARD_AUTO);
  pz_parse_info info;
  int g[81] = {0};
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_OK);
  g[0] = 4; /* clue 3 in a corner with 2 neighbours */
  REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  CHECK(info.line == 1 && info.column == 1);
  g[0] = 3; /* clue 2: fine */
  REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_OK);
  /* Four given knights in row 5. */
  memset(g, 0, sizeof g);
  g[4 * 9 + 0] = g[4 * 9 + 3] = g[4 * 9 + 6] = g[4 * 9 + 8] = 1;
  REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  CHECK(info.line == 5 && info.column == 9);
  /* Four in column 2. */
  memset(g, 0, sizeof g);
  g[0 * 9 + 1] = g[3 * 9 + 1] = g[5 * 9 + 1] = g[8 * 9 + 1] = 1;
  REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  CHECK(info.line == 9 && info.column == 2);
  /* Four in box 5 (rows 4-6, columns 4-6): its corners, no two a
   * knight's move apart and at most two per row and column. */
  memset(g, 0, sizeof g);
  g[3 * 9 + 3] = g[3 * 9 + 5] = g[5 * 9 + 3] = g[5 * 9 + 5] = 1;
  REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  CHECK(info.line == 6 && info.column == 6);
  /* Clue 0 with a given knight a knight's move away. */
  memset(g, 0, sizeof g);
  g[0] = 1;
  g[1 * 9 + 2] = 3;
  REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  CHECK(info.line == 1 && info.column == 1);
  pz_puzzle_free(p);

  /* k = 0: any given is one too many. */
  p = make(2, 2, 0, PZ_CARD_AUTO);
  int g4[16] = {0};
  g4[5] = 1;
  REQUIRE(pz_puzzle_set_givens(p, g4) == PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  CHECK(info.line == 2 && info.column == 2);
  pz_puzzle_free(p);
}

/* Empty-board counts the shared A001501 check compares with (0 = not
 * computed). */
static uint64_t count_1x4_k3, count_1x5_k3;

/* Empty boards: the solver's count equals the brute-force count, every
 * solution passes the validator, and for boxes that coincide with rows
 * (1xn) and k = 3 the count is OEIS A001501: a(4) = 24, a(5) = 2040. */
static void test_empty_counts(void) {
  static const struct { int br, bc, k; } shapes[] = {
      {2, 2, 0}, {2, 2, 1}, {2, 2, 2}, {2, 2, 3}, {2, 2, 4}, {1, 4, 2},
      {1, 4, 3}, {1, 5, 3}, {5, 1, 2}, {2, 3, 1}, {3, 2, 1}, {2, 3, 5},
      {1, 3, 1}, {1, 1, 1}, {1, 1, 0}, {1, 6, 1}, {3, 1, 2}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
    int br = shapes[i].br, bc = shapes[i].bc, k = shapes[i].k, n = br * bc;
    placements all;
    all_placements(&all, br, bc, k);
    pz_puzzle *p = make(br, bc, k, PZ_CARD_AUTO);
    collect col = {br, bc, k, NULL, n * n, 0, NULL, NULL, 0};
    uint64_t got;
    pz_result stop;
    CHECK_EQ(pz_puzzle_enumerate(p, 0, on_grid, &col, &got, &stop), PZ_OK);
    CHECK_EQ(stop, PZ_UNSAT);
    CHECK_EQ(got, all.count);
    CHECK_EQ(col.invalid, 0);
    if (got != all.count) fprintf(stderr, "  shape %dx%d k=%d\n", br, bc, k);
    if (br == 1 && bc == 4 && k == 3) count_1x4_k3 = got;
    if (br == 1 && bc == 5 && k == 3) count_1x5_k3 = got;
    pz_puzzle_free(p);
    free(all.boards);
  }
  CHECK_EQ(count_1x4_k3, 24);
  CHECK_EQ(count_1x5_k3, 2040);
  /* Real boxes only remove placements: at most A001501(6) = 297200 for
   * 6x6 with 2x3 boxes and k = 3 (brute force only; 74816 solutions are
   * too many to enumerate here). */
  placements all;
  all_placements(&all, 2, 3, 3);
  CHECK(all.count > 0 && all.count <= 297200);
  free(all.boards);
  /* Every cardinality encoding gives the same counts (k = 1, k = 2 and
   * k = 3 of 4, where the encodings count the empty cells). */
  static const struct { int br, bc, k; uint64_t want; } enc_shapes[] = {
      {2, 2, 2, 56}, {2, 3, 1, 288}, {1, 4, 3, 24}};
  for (int enc = 0; enc < PZ_CARD_COUNT; enc++)
    for (int i = 0; i < 3; i++) {
      pz_puzzle *p = make(enc_shapes[i].br, enc_shapes[i].bc, enc_shapes[i].k,
                          (pz_card_encoding)enc);
      CHECK_EQ(count_of(p), enc_shapes[i].want);
      pz_puzzle_free(p);
    }
  /* With k = 1 (or one knight missing) the at-most-one option applies;
   * auxiliary variables of any of them never multiply the count. */
  for (int amo = 0; amo < PZ_AMO_COUNT; amo++) {
    pz_puzzle *p = make(2, 3, 1, PZ_CARD_AUTO);
    pz_options o = PZ_OPTIONS_INIT;
    o.backend = backend;
    o.amo = (pz_amo_encoding)amo;
    REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
    CHECK_EQ(count_of(p), 288);
    pz_puzzle_free(p);
  }
}

#define ENUM_CAP 200

/* Random puzzles from random placements, with true clues, wrong clues
 * and clues on empty cells: the solver agrees with the brute force. */
static void test_random_puzzles(void) {
  static const struct { int br, bc, k, rounds; } shapes[] = {
      {2, 2, 1, 40}, {2, 2, 2, 40}, {2, 3, 1, 60}, {2, 3, 2, 80},
      {3, 2, 2, 60}, {2, 3, 3, 60}, {1, 5, 2, 40}, {3, 1, 1, 20}};
  int unsat = 0, unique = 0, multi = 0, conflicts = 0, exact = 0;
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    int br = shapes[s].br, bc = shapes[s].bc, k = shapes[s].k, n = br * bc;
    placements all;
    all_placements(&all, br, bc, k);
    pz_card_encoding enc = (pz_card_encoding)(s % PZ_CARD_COUNT);
    pz_puzzle *p = make(br, bc, k, enc);
    for (int round = 0; round < shapes[s].rounds; round++) {
      int sol[64], g[64] = {0};
      random_placement(br, bc, k, sol);
      int clues = n / 2 + rnd_below(n);
      for (int i = 0; i < clues; i++) {
        int cell = rnd_below(n * n);
        if (sol[cell]) g[cell] = clue_of(n, sol, cell);
      }
      int mode = round % 4; /* 0, 1: true clues; 2: one off by one; 3: one
                               clue on an empty cell */
      if (mode >= 2) {
        int cell = rnd_below(n * n);
        if (mode == 2 && sol[cell]) {
          int c = clue_of(n, sol, cell) + (rnd_below(2) ? 1 : -1);
          g[cell] = c < 1 ? 2 : c > 9 ? 8 : c;
        } else if (mode == 3 && !sol[cell]) {
          g[cell] = 1 + rnd_below(3);
        }
      }
      REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
      uint64_t want = ref_count(&all, g);
      pz_parse_info info;
      if (pz_puzzle_check_givens(p, &info) == PZ_ERR_CONFLICT) {
        conflicts++;
        CHECK_EQ(want, 0); /* a reported conflict is a real one */
      }
      int cells = n * n, first[64], second[64];
      collect col = {br, bc, k, g, cells, 0, first, second, 0};
      uint64_t got;
      pz_result stop;
      /* Blocking-clause enumeration slows down with the count: capped. */
      CHECK_EQ(pz_puzzle_enumerate(p, ENUM_CAP, on_grid, &col, &got, &stop),
               PZ_OK);
      CHECK_EQ(stop, want >= ENUM_CAP ? PZ_SAT : PZ_UNSAT);
      CHECK_EQ(got, want >= ENUM_CAP ? ENUM_CAP : want);
      CHECK_EQ(col.invalid, 0);
      if (got != (want >= ENUM_CAP ? ENUM_CAP : want))
        fprintf(stderr, "  shape %dx%d k=%d round %d\n", br, bc, k, round);
      if (want < ENUM_CAP) exact++;
      pz_result r;
      int grid[64];
      CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
      CHECK_EQ(r, want ? PZ_SAT : PZ_UNSAT);
      if (r == PZ_SAT) CHECK(knightdoku_broken(br, bc, k, g, grid) == NULL);
      int sols;
      CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &r), PZ_OK);
      CHECK_EQ(sols, want > 2 ? 2 : (int)want);
      if (sols >= 1) CHECK(knightdoku_broken(br, bc, k, g, grid) == NULL);
      if (want == 0) unsat++;
      else if (want == 1) unique++;
      else multi++;
    }
    pz_puzzle_free(p);
    free(all.boards);
  }
  /* The random mix must have covered every answer. */
  CHECK(unsat > 0 && unique > 0 && multi > 0 && conflicts > 0);
  printf("random puzzles: %d without solution (%d seen by check_givens), "
         "%d unique, %d with several; %d counted exactly\n", unsat, conflicts,
         unique, multi, exact);
}

/* Adds clues to a random placement until it is the only solution; returns
 * the number of clues. */
static int derive_unique(pz_puzzle *p, int br, int bc, int k, const int *sol,
                         int *g, int start_clues) {
  int n = br * bc, cells = n * n;
  int *a = (int *)malloc((size_t)cells * sizeof(int));
  int *b = (int *)malloc((size_t)cells * sizeof(int));
  REQUIRE(a && b);
  memset(g, 0, (size_t)cells * sizeof(int));
  int clues = 0;
  for (int i = 0; i < start_clues; i++) {
    int cell = rnd_below(cells);
    if (sol[cell] && !g[cell]) {
      g[cell] = clue_of(n, sol, cell);
      clues++;
    }
  }
  for (;;) {
    REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
    collect col = {br, bc, k, g, cells, 0, a, b, 0};
    uint64_t got;
    pz_result stop;
    REQUIRE(pz_puzzle_enumerate(p, 2, on_grid, &col, &got, &stop) == PZ_OK);
    CHECK_EQ(col.invalid, 0);
    REQUIRE(got >= 1);
    if (got == 1) break;
    /* One of the two differs from sol; a knight of sol missing there
     * becomes a clue and cuts that solution off. */
    const int *other = memcmp(a, sol, (size_t)cells * sizeof(int)) ? a : b;
    int start = rnd_below(cells), cell = -1;
    for (int i = 0; i < cells && cell < 0; i++) {
      int c = (start + i) % cells;
      if (sol[c] && !other[c]) cell = c;
    }
    REQUIRE(cell >= 0);
    g[cell] = clue_of(n, sol, cell);
    clues++;
  }
  free(a);
  free(b);
  return clues;
}

/* Drops clues (in random order) while the puzzle stays unique; returns
 * the number left. */
static int minimise(pz_puzzle *p, int cells, int *g) {
  int start = rnd_below(cells), clues = 0;
  for (int i = 0; i < cells; i++) {
    int c = (start + i) % cells;
    if (!g[c]) continue;
    int keep = g[c], sols;
    pz_result r;
    g[c] = 0;
    REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
    REQUIRE(pz_puzzle_unique(p, &sols, NULL, &r) == PZ_OK);
    if (sols != 1) g[c] = keep;
  }
  for (int c = 0; c < cells; c++) clues += g[c] != 0;
  REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
  return clues;
}

static void test_unique_9x9(void) {
  int sol[81], g[81], grid[81];
  pz_puzzle *p = make(3, 3, 3, PZ_CARD_AUTO);
  pz_result r;
  /* Minimal unique puzzles: the solver has to search, not just follow
   * what propagating the givens decides. */
  for (int round = 0; round < 5; round++) {
    random_placement(3, 3, 3, sol);
    CHECK(knightdoku_broken(3, 3, 3, NULL, sol) == NULL);
    derive_unique(p, 3, 3, 3, sol, g, 6);
    int clues = minimise(p, 81, g);
    pz_parse_info info;
    CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_OK);
    double t0 = now();
    CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
    double t1 = now();
    CHECK_EQ(r, PZ_SAT);
    CHECK(knightdoku_broken(3, 3, 3, g, grid) == NULL);
    CHECK(memcmp(grid, sol, sizeof sol) == 0);
    int sols;
    CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &r), PZ_OK);
    double t2 = now();
    CHECK_EQ(sols, 1);
    CHECK(memcmp(grid, sol, sizeof sol) == 0);
    int vars;
    size_t clauses;
    pz_puzzle_last_size(p, &vars, &clauses);
    printf("9x9, 3 knights per unit, %2d clues (minimal): solve %.2f ms, "
           "unique %.2f ms, %d vars, %zu clauses\n", clues, (t1 - t0) * 1e3,
           (t2 - t1) * 1e3, vars, clauses);
  }
  /* The ASSUME strategy is not available for this kind: it falls back to
   * a fresh encoding and gives the same answer. */
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  o.strategy = PZ_STRATEGY_ASSUME;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
  CHECK(r == PZ_SAT && memcmp(grid, sol, sizeof sol) == 0);
  /* One clue made wrong: whatever the answer, a solution found must
   * still pass the validator. */
  for (int i = 0; i < 81; i++)
    if (g[i]) {
      g[i] = g[i] == 9 ? 8 : g[i] + 1;
      break;
    }
  REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
  CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
  if (r == PZ_SAT) CHECK(knightdoku_broken(3, 3, 3, g, grid) == NULL);
  if (r == PZ_SAT) CHECK(memcmp(grid, sol, sizeof sol) != 0);
  CHECK(r == PZ_SAT || r == PZ_UNSAT);
  /* The empty 9x9 board: the first 300 solutions, all valid and distinct
   * (distinct by the enumeration's own blocking; checked valid here). */
  REQUIRE(pz_puzzle_set_givens(p, NULL) == PZ_OK);
  collect col = {3, 3, 3, NULL, 81, 0, NULL, NULL, 0};
  uint64_t got;
  pz_result stop;
  CHECK_EQ(pz_puzzle_enumerate(p, 300, on_grid, &col, &got, &stop), PZ_OK);
  CHECK_EQ(got, 300);
  CHECK_EQ(stop, PZ_SAT);
  CHECK_EQ(col.invalid, 0);
  pz_puzzle_free(p);

  /* A larger board: 12x12 with 3x4 boxes and 4 knights, from the empty
   * puzzle; just solve and validate. */
  p = make(3, 4, 4, PZ_CARD_AUTO);
  int g12[144] = {0}, s12[144];
  g12[5 * 12 + 6] = 9; /* clue 8 in the middle */
  REQUIRE(pz_puzzle_set_givens(p, g12) == PZ_OK);
  CHECK_EQ(pz_puzzle_solve(p, s12, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  if (r == PZ_SAT) CHECK(knightdoku_broken(3, 4, 4, g12, s12) == NULL);
  pz_puzzle_free(p);
}

/* 6x6 puzzles made unique: a unique answer that the brute force agrees
 * with; then larger boards. */
static void test_unique_small(void) {
  placements all;
  all_placements(&all, 2, 3, 2);
  pz_puzzle *p = make(2, 3, 2, PZ_CARD_AUTO);
  for (int round = 0; round < 5; round++) {
    int sol[36], g[36], grid[36], sols;
    random_placement(2, 3, 2, sol);
    derive_unique(p, 2, 3, 2, sol, g, 0);
    CHECK_EQ(ref_count(&all, g), 1);
    pz_result r;
    CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &r), PZ_OK);
    CHECK_EQ(sols, 1);
    CHECK(memcmp(grid, sol, sizeof sol) == 0);
  }
  pz_puzzle_free(p);
  free(all.boards);

  /* 8x8 boards with 2x4 and 4x2 boxes (too many placements for the brute
   * force): derived, minimised, solved, validated. */
  static const struct { int br, bc, k; } big[] = {{2, 4, 2}, {4, 2, 3}, {2, 4, 1}};
  for (int i = 0; i < 3; i++) {
    int br = big[i].br, bc = big[i].bc, k = big[i].k;
    int sol[64], g[64], grid[64], sols;
    p = make(br, bc, k, (pz_card_encoding)(i + 1));
    random_placement(br, bc, k, sol);
    CHECK(knightdoku_broken(br, bc, k, NULL, sol) == NULL);
    derive_unique(p, br, bc, k, sol, g, 4);
    minimise(p, 64, g);
    pz_result r;
    CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &r), PZ_OK);
    CHECK_EQ(sols, 1);
    CHECK(knightdoku_broken(br, bc, k, g, grid) == NULL);
    CHECK(memcmp(grid, sol, sizeof sol) == 0);
    pz_puzzle_free(p);
  }
}

static void test_unsat_and_edges(void) {
  /* 4x4, 2 per unit: clue 0 in both top corners empties r2c2, r2c3, r3c2,
   * r3c3, so rows 2 and 3 need their outer cells and column 1 gets 3. */
  const char *text = "size 4 box 2x2 knights 2\n0..0\n....\n....\n....\n";
  int *g;
  pz_parse_info info;
  parse_ok(text, &g);
  pz_puzzle *p = make(2, 2, 2, PZ_CARD_AUTO);
  REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_OK); /* not direct */
  pz_result r;
  int grid[16], sols;
  uint64_t count;
  CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  CHECK_EQ(pz_puzzle_count(p, 0, &count, &r), PZ_OK);
  CHECK_EQ(count, 0);
  CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &r), PZ_OK);
  CHECK_EQ(sols, 0);
  placements all;
  all_placements(&all, 2, 2, 2);
  CHECK_EQ(ref_count(&all, g), 0);
  free(all.boards);
  free(g);
  pz_puzzle_free(p);

  /* The encoding: projection over the open cells, exact weight. */
  p = make(3, 3, 3, PZ_CARD_AUTO);
  pz_cnf *cnf;
  size_t pn;
  unsigned flags;
  const int *proj = encoded_projection(p, &cnf, &pn, &flags);
  CHECK(proj != NULL);
  CHECK_EQ(pn, 81);
  CHECK(flags & PZ_PROJECT_EXACT_WEIGHT);
  /* A clue 0 in the middle decides the given and its 8 neighbours. */
  int g9[81] = {0};
  g9[40] = 1;
  REQUIRE(pz_puzzle_set_givens(p, g9) == PZ_OK);
  pz_cnf_clear(cnf);
  CHECK_EQ(pz_puzzle_encode(p, cnf), PZ_OK);
  pz_cnf_projection(cnf, &pn, &flags);
  CHECK_EQ(pn, 81 - 9);
  pz_puzzle_free(p);

  /* k = 0 and k = n: one solution each, fully decided. */
  p = make(2, 2, 0, PZ_CARD_AUTO);
  CHECK_EQ(count_of(p), 1);
  CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  int zeros[16] = {0};
  CHECK(memcmp(grid, zeros, sizeof zeros) == 0);
  pz_puzzle_free(p);
  p = make(2, 2, 4, PZ_CARD_AUTO);
  pz_cnf_clear(cnf);
  CHECK_EQ(pz_puzzle_encode(p, cnf), PZ_OK);
  pz_cnf_projection(cnf, &pn, &flags);
  CHECK_EQ(pn, 0);
  CHECK_EQ(count_of(p), 1);
  CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  for (int i = 0; i < 16; i++) CHECK_EQ(grid[i], 1);
  /* All knights, and a clue that says otherwise. */
  int g4[16] = {0};
  g4[0] = 2; /* corner of 4x4: 2 neighbours, both knights */
  REQUIRE(pz_puzzle_set_givens(p, g4) == PZ_OK);
  CHECK_EQ(pz_puzzle_solve(p, grid, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  pz_puzzle_free(p);
  pz_cnf_free(cnf);
}

/* The shipped example file solves to a valid, unique board. */
static void test_data_file(void) {
  char path[1024];
  snprintf(path, sizeof path, "%s/knightdoku/nine.txt", PZ_TEST_DATA);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "missing %s\n", path);
    check_failures++;
    return;
  }
  pz_knightdoku_def *d;
  pz_parse_info info;
  int st = pz_knightdoku_read(f, &d, &info);
  fclose(f);
  REQUIRE(st == PZ_OK);
  header h = header_of(d);
  CHECK(h.n == 9 && h.box_rows == 3 && h.box_cols == 3 && h.knights == 3);
  pz_puzzle *p;
  REQUIRE(pz_knightdoku_from_def(&p, d, 0, 0, -1) == PZ_OK);
  set_backend(p, PZ_CARD_AUTO);
  const int *g = pz_knightdoku_def_givens(d);
  int grid[81], sols;
  pz_result r;
  CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &r), PZ_OK);
  CHECK_EQ(sols, 1);
  CHECK(knightdoku_broken(3, 3, 3, g, grid) == NULL);
  pz_puzzle_free(p);
  pz_knightdoku_def_free(d);
}

/* A001501 from the shared counts note, when present: n x n 0/1 matrices
 * with row and column sums 3. With 1xn boxes (boxes = rows) and k = 3 the
 * Knightdoku count of the empty board is exactly that. */
static void test_shared_counts(void) {
  char buf[1024];
  const char *path = shared_data("oracles/counts.txt", buf, sizeof buf);
  if (!path) {
    printf("shared data absent: skipping the A001501 check\n");
    return;
  }
  FILE *f = fopen(path, "r");
  if (!f) return;
  char line[512];
  long long a[8];
  int got = 0, next = 0;
  while (fgets(line, sizeof line, f) && !got) {
    if (next) {
      /* "  1, 0, 0, 1, 24, 2040, 297200, ..." (offset 0) */
      char *s = line;
      while (got < 8) {
        char *end;
        long long v = strtoll(s, &end, 10);
        if (end == s) break;
        a[got++] = v;
        s = end;
        while (*s == ',' || *s == ' ') s++;
      }
      break;
    }
    if (strncmp(line, "A001501", 7) == 0) next = 1;
  }
  fclose(f);
  if (got < 6) {
    printf("A001501 not found in %s: skipped\n", path);
    return;
  }
  CHECK_EQ(count_1x4_k3, a[4]);
  CHECK_EQ(count_1x5_k3, a[5]);
}

CHECK_MAIN_LINKED("test_knightdoku", test_parse, test_parse_fuzz, test_api,
                  test_check_givens, test_empty_counts, test_random_puzzles,
                  test_unique_small, test_unique_9x9, test_unsat_and_edges,
                  test_data_file, test_shared_counts)
