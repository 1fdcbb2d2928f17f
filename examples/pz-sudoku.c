/* pz-sudoku: solve, count, enumerate or check Sudoku puzzles of any size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char prog[] = "pz-sudoku";

static void usage(FILE *out) {
  fprintf(out,
          "usage: %s [options] [FILE|-]\n"
          "Reads Sudoku puzzles (one per line: n*n characters 1-9/A-Z with '.'\n"
          "or 0 for blanks, or n*n numbers; or a grid of n lines) and solves each.\n"
          "A jigsaw Sudoku in janko.at's layout (a line 'n n', n rows of givens\n"
          "with '-' blank, n rows of region numbers) brings its own regions.\n"
          "  --box RxC         box shape (default: square, or the most square\n"
          "                    RxC with R <= C when n is not a square)\n"
          "  --variant LIST    anti-king,anti-knight,diagonal,windoku,non-consecutive\n"
          "  --regions FILE    jigsaw: a grid of region numbers 1..n replaces boxes\n"
          CLI_COMMON_HELP CLI_EXIT_HELP,
          prog);
}

typedef struct shape {
  int box_rows, box_cols;
  pz_text_format in_format;
  const int *regions; /* jigsaw: drawn with their borders */
} shape;

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
    fprintf(stderr, "%s: --variant windoku needs room for extra boxes between "
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

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS,
      {"box", required_argument, NULL, 'b'},
      {"variant", required_argument, NULL, 'v'},
      {"regions", required_argument, NULL, 'r'},
      {NULL, 0, NULL, 0}};
  cli_common c;
  cli_init(&c, prog);
  /* getopt names the program by argv[0]: the short name, not the path. */
  argv[0] = (char *)prog;
  int box_r = 0, box_c = 0, opt;
  unsigned variants = 0;
  const char *regions_path = NULL;
  while ((opt = getopt_long(argc, argv, "hV", longopts, NULL)) != -1) {
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
  if (cli_options_done(&c)) return CLI_USAGE;
  int expect_n = box_r ? box_r * box_c : 0;

  pz_text *regions = NULL;
  if (regions_path) {
    int rc = cli_read_text(regions_path, expect_n, &regions, prog);
    if (rc) return rc;
    if (pz_text_regions(regions, 0)) {
      fprintf(stderr, "%s: %s:%zu: --regions wants a grid of region numbers; "
              "this is a janko.at jigsaw puzzle, which is read as the "
              "puzzle itself\n", prog, regions_path, pz_text_line(regions, 0));
      pz_text_free(regions);
      return CLI_USAGE;
    }
    expect_n = pz_text_size(regions, 0);
  }
  pz_text *text;
  /* A bad puzzle in a file is reported in its place; the others run. */
  int rc = cli_read_batch(path, expect_n, &text, prog);
  if (rc) {
    pz_text_free(regions);
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
    pz_text_free(regions);
    return cli_exit(&c, CLI_USAGE);
  }
  const int *file_regions = regions ? pz_text_cells(regions, 0) : NULL;
  pz_puzzle *p = NULL;
  shape sh = {0, 0, PZ_TEXT_AUTO, NULL};
  cli_printer pr = {print_grid, print_line, NULL, NULL, &sh};
  size_t total = pz_text_count(text);
  int stop = 0;
  for (size_t i = 0; i < total && !stop; i++) {
    /* Several puzzles: a header before each one's answers, unless every
     * puzzle gets exactly one line anyway. */
    if (total > 1 && !c.dimacs && c.mode != MODE_COUNT &&
        (c.format != FORMAT_LINE || c.mode == MODE_ALL))
      printf("%s# puzzle %zu (line %zu)\n",
             i && c.format != FORMAT_LINE ? "\n" : "", i + 1,
             pz_text_line(text, i));
    if (pz_text_error(text, i, NULL)) {
      rc = cli_worse(rc, cli_bad_entry(&c, text, i, path));
      continue;
    }
    int n = pz_text_size(text, i), r = box_r, cc = box_c;
    if (!r) cli_default_box(n, &r, &cc);
    const int *reg = pz_text_regions(text, i);
    if (!reg) reg = file_regions;
    /* One puzzle object per shape: reusing it lets the library keep one
     * solver for a whole file of same-size puzzles. */
    if (!p || r != sh.box_rows || cc != sh.box_cols || reg != sh.regions) {
      cli_puzzle_free(&c, p);
      p = NULL;
      int mrc = make_puzzle(&p, r, cc, variants, reg, regions_path, &c);
      if (mrc) {
        /* Regions or variants that do not fit: every puzzle would fail. */
        rc = cli_worse(rc, mrc);
        if (reg || mrc != CLI_BAD_INPUT) break;
        char msg[100];
        snprintf(msg, sizeof msg, "error: line %zu: the variants do not fit "
                 "a %dx%d grid", pz_text_line(text, i), n, n);
        cli_say(&c, msg);
        continue;
      }
      sh.box_rows = r;
      sh.box_cols = cc;
      sh.regions = reg;
    }
    sh.in_format = pz_text_format_of(text, i);
    int st = pz_puzzle_set_givens(p, pz_text_cells(text, i));
    if (st) {
      char msg[100];
      rc = cli_worse(rc, cli_fail(prog, path, st, NULL));
      snprintf(msg, sizeof msg, "error: line %zu: %s", pz_text_line(text, i),
               pz_strerror(st));
      cli_say(&c, msg);
      continue;
    }
    int one = cli_run(p, &c, &pr, i, total);
    rc = cli_worse(rc, one);
    stop = one == CLI_FAILURE || one == CLI_INTERRUPTED || one == CLI_USAGE;
  }
  cli_puzzle_free(&c, p);
  pz_text_free(text);
  pz_text_free(regions);
  return cli_exit(&c, rc);
}
