/* Skyscrapers (Simon Tatham's Towers) in the kind table: sgt-towers game
 * ids, a grid with its clues round it and a one-line layout in and out
 * (text.c), the size as its parameter for generation. */
#include <stdlib.h>
#include <string.h>

#include "kinds/kind_impl.h"
#include "kinds/skyscrapers/skyscrapers_impl.h"

static const pz_param params[] = {
    {"size", PZ_PARAM_INT, "5", 3, PZ_TOWERS_MAX, NULL, "N",
     "side of the grid to generate (the input decides when reading)"},
};

/* Indexed as PZ_TOWERS_SGT, _GRID, _LINE. */
static const char *const formats[] = {"sgt", "grid", "line", NULL};
static const char *const aliases[] = {"towers", NULL};

static int parse(const pz_kind_args *a, const char *text, size_t len,
                 void **def, pz_parse_info *info) {
  (void)a;
  pz_towers_def *d = NULL;
  int st = pz_towers_parse(text, len, &d, info);
  if (!st) *def = d;
  return st;
}

static void def_free(void *def) { pz_towers_def_free((pz_towers_def *)def); }

static int puzzle(const void *def, pz_puzzle **out) {
  const pz_towers_def *d = (const pz_towers_def *)def;
  return pz_towers_puzzle(out, d->n, d->clues, d->givens);
}

static int write(const void *def, const int *cells, int f, FILE *out) {
  if (f < 0) f = cells ? PZ_TOWERS_GRID : PZ_TOWERS_SGT;
  return pz_towers_write((const pz_towers_def *)def, cells, f, out);
}

/* A puzzle starts at an sgt id or a line (one token), or at a header of
 * two numbers; grid rows hold at least five tokens. */
static int starts(const char *s, size_t len, const char *first,
                  size_t first_len, int blocks, int after_blank) {
  (void)first, (void)first_len, (void)blocks, (void)after_blank;
  int tokens = 0, numbers = 0;
  for (size_t i = 0; i < len;) {
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) i++;
    if (i == len) break;
    int digits = 1;
    for (; i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '\r'; i++)
      digits &= s[i] >= '0' && s[i] <= '9';
    tokens++;
    numbers += digits;
  }
  return tokens == 1 || (tokens == 2 && numbers == 2);
}

static int generate(const pz_kind_args *a, const pz_options *o,
                    const pz_generate_options *g, void **def, int **solution,
                    pz_generate_info *info, pz_result *stop) {
  int n = 5;
  pz_kind_arg_int(a, "size", &n);
  int *sol = (int *)malloc((size_t)(n * n) * sizeof(int));
  if (!sol) return PZ_ERR_NOMEM;
  pz_towers_def *d = NULL;
  int st = pz_towers_generate(n, o, g, &d, sol, info, stop);
  return pz_kind_generated(st, d, sol, def, solution);
}

static int scene(const void *def, const int *solution, pz_scene **out) {
  return pz_towers_scene((const pz_towers_def *)def, solution, out);
}

const pz_kind pz_kind_skyscrapers = {
    .name = "skyscrapers",
    .title = "Skyscrapers",
    .rules = "Every row and column holds the heights 1..N once; a clue "
             "outside the grid says how many towers are seen from there, "
             "a taller tower hiding every lower one behind it.",
    .input_help =
        "An sgt-towers game id 'N:c/c/.../c[,grid]' (4N clues: top, bottom, "
        "left, right; empty = none; the grid a..z runs of blanks and "
        "digits), or a header 'N N' and N+2 rows of N+2 tokens, the grid "
        "with its clues round it ('.' for none), or one line of the 4N "
        "clues and N*N cells ('.' for none).",
    PZ_KIND_SOLVER(starts, generate, NULL),
};
