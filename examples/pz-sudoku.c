/* pz-sudoku: solve, count, enumerate or check Sudoku puzzles of any size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *prog = "pz-sudoku";

static void usage(FILE *out) {
  fprintf(out,
          "usage: %s [options] [FILE|-]\n"
          "Reads Sudoku puzzles (one per line: n*n characters 1-9/A-Z with '.'\n"
          "or 0 for blanks, or n*n numbers; or a grid of n lines) and solves each.\n"
          "  --box RxC         box shape (default: square, or the most square\n"
          "                    RxC with R <= C when n is not a square)\n"
          "  --variant LIST    anti-king,anti-knight,diagonal,windoku,non-consecutive\n"
          "  --regions FILE    jigsaw: a grid of region numbers 1..n replaces boxes\n"
          CLI_COMMON_HELP,
          prog);
}

typedef struct shape {
  int box_rows, box_cols;
  pz_text_format in_format;
} shape;

static void print_grid(void *ctx, const int *cells, FILE *out) {
  shape *s = (shape *)ctx;
  int n = s->box_rows * s->box_cols;
  pz_write_grid(out, cells, n, n, s->box_rows, s->box_cols);
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  shape *s = (shape *)ctx;
  int n = s->box_rows * s->box_cols;
  pz_text_format f = s->in_format == PZ_TEXT_CHARS && n <= 35 ? PZ_TEXT_CHARS
                                                             : PZ_TEXT_INTS;
  /* Grid input answers in the line layout that fits its size. */
  if (s->in_format == PZ_TEXT_GRID) f = n <= 9 ? PZ_TEXT_CHARS : PZ_TEXT_INTS;
  pz_write_line(out, cells, n, n, f);
}


int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS,
      {"box", required_argument, NULL, 'b'},
      {"variant", required_argument, NULL, 'v'},
      {"regions", required_argument, NULL, 'r'},
      {NULL, 0, NULL, 0}};
  cli_common c;
  cli_init(&c);
  int box_r = 0, box_c = 0, opt;
  unsigned variants = 0;
  const char *regions_path = NULL;
  while ((opt = getopt_long(argc, argv, "hV", longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg, prog);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return CLI_OK;
    case 'V': cli_version(prog); return CLI_OK;
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
  if (argc - optind > 1) {
    usage(stderr);
    return CLI_USAGE;
  }
  const char *path = optind < argc ? argv[optind] : "-";
  int expect_n = box_r ? box_r * box_c : 0;

  pz_text *regions = NULL;
  if (regions_path) {
    int rc = cli_read_text(regions_path, expect_n, &regions, prog);
    if (rc) return rc;
    expect_n = pz_text_size(regions, 0);
  }
  pz_text *text;
  int rc = cli_read_text(path, expect_n, &text, prog);
  if (rc) {
    pz_text_free(regions);
    return rc;
  }
  pz_puzzle *p = NULL;
  shape sh = {0, 0, PZ_TEXT_AUTO};
  cli_printer pr = {print_grid, print_line, &sh};
  size_t total = pz_text_count(text);
  for (size_t i = 0; i < total && rc == CLI_OK; i++) {
    int n = pz_text_size(text, i), r = box_r, cc = box_c;
    if (!r) cli_default_box(n, &r, &cc);
    /* One puzzle object per shape: reusing it lets the library keep one
     * solver for a whole file of same-size puzzles. */
    if (!p || r != sh.box_rows || cc != sh.box_cols) {
      pz_puzzle_free(p);
      p = NULL;
      pz_parse_info info;
      memset(&info, 0, sizeof info);
      int st = pz_sudoku_new(&p, r, cc);
      if (!st) st = pz_puzzle_set_options(p, &c.opt);
      if (!st && variants) st = pz_sudoku_set_variants(p, variants);
      if (!st && regions)
        st = pz_sudoku_set_regions(p, pz_text_cells(regions, 0), &info);
      if (st) {
        rc = cli_fail(prog, regions_path && st == PZ_ERR_RANGE ? regions_path : path,
                      st, &info);
        break;
      }
      sh.box_rows = r;
      sh.box_cols = cc;
    }
    sh.in_format = pz_text_format_of(text, i);
    int st = pz_puzzle_set_givens(p, pz_text_cells(text, i));
    if (st) {
      rc = cli_fail(prog, path, st, NULL);
      break;
    }
    if (total > 1 && !c.format_line && !c.dimacs && c.mode != MODE_COUNT)
      printf("%s# puzzle %zu (line %zu)\n", i ? "\n" : "", i + 1,
             pz_text_line(text, i));
    rc = cli_run(p, &c, &pr, i, total, prog);
  }
  pz_puzzle_free(p);
  pz_text_free(text);
  pz_text_free(regions);
  return rc;
}
