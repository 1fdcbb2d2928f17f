/* pz-sudoku: solve, count, enumerate or check Sudoku puzzles of any size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char prog[] = "pz-sudoku";

static void usage(FILE *out) {
  fprintf(out,
          "Usage: %s [options] [FILE|-]\n"
          "Reads Sudoku puzzles (one per line: n*n characters 1-9/A-Z with '.'\n"
          "or 0 for blanks, or n*n numbers; or a grid of n lines) and solves each.\n"
          "A jigsaw Sudoku in janko.at's layout (a line 'n n', n rows of givens\n"
          "with '-' blank, n rows of region labels) brings its own regions.\n"
          "  --box RxC         box shape (default: square, or the most square\n"
          "                    RxC with R <= C when n is not a square)\n"
          "  --variant LIST    anti-king,anti-knight,diagonal,windoku,non-consecutive\n"
          "  --regions FILE    jigsaw: a grid of n region labels (any numbers or\n"
          "                    names), n cells each, replaces boxes\n"
          "  --jigsaw          with --generate: each puzzle on a new random jigsaw\n"
          "                    layout (n regions of n connected cells; n from\n"
          "                    --box, default 9), written in janko.at's layout,\n"
          "                    a blank line between two (read back as a batch)\n"
          "  --check           check filled grids instead of solving: each one\n"
          "                    'correct', or 'wrong: ' and the rule it breaks\n"
          "                    (exit 6), or 'incomplete: ' and an empty cell\n"
          "With --generate N: N puzzles, one a line (--format grid: a grid\n"
          "each, a blank line between two; both read back as a batch).\n"
          CLI_GENERATE_HELP CLI_COMMON_HELP CLI_EXIT_HELP_CHECK,
          prog);
}

typedef struct shape {
  int box_rows, box_cols;
  pz_text_format in_format;
  const int *regions; /* jigsaw: drawn with their borders */
  unsigned variants;  /* drawn by --render */
} shape;

#ifdef PZ_HAVE_RENDER
/* --render: the picture of a puzzle of this shape. */
static int scene(void *ctx, const pz_puzzle *p, const int *givens,
                 const int *solution, pz_scene **out) {
  const shape *s = (const shape *)ctx;
  (void)p;
  return pz_render_sudoku(out, s->box_rows, s->box_cols, s->regions,
                          s->variants, givens, solution);
}
#else
#define scene NULL
#endif

static void print_grid(void *ctx, const int *cells, FILE *out) {
  shape *s = (shape *)ctx;
  int n = s->box_rows * s->box_cols;
  if (s->regions) pz_write_grid_regions(out, cells, n, n, s->regions);
  else pz_write_grid(out, cells, n, n, s->box_rows, s->box_cols);
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  shape *s = (shape *)ctx;
  int n = s->box_rows * s->box_cols;
  pz_text_format f = s->in_format == PZ_TEXT_CHARS && n <= 35 ? PZ_TEXT_CHARS
                                                             : PZ_TEXT_INTS;
  /* Grid, URL or janko input answers in the line layout that fits its
   * size. */
  if (s->in_format == PZ_TEXT_GRID || s->in_format == PZ_TEXT_URL ||
      s->in_format == PZ_TEXT_JANKO)
    f = n <= 9 ? PZ_TEXT_CHARS : PZ_TEXT_INTS;
  pz_write_line(out, cells, n, n, f);
}

/* A new puzzle object for an n x n grid; returns an exit code. */
static int make_puzzle(pz_puzzle **p, int r, int c, unsigned variants,
                       const int *regions, const char *regions_path,
                       const cli_common *cc) {
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  int st = pz_sudoku_new(p, r, c);
  if (!st) st = pz_puzzle_set_options(*p, &cc->opt);
  if (!st && variants) st = pz_sudoku_set_variants(*p, variants);
  if (st == PZ_ERR_UNSUPPORTED) {
    fprintf(cli_err(), "%s: --variant windoku needs room for extra boxes between "
            "the boxes; a %dx%d grid with %dx%d boxes has none\n", prog,
            r * c, r * c, r, c);
    return CLI_BAD_INPUT;
  }
  if (!st && regions)
    st = pz_sudoku_set_regions(*p, regions, &info);
  if (st) {
    pz_puzzle_free(*p);
    *p = NULL;
    return cli_fail(prog, regions && regions_path ? regions_path : "setting up",
                    st, &info);
  }
  return CLI_OK;
}

/* --generate: the shape, and what makes another puzzle object like it
 * for a thread of -j N. */
typedef struct gen_shape {
  shape sh;
  unsigned variants;
  const int *regions;
  const char *regions_path;
  int form; /* CLI_GEN_LINE or CLI_GEN_GRID */
} gen_shape;

static int make_for_thread(void *ctx, const cli_common *c, pz_puzzle **out) {
  gen_shape *g = (gen_shape *)ctx;
  return make_puzzle(out, g->sh.box_rows, g->sh.box_cols, g->variants,
                     g->regions, g->regions_path, c);
}

/* --generate --jigsaw: a janko.at jigsaw puzzle (header, givens with '-'
 * for a blank, regions). */
typedef struct jigsaw_out {
  shape sh; /* first: the ctx of scene() too */
  int n;
  const int *regions;
} jigsaw_out;

static void print_janko(void *ctx, const int *cells, FILE *out) {
  const jigsaw_out *j = (const jigsaw_out *)ctx;
  int n = j->n;
  fprintf(out, "%d %d\n", n, n);
  for (int g = 0; g < 2; g++)
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++) {
        int v = g ? j->regions[r * n + c] : cells[r * n + c];
        if (v) fprintf(out, "%d", v);
        else fputc('-', out);
        fputc(c == n - 1 ? '\n' : ' ', out);
      }
}

/* --generate N --jigsaw, puzzle i + 1 (on any thread): a puzzle object of
 * its own, a random layout from seed S + i set on it, then one puzzle on
 * it from the same seed. */
static int generate_jigsaw(void *ctx, const cli_common *c,
                           unsigned long long i, int *stop_run) {
  const gen_shape *g = (const gen_shape *)ctx;
  int n = g->sh.box_rows * g->sh.box_cols;
  uint64_t s = c->gen.seed + i;
  pz_puzzle *p = NULL;
  int *reg = (int *)malloc((size_t)n * (size_t)n * sizeof(int));
  int rc = reg ? make_for_thread(ctx, c, &p)
               : cli_fail(prog, "generating", PZ_ERR_NOMEM, NULL);
  pz_result stop = PZ_UNKNOWN;
  int st = rc ? PZ_OK : pz_jigsaw_regions(p, s, reg, NULL, &stop);
  if (!rc && st) {
    fprintf(cli_err(), "%s: a jigsaw layout for puzzle %llu (seed %llu): "
            "%s\n", prog, i + 1, (unsigned long long)s, pz_strerror(st));
    rc = CLI_FAILURE;
  } else if (!rc && stop != PZ_SAT) {
    if (cli_interrupted()) {
      rc = CLI_INTERRUPTED;
    } else {
      fprintf(cli_err(), "%s: puzzle %llu (seed %llu): no %dx%d jigsaw "
              "layout with a solution found (time limit, or 100 layouts "
              "without one)\n", prog, i + 1, (unsigned long long)s, n, n);
      rc = CLI_UNKNOWN;
    }
  } else if (!rc) {
    jigsaw_out out = {{g->sh.box_rows, g->sh.box_cols, PZ_TEXT_CHARS, reg,
                       g->variants}, n, reg};
    rc = cli_generate_one(c, p, i, print_janko, &out, stop_run);
  }
  if (rc && rc != CLI_UNKNOWN) *stop_run = 1;
  if (rc == CLI_UNKNOWN && stop != PZ_SAT) *stop_run = 1;
  pz_puzzle_free(p);
  free(reg);
  return rc;
}


static void print_generated(void *ctx, const int *cells, FILE *out) {
  gen_shape *g = (gen_shape *)ctx;
  (g->form == CLI_GEN_GRID ? print_grid : print_line)(&g->sh, cells, out);
}

/* The batch: a file's puzzles. */
typedef struct job {
  const pz_text *text;
  const char *path, *regions_path;
  const int *file_regions; /* --regions */
  int box_r, box_c;        /* --box, or 0 */
  unsigned variants;
  int check; /* --check */
} job;

/* What a thread keeps from one puzzle to the next: one puzzle object per
 * shape, so that the library can keep one solver for a whole file of
 * same-size puzzles. */
typedef struct thread_state {
  pz_puzzle *p;
  shape sh;
} thread_state;

static size_t entry_line(void *ctx, size_t i) {
  return pz_text_line(((const job *)ctx)->text, i);
}

/* --check: the verdict on a filled grid (the puzzle's givens). The
 * givens' own check names the rule two cells break; a solve confirms
 * what no pair shows. */
static int check_grid(pz_puzzle *p, const cli_common *c) {
  const int *g = pz_puzzle_givens(p);
  int cells = pz_puzzle_rows(p) * pz_puzzle_cols(p);
  char msg[sizeof ((pz_parse_info *)0)->message + 64], name[32];
  for (int x = 0; x < cells; x++)
    if (!g[x]) {
      pz_puzzle_name_cell(p, x, name, sizeof name, NULL);
      snprintf(msg, sizeof msg, "incomplete: %s is empty", name);
      cli_say(c, msg);
      return CLI_CHECK_FAILED;
    }
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  int st = pz_puzzle_check_givens(p, &info);
  if (st == PZ_ERR_CONFLICT) {
    snprintf(msg, sizeof msg, "wrong: %s", info.message);
    cli_say(c, msg);
    return CLI_CHECK_FAILED;
  }
  pz_result r = PZ_UNKNOWN;
  if (!st) st = pz_puzzle_solve(p, NULL, &r);
  if (st) return cli_fail(prog, "checking", st, NULL);
  if (r == PZ_UNKNOWN) {
    cli_say(c, cli_interrupted() ? "interrupted" : "time limit");
    return cli_interrupted() ? CLI_INTERRUPTED : CLI_UNKNOWN;
  }
  cli_say(c, r == PZ_SAT ? "correct" : "wrong: the grid breaks a rule");
  return r == PZ_SAT ? CLI_OK : CLI_CHECK_FAILED;
}

static int run_entry(void *ctx, const cli_common *c, size_t i, void **state,
                     int *stop) {
  const job *j = (const job *)ctx;
  if (pz_text_error(j->text, i, NULL))
    return cli_bad_entry(c, j->text, i, j->path);
  thread_state *t = (thread_state *)*state;
  if (!t) {
    t = (thread_state *)calloc(1, sizeof *t);
    if (!t) return cli_fail(prog, "solving", PZ_ERR_NOMEM, NULL);
    *state = t;
  }
  int n = pz_text_size(j->text, i), r = j->box_r, cc = j->box_c;
  if (!r) cli_default_box(n, &r, &cc);
  const int *reg = pz_text_regions(j->text, i);
  if (!reg) reg = j->file_regions;
  if (!t->p || r != t->sh.box_rows || cc != t->sh.box_cols ||
      reg != t->sh.regions) {
    cli_puzzle_free(c, t->p);
    t->p = NULL;
    int mrc = make_puzzle(&t->p, r, cc, j->variants, reg, j->regions_path, c);
    if (mrc) {
      /* Regions or variants that do not fit: every puzzle would fail. */
      if (reg || mrc != CLI_BAD_INPUT) {
        *stop = 1;
        return mrc;
      }
      char msg[100];
      snprintf(msg, sizeof msg, "error: line %zu: the variants do not fit "
               "a %dx%d grid", pz_text_line(j->text, i), n, n);
      cli_say(c, msg);
      return mrc;
    }
    t->sh.box_rows = r;
    t->sh.box_cols = cc;
    t->sh.regions = reg;
    t->sh.variants = j->variants;
  }
  t->sh.in_format = pz_text_format_of(j->text, i);
  int st = pz_puzzle_set_givens(t->p, pz_text_cells(j->text, i));
  if (st) {
    char msg[100];
    int rc = cli_fail(prog, j->path, st, NULL);
    snprintf(msg, sizeof msg, "error: line %zu: %s", pz_text_line(j->text, i),
             pz_strerror(st));
    cli_say(c, msg);
    return rc;
  }
  if (j->check) return check_grid(t->p, c);
  cli_printer pr = {print_grid, print_line, NULL, NULL, &t->sh, scene, NULL, NULL,
                    0};
  return cli_run(t->p, c, &pr, i, pz_text_count(j->text));
}

static void free_thread(void *ctx, const cli_common *c, void *state) {
  (void)ctx;
  thread_state *t = (thread_state *)state;
  cli_puzzle_free(c, t->p);
  free(t);
}

/* The variants one by one (--variant takes a comma-separated list). */
static const char *variant_name(size_t i) {
  return i < 32 ? pz_sudoku_variant_name(1u << i) : NULL;
}

/* --regions FILE: a grid of region labels (pz_text_read_regions) as a
 * cli_reader. */
typedef struct region_grid {
  int expect_n;
  int *regions, n;
} region_grid;

static int read_regions(FILE *in, void *out, pz_parse_info *info) {
  region_grid *g = (region_grid *)out;
  return pz_text_read_regions(in, g->expect_n, &g->regions, &g->n, info);
}

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS,
      {"box", required_argument, NULL, 'b'},
      {"variant", required_argument, NULL, 'v'},
      {"regions", required_argument, NULL, 'r'},
      {"jigsaw", no_argument, NULL, 'j' + 0x400},
      {"check", no_argument, NULL, 'C' + 0x400},
      {NULL, 0, NULL, 0}};
  static const cli_values values[] = {{"--variant", variant_name},
                                      {NULL, NULL}};
  cli_common c;
  cli_init(&c, prog);
  c.values = values;
  /* getopt names the program by argv[0]: the short name, not the path. */
  argv[0] = (char *)prog;
  int box_r = 0, box_c = 0, opt, jigsaw = 0, check = 0;
  unsigned variants = 0;
  const char *regions_path = NULL;
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&c, CLI_OK);
    case 'b':
      if (cli_parse_box(optarg, PZ_SUDOKU_MAX_SIZE, &box_r, &box_c, prog))
        return CLI_USAGE;
      break;
    case 'v': {
      pz_parse_info info;
      if (pz_sudoku_variants_from_names(optarg, &variants, &info)) {
        fprintf(stderr, "%s: --variant: %s\n", prog, info.message);
        return CLI_USAGE;
      }
      break;
    }
    case 'r': regions_path = optarg; break;
    case 'j' + 0x400: jigsaw = 1; break;
    case 'C' + 0x400: check = 1; break;
    default: usage(stderr); return CLI_USAGE;
    }
  }
  const char *path;
  if (cli_input_path(argc, argv, &path, prog)) return CLI_USAGE;
  if (regions_path && (variants & PZ_SUDOKU_WINDOKU)) {
    fprintf(stderr, "%s: --variant windoku adds boxes between the boxes; a "
            "jigsaw (--regions) has no boxes to put them between\n", prog);
    return CLI_USAGE;
  }
  c.can_generate = 1;
  int options_rc = cli_options_done(&c);
  if (options_rc) return options_rc;
  if (check && (c.mode_option || c.dimacs || c.generate ||
                c.format == FORMAT_JSON)) {
    fprintf(stderr, "%s: --check checks filled grids; it excludes %s\n", prog,
            c.mode_option ? c.mode_option
            : c.generate  ? "--generate"
            : c.dimacs    ? "--dimacs"
                          : "--format json");
    return CLI_USAGE;
  }
  if (check) c.mode = MODE_CHECK, c.mode_option = "--check";
  if (jigsaw && (!c.generate || regions_path ||
                 (variants & PZ_SUDOKU_WINDOKU))) {
    fprintf(stderr, "%s: --jigsaw %s\n", prog,
            !c.generate ? "makes random layouts for --generate; a puzzle to "
                          "solve brings its regions (janko.at layout or "
                          "--regions)"
            : regions_path ? "makes its own layouts; it cannot be used with "
                             "--regions"
                           : "has no boxes for --variant windoku to go "
                             "between");
    return CLI_USAGE;
  }
  int expect_n = box_r ? box_r * box_c : 0;
  if (c.generate && optind < argc) {
    fprintf(stderr, "%s: --generate makes puzzles; it reads no input file "
            "(give the shape with --box, --variant, --regions)\n", prog);
    return CLI_USAGE;
  }

  region_grid rgrid = {expect_n, NULL, 0};
  int *regions = NULL;
  if (regions_path) {
    int rc = cli_read_with(regions_path, read_regions, &rgrid, prog);
    if (rc) return rc;
    regions = rgrid.regions;
    expect_n = rgrid.n;
  }
  int form = c.generate ? cli_generate_form(&c, jigsaw ? CLI_GEN_GRID :
                                             CLI_GEN_LINE | CLI_GEN_GRID,
                                             "a jigsaw puzzle is a block of "
                                             "lines: a header, the givens and "
                                             "the regions") : 0;
  if (form < 0) {
    free(regions);
    return CLI_USAGE;
  }
  if (c.generate) {
    int n = expect_n ? expect_n : 9;
    if (!box_r) cli_default_box(n, &box_r, &box_c);
    const int *rg = regions;
    gen_shape gs = {{box_r, box_c, PZ_TEXT_CHARS, rg, variants}, variants, rg,
                    regions_path, form};
    c.gen_scene = scene;
    pz_puzzle *p = NULL;
    int rc = CLI_OK;
    if (jigsaw) {
      rc = cli_generate_each(&c, generate_jigsaw, &gs);
    } else if (!(rc = make_puzzle(&p, box_r, box_c, variants, rg,
                                   regions_path, &c))) {
      rc = cli_generate(&c, p, make_for_thread, print_generated, &gs);
      pz_puzzle_free(p);
    }
    free(regions);
    return cli_exit(&c, rc);
  }
  pz_text *text;
  /* A bad puzzle in a file is reported in its place; the others run. */
  int rc = cli_read_batch(path, expect_n, &text, prog);
  if (rc) {
    free(regions);
    return rc;
  }
  /* A janko.at puzzle brings its regions: no other regions, and no boxes
   * for windoku to go between. */
  for (size_t i = 0; i < pz_text_count(text); i++) {
    if (!pz_text_regions(text, i) || !(regions || (variants & PZ_SUDOKU_WINDOKU)))
      continue;
    fprintf(stderr, "%s: %s:%zu: %s\n", prog, path,
            pz_text_line(text, i),
            regions ? "--regions cannot be used with a janko.at jigsaw "
                      "puzzle: its regions are in the file"
                    : "--variant windoku adds boxes between the boxes; a "
                      "janko.at jigsaw puzzle has regions instead");
    pz_text_free(text);
    free(regions);
    return cli_exit(&c, CLI_USAGE);
  }
  job j = {text, path, regions_path, regions,
           box_r, box_c, variants, check};
  cli_batch b = {pz_text_count(text), entry_line, run_entry, free_thread, &j};
  rc = cli_run_batch(&c, &b);
  pz_text_free(text);
  free(regions);
  return cli_exit(&c, rc);
}
