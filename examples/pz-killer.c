/* pz-killer: solve, count or enumerate a Killer Sudoku. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char prog[] = "pz-killer";

static void usage(FILE *out) {
  fprintf(out,
          "usage: %s [options] [FILE|-]\n"
          "Reads one Killer Sudoku in the janko.at layout (a header 'N N', N rows\n"
          "with each cage's sum in one of its cells and '-' elsewhere, N rows of\n"
          "cage numbers, '-' for a cell in no cage, then optionally N rows of\n"
          "givens, '-' blank) and solves it: every row, column and box holds\n"
          "1..N once; the digits of a cage differ and add up to its sum.\n"
          "  --box RxC         box shape (default: square, or the most square\n"
          "                    RxC with R <= C when N is not a square)\n"
          CLI_COMMON_HELP CLI_EXIT_HELP,
          prog);
}

typedef struct shape {
  int box_rows, box_cols;
} shape;

static void print_grid(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  int n = s->box_rows * s->box_cols;
  pz_write_grid(out, cells, n, n, s->box_rows, s->box_cols);
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  int n = s->box_rows * s->box_cols;
  pz_write_line(out, cells, n, n, n <= 9 ? PZ_TEXT_CHARS : PZ_TEXT_INTS);
}

/* The kind's reader as the shared runner takes it. */
static int read_def(FILE *f, void *d, pz_parse_info *info) {
  return pz_killer_read(f, (pz_killer_def **)d, info);
}

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS, {"box", required_argument, NULL, 'b'}, {NULL, 0, NULL, 0}};
  cli_common c;
  cli_init(&c, prog);
  argv[0] = (char *)prog; /* getopt names the program by argv[0] */
  int box_r = 0, box_c = 0, opt;
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&c, CLI_OK);
    case 'b':
      if (cli_parse_box(optarg, PZ_KILLER_MAX_SIZE, &box_r, &box_c, prog))
        return CLI_USAGE;
      break;
    default: usage(stderr); return CLI_USAGE;
    }
  }
  const char *path;
  if (cli_input_path(argc, argv, &path, prog)) return CLI_USAGE;
  if (cli_options_done(&c)) return CLI_USAGE;

  pz_killer_def *d = NULL;
  int rc = cli_read_with(path, read_def, &d, prog);
  if (rc) return rc;
  int n = pz_killer_def_size(d);
  if (box_r && pz_killer_def_set_box(d, box_r, box_c)) {
    fprintf(stderr, "%s: %s: boxes of %dx%d do not tile a grid of side %d\n",
            prog, path, box_r, box_c, n);
    pz_killer_def_free(d);
    return CLI_BAD_INPUT;
  }
  shape sh;
  pz_killer_def_box(d, &sh.box_rows, &sh.box_cols);
  pz_puzzle *p = NULL;
  int st = pz_killer_from_def(&p, d);
  pz_killer_def_free(d);
  if (!st) st = pz_puzzle_set_options(p, &c.opt);
  if (st) {
    pz_puzzle_free(p);
    return cli_fail(prog, path, st, NULL);
  }
  cli_printer pr = {print_grid, print_line, NULL, NULL, &sh};
  rc = cli_run(p, &c, &pr, 0, 1);
  cli_puzzle_free(&c, p);
  return cli_exit(&c, rc);
}
