/* Fuzz target: Latin square completion files (pz_pls_parse, and
 * pz_pls_read through a memory stream, which must agree), the writer
 * (pz_pls_write) read back, then a small solve of the instance read. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

/* pz_pls_write's output reads back as the same instance. */
static void read_back(const int *cells, int n) {
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  if (!out) return;
  int st = pz_pls_write(out, cells, n);
  if (fclose(out) != 0 || st == PZ_ERR_NOMEM) {
    free(text);
    return;
  }
  if (st != PZ_OK) fuzz_fail("pz_pls_write of order %d: %s", n, pz_strerror(st));
  int *back = NULL, m = 0;
  pz_parse_info info;
  st = pz_pls_parse(text, len, &back, &m, &info);
  if (st != PZ_OK && st != PZ_ERR_NOMEM)
    fuzz_fail("pz_pls_write output does not read back: %zu:%zu: %s\n%s",
              info.line, info.column, info.message, text);
  if (st == PZ_OK &&
      (m != n || memcmp(back, cells, (size_t)n * (size_t)n * sizeof(int))))
    fuzz_fail("pz_pls_write output reads back as another instance:\n%s",
              text);
  free(back);
  free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int *cells = (int *)(uintptr_t)1; /* must be reset by the parser */
  int n = -1;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_pls_parse((const char *)data, size, &cells, &n, &info);

  /* The stream reader must agree with the buffer parser. */
  char *copy;
  FILE *in = fuzz_open(data, size, &copy);
  if (in) {
    int *rc = (int *)(uintptr_t)1, rn = -1;
    pz_parse_info rinfo;
    int rst = pz_pls_read(in, &rc, &rn, &rinfo);
    if (rst != st)
      fuzz_fail("pz_pls_read says %d, pz_pls_parse %d", rst, st);
    if (st == PZ_OK &&
        (rn != n || memcmp(rc, cells, (size_t)n * (size_t)n * sizeof(int))))
      fuzz_fail("pz_pls_read and pz_pls_parse differ");
    if (st != PZ_OK &&
        (rinfo.line != info.line || rinfo.column != info.column ||
         strcmp(rinfo.message, info.message) != 0))
      fuzz_fail("read error %zu:%zu '%s', parse error %zu:%zu '%s'",
                rinfo.line, rinfo.column, rinfo.message, info.line,
                info.column, info.message);
    if (rst != PZ_OK && rc) fuzz_fail("pz_pls_read: error %d but cells", rst);
    if (rst == PZ_OK) free(rc);
    fclose(in);
  }
  free(copy);

  if (st != PZ_OK) {
    fuzz_check_error("pz_pls_parse", st, &info);
    if (cells) fuzz_fail("pz_pls_parse: error %d but cells", st);
    return 0;
  }
  if (!cells || n < 1 || n > PZ_LATIN_MAX_ORDER)
    fuzz_fail("pz_pls_parse: PZ_OK with order %d", n);
  for (size_t k = 0; k < (size_t)n * (size_t)n; k++)
    if (cells[k] < 0 || cells[k] > n)
      fuzz_fail("pz_pls_parse: cell %zu is %d, outside 0..%d", k, cells[k], n);
  read_back(cells, n);
  if (n * n <= FUZZ_MAX_SOLVE_CELLS) {
    pz_puzzle *p = NULL;
    if (pz_latin_new(&p, n, 0) != PZ_OK) fuzz_fail("latin %d refused", n);
    if (pz_puzzle_set_givens(p, cells) != PZ_OK)
      fuzz_fail("latin: givens in 0..n refused");
    st = pz_puzzle_check_givens(p, &info);
    if (st != PZ_OK && st != PZ_ERR_CONFLICT)
      fuzz_fail("latin: check_givens: %s", pz_strerror(st));
    fuzz_solve_all(p, fuzz_check_grid, NULL, "pls");
    pz_puzzle_free(p);
  }
  free(cells);
  return 0;
}
