/* pz-eulero: solve Eulero puzzles (Graeco-Latin squares with givens), find
 * Graeco-Latin squares of an order from scratch, and count the orthogonal
 * mates of a Latin square. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"

static const char prog[] = "pz-eulero";

static void usage(FILE *out) {
  fprintf(out,
          "Usage: %s [options] [FILE|-]\n"
          "  or:  %s [options] --order N\n"
          "  or:  %s [options] --mates FILE|-\n"
          "  or:  %s --generate K [--order N] [options]\n"
          "Two Latin squares A and B of order N, orthogonal: every pair (a, b)\n"
          "in exactly one cell. Reads an Eulero puzzle in the janko.at layout:\n"
          "a header 'N N', then N rows of cells 'ab' (A's and B's value, 0 =\n"
          "unknown), or 'a,b' / 'a/b' (needed from order 10 on); '#' lines are\n"
          "comments; a blank line and a header start the next puzzle. The\n"
          "one-line form (--format line: the N*N cells, no header) is read\n"
          "too, a puzzle a line. Prints solutions in the same layout.\n"
          "  --order N         no puzzle: find a Graeco-Latin square of order N\n"
          "                    (1..%d), normalised: first rows of A and B and\n"
          "                    A's first column are 1..N (every order that has\n"
          "                    one has a normalised one)\n"
          "  --cyclic K        with --order: only squares that shifting rows,\n"
          "                    columns and values 1..K cyclically (the rest\n"
          "                    fixed) maps to themselves, not normalised: a\n"
          "                    restriction that finds order 10 fast (K = 7)\n"
          "  --mates FILE      the orthogonal mates of the Latin square in FILE\n"
          "                    (.pls, or a plain grid of N rows of N values)\n"
          "  --normal          with --mates: count each mate once up to\n"
          "                    renaming its symbols (its first row is 1..N)\n"
          "With --generate K: K Eulero puzzles of --order N (default 4) with\n"
          "exactly one solution (givens in A and B), each in the janko.at\n"
          "layout, a blank line between two (--format line: a line each);\n"
          "orders 2 and 6 have no solution.\n"
          CLI_GENERATE_HELP CLI_COMMON_HELP CLI_EXIT_HELP,
          prog, prog, prog, prog, PZ_EULERO_MAX_ORDER);
}

static void print_grid(void *ctx, const int *cells, FILE *out) {
  pz_eulero_write_grid(out, cells, *(const int *)ctx);
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  pz_eulero_write_line(out, cells, *(const int *)ctx);
}

#ifdef PZ_HAVE_RENDER
/* --render: the picture of a puzzle (solution NULL: the puzzle alone). */
static int scene(void *ctx, const pz_puzzle *p, const int *givens,
                 const int *solution, pz_scene **out) {
  (void)ctx;
  return pz_render_eulero(out, pz_puzzle_rows(p), givens, solution);
}
#else
#define scene NULL
#endif

/* --format json shows squares A and B side by side (docs/JSON.md); the
 * pair numbers that follow them in each row of the puzzle stay inside. */
static void json_view(const pz_puzzle *p, const int *cells, int *out,
                      int *rows, int *cols) {
  int n = pz_puzzle_rows(p);
  *rows = n;
  *cols = 2 * n;
  for (int r = 0; cells && r < n; r++)
    memcpy(out + (size_t)r * 2 * n, cells + (size_t)r * 3 * n,
           (size_t)2 * n * sizeof(int));
}

/* One Eulero puzzle of the input (cli_run_parts). */
static int load_part(void *ctx, const cli_common *c, const cli_part *part,
                     pz_puzzle **p, cli_printer *pr) {
  (void)ctx;
  pz_eulero_def *d = NULL;
  pz_parse_info info;
  int st = pz_eulero_parse(part->text, part->len, &d, &info);
  if (st) return cli_part_bad(c, part, st, &info);
  int *n = (int *)malloc(sizeof *n);
  st = n ? pz_eulero_from_def(p, d) : PZ_ERR_NOMEM;
  if (!st) *n = pz_eulero_def_order(d);
  pz_eulero_def_free(d);
  cli_printer want = {print_grid, print_line, NULL, NULL, n, scene, NULL, NULL};
  return cli_part_made(c, part, st, p, &want, pr);
}

/* A puzzle starts at a header after a blank line, and at every one-line
 * puzzle (--format line) in a file of them. */
static int starts_puzzle(const char *s, size_t len, const char *first,
                         size_t first_len, int blocks, int after_blank) {
  if (pz_eulero_line_order(s, len) &&
      (after_blank || pz_eulero_line_order(first, first_len)))
    return 1;
  return cli_header_two_numbers(s, len, first, first_len, blocks, after_blank);
}

/* --generate -j N: an Eulero square of the order for another thread. */
static int make_for_thread(void *ctx, const cli_common *c, pz_puzzle **out) {
  int st = pz_eulero_new(out, *(const int *)ctx, 0);
  if (!st) st = pz_puzzle_set_options(*out, &c->opt);
  if (st) {
    pz_puzzle_free(*out);
    *out = NULL;
    return cli_fail(prog, "setting up", st, NULL);
  }
  return CLI_OK;
}

/* Reads the Latin square of --mates and makes the puzzle of its mates.
 * Returns an exit code. */
static int load_mates(const char *path, unsigned flags, pz_puzzle **p,
                      int *n) {
  FILE *f;
  int rc = cli_open(path, &f, prog);
  if (rc) return rc;
  pz_parse_info info;
  int st, *square = NULL;
  st = pz_eulero_read_square(f, &square, n, &info);
  if (st == PZ_ERR_IO && !info.message[0])
    snprintf(info.message, sizeof info.message, "reading failed: %s",
             strerror(errno));
  cli_close(f);
  if (st) return cli_fail(prog, path, st, &info);
  st = pz_eulero_mates_new(p, *n, square, flags, &info);
  free(square);
  if (st == PZ_ERR_RANGE) {
    fprintf(stderr, "%s: %s: not a Latin square: %s\n", prog, path,
            info.message);
    return CLI_BAD_INPUT;
  }
  return st ? cli_fail(prog, path, st, NULL) : CLI_OK;
}

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS,
      {"order", required_argument, NULL, 'O'},
      {"mates", required_argument, NULL, 'M'},
      {"normal", no_argument, NULL, 'N'},
      {"cyclic", required_argument, NULL, 'C'},
      {NULL, 0, NULL, 0}};
  cli_common c;
  cli_init(&c, prog);
  cli_json_set_view(json_view);
  argv[0] = (char *)prog;
  int order = 0, normal = 0, cycle = 0, opt;
  const char *mates = NULL;
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&c, CLI_OK);
    case 'O':
    case 'C': {
      char *end;
      errno = 0;
      long v = strtol(optarg, &end, 10);
      if (errno || *end || end == optarg || v < 1 + (opt == 'C') ||
          v > PZ_EULERO_MAX_ORDER) {
        fprintf(stderr, "%s: --%s needs an integer %d..%d, not '%s'\n", prog,
                opt == 'C' ? "cyclic" : "order", 1 + (opt == 'C'),
                PZ_EULERO_MAX_ORDER, optarg);
        return CLI_USAGE;
      }
      *(opt == 'C' ? &cycle : &order) = (int)v;
      break;
    }
    case 'M': mates = optarg; break;
    case 'N': normal = 1; break;
    default: usage(stderr); return CLI_USAGE;
    }
  }
  const char *why = NULL;
  if (order && mates) why = "--order and --mates exclude each other";
  else if ((order || mates) && optind < argc)
    why = "--order and --mates take no FILE argument";
  else if (argc - optind > 1) why = "one FILE at most (see --help)";
  else if (normal && !mates) why = "--normal goes with --mates";
  else if (cycle && !order) why = "--cyclic goes with --order";
  else if (cycle > order) why = "--cyclic K needs K <= the order";
  if (why) {
    fprintf(stderr, "%s: %s\n", prog, why);
    return CLI_USAGE;
  }
  c.can_generate = 1;
  int options_rc = cli_options_done(&c);
  if (options_rc) return options_rc;
  if (c.generate && (mates || cycle || optind < argc)) {
    fprintf(stderr, "%s: --generate makes puzzles of --order N (default "
            "4); it takes no FILE, --mates or --cyclic\n", prog);
    return CLI_USAGE;
  }
  if (c.generate) {
    int form = cli_generate_form(&c, CLI_GEN_LINE | CLI_GEN_GRID |
                                         CLI_GEN_GRID_DEFAULT, "");
    if (form < 0) return CLI_USAGE;
    pz_puzzle *p = NULL;
    int n = order ? order : 4;
    int rc = make_for_thread(&n, &c, &p);
    if (rc) return cli_exit(&c, rc);
    c.gen_scene = scene;
    rc = cli_generate(&c, p, make_for_thread,
                      form == CLI_GEN_LINE ? print_line : print_grid, &n);
    pz_puzzle_free(p);
    return cli_exit(&c, rc);
  }
  if (!order && !mates) {
    cli_kind k = {starts_puzzle, load_part, NULL, NULL};
    return cli_exit(&c, cli_run_parts(&c, optind < argc ? argv[optind] : "-", &k));
  }

  pz_puzzle *p = NULL;
  int n = order, rc = CLI_OK, st = PZ_OK;
  const char *path = mates ? mates : optind < argc ? argv[optind] : "-";
  if (cycle) st = pz_eulero_new_cyclic(&p, n, cycle);
  else if (order) st = pz_eulero_new(&p, n, PZ_EULERO_NORMAL);
  else rc = load_mates(path, normal ? PZ_EULERO_B_ROW : 0, &p, &n);
  if (rc) return cli_exit(&c, rc);
  if (!st) st = pz_puzzle_set_options(p, &c.opt);
  if (st) {
    pz_puzzle_free(p);
    return cli_exit(&c, cli_fail(prog, order ? "--order" : path, st, NULL));
  }
  cli_printer pr = {print_grid, print_line, NULL, NULL, &n, scene, NULL, NULL};
  rc = cli_run(p, &c, &pr, 0, 1);
  cli_puzzle_free(&c, p);
  return cli_exit(&c, rc);
}
