/* Fuzz target: Kakuro text (pz_kakuro_parse and _read). A grid read is
 * written back with pz_kakuro_write_puzzle and must read back the same;
 * small grids are solved and the solutions checked against the rules. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

/* The rules, from include/pz/kakuro.h: white cells hold 1..9, the others
 * 0; every run of white cells, across and down, holds distinct digits
 * adding up to the clue in the cell before it. */
static const char *check_kakuro(const pz_puzzle *p, const int *sol,
                                void *state) {
  (void)state;
  int rows, cols;
  const pz_kakuro_cell *g = pz_kakuro_cells(p, &rows, &cols);
  if (!g) return "not a Kakuro puzzle";
  for (int i = 0; i < rows * cols; i++)
    if (g[i].white ? sol[i] < 1 || sol[i] > 9 : sol[i] != 0)
      return "a cell value out of its range";
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      for (int d = 0; d < 2; d++) { /* 0 across, 1 down */
        const pz_kakuro_cell *x = &g[r * cols + c];
        int clue = d ? x->down : x->across, sum = 0, seen = 0, len = 0;
        if (x->white || !clue) continue;
        for (int rr = r + d, cc = c + !d;
             rr < rows && cc < cols && g[rr * cols + cc].white;
             rr += d, cc += !d, len++) {
          int v = sol[rr * cols + cc];
          if (seen >> v & 1) return "a digit twice in a run";
          seen |= 1 << v;
          sum += v;
        }
        if (!len) return "a clue without a run";
        if (sum != clue) return "a run does not add up to its clue";
      }
  /* Every white cell starts or continues a run that has a clue. */
  for (int i = 0; i < rows * cols; i++) {
    if (!g[i].white) continue;
    int r = i / cols, c = i % cols;
    if (c == 0 || (!g[i - 1].white && !g[i - 1].across))
      return "a run across without a clue";
    if (r == 0 || (!g[i - cols].white && !g[i - cols].down))
      return "a run down without a clue";
  }
  return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pz_kakuro_def *d = NULL;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_kakuro_parse((const char *)data, size, &d, &info);

  /* The stream reader must agree with the buffer parser. */
  char *copy;
  FILE *in = fuzz_open(data, size, &copy);
  if (in) {
    pz_kakuro_def *rd = NULL;
    pz_parse_info rinfo;
    int rst = pz_kakuro_read(in, &rd, &rinfo);
    if (rst != st)
      fuzz_fail("pz_kakuro_read says %d, pz_kakuro_parse %d", rst, st);
    if (st == PZ_OK &&
        (pz_kakuro_def_rows(rd) != pz_kakuro_def_rows(d) ||
         pz_kakuro_def_cols(rd) != pz_kakuro_def_cols(d) ||
         memcmp(pz_kakuro_def_cells(rd), pz_kakuro_def_cells(d),
                (size_t)pz_kakuro_def_rows(d) * (size_t)pz_kakuro_def_cols(d) *
                    sizeof(pz_kakuro_cell))))
      fuzz_fail("pz_kakuro_read and pz_kakuro_parse differ");
    if (st != PZ_OK &&
        (rinfo.line != info.line || rinfo.column != info.column ||
         strcmp(rinfo.message, info.message) != 0))
      fuzz_fail("read error %zu:%zu '%s', parse error %zu:%zu '%s'",
                rinfo.line, rinfo.column, rinfo.message, info.line,
                info.column, info.message);
    pz_kakuro_def_free(rd);
    fclose(in);
  }
  free(copy);

  if (st != PZ_OK) {
    fuzz_check_error("pz_kakuro_parse", st, &info);
    if (d) fuzz_fail("pz_kakuro_parse: error %d but a definition", st);
    return 0;
  }
  int rows = pz_kakuro_def_rows(d), cols = pz_kakuro_def_cols(d);
  const pz_kakuro_cell *cells = pz_kakuro_def_cells(d);
  if (rows < 1 || cols < 1 || rows > PZ_KAKURO_MAX_SIZE ||
      cols > PZ_KAKURO_MAX_SIZE)
    fuzz_fail("pz_kakuro_parse: PZ_OK with size %dx%d", rows, cols);
  if (pz_kakuro_check_grid(rows, cols, cells, &info) != PZ_OK)
    fuzz_fail("pz_kakuro_parse accepted a grid check_grid refuses: %s",
              info.message);

  /* Written back, it reads back the same. */
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  if (out) {
    st = pz_kakuro_write_puzzle(out, cells, rows, cols);
    fclose(out);
    if (st != PZ_OK) fuzz_fail("pz_kakuro_write_puzzle: %s", pz_strerror(st));
    pz_kakuro_def *back = NULL;
    st = pz_kakuro_parse(text, len, &back, &info);
    if (st != PZ_OK)
      fuzz_fail("written puzzle does not read back: %zu:%zu %s", info.line,
                info.column, info.message);
    if (pz_kakuro_def_rows(back) != rows || pz_kakuro_def_cols(back) != cols ||
        memcmp(pz_kakuro_def_cells(back), cells,
               (size_t)rows * (size_t)cols * sizeof *cells))
      fuzz_fail("written puzzle reads back different");
    pz_kakuro_def_free(back);
  }
  free(text);

  if (rows * cols <= FUZZ_MAX_SOLVE_CELLS) {
    pz_puzzle *p = NULL;
    st = pz_kakuro_from_def(&p, d);
    if (st != PZ_OK) fuzz_fail("pz_kakuro_from_def: %s", pz_strerror(st));
    fuzz_solve_all(p, check_kakuro, NULL, "kakuro");
    pz_puzzle_free(p);
  }
  pz_kakuro_def_free(d);
  return 0;
}
