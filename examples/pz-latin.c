/* pz-latin: Latin squares of order N: one, all, a count, or completions;
 * and generated ones: completion puzzles, uniformly random squares, QWH
 * instances. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char prog[] = "pz-latin";

static void usage(FILE *out) {
  fprintf(out,
          "Usage: %s [options] N\n"
          "  or:  %s [options] --fill FILE|-\n"
          "  or:  %s --generate K [--random | --qwh H] [options] N\n"
          "Finds Latin squares of order N (1..%d). A square with no or few\n"
          "givens is completed without search at any order; counting, and\n"
          "squares with many givens, use the solver (practical to about\n"
          "order 30-50, see docs/ENCODINGS.md, \"Size budget\").\n"
          "  --reduced         first row and column in natural order\n"
          "  --fill FILE       complete partial squares: .pls files ('order N',\n"
          "                    then N rows of N symbols 0..N-1, -1 for a hole;\n"
          "                    several may follow each other; answered as .pls\n"
          "                    files unless --format says otherwise), puzzles\n"
          "                    one per line (N*N characters 1-9/A-Z, '.' or 0\n"
          "                    blank, or N*N numbers separated by blanks), as\n"
          "                    --generate prints them, or grids of N rows;\n"
          "                    '#' lines are comments: every output reads back\n"
          "  --format pls      print each square as a .pls file (symbols\n"
          "                    0..N-1); grid and line formats use 1..N, line\n"
          "                    format 1-9 characters up to order 9, else\n"
          "                    numbers separated by blanks\n"
          CLI_GENERATE_HELP
          "  --random          with --generate K (default 1): K uniformly random\n"
          "                    full squares (Jacobson-Matthews); --seed only\n"
          "  --qwh H           with --generate K (default 1): K quasigroup-with-\n"
          "                    holes instances, random squares with H holes (or\n"
          "                    H%% of the cells), as equally many in every row\n"
          "                    and column as can be; --seed only\n"
          CLI_COMMON_HELP CLI_EXIT_HELP,
          prog, prog, prog, PZ_LATIN_MAX_ORDER);
}

/* Order, and the first symbol of --dimacs maps: 1, or 0 for squares read
 * from .pls (grids and lines always write 1..N, which --fill reads back;
 * --format pls writes the .pls symbols 0..N-1). */
typedef struct shape {
  int n, base;
} shape;

#ifdef PZ_HAVE_RENDER
/* --render: the picture of a puzzle (solution NULL: the puzzle alone). */
static int scene(void *ctx, const pz_puzzle *p, const int *givens,
                 const int *solution, pz_scene **out) {
  (void)ctx;
  return pz_render_latin(out, pz_puzzle_rows(p), givens, solution);
}
#else
#define scene NULL
#endif

static void print_grid(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  pz_write_grid(out, cells, s->n, s->n, 0, 0);
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  /* One character per cell only when no symbol needs two: never ambiguous. */
  pz_write_line(out, cells, s->n, s->n,
                s->n <= 9 ? PZ_TEXT_CHARS : PZ_TEXT_INTS);
}

static void print_pls(void *ctx, const int *cells, FILE *out) {
  const shape *s = (const shape *)ctx;
  pz_pls_write(out, cells, s->n);
}

/* --generate -j N: a square like it for another thread (generation
 * takes no --reduced). */
static int make_for_thread(void *ctx, const cli_common *c, pz_puzzle **out) {
  int st = pz_latin_new(out, ((const shape *)ctx)->n, 0);
  if (!st) st = pz_puzzle_set_options(*out, &c->opt);
  if (st) {
    pz_puzzle_free(*out);
    *out = NULL;
    return cli_fail(prog, "setting up", st, NULL);
  }
  return CLI_OK;
}

static void value_name(void *ctx, int value, char *buf, size_t len) {
  const shape *s = (const shape *)ctx;
  snprintf(buf, len, "%d", value - 1 + s->base);
}

/* The squares of a --fill file, run as a batch. */
typedef struct job {
  const pz_text *text;
  const char *path;
  unsigned flags;
} job;

/* What a thread keeps: one puzzle object per order, so that a file of
 * same-order puzzles shares one solver. */
typedef struct thread_state {
  pz_puzzle *p;
  shape sh;
} thread_state;

static size_t entry_line(void *ctx, size_t i) {
  return pz_text_line(((const job *)ctx)->text, i);
}

static int run_entry(void *ctx, const cli_common *c, size_t i, void **state,
                     int *stop) {
  const job *j = (const job *)ctx;
  if (pz_text_error(j->text, i, NULL))
    return cli_bad_entry(c, j->text, i, j->path);
  thread_state *t = (thread_state *)*state;
  if (!t) {
    t = (thread_state *)calloc(1, sizeof *t);
    if (!t) return cli_fail(prog, "solving", PZ_ERR_NOMEM, NULL);
    *state = t;
  }
  int n = pz_text_size(j->text, i);
  if (!t->p || n != t->sh.n) {
    cli_puzzle_free(c, t->p);
    t->p = NULL;
    int st = pz_latin_new(&t->p, n, j->flags);
    if (!st) st = pz_puzzle_set_options(t->p, &c->opt);
    if (st) {
      pz_puzzle_free(t->p);
      t->p = NULL;
      *stop = 1;
      return cli_fail(prog, j->path, st, NULL);
    }
    t->sh.n = n;
  }
  t->sh.base = pz_text_format_of(j->text, i) == PZ_TEXT_PLS ? 0 : 1;
  int st = pz_puzzle_set_givens(t->p, pz_text_cells(j->text, i));
  if (st) {
    char msg[100];
    int rc = cli_fail(prog, j->path, st, NULL);
    snprintf(msg, sizeof msg, "error: line %zu: %s", pz_text_line(j->text, i),
             pz_strerror(st));
    cli_say(c, msg);
    return rc;
  }
  cli_printer pr = {print_grid, print_line, print_pls, value_name, &t->sh, scene, NULL, NULL};
  return cli_run(t->p, c, &pr, i, pz_text_count(j->text));
}

static void free_thread(void *ctx, const cli_common *c, void *state) {
  (void)ctx;
  thread_state *t = (thread_state *)state;
  cli_puzzle_free(c, t->p);
  free(t);
}

/* Relabels a square so that its first row, then its first column, read
 * 1..n: the reduced square of its class (uniform among reduced squares
 * when the square is uniform: each stands for n! (n-1)! squares). */
static void reduce(int *sq, int n, int *tmp) {
  for (int c = 0; c < n; c++) tmp[sq[c] - 1] = c; /* column of symbol v */
  for (int r = 0; r < n; r++) {
    int *row = tmp + n;
    for (int v = 0; v < n; v++) row[v] = sq[r * n + tmp[v]];
    memcpy(sq + r * n, row, (size_t)n * sizeof(int));
  }
  for (int r = 0; r < n; r++) tmp[sq[r * n] - 1] = r; /* row starting v */
  int *out = tmp + 2 * n;
  for (int v = 0; v < n; v++)
    memcpy(out + v * n, sq + tmp[v] * n, (size_t)n * sizeof(int));
  memcpy(sq, out, (size_t)n * n * sizeof(int));
}

/* A made square or puzzle in the --format asked: .pls, a grid or a line. */
static void print_generated(const cli_common *c, const shape *sh,
                            const int *cells, FILE *out) {
  if (c->format == FORMAT_EXTRA) print_pls((void *)sh, cells, out);
  else if (c->gen_blank_line) print_grid((void *)sh, cells, out);
  else print_line((void *)sh, cells, out);
}

/* --random and --qwh: c->generate squares or instances, square K from
 * seed S + K - 1. holes < 0: full squares. Returns the exit code. */
static int make_squares(cli_common *c, int n, int holes, unsigned flags) {
  size_t cells = (size_t)n * n;
  int *sq = (int *)malloc((cells + 2 * (size_t)n + cells) * sizeof(int));
  if (!sq) return cli_fail(prog, "generating", PZ_ERR_NOMEM, NULL);
  shape sh = {n, 1};
  int rc = CLI_OK;
  for (unsigned long long i = 0; i < c->generate && !rc; i++) {
    if (cli_stopped(c)) {
      rc = cli_interrupted() ? CLI_INTERRUPTED : CLI_UNKNOWN;
      fprintf(stderr, "%s: %s after %llu of %llu\n", prog,
              rc == CLI_UNKNOWN ? "time limit reached" : "interrupted", i,
              c->generate);
      break;
    }
    uint64_t seed = c->gen.seed + i;
    int st = holes < 0 ? pz_latin_random(n, seed, sq)
                       : pz_latin_qwh(n, holes, seed, sq, NULL);
    if (st) {
      rc = cli_fail(prog, "generating", st, NULL);
      break;
    }
    if (flags & PZ_LATIN_REDUCED) reduce(sq, n, sq + cells);
    if (i && c->gen_blank_line) putc('\n', stdout);
    print_generated(c, &sh, sq, stdout);
    rc = cli_output_error(c);
  }
  free(sq);
  return rc;
}

/* --qwh H or H%: holes of an order-n square; -1 (message printed) when it
 * is not one. */
static int parse_holes(const char *arg, int n) {
  char *end;
  errno = 0;
  long v = *arg >= '0' && *arg <= '9' ? strtol(arg, &end, 10) : -1;
  long cells = (long)n * n;
  if (v >= 0 && !errno && *end == '%' && !end[1] && v <= 100)
    return (int)((v * cells + 50) / 100);
  if (v >= 0 && !errno && !*end && v <= cells) return (int)v;
  fprintf(stderr, "%s: --qwh needs a number of holes from 0 to %ld (the "
          "cells of an order-%d square) or a percentage 0%%..100%%, not "
          "'%s'\n", prog, cells, n, arg);
  return -1;
}

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS,
      {"reduced", no_argument, NULL, 'R'},
      {"fill", required_argument, NULL, 'F'},
      {"random", no_argument, NULL, 'X'},
      {"qwh", required_argument, NULL, 'Q'},
      {NULL, 0, NULL, 0}};
  cli_common c;
  cli_init(&c, prog);
  c.extra_format = "pls";
  /* getopt names the program by argv[0]: the short name, not the path. */
  argv[0] = (char *)prog;
  unsigned flags = 0;
  const char *fill = NULL, *qwh = NULL;
  int opt, random = 0;
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&c, CLI_OK);
    case 'R': flags |= PZ_LATIN_REDUCED; break;
    case 'F': fill = optarg; break;
    case 'X': random = 1; break;
    case 'Q': qwh = optarg; break;
    default: usage(stderr); return CLI_USAGE;
    }
  }
  const char *maker = random ? "--random" : qwh ? "--qwh" : NULL;
  if (random && qwh) {
    fprintf(stderr, "%s: --random and --qwh exclude each other\n", prog);
    return CLI_USAGE;
  }
  if (maker && (c.mode_option || c.dimacs || c.cubes || c.opt.parts)) {
    fprintf(stderr, "%s: %s makes squares; it excludes %s\n", prog, maker,
            c.mode_option ? c.mode_option
            : c.cubes     ? "--cubes"
            : c.dimacs    ? (c.dimacs_full ? "--dimacs-full" : "--dimacs")
                          : "--part");
    return CLI_USAGE;
  }
  if (maker && (c.gen.symmetry || c.gen.difficulty || c.gen.givens ||
                c.gen.minimal > 0)) {
    fprintf(stderr, "%s: %s takes --seed only, not --symmetry, --difficulty, "
            "--givens or --minimal (no puzzle is made unique)\n", prog, maker);
    return CLI_USAGE;
  }
  if (maker && !c.generate) c.generate = 1;
  if (c.generate && fill) {
    fprintf(stderr, "%s: %s makes squares; it reads no --fill file (give "
            "the order)\n", prog, maker ? maker : "--generate");
    return CLI_USAGE;
  }
  /* A completion puzzle unique only among reduced squares would not be
   * unique read back without --reduced; a QWH instance is defined on the
   * uniform square. */
  if ((flags & PZ_LATIN_REDUCED) && c.generate && !random) {
    fprintf(stderr, "%s: --reduced goes with --random only, not with %s\n",
            prog, qwh ? "--qwh" : "--generate's completion puzzles");
    return CLI_USAGE;
  }
  c.can_generate = 1;
  int options_rc = cli_options_done(&c);
  if (options_rc) return options_rc;
  if (c.generate && cli_generate_form(&c, CLI_GEN_LINE | CLI_GEN_GRID, "") < 0)
    return CLI_USAGE;
  int n = 0;
  if (fill) {
    if (optind != argc) {
      fprintf(stderr, "%s: unexpected argument '%s' (--fill FILE gives the "
              "order; see --help)\n", prog, argv[optind]);
      return CLI_USAGE;
    }
    pz_text *text;
    int rc = cli_read_batch(fill, 0, &text, prog);
    if (rc) return rc;
    /* A .pls file answers in .pls unless --format says otherwise. */
    if (pz_text_format_of(text, 0) == PZ_TEXT_PLS && !c.format_given)
      c.format = FORMAT_EXTRA;
    job j = {text, fill, flags};
    cli_batch b = {pz_text_count(text), entry_line, run_entry, free_thread,
                   &j};
    rc = cli_run_batch(&c, &b);
    pz_text_free(text);
    return cli_exit(&c, rc);
  }
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
  if (maker) {
    int holes = qwh ? parse_holes(qwh, n) : -1;
    if (qwh && holes < 0) return CLI_USAGE;
    return cli_exit(&c, make_squares(&c, n, holes, flags));
  }
  pz_puzzle *p;
  int st = pz_latin_new(&p, n, flags);
  if (!st) st = pz_puzzle_set_options(p, &c.opt);
  if (st) {
    pz_puzzle_free(p);
    return cli_fail(prog, "order", st, NULL);
  }
  shape sh = {n, 1};
  int rc;
  if (c.generate) {
    c.gen_scene = scene;
    rc = cli_generate(&c, p, make_for_thread,
                      c.format == FORMAT_EXTRA ? print_pls
                      : c.gen_blank_line       ? print_grid
                                               : print_line, &sh);
  } else {
    cli_printer pr = {print_grid, print_line, print_pls, value_name, &sh, scene, NULL, NULL};
    rc = cli_run(p, &c, &pr, 0, 1);
  }
  cli_puzzle_free(&c, p);
  return cli_exit(&c, rc);
}
