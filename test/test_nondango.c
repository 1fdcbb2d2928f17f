/* Nondango: parsers, encoder, checker and writers, run with the backend as
 * argv[1]. Solutions are judged by validate() below, written from the
 * rules alone (no library code). Vectors: small ones of our own in
 * test/data/nondango, and, when ../shared/data is present, the puzz.link
 * engine's test puzzle with its right and wrong answers and the janko.at
 * puzzles with their published solutions. */
#include <stdint.h>
#include <time.h>

#include "parse_case.h"
#include "read_file.h"
#include "test_main.h"
#include "pz.h"
#include "puzzle_on.h"

/* --- Independent validator ------------------------------------------------ */

/* Rules in the order the engine checks them. */
enum {
  V_OK,
  V_CIRCLES,      /* the answer's circles are not the puzzle's */
  V_TWO_BLACK,    /* bkMSGe2 */
  V_THREE_BLACK,  /* msConsecGt3 */
  V_THREE_WHITE,  /* muConsecGt3 */
  V_NO_BLACK      /* bkNoMS */
};
static const char *const v_names[] = {"ok",          "circles",
                                      "bkMSGe2",     "msConsecGt3",
                                      "muConsecGt3", "bkNoMS"};

/* grid: 0 no circle, 1 white, 2 black. regions: ids 0..rows*cols-1.
 * circles (may be NULL): 1 where the puzzle has a circle. Returns the
 * first broken rule in the engine's order (V_OK if none); *all (may be
 * NULL) gets one bit (1 << rule) per broken rule. */
static int validate(int rows, int cols, const int *regions,
                    const int *circles, const int *grid, unsigned *all) {
  int cells = rows * cols;
  unsigned bad = 0;
  int *black = (int *)calloc((size_t)cells, sizeof(int));
  int *used = (int *)calloc((size_t)cells, sizeof(int));
  REQUIRE(black && used);
  for (int i = 0; i < cells; i++) {
    if (circles && (circles[i] != 0) != (grid[i] != 0)) bad |= 1u << V_CIRCLES;
    used[regions[i]] = 1;
    if (grid[i] == 2) black[regions[i]]++;
  }
  for (int id = 0; id < cells; id++) {
    if (used[id] && black[id] >= 2) bad |= 1u << V_TWO_BLACK;
    if (used[id] && black[id] == 0) bad |= 1u << V_NO_BLACK;
  }
  /* Every run of three adjacent cells: right, down, down-right, down-left. */
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      int runs[4][3][2] = {{{r, c}, {r, c + 1}, {r, c + 2}},
                           {{r, c}, {r + 1, c}, {r + 2, c}},
                           {{r, c}, {r + 1, c + 1}, {r + 2, c + 2}},
                           {{r, c}, {r + 1, c - 1}, {r + 2, c - 2}}};
      for (int k = 0; k < 4; k++) {
        int v[3], inside = 1;
        for (int j = 0; j < 3; j++) {
          int rr = runs[k][j][0], cc = runs[k][j][1];
          if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) inside = 0;
          else v[j] = grid[rr * cols + cc];
        }
        if (!inside) continue;
        if (v[0] == 2 && v[1] == 2 && v[2] == 2) bad |= 1u << V_THREE_BLACK;
        if (v[0] == 1 && v[1] == 1 && v[2] == 1) bad |= 1u << V_THREE_WHITE;
      }
    }
  free(black);
  free(used);
  if (all) *all = bad;
  for (int v = V_CIRCLES; v <= V_NO_BLACK; v++)
    if (bad & (1u << v)) return v;
  return V_OK;
}

/* --- Helpers -------------------------------------------------------------- */

static pz_nondango_def *parse_text(const char *text, pz_parse_info *info) {
  pz_nondango_def *d = NULL;
  pz_parse_info local;
  int st = pz_nondango_parse(text, strlen(text), PZ_NONDANGO_AUTO, &d,
                             info ? info : &local);
  if (st) {
    fprintf(stderr, "parse failed (%d): %zu:%zu %s\n", st,
            (info ? info : &local)->line, (info ? info : &local)->column,
            (info ? info : &local)->message);
    return NULL;
  }
  return d;
}

static pz_nondango_def *parse_file(const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/nondango/%s", PZ_TEST_DATA, name);
  char *text = read_file(path, NULL);
  if (!text) {
    fprintf(stderr, "cannot read %s\n", path);
    check_failures++;
    return NULL;
  }
  pz_nondango_def *d = parse_text(text, NULL);
  free(text);
  return d;
}

/* Solution chars '#', 'o' (or '%'), '.' (or '+'), blanks ignored, into
 * solution values; returns the number of cells read. */
static int read_cells(const char *s, int *out, int max) {
  int n = 0;
  for (; *s && n < max; s++) {
    if (*s == '#') out[n++] = 2;
    else if (*s == 'o' || *s == '%') out[n++] = 1;
    else if (*s == '.' || *s == '+') out[n++] = 0;
  }
  return n;
}

static int read_sol_file(const char *name, int *out, int max) {
  char path[1024];
  snprintf(path, sizeof path, "%s/nondango/%s", PZ_TEST_DATA, name);
  char *text = read_file(path, NULL);
  if (!text) return -1;
  int n = read_cells(text, out, max);
  free(text);
  return n;
}

static pz_puzzle *make(const pz_nondango_def *d, unsigned flags) {
  pz_puzzle *p = NULL;
  REQUIRE(pz_nondango_from_def(&p, d, flags) == PZ_OK);
  pz_options opt = PZ_OPTIONS_INIT;
  opt.backend = backend;
  REQUIRE(pz_puzzle_set_options(p, &opt) == PZ_OK);
  return p;
}

static int same(const int *a, const int *b, int n) {
  return memcmp(a, b, (size_t)n * sizeof(int)) == 0;
}

/* Captures what a writer prints. */
typedef struct capture {
  char *buf;
  size_t len;
  FILE *f;
} capture;

static FILE *cap_open(capture *c) {
  memset(c, 0, sizeof *c);
  c->f = open_memstream(&c->buf, &c->len);
  REQUIRE(c->f);
  return c->f;
}

static const char *cap_close(capture *c) {
  fclose(c->f);
  return c->buf;
}

/* Solves uniquely and checks the answer with validate(). Returns the
 * number of solutions (0, 1, 2) and the first in grid. */
static int solve_unique(pz_puzzle *p, int *grid) {
  int sols = -1;
  pz_result stop;
  CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &stop), PZ_OK);
  CHECK(stop != PZ_UNKNOWN);
  if (sols >= 1) {
    int rows = pz_puzzle_rows(p), cols = pz_puzzle_cols(p);
    const int *regions = pz_nondango_regions(p, NULL);
    const int *givens = pz_puzzle_givens(p);
    CHECK_EQ(validate(rows, cols, regions, givens, grid, NULL), V_OK);
    for (int c = 0; c < rows * cols; c++) {
      if (givens[c] == PZ_NONDANGO_GIVEN_BLACK) CHECK_EQ(grid[c], 2);
      if (givens[c] == PZ_NONDANGO_GIVEN_WHITE) CHECK_EQ(grid[c], 1);
    }
  }
  return sols;
}

/* --- Own vectors ---------------------------------------------------------- */

/* Every at-most-one encoding finds exactly one solution of p, and the
 * count ends by proving there is no other. */
static void one_solution_each_amo(pz_puzzle *p) {
  for (int e = 0; e < PZ_AMO_COUNT; e++) {
    pz_options opt = PZ_OPTIONS_INIT;
    opt.backend = backend;
    opt.amo = (pz_amo_encoding)e;
    REQUIRE(pz_puzzle_set_options(p, &opt) == PZ_OK);
    uint64_t count = 0;
    pz_result stop;
    CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
    CHECK_EQ(count, 1);
    CHECK_EQ(stop, PZ_UNSAT);
  }
}

/* A data file whose unique solution is in a .sol file. */
static void own_unique(const char *name, const char *sol, int rows, int cols,
                       pz_nondango_format fmt) {
  pz_nondango_def *d = parse_file(name);
  if (!d) return;
  CHECK_EQ(pz_nondango_def_rows(d), rows);
  CHECK_EQ(pz_nondango_def_cols(d), cols);
  CHECK_EQ(pz_nondango_def_format(d), fmt);
  int n = rows * cols, *want = (int *)malloc((size_t)n * sizeof(int));
  int *grid = (int *)malloc((size_t)n * sizeof(int));
  REQUIRE(want && grid);
  CHECK_EQ(read_sol_file(sol, want, n), n);
  pz_puzzle *p = make(d, 0);
  pz_parse_info info;
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_OK);
  CHECK_EQ(solve_unique(p, grid), 1);
  if (!same(grid, want, n)) {
    fprintf(stderr, "%s: solution differs from %s\n", name, sol);
    check_failures++;
  }
  /* The library's own checker agrees. */
  pz_nondango_verdict v;
  CHECK_EQ(pz_nondango_check(p, want, &v, &info), PZ_OK);
  CHECK_EQ(v, PZ_NONDANGO_CORRECT);
  one_solution_each_amo(p);
  pz_puzzle_free(p);
  free(want);
  free(grid);
  pz_nondango_def_free(d);
}


/* The puzzle of test/data/nondango/file has no solution: solve says UNSAT
 * and count 0; check_givens answers st, its info into *info. */
static void no_solution(const char *file, int st, pz_parse_info *info) {
  memset(info, 0, sizeof *info);
  pz_nondango_def *d = parse_file(file);
  if (!d) return;
  pz_puzzle *p = make(d, 0);
  CHECK_EQ(pz_puzzle_check_givens(p, info), st);
  pz_result r;
  CHECK_EQ(pz_puzzle_solve(p, NULL, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  uint64_t count = 9;
  CHECK_EQ(pz_puzzle_count(p, 0, &count, &r), PZ_OK);
  CHECK_EQ(count, 0);
  pz_puzzle_free(p);
  pz_nondango_def_free(d);
}

static void test_own_vectors(void) {
  own_unique("a4x6.txt", "a4x6.sol", 4, 6, PZ_NONDANGO_GRID);
  own_unique("b5x3.pzprv3", "b5x3.sol", 5, 3, PZ_NONDANGO_PZPRV3);
  own_unique("c7x5.url", "c7x5.sol", 7, 5, PZ_NONDANGO_URL);
  own_unique("c7x5.txt", "c7x5.sol", 7, 5, PZ_NONDANGO_GRID);

  /* The URL and the character grid describe the same board. */
  pz_nondango_def *u = parse_file("c7x5.url"), *g = parse_file("c7x5.txt");
  if (u && g) {
    int nu, ng;
    const int *ru = pz_nondango_def_regions(u, &nu);
    const int *rg = pz_nondango_def_regions(g, &ng);
    CHECK_EQ(nu, 7);
    CHECK_EQ(ng, 7);
    CHECK(same(ru, rg, 35));
    CHECK(same(pz_nondango_def_cells(u), pz_nondango_def_cells(g), 35));
    /* Region ids are in row-major order of first appearance. */
    CHECK_EQ(ru[0], 0);
    CHECK_EQ(ru[1], 1);
    CHECK_EQ(ru[3], 2);
    /* The writer gives back the URL of the file. */
    capture c;
    pz_nondango_write_url(cap_open(&c), ru, pz_nondango_def_cells(u), 7, 5);
    CHECK(strcmp(cap_close(&c),
                 "https://puzz.link/p?nondango/5/7/l9ig400b6pv3i4o42gn\n") == 0);
    free(c.buf);
  }
  pz_nondango_def_free(u);
  pz_nondango_def_free(g);

  /* The pzprv3 file's marks are a (correct) answer: checked, and usable
   * as givens. */
  pz_nondango_def *d = parse_file("b5x3.pzprv3");
  if (d) {
    int ans[15], grid[15], want[15];
    CHECK_EQ(pz_nondango_def_marks(d), 8);
    CHECK_EQ(pz_nondango_def_answer(d, ans), PZ_OK);
    CHECK_EQ(read_sol_file("b5x3.sol", want, 15), 15);
    CHECK(same(ans, want, 15));
    int regions[15];
    memcpy(regions, pz_nondango_def_regions(d, NULL), sizeof regions);
    CHECK_EQ(validate(5, 3, regions, NULL, ans, NULL), V_OK);
    pz_puzzle *p = make(d, PZ_NONDANGO_USE_MARKS);
    CHECK_EQ(pz_puzzle_givens(p)[2], PZ_NONDANGO_GIVEN_BLACK);
    CHECK_EQ(pz_puzzle_givens(p)[0], PZ_NONDANGO_GIVEN_WHITE);
    CHECK_EQ(solve_unique(p, grid), 1);
    CHECK(same(grid, want, 15));
    pz_puzzle_free(p);
    /* Without the flag the marks are plain circles. */
    p = make(d, 0);
    CHECK_EQ(pz_puzzle_givens(p)[2], PZ_NONDANGO_CIRCLE);
    pz_puzzle_free(p);
    pz_nondango_def_free(d);
  }

  /* Two solutions; counting and enumerating. */
  d = parse_file("two.txt");
  if (d) {
    pz_puzzle *p = make(d, 0);
    uint64_t count = 0;
    pz_result stop;
    CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
    CHECK_EQ(count, 2);
    CHECK_EQ(stop, PZ_UNSAT);
    int grid[2];
    CHECK_EQ(solve_unique(p, grid), 2);
    /* Givens change between calls; each call sees the current ones. */
    int g1[2] = {PZ_NONDANGO_GIVEN_BLACK, PZ_NONDANGO_CIRCLE};
    int g2[2] = {PZ_NONDANGO_CIRCLE, PZ_NONDANGO_GIVEN_BLACK};
    int g3[2] = {PZ_NONDANGO_GIVEN_WHITE, PZ_NONDANGO_CIRCLE};
    int g4[2] = {PZ_NONDANGO_GIVEN_WHITE, PZ_NONDANGO_GIVEN_WHITE};
    CHECK_EQ(pz_puzzle_set_givens(p, g1), PZ_OK);
    CHECK_EQ(solve_unique(p, grid), 1);
    CHECK(grid[0] == 2 && grid[1] == 1);
    CHECK_EQ(pz_puzzle_set_givens(p, g2), PZ_OK);
    CHECK_EQ(solve_unique(p, grid), 1);
    CHECK(grid[0] == 1 && grid[1] == 2);
    CHECK_EQ(pz_puzzle_set_givens(p, g3), PZ_OK);
    CHECK_EQ(solve_unique(p, grid), 1);
    CHECK(grid[0] == 1 && grid[1] == 2);
    CHECK_EQ(pz_puzzle_set_givens(p, g4), PZ_OK);
    pz_parse_info info;
    CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
    CHECK(strstr(info.message, "given white") != NULL);
    CHECK_EQ(solve_unique(p, grid), 0);
    pz_puzzle_free(p);
    pz_nondango_def_free(d);
  }

  /* The grid format's 'b' is a clue. */
  d = parse_file("marks.txt");
  if (d) {
    CHECK_EQ(pz_nondango_def_marks(d), 1);
    pz_puzzle *p = make(d, 0);
    int grid[2];
    CHECK_EQ(solve_unique(p, grid), 1);
    CHECK(grid[0] == 1 && grid[1] == 2);
    pz_puzzle_free(p);
    pz_nondango_def_free(d);
  }

  /* No solution: three one-circle regions in a row. */
  pz_parse_info why;
  no_solution("unsat.txt", PZ_OK, &why);
  /* A region without a circle: reported by check_givens, UNSAT. */
  no_solution("empty-region.txt", PZ_ERR_CONFLICT, &why);
  CHECK_EQ(why.line, 1);
  CHECK_EQ(why.column, 2);
  CHECK(strstr(why.message, "no circle") != NULL);

  /* Malformed files. */
  static const struct {
    const char *name;
    size_t line, column;
    const char *words;
  } bad[] = {
      {"bad-char.txt", 5, 2, "'x'"},
      {"bad-size.txt", 5, 3, "row 2 of the circles has 2 cells, expected 3"},
      {"bad-url.txt", 1, 52, "18 characters"},
      {"bad-pzprv3.txt", 9, 3, "unknown cell 'x'"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char path[1024];
    FILE *f = open_test_data(path, sizeof path, "nondango", bad[i].name);
    pz_nondango_def *x = (pz_nondango_def *)&i; /* must be reset to NULL */
    pz_parse_info info;
    CHECK_EQ(pz_nondango_read(f, PZ_NONDANGO_AUTO, &x, &info), PZ_ERR_PARSE);
    fclose(f);
    CHECK(x == NULL);
    CHECK_EQ(info.line, bad[i].line);
    CHECK_EQ(info.column, bad[i].column);
    if (!strstr(info.message, bad[i].words)) {
      fprintf(stderr, "%s: message '%s' lacks '%s'\n", bad[i].name,
              info.message, bad[i].words);
      check_failures++;
    }
  }
}

/* --- Malformed text --------------------------------------------------------- */

/* pz_nondango_parse in the form CHECK_REFUSALS calls: the format found. */
#define parse_auto(text, len, def, info)                                      \
  pz_nondango_parse(text, len, PZ_NONDANGO_AUTO, def, info)

static void test_malformed(void) {
  static const parse_case cases[] = {
      /* URLs: the column is the character position. */
      /* test/data/nondango/a4x6.txt is nondango/6/4/aack632018b9e. */
      {"nondango/6/4/aack632018b9", PZ_ERR_PARSE, 1, 26,
       "has 12 characters"},
      {"nondango/6/4/aack632018b9e0", PZ_ERR_PARSE, 1, 27,
       "has 14 characters"},
      {"https://puzz.link/p?nondango/6/4/aack632018b9z", PZ_ERR_PARSE, 1,
       46, "'z' is not a base-32 digit"},
      {"https://puzz.link/p?sudoku/9/9/abc", PZ_ERR_PARSE, 1, 21,
       "for 'sudoku'"},
      {"?nondango/0/6/00", PZ_ERR_PARSE, 1, 11, "at least 1"},
      {"?nondango/x6/6/00", PZ_ERR_PARSE, 1, 11, "'x6', not a number"},
      {"?nondango/2000/6/00", PZ_ERR_TOO_LARGE, 1, 11, "at most 1024"},
      {"?nondango/6/6", PZ_ERR_PARSE, 1, 14, "ends before the URL body"},
      {"?nondango/6/6/00/7", PZ_ERR_PARSE, 1, 17, "unexpected '/7'"},
      {"  ?nondango/1/1/0 x", PZ_ERR_PARSE, 1, 18, "blank"},
      {"?nondango/1/1/0\nmore", PZ_ERR_PARSE, 2, 1, "unexpected 'more'"},
      /* pzprv3. */
      {"pzprv3/nondango/2/2/1/0 0 /0 0 /o o /o/", PZ_ERR_PARSE, 1, 39,
       "row 2 of the cells has 1 entries, expected 2"},
      {"pzprv3/nondango/2/2/1/0 0 /0 0 0 /o o /o o/", PZ_ERR_PARSE, 1, 32,
       "more than 2 entries"},
      {"pzprv3/nondango/2/2/1/0 0 /0 0 /o o /", PZ_ERR_PARSE, 1, 38,
       "ends before row 2 of the cells"},
      {"pzprv3/sudoku/2/2/1/", PZ_ERR_PARSE, 1, 8, "for 'sudoku'"},
      {"pzprv3\nnondango\n2\nx\n", PZ_ERR_PARSE, 4, 1,
       "columns is 'x', not a number"},
      {"pzprv3x\nnondango\n", PZ_ERR_PARSE, 1, 1, "expected 'pzprv3'"},
      {"pzprv3\nnondango\n1\n2\nR\n", PZ_ERR_PARSE, 5, 1, "regions is 'R'"},
      /* Grid format. */
      {"AB\nA\n\noo\no.\n", PZ_ERR_PARSE, 2, 1,
       "row 2 of the regions has 1 cells, expected 2"},
      {"AB\nAB\n\noo\n", PZ_ERR_PARSE, 5, 1, "has 1 rows, the region grid 2"},
      {"AB\nAB\n", PZ_ERR_PARSE, 3, 1, "missing the circle grid"},
      {"A?\n\noo\n", PZ_ERR_PARSE, 1, 2, "bad region label '?'"},
      {"AB\n\noo\nxo\n", PZ_ERR_PARSE, 4, 1, "more rows"},
      {"AB\n\noo\n\nzz\n", PZ_ERR_PARSE, 5, 1, "unexpected 'zz'"},
      {"AB\n\no#\n", PZ_ERR_PARSE, 3, 2, "bad circle cell '#'"},
      {"AB\n\nooo\n", PZ_ERR_PARSE, 3, 3, "more than 2 cells"},
      {"", PZ_ERR_PARSE, 1, 1, "no puzzle"},
      {"# only a comment\n\n", PZ_ERR_PARSE, 2, 1, "no puzzle"},
  };
  CHECK_REFUSALS(cases, pz_nondango_def, parse_auto, pz_nondango_def_free);
  /* Forced formats and arguments. */
  pz_nondango_def *d = NULL;
  pz_parse_info info;
  CHECK_EQ(pz_nondango_parse("AB\n\noo\n", 7, PZ_NONDANGO_URL, &d, &info),
           PZ_ERR_PARSE);
  CHECK_EQ(pz_nondango_parse("AB\n\noo\n", 7, (pz_nondango_format)9, &d, &info),
           PZ_ERR_ARG);
  CHECK_EQ(pz_nondango_parse(NULL, 3, PZ_NONDANGO_AUTO, &d, &info), PZ_ERR_ARG);
  CHECK_EQ(pz_nondango_parse("x", 1, PZ_NONDANGO_AUTO, NULL, &info), PZ_ERR_ARG);
  /* Accepted variants: CRLF, comments, pzv.jp, bare COLS/ROWS/BODY. */
  static const char *const good[] = {
      "# c\r\nAB\r\n\r\n# c\r\noo\r\n",
      "http://pzv.jp/p.html?nondango/2/1/g0\n",
      "2/1/g0",
      "pzprv3\nnondango\n1\n2\n2\n0 1 \no # \n",
      "pzprv3/nondango/1/2/2/a b /% + /",
      "x1 y22\n\no o\n"};
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    d = parse_text(good[i], NULL);
    CHECK(d != NULL);
    if (!d) continue;
    CHECK_EQ(pz_nondango_def_rows(d), 1);
    CHECK_EQ(pz_nondango_def_cols(d), 2);
    int n;
    const int *r = pz_nondango_def_regions(d, &n);
    CHECK_EQ(n, 2);
    CHECK(r[0] == 0 && r[1] == 1);
    pz_nondango_def_free(d);
  }
  /* A label used in two places outlines two regions, as in the engine. */
  d = parse_text("ABA\n\nooo\n", NULL);
  if (d) {
    int n;
    const int *r = pz_nondango_def_regions(d, &n);
    CHECK_EQ(n, 3);
    CHECK(r[0] == 0 && r[1] == 1 && r[2] == 2);
    pz_nondango_def_free(d);
  }
}

/* --- API ------------------------------------------------------------------ */

static void test_api(void) {
  pz_puzzle *p = NULL;
  int reg3[3] = {0, 1, 2}, reg2[2] = {1, 1};
  CHECK_EQ(pz_nondango_new(NULL, 1, 3, reg3), PZ_ERR_ARG);
  CHECK_EQ(pz_nondango_new(&p, 0, 3, reg3), PZ_ERR_ARG);
  CHECK_EQ(pz_nondango_new(&p, 1, 3, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_nondango_new(&p, 1, PZ_NONDANGO_MAX_SIZE + 1, reg3),
           PZ_ERR_TOO_LARGE);
  int badreg[3] = {0, 3, 1};
  CHECK_EQ(pz_nondango_new(&p, 1, 3, badreg), PZ_ERR_RANGE);
  badreg[1] = -1;
  CHECK_EQ(pz_nondango_new(&p, 1, 3, badreg), PZ_ERR_RANGE);
  CHECK(p == NULL);

  /* Sizes, kind, givens range, region renumbering. */
  REQUIRE(pz_nondango_new(&p, 1, 2, reg2) == PZ_OK);
  CHECK(strcmp(pz_puzzle_kind(p), "nondango") == 0);
  CHECK_EQ(pz_puzzle_rows(p), 1);
  CHECK_EQ(pz_puzzle_cols(p), 2);
  CHECK_EQ(pz_puzzle_max_value(p), 2);
  int n = -1;
  const int *r = pz_nondango_regions(p, &n);
  CHECK_EQ(n, 1);
  CHECK(r && r[0] == 0 && r[1] == 0);
  int g[2] = {4, 0};
  CHECK_EQ(pz_puzzle_set_givens(p, g), PZ_ERR_RANGE);
  g[0] = -1;
  CHECK_EQ(pz_puzzle_set_givens(p, g), PZ_ERR_RANGE);
  /* No circles at all: the region cannot be satisfied. */
  pz_parse_info info;
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  pz_result res;
  pz_options opt = PZ_OPTIONS_INIT;
  opt.backend = backend;
  REQUIRE(pz_puzzle_set_options(p, &opt) == PZ_OK);
  CHECK_EQ(pz_puzzle_solve(p, NULL, &res), PZ_OK);
  CHECK_EQ(res, PZ_UNSAT);
  g[0] = g[1] = PZ_NONDANGO_GIVEN_BLACK;
  CHECK_EQ(pz_puzzle_set_givens(p, g), PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  CHECK(strstr(info.message, "two given black") != NULL);
  CHECK_EQ(info.column, 2);
  CHECK_EQ(pz_puzzle_solve(p, NULL, &res), PZ_OK);
  CHECK_EQ(res, PZ_UNSAT);

  /* The encoding: circle variables first, exact-weight projection. */
  g[0] = g[1] = PZ_NONDANGO_CIRCLE;
  CHECK_EQ(pz_puzzle_set_givens(p, g), PZ_OK);
  pz_cnf *cnf;
  size_t pn;
  unsigned flags;
  const int *proj = encoded_projection(p, &cnf, &pn, &flags);
  CHECK_EQ(pn, 2);
  CHECK(proj && proj[0] == 1 && proj[1] == 2);
  CHECK_EQ(flags, PZ_PROJECT_EXACT_WEIGHT);
  pz_cnf_free(cnf);
  /* A region of ids apart from 0..n-1 and not connected is still one. */
  int reg4[3] = {2, 0, 2}, g3[3] = {1, 1, 1};
  pz_puzzle *q;
  REQUIRE(pz_nondango_new(&q, 1, 3, reg4) == PZ_OK);
  REQUIRE(pz_puzzle_set_options(q, &opt) == PZ_OK);
  CHECK_EQ(pz_puzzle_set_givens(q, g3), PZ_OK);
  uint64_t count = 0;
  CHECK_EQ(pz_puzzle_count(q, 0, &count, &res), PZ_OK);
  CHECK_EQ(count, 2); /* "# # o" and "o # #" */
  pz_puzzle_free(q);

  /* Three given colours in a line conflict. */
  int reg9[9] = {0, 1, 2, 0, 1, 2, 0, 1, 2};
  int g9[9] = {3, 1, 1, 1, 3, 1, 1, 1, 3};
  REQUIRE(pz_nondango_new(&q, 3, 3, reg9) == PZ_OK);
  CHECK_EQ(pz_puzzle_set_givens(q, g9), PZ_OK);
  CHECK_EQ(pz_puzzle_check_givens(q, &info), PZ_ERR_CONFLICT);
  CHECK(strstr(info.message, "given black") != NULL);
  CHECK_EQ(info.line, 1);
  CHECK_EQ(info.column, 1);
  /* The checker, rule by rule. */
  pz_nondango_verdict v;
  int a[9] = {2, 1, 1, 1, 2, 1, 1, 1, 2};
  int g0[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  CHECK_EQ(pz_puzzle_set_givens(q, g0), PZ_OK);
  CHECK_EQ(pz_nondango_check(q, a, &v, &info), PZ_OK);
  CHECK_EQ(v, PZ_NONDANGO_THREE_BLACK);
  int a2[9] = {2, 1, 1, 1, 1, 2, 1, 2, 1};
  CHECK_EQ(pz_nondango_check(q, a2, &v, &info), PZ_OK);
  CHECK_EQ(v, PZ_NONDANGO_THREE_WHITE); /* column 0 */
  CHECK_EQ(validate(3, 3, reg9, g0, a2, NULL), V_THREE_WHITE);
  int a3[9] = {2, 2, 1, 1, 1, 2, 2, 1, 1};
  CHECK_EQ(pz_nondango_check(q, a3, &v, &info), PZ_OK);
  CHECK_EQ(v, PZ_NONDANGO_TWO_BLACK);
  int a4[9] = {2, 1, 0, 1, 2, 1, 1, 2, 1};
  CHECK_EQ(pz_nondango_check(q, a4, &v, &info), PZ_OK);
  CHECK_EQ(v, PZ_NONDANGO_WRONG_CIRCLES);
  int a5[9] = {2, 1, 3, 1, 2, 1, 1, 2, 1};
  CHECK_EQ(pz_nondango_check(q, a5, &v, &info), PZ_ERR_RANGE);
  CHECK_EQ(pz_nondango_check(p, a, &v, &info), PZ_OK); /* 1x2 puzzle */
  /* Count the 3x3 one: every solution validated independently. */
  REQUIRE(pz_puzzle_set_options(q, &opt) == PZ_OK);
  CHECK_EQ(pz_puzzle_count(q, 0, &count, &res), PZ_OK);
  uint64_t brute = 0;
  for (int m = 0; m < 27; m++) { /* black column per region (row-major) */
    int b[3] = {m % 3, m / 3 % 3, m / 9}, s[9];
    for (int c = 0; c < 9; c++) s[c] = b[c % 3] == c / 3 ? 2 : 1;
    if (validate(3, 3, reg9, g0, s, NULL) == V_OK) brute++;
  }
  CHECK_EQ(count, brute);
  pz_puzzle_free(q);
  pz_puzzle_free(p);
  CHECK(pz_nondango_regions(NULL, &n) == NULL);
  CHECK_EQ(n, 0);

  /* Writers. */
  int sol[6] = {2, 1, 0, 0, 1, 2};
  int regions[6] = {0, 0, 1, 0, 1, 1};
  capture c;
  CHECK_EQ(pz_nondango_write_grid(cap_open(&c), sol, 2, 3), PZ_OK);
  CHECK(strcmp(cap_close(&c), "# o .\n. o #\n") == 0);
  free(c.buf);
  CHECK_EQ(pz_nondango_write_line(cap_open(&c), sol, 2, 3), PZ_OK);
  CHECK(strcmp(cap_close(&c), "#o..o#\n") == 0);
  free(c.buf);
  CHECK_EQ(pz_nondango_write_pzprv3(cap_open(&c), regions, sol, 2, 3), PZ_OK);
  const char *text = cap_close(&c);
  CHECK(strcmp(text, "pzprv3\nnondango\n2\n3\n2\n0 0 1 \n0 1 1 \n# o . \n"
                     ". o # \n") == 0);
  pz_nondango_def *d = parse_text(text, NULL);
  free(c.buf);
  if (d) {
    int back[6];
    CHECK(same(pz_nondango_def_regions(d, NULL), regions, 6));
    CHECK_EQ(pz_nondango_def_answer(d, back), PZ_OK);
    CHECK(same(back, sol, 6));
    pz_nondango_def_free(d);
  }
  CHECK_EQ(pz_nondango_write_url(cap_open(&c), regions, sol, 2, 3), PZ_OK);
  text = cap_close(&c);
  d = parse_text(text, NULL);
  free(c.buf);
  if (d) {
    CHECK(same(pz_nondango_def_regions(d, NULL), regions, 6));
    for (int i = 0; i < 6; i++)
      CHECK_EQ(pz_nondango_def_cells(d)[i], sol[i] ? 1 : 0);
    pz_nondango_def_free(d);
  }
  sol[0] = 3;
  CHECK_EQ(pz_nondango_write_grid(cap_open(&c), sol, 2, 3), PZ_ERR_RANGE);
  CHECK_EQ(strlen(cap_close(&c)), 0); /* nothing written */
  free(c.buf);
}

/* --- Shared vectors --------------------------------------------------------- */

typedef struct lines {
  char **v;
  size_t n;
} lines;

static lines split(char *text) {
  lines l = {NULL, 0};
  size_t cap = 0;
  for (char *s = text; s;) {
    char *e = strchr(s, '\n');
    if (e) *e = 0;
    if (l.n == cap) {
      cap = cap ? cap * 2 : 256;
      l.v = (char **)realloc(l.v, cap * sizeof(char *));
      REQUIRE(l.v);
    }
    l.v[l.n++] = s;
    s = e ? e + 1 : NULL;
  }
  return l;
}

static const char *skip_blanks(const char *s) {
  while (*s == ' ' || *s == '\t') s++;
  return s;
}

static int starts(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* A line made only of cell marks, blanks and '/'. */
static int is_cell_line(const char *s) {
  int marks = 0;
  for (; *s; s++) {
    if (strchr("#%o.+", *s)) marks++;
    else if (!strchr(" /\t\r", *s)) return 0;
  }
  return marks > 0;
}

/* Section A: the engine's own test puzzle and answers. */
static void engine_vectors(lines *l) {
  const char *url = NULL;
  size_t at = 0;
  for (; at < l->n && !url; at++)
    if (strstr(l->v[at], "puzzle URL")) url = strrchr(l->v[at], ' ') + 1;
  REQUIRE(url);
  pz_nondango_def *d = parse_text(url, NULL);
  REQUIRE(d);
  int rows = pz_nondango_def_rows(d), cols = pz_nondango_def_cols(d), nreg;
  CHECK_EQ(rows, 6);
  CHECK_EQ(cols, 6);
  const int *regions = pz_nondango_def_regions(d, &nreg);
  CHECK_EQ(nreg, 8);
  int cells = rows * cols;
  /* The regions and circles listed below the URL. */
  int want_reg[36], want_circ[36], k = 0;
  for (size_t i = at; i < l->n && k < cells; i++) {
    const char *s = skip_blanks(l->v[i]);
    if (!(*s >= '0' && *s <= '9')) continue;
    for (char *e; k < cells; k++) {
      long v = strtol(s, &e, 10);
      if (e == s) break;
      want_reg[k] = (int)v;
      s = e;
    }
  }
  CHECK_EQ(k, cells);
  CHECK(same(regions, want_reg, cells));
  k = 0;
  for (size_t i = at; i < l->n && k < cells; i++)
    if (strstr(l->v[i], "circles (o)")) {
      for (size_t j = i + 1; j < l->n && k < cells; j++)
        k += read_cells(l->v[j], want_circ + k, cells - k);
      break;
    }
  CHECK_EQ(k, cells);
  for (int c = 0; c < cells; c++)
    CHECK_EQ(pz_nondango_def_cells(d)[c], want_circ[c] ? 1 : 0);

  /* The correct answer: accepted, and the one solution the solver finds. */
  int answer[36], grid[36];
  k = 0;
  for (size_t i = 0; i < l->n; i++)
    if (starts(l->v[i], "CORRECT ANSWER")) {
      for (size_t j = i + 1; j < l->n && k < cells; j++)
        k += read_cells(l->v[j], answer + k, cells - k);
      break;
    }
  CHECK_EQ(k, cells);
  CHECK_EQ(validate(rows, cols, regions, want_circ, answer, NULL), V_OK);
  pz_puzzle *p = make(d, 0);
  CHECK_EQ(solve_unique(p, grid), 1);
  CHECK(same(grid, answer, cells));
  one_solution_each_amo(p);
  pz_nondango_verdict verdict;
  pz_parse_info info;
  CHECK_EQ(pz_nondango_check(p, answer, &verdict, &info), PZ_OK);
  CHECK_EQ(verdict, PZ_NONDANGO_CORRECT);
  pz_puzzle_free(p);

  /* The four wrong answers, each rejected for its own reason. */
  static const struct {
    const char *code;
    int rule;
    pz_nondango_verdict verdict;
  } wrong[] = {{"bkMSGe2", V_TWO_BLACK, PZ_NONDANGO_TWO_BLACK},
               {"msConsecGt3", V_THREE_BLACK, PZ_NONDANGO_THREE_BLACK},
               {"muConsecGt3", V_THREE_WHITE, PZ_NONDANGO_THREE_WHITE},
               {"bkNoMS", V_NO_BLACK, PZ_NONDANGO_NO_BLACK}};
  int found = 0;
  for (size_t w = 0; w < 4; w++) {
    char head[32];
    snprintf(head, sizeof head, "%s (", wrong[w].code);
    size_t i = 0;
    while (i < l->n && !starts(skip_blanks(l->v[i]), head)) i++;
    if (i == l->n) {
      fprintf(stderr, "vector %s not found\n", wrong[w].code);
      check_failures++;
      continue;
    }
    const char *rooms = NULL, *cellsline = NULL;
    for (size_t j = i + 1; j < l->n && j < i + 5 && !cellsline; j++) {
      const char *s = skip_blanks(l->v[j]);
      if (starts(s, "rooms ")) rooms = s + 6;
      else if (starts(s, "cells ")) cellsline = s + 6;
      else if (is_cell_line(s)) cellsline = s;
    }
    REQUIRE(cellsline);
    int ans[36], room[36];
    CHECK_EQ(read_cells(cellsline, ans, cells), cells);
    memcpy(room, regions, sizeof room);
    if (rooms) {
      const char *s = rooms;
      for (int c = 0; c < cells; c++) {
        char *e;
        while (*s == ' ' || *s == '/') s++;
        room[c] = (int)strtol(s, &e, 10);
        s = e;
      }
    }
    unsigned all;
    int first = validate(rows, cols, room, NULL, ans, &all);
    if (first != wrong[w].rule) {
      fprintf(stderr, "%s: validator says %s first\n", wrong[w].code,
              v_names[first]);
      check_failures++;
    }
    /* The same answer through the pzprv3 reader and the library checker:
     * "pzprv3/nondango/6/6/R/<rooms>/<cells>/" as in the engine's script. */
    char text[1024];
    int len = snprintf(text, sizeof text, "pzprv3/nondango/%d/%d/%d/", rows,
                       cols, nreg);
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++)
        len += snprintf(text + len, sizeof text - (size_t)len, "%d ",
                        room[r * cols + c]);
      len += snprintf(text + len, sizeof text - (size_t)len, "/");
    }
    snprintf(text + len, sizeof text - (size_t)len, "%s/", cellsline);
    pz_nondango_def *wd = parse_text(text, NULL);
    CHECK(wd != NULL);
    if (wd) {
      int back[36];
      CHECK_EQ(pz_nondango_def_answer(wd, back), PZ_OK);
      CHECK(same(back, ans, cells));
      pz_puzzle *wp = make(wd, 0);
      CHECK_EQ(pz_nondango_check(wp, back, &verdict, &info), PZ_OK);
      CHECK_EQ(verdict, wrong[w].verdict);
      pz_puzzle_free(wp);
      pz_nondango_def_free(wd);
    }
    found++;
  }
  CHECK_EQ(found, 4);
  pz_nondango_def_free(d);
}

/* Section C: janko.at puzzles with published solutions. */
static void janko_vectors(lines *l) {
  double t60 = 0;
  int solved60 = 0, total = 0;
  for (size_t i = 0; i < l->n; i++) {
    if (!starts(l->v[i], "## ")) continue;
    int num = atoi(l->v[i] + 3);
    const char *rs = strstr(l->v[i], "rows="), *cs = strstr(l->v[i], "cols=");
    REQUIRE(rs && cs);
    int rows = atoi(rs + 5), cols = atoi(cs + 5), cells = rows * cols;
    int unique = strstr(l->v[i], "check=UNIQUE") != NULL;
    const char *url = NULL;
    int *regions = (int *)malloc((size_t)cells * sizeof(int));
    int *sol = (int *)malloc((size_t)cells * sizeof(int));
    int *grid = (int *)malloc((size_t)cells * sizeof(int));
    int *other = (int *)malloc((size_t)cells * sizeof(int));
    REQUIRE(regions && sol && grid && other);
    int nr = 0, ns = 0;
    size_t j = i + 1;
    for (; j < l->n && !starts(l->v[j], "## "); j++) {
      if (starts(l->v[j], "derived_pzprjs_url=")) url = l->v[j] + 19;
      else if (starts(l->v[j], "regions")) {
        for (int r = 0; r < rows && j + 1 < l->n; r++) {
          const char *s = l->v[++j];
          for (int c = 0; c < cols; c++) {
            char *e;
            regions[nr++] = (int)strtol(s, &e, 10);
            s = e;
          }
        }
      } else if (starts(l->v[j], "solution")) {
        for (int r = 0; r < rows && j + 1 < l->n; r++)
          ns += read_cells(l->v[++j], sol + ns, cells - ns);
      }
    }
    i = j - 1;
    total++;
    CHECK_EQ(nr, cells);
    CHECK_EQ(ns, cells);
    REQUIRE(url);
    /* The published solution itself is valid. */
    CHECK_EQ(validate(rows, cols, regions, NULL, sol, NULL), V_OK);
    pz_nondango_def *d = parse_text(url, NULL);
    CHECK(d != NULL);
    if (!d) continue;
    CHECK_EQ(pz_nondango_def_rows(d), rows);
    CHECK_EQ(pz_nondango_def_cols(d), cols);
    if (!same(pz_nondango_def_regions(d, NULL), regions, cells)) {
      fprintf(stderr, "janko %d: URL regions differ from the listed ones\n",
              num);
      check_failures++;
    }
    for (int c = 0; c < cells; c++)
      CHECK_EQ(pz_nondango_def_cells(d)[c], sol[c] ? 1 : 0);
    /* Our URL writer reproduces the independently derived URL. */
    capture cap;
    pz_nondango_write_url(cap_open(&cap), pz_nondango_def_regions(d, NULL),
                          pz_nondango_def_cells(d), rows, cols);
    const char *written = cap_close(&cap);
    CHECK(strncmp(written, "https://puzz.link/p", 19) == 0 &&
          strncmp(written + 19, url, strlen(url)) == 0);
    free(cap.buf);

    pz_puzzle *p = make(d, 0);
    double t0 = now();
    int sols = solve_unique(p, grid);
    double dt = now() - t0;
    if (num >= 1 && num <= 60) {
      t60 += dt;
      solved60++;
    }
    if (unique) {
      CHECK_EQ(sols, 1);
      if (!same(grid, sol, cells)) {
        fprintf(stderr, "janko %d: solution differs from the published one\n",
                num);
        check_failures++;
      }
    } else {
      /* #14: exactly two solutions, the published one and one with the
       * black circle of one region moved. */
      CHECK_EQ(sols, 2);
      uint64_t count = 0;
      pz_result stop;
      CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
      CHECK_EQ(count, 2);
      CHECK_EQ(stop, PZ_UNSAT);
      if (same(grid, sol, cells)) {
        /* Find the other one: block the published solution. */
        int *g = (int *)malloc((size_t)cells * sizeof(int));
        REQUIRE(g);
        memcpy(g, pz_puzzle_givens(p), (size_t)cells * sizeof(int));
        int changed = 0;
        for (int c = 0; c < cells && !changed; c++)
          if (sol[c] == 1) {
            /* Forcing one white circle black cannot keep the published
             * answer; try until the other solution appears. */
            g[c] = PZ_NONDANGO_GIVEN_BLACK;
            CHECK_EQ(pz_puzzle_set_givens(p, g), PZ_OK);
            pz_result r;
            CHECK_EQ(pz_puzzle_solve(p, other, &r), PZ_OK);
            if (r == PZ_SAT) changed = 1;
            g[c] = PZ_NONDANGO_CIRCLE;
          }
        free(g);
        CHECK(changed);
      } else {
        memcpy(other, grid, (size_t)cells * sizeof(int));
      }
      CHECK_EQ(validate(rows, cols, regions, sol, other, NULL), V_OK);
      int diff = 0, d1 = -1, d2 = -1;
      for (int c = 0; c < cells; c++)
        if (other[c] != sol[c]) {
          diff++;
          if (d1 < 0) d1 = c;
          else d2 = c;
        }
      CHECK_EQ(diff, 2);
      if (diff == 2) {
        CHECK_EQ(regions[d1], regions[d2]);
        /* r2c5 <-> r3c5 (1-based), as the oracle says. */
        CHECK_EQ(d1, 1 * cols + 4);
        CHECK_EQ(d2, 2 * cols + 4);
      }
      if (num != 14) {
        fprintf(stderr, "janko %d: unexpected non-unique entry\n", num);
        check_failures++;
      }
    }
    pz_nondango_verdict v;
    pz_parse_info info;
    pz_puzzle_set_givens(p, NULL);
    pz_puzzle_free(p);
    p = make(d, 0);
    CHECK_EQ(pz_nondango_check(p, sol, &v, &info), PZ_OK);
    CHECK_EQ(v, PZ_NONDANGO_CORRECT);
    pz_puzzle_free(p);
    pz_nondango_def_free(d);
    free(regions);
    free(sol);
    free(grid);
    free(other);
  }
  CHECK_EQ(solved60, 60);
  printf("janko 001-060 (%s): %d puzzles solved and proved unique in %.3f s "
         "(%d puzzles in the file)\n", backend ? backend : "default",
         solved60, t60, total);
}

static void test_shared_vectors(void) {
  char buf[1024];
  const char *path = shared_data("oracles/nondango-vectors.txt", buf,
                                 sizeof buf);
  if (!path) {
    printf("test_nondango: ../shared/data absent; engine and janko vectors "
           "skipped\n");
    return;
  }
  char *text = read_file(path, NULL);
  REQUIRE(text);
  lines l = split(text);
  engine_vectors(&l);
  janko_vectors(&l);
  free(l.v);
  free(text);
}

CHECK_MAIN_LINKED("test_nondango", test_api, test_malformed, test_own_vectors,
                  test_shared_vectors)
