/* Fuzz target: Latin square completion files (pz_pls_read through a
 * memory stream), then a small solve of the instance read. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *copy;
  FILE *in = fuzz_open(data, size, &copy);
  if (!in) {
    free(copy);
    return 0;
  }
  int *cells = (int *)(uintptr_t)1; /* must be reset by the reader */
  int n = -1;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_pls_read(in, &cells, &n, &info);
  fclose(in);
  free(copy);
  if (st != PZ_OK) {
    fuzz_check_error("pz_pls_read", st, &info);
    if (cells) fuzz_fail("pz_pls_read: error %d but cells", st);
    return 0;
  }
  if (!cells || n < 1 || n > PZ_LATIN_MAX_ORDER)
    fuzz_fail("pz_pls_read: PZ_OK with order %d", n);
  for (size_t k = 0; k < (size_t)n * (size_t)n; k++)
    if (cells[k] < 0 || cells[k] > n)
      fuzz_fail("pz_pls_read: cell %zu is %d, outside 0..%d", k, cells[k], n);
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
