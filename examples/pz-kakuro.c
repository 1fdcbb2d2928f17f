/* pz-kakuro: solve, count or enumerate Kakuros given in the janko.at
 * layout (several in one input, each from its "R C" line), or generate
 * them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"

static const char prog[] = "pz-kakuro";

static void usage(FILE *out) {
  fprintf(out,
          "Usage: %s [options] [FILE|-]\n"
          "Reads Kakuro puzzles in the janko.at layout: a line 'ROWS COLUMNS',\n"
          "then ROWS lines of COLUMNS blank-separated cells: '-' black, '0' white,\n"
          "'D\\A' a clue (D the sum of the run below, A of the run to the right;\n"
          "either may be left out: '14\\' or '\\23'). Blank lines and '#' lines\n"
          "are ignored. Every white cell takes 1-9, the digits of a run differ\n"
          "and add up to its clue. Output: the grid with the digit of each white\n"
          "cell and '-' elsewhere (--format line: one line of ROWS*COLUMNS\n"
          "characters). Several puzzles: each 'ROWS COLUMNS' line starts the\n"
          "next one.\n"
          "With --generate N: N puzzles with one solution each, layout and sums\n"
          "both generated, in the input format, a blank line between two\n"
          "(--givens and --minimal do not apply).\n"
          "  --size RxC        with --generate: rows and columns, 3 and up\n"
          "                    (default 10x10; one number: a square)\n"
          CLI_GENERATE_HELP CLI_COMMON_HELP CLI_EXIT_HELP,
          prog);
}

typedef struct shape {
  int rows, cols;
} shape;

#ifdef PZ_HAVE_RENDER
/* --render: the picture of a puzzle (solution NULL: the puzzle alone). */
static int scene(void *ctx, const pz_puzzle *p, const int *givens,
                 const int *solution, pz_scene **out) {
  int rows, cols;
  const pz_kakuro_cell *cells = pz_kakuro_cells(p, &rows, &cols);
  (void)ctx;
  (void)givens;
  return pz_render_kakuro(out, rows, cols, cells, solution);
}
#else
#define scene NULL
#endif

static void print_grid(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  pz_kakuro_write_grid(out, cells, s->rows, s->cols);
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  pz_kakuro_write_line(out, cells, s->rows, s->cols);
}

static int blank(int ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

/* A header "R C" starts the next puzzle, blank line or not: exactly two
 * numbers from 1 (a grid row never is one: its cells are '-', '0' or hold
 * a '\'). */
static int is_header(const char *s, size_t len, const char *first,
                     size_t first_len, int blocks, int after_blank) {
  (void)first, (void)first_len, (void)blocks, (void)after_blank;
  size_t i = 0;
  int numbers = 0;
  while (i < len) {
    while (i < len && blank((unsigned char)s[i])) i++;
    if (i == len) break;
    size_t d = i;
    while (i < len && s[i] >= '0' && s[i] <= '9') i++;
    if (i == d || s[d] == '0' || (i < len && !blank((unsigned char)s[i])))
      return 0;
    numbers++;
  }
  return numbers == 2;
}

/* One puzzle of the input (cli_run_parts). */
static int load(void *ctx, const cli_common *c, const cli_part *part,
                pz_puzzle **p, cli_printer *pr) {
  (void)ctx;
  pz_kakuro_def *d;
  pz_parse_info info;
  int st = pz_kakuro_parse(part->text, part->len, &d, &info);
  if (st) return cli_part_bad(c, part, st, &info);
  shape *sh = (shape *)malloc(sizeof *sh);
  st = sh ? pz_kakuro_from_def(p, d) : PZ_ERR_NOMEM;
  if (!st) sh->rows = pz_kakuro_def_rows(d), sh->cols = pz_kakuro_def_cols(d);
  pz_kakuro_def_free(d);
  cli_printer want = {print_grid, print_line, NULL, NULL, sh, scene, NULL, NULL};
  return cli_part_made(c, part, st, p, &want, pr);
}

/* Puzzle i + 1 (seed S + i) of --generate, printed through the batch's
 * streams: the puzzle in the input format, a blank line between two. */
static int generate_one(void *ctx, const cli_common *c, unsigned long long i,
                        int *stop_run) {
  const shape *g = (const shape *)ctx;
  size_t cells = (size_t)g->rows * (size_t)g->cols;
  pz_kakuro_cell *grid = (pz_kakuro_cell *)malloc(cells * sizeof *grid);
  int *sol = (int *)malloc(cells * sizeof *sol);
  if (!grid || !sol) {
    free(grid);
    free(sol);
    *stop_run = 1;
    return cli_fail(prog, "generating", PZ_ERR_NOMEM, NULL);
  }
  pz_generate_options o = c->gen;
  o.seed = c->gen.seed + i;
  pz_generate_info info;
  pz_result stop;
  int st = pz_kakuro_generate(g->rows, g->cols, &c->opt, &o, grid, sol,
                              &info, &stop);
  int rc = cli_generated(c, i, st, stop, info.givens > 0, &info, "sums",
                         stop_run);
  if (!*stop_run) {
    FILE *out = cli_out();
    if (i) putc('\n', out);
    pz_kakuro_write_puzzle(out, grid, g->rows, g->cols);
    cli_json_solution(sol, g->rows, g->cols);
    if (c->render) {
      /* --render: the puzzle object the picture (and its solution) needs. */
      pz_puzzle *p = NULL;
      int rst = pz_kakuro_new(&p, g->rows, g->cols, grid, NULL);
      if (!rst) rst = pz_puzzle_set_options(p, &c->opt);
      rc = cli_worse(rc, rst ? cli_fail(prog, "--render", rst, NULL)
                             : cli_render_add(c, scene, NULL, p, i));
      pz_puzzle_free(p);
    }
    if (c->stats)
      fprintf(cli_err(), "%s: puzzle %llu: seed %llu, %d sums, %u tries\n",
              prog, i + 1, (unsigned long long)o.seed, info.givens, info.tries);
  }
  free(grid);
  free(sol);
  return rc;
}

/* "R" (R x R) or "RxC", each side 3..PZ_KAKURO_MAX_SIZE. */
static int parse_size(const char *arg, shape *s) {
  char *end;
  long r = strtol(arg, &end, 10), col = r;
  if (end != arg && (*end == 'x' || *end == 'X')) {
    const char *b = end + 1;
    col = strtol(b, &end, 10);
    if (end == b) end = (char *)arg;
  }
  if (end == arg || *end || r < 3 || col < 3 || r > PZ_KAKURO_MAX_SIZE ||
      col > PZ_KAKURO_MAX_SIZE) {
    fprintf(stderr, "%s: --size needs ROWSxCOLUMNS (or one number for a "
            "square), each 3 to %d, not '%s'\n", prog, PZ_KAKURO_MAX_SIZE, arg);
    return -1;
  }
  s->rows = (int)r;
  s->cols = (int)col;
  return 0;
}

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS,
      {"size", required_argument, NULL, 'Z'},
      {NULL, 0, NULL, 0}};
  cli_common c;
  cli_init(&c, prog);
  /* getopt names the program by argv[0]: the short name, not the path. */
  argv[0] = (char *)prog;
  int opt;
  shape size = {0, 0};
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&c, CLI_OK);
    case 'Z':
      if (parse_size(optarg, &size)) return CLI_USAGE;
      break;
    default: usage(stderr); return CLI_USAGE;
    }
  }
  const char *path;
  if (cli_input_path(argc, argv, &path, prog)) return CLI_USAGE;
  c.can_generate = 1;
  int options_rc = cli_options_done(&c);
  if (options_rc) return options_rc;
  if (size.rows && !c.generate) {
    fprintf(stderr, "%s: --size goes with --generate\n", prog);
    return CLI_USAGE;
  }
  if (c.generate) {
    if (cli_generate_form(&c, CLI_GEN_GRID,
                          "a Kakuro is a block of lines (its header and grid)") < 0)
      return CLI_USAGE;
    if (optind < argc) {
      fprintf(stderr, "%s: --generate makes puzzles; it reads no input file "
              "(give the size with --size)\n", prog);
      return CLI_USAGE;
    }
    if (c.gen.givens) {
      fprintf(stderr, "%s: a Kakuro has no givens: --givens does not apply "
              "to --generate\n", prog);
      return CLI_USAGE;
    }
    if (!size.rows) size.rows = size.cols = 10;
    if ((c.gen.symmetry == PZ_SYMMETRY_ROTATE90 ||
         c.gen.symmetry == PZ_SYMMETRY_DIAGONAL) && size.rows != size.cols) {
      fprintf(stderr, "%s: --symmetry %s needs a square grid, not %dx%d\n",
              prog, pz_symmetry_name(c.gen.symmetry), size.rows, size.cols);
      return CLI_USAGE;
    }
    return cli_exit(&c, cli_generate_each(&c, generate_one, &size));
  }

  cli_kind k = {is_header, load, NULL, NULL};
  return cli_exit(&c, cli_run_parts(&c, path, &k));
}
