/* pz_cnf_enumerate, pz_cnf_split and pz_cnf_write_cubes against brute
 * force and published counts: every method, 1 to 3 threads, parts that
 * add up, limits, time limits, progress. Run with the backend as argv[1].
 *
 * Published counts: Latin squares of order 4 (576), reduced of order 5
 * (56) and 6 (9,408) (OEIS A002860, A000315); 4x4 Sudoku grids (288);
 * 0-1 matrices n x n with 3 ones per row and column, n = 5: 2,040
 * (A001501). */
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "test_main.h"
#define TEST_SEED 88172645463325252ULL
#include "random.h"
#include "random_formula.h"
#include "pz.h"
#include "validate.h"
#include "puzzle_on.h"

static double seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* --- Random formulas and brute force ----------------------------------- */

enum { NV = 12, NP = 8 };

static void random_formula(formula *f, pz_cnf *cnf, int clauses) {
  random_clauses(f, clauses, NV);
  pz_cnf_clear(cnf);
  for (int i = 0; i < f->n; i++) pz_cnf_add(cnf, f->lits[i]);
  /* Every variable occurs, so the buffer has all NV. */
  for (int v = 1; v <= NV; v++) {
    pz_cnf_add(cnf, v);
    pz_cnf_add(cnf, -v);
    pz_cnf_add(cnf, 0);
  }
  int proj[NP];
  for (int i = 0; i < NP; i++) proj[i] = i + 1;
  pz_cnf_set_projection(cnf, proj, NP, 0);
}

/* seen[p] = 1 for each projection p (bits of vars 1..NP) with a model. */
static int brute(const formula *f, unsigned char *seen) {
  int count = 0;
  memset(seen, 0, 1u << NP);
  for (unsigned a = 0; a < (1u << NV); a++)
    if (satisfies(f, a) && !seen[a & ((1u << NP) - 1)]) {
      seen[a & ((1u << NP) - 1)] = 1;
      count++;
    }
  return count;
}

typedef struct collect {
  unsigned char got[1 << NP];
  int dup, bad, calls;
  const unsigned char *seen;
} collect;

static int on_model(void *state, const int *lits, size_t n) {
  collect *c = (collect *)state;
  unsigned p = 0;
  c->calls++;
  if (n != NP) c->bad++;
  for (size_t i = 0; i < n && i < NP; i++) {
    if (lits[i] != (int)i + 1 && lits[i] != -(int)i - 1) c->bad++;
    if (lits[i] > 0) p |= 1u << i;
  }
  if (!c->seen[p]) c->bad++;
  if (c->got[p]) c->dup++;
  c->got[p] = 1;
  return 0;
}

static void test_random(void) {
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  formula f;
  unsigned char seen[1 << NP];
  for (int round = 0; round < 60; round++) {
    random_formula(&f, cnf, 10 + (int)rnd_below(40));
    int want = brute(&f, seen);
    for (int m = 0; m < PZ_ENUM_METHOD_COUNT; m++)
      for (int t = 1; t <= 3; t++) {
        pz_enum_options o = PZ_ENUM_OPTIONS_INIT;
        o.backend = backend;
        o.method = (pz_enum_method)m;
        o.threads = t;
        collect c;
        memset(&c, 0, sizeof c);
        c.seen = seen;
        uint64_t count;
        pz_result stop;
        REQUIRE(pz_cnf_enumerate(cnf, NULL, 0, &o, 0, on_model, &c, &count,
                                 &stop) == PZ_OK);
        CHECK_EQ(count, want);
        CHECK_EQ(c.calls, want);
        CHECK_EQ(c.dup, 0);
        CHECK_EQ(c.bad, 0);
        CHECK_EQ(stop, PZ_UNSAT);
        /* Parts add up to the whole. */
        uint64_t parts = 1 + rnd_below(7), sum = 0;
        for (uint64_t k = 1; k <= parts; k++) {
          o.part = k;
          o.parts = parts;
          REQUIRE(pz_cnf_enumerate(cnf, NULL, 0, &o, 0, NULL, NULL, &count,
                                   &stop) == PZ_OK);
          CHECK_EQ(stop, PZ_UNSAT);
          sum += count;
        }
        CHECK_EQ(sum, want);
        /* A limit reports exactly that many. */
        if (want > 2) {
          o.part = o.parts = 0;
          memset(&c, 0, sizeof c);
          c.seen = seen;
          REQUIRE(pz_cnf_enumerate(cnf, NULL, 0, &o, 2, on_model, &c, &count,
                                   &stop) == PZ_OK);
          CHECK_EQ(count, 2);
          CHECK_EQ(c.calls, 2);
          CHECK_EQ(stop, PZ_SAT);
        }
      }
  }
  pz_cnf_free(cnf);
}

/* Each model lies in exactly one cube of a split. */
typedef struct cubes {
  int lits[4096];
  size_t off[513];
  size_t n;
} cubes;

static int keep(void *state, const int *lits, size_t n) {
  cubes *c = (cubes *)state;
  if (c->n == 512 || c->off[c->n] + n > 4096) return 1;
  memcpy(c->lits + c->off[c->n], lits, n * sizeof(int));
  c->off[c->n + 1] = c->off[c->n] + n;
  c->n++;
  return 0;
}

static int in_cube(const cubes *c, size_t i, unsigned a) {
  for (size_t k = c->off[i]; k < c->off[i + 1]; k++) {
    int l = c->lits[k], v = l < 0 ? -l : l;
    if ((l > 0) != (int)((a >> (v - 1)) & 1)) return 0;
  }
  return 1;
}

static void test_split(void) {
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  formula f;
  unsigned char seen[1 << NP];
  for (int round = 0; round < 40; round++) {
    random_formula(&f, cnf, 5 + (int)rnd_below(30));
    brute(&f, seen);
    uint64_t parts = 1 + rnd_below(40), made;
    cubes c;
    c.n = 0;
    c.off[0] = 0;
    REQUIRE(pz_cnf_split(cnf, NULL, 0, parts, keep, &c, &made) == PZ_OK);
    CHECK(made <= parts);
    CHECK_EQ(made, c.n);
    for (unsigned a = 0; a < (1u << NV); a++) {
      if (!satisfies(&f, a)) continue;
      int hits = 0;
      for (size_t i = 0; i < c.n; i++) hits += in_cube(&c, i, a);
      CHECK_EQ(hits, 1);
    }
    /* The cubes only use projection variables (with no assumptions). */
    for (size_t k = 0; k < c.off[c.n]; k++)
      CHECK(c.lits[k] >= -NP && c.lits[k] <= NP && c.lits[k] != 0);
    /* The same split twice. */
    cubes d;
    d.n = 0;
    d.off[0] = 0;
    REQUIRE(pz_cnf_split(cnf, NULL, 0, parts, keep, &d, &made) == PZ_OK);
    CHECK(d.n == c.n && !memcmp(d.lits, c.lits, c.off[c.n] * sizeof(int)));
  }
  uint64_t made;
  CHECK_EQ(pz_cnf_split(cnf, NULL, 0, 0, NULL, NULL, &made), PZ_ERR_RANGE);
  pz_cnf_free(cnf);
}

/* --- Puzzles: published counts, validated solutions -------------------- */

typedef struct grids {
  int n, bad;
  uint64_t calls;
} grids;

static int on_latin(void *state, const int *grid) {
  grids *g = (grids *)state;
  g->calls++;
  if (!valid_latin(grid, g->n, NULL)) g->bad++;
  return 0;
}

static void count_latin(int n, unsigned flags, pz_enum_method m, int threads,
                        uint64_t want) {
  pz_options o = options_on(backend);
  o.enumerate = m;
  o.threads = threads;
  pz_puzzle *p;
  puzzle_set(pz_latin_new(&p, n, flags), &p, &o);
  grids g = {n, 0, 0};
  uint64_t count;
  pz_result stop;
  REQUIRE(pz_puzzle_enumerate(p, 0, on_latin, &g, &count, &stop) == PZ_OK);
  CHECK_EQ(count, want);
  CHECK_EQ(g.calls, want);
  CHECK_EQ(g.bad, 0);
  CHECK_EQ(stop, PZ_UNSAT);
  pz_puzzle_free(p);
}

static void test_puzzles(void) {
  for (int m = 0; m < PZ_ENUM_METHOD_COUNT; m++)
    for (int t = 1; t <= 2; t++) {
      count_latin(4, 0, (pz_enum_method)m, t, 576);
      count_latin(5, PZ_LATIN_REDUCED, (pz_enum_method)m, t, 56);
      if (m != PZ_ENUM_BLOCKING)
        count_latin(6, PZ_LATIN_REDUCED, (pz_enum_method)m, t, 9408);
      pz_puzzle *p;
      REQUIRE(pz_sudoku_new(&p, 2, 2) == PZ_OK);
      pz_options o = PZ_OPTIONS_INIT;
      o.backend = backend;
      o.enumerate = (pz_enum_method)m;
      o.threads = t;
      REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
      uint64_t count;
      pz_result stop;
      REQUIRE(pz_puzzle_count(p, 0, &count, &stop) == PZ_OK);
      CHECK_EQ(count, 288);
      /* Parts of the count add up. */
      uint64_t sum = 0;
      for (uint64_t k = 1; k <= 5; k++) {
        o.part = k;
        o.parts = 5;
        REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
        REQUIRE(pz_puzzle_count(p, 0, &count, &stop) == PZ_OK);
        sum += count;
      }
      CHECK_EQ(sum, 288);
      pz_puzzle_free(p);
      /* Knightdoku with 1x5 boxes: 3 knights per row and column. */
      REQUIRE(pz_knightdoku_new(&p, 1, 5, 3) == PZ_OK);
      o.part = o.parts = 0;
      REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
      REQUIRE(pz_puzzle_count(p, 0, &count, &stop) == PZ_OK);
      CHECK_EQ(count, 2040);
      pz_puzzle_free(p);
    }
}

/* --- Limits and progress ------------------------------------------------ */

static int polls;
static int stop_after(void *state) {
  (void)state;
  return ++polls > 20;
}

typedef struct prog {
  int calls, bad, finals;
  double last_done;
} prog;

static void on_progress(void *state, const pz_progress *p) {
  prog *g = (prog *)state;
  g->calls++;
  if (!(p->done >= 0 && p->done <= 1) || p->parts_done > p->parts) g->bad++;
  g->last_done = p->done;
}

static void test_limits(void) {
  pz_cnf *cnf;
  pz_puzzle *p;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  REQUIRE(pz_latin_new(&p, 7, PZ_LATIN_REDUCED) == PZ_OK);
  REQUIRE(pz_puzzle_encode(p, cnf) == PZ_OK);
  for (int m = 0; m < PZ_ENUM_METHOD_COUNT; m++)
    for (int t = 1; t <= 2; t++) {
      pz_enum_options o = PZ_ENUM_OPTIONS_INIT;
      o.backend = backend;
      o.method = (pz_enum_method)m;
      o.threads = t;
      o.time_limit = 0.3;
      prog g = {0, 0, 0, 0};
      o.progress = on_progress;
      o.progress_state = &g;
      o.progress_interval = 0.05;
      uint64_t count;
      pz_result stop;
      double t0 = seconds();
      REQUIRE(pz_cnf_enumerate(cnf, NULL, 0, &o, 0, NULL, NULL, &count,
                               &stop) == PZ_OK);
      double el = seconds() - t0;
      CHECK_EQ(stop, PZ_UNKNOWN);
      CHECK(count > 0 && count < 16942080);
      /* Within 10% (plus a little for the clock's grain). */
      CHECK(el >= 0.29 && el < 0.35);
      if (!(el >= 0.29 && el < 0.35))
        fprintf(stderr, "  %s, %d thread(s): %.3f s for 0.3 s\n",
                pz_enum_method_name((pz_enum_method)m), t, el);
      CHECK(g.calls >= 3);
      CHECK_EQ(g.bad, 0);
      CHECK(g.last_done < 1);
      /* pz's search estimates the share done well enough: 0.3 s of a
       * 20-60 s count is well under a quarter. */
      if (m == PZ_ENUM_DPLL || m == PZ_ENUM_AUTO) CHECK(g.last_done < 0.25);
      o.time_limit = 0;
      o.progress = NULL;
      polls = 0;
      o.terminate = stop_after;
      REQUIRE(pz_cnf_enumerate(cnf, NULL, 0, &o, 0, NULL, NULL, &count,
                               &stop) == PZ_OK);
      CHECK_EQ(stop, PZ_UNKNOWN);
      o.terminate = NULL;
      /* Limit with threads: exactly that many. */
      REQUIRE(pz_cnf_enumerate(cnf, NULL, 0, &o, 1000, NULL, NULL, &count,
                               &stop) == PZ_OK);
      CHECK_EQ(count, 1000);
      CHECK_EQ(stop, PZ_SAT);
    }
  pz_enum_options o = PZ_ENUM_OPTIONS_INIT;
  uint64_t count;
  pz_result stop;
  o.backend = "no-such-solver";
  CHECK_EQ(pz_cnf_enumerate(cnf, NULL, 0, &o, 0, NULL, NULL, &count, &stop),
           PZ_ERR_BACKEND);
  o.backend = NULL;
  o.part = 3;
  o.parts = 2;
  CHECK_EQ(pz_cnf_enumerate(cnf, NULL, 0, &o, 0, NULL, NULL, &count, &stop),
           PZ_ERR_ARG);
  /* A part beyond the cubes there are is empty. */
  pz_puzzle_free(p);
  REQUIRE(pz_latin_new(&p, 3, PZ_LATIN_REDUCED) == PZ_OK);
  pz_cnf_clear(cnf);
  REQUIRE(pz_puzzle_encode(p, cnf) == PZ_OK);
  uint64_t sum = 0;
  for (uint64_t k = 1; k <= 9; k++) {
    o.part = k;
    o.parts = 9;
    REQUIRE(pz_cnf_enumerate(cnf, NULL, 0, &o, 0, NULL, NULL, &count, &stop) ==
            PZ_OK);
    CHECK_EQ(stop, PZ_UNSAT);
    sum += count;
  }
  CHECK_EQ(sum, 1);
  pz_puzzle_free(p);
  pz_cnf_free(cnf);
}

/* A part where pz's search thrashes and the backend does not: z forces
 * a1..a30 false (one model); without z, a contradiction over b, c that
 * propagation finds only after all 2^30 choices of a1..a30. AUTO must
 * hand the z-false part to the backend (UNSAT at once) and count 1; the
 * same with the core alone (count 0, nothing found before the hand-over). */
static void test_handover(void) {
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  for (int with_z = 0; with_z <= 1; with_z++) {
    pz_cnf_clear(cnf);
    int z = 31, b = 32, c = 33, proj[31];
    for (int i = 1; i <= 30; i++) {
      proj[i - 1] = i;
      if (with_z) pz_cnf_add2(cnf, -z, -i);
      pz_cnf_add2(cnf, i, -i); /* every variable occurs */
    }
    for (int sb = -1; sb <= 1; sb += 2)
      for (int sc = -1; sc <= 1; sc += 2) {
        if (with_z) pz_cnf_add(cnf, z);
        pz_cnf_add(cnf, sb * b);
        pz_cnf_add(cnf, sc * c);
        pz_cnf_add(cnf, 0);
      }
    proj[30] = z;
    pz_cnf_set_projection(cnf, proj, with_z ? 31 : 30, 0);
    for (int t = 1; t <= 2; t++) {
      pz_enum_options o = PZ_ENUM_OPTIONS_INIT;
      o.backend = backend;
      o.threads = t;
      o.time_limit = 60; /* a failure shows as a wrong count, not a hang */
      uint64_t count;
      pz_result stop;
      double t0 = seconds();
      REQUIRE(pz_cnf_enumerate(cnf, NULL, 0, &o, 0, NULL, NULL, &count,
                               &stop) == PZ_OK);
      CHECK_EQ(stop, PZ_UNSAT);
      CHECK_EQ(count, (uint64_t)with_z);
      printf("hand-over (%s z, %d thread%s): %.3f s\n", with_z ? "with" : "without",
             t, t > 1 ? "s" : "", seconds() - t0);
    }
  }
  pz_cnf_free(cnf);
}

/* --- iCNF --------------------------------------------------------------- */

static void test_icnf(void) {
  pz_puzzle *p;
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  REQUIRE(pz_latin_new(&p, 5, PZ_LATIN_REDUCED) == PZ_OK);
  REQUIRE(pz_puzzle_encode(p, cnf) == PZ_OK);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  REQUIRE(f);
  REQUIRE(pz_cnf_write_cubes(cnf, NULL, 0, 8, f) == PZ_OK);
  fclose(f);
  CHECK(strncmp(buf, "p inccnf\n", 9) == 0);
  /* Clauses as in the buffer, then the projection, then 8 cubes. */
  size_t clauses = 0, ncubes = 0, shows = 0;
  for (char *line = buf; *line;) {
    char *end = strchr(line, '\n');
    REQUIRE(end);
    if (*line == 'a') ncubes++;
    else if (!strncmp(line, "c p show ", 9)) shows++;
    else if (*line != 'p') {
      CHECK(ncubes == 0);
      clauses++;
    }
    if (*line != 'p') CHECK(end[-1] == '0');
    line = end + 1;
  }
  CHECK_EQ(clauses, pz_cnf_num_clauses(cnf));
  CHECK_EQ(shows, 1);
  CHECK_EQ(ncubes, 8);
  free(buf);
  pz_puzzle_free(p);
  pz_cnf_free(cnf);
}

CHECK_MAIN_TIMED("test_enumerate", test_limits, test_random, test_split,
                 test_puzzles, test_handover, test_icnf)
