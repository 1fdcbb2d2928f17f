/* Fuzz target: DIMACS and iCNF read back (pz_icnf_parse, and pz_icnf_read
 * through a memory stream, which must agree); a small formula read is then
 * counted by pz's own search (no backend) whole and in parts, which must
 * add up, and under each of its cubes. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

/* The count of cnf under cube (n literals), part `part` of `parts` (0: all). */
static uint64_t count(const pz_cnf *cnf, const int *cube, size_t n,
                      uint64_t part, uint64_t parts) {
  pz_enum_options o = PZ_ENUM_OPTIONS_INIT;
  o.method = PZ_ENUM_DPLL;
  o.part = part;
  o.parts = parts;
  o.time_limit = 2;
  uint64_t c = 0;
  pz_result r;
  int st = pz_cnf_enumerate(cnf, cube, n, &o, 0, NULL, NULL, &c, &r);
  if (st == PZ_ERR_NOMEM) return UINT64_MAX;
  if (st) fuzz_fail("pz_cnf_enumerate: %s", pz_strerror(st));
  return r == PZ_UNSAT ? c : UINT64_MAX;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pz_icnf *f = (pz_icnf *)(uintptr_t)1; /* must be reset by the parser */
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_icnf_parse(&f, (const char *)data, size, &info);

  char *copy;
  FILE *in = fuzz_open(data, size, &copy);
  if (in) {
    pz_icnf *g = (pz_icnf *)(uintptr_t)1;
    pz_parse_info rinfo;
    int rst = pz_icnf_read(&g, in, &rinfo);
    if (rst != st) fuzz_fail("pz_icnf_read says %d, pz_icnf_parse %d", rst, st);
    if (st != PZ_OK &&
        (rinfo.line != info.line || rinfo.column != info.column ||
         strcmp(rinfo.message, info.message) != 0))
      fuzz_fail("read error %zu:%zu '%s', parse error %zu:%zu '%s'",
                rinfo.line, rinfo.column, rinfo.message, info.line,
                info.column, info.message);
    if (st == PZ_OK && pz_icnf_num_cubes(g) != pz_icnf_num_cubes(f))
      fuzz_fail("pz_icnf_read and pz_icnf_parse differ");
    if (rst != PZ_OK && g) fuzz_fail("pz_icnf_read: error %d but a result", rst);
    pz_icnf_free(g);
    fclose(in);
  }
  free(copy);

  if (st != PZ_OK) {
    fuzz_check_error("pz_icnf_parse", st, &info);
    if (f) fuzz_fail("pz_icnf_parse: error %d but a result", st);
    return 0;
  }
  const pz_cnf *cnf = pz_icnf_cnf(f);
  if (!cnf) fuzz_fail("pz_icnf_parse: PZ_OK without a formula");
  for (size_t i = 0; i < pz_icnf_num_cubes(f); i++) {
    size_t n;
    if (!pz_icnf_cube(f, i, &n)) fuzz_fail("cube %zu of %zu missing", i,
                                           pz_icnf_num_cubes(f));
  }
  /* Small formulas: parts add up to the whole, for a few part counts. */
  if (pz_cnf_num_vars(cnf) <= 14 && pz_cnf_num_clauses(cnf) <= 200) {
    uint64_t whole = count(cnf, NULL, 0, 0, 0);
    static const uint64_t parts[] = {1, 3, 50};
    for (size_t k = 0; whole != UINT64_MAX && k < 3; k++) {
      uint64_t sum = 0;
      for (uint64_t p = 1; p <= parts[k] && sum != UINT64_MAX; p++) {
        uint64_t c = count(cnf, NULL, 0, p, parts[k]);
        sum = c == UINT64_MAX ? c : sum + c;
      }
      if (sum != UINT64_MAX && sum != whole)
        fuzz_fail("%llu parts add up to %llu, the whole count is %llu",
                  (unsigned long long)parts[k], (unsigned long long)sum,
                  (unsigned long long)whole);
    }
    for (size_t i = 0; i < pz_icnf_num_cubes(f) && i < 8; i++) {
      size_t n;
      const int *cube = pz_icnf_cube(f, i, &n);
      uint64_t c = count(cnf, cube, n, 0, 0);
      if (whole != UINT64_MAX && c != UINT64_MAX && c > whole)
        fuzz_fail("cube %zu holds %llu models of %llu", i,
                  (unsigned long long)c, (unsigned long long)whole);
    }
  }
  pz_icnf_free(f);
  return 0;
}
