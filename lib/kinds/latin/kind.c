/* Latin squares in the kind table: partial squares to complete, in the
 * grid text layer's layouts (one-line puzzles, grids, .pls files), the
 * order and reduced form as parameters, completion puzzles generated
 * through pz_puzzle_generate. */
#include <stdlib.h>
#include <string.h>

#include "kinds/generate_givens.h"
#include "kinds/kind_impl.h"
#include "kinds/text_split.h"
#include "pz/text.h"

static const pz_param params[] = {
    {"order", PZ_PARAM_INT, NULL, 1, PZ_LATIN_MAX_ORDER, NULL, "N",
     "the order, the square's size (default: the input's; 9 when "
     "generating)"},
    {"reduced", PZ_PARAM_FLAG, NULL, 0, 0, NULL, NULL,
     "first row and column in natural order (not when generating: a "
     "completion puzzle must be unique without it)"},
};

/* Every format holds a puzzle: the givens are the whole of it. pls
 * writes the .pls symbols 0..N-1 (-1 a hole). */
enum { F_GRID, F_LINE, F_PLS };
static const char *const formats[] = {"grid", "line", "pls", NULL};
static const char *const aliases[] = {"latin-square", "quasigroup", NULL};

typedef struct latin_def {
  int n;
  unsigned flags;
  pz_text_format in; /* the layout read (answers default to it) */
  int *givens;
} latin_def;

static void def_free(void *def) {
  latin_def *d = (latin_def *)def;
  if (d) free(d->givens);
  free(d);
}

static int parse(const pz_kind_args *a, const char *text, size_t len,
                 void **def, pz_parse_info *info) {
  int want = 0, reduced = 0;
  pz_kind_arg_int(a, "order", &want);
  pz_kind_arg_int(a, "reduced", &reduced);
  pz_text *t = NULL;
  int st = pz_text_parse(&t, text, len, want, PZ_TEXT_AUTO, info);
  if (st) return st;
  if (pz_text_count(t) != 1) {
    if (info) {
      memset(info, 0, sizeof *info);
      info->line = pz_text_count(t) ? pz_text_line(t, 1) : 1;
      snprintf(info->message, sizeof info->message,
               pz_text_count(t) ? "a second square: one at a time here"
                                : "no square");
    }
    pz_text_free(t);
    return PZ_ERR_PARSE;
  }
  int n = pz_text_size(t, 0);
  latin_def *d = (latin_def *)calloc(1, sizeof *d);
  if (d) d->givens = (int *)malloc((size_t)n * (size_t)n * sizeof(int));
  st = d && d->givens ? PZ_OK : PZ_ERR_NOMEM;
  if (!st && n > PZ_LATIN_MAX_ORDER) st = PZ_ERR_TOO_LARGE;
  if (!st && pz_text_regions(t, 0)) {
    if (info) {
      memset(info, 0, sizeof *info);
      info->line = pz_text_line(t, 0);
      snprintf(info->message, sizeof info->message,
               "a jigsaw Sudoku, not a Latin square");
    }
    st = PZ_ERR_PARSE;
  }
  if (!st) {
    d->n = n;
    d->flags = reduced ? PZ_LATIN_REDUCED : 0;
    d->in = pz_text_format_of(t, 0);
    memcpy(d->givens, pz_text_cells(t, 0), (size_t)n * n * sizeof(int));
  }
  pz_text_free(t);
  if (st) {
    def_free(d);
    return st;
  }
  *def = d;
  return PZ_OK;
}

static int puzzle(const void *def, pz_puzzle **out) {
  const latin_def *d = (const latin_def *)def;
  int st = pz_latin_new(out, d->n, d->flags);
  if (!st) st = pz_puzzle_set_givens(*out, d->givens);
  if (st) {
    pz_puzzle_free(*out);
    *out = NULL;
  }
  return st;
}

static int write(const void *def, const int *cells, int f, FILE *out) {
  const latin_def *d = (const latin_def *)def;
  const int *g = cells ? cells : d->givens;
  int n = d->n;
  if (f < 0)
    f = d->in == PZ_TEXT_PLS ? F_PLS : d->in == PZ_TEXT_GRID ? F_GRID : F_LINE;
  if (f == F_PLS) return pz_pls_write(out, g, n);
  if (f == F_GRID) return pz_write_grid(out, g, n, n, 0, 0);
  /* One character per cell only when no symbol needs two. */
  return pz_write_line(out, g, n, n, n <= 9 ? PZ_TEXT_CHARS : PZ_TEXT_INTS);
}

static int generate(const pz_kind_args *a, const pz_options *o,
                    const pz_generate_options *g, void **def, int **solution,
                    pz_generate_info *info, pz_result *stop) {
  int reduced = 0;
  pz_kind_arg_int(a, "reduced", &reduced);
  if (reduced) return PZ_ERR_ARG; /* unique only among reduced squares */
  latin_def *d = (latin_def *)calloc(1, sizeof *d);
  if (!d) return PZ_ERR_NOMEM;
  d->n = 9;
  d->in = PZ_TEXT_CHARS;
  pz_kind_arg_int(a, "order", &d->n);
  pz_puzzle *p = NULL;
  int st = pz_latin_new(&p, d->n, 0);
  if (!st)
    st = pz_kind_generate_givens(p, o, g, &d->givens, solution, info, stop);
  pz_puzzle_free(p);
  if (st || !d->givens) {
    def_free(d);
    return st;
  }
  *def = d;
  return PZ_OK;
}

static int scene(const void *def, const int *solution, pz_scene **out) {
  const latin_def *d = (const latin_def *)def;
  return pz_render_latin(out, d->n, d->givens, solution);
}

const pz_kind pz_kind_latin = {
    .name = "latin",
    .title = "Latin square",
    .rules = "Every row and column of the N x N square holds 1..N once.",
    .input_help =
        "A partial square: one line of N*N cells ('1'-'9', 'A'-'Z', '.' "
        "blank; or blank-separated numbers), N lines of N cells, or a .pls "
        "file ('order N', then N*N symbols 0..N-1, -1 a hole); '#' lines "
        "are comments. Several squares follow one another (grids separated "
        "by blank lines).",
    .aliases = aliases,
    .params = params,
    .nparams = sizeof params / sizeof params[0],
    .formats = formats,
    .modes = PZ_KIND_SOLVE | PZ_KIND_COUNT | PZ_KIND_UNIQUE | PZ_KIND_RATE,
    .ops = {parse, def_free, puzzle, write, NULL, generate, scene,
            pz_kind_split_text},
};
