/* Futoshiki in the kind table: the readable grid and sgt-unequal game ids
 * in and out, the order as its parameter for generation. */
#include <stdlib.h>
#include <string.h>

#include "kinds/kind_impl.h"
#include "kinds/futoshiki/futoshiki_impl.h"
#include "pz/generate.h"
#include "pz/text.h"

static const pz_param params[] = {
    {"size", PZ_PARAM_INT, "5", 1, 64, NULL, "N",
     "the order when generating (an N x N grid); solving, the input's"},
};
/* pz-futoshiki called it --order. */
static const pz_param_alias param_aliases[] = {{"order", "size"}};

/* grid and sgt hold a puzzle (givens and signs) or an answer (its cells
 * with the signs); line an answer, or the puzzle as its game id. */
enum { F_GRID, F_SGT, F_LINE };
static const char *const formats[] = {"grid", "sgt", "line", NULL};
static const char *const aliases[] = {"unequal", NULL};

static int parse(const pz_kind_args *a, const char *text, size_t len,
                 void **def, pz_parse_info *info) {
  pz_futoshiki_def *d = NULL;
  int st = pz_futoshiki_parse(text, len, &d, info);
  if (st) return st;
  /* The order is the input's: a size asked for must be it. */
  int want, n = pz_futoshiki_def_order(d);
  if (pz_kind_args_given(a, "size") && pz_kind_arg_int(a, "size", &want) &&
      want != n) {
    pz_futoshiki_def_free(d);
    return pz_kind_parse_error(
        info, "the size asked for is %d, but the puzzle is of order %d", want, n);
  }
  *def = d;
  return PZ_OK;
}

PZ_KIND_PUBLIC_DEF(futoshiki)

static int write(const void *def, const int *cells, int f, FILE *out) {
  const pz_futoshiki_def *d = (const pz_futoshiki_def *)def;
  int n = pz_futoshiki_def_order(d);
  const int *right = pz_futoshiki_def_right(d), *down = pz_futoshiki_def_down(d);
  const int *values = cells ? cells : pz_futoshiki_def_givens(d);
  if (f < 0)
    f = !cells && pz_futoshiki_def_format(d) == PZ_FUTOSHIKI_SGT ? F_SGT : F_GRID;
  /* A puzzle on one line is its game id (a line of cells loses the signs). */
  if (!cells && f == F_LINE) f = F_SGT;
  if (f == F_GRID) return pz_futoshiki_write_grid(out, values, n, right, down);
  if (f == F_SGT) return pz_futoshiki_write_sgt(out, values, n, right, down);
  return pz_write_line(out, cells, n, n, n <= 9 ? PZ_TEXT_CHARS : PZ_TEXT_INTS);
}

static int blank(int ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

/* Past a byte-order mark and leading blanks. */
static size_t skip_lead(const char *s, size_t len) {
  size_t i = len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3) ? 3 : 0;
  while (i < len && blank((unsigned char)s[i])) i++;
  return i;
}

/* "N[letters]:" opens an sgt-unequal game id. */
static int sgt_id(const char *s, size_t len) {
  size_t i = skip_lead(s, len), d = i;
  while (i < len && s[i] >= '0' && s[i] <= '9') i++;
  if (i == d) return 0;
  while (i < len && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')))
    i++;
  return i < len && s[i] == ':';
}

/* The cells of a grid's row line: runs of characters other than blanks
 * and the signs between cells. */
static size_t row_cells(const char *s, size_t len) {
  size_t cells = 0;
  int in = 0;
  for (size_t i = skip_lead(s, len); i < len; i++) {
    int sep = blank((unsigned char)s[i]) || s[i] == '<' || s[i] == '>';
    if (!sep && !in) cells++;
    in = !sep;
  }
  return cells;
}

/* Game ids are a puzzle a line. A grid is 2n-1 lines (n the cells of its
 * first row), blank ones included (a line of signs between two rows may
 * have none), comments not: the next puzzle starts after them. The
 * puzzle's first line and this one lie in the same text, so the lines
 * between them are the ones the grid has so far. */
static int starts(const char *line, size_t len, const char *first,
                  size_t first_len, int blocks, int after_blank) {
  (void)len, (void)blocks, (void)after_blank;
  if (sgt_id(first, first_len)) return 1;
  size_t need = 2 * row_cells(first, first_len) - 1, have = 0;
  for (const char *s = first; s < line;) {
    const char *nl = (const char *)memchr(s, '\n', (size_t)(line - s));
    size_t l = nl ? (size_t)(nl - s) : (size_t)(line - s), i = skip_lead(s, l);
    if (i == l || s[i] != '#') have++;
    s = nl ? nl + 1 : line;
  }
  return have >= need;
}

static int generate(const pz_kind_args *a, const pz_options *o,
                    const pz_generate_options *g, void **def, int **solution,
                    pz_generate_info *info, pz_result *stop) {
  int n = 5;
  pz_kind_arg_int(a, "size", &n);
  size_t cells = (size_t)n * (size_t)n;
  int *mem = (int *)malloc(cells * 3 * sizeof(int));
  int *sol = (int *)malloc(cells * sizeof(int));
  int st = mem && sol ? PZ_OK : PZ_ERR_NOMEM;
  if (!st)
    st = pz_futoshiki_generate(n, o, g, mem, mem + cells, mem + 2 * cells, sol,
                               info, stop);
  pz_futoshiki_def *d = NULL;
  /* Stopped before a unique puzzle was made: nothing to keep. */
  if (!st && (*stop == PZ_SAT || (*stop == PZ_UNKNOWN && info->givens)))
    st = pz_futoshiki_def_make(&d, n, mem, mem + cells, mem + 2 * cells);
  free(mem);
  return pz_kind_generated(st, d, sol, def, solution);
}

static int scene(const void *def, const int *solution, pz_scene **out) {
  const pz_futoshiki_def *d = (const pz_futoshiki_def *)def;
  return pz_render_futoshiki(out, pz_futoshiki_def_order(d),
                             pz_futoshiki_def_right(d), pz_futoshiki_def_down(d),
                             pz_futoshiki_def_givens(d), solution);
}

const pz_kind pz_kind_futoshiki = {
    .name = "futoshiki",
    .title = "Futoshiki",
    .rules = "Every row and column holds 1..N once; every sign between two "
             "neighbours holds.",
    .input_help =
        "A grid of 2N-1 lines: rows of cells ('.' or '0' blank, else the "
        "value) with '<' or '>' between two cells, and between two rows a "
        "line with '^' (upper cell less) or 'v' (upper cell greater) under "
        "a cell; or an sgt-unequal game id such as '4:1,0,0R,...', one per "
        "line for several puzzles. Grids follow one another.",
    PZ_KIND_SOLVER(starts, generate, NULL),
    PZ_KIND_PARAM_ALIASES(param_aliases),
};
