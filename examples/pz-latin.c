/* pz-latin: Latin squares of order N: one, all, a count, or a completion. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char prog[] = "pz-latin";

static void usage(FILE *out) {
  fprintf(out,
          "usage: %s [options] N\n"
          "       %s [options] --fill FILE.pls\n"
          "Finds Latin squares of order N (1..%d; without givens up to\n"
          "order 124 fits the size budget, see docs/ENCODINGS.md).\n"
          "  --reduced         first row and column in natural order\n"
          "  --fill FILE.pls   complete a partial square (.pls: 'order N', then\n"
          "                    N rows of N symbols 0..N-1, -1 for a hole); the\n"
          "                    answer uses the file's symbols 0..N-1\n"
          "  --format pls      print each square as a .pls file (symbols\n"
          "                    0..N-1); line format is 1-9 characters up to\n"
          "                    order 9, else numbers separated by blanks\n"
          CLI_COMMON_HELP CLI_EXIT_HELP,
          prog, prog, PZ_LATIN_MAX_ORDER);
}

/* Order, and the first symbol: 1, or 0 for squares read from .pls. */
typedef struct shape {
  int n, base;
} shape;

static void print_grid(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  pz_write_grid_base(out, cells, s->n, s->n, 0, 0, s->base);
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  /* One character per cell only when no symbol needs two: never ambiguous. */
  pz_write_line_base(out, cells, s->n, s->n,
                     s->n <= 9 && s->base == 1 ? PZ_TEXT_CHARS : PZ_TEXT_INTS,
                     s->base);
}

static void print_pls(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  pz_pls_write(out, cells, s->n);
}

static void value_name(void *ctx, int value, char *buf, size_t len) {
  const shape *s = (const shape *)ctx;
  snprintf(buf, len, "%d", value - 1 + s->base);
}

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS,
      {"reduced", no_argument, NULL, 'R'},
      {"fill", required_argument, NULL, 'F'},
      {NULL, 0, NULL, 0}};
  cli_common c;
  cli_init(&c, prog);
  c.extra_format = "pls";
  /* getopt names the program by argv[0]: the short name, not the path. */
  argv[0] = (char *)prog;
  unsigned flags = 0;
  const char *fill = NULL;
  int opt;
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&c, CLI_OK);
    case 'R': flags |= PZ_LATIN_REDUCED; break;
    case 'F': fill = optarg; break;
    default: usage(stderr); return CLI_USAGE;
    }
  }
  if (cli_options_done(&c)) return CLI_USAGE;
  int n = 0, *givens = NULL;
  if (fill) {
    if (optind != argc) {
      fprintf(stderr, "%s: unexpected argument '%s' (--fill FILE gives the "
              "order; see --help)\n", prog, argv[optind]);
      return CLI_USAGE;
    }
    FILE *f;
    int rc = cli_open(fill, &f, prog);
    if (rc) return rc;
    pz_parse_info info;
    int st = pz_pls_read(f, &givens, &n, &info);
    if (st == PZ_ERR_IO && !info.message[0])
      snprintf(info.message, sizeof info.message, "reading failed: %s",
               strerror(errno));
    cli_close(f);
    if (st) return cli_fail(prog, fill, st, &info);
  } else {
    char *end;
    long v = optind + 1 == argc ? strtol(argv[optind], &end, 10) : 0;
    if (optind + 1 != argc || *end || v < 1 || v > PZ_LATIN_MAX_ORDER) {
      if (optind + 1 == argc)
        fprintf(stderr, "%s: order must be 1..%d, not '%s'\n", prog,
                PZ_LATIN_MAX_ORDER, argv[optind]);
      else if (optind + 1 < argc)
        fprintf(stderr, "%s: unexpected argument '%s' (one order; see "
                "--help)\n", prog, argv[optind + 1]);
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
  /* Answers in the input's notation: .pls symbols count from 0. */
  shape sh = {n, fill ? 0 : 1};
  cli_printer pr = {print_grid, print_line, print_pls, value_name, &sh};
  int rc = cli_run(p, &c, &pr, 0, 1);
  cli_puzzle_free(&c, p);
  return cli_exit(&c, rc);
}
