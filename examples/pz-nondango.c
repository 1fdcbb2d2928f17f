/* pz-nondango: solve, count, enumerate or check a Nondango puzzle given as
 * a puzz.link URL, a pzprv3 file or a region grid plus a circle grid. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char prog[] = "pz-nondango";

static void usage(FILE *out) {
  fprintf(out,
          "Usage: %s [options] [FILE|URL|pzprv3/...|-]\n"
          "Reads Nondango puzzles and solves each. Input: a puzz.link URL\n"
          "(https://puzz.link/p?nondango/COLS/ROWS/BODY, on the command line or\n"
          "in the file), a puzz.link pzprv3 file (or its one-line form with '/'\n"
          "between lines, as an argument), or a region grid (one label\n"
          "per cell), a blank line and a circle grid ('o' circle, '.' none,\n"
          "'w'/'b' a circle given white/black). Output: '#' black circle,\n"
          "'o' white circle, '.' no circle. A FILE may hold several: URLs one\n"
          "per line, pzprv3 files and grid puzzles with a blank line after\n"
          "each (--check and --url take one).\n"
          "  --marks           keep the colours marked in a pzprv3 file ('#'\n"
          "                    black, '%%' white) as givens (the grid format's\n"
          "                    'b' and 'w' are always givens)\n"
          "  --check           check the answer marked in the input ('#' or 'b'\n"
          "                    black, every other circle white) instead of\n"
          "                    solving\n"
          "  --pzprv3          print solutions as puzz.link pzprv3 files\n"
          "  --url             print the puzzle as a puzz.link URL and stop\n"
          "With --generate N: N puzzles for FILE's regions and circles (its\n"
          "colours dropped), the givens circles given white or black, each in\n"
          "the grid format (a URL has no given colours), a blank line between\n"
          "two.\n"
          CLI_GENERATE_HELP CLI_COMMON_HELP CLI_EXIT_HELP_CHECK,
          prog);
}

typedef struct shape {
  int rows, cols, pzprv3;
  const int *regions;
  const pz_nondango_def *def; /* --generate -j N: another puzzle of it */
} shape;

#ifdef PZ_HAVE_RENDER
/* --render: the picture of a puzzle (solution NULL: the puzzle alone). */
static int scene(void *ctx, const pz_puzzle *p, const int *givens,
                 const int *solution, pz_scene **out) {
  (void)ctx;
  return pz_render_nondango(out, pz_puzzle_rows(p), pz_puzzle_cols(p),
                            pz_nondango_regions(p, NULL), givens, solution);
}
#else
#define scene NULL
#endif

static void print_grid(void *ctx, const int *cells, FILE *out) {
  shape *s = (shape *)ctx;
  if (s->pzprv3) pz_nondango_write_pzprv3(out, s->regions, cells, s->rows, s->cols);
  else pz_nondango_write_grid(out, cells, s->rows, s->cols);
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  shape *s = (shape *)ctx;
  pz_nondango_write_line(out, cells, s->rows, s->cols);
}

static void value_name(void *ctx, int value, char *buf, size_t len) {
  (void)ctx;
  snprintf(buf, len, "%s", value == PZ_NONDANGO_BLACK ? "black"
                           : value == PZ_NONDANGO_WHITE ? "white" : "?");
}

/* Reads the puzzle from a file, stdin ("-") or the argument itself when it
 * is a URL. Returns an exit code. */
static int read_def(const char *arg, pz_nondango_def **d) {
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  int st;
  const char *what = arg;
  if (strncmp(arg, "pzprv3/", 7) == 0) {
    /* The one-line form of a pzprv3 file, lines separated by '/'. */
    what = "pzprv3 argument";
    st = pz_nondango_parse(arg, strlen(arg), PZ_NONDANGO_PZPRV3, d, &info);
  } else if (strchr(arg, '?') || strstr(arg, "://") ||
             strncmp(arg, "nondango/", 9) == 0) {
    what = "URL";
    st = pz_nondango_parse(arg, strlen(arg), PZ_NONDANGO_URL, d, &info);
  } else {
    FILE *f;
    int rc = cli_open(arg, &f, prog);
    if (rc) return rc;
    st = pz_nondango_read(f, PZ_NONDANGO_AUTO, d, &info);
    if (st == PZ_ERR_IO && !info.message[0])
      snprintf(info.message, sizeof info.message, "reading failed: %s",
               strerror(errno));
    cli_close(f);
  }
  return st ? cli_fail(prog, what, st, &info) : CLI_OK;
}

/* Where the next puzzle of an input starts (cli_run_parts): a URL or a
 * pzprv3 file after anything, anything after a URL, and after a blank
 * line anything after a pzprv3 file or both grids of a grid puzzle. */
static int url_like(const char *s, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (s[i] == '?' || (s[i] == ':' && i + 2 < len && s[i + 1] == '/' && s[i + 2] == '/'))
      return 1;
  return len >= 9 && !strncmp(s, "nondango/", 9);
}

static int starts(const char *line, size_t len, const char *first,
                  size_t first_len, int blocks, int after_blank) {
  return url_like(line, len) || (len >= 6 && !strncmp(line, "pzprv3", 6)) ||
         url_like(first, first_len) ||
         (after_blank && (blocks >= 2 || !strncmp(first, "pzprv3", 6)));
}

/* One puzzle of the input (cli_run_parts); ctx: the --marks flags. */
static int load(void *ctx, const cli_common *c, const cli_part *part,
                pz_puzzle **p, cli_printer *pr) {
  const shape *opt = (const shape *)ctx;
  pz_nondango_def *d = NULL;
  pz_parse_info info;
  int st = pz_nondango_parse(part->text, part->len, PZ_NONDANGO_AUTO, &d, &info);
  if (st) return cli_part_bad(c, part, st, &info);
  int rows = pz_nondango_def_rows(d), cols = pz_nondango_def_cols(d);
  size_t cells = (size_t)rows * (size_t)cols;
  /* The printer's shape with its own copy of the regions. */
  shape *sh = (shape *)malloc(sizeof *sh + cells * sizeof(int));
  st = sh ? pz_nondango_from_def(p, d, (unsigned)opt->rows) : PZ_ERR_NOMEM;
  if (!st) {
    int *regions = (int *)(sh + 1);
    memcpy(regions, pz_nondango_def_regions(d, NULL), cells * sizeof(int));
    shape s1 = {rows, cols, opt->pzprv3, regions, NULL};
    *sh = s1;
  }
  pz_nondango_def_free(d);
  cli_printer want = {print_grid, print_line, NULL, value_name, sh, scene, NULL, NULL};
  return cli_part_made(c, part, st, p, &want, pr);
}

/* --check: the verdict on the answer marked in the input. */
static int check_answer(const pz_nondango_def *d, const cli_common *c) {
  int rc = CLI_OK;
  pz_puzzle *p;
  int st = pz_nondango_from_def(&p, d, 0);
  if (st) return cli_fail(prog, "checking", st, NULL);
  size_t cells = (size_t)pz_nondango_def_rows(d) * (size_t)pz_nondango_def_cols(d);
  int *answer = (int *)malloc(cells * sizeof(int));
  if (!answer) {
    pz_puzzle_free(p);
    return cli_fail(prog, "checking", PZ_ERR_NOMEM, NULL);
  }
  pz_nondango_verdict v;
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  st = pz_nondango_def_answer(d, answer);
  if (!st) st = pz_nondango_check(p, answer, &v, &info);
  if (!st) {
    char msg[sizeof info.message + 16];
    snprintf(msg, sizeof msg, v == PZ_NONDANGO_CORRECT ? "correct" : "wrong: %s",
             info.message);
    cli_say(c, msg);
    if (v != PZ_NONDANGO_CORRECT) rc = CLI_CHECK_FAILED;
  }
  free(answer);
  pz_puzzle_free(p);
  return st ? cli_fail(prog, "checking", st, NULL) : rc;
}

static int make_for_thread(void *ctx, const cli_common *c, pz_puzzle **out) {
  int st = pz_nondango_from_def(out, ((const shape *)ctx)->def, 0);
  if (!st) st = pz_puzzle_set_options(*out, &c->opt);
  if (st) {
    pz_puzzle_free(*out);
    *out = NULL;
    return cli_fail(prog, "setting up", st, NULL);
  }
  return CLI_OK;
}

/* One character per region in the grid format. */
static const char labels[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_";

/* --generate: each puzzle in the grid format (a URL has no given
 * colours): the region grid, a blank line, the circles; a blank line
 * between two puzzles. */
static void print_puzzle(void *ctx, const int *givens, FILE *out) {
  shape *s = (shape *)ctx;
  for (int r = 0; r < s->rows; r++) {
    for (int c = 0; c < s->cols; c++) putc(labels[s->regions[r * s->cols + c]], out);
    putc('\n', out);
  }
  putc('\n', out);
  for (int i = 0; i < s->rows * s->cols; i++) {
    putc(".obw"[givens[i] & 3], out);
    if (i % s->cols == s->cols - 1) putc('\n', out);
  }
}

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      CLI_COMMON_OPTIONS,
      {"marks", no_argument, NULL, 'm'},
      {"check", no_argument, NULL, 'C'},
      {"pzprv3", no_argument, NULL, 'P'},
      {"url", no_argument, NULL, 'U'},
      {NULL, 0, NULL, 0}};
  cli_common c;
  cli_init(&c, prog);
  /* getopt names the program by argv[0]: the short name, not the path. */
  argv[0] = (char *)prog;
  int opt, marks = 0, check = 0, pzprv3 = 0, url = 0;
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&c, CLI_OK);
    case 'm': marks = 1; break;
    case 'C': check = 1; break;
    case 'P': pzprv3 = 1; break;
    case 'U': url = 1; break;
    default: usage(stderr); return CLI_USAGE;
    }
  }
  const char *path;
  if (cli_input_path(argc, argv, &path, prog)) return CLI_USAGE;
  if (check + url > 1 || ((check || url) && (c.mode_option || c.dimacs))) {
    fprintf(stderr, "%s: %s excludes %s\n", prog, check ? "--check" : "--url",
            check && url ? "--url"
            : c.mode_option ? c.mode_option
                            : c.dimacs_full ? "--dimacs-full" : "--dimacs");
    return CLI_USAGE;
  }
  if (pzprv3 && (url || check || c.format != FORMAT_GRID || c.dimacs)) {
    fprintf(stderr, "%s: --pzprv3 is a format for solutions; it excludes %s\n",
            prog, url ? "--url" : check ? "--check"
                  : c.dimacs ? "--dimacs" : "--format");
    return CLI_USAGE;
  }
  c.can_generate = 1;
  int options_rc = cli_options_done(&c);
  if (options_rc) return options_rc;
  if (c.generate && (check || url || pzprv3 || marks)) {
    fprintf(stderr, "%s: --generate makes puzzles for FILE's regions and "
            "circles; it excludes %s\n", prog, check ? "--check" : url ? "--url"
            : pzprv3 ? "--pzprv3" : "--marks");
    return CLI_USAGE;
  }
  if (!c.generate && !check && !url && strncmp(path, "pzprv3/", 7) &&
      !url_like(path, strlen(path))) {
    shape o = {marks ? (int)PZ_NONDANGO_USE_MARKS : 0, 0, pzprv3, NULL, NULL};
    cli_kind k = {starts, load, &o, NULL};
    return cli_exit(&c, cli_run_parts(&c, path, &k));
  }
  pz_nondango_def *d;
  int rc = read_def(path, &d);
  if (rc) return rc;
  if (check || url) {
    if (check) rc = check_answer(d, &c);
    else {
      int st = pz_nondango_write_url(stdout, pz_nondango_def_regions(d, NULL),
                                     pz_nondango_def_cells(d),
                                     pz_nondango_def_rows(d),
                                     pz_nondango_def_cols(d));
      /* A failed write is reported by cli_exit, with the reason. */
      if (st && st != PZ_ERR_IO) rc = cli_fail(prog, "writing the URL", st, NULL);
    }
    pz_nondango_def_free(d);
    return cli_exit(&c, rc);
  }
  pz_puzzle *p;
  int st = pz_nondango_from_def(&p, d, marks ? PZ_NONDANGO_USE_MARKS : 0);
  if (!st) st = pz_puzzle_set_options(p, &c.opt);
  if (st) {
    pz_nondango_def_free(d);
    return cli_fail(prog, "setting up", st, NULL);
  }
  shape sh = {pz_nondango_def_rows(d), pz_nondango_def_cols(d), pzprv3,
              pz_nondango_def_regions(d, NULL), d};
  int nreg;
  pz_nondango_def_regions(d, &nreg);
  if (c.generate && nreg > (int)sizeof labels - 1) {
    fprintf(stderr, "%s: --generate writes one character per region: at "
            "most %d regions, not %d\n", prog, (int)sizeof labels - 1, nreg);
    rc = CLI_USAGE;
  } else if (c.generate &&
             cli_generate_form(&c, CLI_GEN_GRID, "a puzz.link URL cannot "
                               "hold the given colours; a puzzle is printed "
                               "as its region and circle grids") < 0) {
    rc = CLI_USAGE;
  } else if (c.generate) {
    c.gen_scene = scene;
    rc = cli_generate(&c, p, make_for_thread, print_puzzle, &sh);
  }
  if (c.generate) {
    pz_puzzle_free(p);
    pz_nondango_def_free(d);
    return cli_exit(&c, rc);
  }
  cli_printer pr = {print_grid, print_line, NULL, value_name, &sh, scene, NULL, NULL};
  rc = cli_run(p, &c, &pr, 0, 1);
  cli_puzzle_free(&c, p);
  pz_nondango_def_free(d);
  return cli_exit(&c, rc);
}
