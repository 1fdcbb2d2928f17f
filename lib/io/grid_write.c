/* A readable grid with borders where regions meet (jigsaw Sudoku). */
#include <stdlib.h>
#include <string.h>

#include "pz/text.h"

/* 1 when cells a and b (row-major indexes) are in different regions. */
static int apart(const int *regions, size_t a, size_t b) {
  return regions[a] != regions[b];
}

/* Writes len bytes of line without its trailing blanks, then '\n'. */
static int put_line(FILE *out, char *line, size_t len) {
  while (len && line[len - 1] == ' ') len--;
  line[len] = '\n';
  return fwrite(line, 1, len + 1, out) != len + 1;
}

int pz_write_grid_regions(FILE *out, const int *cells, int rows, int cols,
                          const int *regions) {
  if (!out || !cells || !regions || rows < 0 || cols < 0) return PZ_ERR_ARG;
  size_t m = (size_t)rows * (size_t)cols;
  int maxv = 0;
  for (size_t i = 0; i < m; i++) {
    if (cells[i] < 0) return PZ_ERR_RANGE;
    if (cells[i] > maxv) maxv = cells[i];
  }
  int w = 1;
  for (int v = maxv; v >= 10; v /= 10) w++;
  /* A line: cols cells of width w, a three-character separator between
   * them (" | " or blanks, so pz_text_parse reads the grid back), and
   * room for the newline. */
  size_t cap = (size_t)cols * ((size_t)w + 3) + 2;
  char *line = (char *)malloc(cap);
  if (!line) return PZ_ERR_NOMEM;
  int bad = 0;
  for (int r = 0; r < rows && !bad; r++) {
    size_t at = (size_t)r * (size_t)cols, up = at - (size_t)cols, len = 0;
    if (r) {
      /* The border line above row r, drawn only where some border runs
       * along it. */
      int any = 0;
      for (int c = 0; c < cols; c++) any |= apart(regions, up + c, at + c);
      for (int c = 0; any && c < cols; c++) {
        if (c) {
          int vert = apart(regions, up + c - 1, up + c) ||
                     apart(regions, at + c - 1, at + c);
          int horiz = apart(regions, up + c - 1, at + c - 1) ||
                      apart(regions, up + c, at + c);
          char mid = vert && horiz ? '+' : vert ? '|' : horiz ? '-' : ' ';
          /* The segment left of the junction belongs to the cell on the
           * left, the one right of it to the cell on the right. */
          line[len++] = apart(regions, up + c - 1, at + c - 1) ? '-' : ' ';
          line[len++] = mid;
          line[len++] = apart(regions, up + c, at + c) ? '-' : ' ';
        }
        char ch = apart(regions, up + c, at + c) ? '-' : ' ';
        for (int k = 0; k < w; k++) line[len++] = ch;
      }
      if (any) bad = put_line(out, line, len);
      len = 0;
    }
    for (int c = 0; c < cols && !bad; c++) {
      if (c) {
        line[len++] = ' ';
        line[len++] = apart(regions, at + c - 1, at + c) ? '|' : ' ';
        line[len++] = ' ';
      }
      int v = cells[at + c];
      char num[16];
      int k = v ? snprintf(num, sizeof num, "%d", v) : 1;
      if (!v) num[0] = '.';
      for (int pad = w - k; pad > 0; pad--) line[len++] = ' ';
      memcpy(line + len, num, (size_t)k);
      len += (size_t)k;
    }
    if (!bad) bad = put_line(out, line, len);
  }
  free(line);
  return bad || ferror(out) ? PZ_ERR_IO : PZ_OK;
}
