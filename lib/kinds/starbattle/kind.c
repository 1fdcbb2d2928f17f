/* Star Battle in the kind table: the janko.at layout (or one letter a
 * cell) in, the janko.at layout out; size and stars as its parameters for
 * generation. */
#include <stdlib.h>
#include <string.h>

#include "kinds/kind_impl.h"
#include "kinds/starbattle/starbattle_impl.h"

static const pz_param params[] = {
    {"size", PZ_PARAM_INT, "10", 1, PZ_STARBATTLE_GEN_MAX_SIZE, NULL, "N",
     "the grid is N x N when generating; solving, the input's"},
    {"stars", PZ_PARAM_INT, NULL, 1, PZ_STARBATTLE_GEN_MAX_SIZE, NULL, "K",
     "stars per row, column and region when generating (default N/5, at "
     "least 1; N >= 4K); solving, the input's"},
};

/* janko is the puzzle (its regions; no cell shows an answer); grid and
 * line write answers. */
enum { F_JANKO, F_GRID, F_LINE };
static const char *const formats[] = {"janko", "grid", "line", NULL};
static const char *const aliases[] = {"star-battle", "two-not-touch", NULL};

static int parse(const pz_kind_args *a, const char *text, size_t len,
                 void **def, pz_parse_info *info) {
  pz_starbattle_def *d = NULL;
  int st = pz_starbattle_parse(text, len, &d, info);
  if (st) return st;
  /* The shape and the stars are the input's: those asked for must be it. */
  int rows = pz_starbattle_def_rows(d), cols = pz_starbattle_def_cols(d), v;
  const char *bad = NULL;
  if (pz_kind_args_given(a, "size") && pz_kind_arg_int(a, "size", &v) &&
      (v != rows || v != cols))
    bad = "size";
  else if (pz_kind_args_given(a, "stars") && pz_kind_arg_int(a, "stars", &v) &&
           v != pz_starbattle_def_stars(d))
    bad = "stars";
  if (bad) {
    int stars = pz_starbattle_def_stars(d);
    pz_starbattle_def_free(d);
    return pz_kind_parse_error(
        info, "the %s asked for is %d, but the puzzle is %dx%d with %d stars",
        bad, v, rows, cols, stars);
  }
  *def = d;
  return PZ_OK;
}

PZ_KIND_PUBLIC_DEF(starbattle)

static int write(const void *def, const int *cells, int f, FILE *out) {
  const pz_starbattle_def *d = (const pz_starbattle_def *)def;
  int rows = pz_starbattle_def_rows(d), cols = pz_starbattle_def_cols(d);
  if (f < 0) f = cells ? F_GRID : F_JANKO;
  if (f == F_JANKO)
    return cells ? PZ_ERR_UNSUPPORTED : pz_starbattle_def_write(d, out);
  if (!cells) return PZ_ERR_UNSUPPORTED; /* stars alone lose the regions */
  if (f == F_GRID) return pz_starbattle_write_grid(out, cells, rows, cols);
  return pz_starbattle_write_line(out, cells, rows, cols);
}

/* A header "ROWS COLS STARS" after a blank line starts the next puzzle. */
static int starts(const char *s, size_t len, const char *first,
                  size_t first_len, int blocks, int after_blank) {
  (void)first, (void)first_len, (void)blocks;
  int numbers = 0;
  for (size_t i = 0; i < len && after_blank;) {
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) i++;
    if (i == len) break;
    if (s[i] < '0' || s[i] > '9') return 0;
    while (i < len && s[i] >= '0' && s[i] <= '9') i++;
    numbers++;
  }
  return numbers == 3;
}

static int generate(const pz_kind_args *a, const pz_options *o,
                    const pz_generate_options *g, void **def, int **solution,
                    pz_generate_info *info, pz_result *stop) {
  int n = 10, stars = 0;
  pz_kind_arg_int(a, "size", &n);
  /* No givens: no symmetry or count of them to ask for. */
  if (g && (g->givens || g->symmetry != PZ_SYMMETRY_NONE)) return PZ_ERR_ARG;
  if (!pz_kind_arg_int(a, "stars", &stars)) stars = n / 5 > 1 ? n / 5 : 1;
  size_t cells = (size_t)n * (size_t)n;
  int *reg = (int *)malloc(cells * sizeof(int));
  int *sol = (int *)malloc(cells * sizeof(int));
  int st = reg && sol ? PZ_OK : PZ_ERR_NOMEM;
  if (!st) st = pz_starbattle_generate(n, stars, o, g, reg, sol, info, stop);
  pz_starbattle_def *d = NULL;
  /* Every cell in no region: no puzzle was made. */
  if (!st && *stop != PZ_UNSAT && reg[0] != PZ_STARBATTLE_NO_REGION)
    st = pz_starbattle_def_make(&d, n, n, stars, reg);
  free(reg);
  return pz_kind_generated(st, d, sol, def, solution);
}

/* Generating: K stars need a grid of at least 4K x 4K (generate.c says
 * why), and a puzzle of regions has no givens to count or mirror. */
static int args_check(const pz_kind_args *a, const pz_generate_options *g,
                      pz_parse_info *why) {
  int n = 10, stars = 0;
  if (!g) return PZ_OK;
  pz_kind_arg_int(a, "size", &n);
  if (!pz_kind_arg_int(a, "stars", &stars)) stars = n / 5 > 1 ? n / 5 : 1;
  if (stars > n / 4 && !(n == 1 && stars == 1))
    return pz_kind_refuse(why, PZ_ERR_ARG, "%d stars a row need a grid of "
                          "at least %dx%d to generate, not %dx%d (--size)",
                          stars, 4 * stars, 4 * stars, n, n);
  if (g->givens || g->symmetry != PZ_SYMMETRY_NONE)
    return pz_kind_refuse(why, PZ_ERR_ARG, "a Star Battle puzzle is its "
                          "regions: it has no givens for --givens or "
                          "--symmetry");
  return PZ_OK;
}

static int scene(const void *def, const int *solution, pz_scene **out) {
  const pz_starbattle_def *d = (const pz_starbattle_def *)def;
  return pz_render_starbattle(out, pz_starbattle_def_rows(d),
                              pz_starbattle_def_cols(d),
                              pz_starbattle_def_regions(d, NULL), solution);
}

static const char *const value_names[] = {NULL, "star"};

const pz_kind pz_kind_starbattle = {
    .name = "starbattle",
    .title = "Star Battle",
    .rules = "Place K stars in every row, column and region, no two touching, "
             "not even diagonally.",
    .input_help =
        "A header 'ROWS COLS STARS', then ROWS rows of region numbers "
        "separated by blanks (as on janko.at) or of one letter per cell; "
        "'@' or '#' is a cell in no region. A blank line and a header start "
        "the next puzzle.",
    PZ_KIND_SOLVER(starts, generate, NULL),
    .piece = "star",
    .args_check = args_check,
    PZ_KIND_VALUE_NAMES(value_names),
};
