/* Variant Sudoku in ISS constraint strings (pz/variants.h): errors name
 * line, column and type; writing back reads as the same definition; each
 * type is checked by plain code below (never the encoder) against every
 * 4x4 Sudoku on random instances, the counts against brute force, and on
 * 6x6 against a backtracking counter built on that checker; and the
 * Cracking the Cryptic puzzles of ../shared/data/variants/ctc-tune.jsonl
 * give their published counts (to 2) and solutions. Takes the backend
 * name as argv[1]. */
#include <pz.h>
#include <stdint.h>

#include "test_main.h"
#include "json_line.h"
#include "grids4.h"

/* ---- the independent checker ------------------------------------------ */

static int adj(int n, int a, int b) {
  int dr = a / n - b / n, dc = a % n - b % n;
  return (dr == 0 && abs(dc) == 1) || (dc == 0 && abs(dr) == 1);
}

static int distinct(const int *g, const int *cells, int k) {
  for (int i = 0; i < k; i++)
    for (int j = i + 1; j < k; j++)
      if (g[cells[i]] == g[cells[j]]) return 0;
  return 1;
}

static int sum_of(const int *g, const int *cells, int k) {
  int s = 0;
  for (int i = 0; i < k; i++) s += g[cells[i]];
  return s;
}


/* Whether the grid of d has boxes: until a NoBoxes rule. */
static int boxed(const pz_iss_def *d) {
  if (!d->box_rows) return 0;
  for (size_t i = 0; i < d->nrules; i++)
    if (d->rules[i].type == PZ_ISS_NOBOXES) return 0;
  return 1;
}

/* Row or column args[1] of an outside clue, read from its end when back. */
static void clue_line(const pz_iss_rule *r, int n, int back, int *line) {
  for (int i = 0; i < n; i++) {
    int j = back ? n - 1 - i : i;
    line[i] = r->args[0] == 'R' ? r->args[1] * n + j : j * n + r->args[1];
  }
}

/* The outside clue of rule r seen along line. */
static int clue_holds(pz_iss_type t, const int *g, const int *line, int n, int clue) {
  int first = g[line[0]], tallest = 0, seen = 0, s = 0;
  switch (t) {
  case PZ_ISS_XSUM:
    for (int i = 0; i < first; i++) s += g[line[i]];
    return s == clue;
  case PZ_ISS_SKYSCRAPER:
    for (int i = 0; i < n; i++)
      if (g[line[i]] > tallest) tallest = g[line[i]], seen++;
    return seen == clue;
  case PZ_ISS_NUMBEREDROOM: return g[line[first - 1]] == clue;
  default: /* hidden: the first tower lower than one before it */
    for (int i = 0; i < n; i++) {
      if (g[line[i]] < tallest) return g[line[i]] == clue;
      tallest = g[line[i]];
    }
    return 0;
  }
}

/* Do cells a and b share an edge and stand together in a rule of one of
 * the two types (a Kropki dot, an X or V)? */
static int marked(const pz_iss_def *d, int a, int b, pz_iss_type t1, pz_iss_type t2) {
  for (size_t i = 0; i < d->nrules; i++) {
    const pz_iss_rule *r = &d->rules[i];
    if (r->type != t1 && r->type != t2) continue;
    int ha = 0, hb = 0;
    for (int j = 0; j < r->ncells; j++) ha |= r->cells[j] == a, hb |= r->cells[j] == b;
    if (ha && hb) return 1;
  }
  return 0;
}

/* The newer types (issue 25 section 2), from their ISS wording. */
static int rule_holds2(const pz_iss_def *d, const pz_iss_rule *r, const int *g) {
  int n = d->size, k = r->ncells, bh = d->box_rows, bw = d->box_cols;
  const int *c = r->cells;
  switch (r->type) {
  case PZ_ISS_LITTLEKILLER: {
    /* Starting on the left or right edge: the diagonal r - c constant;
     * on the top or bottom edge: r + c constant. */
    int r0 = c[0] / n, c0 = c[0] % n, s = 0;
    int falling = c0 == 0 || (c0 == n - 1 && r0 > 0);
    for (int x = 0; x < n * n; x++)
      if (falling ? x / n - x % n == r0 - c0 : x / n + x % n == r0 + c0) s += g[x];
    return s == r->args[0];
  }
  case PZ_ISS_XSUM:
  case PZ_ISS_SKYSCRAPER:
  case PZ_ISS_NUMBEREDROOM:
  case PZ_ISS_HIDDENSKYSCRAPER:
    for (int back = 0; back < 2; back++) {
      int line[16];
      clue_line(r, n, back, line);
      if (r->args[2 + back] && !clue_holds(r->type, g, line, n, r->args[2 + back])) return 0;
    }
    return 1;
  case PZ_ISS_BETWEEN:
  case PZ_ISS_LOCKOUT: {
    int a = g[c[0]], b = g[c[k - 1]], lo = a < b ? a : b, hi = a < b ? b : a;
    if (r->type == PZ_ISS_LOCKOUT && (hi - lo < r->args[0] || hi == lo)) return 0;
    for (int i = 1; i + 1 < k; i++) {
      int in = g[c[i]] > lo && g[c[i]] < hi, touch = g[c[i]] == lo || g[c[i]] == hi;
      if (r->type == PZ_ISS_BETWEEN ? !in : in || touch) return 0;
    }
    return 1;
  }
  case PZ_ISS_PILLARROW: {
    int p = r->args[0], pill[3], num = 0, s = 0;
    memcpy(pill, c, (size_t)p * sizeof(int));
    for (int i = 0; i < p; i++) /* reading order: selection sort */
      for (int j = i + 1; j < p; j++)
        if (pill[j] < pill[i]) { int t = pill[i]; pill[i] = pill[j]; pill[j] = t; }
    for (int i = 0; i < p; i++) {
      if (i && g[pill[i]] > 9) return 0;
      num = num * 10 + g[pill[i]];
    }
    for (int i = p; i < k; i++) s += g[c[i]];
    return num == s;
  }
  case PZ_ISS_WINDOKU:
    if (!bh) return 1;
    for (int a = 0; a < n * n; a++)
      for (int b = a + 1; b < n * n; b++) {
        /* Windows start at 1, 1 + (bh + 1), ... and must fit one cell in. */
        int ra = a / n - 1, ca = a % n - 1, rb = b / n - 1, cb = b % n - 1;
        if (ra < 0 || ca < 0 || rb < 0 || cb < 0) continue;
        if (ra % (bh + 1) == bh || ca % (bw + 1) == bw || rb % (bh + 1) == bh ||
            cb % (bw + 1) == bw)
          continue;
        if (ra / (bh + 1) != rb / (bh + 1) || ca / (bw + 1) != cb / (bw + 1)) continue;
        if ((ra / (bh + 1) + 1) * (bh + 1) > n - 1 || (ca / (bw + 1) + 1) * (bw + 1) > n - 1)
          continue;
        if (g[a] == g[b]) return 0;
      }
    return 1;
  case PZ_ISS_DISJOINTSETS:
    if (!bh) return 1;
    for (int a = 0; a < n * n; a++)
      for (int b = a + 1; b < n * n; b++)
        if (a / n % bh == b / n % bh && a % n % bw == b % n % bw && g[a] == g[b]) return 0;
    return 1;
  case PZ_ISS_STRICTKROPKI:
  case PZ_ISS_STRICTXV:
    for (int a = 0; a < n * n; a++)
      for (int b = a + 1; b < n * n; b++) {
        if (!adj(n, a, b)) continue;
        int x = g[a], y = g[b];
        if (r->type == PZ_ISS_STRICTKROPKI) {
          if (!marked(d, a, b, PZ_ISS_WHITEDOT, PZ_ISS_BLACKDOT) &&
              (abs(x - y) == 1 || x == 2 * y || y == 2 * x))
            return 0;
        } else if (!marked(d, a, b, PZ_ISS_X, PZ_ISS_V) && (x + y == 5 || x + y == 10)) {
          return 0;
        }
      }
    return 1;
  case PZ_ISS_NOBOXES: return 1;
  case PZ_ISS_SUMLINE: {
    /* Greedy: a run ends where it reaches the sum, never past it. */
    int run = 0;
    for (int i = 0; i < k; i++) {
      run += g[c[i]];
      if (run > r->args[0]) return 0;
      if (run == r->args[0]) run = 0;
    }
    return run == 0;
  }
  case PZ_ISS_CONTAINATLEAST:
  case PZ_ISS_CONTAINEXACT:
    for (int i = 0; i < r->nargs; i++) {
      int listed = 0, there = 0;
      for (int j = 0; j < r->nargs; j++) listed += r->args[j] == r->args[i];
      for (int j = 0; j < k; j++) there += g[c[j]] == r->args[i];
      if (r->type == PZ_ISS_CONTAINEXACT ? there != listed : there < listed) return 0;
    }
    return 1;
  case PZ_ISS_ANTITAXICAB:
    for (int a = 0; a < n * n; a++)
      for (int b = 0; b < n * n; b++)
        if (a != b && g[a] == g[b] && abs(a / n - b / n) + abs(a % n - b % n) == g[a])
          return 0;
    return 1;
  case PZ_ISS_JIGSAW:
    for (int a = 0; a < n * n; a++)
      for (int b = a + 1; b < n * n; b++)
        if (c[a] == c[b] && g[a] == g[b]) return 0;
    return 1;
  default: return 0;
  }
}

/* Whether grid g keeps rule r, straight from the rule's wording. */
static int rule_holds(const pz_iss_def *d, const pz_iss_rule *r, const int *g) {
  int n = d->size, k = r->ncells;
  const int *c = r->cells;
  switch (r->type) {
  case PZ_ISS_ALLDIFFERENT: return distinct(g, c, k);
  case PZ_ISS_DIAGONAL:
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++) {
        int ci = r->args[0] > 0 ? n - 1 - i : i, cj = r->args[0] > 0 ? n - 1 - j : j;
        if (g[i * n + ci] == g[j * n + cj]) return 0;
      }
    return 1;
  case PZ_ISS_ANTIKING:
  case PZ_ISS_ANTIKNIGHT:
    for (int a = 0; a < n * n; a++)
      for (int b = 0; b < n * n; b++) {
        int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
        int hit = r->type == PZ_ISS_ANTIKING ? dr == 1 && dc == 1
                                             : (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
        if (hit && g[a] == g[b]) return 0;
      }
    return 1;
  case PZ_ISS_ANTICONSECUTIVE:
    for (int a = 0; a < n * n; a++)
      for (int b = 0; b < n * n; b++)
        if (adj(n, a, b) && abs(g[a] - g[b]) == 1) return 0;
    return 1;
  case PZ_ISS_THERMO:
    for (int i = 1; i < k; i++)
      if (g[c[i]] <= g[c[i - 1]]) return 0;
    return 1;
  case PZ_ISS_CAGE: return distinct(g, c, k) && (!r->args[0] || sum_of(g, c, k) == r->args[0]);
  case PZ_ISS_ARROW: return g[c[0]] == sum_of(g, c + 1, k - 1);
  case PZ_ISS_DOUBLEARROW: return g[c[0]] + g[c[k - 1]] == sum_of(g, c + 1, k - 2);
  case PZ_ISS_WHISPER:
    for (int i = 1; i < k; i++)
      if (abs(g[c[i]] - g[c[i - 1]]) < r->args[0]) return 0;
    return 1;
  case PZ_ISS_RENBAN: {
    int lo = n + 1, hi = 0;
    for (int i = 0; i < k; i++) {
      lo = g[c[i]] < lo ? g[c[i]] : lo;
      hi = g[c[i]] > hi ? g[c[i]] : hi;
    }
    return distinct(g, c, k) && hi - lo == k - 1;
  }
  case PZ_ISS_WHITEDOT:
  case PZ_ISS_BLACKDOT:
  case PZ_ISS_X:
  case PZ_ISS_V:
  case PZ_ISS_GREATERTHAN:
    for (int i = 0; i < k; i++)
      for (int j = i + 1; j < k; j++) {
        if (!adj(n, c[i], c[j])) continue;
        int a = g[c[i]], b = g[c[j]], ok;
        switch (r->type) {
        case PZ_ISS_WHITEDOT: ok = abs(a - b) == 1; break;
        case PZ_ISS_BLACKDOT: ok = a == 2 * b || b == 2 * a; break;
        case PZ_ISS_X: ok = a + b == 10; break;
        case PZ_ISS_V: ok = a + b == 5; break;
        default: ok = a > b; break;
        }
        if (!ok) return 0;
      }
    return 1;
  case PZ_ISS_PALINDROME:
    for (int i = 0; i < k; i++)
      if (g[c[i]] != g[c[k - 1 - i]]) return 0;
    return 1;
  case PZ_ISS_QUAD: {
    int used[4] = {0, 0, 0, 0};
    for (int i = 0; i < r->nargs; i++) {
      int found = 0;
      for (int j = 0; j < 4 && !found; j++)
        if (!used[j] && g[c[j]] == r->args[i]) used[j] = found = 1;
      if (!found) return 0;
    }
    return 1;
  }
  case PZ_ISS_ENTROPIC:
    for (int i = 0; i < k; i++)
      for (int j = i + 1; j < k && j < i + 3; j++)
        if ((g[c[i]] - 1) / 3 == (g[c[j]] - 1) / 3) return 0;
    return 1;
  case PZ_ISS_MODULAR: {
    int m = r->args[0];
    /* Every window of m consecutive cells: different residues. */
    for (int s = 0; s + 1 < k || s == 0; s++) {
      int e = s + m < k ? s + m : k;
      for (int i = s; i < e; i++)
        for (int j = i + 1; j < e; j++)
          if (g[c[i]] % m == g[c[j]] % m) return 0;
      if (s + m >= k) break;
    }
    return 1;
  }
  case PZ_ISS_ZIPPER: {
    int target = k % 2 ? g[c[k / 2]] : g[c[0]] + g[c[k - 1]];
    for (int i = 0; i < k / 2; i++)
      if (g[c[i]] + g[c[k - 1 - i]] != target) return 0;
    return 1;
  }
  case PZ_ISS_REGIONSUMLINE: {
    /* Boxes; with none, the jigsaw pieces; with neither, nothing. */
    const int *jig = NULL;
    for (size_t i = 0; i < d->nrules; i++)
      if (d->rules[i].type == PZ_ISS_JIGSAW) jig = d->rules[i].cells;
    int box = boxed(d);
    if (!box && !jig) return 1;
#define REGION(x) (box ? ((x) / n / d->box_rows) * 100 + ((x) % n) / d->box_cols : jig[x])
    int want = -1, s = 0;
    for (int i = 0; i < k; i++) {
      int bi = REGION(c[i]);
      s += g[c[i]];
      int bn = i + 1 < k ? REGION(c[i + 1]) : -1;
#undef REGION
      if (bn != bi) {
        if (want >= 0 && s != want) return 0;
        want = s;
        s = 0;
      }
    }
    return 1;
  }
  case PZ_ISS_SANDWICH: {
    int p1 = -1, pn = -1;
    for (int i = 0; i < k; i++) {
      if (g[c[i]] == 1) p1 = i;
      if (g[c[i]] == n) pn = i;
    }
    int a = p1 < pn ? p1 : pn, b = p1 < pn ? pn : p1;
    return sum_of(g, c + a + 1, b - a - 1) == r->args[0];
  }
  case PZ_ISS_INDEXING:
    for (int i = 0; i < k; i++) {
      int row = c[i] / n, col = c[i] % n, v = g[c[i]];
      if (r->args[0] == 'C' ? g[row * n + v - 1] != col + 1 : g[(v - 1) * n + col] != row + 1)
        return 0;
    }
    return 1;
  default: return rule_holds2(d, r, g);
  }
}

/* A Sudoku of d's shape, every candidate list and every rule. */
static int grid_ok(const pz_iss_def *d, const int *g) {
  int n = d->size;
  for (int x = 0; x < n * n; x++)
    if (g[x] < 1 || g[x] > n || !(d->allowed[x] >> g[x] & 1)) return 0;
  for (int a = 0; a < n * n; a++)
    for (int b = a + 1; b < n * n; b++) {
      int same = a / n == b / n || a % n == b % n;
      if (boxed(d))
        same |= a / n / d->box_rows == b / n / d->box_rows &&
                a % n / d->box_cols == b % n / d->box_cols;
      if (same && g[a] == g[b]) return 0;
    }
  for (size_t i = 0; i < d->nrules; i++)
    if (!rule_holds(d, &d->rules[i], g)) return 0;
  return 1;
}

/* ---- helpers -------------------------------------------------------- */

static pz_puzzle *make(const pz_iss_def *d) {
  pz_puzzle *p = NULL;
  int st = pz_iss_puzzle(d, &p);
  if (st) return NULL;
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  return p;
}

/* p, d's puzzle, counts want solutions (cap 0: all of them), and a
 * solution pz finds keeps every rule of d (its own check); p and d are
 * freed. Whether the count was right. */
static int count_agrees(pz_puzzle *p, pz_iss_def *d, uint64_t cap,
                        uint64_t want) {
  uint64_t got = 0;
  pz_result stop;
  CHECK_EQ(pz_puzzle_count(p, cap, &got, &stop), PZ_OK);
  CHECK_EQ(got, want);
  int sol[36]; /* up to 6x6 */
  pz_result res;
  if (want && pz_puzzle_solve(p, sol, &res) == PZ_OK && res == PZ_SAT)
    CHECK(grid_ok(d, sol));
  pz_puzzle_free(p);
  pz_iss_free(d);
  return got == want;
}

/* Written back and read again: the same definition. */
static int same_def(const pz_iss_def *a, const pz_iss_def *b) {
  if (a->size != b->size || a->nrules != b->nrules || a->box_rows != b->box_rows)
    return 0;
  if (memcmp(a->allowed, b->allowed, (size_t)a->size * a->size * sizeof(unsigned)))
    return 0;
  for (size_t i = 0; i < a->nrules; i++) {
    const pz_iss_rule *x = &a->rules[i], *y = &b->rules[i];
    if (x->type != y->type || x->nargs != y->nargs || x->ncells != y->ncells ||
        memcmp(x->args, y->args, sizeof x->args) ||
        (x->ncells && memcmp(x->cells, y->cells, (size_t)x->ncells * sizeof(int))))
      return 0;
  }
  return 1;
}

static void round_trip(const pz_iss_def *d) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  REQUIRE(f);
  CHECK_EQ(pz_iss_write(f, d), PZ_OK);
  fclose(f);
  pz_iss_def *e = NULL;
  pz_parse_info info;
  int st = pz_iss_parse(buf, len, &e, &info);
  CHECK_EQ(st, PZ_OK);
  if (!st) {
    CHECK(same_def(d, e));
    if (!same_def(d, e)) fprintf(stderr, "round trip differs:\n%s", buf);
  }
  pz_iss_free(e);
  free(buf);
}

/* ---- errors ---------------------------------------------------------- */

static void expect_error(const char *text, int st, size_t line, size_t col,
                         const char *words) {
  pz_iss_def *d = (pz_iss_def *)1;
  pz_parse_info info = {0, 0, ""};
  CHECK_EQ(pz_iss_parse(text, strlen(text), &d, &info), st);
  CHECK(d == NULL);
  CHECK_EQ(info.line, line);
  CHECK_EQ(info.column, col);
  if (info.column != col) fprintf(stderr, "  column of: %s\n", text);
  CHECK(strstr(info.message, words) != NULL);
  if (!strstr(info.message, words)) fprintf(stderr, "  message: %s\n", info.message);
}

static void test_errors(void) {
  expect_error(".Thermo~R1C1~R1C2\n  .Frobnicate~R1C1", PZ_ERR_PARSE, 2, 4, "Frobnicate");
  expect_error(".Thermo~R1C1~R1C2.Lunchbox~5~R1C1", PZ_ERR_UNSUPPORTED, 1, 19,
               "Lunchbox");
  expect_error(".Thermo~R1C1~R1X2", PZ_ERR_PARSE, 1, 14, "R1X2");
  expect_error(".Shape~6x6\n.Thermo~R1C1~R7C2", PZ_ERR_RANGE, 2, 14, "R7C2");
  expect_error(".~R1C1_0", PZ_ERR_RANGE, 1, 8, "digit");
  expect_error("Thermo~R1C1", PZ_ERR_PARSE, 1, 1, "'.'");
  expect_error(".Cage~x~R1C1~R1C2", PZ_ERR_PARSE, 1, 7, "cage sum");
  expect_error(".Shape~7x5", PZ_ERR_UNSUPPORTED, 1, 8, "7x5");
  /* The newer types' arguments. */
  expect_error(".LittleKiller~5~R4C4", PZ_ERR_PARSE, 1, 17, "R4C4");
  expect_error(".XSum~R0~3", PZ_ERR_PARSE, 1, 7, "R0");
  expect_error(".Skyscraper~C2~~10", PZ_ERR_RANGE, 1, 17, "clue");
  expect_error(".Shape~4x4\n.Jigsaw~1122", PZ_ERR_PARSE, 2, 9, "16 cells");
  expect_error(".Shape~4x4\n.Jigsaw~1111122233334444", PZ_ERR_PARSE, 2, 9, "region of 5");
  expect_error(".PillArrow~2~R1C2~R2C1~R3C1", PZ_ERR_PARSE, 1, 14, "reading order");
  expect_error(".PillArrow~4~R1C2~R2C1~R3C1", PZ_ERR_RANGE, 1, 12, "pill size");
  expect_error(".Lockout~4~R1C1", PZ_ERR_PARSE, 1, 2, "Lockout");
  expect_error(".Between~R1C1~R1C2~R1C1", PZ_ERR_PARSE, 1, 20, "twice");
  expect_error(".Windoku~1", PZ_ERR_PARSE, 1, 10, "no arguments");
  expect_error(".SumLine~10~R1C1~R1C2~LOOP", PZ_ERR_UNSUPPORTED, 1, 23, "loops");
  /* An URL and its ?q= value, percent-encoded. */
  pz_iss_def *d = NULL;
  const char *url = "https://sigh.github.io/Interactive-Sudoku-Solver/"
                    "?q=.Shape%7E4x4.%7ER1C1_2.Thermo%7ER2C1%7ER2C2&mode=x";
  CHECK_EQ(pz_iss_parse(url, strlen(url), &d, NULL), PZ_OK);
  if (d) {
    CHECK_EQ(d->size, 4);
    CHECK_EQ(d->allowed[0], 1u << 2);
    CHECK_EQ(d->nrules, 1);
    CHECK_EQ(d->rules[0].type, PZ_ISS_THERMO);
  }
  pz_iss_free(d);
  /* A dot over cells none adjacent binds nothing: refused. */
  const char *far = ".Shape~4x4.WhiteDot~R1C1~R3C3";
  CHECK_EQ(pz_iss_parse(far, strlen(far), &d, NULL), PZ_OK);
  pz_puzzle *p = NULL;
  CHECK_EQ(pz_iss_puzzle(d, &p), PZ_ERR_ARG);
  CHECK(p == NULL);
  pz_iss_free(d);
}

/* ---- brute force on 4x4 ------------------------------------------------ */

static int sudokus4[288][16], nsudokus4;
static int latins4[576][16]; /* NoBoxes and jigsaws: every Latin square */


static unsigned rng = 12345;
static int rnd(int k) {
  rng = rng * 1103515245u + 12345u;
  return (int)((rng >> 16) % (unsigned)k);
}

/* A random path of k distinct cells, each a king's step from the last
 * (diagonal steps only when diag). */
static int random_path(int n, int k, int diag, char *out) {
  int cells[16], len = 0, x = rnd(n * n);
  cells[len++] = x;
  while (len < k) {
    int opts[8], no = 0;
    for (int dr = -1; dr <= 1; dr++)
      for (int dc = -1; dc <= 1; dc++) {
        if (!dr && !dc) continue;
        if (!diag && dr && dc) continue;
        int r = x / n + dr, c = x % n + dc;
        if (r < 0 || c < 0 || r >= n || c >= n) continue;
        int y = r * n + c, seen = 0;
        for (int i = 0; i < len; i++) seen |= cells[i] == y;
        if (!seen) opts[no++] = y;
      }
    if (!no) break;
    x = opts[rnd(no)];
    cells[len++] = x;
  }
  int o = 0;
  for (int i = 0; i < len; i++)
    o += sprintf(out + o, "~R%dC%d", cells[i] / n + 1, cells[i] % n + 1);
  return len;
}

/* A random Sudoku of side 4 or 6 (2x2, 2x3 boxes) into g. */
static int64_t bt_count(const pz_iss_def *d, uint64_t cap, int shuffle, int *first);
static void random_sudoku(int n, int *g) {
  if (n == 4) {
    memcpy(g, sudokus4[rnd(288)], 16 * sizeof(int));
    return;
  }
  const char *shape = ".Shape~6x6";
  pz_iss_def *d = NULL;
  REQUIRE(pz_iss_parse(shape, strlen(shape), &d, NULL) == PZ_OK);
  REQUIRE(bt_count(d, 1, 1, g) == 1);
  pz_iss_free(d);
}

/* One random rule of type t on an n x n grid, as text. */
static void random_rule(int t, int n, char *s) {
  char path[128];
  int len;
  switch (t) {
  case PZ_ISS_DIAGONAL: sprintf(s, ".Diagonal~%d", rnd(2) ? 1 : -1); return;
  case PZ_ISS_ANTIKING: strcpy(s, ".AntiKing"); return;
  case PZ_ISS_ANTIKNIGHT: strcpy(s, ".AntiKnight"); return;
  case PZ_ISS_ANTICONSECUTIVE: strcpy(s, ".AntiConsecutive"); return;
  case PZ_ISS_CAGE:
    len = random_path(n, 2 + rnd(3), 0, path);
    sprintf(s, ".Cage~%d%s", rnd(3) ? len * 2 + rnd(len * 2) : 0, path);
    if (strstr(s, "~0~")) sprintf(s, ".Cage~%s", path);
    return;
  case PZ_ISS_WHISPER: random_path(n, 2 + rnd(3), 1, path); sprintf(s, ".Whisper~%d%s", 1 + rnd(3), path); return;
  case PZ_ISS_MODULAR: random_path(n, 2 + rnd(4), 1, path); sprintf(s, ".Modular~%d%s", 2 + rnd(2), path); return;
  case PZ_ISS_QUAD: {
    int r = rnd(n - 1), c = rnd(n - 1), k = 1 + rnd(3);
    int o = sprintf(s, ".Quad~R%dC%d", r + 1, c + 1);
    for (int i = 0; i < k; i++) o += sprintf(s + o, "~%d", 1 + rnd(n));
    return;
  }
  case PZ_ISS_SANDWICH: sprintf(s, ".Sandwich~%d~%c%d", rnd(n == 4 ? 6 : 15), rnd(2) ? 'R' : 'C', 1 + rnd(n)); return;
  case PZ_ISS_INDEXING: {
    random_path(n, 1 + rnd(2), 0, path);
    sprintf(s, ".Indexing~%c%s", rnd(2) ? 'R' : 'C', path);
    return;
  }
  case PZ_ISS_DOUBLEARROW: random_path(n, 3 + rnd(2), 1, path); sprintf(s, ".DoubleArrow%s", path); return;
  case PZ_ISS_LITTLEKILLER: {
    /* Where ISS starts a diagonal: the left edge but its foot, the top
     * but its left end, the right and bottom edges without corners. */
    int starts[64], ns = 0;
    for (int i = 0; i < n; i++) {
      if (i <= n - 2) starts[ns++] = i * n;
      if (i >= 1) starts[ns++] = i;
      if (i >= 1 && i <= n - 2) starts[ns++] = i * n + n - 1, starts[ns++] = (n - 1) * n + i;
    }
    int x = starts[rnd(ns)];
    sprintf(s, ".LittleKiller~%d~R%dC%d", 2 + rnd(3 * n), x / n + 1, x % n + 1);
    return;
  }
  case PZ_ISS_XSUM: case PZ_ISS_SKYSCRAPER: case PZ_ISS_NUMBEREDROOM: case PZ_ISS_HIDDENSKYSCRAPER: {
    int most = t == PZ_ISS_XSUM ? 2 * n : n, which = rnd(3);
    char a[8] = "", b[8] = "";
    if (which != 1) sprintf(a, "%d", 1 + rnd(most));
    if (which != 0) sprintf(b, "%d", 1 + rnd(most));
    sprintf(s, ".%s~%c%d~%s~%s", pz_iss_type_name((pz_iss_type)t), rnd(2) ? 'R' : 'C',
            1 + rnd(n), a, b);
    return;
  }
  case PZ_ISS_BETWEEN: random_path(n, 3 + rnd(2), 1, path); sprintf(s, ".Between%s", path); return;
  case PZ_ISS_CONTAINATLEAST: case PZ_ISS_CONTAINEXACT: {
    len = random_path(n, 2 + rnd(3), 1, path);
    int o = sprintf(s, ".%s~%d", pz_iss_type_name((pz_iss_type)t), 1 + rnd(n));
    for (int q = 1 + rnd(len); q > 1; q--) o += sprintf(s + o, "_%d", 1 + rnd(n));
    strcat(s, path);
    return;
  }
  case PZ_ISS_ANTITAXICAB: strcpy(s, ".AntiTaxicab"); return;
  case PZ_ISS_SUMLINE:
    random_path(n, 2 + rnd(n > 4 ? 5 : 3), 1, path);
    sprintf(s, ".SumLine~%d%s", 3 + rnd(2 * n), path);
    return;
  case PZ_ISS_LOCKOUT:
    random_path(n, 2 + rnd(3), 1, path);
    sprintf(s, ".Lockout~%d%s", rnd(n - 1), path);
    return;
  case PZ_ISS_PILLARROW: /* a two-cell pill: the path's first two cells touch */
    len = random_path(n, 2 + (n > 4 ? 2 + rnd(3) : 1 + rnd(2)), 0, path);
    if (len < 3) len = random_path(n, 3, 0, path);
    sprintf(s, ".PillArrow~2%s", path);
    return;
  case PZ_ISS_WINDOKU: case PZ_ISS_DISJOINTSETS: case PZ_ISS_NOBOXES:
    sprintf(s, ".%s\n.Thermo", pz_iss_type_name((pz_iss_type)t));
    random_path(n, 2, 1, path);
    strcat(s, path);
    return;
  case PZ_ISS_STRICTKROPKI: case PZ_ISS_STRICTXV: {
    /* The marks of a random Sudoku, all of them (it keeps the rules) or
     * most (a mark left out: most likely not). */
    int g[256], all = rnd(2), o = sprintf(s, ".%s", pz_iss_type_name((pz_iss_type)t));
    random_sudoku(n, g);
    for (int a = 0; a < n * n; a++)
      for (int down = 0; down < 2; down++) {
        int b = down ? a + n : a + 1;
        if ((down && b >= n * n) || (!down && b % n == 0)) continue;
        int x = g[a], y = g[b];
        const char *mk = NULL;
        if (t == PZ_ISS_STRICTKROPKI)
          mk = abs(x - y) == 1 ? "WhiteDot" : x == 2 * y || y == 2 * x ? "BlackDot" : NULL;
        else
          mk = x + y == 10 ? "X" : x + y == 5 ? "V" : NULL;
        if (mk && (all || rnd(12)))
          o += sprintf(s + o, "\n.%s~R%dC%d~R%dC%d", mk, a / n + 1, a % n + 1, b / n + 1,
                       b % n + 1);
      }
    return;
  }
  case PZ_ISS_JIGSAW: {
    /* The boxes, then cells of one digit in a random Sudoku trading
     * pieces: the pieces keep their digits, so the Sudoku still fits. */
    int g[256], reg[256];
    random_sudoku(n, g);
    int bc = n == 4 ? 2 : 3;
    for (int x = 0; x < n * n; x++) reg[x] = (x / n / 2) * (n / bc) + x % n / bc;
    for (int q = 0; q < 4 * n * n; q++) {
      int a = rnd(n * n), b = rnd(n * n);
      if (g[a] != g[b]) continue;
      int tmp = reg[a];
      reg[a] = reg[b];
      reg[b] = tmp;
    }
    char lay[257];
    for (int i = 0; i < n * n; i++) lay[i] = (char)('a' + reg[i]);
    lay[n * n] = 0;
    sprintf(s, ".Jigsaw~%s%s", lay, rnd(2) ? "\n.NoBoxes" : "");
    return;
  }
  case PZ_ISS_WHITEDOT: case PZ_ISS_BLACKDOT: case PZ_ISS_X: case PZ_ISS_V: case PZ_ISS_GREATERTHAN:
    random_path(n, 2 + rnd(2), 0, path);
    sprintf(s, ".%s%s", pz_iss_type_name((pz_iss_type)t), path);
    return;
  default:
    random_path(n, 2 + rnd(3), 1, path);
    sprintf(s, ".%s%s", pz_iss_type_name((pz_iss_type)t), path);
    return;
  }
}

static void test_brute4(void) {
  nsudokus4 = grids4_all(sudokus4, sudoku4_clash);
  REQUIRE(nsudokus4 == 288);
  REQUIRE(grids4_all(latins4, latin4_clash) == 576);
  for (int t = 0; t < PZ_ISS_NTYPES; t++) {
    if (t == PZ_ISS_ENTROPIC) continue; /* 1..9 only: the CTC puzzles */
    int nonzero = 0, some = 0;
    for (int rep = 0; rep < 12; rep++) {
      char text[2048] = ".Shape~4x4\n";
      /* One or two rules of the type, sometimes a given. */
      for (int q = 0; q < 1 + rnd(2); q++) {
        random_rule(t, 4, text + strlen(text));
        strcat(text, "\n");
      }
      if (rnd(2)) sprintf(text + strlen(text), ".~R%dC%d_%d", 1 + rnd(4), 1 + rnd(4), 1 + rnd(4));
      pz_iss_def *d = NULL;
      pz_parse_info info;
      int st = pz_iss_parse(text, strlen(text), &d, &info);
      CHECK_EQ(st, PZ_OK);
      if (st) {
        fprintf(stderr, "%s: %s\n", text, info.message);
        continue;
      }
      round_trip(d);
      /* Over every Latin square: grid_ok checks the boxes unless NoBoxes. */
      uint64_t want = 0;
      for (int i = 0; i < 576; i++) want += grid_ok(d, latins4[i]);
      pz_puzzle *p = make(d);
      if (!p) { /* only a dot over no adjacent pair is refused */
        int dot = t == PZ_ISS_WHITEDOT || t == PZ_ISS_BLACKDOT || t == PZ_ISS_X ||
                  t == PZ_ISS_V || t == PZ_ISS_GREATERTHAN || t == PZ_ISS_STRICTKROPKI ||
                  t == PZ_ISS_STRICTXV;
        CHECK(dot);
        if (!dot) fprintf(stderr, "refused: %s", text);
        pz_iss_free(d);
        continue;
      }
      if (!count_agrees(p, d, 0, want)) fprintf(stderr, "%s\n", text);
      some++;
      nonzero += want > 0;
    }
    CHECK(some > 0);
    if (!nonzero && getenv("PZ_TEST_VERBOSE"))
      printf("  %s: no instance had a solution\n", pz_iss_type_name((pz_iss_type)t));
  }
}

/* ---- through the sudoku kind (pz sudoku, the web API) ------------------ */

/* The same random 4x4 instances read by the sudoku kind, which tells ISS
 * text from grids by itself: one at a time (one constraint a line) and
 * all of them as a batch of one concatenated puzzle a line, split by the
 * kind; every count against brute force over the 288 grids. */
static void test_kind_path(void) {
  const pz_kind *k = pz_kind_find("sudoku");
  REQUIRE(k && nsudokus4 == 288); /* the grids of test_brute4 */
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  char batch[32768] = "";
  uint64_t wants[16];
  int nwant = 0;
  for (int rep = 0; rep < 16; rep++) {
    int t = rnd(PZ_ISS_NTYPES);
    if (t == PZ_ISS_ENTROPIC || t == PZ_ISS_WHITEDOT || t == PZ_ISS_BLACKDOT ||
        t == PZ_ISS_X || t == PZ_ISS_V || t == PZ_ISS_GREATERTHAN ||
        t == PZ_ISS_STRICTKROPKI || t == PZ_ISS_STRICTXV)
      t = PZ_ISS_THERMO; /* dots may bind no pair: refused, not counted */
    char text[2048] = ".Shape~4x4\n";
    random_rule(t, 4, text + strlen(text));
    sprintf(text + strlen(text), "\n.~R%dC%d_%d\n", 1 + rnd(4), 1 + rnd(4),
            1 + rnd(4));
    pz_iss_def *d = NULL;
    REQUIRE(pz_iss_parse(text, strlen(text), &d, NULL) == PZ_OK);
    uint64_t want = 0;
    for (int i = 0; i < 576; i++) want += grid_ok(d, latins4[i]);
    pz_iss_free(d);
    pz_def *def = NULL;
    pz_puzzle *p = NULL;
    pz_parse_info info;
    CHECK_EQ(pz_kind_parse(k, NULL, text, strlen(text), &def, &info), PZ_OK);
    if (!def) continue;
    CHECK_EQ(pz_def_puzzle(def, &p), PZ_OK);
    uint64_t got = 0;
    pz_result stop;
    if (p && pz_puzzle_set_options(p, &o) == PZ_OK &&
        pz_puzzle_count(p, 0, &got, &stop) == PZ_OK)
      CHECK_EQ(got, want);
    if (got != want) fprintf(stderr, "kind path:\n%s", text);
    pz_puzzle_free(p);
    pz_def_free(def);
    /* Into the batch, on one line. */
    for (char *c = text; *c; c++)
      if (*c == '\n') *c = ' ';
    strcat(batch, text);
    strcat(batch, "\n");
    wants[nwant++] = want;
  }
  pz_span *parts = NULL;
  size_t n = 0;
  CHECK_EQ(pz_kind_split(k, batch, strlen(batch), &parts, &n), PZ_OK);
  CHECK_EQ(n, (size_t)nwant);
  for (size_t i = 0; i < n && i < (size_t)nwant; i++) {
    CHECK_EQ(parts[i].line, i + 1);
    pz_def *def = NULL;
    pz_puzzle *p = NULL;
    uint64_t got = 0;
    pz_result stop;
    CHECK_EQ(pz_kind_parse(k, NULL, batch + parts[i].offset, parts[i].len, &def,
                           NULL), PZ_OK);
    if (def && pz_def_puzzle(def, &p) == PZ_OK &&
        pz_puzzle_set_options(p, &o) == PZ_OK &&
        pz_puzzle_count(p, 0, &got, &stop) == PZ_OK)
      CHECK_EQ(got, wants[i]);
    pz_puzzle_free(p);
    pz_def_free(def);
  }
  free(parts);
}

/* test_iss --grid-ok FILE DIGITS: exit 0 when the grid (one digit a cell,
 * row by row; 'a'.. for 10..) keeps every rule of FILE's puzzle, by the
 * checker above; with DIGITS "-", the grids one a line on stdin, and the
 * number that keep the rules on stdout (one process for a brute-force
 * pass); for the command-line tests (iss_cli_test.sh). */
static int digits_ok(const pz_iss_def *d, const char *digits) {
  int n = d->size, g[256];
  if ((int)strlen(digits) != n * n) return 0;
  for (int x = 0; x < n * n; x++) {
    char ch = digits[x];
    g[x] = ch >= '1' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'g' ? ch - 'a' + 10 : 0;
  }
  return grid_ok(d, g);
}

static int grid_ok_main(const char *path, const char *digits) {
  FILE *f = fopen(path, "rb");
  if (!f) return 2;
  char text[65536];
  size_t len = fread(text, 1, sizeof text, f);
  fclose(f);
  pz_iss_def *d = NULL;
  if (pz_iss_parse(text, len, &d, NULL)) return 2;
  int ok = 1;
  if (strcmp(digits, "-")) {
    ok = digits_ok(d, digits);
  } else {
    char line[512];
    long good = 0;
    while (fgets(line, sizeof line, stdin)) {
      line[strcspn(line, "\r\n")] = 0;
      good += digits_ok(d, line);
    }
    printf("%ld\n", good);
  }
  pz_iss_free(d);
  return ok ? 0 : 1;
}

/* ---- brute force on 6x6 ------------------------------------------------ */

/* No 4x4 instance of AntiKing, AntiConsecutive or X has a solution: on
 * 6x6 (2x3 boxes) they do. 28,200,960 grids are too many to enumerate per
 * instance, so a plain backtracking counter fills the grid row by row and
 * prunes with the independent checker alone: a rule over listed cells is
 * checked once all its cells are filled; a global rule (Diagonal, the
 * anti-moves) on the partial grid, the empty cells holding far-apart
 * values no rule can match; Indexing (it reads cells it does not list) at
 * the end. */

typedef struct bt {
  const pz_iss_def *d;
  int order_max[64]; /* per rule: last cell it needs, -1 global, 99 end */
  int g[256];
  uint64_t found, nodes, cap, budget; /* budget: most nodes, then give up */
  int shuffle;       /* try values in a random order (finding one) */
  int first[256];    /* the first solution found */
} bt;

static int is_global(pz_iss_type t) {
  return t == PZ_ISS_DIAGONAL || t == PZ_ISS_ANTIKING || t == PZ_ISS_ANTIKNIGHT ||
         t == PZ_ISS_ANTICONSECUTIVE || t == PZ_ISS_WINDOKU || t == PZ_ISS_DISJOINTSETS ||
         t == PZ_ISS_STRICTKROPKI || t == PZ_ISS_STRICTXV || t == PZ_ISS_NOBOXES ||
         t == PZ_ISS_JIGSAW || /* a jigsaw's cells are its layout */
         t == PZ_ISS_ANTITAXICAB;
}

/* The rules that can be checked now that cell x is filled. */
static int partial_ok(bt *b, int x) {
  const pz_iss_def *d = b->d;
  int n = d->size, tmp[256];
  for (size_t i = 0; i < d->nrules; i++) {
    int when = b->order_max[i];
    if (when == -1) {
      for (int y = 0; y < n * n; y++) tmp[y] = y <= x ? b->g[y] : 100 + 3 * y;
      if (!rule_holds(d, &d->rules[i], tmp)) return 0;
    } else if (when == x && !rule_holds(d, &d->rules[i], b->g)) {
      return 0;
    }
  }
  return 1;
}

static void bt_fill(bt *b, int x) {
  const pz_iss_def *d = b->d;
  int n = d->size;
  if (b->found >= b->cap || b->nodes > b->budget) return;
  if (x == n * n) {
    if (!grid_ok(d, b->g)) return; /* Indexing and everything again */
    if (!b->found) memcpy(b->first, b->g, sizeof b->first);
    b->found++;
    return;
  }
  b->nodes++;
  int vals[16];
  for (int v = 1; v <= n; v++) vals[v - 1] = v;
  if (b->shuffle)
    for (int i = n - 1; i > 0; i--) {
      int j = rnd(i + 1), t = vals[i];
      vals[i] = vals[j];
      vals[j] = t;
    }
  for (int q = 0; q < n; q++) {
    int v = vals[q], ok = d->allowed[x] >> v & 1;
    for (int y = 0; y < x && ok; y++)
      if (b->g[y] == v && (y / n == x / n || y % n == x % n ||
                           (boxed(d) && y / n / d->box_rows == x / n / d->box_rows &&
                            y % n / d->box_cols == x % n / d->box_cols)))
        ok = 0;
    if (!ok) continue;
    b->g[x] = v;
    if (partial_ok(b, x)) bt_fill(b, x + 1);
    b->g[x] = 0;
    if (b->found >= b->cap || b->nodes > b->budget) return;
  }
}

/* Solutions up to cap, or -1 when the search takes over 200,000 nodes. */
static int64_t bt_count(const pz_iss_def *d, uint64_t cap, int shuffle, int *first) {
  bt *b = (bt *)calloc(1, sizeof *b);
  REQUIRE(b && d->nrules <= 64);
  b->d = d;
  b->cap = cap;
  b->shuffle = shuffle;
  b->budget = 200000;
  for (size_t i = 0; i < d->nrules; i++) {
    const pz_iss_rule *r = &d->rules[i];
    int last = 0;
    for (int j = 0; j < r->ncells; j++) last = r->cells[j] > last ? r->cells[j] : last;
    b->order_max[i] = is_global(r->type) ? -1 : r->type == PZ_ISS_INDEXING ? 99 : last;
  }
  bt_fill(b, 0);
  int64_t found = b->nodes > b->budget ? -1 : (int64_t)b->found;
  if (first && found > 0) memcpy(first, b->first, sizeof b->first);
  free(b);
  return found;
}

static void test_brute6(void) {
  static const int types[] = {PZ_ISS_ANTIKING, PZ_ISS_ANTICONSECUTIVE, PZ_ISS_X,
                              PZ_ISS_ANTIKNIGHT, PZ_ISS_DIAGONAL, PZ_ISS_V,
                              PZ_ISS_WHITEDOT, PZ_ISS_BLACKDOT, PZ_ISS_SANDWICH,
                              PZ_ISS_REGIONSUMLINE, PZ_ISS_QUAD, PZ_ISS_MODULAR,
                              PZ_ISS_LITTLEKILLER, PZ_ISS_XSUM, PZ_ISS_SKYSCRAPER,
                              PZ_ISS_BETWEEN, PZ_ISS_LOCKOUT, PZ_ISS_PILLARROW,
                              PZ_ISS_WINDOKU, PZ_ISS_DISJOINTSETS, PZ_ISS_STRICTKROPKI,
                              PZ_ISS_STRICTXV, PZ_ISS_JIGSAW, PZ_ISS_NUMBEREDROOM,
                              PZ_ISS_HIDDENSKYSCRAPER, PZ_ISS_CONTAINATLEAST,
                              PZ_ISS_CONTAINEXACT, PZ_ISS_ANTITAXICAB, PZ_ISS_SUMLINE};
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
    int t = types[ti], nonzero = 0, tried = 0;
    for (int rep = 0; rep < 8; rep++) {
      char text[2048] = ".Shape~6x6\n";
      for (int q = 0; q < 1 + rnd(2); q++) {
        random_rule(t, 6, text + strlen(text));
        strcat(text, "\n");
      }
      pz_iss_def *d = NULL;
      int st = pz_iss_parse(text, strlen(text), &d, NULL);
      CHECK_EQ(st, PZ_OK);
      if (st) continue;
      /* Givens from a random solution of the rules alone, so most
       * instances have one; then count both ways up to a cap. */
      int sol[256], ngiven = 6 + rnd(8);
      if (bt_count(d, 1, 1, sol) > 0) {
        pz_iss_free(d);
        size_t len = strlen(text);
        for (int q = 0; q < ngiven; q++) {
          int x = rnd(36);
          len += (size_t)sprintf(text + len, ".~R%dC%d_%d\n", x / 6 + 1, x % 6 + 1, sol[x]);
        }
        CHECK_EQ(pz_iss_parse(text, strlen(text), &d, NULL), PZ_OK);
      }
      uint64_t cap = 500;
      int64_t brute = bt_count(d, cap, 0, NULL);
      uint64_t want = brute < 0 ? 0 : (uint64_t)brute;
      pz_puzzle *p = brute < 0 ? NULL : make(d);
      if (!p) { /* too long a search, or a dot that binds nothing */
        pz_iss_free(d);
        continue;
      }
      if (!count_agrees(p, d, cap, want)) fprintf(stderr, "6x6: %s", text);
      nonzero += want > 0;
      tried++;
    }
    /* The point of 6x6: these types do have solutions here. */
    CHECK(nonzero > 0);
    if (getenv("PZ_TEST_VERBOSE"))
      printf("  6x6 %s: %d of %d instances solvable\n", pz_iss_type_name((pz_iss_type)t),
             nonzero, tried);
  }
}

/* ---- the CTC puzzles ---------------------------------------------------- */

static void test_ctc(void) {
  char path[4096];
  /* PZ_TEST_ISS_QUICK: leave the CTC puzzles out (memory checkers). */
  if (getenv("PZ_TEST_ISS_QUICK")) return;
  if (!shared_data("variants/ctc-tune.jsonl", path, sizeof path)) {
    printf("  ctc-tune.jsonl absent: skipped\n");
    return;
  }
  FILE *f = fopen(path, "r");
  REQUIRE(f);
  static char line[1 << 16], iss[1 << 16], sol[512];
  int total = 0, supported = 0, matched = 0;
  while (fgets(line, sizeof line, f)) {
    const char *cs = strstr(line, "\"count\": ");
    if (!json_string(line, "iss", iss, sizeof iss) || !cs) continue;
    total++;
    int count = atoi(cs + 9);
    json_string(line, "solution", sol, sizeof sol);
    pz_iss_def *d = NULL;
    pz_parse_info info;
    int st = pz_iss_parse(iss, strlen(iss), &d, &info);
    if (st == PZ_ERR_UNSUPPORTED) {
      printf("  unsupported: %s\n", info.message);
      continue;
    }
    CHECK_EQ(st, PZ_OK);
    if (st) {
      fprintf(stderr, "line %zu col %zu: %s\n", info.line, info.column, info.message);
      continue;
    }
    round_trip(d);
    int n = d->size, file_grid[256];
    CHECK_EQ(strlen(sol), (size_t)(n * n));
    for (int x = 0; x < n * n; x++) file_grid[x] = sol[x] - '0';
    /* The checker agrees with ISS on ISS's own solution. */
    if (n <= 9) CHECK(grid_ok(d, file_grid));
    pz_puzzle *p = make(d);
    CHECK(p != NULL);
    if (!p) {
      pz_iss_free(d);
      continue;
    }
    supported++;
    int found = 0, grid[256];
    pz_result stop;
    double t0 = now();
    st = pz_puzzle_unique(p, &found, grid, &stop);
    if (getenv("PZ_TEST_VERBOSE")) printf("  puzzle %2d: %.3f s\n", total, now() - t0);
    CHECK_EQ(st, PZ_OK);
    CHECK_EQ(found, count > 2 ? 2 : count);
    int same = found >= 1 && (found != 1 || !memcmp(grid, file_grid, (size_t)(n * n) * sizeof(int)));
    if (found >= 1) CHECK(grid_ok(d, grid));
    CHECK(same);
    if (!same || found != (count > 2 ? 2 : count))
      fprintf(stderr, "puzzle %d differs: %d solutions\n", total, found);
    else
      matched++;
    pz_puzzle_free(p);
    pz_iss_free(d);
  }
  fclose(f);
  printf("  ctc-tune: %d puzzles, %d supported, %d match\n", total, supported, matched);
  CHECK_EQ(total, 60);
}

int main(int argc, char **argv) {
  if (argc == 4 && !strcmp(argv[1], "--grid-ok"))
    return grid_ok_main(argv[2], argv[3]);
  backend = argc > 1 ? argv[1] : NULL;
  CHECK_BACKEND_OR_SKIP(backend);
  RUN_TIMED(test_errors);
  RUN_TIMED(test_brute4);
  RUN_TIMED(test_kind_path);
  RUN_TIMED(test_brute6);
  RUN_TIMED(test_ctc);
  return check_done("test_iss");
}
