/* Jigsaw Sudoku in the janko.at text layout (PZ_TEXT_JANKO): parsing and
 * its errors with line:column, an independent validator (rows, columns,
 * regions, givens), brute-force counts of small random jigsaws against
 * pz_puzzle_count, the vectors of test/data/jigsaw (written for pz: our
 * own regions, givens thinned while pz-sudoku --count stayed 1), and every
 * janko.at puzzle of ../shared/data/model/jigsaw-sudoku.jsonl when present
 * (janko.at "Chaos Sudoku" 001-060, www.janko.at/Raetsel/Sudoku/Chaos/, with
 * their published solutions): solved, valid, equal to the published
 * solution, unique. Run with the backend name as the first argument. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "read_file.h"
#include "test_main.h"
#include "json_line.h"
#include "pz.h"

#define MAXN 16

static void set_backend(pz_puzzle *p) {
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
}

/* --- The rules, written out ---------------------------------------------- */

/* NULL when sol (n*n) fills every row, column and region with 1..n once
 * each and keeps the givens; else what is wrong. */
static const char *validate(int n, const int *regions, const int *givens,
                            const int *sol) {
  for (int i = 0; i < n * n; i++) {
    if (sol[i] < 1 || sol[i] > n) return "a value outside 1..n";
    if (givens[i] && givens[i] != sol[i]) return "a given changed";
    if (regions[i] < 1 || regions[i] > n) return "a region outside 1..n";
  }
  for (int k = 0; k < n; k++) {
    unsigned row = 0, col = 0, reg = 0;
    int in_reg = 0;
    for (int j = 0; j < n; j++) {
      row |= 1u << sol[k * n + j];
      col |= 1u << sol[j * n + k];
    }
    for (int i = 0; i < n * n; i++)
      if (regions[i] == k + 1) {
        reg |= 1u << sol[i];
        in_reg++;
      }
    unsigned all = ((1u << n) - 1) << 1;
    if (row != all) return "a row without every value";
    if (col != all) return "a column without every value";
    if (in_reg != n || reg != all) return "a region without every value";
  }
  return NULL;
}

/* Solutions by plain backtracking, up to cap. */
static long bf_count(int n, const int *regions, int *g, int cell, long cap) {
  if (cell == n * n) return 1;
  if (g[cell]) return bf_count(n, regions, g, cell + 1, cap);
  long total = 0;
  int r = cell / n, c = cell % n;
  for (int v = 1; v <= n && total < cap; v++) {
    int ok = 1;
    for (int i = 0; i < n * n && ok; i++)
      if (g[i] == v && (i / n == r || i % n == c || regions[i] == regions[cell]))
        ok = 0;
    if (!ok) continue;
    g[cell] = v;
    total += bf_count(n, regions, g, cell + 1, cap - total);
    g[cell] = 0;
  }
  return total;
}

/* --- Text ---------------------------------------------------------------- */

/* The janko.at text of a puzzle ('-' blanks). */
static char *janko_text(int n, const int *givens, const int *regions) {
  size_t cap = (size_t)n * (size_t)n * 8 + 32, len = 0;
  char *s = (char *)malloc(cap);
  REQUIRE(s);
  len += (size_t)snprintf(s + len, cap - len, "%d %d\n", n, n);
  for (int g = 0; g < 2; g++)
    for (int i = 0; i < n * n; i++) {
      int v = g ? regions[i] : givens[i];
      if (v) len += (size_t)snprintf(s + len, cap - len, "%d", v);
      else len += (size_t)snprintf(s + len, cap - len, "-");
      len += (size_t)snprintf(s + len, cap - len, i % n == n - 1 ? "\n" : " ");
    }
  return s;
}

static pz_text *parse_ok(const char *text, int expect_n, pz_text_format f) {
  pz_text *t = NULL;
  pz_parse_info info;
  int st = pz_text_parse(&t, text, strlen(text), expect_n, f, &info);
  if (st != PZ_OK)
    fprintf(stderr, "unexpected error %d at %zu:%zu: %s\n%s\n", st, info.line,
            info.column, info.message, text);
  REQUIRE(st == PZ_OK && t);
  return t;
}

static const char small4[] =
    "4 4\n- - - 3\n- - - -\n2 - - -\n4 - - -\n"
    "1 1 2 2\n1 3 3 2\n1 3 4 2\n3 4 4 4\n";
static const int small4_regions[16] = {1, 1, 2, 2, 1, 3, 3, 2,
                                       1, 3, 4, 2, 3, 4, 4, 4};
static const int small4_givens[16] = {0, 0, 0, 3, 0, 0, 0, 0,
                                      2, 0, 0, 0, 4, 0, 0, 0};
static const int small4_solution[16] = {1, 4, 2, 3, 3, 2, 1, 4,
                                        2, 3, 4, 1, 4, 1, 3, 2};

static void test_parse(void) {
  static const pz_text_format fmts[] = {PZ_TEXT_AUTO, PZ_TEXT_JANKO};
  for (size_t f = 0; f < 2; f++) {
    for (int expect = 0; expect <= 4; expect += 4) {
      pz_text *t = parse_ok(small4, expect, fmts[f]);
      CHECK_EQ(pz_text_count(t), 1);
      CHECK_EQ(pz_text_size(t, 0), 4);
      CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_JANKO);
      CHECK_EQ(pz_text_line(t, 0), 1);
      CHECK(!memcmp(pz_text_cells(t, 0), small4_givens, sizeof small4_givens));
      REQUIRE(pz_text_regions(t, 0));
      CHECK(!memcmp(pz_text_regions(t, 0), small4_regions,
                    sizeof small4_regions));
      CHECK(pz_text_regions(t, 1) == NULL);
      pz_text_free(t);
    }
  }
  /* BOM, comments, blank lines anywhere, '.' blanks, CRLF, extra blanks. */
  const char *loose =
      "\xef\xbb\xbf# janko\r\n\r\n  4   4 \r\n. . . 3\r\n\n- - - -\r\n"
      "# middle\n2 . . .\n\t4 - - -\n\n1 1 2 2\n1 3 3 2\n1 3 4 2\n"
      "3 4 4 4\n\n# end\n";
  pz_text *t = parse_ok(loose, 0, PZ_TEXT_AUTO);
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_JANKO);
  CHECK_EQ(pz_text_line(t, 0), 3);
  CHECK(!memcmp(pz_text_cells(t, 0), small4_givens, sizeof small4_givens));
  CHECK(!memcmp(pz_text_regions(t, 0), small4_regions, sizeof small4_regions));
  pz_text_free(t);
  /* Other layouts have no regions, and are not taken for janko: a 2x2
   * grid whose first row is two numbers, puzzle lines. */
  t = parse_ok("1 2\n2 1\n", 0, PZ_TEXT_AUTO);
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_GRID);
  CHECK(pz_text_regions(t, 0) == NULL);
  pz_text_free(t);
  t = parse_ok("2 2\n1 1\n", 0, PZ_TEXT_AUTO);
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_GRID);
  pz_text_free(t);
  /* A 2x2 grid drawn with region borders (pz_write_grid_regions). */
  t = parse_ok("1   1\n-----\n2   2\n", 0, PZ_TEXT_AUTO);
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_GRID);
  CHECK_EQ(pz_text_size(t, 0), 2);
  pz_text_free(t);
  t = parse_ok("...3....2...4...\n", 0, PZ_TEXT_AUTO);
  CHECK(pz_text_regions(t, 0) == NULL);
  pz_text_free(t);
  /* ... while 2R+1 lines after "R R" are: 1x1 and 2x2 jigsaws. */
  t = parse_ok("1 1\n-\n1\n", 0, PZ_TEXT_AUTO);
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_JANKO);
  CHECK_EQ(pz_text_size(t, 0), 1);
  CHECK_EQ(pz_text_cells(t, 0)[0], 0);
  pz_text_free(t);
  t = parse_ok("2 2\n- 2\n- -\n1 1\n2 2\n", 0, PZ_TEXT_AUTO);
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_JANKO);
  CHECK_EQ(pz_text_regions(t, 0)[2], 2);
  pz_text_free(t);
  /* Two-digit numbers: a 10x10 with 2x5 boxes for regions. */
  int g10[100], r10[100];
  for (int i = 0; i < 100; i++) {
    r10[i] = (i / 10) / 2 * 2 + (i % 10) / 5 + 1;
    g10[i] = i % 11 == 0 ? 10 : 0;
  }
  char *s10 = janko_text(10, g10, r10);
  t = parse_ok(s10, 10, PZ_TEXT_AUTO);
  CHECK(!memcmp(pz_text_cells(t, 0), g10, sizeof g10));
  CHECK(!memcmp(pz_text_regions(t, 0), r10, sizeof r10));
  pz_text_free(t);
  free(s10);
  /* The stream reader agrees. */
  FILE *f = fmemopen((void *)small4, sizeof small4 - 1, "r");
  REQUIRE(f);
  pz_parse_info info;
  CHECK_EQ(pz_text_read(&t, f, 0, PZ_TEXT_AUTO, &info), PZ_OK);
  fclose(f);
  CHECK(t && !memcmp(pz_text_regions(t, 0), small4_regions,
                     sizeof small4_regions));
  pz_text_free(t);
  /* Forced layouts other than JANKO do not read it. */
  CHECK(pz_text_parse(&t, small4, strlen(small4), 0, PZ_TEXT_GRID, NULL) !=
        PZ_OK);
  CHECK(t == NULL);
  CHECK_EQ(pz_text_parse(&t, small4, strlen(small4), 0,
                         (pz_text_format)(PZ_TEXT_PLS + 1), NULL),
           PZ_ERR_ARG);
}

/* --- Errors -------------------------------------------------------------- */

typedef struct bad_case {
  const char *text;
  int expect_n;
  pz_text_format format;
  int status;
  size_t line, col;
  const char *message; /* a part of it */
} bad_case;

#define REG4 "1 1 2 2\n1 3 3 2\n1 3 4 2\n3 4 4 4\n"
#define GIV4 "- - - 3\n- - - -\n2 - - -\n4 - - -\n"

static const bad_case bad[] = {
    {"4 4\n- - - 3\n- - x -\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, 3, 5,
     "'x' is not a given (1..4, '-' for a blank)"},
    {"4 4\n- - - 3\n- - 5 -\n", 0, PZ_TEXT_AUTO, PZ_ERR_RANGE, 3, 5,
     "given 5 is out of range 1..4"},
    {"4 4\n- - - 3\n- 0 - -\n", 0, PZ_TEXT_AUTO, PZ_ERR_RANGE, 3, 3,
     "given 0 is out of range 1..4"},
    {"4 4\n- - - 3\n- - 4294967297 -\n", 0, PZ_TEXT_AUTO, PZ_ERR_RANGE, 3, 5,
     "given 4294967297 is out of range 1..4"},
    {"4 4\n- - - 3\n- - -1 -\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, 3, 5,
     "'-1' is not a given"},
    {"4 4\n" GIV4 "1 1 2 2\n1 3 - 2\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, 7, 5,
     "'-' is not a region label"},
    {"4 4\n" GIV4 "1 1 2 2\n1 3 5 2\n1 4 4 4\n", 0, PZ_TEXT_AUTO,
     PZ_ERR_PARSE, 8, 3, "region '4' is region 5; a 4x4 jigsaw Sudoku has 4"},
    {"4 4\n" GIV4 "a a b b\na c| c b\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, 7, 3,
     "'c|' is not a region label"},
    /* Region count not n; a region of the wrong size. */
    {"4 4\n" GIV4 "1 1 2 2\n1 3 3 2\n1 3 3 2\n3 3 3 3\n", 0, PZ_TEXT_AUTO,
     PZ_ERR_PARSE, 6, 1,
     "3 regions; a 4x4 jigsaw Sudoku has 4"},
    {"4 4\n" GIV4 "x x y y\nx 99 99 y\nx 99 zz y\n99 zz zz y\n", 0,
     PZ_TEXT_AUTO, PZ_ERR_PARSE, 9, 10,
     "region y has 5 cells and region zz has 3; every region of a 4x4 jigsaw "
     "Sudoku has 4"},
    {"4 4\n" GIV4 "1 1 2 2\n1 3 3 2\n1 3 4 2\n3 4 4 2\n", 0, PZ_TEXT_AUTO,
     PZ_ERR_PARSE, 9, 7,
     "region 2 has 5 cells and region 4 has 3; every region of a 4x4 jigsaw "
     "Sudoku has 4"},
    /* Rows of the wrong length, missing rows, trailing data. */
    {"4 4\n- - - 3\n- - -\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, 3, 6,
     "row 2 of the givens has 3 cells; expected 4"},
    {"4 4\n- - - 3\n- - - - 1\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, 3, 9,
     "more than 4 cells in row 2 of the givens"},
    {"4 4\n" GIV4 "1 1 2 2\n1 3 3 2\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, 8, 1,
     "the input ends after 2 of the 4 rows of regions"},
    {"4 4\n- - - 3\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, 3, 1,
     "the input ends after 1 of the 4 rows of givens"},
    {"4 4\n" GIV4 REG4 "\n# ok\n  1 2 3 4\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE,
     12, 3, "unexpected '1 2 3 4' after the regions"},
    {"4 4\n" GIV4 REG4 "4 4\n" GIV4 REG4, 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, 10, 1,
     "unexpected '4 4' after the regions"},
    /* The header. */
    {"4 5\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, 1, 3,
     "4 rows and 5 columns: a jigsaw Sudoku is square"},
    {"4 4 4\n", 0, PZ_TEXT_JANKO, PZ_ERR_PARSE, 1, 5,
     "unexpected '4' after the header"},
    {"4\n", 0, PZ_TEXT_JANKO, PZ_ERR_PARSE, 1, 2, "missing the number of columns"},
    {"x 4\n", 0, PZ_TEXT_JANKO, PZ_ERR_PARSE, 1, 1,
     "the number of rows is 'x', not a number"},
    {"0 0\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, 1, 1,
     "the number of rows must be at least 1"},
    {"99999999999999999999 3\n", 0, PZ_TEXT_AUTO, PZ_ERR_TOO_LARGE, 1, 1,
     "99999999999999999999 rows: at most 1024 are supported"},
    {"4 4\n" GIV4 REG4, 9, PZ_TEXT_AUTO, PZ_ERR_PARSE, 1, 1,
     "a 4x4 puzzle; expected 9x9"},
    {"", 0, PZ_TEXT_JANKO, PZ_ERR_PARSE, 1, 1, "no puzzle in the input"},
    {"# only a comment\n\n", 0, PZ_TEXT_JANKO, PZ_ERR_PARSE, 2, 1,
     "no puzzle in the input"},
};

static void test_errors(void) {
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    const bad_case *b = &bad[i];
    size_t len = strlen(b->text);
    for (int batch = 0; batch < 2; batch++) {
      pz_text *t = NULL;
      pz_parse_info info;
      memset(&info, 0x55, sizeof info);
      int st = batch ? pz_text_parse_batch(&t, b->text, len, b->expect_n,
                                           b->format, &info)
                     : pz_text_parse(&t, b->text, len, b->expect_n,
                                     b->format, &info);
      /* Batch mode: a bad puzzle is an entry of its own; only an input
       * without a header fails as a whole. */
      if (batch && st == PZ_OK) {
        REQUIRE(t);
        CHECK_EQ(pz_text_count(t), 1);
        CHECK(pz_text_cells(t, 0) == NULL);
        CHECK(pz_text_regions(t, 0) == NULL);
        CHECK_EQ(pz_text_size(t, 0), 0);
        st = pz_text_error(t, 0, &info);
        pz_text_free(t);
        t = NULL;
      }
      int ok = st == b->status && info.line == b->line &&
               info.column == b->col && strstr(info.message, b->message);
      if (!ok)
        fprintf(stderr, "case %zu (batch %d): got %d at %zu:%zu '%s'; want %d "
                "at %zu:%zu '%s'\n", i, batch, st, info.line, info.column,
                info.message, b->status, b->line, b->col, b->message);
      CHECK(ok);
      CHECK(t == NULL);
    }
  }
  /* A NUL byte, even in a comment, is reported where it is. */
  static const char nul[] = "4 4\n- - - 3\n# a\0b\n";
  pz_text *t = NULL;
  pz_parse_info info;
  CHECK_EQ(pz_text_parse(&t, nul, sizeof nul - 1, 0, PZ_TEXT_AUTO, &info),
           PZ_ERR_PARSE);
  CHECK_EQ(info.line, 3);
  CHECK_EQ(info.column, 4);
  CHECK(strstr(info.message, "NUL") != NULL);
  CHECK(t == NULL);
}

/* --- Solving -------------------------------------------------------------- */

typedef struct solved {
  int solutions; /* 0, 1 or 2 (two or more) */
  int grid[MAXN * MAXN];
} solved;

/* Solves the puzzle of t (entry 0), validates the answer independently
 * and asks whether it is unique. */
static void solve_text(const pz_text *t, solved *out, const char *what) {
  int n = pz_text_size(t, 0);
  REQUIRE(n >= 1 && n <= MAXN);
  const int *givens = pz_text_cells(t, 0), *regions = pz_text_regions(t, 0);
  REQUIRE(givens && regions);
  pz_puzzle *p = NULL;
  int box_r = 1;
  REQUIRE(pz_sudoku_new(&p, box_r, n) == PZ_OK);
  set_backend(p);
  pz_parse_info info;
  REQUIRE(pz_sudoku_set_regions(p, regions, &info) == PZ_OK);
  REQUIRE(pz_puzzle_set_givens(p, givens) == PZ_OK);
  pz_result res;
  CHECK_EQ(pz_puzzle_unique(p, &out->solutions, out->grid, &res), PZ_OK);
  if (out->solutions > 0) {
    const char *why = validate(n, regions, givens, out->grid);
    if (why) fprintf(stderr, "%s: the answer breaks a rule: %s\n", what, why);
    CHECK(why == NULL);
  }
  pz_puzzle_free(p);
}

/* Labels are names: small4 with its regions named 99, b, 7 (also written
 * 07) and Q reads as the same regions and has the same one solution; a
 * label above n is a name, not an error (janko.at 302_5x5 has a region 6
 * in a 5x5 grid). */
static void test_labels(void) {
  static const char named[] = "4 4\n- - - 3\n- - - -\n2 - - -\n4 - - -\n"
                              "99 99 b b\n99 07 7 b\n99 7 Q b\n7 Q Q Q\n";
  pz_text *t = parse_ok(named, 0, PZ_TEXT_AUTO), *plain = parse_ok(small4, 0, PZ_TEXT_AUTO);
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_JANKO);
  const int *reg = pz_text_regions(t, 0);
  int ids[16];
  for (int i = 0; i < 16; i++) ids[i] = reg[i];
  CHECK(same_groups(strstr(named, "99 99"), 4, ids));
  solved a, b;
  solve_text(t, &a, "named regions");
  solve_text(plain, &b, "numbered regions");
  CHECK_EQ(a.solutions, 1);
  CHECK_EQ(b.solutions, 1);
  CHECK(!memcmp(a.grid, b.grid, sizeof(int) * 16));
  pz_text_free(t);
  pz_text_free(plain);
  /* Five regions of a 5x5 grid named 2..6. */
  static const char five[] = "5 5\n- - - - -\n- - - - -\n- - - - -\n"
                             "- - - - -\n- - - - -\n"
                             "6 6 6 6 6\n2 2 2 2 2\n3 3 3 3 3\n4 4 4 4 4\n"
                             "5 5 5 5 5\n";
  t = parse_ok(five, 0, PZ_TEXT_AUTO);
  reg = pz_text_regions(t, 0);
  int ids25[25];
  for (int i = 0; i < 25; i++) ids25[i] = reg[i];
  CHECK(same_groups(strstr(five, "6 6"), 5, ids25));
  solve_text(t, &a, "regions 2..6");
  CHECK_EQ(a.solutions, 2);
  pz_text_free(t);
}

/* A regions grid on its own (--regions): named labels spaced, dense and
 * with borders group the cells as written; errors name line and column. */
static void test_regions_grid(void) {
  static const char *const ok[] = {
      "99 99 b b\n99 07 7 b\n99 7 Q b\n7 Q Q Q\n",
      "# dense\n99bb\n9aab\n9aQb\naQQQ\n",
      "x x | y y\nx z | z y\n----+----\nx z | w y\n\nz w | w w\n"};
  static const char *const plain[] = {
      "99 99 b b\n99 07 7 b\n99 7 Q b\n7 Q Q Q\n",
      "9 9 b b\n9 a a b\n9 a Q b\na Q Q Q\n",
      "x x y y\nx z z y\nx z w y\nz w w w\n"};
  for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
    int *reg = (int *)1, n = 0;
    pz_parse_info info;
    int st = pz_text_parse_regions(ok[i], strlen(ok[i]), 0, &reg, &n, &info);
    if (st) fprintf(stderr, "regions %zu: %zu:%zu: %s\n", i, info.line, info.column, info.message);
    REQUIRE(st == PZ_OK);
    CHECK_EQ(n, 4);
    CHECK(same_groups(plain[i], 4, reg));
    free(reg);
  }
  static const struct {
    const char *text;
    int expect_n;
    size_t line, col;
    const char *message;
  } wrong[] = {
      {"a a b b\nc c d d\nc d e e\nd d e e\n", 0, 3, 5, "region 'e' is region 5; a 4x4"},
      {"a a b b\na a b b\nc d b d\nc c d d\n", 0, 3, 5, "region b has 5 cells and region c has 3"},
      {"a a\na a\n", 0, 1, 1, "1 regions; a 2x2 jigsaw Sudoku has 2"},
      {"a b\n", 0, 2, 1, "the input ends after 1 of the 2 rows"},
      {"a b\na b\nb a\n", 0, 3, 1, "unexpected 'b a' after the 2 rows"},
      {"a b c\n", 2, 1, 1, "a row of 3 regions; expected 2"},
      {"a b\na b c\n", 0, 2, 5, "more than 2 cells in row 2"},
      {"a b\na\n", 0, 2, 2, "row 2 of the regions has 1 cells; expected 2"},
      {"a b\na -\n", 0, 2, 3, "'-' is not a region label"},
      {"", 0, 1, 1, "no regions in the input"},
      {"4 4\n- - - 3\n- - - -\n2 - - -\n4 - - -\n" REG4, 0, 1, 1, "a janko.at jigsaw puzzle"}};
  for (size_t i = 0; i < sizeof wrong / sizeof *wrong; i++) {
    int *reg = (int *)1, n = 7;
    pz_parse_info info;
    int st = pz_text_parse_regions(wrong[i].text, strlen(wrong[i].text), wrong[i].expect_n, &reg, &n, &info);
    CHECK(st != PZ_OK);
    CHECK(reg == NULL);
    if (info.line != wrong[i].line || info.column != wrong[i].col || !strstr(info.message, wrong[i].message)) {
      fprintf(stderr, "regions bad %zu: got %zu:%zu '%s', want %zu:%zu '%s'\n", i, info.line,
              info.column, info.message, wrong[i].line, wrong[i].col, wrong[i].message);
      check_failures++;
    }
  }
}

static void test_vectors(void) {
  static const struct {
    const char *file;
    int solutions;
    const char *solution; /* when unique */
  } vec[] = {
      {"small4.txt", 1, "1423321423414132"},
      {"commented.txt", 1, "1423321423414132"},
      {"five.txt", 1, "3415253214154234253121345"},
      {"six.txt", 1, "136542415236342651654123263415521364"},
      {"multi4.txt", 2, NULL},
      {"unsat4.txt", 0, NULL},
  };
  for (size_t i = 0; i < sizeof vec / sizeof *vec; i++) {
    char path[512];
    FILE *f = open_test_data(path, sizeof path, "jigsaw", vec[i].file);
    pz_text *t = NULL;
    pz_parse_info info;
    int st = pz_text_read(&t, f, 0, PZ_TEXT_AUTO, &info);
    fclose(f);
    if (st) fprintf(stderr, "%s:%zu:%zu: %s\n", path, info.line, info.column,
                    info.message);
    REQUIRE(st == PZ_OK);
    solved s;
    solve_text(t, &s, vec[i].file);
    CHECK_EQ(s.solutions, vec[i].solutions);
    if (vec[i].solution && s.solutions == 1) {
      int n = pz_text_size(t, 0);
      for (int k = 0; k < n * n; k++)
        CHECK_EQ(s.grid[k], vec[i].solution[k] - '0');
    }
    pz_text_free(t);
  }
  /* Not unique: the brute force agrees with the count. */
  pz_text *t = parse_ok(
      "4 4\n- - - 3\n- - - -\n- - - -\n4 - - -\n" REG4, 0, PZ_TEXT_AUTO);
  int g[16];
  memcpy(g, pz_text_cells(t, 0), sizeof g);
  CHECK_EQ(bf_count(4, pz_text_regions(t, 0), g, 0, 1000), 6);
  pz_text_free(t);
  /* The validator can fail. */
  int wrong[16];
  memcpy(wrong, small4_solution, sizeof wrong);
  CHECK(validate(4, small4_regions, small4_givens, wrong) == NULL);
  wrong[0] = small4_solution[1];
  wrong[1] = small4_solution[0];
  CHECK(validate(4, small4_regions, small4_givens, wrong) != NULL);
  int swapped_regions[16];
  memcpy(swapped_regions, small4_regions, sizeof swapped_regions);
  swapped_regions[0] = 4;
  swapped_regions[14] = 1;
  CHECK(validate(4, swapped_regions, small4_givens, small4_solution) != NULL);
}

/* Random regions: n labels of n cells each, grown from seeds so they are
 * usually connected (any partition is valid). */
static void random_regions(int n, int *reg, unsigned *seed) {
  for (;;) {
    int size[MAXN + 1] = {0}, left = n * n;
    for (int i = 0; i < n * n; i++) reg[i] = 0;
    for (int k = 1; k <= n; k++) {
      int c;
      do c = (int)(rand_r(seed) % (unsigned)(n * n));
      while (reg[c]);
      reg[c] = k;
      size[k] = 1;
      left--;
    }
    int stuck = 0;
    while (left && stuck < 1000) {
      int c = (int)(rand_r(seed) % (unsigned)(n * n));
      if (reg[c]) continue;
      int r = c / n, col = c % n, nb[4], m = 0;
      if (r > 0) nb[m++] = c - n;
      if (r < n - 1) nb[m++] = c + n;
      if (col > 0) nb[m++] = c - 1;
      if (col < n - 1) nb[m++] = c + 1;
      int k = reg[nb[rand_r(seed) % (unsigned)m]];
      if (!k || size[k] == n) {
        stuck++;
        continue;
      }
      reg[c] = k;
      size[k]++;
      left--;
      stuck = 0;
    }
    if (!left) return;
  }
}

static void test_random_counts(void) {
  unsigned seed = 12345;
  int checked = 0;
  for (int iter = 0; iter < 60; iter++) {
    int n = 4 + iter % 2; /* 4x4 and 5x5 */
    int reg[25], giv[25], g[25];
    random_regions(n, reg, &seed);
    for (int i = 0; i < n * n; i++) giv[i] = 0;
    int k = (int)(rand_r(&seed) % 5u) + (n == 5 ? 3 : 1);
    for (int j = 0; j < k; j++)
      giv[rand_r(&seed) % (unsigned)(n * n)] =
          (int)(rand_r(&seed) % (unsigned)n) + 1;
    memcpy(g, giv, sizeof g);
    /* Brute force only from givens that do not clash directly. */
    int clash = 0;
    for (int a = 0; a < n * n; a++)
      for (int b = a + 1; b < n * n; b++)
        if (giv[a] && giv[a] == giv[b] &&
            (a / n == b / n || a % n == b % n || reg[a] == reg[b]))
          clash = 1;
    long want = clash ? 0 : bf_count(n, reg, g, 0, 100000);
    char *text = janko_text(n, giv, reg);
    pz_text *t = parse_ok(text, 0, PZ_TEXT_AUTO);
    free(text);
    /* The same regions, numbered in order of first appearance. */
    const int *read = pz_text_regions(t, 0);
    for (int x = 0; x < n * n; x++)
      for (int y = 0; y < n * n; y++)
        CHECK((read[x] == read[y]) == (reg[x] == reg[y]));
    pz_puzzle *p = NULL;
    REQUIRE(pz_sudoku_new(&p, 1, n) == PZ_OK);
    set_backend(p);
    REQUIRE(pz_sudoku_set_regions(p, pz_text_regions(t, 0), NULL) == PZ_OK);
    REQUIRE(pz_puzzle_set_givens(p, pz_text_cells(t, 0)) == PZ_OK);
    uint64_t count = 0;
    pz_result stop;
    CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
    if ((long)count != want)
      fprintf(stderr, "random %d (n %d): %llu solutions, brute force %ld\n",
              iter, n, (unsigned long long)count, want);
    CHECK_EQ((long)count, want);
    checked += want > 0;
    pz_puzzle_free(p);
    pz_text_free(t);
  }
  CHECK(checked > 10); /* most instances have solutions */
}

/* --- janko.at --------------------------------------------------------------*/

static void test_janko(void) {
  FILE *f = open_shared("model/jigsaw-sudoku.jsonl");
  if (!f) return;
  static char line[16384], prob[8192], solt[8192], id[64];
  int puzzles = 0;
  double t0 = now();
  while (fgets(line, sizeof line, f)) {
    REQUIRE(json_string(line, "problem", prob, sizeof prob));
    REQUIRE(json_string(line, "solution", solt, sizeof solt));
    REQUIRE(json_string(line, "id", id, sizeof id));
    pz_text *t = parse_ok(prob, 0, PZ_TEXT_AUTO);
    CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_JANKO);
    int n = pz_text_size(t, 0);
    /* The published solution: a header "n n", then n rows of n numbers. */
    int expect[MAXN * MAXN], k = 0, hn = 0;
    char *s = solt, *end;
    REQUIRE(sscanf(s, "%d", &hn) == 1 && hn == n);
    s = strchr(s, '\n');
    REQUIRE(s);
    for (long v; k < n * n && (v = strtol(s, &end, 10), end != s); s = end)
      expect[k++] = (int)v;
    REQUIRE(k == n * n);
    solved sv;
    solve_text(t, &sv, id);
    if (sv.solutions != 1)
      fprintf(stderr, "%s: %d solutions\n", id, sv.solutions);
    CHECK_EQ(sv.solutions, 1);
    if (memcmp(sv.grid, expect, (size_t)(n * n) * sizeof(int))) {
      fprintf(stderr, "%s: not the published solution\n", id);
      CHECK(0);
    }
    CHECK(validate(n, pz_text_regions(t, 0), pz_text_cells(t, 0), expect) ==
          NULL);
    pz_text_free(t);
    puzzles++;
  }
  fclose(f);
  CHECK_EQ(puzzles, 60);
  printf("janko.at: %d jigsaw puzzles parsed, solved and proved unique in "
         "%.3f s (%s)\n", puzzles, now() - t0, backend ? backend : "default");
}

CHECK_MAIN_LINKED("test_jigsaw", test_parse, test_errors, test_labels,
                  test_regions_grid, test_vectors, test_random_counts,
                  test_janko)
