/* Fuzz target: Star Battle text (pz_starbattle_parse and _read), the
 * solution writers, then a small solve of the puzzle read, its solution
 * checked against the rules. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

/* The rules, from include/pz/starbattle.h: k stars in every row, column and
 * region, none on a cell in no region, no two touching. */
static const char *check_stars(const pz_puzzle *p, const int *sol,
                               void *state) {
  const pz_starbattle_def *d = (const pz_starbattle_def *)state;
  int rows = pz_puzzle_rows(p), cols = pz_puzzle_cols(p), nreg;
  int k = pz_starbattle_def_stars(d);
  const int *reg = pz_starbattle_def_regions(d, &nreg);
  static char why[96];
  int n = rows * cols, *count = (int *)calloc((size_t)nreg + 1, sizeof(int));
  if (!count) return NULL; /* cannot check; not the library's fault */
  const char *bad = NULL;
  for (int i = 0; i < n && !bad; i++) {
    if (sol[i] != 0 && sol[i] != 1) bad = "a cell is neither 0 nor 1";
    else if (sol[i] && reg[i] < 0) bad = "a star on a cell in no region";
    else if (sol[i]) count[reg[i]]++;
  }
  for (int g = 0; g < nreg && !bad; g++)
    if (count[g] != k) {
      snprintf(why, sizeof why, "region %d holds %d stars, not %d", g,
               count[g], k);
      bad = why;
    }
  free(count);
  for (int u = 0; u < rows + cols && !bad; u++) {
    int stars = 0;
    for (int j = 0; j < (u < rows ? cols : rows); j++)
      stars += u < rows ? sol[u * cols + j] : sol[j * cols + u - rows];
    if (stars != k) {
      snprintf(why, sizeof why, "%s %d holds %d stars, not %d",
               u < rows ? "row" : "column", u < rows ? u : u - rows, stars, k);
      bad = why;
    }
  }
  for (int i = 0; i < n && !bad; i++)
    for (int j = i + 1; j < n && !bad; j++) {
      int dr = j / cols - i / cols, dc = j % cols - i % cols;
      if (sol[i] && sol[j] && dr <= 1 && dc >= -1 && dc <= 1) {
        snprintf(why, sizeof why, "stars at cells %d and %d touch", i, j);
        bad = why;
      }
    }
  return bad;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pz_starbattle_def *d = NULL;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_starbattle_parse((const char *)data, size, &d, &info);

  /* The stream reader must agree with the buffer parser. */
  char *copy;
  FILE *in = fuzz_open(data, size, &copy);
  if (in) {
    pz_starbattle_def *rd = NULL;
    pz_parse_info rinfo;
    int rst = pz_starbattle_read(in, &rd, &rinfo);
    if (rst != st)
      fuzz_fail("pz_starbattle_read says %d, pz_starbattle_parse %d", rst, st);
    if (st == PZ_OK) {
      int n1, n2;
      const int *r1 = pz_starbattle_def_regions(d, &n1);
      const int *r2 = pz_starbattle_def_regions(rd, &n2);
      size_t cells = (size_t)pz_starbattle_def_rows(d) *
                     (size_t)pz_starbattle_def_cols(d);
      if (n1 != n2 || pz_starbattle_def_rows(d) != pz_starbattle_def_rows(rd) ||
          pz_starbattle_def_cols(d) != pz_starbattle_def_cols(rd) ||
          pz_starbattle_def_stars(d) != pz_starbattle_def_stars(rd) ||
          memcmp(r1, r2, cells * sizeof(int)))
        fuzz_fail("pz_starbattle_read and pz_starbattle_parse differ");
    } else if (rinfo.line != info.line || rinfo.column != info.column ||
               strcmp(rinfo.message, info.message) != 0) {
      fuzz_fail("read error %zu:%zu '%s', parse error %zu:%zu '%s'",
                rinfo.line, rinfo.column, rinfo.message, info.line,
                info.column, info.message);
    }
    pz_starbattle_def_free(rd);
    fclose(in);
  }
  free(copy);

  if (st != PZ_OK) {
    fuzz_check_error("pz_starbattle_parse", st, &info);
    if (d) fuzz_fail("pz_starbattle_parse: error %d but a definition", st);
    return 0;
  }
  int rows = pz_starbattle_def_rows(d), cols = pz_starbattle_def_cols(d);
  int k = pz_starbattle_def_stars(d), nreg;
  const int *reg = pz_starbattle_def_regions(d, &nreg);
  if (rows < 1 || cols < 1 || rows > PZ_STARBATTLE_MAX_SIZE ||
      cols > PZ_STARBATTLE_MAX_SIZE || k < 1 || k > PZ_STARBATTLE_MAX_SIZE)
    fuzz_fail("pz_starbattle_parse: PZ_OK with %dx%d, %d stars", rows, cols, k);
  /* Regions numbered 0.. in row-major order of first appearance. */
  int next = 0;
  for (size_t i = 0; i < (size_t)rows * (size_t)cols; i++) {
    if (reg[i] == PZ_STARBATTLE_NO_REGION) continue;
    if (reg[i] < 0 || reg[i] > next)
      fuzz_fail("pz_starbattle_parse: region %d at cell %zu (next %d)", reg[i],
                i, next);
    if (reg[i] == next) next++;
  }
  if (next != nreg)
    fuzz_fail("pz_starbattle_parse: %d regions, %d counted", nreg, next);

  if (rows * cols <= FUZZ_MAX_SOLVE_CELLS) {
    pz_puzzle *p = NULL;
    st = pz_starbattle_from_def(&p, d);
    if (st != PZ_OK) fuzz_fail("pz_starbattle_from_def: %s", pz_strerror(st));
    fuzz_solve_all(p, check_stars, d, "starbattle");
    pz_puzzle_free(p);
  }
  pz_starbattle_def_free(d);
  return 0;
}
