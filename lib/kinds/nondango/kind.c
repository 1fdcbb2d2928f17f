/* Nondango in the kind table: the region and circle grids, puzz.link
 * pzprv3 files and URLs in and out; whether a pzprv3 file's marks are
 * givens as its parameter; a pzprv3 file's marks checked as an answer.
 * It does not generate from parameters alone: it colours the circles of
 * an input's layout (pz_def_generate). */
#include <stdlib.h>
#include <string.h>

#include "kinds/generate_givens.h"
#include "kinds/kind_impl.h"
#include "kinds/nondango/nondango_text.h"
#include "pz/nondango.h"

static const pz_param params[] = {
    {"marks", PZ_PARAM_FLAG, NULL, 0, 0, NULL, NULL,
     "keep the colours marked in a pzprv3 file ('#' black, '%' white) as "
     "givens (the grid format's 'b' and 'w' always are)"},
};

/* grid: the puzzle's region and circle grids, or an answer's colours;
 * line: an answer; pzprv3: the puzzle or an answer; url: the puzzle. A
 * pzprv3 file's colours are a player's marks and a URL has none, so
 * neither holds a puzzle with given colours. */
enum { F_GRID, F_LINE, F_PZPRV3, F_URL };
static const char *const aliases[] = {NULL}; /* none */
static const char *const formats[] = {"grid", "line", "pzprv3", "url", NULL};

/* The definition and how its marks are read. */
typedef struct nondango {
  pz_nondango_def *d;
  unsigned flags; /* pz_nondango_from_def's */
  int *givens;    /* generated: the givens on d's layout (else NULL) */
} nondango;

static int parse(const pz_kind_args *a, const char *text, size_t len,
                 void **def, pz_parse_info *info) {
  int marks = 0;
  pz_kind_arg_int(a, "marks", &marks);
  nondango *n = (nondango *)malloc(sizeof *n);
  if (!n) return PZ_ERR_NOMEM;
  int st = pz_nondango_parse(text, len, PZ_NONDANGO_AUTO, &n->d, info);
  if (st) {
    free(n);
    return st;
  }
  n->flags = marks ? PZ_NONDANGO_USE_MARKS : 0u;
  n->givens = NULL;
  *def = n;
  return PZ_OK;
}

static void def_free(void *def) {
  nondango *n = (nondango *)def;
  if (!n) return;
  pz_nondango_def_free(n->d);
  free(n->givens);
  free(n);
}

static int puzzle(const void *def, pz_puzzle **out) {
  const nondango *n = (const nondango *)def;
  int st = pz_nondango_from_def(out, n->d, n->flags);
  return pz_kind_puzzle_made(st, n->givens, out);
}

/* The puzzle's givens into *out (malloc'd): its circles, with the colours
 * that are clues (as pz_nondango_from_def keeps them); *coloured: any. */
static int givens(const nondango *n, int **out, int *coloured) {
  const pz_nondango_def *d = n->d;
  size_t cells = (size_t)pz_nondango_def_rows(d) * (size_t)pz_nondango_def_cols(d);
  int keep = (n->flags & PZ_NONDANGO_USE_MARKS) ||
             pz_nondango_def_format(d) == PZ_NONDANGO_GRID;
  const int *c = pz_nondango_def_cells(d);
  int *g = (int *)malloc(cells * sizeof(int));
  if (!g) return PZ_ERR_NOMEM;
  *coloured = 0;
  for (size_t i = 0; i < cells; i++) {
    g[i] = n->givens ? n->givens[i]
           : keep || !c[i] ? c[i] : PZ_NONDANGO_CIRCLE;
    *coloured |= g[i] == PZ_NONDANGO_GIVEN_WHITE || g[i] == PZ_NONDANGO_GIVEN_BLACK;
  }
  *out = g;
  return PZ_OK;
}

/* One character per region in the grid format. */
static const char labels[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_";

/* The grid format: the region grid (a character a region, or numbers
 * separated by blanks when there are more regions than characters), a
 * blank line, the circle grid. */
static int write_puzzle_grid(const pz_nondango_def *d, const int *g, FILE *out) {
  int rows = pz_nondango_def_rows(d), cols = pz_nondango_def_cols(d), nreg;
  const int *reg = pz_nondango_def_regions(d, &nreg);
  int chars = nreg <= (int)sizeof labels - 1;
  if (!chars && cols < 2) return PZ_ERR_UNSUPPORTED; /* a token a line is read
                                                        as characters */
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      int x = reg[r * cols + c];
      if (chars) putc(labels[x], out);
      else fprintf(out, "%s%d", c ? " " : "", x);
      if (c == cols - 1) putc('\n', out);
    }
  putc('\n', out);
  for (int i = 0; i < rows * cols; i++) {
    putc(".owb"[g[i] & 3], out); /* PZ_NONDANGO_NO_CIRCLE .. GIVEN_BLACK */
    if (i % cols == cols - 1) putc('\n', out);
  }
  return ferror(out) ? PZ_ERR_IO : PZ_OK;
}

static int write(const void *def, const int *cells, int f, FILE *out) {
  const nondango *n = (const nondango *)def;
  const pz_nondango_def *d = n->d;
  int rows = pz_nondango_def_rows(d), cols = pz_nondango_def_cols(d);
  const int *reg = pz_nondango_def_regions(d, NULL);
  if (f < 0) f = F_GRID;
  if (cells) {
    if (f == F_GRID) return pz_nondango_write_grid(out, cells, rows, cols);
    if (f == F_LINE) return pz_nondango_write_line(out, cells, rows, cols);
    if (f == F_PZPRV3)
      return pz_nondango_write_pzprv3(out, reg, cells, rows, cols);
    return PZ_ERR_UNSUPPORTED; /* a URL holds no colours */
  }
  if (f == F_LINE) return PZ_ERR_UNSUPPORTED; /* colours alone lose regions */
  int *g, coloured, st = givens(n, &g, &coloured);
  if (st) return st;
  if (f == F_GRID) st = write_puzzle_grid(d, g, out);
  else if (coloured) st = PZ_ERR_UNSUPPORTED;
  else if (f == F_PZPRV3) /* plain circles are written 'o' (undecided) */
    st = pz_nondango_write_pzprv3(out, reg, g, rows, cols);
  else st = pz_nondango_write_url(out, reg, g, rows, cols);
  free(g);
  return st;
}

/* A URL (or its path alone), as pz-nondango tells one. */
static int url_like(const char *s, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (s[i] == '?' ||
        (s[i] == ':' && i + 2 < len && s[i + 1] == '/' && s[i + 2] == '/'))
      return 1;
  return len >= 9 && !strncmp(s, "nondango/", 9);
}

/* The next puzzle starts with a URL or a pzprv3 file after anything,
 * anything after a URL, and after a blank line anything after a pzprv3
 * file or both grids of a grid puzzle. */
static int starts(const char *line, size_t len, const char *first,
                  size_t first_len, int blocks, int after_blank) {
  return url_like(line, len) || (len >= 6 && !strncmp(line, "pzprv3", 6)) ||
         url_like(first, first_len) ||
         (after_blank &&
          (blocks >= 2 || (first_len >= 6 && !strncmp(first, "pzprv3", 6))));
}

static int scene(const void *def, const int *solution, pz_scene **out) {
  const nondango *n = (const nondango *)def;
  int *g, coloured, st = givens(n, &g, &coloured);
  if (st) return st;
  st = pz_render_nondango(out, pz_nondango_def_rows(n->d),
                          pz_nondango_def_cols(n->d),
                          pz_nondango_def_regions(n->d, NULL), g, solution);
  free(g);
  return st;
}

/* The answer a pzprv3 file's marks record ('#' black, every other
 * circle white), against the rules. */
static int check(const void *def, int *correct, pz_parse_info *why) {
  const nondango *n = (const nondango *)def;
  pz_puzzle *p;
  int st = pz_nondango_from_def(&p, n->d, 0);
  if (st) return st;
  size_t cells =
      (size_t)pz_nondango_def_rows(n->d) * (size_t)pz_nondango_def_cols(n->d);
  int *answer = (int *)malloc(cells * sizeof(int));
  pz_nondango_verdict v = PZ_NONDANGO_CORRECT;
  st = answer ? pz_nondango_def_answer(n->d, answer) : PZ_ERR_NOMEM;
  if (!st) st = pz_nondango_check(p, answer, &v, why);
  *correct = v == PZ_NONDANGO_CORRECT;
  free(answer);
  pz_puzzle_free(p);
  return st;
}

/* A URL or a pzprv3 file's one-line form ('/' between lines). */
static const char *literal(const char *arg) {
  if (!strncmp(arg, "pzprv3/", 7)) return "pzprv3 argument";
  if (url_like(arg, strlen(arg))) return "URL";
  return NULL;
}

/* A copy of d's layout, the new definition's own. */
static int copy_layout(const pz_nondango_def *d, pz_nondango_def **out) {
  size_t cells = (size_t)d->rows * (size_t)d->cols;
  pz_nondango_def *c = (pz_nondango_def *)malloc(sizeof *c);
  int *reg = (int *)malloc(cells * sizeof(int));
  int *cl = (int *)malloc(cells * sizeof(int));
  if (!c || !reg || !cl) {
    free(c), free(reg), free(cl);
    return PZ_ERR_NOMEM;
  }
  *c = *d;
  memcpy(reg, d->regions, cells * sizeof(int));
  memcpy(cl, d->cells, cells * sizeof(int));
  c->regions = reg, c->cells = cl;
  *out = c;
  return PZ_OK;
}

/* The givens coloured on the layout's circles (its colours dropped). */
static int generate_on(const void *def, const pz_options *o,
                       const pz_generate_options *g, void **out,
                       int **solution, pz_generate_info *info,
                       pz_result *stop) {
  const nondango *layout = (const nondango *)def;
  nondango *n = (nondango *)calloc(1, sizeof *n);
  if (!n) return PZ_ERR_NOMEM;
  pz_puzzle *p = NULL;
  int st = pz_nondango_from_def(&p, layout->d, 0);
  if (!st)
    st = pz_kind_generate_givens(p, o, g, &n->givens, solution, info, stop);
  pz_puzzle_free(p);
  if (!st && n->givens) st = copy_layout(layout->d, &n->d);
  if (st || !n->givens) {
    free(n->givens);
    free(n);
    return st;
  }
  *out = n;
  return PZ_OK;
}

static const char *const value_names[] = {"?", "white", "black"};

const pz_kind pz_kind_nondango = {
    .name = "nondango",
    .title = "Nondango",
    .rules = "Colour every circle black or white: each region holds exactly "
             "one black circle, and no three adjacent cells in a row, column "
             "or diagonal are all circles of the same colour.",
    .input_help =
        "A puzz.link URL (https://puzz.link/p?nondango/COLS/ROWS/BODY), a "
        "puzz.link pzprv3 file (or its one-line form with '/' between "
        "lines), or a region grid (one label per cell), a blank line and a "
        "circle grid ('o' circle, '.' none, 'w'/'b' a circle given "
        "white/black). Several: URLs one a line, pzprv3 files and grid "
        "puzzles with a blank line after each.",
    PZ_KIND_SOLVER(starts, NULL, NULL),
    PZ_KIND_VALUE_NAMES(value_names),
    .check = check,
    .literal = literal,
    .generate_on = generate_on,
};
