/* pz-killer: solve, count or enumerate a Killer Sudoku. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"

static const char prog[] = "pz-killer";

static void usage(FILE *out) {
  fprintf(out,
          "Usage: %s [options] [FILE|-]\n"
          "Reads Killer Sudoku puzzles in the janko.at layout (a header 'N N', N\n"
          "rows with each cage's sum in one of its cells and '-' elsewhere, N rows\n"
          "of cage numbers, '-' for a cell in no cage, then optionally N rows of\n"
          "givens, '-' blank; a blank line and a header start the next puzzle)\n"
          "and solves each: every row, column and box holds 1..N once; the\n"
          "digits of a cage differ and add up to its sum.\n"
          "  --box RxC         box shape (default: square, or the most square\n"
          "                    RxC with R <= C when N is not a square)\n"
          "With --generate N: N Killer Sudoku puzzles of --box (default 3x3),\n"
          "cages and sums drawn over a random solution until the cages alone\n"
          "decide it (else the fewest givens that do), each in the janko.at\n"
          "layout, a blank line between two.\n"
          CLI_GENERATE_HELP CLI_COMMON_HELP CLI_EXIT_HELP,
          prog);
}

typedef struct shape {
  int box_rows, box_cols;
} shape;

#ifdef PZ_HAVE_RENDER
/* --render: the picture of a puzzle (solution NULL: the puzzle alone). */
static int scene(void *ctx, const pz_puzzle *p, const int *givens,
                 const int *solution, pz_scene **out) {
  const shape *s = (const shape *)ctx;
  const int *sums;
  int ncages;
  const int *cages = pz_killer_cages(p, &sums, &ncages);
  return pz_render_killer(out, s->box_rows, s->box_cols, cages, sums, ncages,
                          givens, solution);
}
#else
#define scene NULL
#endif

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

/* One puzzle of the input (cli_run_parts); ctx: the --box shape or 0. */
static int load(void *ctx, const cli_common *c, const cli_part *part,
                pz_puzzle **p, cli_printer *pr) {
  const shape *box = (const shape *)ctx;
  pz_killer_def *d = NULL;
  pz_parse_info info;
  int st = pz_killer_parse(part->text, part->len, &d, &info);
  if (st) return cli_part_bad(c, part, st, &info);
  int n = pz_killer_def_size(d);
  if (box->box_rows && pz_killer_def_set_box(d, box->box_rows, box->box_cols)) {
    memset(&info, 0, sizeof info);
    snprintf(info.message, sizeof info.message,
             "boxes of %dx%d do not tile a grid of side %d", box->box_rows,
             box->box_cols, n);
    pz_killer_def_free(d);
    return cli_part_bad(c, part, PZ_ERR_PARSE, &info);
  }
  shape *sh = (shape *)malloc(sizeof *sh);
  st = sh ? pz_killer_from_def(p, d) : PZ_ERR_NOMEM;
  if (!st) pz_killer_def_box(d, &sh->box_rows, &sh->box_cols);
  pz_killer_def_free(d);
  cli_printer want = {print_grid, print_line, NULL, NULL, sh, scene, NULL};
  return cli_part_made(c, part, st, p, &want, pr);
}

/* One generated puzzle in the janko.at layout: the sums (in each cage's
 * first cell), the cage numbers, the givens when there are any. */
static void print_puzzle(FILE *out, int n, const int *cages, const int *sums,
                         const int *givens) {
  int cells = n * n, any = 0;
  fprintf(out, "%d %d\n", n, n);
  for (int c = 0; c < cells; c++) {
    int first = 1;
    for (int d = 0; d < c && first; d++) first = cages[d] != cages[c];
    if (first) fprintf(out, "%d", sums[cages[c]]);
    else putc('-', out);
    putc(c % n == n - 1 ? '\n' : ' ', out);
    any |= givens[c] != 0;
  }
  for (int c = 0; c < cells; c++)
    fprintf(out, "%d%c", cages[c] + 1, c % n == n - 1 ? '\n' : ' ');
  for (int c = 0; c < cells && any; c++) {
    if (givens[c]) fprintf(out, "%d", givens[c]);
    else putc('-', out);
    putc(c % n == n - 1 ? '\n' : ' ', out);
  }
}

/* --generate: the box shape every puzzle shares. */
typedef struct gen_shape {
  int br, bc;
} gen_shape;

/* Puzzle i + 1 (seed S + i), printed through the batch's streams. */
static int generate_one(void *ctx, const cli_common *c, unsigned long long i,
                        int *stop_run) {
  const gen_shape *g = (const gen_shape *)ctx;
  int n = g->br * g->bc;
  size_t cells = (size_t)n * (size_t)n;
  int *mem = (int *)malloc(cells * 4 * sizeof(int)), rc = CLI_OK;
  if (!mem) {
    *stop_run = 1;
    return cli_fail(prog, "generating", PZ_ERR_NOMEM, NULL);
  }
  pz_generate_options o = c->gen;
  o.seed = c->gen.seed + i;
  pz_generate_info info;
  pz_result stop;
  int k = 0;
  int st = pz_killer_generate(g->br, g->bc, &c->opt, &o, mem, mem + cells, &k,
                              mem + 2 * cells, mem + 3 * cells, &info, &stop);
  rc = cli_generated(c, i, st, stop, k > 0, &info, "givens", stop_run);
  if (!*stop_run) {
    FILE *out = cli_out();
    if (i) putc('\n', out);
    print_puzzle(out, n, mem, mem + cells, mem + 2 * cells);
    cli_json_solution(mem + 3 * cells, n, n);
    if (c->render) {
      /* --render: the puzzle object the picture (and its solution) needs. */
      pz_puzzle *p = NULL;
      shape sh = {g->br, g->bc};
      int rst = pz_killer_new(&p, g->br, g->bc, mem, mem + cells, k);
      if (!rst) rst = pz_puzzle_set_givens(p, mem + 2 * cells);
      if (!rst) rst = pz_puzzle_set_options(p, &c->opt);
      rc = cli_worse(rc, rst ? cli_fail(prog, "--render", rst, NULL)
                             : cli_render_add(c, scene, &sh, p, i));
      pz_puzzle_free(p);
    }
    if (c->stats)
      fprintf(cli_err(), "%s: puzzle %llu: seed %llu, %d cages, %d givens, %u "
              "tries\n", prog, i + 1, (unsigned long long)o.seed, k,
              info.givens, info.tries);
  }
  free(mem);
  return rc;
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
  c.can_generate = 1;
  int options_rc = cli_options_done(&c);
  if (options_rc) return options_rc;
  if (c.generate) {
    if (cli_generate_form(&c, CLI_GEN_GRID,
                          "a Killer puzzle is a block of lines (its header, cage grid, sums and givens)") < 0)
      return CLI_USAGE;
    if (optind < argc) {
      fprintf(stderr, "%s: --generate makes puzzles; it reads no input file "
              "(give the shape with --box)\n", prog);
      return CLI_USAGE;
    }
    if (!box_r) box_r = box_c = 3;
    gen_shape g = {box_r, box_c};
    return cli_exit(&c, cli_generate_each(&c, generate_one, &g));
  }

  shape box = {box_r, box_c};
  cli_kind k = {cli_header_two_numbers, load, &box};
  return cli_exit(&c, cli_run_parts(&c, path, &k));
}

