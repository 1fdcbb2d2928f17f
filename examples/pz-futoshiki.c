/* pz-futoshiki: solve, count or enumerate Futoshiki puzzles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"

static const char prog[] = "pz-futoshiki";

static void usage(FILE *out) {
  fprintf(out,
          "Usage: %s [options] [FILE|-]\n"
          "Reads a Futoshiki puzzle and solves it: every row and column holds\n"
          "1..n once and every sign between two neighbours holds. Input: a grid\n"
          "of 2n-1 lines, rows of cells ('.' or '0' blank, else the value) with\n"
          "'<' or '>' between two cells, and between two rows a line with '^'\n"
          "(upper cell less) or 'v' (upper cell greater) under a cell; or an\n"
          "sgt-unequal game id such as '4:1,0,0R,...', one per line for several\n"
          "puzzles. '#' lines are comments. Output: the solution grid with the\n"
          "signs; --format line: the values of a row after another (one digit a\n"
          "cell up to order 9, else numbers separated by blanks); --format sgt:\n"
          "the solution as a game id.\n"
          "  --order N         with --generate: the order (default 5)\n"
          "With --generate N: N puzzles with one solution each, signs and\n"
          "digits both generated, as sgt-unequal game ids, one per line\n"
          "(--format grid: the grid, a blank line between two).\n"
          CLI_GENERATE_HELP CLI_COMMON_HELP CLI_EXIT_HELP,
          prog);
}

typedef struct view {
  const pz_futoshiki_def *d;
  int n;                   /* --render: order and signs */
  const int *right, *down;
} view;

#ifdef PZ_HAVE_RENDER
/* --render: the picture of a puzzle (solution NULL: the puzzle alone). */
static int scene(void *ctx, const pz_puzzle *p, const int *givens,
                 const int *solution, pz_scene **out) {
  const view *v = (const view *)ctx;
  (void)p;
  return pz_render_futoshiki(out, v->n, v->right, v->down, givens, solution);
}
#else
#define scene NULL
#endif

static void print_grid(void *ctx, const int *cells, FILE *out) {
  const pz_futoshiki_def *d = ((const view *)ctx)->d;
  pz_futoshiki_write_grid(out, cells, pz_futoshiki_def_order(d),
                          pz_futoshiki_def_right(d), pz_futoshiki_def_down(d));
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  int n = pz_futoshiki_def_order(((const view *)ctx)->d);
  pz_write_line(out, cells, n, n, n <= 9 ? PZ_TEXT_CHARS : PZ_TEXT_INTS);
}

static void print_sgt(void *ctx, const int *cells, FILE *out) {
  const pz_futoshiki_def *d = ((const view *)ctx)->d;
  pz_futoshiki_write_sgt(out, cells, pz_futoshiki_def_order(d),
                         pz_futoshiki_def_right(d), pz_futoshiki_def_down(d));
}

/* The whole input ("-" = stdin). */
static int read_input(const char *path, char **buf, size_t *len) {
  FILE *f;
  int rc = cli_open(path, &f, prog);
  if (rc) return rc;
  size_t cap = 1 << 16, n = 0;
  char *b = (char *)malloc(cap);
  while (b) {
    if (n == cap) {
      char *nb = (char *)realloc(b, cap *= 2);
      if (!nb) free(b);
      b = nb;
      if (!b) break;
    }
    size_t got = fread(b + n, 1, cap - n, f);
    n += got;
    if (!got) break;
  }
  int bad = ferror(f);
  cli_close(f);
  if (!b || bad) {
    fprintf(stderr, "%s: %s: %s\n", prog, path,
            b ? "reading failed" : "out of memory");
    free(b);
    return CLI_FAILURE;
  }
  *buf = b;
  *len = n;
  return CLI_OK;
}

/* One line of the input: where it starts, its length, its number. */
typedef struct span {
  const char *s;
  size_t len, no;
} span;

static int blank(int ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

/* Lines that are neither blank nor comments, into *out. */
static size_t meaningful_lines(const char *buf, size_t len, span **out) {
  size_t count = 0, no = 0;
  *out = NULL;
  for (size_t i = 0; i < len;) {
    size_t j = i;
    while (j < len && buf[j] != '\n') j++;
    no++;
    size_t k = i;
    if (no == 1 && j - i >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) k += 3;
    while (k < j && blank((unsigned char)buf[k])) k++;
    if (k < j && buf[k] != '#') {
      span *o = (span *)realloc(*out, (count + 1) * sizeof(span));
      if (!o) {
        free(*out);
        *out = NULL;
        return (size_t)-1;
      }
      *out = o;
      o[count].s = buf + i;
      o[count].len = j - i;
      o[count++].no = no;
    }
    i = j + 1;
  }
  return count;
}

/* Whether a line opens with "N[letters]:", an sgt-unequal game id. */
static int is_sgt_id(const span *l) {
  size_t i = 0;
  if (l->no == 1 && l->len >= 3 && !memcmp(l->s, "\xef\xbb\xbf", 3)) i = 3;
  while (i < l->len && blank((unsigned char)l->s[i])) i++;
  size_t d = i;
  while (i < l->len && l->s[i] >= '0' && l->s[i] <= '9') i++;
  if (i == d) return 0;
  while (i < l->len && ((l->s[i] >= 'a' && l->s[i] <= 'z') ||
                        (l->s[i] >= 'A' && l->s[i] <= 'Z')))
    i++;
  return i < l->len && l->s[i] == ':';
}

/* The cells of a grid's row line: runs of characters other than blanks
 * and the signs between cells ('<', '>'). */
static int row_cells(const char *s, size_t len) {
  int cells = 0, in = 0;
  size_t i = len >= 3 && !memcmp(s, "\xef\xbb\xbf", 3) ? 3 : 0;
  for (; i < len; i++) {
    int sep = blank((unsigned char)s[i]) || s[i] == '<' || s[i] == '>';
    if (!sep && !in) cells++;
    in = !sep;
  }
  return cells;
}

/* Grids one after another into *out, each a span of its 2n-1 lines (n the
 * cells of its first row; comment lines do not count, as in the reader),
 * so that a blank line between two grids is not taken for a line of
 * signs. Returns their number, (size_t)-1 when out of memory. */
static size_t grid_parts(const char *buf, size_t len, span **out) {
  size_t count = 0, no = 0, need = 0, have = 0;
  *out = NULL;
  for (size_t i = 0; i < len;) {
    size_t j = i;
    while (j < len && buf[j] != '\n') j++;
    no++;
    size_t k = i;
    while (k < j && blank((unsigned char)buf[k])) k++;
    int empty = k == j, comment = k < j && buf[k] == '#';
    if (!comment && !need && !empty) {
      span *o = (span *)realloc(*out, (count + 1) * sizeof(span));
      if (!o) {
        free(*out);
        *out = NULL;
        return (size_t)-1;
      }
      *out = o;
      o[count].s = buf + i;
      o[count++].no = no;
      need = 2 * (size_t)row_cells(buf + i, j - i) - 1, have = 0;
    }
    if (!comment && need) {
      (*out)[count - 1].len = (size_t)(buf + j - (*out)[count - 1].s);
      if (++have == need) need = 0;
    }
    i = j + 1;
  }
  return count;
}

/* The batch: one puzzle, or a game id a line, or grids one after another. */
typedef struct job {
  const char *buf;
  size_t len;
  const span *lines;
  size_t total; /* several game ids: their number; else 1 */
  int batch;
  const char *path;
} job;

/* The line puzzle i starts on: a batch's own line; the one puzzle of a
 * file starts on its first meaningful line (line 1 when there is none). */
static size_t entry_line(void *ctx, size_t i) {
  const job *j = (const job *)ctx;
  if (j->batch) return j->lines[i].no;
  return j->lines ? j->lines[0].no : 1;
}

/* Parses and solves puzzle i. */
static int run_entry(void *ctx, const cli_common *c, size_t i, void **state,
                     int *stop) {
  const job *j = (const job *)ctx;
  (void)state;
  pz_futoshiki_def *d;
  pz_parse_info info;
  if (j->batch) cli_json_entry_text(j->lines[i].s, j->lines[i].len);
  else cli_json_entry_text(j->buf, j->len);
  int st = j->batch ? pz_futoshiki_parse(j->lines[i].s, j->lines[i].len, &d, &info)
                    : pz_futoshiki_parse(j->buf, j->len, &d, &info);
  if (st) {
    if (j->batch && info.line) info.line += j->lines[i].no - 1;
    int rc = cli_fail(prog, j->path, st, &info);
    if (j->batch || c->format == FORMAT_LINE || c->mode == MODE_COUNT ||
        c->format == FORMAT_JSON) {
      char msg[220];
      snprintf(msg, sizeof msg, "error: line %zu: %s", info.line, info.message);
      cli_say(c, msg);
    }
    if (st == PZ_ERR_NOMEM || st == PZ_ERR_IO) *stop = 1;
    return rc;
  }
  pz_puzzle *p;
  int rc;
  st = pz_futoshiki_from_def(&p, d);
  if (!st) st = pz_puzzle_set_options(p, &c->opt);
  if (st) {
    pz_puzzle_free(p);
    rc = cli_fail(prog, j->path, st, NULL);
  } else {
    view v = {d, pz_futoshiki_def_order(d), pz_futoshiki_def_right(d),
              pz_futoshiki_def_down(d)};
    cli_printer pr = {print_grid, print_line, print_sgt, NULL, &v, scene, NULL, NULL};
    rc = cli_run(p, c, &pr, i, j->total);
    cli_puzzle_free(c, p);
  }
  pz_futoshiki_def_free(d);
  return rc;
}

/* --generate: what every puzzle shares. */
typedef struct gen_shape {
  int n, grid;
} gen_shape;

/* Puzzle i + 1 (seed S + i), printed through the batch's streams. */
static int generate_one(void *ctx, const cli_common *c, unsigned long long i,
                        int *stop_run) {
  const gen_shape *g = (const gen_shape *)ctx;
  int n = g->n;
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
  int st = pz_futoshiki_generate(n, &c->opt, &o, mem, mem + cells,
                                 mem + 2 * cells, mem + 3 * cells, &info, &stop);
  rc = cli_generated(c, i, st, stop, stop != PZ_UNKNOWN || info.givens, &info,
                     "clues", stop_run);
  if (!*stop_run) {
    FILE *out = cli_out();
    if (g->grid && i) putc('\n', out);
    if (g->grid)
      pz_futoshiki_write_grid(out, mem, n, mem + cells, mem + 2 * cells);
    else
      pz_futoshiki_write_sgt(out, mem, n, mem + cells, mem + 2 * cells);
    cli_json_solution(mem + 3 * cells, n, n);
    if (c->render) {
      /* --render: the puzzle object the picture (and its solution) needs. */
      pz_puzzle *p = NULL;
      view v = {NULL, n, mem + cells, mem + 2 * cells};
      int rst = pz_futoshiki_new(&p, n, mem + cells, mem + 2 * cells);
      if (!rst) rst = pz_puzzle_set_givens(p, mem);
      if (!rst) rst = pz_puzzle_set_options(p, &c->opt);
      rc = cli_worse(rc, rst ? cli_fail(prog, "--render", rst, NULL)
                             : cli_render_add(c, scene, &v, p, i));
      pz_puzzle_free(p);
    }
    if (c->stats)
      fprintf(cli_err(), "%s: puzzle %llu: seed %llu, %d clues, %u tries\n",
              prog, i + 1, (unsigned long long)o.seed, info.givens, info.tries);
  }
  free(mem);
  return rc;
}

int main(int argc, char **argv) {
  static const struct option longopts[] = {CLI_COMMON_OPTIONS,
                                           {"order", required_argument, NULL, 'O'},
                                           {NULL, 0, NULL, 0}};
  cli_common c;
  cli_init(&c, prog);
  c.extra_format = "sgt";
  /* getopt names the program by argv[0]: the short name, not the path. */
  argv[0] = (char *)prog;
  int opt, order = 0;
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    int h = cli_common_option(&c, opt, optarg);
    if (h < 0) return CLI_USAGE;
    if (h) continue;
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&c, CLI_OK);
    case 'O': {
      char *end;
      long v = strtol(optarg, &end, 10);
      if (*end || end == optarg || v < 1 || v > 64) {
        fprintf(stderr, "%s: --order needs an order from 1 to 64, not '%s'\n",
                prog, optarg);
        return CLI_USAGE;
      }
      order = (int)v;
      break;
    }
    default: usage(stderr); return CLI_USAGE;
    }
  }
  const char *path;
  if (cli_input_path(argc, argv, &path, prog)) return CLI_USAGE;
  c.can_generate = 1;
  int options_rc = cli_options_done(&c);
  if (options_rc) return options_rc;
  if (order && !c.generate) {
    fprintf(stderr, "%s: --order goes with --generate\n", prog);
    return CLI_USAGE;
  }
  if (c.generate) {
    if (optind < argc) {
      fprintf(stderr, "%s: --generate makes puzzles; it reads no input file "
              "(give the size with --order)\n", prog);
      return CLI_USAGE;
    }
    /* An sgt-unequal game id is the one-line form (--format line or sgt). */
    int form = cli_generate_form(&c, CLI_GEN_LINE | CLI_GEN_GRID, "");
    if (form < 0) return CLI_USAGE;
    gen_shape g = {order ? order : 5, form == CLI_GEN_GRID};
    return cli_exit(&c, cli_generate_each(&c, generate_one, &g));
  }

  char *buf;
  size_t len;
  int rc = read_input(path, &buf, &len);
  if (rc) return rc;
  span *lines;
  size_t count = meaningful_lines(buf, len, &lines);
  if (count == (size_t)-1) {
    free(buf);
    return cli_fail(prog, path, PZ_ERR_NOMEM, NULL);
  }
  /* Several game ids: one puzzle a line. Several grids: a puzzle each.
   * Anything else: one puzzle. */
  int batch = count > 1 && is_sgt_id(&lines[0]);
  if (count > 1 && !batch) {
    span *grids;
    size_t n = grid_parts(buf, len, &grids);
    if (n == (size_t)-1) {
      free(lines);
      free(buf);
      return cli_fail(prog, path, PZ_ERR_NOMEM, NULL);
    }
    if (n > 1) {
      free(lines);
      lines = grids, count = n, batch = 1;
    } else {
      free(grids);
    }
  }
  job j = {buf, len, lines, batch ? count : 1, batch, path};
  cli_batch b = {j.total, entry_line, run_entry, NULL, &j};
  rc = cli_run_batch(&c, &b);
  free(lines);
  free(buf);
  return cli_exit(&c, rc);
}
