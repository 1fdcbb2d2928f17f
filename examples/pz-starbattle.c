/* pz-starbattle: solve, count or enumerate a Star Battle puzzle. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char prog[] = "pz-starbattle";

static void usage(FILE *out) {
  fprintf(out,
          "usage: %s [options] [FILE|-]\n"
          "Reads one Star Battle puzzle: a header 'ROWS COLS STARS', then\n"
          "ROWS rows of region numbers separated by blanks (as on janko.at)\n"
          "or of one letter per cell; '@' or '#' is a cell in no region.\n"
          "Places STARS stars in every row, column and region, no two\n"
          "touching, not even diagonally. Output: 'x' a star, '-' none.\n"
          "  --card E          at-most-k encoding: auto, seqcounter,\n"
          "                    totalizer or sortnet\n"
          CLI_COMMON_HELP CLI_EXIT_HELP,
          prog);
}

typedef struct shape {
  int rows, cols;
} shape;

static void print_grid(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  pz_starbattle_write_grid(out, cells, s->rows, s->cols);
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  pz_starbattle_write_line(out, cells, s->rows, s->cols);
}

/* A variable of a cell is true when the cell holds a star. */
static void value_name(void *ctx, int value, char *buf, size_t len) {
  (void)ctx;
  snprintf(buf, len, value == PZ_STARBATTLE_STAR ? "star" : "%d", value);
}

/* The kind's reader as the shared runner takes it. */
static int read_def(FILE *f, void *d, pz_parse_info *info) {
  return pz_starbattle_read(f, (pz_starbattle_def **)d, info);
}

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS,
      {"card", required_argument, NULL, 'C'},
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
    case 'C':
      if (pz_card_encoding_from_name(optarg, &c.opt.card)) {
        fprintf(stderr, "%s: unknown at-most-k encoding '%s' (auto, "
                "seqcounter, totalizer, sortnet)\n", prog, optarg);
        return CLI_USAGE;
      }
      break;
    default: usage(stderr); return CLI_USAGE;
    }
  }
  const char *path;
  if (cli_input_path(argc, argv, &path, prog)) return CLI_USAGE;
  if (cli_options_done(&c)) return CLI_USAGE;

  pz_starbattle_def *d = NULL;
  int rc = cli_read_with(path, read_def, &d, prog);
  if (rc) return rc;

  pz_puzzle *p;
  int st = pz_starbattle_from_def(&p, d);
  if (!st) st = pz_puzzle_set_options(p, &c.opt);
  if (st) {
    pz_starbattle_def_free(d);
    pz_puzzle_free(p);
    return cli_fail(prog, path, st, NULL);
  }
  shape s = {pz_starbattle_def_rows(d), pz_starbattle_def_cols(d)};
  cli_printer pr = {print_grid, print_line, NULL, value_name, &s};
  rc = cli_run(p, &c, &pr, 0, 1);
  cli_puzzle_free(&c, p);
  pz_starbattle_def_free(d);
  return cli_exit(&c, rc);
}
