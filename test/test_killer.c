/* Killer Sudoku: the text reader, the API, and the solver against a
 * validator and a brute-force counter written here from the rules (no pz
 * call inside them). Published puzzles: janko.at Killer Sudoku 1-60 from
 * ../shared/data/model/killer-sudoku.jsonl when present. Run with the
 * backend name as argv[1]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pz.h>

#include "brute.h"
#include "parse_case.h"
#include "test_main.h"
#include "json_line.h"
#include "random.h"

/* ---- independent reference code ---------------------------------------- */

typedef struct inst {
  int br, bc, n, ncages;
  int cage[81], sum[81], given[81];
} inst;

static int box_of(const inst *in, int x) {
  int r = x / in->n, c = x % in->n;
  return (r / in->br) * in->br + c / in->bc;
}

/* NULL when sol solves in, else what is wrong. */
static const char *validate(const inst *in, const int *sol) {
  int n = in->n;
  for (int x = 0; x < n * n; x++) {
    if (sol[x] < 1 || sol[x] > n) return "value out of range";
    if (in->given[x] && in->given[x] != sol[x]) return "a given is changed";
    for (int y = x + 1; y < n * n; y++)
      if (sol[x] == sol[y] &&
          (x / n == y / n || x % n == y % n || box_of(in, x) == box_of(in, y) ||
           (in->cage[x] >= 0 && in->cage[x] == in->cage[y])))
        return "a value repeats in a row, column, box or cage";
  }
  for (int k = 0; k < in->ncages; k++) {
    int s = 0;
    for (int x = 0; x < n * n; x++)
      if (in->cage[x] == k) s += sol[x];
    if (s != in->sum[k]) return "a cage sum is wrong";
  }
  return NULL;
}

/* Backtracking counter, cell by cell, with cage sums checked when a cage
 * is complete and bounded while it fills. */
typedef struct bf {
  const inst *in;
  int g[81], left[81], cagesum[81];
  long long count;
} bf;

static void bf_rec(bf *b, int x) {
  const inst *in = b->in;
  int n = in->n;
  if (x == n * n) {
    b->count++;
    return;
  }
  int k = in->cage[x];
  for (int v = 1; v <= n; v++) {
    if (in->given[x] && in->given[x] != v) continue;
    int ok = 1;
    for (int y = 0; y < x && ok; y++)
      if (b->g[y] == v && (y / n == x / n || y % n == x % n ||
                           box_of(in, x) == box_of(in, y) ||
                           (k >= 0 && in->cage[y] == k)))
        ok = 0;
    if (!ok) continue;
    if (k >= 0) {
      int s = b->cagesum[k] + v;
      if (s > in->sum[k] || (b->left[k] == 1 && s != in->sum[k])) continue;
      b->cagesum[k] = s;
      b->left[k]--;
    }
    b->g[x] = v;
    bf_rec(b, x + 1);
    b->g[x] = 0;
    if (k >= 0) {
      b->cagesum[k] -= v;
      b->left[k]++;
    }
  }
}

static long long brute_count(const inst *in) {
  bf b;
  memset(&b, 0, sizeof b);
  b.in = in;
  for (int x = 0; x < in->n * in->n; x++)
    if (in->cage[x] >= 0) b.left[in->cage[x]]++;
  bf_rec(&b, 0);
  return b.count;
}

/* A random valid grid by backtracking in random value order. */
static int fill(const inst *in, int *g, int x) {
  int n = in->n;
  if (x == n * n) return 1;
  int start = rnd_below(n);
  for (int i = 0; i < n; i++) {
    int v = 1 + (start + i) % n, ok = 1;
    for (int y = 0; y < x && ok; y++)
      if (g[y] == v && (y / n == x / n || y % n == x % n ||
                        box_of(in, x) == box_of(in, y)))
        ok = 0;
    if (!ok) continue;
    g[x] = v;
    if (fill(in, g, x + 1)) return 1;
  }
  g[x] = 0;
  return 0;
}

/* Random cages grown from random cells (connected, 1..maxsize cells) over
 * about cover percent of the grid, sums from grid g (or off by one when
 * skew), a few givens. */
static void random_inst(inst *in, int br, int bc, int maxsize, int cover,
                        int ngivens, int skew, int *g) {
  memset(in, 0, sizeof *in);
  in->br = br;
  in->bc = bc;
  int n = in->n = br * bc;
  memset(g, 0, 81 * sizeof(int));
  fill(in, g, 0);
  for (int x = 0; x < n * n; x++) in->cage[x] = -1;
  for (int t = 0; t < n * n; t++) {
    int x = rnd_below(n * n);
    if (in->cage[x] >= 0 || rnd_below(100) >= cover) continue;
    int k = in->ncages++, size = 1 + rnd_below(maxsize), members[81], m = 0;
    in->cage[x] = k;
    members[m++] = x;
    for (int tries = 0; m < size && tries < 20; tries++) {
      int y = members[rnd_below(m)], d = rnd_below(4);
      int r = y / n + (d == 0) - (d == 1), c = y % n + (d == 2) - (d == 3);
      if (r < 0 || c < 0 || r >= n || c >= n || in->cage[r * n + c] >= 0) continue;
      in->cage[r * n + c] = k;
      members[m++] = r * n + c;
    }
    for (int i = 0; i < m; i++) in->sum[k] += g[members[i]];
    /* A cage may repeat a value of g (then it has no solution): keep the
     * sum in the range pz_killer_new accepts. */
    if (in->sum[k] > n * (n + 1) / 2) in->sum[k] = n * (n + 1) / 2;
  }
  if (skew && in->ncages) {
    int k = rnd_below(in->ncages);
    int most = n * (n + 1) / 2;
    in->sum[k] += in->sum[k] == most || (in->sum[k] > 1 && rnd_below(2)) ? -1 : 1;
  }
  for (int i = 0; i < ngivens; i++) {
    int x = rnd_below(n * n);
    in->given[x] = g[x];
  }
}

/* ---- helpers -------------------------------------------------------- */

static void set_backend(pz_puzzle *p) {
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
}

static pz_puzzle *make(const inst *in) {
  pz_puzzle *p = NULL;
  REQUIRE(pz_killer_new(&p, in->br, in->bc, in->cage, in->sum, in->ncages) == PZ_OK);
  REQUIRE(pz_puzzle_set_givens(p, in->given) == PZ_OK);
  set_backend(p);
  return p;
}

/* The instance a definition describes (n <= 9). */
static void inst_of_def(const pz_killer_def *d, inst *in) {
  memset(in, 0, sizeof *in);
  in->n = pz_killer_def_size(d);
  REQUIRE(in->n <= 9);
  pz_killer_def_box(d, &in->br, &in->bc);
  const int *cages = pz_killer_def_cages(d, &in->ncages);
  memcpy(in->cage, cages, (size_t)(in->n * in->n) * sizeof(int));
  memcpy(in->sum, pz_killer_def_sums(d), (size_t)in->ncages * sizeof(int));
  memcpy(in->given, pz_killer_def_givens(d), (size_t)(in->n * in->n) * sizeof(int));
}

DEFINE_PARSE_OK(parse_ok, pz_killer_def, pz_killer_parse)
DEFINE_READ_DATA(read_data, pz_killer_def, pz_killer_read, "killer")

/* ---- tests ------------------------------------------------------------ */

static void test_parse_errors(void) {
  static const parse_case cases[] = {
      {"", PZ_ERR_PARSE, 1, 1, "no puzzle"},
      {"2 2\n", PZ_ERR_PARSE, 2, 1, "after 0 of 2 rows of sums"},
      {"2 3\n", PZ_ERR_PARSE, 1, 3, "square"},
      {"2\n", PZ_ERR_PARSE, 1, 2, "missing the number of columns"},
      {"2 2 x\n", PZ_ERR_PARSE, 1, 5, "unexpected 'x'"},
      {"0 0\n", PZ_ERR_PARSE, 1, 1, "at least 1"},
      {"2000 2000\n", PZ_ERR_TOO_LARGE, 1, 1, "at most 1024"},
      {"1 1\n1\n", PZ_ERR_PARSE, 3, 1, "after 0 of 1 rows of cages"},
      {"1 1\n2\n1\n", PZ_ERR_RANGE, 2, 1, "sum 2 is out of range 1..1"},
      {"1 1\n1\nx+\n", PZ_ERR_PARSE, 3, 1, "'x+' is not a cage label"},
      {"2 2\n3 -\n- -\nA A\n-1 -1\n", PZ_ERR_PARSE, 5, 1, "'-1' is not a cage label"},
      {"2 2\n3 -\n- -\n99 99\nb7 -\n", PZ_ERR_PARSE, 5, 1, "cage b7 has no sum cell"},
      {"1 1\n1\n1\n0\n", PZ_ERR_RANGE, 4, 1, "given 0 is out of range"},
      {"1 1\n1\n1\n1\n-\n", PZ_ERR_PARSE, 5, 1, "text after the puzzle"},
      {"2 2\n3 -\n- -\n1 1\n2 2\n", PZ_ERR_PARSE, 5, 1, "cage 2 has no sum cell"},
      {"2 2\n3 -\n3 -\n1 1\n1 1\n", PZ_ERR_PARSE, 3, 1, "cage 1 has a second sum"},
      {"2 2\n3 -\n- 3\n1 1\n- -\n", PZ_ERR_PARSE, 3, 3, "in no cage"},
      {"2 2\n3 - -\n", PZ_ERR_PARSE, 2, 5, "more than 2 cells"},
      {"2 2\n3\n", PZ_ERR_PARSE, 2, 2, "has 1 cells, expected 2"},
      {"2 2\n3 +\n", PZ_ERR_PARSE, 2, 3, "sum needs an integer, found '+'"},
      {"1 1\n1\n\0\n", PZ_ERR_PARSE, 3, 1, "NUL"},
  };
  CHECK_REFUSALS(cases, pz_killer_def, pz_killer_parse, pz_killer_def_free);
  /* The shipped bad files, line and column. */
  static const struct {
    const char *file;
    size_t line, col;
  } files[] = {{"bad_header.txt", 1, 3},  {"bad_no_sum.txt", 8, 5},
               {"bad_short.txt", 8, 6},   {"bad_sum_range.txt", 3, 7},
               {"bad_token.txt", 7, 5},   {"bad_trailing.txt", 14, 1},
               {"bad_two_sums.txt", 3, 5}};
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    char path[512];
    FILE *f = open_test_data(path, sizeof path, "killer", files[i].file);
    pz_killer_def *d = NULL;
    pz_parse_info info;
    CHECK(pz_killer_read(f, &d, &info) != PZ_OK);
    fclose(f);
    CHECK(d == NULL);
    CHECK_EQ(info.line, files[i].line);
    CHECK_EQ(info.column, files[i].col);
  }
}

static void test_parse_ok(void) {
  /* Comments, blank lines, a BOM, CRLF, uncovered cells and givens. */
  pz_killer_def *d = parse_ok("\xef\xbb\xbf# x\r\n2 2\r\n\r\n3 -\r\n- 1\r\n"
                              "4 4\r\n- 1\r\n# givens\n- 2\n- -\n");
  int nc = 0;
  const int *cages = pz_killer_def_cages(d, &nc);
  CHECK_EQ(pz_killer_def_size(d), 2);
  CHECK_EQ(nc, 2);
  CHECK_EQ(cages[0], 0);
  CHECK_EQ(cages[1], 0);
  CHECK_EQ(cages[2], PZ_KILLER_NO_CAGE);
  CHECK_EQ(cages[3], 1);
  CHECK_EQ(pz_killer_def_sums(d)[0], 3);
  CHECK_EQ(pz_killer_def_sums(d)[1], 1);
  CHECK_EQ(pz_killer_def_givens(d)[1], 2);
  CHECK_EQ(pz_killer_def_givens(d)[0], 0);
  pz_killer_def_free(d);
}

static void solve_unique(const pz_killer_def *d, const int *expect, const char *what);

/* Labels are names: test/data/killer/partial4.txt with its cages named
 * 99, x, A7, 36 and 036 (one name), a 22-digit number, ... groups its
 * cells as the names do and has the same one solution. */
static void test_labels(void) {
  static const char named[] = "4 4\n2 - 7 -\n7 - 2 1\n- - 3 -\n5 - 4 -\n"
                              "99 - x x\nA7 A7 ab 1000000000000000000000\n"
                              "Z - 36 036\nZ - cage5 -\n"
                              "- - - -\n- - - -\n- - - 2\n1 - - -\n";
  pz_killer_def *d = parse_ok(named), *plain = read_data("partial4.txt");
  const char *rows = strstr(named, "99 -");
  int nc = 0, plain_nc = 0;
  CHECK(same_groups(rows, 4, pz_killer_def_cages(d, &nc)));
  pz_killer_def_cages(plain, &plain_nc);
  CHECK_EQ(nc, plain_nc);
  pz_puzzle *p = NULL;
  int sol[16], count = 0;
  pz_result stop;
  REQUIRE(pz_killer_from_def(&p, plain) == PZ_OK);
  set_backend(p);
  CHECK_EQ(pz_puzzle_unique(p, &count, sol, &stop), PZ_OK);
  CHECK_EQ(count, 1);
  solve_unique(d, sol, "cages with named labels");
  pz_puzzle_free(p);
  pz_killer_def_free(plain);
  pz_killer_def_free(d);
}

static void test_api(void) {
  pz_puzzle *p = NULL;
  int cages[16], sums[3] = {3, 4, 5}; /* sums[2]: a cage without cells */
  for (int i = 0; i < 16; i++) cages[i] = PZ_KILLER_NO_CAGE;
  cages[0] = cages[1] = 0;
  cages[5] = 1;
  CHECK_EQ(pz_killer_new(NULL, 2, 2, cages, sums, 2), PZ_ERR_ARG);
  CHECK_EQ(pz_killer_new(&p, 0, 2, cages, sums, 2), PZ_ERR_ARG);
  CHECK_EQ(pz_killer_new(&p, 2, 2, NULL, sums, 2), PZ_ERR_ARG);
  CHECK_EQ(pz_killer_new(&p, 2, 2, cages, sums, 3), PZ_ERR_RANGE); /* empty cage */
  CHECK_EQ(pz_killer_new(&p, 64, 64, cages, sums, 2), PZ_ERR_TOO_LARGE);
  sums[1] = 11;
  CHECK_EQ(pz_killer_new(&p, 2, 2, cages, sums, 2), PZ_ERR_RANGE);
  sums[1] = 4;
  cages[7] = 2;
  CHECK_EQ(pz_killer_new(&p, 2, 2, cages, sums, 2), PZ_ERR_RANGE);
  cages[7] = PZ_KILLER_NO_CAGE;
  CHECK(p == NULL);
  REQUIRE(pz_killer_new(&p, 2, 2, cages, sums, 2) == PZ_OK);
  CHECK(strcmp(pz_puzzle_kind(p), "killer") == 0);
  const int *s = NULL;
  int nc = 0;
  CHECK(pz_killer_cages(p, &s, &nc) != NULL);
  CHECK_EQ(nc, 2);
  CHECK(s && s[1] == 4);
  set_backend(p);
  uint64_t count = 0;
  pz_result stop;
  /* Cage {r1c1, r1c2} = 3 is {1,2}; r2c2 = 4: brute force says how many. */
  inst in;
  memset(&in, 0, sizeof in);
  in.br = in.bc = 2;
  in.n = 4;
  in.ncages = 2;
  memcpy(in.cage, cages, sizeof cages);
  in.sum[0] = 3;
  in.sum[1] = 4;
  CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
  CHECK_EQ(count, brute_count(&in));
  pz_puzzle_free(p);
  pz_puzzle_free(NULL);
  pz_killer_def_free(NULL);
  CHECK(pz_killer_cages(NULL, NULL, NULL) == NULL);
  pz_killer_def *d = NULL;
  CHECK_EQ(pz_killer_parse(NULL, 0, NULL, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_killer_from_def(&p, NULL), PZ_ERR_ARG);
  d = parse_ok("6 6\n21 - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n"
               "- - - - - -\n- - - - - -\n1 1 1 1 1 1\n- - - - - -\n"
               "- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n");
  int br, bc;
  pz_killer_def_box(d, &br, &bc);
  CHECK(br == 2 && bc == 3);
  CHECK_EQ(pz_killer_def_set_box(d, 4, 2), PZ_ERR_ARG);
  CHECK_EQ(pz_killer_def_set_box(d, 3, 2), PZ_OK);
  pz_killer_def_box(d, &br, &bc);
  CHECK(br == 3 && bc == 2);
  pz_killer_def_free(d);
}

/* Random 4x4, 6x6 and 3x3 (1x3 boxes) instances: counts against brute
 * force, every solution enumerated and validated. */
static const char *validate_inst(const void *in, const int *grid) {
  return validate((const inst *)in, grid);
}

static void test_random_counts(void) {
  static const struct {
    int br, bc, maxsize, cover, givens, rounds;
  } shapes[] = {{2, 2, 4, 70, 0, 60}, {2, 2, 3, 100, 1, 60}, {1, 3, 3, 80, 0, 40},
                {2, 3, 5, 100, 4, 15}, {3, 2, 4, 90, 6, 10}};
  int g[81];
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (int round = 0; round < shapes[s].rounds; round++) {
      inst in;
      random_inst(&in, shapes[s].br, shapes[s].bc, shapes[s].maxsize,
                  shapes[s].cover, shapes[s].givens, round % 4 == 3, g);
      long long want = brute_count(&in);
      pz_puzzle *p = make(&in);
      uint64_t count = 0;
      pz_result stop;
      CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
      if ((long long)count != want)
        fprintf(stderr, "shape %zu round %d: pz %llu, brute force %lld\n", s,
                round, (unsigned long long)count, want);
      CHECK_EQ((long long)count, want);
      if (want <= 50) {
        brute_seen es = {validate_inst, &in, 0, 0};
        uint64_t got = 0;
        CHECK_EQ(pz_puzzle_enumerate(p, 0, brute_seen_solution, &es, &got, &stop), PZ_OK);
        CHECK_EQ((long long)got, want);
        CHECK_EQ(es.n, (uint64_t)want);
        CHECK(!es.bad);
      }
      int sol[81];
      pz_result res;
      CHECK_EQ(pz_puzzle_solve(p, sol, &res), PZ_OK);
      CHECK_EQ(res == PZ_SAT, want > 0);
      if (res == PZ_SAT) CHECK(validate(&in, sol) == NULL);
      pz_puzzle_free(p);
    }
}

static void solve_unique(const pz_killer_def *d, const int *expect, const char *what) {
  inst in;
  inst_of_def(d, &in);
  pz_puzzle *p = NULL;
  REQUIRE(pz_killer_from_def(&p, d) == PZ_OK);
  set_backend(p);
  int sol[81], count = -1;
  pz_result stop;
  CHECK_EQ(pz_puzzle_unique(p, &count, sol, &stop), PZ_OK);
  if (count != 1) fprintf(stderr, "%s: %d solutions\n", what, count);
  CHECK_EQ(count, 1);
  if (count >= 1) {
    const char *why = validate(&in, sol);
    if (why) fprintf(stderr, "%s: %s\n", what, why);
    CHECK(why == NULL);
    if (expect && memcmp(sol, expect, (size_t)(in.n * in.n) * sizeof(int))) {
      fprintf(stderr, "%s: not the published solution\n", what);
      check_failures++;
    }
  }
  pz_puzzle_free(p);
}

static void test_data_files(void) {
  static const int small4[16] = {3, 4, 2, 1, 2, 1, 3, 4, 4, 2, 1, 3, 1, 3, 4, 2};
  static const int partial4[16] = {2, 1, 3, 4, 3, 4, 2, 1, 4, 3, 1, 2, 1, 2, 4, 3};
  pz_killer_def *d = read_data("small4.txt");
  solve_unique(d, small4, "small4.txt");
  pz_killer_def_free(d);
  d = read_data("bom4.txt");
  solve_unique(d, small4, "bom4.txt");
  pz_killer_def_free(d);
  d = read_data("partial4.txt");
  CHECK_EQ(pz_killer_def_givens(d)[11], 2);
  CHECK_EQ(pz_killer_def_cages(d, NULL)[9], PZ_KILLER_NO_CAGE);
  solve_unique(d, partial4, "partial4.txt");
  pz_killer_def_free(d);
  /* nine.sol: the grid the cages were cut from (unique). */
  char path[512];
  snprintf(path, sizeof path, "%s/killer/nine.sol", PZ_TEST_DATA);
  FILE *f = fopen(path, "r");
  REQUIRE(f);
  int nine[81];
  for (int i = 0; i < 81; i++) {
    int ch = fgetc(f);
    REQUIRE(ch >= '1' && ch <= '9');
    nine[i] = ch - '0';
  }
  fclose(f);
  d = read_data("nine.txt");
  solve_unique(d, nine, "nine.txt");
  pz_killer_def_free(d);
  /* Counts: multi4 and unsat4, against brute force and fixed numbers. */
  static const struct {
    const char *file;
    long long count;
  } counts[] = {{"multi4.txt", 3}, {"unsat4.txt", 0}, {"small4.txt", 1}};
  for (size_t i = 0; i < 3; i++) {
    d = read_data(counts[i].file);
    inst in;
    inst_of_def(d, &in);
    CHECK_EQ(brute_count(&in), counts[i].count);
    pz_puzzle *p = NULL;
    REQUIRE(pz_killer_from_def(&p, d) == PZ_OK);
    set_backend(p);
    uint64_t count = 0;
    pz_result stop;
    CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
    CHECK_EQ((long long)count, counts[i].count);
    pz_puzzle_free(p);
    pz_killer_def_free(d);
  }
}

/* prob with its cage labels renamed (odd L: "kL", even L: L + 10^12 with
 * two leading zeros) reads as the same cages. */
static void check_renamed(const char *prob, const pz_killer_def *d, const char *id) {
  static char renamed[16384];
  int n = pz_killer_def_size(d), line = 0, used = 0;
  size_t k = 0;
  const char *cage_rows = NULL;
  for (const char *s = prob; *s && k + 64 < sizeof renamed;) {
    long long lab;
    if (line > n && line <= 2 * n && *s >= '0' && *s <= '9' &&
        sscanf(s, "%lld%n", &lab, &used) == 1) {
      if (!cage_rows) cage_rows = renamed + k;
      k += (size_t)(lab % 2 ? snprintf(renamed + k, 64, "k%lld", lab)
                            : snprintf(renamed + k, 64, "00%lld", lab + 1000000000000LL));
      s += used;
      continue;
    }
    if (*s == '\n') line++;
    renamed[k++] = *s++;
  }
  renamed[k] = 0;
  pz_killer_def *r = parse_ok(renamed);
  int nc = 0, rnc = 0;
  const int *cages = pz_killer_def_cages(d, &nc), *rcages = pz_killer_def_cages(r, &rnc);
  REQUIRE(cage_rows);
  if (!same_groups(cage_rows, n, rcages) || nc != rnc ||
      memcmp(cages, rcages, (size_t)(n * n) * sizeof(int)) ||
      memcmp(pz_killer_def_sums(d), pz_killer_def_sums(r), (size_t)nc * sizeof(int))) {
    fprintf(stderr, "%s: renamed cage labels read as other cages\n", id);
    check_failures++;
  }
  pz_killer_def_free(r);
}

static void test_janko(void) {
  FILE *f = open_shared("model/killer-sudoku.jsonl");
  if (!f) return;
  static char line[8192], prob[4096], solt[4096], id[64];
  int puzzles = 0, labelled_99 = 0;
  while (fgets(line, sizeof line, f)) {
    REQUIRE(json_string(line, "problem", prob, sizeof prob));
    REQUIRE(json_string(line, "solution", solt, sizeof solt));
    REQUIRE(json_string(line, "id", id, sizeof id));
    pz_killer_def *d = parse_ok(prob);
    check_renamed(prob, d, id);
    if (!strcmp(id, "574_6x6") || !strcmp(id, "576_6x6")) {
      printf("%s (a cage labelled 99): present\n", id);
      labelled_99++;
    }
    /* The solution: a header "N N", then N rows of N digits. */
    int n = pz_killer_def_size(d), expect[81], k = 0;
    const char *s = strchr(solt, '\n');
    REQUIRE(s);
    for (; *s && k < n * n; s++)
      if (*s >= '1' && *s <= '9') expect[k++] = *s - '0';
    REQUIRE(k == n * n);
    solve_unique(d, expect, id);
    pz_killer_def_free(d);
    puzzles++;
  }
  fclose(f);
  CHECK_EQ(puzzles, 60);
  if (labelled_99 < 2)
    printf("574_6x6, 576_6x6 not in the shared data: their cage 99 is covered "
           "by the renamed labels only\n");
}

CHECK_MAIN_LINKED("test_killer", test_parse_errors, test_parse_ok, test_labels,
                  test_api, test_random_counts, test_data_files, test_janko)
