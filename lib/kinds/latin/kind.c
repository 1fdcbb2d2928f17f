/* Latin squares in the kind table: partial squares to complete, in the
 * grid text layer's layouts (one-line puzzles, grids, .pls files), the
 * order and reduced form as parameters, completion puzzles generated
 * through pz_puzzle_generate, and as parameters of generation uniformly
 * random squares and quasigroup-with-holes instances. */
#include <errno.h>
#include <stdio.h>
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
     "first row and column in natural order (when generating, with "
     "--random only: a completion puzzle must be unique without it)"},
    {"random", PZ_PARAM_FLAG, NULL, 0, 0, NULL, NULL,
     "with --generate: uniformly random full squares (Jacobson-Matthews); "
     "of the generation options --seed only"},
    {"qwh", PZ_PARAM_TEXT, NULL, 0, 0, NULL, "H",
     "with --generate: quasigroup-with-holes instances, random squares "
     "with H holes (or H% of the cells) as evenly spread over rows and "
     "columns as can be, not made unique; of the generation options "
     "--seed only"},
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
  return pz_kind_puzzle_made(st, d->givens, out);
}

static int write(const void *def, const int *cells, int f, FILE *out) {
  const latin_def *d = (const latin_def *)def;
  const int *g = cells ? cells : d->givens;
  int n = d->n;
  /* By default a puzzle is written as it was read, an answer as a grid,
   * or a .pls file for a .pls square (answer_format). */
  if (f < 0)
    f = d->in == PZ_TEXT_PLS ? F_PLS
        : d->in == PZ_TEXT_GRID || cells ? F_GRID
                                         : F_LINE;
  if (f == F_PLS) return pz_pls_write(out, g, n);
  if (f == F_GRID) return pz_write_grid(out, g, n, n, 0, 0);
  /* One character per cell only when no symbol needs two. */
  return pz_write_line(out, g, n, n, n <= 9 ? PZ_TEXT_CHARS : PZ_TEXT_INTS);
}

/* Relabels a square so that its first row, then its first column, read
 * 1..n: the reduced square of its class (uniform among reduced squares
 * when the square is uniform). tmp: 3n*n ints. */
static void reduce(int *sq, int n, int *tmp) {
  for (int c = 0; c < n; c++) tmp[sq[c] - 1] = c; /* column of symbol v */
  for (int r = 0; r < n; r++) {
    int *row = tmp + n;
    for (int v = 0; v < n; v++) row[v] = sq[r * n + tmp[v]];
    memcpy(sq + r * n, row, (size_t)n * sizeof(int));
  }
  for (int r = 0; r < n; r++) tmp[sq[r * n] - 1] = r; /* row starting v */
  int *out = tmp + 2 * n;
  for (int v = 0; v < n; v++)
    memcpy(out + v * n, sq + tmp[v] * n, (size_t)n * sizeof(int));
  memcpy(sq, out, (size_t)n * n * sizeof(int));
}

/* --qwh H or H%: the holes of an order-n square; -1 when it is none. */
static int holes_of(const char *arg, int n) {
  char *end;
  errno = 0;
  long v = *arg >= '0' && *arg <= '9' ? strtol(arg, &end, 10) : -1;
  long cells = (long)n * n;
  if (v >= 0 && !errno && *end == '%' && !end[1] && v <= 100)
    return (int)((v * cells + 50) / 100);
  if (v >= 0 && !errno && !*end && v <= cells) return (int)v;
  return -1;
}

/* --random and --qwh H: a square from the seed alone, no solver. */
static int make_square(latin_def *d, int random, const char *qwh, int reduced,
                       const pz_generate_options *g, int **solution,
                       pz_generate_info *info, pz_result *stop) {
  int n = d->n, holes = qwh ? holes_of(qwh, n) : 0;
  size_t cells = (size_t)n * n;
  /* Nothing is made unique: no target of pz_puzzle_generate applies. */
  if ((random && qwh) || holes < 0 || (reduced && !random) || g->symmetry ||
      g->givens || g->difficulty != PZ_LEVEL_ANY)
    return holes < 0 ? PZ_ERR_RANGE : PZ_ERR_ARG;
  d->givens = (int *)malloc(cells * sizeof(int));
  *solution = (int *)malloc(4 * cells * sizeof(int));
  if (!d->givens || !*solution) return PZ_ERR_NOMEM;
  int st = random ? pz_latin_random(n, g->seed, *solution)
                  : pz_latin_qwh(n, holes, g->seed, d->givens, *solution);
  if (st) return st;
  if (reduced) reduce(*solution, n, *solution + cells);
  if (random) memcpy(d->givens, *solution, cells * sizeof(int));
  info->givens = 0;
  for (size_t i = 0; i < cells; i++) info->givens += d->givens[i] != 0;
  info->level = PZ_LEVEL_ANY;
  info->tries = 1;
  *stop = PZ_SAT;
  return PZ_OK;
}

static int generate(const pz_kind_args *a, const pz_options *o,
                    const pz_generate_options *g, void **def, int **solution,
                    pz_generate_info *info, pz_result *stop) {
  int reduced = 0, random = 0;
  pz_kind_arg_int(a, "reduced", &reduced);
  pz_kind_arg_int(a, "random", &random);
  const char *qwh = pz_kind_arg_text(a, "qwh");
  if (reduced && !random)
    return PZ_ERR_ARG; /* unique only among reduced squares */
  latin_def *d = (latin_def *)calloc(1, sizeof *d);
  if (!d) return PZ_ERR_NOMEM;
  d->n = 9;
  d->in = PZ_TEXT_CHARS;
  pz_kind_arg_int(a, "order", &d->n);
  if (random || qwh) {
    int st = make_square(d, random, qwh, reduced, g, solution, info, stop);
    if (st) {
      free(*solution);
      *solution = NULL;
      def_free(d);
      return st;
    }
    *def = d;
    return PZ_OK;
  }
  pz_puzzle *p = NULL;
  int st = pz_latin_new(&p, d->n, 0);
  return pz_kind_generate_def(st, p, d, &d->givens, def_free, def, o, g,
                              solution, info, stop);
}

/* --order N with no input (`pz latin N`): the empty square of order N,
 * to find, count or enumerate from scratch. */
static int blank(const pz_kind_args *a, void **def) {
  int n = 0, reduced = 0;
  if (!pz_kind_args_given(a, "order") || !pz_kind_arg_int(a, "order", &n))
    return PZ_ERR_UNSUPPORTED;
  pz_kind_arg_int(a, "reduced", &reduced);
  latin_def *d = (latin_def *)calloc(1, sizeof *d);
  if (d) d->givens = (int *)calloc((size_t)n * (size_t)n, sizeof(int));
  if (!d || !d->givens) {
    def_free(d);
    return PZ_ERR_NOMEM;
  }
  d->n = n;
  d->flags = reduced ? PZ_LATIN_REDUCED : 0;
  d->in = PZ_TEXT_CHARS;
  *def = d;
  return PZ_OK;
}

/* A .pls square answers in .pls: what a .pls tool reads back. */
static const char *answer_format(const void *def) {
  return ((const latin_def *)def)->in == PZ_TEXT_PLS ? "pls" : NULL;
}

static const char *const generate_params[] = {"random", "qwh", NULL};

/* --random and --qwh make squares from the seed alone: no target of
 * pz_puzzle_generate applies, and a reduced completion puzzle would not
 * be unique read back without --reduced. */
static int args_check(const pz_kind_args *a, const pz_generate_options *g,
                      pz_parse_info *why) {
  int random = 0, reduced = 0, n = 9;
  pz_kind_arg_int(a, "random", &random);
  pz_kind_arg_int(a, "reduced", &reduced);
  pz_kind_arg_int(a, "order", &n);
  const char *qwh = pz_kind_arg_text(a, "qwh");
  const char *maker = random ? "--random" : qwh ? "--qwh" : NULL;
  if (random && qwh)
    return pz_kind_refuse(why, PZ_ERR_ARG, "--random and --qwh exclude each other");
  if (qwh && holes_of(qwh, n) < 0)
    return pz_kind_refuse(why, PZ_ERR_RANGE, "--qwh needs a number of holes from 0 "
                  "to %ld (the cells of an order-%d square) or a percentage "
                  "0%%..100%%, not '%s'", (long)n * n, n, qwh);
  if (!g) return PZ_OK;
  if (maker && (g->symmetry || g->givens || g->difficulty != PZ_LEVEL_ANY ||
                g->minimal > 0))
    return pz_kind_refuse(why, PZ_ERR_ARG, "%s takes --seed only, not --symmetry, "
                  "--difficulty, --givens or --minimal (no puzzle is made "
                  "unique)", maker);
  if (reduced && !random)
    return pz_kind_refuse(why, PZ_ERR_ARG, "--reduced goes with --random only, not "
                  "with %s", qwh ? "--qwh" : "--generate's "
                  "completion puzzles");
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
    PZ_KIND_SOLVER(NULL, generate, pz_kind_split_text),
    .blank = blank,
    .answer_format = answer_format,
    .positional = "order",
    .input_option = "fill",
    .generate_params = generate_params,
    .args_check = args_check,
};
