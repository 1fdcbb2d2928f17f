/* Fuzz target: puzzle text (pz_text_parse in every layout, pz_text_read),
 * then a small solve of what was read, as a Latin square and as a Sudoku. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

/* At most this many puzzles of one input are solved. */
#define MAX_SOLVED 2

/* What pz_text promises about a parse that succeeded. */
static void check_text(const pz_text *t, int expect_n, const char *what) {
  size_t count = pz_text_count(t);
  if (count == 0) fuzz_fail("%s: success without a puzzle", what);
  size_t last_line = 0;
  for (size_t i = 0; i < count; i++) {
    int n = pz_text_size(t, i);
    if (n < 1 || (expect_n && n != expect_n))
      fuzz_fail("%s: puzzle %zu has size %d (expected %d)", what, i, n,
                expect_n);
    pz_text_format f = pz_text_format_of(t, i);
    if (f != PZ_TEXT_CHARS && f != PZ_TEXT_INTS && f != PZ_TEXT_GRID)
      fuzz_fail("%s: puzzle %zu has layout %d", what, i, (int)f);
    size_t line = pz_text_line(t, i);
    if (line < 1 || line <= last_line)
      fuzz_fail("%s: puzzle %zu starts on line %zu after %zu", what, i, line,
                last_line);
    last_line = line;
    const int *cells = pz_text_cells(t, i);
    for (size_t k = 0; k < (size_t)n * (size_t)n; k++)
      if (cells[k] < 0 || cells[k] > n)
        fuzz_fail("%s: puzzle %zu cell %zu is %d, outside 0..%d", what, i, k,
                  cells[k], n);
  }
}

static int same_text(const pz_text *a, const pz_text *b) {
  if (pz_text_count(a) != pz_text_count(b)) return 0;
  for (size_t i = 0; i < pz_text_count(a); i++) {
    int n = pz_text_size(a, i);
    if (n != pz_text_size(b, i) ||
        pz_text_format_of(a, i) != pz_text_format_of(b, i) ||
        pz_text_line(a, i) != pz_text_line(b, i) ||
        memcmp(pz_text_cells(a, i), pz_text_cells(b, i),
               (size_t)n * (size_t)n * sizeof(int)) != 0)
      return 0;
  }
  return 1;
}

static void solve_text(const pz_text *t) {
  for (size_t i = 0; i < pz_text_count(t) && i < MAX_SOLVED; i++) {
    int n = pz_text_size(t, i);
    if (n * n > FUZZ_MAX_SOLVE_CELLS) continue;
    const int *cells = pz_text_cells(t, i);
    pz_puzzle *p = NULL;
    pz_parse_info info;
    /* Latin square. */
    if (pz_latin_new(&p, n, 0) != PZ_OK) fuzz_fail("latin %d refused", n);
    if (pz_puzzle_set_givens(p, cells) != PZ_OK)
      fuzz_fail("latin: givens in 0..n refused");
    int st = pz_puzzle_check_givens(p, &info);
    if (st != PZ_OK && st != PZ_ERR_CONFLICT)
      fuzz_fail("latin: check_givens: %s", pz_strerror(st));
    fuzz_solve_all(p, fuzz_check_grid, NULL, "latin");
    pz_puzzle_free(p);
    /* Sudoku with the default box shape. */
    int box[2];
    fuzz_default_box(n, &box[0], &box[1]);
    if (pz_sudoku_new(&p, box[0], box[1]) != PZ_OK)
      fuzz_fail("sudoku %dx%d refused", box[0], box[1]);
    if (pz_puzzle_set_givens(p, cells) != PZ_OK)
      fuzz_fail("sudoku: givens in 0..n refused");
    st = pz_puzzle_check_givens(p, &info);
    if (st != PZ_OK && st != PZ_ERR_CONFLICT)
      fuzz_fail("sudoku: check_givens: %s", pz_strerror(st));
    fuzz_solve_all(p, fuzz_check_grid, box, "sudoku");
    pz_puzzle_free(p);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *buf = (const char *)data;
  static const pz_text_format formats[] = {PZ_TEXT_AUTO, PZ_TEXT_CHARS,
                                           PZ_TEXT_INTS, PZ_TEXT_GRID};
  /* expect_n 0 lets the text decide; 4 and 9 are the sizes most inputs
   * have, and decide AUTO's line-or-row question the other way. */
  static const int sizes[] = {0, 4, 9};
  pz_text *solved = NULL;
  for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
      pz_text *t = NULL;
      pz_parse_info info;
      memset(&info, 0x55, sizeof info); /* no stale NUL to hide a bug */
      char what[64];
      snprintf(what, sizeof what, "pz_text_parse(format %d, n %d)",
               (int)formats[f], sizes[s]);
      int st = pz_text_parse(&t, buf, size, sizes[s], formats[f], &info);
      if (st == PZ_OK) {
        if (!t) fuzz_fail("%s: PZ_OK without a result", what);
        check_text(t, sizes[s], what);
      } else {
        fuzz_check_error(what, st, &info);
        if (t) fuzz_fail("%s: error %d but a result", what, st);
      }
      /* The stream reader must agree with the buffer parser. */
      if (s == 0) {
        char *copy;
        FILE *in = fuzz_open(data, size, &copy);
        if (in) {
          pz_text *r = NULL;
          pz_parse_info rinfo;
          int rst = pz_text_read(&r, in, sizes[s], formats[f], &rinfo);
          if (rst != st)
            fuzz_fail("%s: pz_text_read says %d, pz_text_parse %d", what, rst,
                      st);
          if (st == PZ_OK && !same_text(t, r))
            fuzz_fail("%s: pz_text_read and pz_text_parse differ", what);
          if (st != PZ_OK && (rinfo.line != info.line ||
                              rinfo.column != info.column ||
                              strcmp(rinfo.message, info.message) != 0))
            fuzz_fail("%s: read error %zu:%zu '%s', parse error %zu:%zu '%s'",
                      what, rinfo.line, rinfo.column, rinfo.message, info.line,
                      info.column, info.message);
          pz_text_free(r);
          fclose(in);
        }
        free(copy);
      }
      if (st == PZ_OK && !solved)
        solved = t;
      else
        pz_text_free(t);
    }
  }
  /* Solve the first parse that worked (AUTO when it did). */
  if (solved) solve_text(solved);
  pz_text_free(solved);
  return 0;
}
