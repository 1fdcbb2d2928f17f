/* pz-latin: Latin squares of order N: one, all, a count, or a completion. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *prog = "pz-latin";

static void usage(FILE *out) {
  fprintf(out,
          "usage: %s [options] N\n"
          "       %s [options] --fill FILE.pls\n"
          "Finds Latin squares of order N (1..%d).\n"
          "  --reduced         first row and column in natural order\n"
          "  --fill FILE.pls   complete a partial square (.pls: 'order N', then\n"
          "                    N rows of N symbols 0..N-1, -1 for a hole)\n"
          CLI_COMMON_HELP,
          prog, prog, PZ_LATIN_MAX_ORDER);
}

static void print_grid(void *ctx, const int *cells, FILE *out) {
  int n = *(int *)ctx;
  pz_write_grid(out, cells, n, n, 0, 0);
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  int n = *(int *)ctx;
  pz_write_line(out, cells, n, n, n <= 9 ? PZ_TEXT_CHARS : PZ_TEXT_INTS);
}

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS,
      {"reduced", no_argument, NULL, 'R'},
      {"fill", required_argument, NULL, 'F'},
      {NULL, 0, NULL, 0}};
  cli_common c;
  cli_init(&c);
  unsigned flags = 0;
  const char *fill = NULL;
  int opt;
  while ((opt = getopt_long(argc, argv, "hV", longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg, prog);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return CLI_OK;
    case 'V': cli_version(prog); return CLI_OK;
    case 'R': flags |= PZ_LATIN_REDUCED; break;
    case 'F': fill = optarg; break;
    default: usage(stderr); return CLI_USAGE;
    }
  }
  int n = 0, *givens = NULL;
  if (fill) {
    if (optind != argc) {
      usage(stderr);
      return CLI_USAGE;
    }
    FILE *f = strcmp(fill, "-") == 0 ? stdin : fopen(fill, "r");
    if (!f) {
      fprintf(stderr, "%s: %s: %s\n", prog, fill, strerror(errno));
      return CLI_BAD_INPUT;
    }
    pz_parse_info info;
    int st = pz_pls_read(f, &givens, &n, &info);
    if (f != stdin) fclose(f);
    if (st) return cli_fail(prog, fill, st, &info);
  } else {
    char *end;
    long v = optind + 1 == argc ? strtol(argv[optind], &end, 10) : 0;
    if (optind + 1 != argc || *end || v < 1 || v > PZ_LATIN_MAX_ORDER) {
      if (optind + 1 == argc)
        fprintf(stderr, "%s: order must be 1..%d, not '%s'\n", prog,
                PZ_LATIN_MAX_ORDER, argv[optind]);
      else
        usage(stderr);
      return CLI_USAGE;
    }
    n = (int)v;
  }
  pz_puzzle *p;
  int st = pz_latin_new(&p, n, flags);
  if (!st) st = pz_puzzle_set_options(p, &c.opt);
  if (!st && givens) st = pz_puzzle_set_givens(p, givens);
  free(givens);
  if (st) {
    pz_puzzle_free(p);
    return cli_fail(prog, fill ? fill : "order", st, NULL);
  }
  cli_printer pr = {print_grid, print_line, &n};
  int rc = cli_run(p, &c, &pr, 0, 1, prog);
  pz_puzzle_free(p);
  return rc;
}
