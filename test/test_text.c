/* Puzzle text: layouts, auto-detection, errors with line and column. */
#include <pz.h>

#include "check.h"

static pz_text *parse(const char *s, int n, pz_text_format f, int want,
                      pz_parse_info *info) {
  pz_text *t = NULL;
  int st = pz_text_parse(&t, s, strlen(s), n, f, info);
  if (st != want)
    fprintf(stderr, "parse of <%s>: status %d, wanted %d (%s)\n", s, st, want,
            info->message);
  CHECK_EQ(st, want);
  return t;
}

static void test_basics(void) {
  pz_parse_info info;
  /* One puzzle per line, characters, with comments and blank lines. */
  pz_text *t = parse("# two 4x4\n1.3.\t\n\n...4..1.2...3..4\r\n", 0, PZ_TEXT_AUTO, PZ_ERR_RANGE, &info);
  /* "1.3." is a 2x2 puzzle line, so 3 is out of range. */
  CHECK_EQ(info.line, 2);
  CHECK_EQ(info.column, 3);
  pz_text_free(t);
  t = parse("# two 4x4\n1.3.....2...4..1\n\n...4..1.2...3..4\r\n", 0, PZ_TEXT_AUTO, PZ_OK, &info);
  REQUIRE(t);
  CHECK_EQ(pz_text_count(t), 2);
  CHECK_EQ(pz_text_size(t, 0), 4);
  CHECK_EQ(pz_text_cells(t, 0)[0], 1);
  CHECK_EQ(pz_text_cells(t, 0)[1], 0);
  CHECK_EQ(pz_text_cells(t, 1)[3], 4);
  CHECK_EQ(pz_text_line(t, 1), 4);
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_CHARS);
  pz_text_free(t);
  /* Integers on a line. */
  t = parse("1 0 0 0 0 0 0 2 0 0 3 0 4 0 0 0\n", 0, PZ_TEXT_AUTO, PZ_OK, &info);
  REQUIRE(t);
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_INTS);
  CHECK_EQ(pz_text_cells(t, 0)[12], 4);
  pz_text_free(t);
  /* A grid: 6 rows of 6 is not a square line, so a grid. */
  const char *g6 = "# 6x6\n1 . . . . 6\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n6 . . . . 1\n";
  t = parse(g6, 0, PZ_TEXT_AUTO, PZ_OK, &info);
  REQUIRE(t);
  CHECK_EQ(pz_text_count(t), 1);
  CHECK_EQ(pz_text_size(t, 0), 6);
  CHECK_EQ(pz_text_cells(t, 0)[35], 1);
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_GRID);
  pz_text_free(t);
  /* 4 rows of 4 cells read as a grid; with expect_n = 2 as 4 lines. */
  t = parse("1234\n3412\n2143\n4321\n", 0, PZ_TEXT_AUTO, PZ_OK, &info);
  REQUIRE(t);
  CHECK_EQ(pz_text_count(t), 1);
  CHECK_EQ(pz_text_size(t, 0), 4);
  pz_text_free(t);
  t = parse("1234\n3412\n2143\n4321\n", 2, PZ_TEXT_AUTO, PZ_ERR_RANGE, &info);
  CHECK_EQ(info.line, 1);
  CHECK_EQ(info.column, 3);
  pz_text_free(t);
  /* 81 lines of 81 characters: a character row cannot be 81 cells wide
   * (the largest character value is 35), so 81 puzzles, not one grid. */
  {
    char *many = (char *)malloc(81 * 82 + 1);
    REQUIRE(many);
    for (int r = 0; r < 81; r++) {
      for (int c = 0; c < 81; c++) many[r * 82 + c] = c == r % 81 ? '5' : '.';
      many[r * 82 + 81] = '\n';
    }
    many[81 * 82] = 0;
    t = parse(many, 0, PZ_TEXT_AUTO, PZ_OK, &info);
    REQUIRE(t);
    CHECK_EQ(pz_text_count(t), 81);
    CHECK_EQ(pz_text_size(t, 0), 9);
    CHECK_EQ(pz_text_format_of(t, 80), PZ_TEXT_CHARS);
    CHECK_EQ(pz_text_cells(t, 80)[80], 5);
    pz_text_free(t);
    free(many);
  }
  /* Errors name line and column. */
  t = parse("1.3.....2...4..1\n1.3..!..2...4..1\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, &info);
  CHECK_EQ(info.line, 2);
  CHECK_EQ(info.column, 6);
  CHECK(strstr(info.message, "'!'") != NULL);
  pz_text_free(t);
  t = parse("1.3.....2...4..1\n1.3..5..2...4..1\n", 0, PZ_TEXT_AUTO, PZ_ERR_RANGE, &info);
  CHECK_EQ(info.line, 2);
  CHECK_EQ(info.column, 6);
  pz_text_free(t);
  t = parse("1.3.....2...4..1\n1.3.....2...4..\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, &info);
  CHECK_EQ(info.line, 2);
  pz_text_free(t);
  t = parse("1 2 x 4\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, &info);
  CHECK_EQ(info.column, 5);
  pz_text_free(t);
  t = parse("# nothing\n\n", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, &info);
  CHECK(strstr(info.message, "no puzzle") != NULL);
  pz_text_free(t);
  t = parse("", 0, PZ_TEXT_AUTO, PZ_ERR_PARSE, &info);
  pz_text_free(t);
  t = parse("1 2 3\n. . .\n", 0, PZ_TEXT_GRID, PZ_ERR_PARSE, &info);
  CHECK(strstr(info.message, "ended after 2 of 3") != NULL);
  pz_text_free(t);
  t = parse("1.3.....2...4..1\n", 9, PZ_TEXT_AUTO, PZ_ERR_PARSE, &info);
  pz_text_free(t);
  t = parse("1.3.....2...4..1\n", 2000, PZ_TEXT_AUTO, PZ_ERR_TOO_LARGE, &info);
  pz_text_free(t);
  t = parse("1 2 99999999999 4\n", 0, PZ_TEXT_AUTO, PZ_ERR_RANGE, &info);
  CHECK_EQ(info.column, 5);
  pz_text_free(t);
  t = parse("1.3.....2...4..1\n", 0, PZ_TEXT_INTS, PZ_ERR_PARSE, &info);
  pz_text_free(t);
  CHECK_EQ(pz_text_parse(NULL, "", 0, 0, PZ_TEXT_AUTO, &info), PZ_ERR_ARG);
  pz_text_free(NULL);

  /* Writers. */
  int cells[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0};
  FILE *f = tmpfile();
  CHECK_EQ(pz_write_line(f, cells, 4, 4, PZ_TEXT_CHARS), PZ_OK);
  CHECK_EQ(pz_write_line(f, cells, 2, 2, PZ_TEXT_INTS), PZ_OK);
  CHECK_EQ(pz_write_grid(f, cells, 4, 4, 2, 2), PZ_OK);
  rewind(f);
  char buf[512] = {0};
  CHECK(fread(buf, 1, sizeof buf - 1, f) > 0);
  fclose(f);
  CHECK_EQ(strcmp(buf, "123434122143432.\n1 2 3 4\n"
                       "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 .\n"), 0);
  int big[1] = {36};
  CHECK_EQ(pz_write_line(stdout, big, 1, 1, PZ_TEXT_CHARS), PZ_ERR_RANGE);
}

/* The cells of a puzzle line written in characters, decoded here without
 * pz: '1'-'9' and 'A'-'Z' are 1..35, anything else blank. */
static void expect_cells(const pz_text *t, size_t i, const char *line) {
  const int *c = pz_text_cells(t, i);
  REQUIRE(c != NULL);
  size_t m = strlen(line);
  CHECK_EQ((size_t)pz_text_size(t, i) * (size_t)pz_text_size(t, i), m);
  for (size_t k = 0; k < m; k++) {
    int want = line[k] >= '1' && line[k] <= '9'   ? line[k] - '0'
               : line[k] >= 'A' && line[k] <= 'Z' ? line[k] - 'A' + 10
                                                  : 0;
    if (c[k] != want) {
      fprintf(stderr, "puzzle %zu cell %zu: %d, want %d\n", i, k, c[k], want);
      check_failures++;
      return;
    }
  }
}

/* An entry that could not be read: size 0, no cells, its line and the
 * error with line and column. */
static void expect_bad(const pz_text *t, size_t i, size_t line, int status,
                       size_t eline, size_t ecol, const char *words) {
  pz_parse_info info;
  CHECK_EQ(pz_text_size(t, i), 0);
  CHECK(pz_text_cells(t, i) == NULL);
  CHECK_EQ(pz_text_line(t, i), line);
  CHECK_EQ(pz_text_error(t, i, &info), status);
  CHECK_EQ(info.line, eline);
  CHECK_EQ(info.column, ecol);
  if (!strstr(info.message, words)) {
    fprintf(stderr, "entry %zu: message '%s' lacks '%s'\n", i, info.message,
            words);
    check_failures++;
  }
}

/* Item 5: one bad puzzle in a batch does not stop the others. */
static void test_batch(void) {
  pz_parse_info info;
  pz_text *t = NULL;
  const char *lines = "1.3.....2...4..1\n"
                      "xx\n"
                      "# a comment\n"
                      "1.3..5..2...4..1\n"
                      "...4..1.2...3..4\n"
                      "1.3.....2...4..\n";
  /* Strict: the first bad line fails the call. */
  CHECK_EQ(pz_text_parse(&t, lines, strlen(lines), 0, PZ_TEXT_AUTO, &info),
           PZ_ERR_PARSE);
  CHECK(t == NULL);
  CHECK_EQ(info.line, 2);
  /* Batch: one entry per line, good or bad, in order. */
  CHECK_EQ(pz_text_parse_batch(&t, lines, strlen(lines), 0, PZ_TEXT_AUTO,
                               &info), PZ_OK);
  REQUIRE(t != NULL);
  REQUIRE(pz_text_count(t) == 5);
  expect_cells(t, 0, "1.3.....2...4..1");
  CHECK_EQ(pz_text_error(t, 0, &info), PZ_OK);
  CHECK_EQ(pz_text_line(t, 0), 1);
  expect_bad(t, 1, 2, PZ_ERR_PARSE, 2, 1, "2 cells is not a square");
  expect_bad(t, 2, 4, PZ_ERR_RANGE, 4, 6, "value 5 out of range 0..4");
  expect_cells(t, 3, "...4..1.2...3..4");
  CHECK_EQ(pz_text_line(t, 3), 5);
  expect_bad(t, 4, 6, PZ_ERR_PARSE, 6, 1, "15 cells");
  CHECK_EQ(pz_text_error(t, 5, &info), PZ_ERR_ARG);
  pz_text_free(t);

  /* Grids: a bad grid is skipped up to the next blank line. */
  const char *grids = "# three 4x4 grids\n"
                      "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
                      "\n"
                      "1 2 3 4\n3 4 1 2\n2 1 4 3\n"           /* 3 rows */
                      "\n"
                      "1 . . .\n. . . .\n. . 7 .\n. . . .\n" /* a 7 */
                      "\n\n"
                      "4 . . .\n. . . .\n. . . .\n. . . 1\n";
  CHECK_EQ(pz_text_parse(&t, grids, strlen(grids), 0, PZ_TEXT_AUTO, &info),
           PZ_ERR_PARSE);
  CHECK_EQ(info.line, 11);
  CHECK(strstr(info.message, "ended after 3 of 4 rows") != NULL);
  CHECK_EQ(pz_text_parse_batch(&t, grids, strlen(grids), 0, PZ_TEXT_AUTO,
                               &info), PZ_OK);
  REQUIRE(t != NULL);
  REQUIRE(pz_text_count(t) == 4);
  expect_cells(t, 0, "1234341221434321");
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_GRID);
  expect_bad(t, 1, 8, PZ_ERR_PARSE, 11, 1, "ended after 3 of 4 rows");
  expect_bad(t, 2, 12, PZ_ERR_RANGE, 14, 5, "value 7 out of range 0..4");
  expect_cells(t, 3, "4..............1");
  CHECK_EQ(pz_text_line(t, 3), 18);
  pz_text_free(t);

  /* Every puzzle bad is still a batch; no puzzle at all is not. */
  CHECK_EQ(pz_text_parse_batch(&t, "12\n\n!\n", 6, 0, PZ_TEXT_AUTO, &info),
           PZ_OK);
  REQUIRE(t != NULL);
  REQUIRE(pz_text_count(t) == 2);
  expect_bad(t, 0, 1, PZ_ERR_PARSE, 1, 1, "2 cells");
  expect_bad(t, 1, 3, PZ_ERR_PARSE, 3, 1, "'!'");
  pz_text_free(t);
  t = (pz_text *)&info;
  CHECK_EQ(pz_text_parse_batch(&t, "# none\n\n", 8, 0, PZ_TEXT_AUTO, &info),
           PZ_ERR_PARSE);
  CHECK(t == NULL);
  CHECK(strstr(info.message, "no puzzle") != NULL);
  CHECK_EQ(pz_text_parse_batch(&t, "", 0, 0, PZ_TEXT_AUTO, &info), PZ_ERR_PARSE);
  /* With a size: lines of the wrong size are bad entries. */
  const char *sized = "1.3.....2...4..1\n123456789\n................\n";
  CHECK_EQ(pz_text_parse_batch(&t, sized, strlen(sized), 4, PZ_TEXT_AUTO,
                               &info), PZ_OK);
  REQUIRE(t != NULL);
  REQUIRE(pz_text_count(t) == 3);
  expect_bad(t, 1, 2, PZ_ERR_PARSE, 2, 1, "expected a puzzle line of n*n or a grid row of n cells (n = 4)");
  expect_cells(t, 2, "................");
  pz_text_free(t);
  /* The stream version. */
  FILE *f = tmpfile();
  REQUIRE(f != NULL);
  fputs(lines, f);
  rewind(f);
  CHECK_EQ(pz_text_read_batch(&t, f, 0, PZ_TEXT_AUTO, &info), PZ_OK);
  fclose(f);
  CHECK_EQ(pz_text_count(t), 5);
  pz_text_free(t);
  CHECK_EQ(pz_text_error(NULL, 0, &info), PZ_ERR_ARG);
}

/* Strict mode stops at the puzzle batch mode reports first, with the same
 * status, line and column; a forced INTS layout reads a 1x1 line "1". */
static void test_strict_matches_batch(void) {
  static const struct {
    const char *text;
    int n;
  } cases[] = {
      {"0 0/0\n1\n", 9},
      {"https://puzz.link/p?sudoku/4/4/5\n123\n", 4},
      {"https://puzz.link/p?sudoku/4/4/5\n1!\n", 0},
      {"1.!.\n\n1.3.....2...4..1\n", 0},
      {"https://puzz.link/p?sudoku/4/4/5\n1.3..!..2...4..1\n", 0},
      {"123\n1.3.....2...4..1\n", 4},
      {"1.3.....2...4..1\n1!\n123\n", 4},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *s = cases[i].text;
    pz_text *t = NULL, *b = NULL;
    pz_parse_info si, bi;
    int st = pz_text_parse(&t, s, strlen(s), cases[i].n, PZ_TEXT_AUTO, &si);
    CHECK(st != PZ_OK);
    CHECK_EQ(pz_text_parse_batch(&b, s, strlen(s), cases[i].n, PZ_TEXT_AUTO,
                                 &bi), PZ_OK);
    size_t k = 0;
    while (k < pz_text_count(b) && pz_text_error(b, k, &bi) == PZ_OK) k++;
    REQUIRE(k < pz_text_count(b));
    if (pz_text_error(b, k, &bi) != st || bi.line != si.line ||
        bi.column != si.column) {
      fprintf(stderr, "case %zu: strict %d at %zu:%zu (%s), batch %d at "
              "%zu:%zu (%s)\n", i, st, si.line, si.column, si.message,
              pz_text_error(b, k, NULL), bi.line, bi.column, bi.message);
      check_failures++;
    }
    pz_text_free(t);
    pz_text_free(b);
  }
  pz_text *t = NULL;
  pz_parse_info info;
  CHECK_EQ(pz_text_parse(&t, "1\n", 2, 0, PZ_TEXT_INTS, &info), PZ_OK);
  CHECK_EQ(pz_text_format_of(t, 0), PZ_TEXT_INTS);
  pz_text_free(t);
  CHECK_EQ(pz_text_parse(&t, "12\n", 3, 0, PZ_TEXT_INTS, &info), PZ_ERR_RANGE);
  CHECK(strstr(info.message, "value 12 out of range 0..1") != NULL);
}

int main(void) {
  test_basics();
  test_batch();
  test_strict_matches_batch();
  return check_done("test_text");
}
