/* Fuzz target: puzzle text (pz_text_parse in every layout, pz_text_read),
 * the writers (pz_write_line, pz_write_grid, pz_write_sudoku_url) read back, then a small solve
 * of what was read, as a Latin square and as a Sudoku; a janko.at jigsaw
 * puzzle also with its regions, and written back in its layout. */
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
    if (f != PZ_TEXT_CHARS && f != PZ_TEXT_INTS && f != PZ_TEXT_GRID &&
        f != PZ_TEXT_URL && f != PZ_TEXT_JANKO)
      fuzz_fail("%s: puzzle %zu has layout %d", what, i, (int)f);
    /* Regions come with the janko layout only: n numbers 1..n, n cells
     * each. */
    const int *regions = pz_text_regions(t, i);
    if ((f == PZ_TEXT_JANKO) != (regions != NULL))
      fuzz_fail("%s: puzzle %zu in layout %d %s regions", what, i, (int)f,
                regions ? "has" : "has no");
    if (regions) {
      size_t *rcount = (size_t *)calloc((size_t)n + 1, sizeof *rcount);
      if (!rcount) fuzz_fail("out of memory");
      for (size_t k = 0; k < (size_t)n * (size_t)n; k++) {
        if (regions[k] < 1 || regions[k] > n)
          fuzz_fail("%s: puzzle %zu region %d at cell %zu", what, i,
                    regions[k], k);
        rcount[regions[k]]++;
      }
      for (int k = 1; k <= n; k++)
        if (rcount[k] != (size_t)n)
          fuzz_fail("%s: puzzle %zu region %d has %zu cells", what, i, k,
                    rcount[k]);
      free(rcount);
    }
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

static int same_regions(const pz_text *a, size_t i, const pz_text *b,
                        size_t j) {
  const int *ra = pz_text_regions(a, i), *rb = pz_text_regions(b, j);
  size_t m = (size_t)pz_text_size(a, i) * (size_t)pz_text_size(a, i);
  return ra && rb ? !memcmp(ra, rb, m * sizeof(int)) : ra == rb;
}

static int same_text(const pz_text *a, const pz_text *b) {
  if (pz_text_count(a) != pz_text_count(b)) return 0;
  for (size_t i = 0; i < pz_text_count(a); i++) {
    int n = pz_text_size(a, i);
    if (n != pz_text_size(b, i) || !same_regions(a, i, b, i) ||
        pz_text_format_of(a, i) != pz_text_format_of(b, i) ||
        pz_text_line(a, i) != pz_text_line(b, i) ||
        memcmp(pz_text_cells(a, i), pz_text_cells(b, i),
               (size_t)n * (size_t)n * sizeof(int)) != 0)
      return 0;
  }
  return 1;
}

/* Writes n*n cells with a writer (layout 0 pz_write_line in format f,
 * 1 pz_write_grid, 2 pz_write_sudoku_url) and reads them back as one
 * puzzle of size n in layout f: the same cells. */
static void read_back(const int *cells, int n, int layout, int box_r,
                      int box_c, pz_text_format f) {
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  if (!out) return;
  int st = layout == 2   ? pz_write_sudoku_url(out, cells, n)
           : layout == 1 ? pz_write_grid(out, cells, n, n, box_r, box_c)
                         : pz_write_line(out, cells, n, n, f);
  if (fclose(out) != 0 || st == PZ_ERR_NOMEM) {
    free(text);
    return;
  }
  /* CHARS holds values up to 35 only. */
  if (st == PZ_ERR_RANGE && !layout && f == PZ_TEXT_CHARS && n > 35) {
    free(text);
    return;
  }
  const char *how = layout == 2   ? "pz_write_sudoku_url"
                    : layout == 1 ? "pz_write_grid"
                                  : "pz_write_line";
  if (st != PZ_OK)
    fuzz_fail("%s(format %d) of a %dx%d puzzle: %s", how, (int)f, n, n,
              pz_strerror(st));
  pz_text *t = NULL;
  pz_parse_info info;
  st = pz_text_parse(&t, text, len, n, f, &info);
  if (st == PZ_ERR_NOMEM) {
    free(text);
    return;
  }
  if (st != PZ_OK)
    fuzz_fail("%s(format %d) output does not read back: %zu:%zu: %s\n%s",
              how, (int)f, info.line, info.column, info.message, text);
  if (pz_text_count(t) != 1 || pz_text_size(t, 0) != n ||
      memcmp(pz_text_cells(t, 0), cells, (size_t)n * (size_t)n * sizeof(int)))
    fuzz_fail("%s(format %d) output reads back as another puzzle:\n%s", how,
              (int)f, text);
  pz_text_free(t);
  free(text);
}

/* The janko.at layout written here (the library has no writer for it),
 * with random-looking choices of blanks ('-' or '.'), separators, comments
 * and line ends, reads back as the same puzzle, AUTO and JANKO. */
static void janko_read_back(const pz_text *t, size_t i) {
  int n = pz_text_size(t, i);
  const int *cells = pz_text_cells(t, i), *regions = pz_text_regions(t, i);
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  if (!out) return;
  unsigned h = (unsigned)n * 2654435761u;
  fprintf(out, "# written back\n%d %d\n", n, n);
  for (int g = 0; g < 2; g++) {
    if (h & 1) fputs(g ? "\n# regions\n" : "\n", out);
    for (int k = 0; k < n * n; k++) {
      int v = g ? regions[k] : cells[k];
      h = h * 1103515245u + 12345u + (unsigned)v;
      if (v) fprintf(out, "%d", v);
      else fputc((h >> 16) & 1 ? '-' : '.', out);
      fputs(k % n == n - 1 ? ((h >> 17) & 1 ? "\r\n" : "\n")
                           : ((h >> 18) & 1 ? "\t" : " "), out);
    }
  }
  fputs("\n# end\n", out);
  if (fclose(out) != 0) {
    free(text);
    return;
  }
  static const pz_text_format formats[] = {PZ_TEXT_AUTO, PZ_TEXT_JANKO};
  for (size_t f = 0; f < 2; f++) {
    pz_text *r = NULL;
    pz_parse_info info;
    int st = pz_text_parse(&r, text, len, n, formats[f], &info);
    if (st == PZ_ERR_NOMEM) continue;
    if (st != PZ_OK)
      fuzz_fail("a janko puzzle written back does not read back (format "
                "%d): %zu:%zu: %s\n%s", (int)formats[f], info.line,
                info.column, info.message, text);
    if (pz_text_count(r) != 1 || pz_text_size(r, 0) != n ||
        pz_text_format_of(r, 0) != PZ_TEXT_JANKO || pz_text_line(r, 0) != 2 ||
        memcmp(pz_text_cells(r, 0), cells, (size_t)n * (size_t)n * sizeof(int)) ||
        !same_regions(t, i, r, 0))
      fuzz_fail("a janko puzzle written back reads as another:\n%s", text);
    pz_text_free(r);
  }
  free(text);
}

/* Every writer's output reads back as the puzzle written (up to 35x35:
 * larger grids are slow to write and read and add nothing). */
static void write_text(const pz_text *t) {
  for (size_t i = 0; i < pz_text_count(t) && i < MAX_SOLVED; i++) {
    int n = pz_text_size(t, i);
    if (n > 35) continue;
    const int *cells = pz_text_cells(t, i);
    int box_r, box_c;
    fuzz_default_box(n, &box_r, &box_c);
    read_back(cells, n, 0, 0, 0, PZ_TEXT_CHARS);
    read_back(cells, n, 0, 0, 0, PZ_TEXT_INTS);
    read_back(cells, n, 0, 0, 0, PZ_TEXT_AUTO);
    read_back(cells, n, 1, box_r, box_c, PZ_TEXT_GRID);
    read_back(cells, n, 1, 0, 0, PZ_TEXT_GRID);
    read_back(cells, n, 2, 0, 0, PZ_TEXT_URL);
    read_back(cells, n, 2, 0, 0, PZ_TEXT_AUTO);
    if (pz_text_regions(t, i)) janko_read_back(t, i);
  }
}

/* Rule checker for a jigsaw (state: the regions, n*n numbers 1..n with n
 * cells each): rows, columns and givens, and no value twice in a region. */
static const char *check_jigsaw(const pz_puzzle *p, const int *sol,
                                void *state) {
  const int *regions = (const int *)state;
  const char *why = fuzz_check_grid(p, sol, NULL);
  if (why) return why;
  int n = pz_puzzle_rows(p);
  for (int a = 0; a < n * n; a++)
    for (int b = a + 1; b < n * n; b++)
      if (regions[a] == regions[b] && sol[a] == sol[b])
        return "a value twice in a region";
  return NULL;
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
    /* A janko.at puzzle: a jigsaw with its own regions. */
    const int *regions = pz_text_regions(t, i);
    if (!regions) continue;
    if (pz_sudoku_new(&p, box[0], box[1]) != PZ_OK)
      fuzz_fail("sudoku %dx%d refused", box[0], box[1]);
    st = pz_sudoku_set_regions(p, regions, &info);
    if (st != PZ_OK)
      fuzz_fail("jigsaw: regions read from janko text refused: %s",
                info.message);
    if (pz_puzzle_set_givens(p, cells) != PZ_OK)
      fuzz_fail("jigsaw: givens in 0..n refused");
    st = pz_puzzle_check_givens(p, &info);
    if (st != PZ_OK && st != PZ_ERR_CONFLICT)
      fuzz_fail("jigsaw: check_givens: %s", pz_strerror(st));
    fuzz_solve_all(p, check_jigsaw, (void *)regions, "jigsaw");
    pz_puzzle_free(p);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *buf = (const char *)data;
  static const pz_text_format formats[] = {PZ_TEXT_AUTO, PZ_TEXT_CHARS,
                                           PZ_TEXT_INTS, PZ_TEXT_GRID,
                                           PZ_TEXT_URL, PZ_TEXT_JANKO};
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
      pz_text *r = NULL;
      pz_parse_info rinfo;
      if (s == 0 && fuzz_read_agrees(what, "pz_text_read", pz_text_read, data,
                                     size, sizes[s], formats[f], st, &r,
                                     &rinfo)) {
        if (st == PZ_OK && !same_text(t, r))
          fuzz_fail("%s: pz_text_read and pz_text_parse differ", what);
        if (st != PZ_OK && (rinfo.line != info.line ||
                            rinfo.column != info.column ||
                            strcmp(rinfo.message, info.message) != 0))
          fuzz_fail("%s: read error %zu:%zu '%s', parse error %zu:%zu '%s'",
                    what, rinfo.line, rinfo.column, rinfo.message, info.line,
                    info.column, info.message);
      }
      pz_text_free(r);
      if (st == PZ_OK && !solved)
        solved = t;
      else
        pz_text_free(t);
    }
  }
  /* Solve the first parse that worked (AUTO when it did). */
  if (solved) {
    write_text(solved);
    solve_text(solved);
  }
  pz_text_free(solved);
  return 0;
}
