/* Fuzz target: jigsaw regions as the programs read them (a --regions grid
 * of labels through pz_text_parse_regions: n labels of n cells, numbered
 * 1..n, which pz_sudoku_set_regions must take; and a grid of region
 * numbers through pz_text_parse, then pz_sudoku_set_regions), with the
 * next puzzle of the same size as givens, or a janko.at jigsaw puzzle
 * (givens and regions in one text); the grid drawn with the regions'
 * borders (pz_write_grid_regions) read back; then a small solve checked
 * against the regions. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

typedef struct jigsaw {
  const int *regions; /* n*n, 1..n */
} jigsaw;

static const char *check_jigsaw(const pz_puzzle *p, const int *sol,
                                void *state) {
  const jigsaw *j = (const jigsaw *)state;
  const char *why = fuzz_check_grid(p, sol, NULL); /* rows, columns, givens */
  if (why) return why;
  int n = pz_puzzle_rows(p);
  /* Each region holds n cells (set_regions accepted it), so all different
   * means every value once. */
  for (int a = 0; a < n * n; a++)
    for (int b = a + 1; b < n * n; b++)
      if (j->regions[a] == j->regions[b] && sol[a] == sol[b])
        return "a value twice in a region";
  return NULL;
}

/* pz_write_grid_regions draws cells with the borders of any regions; the
 * grid reads back (size n, GRID and AUTO) as the same cells. */
static void read_back(const int *cells, const int *regions, int n) {
  static const pz_text_format formats[] = {PZ_TEXT_GRID, PZ_TEXT_AUTO};
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  if (!out) return;
  int st = pz_write_grid_regions(out, cells, n, n, regions);
  if (fclose(out) != 0 || st == PZ_ERR_NOMEM) {
    free(text);
    return;
  }
  if (st != PZ_OK) fuzz_fail("pz_write_grid_regions: %s", pz_strerror(st));
  for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
    pz_text *t = NULL;
    pz_parse_info info;
    st = pz_text_parse(&t, text, len, n, formats[f], &info);
    if (st != PZ_OK && st != PZ_ERR_NOMEM)
      fuzz_fail("pz_write_grid_regions output does not read back (format "
                "%d): %zu:%zu: %s\n%s", (int)formats[f], info.line,
                info.column, info.message, text);
    if (st == PZ_OK &&
        (pz_text_count(t) != 1 || pz_text_size(t, 0) != n ||
         memcmp(pz_text_cells(t, 0), cells,
                (size_t)n * (size_t)n * sizeof(int))))
      fuzz_fail("pz_write_grid_regions output reads back as another "
                "puzzle:\n%s", text);
    pz_text_free(t);
  }
  free(text);
}

/* A --regions grid: when read, n regions 1..n of n cells each, which
 * pz_sudoku_set_regions accepts. */
static void regions_grid(const uint8_t *data, size_t size) {
  int *reg = NULL, n = 0;
  pz_parse_info info;
  int st = pz_text_parse_regions((const char *)data, size, 0, &reg, &n, &info);
  if (st != PZ_OK) {
    if (reg) fuzz_fail("pz_text_parse_regions: regions on error");
    fuzz_check_error("pz_text_parse_regions", st, &info);
    return;
  }
  int *cells = (int *)calloc((size_t)n + 1, sizeof *cells);
  if (!cells) fuzz_fail("out of memory");
  for (int i = 0; i < n * n; i++) {
    if (reg[i] < 1 || reg[i] > n) fuzz_fail("pz_text_parse_regions: region %d of %d", reg[i], n);
    cells[reg[i]]++;
  }
  for (int r = 1; r <= n; r++)
    if (cells[r] != n) fuzz_fail("pz_text_parse_regions: region %d has %d cells", r, cells[r]);
  free(cells);
  if (n * n > FUZZ_MAX_SOLVE_CELLS) {
    free(reg);
    return;
  }
  int box[2];
  fuzz_default_box(n, &box[0], &box[1]);
  pz_puzzle *p = NULL;
  if (pz_sudoku_new(&p, box[0], box[1]) != PZ_OK) fuzz_fail("sudoku %dx%d refused", box[0], box[1]);
  if (pz_sudoku_set_regions(p, reg, &info) != PZ_OK)
    fuzz_fail("pz_sudoku_set_regions refused what pz_text_parse_regions read");
  pz_puzzle_free(p);
  free(reg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  regions_grid(data, size);
  pz_text *t = NULL;
  pz_parse_info info;
  /* Regions and givens as two grids need the size to be read as grids
   * (the programs pass it); the text target covers parse errors. */
  static const int sizes[] = {0, 4, 6, 9};
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes && !t; i++)
    if (pz_text_parse(&t, (const char *)data, size, sizes[i], PZ_TEXT_AUTO,
                      &info) != PZ_OK) {
      pz_text_free(t);
      t = NULL;
    }
  if (!t) return 0;
  int n = pz_text_size(t, 0);
  if (n * n > FUZZ_MAX_SOLVE_CELLS) {
    pz_text_free(t);
    return 0;
  }
  const int *regions = pz_text_cells(t, 0);
  const int *givens = pz_text_count(t) > 1 && pz_text_size(t, 1) == n
                          ? pz_text_cells(t, 1)
                          : NULL;
  if (pz_text_regions(t, 0)) { /* janko.at: the regions come with it */
    givens = regions;
    regions = pz_text_regions(t, 0);
  }
  read_back(givens ? givens : regions, regions, n);
  int box[2];
  fuzz_default_box(n, &box[0], &box[1]);
  pz_puzzle *p = NULL;
  if (pz_sudoku_new(&p, box[0], box[1]) != PZ_OK)
    fuzz_fail("sudoku %dx%d refused", box[0], box[1]);
  memset(&info, 0x55, sizeof info);
  int st = pz_sudoku_set_regions(p, regions, &info);
  if (st == PZ_OK) {
    for (int i = 0; i < n * n; i++)
      if (regions[i] < 1 || regions[i] > n)
        fuzz_fail("region %d accepted at cell %d", regions[i], i);
    if (givens && pz_puzzle_set_givens(p, givens) != PZ_OK)
      fuzz_fail("jigsaw: givens in 0..n refused");
    st = pz_puzzle_check_givens(p, &info);
    if (st != PZ_OK && st != PZ_ERR_CONFLICT)
      fuzz_fail("jigsaw: check_givens: %s", pz_strerror(st));
    jigsaw j = {regions};
    fuzz_solve_all(p, check_jigsaw, &j, "jigsaw");
  } else {
    fuzz_check_error("pz_sudoku_set_regions", st, &info);
  }
  pz_puzzle_free(p);
  pz_text_free(t);
  return 0;
}
