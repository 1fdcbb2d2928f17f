/* Knightdoku in the kind table: the header-and-grid text in and out, the
 * box and the knights per unit as parameters (the text's header wins
 * where the parameter is not given, and they must agree where both
 * speak), generation of clue knights through pz_puzzle_generate. */
#include <stdlib.h>
#include <string.h>

#include "kinds/generate_givens.h"
#include "kinds/kind_impl.h"
#include "pz/knightdoku.h"

static const pz_param params[] = {
    {"box", PZ_PARAM_SHAPE, NULL, 1, PZ_KNIGHTDOKU_MAX_SIZE, NULL, "RxC",
     "box shape (default: the file's, else square, or the most square RxC "
     "with R <= C; 3x3 when generating)"},
    {"knights", PZ_PARAM_INT, NULL, 0, PZ_KNIGHTDOKU_MAX_SIZE, NULL, "K",
     "knights in every row, column and box (default: the file's, else 3)"},
};

/* knightdoku: the header and the clue grid (the reader's); grid and line
 * write answers (a clue digit for a given knight, N for another knight,
 * '.' for an empty cell); line writes a puzzle too when its shape is the
 * default one, as a line of n*n clue cells. */
enum { F_TEXT, F_GRID, F_LINE };
static const char *const aliases[] = {NULL}; /* none */
static const char *const formats[] = {"knightdoku", "grid", "line", NULL};

typedef struct kd_def {
  int n, box_rows, box_cols, knights;
  int *givens; /* n*n, clue + 1 or 0 */
} kd_def;

static void def_free(void *def) {
  kd_def *d = (kd_def *)def;
  if (d) free(d->givens);
  free(d);
}

static int fail(pz_parse_info *info, int st, const char *msg) {
  if (info) {
    memset(info, 0, sizeof *info);
    snprintf(info->message, sizeof info->message, "%s", msg);
  }
  return st;
}

/* The shape the text and the parameters give: the parameter where the
 * text is silent, else they must agree. */
static int resolve(const pz_kind_args *a, const pz_knightdoku_def *t,
                   kd_def *d, pz_parse_info *info) {
  char msg[sizeof ((pz_parse_info *)0)->message];
  int r = 0, c = 0, k = -1, tr, tc, tk = pz_knightdoku_def_knights(t);
  pz_kind_arg_shape(a, "box", &r, &c);
  pz_kind_arg_int(a, "knights", &k);
  if (pz_knightdoku_def_box(t, &tr, &tc)) {
    if (r && (r != tr || c != tc)) {
      snprintf(msg, sizeof msg, "--box %dx%d, but the file says box %dx%d", r,
               c, tr, tc);
      return fail(info, PZ_ERR_PARSE, msg);
    }
    r = tr, c = tc;
  }
  if (tk >= 0) {
    if (k >= 0 && k != tk) {
      snprintf(msg, sizeof msg, "--knights %d, but the file says knights %d",
               k, tk);
      return fail(info, PZ_ERR_PARSE, msg);
    }
    k = tk;
  }
  int n = pz_knightdoku_def_size(t);
  pz_puzzle *p = NULL;
  int st = pz_knightdoku_from_def(&p, t, r, c, k);
  if (!st) st = pz_knightdoku_shape(p, &d->box_rows, &d->box_cols, &d->knights);
  pz_puzzle_free(p);
  if (st == PZ_ERR_RANGE || st == PZ_ERR_CONFLICT) {
    if (r && r * c != n)
      snprintf(msg, sizeof msg, "boxes of %dx%d do not tile a board of side %d",
               r, c, n);
    else
      snprintf(msg, sizeof msg,
               "%d knights per unit do not fit a board of side %d", k, n);
    return fail(info, PZ_ERR_PARSE, msg);
  }
  d->n = n;
  return st;
}

static int parse(const pz_kind_args *a, const char *text, size_t len,
                 void **def, pz_parse_info *info) {
  pz_knightdoku_def *t = NULL;
  int st = pz_knightdoku_parse(text, len, &t, info);
  if (st) return st;
  kd_def *d = (kd_def *)calloc(1, sizeof *d);
  st = d ? resolve(a, t, d, info) : PZ_ERR_NOMEM;
  size_t cells = d ? (size_t)d->n * (size_t)d->n : 0;
  if (!st) {
    d->givens = (int *)malloc(cells * sizeof(int));
    if (d->givens)
      memcpy(d->givens, pz_knightdoku_def_givens(t), cells * sizeof(int));
    else
      st = PZ_ERR_NOMEM;
  }
  pz_knightdoku_def_free(t);
  return pz_kind_parsed(st, d, def_free, def);
}

static int puzzle(const void *def, pz_puzzle **out) {
  const kd_def *d = (const kd_def *)def;
  int st = pz_knightdoku_new(out, d->box_rows, d->box_cols, d->knights);
  return pz_kind_puzzle_made(st, d->givens, out);
}

static char cell_char(const kd_def *d, const int *cells, int i) {
  if (d->givens[i]) return (char)('0' + d->givens[i] - 1);
  return cells && cells[i] ? 'N' : '.';
}

/* The box the reader takes when the header names none. */
static int default_shape(const kd_def *d) {
  int r = 1;
  for (int x = 1; x * x <= d->n; x++)
    if (d->n % x == 0) r = x;
  return d->box_rows == r && d->box_cols == d->n / r && d->knights == 3;
}

static int write(const void *def, const int *cells, int f, FILE *out) {
  const kd_def *d = (const kd_def *)def;
  int n = d->n;
  if (f < 0) f = cells ? F_GRID : F_TEXT;
  if (f == F_TEXT) {
    fprintf(out, "size %d box %dx%d knights %d\n", n, d->box_rows,
            d->box_cols, d->knights);
    for (int i = 0; i < n * n; i++) {
      putc(cell_char(d, cells, i), out);
      if (i % n == n - 1) putc('\n', out);
    }
    return PZ_OK;
  }
  if (f == F_LINE) {
    /* A line cannot say the shape: only the default one reads back. */
    if (!cells && (!default_shape(d) || n < 2)) return PZ_ERR_UNSUPPORTED;
    for (int i = 0; i < n * n; i++) putc(cell_char(d, cells, i), out);
    putc('\n', out);
    return PZ_OK;
  }
  if (!cells) return PZ_ERR_UNSUPPORTED; /* the separators do not read back */
  for (int r = 0; r < n; r++) {
    if (r && r % d->box_rows == 0 && d->box_rows < n) {
      for (int c = 0; c < n; c++) {
        if (c && c % d->box_cols == 0) fputs("-+", out);
        fputs(c ? "--" : "-", out);
      }
      putc('\n', out);
    }
    for (int c = 0; c < n; c++) {
      if (c && c % d->box_cols == 0) fputs(" |", out);
      if (c) putc(' ', out);
      putc(cell_char(d, cells, r * n + c), out);
    }
    putc('\n', out);
  }
  return PZ_OK;
}

/* A puzzle starts at a header line after a blank line. */
static int starts(const char *line, size_t len, const char *first,
                  size_t first_len, int blocks, int after_blank) {
  (void)blocks;
  static const char *const words[] = {"size", "box", "knights"};
  /* A one-line puzzle (one token, no header word) is whole: the next line
   * starts another. */
  size_t f = 0;
  while (f < first_len && (first[f] == ' ' || first[f] == '\t')) f++;
  if (f < first_len && !memchr(first + f, ' ', first_len - f) &&
      !memchr(first + f, '\t', first_len - f)) {
    int header = 0;
    for (int w = 0; w < 3; w++)
      header |= !strncmp(first + f, words[w], strlen(words[w]));
    if (!header) return 1;
  }
  if (!after_blank) return 0;
  size_t i = 0;
  while (i < len && (line[i] == ' ' || line[i] == '\t')) i++;
  for (int w = 0; w < 3; w++) {
    size_t k = strlen(words[w]);
    if (len - i > k && !strncmp(line + i, words[w], k) &&
        (line[i + k] == ' ' || line[i + k] == '\t'))
      return 1;
  }
  return 0;
}

static int generate(const pz_kind_args *a, const pz_options *o,
                    const pz_generate_options *g, void **def, int **solution,
                    pz_generate_info *info, pz_result *stop) {
  kd_def *d = (kd_def *)calloc(1, sizeof *d);
  if (!d) return PZ_ERR_NOMEM;
  d->box_rows = d->box_cols = 3, d->knights = 3;
  pz_kind_arg_shape(a, "box", &d->box_rows, &d->box_cols);
  pz_kind_arg_int(a, "knights", &d->knights);
  d->n = d->box_rows * d->box_cols;
  pz_puzzle *p = NULL;
  int st = pz_knightdoku_new(&p, d->box_rows, d->box_cols, d->knights);
  return pz_kind_generate_def(st, p, d, &d->givens, def_free, def, o, g,
                              solution, info, stop);
}

static int scene(const void *def, const int *solution, pz_scene **out) {
  const kd_def *d = (const kd_def *)def;
  return pz_render_knightdoku(out, d->box_rows, d->box_cols, d->givens,
                              solution);
}

static const char *const value_names[] = {NULL, "N"};

const pz_kind pz_kind_knightdoku = {
    .name = "knightdoku",
    .title = "Knightdoku",
    .rules = "Place knights so that every row, column and box holds K of "
             "them (3 on the 9x9 board); a given knight's number is how many "
             "knights are a knight's move away from it.",
    .input_help =
        "An optional header line ('size 9 box 3x3 knights 3'), then n rows "
        "of n cells: '.' empty, 0-8 a given knight with that many knights a "
        "knight's move away (or the n*n cells on one line); '#' lines are "
        "comments; a blank line and a header start the next puzzle.",
    PZ_KIND_SOLVER(starts, generate, NULL),
    .piece = "knight",
    PZ_KIND_VALUE_NAMES(value_names),
};
