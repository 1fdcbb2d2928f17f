/* Parts that scale and cubes read back: pz_cnf_part_cubes (every model in
 * exactly one cube of one part, for any number of parts, also far more
 * parts than cubes), pz_cnf_enumerate's parts summed against brute force,
 * the iCNF pz writes read back by pz_icnf_parse and counted cube by cube,
 * a foreign iCNF with "c p show", and bad input with line and column.
 * Run with the backend as argv[1]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"
#define TEST_SEED 0x5eed0c0beULL
#include "random.h"
#include "random_formula.h"
#include "pz.h"

enum { NV = 12, NP = 8 };

static int holds(const int *cube, size_t n, unsigned a) {
  for (size_t k = 0; k < n; k++) {
    int l = cube[k], v = l < 0 ? -l : l;
    if ((l > 0) != (int)((a >> (v - 1)) & 1)) return 0;
  }
  return 1;
}

/* Projected models (bits of variables 1..NP) under a cube, by brute force. */
static int brute(const formula *f, const int *cube, size_t n) {
  unsigned char seen[1 << NP];
  int count = 0;
  memset(seen, 0, sizeof seen);
  for (unsigned a = 0; a < (1u << NV); a++) {
    unsigned p = a & ((1u << NP) - 1);
    if (!seen[p] && satisfies(f, a) && holds(cube, n, a)) seen[p] = 1, count++;
  }
  return count;
}

static void to_cnf(const formula *f, pz_cnf *cnf) {
  pz_cnf_clear(cnf);
  for (int i = 0; i < f->n; i++) pz_cnf_add(cnf, f->lits[i]);
  for (int v = 1; v <= NV; v++) pz_cnf_add2(cnf, v, -v); /* all NV */
  int proj[NP];
  for (int i = 0; i < NP; i++) proj[i] = i + 1;
  pz_cnf_set_projection(cnf, proj, NP, 0);
}

/* Each projected model: the number of cubes (of all parts) holding it. */
typedef struct hits {
  int in[1 << NP];
  int bad; /* a literal outside the projection */
} hits;

static int count_hits(void *state, const int *lits, size_t n) {
  hits *h = (hits *)state;
  for (size_t k = 0; k < n; k++)
    if (lits[k] < -NP || lits[k] > NP || !lits[k]) h->bad++;
  for (unsigned p = 0; p < (1u << NP); p++)
    if (holds(lits, n, p)) h->in[p]++;
  return 0;
}

static void test_part_cubes(void) {
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  static const uint64_t counts[] = {1, 2, 7, 64, 1000, 100000000};
  for (int round = 0; round < 12; round++) {
    formula f;
    random_clauses(&f, 3 + (int)rnd_below(25), NV);
    to_cnf(&f, cnf);
    /* Projections that have a model. */
    unsigned char model[1 << NP];
    memset(model, 0, sizeof model);
    for (unsigned a = 0; a < (1u << NV); a++)
      if (satisfies(&f, a)) model[a & ((1u << NP) - 1)] = 1;
    for (size_t c = 0; c < sizeof counts / sizeof *counts; c++) {
      uint64_t parts = counts[c], total = 0, made;
      hits h;
      memset(&h, 0, sizeof h);
      /* 10^8 parts: a sample of them (each has at most one cube here). */
      uint64_t step = parts > 1000 ? parts / 97 : 1;
      for (uint64_t k = 1; k <= parts; k += step) {
        int st = pz_cnf_part_cubes(cnf, NULL, 0, k, parts, count_hits, &h, &made);
        if (st) fprintf(stderr, "part %llu/%llu: %s\n", (unsigned long long)k,
                        (unsigned long long)parts, pz_strerror(st));
        REQUIRE(st == PZ_OK);
        total += made;
      }
      CHECK_EQ(h.bad, 0);
      if (step == 1)
        for (unsigned p = 0; p < (1u << NP); p++)
          if (model[p]) CHECK_EQ(h.in[p], 1);
      for (unsigned p = 0; p < (1u << NP); p++) CHECK(h.in[p] <= 1);
      CHECK(total <= (uint64_t)1 << NP);
    }
    /* The counts of all parts add up (a few part numbers, two methods). */
    int want = brute(&f, NULL, 0);
    for (int m = 0; m < 2; m++) {
      uint64_t parts = 1 + rnd_below(100), sum = 0;
      pz_enum_options o = PZ_ENUM_OPTIONS_INIT;
      o.backend = backend;
      o.method = m ? PZ_ENUM_DISJOINT : PZ_ENUM_AUTO;
      o.parts = parts;
      for (o.part = 1; o.part <= parts; o.part++) {
        uint64_t n;
        pz_result r;
        REQUIRE(pz_cnf_enumerate(cnf, NULL, 0, &o, 0, NULL, NULL, &n, &r) == PZ_OK);
        CHECK_EQ(r, PZ_UNSAT);
        sum += n;
      }
      CHECK_EQ(sum, (uint64_t)want);
    }
  }
  uint64_t made;
  CHECK_EQ(pz_cnf_part_cubes(cnf, NULL, 0, 0, 4, NULL, NULL, &made), PZ_ERR_RANGE);
  CHECK_EQ(pz_cnf_part_cubes(cnf, NULL, 0, 5, 4, NULL, NULL, &made), PZ_ERR_RANGE);
  CHECK_EQ(pz_cnf_part_cubes(cnf, NULL, 0, 1, PZ_ENUM_MAX_LAZY_PARTS + 1ull,
                             NULL, NULL, &made), PZ_ERR_RANGE);
  CHECK_EQ(pz_cnf_part_cubes(NULL, NULL, 0, 1, 1, NULL, NULL, &made), PZ_ERR_ARG);
  pz_cnf_free(cnf);
}

static uint64_t count_under(const pz_cnf *cnf, const int *cube, size_t n) {
  pz_enum_options o = PZ_ENUM_OPTIONS_INIT;
  o.backend = backend;
  uint64_t count = 0;
  pz_result r;
  CHECK_EQ(pz_cnf_enumerate(cnf, cube, n, &o, 0, NULL, NULL, &count, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  return count;
}

/* pz's own iCNF of reduced Latin squares of order 5 (56, OEIS A000315):
 * read back, every cube counted, the sum is the count. */
static void test_round_trip(void) {
  pz_puzzle *p;
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  REQUIRE(pz_latin_new(&p, 5, PZ_LATIN_REDUCED) == PZ_OK);
  REQUIRE(pz_puzzle_encode(p, cnf) == PZ_OK);
  for (uint64_t ncubes = 1; ncubes <= 40; ncubes += 13) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    REQUIRE(f);
    REQUIRE(pz_cnf_write_cubes(cnf, NULL, 0, ncubes, f) == PZ_OK);
    fclose(f);
    pz_icnf *in;
    pz_parse_info info;
    REQUIRE(pz_icnf_parse(&in, buf, len, &info) == PZ_OK);
    CHECK(pz_icnf_num_cubes(in) >= 1 && pz_icnf_num_cubes(in) <= ncubes);
    CHECK_EQ(pz_cnf_num_clauses(pz_icnf_cnf(in)), pz_cnf_num_clauses(cnf));
    uint64_t sum = 0;
    for (size_t i = 0; i < pz_icnf_num_cubes(in); i++) {
      size_t n;
      const int *c = pz_icnf_cube(in, i, &n);
      REQUIRE(c);
      sum += count_under(pz_icnf_cnf(in), c, n);
    }
    CHECK_EQ(sum, 56);
    CHECK_EQ(count_under(pz_icnf_cnf(in), NULL, 0), 56);
    CHECK(pz_icnf_cube(in, pz_icnf_num_cubes(in), NULL) == NULL);
    pz_icnf_free(in);
    free(buf);
  }
  pz_puzzle_free(p);
  pz_cnf_free(cnf);
}

/* Another tool's iCNF: random clauses, "c p show 1..NP 0", cubes that
 * split on variables 1 and 2 (and one that is empty); each cube's count
 * by brute force. */
static void test_foreign(void) {
  static const int cube_lits[][3] = {{1, 0, 0}, {-1, 2, 0}, {-1, -2, 0}, {0}};
  for (int round = 0; round < 20; round++) {
    formula f;
    random_clauses(&f, 3 + (int)rnd_below(20), NV);
    char text[8192];
    size_t at = 0;
    at += (size_t)snprintf(text + at, sizeof text - at,
                           "c made by a test\np inccnf\n");
    for (int i = 0; i < f.n; i++)
      at += (size_t)snprintf(text + at, sizeof text - at, f.lits[i] ? "%d " : "0\n",
                             f.lits[i]);
    at += (size_t)snprintf(text + at, sizeof text - at, "c p show");
    for (int v = 1; v <= NP; v++)
      at += (size_t)snprintf(text + at, sizeof text - at, " %d", v);
    at += (size_t)snprintf(text + at, sizeof text - at, " 0\n");
    for (int c = 0; c < 4; c++) {
      at += (size_t)snprintf(text + at, sizeof text - at, "a");
      for (int k = 0; cube_lits[c][k]; k++)
        at += (size_t)snprintf(text + at, sizeof text - at, " %d", cube_lits[c][k]);
      at += (size_t)snprintf(text + at, sizeof text - at, " 0\n");
    }
    REQUIRE(at < sizeof text);
    pz_icnf *in;
    pz_parse_info info;
    REQUIRE(pz_icnf_parse(&in, text, at, &info) == PZ_OK);
    REQUIRE(pz_icnf_num_cubes(in) == 4);
    for (size_t c = 0; c < 4; c++) {
      size_t n;
      const int *cube = pz_icnf_cube(in, c, &n);
      REQUIRE(cube);
      CHECK_EQ(count_under(pz_icnf_cnf(in), cube, n),
               (uint64_t)brute(&f, cube, n));
    }
    pz_icnf_free(in);
  }
  /* DIMACS: variables in no clause count too, with or without c p show. */
  pz_icnf *in;
  pz_parse_info info;
  const char *d = "p cnf 5 1\n1 2 0\n";
  REQUIRE(pz_icnf_parse(&in, d, strlen(d), &info) == PZ_OK);
  CHECK_EQ(pz_icnf_num_cubes(in), 0);
  CHECK_EQ(count_under(pz_icnf_cnf(in), NULL, 0), 3 * 8);
  pz_icnf_free(in);
  d = "c p show 1 2 4 0\np cnf 3 1\n1 2 0\n%\n0\n";
  REQUIRE(pz_icnf_parse(&in, d, strlen(d), &info) == PZ_OK);
  CHECK_EQ(count_under(pz_icnf_cnf(in), NULL, 0), 3 * 2);
  pz_icnf_free(in);
}

static void test_bad_input(void) {
  static const struct {
    const char *text;
    int status;
    size_t line, col;
    const char *says;
  } bad[] = {
      {"p cnf 3 1\n1 x 0\n", PZ_ERR_PARSE, 2, 3, "found 'x'"},
      {"p cnf 3 1\n1 -4 0\n", PZ_ERR_RANGE, 2, 3, "-4 is out of range"},
      {"p cnf 3 2\n1 2 0\n", PZ_ERR_PARSE, 1, 1, "says 2 clauses, the file has 1"},
      {"p cnf 3 1\n1 2\n", PZ_ERR_PARSE, 2, 4, "does not end with 0"},
      {"1 2 0\n", PZ_ERR_PARSE, 1, 1, "before the 'p cnf'"},
      {"", PZ_ERR_PARSE, 1, 1, "no 'p cnf'"},
      {"p inccnf\np inccnf\n", PZ_ERR_PARSE, 2, 1, "a second 'p' line"},
      {"p dnf 3 1\n", PZ_ERR_PARSE, 1, 1, "want 'p cnf"},
      {"p inccnf\n1 2 0\na 1 2\n", PZ_ERR_PARSE, 3, 6, "cube does not end with 0"},
      {"p inccnf\n1 2 0\na 1 0 2\n", PZ_ERR_PARSE, 3, 7, "nothing may follow"},
      {"p inccnf\n1 2\na 1 0\n", PZ_ERR_PARSE, 3, 1, "a cube inside a clause"},
      {"p cnf 3 0\nc p show 1 -2 0\n", PZ_ERR_PARSE, 2, 12, "found '-2'"},
      {"p cnf 3 0\nc p show 1 4 0\n", PZ_ERR_RANGE, 2, 12, "4 is out of range"},
      {"p inccnf\n1 2 0\na 1 2000000000 0\n", PZ_ERR_RANGE, 3, 5, "out of range"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    pz_icnf *in = (pz_icnf *)&in;
    pz_parse_info info;
    int st = pz_icnf_parse(&in, bad[i].text, strlen(bad[i].text), &info);
    CHECK_EQ(st, bad[i].status);
    CHECK(in == NULL);
    CHECK_EQ(info.line, bad[i].line);
    CHECK_EQ(info.column, bad[i].col);
    if (!strstr(info.message, bad[i].says)) {
      fprintf(stderr, "input %zu: '%s' lacks '%s'\n", i, info.message, bad[i].says);
      check_failures++;
    }
  }
  pz_icnf *in;
  CHECK_EQ(pz_icnf_parse(NULL, "", 0, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_icnf_read(&in, NULL, NULL), PZ_ERR_ARG);
  pz_icnf_free(NULL);
}

CHECK_MAIN("test_cubes", test_part_cubes, test_round_trip, test_foreign,
           test_bad_input)
