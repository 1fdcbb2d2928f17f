/* The Sudoku family and its neighbours in the kind table (Sudoku, jigsaw,
 * Latin, Eulero, Knightdoku, Killer with Killer-X), through the kind API
 * alone: split an input, parse, solve and check the answer with plain
 * rule checkers written here, write the puzzle in every format that holds
 * it and read it back, generate one and check it is unique and valid.
 * The backend name is argv[1]. Killer's cages, which the kind API does
 * not show, come from pz_killer_cages on the puzzle (its data, not its
 * encoding). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"
#include "pz.h"
#include "pz/render.h"
#include "kind_on.h"
#include "knightdoku_rules.h"

/* ---- independent rule checkers -------------------------------------- */

/* Every value of cells (n*n at stride, from offset) in 1..n, rows and
 * columns each a permutation. */
static int latin_ok(int n, const int *cells, int stride, int offset) {
  for (int i = 0; i < n; i++) {
    unsigned long long row = 0, col = 0; /* n <= 64 here */
    for (int j = 0; j < n; j++) {
      int a = cells[i * stride + offset + j], b = cells[j * stride + offset + i];
      if (a < 1 || a > n || b < 1 || b > n) return 0;
      row |= 1ull << (a - 1), col |= 1ull << (b - 1);
    }
    if (row != (n == 64 ? ~0ull : (1ull << n) - 1) || row != col) return 0;
  }
  return 1;
}

/* The n cells listed all different. */
static int distinct(const int *cells, const int *at, int n) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (cells[at[i]] == cells[at[j]]) return 0;
  return 1;
}

/* A Sudoku answer: Latin, boxes br x bc or regions (1..n), the diagonals
 * when diag. */
static int sudoku_ok(int br, int bc, const int *regions, int diag,
                     const int *cells) {
  int n = br * bc, at[64];
  if (!latin_ok(n, cells, n, 0)) return 0;
  for (int u = 0; u < n; u++) {
    int k = 0;
    for (int x = 0; x < n * n; x++) {
      int in = regions ? regions[x] == u + 1
                       : (x / n) / br * br + (x % n) / bc == u;
      if (in) {
        if (k == n) return 0;
        at[k++] = x;
      }
    }
    if (k != n || !distinct(cells, at, n)) return 0;
  }
  if (diag) {
    for (int i = 0; i < n; i++) at[i] = i * n + i;
    if (!distinct(cells, at, n)) return 0;
    for (int i = 0; i < n; i++) at[i] = i * n + n - 1 - i;
    if (!distinct(cells, at, n)) return 0;
  }
  return 1;
}

/* An Eulero answer (n rows of A, B, Z): A and B Latin, Z their pair
 * number, every pair once. */
static int eulero_ok(int n, const int *g) {
  if (!latin_ok(n, g, 3 * n, 0) || !latin_ok(n, g, 3 * n, n)) return 0;
  char seen[32 * 32 + 1];
  memset(seen, 0, sizeof seen);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int a = g[r * 3 * n + c], b = g[r * 3 * n + n + c];
      int z = n * (a - 1) + b;
      if (g[r * 3 * n + 2 * n + c] != z || seen[z]) return 0;
      seen[z] = 1;
    }
  return 1;
}

/* A Killer answer: Sudoku (and diagonals), every cage's digits distinct
 * and adding up to its sum. */
static int killer_ok(int br, int bc, int diag, const int *cages,
                     const int *sums, int ncages, const int *cells) {
  int n = br * bc;
  if (!sudoku_ok(br, bc, NULL, diag, cells)) return 0;
  for (int k = 0; k < ncages; k++) {
    int sum = 0, at[64], m = 0;
    for (int x = 0; x < n * n; x++)
      if (cages[x] == k) sum += cells[x], at[m++] = x;
    if (sum != sums[k] || !distinct(cells, at, m)) return 0;
  }
  return 1;
}

/* ---- the kind API --------------------------------------------------- */

typedef int (*checker)(const pz_def *d, const pz_puzzle *p, const int *cells);

/* The givens of two definitions' puzzles are the same. */
static int same_givens(const pz_def *a, const pz_def *b) {
  pz_puzzle *p = def_puzzle_on(a, backend), *q = def_puzzle_on(b, backend);
  int cells = pz_puzzle_rows(p) * pz_puzzle_cols(p);
  int same = pz_puzzle_rows(p) == pz_puzzle_rows(q) &&
             pz_puzzle_cols(p) == pz_puzzle_cols(q) &&
             !memcmp(pz_puzzle_givens(p), pz_puzzle_givens(q),
                     (size_t)cells * sizeof(int));
  pz_puzzle_free(p);
  pz_puzzle_free(q);
  return same;
}

/* What d writes in format f (cells NULL: the puzzle) into *text; the
 * write's status. */
static int written(const pz_def *d, const int *cells, const char *f,
                   char **text, size_t *len) {
  FILE *tmp = tmpfile();
  REQUIRE(tmp);
  int st = pz_def_write(d, cells, f, tmp);
  long size = ftell(tmp);
  REQUIRE(size >= 0);
  *text = (char *)malloc((size_t)size + 1);
  REQUIRE(*text);
  rewind(tmp);
  *len = fread(*text, 1, (size_t)size, tmp);
  (*text)[*len] = '\0';
  fclose(tmp);
  return st;
}

/* Writes d in every format of its kind: an answer in each (when it has
 * one), the puzzle where the format holds it, read back under a to the
 * same givens. Returns how many formats held the puzzle. */
static int round_trip(const pz_def *d, const pz_kind_args *a,
                      const int *answer) {
  const pz_kind *k = pz_def_kind(d);
  int held = 0;
  for (const char *const *f = pz_kind_formats(k); *f; f++) {
    char *text;
    size_t len;
    int st = written(d, NULL, *f, &text, &len);
    if (st == PZ_OK) {
      pz_def *back = NULL;
      pz_parse_info info;
      int pst = pz_kind_parse(k, a, text, len, &back, &info);
      if (pst)
        fprintf(stderr, "%s %s: %s\n%s", pz_kind_name(k), *f, info.message,
                text);
      CHECK_EQ(pst, PZ_OK);
      if (back) {
        CHECK(same_givens(d, back));
        held++;
      }
      pz_def_free(back);
    } else {
      CHECK_EQ(st, PZ_ERR_UNSUPPORTED);
    }
    free(text);
    if (answer) {
      st = written(d, answer, *f, &text, &len);
      CHECK(st == PZ_OK || st == PZ_ERR_UNSUPPORTED);
      CHECK(st != PZ_OK || len > 0);
      free(text);
    }
  }
  CHECK_EQ(pz_def_write(d, NULL, "no-such-format", stdout), PZ_ERR_ARG);
  return held;
}

/* Parses text (one puzzle) under set, solves it, checks the answer and
 * that it is unique, writes it in every format and reads it back. */
static void solve_sample(const char *kind, const char *const *set,
                         const char *text, checker ok) {
  const pz_kind *k = pz_kind_find(kind);
  REQUIRE(k);
  pz_kind_args *a = kind_args(k, set);
  pz_def *d = NULL;
  pz_parse_info info;
  int st = pz_kind_parse(k, a, text, strlen(text), &d, &info);
  if (st) fprintf(stderr, "%s: line %zu: %s\n", kind, info.line, info.message);
  REQUIRE(st == PZ_OK);
  pz_puzzle *p = def_puzzle_on(d, backend);
  int cells = pz_puzzle_rows(p) * pz_puzzle_cols(p);
  int *sol = (int *)malloc((size_t)cells * sizeof(int));
  REQUIRE(sol);
  pz_result r;
  CHECK_EQ(pz_puzzle_solve(p, sol, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  if (r == PZ_SAT) {
    CHECK(ok(d, p, sol));
    /* The answer keeps the givens. */
    const int *g = pz_puzzle_givens(p);
    for (int x = 0; x < cells; x++) CHECK(!g[x] || g[x] == sol[x] ||
                                          !strcmp(kind, "knightdoku"));
  }
  CHECK(round_trip(d, a, r == PZ_SAT ? sol : NULL) > 0);
  free(sol);
  pz_puzzle_free(p);
  pz_def_free(d);
  pz_kind_args_free(a);
}

/* Generates one of kind under set, checks it is unique, its solution
 * valid and the one pz_def_solution gives, and writes it round. */
static void generate_one(const char *kind, const char *const *set,
                         checker ok) {
  const pz_kind *k = generating_kind(kind);
  pz_kind_args *a = kind_args(k, set);
  pz_def *d;
  pz_generate_info info;
  pz_result stop;
  int st = generate_on(k, a, 7, backend, &d, &info, &stop);
  CHECK_EQ(st, PZ_OK);
  CHECK_EQ(stop, PZ_SAT);
  if (!d) {
    fprintf(stderr, "%s: nothing generated\n", kind);
    check_failures++;
    pz_kind_args_free(a);
    return;
  }
  pz_puzzle *p = def_puzzle_on(d, backend);
  int cells = pz_puzzle_rows(p) * pz_puzzle_cols(p), sols = 0;
  if (getenv("PZ_TEST_VERBOSE")) {
    fprintf(stderr, "%s: %d givens, %u tries\n", kind, info.givens,
            info.tries);
    pz_def_write(d, NULL, NULL, stderr);
  }
  int *sol = (int *)malloc((size_t)cells * sizeof(int));
  REQUIRE(sol);
  pz_result r;
  CHECK_EQ(pz_puzzle_unique(p, &sols, sol, &r), PZ_OK);
  CHECK_EQ(sols, 1);
  if (sols == 1) {
    CHECK(ok(d, p, sol));
    CHECK(pz_def_solution(d) &&
          !memcmp(pz_def_solution(d), sol, (size_t)cells * sizeof(int)));
  }
  CHECK(round_trip(d, a, sol) > 0);
  pz_scene *sc = NULL;
  CHECK_EQ(pz_def_scene(d, sol, &sc), PZ_OK);
  pz_scene_free(sc);
  free(sol);
  pz_puzzle_free(p);
  pz_def_free(d);
  pz_kind_args_free(a);
}

/* ---- per kind ------------------------------------------------------- */

/* The box shape of a Sudoku-like puzzle: from its givens' size, the
 * checks below know theirs. */
static int box_r, box_c, diag, knights;
static const int *jig_regions;

static int ok_latin(const pz_def *d, const pz_puzzle *p, const int *cells) {
  (void)d;
  return latin_ok(pz_puzzle_rows(p), cells, pz_puzzle_rows(p), 0);
}

static int ok_sudoku(const pz_def *d, const pz_puzzle *p, const int *cells) {
  (void)d, (void)p;
  return sudoku_ok(box_r, box_c, jig_regions, diag, cells);
}

static int ok_eulero(const pz_def *d, const pz_puzzle *p, const int *cells) {
  (void)d;
  return eulero_ok(pz_puzzle_rows(p), cells);
}

static int ok_knightdoku(const pz_def *d, const pz_puzzle *p,
                         const int *cells) {
  (void)d;
  return knightdoku_ok(box_r, box_c, knights, pz_puzzle_givens(p), cells);
}

static int ok_killer(const pz_def *d, const pz_puzzle *p, const int *cells) {
  (void)d;
  const int *sums;
  int ncages;
  const int *cages = pz_killer_cages(p, &sums, &ncages);
  return cages && killer_ok(box_r, box_c, diag, cages, sums, ncages, cells);
}

/* A jigsaw's regions: read from the janko text it writes (the test's own
 * reading: the last n rows). */
static int ok_jigsaw(const pz_def *d, const pz_puzzle *p, const int *cells) {
  int n = pz_puzzle_rows(p);
  char *text;
  size_t len;
  if (written(d, NULL, "janko", &text, &len)) return 0;
  int *reg = (int *)malloc((size_t)n * n * sizeof(int));
  REQUIRE(reg);
  /* Skip the header and the givens: 1 + n lines. */
  const char *s = text;
  for (int l = 0; l < 1 + n && s; l++) {
    s = strchr(s, '\n');
    if (s) s++;
  }
  int got = 0;
  for (int x = 0; s && x < n * n; x++) {
    char *end;
    reg[x] = (int)strtol(s, &end, 10);
    if (end == s) break;
    s = end;
    got++;
  }
  jig_regions = reg;
  int good = got == n * n && sudoku_ok(1, n, reg, 0, cells);
  jig_regions = NULL;
  free(reg);
  free(text);
  return good;
}

static void test_sudoku(void) {
  box_r = box_c = 3, diag = 0;
  solve_sample("sudoku", NULL,
               "# a 9x9 puzzle\n"
               "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95."
               ".8..2.3..9..5.1.3..\n",
               ok_sudoku);
  box_r = 2, box_c = 3;
  solve_sample("sudoku", NULL,
               "1 . 3 | . . .\n4 . . | 1 . 3\n------+------\n"
               ". 3 . | . . 4\n5 . . | 2 . .\n------+------\n"
               ". . 2 | 6 . 5\n6 . 5 | . . 2\n",
               ok_sudoku);
  /* Sudoku-X: a puzzle generated under the diagonals reads back with them. */
  box_r = box_c = 3, diag = 1;
  static const char *const x[] = {"variant", "x", NULL};
  generate_one("sudoku", x, ok_sudoku);
  diag = 0;
  static const char *const b23[] = {"box", "2x3", NULL};
  box_r = 2, box_c = 3;
  generate_one("sudoku", b23, ok_sudoku);
}

static void test_jigsaw(void) {
  const char *jig = "4 4\n- - - 3\n- - - -\n2 - - -\n4 - - -\n"
                    "1 1 2 2\n1 3 3 2\n1 3 4 2\n3 4 4 4\n";
  solve_sample("jigsaw", NULL, jig, ok_jigsaw);
  /* Sudoku reads a jigsaw as well. */
  solve_sample("sudoku", NULL, jig, ok_jigsaw);
  static const char *const b23[] = {"box", "2x3", NULL};
  generate_one("jigsaw", b23, ok_jigsaw);
  /* A jigsaw without its regions is not one. */
  pz_def *d = NULL;
  CHECK_EQ(pz_kind_parse(pz_kind_find("jigsaw"), NULL, "1...\n", 5, &d, NULL),
           PZ_ERR_PARSE);
  CHECK(!d);
}

static void test_latin(void) {
  solve_sample("latin", NULL,
               "order 5\n 0 -1  2 -1  4\n-1  2 -1  4 -1\n 2 -1  4 -1  1\n"
               "-1  4 -1  1 -1\n 4 -1  1 -1  3\n",
               ok_latin);
  solve_sample("latin", NULL, "1.3..2....4.....\n", ok_latin);
  static const char *const red[] = {"reduced", NULL, NULL};
  solve_sample("latin", red, "....\n....\n....\n....\n", ok_latin);
  static const char *const o5[] = {"order", "5", NULL};
  generate_one("latin", o5, ok_latin);
}

static void test_eulero(void) {
  solve_sample("eulero", NULL,
               "# order 4\n4 4\n00 00 30 00\n00 04 00 03\n01 10 40 00\n"
               "00 00 00 01\n",
               ok_eulero);
  static const char *const o4[] = {"order", "4", NULL};
  generate_one("eulero", o4, ok_eulero);
}

static void test_knightdoku(void) {
  box_r = box_c = 2, knights = 2;
  solve_sample("knightdoku", NULL,
               "size 4 box 2x2 knights 2\n....\n..3.\n..2.\n....\n",
               ok_knightdoku);
  box_r = box_c = 3, knights = 3;
  solve_sample("knightdoku", NULL,
               "size 9 box 3x3 knights 3\n........1\n......3..\n...3.....\n"
               "....0...1\n....3....\n1........\n..2..3...\n.........\n"
               "..11..2..\n",
               ok_knightdoku);
  box_r = 2, box_c = 3, knights = 2;
  static const char *const k[] = {"box", "2x3", "knights", "2", NULL};
  generate_one("knightdoku", k, ok_knightdoku);
}

static void test_killer_x(void) {
  box_r = box_c = 2, diag = 0;
  const char *small = "4 4\n9 - - 1\n- 8 - -\n7 2 1 -\n- 3 9 -\n"
                      "4 4 4 7\n2 3 3 3\n2 6 8 5\n2 1 5 5\n";
  solve_sample("killer", NULL, small, ok_killer);
  /* Killer-X: generated under the diagonals, read back with them, the
   * answer's diagonals distinct. */
  box_r = box_c = 3, diag = 1;
  static const char *const x[] = {"variant", "x", NULL};
  generate_one("killer", x, ok_killer);
  /* The same cages without the diagonal rule admit answers that break
   * it, or the diagonals were doing nothing: count both ways on 4x4. */
  box_r = box_c = 2;
  static const char *const x4[] = {"box", "2x2", "variant", "x", NULL};
  generate_one("killer", x4, ok_killer);
  diag = 0;
  /* An unknown variant is refused. */
  pz_kind_args *a = NULL;
  REQUIRE(pz_kind_args_new(pz_kind_find("killer"), &a) == PZ_OK);
  CHECK(pz_kind_args_set(a, "variant", "zigzag", NULL) != PZ_OK);
  CHECK_EQ(pz_kind_args_set(a, "variant", "x,anti-king", NULL), PZ_OK);
  pz_kind_args_free(a);
}

/* The diagonals change the answers: on a Killer puzzle with few cages
 * the solutions under x are those of plain Killer whose diagonals are
 * distinct (counted both ways, the plain ones filtered here). */
typedef struct diag_count {
  int n;
  unsigned long long distinct;
} diag_count;

static int count_diag(void *ctx, const int *grid) {
  diag_count *c = (diag_count *)ctx;
  int at[64], n = c->n, good = 1;
  for (int i = 0; i < n; i++) at[i] = i * n + i;
  good = distinct(grid, at, n);
  for (int i = 0; i < n; i++) at[i] = i * n + n - 1 - i;
  good = good && distinct(grid, at, n);
  c->distinct += (unsigned long long)good;
  return 0;
}

static void test_killer_x_count(void) {
  /* Two cages only: many answers, some with a repeated diagonal digit. */
  const char *text = "4 4\n3 - - -\n- - - -\n- - - -\n- - - 7\n"
                     "1 1 - -\n- - - -\n- - - -\n- - 2 2\n";
  const pz_kind *k = pz_kind_find("killer");
  static const char *const x[] = {"variant", "x", NULL};
  pz_kind_args *plain = kind_args(k, NULL), *xa = kind_args(k, x);
  pz_def *dp = NULL, *dx = NULL;
  REQUIRE(pz_kind_parse(k, plain, text, strlen(text), &dp, NULL) == PZ_OK);
  REQUIRE(pz_kind_parse(k, xa, text, strlen(text), &dx, NULL) == PZ_OK);
  pz_puzzle *pp = def_puzzle_on(dp, backend), *px = def_puzzle_on(dx, backend);
  diag_count c = {4, 0};
  pz_result r;
  uint64_t seen = 0;
  CHECK_EQ(pz_puzzle_enumerate(pp, 0, count_diag, &c, &seen, &r), PZ_OK);
  uint64_t with_x = 0;
  CHECK_EQ(pz_puzzle_count(px, 0, &with_x, &r), PZ_OK);
  CHECK(c.distinct > 0);
  CHECK_EQ(with_x, c.distinct);
  uint64_t all = 0;
  CHECK_EQ(pz_puzzle_count(pp, 0, &all, &r), PZ_OK);
  CHECK(all > with_x);
  pz_puzzle_free(pp);
  pz_puzzle_free(px);
  pz_def_free(dp);
  pz_def_free(dx);
  pz_kind_args_free(plain);
  pz_kind_args_free(xa);
}

/* ---- splitting ------------------------------------------------------ */

static void expect_split(const char *kind, const char *text, size_t want,
                         const char *const *firsts) {
  const pz_kind *k = pz_kind_find(kind);
  REQUIRE(k);
  pz_span *parts = NULL;
  size_t n = 0;
  CHECK_EQ(pz_kind_split(k, text, strlen(text), &parts, &n), PZ_OK);
  CHECK_EQ(n, want);
  for (size_t i = 0; i < n && i < want; i++) {
    CHECK(!strncmp(text + parts[i].offset, firsts[i], strlen(firsts[i])));
    pz_def *d = NULL;
    CHECK_EQ(pz_kind_parse(k, NULL, text + parts[i].offset, parts[i].len, &d,
                           NULL),
             PZ_OK);
    pz_def_free(d);
  }
  free(parts);
}

static void test_split(void) {
  /* A file of one-line puzzles (the layout is the file's: its first
   * puzzle decides, as pz_text_parse reads it), comments going with the
   * puzzle below them. */
  const char *lines =
      "# first\n"
      "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2."
      "3..9..5.1.3..\n"
      "\n# second\n"
      "33.....81.2...3.......1743..964..57....7.2....8....6...6..2....3.9"
      "....6.........9\n"
      "1...............................................................................2\n";
  static const char *const lf[] = {"# first", "# second", "1..."};
  expect_split("sudoku", lines, 3, lf);
  /* A file of grids, a blank line between two. */
  const char *grids =
      "1 . 3 | . . .\n4 . . | 1 . 3\n------+------\n. 3 . | . . 4\n"
      "5 . . | 2 . .\n------+------\n. . 2 | 6 . 5\n6 . 5 | . . 2\n"
      "\n# next\n"
      "1 . 3 | . . .\n4 . . | 1 . 3\n------+------\n. 3 . | . . 4\n"
      "5 . . | 2 . .\n------+------\n. . 2 | 6 . 5\n6 . 5 | . . 2\n";
  static const char *const gf[] = {"1 . 3", "# next"};
  expect_split("sudoku", grids, 2, gf);
  const char *squares = "order 2\n0 -1\n-1 -1\norder 3\n0 1 2\n-1 -1 -1\n"
                        "-1 -1 -1\n";
  static const char *const sq[] = {"order 2", "order 3"};
  expect_split("latin", squares, 2, sq);
  const char *kd = "size 4 box 2x2 knights 2\n....\n..3.\n..2.\n....\n\n"
                   "# second\nsize 4 box 2x2 knights 2\n....\n..3.\n..2.\n"
                   "....\n";
  static const char *const kf[] = {"size 4", "# second"};
  expect_split("knightdoku", kd, 2, kf);
  const char *eul = "4 4\n00 00 30 00\n00 04 00 03\n01 10 40 00\n00 00 00 01\n"
                    "\n4 4\n00 00 30 00\n00 04 00 03\n01 10 40 00\n00 00 00 01\n";
  static const char *const ef[] = {"4 4", "4 4"};
  expect_split("eulero", eul, 2, ef);
  pz_span *parts = NULL;
  size_t n = 9;
  CHECK_EQ(pz_kind_split(pz_kind_find("sudoku"), "# only\n\n", 8, &parts, &n),
           PZ_OK);
  CHECK_EQ(n, 0);
  free(parts);
}

static void test_registry(void) {
  static const char *const names[] = {"sudoku", "jigsaw", "latin", "eulero",
                                      "knightdoku", "killer"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    const pz_kind *k = pz_kind_find(names[i]);
    CHECK(k && !strcmp(pz_kind_name(k), names[i]));
    CHECK(k && (pz_kind_modes(k) & PZ_KIND_SCENE));
  }
}

CHECK_MAIN_LINKED("test_kinds_family", test_registry, test_split, test_sudoku,
                  test_jigsaw, test_latin, test_eulero, test_knightdoku,
                  test_killer_x, test_killer_x_count)
