/* Fuzz target: Eulero text (pz_eulero_parse and _read) and Latin squares
 * for mates (pz_eulero_parse_square and _read_square); the janko layout
 * written back must read the same; small puzzles are solved and their
 * solutions checked against the rules. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

/* The rules: A and B Latin, every pair once, Z = n(A-1)+B, givens kept. */
static const char *check_eulero(const pz_puzzle *p, const int *sol,
                                void *state) {
  int n = *(const int *)state;
  const int *g = pz_puzzle_givens(p);
  unsigned char pair[32 * 32];
  memset(pair, 0, sizeof pair);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int a = sol[r * 3 * n + c], b = sol[r * 3 * n + n + c];
      if (a < 1 || a > n || b < 1 || b > n) return "value out of range";
      if (pair[(a - 1) * n + b - 1]++) return "a pair occurs twice";
      if (sol[r * 3 * n + 2 * n + c] != n * (a - 1) + b) return "wrong pair number";
      for (int k = 0; k < c; k++)
        if (sol[r * 3 * n + k] == a || sol[r * 3 * n + n + k] == b)
          return "a value twice in a row";
      for (int k = 0; k < r; k++)
        if (sol[k * 3 * n + c] == a || sol[k * 3 * n + n + c] == b)
          return "a value twice in a column";
    }
  for (int x = 0; x < 3 * n * n; x++)
    if (g[x] && g[x] != sol[x]) return "a given is not kept";
  return NULL;
}

static void same_error(const char *what, int st, int rst,
                       const pz_parse_info *a, const pz_parse_info *b) {
  if (rst != st) fuzz_fail("%s: read says %d, parse %d", what, rst, st);
  if (st != PZ_OK && (a->line != b->line || a->column != b->column ||
                      strcmp(a->message, b->message) != 0))
    fuzz_fail("%s: read error %zu:%zu '%s', parse error %zu:%zu '%s'", what,
              a->line, a->column, a->message, b->line, b->column, b->message);
}

static void puzzle(const uint8_t *data, size_t size) {
  pz_eulero_def *d = NULL;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_eulero_parse((const char *)data, size, &d, &info);
  char *copy;
  FILE *in = fuzz_open(data, size, &copy);
  if (in) {
    pz_eulero_def *rd = NULL;
    pz_parse_info rinfo;
    int rst = pz_eulero_read(in, &rd, &rinfo);
    same_error("pz_eulero_read", st, rst, &rinfo, &info);
    if (st == PZ_OK) {
      size_t cells = (size_t)pz_eulero_def_order(d) * (size_t)pz_eulero_def_order(d);
      if (pz_eulero_def_order(rd) != pz_eulero_def_order(d) ||
          memcmp(pz_eulero_def_square(rd, 0), pz_eulero_def_square(d, 0), cells * sizeof(int)) ||
          memcmp(pz_eulero_def_square(rd, 1), pz_eulero_def_square(d, 1), cells * sizeof(int)))
        fuzz_fail("pz_eulero_read and pz_eulero_parse differ");
    }
    pz_eulero_def_free(rd);
    fclose(in);
  }
  free(copy);
  if (st != PZ_OK) {
    fuzz_check_error("pz_eulero_parse", st, &info);
    if (d) fuzz_fail("pz_eulero_parse: error %d but a definition", st);
    return;
  }
  int n = pz_eulero_def_order(d);
  if (n < 1 || n > PZ_EULERO_MAX_ORDER) fuzz_fail("pz_eulero_parse: order %d", n);
  for (int s = 0; s < 2; s++)
    for (int x = 0; x < n * n; x++) {
      int v = pz_eulero_def_square(d, s)[x];
      if (v < 0 || v > n) fuzz_fail("pz_eulero_parse: square %d cell %d is %d", s, x, v);
    }
  /* The givens written in the janko layout read back the same. */
  int *grid = (int *)malloc((size_t)n * 3 * (size_t)n * sizeof(int));
  if (!grid) fuzz_fail("out of memory");
  if (pz_eulero_pack(n, pz_eulero_def_square(d, 0), pz_eulero_def_square(d, 1), grid))
    fuzz_fail("pz_eulero_pack refused parsed givens");
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  if (!out) fuzz_fail("open_memstream");
  if (pz_eulero_write_grid(out, grid, n)) fuzz_fail("pz_eulero_write_grid failed");
  fclose(out);
  pz_eulero_def *back = NULL;
  st = pz_eulero_parse(buf, len, &back, &info);
  if (st) fuzz_fail("written grid does not read back: %zu:%zu: %s", info.line, info.column, info.message);
  for (int s = 0; s < 2; s++)
    if (memcmp(pz_eulero_def_square(back, s), pz_eulero_def_square(d, s),
               (size_t)n * (size_t)n * sizeof(int)))
      fuzz_fail("written grid reads back different");
  pz_eulero_def_free(back);
  free(buf);
  free(grid);
  if (3 * n * n <= FUZZ_MAX_SOLVE_CELLS) {
    pz_puzzle *p = NULL;
    st = pz_eulero_from_def(&p, d);
    if (st) fuzz_fail("pz_eulero_from_def: %s", pz_strerror(st));
    st = pz_puzzle_check_givens(p, &info);
    if (st != PZ_OK && st != PZ_ERR_CONFLICT)
      fuzz_fail("eulero: check_givens: %s", pz_strerror(st));
    fuzz_solve_all(p, check_eulero, &n, "eulero");
    pz_puzzle_free(p);
  }
  pz_eulero_def_free(d);
}

static void square(const uint8_t *data, size_t size) {
  int *cells = NULL, n = 0;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_eulero_parse_square((const char *)data, size, &cells, &n, &info);
  char *copy;
  FILE *in = fuzz_open(data, size, &copy);
  if (in) {
    int *rc = NULL, rn = 0;
    pz_parse_info rinfo;
    int rst = pz_eulero_read_square(in, &rc, &rn, &rinfo);
    same_error("pz_eulero_read_square", st, rst, &rinfo, &info);
    if (st == PZ_OK && (rn != n || memcmp(rc, cells, (size_t)n * (size_t)n * sizeof(int))))
      fuzz_fail("pz_eulero_read_square and pz_eulero_parse_square differ");
    free(rc);
    fclose(in);
  }
  free(copy);
  if (st != PZ_OK) {
    fuzz_check_error("pz_eulero_parse_square", st, &info);
    if (cells) fuzz_fail("pz_eulero_parse_square: error %d but cells", st);
    return;
  }
  if (n < 1 || n > PZ_EULERO_MAX_ORDER) fuzz_fail("pz_eulero_parse_square: order %d", n);
  for (int x = 0; x < n * n; x++)
    if (cells[x] < 1 || cells[x] > n) fuzz_fail("pz_eulero_parse_square: cell %d is %d", x, cells[x]);
  if (3 * n * n <= FUZZ_MAX_SOLVE_CELLS) {
    pz_puzzle *p = NULL;
    st = pz_eulero_mates_new(&p, n, cells, PZ_EULERO_B_ROW, &info);
    if (st == PZ_OK) {
      fuzz_solve_all(p, check_eulero, &n, "eulero mates");
      pz_puzzle_free(p);
    } else if (st != PZ_ERR_RANGE) {
      fuzz_fail("pz_eulero_mates_new: %s", pz_strerror(st));
    } else {
      fuzz_check_error("pz_eulero_mates_new", st, &info);
    }
  }
  free(cells);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  puzzle(data, size);
  square(data, size);
  return 0;
}
