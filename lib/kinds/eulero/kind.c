/* Eulero in the kind table: the janko.at layout and its one-line form in
 * and out (both hold a puzzle: the givens are the puzzle), the order as
 * the parameter of generation. */
#include <stdlib.h>
#include <string.h>

#include "kinds/generate_givens.h"
#include "kinds/kind_impl.h"
#include "pz/eulero.h"

static const pz_param params[] = {
    {"order", PZ_PARAM_INT, NULL, 1, PZ_EULERO_MAX_ORDER, NULL, "N",
     "the order (default: the input's; 4 when generating); with no FILE, "
     "a square of order N from scratch, normalised (first rows of A and B "
     "and A's first column 1..N; with --cyclic, that shape instead)"},
    {"cyclic", PZ_PARAM_INT, NULL, 2, PZ_EULERO_MAX_ORDER, NULL, "K",
     "only squares that shifting rows, columns and values 1..K cyclically "
     "(the rest fixed) maps to themselves: a restriction that finds order "
     "10 fast (K = 7; the input's givens still hold)"},
    {"mates", PZ_PARAM_FLAG, NULL, 0, 0, NULL, NULL,
     "the input is a Latin square (.pls, or N rows of N values): find the "
     "squares orthogonal to it"},
    {"normal", PZ_PARAM_FLAG, NULL, 0, 0, NULL, NULL,
     "with --mates: each mate once up to renaming its symbols (its first "
     "row is 1..N)"},
};

enum { F_GRID, F_LINE };
static const char *const formats[] = {"grid", "line", NULL};
static const char *const aliases[] = {"graeco-latin", NULL};

typedef struct eulero_def {
  int n;
  int *givens; /* n * 3n, the puzzle layout (pz_eulero_pack) */
  int cyclic;  /* --cyclic K, else 0 */
  unsigned flags; /* pz_eulero_new's: a square from scratch is normalised */
  int *square; /* --mates: the Latin square (n*n), else NULL */
  unsigned mates_flags;
} eulero_def;

static void def_free(void *def) {
  eulero_def *d = (eulero_def *)def;
  if (d) free(d->givens), free(d->square);
  free(d);
}

/* --mates: the Latin square of the input, its A given. */
static int parse_mates(const pz_kind_args *a, const char *text, size_t len,
                       void **def, pz_parse_info *info) {
  int *square = NULL, n = 0, want;
  int st = pz_eulero_parse_square(text, len, &square, &n, info);
  if (st) return st;
  if (pz_kind_arg_int(a, "order", &want) && want != n) {
    free(square);
    return pz_kind_parse_error(info, "--order: the square is of order %d", n);
  }
  eulero_def *d = (eulero_def *)calloc(1, sizeof *d);
  if (d) d->givens = (int *)malloc((size_t)n * 3 * (size_t)n * sizeof(int));
  st = d && d->givens ? PZ_OK : PZ_ERR_NOMEM;
  if (!st) {
    d->n = n, d->square = square, square = NULL;
    d->mates_flags = pz_kind_args_given(a, "normal") ? PZ_EULERO_B_ROW : 0;
    st = pz_eulero_pack(n, d->square, NULL, d->givens);
  }
  /* Not a Latin square: said here, with its cell. */
  pz_puzzle *p = NULL;
  if (!st) st = pz_eulero_mates_new(&p, n, d->square, d->mates_flags, info);
  pz_puzzle_free(p);
  if (st == PZ_ERR_RANGE && info) {
    static const char head[] = "not a Latin square: ";
    size_t have = strlen(info->message), h = sizeof head - 1;
    if (have + h < sizeof info->message) {
      memmove(info->message + h, info->message, have + 1);
      memcpy(info->message, head, h);
    }
  }
  free(square);
  return pz_kind_parsed(st, d, def_free, def);
}

static int parse(const pz_kind_args *a, const char *text, size_t len,
                 void **def, pz_parse_info *info) {
  int cyclic = 0;
  pz_kind_arg_int(a, "cyclic", &cyclic);
  if (pz_kind_args_given(a, "mates")) {
    if (cyclic)
      return pz_kind_parse_error(
          info, "--cyclic %d and --mates exclude each other", cyclic);
    return parse_mates(a, text, len, def, info);
  }
  if (pz_kind_args_given(a, "normal"))
    return pz_kind_parse_error(info, "--normal goes with --mates");
  pz_eulero_def *t = NULL;
  int st = pz_eulero_parse(text, len, &t, info);
  if (st) return st;
  int n = pz_eulero_def_order(t), want;
  if (cyclic > n) {
    pz_eulero_def_free(t);
    return pz_kind_parse_error(info, "--cyclic K needs K <= the order, %d", n);
  }
  if (pz_kind_arg_int(a, "order", &want) && want != n) {
    pz_eulero_def_free(t);
    return pz_kind_parse_error(info, "--order %d, but the puzzle is of order %d",
                            want, n);
  }
  eulero_def *d = (eulero_def *)calloc(1, sizeof *d);
  if (d) d->givens = (int *)malloc((size_t)n * 3 * (size_t)n * sizeof(int));
  st = d && d->givens ? PZ_OK : PZ_ERR_NOMEM;
  if (!st) {
    d->n = n, d->cyclic = cyclic;
    st = pz_eulero_pack(n, pz_eulero_def_square(t, 0),
                        pz_eulero_def_square(t, 1), d->givens);
  }
  pz_eulero_def_free(t);
  return pz_kind_parsed(st, d, def_free, def);
}

/* Options that do not go together: a usage error before any input is
 * read (parse says the same to a caller of the library that skips this). */
static int args_check(const pz_kind_args *a, const pz_generate_options *g,
                      pz_parse_info *why) {
  int cyclic = 0, order = 0;
  pz_kind_arg_int(a, "cyclic", &cyclic);
  int mates = pz_kind_args_given(a, "mates");
  int normal = pz_kind_args_given(a, "normal");
  if (g && (cyclic || mates || normal))
    return pz_kind_refuse(why, PZ_ERR_ARG, "--%s is for solving; --generate "
                          "makes puzzles of givens on plain squares",
                          cyclic ? "cyclic" : mates ? "mates" : "normal");
  if (cyclic && mates)
    return pz_kind_refuse(why, PZ_ERR_ARG, "--cyclic %d and --mates exclude "
                          "each other", cyclic);
  if (normal && !mates)
    return pz_kind_refuse(why, PZ_ERR_ARG, "--normal goes with --mates");
  if (cyclic && pz_kind_arg_int(a, "order", &order) && cyclic > order)
    return pz_kind_refuse(why, PZ_ERR_ARG, "--cyclic %d needs K <= the order "
                          "(--order %d)", cyclic, order);
  return PZ_OK;
}

static int puzzle(const void *def, pz_puzzle **out) {
  const eulero_def *d = (const eulero_def *)def;
  if (d->square) return pz_eulero_mates_new(out, d->n, d->square, d->mates_flags, NULL);
  int st = d->cyclic ? pz_eulero_new_cyclic(out, d->n, d->cyclic)
                     : pz_eulero_new(out, d->n, d->flags);
  return pz_kind_puzzle_made(st, d->givens, out);
}

static int write(const void *def, const int *cells, int f, FILE *out) {
  const eulero_def *d = (const eulero_def *)def;
  const int *g = cells ? cells : d->givens;
  return f == F_LINE ? pz_eulero_write_line(out, g, d->n)
                     : pz_eulero_write_grid(out, g, d->n);
}

/* A puzzle starts at a header after a blank line, and at every one-line
 * puzzle in a file of them. */
static int starts(const char *s, size_t len, const char *first,
                  size_t first_len, int blocks, int after_blank) {
  if (pz_eulero_line_order(s, len) &&
      (after_blank || pz_eulero_line_order(first, first_len)))
    return 1;
  return pz_kind_starts_header(s, len, first, first_len, blocks, after_blank);
}

static int generate(const pz_kind_args *a, const pz_options *o,
                    const pz_generate_options *g, void **def, int **solution,
                    pz_generate_info *info, pz_result *stop) {
  /* A puzzle has an Eulero's givens: no mates, no cyclic restriction. */
  if (pz_kind_args_given(a, "cyclic") || pz_kind_args_given(a, "mates") ||
      pz_kind_args_given(a, "normal"))
    return PZ_ERR_ARG;
  eulero_def *d = (eulero_def *)calloc(1, sizeof *d);
  if (!d) return PZ_ERR_NOMEM;
  d->n = 4;
  pz_kind_arg_int(a, "order", &d->n);
  pz_puzzle *p = NULL;
  int st = pz_eulero_new(&p, d->n, 0);
  return pz_kind_generate_def(st, p, d, &d->givens, def_free, def, o, g,
                              solution, info, stop);
}

/* --order N alone: a Graeco-Latin square of order N from scratch,
 * normalised (first rows of A and B and A's first column 1..N: every
 * order that has a square has such a one), or of --cyclic K's shape. */
static int blank(const pz_kind_args *a, void **def) {
  int n, cyclic = 0;
  if (!pz_kind_arg_int(a, "order", &n) || pz_kind_args_given(a, "mates"))
    return PZ_ERR_UNSUPPORTED;
  pz_kind_arg_int(a, "cyclic", &cyclic);
  if (cyclic > n) return PZ_ERR_ARG; /* --cyclic K needs K <= the order */
  eulero_def *d = (eulero_def *)calloc(1, sizeof *d);
  if (d) d->givens = (int *)calloc((size_t)n * 3 * (size_t)n, sizeof(int));
  if (!d || !d->givens) {
    def_free(d);
    return PZ_ERR_NOMEM;
  }
  d->n = n, d->cyclic = cyclic;
  d->flags = cyclic ? 0 : PZ_EULERO_NORMAL;
  *def = d;
  return PZ_OK;
}

/* Squares A and B side by side: the first 2n of each row's 3n cells (the
 * pair numbers after them are the encoding's). */
static void view(const int *cells, int rows, int cols, int *out, int *vr,
                 int *vc) {
  int shown = cols / 3 * 2;
  *vr = rows, *vc = shown;
  for (int r = 0; cells && r < rows; r++)
    memcpy(out + (size_t)r * (size_t)shown, cells + (size_t)r * (size_t)cols,
           (size_t)shown * sizeof(int));
}

static int scene(const void *def, const int *solution, pz_scene **out) {
  const eulero_def *d = (const eulero_def *)def;
  return pz_render_eulero(out, d->n, d->givens, solution);
}

const pz_kind pz_kind_eulero = {
    .name = "eulero",
    .title = "Eulero",
    .rules = "Two Latin squares A and B of order N (every row and column of "
             "each holds 1..N once) that are orthogonal: every pair (A, B) "
             "occurs in exactly one cell.",
    .input_help =
        "The janko.at layout: a header 'N N', then N rows of N cells 'ab' "
        "(A's and B's value, 0 unknown; 'a,b' or 'a/b' from order 10 on), "
        "or the N*N cells on one line; '#' lines are comments; a blank line "
        "and a header, or a one-line puzzle, start the next puzzle.",
    PZ_KIND_SOLVER(starts, generate, NULL),
    .args_check = args_check,
    .blank = blank,
    .view = view,
};
