/* Fuzz target: Futoshiki text (pz_futoshiki_parse and _read), the writers
 * read back (grid and sgt game id), then a small solve of the puzzle read,
 * its solution checked against the rules. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

typedef struct shape {
  int n;
  const int *right, *down;
} shape;

/* The rules, from include/pz/futoshiki.h: a Latin square of 1..n, the
 * givens kept, every sign between neighbours holding. */
static const char *check_futoshiki(const pz_puzzle *p, const int *sol,
                                   void *state) {
  const shape *sh = (const shape *)state;
  const int *g = pz_puzzle_givens(p);
  int n = sh->n;
  for (int x = 0; x < n * n; x++) {
    if (sol[x] < 1 || sol[x] > n) return "a value outside 1..n";
    if (g[x] && g[x] != sol[x]) return "a given changed";
    for (int y = x + 1; y < n * n; y++)
      if (sol[x] == sol[y] && (x / n == y / n || x % n == y % n))
        return "a value twice in a row or column";
    int sr = sh->right[x], sd = sh->down[x];
    if ((sr == 1 && !(sol[x] < sol[x + 1])) || (sr == 2 && !(sol[x] > sol[x + 1])))
      return "a sign in a row broken";
    if ((sd == 1 && !(sol[x] < sol[x + n])) || (sd == 2 && !(sol[x] > sol[x + n])))
      return "a sign in a column broken";
  }
  return NULL;
}

/* Writes d with a writer and requires it to read back the same. */
static void round_trip(const pz_futoshiki_def *d, int sgt) {
  int n = pz_futoshiki_def_order(d);
  size_t sz = (size_t)n * (size_t)n * sizeof(int);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return;
  int st = sgt ? pz_futoshiki_write_sgt(f, pz_futoshiki_def_givens(d), n,
                                        pz_futoshiki_def_right(d),
                                        pz_futoshiki_def_down(d))
               : pz_futoshiki_write_grid(f, pz_futoshiki_def_givens(d), n,
                                         pz_futoshiki_def_right(d),
                                         pz_futoshiki_def_down(d));
  fclose(f);
  if (st != PZ_OK) fuzz_fail("futoshiki: writing a parsed puzzle: %s", pz_strerror(st));
  pz_futoshiki_def *e = NULL;
  pz_parse_info info;
  st = pz_futoshiki_parse(buf, len, &e, &info);
  if (st != PZ_OK)
    fuzz_fail("futoshiki: the %s written does not read back: %zu:%zu: %s",
              sgt ? "game id" : "grid", info.line, info.column, info.message);
  if (pz_futoshiki_def_order(e) != n ||
      memcmp(pz_futoshiki_def_givens(e), pz_futoshiki_def_givens(d), sz) ||
      memcmp(pz_futoshiki_def_right(e), pz_futoshiki_def_right(d), sz) ||
      memcmp(pz_futoshiki_def_down(e), pz_futoshiki_def_down(d), sz))
    fuzz_fail("futoshiki: the %s written reads back different",
              sgt ? "game id" : "grid");
  pz_futoshiki_def_free(e);
  free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pz_futoshiki_def *d = NULL;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_futoshiki_parse((const char *)data, size, &d, &info);

  /* The stream reader must agree with the buffer parser. */
  char *copy;
  FILE *in = fuzz_open(data, size, &copy);
  if (in) {
    pz_futoshiki_def *rd = NULL;
    pz_parse_info rinfo;
    int rst = pz_futoshiki_read(in, &rd, &rinfo);
    if (rst != st)
      fuzz_fail("pz_futoshiki_read says %d, pz_futoshiki_parse %d", rst, st);
    if (st != PZ_OK &&
        (rinfo.line != info.line || rinfo.column != info.column ||
         strcmp(rinfo.message, info.message) != 0))
      fuzz_fail("read error %zu:%zu '%s', parse error %zu:%zu '%s'",
                rinfo.line, rinfo.column, rinfo.message, info.line,
                info.column, info.message);
    pz_futoshiki_def_free(rd);
    fclose(in);
  }
  free(copy);

  if (st != PZ_OK) {
    fuzz_check_error("pz_futoshiki_parse", st, &info);
    if (d) fuzz_fail("pz_futoshiki_parse: error %d but a definition", st);
    return 0;
  }
  int n = pz_futoshiki_def_order(d);
  if (n < 1 || n > PZ_FUTOSHIKI_MAX_ORDER)
    fuzz_fail("pz_futoshiki_parse: PZ_OK with order %d", n);
  const int *g = pz_futoshiki_def_givens(d), *r = pz_futoshiki_def_right(d),
            *dn = pz_futoshiki_def_down(d);
  for (int x = 0; x < n * n; x++)
    if (g[x] < 0 || g[x] > n || r[x] < 0 || r[x] > 2 || dn[x] < 0 ||
        dn[x] > 2 || (r[x] && x % n == n - 1) || (dn[x] && x / n == n - 1))
      fuzz_fail("pz_futoshiki_parse: cell %d: given %d, signs %d %d", x,
                g[x], r[x], dn[x]);
  round_trip(d, 0);
  round_trip(d, 1);
  if (n * n <= FUZZ_MAX_SOLVE_CELLS) {
    pz_puzzle *p = NULL;
    st = pz_futoshiki_from_def(&p, d);
    if (st != PZ_OK) fuzz_fail("pz_futoshiki_from_def: %s", pz_strerror(st));
    st = pz_puzzle_check_givens(p, &info);
    if (st != PZ_OK && st != PZ_ERR_CONFLICT)
      fuzz_fail("futoshiki: check_givens: %s", pz_strerror(st));
    shape sh = {n, r, dn};
    fuzz_solve_all(p, check_futoshiki, &sh, "futoshiki");
    pz_puzzle_free(p);
  }
  pz_futoshiki_def_free(d);
  return 0;
}
