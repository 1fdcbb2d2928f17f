/* Futoshiki: the readers and writers, the givens checks, and the solver
 * against an independent validator and an independent brute-force counter
 * (both written here from the rules, never calling the encoder), on random
 * small instances and on puzzles made by sgt-unequal with sgt's own
 * solutions (test/data/futoshiki/sgt-vectors.txt). Run with the backend
 * name as argv[1]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pz.h>

#include "parse_case.h"
#include "test_main.h"
#include "random.h"

/* ---- independent reference code (no pz calls) ------------------------ */

/* Whether a (left or upper cell) and b satisfy sign s. */
static int sign_holds(int s, int a, int b) {
  return s == 0 || (s == 1 && a < b) || (s == 2 && a > b);
}

/* NULL when sol is a solution, else what is wrong. */
static const char *validate(int n, const int *givens, const int *right,
                            const int *down, const int *sol) {
  for (int i = 0; i < n * n; i++) {
    if (sol[i] < 1 || sol[i] > n) return "value out of 1..n";
    if (givens && givens[i] && givens[i] != sol[i]) return "a given changed";
  }
  for (int u = 0; u < n; u++)
    for (int a = 0; a < n; a++)
      for (int b = a + 1; b < n; b++) {
        if (sol[u * n + a] == sol[u * n + b]) return "a row repeats a value";
        if (sol[a * n + u] == sol[b * n + u]) return "a column repeats a value";
      }
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int x = r * n + c;
      if (c + 1 < n && right && !sign_holds(right[x], sol[x], sol[x + 1]))
        return "a sign between neighbours in a row is broken";
      if (r + 1 < n && down && !sign_holds(down[x], sol[x], sol[x + n]))
        return "a sign between neighbours in a column is broken";
    }
  return NULL;
}

/* Plain backtracking over the cells in row-major order; stops at cap. */
typedef struct bf {
  int n;
  const int *givens, *right, *down;
  int g[144];
  unsigned rows[12], cols[12];
  uint64_t count, cap;
} bf;

static void bf_cell(bf *b, int x) {
  int n = b->n;
  if (b->count >= b->cap) return;
  if (x == n * n) {
    b->count++;
    return;
  }
  int r = x / n, c = x % n;
  for (int v = 1; v <= n; v++) {
    unsigned bit = 1u << v;
    if ((b->rows[r] & bit) || (b->cols[c] & bit)) continue;
    if (b->givens[x] && b->givens[x] != v) continue;
    if (c > 0 && !sign_holds(b->right[x - 1], b->g[x - 1], v)) continue;
    if (r > 0 && !sign_holds(b->down[x - n], b->g[x - n], v)) continue;
    b->g[x] = v;
    b->rows[r] |= bit;
    b->cols[c] |= bit;
    bf_cell(b, x + 1);
    b->rows[r] &= ~bit;
    b->cols[c] &= ~bit;
  }
}

static uint64_t bf_count(int n, const int *givens, const int *right,
                         const int *down, uint64_t cap) {
  bf b;
  memset(&b, 0, sizeof b);
  b.n = n;
  b.givens = givens;
  b.right = right;
  b.down = down;
  b.cap = cap;
  bf_cell(&b, 0);
  return b.count;
}

/* A random Latin square: a cyclic one with rows, columns and symbols
 * shuffled. */
static void random_square(int n, int *sq) {
  int pr[16], pc[16], ps[16];
  for (int i = 0; i < n; i++) pr[i] = pc[i] = ps[i] = i;
  for (int i = n - 1; i > 0; i--) {
    int j = rnd_below(i + 1), t = pr[i];
    pr[i] = pr[j], pr[j] = t;
    j = rnd_below(i + 1), t = pc[i], pc[i] = pc[j], pc[j] = t;
    j = rnd_below(i + 1), t = ps[i], ps[i] = ps[j], ps[j] = t;
  }
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) sq[r * n + c] = ps[(pr[r] + pc[c]) % n] + 1;
}

/* An instance: signs and givens read off a random square with the given
 * percentages, or (wild) random signs that may contradict each other. */
static void random_instance(int n, int sign_pct, int given_pct, int wild,
                            int *givens, int *right, int *down) {
  int sq[256];
  random_square(n, sq);
  for (int x = 0; x < n * n; x++) {
    int r = x / n, c = x % n;
    givens[x] = rnd_below(100) < given_pct ? sq[x] : 0;
    right[x] = down[x] = 0;
    if (c + 1 < n && rnd_below(100) < sign_pct)
      right[x] = wild ? 1 + rnd_below(2) : sq[x] < sq[x + 1] ? 1 : 2;
    if (r + 1 < n && rnd_below(100) < sign_pct)
      down[x] = wild ? 1 + rnd_below(2) : sq[x] < sq[x + n] ? 1 : 2;
  }
}

/* ---- helpers ----------------------------------------------------------- */

static pz_puzzle *make(int n, const int *givens, const int *right,
                       const int *down) {
  pz_puzzle *p;
  REQUIRE(pz_futoshiki_new(&p, n, right, down) == PZ_OK);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  if (givens) REQUIRE(pz_puzzle_set_givens(p, givens) == PZ_OK);
  return p;
}

typedef struct seen {
  int n;
  const int *givens, *right, *down;
  int bad;
  uint64_t count;
  int sols[64][25];
} seen;

/* Each enumerated solution obeys the rules and differs from the others. */
static int on_solution(void *state, const int *grid) {
  seen *s = (seen *)state;
  const char *why = validate(s->n, s->givens, s->right, s->down, grid);
  if (why) {
    fprintf(stderr, "enumerated solution: %s\n", why);
    s->bad++;
  }
  size_t cells = (size_t)s->n * (size_t)s->n;
  for (uint64_t i = 0; i < s->count && i < 64; i++)
    if (!memcmp(s->sols[i], grid, cells * sizeof(int))) s->bad++;
  if (s->count < 64) memcpy(s->sols[s->count], grid, cells * sizeof(int));
  s->count++;
  return 0;
}

/* ---- brute force against the solver ------------------------------------ */

static void test_counts(void) {
  int givens[25], right[25], down[25];
  const uint64_t cap = 200;
  int nonzero = 0, zero = 0, capped = 0;
  for (int k = 0; k < 80; k++) {
    int n = 4 + k % 2, wild = k % 4 == 3;
    random_instance(n, rnd_below(60), rnd_below(30), wild, givens, right,
                    down);
    uint64_t want = bf_count(n, givens, right, down, cap);
    pz_puzzle *p = make(n, givens, right, down);
    uint64_t got;
    pz_result stop;
    CHECK_EQ(pz_puzzle_count(p, cap, &got, &stop), PZ_OK);
    CHECK_EQ(got, want);
    CHECK_EQ(stop, want == cap ? PZ_SAT : PZ_UNSAT);
    if (got != want)
      fprintf(stderr, "instance %d (n=%d): pz %llu, brute force %llu\n", k, n,
              (unsigned long long)got, (unsigned long long)want);
    nonzero += want > 0 && want < cap;
    zero += want == 0;
    capped += want == cap;
    /* Every solution of the smaller ones, checked one by one. */
    if (want < 64) {
      seen s;
      memset(&s, 0, sizeof s);
      s.n = n, s.givens = givens, s.right = right, s.down = down;
      uint64_t count;
      CHECK_EQ(pz_puzzle_enumerate(p, 0, on_solution, &s, &count, &stop), PZ_OK);
      CHECK_EQ(count, want);
      CHECK_EQ(s.count, want);
      CHECK_EQ(s.bad, 0);
    }
    /* Uniqueness agrees with the count. */
    int sols, grid[25];
    CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &stop), PZ_OK);
    CHECK_EQ(sols, want > 2 ? 2 : (int)want);
    if (sols) CHECK(validate(n, givens, right, down, grid) == NULL);
    pz_puzzle_free(p);
  }
  /* The instances cover all three outcomes. */
  CHECK(nonzero > 5);
  CHECK(zero > 3);
  CHECK(capped > 3);
}

/* ---- sgt-unequal's puzzles and solutions ------------------------------- */

static void test_sgt_vectors(void) {
  FILE *f = fopen(PZ_TEST_DATA "/futoshiki/sgt-vectors.txt", "r");
  REQUIRE(f);
  char line[2048];
  int done = 0;
  while (fgets(line, sizeof line, f)) {
    char *sp = strchr(line, ' ');
    REQUIRE(sp);
    pz_futoshiki_def *d;
    pz_parse_info info;
    int st = pz_futoshiki_parse(line, (size_t)(sp - line), &d, &info);
    CHECK_EQ(st, PZ_OK);
    if (st) {
      fprintf(stderr, "%zu:%zu: %s\n", info.line, info.column, info.message);
      continue;
    }
    CHECK_EQ(pz_futoshiki_def_format(d), PZ_FUTOSHIKI_SGT);
    int n = pz_futoshiki_def_order(d), want[81];
    char *s = sp + 1;
    for (int i = 0; i < n * n; i++) want[i] = (int)strtol(s, &s, 10), s++;
    const int *g = pz_futoshiki_def_givens(d), *r = pz_futoshiki_def_right(d),
              *dn = pz_futoshiki_def_down(d);
    /* sgt's solution obeys the rules as read here... */
    CHECK(validate(n, g, r, dn, want) == NULL);
    pz_puzzle *p = make(n, NULL, r, dn);
    REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
    int sols, grid[81];
    pz_result stop;
    CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &stop), PZ_OK);
    /* ... and is the one solution pz finds. */
    CHECK_EQ(sols, 1);
    CHECK(validate(n, g, r, dn, grid) == NULL);
    CHECK(memcmp(grid, want, (size_t)(n * n) * sizeof(int)) == 0);
    pz_puzzle_free(p);
    pz_futoshiki_def_free(d);
    done++;
  }
  fclose(f);
  CHECK_EQ(done, 18);
}

/* ---- reading and writing ------------------------------------------------ */

static pz_futoshiki_def *parse_ok(const char *text) {
  pz_futoshiki_def *d = NULL;
  pz_parse_info info;
  int st = pz_futoshiki_parse(text, strlen(text), &d, &info);
  if (st)
    fprintf(stderr, "parse of '%s': %zu:%zu: %s\n", text, info.line,
            info.column, info.message);
  CHECK_EQ(st, PZ_OK);
  return d;
}

static void test_read(void) {
  /* Both layouts of one puzzle, signs of every spelling. */
  const char *grid = "# a comment\n\n3 < .   .\n^\n.   . > 1\n    v\n.   .   .\n\n";
  const char *compact = "3<..\n\xe2\x88\xa7\n..>1\n V\n...\n";
  const char *id = "3:3,0L,0,0U,0RD,1,0,0,0,";
  pz_futoshiki_def *a = parse_ok(grid), *b = parse_ok(compact), *c = parse_ok(id);
  REQUIRE(a && b && c);
  int g[9] = {3, 0, 0, 0, 0, 1, 0, 0, 0};
  int right[9] = {1, 0, 0, 0, 2, 0, 0, 0, 0};
  int down[9] = {1, 0, 0, 0, 2, 0, 0, 0, 0};
  pz_futoshiki_def *all[3] = {a, b, c};
  for (int k = 0; k < 3; k++) {
    CHECK_EQ(pz_futoshiki_def_order(all[k]), 3);
    CHECK(!memcmp(pz_futoshiki_def_givens(all[k]), g, sizeof g));
    CHECK(!memcmp(pz_futoshiki_def_right(all[k]), right, sizeof right));
    CHECK(!memcmp(pz_futoshiki_def_down(all[k]), down, sizeof down));
  }
  CHECK_EQ(pz_futoshiki_def_format(a), PZ_FUTOSHIKI_GRID);
  pz_futoshiki_def_free(a);
  pz_futoshiki_def_free(b);
  pz_futoshiki_def_free(c);

  /* Order 10 and up: numbers separated by blanks or signs. */
  pz_futoshiki_def *w = parse_ok(
      "10 .<.  .  .  .  .  .  .  .\n"
      "                          ^\n"
      ".  .  .  .  .  .  .  .  .  .\n\n. . . . . . . . . .\n\n"
      ". . . . . . . . . .\n\n. . . . . . . . . .\n\n. . . . . . . . . .\n\n"
      ". . . . . . . . . .\n\n. . . . . . . . . .\n\n. . . . . . . . . .\n\n"
      ". . . . . . . . . 7\n");
  REQUIRE(w);
  CHECK_EQ(pz_futoshiki_def_order(w), 10);
  CHECK_EQ(pz_futoshiki_def_givens(w)[0], 10);
  CHECK_EQ(pz_futoshiki_def_right(w)[1], PZ_FUTOSHIKI_LESS);
  CHECK_EQ(pz_futoshiki_def_down(w)[9], PZ_FUTOSHIKI_LESS);
  CHECK_EQ(pz_futoshiki_def_givens(w)[99], 7);
  pz_futoshiki_def_free(w);
}

/* Written text reads back the same, in both formats, up to order 12. */
static void test_round_trip(void) {
  int givens[144], right[144], down[144];
  for (int k = 0; k < 60; k++) {
    int n = 1 + k % 12;
    for (int x = 0; x < n * n; x++) {
      givens[x] = rnd_below(n + 1);
      right[x] = x % n == n - 1 ? 0 : rnd_below(3);
      down[x] = x / n == n - 1 ? 0 : rnd_below(3);
    }
    for (int fmt = 0; fmt < 2; fmt++) {
      char *buf = NULL;
      size_t len = 0;
      FILE *f = open_memstream(&buf, &len);
      REQUIRE(f);
      int st = fmt ? pz_futoshiki_write_sgt(f, givens, n, right, down)
                   : pz_futoshiki_write_grid(f, givens, n, right, down);
      CHECK_EQ(st, PZ_OK);
      fclose(f);
      pz_futoshiki_def *d = NULL;
      pz_parse_info info;
      st = pz_futoshiki_parse(buf, len, &d, &info);
      CHECK_EQ(st, PZ_OK);
      if (st) {
        fprintf(stderr, "n=%d %s: %zu:%zu: %s\n%s", n, fmt ? "sgt" : "grid",
                info.line, info.column, info.message, buf);
      } else {
        size_t sz = (size_t)(n * n) * sizeof(int);
        CHECK_EQ(pz_futoshiki_def_order(d), n);
        CHECK(!memcmp(pz_futoshiki_def_givens(d), givens, sz));
        CHECK(!memcmp(pz_futoshiki_def_right(d), right, sz));
        CHECK(!memcmp(pz_futoshiki_def_down(d), down, sz));
      }
      pz_futoshiki_def_free(d);
      free(buf);
    }
  }
}

static void test_errors(void) {
  static const parse_case cases[] = {
      {"", PZ_ERR_PARSE, 1, 1, "no puzzle found"},
      {"# only\n\n", PZ_ERR_PARSE, 3, 1, "no puzzle found"},
      {"1 2\n2 1\n", PZ_ERR_PARSE, 2, 1, "the grid has 2 lines"},
      {"1 . .\n\n. . .\n", PZ_ERR_PARSE, 1, 5, "more than 2 cells in row 1"},
      {". .\n\n.\n", PZ_ERR_PARSE, 3, 2, "row 2 has 1 cells, expected 2"},
      {". 3\n\n. .\n", PZ_ERR_RANGE, 1, 3, "value 3 is out of range 0..2"},
      {". x\n\n. .\n", PZ_ERR_PARSE, 1, 3, "unexpected 'x' in row 1"},
      {"< . .\n", PZ_ERR_PARSE, 1, 1, "'<' needs a cell on its left"},
      {". <> .\n\n. .\n", PZ_ERR_PARSE, 1, 4, "'>' needs a cell on its left"},
      {". . >\n\n. .\n", PZ_ERR_PARSE, 1, 5, "'>' needs a cell on its right"},
      {". .\n  x\n. .\n", PZ_ERR_PARSE, 2, 3, "unexpected 'x' between rows 1 and 2"},
      {". .\n ^\n. .\n", PZ_ERR_PARSE, 2, 2, "'^' stands under no cell of row 1"},
      {"\xef\xbb\xbf. .\n\xe2\x88\xa8 \xe2\x88\xa7 v\n. .\n", PZ_ERR_PARSE, 2, 9,
       "'v' stands under no cell"},
      {". .\n\n. \x01\n", PZ_ERR_PARSE, 3, 3, "unexpected '\\x01'"},
      {". .\n\n.\0.\n", PZ_ERR_PARSE, 3, 2, "NUL"},
      {"3:1,2,3,2,3,1,3,1,2,\n3:", PZ_ERR_PARSE, 2, 1, "text after the game id"},
      {"3:1,2,3, 2,3,1,3,1,2,", PZ_ERR_PARSE, 1, 9, "blank inside the game id"},
      {"3a:0,0,0,0,0,0,0,0,0,", PZ_ERR_PARSE, 1, 2, "Adjacent mode"},
      {"3x:0,0,0,0,0,0,0,0,0,", PZ_ERR_PARSE, 1, 2, "unexpected 'x' in the parameters"},
      {"0:", PZ_ERR_PARSE, 1, 1, "at least 1"},
      {"300:", PZ_ERR_TOO_LARGE, 1, 1, "at most 256"},
      {"2:1,2,2,", PZ_ERR_PARSE, 1, 9, "the id ends before r2c2"},
      {"2:1,2,2,1,1,", PZ_ERR_PARSE, 1, 11, "more than 4 cells"},
      {"2:1,2,3,1,", PZ_ERR_RANGE, 1, 7, "value 3 is out of range 0..2"},
      {"2:1U,2,2,1,", PZ_ERR_RANGE, 1, 4, "'U' on r1c1 points off the grid"},
      {"2:0R,0L,0,0,", PZ_ERR_PARSE, 1, 7, "each said to be greater"},
      {"2:0X,0,0,0,", PZ_ERR_PARSE, 1, 4, "unexpected 'X' after r1c1"},
      {"2:0,0,,0,", PZ_ERR_PARSE, 1, 7, "expected the number of r2c1"},
  };
  CHECK_REFUSALS(cases, pz_futoshiki_def, pz_futoshiki_parse,
                 pz_futoshiki_def_free);
  /* The stream reader says the same as the buffer parser. */
  FILE *f = fmemopen((void *)". 3\n\n. .\n", 9, "r");
  REQUIRE(f);
  pz_futoshiki_def *d;
  pz_parse_info info;
  CHECK_EQ(pz_futoshiki_read(f, &d, &info), PZ_ERR_RANGE);
  CHECK_EQ(info.line, 1);
  CHECK_EQ(info.column, 3);
  fclose(f);
  CHECK_EQ(pz_futoshiki_parse(NULL, 0, NULL, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_futoshiki_read(NULL, &d, NULL), PZ_ERR_ARG);
  pz_futoshiki_def_free(NULL);
}

/* ---- the API ------------------------------------------------------------ */

static void test_api(void) {
  pz_puzzle *p = (pz_puzzle *)&rng;
  int right[4] = {0, 0, 0, 0}, down[4] = {0, 0, 0, 0};
  CHECK_EQ(pz_futoshiki_new(NULL, 2, NULL, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_futoshiki_new(&p, 0, NULL, NULL), PZ_ERR_ARG);
  CHECK(p == NULL);
  CHECK_EQ(pz_futoshiki_new(&p, PZ_FUTOSHIKI_MAX_ORDER + 1, NULL, NULL),
           PZ_ERR_TOO_LARGE);
  right[1] = PZ_FUTOSHIKI_LESS; /* off the grid: r1c2 has no right neighbour */
  CHECK_EQ(pz_futoshiki_new(&p, 2, right, down), PZ_ERR_RANGE);
  right[1] = 0;
  down[0] = 3;
  CHECK_EQ(pz_futoshiki_new(&p, 2, right, down), PZ_ERR_RANGE);
  down[0] = PZ_FUTOSHIKI_GREATER; /* r1c1 > r2c1 */
  p = make(2, NULL, right, down);
  CHECK(strcmp(pz_puzzle_kind(p), "futoshiki") == 0);
  CHECK_EQ(pz_puzzle_max_value(p), 2);
  int grid[4], sols;
  pz_result stop;
  CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &stop), PZ_OK);
  CHECK_EQ(sols, 1);
  CHECK(validate(2, NULL, right, down, grid) == NULL);
  CHECK_EQ(grid[0], 2);
  /* Givens against the sign: a direct conflict, and no solution. */
  int g[4] = {1, 0, 2, 0};
  CHECK_EQ(pz_puzzle_set_givens(p, g), PZ_OK);
  pz_parse_info info;
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  CHECK(strstr(info.message, "r1c1") && strstr(info.message, "r2c1"));
  CHECK_EQ(pz_puzzle_solve(p, grid, &stop), PZ_OK);
  CHECK_EQ(stop, PZ_UNSAT);
  g[2] = 3;
  CHECK_EQ(pz_puzzle_set_givens(p, g), PZ_ERR_RANGE);
  pz_puzzle_free(p);
  pz_puzzle_free(NULL);
  /* Writers refuse what they cannot write. */
  int cells[4] = {1, 2, 5, 0};
  CHECK_EQ(pz_futoshiki_write_grid(stdout, cells, 2, NULL, NULL), PZ_ERR_RANGE);
  CHECK_EQ(pz_futoshiki_write_sgt(stdout, NULL, 2, NULL, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_futoshiki_write_grid(stdout, cells, 0, NULL, NULL), PZ_ERR_ARG);
  /* An order-9 puzzle from a file in the grid layout, through from_def. */
  FILE *f = fopen(PZ_TEST_DATA "/futoshiki/nine.txt", "r");
  REQUIRE(f);
  pz_futoshiki_def *d;
  CHECK_EQ(pz_futoshiki_read(f, &d, &info), PZ_OK);
  fclose(f);
  CHECK_EQ(pz_futoshiki_from_def(&p, d), PZ_OK);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  int big[81];
  CHECK_EQ(pz_puzzle_unique(p, &sols, big, &stop), PZ_OK);
  CHECK_EQ(sols, 1);
  CHECK(validate(9, pz_futoshiki_def_givens(d), pz_futoshiki_def_right(d),
                 pz_futoshiki_def_down(d), big) == NULL);
  pz_puzzle_free(p);
  pz_futoshiki_def_free(d);
}

CHECK_MAIN_LINKED("test_futoshiki", test_read, test_errors, test_round_trip,
                  test_api, test_counts, test_sgt_vectors)
