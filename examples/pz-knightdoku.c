/* pz-knightdoku: solve, count, enumerate or check a Knightdoku puzzle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include "cli.h"

static const char prog[] = "pz-knightdoku";

static void usage(FILE *out) {
  fprintf(out,
          "Usage: %s [options] [FILE|-]\n"
          "Reads Knightdoku puzzles (an optional header line such as\n"
          "'size 9 box 3x3 knights 3', then n rows of n cells: '.' empty,\n"
          "0-8 a given knight with that many knights a knight's move away;\n"
          "'#' lines are comments; a blank line and a header start the next\n"
          "puzzle) and solves each. Every row, column and box\n"
          "must hold exactly K knights. Output: the clue digit for a given\n"
          "knight, 'N' for any other knight, '.' for an empty cell.\n"
          "  --box RxC         box shape (default: from the file, else square,\n"
          "                    or the most square RxC with R <= C)\n"
          "  --knights K       knights per row, column and box (default: from\n"
          "                    the file, else 3)\n"
          "  --card E          at-most-k encoding: auto, seqcounter,\n"
          "                    totalizer or sortnet\n"
          "With --generate N: N puzzles of --box (default 3x3) and --knights\n"
          "(default 3), each in the input format (header and grid), a blank\n"
          "line between two; the clues are knights with their numbers.\n"
          CLI_GENERATE_HELP CLI_COMMON_HELP CLI_EXIT_HELP,
          prog);
}

typedef struct view {
  int n, box_rows, box_cols;
  const int *givens;
  int knights; /* --generate */
} view;

#ifdef PZ_HAVE_RENDER
/* --render: the picture of a puzzle (solution NULL: the puzzle alone). */
static int scene(void *ctx, const pz_puzzle *p, const int *givens,
                 const int *solution, pz_scene **out) {
  const view *v = (const view *)ctx;
  (void)p;
  return pz_render_knightdoku(out, v->box_rows, v->box_cols, givens, solution);
}
#else
#define scene NULL
#endif

static char cell_char(const view *v, const int *cells, int i) {
  if (v->givens[i]) return (char)('0' + v->givens[i] - 1);
  return cells[i] ? 'N' : '.';
}

static void print_grid(void *ctx, const int *cells, FILE *out) {
  const view *v = (const view *)ctx;
  int n = v->n;
  for (int r = 0; r < n; r++) {
    if (r && r % v->box_rows == 0 && v->box_rows < n) {
      for (int c = 0; c < n; c++) {
        if (c && c % v->box_cols == 0) fputs("-+", out);
        fputs(c ? "--" : "-", out);
      }
      putc('\n', out);
    }
    for (int c = 0; c < n; c++) {
      if (c && c % v->box_cols == 0) fputs(" |", out);
      if (c) putc(' ', out);
      putc(cell_char(v, cells, r * n + c), out);
    }
    putc('\n', out);
  }
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  const view *v = (const view *)ctx;
  for (int i = 0; i < v->n * v->n; i++) putc(cell_char(v, cells, i), out);
  putc('\n', out);
}


/* A generated puzzle as a file: the header, then the clue grid. */
static void print_puzzle(void *ctx, const int *givens, FILE *out) {
  view *v = (view *)ctx;
  int n = v->n;
  fprintf(out, "size %d box %dx%d knights %d\n", n, v->box_rows, v->box_cols,
          v->knights);
  for (int i = 0; i < n * n; i++) {
    putc(givens[i] ? '0' + givens[i] - 1 : '.', out);
    if (i % n == n - 1) putc('\n', out);
  }
}

/* --generate -j N: a board like it for another thread. */
static int make_for_thread(void *ctx, const cli_common *c, pz_puzzle **out) {
  const view *v = (const view *)ctx;
  int st = pz_knightdoku_new(out, v->box_rows, v->box_cols, v->knights);
  if (!st) st = pz_puzzle_set_options(*out, &c->opt);
  if (st) {
    pz_puzzle_free(*out);
    *out = NULL;
    return cli_fail(prog, "setting up", st, NULL);
  }
  return CLI_OK;
}

/* A variable of a cell is true when the cell holds a knight. */
static void value_name(void *ctx, int value, char *buf, size_t len) {
  (void)ctx;
  snprintf(buf, len, value == 1 ? "N" : "%d", value);
}

/* The shape the options give (0 / -1: not given). */
typedef struct given_shape {
  int box_r, box_c, knights;
} given_shape;

/* A header line: it starts with one of its words. */
static int is_header(const char *line, size_t len, const char *first,
                     size_t first_len, int blocks, int after_blank) {
  (void)first, (void)first_len, (void)blocks;
  if (!after_blank) return 0;
  size_t i = 0;
  while (i < len && (line[i] == ' ' || line[i] == '\t')) i++;
  static const char *const words[] = {"size", "box", "knights"};
  for (int w = 0; w < 3; w++) {
    size_t k = strlen(words[w]);
    if (len - i > k && !strncmp(line + i, words[w], k) &&
        (line[i + k] == ' ' || line[i + k] == '\t'))
      return 1;
  }
  return 0;
}

/* A part whose header and the options disagree, or that cannot hold its
 * knights. */
static int bad_part(const cli_common *c, const cli_part *part, const char *msg) {
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  snprintf(info.message, sizeof info.message, "%s", msg);
  return cli_part_bad(c, part, PZ_ERR_PARSE, &info);
}

/* One puzzle of the input (cli_run_parts). */
static int load(void *ctx, const cli_common *c, const cli_part *part,
                pz_puzzle **p, cli_printer *pr) {
  const given_shape *o = (const given_shape *)ctx;
  pz_knightdoku_def *d = NULL;
  pz_parse_info info;
  int st = pz_knightdoku_parse(part->text, part->len, &d, &info);
  if (st) return cli_part_bad(c, part, st, &info);
  /* The file and the options must agree where both speak. */
  char msg[200];
  int n = pz_knightdoku_def_size(d), file_r, file_c, box_r = o->box_r,
      box_c = o->box_c, knights = o->knights;
  int file_k = pz_knightdoku_def_knights(d);
  msg[0] = '\0';
  if (pz_knightdoku_def_box(d, &file_r, &file_c) && box_r &&
      (file_r != box_r || file_c != box_c))
    snprintf(msg, sizeof msg, "--box %dx%d, but the file says box %dx%d",
             box_r, box_c, file_r, file_c);
  else if (file_k >= 0 && knights >= 0 && file_k != knights)
    snprintf(msg, sizeof msg, "--knights %d, but the file says knights %d",
             knights, file_k);
  if (file_r) box_r = file_r, box_c = file_c;
  if (file_k >= 0) knights = file_k;
  if (!box_r) cli_default_box(n, &box_r, &box_c);
  if (knights < 0) knights = 3;
  if (!msg[0] && box_r * box_c != n)
    snprintf(msg, sizeof msg, "boxes of %dx%d do not tile a board of side %d",
             box_r, box_c, n);
  else if (!msg[0] && knights > n)
    snprintf(msg, sizeof msg,
             "%d knights per unit do not fit a board of side %d (use "
             "--knights K or a 'knights K' header)", knights, n);
  if (msg[0]) {
    pz_knightdoku_def_free(d);
    return bad_part(c, part, msg);
  }
  view *v = (view *)malloc(sizeof *v);
  st = v ? pz_knightdoku_from_def(p, d, box_r, box_c, knights) : PZ_ERR_NOMEM;
  pz_knightdoku_def_free(d);
  if (!st) {
    view vv = {n, box_r, box_c, pz_puzzle_givens(*p), knights};
    *v = vv;
  }
  cli_printer want = {print_grid, print_line, NULL, value_name, v, scene, "knight", NULL};
  return cli_part_made(c, part, st, p, &want, pr);
}

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS,
      {"box", required_argument, NULL, 'b'},
      {"knights", required_argument, NULL, 'K'},
      {"card", required_argument, NULL, 'C'},
      {NULL, 0, NULL, 0}};
  static const cli_values values[] = {{"--card", cli_card_encoding_value},
                                      {NULL, NULL}};
  cli_common c;
  cli_init(&c, prog);
  c.values = values;
  /* getopt names the program by argv[0]: the short name, not the path. */
  argv[0] = (char *)prog;
  int box_r = 0, box_c = 0, knights = -1, opt;
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&c, CLI_OK);
    case 'b':
      if (cli_parse_box(optarg, PZ_KNIGHTDOKU_MAX_SIZE, &box_r, &box_c, prog))
        return CLI_USAGE;
      break;
    case 'K': {
      char *end;
      errno = 0;
      long k = strtol(optarg, &end, 10);
      if (errno || *end || end == optarg || k < 0 || k > PZ_KNIGHTDOKU_MAX_SIZE) {
        fprintf(stderr, "%s: --knights needs an integer 0..%d, not '%s'\n",
                prog, PZ_KNIGHTDOKU_MAX_SIZE, optarg);
        return CLI_USAGE;
      }
      knights = (int)k;
      break;
    }
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
  c.can_generate = 1;
  int options_rc = cli_options_done(&c);
  if (options_rc) return options_rc;
  if (c.generate) {
    if (cli_generate_form(&c, CLI_GEN_GRID,
                          "a Knightdoku is a block of lines (its header and grid)") < 0)
      return CLI_USAGE;
    if (optind < argc) {
      fprintf(stderr, "%s: --generate makes puzzles; it reads no input file "
              "(give the shape with --box and --knights)\n", prog);
      return CLI_USAGE;
    }
    if (!box_r) box_r = box_c = 3;
    if (knights < 0) knights = 3;
    if (knights > box_r * box_c) {
      fprintf(stderr, "%s: %d knights per unit do not fit a board of side "
              "%d\n", prog, knights, box_r * box_c);
      return CLI_USAGE;
    }
    pz_puzzle *p;
    int st = pz_knightdoku_new(&p, box_r, box_c, knights);
    if (!st) st = pz_puzzle_set_options(p, &c.opt);
    if (st) {
      pz_puzzle_free(p);
      return cli_fail(prog, "setting up", st, NULL);
    }
    view v = {box_r * box_c, box_r, box_c, NULL, knights};
    c.gen_scene = scene;
    int rc = cli_generate(&c, p, make_for_thread, print_puzzle, &v);
    pz_puzzle_free(p);
    return cli_exit(&c, rc);
  }

  given_shape o = {box_r, box_c, knights};
  cli_kind k = {is_header, load, &o, NULL};
  return cli_exit(&c, cli_run_parts(&c, path, &k));
}

