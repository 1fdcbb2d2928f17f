/* Exchange formats and parser messages (issue 7, items 6, 9, 10, 11):
 * pz-sudoku's own grid output read back, SadMan .sdk/.sdm, puzz.link Sudoku
 * URLs (decoded here independently, then solved and validated), .pls
 * numbers range-checked as written and trailing data refused, writers in
 * 0-based notation and with checked writes, and messages that name what
 * is wrong and where in every parser (BOM, NUL, non-UTF-8 bytes). */
#include <pz.h>

#include "test_main.h"
#include "validate.h"
#include "puzzle_on.h"

/* A string literal and its length (NUL bytes included). */
#define L(s) s, sizeof(s) - 1

/* --- Helpers ------------------------------------------------------------ */

/* Cells of a character line decoded here, not by pz: '1'-'9', 'A'-'Z' are
 * 1..35, anything else blank. */
static void decode_chars(const char *s, int *out, size_t m) {
  for (size_t k = 0; k < m; k++)
    out[k] = s[k] >= '1' && s[k] <= '9'   ? s[k] - '0'
             : s[k] >= 'A' && s[k] <= 'Z' ? s[k] - 'A' + 10
                                          : 0;
}

static int same_cells(const int *a, const int *b, size_t m, const char *what) {
  for (size_t k = 0; k < m; k++)
    if (a[k] != b[k]) {
      fprintf(stderr, "%s: cell %zu is %d, want %d\n", what, k, a[k], b[k]);
      check_failures++;
      return 0;
    }
  return 1;
}

static void want_words(const pz_parse_info *info, const char *words,
                       const char *what) {
  if (!strstr(info->message, words)) {
    fprintf(stderr, "%s: message '%s' lacks '%s'\n", what, info->message,
            words);
    check_failures++;
  }
}

/* No byte of a message is a raw control or non-ASCII byte unless it is
 * part of well-formed UTF-8 copied from the input on purpose. */
static void printable_message(const pz_parse_info *info, const char *what) {
  for (const unsigned char *p = (const unsigned char *)info->message; *p; p++)
    if (*p < 0x20 || *p == 0x7f || *p == 0xff) {
      fprintf(stderr, "%s: raw byte 0x%02x in '%s'\n", what, *p,
              info->message);
      check_failures++;
      return;
    }
}

/* A parser's refusal of text (what names the parser): status, place and
 * words as wanted, a printable message, and nothing left in its output
 * (left: what it left there). */
static void refused(const char *what, const char *text, int st,
                    const pz_parse_info *info, const void *left, int status,
                    size_t line, size_t col, const char *words) {
  if (st != status || info->line != line || info->column != col ||
      !strstr(info->message, words) || left) {
    fprintf(stderr, "%s '%.40s': %d at %zu:%zu '%s'%s; want %d at %zu:%zu "
            "'%s'\n", what, text, st, info->line, info->column, info->message,
            left ? " and an output" : "", status, line, col, words);
    check_failures++;
  }
  printable_message(info, what);
}

/* Parses text strictly and expects one puzzle of n*n cells equal to the
 * characters of `want` (decoded here). */
static void expect_puzzle(const char *text, size_t len, int n,
                          const char *want, pz_text_format layout,
                          const char *what) {
  pz_text *t = NULL;
  pz_parse_info info;
  int st = pz_text_parse(&t, text, len, 0, PZ_TEXT_AUTO, &info);
  if (st != PZ_OK) {
    fprintf(stderr, "%s: status %d at %zu:%zu: %s\n", what, st, info.line,
            info.column, info.message);
    check_failures++;
    return;
  }
  CHECK_EQ(pz_text_count(t), 1);
  CHECK_EQ(pz_text_size(t, 0), n);
  CHECK_EQ(pz_text_format_of(t, 0), layout);
  size_t m = (size_t)n * (size_t)n;
  int *cells = (int *)malloc(m * sizeof(int));
  REQUIRE(cells);
  decode_chars(want, cells, m);
  if (pz_text_size(t, 0) == n) same_cells(pz_text_cells(t, 0), cells, m, what);
  free(cells);
  pz_text_free(t);
}

static void expect_error(const char *text, size_t len, int expect_n,
                         int status, size_t line, size_t col,
                         const char *words) {
  pz_text *t = NULL;
  pz_parse_info info;
  int st = pz_text_parse(&t, text, len, expect_n, PZ_TEXT_AUTO, &info);
  refused("text", text, st, &info, t, status, line, col, words);
  pz_text_free(t);
}

/* Writes through f into a string (at most cap - 1 bytes). */
static void slurp(FILE *f, char *buf, size_t cap) {
  rewind(f);
  size_t n = fread(buf, 1, cap - 1, f);
  buf[n] = 0;
  fclose(f);
}

/* A full n x n Sudoku grid (boxes br x bc) from the textbook pattern. */
static void pattern(int *g, int br, int bc) {
  int n = br * bc;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      g[r * n + c] = (bc * (r % br) + r / br + c) % n + 1;
}

/* --- Item 10: own output, .sdk, .sdm ------------------------------------ */

static void test_own_output(void) {
  static const int shapes[][2] = {{3, 3}, {2, 3}, {4, 4}, {2, 2}, {5, 5}};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    int br = shapes[s][0], bc = shapes[s][1], n = br * bc;
    size_t m = (size_t)n * (size_t)n;
    int *g = (int *)malloc(m * sizeof(int));
    REQUIRE(g);
    pattern(g, br, bc);
    REQUIRE(valid_sudoku(g, br, bc, NULL, 0, NULL));
    for (size_t k = 0; k < m; k += 3) g[k] = 0; /* some blanks */
    /* The grid drawing (with '|' and '-+-' borders) reads back as is. */
    FILE *f = tmpfile();
    REQUIRE(f);
    CHECK_EQ(pz_write_grid(f, g, n, n, br, bc), PZ_OK);
    rewind(f);
    pz_text *t = NULL;
    pz_parse_info info;
    int st = pz_text_read(&t, f, 0, PZ_TEXT_AUTO, &info);
    if (st) fprintf(stderr, "%dx%d grid: %zu:%zu %s\n", br, bc, info.line,
                    info.column, info.message);
    CHECK_EQ(st, PZ_OK);
    fclose(f);
    if (t) {
      CHECK_EQ(pz_text_count(t), 1);
      CHECK_EQ(pz_text_size(t, 0), n);
      CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_GRID);
      if (pz_text_size(t, 0) == n) same_cells(pz_text_cells(t, 0), g, m, "grid");
      pz_text_free(t);
    }
    /* So does the line layout, AUTO and INTS. */
    for (int fmt = 0; fmt < 2; fmt++) {
      f = tmpfile();
      REQUIRE(f);
      CHECK_EQ(pz_write_line(f, g, n, n, fmt ? PZ_TEXT_INTS : PZ_TEXT_AUTO),
               PZ_OK);
      rewind(f);
      st = pz_text_read(&t, f, 0, PZ_TEXT_AUTO, &info);
      fclose(f);
      CHECK_EQ(st, PZ_OK);
      if (t && pz_text_size(t, 0) == n)
        same_cells(pz_text_cells(t, 0), g, m, "line");
      pz_text_free(t);
    }
    free(g);
  }
  /* Two grids of the program's output, separated by a blank line. */
  int g[16];
  pattern(g, 2, 2);
  FILE *f = tmpfile();
  REQUIRE(f);
  CHECK_EQ(pz_write_grid(f, g, 4, 4, 2, 2), PZ_OK);
  fputs("\n", f);
  CHECK_EQ(pz_write_grid(f, g, 4, 4, 2, 2), PZ_OK);
  rewind(f);
  pz_text *t = NULL;
  pz_parse_info info;
  CHECK_EQ(pz_text_read(&t, f, 4, PZ_TEXT_AUTO, &info), PZ_OK);
  fclose(f);
  CHECK_EQ(pz_text_count(t), 2);
  pz_text_free(t);
}

static void test_sadman(void) {
  /* The .sdk example of SudoCue's file format page (header lines are
   * '#' + a letter). */
  static const char sdk[] =
      "#ARuud\n#DA random puzzle created by SudoCue\n"
      "#CJust start plugging in the numbers\n#B03-08-2006\n#SSudoCue\n"
      "#LEasy\n#Uhttp://www.sudocue.net/\n"
      "2..1.5..3\n.54...71.\n.1.2.3.8.\n6.28.73.4\n.........\n"
      "1.53.98.6\n.2.7.1.6.\n.81...24.\n7..4.2..1\n";
  static const char rows[] =
      "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1";
  expect_puzzle(sdk, sizeof sdk - 1, 9, rows, PZ_TEXT_GRID, ".sdk");
  /* SadMan's sectioned form: the givens under [Puzzle]; the solver's
   * state and pencil marks are not givens. */
  static const char sections[] =
      "[Puzzle]\r\n2..1.5..3\r\n.54...71.\r\n.1.2.3.8.\r\n6.28.73.4\r\n"
      ".........\r\n1.53.98.6\r\n.2.7.1.6.\r\n.81...24.\r\n7..4.2..1\r\n"
      "[State]\r\n2.81.5..3\r\n.54...71.\r\n.1.2.3.8.\r\n6.28.73.4\r\n"
      ".........\r\n1.53.98.6\r\n.2.7.1.6.\r\n.81...24.\r\n7..4.2..1\r\n"
      "[PencilMarks]\r\n1,2,3,,,,\r\n";
  expect_puzzle(sections, sizeof sections - 1, 9, rows, PZ_TEXT_GRID,
                ".sdk sections");
  /* .sdm: one puzzle per line, 0 for a blank. */
  static const char sdm[] =
      "000605000003020800045090270500000001062000540400000007098060450006040700000203000\n"
      "200105003054000710010203080602807304000000000105309806020701060081000240700402001\n";
  pz_text *t = NULL;
  pz_parse_info info;
  CHECK_EQ(pz_text_parse(&t, sdm, sizeof sdm - 1, 0, PZ_TEXT_AUTO, &info),
           PZ_OK);
  REQUIRE(t);
  CHECK_EQ(pz_text_count(t), 2);
  int want[81];
  decode_chars(rows, want, 81);
  if (pz_text_size(t, 1) == 9) same_cells(pz_text_cells(t, 1), want, 81, ".sdm");
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_CHARS);
  pz_text_free(t);
  /* Simple Sudoku (.ss) style: '|' and '-' borders in characters. */
  static const char ss[] =
      "2..|1.5|..3\n.54|...|71.\n.1.|2.3|.8.\n-----------\n6.2|8.7|3.4\n"
      "...|...|...\n1.5|3.9|8.6\n---+---+---\n.2.|7.1|.6.\n.81|...|24.\n"
      "7..|4.2|..1\n";
  expect_puzzle(ss, sizeof ss - 1, 9, rows, PZ_TEXT_GRID, ".ss");
}

/* --- Item 10: puzz.link Sudoku URLs ------------------------------------- */

/* An independent decoder of the pzprjs Number16 body, for the test. */
static int url_decode(const char *body, int n, int *out) {
  int c = 0;
  memset(out, 0, (size_t)n * (size_t)n * sizeof(int));
  for (const char *p = body; *p; p++) {
    int ch = *p;
    if (ch >= 'g' && ch <= 'z') {
      c += ch - 'f';
    } else if (ch == '.') {
      c++;
    } else if (ch == '-' || ch == '+') {
      int k = ch == '-' ? 2 : 3, v = 0;
      for (int i = 0; i < k; i++) {
        char d = *++p;
        v = v * 16 + (d <= '9' ? d - '0' : d - 'a' + 10);
      }
      out[c++] = v;
    } else {
      out[c++] = ch <= '9' ? ch - '0' : ch - 'a' + 10;
    }
  }
  return c == n * n;
}

/* And an independent encoder (runs of blanks as g-z). */
static void url_encode(const int *g, int n, char *out) {
  size_t o = 0;
  int run = 0;
  for (int c = 0; c <= n * n; c++) {
    if (c < n * n && g[c] == 0) {
      if (++run == 20) {
        out[o++] = 'z';
        run = 0;
      }
      continue;
    }
    if (run) out[o++] = (char)('f' + run);
    run = 0;
    if (c == n * n) break;
    int v = g[c];
    if (v < 16) o += (size_t)sprintf(out + o, "%x", v);
    else if (v < 256) o += (size_t)sprintf(out + o, "-%02x", v);
    else o += (size_t)sprintf(out + o, "+%03x", v);
  }
  out[o] = 0;
}

static pz_puzzle *sudoku(int br, int bc) {
  pz_options o = options_on(backend);
  pz_puzzle *p;
  return puzzle_set(pz_sudoku_new(&p, br, bc), &p, &o);
}

static void test_urls(void) {
  /* Published puzz.link Sudoku URLs (from public puzzle collections). */
  static const struct {
    const char *url;
    int n, br, bc;
  } pub[] = {
      {"https://puzz.link/p?sudoku/9/9/l768g3g2g7o4h1j2h43h4g5h92h6j7h5o5g9g1g824l", 9, 3, 3},
      {"https://puzz.link/p?sudoku/9/9/g6g4j391g5i4g7o8i159k2k428i1o9g5i8g366j9g2g", 9, 3, 3},
      {"https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k", 9, 3, 3},
      {"https://puzz.link/p?sudoku/6/6/61j3g2j4g3j5g4j6g5j12", 6, 2, 3},
      {"https://puzz.link/p?sudoku/6/6/g3h2g5j6h1l4h6j3g5g6h", 6, 2, 3},
      {"http://pzv.jp/p.html?sudoku/9/9/15i96l17i7g65i42k1g5368h2i7g2p3h5g48g2g9k3h7i6", 9, 3, 3},
      {"https://puzz.link/p?sudoku/9/9/123456789789123456456789123231564897897231564564897231312645978978312645645978312", 9, 3, 3},
  };
  for (size_t i = 0; i < sizeof pub / sizeof pub[0]; i++) {
    pz_text *t = NULL;
    pz_parse_info info;
    int st = pz_text_parse(&t, pub[i].url, strlen(pub[i].url), 0,
                           PZ_TEXT_AUTO, &info);
    if (st) fprintf(stderr, "url %zu: %zu:%zu %s\n", i, info.line,
                    info.column, info.message);
    CHECK_EQ(st, PZ_OK);
    if (!t) continue;
    int n = pub[i].n;
    CHECK_EQ(pz_text_size(t, 0), n);
    CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_URL);
    int want[81];
    REQUIRE(url_decode(strrchr(pub[i].url, '/') + 1, n, want));
    if (pz_text_size(t, 0) != n || !same_cells(pz_text_cells(t, 0), want,
                                               (size_t)n * n, pub[i].url)) {
      pz_text_free(t);
      continue;
    }
    /* Solve it and check the answer against the rules and the givens. */
    pz_puzzle *p = sudoku(pub[i].br, pub[i].bc);
    CHECK_EQ(pz_puzzle_set_givens(p, pz_text_cells(t, 0)), PZ_OK);
    int sol[81];
    pz_result r;
    CHECK_EQ(pz_puzzle_solve(p, sol, &r), PZ_OK);
    CHECK_EQ(r, PZ_SAT);
    if (r == PZ_SAT)
      CHECK(valid_sudoku(sol, pub[i].br, pub[i].bc, want, 0, NULL));
    pz_puzzle_free(p);
    pz_text_free(t);
  }
  /* Encoded here, decoded by pz: 16x16 (numbers 10-16 as 'a'-'f' and
   * '-10'), 25x25 ('-' + two digits), with runs of blanks past 20. */
  static const int shapes[][2] = {{4, 4}, {5, 5}, {3, 3}};
  for (size_t s = 0; s < 3; s++) {
    int br = shapes[s][0], bc = shapes[s][1], n = br * bc;
    int g[625];
    pattern(g, br, bc);
    for (int k = 0; k < n * n; k++)
      if ((k * 7) % 5 < 3 || (k > 30 && k < 80)) g[k] = 0;
    char url[4096];
    int o = snprintf(url, sizeof url, "https://puzz.link/p?sudoku/%d/%d/", n, n);
    url_encode(g, n, url + o);
    pz_text *t = NULL;
    pz_parse_info info;
    int st = pz_text_parse(&t, url, strlen(url), n, PZ_TEXT_AUTO, &info);
    if (st) fprintf(stderr, "%s: %zu:%zu %s\n", url, info.line, info.column,
                    info.message);
    CHECK_EQ(st, PZ_OK);
    if (t && pz_text_size(t, 0) == n)
      same_cells(pz_text_cells(t, 0), g, (size_t)n * n, "encoded url");
    pz_text_free(t);
    /* pz writes the same URL. */
    FILE *f = tmpfile();
    REQUIRE(f);
    CHECK_EQ(pz_write_sudoku_url(f, g, n), PZ_OK);
    char got[4096];
    slurp(f, got, sizeof got);
    strcat(url, "\n");
    CHECK_EQ(strcmp(got, url), 0);
  }
  /* URLs mixed with other lines in a batch; a bad URL is one bad entry. */
  static const char mixed[] =
      "https://puzz.link/p?sudoku/4/4/1h2l3h4h\n"
      "https://puzz.link/p?sudoku/4/4/1h2l3h5h\n"
      "1..2......3..4..\n";
  pz_text *t = NULL;
  pz_parse_info info;
  CHECK_EQ(pz_text_parse_batch(&t, mixed, sizeof mixed - 1, 0, PZ_TEXT_AUTO,
                               &info), PZ_OK);
  REQUIRE(t);
  CHECK_EQ(pz_text_count(t), 3);
  int want[16];
  decode_chars("1..2......3..4..", want, 16);
  if (pz_text_size(t, 0) == 4) same_cells(pz_text_cells(t, 0), want, 16, "url 4x4");
  CHECK_EQ(pz_text_error(t, 1, &info), PZ_ERR_RANGE);
  CHECK_EQ(info.line, 2);
  CHECK_EQ(info.column, 38);
  want_words(&info, "'5' is the number 5, outside 1..4", "url range");
  if (pz_text_size(t, 2) == 4) same_cells(pz_text_cells(t, 2), want, 16, "line 4x4");
  pz_text_free(t);
  /* Malformed URLs name the place. */
  expect_error(L("https://puzz.link/p?sudoku/9/8/g"), 0, PZ_ERR_PARSE, 1, 1,
               "must be square");
  /* A body may stop early: the cells after it are blank (as puzz.link
   * reads it). */
  expect_puzzle(L("https://puzz.link/p?sudoku/4/4/1h2l3h4"), 4,
                "1..2......3..4..", PZ_TEXT_URL, "short body");
  expect_error(L("https://puzz.link/p?sudoku/4/4/1h2l3h4h4"), 0, PZ_ERR_PARSE,
               1, 40, "'4' after all 16 cells");
  expect_error(L("https://puzz.link/p?sudoku/4/4/zz"), 0, PZ_ERR_PARSE, 1, 32,
               "'z' skips 20 cells, but only 16 are left");
  expect_error(L("https://puzz.link/p?sudoku/4/4/1h2k3h!"), 0, PZ_ERR_PARSE,
               1, 38, "unexpected character '!'");
  expect_error(L("https://puzz.link/p?nurikabe/4/4/1"), 0, PZ_ERR_PARSE, 1,
               21, "for 'nurikabe', not sudoku");
  expect_error(L("https://puzz.link/p?sudoku/99999999999/4/1"), 0,
               PZ_ERR_TOO_LARGE, 1, 28, "99999999999 columns");
  expect_error(L("https://puzz.link/p?sudoku/4/4/-1"), 0, PZ_ERR_PARSE, 1, 32,
               "needs 2 hexadecimal digits");
  expect_error(L("https://puzz.link/p?sudoku/9/9/g"), 4, PZ_ERR_PARSE, 1, 1,
               "expected 4x4");
}

/* --- Item 9: .pls ---------------------------------------------------------- */

static void pls_error(const char *text, size_t len, int status, size_t line,
                      size_t col, const char *words) {
  int *cells = (int *)&line, n = 7; /* must be reset */
  pz_parse_info info;
  int st = pz_pls_parse(text, len, &cells, &n, &info);
  refused("pls", text, st, &info, cells, status, line, col, words);
  CHECK_EQ(n, 0);
}

static void test_pls(void) {
  const char *ok3 = "order 3\n0 1 -1\n1 -1 0\n-1 0 1\n";
  int *cells = NULL, n = 0;
  pz_parse_info info;
  CHECK_EQ(pz_pls_parse(ok3, strlen(ok3), &cells, &n, &info), PZ_OK);
  CHECK_EQ(n, 3);
  const int want3[9] = {1, 2, 0, 2, 0, 1, 0, 1, 2};
  if (cells) same_cells(cells, want3, 9, "pls");
  /* Written back in its own notation: 0-based symbols, -1 holes. */
  FILE *f = tmpfile();
  REQUIRE(f);
  CHECK_EQ(pz_pls_write(f, cells, n), PZ_OK);
  char buf[256];
  slurp(f, buf, sizeof buf);
  CHECK_EQ(strcmp(buf, "order 3\n0 1 -1\n1 -1 0\n-1 0 1\n"), 0);
  free(cells);
  /* Overflowing numbers are errors naming the text as written. */
  pls_error(L("order 3\n0 1 2\n1 2 0\n2 0 4294967297\n"), PZ_ERR_RANGE, 4, 5,
            "symbol 4294967297 is out of range -1..2");
  pls_error(L("order 3\n0 1 2\n1 2 0\n2 0 99999999999999999999\n"),
            PZ_ERR_RANGE, 4, 5, "99999999999999999999");
  pls_error(L("order 4294967299\n"), PZ_ERR_TOO_LARGE, 1, 7,
            "order 4294967299 is out of range 1..1024");
  pls_error(L("order 0\n"), PZ_ERR_RANGE, 1, 7, "order 0 is out of range");
  pls_error(L("order 2\n0 1\n1 -2\n"), PZ_ERR_RANGE, 3, 3,
            "symbol -2 is out of range -1..1");
  pls_error(L("order 2\n0 1\n1 +0\n"), PZ_ERR_PARSE, 3, 3,
            "needs an integer, found '+0'");
  pls_error(L("order 2\n0 1\n1 0.5\n"), PZ_ERR_PARSE, 3, 3, "'0.5'");
  pls_error(L("order x\n"), PZ_ERR_PARSE, 1, 7, "order needs an integer");
  pls_error(L("ordre 2\n"), PZ_ERR_PARSE, 1, 1, "expected 'order N', found 'ordre'");
  pls_error(L(""), PZ_ERR_PARSE, 1, 1, "found nothing");
  pls_error(L("order"), PZ_ERR_PARSE, 1, 1, "needs the number");
  /* Every byte accounted for: extra rows, garbage, a missing cell. */
  pls_error(L("order 2\n0 1\n1 0\n0 1\n"), PZ_ERR_PARSE, 4, 1,
            "unexpected '0' after the 4 cells of the order 2 square");
  pls_error(L("order 2\n0 1\n1 0\nGARBAGE\n"), PZ_ERR_PARSE, 4, 1,
            "unexpected 'GARBAGE'");
  pls_error(L("order 2\n0 1\n1 0 # note\n"), PZ_ERR_PARSE, 3, 5, "'#'");
  pls_error(L("order 2\n0 1\n1\n"), PZ_ERR_PARSE, 3, 2,
            "ends after 3 of the 4 cells");
  /* 5 million numbers after the cells stop at the first one. */
  size_t big = 10 * 1000 * 1000 + 32;
  char *text = (char *)malloc(big);
  REQUIRE(text);
  size_t o = (size_t)sprintf(text, "order 1\n0\n");
  while (o + 2 < big) {
    text[o++] = '0';
    text[o++] = ' ';
  }
  pls_error(text, o, PZ_ERR_PARSE, 3, 1, "unexpected '0' after the 1 cells");
  free(text);
  /* The test file reads as written (decoded here by hand). */
  char path[1024];
  snprintf(path, sizeof path, "%s/latin5.pls", PZ_TEST_DATA);
  f = fopen(path, "rb");
  REQUIRE(f);
  CHECK_EQ(pz_pls_read(f, &cells, &n, &info), PZ_OK);
  fclose(f);
  const int want5[25] = {1, 0, 3, 0, 5, 0, 3, 0, 5, 0, 3, 0, 5, 0, 2,
                         0, 5, 0, 2, 0, 5, 0, 2, 0, 4};
  CHECK_EQ(n, 5);
  if (cells) same_cells(cells, want5, 25, "latin5.pls");
  free(cells);
  /* Bad writer input. */
  const int bad[4] = {1, 2, 3, 0};
  f = tmpfile();
  REQUIRE(f);
  CHECK_EQ(pz_pls_write(f, bad, 2), PZ_ERR_RANGE);
  CHECK_EQ(pz_pls_write(f, bad, 0), PZ_ERR_ARG);
  fclose(f);
}

/* --- Item 6: writers ------------------------------------------------------ */

static void test_writers(void) {
  char buf[4096];
  /* AUTO: characters only when every value fits one. */
  int small[4] = {1, 2, 0, 35};
  FILE *f = tmpfile();
  REQUIRE(f);
  CHECK_EQ(pz_write_line(f, small, 2, 2, PZ_TEXT_AUTO), PZ_OK);
  small[3] = 36;
  CHECK_EQ(pz_write_line(f, small, 2, 2, PZ_TEXT_AUTO), PZ_OK);
  CHECK_EQ(pz_write_line(f, small, 2, 2, PZ_TEXT_CHARS), PZ_ERR_RANGE);
  /* 0-based: symbols 0..n-1, blanks '.'. */
  int g[4] = {1, 2, 0, 12};
  CHECK_EQ(pz_write_line_base(f, g, 2, 2, PZ_TEXT_AUTO, 0), PZ_OK);
  CHECK_EQ(pz_write_line_base(f, g, 2, 2, PZ_TEXT_CHARS, 0), PZ_ERR_ARG);
  CHECK_EQ(pz_write_grid_base(f, g, 2, 2, 0, 0, 0), PZ_OK);
  CHECK_EQ(pz_write_line_base(f, g, 2, 2, PZ_TEXT_AUTO, 2), PZ_ERR_ARG);
  slurp(f, buf, sizeof buf);
  CHECK_EQ(strcmp(buf, "12.Z\n1 2 0 36\n0 1 . 11\n 0  1\n . 11\n"), 0);
  if (strcmp(buf, "12.Z\n1 2 0 36\n0 1 . 11\n 0  1\n . 11\n"))
    fprintf(stderr, "writers wrote:\n%s", buf);
  /* A 12x12 line in AUTO is 144 characters, read back the same. */
  int big[144];
  pattern(big, 3, 4);
  f = tmpfile();
  REQUIRE(f);
  CHECK_EQ(pz_write_line(f, big, 12, 12, PZ_TEXT_AUTO), PZ_OK);
  slurp(f, buf, sizeof buf);
  CHECK_EQ(strlen(buf), 145);
  /* Failed writes are reported (a full device, unbuffered). */
  f = fopen("/dev/full", "w");
  if (f) {
    setvbuf(f, NULL, _IONBF, 0);
    int cells[4] = {1, 2, 2, 1};
    CHECK_EQ(pz_write_line(f, cells, 2, 2, PZ_TEXT_CHARS), PZ_ERR_IO);
    clearerr(f);
    CHECK_EQ(pz_write_line(f, cells, 2, 2, PZ_TEXT_INTS), PZ_ERR_IO);
    clearerr(f);
    CHECK_EQ(pz_write_grid(f, cells, 2, 2, 1, 1), PZ_ERR_IO);
    clearerr(f);
    CHECK_EQ(pz_pls_write(f, cells, 2), PZ_ERR_IO);
    clearerr(f);
    CHECK_EQ(pz_write_sudoku_url(f, cells, 2), PZ_ERR_IO);
    clearerr(f);
    const int sol[4] = {PZ_NONDANGO_WHITE, PZ_NONDANGO_NONE, PZ_NONDANGO_BLACK,
                        PZ_NONDANGO_WHITE};
    const int reg[4] = {0, 0, 1, 1};
    CHECK_EQ(pz_nondango_write_grid(f, sol, 2, 2), PZ_ERR_IO);
    clearerr(f);
    CHECK_EQ(pz_nondango_write_line(f, sol, 2, 2), PZ_ERR_IO);
    clearerr(f);
    CHECK_EQ(pz_nondango_write_pzprv3(f, reg, sol, 2, 2), PZ_ERR_IO);
    clearerr(f);
    CHECK_EQ(pz_nondango_write_url(f, reg, sol, 2, 2), PZ_ERR_IO);
    fclose(f);
  }
}

/* --- Item 11: messages ---------------------------------------------------- */

static void test_text_messages(void) {
  char line[128];
  /* An 80-character line is not n*n cells. */
  memset(line, '.', 80);
  line[80] = '\n';
  expect_error(line, 81, 0, PZ_ERR_PARSE, 1, 1,
               "80 cells is not a square number");
  /* A letter in a 9x9 line is named. */
  memset(line, '.', 81);
  line[40] = 'x';
  expect_error(line, 81, 0, PZ_ERR_RANGE, 1, 41, "'x' stands for 33");
  /* A regions file of 8 rows of 9. */
  static const char regions8[] =
      "1 1 1 2 2 2 3 3 3\n1 1 1 2 2 2 3 3 3\n1 1 1 2 2 2 3 3 3\n"
      "4 4 4 5 5 5 6 6 6\n4 4 4 5 5 5 6 6 6\n4 4 4 5 5 5 6 6 6\n"
      "7 7 7 8 8 8 9 9 9\n7 7 7 8 8 8 9 9 9\n";
  expect_error(regions8, sizeof regions8 - 1, 0, PZ_ERR_PARSE, 9, 1,
               "ended after 8 of 9 rows");
  expect_error(regions8, sizeof regions8 - 1, 9, PZ_ERR_PARSE, 9, 1,
               "ended after 8 of 9 rows");
  /* Raw bytes are escaped, a NUL is an error, not a cut. */
  expect_error(L("1.3.\xff....2...4..1\n"), 0, PZ_ERR_PARSE, 1, 5,
               "'\\xff'");
  expect_error(L("1.3.\xc3\xa9....2...4..1\n"), 0, PZ_ERR_PARSE, 1, 5,
               "'\xc3\xa9'");
  expect_error(L("1.3.\0....2...4..1\n"), 0, PZ_ERR_PARSE, 1, 5, "NUL byte");
  expect_error(L("# \0 in a comment\n1.3.....2...4..1\n"), 0, PZ_ERR_PARSE,
               1, 3, "NUL byte");
  expect_error(L("1 2 3\xff 4\n"), 0, PZ_ERR_PARSE, 1, 6, "'\\xff'");
  expect_error(L("1 2 99999999999999999999 4\n"), 0, PZ_ERR_RANGE, 1, 5,
               "value 99999999999999999999 out of range 0..2");
  /* A byte-order mark is skipped. */
  expect_puzzle(L("\xef\xbb\xbf" "1.3.....2...4..1\n"), 4, "1.3.....2...4..1",
                PZ_TEXT_CHARS, "BOM");
  pz_text *t = NULL;
  pz_parse_info info;
  CHECK_EQ(pz_text_parse(&t, L("\xef\xbb\xbf" "1!\n"), 0, PZ_TEXT_AUTO, &info),
           PZ_ERR_PARSE);
  CHECK_EQ(info.column, 2); /* counted after the mark */
  int *cells = NULL, n = 0;
  CHECK_EQ(pz_pls_parse(L("\xef\xbb\xbforder 1\n0\n"), &cells, &n, &info),
           PZ_OK);
  CHECK_EQ(n, 1);
  free(cells);
  pls_error(L("order 2\n0 1\n1 \0\n"), PZ_ERR_PARSE, 3, 3, "NUL byte");
  pls_error(L("order 2\n0 1\n1 \xfe\n"), PZ_ERR_PARSE, 3, 3, "'\\xfe'");
}

/* Knightdoku's parser (nondango 0) or Nondango's refuses text as wanted. */
static void other_error(int nondango, const char *text, size_t len,
                        int status, size_t line, size_t col,
                        const char *words) {
  pz_knightdoku_def *kd = NULL;
  pz_nondango_def *nd = NULL;
  pz_parse_info info;
  int st = nondango
               ? pz_nondango_parse(text, len, PZ_NONDANGO_AUTO, &nd, &info)
               : pz_knightdoku_parse(text, len, &kd, &info);
  refused(nondango ? "nondango" : "knightdoku", text, st, &info,
          nondango ? (const void *)nd : (const void *)kd, status, line, col,
          words);
}

static void test_other_parsers(void) {
  /* Knightdoku: numbers as written, bytes escaped, NUL refused, BOM. */
  other_error(0, L("size 99999999999999999999\n"), PZ_ERR_TOO_LARGE, 1, 6,
           "size 99999999999999999999 is above");
  other_error(0, L("knights 99999999999999999999\n"), PZ_ERR_RANGE, 1, 9,
           "knights 99999999999999999999 is above");
  other_error(0, L("box 99999999999999999999x1\n"), PZ_ERR_TOO_LARGE, 1, 5,
           "box 99999999999999999999x1");
  other_error(0, L("box 4294967297x1\n....\n"), PZ_ERR_TOO_LARGE, 1, 5,
           "box 4294967297x1");
  other_error(0, L("size 4\xff\n"), PZ_ERR_PARSE, 1, 6, "'4\\xff'");
  other_error(0, L("....\n..\xff.\n"), PZ_ERR_PARSE, 2, 3, "'\\xff'");
  other_error(0, L("....\n..\0.\n"), PZ_ERR_PARSE, 2, 3, "NUL byte");
  other_error(0, L("s\xc3\xa9ze 4\n"), PZ_ERR_PARSE, 1, 1, "'s\xc3\xa9ze'");
  pz_knightdoku_def *kd = NULL;
  pz_parse_info info;
  CHECK_EQ(pz_knightdoku_parse(L("\xef\xbb\xbfsize 4\n....\n....\n....\n....\n"), &kd, &info), PZ_OK);
  CHECK_EQ(pz_knightdoku_def_size(kd), 4);
  pz_knightdoku_def_free(kd);
  /* Nondango: the same, in each of its formats. */
  other_error(1, L("?nondango/99999999999999999999/6/00"), PZ_ERR_TOO_LARGE, 1, 11,
           "99999999999999999999 columns");
  other_error(1, L("AB\n\no\xff\n"), PZ_ERR_PARSE, 3, 2, "'\\xff'");
  other_error(1, L("A\0\n\no\n"), PZ_ERR_PARSE, 1, 2, "NUL byte");
  other_error(1, L("pzprv3\nnondango\n99999999999999999999\n"), PZ_ERR_TOO_LARGE,
           3, 1, "99999999999999999999 rows");
  other_error(1, L("pzprv3\nnondango\n1\n2\n99999999999999999999\n"),
           PZ_ERR_TOO_LARGE, 5, 1, "99999999999999999999 regions: at most 2");
  pz_nondango_def *d = NULL;
  CHECK_EQ(pz_nondango_parse(L("\xef\xbb\xbf" "AB\n\noo\n"), PZ_NONDANGO_AUTO,
                             &d, &info), PZ_OK);
  CHECK_EQ(pz_nondango_def_cols(d), 2);
  pz_nondango_def_free(d);
  CHECK_EQ(pz_nondango_parse(L("\xef\xbb\xbf?nondango/1/1/0"), PZ_NONDANGO_AUTO,
                             &d, &info), PZ_OK);
  pz_nondango_def_free(d);
}

CHECK_MAIN("test_formats", test_own_output, test_sadman, test_urls, test_pls,
           test_writers, test_text_messages, test_other_parsers)
