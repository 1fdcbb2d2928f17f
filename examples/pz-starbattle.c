/* pz-starbattle: solve, count or enumerate Star Battle puzzles, or
 * generate them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"

static const char prog[] = "pz-starbattle";

static void usage(FILE *out) {
  fprintf(out,
          "Usage: %s [options] [FILE|-]\n"
          "Reads Star Battle puzzles, one after another: a header 'ROWS COLS\n"
          "STARS', then ROWS rows of region numbers separated by blanks (as on\n"
          "janko.at) or of one letter per cell; '@' or '#' is a cell in no\n"
          "region. Places STARS stars in every row, column and region, no two\n"
          "touching, not even diagonally. Output: 'x' a star, '-' none.\n"
          "  --card E          at-most-k encoding: auto, seqcounter,\n"
          "                    totalizer or sortnet\n"
          "With --generate N: N puzzles of --size n (default 10) with --stars\n"
          "k (default n/5, at least 1) and exactly one solution, n connected\n"
          "regions, each in the input format (region numbers), a blank line\n"
          "between two; --seed, --difficulty and -j as below (a Star Battle\n"
          "has no givens: --symmetry, --givens and --minimal do not apply).\n"
          "  --size n          with --generate: the grid is n x n\n"
          "  --stars k         with --generate: stars per row, column and\n"
          "                    region (n >= 4k)\n"
          CLI_GENERATE_HELP CLI_COMMON_HELP CLI_EXIT_HELP,
          prog);
}

typedef struct shape {
  int rows, cols;
  const int *regions; /* --render; NULL: not kept */
} shape;

#ifdef PZ_HAVE_RENDER
/* --render: the picture of a puzzle (solution NULL: the puzzle alone). */
static int scene(void *ctx, const pz_puzzle *p, const int *givens,
                 const int *solution, pz_scene **out) {
  const shape *s = (const shape *)ctx;
  (void)p;
  (void)givens;
  return pz_render_starbattle(out, s->rows, s->cols, s->regions, solution);
}
#else
#define scene NULL
#endif

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

/* --- Reading: puzzles one after another -------------------------------- */

/* A header "ROWS COLS STARS" after a blank line starts the next puzzle. */
static int is_header(const char *s, size_t len, const char *first,
                     size_t first_len, int blocks, int after_blank) {
  (void)first, (void)first_len, (void)blocks;
  int numbers = 0;
  for (size_t i = 0; i < len && after_blank;) {
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) i++;
    if (i == len) break;
    if (s[i] < '0' || s[i] > '9') return 0;
    while (i < len && s[i] >= '0' && s[i] <= '9') i++;
    numbers++;
  }
  return numbers == 3;
}

/* One puzzle of the input (cli_run_parts). */
static int load(void *ctx, const cli_common *c, const cli_part *part,
                pz_puzzle **p, cli_printer *pr) {
  (void)ctx;
  pz_starbattle_def *d;
  pz_parse_info info;
  int st = pz_starbattle_parse(part->text, part->len, &d, &info);
  if (st) return cli_part_bad(c, part, st, &info);
  /* The printer's shape with its own copy of the regions. */
  size_t cells = (size_t)pz_starbattle_def_rows(d) * (size_t)pz_starbattle_def_cols(d);
  shape *sh = (shape *)malloc(sizeof *sh + cells * sizeof(int));
  st = sh ? pz_starbattle_from_def(p, d) : PZ_ERR_NOMEM;
  if (!st) {
    int *regions = (int *)(sh + 1);
    memcpy(regions, pz_starbattle_def_regions(d, NULL), cells * sizeof(int));
    sh->rows = pz_starbattle_def_rows(d), sh->cols = pz_starbattle_def_cols(d);
    sh->regions = regions;
  }
  pz_starbattle_def_free(d);
  cli_printer want = {print_grid, print_line, NULL, value_name, sh, scene, "star", NULL};
  return cli_part_made(c, part, st, p, &want, pr);
}

/* --- Generating ----------------------------------------------------------- */

typedef struct gen_shape {
  int n, stars;
} gen_shape;

/* A generated puzzle in the janko.at layout: regions numbered 1..n in
 * row-major order of their first cells. */
static void print_puzzle(FILE *out, int n, int stars, const int *reg,
                         int *name) {
  int next = 0;
  for (int g = 0; g < n; g++) name[g] = 0;
  fprintf(out, "%d %d %d\n", n, n, stars);
  for (int c = 0; c < n * n; c++) {
    if (!name[reg[c]]) name[reg[c]] = ++next;
    fprintf(out, "%d%c", name[reg[c]], c % n == n - 1 ? '\n' : ' ');
  }
}

/* Puzzle i + 1 (seed S + i), printed through the batch's streams. */
static int generate_one(void *ctx, const cli_common *c, unsigned long long i,
                        int *stop_run) {
  const gen_shape *g = (const gen_shape *)ctx;
  int n = g->n;
  size_t cells = (size_t)n * (size_t)n;
  int *reg = (int *)malloc((2 * cells + (size_t)n) * sizeof(int)), rc;
  if (!reg) {
    *stop_run = 1;
    return cli_fail(prog, "generating", PZ_ERR_NOMEM, NULL);
  }
  pz_generate_options o = c->gen;
  o.seed = c->gen.seed + i;
  pz_generate_info info;
  pz_result stop = PZ_UNKNOWN;
  int st = pz_starbattle_generate(n, g->stars, &c->opt, &o, reg,
                                  reg + cells + n, &info,
                                  &stop);
  /* Said as "N regions" when the difficulty was missed. */
  pz_generate_info said = info;
  said.givens = n;
  rc = cli_generated(c, i, st, stop, !st && reg[0] >= 0, &said, "regions",
                     stop_run);
  if (!*stop_run) {
    FILE *out = cli_out();
    if (i) putc('\n', out);
    print_puzzle(out, n, g->stars, reg, reg + cells);
    cli_json_solution(reg + cells + n, n, n);
    if (c->render) {
      /* --render: the puzzle object the picture (and its solution) needs. */
      pz_puzzle *p = NULL;
      shape sh = {n, n, reg};
      int rst = pz_starbattle_new(&p, n, n, g->stars, reg);
      if (!rst) rst = pz_puzzle_set_options(p, &c->opt);
      rc = cli_worse(rc, rst ? cli_fail(prog, "--render", rst, NULL)
                             : cli_render_add(c, scene, &sh, p, i));
      pz_puzzle_free(p);
    }
    if (c->stats)
      fprintf(cli_err(), "%s: puzzle %llu: seed %llu, rated %s, %u tries\n",
              prog, i + 1, (unsigned long long)o.seed,
              pz_level_name(info.level), info.tries);
  }
  free(reg);
  return rc;
}

/* --size / --stars: a number from 1 to PZ_STARBATTLE_GEN_MAX_SIZE. */
static int parse_size(const char *arg, const char *what, int *out) {
  char *end;
  errno = 0;
  long v = strtol(arg, &end, 10);
  if (errno || *end || end == arg || v < 1 || v > PZ_STARBATTLE_GEN_MAX_SIZE) {
    fprintf(stderr, "%s: %s needs a number from 1 to %d, not '%s'\n", prog,
            what, PZ_STARBATTLE_GEN_MAX_SIZE, arg);
    return -1;
  }
  *out = (int)v;
  return 0;
}

enum { OPT_CARD = 0x500, OPT_SIZE, OPT_STARS };

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS,
      {"card", required_argument, NULL, OPT_CARD},
      {"size", required_argument, NULL, OPT_SIZE},
      {"stars", required_argument, NULL, OPT_STARS},
      {NULL, 0, NULL, 0}};
  static const cli_values values[] = {{"--card", cli_card_encoding_value},
                                      {NULL, NULL}};
  cli_common c;
  cli_init(&c, prog);
  c.values = values;
  /* getopt names the program by argv[0]: the short name, not the path. */
  argv[0] = (char *)prog;
  int opt, size = 0, stars = 0;
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&c, CLI_OK);
    case OPT_CARD:
      if (pz_card_encoding_from_name(optarg, &c.opt.card)) {
        fprintf(stderr, "%s: unknown at-most-k encoding '%s' (auto, "
                "seqcounter, totalizer, sortnet)\n", prog, optarg);
        return CLI_USAGE;
      }
      break;
    case OPT_SIZE:
      if (parse_size(optarg, "--size", &size)) return CLI_USAGE;
      break;
    case OPT_STARS:
      if (parse_size(optarg, "--stars", &stars)) return CLI_USAGE;
      break;
    default: usage(stderr); return CLI_USAGE;
    }
  }
  const char *path;
  if (cli_input_path(argc, argv, &path, prog)) return CLI_USAGE;
  /* Before cli_options_done, which turns "no --givens" into minimal. */
  int givens_options = c.gen.symmetry != PZ_SYMMETRY_NONE || c.gen.givens ||
                       c.gen.minimal > 0;
  c.can_generate = 1;
  int options_rc = cli_options_done(&c);
  if (options_rc) return options_rc;
  if ((size || stars) && !c.generate) {
    fprintf(stderr, "%s: --size and --stars go with --generate\n", prog);
    return CLI_USAGE;
  }
  if (c.generate) {
    if (cli_generate_form(&c, CLI_GEN_GRID,
                          "a Star Battle is a block of lines (its header and region grid)") < 0)
      return CLI_USAGE;
    if (optind < argc) {
      fprintf(stderr, "%s: --generate makes puzzles; it reads no input file "
              "(give the shape with --size and --stars)\n", prog);
      return CLI_USAGE;
    }
    if (givens_options) {
      fprintf(stderr, "%s: a Star Battle has no givens: --symmetry, --givens "
              "and --minimal do not apply\n", prog);
      return CLI_USAGE;
    }
    gen_shape g = {size ? size : 10, stars};
    if (!g.stars) g.stars = g.n / 5 > 1 ? g.n / 5 : 1;
    if (g.n < 4 * g.stars && !(g.n == 1 && g.stars == 1)) {
      fprintf(stderr, "%s: %d star%s a row need%s a grid of at least %dx%d "
              "(two neighbouring rows hold %d stars, two columns apart)\n",
              prog, g.stars, g.stars > 1 ? "s" : "", g.stars > 1 ? "" : "s",
              4 * g.stars, 4 * g.stars, 2 * g.stars);
      return CLI_USAGE;
    }
    return cli_exit(&c, cli_generate_each(&c, generate_one, &g));
  }

  cli_kind k = {is_header, load, NULL, NULL};
  return cli_exit(&c, cli_run_parts(&c, path, &k));
}
