/* Fuzz target: Nondango text in every format (pz_nondango_parse with AUTO,
 * GRID, PZPRV3 and URL; pz_nondango_read), the writers read back, then a
 * small solve of the puzzle read, its solution checked against the rules. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

/* The rules, from include/pz/nondango.h: circles as given (a given colour
 * kept), one black circle per region, no three adjacent circles of one
 * colour in a row, column or diagonal. */
static const char *check_nondango(const pz_puzzle *p, const int *sol,
                                  void *state) {
  (void)state;
  int rows = pz_puzzle_rows(p), cols = pz_puzzle_cols(p), nreg = 0;
  const int *givens = pz_puzzle_givens(p);
  const int *reg = pz_nondango_regions(p, &nreg);
  static char why[96];
  if (!reg || nreg < 1 || nreg > rows * cols) return "no regions";
  int *black = (int *)calloc((size_t)nreg, sizeof(int));
  if (!black) return NULL; /* cannot check; not the library's fault */
  const char *bad = NULL;
  for (int i = 0; i < rows * cols && !bad; i++) {
    int g = givens[i], v = sol[i];
    if ((g == PZ_NONDANGO_NO_CIRCLE && v != PZ_NONDANGO_NONE) ||
        (g == PZ_NONDANGO_CIRCLE && v != PZ_NONDANGO_WHITE &&
         v != PZ_NONDANGO_BLACK) ||
        (g == PZ_NONDANGO_GIVEN_WHITE && v != PZ_NONDANGO_WHITE) ||
        (g == PZ_NONDANGO_GIVEN_BLACK && v != PZ_NONDANGO_BLACK)) {
      snprintf(why, sizeof why, "cell %d is %d, given %d", i, v, g);
      bad = why;
    } else if (reg[i] < 0 || reg[i] >= nreg) {
      bad = "region id out of range";
    } else if (v == PZ_NONDANGO_BLACK) {
      black[reg[i]]++;
    }
  }
  for (int r = 0; r < nreg && !bad; r++)
    if (black[r] != 1) {
      snprintf(why, sizeof why, "region %d has %d black circles", r, black[r]);
      bad = why;
    }
  free(black);
  static const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};
  for (int r = 0; r < rows && !bad; r++)
    for (int c = 0; c < cols && !bad; c++)
      for (int d = 0; d < 4 && !bad; d++) {
        int r2 = r + 2 * dr[d], c2 = c + 2 * dc[d];
        if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols) continue;
        int a = sol[r * cols + c], b = sol[(r + dr[d]) * cols + c + dc[d]],
            e = sol[r2 * cols + c2];
        if (a != PZ_NONDANGO_NONE && a == b && b == e) {
          snprintf(why, sizeof why, "three of colour %d from r%dc%d", a, r + 1,
                   c + 1);
          bad = why;
        }
      }
  return bad;
}

/* The text a writer produced (NUL-terminated; free it). */
typedef int (*writer)(FILE *out, const int *regions, const int *cells,
                      int rows, int cols);

static char *write_mem(writer w, const int *regions, const int *cells,
                       int rows, int cols, size_t *len) {
  char *text = NULL;
  FILE *out = open_memstream(&text, len);
  if (!out) return NULL;
  int st = w(out, regions, cells, rows, cols);
  if (fclose(out) != 0 || st == PZ_ERR_NOMEM) {
    free(text);
    return NULL;
  }
  if (st != PZ_OK) fuzz_fail("writer failed: %s", pz_strerror(st));
  return text;
}

/* Writes d as a URL and as a pzprv3 answer and reads both back: same
 * size, regions, circles and (pzprv3) colours. */
static void round_trip(const pz_nondango_def *d) {
  int rows = pz_nondango_def_rows(d), cols = pz_nondango_def_cols(d), nreg;
  size_t cells = (size_t)rows * (size_t)cols;
  const int *regions = pz_nondango_def_regions(d, &nreg);
  const int *given = pz_nondango_def_cells(d);
  int *answer = (int *)malloc(cells * sizeof(int));
  int *back = (int *)malloc(cells * sizeof(int));
  if (!answer || !back) goto done;
  if (pz_nondango_def_answer(d, answer) != PZ_OK)
    fuzz_fail("pz_nondango_def_answer failed");
  for (int pass = 0; pass < 2; pass++) {
    size_t len = 0;
    char *text = write_mem(pass ? pz_nondango_write_pzprv3
                                : pz_nondango_write_url,
                           regions, pass ? answer : given, rows, cols, &len);
    if (!text) continue;
    const char *what = pass ? "pzprv3" : "URL";
    pz_nondango_def *e = NULL;
    pz_parse_info info;
    int st = pz_nondango_parse(text, len, PZ_NONDANGO_AUTO, &e, &info);
    if (st == PZ_ERR_NOMEM) {
      free(text);
      continue;
    }
    if (st != PZ_OK)
      fuzz_fail("the %s written does not read back: %zu:%zu: %s\n%s", what,
                info.line, info.column, info.message, text);
    int enreg;
    const int *eregions = pz_nondango_def_regions(e, &enreg);
    if (pz_nondango_def_rows(e) != rows || pz_nondango_def_cols(e) != cols ||
        enreg != nreg ||
        memcmp(eregions, regions, cells * sizeof(int)) != 0)
      fuzz_fail("the %s written reads back with other regions\n%s", what,
                text);
    const int *ecells = pz_nondango_def_cells(e);
    for (size_t i = 0; i < cells; i++)
      if ((ecells[i] != PZ_NONDANGO_NO_CIRCLE) !=
          (given[i] != PZ_NONDANGO_NO_CIRCLE))
        fuzz_fail("the %s written reads back with other circles\n%s", what,
                  text);
    if (pass) {
      if (pz_nondango_def_answer(e, back) != PZ_OK ||
          memcmp(back, answer, cells * sizeof(int)) != 0)
        fuzz_fail("the pzprv3 written reads back with other colours\n%s",
                  text);
    }
    pz_nondango_def_free(e);
    free(text);
  }
done:
  free(answer);
  free(back);
}

/* What pz_nondango_def promises after a successful parse. */
static void check_def(const pz_nondango_def *d, pz_nondango_format asked) {
  int rows = pz_nondango_def_rows(d), cols = pz_nondango_def_cols(d), nreg;
  if (rows < 1 || cols < 1 || rows > PZ_NONDANGO_MAX_SIZE ||
      cols > PZ_NONDANGO_MAX_SIZE)
    fuzz_fail("nondango: parsed size %dx%d", rows, cols);
  pz_nondango_format f = pz_nondango_def_format(d);
  if (f == PZ_NONDANGO_AUTO || (asked != PZ_NONDANGO_AUTO && f != asked))
    fuzz_fail("nondango: asked format %d, got %d", (int)asked, (int)f);
  const int *reg = pz_nondango_def_regions(d, &nreg);
  const int *cell = pz_nondango_def_cells(d);
  int cells = rows * cols, next = 0, marks = 0;
  if (nreg < 1 || nreg > cells)
    fuzz_fail("nondango: %d regions for %d cells", nreg, cells);
  for (int i = 0; i < cells; i++) {
    /* Ids are numbered in row-major order of first appearance. */
    if (reg[i] < 0 || reg[i] > next)
      fuzz_fail("nondango: region id %d at cell %d (next new id %d)", reg[i],
                i, next);
    if (reg[i] == next) next++;
    if (cell[i] < PZ_NONDANGO_NO_CIRCLE || cell[i] > PZ_NONDANGO_GIVEN_BLACK)
      fuzz_fail("nondango: cell %d is %d", i, cell[i]);
    marks += cell[i] >= PZ_NONDANGO_GIVEN_WHITE;
  }
  if (next != nreg)
    fuzz_fail("nondango: %d region ids used, %d reported", next, nreg);
  if (marks != pz_nondango_def_marks(d))
    fuzz_fail("nondango: %d marks, %d reported", marks,
              pz_nondango_def_marks(d));
}

static void solve_def(const pz_nondango_def *d) {
  int rows = pz_nondango_def_rows(d), cols = pz_nondango_def_cols(d);
  if (rows * cols > FUZZ_MAX_SOLVE_CELLS) return;
  for (unsigned flags = 0; flags <= PZ_NONDANGO_USE_MARKS; flags++) {
    pz_puzzle *p = NULL;
    int st = pz_nondango_from_def(&p, d, flags);
    if (st == PZ_ERR_NOMEM) continue;
    if (st != PZ_OK) fuzz_fail("pz_nondango_from_def: %s", pz_strerror(st));
    pz_parse_info info;
    st = pz_puzzle_check_givens(p, &info);
    if (st != PZ_OK && st != PZ_ERR_CONFLICT)
      fuzz_fail("nondango: check_givens: %s", pz_strerror(st));
    fuzz_solve_all(p, check_nondango, NULL, "nondango");
    /* The library's own checker must accept the marks' answer exactly when
     * the independent one does. */
    int *answer = (int *)malloc((size_t)rows * (size_t)cols * sizeof(int));
    if (answer && pz_nondango_def_answer(d, answer) == PZ_OK) {
      pz_nondango_verdict v;
      st = pz_nondango_check(p, answer, &v, &info);
      if (st != PZ_OK) fuzz_fail("pz_nondango_check: %s", pz_strerror(st));
      int ours = check_nondango(p, answer, NULL) == NULL;
      if (ours != (v == PZ_NONDANGO_CORRECT))
        fuzz_fail("pz_nondango_check says %d, the rules say %s", (int)v,
                  ours ? "correct" : check_nondango(p, answer, NULL));
    }
    free(answer);
    pz_puzzle_free(p);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data;
  static const pz_nondango_format formats[] = {
      PZ_NONDANGO_AUTO, PZ_NONDANGO_GRID, PZ_NONDANGO_PZPRV3, PZ_NONDANGO_URL};
  pz_nondango_def *solved = NULL;
  for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
    pz_nondango_def *d = (pz_nondango_def *)(uintptr_t)1;
    pz_parse_info info;
    memset(&info, 0x55, sizeof info);
    char what[48];
    snprintf(what, sizeof what, "pz_nondango_parse(format %d)",
             (int)formats[f]);
    int st = pz_nondango_parse(text, size, formats[f], &d, &info);
    if (st == PZ_OK) {
      if (!d) fuzz_fail("%s: PZ_OK without a result", what);
      check_def(d, formats[f]);
    } else {
      fuzz_check_error(what, st, &info);
      if (d) fuzz_fail("%s: error %d but a result", what, st);
    }
    if (f == 0) {
      /* The stream reader must agree with the buffer parser. */
      char *copy;
      FILE *in = fuzz_open(data, size, &copy);
      if (in) {
        pz_nondango_def *r = NULL;
        pz_parse_info rinfo;
        int rst = pz_nondango_read(in, formats[f], &r, &rinfo);
        if (rst != st)
          fuzz_fail("pz_nondango_read says %d, pz_nondango_parse %d", rst, st);
        if (st == PZ_OK) {
          int rows = pz_nondango_def_rows(d), cols = pz_nondango_def_cols(d);
          size_t cells = (size_t)rows * (size_t)cols;
          if (pz_nondango_def_rows(r) != rows ||
              pz_nondango_def_cols(r) != cols ||
              memcmp(pz_nondango_def_regions(r, NULL),
                     pz_nondango_def_regions(d, NULL), cells * sizeof(int)) ||
              memcmp(pz_nondango_def_cells(r), pz_nondango_def_cells(d),
                     cells * sizeof(int)))
            fuzz_fail("pz_nondango_read and pz_nondango_parse differ");
        } else if (rinfo.line != info.line || rinfo.column != info.column ||
                   strcmp(rinfo.message, info.message) != 0) {
          fuzz_fail("read error %zu:%zu '%s', parse error %zu:%zu '%s'",
                    rinfo.line, rinfo.column, rinfo.message, info.line,
                    info.column, info.message);
        }
        pz_nondango_def_free(r);
        fclose(in);
      }
      free(copy);
    }
    if (st == PZ_OK && !solved)
      solved = d;
    else
      pz_nondango_def_free(d);
  }
  if (solved) {
    round_trip(solved);
    solve_def(solved);
  }
  pz_nondango_def_free(solved);
  return 0;
}
