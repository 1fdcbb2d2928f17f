/* Star Battle: the reader, the API, and the solver against an independent
 * validator and an independent backtracking counter (random region maps),
 * the vectors in test/data/starbattle/, and every janko.at puzzle of
 * ../shared/data/model/star-battle.jsonl (when present) solved, validated,
 * equal to the published solution and unique. Run with the backend name
 * as argv[1]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pz.h>

#include "brute.h"
#include "parse_case.h"
#include "read_file.h"
#include "test_main.h"
#include "json_line.h"
#include "random.h"

/* ---- independent reference code (no pz calls) ------------------------ */

/* A puzzle as the test sees it: labels per cell (any int >= 0 names a
 * region, -1 no region). */
typedef struct shape {
  int rows, cols, k;
  int lab[16 * 16];
} shape;

/* NULL when sol is a solution of s by the rules, else what is wrong. */
static const char *validate(const shape *s, const int *sol) {
  int R = s->rows, C = s->cols;
  for (int i = 0; i < R * C; i++) {
    if (sol[i] != 0 && sol[i] != 1) return "a cell is neither 0 nor 1";
    if (sol[i] && s->lab[i] < 0) return "a star on a cell in no region";
  }
  for (int r = 0; r < R; r++) {
    int n = 0;
    for (int c = 0; c < C; c++) n += sol[r * C + c];
    if (n != s->k) return "a row has the wrong number of stars";
  }
  for (int c = 0; c < C; c++) {
    int n = 0;
    for (int r = 0; r < R; r++) n += sol[r * C + c];
    if (n != s->k) return "a column has the wrong number of stars";
  }
  for (int i = 0; i < R * C; i++) { /* each region, from its first cell */
    int first = 1, n = 0;
    for (int j = 0; j < i && first; j++) first = s->lab[j] != s->lab[i];
    if (s->lab[i] < 0 || !first) continue;
    for (int j = 0; j < R * C; j++) n += s->lab[j] == s->lab[i] && sol[j];
    if (n != s->k) return "a region has the wrong number of stars";
  }
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
          int r2 = r + dr, c2 = c + dc;
          if ((dr || dc) && r2 >= 0 && r2 < R && c2 >= 0 && c2 < C &&
              sol[r * C + c] && sol[r2 * C + c2])
            return "two stars touch";
        }
  return NULL;
}

/* Backtracking counter: rows as bit masks of their stars. */
typedef struct bt {
  const shape *s;
  int *masks, nmasks; /* masks with k stars, none adjacent */
  int colcnt[16], regcnt[16 * 16 + 1];
  int reg[16 * 16];   /* labels mapped to 0.. (-1 none) */
  int nreg;
  uint64_t count;
} bt;

static void bt_row(bt *b, int r, int prev) {
  const shape *s = b->s;
  int C = s->cols;
  if (r == s->rows) {
    for (int c = 0; c < C; c++)
      if (b->colcnt[c] != s->k) return;
    for (int g = 0; g < b->nreg; g++)
      if (b->regcnt[g] != s->k) return;
    b->count++;
    return;
  }
  for (int i = 0; i < b->nmasks; i++) {
    int m = b->masks[i], ok = !(m & (prev | prev << 1 | prev >> 1));
    int added[16], nadded = 0;
    for (int c = 0; c < C && ok; c++) {
      if (!(m >> c & 1)) continue;
      int g = b->reg[r * C + c];
      ok = g >= 0 && b->colcnt[c] < s->k && b->regcnt[g] < s->k;
      if (ok) {
        b->colcnt[c]++;
        b->regcnt[g]++;
        added[nadded++] = c;
      }
    }
    if (ok) bt_row(b, r + 1, m);
    for (int j = 0; j < nadded; j++) {
      b->colcnt[added[j]]--;
      b->regcnt[b->reg[r * C + added[j]]]--;
    }
  }
}

static uint64_t brute_count(const shape *s) {
  bt b;
  memset(&b, 0, sizeof b);
  b.s = s;
  int n = s->rows * s->cols;
  for (int i = 0; i < n; i++) {
    b.reg[i] = -1;
    if (s->lab[i] < 0) continue;
    for (int j = 0; j < i && b.reg[i] < 0; j++)
      if (s->lab[j] == s->lab[i]) b.reg[i] = b.reg[j];
    if (b.reg[i] < 0) b.reg[i] = b.nreg++;
  }
  b.masks = (int *)malloc(sizeof(int) << s->cols);
  REQUIRE(b.masks);
  for (int m = 0; m < 1 << s->cols; m++) {
    int bits = 0;
    for (int c = 0; c < s->cols; c++) bits += m >> c & 1;
    if (bits == s->k && !(m & m << 1)) b.masks[b.nmasks++] = m;
  }
  bt_row(&b, 0, 0);
  free(b.masks);
  return b.count;
}

/* A random map: nreg regions grown from random seeds (or, with scatter,
 * every cell a random region), some cells in no region. */
static void random_shape(shape *s, int rows, int cols, int k, int nreg,
                         int holes, int scatter) {
  int n = rows * cols;
  s->rows = rows;
  s->cols = cols;
  s->k = k;
  for (int i = 0; i < n; i++) s->lab[i] = -2; /* unassigned */
  for (int h = 0; h < holes; h++) s->lab[rnd_below(n)] = -1;
  if (scatter) {
    for (int i = 0; i < n; i++)
      if (s->lab[i] == -2) s->lab[i] = 10 + rnd_below(nreg) * 7;
    return;
  }
  for (int g = 0; g < nreg; g++) {
    int i = rnd_below(n);
    for (int t = 0; t < n && s->lab[i] != -2; t++) i = (i + 1) % n;
    if (s->lab[i] == -2) s->lab[i] = g + 1;
  }
  for (int left = 1; left;) {
    left = 0;
    for (int i = 0; i < n; i++) {
      if (s->lab[i] != -2) continue;
      int r = i / cols, c = i % cols, cand[4], nc = 0;
      if (r > 0 && s->lab[i - cols] > 0) cand[nc++] = s->lab[i - cols];
      if (r + 1 < rows && s->lab[i + cols] > 0) cand[nc++] = s->lab[i + cols];
      if (c > 0 && s->lab[i - 1] > 0) cand[nc++] = s->lab[i - 1];
      if (c + 1 < cols && s->lab[i + 1] > 0) cand[nc++] = s->lab[i + 1];
      if (nc && rnd_below(2)) s->lab[i] = cand[rnd_below(nc)];
      else left = 1;
    }
    /* cells walled in by holes: a region of their own */
    int stuck = 1;
    for (int i = 0; i < n && stuck; i++)
      if (s->lab[i] == -2) {
        int r = i / cols, c = i % cols;
        stuck = !((r > 0 && s->lab[i - cols] > 0) ||
                  (r + 1 < rows && s->lab[i + cols] > 0) ||
                  (c > 0 && s->lab[i - 1] > 0) ||
                  (c + 1 < cols && s->lab[i + 1] > 0));
      }
    if (left && stuck)
      for (int i = 0; i < n; i++)
        if (s->lab[i] == -2) {
          s->lab[i] = 500 + i;
          break;
        }
  }
}

/* ---- helpers around the library --------------------------------------- */

static pz_puzzle *make(const shape *s, pz_card_encoding card) {
  int ids[16 * 16];
  for (int i = 0; i < s->rows * s->cols; i++) /* ids must be < cells */
    ids[i] = s->lab[i] < 0 ? PZ_STARBATTLE_NO_REGION
                           : s->lab[i] % (s->rows * s->cols);
  pz_puzzle *p;
  REQUIRE(pz_starbattle_new(&p, s->rows, s->cols, s->k, ids) == PZ_OK);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  o.card = card;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  return p;
}

static const char *validate_shape(const void *s, const int *grid) {
  return validate((const shape *)s, grid);
}

/* ---- tests -------------------------------------------------------------- */

/* The labels of make() must keep the regions apart: relabel so that label
 * % cells is unique per region. */
static void normalise(shape *s) {
  int n = s->rows * s->cols, map[16 * 16], next = 0;
  for (int i = 0; i < n; i++) map[i] = -1;
  for (int i = 0; i < n; i++) {
    if (s->lab[i] < 0) continue;
    int j = 0;
    while (j < i && s->lab[j] != s->lab[i]) j++;
    if (j == i) map[i] = next++;
    else map[i] = map[j];
  }
  for (int i = 0; i < n; i++)
    if (s->lab[i] >= 0) s->lab[i] = map[i];
}

static void test_random_counts(void) {
  int nonzero = 0, rounds = 0;
  for (int t = 0; t < 160; t++) {
    shape s;
    int rows = 4 + rnd_below(5), cols = t % 8 == 7 ? 4 + rnd_below(5) : rows;
    int k = rows >= 7 && rnd_below(2) ? 2 : 1;
    int nreg = rows + (t % 10 == 9 ? rnd_below(3) - 1 : 0);
    random_shape(&s, rows, cols, k, nreg, rnd_below(3) ? 0 : rnd_below(6),
                 t % 13 == 12);
    normalise(&s);
    uint64_t want = brute_count(&s);
    pz_card_encoding card = (pz_card_encoding)(t % PZ_CARD_COUNT);
    pz_puzzle *p = make(&s, card);
    uint64_t got;
    pz_result stop;
    REQUIRE(pz_puzzle_count(p, 0, &got, &stop) == PZ_OK);
    CHECK_EQ(stop, PZ_UNSAT);
    if (got != want)
      fprintf(stderr, "map %d (%dx%d k=%d card %d): pz %llu, brute force %llu\n",
              t, rows, cols, k, (int)card, (unsigned long long)got,
              (unsigned long long)want);
    CHECK_EQ(got, want);
    if (want <= 2000) {
      brute_seen v = {validate_shape, &s, 0, 0};
      uint64_t n;
      REQUIRE(pz_puzzle_enumerate(p, 0, brute_seen_solution, &v, &n, &stop) == PZ_OK);
      CHECK_EQ(n, want);
      CHECK_EQ(v.n, want);
      CHECK_EQ(v.bad, 0);
    }
    nonzero += want > 0;
    rounds++;
    pz_puzzle_free(p);
  }
  CHECK(nonzero > 20); /* the maps must not all be hopeless */
  if (getenv("PZ_TEST_VERBOSE"))
    printf("  random maps: %d, %d with solutions\n", rounds, nonzero);
}

/* Known counts without regions that matter: every cell its own row's
 * region (rows as regions) on n x n, k = 1: the placements of n
 * non-attacking kings one per row and column (OEIS A002464: 2 for n = 4, 14
 * for 5, 90 for 6, 646 for 7). */
static void test_known_counts(void) {
  static const uint64_t want[4] = {2, 14, 90, 646};
  for (int n = 4; n <= 7; n++) {
    shape s;
    s.rows = s.cols = n;
    s.k = 1;
    for (int i = 0; i < n * n; i++) s.lab[i] = i / n;
    pz_puzzle *p = make(&s, PZ_CARD_AUTO);
    uint64_t got;
    pz_result stop;
    REQUIRE(pz_puzzle_count(p, 0, &got, &stop) == PZ_OK);
    CHECK_EQ(got, want[n - 4]);
    CHECK_EQ(brute_count(&s), want[n - 4]);
    pz_puzzle_free(p);
  }
}

/* The janko text "R C K" + rows of tokens, read by the test itself. */
static int test_read_janko(const char *text, shape *s) {
  const char *p = text;
  int used;
  if (sscanf(p, "%d %d %d%n", &s->rows, &s->cols, &s->k, &used) != 3) return 0;
  if (s->rows > 16 || s->cols > 16) return 0;
  p += used;
  for (int i = 0; i < s->rows * s->cols; i++) {
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') p++;
    if (*p == '@' || *p == '#') {
      s->lab[i] = -1;
      p++;
    } else if (sscanf(p, "%d%n", &s->lab[i], &used) == 1) {
      p += used;
    } else {
      return 0;
    }
  }
  return 1;
}

/* Solves text with pz: the solution must be valid and unique, and equal
 * want (a janko solution grid of x / -) when given. */
static void solve_text(const char *name, const char *text, const char *want,
                       int unique) {
  shape s;
  REQUIRE(test_read_janko(text, &s));
  pz_starbattle_def *d;
  pz_parse_info info;
  int st = pz_starbattle_parse(text, strlen(text), &d, &info);
  if (st) fprintf(stderr, "%s: %zu:%zu: %s\n", name, info.line, info.column,
                  info.message);
  REQUIRE(st == PZ_OK);
  pz_puzzle *p;
  REQUIRE(pz_starbattle_from_def(&p, d) == PZ_OK);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  int n = s.rows * s.cols, sol[16 * 16], count;
  pz_result stop;
  REQUIRE(pz_puzzle_unique(p, &count, sol, &stop) == PZ_OK);
  if (count != unique) fprintf(stderr, "%s: %d solutions\n", name, count);
  CHECK_EQ(count, unique);
  if (count) {
    const char *why = validate(&s, sol);
    if (why) fprintf(stderr, "%s: %s\n", name, why);
    CHECK(why == NULL);
  }
  if (want && count) {
    int k = 0, same = 1;
    for (const char *q = want; *q && k <= n; q++) {
      if (*q != 'x' && *q != '-') continue;
      if (k < n && (*q == 'x') != (sol[k] == 1)) same = 0;
      k++;
    }
    if (!same || k != n) fprintf(stderr, "%s: not the published solution\n", name);
    CHECK(same && k == n);
  }
  pz_puzzle_free(p);
  pz_starbattle_def_free(d);
}

static void test_janko(void) {
  char buf[512];
  const char *path = shared_data("model/star-battle.jsonl", buf, sizeof buf);
  if (!path) {
    printf("../shared/data/model/star-battle.jsonl absent: skipped\n");
    return;
  }
  size_t len;
  char *all = read_file(path, &len);
  REQUIRE(all);
  int puzzles = 0;
  double t0 = now();
  for (char *line = all; *line;) {
    char *end = strchr(line, '\n');
    if (end) *end = 0;
    char id[64], problem[4096], solution[4096];
    if (*line) {
      REQUIRE(json_string(line, "id", id, sizeof id));
      REQUIRE(json_string(line, "problem", problem, sizeof problem));
      REQUIRE(json_string(line, "solution", solution, sizeof solution));
      /* The solution repeats the header line: compare the grid. */
      const char *grid = strchr(solution, '\n');
      REQUIRE(grid);
      solve_text(id, problem, grid, 1);
      puzzles++;
    }
    if (!end) break;
    line = end + 1;
  }
  free(all);
  CHECK_EQ(puzzles, 40);
  printf("janko: %d puzzles solved, checked and unique in %.3f s (%s)\n",
         puzzles, now() - t0, backend);
}

/* The vectors of test/data/starbattle/ with their number of solutions. */
static void test_data_files(void) {
  static const struct {
    const char *file;
    int solutions;
  } files[] = {{"five.txt", 1},   {"letters6.txt", 1}, {"outside7.txt", 1},
               {"black8.txt", 1}, {"two.txt", 2},      {"unsat.txt", 0}};
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/starbattle/%s", PZ_TEST_DATA, files[i].file);
    char *text = read_file(path, NULL);
    REQUIRE(text);
    const char *row1 = strchr(text, '\n') + 1;
    if (strchr(row1, ' ') && strchr(row1, ' ') < strchr(row1, '\n')) {
      solve_text(files[i].file, text, NULL, files[i].solutions);
    } else { /* letters: check the count and each solution via enumerate */
      pz_starbattle_def *d;
      REQUIRE(pz_starbattle_parse(text, strlen(text), &d, NULL) == PZ_OK);
      shape s;
      s.rows = pz_starbattle_def_rows(d);
      s.cols = pz_starbattle_def_cols(d);
      s.k = pz_starbattle_def_stars(d);
      /* the test's own reading of the letters */
      const char *q = row1;
      for (int k = 0; k < s.rows * s.cols; q++)
        if (*q != '\n' && *q != '\r') s.lab[k++] = *q == '@' || *q == '#' ? -1 : *q;
      pz_puzzle *p;
      REQUIRE(pz_starbattle_from_def(&p, d) == PZ_OK);
      pz_options o = PZ_OPTIONS_INIT;
      o.backend = backend;
      REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
      brute_seen v = {validate_shape, &s, 0, 0};
      uint64_t n;
      pz_result stop;
      REQUIRE(pz_puzzle_enumerate(p, 0, brute_seen_solution, &v, &n, &stop) == PZ_OK);
      CHECK_EQ(n, (uint64_t)files[i].solutions);
      CHECK_EQ(v.bad, 0);
      CHECK_EQ(brute_count(&s), (uint64_t)files[i].solutions);
      pz_puzzle_free(p);
      pz_starbattle_def_free(d);
    }
    free(text);
  }
}

/* What the reader accepts, and the regions it makes. */
static void test_parse_ok(void) {
  static const char *const texts[] = {
      "2 3 1\n1 1 2\n3 # @\n",
      "\xef\xbb\xbf\n\n  2 3 1  \r\n\n1 1 2\r\n\n3 # @\n\n",
      "2 3 1\nAAB\nC#@",
      "2 3 1\n5 5 1\n6 @ #", /* numbers are labels: renumbered */
  };
  static const int want[6] = {0, 0, 1, 2, -1, -1};
  for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
    pz_starbattle_def *d;
    pz_parse_info info;
    int st = pz_starbattle_parse(texts[i], strlen(texts[i]), &d, &info);
    if (st) fprintf(stderr, "text %zu: %zu:%zu: %s\n", i, info.line,
                    info.column, info.message);
    REQUIRE(st == PZ_OK);
    CHECK_EQ(pz_starbattle_def_rows(d), 2);
    CHECK_EQ(pz_starbattle_def_cols(d), 3);
    CHECK_EQ(pz_starbattle_def_stars(d), 1);
    int count;
    const int *reg = pz_starbattle_def_regions(d, &count);
    CHECK_EQ(count, 3);
    for (int c = 0; c < 6; c++) CHECK_EQ(reg[c], want[c]);
    pz_starbattle_def_free(d);
  }
  /* One column: tokens (so "12" is region 12, an error below). */
  pz_starbattle_def *d;
  REQUIRE(pz_starbattle_parse("2 1 1\n2\n1\n", 10, &d, NULL) == PZ_OK);
  int count;
  pz_starbattle_def_regions(d, &count);
  CHECK_EQ(count, 2);
  pz_starbattle_def_free(d);
}

/* Errors: status, line, column and a piece of the message. */
static void test_parse_errors(void) {
  static const parse_case bad[] = {
      {"", PZ_ERR_PARSE, 1, 1, "no puzzle"},
      {"\n \n", PZ_ERR_PARSE, 3, 1, "no puzzle"},
      {"4 4\n", PZ_ERR_PARSE, 1, 4, "before the number of stars"},
      {"x 4 1\n", PZ_ERR_PARSE, 1, 1, "number of rows is 'x'"},
      {"0 4 1\n", PZ_ERR_PARSE, 1, 1, "at least 1"},
      {"4 1025 1\n", PZ_ERR_TOO_LARGE, 1, 3, "at most 1024"},
      {"4 4 0\n", PZ_ERR_RANGE, 1, 5, "stars per unit 0 is out of range"},
      {"4 4 99999999999999999999\n", PZ_ERR_RANGE, 1, 5, "out of range"},
      {"4 4 1 1\n", PZ_ERR_PARSE, 1, 7, "unexpected '1' after the header"},
      {"2 2 1\n1 2\n1 2 3\n", PZ_ERR_PARSE, 3, 5, "row 2 has more than 2"},
      {"2 2 1\n1 2\n1\n", PZ_ERR_PARSE, 3, 2, "row 2 has 1 cells, expected 2"},
      {"2 2 1\n1 2\n1 5\n", PZ_ERR_RANGE, 3, 3, "region number 5 is out of range 1..4"},
      {"2 1 1\n12\n", PZ_ERR_RANGE, 2, 1, "region number 12 is out of range 1..2"},
      {"2 2 1\n1 2\n1 -1\n", PZ_ERR_PARSE, 3, 3, "bad cell '-1'"},
      {"2 2 1\n1 2\n1 \xc3\xa9\n", PZ_ERR_PARSE, 3, 3, "bad cell '\xc3\xa9'"},
      {"2 2 1\n1 2\n", PZ_ERR_PARSE, 3, 1, "the grid has 1 rows, expected 2"},
      {"2 2 1\n", PZ_ERR_PARSE, 2, 1, "the grid has 0 rows"},
      {"2 2 1\n1 2\n1 2\nfoo\n", PZ_ERR_PARSE, 4, 1, "text after the last"},
      {"2 2 1\nAB\nA-\n", PZ_ERR_PARSE, 3, 2, "bad cell '-'"},
      {"2 2 1\nAB\nABC\n", PZ_ERR_PARSE, 3, 3, "more than 2 cells"},
      {"2 2 1\nAB\nA\n", PZ_ERR_PARSE, 3, 2, "row 2 has 1 cells, expected 2"},
      {"2 2 1\nAB\nA B\n", PZ_ERR_PARSE, 3, 2, "a blank inside row 2"},
      {"2 2 1\n1 2\n1\0002\n", PZ_ERR_PARSE, 3, 2, "NUL"},
  };
  CHECK_REFUSALS(bad, pz_starbattle_def, pz_starbattle_parse,
                 pz_starbattle_def_free);
  /* The stream reader agrees. */
  FILE *f = tmpfile();
  REQUIRE(f);
  fputs("2 2 1\n1 2\n1 2 3\n", f);
  rewind(f);
  pz_starbattle_def *d;
  pz_parse_info info;
  CHECK_EQ(pz_starbattle_read(f, &d, &info), PZ_ERR_PARSE);
  CHECK_EQ(info.line, 3);
  CHECK_EQ(info.column, 5);
  fclose(f);
  CHECK_EQ(pz_starbattle_parse(NULL, 1, &d, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_starbattle_parse("", 0, NULL, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_starbattle_read(NULL, &d, NULL), PZ_ERR_ARG);
  pz_starbattle_def_free(NULL);
}

static void test_api(void) {
  int reg[4] = {0, 1, 2, 3};
  pz_puzzle *p = (pz_puzzle *)reg;
  CHECK_EQ(pz_starbattle_new(NULL, 2, 2, 1, reg), PZ_ERR_ARG);
  CHECK_EQ(pz_starbattle_new(&p, 2, 2, 1, NULL), PZ_ERR_ARG);
  CHECK(p == NULL);
  CHECK_EQ(pz_starbattle_new(&p, 0, 2, 1, reg), PZ_ERR_ARG);
  CHECK_EQ(pz_starbattle_new(&p, 2, 2, 0, reg), PZ_ERR_ARG);
  CHECK_EQ(pz_starbattle_new(&p, 2, 1025, 1, reg), PZ_ERR_TOO_LARGE);
  CHECK_EQ(pz_starbattle_new(&p, 2, 2, 1025, reg), PZ_ERR_TOO_LARGE);
  reg[3] = 4;
  CHECK_EQ(pz_starbattle_new(&p, 2, 2, 1, reg), PZ_ERR_RANGE);
  reg[3] = -2;
  CHECK_EQ(pz_starbattle_new(&p, 2, 2, 1, reg), PZ_ERR_RANGE);
  CHECK(p == NULL);
  CHECK_EQ(pz_starbattle_from_def(NULL, NULL), PZ_ERR_ARG);
  /* A 1x1 grid with one star. */
  int one = 0, sol = -1;
  REQUIRE(pz_starbattle_new(&p, 1, 1, 1, &one) == PZ_OK);
  CHECK(strcmp(pz_puzzle_kind(p), "starbattle") == 0);
  CHECK_EQ(pz_puzzle_rows(p), 1);
  CHECK_EQ(pz_puzzle_cols(p), 1);
  CHECK_EQ(pz_puzzle_max_value(p), 1);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  pz_result r;
  REQUIRE(pz_puzzle_solve(p, &sol, &r) == PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  CHECK_EQ(sol, PZ_STARBATTLE_STAR);
  pz_puzzle_free(p);
  /* Every cell in no region: no row can hold its star. */
  one = PZ_STARBATTLE_NO_REGION;
  REQUIRE(pz_starbattle_new(&p, 1, 1, 1, &one) == PZ_OK);
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  REQUIRE(pz_puzzle_solve(p, &sol, &r) == PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  pz_puzzle_free(p);
  /* Writers. */
  FILE *f = tmpfile();
  REQUIRE(f);
  int s[6] = {1, 0, 0, 0, 0, 1};
  CHECK_EQ(pz_starbattle_write_grid(f, s, 2, 3), PZ_OK);
  CHECK_EQ(pz_starbattle_write_line(f, s, 2, 3), PZ_OK);
  s[1] = 2;
  CHECK_EQ(pz_starbattle_write_grid(f, s, 2, 3), PZ_ERR_RANGE);
  CHECK_EQ(pz_starbattle_write_line(NULL, s, 2, 3), PZ_ERR_ARG);
  rewind(f);
  char got[64] = {0};
  CHECK(fread(got, 1, sizeof got - 1, f) > 0);
  CHECK(strcmp(got, "x - -\n- - x\nx----x\n") == 0);
  fclose(f);
}

CHECK_MAIN_LINKED("test_starbattle", test_parse_ok, test_parse_errors, test_api,
                  test_known_counts, test_random_counts, test_data_files,
                  test_janko)
