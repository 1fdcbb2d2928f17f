/* Sudoku and jigsaw Sudoku in the kind table. Both read the grid text
 * layer (one-line puzzles, grids, puzz.link URLs, janko.at jigsaws);
 * Sudoku also reads modern variants as ISS constraint strings
 * (pz/variants.h, kinds/sudoku/iss.h), recognised by themselves;
 * the box shape and the variant rules are parameters, a jigsaw's regions
 * come with its puzzle (the janko.at layout) or from --regions, a file of
 * region labels that replaces the boxes of every puzzle.
 * Jigsaw is a kind of its own so that generating one makes its layout
 * too (pz_jigsaw_regions) and writing one keeps it. */
#include <stdlib.h>
#include <string.h>

#include "kinds/generate_givens.h"
#include "kinds/kind_impl.h"
#include "kinds/sudoku/iss.h"
#include "kinds/text_split.h"
#include "puzzle/sudoku_units.h"
#include "pz/text.h"

static const pz_param params[] = {
    {"box", PZ_PARAM_SHAPE, NULL, 1, PZ_SUDOKU_MAX_SIZE, NULL, "RxC",
     "box shape (default: square, or the most square RxC with R <= C for "
     "the input's size; 3x3 when generating)"},
    {"variant", PZ_PARAM_WORDS, NULL, 0, 0, pz_sudoku_units_words, "V,...",
     "variant rules: anti-king, anti-knight, diagonal (or x), windoku, "
     "non-consecutive"},
    {"regions", PZ_PARAM_FILE, NULL, 0, 0, NULL, "FILE",
     "jigsaw: a grid of N region labels (any numbers or names), N cells "
     "each, replaces the boxes"},
    {"jigsaw", PZ_PARAM_FLAG, NULL, 0, 0, NULL, NULL,
     "with --generate: each puzzle on a new random jigsaw layout (N "
     "regions of N connected cells; N from --box, default 9), written in "
     "janko.at's layout, a blank line between two"},
    {"iss", PZ_PARAM_FLAG, NULL, 0, 0, NULL, NULL,
     "read the input as ISS constraint strings (.Thermo~R1C1~R1C2, ...; "
     "also recognised without it)"},
};

/* grid, line and url hold a Sudoku with boxes; janko holds a jigsaw (its
 * givens and regions); iss the ISS constraint string, of any Sudoku whose
 * boxes are ISS's (an answer: its digits as givens). With an answer each
 * writes the answer. */
enum { F_GRID, F_LINE, F_URL, F_JANKO, F_ISS };
static const char *const formats[] = {"grid", "line", "url", "janko", "iss",
                                      NULL};
static const char *const jigsaw_formats[] = {"grid", "line", "url", "janko",
                                             NULL};
static const char *const sudoku_aliases[] = {NULL};
static const char *const jigsaw_aliases[] = {"jigsaw-sudoku", NULL};

typedef struct sudoku_def {
  int n, box_rows, box_cols;
  unsigned variants;
  pz_text_format in; /* the layout read: answers in line take its kind */
  int *givens;
  int *regions; /* jigsaw: n*n regions 1..n, else NULL */
  int regions_given; /* from --regions: not part of the puzzle's text */
  pz_iss_def *iss;   /* read as ISS constraints: the rules, else NULL */
  int iss_one_line;  /* ... concatenated on one line */
} sudoku_def;

static void def_free(void *def) {
  sudoku_def *d = (sudoku_def *)def;
  if (d) {
    free(d->givens);
    free(d->regions);
    pz_iss_free(d->iss);
  }
  free(d);
}

static int say(pz_parse_info *info, size_t line, int st, const char *msg) {
  if (info) {
    memset(info, 0, sizeof *info);
    info->line = line;
    info->column = 1; /* the puzzle's start */
    snprintf(info->message, sizeof info->message, "%s", msg);
  }
  return st;
}

static int *copy_of(const int *v, int n) {
  int *c = (int *)malloc((size_t)n * (size_t)n * sizeof(int));
  if (c) memcpy(c, v, (size_t)n * (size_t)n * sizeof(int));
  return c;
}

/* --regions: its grid of labels into *reg (n*n regions 1..n, the
 * caller's) and *n; *reg NULL when not given. */
static int regions_param(const pz_kind_args *a, int **reg, int *n,
                         pz_parse_info *info) {
  const char *text = pz_kind_arg_text(a, "regions");
  *reg = NULL;
  *n = 0;
  return text ? pz_text_parse_regions(text, strlen(text), 0, reg, n, info)
              : PZ_OK;
}

static int param_check(const char *name, const char *value,
                       pz_parse_info *why) {
  int *reg = NULL, n = 0;
  int st = strcmp(name, "regions")
               ? PZ_OK
               : pz_text_parse_regions(value, strlen(value), 0, &reg, &n, why);
  free(reg);
  return st;
}

/* What an ISS constraint string cannot take with it (its grid and rules
 * are its own; --box and --variant may only repeat them). NULL: nothing. */
static const char *iss_excludes(const pz_kind_args *a) {
  return pz_kind_args_given(a, "regions") ? "--iss: ISS text states its "
                                            "own regions (.Jigsaw); --regions "
                                            "does not go with it"
                                          : NULL;
}

/* --box and --variant beside ISS text: they must say what it says (so a
 * puzzle written with --format iss reads back under the same options). */
static int iss_agrees(const pz_kind_args *a, const pz_iss_def *iss,
                      pz_parse_info *info) {
  int br = 0, bc = 0;
  if (pz_kind_args_given(a, "box") && pz_kind_arg_shape(a, "box", &br, &bc) &&
      (br != iss->box_rows || bc != iss->box_cols))
    return pz_kind_parse_error(info, "--box %dx%d: the constraints' grid "
                               "has boxes of %dx%d", br, bc, iss->box_rows,
                               iss->box_cols);
  unsigned variants = 0, have = 0;
  int st = pz_sudoku_units_from_words(pz_kind_arg_text(a, "variant"),
                                      &variants, info);
  if (st) return st == PZ_ERR_ARG ? PZ_ERR_PARSE : st;
  int diagonals = 0;
  for (size_t i = 0; i < iss->nrules; i++) {
    pz_iss_type t = iss->rules[i].type;
    have |= t == PZ_ISS_ANTIKING ? PZ_SUDOKU_ANTI_KING
            : t == PZ_ISS_ANTIKNIGHT ? PZ_SUDOKU_ANTI_KNIGHT
            : t == PZ_ISS_ANTICONSECUTIVE ? PZ_SUDOKU_NONCONSECUTIVE : 0;
    if (t == PZ_ISS_DIAGONAL) diagonals |= iss->rules[i].args[0] > 0 ? 1 : 2;
  }
  if (diagonals == 3) have |= PZ_SUDOKU_DIAGONAL;
  if (variants & ~have)
    return pz_kind_parse_error(info, "--variant: state the rule in the "
                               "constraints (.AntiKing, .AntiKnight, "
                               ".Diagonal~1.Diagonal~-1, .AntiConsecutive)");
  return PZ_OK;
}

/* The parameters that do not go together; jigsaw: the jigsaw kind, whose
 * puzzles bring or make their regions. */
static int check_as(int jigsaw, const pz_kind_args *a, int generate,
                    pz_parse_info *why) {
  unsigned variants = 0;
  int st = pz_sudoku_units_from_words(pz_kind_arg_text(a, "variant"),
                                      &variants, why);
  if (st) return st;
  int regions = pz_kind_arg_text(a, "regions") != NULL;
  int made = pz_kind_args_given(a, "jigsaw");
  int windoku = (variants & PZ_SUDOKU_WINDOKU) != 0;
  const char *msg = NULL;
  char buf[sizeof why->message];
  if (made && !generate && !jigsaw)
    msg = "--jigsaw makes random layouts for --generate; a puzzle to solve "
          "brings its regions (janko.at layout or --regions)";
  else if (made && regions)
    msg = "--jigsaw makes its own layouts; it cannot be used with --regions";
  else if ((made || (jigsaw && generate)) && windoku)
    msg = "--jigsaw has no boxes for --variant windoku to go between";
  else if (regions && windoku)
    msg = "--variant windoku adds boxes between the boxes; a jigsaw "
          "(--regions) has no boxes to put them between";
  int iss = pz_kind_args_given(a, "iss");
  if (iss && generate)
    msg = "--iss reads the input; --generate makes puzzles (--format iss "
          "writes them as ISS constraint strings)";
  else if (iss && !msg)
    msg = iss_excludes(a);
  int br = 0, bc = 0, *reg = NULL, n = 0;
  if (pz_kind_arg_shape(a, "box", &br, &bc) &&
      (long)br * bc > PZ_SUDOKU_MAX_SIZE && !msg) {
    snprintf(buf, sizeof buf, "--box '%dx%d': boxes of %ld cells; the "
             "largest grid is %dx%d", br, bc, (long)br * bc,
             PZ_SUDOKU_MAX_SIZE, PZ_SUDOKU_MAX_SIZE);
    msg = buf;
  }
  if (!msg && regions && pz_kind_args_given(a, "box")) {
    pz_kind_arg_shape(a, "box", &br, &bc);
    st = regions_param(a, &reg, &n, NULL);
    free(reg);
    if (st) return st;
    if (br * bc != n) {
      snprintf(buf, sizeof buf, "--box %dx%d makes a grid of side %d; the "
               "regions (--regions) are %dx%d", br, bc, br * bc, n, n);
      msg = buf;
    }
  }
  if (!msg) return PZ_OK;
  if (why) snprintf(why->message, sizeof why->message, "%s", msg);
  return PZ_ERR_ARG;
}

static int args_check(const pz_kind_args *a, const pz_generate_options *g,
                      pz_parse_info *why) {
  return check_as(0, a, g != NULL, why);
}

static int args_check_jigsaw(const pz_kind_args *a,
                             const pz_generate_options *g, pz_parse_info *why) {
  return check_as(1, a, g != NULL, why);
}

/* The most square RxC box with R <= C for side n. */
static void default_box(int n, int *br, int *bc) {
  *br = 1;
  for (int x = 1; x * x <= n; x++)
    if (n % x == 0) *br = x;
  *bc = n / *br;
}

/* The rules of d, no givens. */
static int rules(const sudoku_def *d, pz_puzzle **out, pz_parse_info *info) {
  int st = pz_sudoku_new(out, d->box_rows, d->box_cols);
  if (!st && d->variants) st = pz_sudoku_set_variants(*out, d->variants);
  if (!st && d->regions) st = pz_sudoku_set_regions(*out, d->regions, info);
  if (st) {
    pz_puzzle_free(*out);
    *out = NULL;
  }
  return st;
}

/* An ISS constraint string: the rules, and the givens (cells of one
 * digit) for the formats and pictures of givens. */
static int parse_iss(const pz_kind_args *a, const char *text, size_t len,
                     void **def, pz_parse_info *info) {
  const char *no = iss_excludes(a);
  if (no) return pz_kind_parse_error(info, "%s", no);
  sudoku_def *d = (sudoku_def *)calloc(1, sizeof *d);
  if (!d) return PZ_ERR_NOMEM;
  int st = pz_iss_parse(text, len, &d->iss, info);
  if (!st) st = iss_agrees(a, d->iss, info);
  if (!st) {
    int n = d->n = d->iss->size;
    d->box_rows = d->iss->box_rows, d->box_cols = d->iss->box_cols;
    d->in = PZ_TEXT_CHARS;
    d->iss_one_line = pz_sudoku_iss_one_line(text, len);
    d->givens = (int *)calloc((size_t)n * (size_t)n, sizeof(int));
    if (!d->givens) st = PZ_ERR_NOMEM;
    for (int x = 0; x < n * n && !st; x++)
      for (int v = 1; v <= n; v++)
        if (d->iss->allowed[x] == 1u << v) d->givens[x] = v;
  }
  return pz_kind_parsed(st, d, def_free, def);
}

static int parse_as(int jigsaw, const pz_kind_args *a, const char *text,
                    size_t len, void **def, pz_parse_info *info) {
  if (!jigsaw &&
      (pz_kind_args_given(a, "iss") || pz_sudoku_iss_text(text, len)))
    return parse_iss(a, text, len, def, info);
  int br = 0, bc = 0;
  pz_kind_arg_shape(a, "box", &br, &bc);
  unsigned variants = 0;
  int st = pz_sudoku_units_from_words(pz_kind_arg_text(a, "variant"),
                                      &variants, info);
  if (st) return st == PZ_ERR_ARG ? PZ_ERR_PARSE : st;
  int *given_reg = NULL, given_n = 0;
  st = regions_param(a, &given_reg, &given_n, NULL);
  if (st) return st;
  pz_text *t = NULL;
  st = pz_text_parse(&t, text, len, given_n ? given_n : br * bc,
                     PZ_TEXT_AUTO, info);
  if (st) {
    free(given_reg);
    return st;
  }
  if (pz_text_count(t) != 1) {
    st = say(info, pz_text_count(t) ? pz_text_line(t, 1) : 1, PZ_ERR_PARSE,
             pz_text_count(t) ? "a second puzzle: one at a time here"
                              : "no puzzle");
    pz_text_free(t);
    free(given_reg);
    return st;
  }
  int n = pz_text_size(t, 0);
  size_t line = pz_text_line(t, 0);
  const int *regions = pz_text_regions(t, 0);
  char msg[sizeof ((pz_parse_info *)0)->message];
  if (!br) default_box(n, &br, &bc);
  sudoku_def *d = (sudoku_def *)calloc(1, sizeof *d);
  if (!d) st = PZ_ERR_NOMEM;
  if (!st && regions && given_reg)
    st = say(info, line, PZ_ERR_PARSE,
             "--regions cannot be used with a janko.at jigsaw puzzle: its "
             "regions are in the file");
  if (!st && !regions && given_reg) {
    regions = given_reg;
    d->regions_given = 1;
  }
  if (!st && jigsaw && !regions)
    st = say(info, line, PZ_ERR_PARSE,
             "a jigsaw brings its regions: the janko.at layout ('n n', the "
             "givens, then the regions), or --regions");
  if (!st && br * bc != n) {
    snprintf(msg, sizeof msg, "boxes of %dx%d do not tile a grid of side %d",
             br, bc, n);
    st = say(info, line, PZ_ERR_PARSE, msg);
  }
  if (!st && !pz_sudoku_units_fit(br, bc, regions != NULL, variants))
    st = say(info, line, PZ_ERR_PARSE,
             regions ? "--variant windoku adds boxes between the boxes; a "
                       "janko.at jigsaw puzzle has regions instead"
                     : "windoku needs room for extra boxes between the boxes");
  if (!st) {
    d->n = n, d->box_rows = br, d->box_cols = bc, d->variants = variants;
    d->in = pz_text_format_of(t, 0);
    d->givens = copy_of(pz_text_cells(t, 0), n);
    if (regions) d->regions = copy_of(regions, n);
    if (!d->givens || (regions && !d->regions)) st = PZ_ERR_NOMEM;
  }
  pz_text_free(t);
  free(given_reg);
  if (st) {
    def_free(d);
    return st;
  }
  *def = d;
  return PZ_OK;
}

static int parse(const pz_kind_args *a, const char *text, size_t len,
                 void **def, pz_parse_info *info) {
  return parse_as(0, a, text, len, def, info);
}

static int parse_jigsaw(const pz_kind_args *a, const char *text, size_t len,
                        void **def, pz_parse_info *info) {
  return parse_as(1, a, text, len, def, info);
}

static int puzzle(const void *def, pz_puzzle **out) {
  const sudoku_def *d = (const sudoku_def *)def;
  int st = d->iss ? pz_iss_puzzle(d->iss, out) : rules(d, out, NULL);
  if (!st) st = pz_puzzle_set_givens(*out, d->givens);
  if (st) {
    pz_puzzle_free(*out);
    *out = NULL;
  }
  return st;
}

/* The rules are the box shape, the variants and the regions: a puzzle of
 * made takes def's givens when those agree (ISS strings bring rules of
 * their own, so they never do). */
static int refill(const void *made, const void *def, pz_puzzle *p,
                  int *done) {
  const sudoku_def *m = (const sudoku_def *)made, *d = (const sudoku_def *)def;
  *done = 0;
  if (m->iss || d->iss || m->n != d->n || m->box_rows != d->box_rows ||
      m->box_cols != d->box_cols || m->variants != d->variants ||
      !m->regions != !d->regions)
    return PZ_OK;
  size_t cells = (size_t)d->n * (size_t)d->n;
  if (d->regions && memcmp(m->regions, d->regions, cells * sizeof(int)))
    return PZ_OK;
  int st = pz_puzzle_set_givens(p, d->givens);
  if (!st) *done = 1;
  return st;
}

/* The janko.at jigsaw layout: header, givens ('-' blank), regions. */
static int write_janko(const sudoku_def *d, const int *cells, FILE *out) {
  int n = d->n;
  fprintf(out, "%d %d\n", n, n);
  for (int g = 0; g < 2; g++)
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++) {
        int v = g ? d->regions[r * n + c] : cells[r * n + c];
        if (v) fprintf(out, "%d", v);
        else fputc('-', out);
        fputc(c == n - 1 ? '\n' : ' ', out);
      }
  return PZ_OK;
}

/* Does the ISS definition say more than its givens (rules, candidate
 * lists), so that a layout of givens would drop it? */
static int iss_beyond_givens(const sudoku_def *d) {
  if (!d->iss) return 0;
  unsigned all = ((1u << d->n) - 1) << 1;
  for (int x = 0; x < d->n * d->n; x++)
    if (!d->givens[x] && d->iss->allowed[x] != all) return 1;
  return d->iss->nrules > 0;
}

/* d as an ISS constraint string; with cells, their digits as givens. */
static int write_iss(const sudoku_def *d, const int *cells, FILE *out) {
  pz_iss_def *made = NULL;
  int n = d->n, st = PZ_OK;
  if (!d->iss) {
    if (d->regions) return PZ_ERR_UNSUPPORTED;
    st = pz_sudoku_iss_from(n, d->box_rows, d->box_cols, d->variants,
                            d->givens, &made);
    if (st) return st;
  }
  pz_iss_def shown = d->iss ? *d->iss : *made;
  unsigned *allowed = NULL;
  if (cells) {
    allowed = (unsigned *)malloc((size_t)n * (size_t)n * sizeof *allowed);
    if (!allowed) st = PZ_ERR_NOMEM;
    for (int x = 0; x < n * n && !st; x++) allowed[x] = 1u << cells[x];
    shown.allowed = allowed;
  }
  /* One line each for a batch of one-line puzzles, as they came. */
  int one_line = d->iss ? d->iss_one_line : d->in != PZ_TEXT_GRID;
  if (!st) st = one_line ? pz_iss_write_line(out, &shown)
                         : pz_iss_write(out, &shown);
  free(allowed);
  pz_iss_free(made);
  return st;
}

static int write(const void *def, const int *cells, int f, FILE *out) {
  const sudoku_def *d = (const sudoku_def *)def;
  int n = d->n;
  const int *g = cells ? cells : d->givens;
  if (f < 0 && d->iss) f = cells ? F_GRID : F_ISS;
  if (f == F_ISS) return write_iss(d, cells, out);
  /* The layouts of givens: an answer, or constraints that are givens; a
   * line holds the rules in ISS's one-line form. */
  if (!cells && iss_beyond_givens(d))
    return f == F_LINE ? pz_iss_write_line(out, d->iss) : PZ_ERR_UNSUPPORTED;
  if (f == F_GRID && !d->box_rows) /* ISS's sizes without boxes */
    return pz_write_grid(out, g, n, n, n, n);
  /* Regions from --regions are not the puzzle's: it is written as a
   * Sudoku's, read back with the same --regions. */
  int own = d->regions && !d->regions_given;
  if (f < 0) {
    if (own) f = cells ? F_GRID : F_JANKO;
    else if (cells) f = F_GRID;
    else f = d->in == PZ_TEXT_GRID ? F_GRID : d->in == PZ_TEXT_URL ? F_URL : F_LINE;
  }
  if (f == F_JANKO)
    return d->regions ? write_janko(d, g, out) : PZ_ERR_UNSUPPORTED;
  /* The other layouts do not hold regions: a jigsaw's answer only. */
  if (own && !cells) return PZ_ERR_UNSUPPORTED;
  if (f == F_URL) return pz_write_sudoku_url(out, g, n);
  if (f == F_GRID)
    return d->regions ? pz_write_grid_regions(out, g, n, n, d->regions)
                      : pz_write_grid(out, g, n, n, d->box_rows, d->box_cols);
  /* The line layout of the input where it fits, else the one of its size. */
  pz_text_format lf = d->in == PZ_TEXT_CHARS && n <= 35 ? PZ_TEXT_CHARS
                                                        : PZ_TEXT_INTS;
  if (d->in != PZ_TEXT_CHARS && d->in != PZ_TEXT_INTS)
    lf = n <= 9 ? PZ_TEXT_CHARS : PZ_TEXT_INTS;
  return pz_write_line(out, g, n, n, lf);
}

static int generate_as(int jigsaw, const pz_kind_args *a, const pz_options *o,
                       const pz_generate_options *g, void **def,
                       int **solution, pz_generate_info *info,
                       pz_result *stop) {
  memset(info, 0, sizeof *info);
  sudoku_def *d = (sudoku_def *)calloc(1, sizeof *d);
  if (!d) return PZ_ERR_NOMEM;
  d->box_rows = d->box_cols = 3;
  pz_kind_arg_shape(a, "box", &d->box_rows, &d->box_cols);
  d->n = d->box_rows * d->box_cols;
  d->in = PZ_TEXT_CHARS;
  int st = check_as(jigsaw, a, 1, NULL);
  /* On the regions of --regions, or on a new layout (--jigsaw). */
  if (!st) st = regions_param(a, &d->regions, &d->n, NULL);
  if (!st && d->regions) {
    d->regions_given = 1;
    if (!pz_kind_args_given(a, "box"))
      default_box(d->n, &d->box_rows, &d->box_cols);
  } else if (!d->n) {
    d->n = d->box_rows * d->box_cols;
  }
  jigsaw = (jigsaw || pz_kind_args_given(a, "jigsaw")) && !d->regions;
  if (!st)
    st = pz_sudoku_units_from_words(pz_kind_arg_text(a, "variant"),
                                    &d->variants, NULL);
  if (!st && !pz_sudoku_units_fit(d->box_rows, d->box_cols,
                                  jigsaw || d->regions, d->variants))
    st = PZ_ERR_ARG;
  pz_puzzle *p = NULL;
  if (!st) st = rules(d, &p, NULL);
  if (!st && o) st = pz_puzzle_set_options(p, o);
  if (!st && jigsaw) {
    /* A random layout with a solution first, from the same seed. */
    d->regions = (int *)malloc((size_t)d->n * (size_t)d->n * sizeof(int));
    st = d->regions ? pz_jigsaw_regions(p, g->seed, d->regions, NULL, stop)
                    : PZ_ERR_NOMEM;
    if (!st && *stop != PZ_SAT) {
      pz_puzzle_free(p);
      def_free(d);
      return PZ_OK; /* stopped, or no layout with a solution: none made */
    }
  }
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

static int generate(const pz_kind_args *a, const pz_options *o,
                    const pz_generate_options *g, void **def, int **solution,
                    pz_generate_info *info, pz_result *stop) {
  return generate_as(0, a, o, g, def, solution, info, stop);
}

static int generate_jigsaw(const pz_kind_args *a, const pz_options *o,
                           const pz_generate_options *g, void **def,
                           int **solution, pz_generate_info *info,
                           pz_result *stop) {
  return generate_as(1, a, o, g, def, solution, info, stop);
}

/* --generate on a puzzle read (a setter's constraints, a jigsaw's
 * regions, boxes and variants): the fewest givens over its rules that
 * make the solution unique; the rules' own digits (ISS givens and
 * candidate lists) stay rules. The puzzle out is the layout with the
 * givens made (in an ISS definition, as its givens). */
static int generate_on(const void *def, const pz_options *o,
                       const pz_generate_options *g, void **out,
                       int **solution, pz_generate_info *info,
                       pz_result *stop) {
  const sudoku_def *layout = (const sudoku_def *)def;
  int n = layout->n;
  size_t cells = (size_t)n * (size_t)n;
  sudoku_def *d = (sudoku_def *)calloc(1, sizeof *d);
  if (!d) return PZ_ERR_NOMEM;
  *d = *layout;
  d->givens = NULL, d->regions = NULL, d->iss = NULL;
  int st = PZ_OK;
  if (layout->regions) {
    d->regions = copy_of(layout->regions, n);
    if (!d->regions) st = PZ_ERR_NOMEM;
  }
  if (!st && layout->iss) st = pz_iss_copy(layout->iss, &d->iss);
  pz_puzzle *p = NULL;
  if (!st) st = layout->iss ? pz_iss_puzzle(layout->iss, &p) : rules(d, &p, NULL);
  if (!st)
    st = pz_kind_generate_givens(p, o, g, &d->givens, solution, info, stop);
  pz_puzzle_free(p);
  if (!st && d->givens && d->iss)
    for (size_t x = 0; x < cells; x++) {
      if (d->givens[x]) d->iss->allowed[x] = 1u << d->givens[x];
      else if (layout->givens[x]) d->givens[x] = layout->givens[x];
    }
  if (st || !d->givens) {
    def_free(d);
    return st;
  }
  *out = d;
  return PZ_OK;
}

static int scene(const void *def, const int *solution, pz_scene **out) {
  const sudoku_def *d = (const sudoku_def *)def;
  /* ISS constraints: every rule drawn (pz_render_iss refuses what one
   * picture cannot hold right). */
  if (d->iss) return pz_render_iss(out, d->iss, d->givens, solution);
  return pz_render_sudoku(out, d->box_rows, d->box_cols, d->regions,
                          d->variants, d->givens, solution);
}

#define SUDOKU_RULES                                                         \
  "Every row, column and box holds 1..N once; variants add the diagonals, " \
  "windows between the boxes, or forbid equal digits a king's or knight's " \
  "move apart, or consecutive digits side by side."

const pz_kind pz_kind_sudoku = {
    .name = "sudoku",
    .title = "Sudoku",
    .rules = SUDOKU_RULES,
    .input_help =
        "One puzzle a line (N*N cells: '1'-'9', 'A'-'Z', '.' or '0' blank; "
        "or blank-separated numbers), grids of N lines (box borders '|', "
        "'-', '+' skipped; a blank line between two), puzz.link URLs, or "
        "janko.at jigsaws (their regions replace the boxes); '#' lines are "
        "comments. Modern variants as constraint strings of the Interactive "
        "Sudoku Solver (ISS): '.Type~arg~...~R1C1~R1C2' one a line, or "
        "concatenated on one line (one puzzle a line: a batch), or an ISS "
        "URL; '.~R4C2_5' a given, '.Shape~6x6' the grid.",
    .aliases = sudoku_aliases,
    .params = params,
    .nparams = sizeof params / sizeof params[0],
    .formats = formats,
    .modes = PZ_KIND_SOLVER_MODES,
    .ops = {parse, def_free, puzzle, write, NULL, generate, scene,
            pz_sudoku_iss_split},
    .param_check = param_check,
    .args_check = args_check,
    .literal = pz_sudoku_iss_literal,
    .generate_on = generate_on,
    .refill = refill,
};

const pz_kind pz_kind_jigsaw = {
    .name = "jigsaw",
    .title = "Jigsaw Sudoku",
    .rules = "Every row, column and region (N cells of any shape, drawn "
             "instead of the boxes) holds 1..N once; the same variants as "
             "Sudoku but windoku.",
    .input_help =
        "The janko.at layout: a line 'N N', N rows of N givens ('-' or '.' "
        "blank), then N rows of N region numbers 1..N; '#' lines are "
        "comments; the next puzzle starts at its header.",
    .aliases = jigsaw_aliases,
    .params = params,
    .nparams = sizeof params / sizeof params[0] - 1, /* no --iss */
    .formats = jigsaw_formats,
    .modes = PZ_KIND_SOLVER_MODES,
    .ops = {parse_jigsaw, def_free, puzzle, write, NULL, generate_jigsaw,
            scene, pz_kind_split_text},
    .param_check = param_check,
    .args_check = args_check_jigsaw,
    .refill = refill,
};
