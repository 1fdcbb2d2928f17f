/* Eulero (Graeco-Latin squares): the reader and writers, the solver against
 * an independent validator and an independent brute-force counter, the
 * janko.at puzzles with their published solutions, orthogonal mates
 * (Euler's 36 officers: none at order 6), and a square of order 7 found
 * from scratch. Run with the backend name as argv[1]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pz.h>

#include "parse_case.h"
#include "test_main.h"
#include "json_line.h"
#include "random.h"
#include "symmetry.h"

/* ---- independent reference code (no pz calls) ------------------------ */

/* Grid layout of the puzzle API: row r is A's row, B's row, pair numbers. */
#define GA(g, n, r, c) ((g)[(r) * 3 * (n) + (c)])
#define GB(g, n, r, c) ((g)[(r) * 3 * (n) + (n) + (c)])
#define GZ(g, n, r, c) ((g)[(r) * 3 * (n) + 2 * (n) + (c)])

/* NULL when sol (n x 3n) is a Graeco-Latin square keeping the givens
 * (same layout, 0 = blank; may be NULL), else what is wrong. */
static const char *validate(int n, const int *givens, const int *sol) {
  static int seen[64 * 64];
  for (int sq = 0; sq < 2; sq++)
    for (int i = 0; i < n; i++) {
      int row = 0, col = 0; /* bit sets of the values seen */
      for (int j = 0; j < n; j++) {
        int vr = sq ? GB(sol, n, i, j) : GA(sol, n, i, j);
        int vc = sq ? GB(sol, n, j, i) : GA(sol, n, j, i);
        if (vr < 1 || vr > n || vc < 1 || vc > n) return "value out of range";
        if (row >> vr & 1) return "a value twice in a row";
        if (col >> vc & 1) return "a value twice in a column";
        row |= 1 << vr;
        col |= 1 << vc;
      }
    }
  memset(seen, 0, sizeof seen);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int a = GA(sol, n, r, c), b = GB(sol, n, r, c);
      if (seen[(a - 1) * n + b - 1]++) return "a pair occurs twice";
      if (GZ(sol, n, r, c) != n * (a - 1) + b) return "wrong pair number";
    }
  for (int x = 0; givens && x < 3 * n * n; x++)
    if (givens[x] && givens[x] != sol[x]) return "a given is not kept";
  return NULL;
}

/* Whether shifting rows, columns and values 1..k cyclically maps the
 * squares a and b (n*n each) to themselves. */
static int shifted(int v, int k) { return v <= k ? v % k + 1 : v; }
static int invariant(int n, int k, const int *a, const int *b) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int r2 = shifted(r + 1, k) - 1, c2 = shifted(c + 1, k) - 1;
      if (a[r2 * n + c2] != shifted(a[r * n + c], k) ||
          b[r2 * n + c2] != shifted(b[r * n + c], k))
        return 0;
    }
  return 1;
}

/* Plain backtracking over the cells in row-major order: a pair (a, b) per
 * cell, a and b new in their row and column, the pair new. Counts up to
 * cap the squares that keep the givens (a[x], b[x]: 0 = open). */
typedef struct bf {
  int n;
  const int *ga, *gb;
  unsigned rowa[8], cola[8], rowb[8], colb[8];
  unsigned char pair[64];
  /* Pruning by the givens: values given elsewhere in a row or column, and
   * pairs given whole in another cell, are never placed. */
  unsigned growa[8], gcola[8], growb[8], gcolb[8];
  int gpair[64]; /* cell given that pair whole, or -1 */
  int cycle;      /* count only squares with that automorphism (0: all) */
  int sa[64], sb[64];
  uint64_t count, cap;
} bf;

static void bf_cell(bf *s, int x) {
  int n = s->n;
  if (s->count >= s->cap) return;
  if (x == n * n) {
    s->count += !s->cycle || invariant(n, s->cycle, s->sa, s->sb);
    return;
  }
  int r = x / n, c = x % n;
  for (int a = 1; a <= n; a++) {
    if ((s->ga[x] && s->ga[x] != a) || (s->rowa[r] >> a & 1) || (s->cola[c] >> a & 1))
      continue;
    if (!s->ga[x] && ((s->growa[r] | s->gcola[c]) >> a & 1)) continue;
    for (int b = 1; b <= n; b++) {
      if ((s->gb[x] && s->gb[x] != b) || (s->rowb[r] >> b & 1) ||
          (s->colb[c] >> b & 1) || s->pair[(a - 1) * n + b - 1])
        continue;
      if (!s->gb[x] && ((s->growb[r] | s->gcolb[c]) >> b & 1)) continue;
      int gp = s->gpair[(a - 1) * n + b - 1];
      if (gp >= 0 && gp != x) continue;
      s->rowa[r] ^= 1u << a, s->cola[c] ^= 1u << a;
      s->rowb[r] ^= 1u << b, s->colb[c] ^= 1u << b;
      s->pair[(a - 1) * n + b - 1] = 1;
      s->sa[x] = a, s->sb[x] = b;
      bf_cell(s, x + 1);
      s->rowa[r] ^= 1u << a, s->cola[c] ^= 1u << a;
      s->rowb[r] ^= 1u << b, s->colb[c] ^= 1u << b;
      s->pair[(a - 1) * n + b - 1] = 0;
    }
  }
}

static uint64_t ref_count_cyclic(int n, const int *a, const int *b,
                                 uint64_t cap, int cycle) {
  bf s;
  memset(&s, 0, sizeof s);
  s.cycle = cycle;
  s.n = n;
  s.ga = a;
  s.gb = b;
  s.cap = cap;
  for (int i = 0; i < n * n; i++) s.gpair[i] = -1;
  for (int x = 0; x < n * n; x++) {
    int r = x / n, c = x % n, va = a[x], vb = b[x];
    /* A value given twice in a row or column, or a pair given twice:
     * nothing to count. */
    if ((va && ((s.growa[r] | s.gcola[c]) >> va & 1)) ||
        (vb && ((s.growb[r] | s.gcolb[c]) >> vb & 1)) ||
        (va && vb && s.gpair[(va - 1) * n + vb - 1] >= 0))
      return 0;
    if (va) s.growa[r] |= 1u << va, s.gcola[c] |= 1u << va;
    if (vb) s.growb[r] |= 1u << vb, s.gcolb[c] |= 1u << vb;
    if (va && vb) s.gpair[(va - 1) * n + vb - 1] = x;
  }
  bf_cell(&s, 0);
  return s.count;
}

static uint64_t ref_count(int n, const int *a, const int *b, uint64_t cap) {
  return ref_count_cyclic(n, a, b, cap, 0);
}

/* A random Latin square of order n <= 8 (random-order backtracking,
 * restarted when it wanders). */
static long budget;
static int ls_fill(int n, int *L, int x) {
  if (x == n * n) return 1;
  if (--budget < 0) return 0;
  int r = x / n, c = x % n, vals[8];
  for (int v = 0; v < n; v++) vals[v] = v + 1;
  for (int i = n - 1; i > 0; i--) {
    int j = rnd_below(i + 1), t = vals[i];
    vals[i] = vals[j];
    vals[j] = t;
  }
  for (int i = 0; i < n; i++) {
    int v = vals[i], ok = 1;
    for (int k = 0; k < c && ok; k++) ok = L[r * n + k] != v;
    for (int k = 0; k < r && ok; k++) ok = L[k * n + c] != v;
    if (ok) {
      L[x] = v;
      if (ls_fill(n, L, x + 1)) return 1;
    }
  }
  return 0;
}
static void random_latin(int n, int *L) {
  do budget = 200000;
  while (!ls_fill(n, L, 0));
}

/* ---- helpers around the library --------------------------------------- */

static void set_backend(pz_puzzle *p, double limit) {
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  o.time_limit = limit;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
}

typedef struct collect {
  int n;
  const int *givens;
  int invalid;
} collect;

static int on_grid(void *state, const int *grid) {
  collect *c = (collect *)state;
  const char *why = validate(c->n, c->givens, grid);
  if (why) {
    fprintf(stderr, "invalid solution: %s\n", why);
    c->invalid++;
  }
  return 0;
}

/* Enumerates up to cap solutions, each validated; returns the count. */
static uint64_t count_valid(pz_puzzle *p, int n, uint64_t cap) {
  collect c = {n, pz_puzzle_givens(p), 0};
  uint64_t count;
  pz_result stop;
  REQUIRE(pz_puzzle_enumerate(p, cap, on_grid, &c, &count, &stop) == PZ_OK);
  CHECK(stop != PZ_UNKNOWN);
  CHECK_EQ(c.invalid, 0);
  return count;
}

static pz_puzzle *with_givens(int n, const int *a, const int *b) {
  pz_puzzle *p;
  int grid[3 * 64];
  REQUIRE(pz_eulero_new(&p, n, 0) == PZ_OK);
  REQUIRE(pz_eulero_pack(n, a, b, grid) == PZ_OK);
  REQUIRE(pz_puzzle_set_givens(p, grid) == PZ_OK);
  set_backend(p, 60);
  return p;
}

/* ---- tests ------------------------------------------------------------ */

/* Empty squares: every one counted by brute force (order 2 has none). */
static void test_empty_counts(void) {
  int none[16] = {0};
  for (int n = 1; n <= 4; n++) {
    pz_puzzle *p = with_givens(n, none, none);
    uint64_t want = ref_count(n, none, none, UINT64_MAX);
    CHECK_EQ(count_valid(p, n, 0), want);
    pz_puzzle_free(p);
  }
}

/* Random givens from a random square, and random givens alone, counted by
 * pz and by brute force. */
static void test_random_counts(void) {
  const uint64_t cap = 100;
  for (int round = 0; round < 24; round++) {
    int n = 3 + round % 3, a[25], b[25], ga[25] = {0}, gb[25] = {0};
    /* A random Graeco-Latin square: a random Latin A and a mate by
     * brute force (random Latin squares of order 5 often have none). */
    int found = 0;
    for (int tries = 0; tries < 200 && !found; tries++) {
      random_latin(n, a);
      found = ref_count(n, a, gb, 1) > 0;
    }
    REQUIRE(found);
    /* Read one mate back: fix cells one by one while a completion exists. */
    for (int x = 0; x < n * n; x++) {
      for (int v = 1; v <= n; v++) {
        gb[x] = v;
        if (ref_count(n, a, gb, 1)) break;
      }
    }
    memcpy(b, gb, sizeof b);
    memset(gb, 0, sizeof gb);
    int k = round < 12 ? n + rnd_below(n) : 1 + rnd_below(n);
    for (int i = 0; i < k; i++) {
      int x = rnd_below(n * n);
      if (rnd_below(2)) ga[x] = a[x];
      else gb[x] = b[x];
      if (round >= 12 && rnd_below(3) == 0) ga[x] = 1 + rnd_below(n); /* noise */
    }
    double t0 = now();
    uint64_t want = ref_count(n, ga, gb, cap);
    double t1 = now();
    pz_puzzle *p = with_givens(n, ga, gb);
    uint64_t got = count_valid(p, n, cap);
    if (got != want)
      fprintf(stderr, "round %d order %d: pz %llu, brute force %llu\n", round,
              n, (unsigned long long)got, (unsigned long long)want);
    CHECK_EQ(got, want);
    uint64_t cnt;
    pz_result stop;
    REQUIRE(pz_puzzle_count(p, cap, &cnt, &stop) == PZ_OK);
    CHECK_EQ(cnt, want);
    if (getenv("PZ_TEST_VERBOSE"))
      printf("round %d order %d givens %d: %llu solutions, brute force %.2f s, pz %.2f s\n",
             round, n, k, (unsigned long long)want, t1 - t0, now() - t1);
    pz_puzzle_free(p);
  }
}

/* The mates of a square, by brute force and by pz (full and normalised). */
static void check_mates(int n, const int *sq, long long expect) {
  int none[64] = {0};
  uint64_t want = ref_count(n, sq, none, UINT64_MAX);
  if (expect >= 0) CHECK_EQ(want, expect);
  pz_puzzle *p;
  REQUIRE(pz_eulero_mates_new(&p, n, sq, 0, NULL) == PZ_OK);
  set_backend(p, 60);
  CHECK_EQ(count_valid(p, n, 0), want);
  pz_puzzle_free(p);
  REQUIRE(pz_eulero_mates_new(&p, n, sq, PZ_EULERO_B_ROW, NULL) == PZ_OK);
  set_backend(p, 60);
  uint64_t normal = count_valid(p, n, 0), fact = 1;
  for (int i = 2; i <= n; i++) fact *= (uint64_t)i;
  CHECK_EQ(normal * fact, want);
  pz_puzzle_free(p);
}

static void cyclic(int n, int *sq) {
  for (int x = 0; x < n * n; x++) sq[x] = (x / n + x % n) % n + 1;
}

static void test_mates(void) {
  int sq[64];
  /* Cyclic squares of even order have no transversal, so no mate; the
   * Klein four-group's square has mates; cyclic 3 and 5 too. */
  cyclic(4, sq);
  check_mates(4, sq, 0);
  for (int x = 0; x < 16; x++) sq[x] = ((x / 4) ^ (x % 4)) + 1;
  check_mates(4, sq, -1);
  cyclic(3, sq);
  check_mates(3, sq, 6);
  cyclic(5, sq);
  check_mates(5, sq, -1);
  /* Order 6: no square has a mate (Tarry, 1900). The cyclic one and a few
   * random ones. */
  for (int k = 0; k < 4; k++) {
    if (k == 0) cyclic(6, sq);
    else random_latin(6, sq);
    pz_puzzle *p;
    REQUIRE(pz_eulero_mates_new(&p, 6, sq, PZ_EULERO_B_ROW, NULL) == PZ_OK);
    set_backend(p, 120);
    pz_result r;
    REQUIRE(pz_puzzle_solve(p, NULL, &r) == PZ_OK);
    CHECK_EQ(r, PZ_UNSAT);
    pz_puzzle_free(p);
  }
  /* Not a Latin square: refused, naming the cell. */
  cyclic(4, sq);
  sq[5] = sq[4];
  pz_parse_info info;
  pz_puzzle *p = (pz_puzzle *)&info;
  CHECK_EQ(pz_eulero_mates_new(&p, 4, sq, 0, &info), PZ_ERR_RANGE);
  CHECK(p == NULL);
  CHECK_EQ(info.line, 2);
  CHECK_EQ(info.column, 2);
  sq[5] = 9;
  CHECK_EQ(pz_eulero_mates_new(&p, 4, sq, 0, &info), PZ_ERR_RANGE);
  CHECK(strstr(info.message, "r2c2: 9 is outside 1..4") != NULL);
  CHECK_EQ(pz_eulero_mates_new(&p, 4, sq, PZ_EULERO_A_ROW, NULL), PZ_ERR_ARG);
}

/* Found from scratch, normalised: orders 3, 4, 5, 7 (and none at 2). */
static void test_from_scratch(void) {
  static const int orders[] = {1, 2, 3, 4, 5, 7};
  for (size_t i = 0; i < sizeof orders / sizeof orders[0]; i++) {
    int n = orders[i], sol[3 * 49];
    pz_puzzle *p;
    REQUIRE(pz_eulero_new(&p, n, PZ_EULERO_NORMAL) == PZ_OK);
    set_backend(p, 60);
    pz_result r;
    REQUIRE(pz_puzzle_solve(p, sol, &r) == PZ_OK);
    CHECK_EQ(r, n == 2 ? PZ_UNSAT : PZ_SAT);
    if (r == PZ_SAT) {
      const char *why = validate(n, NULL, sol);
      if (why) fprintf(stderr, "order %d: %s\n", n, why);
      CHECK(why == NULL);
      for (int j = 0; j < n; j++) {
        CHECK_EQ(GA(sol, n, 0, j), j + 1);
        CHECK_EQ(GB(sol, n, 0, j), j + 1);
        CHECK_EQ(GA(sol, n, j, 0), j + 1);
      }
    }
    pz_puzzle_free(p);
  }
  /* With an automorphism: order 10 the way Parker found it (k = 7), and
   * all of order 4 (k = 3) and 3 (k = 2), counted against brute force. */
  for (int k = 2; k <= 10; k++) {
    int n = k <= 3 ? 3 + (k == 3) : 10, sol[3 * 100], a[100], b[100], none[16] = {0};
    if (k > 3 && k != 7) continue;
    pz_puzzle *p;
    REQUIRE(pz_eulero_new_cyclic(&p, n, k) == PZ_OK);
    set_backend(p, 60);
    if (n == 10) {
      pz_result r;
      REQUIRE(pz_puzzle_solve(p, sol, &r) == PZ_OK);
      CHECK_EQ(r, PZ_SAT);
      const char *why = validate(n, NULL, sol);
      if (why) fprintf(stderr, "order 10, k = 7: %s\n", why);
      CHECK(why == NULL);
      REQUIRE(pz_eulero_unpack(n, sol, a, b) == PZ_OK);
      CHECK(invariant(n, k, a, b));
    } else {
      CHECK_EQ(count_valid(p, n, 0), ref_count_cyclic(n, none, none, UINT64_MAX, k));
    }
    pz_puzzle_free(p);
  }
  pz_puzzle *q = (pz_puzzle *)&q;
  CHECK_EQ(pz_eulero_new_cyclic(&q, 5, 1), PZ_ERR_ARG);
  CHECK(q == NULL);
  CHECK_EQ(pz_eulero_new_cyclic(&q, 5, 6), PZ_ERR_ARG);

  /* The normal form loses nothing: order 4 has as many normal squares as
   * brute force finds with those cells fixed. */
  int ga[16] = {0}, gb[16] = {0};
  for (int j = 0; j < 4; j++) ga[j] = gb[j] = ga[j * 4] = j + 1;
  pz_puzzle *p;
  REQUIRE(pz_eulero_new(&p, 4, PZ_EULERO_NORMAL) == PZ_OK);
  set_backend(p, 60);
  CHECK_EQ(count_valid(p, 4, 0), ref_count(4, ga, gb, UINT64_MAX));
  pz_puzzle_free(p);
}

/* ---- text ------------------------------------------------------------- */

DEFINE_PARSE_OK(parse_ok, pz_eulero_def, pz_eulero_parse)

/* text must be refused: status st at line:col, a message holding msg. */
static void parse_bad(const char *text, int st, size_t line, size_t col,
                      const char *msg) {
  const parse_case one[] = {{text, st, line, col, msg}};
  CHECK_REFUSALS(one, pz_eulero_def, pz_eulero_parse, pz_eulero_def_free);
}

static void square_bad(const char *text, int st, size_t line, size_t col,
                       const char *msg) {
  int *cells = (int *)&cells, n;
  pz_parse_info info;
  CHECK_EQ(pz_eulero_parse_square(text, strlen(text), &cells, &n, &info), st);
  CHECK(cells == NULL);
  CHECK_EQ(info.line, line);
  CHECK_EQ(info.column, col);
  if (!strstr(info.message, msg)) {
    fprintf(stderr, "message '%s' lacks '%s'\n", info.message, msg);
    check_failures++;
  }
}

static void test_text(void) {
  pz_eulero_def *d = parse_ok("\xef\xbb\xbf# comment\n3 3\n10 02 00\r\n\n00 0/3 2,0\n00 00 33\n# end\n");
  CHECK_EQ(pz_eulero_def_order(d), 3);
  const int *a = pz_eulero_def_square(d, 0), *b = pz_eulero_def_square(d, 1);
  CHECK(pz_eulero_def_square(d, 2) == NULL);
  static const int wa[9] = {1, 0, 0, 0, 0, 2, 0, 0, 3}, wb[9] = {0, 2, 0, 0, 3, 0, 0, 0, 3};
  CHECK(!memcmp(a, wa, sizeof wa) && !memcmp(b, wb, sizeof wb));
  pz_eulero_def_free(d);
  pz_eulero_def_free(NULL);
  /* Orders above 9: "a,b" and "a/b" cells; two digits still mean a, b. */
  char big[4096], *s = big;
  s += sprintf(s, "10 10\n");
  for (int r = 0; r < 10; r++)
    for (int c = 0; c < 10; c++)
      s += sprintf(s, "%s%d%c%d%s", c ? " " : "", r == c ? 10 : 0,
                   c % 2 ? '/' : ',', r == 0 ? c + 1 : 0, c == 9 ? "\n" : "");
  d = parse_ok(big);
  CHECK_EQ(pz_eulero_def_square(d, 0)[11], 10);
  CHECK_EQ(pz_eulero_def_square(d, 1)[9], 10);
  pz_eulero_def_free(d);

  parse_bad("", PZ_ERR_PARSE, 1, 1, "no puzzle: expected a header");
  parse_bad("# only\n\n", PZ_ERR_PARSE, 3, 1, "no puzzle: expected a header");
  parse_bad("3\n", PZ_ERR_PARSE, 1, 2, "missing the number of columns");
  parse_bad("3 4\n", PZ_ERR_RANGE, 1, 3, "3 rows but 4 columns");
  parse_bad("3 3 3\n", PZ_ERR_PARSE, 1, 5, "after it");
  parse_bad("33 33\n", PZ_ERR_TOO_LARGE, 1, 1, "at most 32");
  parse_bad("x 3\n", PZ_ERR_PARSE, 1, 1, "not a number");
  parse_bad("2 2\n00 00\n00 0x\n", PZ_ERR_PARSE, 3, 4, "two digits 'ab'");
  parse_bad("2 2\n00 00\n00 30\n", PZ_ERR_RANGE, 3, 4, "A value 3 is outside 0..2");
  parse_bad("2 2\n00 00\n00 1,3\n", PZ_ERR_RANGE, 3, 6, "B value 3 is outside 0..2");
  parse_bad("2 2\n00 00\n00 1,\n", PZ_ERR_PARSE, 3, 6, "B's value");
  parse_bad("2 2\n00 00\n00 ,1\n", PZ_ERR_PARSE, 3, 4, "A's value");
  parse_bad("2 2\n00 00\n00 000\n", PZ_ERR_PARSE, 3, 4, "two digits");
  parse_bad("2 2\n00 00 00\n", PZ_ERR_PARSE, 2, 7, "more than 2 cells in row 1");
  parse_bad("2 2\n00 00\n00\n", PZ_ERR_PARSE, 3, 3, "row 2 has 1 cells");
  parse_bad("2 2\n00 00\n", PZ_ERR_PARSE, 3, 1, "the grid has 1 rows, expected 2");
  parse_bad("2 2\n00 00\n00 00\n  00\n", PZ_ERR_PARSE, 4, 3, "text after");
  parse_bad("2 2\n00 00\n00 0\0\n", PZ_ERR_PARSE, 3, 5, "NUL");

  /* Writing reads back. */
  int sol[3 * 100];
  for (int n = 3; n <= 10; n += 7) {
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++) {
        GA(sol, n, r, c) = (r + c) % n + 1;
        GB(sol, n, r, c) = (2 * r + c) % n + 1;
        GZ(sol, n, r, c) = 0;
      }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    REQUIRE(f);
    CHECK_EQ(pz_eulero_write_grid(f, sol, n), PZ_OK);
    fclose(f);
    d = parse_ok(buf);
    int back[3 * 100];
    REQUIRE(pz_eulero_pack(n, pz_eulero_def_square(d, 0), pz_eulero_def_square(d, 1), back) == PZ_OK);
    CHECK(!memcmp(back, sol, (size_t)(3 * n * n) * sizeof(int)));
    pz_eulero_def_free(d);
    free(buf);
  }
  char out[256];
  FILE *f = fmemopen(out, sizeof out, "w");
  REQUIRE(f);
  CHECK_EQ(pz_eulero_write_line(f, sol, 10), PZ_OK);
  fclose(f);
  CHECK(!strncmp(out, "1,1 2,2 3,3 4,4 5,5 6,6 7,7 8,8 9,9 10,10 2,3 ", 45));
  sol[0] = 11;
  f = fopen("/dev/null", "w");
  REQUIRE(f);
  CHECK_EQ(pz_eulero_write_grid(f, sol, 10), PZ_ERR_RANGE);
  fclose(f);

  /* Latin squares for mates: .pls and plain grids. */
  int *cells, n;
  pz_parse_info info;
  const char *pls = "order 3\n0 1 2\n1 2 0\n2 0 1\n";
  REQUIRE(pz_eulero_parse_square(pls, strlen(pls), &cells, &n, &info) == PZ_OK);
  CHECK_EQ(n, 3);
  CHECK_EQ(cells[0], 1);
  CHECK_EQ(cells[5], 1);
  free(cells);
  const char *plain = "# cyclic\n123\n231\n\n312\n";
  REQUIRE(pz_eulero_parse_square(plain, strlen(plain), &cells, &n, &info) == PZ_OK);
  CHECK_EQ(n, 3);
  CHECK_EQ(cells[8], 2);
  free(cells);
  const char *ints = "1 2 3 4\n2 1 4 3\n3 4 1 2\n4 3 2 1\n";
  REQUIRE(pz_eulero_parse_square(ints, strlen(ints), &cells, &n, &info) == PZ_OK);
  CHECK_EQ(n, 4);
  CHECK_EQ(cells[15], 1);
  free(cells);
  square_bad("", PZ_ERR_PARSE, 1, 1, "no square");
  square_bad("order 2\n0 -1\n1 0\n", PZ_ERR_PARSE, 1, 1, "r1c2 is empty");
  square_bad("12\n21\n12\n", PZ_ERR_PARSE, 3, 1, "more than 2 rows");
  square_bad("1 2\n2 3\n", PZ_ERR_RANGE, 2, 3, "out of range 1..2");
  square_bad("1 2\n2\n", PZ_ERR_PARSE, 2, 2, "row 2 has 1 cells");
  square_bad("1 2\n2 1 2\n", PZ_ERR_PARSE, 2, 5, "more than 2 cells");
  square_bad("1 2\n", PZ_ERR_PARSE, 2, 1, "the square has 1 rows");
}

static void test_api(void) {
  pz_puzzle *p = (pz_puzzle *)&p;
  CHECK_EQ(pz_eulero_new(NULL, 3, 0), PZ_ERR_ARG);
  CHECK_EQ(pz_eulero_new(&p, 0, 0), PZ_ERR_ARG);
  CHECK(p == NULL);
  CHECK_EQ(pz_eulero_new(&p, 3, 0x10), PZ_ERR_ARG);
  CHECK_EQ(pz_eulero_new(&p, PZ_EULERO_MAX_ORDER + 1, 0), PZ_ERR_TOO_LARGE);
  REQUIRE(pz_eulero_new(&p, 4, 0) == PZ_OK);
  CHECK(!strcmp(pz_puzzle_kind(p), "eulero"));
  CHECK_EQ(pz_puzzle_rows(p), 4);
  CHECK_EQ(pz_puzzle_cols(p), 12);
  CHECK_EQ(pz_puzzle_max_value(p), 16);
  /* A given out of range; a Z given fixes the pair. */
  int g[48] = {0};
  g[0] = 5;
  CHECK_EQ(pz_puzzle_set_givens(p, g), PZ_ERR_RANGE);
  g[0] = 0;
  g[8] = 7; /* Z at r1c1: pair (2, 3) */
  REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
  set_backend(p, 60);
  int sol[48];
  pz_result r;
  REQUIRE(pz_puzzle_solve(p, sol, &r) == PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  CHECK(validate(4, g, sol) == NULL);
  CHECK_EQ(sol[0], 2);
  CHECK_EQ(sol[4], 3);
  /* Two cells given the same pair: reported before solving. */
  g[9] = 7;
  REQUIRE(pz_puzzle_set_givens(p, g) == PZ_OK);
  pz_parse_info info;
  CHECK_EQ(pz_puzzle_check_givens(p, &info), PZ_ERR_CONFLICT);
  REQUIRE(pz_puzzle_solve(p, sol, &r) == PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  pz_puzzle_free(p);
  pz_puzzle_free(NULL);
  int a[4] = {1, 2, 2, 1}, b[4] = {0}, grid[12], a2[4], b2[4];
  CHECK_EQ(pz_eulero_pack(2, a, NULL, grid), PZ_OK);
  CHECK_EQ(pz_eulero_unpack(2, grid, a2, b2), PZ_OK);
  CHECK(!memcmp(a, a2, sizeof a) && !memcmp(b, b2, sizeof b));
  a[1] = 3;
  CHECK_EQ(pz_eulero_pack(2, a, NULL, grid), PZ_ERR_RANGE);
  CHECK_EQ(pz_eulero_pack(0, a, NULL, grid), PZ_ERR_ARG);
  CHECK_EQ(pz_eulero_unpack(2, NULL, a2, b2), PZ_ERR_ARG);
  CHECK_EQ(pz_eulero_from_def(&p, NULL), PZ_ERR_ARG);
}

/* ---- the published puzzles ---------------------------------------------- */

static void test_janko(void) {
  FILE *f = open_shared("model/eulero.jsonl");
  if (!f) return;
  char line[8192], problem[4096], solution[4096], id[64];
  int count = 0;
  while (fgets(line, sizeof line, f)) {
    REQUIRE(json_string(line, "id", id, sizeof id));
    REQUIRE(json_string(line, "problem", problem, sizeof problem));
    REQUIRE(json_string(line, "solution", solution, sizeof solution));
    pz_eulero_def *d = parse_ok(problem);
    int n = pz_eulero_def_order(d);
    pz_puzzle *p;
    REQUIRE(pz_eulero_from_def(&p, d) == PZ_OK);
    set_backend(p, 60);
    int sol[3 * 100], nsol;
    pz_result stop;
    REQUIRE(pz_puzzle_unique(p, &nsol, sol, &stop) == PZ_OK);
    CHECK_EQ(nsol, 1);
    const char *why = validate(n, pz_puzzle_givens(p), sol);
    if (why) fprintf(stderr, "%s: %s\n", id, why);
    CHECK(why == NULL);
    /* The published solution, exactly as written. */
    char out[4096];
    FILE *m = fmemopen(out, sizeof out, "w");
    REQUIRE(m);
    CHECK_EQ(pz_eulero_write_grid(m, sol, n), PZ_OK);
    long used = ftell(m);
    fclose(m);
    out[used] = 0;
    size_t sl = strlen(solution);
    if (sl && solution[sl - 1] != '\n') strcat(solution, "\n");
    if (strcmp(out, solution)) {
      fprintf(stderr, "%s: solution differs:\n%s--- published:\n%s", id, out, solution);
      check_failures++;
    }
    pz_puzzle_free(p);
    pz_eulero_def_free(d);
    count++;
  }
  fclose(f);
  CHECK_EQ(count, 30);
}

/* The vectors shipped in test/data/eulero. */
static void test_data(void) {
  static const struct {
    const char *file;
    int solutions; /* 2 = two or more */
  } files[] = {{"small4.txt", 1}, {"multi3.txt", 2}, {"unsat4.txt", 0},
               {"ten.txt", 1}};
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    char path[1024];
    FILE *f = open_test_data(path, sizeof path, "eulero", files[i].file);
    pz_eulero_def *d;
    pz_parse_info info;
    REQUIRE(pz_eulero_read(f, &d, &info) == PZ_OK);
    fclose(f);
    pz_puzzle *p;
    REQUIRE(pz_eulero_from_def(&p, d) == PZ_OK);
    set_backend(p, 60);
    int n = pz_eulero_def_order(d), sol[3 * 100], nsol;
    pz_result stop;
    REQUIRE(pz_puzzle_unique(p, &nsol, sol, &stop) == PZ_OK);
    if (nsol != files[i].solutions) fprintf(stderr, "%s: %d solutions\n", files[i].file, nsol);
    CHECK_EQ(nsol, files[i].solutions);
    if (nsol) CHECK(validate(n, pz_puzzle_givens(p), sol) == NULL);
    if (n <= 5) {
      uint64_t want = ref_count(n, pz_eulero_def_square(d, 0), pz_eulero_def_square(d, 1), 2);
      CHECK_EQ(want, (uint64_t)files[i].solutions);
    }
    pz_puzzle_free(p);
    pz_eulero_def_free(d);
  }
}

/* Generated puzzles: givens in A and B only, exactly one completion and
 * minimal (each given's removal admits a second), by the brute-force
 * counter; the same seed, the same puzzle; hints name A and B cells.
 * Order 2 has no Graeco-Latin square at all. */
static void test_generate(void) {
  for (int n = 2; n <= 5; n++)
    for (uint64_t seed = 1; seed <= (n == 5 ? 2u : 4u); seed++) {
      pz_puzzle *p;
      REQUIRE(pz_eulero_new(&p, n, 0) == PZ_OK);
      set_backend(p, 60);
      pz_generate_options o = PZ_GENERATE_OPTIONS_INIT;
      o.seed = seed;
      pz_generate_info info;
      pz_result stop;
      int sol[3 * 25], ga[25], gb[25];
      REQUIRE(pz_puzzle_generate(p, &o, sol, &info, &stop) == PZ_OK);
      if (n == 2) {
        CHECK_EQ(stop, PZ_UNSAT);
        pz_puzzle_free(p);
        break;
      }
      REQUIRE(stop == PZ_SAT);
      const int *g = pz_puzzle_givens(p);
      CHECK(validate(n, g, sol) == NULL);
      int givens = 0;
      for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) CHECK_EQ(GZ(g, n, r, c), 0);
      REQUIRE(pz_eulero_unpack(n, g, ga, gb) == PZ_OK);
      for (int x = 0; x < n * n; x++) givens += (ga[x] != 0) + (gb[x] != 0);
      CHECK_EQ(givens, info.givens);
      CHECK_EQ(ref_count(n, ga, gb, 2), 1);
      for (int x = 0; x < 2 * n * n; x++) {
        int *v = x < n * n ? &ga[x] : &gb[x - n * n], keep = *v;
        if (!keep) continue;
        *v = 0;
        CHECK_EQ(ref_count(n, ga, gb, 2), 2);
        *v = keep;
      }
      /* The same seed again, on a new puzzle object. */
      pz_puzzle *q;
      REQUIRE(pz_eulero_new(&q, n, 0) == PZ_OK);
      set_backend(q, 60);
      REQUIRE(pz_puzzle_generate(q, &o, NULL, NULL, &stop) == PZ_OK);
      CHECK(memcmp(pz_puzzle_givens(q), g, 3 * (size_t)n * (size_t)n * sizeof(int)) == 0);
      pz_puzzle_free(q);
      /* A hint names a cell of A or B and agrees with the solution. */
      pz_step h;
      REQUIRE(pz_puzzle_hint(p, &h, &stop) == PZ_OK);
      if (h.cell >= 0) {
        char name[32];
        int own = 0;
        REQUIRE(pz_puzzle_name_cell(p, h.cell, name, sizeof name, &own) == PZ_OK);
        CHECK(own);
        CHECK(name[0] == 'A' || name[0] == 'B');
        CHECK_EQ(h.value, sol[h.cell]);
      }
      pz_puzzle_free(p);
    }
}

/* --symmetry: the givens of A and of B each symmetric in their own
 * square (not across the side-by-side grid of the encoding), and the
 * puzzle still has one completion. */
static void test_generate_symmetric(void) {
  for (int sym = PZ_SYMMETRY_ROTATE180; sym < PZ_SYMMETRY_COUNT; sym++)
    for (int n = 4; n <= 5; n++) {
      pz_puzzle *p;
      REQUIRE(pz_eulero_new(&p, n, 0) == PZ_OK);
      set_backend(p, 60);
      pz_generate_options o = PZ_GENERATE_OPTIONS_INIT;
      o.seed = (uint64_t)(3 + sym);
      o.symmetry = (pz_symmetry)sym;
      pz_result stop;
      int sol[3 * 25], ga[25], gb[25];
      REQUIRE(pz_puzzle_generate(p, &o, sol, NULL, &stop) == PZ_OK);
      REQUIRE(stop == PZ_SAT);
      const int *g = pz_puzzle_givens(p);
      CHECK(validate(n, g, sol) == NULL);
      REQUIRE(pz_eulero_unpack(n, g, ga, gb) == PZ_OK);
      for (int x = 0; x < n * n; x++)
        for (int k = 0; k < 3; k++) {
          CHECK_EQ(ga[symmetry_partner(sym, n, x, k)] != 0, ga[x] != 0);
          CHECK_EQ(gb[symmetry_partner(sym, n, x, k)] != 0, gb[x] != 0);
        }
      CHECK_EQ(ref_count(n, ga, gb, 2), 1);
      pz_puzzle_free(p);
    }
}

CHECK_MAIN("test_eulero", test_generate, test_generate_symmetric, test_api,
           test_text, test_empty_counts, test_random_counts, test_mates,
           test_from_scratch, test_data, test_janko)
