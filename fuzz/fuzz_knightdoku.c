/* Fuzz target: Knightdoku text (pz_knightdoku_parse and _read), then a
 * small solve of the puzzle pz_knightdoku_from_def makes, its solution
 * checked against the rules. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

typedef struct shape {
  int n, box_rows, box_cols, knights;
} shape;

/* The rules, from include/pz/knightdoku.h: k knights in every row, column
 * and box; given knights stand and see exactly their clue in knights. */
static const char *check_knights(const pz_puzzle *p, const int *sol,
                                 void *state) {
  const shape *sh = (const shape *)state;
  const int *givens = pz_puzzle_givens(p);
  int n = sh->n;
  static char why[96];
  for (int u = 0; u < 3 * n; u++) {
    int count = 0;
    for (int k = 0; k < n; k++) {
      int r, c;
      if (u < n) {
        r = u, c = k;
      } else if (u < 2 * n) {
        r = k, c = u - n;
      } else {
        int b = u - 2 * n, per_row = n / sh->box_cols;
        r = (b / per_row) * sh->box_rows + k / sh->box_cols;
        c = (b % per_row) * sh->box_cols + k % sh->box_cols;
      }
      int v = sol[r * n + c];
      if (v != 0 && v != 1) return "a cell is neither 0 nor 1";
      count += v;
    }
    if (count != sh->knights) {
      snprintf(why, sizeof why, "unit %d holds %d knights, not %d", u, count,
               sh->knights);
      return why;
    }
  }
  static const int dr[8] = {-2, -2, -1, -1, 1, 1, 2, 2};
  static const int dc[8] = {-1, 1, -2, 2, -2, 2, -1, 1};
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int g = givens[r * n + c];
      if (!g) continue;
      if (sol[r * n + c] != 1) {
        snprintf(why, sizeof why, "given knight r%dc%d missing", r + 1, c + 1);
        return why;
      }
      int seen = 0;
      for (int d = 0; d < 8; d++) {
        int rr = r + dr[d], cc = c + dc[d];
        if (rr >= 0 && rr < n && cc >= 0 && cc < n) seen += sol[rr * n + cc];
      }
      if (seen != g - 1) {
        snprintf(why, sizeof why, "knight r%dc%d sees %d, clue %d", r + 1,
                 c + 1, seen, g - 1);
        return why;
      }
    }
  return NULL;
}

/* What a definition says, read through its accessors. */
static shape shape_of(const pz_knightdoku_def *d) {
  shape sh;
  sh.n = pz_knightdoku_def_size(d);
  pz_knightdoku_def_box(d, &sh.box_rows, &sh.box_cols);
  sh.knights = pz_knightdoku_def_knights(d);
  return sh;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pz_knightdoku_def *d = NULL;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_knightdoku_parse((const char *)data, size, &d, &info);
  shape hdr = {0, 0, 0, 0};
  if (st == PZ_OK) hdr = shape_of(d);

  /* The stream reader must agree with the buffer parser. */
  char *copy;
  FILE *in = fuzz_open(data, size, &copy);
  if (in) {
    pz_knightdoku_def *rd = NULL;
    pz_parse_info rinfo;
    int rst = pz_knightdoku_read(in, &rd, &rinfo);
    if (rst != st)
      fuzz_fail("pz_knightdoku_read says %d, pz_knightdoku_parse %d", rst, st);
    if (st == PZ_OK) {
      shape rh = shape_of(rd);
      if (memcmp(&rh, &hdr, sizeof hdr) != 0 ||
          memcmp(pz_knightdoku_def_givens(rd), pz_knightdoku_def_givens(d),
                 (size_t)hdr.n * (size_t)hdr.n * sizeof(int)))
        fuzz_fail("pz_knightdoku_read and pz_knightdoku_parse differ");
    }
    if (st != PZ_OK &&
        (rinfo.line != info.line || rinfo.column != info.column ||
         strcmp(rinfo.message, info.message) != 0))
      fuzz_fail("read error %zu:%zu '%s', parse error %zu:%zu '%s'",
                rinfo.line, rinfo.column, rinfo.message, info.line,
                info.column, info.message);
    pz_knightdoku_def_free(rd);
    fclose(in);
  }
  free(copy);

  if (st != PZ_OK) {
    fuzz_check_error("pz_knightdoku_parse", st, &info);
    if (d) fuzz_fail("pz_knightdoku_parse: error %d but a definition", st);
    return 0;
  }
  int n = hdr.n;
  const int *givens = pz_knightdoku_def_givens(d);
  if (!givens || n < 1 || n > PZ_KNIGHTDOKU_MAX_SIZE)
    fuzz_fail("pz_knightdoku_parse: PZ_OK with size %d", n);
  if (hdr.box_rows < 0 || hdr.box_cols < 0 || hdr.knights < -1 ||
      (hdr.box_rows && hdr.box_rows * hdr.box_cols != n) ||
      hdr.knights > n)
    fuzz_fail("pz_knightdoku_parse: header box %dx%d knights %d for size %d",
              hdr.box_rows, hdr.box_cols, hdr.knights, n);
  for (size_t k = 0; k < (size_t)n * (size_t)n; k++)
    if (givens[k] < 0 || givens[k] > PZ_KNIGHTDOKU_MAX_CLUE + 1)
      fuzz_fail("pz_knightdoku_parse: given %zu is %d", k, givens[k]);

  /* What the program does with the header, then a small solve. */
  shape sh = hdr;
  if (!sh.box_rows) fuzz_default_box(n, &sh.box_rows, &sh.box_cols);
  if (sh.knights < 0) sh.knights = 3 <= n ? 3 : n;
  if (n * n <= FUZZ_MAX_SOLVE_CELLS) {
    pz_puzzle *p = NULL;
    st = pz_knightdoku_from_def(&p, d, sh.box_rows, sh.box_cols, sh.knights);
    if (st != PZ_OK) fuzz_fail("pz_knightdoku_from_def: %s", pz_strerror(st));
    if (memcmp(pz_puzzle_givens(p), givens, (size_t)n * (size_t)n * sizeof(int)))
      fuzz_fail("pz_knightdoku_from_def: the givens differ");
    st = pz_puzzle_check_givens(p, &info);
    if (st != PZ_OK && st != PZ_ERR_CONFLICT)
      fuzz_fail("knightdoku: check_givens: %s", pz_strerror(st));
    fuzz_solve_all(p, check_knights, &sh, "knightdoku");
    pz_puzzle_free(p);
  }
  pz_knightdoku_def_free(d);
  return 0;
}
