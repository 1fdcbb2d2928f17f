/* Kakuro in the kind table: the janko.at layout in and out, the grid's
 * size as its parameter for generation. */
#include <stdlib.h>
#include <string.h>

#include "kinds/kind_impl.h"
#include "kinds/kakuro/kakuro_impl.h"

static const pz_param params[] = {
    {"size", PZ_PARAM_SHAPE, "10x10", 3, PZ_KAKURO_MAX_SIZE, NULL, "RxC",
     "rows and columns when generating (one number: a square); solving, "
     "the input's"},
};

/* janko is the puzzle (a layout has no digits to show an answer in); grid
 * and line write answers. */
enum { F_JANKO, F_GRID, F_LINE };
static const char *const formats[] = {"janko", "grid", "line", NULL};
static const char *const aliases[] = {"cross-sums", NULL};

static int parse(const pz_kind_args *a, const char *text, size_t len,
                 void **def, pz_parse_info *info) {
  pz_kakuro_def *d = NULL;
  int st = pz_kakuro_parse(text, len, &d, info);
  if (st) return st;
  /* The size is the input's: one asked for must be it. */
  int r, c, rows = pz_kakuro_def_rows(d), cols = pz_kakuro_def_cols(d);
  if (pz_kind_args_given(a, "size") && pz_kind_arg_shape(a, "size", &r, &c) &&
      (r != rows || c != cols)) {
    pz_kakuro_def_free(d);
    return pz_kind_parse_error(
        info, "the size asked for is %dx%d, but the puzzle is %dx%d", r, c,
        rows, cols);
  }
  *def = d;
  return PZ_OK;
}

PZ_KIND_PUBLIC_DEF(kakuro)

static int write(const void *def, const int *cells, int f, FILE *out) {
  const pz_kakuro_def *d = (const pz_kakuro_def *)def;
  int rows = pz_kakuro_def_rows(d), cols = pz_kakuro_def_cols(d);
  if (f < 0) f = cells ? F_GRID : F_JANKO;
  if (f == F_JANKO)
    return cells ? PZ_ERR_UNSUPPORTED
                 : pz_kakuro_write_puzzle(out, pz_kakuro_def_cells(d), rows, cols);
  if (!cells) return PZ_ERR_UNSUPPORTED; /* digits alone lose the sums */
  if (f == F_GRID) return pz_kakuro_write_grid(out, cells, rows, cols);
  return pz_kakuro_write_line(out, cells, rows, cols);
}

static int blank(int ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

/* A header "R C" starts the next puzzle, blank line or not: exactly two
 * numbers from 1 (a grid row never is one: its cells are '-', '0' or hold
 * a '\'). */
static int starts(const char *s, size_t len, const char *first,
                  size_t first_len, int blocks, int after_blank) {
  (void)first, (void)first_len, (void)blocks, (void)after_blank;
  size_t i = 0;
  int numbers = 0;
  while (i < len) {
    while (i < len && blank((unsigned char)s[i])) i++;
    if (i == len) break;
    size_t d = i;
    while (i < len && s[i] >= '0' && s[i] <= '9') i++;
    if (i == d || s[d] == '0' || (i < len && !blank((unsigned char)s[i])))
      return 0;
    numbers++;
  }
  return numbers == 2;
}

static int generate(const pz_kind_args *a, const pz_options *o,
                    const pz_generate_options *g, void **def, int **solution,
                    pz_generate_info *info, pz_result *stop) {
  int rows = 10, cols = 10;
  pz_kind_arg_shape(a, "size", &rows, &cols);
  if (g && g->givens) return PZ_ERR_ARG; /* no givens: the sums are the clues */
  size_t n = (size_t)rows * (size_t)cols;
  pz_kakuro_cell *grid = (pz_kakuro_cell *)malloc(n * sizeof *grid);
  int *sol = (int *)malloc(n * sizeof *sol);
  int st = grid && sol ? PZ_OK : PZ_ERR_NOMEM;
  if (!st) st = pz_kakuro_generate(rows, cols, o, g, grid, sol, info, stop);
  pz_kakuro_def *d = NULL;
  if (!st && info->givens > 0) st = pz_kakuro_def_make(&d, rows, cols, grid);
  free(grid);
  return pz_kind_generated(st, d, sol, def, solution);
}

static int scene(const void *def, const int *solution, pz_scene **out) {
  const pz_kakuro_def *d = (const pz_kakuro_def *)def;
  return pz_render_kakuro(out, pz_kakuro_def_rows(d), pz_kakuro_def_cols(d),
                          pz_kakuro_def_cells(d), solution);
}

const pz_kind pz_kind_kakuro = {
    .name = "kakuro",
    .title = "Kakuro",
    .rules = "Every white cell takes 1..9; the digits of a run differ and add "
             "up to its clue.",
    .input_help =
        "The janko.at layout: a line 'ROWS COLUMNS', then ROWS lines of "
        "COLUMNS blank-separated cells: '-' black, '0' white, 'D\\A' a clue "
        "(D the sum of the run below, A of the run to the right; either may "
        "be left out: '14\\' or '\\23'). Each 'ROWS COLUMNS' line starts the "
        "next puzzle.",
    PZ_KIND_SOLVER(starts, generate, NULL),
};
