/* pz-kakuro: solve, count or enumerate a Kakuro given in the janko.at
 * layout. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char prog[] = "pz-kakuro";

static void usage(FILE *out) {
  fprintf(out,
          "usage: %s [options] [FILE|-]\n"
          "Reads one Kakuro puzzle in the janko.at layout: a line 'ROWS COLUMNS',\n"
          "then ROWS lines of COLUMNS blank-separated cells: '-' black, '0' white,\n"
          "'D\\A' a clue (D the sum of the run below, A of the run to the right;\n"
          "either may be left out: '14\\' or '\\23'). Blank lines and '#' lines\n"
          "are ignored. Every white cell takes 1-9, the digits of a run differ\n"
          "and add up to its clue. Output: the grid with the digit of each white\n"
          "cell and '-' elsewhere (--format line: one line of ROWS*COLUMNS\n"
          "characters).\n"
          CLI_COMMON_HELP CLI_EXIT_HELP,
          prog);
}

typedef struct shape {
  int rows, cols;
} shape;

static void print_grid(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  pz_kakuro_write_grid(out, cells, s->rows, s->cols);
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  pz_kakuro_write_line(out, cells, s->rows, s->cols);
}

/* The kind's reader as the shared runner takes it. */
static int read_def(FILE *f, void *d, pz_parse_info *info) {
  return pz_kakuro_read(f, (pz_kakuro_def **)d, info);
}

int main(int argc, char **argv) {
  static const struct option longopts[] = {CLI_COMMON_OPTIONS,
                                           {NULL, 0, NULL, 0}};
  cli_common c;
  cli_init(&c, prog);
  /* getopt names the program by argv[0]: the short name, not the path. */
  argv[0] = (char *)prog;
  int opt;
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&c, CLI_OK);
    default: usage(stderr); return CLI_USAGE;
    }
  }
  const char *path;
  if (cli_input_path(argc, argv, &path, prog)) return CLI_USAGE;
  if (cli_options_done(&c)) return CLI_USAGE;

  pz_kakuro_def *d = NULL;
  int rc = cli_read_with(path, read_def, &d, prog);
  if (rc) return rc;

  pz_puzzle *p;
  int st = pz_kakuro_from_def(&p, d);
  if (!st) st = pz_puzzle_set_options(p, &c.opt);
  if (st) {
    pz_kakuro_def_free(d);
    pz_puzzle_free(p);
    return cli_fail(prog, path, st, NULL);
  }
  shape sh = {pz_kakuro_def_rows(d), pz_kakuro_def_cols(d)};
  cli_printer pr = {print_grid, print_line, NULL, NULL, &sh};
  rc = cli_run(p, &c, &pr, 0, 1);
  cli_puzzle_free(&c, p);
  pz_kakuro_def_free(d);
  return cli_exit(&c, rc);
}
