/* Killer Sudoku in the kind table: the janko.at layout in and out, the
 * box shape as its parameter, generation of cages over a random grid. */
#include <stdlib.h>
#include <string.h>

#include "kinds/kind_impl.h"
#include "kinds/killer/killer_impl.h"
#include "puzzle/sudoku_units.h"
#include "pz/text.h"

static const pz_param params[] = {
    {"box", PZ_PARAM_SHAPE, NULL, 1, 16, NULL, "RxC",
     "box shape (default: square, or the most square RxC with R <= C; "
     "3x3 when generating)"},
    {"variant", PZ_PARAM_WORDS, NULL, 0, 0, pz_sudoku_units_words, "V,...",
     "Sudoku's variant rules too: x (or diagonal: Killer-X), anti-king, "
     "anti-knight, windoku, non-consecutive"},
};

/* grid and line write answers; janko is the puzzle's own layout (with an
 * answer: the layout with the answer as its givens). */
enum { F_JANKO, F_GRID, F_LINE };
static const char *const formats[] = {"janko", "grid", "line", NULL};
static const char *const aliases[] = {"killer-sudoku", "sumdoku", NULL};

static int parse(const pz_kind_args *a, const char *text, size_t len,
                 void **def, pz_parse_info *info) {
  unsigned variants = 0;
  int st = pz_sudoku_units_from_words(pz_kind_arg_text(a, "variant"),
                                      &variants, info);
  if (st) return st == PZ_ERR_ARG ? PZ_ERR_PARSE : st;
  pz_killer_def *d = NULL;
  st = pz_killer_parse(text, len, &d, info);
  if (st) return st;
  int r, c;
  if (pz_kind_arg_shape(a, "box", &r, &c) && pz_killer_def_set_box(d, r, c)) {
    int side = pz_killer_def_size(d);
    pz_killer_def_free(d);
    return pz_kind_parse_error(
        info, "boxes of %dx%d do not tile a grid of side %d", r, c, side);
  }
  pz_killer_def_box(d, &r, &c);
  if (!pz_sudoku_units_fit(r, c, 0, variants)) {
    pz_killer_def_free(d);
    return pz_kind_parse_error(
        info, "windoku needs room for extra boxes between the boxes");
  }
  pz_killer_def_set_variants(d, variants);
  *def = d;
  return PZ_OK;
}

PZ_KIND_PUBLIC_DEF(killer)

static int write(const void *def, const int *cells, int f, FILE *out) {
  const pz_killer_def *d = (const pz_killer_def *)def;
  int n = pz_killer_def_size(d), br, bc;
  pz_killer_def_box(d, &br, &bc);
  if (f < 0) f = cells ? F_GRID : F_JANKO;
  if (f == F_JANKO) return pz_killer_def_write(d, cells, out);
  if (!cells) return PZ_ERR_UNSUPPORTED; /* givens alone lose the cages */
  if (f == F_GRID) return pz_write_grid(out, cells, n, n, br, bc);
  return pz_write_line(out, cells, n, n, n <= 9 ? PZ_TEXT_CHARS : PZ_TEXT_INTS);
}

static int generate(const pz_kind_args *a, const pz_options *o,
                    const pz_generate_options *g, void **def, int **solution,
                    pz_generate_info *info, pz_result *stop) {
  int br = 3, bc = 3;
  pz_kind_arg_shape(a, "box", &br, &bc);
  unsigned variants = 0;
  if (pz_sudoku_units_from_words(pz_kind_arg_text(a, "variant"), &variants,
                                 NULL) ||
      !pz_sudoku_units_fit(br, bc, 0, variants))
    return PZ_ERR_ARG;
  size_t cells = (size_t)(br * bc) * (size_t)(br * bc);
  int *mem = (int *)malloc(cells * 3 * sizeof(int));
  int *sol = (int *)malloc(cells * sizeof(int));
  int st = mem && sol ? PZ_OK : PZ_ERR_NOMEM, k = 0;
  if (!st)
    st = pz_killer_generate_variants(br, bc, variants, o, g, mem, mem + cells,
                                     &k, mem + 2 * cells, sol, info, stop);
  pz_killer_def *d = NULL;
  if (!st && k > 0)
    st = pz_killer_def_make(&d, br, bc, mem, mem + cells, k, mem + 2 * cells);
  free(mem);
  if (d) pz_killer_def_set_variants(d, variants);
  return pz_kind_generated(st, d, sol, def, solution);
}

static int scene(const void *def, const int *solution, pz_scene **out) {
  const pz_killer_def *d = (const pz_killer_def *)def;
  int br, bc, ncages;
  pz_killer_def_box(d, &br, &bc);
  const int *cages = pz_killer_def_cages(d, &ncages);
  return pz_render_killer(out, br, bc, cages, pz_killer_def_sums(d), ncages,
                          pz_killer_def_givens(d), solution);
}

const pz_kind pz_kind_killer = {
    .name = "killer",
    .title = "Killer Sudoku",
    .rules = "Every row, column and box holds 1..N once; the digits of a "
             "cage differ and add up to its sum. Sudoku's variants apply "
             "too (Killer-X: both diagonals hold 1..N once).",
    .input_help =
        "The janko.at layout: a header 'N N', N rows with each cage's sum "
        "in one of its cells and '-' elsewhere, N rows of cage numbers ('-' "
        "for a cell in no cage), then optionally N rows of givens ('-' "
        "blank); a blank line and a header start the next puzzle.",
    PZ_KIND_SOLVER(pz_kind_starts_header, generate, NULL),
};
