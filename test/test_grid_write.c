/* pz_write_grid_regions: every border where it belongs and nowhere else,
 * checked cell by cell against the regions on random grids; the grid is
 * read back by pz_text_parse; bad arguments and failed writes. */
#include <pz.h>

#include "check.h"
#define TEST_SEED 88172645463325252ULL
#include "random.h"


/* Runs the writer into a buffer; returns its status. */
static int render(const int *cells, int rows, int cols, const int *regions,
                  char *buf, size_t size) {
  FILE *f = tmpfile();
  REQUIRE(f);
  int st = pz_write_grid_regions(f, cells, rows, cols, regions);
  long len = ftell(f);
  REQUIRE(len >= 0 && (size_t)len < size);
  rewind(f);
  size_t got = fread(buf, 1, (size_t)len, f);
  buf[got] = 0;
  fclose(f);
  return st;
}

/* Character at column x of a line, blanks past its end. */
static char at(const char *line, size_t len, int x) {
  return (size_t)x < len ? line[x] : ' ';
}

/* Checks the drawing of one grid against its regions, from the rules in
 * the header: cells of width w every w+3 columns, " | " between cells of
 * different regions, a border line under row r-1 exactly when some cell
 * of row r is in another region than the cell above it, '-' under those
 * cells only. */
static void check_drawing(const char *text, const int *cells, int rows,
                          int cols, const int *regions) {
  int maxv = 0;
  for (int i = 0; i < rows * cols; i++)
    if (cells[i] > maxv) maxv = cells[i];
  int w = maxv >= 100 ? 3 : maxv >= 10 ? 2 : 1;
  const char *p = text;
  for (int r = 0; r < rows; r++) {
    int border = 0;
    for (int c = 0; r && c < cols; c++)
      border |= regions[(r - 1) * cols + c] != regions[r * cols + c];
    for (int pass = border ? 0 : 1; pass < 2; pass++) {
      const char *end = strchr(p, '\n');
      REQUIRE(end);
      size_t len = (size_t)(end - p);
      CHECK(len == 0 || p[len - 1] != ' ');
      for (int c = 0; c < cols; c++) {
        int x = c * (w + 3);
        if (pass == 0) {
          char want = regions[(r - 1) * cols + c] != regions[r * cols + c] ? '-' : ' ';
          for (int k = 0; k < w; k++) CHECK(at(p, len, x + k) == want);
          if (c) {
            /* Beside the junction: the segments of the two cells. */
            char left = regions[(r - 1) * cols + c - 1] != regions[r * cols + c - 1] ? '-' : ' ';
            CHECK(at(p, len, x - 3) == left);
            CHECK(at(p, len, x - 1) == want);
            char j = at(p, len, x - 2);
            int vert = regions[(r - 1) * cols + c - 1] != regions[(r - 1) * cols + c] ||
                       regions[r * cols + c - 1] != regions[r * cols + c];
            CHECK(vert ? j == '+' || j == '|' : j == '-' || j == ' ');
            CHECK((j == '+' || j == '-') == (left == '-' || want == '-'));
          }
        } else {
          char cell[8];
          int v = cells[r * cols + c];
          snprintf(cell, sizeof cell, "%*d", w, v);
          if (!v) snprintf(cell, sizeof cell, "%*s", w, ".");
          for (int k = 0; k < w; k++) CHECK(at(p, len, x + k) == cell[k]);
          if (c) {
            int apart = regions[r * cols + c - 1] != regions[r * cols + c];
            CHECK(at(p, len, x - 3) == ' ' && at(p, len, x - 1) == ' ');
            CHECK(at(p, len, x - 2) == (apart ? '|' : ' '));
          }
        }
      }
      CHECK(len <= (size_t)(cols * (w + 3) - 3));
      p = end + 1;
    }
  }
  CHECK(*p == 0);
}

int main(void) {
  static char buf[1 << 16];
  int cells[144], regions[144];
  for (int round = 0; round < 300; round++) {
    int rows = 1 + rnd_below(12), cols = 1 + rnd_below(12), labels = 1 + rnd_below(5);
    int maxv = round % 3 == 0 ? 9 : round % 3 == 1 ? 35 : 144;
    for (int i = 0; i < rows * cols; i++) {
      cells[i] = rnd_below(maxv + 1);
      regions[i] = rnd_below(labels);
    }
    REQUIRE(render(cells, rows, cols, regions, buf, sizeof buf) == PZ_OK);
    check_drawing(buf, cells, rows, cols, regions);
  }

  /* Read back: square grids with values 0..n, any regions. */
  for (int round = 0; round < 100; round++) {
    int n = 2 + rnd_below(11);
    for (int i = 0; i < n * n; i++) {
      cells[i] = rnd_below(n + 1);
      regions[i] = rnd_below(3);
    }
    REQUIRE(render(cells, n, n, regions, buf, sizeof buf) == PZ_OK);
    pz_text *t;
    pz_parse_info info;
    int st = pz_text_parse(&t, buf, strlen(buf), n, PZ_TEXT_GRID, &info);
    if (st) fprintf(stderr, "%s\n---\n%zu:%zu: %s\n", buf, info.line, info.column, info.message);
    REQUIRE(st == PZ_OK);
    CHECK_EQ(pz_text_count(t), 1);
    CHECK(memcmp(pz_text_cells(t, 0), cells, (size_t)(n * n) * sizeof(int)) == 0);
    pz_text_free(t);
  }

  /* A 2x2 with two regions side by side, drawn in full. */
  int c4[4] = {1, 2, 2, 1}, r4[4] = {1, 2, 1, 2};
  REQUIRE(render(c4, 2, 2, r4, buf, sizeof buf) == PZ_OK);
  CHECK(strcmp(buf, "1 | 2\n2 | 1\n") == 0);
  int r4b[4] = {1, 1, 2, 2};
  REQUIRE(render(c4, 2, 2, r4b, buf, sizeof buf) == PZ_OK);
  CHECK(strcmp(buf, "1   2\n-----\n2   1\n") == 0);

  CHECK_EQ(pz_write_grid_regions(NULL, c4, 2, 2, r4), PZ_ERR_ARG);
  CHECK_EQ(pz_write_grid_regions(stdout, c4, 2, 2, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_write_grid_regions(stdout, c4, -1, 2, r4), PZ_ERR_ARG);
  int neg[4] = {1, -2, 2, 1};
  CHECK_EQ(pz_write_grid_regions(stdout, neg, 2, 2, r4), PZ_ERR_RANGE);
  FILE *full = fopen("/dev/full", "w");
  if (full) {
    int big[144];
    for (int i = 0; i < 144; i++) big[i] = i % 12 + 1, regions[i] = i % 5;
    /* Buffered: the failure shows at the latest when the buffer is flushed
     * inside the call or by ferror afterwards. */
    setvbuf(full, NULL, _IONBF, 0);
    CHECK_EQ(pz_write_grid_regions(full, big, 12, 12, regions), PZ_ERR_IO);
    fclose(full);
  }
  return check_done("test_grid_write");
}
