/* KenKen (Keen) through the kind table, against code written here from
 * the rules (never the encoder): a checker (Latin square, each cage's
 * arithmetic), a reader of Simon Tatham's game ids and of the grid
 * layout, and a counter over all 576 Latin squares of order 4.
 *  - sgt-keen puzzles (sizes 4-6, levels e/n/h; skipped when
 *    /usr/games/sgt-keen is absent) solve, check and are unique, and
 *    write back as the same id; the grid layout reads back the same.
 *  - random cage layouts of order 4: pz_puzzle_count equals the number of
 *    the 576 squares that satisfy them.
 *  - generated puzzles check and are unique.
 * Run with the backend name as argv[1]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pz.h>
#include <pz/render.h>

#include "check.h"
#include "random.h"
#include "grids4.h"
#include "kind_on.h"

static const char *backend;
static const pz_kind *kind;

#define SGT_KEEN "/usr/games/sgt-keen"

/* ---- independent reference code ---------------------------------------- */

typedef struct inst {
  int n, ncages;
  int cage[81];
  char op[81]; /* + - x / */
  int target[81];
} inst;

static int cage_ok(const inst *in, int k, const int *g) {
  long long acc = in->op[k] == 'x' ? 1 : 0;
  int v[81], len = 0;
  for (int x = 0; x < in->n * in->n; x++)
    if (in->cage[x] == k) v[len++] = g[x];
  switch (in->op[k]) {
  case '+':
    for (int i = 0; i < len; i++) acc += v[i];
    return acc == in->target[k];
  case 'x':
    for (int i = 0; i < len; i++) acc *= v[i];
    return acc == in->target[k];
  case '-': return len == 2 && (v[0] - v[1] == in->target[k] || v[1] - v[0] == in->target[k]);
  case '/':
    return len == 2 && (v[0] == in->target[k] * v[1] || v[1] == in->target[k] * v[0]);
  }
  return 0;
}

/* NULL when g solves in, else what is wrong. */
static const char *validate(const inst *in, const int *g) {
  int n = in->n;
  for (int x = 0; x < n * n; x++) {
    if (g[x] < 1 || g[x] > n) return "value out of range";
    for (int y = x + 1; y < n * n; y++)
      if (g[x] == g[y] && (x / n == y / n || x % n == y % n))
        return "a value repeats in a row or column";
  }
  for (int k = 0; k < in->ncages; k++)
    if (!cage_ok(in, k, g)) return "a cage's arithmetic is wrong";
  return NULL;
}

/* Tatham's Keen id "N:EDGES,CLUES" (as text.c documents the format):
 * edges of row-wise vertical borders, then column-wise horizontal ones,
 * '_' a border, 'a'..'y' that many inner edges then a border, 'z' 25
 * inner edges, a count repeating the symbol; clues by each cage's first
 * cell. 0 on success. */
static int find(int *up, int x) { return up[x] == x ? x : (up[x] = find(up, up[x])); }

static int read_sgt(const char *id, inst *in) {
  char *end;
  int n = (int)strtol(id, &end, 10);
  if (n < 3 || n > 9 || *end != ':') return 1;
  const char *s = end + 1;
  int total = 2 * n * (n - 1), e = 0, up[81];
  unsigned char border[200];
  while (*s && *s != ',') {
    char c = *s++;
    int reps = 1;
    if (*s >= '0' && *s <= '9') reps = (int)strtol(s, (char **)&s, 10);
    for (int r = 0; r < reps; r++) {
      int inner = c == '_' ? 0 : c == 'z' ? 25 : c - 'a' + 1;
      for (int i = 0; i < inner; i++) border[e++] = 0;
      if (c != 'z') border[e++] = 1;
      if (e > total + 1) return 1;
    }
  }
  if (e != total + 1 || *s != ',') return 1;
  for (int x = 0; x < n * n; x++) up[x] = x;
  for (int i = 0; i < total; i++) {
    if (border[i]) continue;
    int a, b, h = n * (n - 1);
    if (i < h) a = (i / (n - 1)) * n + i % (n - 1), b = a + 1;
    else a = ((i - h) % (n - 1)) * n + (i - h) / (n - 1), b = a + n;
    up[find(up, a)] = find(up, b);
  }
  in->n = n;
  in->ncages = 0;
  int id_of[81];
  for (int x = 0; x < n * n; x++) id_of[x] = -1;
  for (int x = 0; x < n * n; x++) {
    int r = find(up, x);
    if (id_of[r] < 0) id_of[r] = in->ncages++;
    in->cage[x] = id_of[r];
  }
  s++;
  for (int k = 0; k < in->ncages; k++) {
    const char *ops = "asmd", *sym = "+-x/", *at = *s ? strchr(ops, *s) : NULL;
    if (!at) return 1;
    in->op[k] = sym[at - ops];
    in->target[k] = (int)strtol(s + 1, (char **)&s, 10);
  }
  return *s && *s != '\n';
}

/* The grid layout: "N N", N rows of labels, "LABEL OP TARGET" lines. */
static int read_grid(const char *text, inst *in) {
  char label[81][16], tok[16];
  int n, c, used = 0, pos;
  if (sscanf(text, "%d %d%n", &n, &c, &pos) != 2 || n != c || n > 9) return 1;
  text += pos;
  in->n = n;
  for (int x = 0; x < n * n; x++) {
    if (sscanf(text, "%15s%n", tok, &pos) != 1) return 1;
    text += pos;
    int k = 0;
    while (k < used && strcmp(label[k], tok)) k++;
    if (k == used) strcpy(label[used++], tok);
    in->cage[x] = k;
  }
  in->ncages = used;
  int seen[81] = {0};
  char op[4];
  int t;
  while (sscanf(text, "%15s %3s %d%n", tok, op, &t, &pos) == 3) {
    text += pos;
    int k = 0;
    while (k < used && strcmp(label[k], tok)) k++;
    if (k == used || seen[k]++) return 1;
    in->op[k] = op[0] == '=' ? '+' : op[0];
    in->target[k] = t;
  }
  for (int k = 0; k < used; k++)
    if (!seen[k]) return 1;
  return 0;
}

/* Same cages (as partitions), ops and targets. */
static int same_inst(const inst *a, const inst *b) {
  if (a->n != b->n || a->ncages != b->ncages) return 0;
  int map[81];
  for (int k = 0; k < a->ncages; k++) map[k] = -1;
  for (int x = 0; x < a->n * a->n; x++) {
    int k = a->cage[x];
    if (map[k] < 0) map[k] = b->cage[x];
    if (map[k] != b->cage[x]) return 0;
  }
  for (int k = 0; k < a->ncages; k++)
    if (a->op[k] != b->op[map[k]] || a->target[k] != b->target[map[k]]) return 0;
  return 1;
}

static void write_grid_text(const inst *in, char *buf, size_t len) {
  int n = in->n, at = snprintf(buf, len, "%d %d\n", n, n);
  for (int x = 0; x < n * n; x++)
    at += snprintf(buf + at, len - (size_t)at, "c%d%c", in->cage[x], x % n == n - 1 ? '\n' : ' ');
  for (int k = 0; k < in->ncages; k++)
    at += snprintf(buf + at, len - (size_t)at, "c%d %c %d\n", k, in->op[k], in->target[k]);
}

/* ---- through pz -------------------------------------------------------- */

static pz_def *parse(const char *text) {
  pz_def *d = NULL;
  pz_parse_info info;
  int st = pz_kind_parse(kind, NULL, text, strlen(text), &d, &info);
  if (st) fprintf(stderr, "parse failed (%d): %s\n%s\n", st, info.message, text);
  return d;
}

/* d written in format f (NULL: the default) into buf. */
static int written(const pz_def *d, const int *cells, const char *f, char *buf,
                   size_t len) {
  FILE *tmp = tmpfile();
  REQUIRE(tmp);
  int st = pz_def_write(d, cells, f, tmp);
  size_t got = 0;
  if (!st) {
    rewind(tmp);
    got = fread(buf, 1, len - 1, tmp);
  }
  buf[got] = 0;
  fclose(tmp);
  return st;
}

/* The definition's cages read back by the test from the grid layout. */
static int cages_of(const pz_def *d, inst *in) {
  char buf[4096];
  return written(d, NULL, "grid", buf, sizeof buf) || read_grid(buf, in);
}

/* Solves, checks, proves unique; round trips through every format. */
static void sgt_puzzle(const char *id) {
  inst want, got;
  REQUIRE(read_sgt(id, &want) == 0);
  pz_def *d = parse(id);
  CHECK(d != NULL);
  if (!d) return;
  CHECK(cages_of(d, &got) == 0);
  CHECK(same_inst(&want, &got));
  pz_puzzle *p = def_puzzle_on(d, backend);
  int sols = 0, grid[81];
  pz_result r;
  CHECK_EQ(pz_puzzle_unique(p, &sols, grid, &r), PZ_OK);
  CHECK_EQ(sols, 1);
  const char *why = validate(&want, grid);
  if (why) fprintf(stderr, "%s: %s\n", id, why);
  CHECK(why == NULL);
  /* The id written back is the same text. */
  char buf[4096], line[256];
  CHECK_EQ(written(d, NULL, "sgt", buf, sizeof buf), PZ_OK);
  snprintf(line, sizeof line, "%s\n", id);
  CHECK(!strcmp(buf, line));
  /* The grid layout reads back as the same puzzle, and writes the id. */
  CHECK_EQ(written(d, NULL, "grid", buf, sizeof buf), PZ_OK);
  pz_def *d2 = parse(buf);
  CHECK(d2 != NULL);
  if (d2) {
    char again[256];
    CHECK_EQ(written(d2, NULL, "sgt", again, sizeof again), PZ_OK);
    CHECK(!strcmp(again, line));
  }
  /* Answers: the line of digits, and the grid. */
  CHECK_EQ(written(d, grid, "line", buf, sizeof buf), PZ_OK);
  int n = want.n, ok = (int)strlen(buf) == n * n + 1;
  for (int x = 0; x < n * n && ok; x++) ok = buf[x] == '0' + grid[x];
  CHECK(ok);
  CHECK_EQ(written(d, grid, "grid", buf, sizeof buf), PZ_OK);
  int k = 0;
  for (const char *s = buf; *s && k <= n * n; s++)
    if (*s >= '1' && *s <= '9') ok &= k < n * n && *s == '0' + grid[k++];
  CHECK(ok && k == n * n);
  CHECK_EQ(written(d, NULL, "line", buf, sizeof buf), PZ_ERR_UNSUPPORTED);
  /* A scene. */
  pz_scene *sc = NULL;
  CHECK_EQ(pz_def_scene(d, grid, &sc), PZ_OK);
  pz_scene_free(sc);
  pz_puzzle_free(p);
  pz_def_free(d);
  pz_def_free(d2);
}

static int sgt_puzzles(void) {
  FILE *f = fopen(SGT_KEEN, "r");
  if (!f) {
    fprintf(stderr, "%s absent: sgt-keen puzzles skipped\n", SGT_KEEN);
    return 0;
  }
  fclose(f);
  int done = 0;
  for (int n = 4; n <= 6; n++)
    for (const char *lv = "enh"; *lv; lv++) {
      char cmd[128], line[512];
      snprintf(cmd, sizeof cmd, SGT_KEEN " --generate 20 %dd%c 2>/dev/null", n, *lv);
      FILE *p = popen(cmd, "r");
      REQUIRE(p);
      int got = 0;
      while (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!*line) continue;
        sgt_puzzle(line);
        got++;
      }
      pclose(p);
      CHECK_EQ(got, 20);
      done += got;
    }
  return done;
}

/* ---- counts against the 576 squares of order 4 ----------------------- */

static int squares[576][16], nsquares;



/* Random connected cages over square s, ops and targets from s (now and
 * then a target off by one, so some layouts have no solution). */
static void random_layout(inst *in, const int *s) {
  in->n = 4;
  for (int x = 0; x < 16; x++) in->cage[x] = -1;
  int k = 0;
  for (int x = 0; x < 16; x++) {
    if (in->cage[x] >= 0) continue;
    int want = 1 + rnd_below(4), members[16], m = 0;
    in->cage[x] = k;
    members[m++] = x;
    for (int t = 0; t < 12 && m < want; t++) {
      int from = members[rnd_below(m)], r = from / 4, c = from % 4, d = rnd_below(4);
      r += (d == 0) - (d == 1), c += (d == 2) - (d == 3);
      if (r < 0 || r > 3 || c < 0 || c > 3 || in->cage[r * 4 + c] >= 0) continue;
      in->cage[r * 4 + c] = k;
      members[m++] = r * 4 + c;
    }
    int a = s[members[0]], b = m > 1 ? s[members[1]] : 0;
    char op = m == 1 ? '+' : "+x-/"[rnd_below(m == 2 ? 4 : 2)];
    if (op == '/' && (a % b) && (b % a)) op = '-';
    long long t = op == 'x' ? 1 : 0;
    for (int i = 0; i < m; i++) t = op == 'x' ? t * s[members[i]] : t + s[members[i]];
    if (op == '-') t = a > b ? a - b : b - a;
    if (op == '/') t = a > b ? a / b : b / a;
    if (rnd_below(15) == 0 && op != '/') t += t > 1 ? -1 : 1;
    in->op[k] = op;
    in->target[k++] = (int)t;
  }
  in->ncages = k;
}

static void counts(void) {
  nsquares = grids4_all(squares, latin4_clash);
  REQUIRE(nsquares == 576);
  int zero = 0, one = 0, many = 0;
  for (int round = 0; round < 150; round++) {
    inst in;
    random_layout(&in, squares[rnd_below(576)]);
    uint64_t want = 0;
    for (int i = 0; i < 576; i++) want += validate(&in, squares[i]) == NULL;
    char text[1024];
    write_grid_text(&in, text, sizeof text);
    pz_def *d = parse(text);
    REQUIRE(d);
    pz_puzzle *p = def_puzzle_on(d, backend);
    uint64_t count = 0;
    pz_result r;
    CHECK_EQ(pz_puzzle_count(p, 0, &count, &r), PZ_OK);
    if (count != want) fprintf(stderr, "count %llu, brute force %llu:\n%s",
                               (unsigned long long)count, (unsigned long long)want, text);
    CHECK_EQ(count, want);
    zero += want == 0, one += want == 1, many += want > 1;
    pz_puzzle_free(p);
    pz_def_free(d);
  }
  CHECK(zero > 0 && one > 0 && many > 0);
}

/* ---- generation ------------------------------------------------------ */

static void generated(void) {
  for (int n = 3; n <= 6; n++)
    for (uint64_t seed = 1; seed <= 4; seed++) {
      pz_def *d = generate_sized(kind, n, seed, backend);
      if (!d) continue;
      inst in;
      REQUIRE(cages_of(d, &in) == 0);
      CHECK_EQ(in.n, n);
      const int *sol = pz_def_solution(d);
      REQUIRE(sol);
      const char *why = validate(&in, sol);
      if (why) fprintf(stderr, "generated %dx%d: %s\n", n, n, why);
      CHECK(why == NULL);
      pz_puzzle *p = def_puzzle_on(d, backend);
      uint64_t count = 0;
      pz_result r;
      CHECK_EQ(pz_puzzle_count(p, 0, &count, &r), PZ_OK);
      CHECK_EQ(count, 1);
      /* Its id reads back as the same puzzle. */
      char buf[4096];
      CHECK_EQ(written(d, NULL, "sgt", buf, sizeof buf), PZ_OK);
      inst back;
      buf[strcspn(buf, "\n")] = 0;
      CHECK(read_sgt(buf, &back) == 0 && same_inst(&in, &back));
      pz_puzzle_free(p);
      pz_def_free(d);
    }
}

/* A difficulty target: when met (stop SAT), the puzzle rates it. */
static void generated_level(void) {
  static const char *const set[] = {"size", "5", NULL};
  pz_kind_args *a = kind_args(kind, set);
  int met = 0;
  for (uint64_t seed = 1; seed <= 3; seed++) {
    pz_options o = PZ_OPTIONS_INIT;
    o.backend = backend;
    pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
    g.seed = seed;
    g.difficulty = PZ_LEVEL_PROBING;
    pz_generate_info gi;
    pz_def *d = NULL;
    pz_result stop;
    CHECK_EQ(pz_kind_generate(kind, a, &o, &g, &d, &gi, &stop), PZ_OK);
    REQUIRE(d);
    pz_puzzle *p = def_puzzle_on(d, backend);
    pz_level level;
    pz_result r;
    CHECK_EQ(pz_puzzle_rate(p, &level, &r), PZ_OK);
    CHECK_EQ(level, gi.level);
    if (stop == PZ_SAT) {
      met++;
      CHECK_EQ(level, PZ_LEVEL_PROBING);
    }
    pz_puzzle_free(p);
    pz_def_free(d);
  }
  CHECK(met > 0);
  pz_kind_args_free(a);
}

/* ---- refused input --------------------------------------------------- */

static void refused(void) {
  static const char *const bad[] = {
      "4:a_7a__a_aaba,a5d2a5s1d2s2m4",       /* a clue short */
      "4:a_7a__a_aaba,a5d2a5s1d2s2m4m6m1",   /* a clue too many */
      "4:a_7a__a_aab,a5d2a5s1d2s2m4m6",      /* edges short */
      "4:a_7a__a_aabaa,a5d2a5s1d2s2m4m6",    /* edges too many */
      "4:a_7a__a_aaba,a5d2a5s1d2s2m4q6",     /* no such operation */
      "2:a_,a3",                             /* too small */
      "4:a_7a__a_aaba,a5d2a5s1d2s2m4m6 x",   /* text after */
      "4:a_7a__a_aaba,a5d2a5s1d2s2m4m6\n3:_baa_3a,a4m6m3s1\n", /* two */
      "3 3\na a b\na c b\nd d b\na + 4\nb x 6\nc = 2\n",      /* d has no clue */
      "3 3\na a b\na c b\nd d b\na + 4\nb x 6\nc = 2\nd - 1\ne + 1\n",
      "3 3\na a b\na c b\nd d b\na - 4\nb x 6\nc = 2\nd - 1\n", /* - of 3 */
      "3 3\na a b\na c b\nd d b\na + 4\nb x 6\nc + 2\nd - 7\n", /* range */
      "3 3\na a b\na c b\nd d\n",
      "3 4\n",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    pz_def *d = NULL;
    pz_parse_info info;
    int st = pz_kind_parse(kind, NULL, bad[i], strlen(bad[i]), &d, &info);
    if (!st) fprintf(stderr, "accepted: %s\n", bad[i]);
    CHECK(st != PZ_OK);
    CHECK(info.message[0] != 0);
    pz_def_free(d);
  }
  /* Where: the clue line of a target out of range; the symbol of an id. */
  {
    static const char range[] = "3 3\na a b\na c b\nd d b\na + 4\nb x 6\nc + 2\nd - 7\n";
    static const char sym[] = "# c\n  4:a_7a__a_aa?a,a5d2a5s1d2s2m4m6\n";
    pz_def *d = NULL;
    pz_parse_info info;
    CHECK_EQ(pz_kind_parse(kind, NULL, range, strlen(range), &d, &info), PZ_ERR_RANGE);
    CHECK_EQ(info.line, 8);
    CHECK_EQ(pz_kind_parse(kind, NULL, sym, strlen(sym), &d, &info), PZ_ERR_PARSE);
    CHECK_EQ(info.line, 2);
    CHECK_EQ(info.column, 15); /* the "?" */
  }
  /* Splitting an input: ids one a line; grids after a blank line. */
  {
    static const char ids[] = "# two\n4:a_7a__a_aaba,a5d2a5s1d2s2m4m6\n\n"
                              "3:_baa_3a,a4m6m3s1\n";
    static const char grids[] = "3 3\na a b\na c b\nd d b\na + 4\nb x 6\nc = 2\nd - 1\n\n"
                                "3 3\na a b\na c b\nd d b\na + 5\nb x 6\nc = 1\nd - 1\n";
    pz_span *parts = NULL;
    size_t count = 0;
    CHECK_EQ(pz_kind_split(kind, ids, strlen(ids), &parts, &count), PZ_OK);
    CHECK_EQ(count, 2);
    free(parts);
    CHECK_EQ(pz_kind_split(kind, grids, strlen(grids), &parts, &count), PZ_OK);
    CHECK_EQ(count, 2);
    for (size_t i = 0; i < count; i++) {
      pz_def *d = NULL;
      CHECK_EQ(pz_kind_parse(kind, NULL, grids + parts[i].offset, parts[i].len, &d, NULL), PZ_OK);
      pz_def_free(d);
    }
    free(parts);
  }
  /* The grid layout that the refused ones spoil. */
  pz_def *d = parse("# a comment\n3 3\na a b\na c b\nd d b\na + 4\nb x 6\nc = 2\nd - 1\n");
  CHECK(d != NULL);
  pz_def_free(d);
}

int main(int argc, char **argv) {
  backend = argc > 1 ? argv[1] : "cadical";
  kind = pz_kind_find("kenken");
  REQUIRE(kind != NULL);
  CHECK(pz_kind_find("keen") == kind);
  refused();
  counts();
  generated();
  generated_level();
  int n = sgt_puzzles();
  fprintf(stderr, "%d sgt-keen puzzles\n", n);
  if (check_failures) fprintf(stderr, "%d checks failed\n", check_failures);
  return check_failures ? 1 : 0;
}
