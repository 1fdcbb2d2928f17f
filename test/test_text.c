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

int main(void) {
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
  return check_done("test_text");
}
