/* Fuzz target: Killer Sudoku text (pz_killer_parse and _read), the
 * definition's invariants, then a small solve of the puzzle read, its
 * solution checked against the rules. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

/* The rules, from include/pz/killer.h: 1..n once per row, column and box;
 * each cage's values distinct, adding up to its sum; givens kept. */
static const char *check_killer(const pz_puzzle *p, const int *sol,
                                void *state) {
  const pz_killer_def *d = (const pz_killer_def *)state;
  int n = pz_killer_def_size(d), br, bc, nc;
  pz_killer_def_box(d, &br, &bc);
  const int *cage = pz_killer_def_cages(d, &nc), *sums = pz_killer_def_sums(d);
  const int *givens = pz_puzzle_givens(p);
  long long total[81];
  memset(total, 0, sizeof total);
  for (int x = 0; x < n * n; x++) {
    if (sol[x] < 1 || sol[x] > n) return "a value out of range";
    if (givens[x] && givens[x] != sol[x]) return "a given is changed";
    if (cage[x] >= 0) total[cage[x]] += sol[x];
    for (int y = x + 1; y < n * n; y++) {
      int same_box = (x / n) / br == (y / n) / br && (x % n) / bc == (y % n) / bc;
      if (sol[x] == sol[y] && (x / n == y / n || x % n == y % n || same_box ||
                               (cage[x] >= 0 && cage[x] == cage[y])))
        return "a value repeats in a row, column, box or cage";
    }
  }
  for (int k = 0; k < nc; k++)
    if (total[k] != sums[k]) return "a cage sum is wrong";
  return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pz_killer_def *d = NULL;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_killer_parse((const char *)data, size, &d, &info);

  /* The stream reader must agree with the buffer parser. */
  char *copy;
  FILE *in = fuzz_open(data, size, &copy);
  if (in) {
    pz_killer_def *rd = NULL;
    pz_parse_info rinfo;
    int rst = pz_killer_read(in, &rd, &rinfo);
    if (rst != st) fuzz_fail("pz_killer_read says %d, pz_killer_parse %d", rst, st);
    if (st == PZ_OK) {
      int n = pz_killer_def_size(d), a, b;
      size_t cells = (size_t)n * (size_t)n;
      pz_killer_def_cages(rd, &a);
      pz_killer_def_cages(d, &b);
      if (pz_killer_def_size(rd) != n || a != b ||
          memcmp(pz_killer_def_cages(rd, NULL), pz_killer_def_cages(d, NULL), cells * sizeof(int)) ||
          memcmp(pz_killer_def_givens(rd), pz_killer_def_givens(d), cells * sizeof(int)) ||
          memcmp(pz_killer_def_sums(rd), pz_killer_def_sums(d), (size_t)a * sizeof(int)))
        fuzz_fail("pz_killer_read and pz_killer_parse differ");
    } else if (rinfo.line != info.line || rinfo.column != info.column ||
               strcmp(rinfo.message, info.message) != 0) {
      fuzz_fail("read error %zu:%zu '%s', parse error %zu:%zu '%s'", rinfo.line,
                rinfo.column, rinfo.message, info.line, info.column, info.message);
    }
    pz_killer_def_free(rd);
    fclose(in);
  }
  free(copy);

  if (st != PZ_OK) {
    fuzz_check_error("pz_killer_parse", st, &info);
    if (d) fuzz_fail("pz_killer_parse: error %d but a definition", st);
    return 0;
  }
  int n = pz_killer_def_size(d), br, bc, nc;
  pz_killer_def_box(d, &br, &bc);
  if (n < 1 || n > PZ_KILLER_MAX_SIZE || br * bc != n)
    fuzz_fail("pz_killer_parse: size %d, box %dx%d", n, br, bc);
  int r, c;
  fuzz_default_box(n, &r, &c);
  if (r != br || c != bc) fuzz_fail("pz_killer_parse: box %dx%d, not the default", br, bc);
  const int *cage = pz_killer_def_cages(d, &nc), *sums = pz_killer_def_sums(d);
  const int *givens = pz_killer_def_givens(d);
  int *cells = (int *)calloc((size_t)nc + 1, sizeof(int));
  if (!cells) return 0;
  for (size_t x = 0; x < (size_t)n * (size_t)n; x++) {
    if (cage[x] < PZ_KILLER_NO_CAGE || cage[x] >= nc)
      fuzz_fail("pz_killer_parse: cell %zu in cage %d of %d", x, cage[x], nc);
    if (cage[x] >= 0) cells[cage[x]]++;
    if (givens[x] < 0 || givens[x] > n)
      fuzz_fail("pz_killer_parse: given %zu is %d", x, givens[x]);
  }
  for (int k = 0; k < nc; k++)
    if (!cells[k] || sums[k] < 1 || sums[k] > n * (n + 1) / 2)
      fuzz_fail("pz_killer_parse: cage %d: %d cells, sum %d", k, cells[k], sums[k]);
  free(cells);
  if (n * n <= FUZZ_MAX_SOLVE_CELLS) {
    pz_puzzle *p = NULL;
    st = pz_killer_from_def(&p, d);
    if (st != PZ_OK) fuzz_fail("pz_killer_from_def: %s", pz_strerror(st));
    st = pz_puzzle_check_givens(p, &info);
    if (st != PZ_OK && st != PZ_ERR_CONFLICT)
      fuzz_fail("killer: check_givens: %s", pz_strerror(st));
    fuzz_solve_all(p, check_killer, d, "killer");
    pz_puzzle_free(p);
  }
  pz_killer_def_free(d);
  return 0;
}
