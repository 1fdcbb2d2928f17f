/* Futoshiki, Kakuro, Star Battle and Nondango through the kind table
 * alone (<pz/kind.h>): each found by name, a sample parsed, solved and
 * checked against the rules written here (plain code reading the
 * sample's own text, no pz call inside), written in every format that
 * holds a puzzle and read back (the same puzzle: the same text again and
 * the same solution), a batch split, and one puzzle generated (where the
 * kind generates), unique and valid by the same checkers. Run with the
 * backend name as argv[1]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pz.h>
#include <pz/render.h>

#include "test_main.h"
#include "kind_on.h"

/* ---- independent rule checkers ------------------------------------------
 * Each reads the puzzle from its text with sscanf-level code and answers
 * NULL when sol solves it, else what is wrong. */

/* Futoshiki from an sgt-unequal game id: "N:" then N*N cells, each a
 * number (0 blank) and flags U R D L: greater than the neighbour up,
 * right, down, left. */
static const char *futoshiki_check(const char *id, const int *sol) {
  int n = 0, at = 0;
  if (sscanf(id, "%d:%n", &n, &at) != 1 || n < 1 || n > 16) return "bad id";
  const char *s = id + at;
  int given[256], gt[256][4]; /* up, right, down, left */
  for (int x = 0; x < n * n; x++) {
    char *end;
    given[x] = (int)strtol(s, &end, 10);
    if (end == s) return "bad cell in the id";
    s = end;
    memset(gt[x], 0, sizeof gt[x]);
    for (; *s && *s != ','; s++) {
      const char *f = strchr("URDL", *s);
      if (!f) return "bad flag in the id";
      gt[x][f - "URDL"] = 1;
    }
    if (*s == ',') s++;
  }
  static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
  for (int x = 0; x < n * n; x++) {
    int r = x / n, c = x % n;
    if (sol[x] < 1 || sol[x] > n) return "value out of range";
    if (given[x] && given[x] != sol[x]) return "a given is changed";
    for (int y = 0; y < n * n; y++)
      if (y != x && sol[y] == sol[x] && (y / n == r || y % n == c))
        return "a value repeats in a row or column";
    for (int k = 0; k < 4; k++) {
      int r2 = r + dr[k], c2 = c + dc[k];
      if (gt[x][k] && (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n))
        return "a sign points off the grid";
      if (gt[x][k] && sol[x] <= sol[r2 * n + c2]) return "a sign is broken";
    }
  }
  return NULL;
}

/* Kakuro, janko.at layout: "R C", then cells '-', '0', 'D\A'. */
typedef struct kcell {
  int white, down, across;
} kcell;

static int kakuro_read(const char *text, int *rows, int *cols, kcell *k,
                       int room) {
  int at = 0;
  if (sscanf(text, "%d %d%n", rows, cols, &at) != 2 || *rows * *cols > room)
    return -1;
  const char *s = text + at;
  char tok[32];
  for (int x = 0; x < *rows * *cols; x++) {
    if (sscanf(s, "%31s%n", tok, &at) != 1) return -1;
    s += at;
    memset(&k[x], 0, sizeof k[x]);
    char *slash = strchr(tok, '\\');
    if (!strcmp(tok, "0")) k[x].white = 1;
    else if (slash) {
      k[x].down = atoi(tok);
      k[x].across = atoi(slash + 1);
    } else if (strcmp(tok, "-")) return -1;
  }
  return 0;
}

/* The run from clue cell x in direction (dr, dc): distinct 1..9 adding up
 * to sum. */
static int kakuro_run_ok(const kcell *k, int cols, int rows, int x, int dr,
                         int dc, int sum, const int *sol) {
  int seen = 0, total = 0, len = 0;
  for (int r = x / cols + dr, c = x % cols + dc;
       r < rows && c < cols && k[r * cols + c].white; r += dr, c += dc) {
    int v = sol[r * cols + c];
    if (v < 1 || v > 9 || (seen >> v & 1)) return 0;
    seen |= 1 << v, total += v, len++;
  }
  return len > 0 && total == sum;
}

static const char *kakuro_check(const char *text, const int *sol) {
  int rows, cols;
  static kcell k[64 * 64];
  if (kakuro_read(text, &rows, &cols, k, 64 * 64)) return "bad layout";
  for (int x = 0; x < rows * cols; x++) {
    if (!k[x].white && sol[x]) return "a digit outside the white cells";
    if (k[x].white && (sol[x] < 1 || sol[x] > 9)) return "a white cell empty";
    if (k[x].across && !kakuro_run_ok(k, cols, rows, x, 0, 1, k[x].across, sol))
      return "an across run is wrong";
    if (k[x].down && !kakuro_run_ok(k, cols, rows, x, 1, 0, k[x].down, sol))
      return "a down run is wrong";
  }
  return NULL;
}

/* Star Battle, janko.at layout: "R C S", then region numbers, '@' for a
 * cell in no region. */
static const char *starbattle_check(const char *text, const int *sol) {
  int rows, cols, stars, at = 0;
  if (sscanf(text, "%d %d %d%n", &rows, &cols, &stars, &at) != 3 ||
      rows * cols > 64 * 64)
    return "bad header";
  static int reg[64 * 64];
  const char *s = text + at;
  char tok[32];
  for (int x = 0; x < rows * cols; x++) {
    if (sscanf(s, "%31s%n", tok, &at) != 1) return "short grid";
    s += at;
    reg[x] = !strcmp(tok, "@") ? -1 : atoi(tok);
  }
  for (int x = 0; x < rows * cols; x++) {
    int r = x / cols, c = x % cols;
    if (sol[x] != 0 && sol[x] != 1) return "value out of range";
    if (!sol[x]) continue;
    if (reg[x] < 0) return "a star in no region";
    for (int y = x + 1; y < rows * cols; y++)
      if (sol[y] && abs(y / cols - r) <= 1 && abs(y % cols - c) <= 1)
        return "two stars touch";
  }
  for (int i = 0; i < rows; i++) {
    int inrow = 0, incol = 0;
    for (int j = 0; j < cols; j++) inrow += sol[i * cols + j];
    for (int j = 0; j < rows && i < cols; j++) incol += sol[j * cols + i];
    if (inrow != stars || (i < cols && incol != stars))
      return "a row or column has the wrong number of stars";
  }
  for (int x = 0; x < rows * cols; x++) {
    if (reg[x] < 0) continue;
    int in = 0;
    for (int y = 0; y < rows * cols; y++) in += reg[y] == reg[x] && sol[y];
    if (in != stars) return "a region has the wrong number of stars";
  }
  return NULL;
}

/* Nondango, grid format with one character a cell: region rows, a blank
 * line, circle rows ('o', '.', 'w', 'b'); a region is a connected group
 * of cells with one label. Solution: 0 none, 1 white, 2 black. */
static const char *nondango_check(const char *text, const int *sol) {
  char lab[32][33], circ[32][33];
  int rows = 0, crows = 0, cols = 0, second = 0; /* in the circle grid */
  for (const char *s = text; *s;) {
    const char *nl = strchr(s, '\n');
    size_t len = nl ? (size_t)(nl - s) : strlen(s);
    if (!len && rows) second = 1;
    if (len && s[0] != '#') {
      int *count = second ? &crows : &rows;
      if (*count == 32 || len > 32) return "too large";
      memcpy(second ? circ[*count] : lab[*count], s, len);
      (second ? circ[*count] : lab[*count])[len] = '\0';
      (*count)++;
      cols = (int)len;
    }
    s = nl ? nl + 1 : s + len;
  }
  if (!rows || rows != crows) return "bad layout";
  /* Regions: flood fill over equal labels. */
  int reg[32 * 32], nreg = 0, stack[32 * 32];
  for (int x = 0; x < rows * cols; x++) reg[x] = -1;
  for (int x = 0; x < rows * cols; x++) {
    if (reg[x] >= 0) continue;
    int top = 0;
    reg[x] = nreg, stack[top++] = x;
    while (top) {
      int y = stack[--top], r = y / cols, c = y % cols;
      static const int d4[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
      for (int k = 0; k < 4; k++) {
        int r2 = r + d4[k][0], c2 = c + d4[k][1];
        if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols) continue;
        int z = r2 * cols + c2;
        if (reg[z] < 0 && lab[r2][c2] == lab[r][c]) reg[z] = nreg, stack[top++] = z;
      }
    }
    nreg++;
  }
  for (int x = 0; x < rows * cols; x++) {
    char ch = circ[x / cols][x % cols];
    if (ch == '.' ? sol[x] != 0 : sol[x] != 1 && sol[x] != 2)
      return "circles and colours do not match";
    if ((ch == 'w' && sol[x] != 1) || (ch == 'b' && sol[x] != 2))
      return "a given colour is changed";
  }
  for (int g = 0; g < nreg; g++) {
    int black = 0;
    for (int x = 0; x < rows * cols; x++) black += reg[x] == g && sol[x] == 2;
    if (black != 1) return "a region without exactly one black circle";
  }
  static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      for (int k = 0; k < 4; k++) {
        int r2 = r + 2 * dirs[k][0], c2 = c + 2 * dirs[k][1];
        if (r2 >= rows || c2 < 0 || c2 >= cols) continue;
        int a = sol[r * cols + c];
        int b = sol[(r + dirs[k][0]) * cols + c + dirs[k][1]];
        if (a && a == b && a == sol[r2 * cols + c2])
          return "three adjacent circles of one colour";
      }
  return NULL;
}

/* ---- through the kind table ---------------------------------------------- */

typedef const char *(*checker)(const char *text, const int *sol);

/* What d writes in format (cells NULL: the puzzle), as a string (the
 * caller's), or NULL with the status in *st. */
static pz_def *parse(const pz_kind *k, const pz_kind_args *a, const char *text) {
  pz_def *d = NULL;
  pz_parse_info info;
  int st = pz_kind_parse(k, a, text, strlen(text), &d, &info);
  if (st)
    fprintf(stderr, "%s: parse: status %d, line %zu col %zu: %s\n%s\n",
            pz_kind_name(k), st, info.line, info.column, info.message, text);
  return d;
}

/* The one solution of d into sol (rows*cols ints; the caller's, room for
 * 64*64): 1 when it is unique. */
static int unique_solution(const pz_def *d, int *sol, int *rows, int *cols) {
  pz_puzzle *p = NULL;
  REQUIRE(pz_def_puzzle(d, &p) == PZ_OK);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  *rows = pz_puzzle_rows(p), *cols = pz_puzzle_cols(p);
  REQUIRE(*rows * *cols <= 64 * 64);
  pz_result r;
  REQUIRE(pz_puzzle_solve(p, sol, &r) == PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  int n = -1, again[64 * 64];
  CHECK_EQ(pz_puzzle_unique(p, &n, again, &r), PZ_OK);
  if (n == 1) CHECK(!memcmp(again, sol, (size_t)(*rows * *cols) * sizeof(int)));
  pz_puzzle_free(p);
  return n == 1;
}

/* The sample (in the checker's own format, `own`): solved, checked,
 * written in every format and read back, its answers written. */
static void sample(const char *name, const char *text, const char *own,
                   checker check, const pz_kind_args *a) {
  const pz_kind *k = pz_kind_find(name);
  REQUIRE(k);
  CHECK(!strcmp(pz_kind_name(k), name));
  pz_def *d = parse(k, a, text);
  REQUIRE(d);
  CHECK(pz_def_kind(d) == k);
  int sol[64 * 64], rows, cols;
  CHECK(unique_solution(d, sol, &rows, &cols));
  const char *why = check(text, sol);
  if (why) fprintf(stderr, "%s: the solution: %s\n", name, why);
  CHECK(!why);
  size_t cells = (size_t)rows * (size_t)cols;

  /* Every format: the puzzle read back is the same puzzle (the same text
   * written again, the same one solution); answers are written. */
  int puzzles = 0, answers = 0;
  for (const char *const *f = pz_kind_formats(k); *f; f++) {
    int st;
    char *t = def_written(d, NULL, *f, &st, NULL);
    CHECK(t || st == PZ_ERR_UNSUPPORTED);
    if (t) {
      puzzles++;
      pz_def *back = parse(k, a, t);
      CHECK(back);
      if (back) {
        int sol2[64 * 64], r2, c2;
        CHECK(unique_solution(back, sol2, &r2, &c2));
        CHECK(r2 == rows && c2 == cols &&
              !memcmp(sol, sol2, cells * sizeof(int)));
        char *t2 = def_written(back, NULL, *f, &st, NULL);
        CHECK(t2 && !strcmp(t, t2));
        free(t2);
        if (!strcmp(*f, own)) {
          why = check(t, sol);
          if (why) fprintf(stderr, "%s: as written in %s: %s\n", name, *f, why);
          CHECK(!why);
        }
        pz_def_free(back);
      }
      free(t);
    }
    t = def_written(d, sol, *f, &st, NULL);
    CHECK(t || st == PZ_ERR_UNSUPPORTED);
    if (t) {
      answers++;
      CHECK(strlen(t) > 0);
    }
    free(t);
  }
  CHECK(puzzles >= 1);
  CHECK(answers >= 2); /* grid and line at least */
  CHECK_EQ(pz_def_write(d, NULL, "no-such-format", stdout), PZ_ERR_ARG);

  /* Its picture: the scenes are in the core. */
  pz_scene *sc = NULL;
  CHECK_EQ(pz_def_scene(d, sol, &sc), PZ_OK);
  CHECK(sc);
  pz_scene_free(sc);
  pz_def_free(d);
}

/* A batch of puzzles split as the kind reads it: want parts, each a
 * puzzle. */
static void batch(const char *name, const char *text, size_t want,
                  const pz_kind_args *a) {
  const pz_kind *k = pz_kind_find(name);
  pz_span *parts = NULL;
  size_t n = 0;
  REQUIRE(pz_kind_split(k, text, strlen(text), &parts, &n) == PZ_OK);
  CHECK_EQ(n, want);
  for (size_t i = 0; i < n; i++) {
    pz_def *d = NULL;
    int st = pz_kind_parse(k, a, text + parts[i].offset, parts[i].len, &d, NULL);
    if (st) fprintf(stderr, "%s: batch part %zu: status %d\n", name, i, st);
    CHECK_EQ(st, PZ_OK);
    pz_def_free(d);
  }
  free(parts);
}

/* One generated puzzle of name under params (pairs of name and value):
 * its solution the only one, valid by check on the puzzle as written in
 * `own`. */
static void generated(const char *name, const char *const *params,
                      const char *own, checker check) {
  const pz_kind *k = generating_kind(name);
  pz_kind_args *a = kind_args(k, params);
  pz_def *d;
  pz_result stop;
  REQUIRE(generate_on(k, a, 11, backend, &d, NULL, &stop) == PZ_OK);
  CHECK_EQ(stop, PZ_SAT);
  REQUIRE(d);
  const int *sol = pz_def_solution(d);
  REQUIRE(sol);
  int found[64 * 64], rows, cols;
  CHECK(unique_solution(d, found, &rows, &cols));
  CHECK(!memcmp(found, sol, (size_t)(rows * cols) * sizeof(int)));
  int st;
  char *t = def_written(d, NULL, own, &st, NULL);
  REQUIRE(t);
  const char *why = check(t, sol);
  if (why) fprintf(stderr, "%s: generated:\n%s%s\n", name, t, why);
  CHECK(!why);
  /* Read back: the same puzzle. */
  pz_def *back = parse(k, a, t);
  CHECK(back);
  if (back) {
    int again[64 * 64], r2, c2;
    CHECK(unique_solution(back, again, &r2, &c2));
    CHECK(!memcmp(again, sol, (size_t)(rows * cols) * sizeof(int)));
  }
  pz_def_free(back);
  free(t);
  pz_def_free(d);
  pz_kind_args_free(a);
}

/* ---- the kinds ------------------------------------------------------------ */

/* From test/data/futoshiki/ids.txt (made by sgt-unequal). */
static const char futoshiki_id[] =
    "5:0R,0,0,0R,0,0,0,0U,0L,0,0,0,0,0,0,0,0,0,0,0,2,0U,0,0L,3U,\n";

static void test_futoshiki(void) {
  sample("futoshiki", futoshiki_id, "sgt", futoshiki_check, NULL);
  CHECK(pz_kind_find("unequal") == pz_kind_find("FUTOSHIKI"));
  /* Game ids a line each; grids one after another, a blank line between
   * or none, a line of signs blank. */
  batch("futoshiki",
        "# ids\n4:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,\n"
        "4:0R,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,\n",
        2, NULL);
  batch("futoshiki",
        ". < .\n\n. . \n\n# two\n. . \n\n2 .\n1 . > .\n\n. . .\n^\n. . .\n", 3,
        NULL);
  static const char *const size[] = {"size", "4", NULL};
  generated("futoshiki", size, "sgt", futoshiki_check);
}

/* test/data/kakuro/small.txt */
static const char kakuro_text[] = "5 5\n"
                                  "- 5\\ - - -\n"
                                  "\\5 0 - 6\\ 20\\\n"
                                  "- - 10\\10 0 0\n"
                                  "- 8\\6 0 6\\9 0\n"
                                  "\\25 0 0 0 0\n";

static void test_kakuro(void) {
  sample("kakuro", kakuro_text, "janko", kakuro_check, NULL);
  /* A header starts the next puzzle, blank line or not. */
  char two[512];
  snprintf(two, sizeof two, "%s%s\n%s", kakuro_text, kakuro_text, kakuro_text);
  batch("kakuro", two, 3, NULL);
  static const char *const size[] = {"size", "5x6", NULL};
  generated("kakuro", size, "janko", kakuro_check);
}

/* test/data/starbattle/five.txt */
static const char starbattle_text[] = "5 5 1\n"
                                      "2 1 1 5 3\n"
                                      "2 1 1 5 3\n"
                                      "2 3 3 3 3\n"
                                      "2 3 3 3 3\n"
                                      "3 3 3 3 4\n";

static void test_starbattle(void) {
  sample("starbattle", starbattle_text, "janko", starbattle_check, NULL);
  batch("starbattle",
        "5 5 1\n2 1 1 5 3\n2 1 1 5 3\n2 3 3 3 3\n2 3 3 3 3\n3 3 3 3 4\n\n"
        "4 4 1\nAAAA\nBBBB\nCCCC\nDDDD\n",
        2, NULL);
  static const char *const size[] = {"size", "5", "stars", "1", NULL};
  generated("starbattle", size, "janko", starbattle_check);
  static const char *const two[] = {"size", "8", "stars", "2", NULL};
  generated("starbattle", two, "janko", starbattle_check);
}

/* test/data/nondango/c7x5.txt, and the same puzzle as a URL (c7x5.url). */
static const char nondango_text[] = "FEEGG\nFEEGG\nFFEAA\nFFBBA\nBBBBB\nDDDCC\n"
                                    "DDDDD\n\n"
                                    ".oo.o\noo.oo\n..ooo\noo.oo\nooo.o\n.oooo\n"
                                    ".o...\n";
static const char nondango_url[] =
    "https://puzz.link/p?nondango/5/7/l9ig400b6pv3i4o42gn\n";

static void test_nondango(void) {
  sample("nondango", nondango_text, "grid", nondango_check, NULL);
  /* The URL is the same puzzle: the same one solution. */
  const pz_kind *k = pz_kind_find("nondango");
  pz_def *a = parse(k, NULL, nondango_text), *b = parse(k, NULL, nondango_url);
  REQUIRE(a && b);
  int sa[64 * 64], sb[64 * 64], r, c;
  CHECK(unique_solution(a, sa, &r, &c));
  CHECK(unique_solution(b, sb, &r, &c));
  CHECK(!memcmp(sa, sb, (size_t)(r * c) * sizeof(int)));
  pz_def_free(a);
  pz_def_free(b);
  /* Given colours: the grid holds them, pzprv3 and URLs cannot. */
  static const char coloured[] = "AB\nAB\n\nob\n.w\n";
  pz_def *d = parse(k, NULL, coloured);
  REQUIRE(d);
  int sol[4], st;
  CHECK(unique_solution(d, sol, &r, &c));
  CHECK(!nondango_check(coloured, sol));
  char *t = def_written(d, NULL, "grid", &st, NULL);
  CHECK(t && !strcmp(t, coloured));
  free(t);
  CHECK(!def_written(d, NULL, "url", &st, NULL) && st == PZ_ERR_UNSUPPORTED);
  CHECK(!def_written(d, NULL, "pzprv3", &st, NULL) && st == PZ_ERR_UNSUPPORTED);
  pz_def_free(d);
  /* A URL a line, then grids with a blank line after each. */
  char many[1024];
  snprintf(many, sizeof many, "%s%s%s\n%s", nondango_url, nondango_url,
           nondango_text, coloured);
  batch("nondango", many, 4, NULL);
  CHECK(!(pz_kind_modes(k) & PZ_KIND_GENERATE));
}

CHECK_MAIN_LINKED("test_kinds_other", test_futoshiki, test_kakuro,
                  test_starbattle, test_nondango)
