/* KenKen (Simon Tatham's Keen) in the kind table: Tatham's game ids and a
 * grid of cage labels in, the same and answers out; the side as its
 * parameter for generation. */
#include <stdlib.h>
#include <string.h>

#include "kinds/kenken/kenken_impl.h"
#include "kinds/kind_impl.h"
#include "pz/text.h"

static const pz_param params[] = {
    {"size", PZ_PARAM_INT, "6", KENKEN_MIN, KENKEN_MAX, NULL, "N",
     "side of the square when generating"},
};

/* sgt and grid are puzzle formats (with an answer, grid writes the answer
 * grid); line writes answers only. */
enum { F_SGT, F_GRID, F_LINE };
static const char *const formats[] = {"sgt", "grid", "line", NULL};
static const char *const aliases[] = {"keen", NULL};

/* Does the text start (after blank and '#' lines) with a game id? */
static int is_sgt(const char *text, size_t len) {
  size_t i = 0;
  for (;;) {
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' ||
                       text[i] == '\n'))
      i++;
    if (i < len && text[i] == '#') {
      while (i < len && text[i] != '\n') i++;
      continue;
    }
    break;
  }
  while (i < len && text[i] >= '0' && text[i] <= '9') i++;
  while (i < len && ((text[i] >= 'a' && text[i] <= 'z') ||
                     (text[i] >= 'A' && text[i] <= 'Z')))
    i++;
  return i < len && text[i] == ':';
}

static int parse(const pz_kind_args *a, const char *text, size_t len,
                 void **def, pz_parse_info *info) {
  (void)a;
  kenken_def *d = NULL;
  int st = is_sgt(text, len) ? pz_kenken_parse_sgt(text, len, &d, info)
                             : pz_kenken_parse_grid(text, len, &d, info);
  if (!st) *def = d;
  return st;
}

static void def_free(void *def) { pz_kenken_def_free((kenken_def *)def); }

static int puzzle(const void *def, pz_puzzle **out) {
  return pz_kenken_puzzle((const kenken_def *)def, out);
}

static int write(const void *def, const int *cells, int f, FILE *out) {
  const kenken_def *d = (const kenken_def *)def;
  if (f < 0) f = F_GRID;
  if (!cells) {
    if (f == F_SGT) return pz_kenken_write_sgt(d, out);
    if (f == F_GRID) return pz_kenken_write_grid(d, out);
    return PZ_ERR_UNSUPPORTED; /* a line of values holds no cages */
  }
  if (f == F_SGT) return PZ_ERR_UNSUPPORTED; /* ids hold no answers */
  if (f == F_GRID) return pz_write_grid(out, cells, d->n, d->n, 0, 0);
  return pz_write_line(out, cells, d->n, d->n, PZ_TEXT_CHARS);
}

/* sgt: one id per line; grid: a header "N N" after a blank line. */
static int starts(const char *line, size_t len, const char *first,
                  size_t first_len, int blocks, int after_blank) {
  if (is_sgt(first, first_len)) return 1;
  return pz_kind_starts_header(line, len, first, first_len, blocks, after_blank);
}

static int generate(const pz_kind_args *a, const pz_options *o,
                    const pz_generate_options *g, void **def, int **solution,
                    pz_generate_info *info, pz_result *stop) {
  int n = 6;
  pz_kind_arg_int(a, "size", &n);
  int *sol = (int *)malloc((size_t)(n * n) * sizeof(int));
  if (!sol) return PZ_ERR_NOMEM;
  kenken_def *d = NULL;
  int st = pz_kenken_generate(n, o, g, &d, sol, info, stop);
  return pz_kind_generated(st, d, sol, def, solution);
}

static int scene(const void *def, const int *solution, pz_scene **out) {
  return pz_kenken_scene((const kenken_def *)def, solution, out);
}

const pz_kind pz_kind_kenken = {
    .name = "kenken",
    .title = "KenKen",
    .rules = "Every row and column holds 1..N once; the values of a cage "
             "make its target by its operation (+ sum, x product, - "
             "difference and / quotient of its two cells, either way "
             "round).",
    .input_help =
        "Simon Tatham's Keen game id on one line ('4:a_7a__a_aaba,a5d2a5s1"
        "d2s2m4m6', as sgt-keen --generate prints), or the grid layout: a "
        "header 'N N', N rows of cage labels, then one line per cage "
        "'LABEL OP TARGET' (OP one of + - x /, '=' for one cell); a blank "
        "line and a header start the next puzzle.",
    PZ_KIND_SOLVER(starts, generate, NULL),
};
