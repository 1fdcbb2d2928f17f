/* pz: every puzzle kind from one program, driven by the kind table
 * (<pz/kind.h>): `pz KIND [options] [FILE|-]`, `pz list`. The kind's
 * parameters become options (--box, --size, --stars, ...), its formats
 * --format words; everything else is the shared runner of cli.c. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"

/* Options for the kind's parameters: getopt values from here up. */
#define PARAM_OPT 0x1000
#define OPT_CARD 0x0fff
#define OPT_CHECK 0x0ffe
#define OPT_CONVERT 0x0ffd
#define OPT_INPUT 0x0ffc
#define CARD_HELP                                                          \
  "  --card E          at-most-k encoding: auto, seqcounter,\n"            \
  "                    totalizer or sortnet\n"                              \
  "  --check           check the answer in the input instead of solving\n" \
  "                    (a filled grid, or the marks of a file that holds\n" \
  "                    a player's answer): 'correct', 'wrong: ' and the\n"  \
  "                    rule broken, or 'incomplete: ' and an empty cell\n"  \
  "                    (exit 6)\n"                                          \
  "  --convert         write each puzzle in --format F instead of solving\n"

/* Prints text wrapped at 72 columns, each line after indent spaces. */
static void wrap(FILE *out, const char *text, int indent) {
  const int width = 72;
  int col = 0;
  for (const char *s = text; *s;) {
    while (*s == ' ') s++;
    size_t w = strcspn(s, " ");
    if (!w) break;
    if (col && col + 1 + (int)w > width) {
      putc('\n', out);
      col = 0;
    }
    if (!col) col = fprintf(out, "%*s", indent, "");
    else col += fprintf(out, " ");
    col += fprintf(out, "%.*s", (int)w, s);
    s += w;
  }
  if (col) putc('\n', out);
}

/* "--box RxC" as usage shows it. */
static void param_head(const pz_param *p, char *buf, size_t len) {
  if (p->type == PZ_PARAM_FLAG) snprintf(buf, len, "--%s", p->name);
  else snprintf(buf, len, "--%s %s", p->name, p->arg ? p->arg : "X");
}

static void print_params(FILE *out, const pz_kind *k) {
  size_t n;
  const pz_param *ps = pz_kind_params(k, &n);
  for (size_t i = 0; i < n; i++) {
    const pz_param *p = &ps[i];
    char head[64], help[512];
    param_head(p, head, sizeof head);
    int used = snprintf(help, sizeof help, "%s", p->help ? p->help : "");
    if ((p->type == PZ_PARAM_WORD || p->type == PZ_PARAM_WORDS) && p->words) {
      used += snprintf(help + used, sizeof help - (size_t)used, " (%s",
                       p->type == PZ_PARAM_WORDS ? "a list of " : "");
      for (size_t w = 0; p->words[w] && used < (int)sizeof help - 32; w++)
        used += snprintf(help + used, sizeof help - (size_t)used, "%s%s",
                         w ? ", " : "", p->words[w]);
      used += snprintf(help + used, sizeof help - (size_t)used, ")");
    } else if (p->type == PZ_PARAM_INT || p->type == PZ_PARAM_SHAPE) {
      used += snprintf(help + used, sizeof help - (size_t)used, " (%d..%d%s)",
                       p->min, p->max, p->type == PZ_PARAM_SHAPE ? " a side" : "");
    }
    if (p->fallback && used < (int)sizeof help - 32)
      used += snprintf(help + used, sizeof help - (size_t)used, "; default %s",
                       p->fallback);
    size_t na;
    const pz_param_alias *al = pz_kind_param_aliases(k, &na);
    for (size_t j = 0; j < na && used < (int)sizeof help - 32; j++)
      if (!strcmp(al[j].name, p->name))
        used += snprintf(help + used, sizeof help - (size_t)used,
                         "; also --%s", al[j].alias);
    if (strlen(head) <= 16) {
      fprintf(out, "  %-16s  ", head);
      /* The first line shares the head's line. */
      char first[80];
      size_t cut = 0, line = 0;
      const char *s = help;
      while (s[cut] && line + strlen("x") <= 52) {
        size_t w = strcspn(s + cut + (s[cut] == ' '), " ") + (s[cut] == ' ');
        if (line + w > 52) break;
        line += w, cut += w;
      }
      snprintf(first, sizeof first, "%.*s", (int)cut, s);
      fprintf(out, "%s\n", first);
      if (s[cut]) wrap(out, s + cut, 20);
    } else {
      fprintf(out, "  %s\n", head);
      wrap(out, help, 20);
    }
  }
}

static void print_formats(FILE *out, const pz_kind *k) {
  const char *const *f = pz_kind_formats(k);
  fprintf(out, "Formats (--format): ");
  for (size_t i = 0; f[i]; i++) fprintf(out, "%s%s", i ? ", " : "", f[i]);
  if (cli_json_available()) fprintf(out, ", json");
  fprintf(out, "\n");
}

static void usage_general(FILE *out) {
  fprintf(out,
          "Usage: pz KIND [options] [FILE|-]\n"
          "  or:  pz KIND --generate N [options]\n"
          "  or:  pz list\n"
          "Solves, counts, checks, rates or generates puzzles of any kind.\n"
          "Kinds:");
  for (const pz_kind *const *k = pz_kind_list(NULL); *k; k++)
    fprintf(out, " %s", pz_kind_name(*k));
  fprintf(out, "\n'pz KIND --help' gives a kind's input, parameters and "
               "options.\n\nThe kinds and their parameters:\n");
  for (const pz_kind *const *k = pz_kind_list(NULL); *k; k++) {
    fprintf(out, "%s: %s\n", pz_kind_name(*k), pz_kind_title(*k));
    print_params(out, *k);
  }
  fprintf(out, "\nOptions (every kind):\n");
  fputs(CLI_GENERATE_HELP CARD_HELP CLI_COMMON_HELP CLI_EXIT_HELP_CHECK, out);
}

static void usage_kind(FILE *out, const pz_kind *k) {
  const char *name = pz_kind_name(k);
  fprintf(out, "Usage: pz %s [options] [FILE|-]\n", name);
  /* The kind's bare argument: its positional parameter's value. */
  size_t np;
  const pz_param *ps = pz_kind_params(k, &np);
  for (size_t i = 0; i < np; i++)
    if (pz_kind_positional(k, "1") == ps[i].name)
      fprintf(out, "  or:  pz %s [options] %s   (as --%s %s)\n", name,
              ps[i].arg ? ps[i].arg : "X", ps[i].name,
              ps[i].arg ? ps[i].arg : "X");
  if (pz_kind_input_option(k))
    fprintf(out, "  or:  pz %s [options] --%s FILE|-\n", name,
            pz_kind_input_option(k));
  if (pz_kind_modes(k) & PZ_KIND_GENERATE)
    fprintf(out, "  or:  pz %s --generate N [options]\n", name);
  if (pz_kind_modes(k) & PZ_KIND_GENERATE_ON)
    fprintf(out, "  or:  pz %s --generate N [options] [FILE|-]\n"
                 "(--generate: N puzzles on the layout of FILE's puzzle)\n",
            name);
  fprintf(out, "%s.", pz_kind_title(k));
  const char *const *al = pz_kind_aliases(k);
  if (al[0]) {
    fprintf(out, " Also called:");
    for (size_t i = 0; al[i]; i++) fprintf(out, "%s %s", i ? "," : "", al[i]);
    fprintf(out, ".");
  }
  fprintf(out, "\n");
  wrap(out, pz_kind_rules(k), 0);
  fprintf(out, "Input:\n");
  wrap(out, pz_kind_input_help(k), 2);
  if (np) {
    fprintf(out, "Parameters:\n");
    print_params(out, k);
  }
  print_formats(out, k);
  fprintf(out, "Options:\n");
  if (pz_kind_modes(k) & (PZ_KIND_GENERATE | PZ_KIND_GENERATE_ON))
    fputs(CLI_GENERATE_HELP, out);
  fputs(CARD_HELP CLI_COMMON_HELP CLI_EXIT_HELP_CHECK, out);
}

/* pz list: every kind, its aliases and parameters. */
static int list_kinds(void) {
  for (const pz_kind *const *k = pz_kind_list(NULL); *k; k++) {
    printf("%s: %s", pz_kind_name(*k), pz_kind_title(*k));
    const char *const *al = pz_kind_aliases(*k);
    for (size_t i = 0; al[i]; i++) printf("%s%s", i ? ", " : " (also ", al[i]);
    printf("%s\n", al[0] ? ")" : "");
    print_params(stdout, *k);
  }
  return 0;
}

/* --list-values for the kind's word parameters (shell completion): one
 * name function per parameter slot, as cli_values has no context. */
#define MAX_WORD_PARAMS 4
static const pz_param *word_param[MAX_WORD_PARAMS];
static char word_option[MAX_WORD_PARAMS][40];
#define WORD_NAME(i)                                                         \
  static const char *word_name##i(size_t w) {                               \
    return word_param[i]->words[w];                                         \
  }
WORD_NAME(0)
WORD_NAME(1)
WORD_NAME(2)
WORD_NAME(3)
static const char *(*const word_names[MAX_WORD_PARAMS])(size_t) = {
    word_name0, word_name1, word_name2, word_name3};
static cli_values kind_values[MAX_WORD_PARAMS + 2];

static const cli_values *values_of(const pz_kind *k) {
  size_t np, n = 0;
  const pz_param *ps = pz_kind_params(k, &np);
  for (size_t i = 0; i < np && n < MAX_WORD_PARAMS; i++) {
    if ((ps[i].type != PZ_PARAM_WORD && ps[i].type != PZ_PARAM_WORDS) ||
        !ps[i].words)
      continue;
    word_param[n] = &ps[i];
    snprintf(word_option[n], sizeof word_option[n], "--%s", ps[i].name);
    kind_values[n].option = word_option[n];
    kind_values[n].name = word_names[n];
    n++;
  }
  kind_values[n].option = "--card", kind_values[n].name = cli_card_encoding_value;
  n++;
  kind_values[n].option = NULL, kind_values[n].name = NULL;
  return kind_values;
}

/* --- Running --------------------------------------------------------- */

typedef struct run_ctx {
  const pz_kind *k;
  const pz_kind_args *args;
  const char *format; /* --format for answers and puzzles (NULL: default) */
  const pz_def *layout; /* --generate on an input's layout (else NULL) */
} run_ctx;

/* A printer's context: the puzzle's definition. */
typedef struct shown {
  pz_def *def;
  const char *extra; /* the --format word of FORMAT_EXTRA */
} shown;

/* The format a puzzle is written in (--generate, --convert): --format's,
 * NULL for the kind's own. */
static const char *puzzle_format(const cli_common *c) {
  return c->format == FORMAT_LINE ? "line"
         : c->format == FORMAT_EXTRA ? c->extra_format
         : c->format == FORMAT_GRID && c->format_given ? "grid"
                                                       : NULL;
}

static void write_as(const shown *s, const int *cells, const char *format,
                     FILE *out) {
  int st = pz_def_write(s->def, cells, format, out);
  if (st == PZ_ERR_UNSUPPORTED)
    fprintf(out, "# %s cannot hold an answer\n", format ? format : "this format");
}

static void print_grid(void *ctx, const int *cells, FILE *out) {
  write_as((const shown *)ctx, cells, "grid", out);
}

static void print_line(void *ctx, const int *cells, FILE *out) {
  write_as((const shown *)ctx, cells, "line", out);
}

static void value_name(void *ctx, int value, char *buf, size_t len) {
  pz_kind_value_name(pz_def_kind(((const shown *)ctx)->def), value, buf, len);
}

static void print_extra(void *ctx, const int *cells, FILE *out) {
  const shown *s = (const shown *)ctx;
  write_as(s, cells, s->extra, out);
}

static int scene(void *ctx, const pz_puzzle *p, const int *givens,
                 const int *solution, pz_scene **out) {
  (void)p, (void)givens;
  return pz_def_scene(((const shown *)ctx)->def, solution, out);
}

static void release(void *ctx) {
  shown *s = (shown *)ctx;
  if (!s) return;
  pz_def_free(s->def);
  free(s);
}

/* --check: the verdict on the answer the input holds. */
static int run_check(void *ctx, pz_puzzle *p, const cli_common *c) {
  const shown *s = (const shown *)ctx;
  pz_verdict v = PZ_VERDICT_WRONG;
  pz_result r = PZ_UNKNOWN;
  pz_parse_info why;
  int st = pz_def_check(s->def, p, &v, &r, &why);
  if (st) return cli_fail(c->prog, "checking", st, NULL);
  if (r == PZ_UNKNOWN) {
    cli_say(c, cli_interrupted() ? "interrupted" : "time limit");
    return cli_interrupted() ? CLI_INTERRUPTED : CLI_UNKNOWN;
  }
  char msg[sizeof why.message + 16];
  snprintf(msg, sizeof msg, "%s%s",
           v == PZ_VERDICT_CORRECT ? "correct"
           : v == PZ_VERDICT_WRONG ? "wrong: "
                                   : "incomplete: ",
           v == PZ_VERDICT_CORRECT ? "" : why.message);
  cli_say(c, msg);
  return v == PZ_VERDICT_CORRECT ? CLI_OK : CLI_CHECK_FAILED;
}

/* --convert: the puzzle in --format's format. */
static int run_convert(void *ctx, pz_puzzle *p, const cli_common *c) {
  const shown *s = (const shown *)ctx;
  const char *format = puzzle_format(c);
  (void)p;
  int st = pz_def_write(s->def, NULL, format, cli_out());
  if (st == PZ_ERR_UNSUPPORTED) {
    fprintf(cli_err(), "%s: --convert: %s cannot hold this puzzle\n", c->prog,
            format ? format : "its format");
    return CLI_BAD_INPUT;
  }
  return st ? cli_fail(c->prog, "writing", st, NULL) : CLI_OK;
}

/* The printer of one puzzle of the input: its context owns d (release
 * frees both after the run). */
static int printer_of(const run_ctx *r, const cli_common *c, pz_def *d,
                      cli_printer *want) {
  shown *s = (shown *)malloc(sizeof *s);
  if (!s) {
    pz_def_free(d);
    return PZ_ERR_NOMEM;
  }
  s->def = d;
  /* The kind's answer format for this input (a .pls square's .pls) when
   * --format names none. */
  const char *answer = pz_def_answer_format(d);
  int own = !c->format_given && strcmp(answer, "grid");
  s->extra = own ? answer : c->extra_format;
  cli_printer w = {print_grid, print_line, print_extra, value_name, s, scene,
                   pz_kind_piece(r->k), release, own};
  *want = w;
  return PZ_OK;
}

/* One puzzle of the input (cli_run_parts). */
static int load(void *ctx, const cli_common *c, const cli_part *part,
                pz_puzzle **p, cli_printer *pr) {
  const run_ctx *r = (const run_ctx *)ctx;
  pz_parse_info info;
  pz_def *d = NULL;
  int st = pz_kind_parse(r->k, r->args, part->text, part->len, &d, &info);
  if (st) return cli_part_bad(c, part, st, &info);
  st = pz_def_puzzle(d, p);
  if (st) {
    pz_def_free(d);
    return cli_part_made(c, part, st, p, &(cli_printer){0}, pr);
  }
  cli_printer want = {0};
  st = printer_of(r, c, d, &want);
  return cli_part_made(c, part, st, p, &want, pr);
}

/* A thread's puzzle object kept across the parts of a file, and the
 * definition it was made from (pz_def_refill compares the rules). */
typedef struct warm_puzzle {
  pz_puzzle *p;
  pz_def *made;
} warm_puzzle;

static void warm_free(void *ctx, const cli_common *c, void *warm) {
  (void)ctx;
  warm_puzzle *w = (warm_puzzle *)warm;
  if (!w) return;
  cli_puzzle_free(c, w->p);
  pz_def_free(w->made);
  free(w);
}

/* Solving and uniqueness, the calls a file of puzzles is run for, gain
 * from a warm solver (docs/BENCHMARKS.md, "Solving 9x9 beside tdoku");
 * the other modes make a puzzle per part as before. */
static int warm_mode(const cli_common *c) {
  return (c->mode == MODE_SOLVE || c->mode == MODE_UNIQUE) && !c->dimacs;
}

/* load, but a part with the rules of the last one (same kind, layout and
 * variants) only sets its givens on the thread's puzzle object, so the
 * library's strategy can keep one solver with the rules for them all. */
static int load_warm(void *ctx, const cli_common *c, const cli_part *part,
                     void **warm, pz_puzzle **p, int *kept,
                     cli_printer *pr) {
  const run_ctx *r = (const run_ctx *)ctx;
  *kept = 0;
  if (!warm_mode(c)) return load(ctx, c, part, p, pr);
  pz_parse_info info;
  pz_def *d = NULL;
  int st = pz_kind_parse(r->k, r->args, part->text, part->len, &d, &info);
  if (st) return cli_part_bad(c, part, st, &info);
  warm_puzzle *w = (warm_puzzle *)*warm;
  int done = 0;
  if (w) st = pz_def_refill(w->made, d, w->p, &done);
  if (!st && done) {
    cli_printer want = {0};
    st = printer_of(r, c, d, &want);
    if (st) return cli_fail(c->prog, part->path, st, NULL);
    *p = w->p, *kept = 1, *pr = want;
    return CLI_OK;
  }
  if (st == PZ_ERR_RANGE) { /* givens out of range: the fresh load says so */
    pz_def_free(d);
    return load(ctx, c, part, p, pr);
  }
  if (st) {
    pz_def_free(d);
    return cli_fail(c->prog, part->path, st, NULL);
  }
  /* New rules: a new puzzle object becomes the thread's warm one, with a
   * definition of its own (d goes to the printer). */
  pz_def *made = NULL;
  pz_puzzle *q = NULL;
  st = pz_kind_parse(r->k, r->args, part->text, part->len, &made, &info);
  if (!st) st = pz_def_puzzle(d, &q);
  cli_printer want = {0};
  if (!st) st = printer_of(r, c, d, &want);
  else pz_def_free(d);
  int rc = cli_part_made(c, part, st, &q, &want, pr);
  if (rc) {
    pz_def_free(made);
    return rc;
  }
  warm_puzzle *nw = w ? w : (warm_puzzle *)calloc(1, sizeof *nw);
  if (!nw) { /* no room to keep it: this part alone */
    pz_def_free(made);
    *p = q;
    return CLI_OK;
  }
  if (w) {
    cli_puzzle_free(c, w->p);
    pz_def_free(w->made);
  }
  nw->p = q, nw->made = made;
  *warm = nw;
  *p = q, *kept = 1;
  return CLI_OK;
}

/* --- Generating ------------------------------------------------------ */

static int generate_one(void *ctx, const cli_common *c, unsigned long long i,
                        int *stop_run) {
  const run_ctx *r = (const run_ctx *)ctx;
  pz_generate_options o = c->gen;
  o.seed = c->gen.seed + i;
  pz_generate_info info;
  memset(&info, 0, sizeof info);
  pz_result stop = PZ_UNKNOWN;
  pz_def *d = NULL;
  int st = r->layout
               ? pz_def_generate(r->layout, &c->opt, &o, &d, &info, &stop)
               : pz_kind_generate(r->k, r->args, &c->opt, &o, &d, &info, &stop);
  int rc = cli_generated(c, i, st, stop, d != NULL, &info, "givens", stop_run);
  if (*stop_run || !d) {
    pz_def_free(d);
    return rc;
  }
  FILE *out = cli_out();
  const char *format = puzzle_format(c);
  /* Written aside first: a blank line goes between puzzles of several
   * lines, not between one-line ones (a Futoshiki's game id). */
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  st = mem ? pz_def_write(d, NULL, format, mem) : PZ_ERR_NOMEM;
  /* grid means the puzzle's block of lines: the kind's own layout where
   * a grid of values cannot hold the puzzle (Killer's cages). */
  if (st == PZ_ERR_UNSUPPORTED && format && !strcmp(format, "grid"))
    st = pz_def_write(d, NULL, NULL, mem);
  if (mem && fclose(mem) && !st) st = PZ_ERR_NOMEM;
  if (!st) {
    const char *nl = text ? memchr(text, '\n', len) : NULL;
    if (i && c->gen_blank_line && nl && nl + 1 < text + len) putc('\n', out);
    fwrite(text, 1, len, out);
  }
  free(text);
  if (st) {
    if (format && !strcmp(format, "line"))
      fprintf(cli_err(), "%s: --generate --format line: a %s puzzle is a "
              "block of lines; line cannot hold it\n", c->prog, pz_kind_name(r->k));
    else
      fprintf(cli_err(), "%s: --generate --format %s: %s cannot hold a %s "
              "puzzle\n", c->prog, format ? format : "?", format ? format : "?",
              pz_kind_name(r->k));
    *stop_run = 1;
    pz_def_free(d);
    return CLI_USAGE;
  }
  pz_puzzle *p = NULL;
  if (!pz_def_puzzle(d, &p)) {
    /* As the kind shows an answer (pz_kind_view), else its cells. */
    const int *sol = pz_def_solution(d);
    int rows = pz_puzzle_rows(p), cols = pz_puzzle_cols(p);
    int *seen = sol ? (int *)malloc((size_t)rows * (size_t)cols * sizeof(int))
                     : NULL;
    const int *givens = pz_puzzle_givens(p);
    int *seen_givens = seen ? (int *)malloc((size_t)rows * (size_t)cols *
                                            sizeof(int)) : NULL;
    int vr = rows, vc = cols;
    if (givens && seen_givens &&
        pz_kind_view(r->k, givens, rows, cols, seen_givens, &vr, &vc) == PZ_OK)
      givens = seen_givens;
    if (seen && pz_kind_view(r->k, sol, rows, cols, seen, &rows, &cols) == PZ_OK)
      sol = seen;
    cli_json_givens(givens, rows, cols);
    cli_json_solution(sol, rows, cols);
    free(seen);
    free(seen_givens);
    if (c->render) {
      shown s = {d, NULL};
      int rst = pz_puzzle_set_options(p, &c->opt);
      rc = cli_worse(rc, rst ? cli_fail(c->prog, "--render", rst, NULL)
                             : cli_render_add(c, scene, &s, p, i));
    }
  }
  pz_puzzle_free(p);
  pz_def_free(d);
  return rc;
}

/* --format json shows an answer as the kind has it read (Eulero: squares A
 * and B side by side); cli_json's view has no context, hence the kind
 * here. */
static const pz_kind *json_kind;

static void json_view(const pz_puzzle *p, const int *cells, int *out,
                      int *rows, int *cols) {
  pz_kind_view(json_kind, cells, pz_puzzle_rows(p), pz_puzzle_cols(p), out,
               rows, cols);
}

/* --- Options --------------------------------------------------------- */

/* Is word one of the kind's formats (not grid/line, which cli.c knows)? */
static int kind_format(const pz_kind *k, const char *word) {
  const char *const *f = pz_kind_formats(k);
  for (size_t i = 0; f[i]; i++)
    if (!strcmp(f[i], word) && strcmp(word, "grid") && strcmp(word, "line"))
      return 1;
  return 0;
}

/* "--format is grid, line, json or pls, not 'xml'". */
static void bad_format(const char *prog, const pz_kind *k, const char *word) {
  const char *const *f = pz_kind_formats(k);
  const char *last = cli_json_available() ? "json" : "line";
  for (size_t i = 0; f[i]; i++)
    if (kind_format(k, f[i])) last = f[i];
  fprintf(stderr, "%s: --format is grid", prog);
  if (strcmp(last, "line")) fprintf(stderr, ", line");
  if (cli_json_available() && strcmp(last, "json")) fprintf(stderr, ", json");
  for (size_t i = 0; f[i]; i++)
    if (kind_format(k, f[i]) && f[i] != last) fprintf(stderr, ", %s", f[i]);
  fprintf(stderr, " or %s, not '%s'\n", last, word);
}

/* Is option i (a parameter, or after the np parameters an alias) a file
 * parameter? */
static int is_file_param(const pz_param *ps, size_t np,
                         const pz_param_alias *al, size_t i) {
  const char *name = i < np ? ps[i].name : al[i - np].name;
  for (size_t j = 0; j < np; j++)
    if (!strcmp(ps[j].name, name)) return ps[j].type == PZ_PARAM_FILE;
  return 0;
}

static int usage_error(const char *prog, const pz_kind *k) {
  if (k) fprintf(stderr, "Try 'pz %s --help'.\n", pz_kind_name(k));
  else fprintf(stderr, "Try '%s --help'.\n", prog);
  return CLI_USAGE;
}

/* The kind of program pz-NAME: NAME, or NAME-BACKEND (pz-kakuro-picosat,
 * the program with one backend); NULL: none. */
static const pz_kind *kind_of_program(const char *name) {
  const pz_kind *k = pz_kind_find(name);
  const char *dash = strrchr(name, '-');
  char kind[64];
  if (k || !dash || (size_t)(dash - name) >= sizeof kind) return k;
  snprintf(kind, sizeof kind, "%.*s", (int)(dash - name), name);
  return pz_kind_find(kind);
}

int main(int argc, char **argv) {
  /* pz-KIND is pz KIND under another name. */
  const char *base = strrchr(argv[0], '/');
  base = base ? base + 1 : argv[0];
  const pz_kind *k = NULL;
  char prog[64];
  if (!strncmp(base, "pz-", 3)) k = kind_of_program(base + 3);
  if (!k) {
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
      usage_general(argc < 2 ? stderr : stdout);
      return argc < 2 ? CLI_USAGE : CLI_OK;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
      cli_version("pz");
      return CLI_OK;
    }
    if (!strcmp(argv[1], "list")) return list_kinds();
    k = pz_kind_find(argv[1]);
    if (!k) {
      fprintf(stderr, "pz: no kind '%s' (pz list names them)\n", argv[1]);
      return CLI_USAGE;
    }
    argv[1] = argv[0];
    argv++, argc--;
  }
  /* Messages name the program as it was called. */
  if (!strncmp(base, "pz-", 3)) snprintf(prog, sizeof prog, "%s", base);
  else snprintf(prog, sizeof prog, "pz %s", pz_kind_name(k));

  size_t np, na;
  const pz_param *ps = pz_kind_params(k, &np);
  const pz_param_alias *al = pz_kind_param_aliases(k, &na);
  static const struct option common[] = {CLI_COMMON_OPTIONS};
  size_t nc = sizeof common / sizeof common[0];
  struct option *longopts =
      (struct option *)calloc(nc + np + na + 5, sizeof *longopts);
  pz_kind_args *args = NULL;
  if (!longopts || pz_kind_args_new(k, &args)) {
    free(longopts);
    fprintf(stderr, "%s: out of memory\n", prog);
    return CLI_FAILURE;
  }
  memcpy(longopts, common, sizeof common);
  /* --card: the at-most-k encoding, for every kind (cardinality rules). */
  longopts[nc].name = "card";
  longopts[nc].has_arg = required_argument;
  longopts[nc].val = OPT_CARD;
  nc++;
  longopts[nc].name = "check";
  longopts[nc].val = OPT_CHECK;
  nc++;
  longopts[nc].name = "convert";
  longopts[nc].val = OPT_CONVERT;
  nc++;
  /* The kind's other spelling of FILE (Latin's --fill FILE). */
  const char *input_option = pz_kind_input_option(k), *input = NULL;
  if (input_option) {
    longopts[nc].name = input_option;
    longopts[nc].has_arg = required_argument;
    longopts[nc].val = OPT_INPUT;
    nc++;
  }
  for (size_t i = 0; i < np; i++) {
    longopts[nc + i].name = ps[i].name;
    longopts[nc + i].has_arg =
        ps[i].type == PZ_PARAM_FLAG ? no_argument : required_argument;
    longopts[nc + i].val = PARAM_OPT + (int)i;
  }
  /* A parameter's other names: the same option (pz_kind_args_set takes
   * either name; messages say the one typed). */
  for (size_t i = 0; i < na; i++) {
    size_t j = 0;
    while (j < np && strcmp(ps[j].name, al[i].name)) j++;
    if (j == np) continue; /* names no parameter: a bad table */
    longopts[nc + np + i] = longopts[nc + j];
    longopts[nc + np + i].name = al[i].alias;
    longopts[nc + np + i].val = PARAM_OPT + (int)(np + i);
  }
  cli_common c;
  cli_init(&c, prog);
  c.values = values_of(k);
  int vr, vc;
  json_kind = k;
  if (pz_kind_view(k, NULL, 0, 0, NULL, &vr, &vc) == PZ_OK)
    cli_json_set_view(json_view);
  argv[0] = prog; /* getopt names the program by argv[0] */
  int opt, rc = CLI_OK, done = 0, check = 0, convert = 0;
  while (!done &&
         (opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    if (opt >= PARAM_OPT && opt < PARAM_OPT + (int)(np + na)) {
      size_t i = (size_t)(opt - PARAM_OPT);
      pz_parse_info why;
      /* A file parameter (--regions FILE) is set to what the file holds. */
      char *text = NULL;
      size_t len;
      if (is_file_param(ps, np, al, i) &&
          (rc = cli_read_whole(optarg, &text, &len, prog)) != CLI_OK) {
        done = 1;
        continue;
      }
      int st = pz_kind_args_set(args, i < np ? ps[i].name : al[i - np].alias,
                                text ? text : optarg, &why);
      int from_file = text != NULL;
      free(text);
      if (st && from_file) {
        rc = cli_fail(prog, optarg, st, &why), done = 1;
      } else if (st) {
        fprintf(stderr, "%s: %s\n", prog, why.message);
        rc = usage_error(prog, k), done = 1;
      }
      continue;
    }
    if (opt == 'f' && kind_format(k, optarg)) c.extra_format = optarg;
    else if (opt == 'f' && strcmp(optarg, "grid") && strcmp(optarg, "line") &&
             !(cli_json_available() && !strcmp(optarg, "json"))) {
      /* The kind's formats too, which cli.c does not know. */
      bad_format(prog, k, optarg);
      rc = usage_error(prog, k), done = 1;
      continue;
    }
    if (opt == CLI_OPT_LIST_VALUES &&
        (!strcmp(optarg, "--format") || !strcmp(optarg, "format"))) {
      const char *const *f = pz_kind_formats(k);
      for (size_t i = 0; f[i]; i++) printf("%s\n", f[i]);
      if (cli_json_available()) printf("json\n");
      rc = cli_exit(&c, CLI_OK), done = 2;
      continue;
    }
    int h = cli_common_option(&c, opt, optarg);
    if (h < 0) {
      rc = usage_error(prog, k), done = 1;
      continue;
    }
    if (h) continue;
    switch (opt) {
    case OPT_CARD:
      if (pz_card_encoding_from_name(optarg, &c.opt.card)) {
        fprintf(stderr, "%s: unknown at-most-k encoding '%s' (auto, "
                "seqcounter, totalizer, sortnet)\n", prog, optarg);
        rc = usage_error(prog, k), done = 1;
      }
      break;
    case OPT_CHECK: check = 1; break;
    case OPT_CONVERT: convert = 1; break;
    case OPT_INPUT: input = optarg; break;
    case 'h': usage_kind(stdout, k); rc = cli_exit(&c, CLI_OK); done = 2; break;
    case 'V': cli_version(prog); rc = cli_exit(&c, CLI_OK); done = 2; break;
    default: rc = usage_error(prog, k); done = 1; break;
    }
  }
  const char *path = NULL;
  if (!done && cli_input_path(argc, argv, &path, prog))
    rc = usage_error(prog, k), done = 1;
  /* A bare value of the kind's positional parameter: `pz latin 7` is
   * `pz latin --order 7`, the puzzle the parameters make. */
  const char *positional =
      done || optind == argc ? NULL : pz_kind_positional(k, argv[optind]);
  if (positional) {
    pz_parse_info why;
    if (pz_kind_args_set(args, positional, argv[optind], &why)) {
      fprintf(stderr, "%s: %s\n", prog, why.message);
      rc = usage_error(prog, k), done = 1;
    }
    optind++;
    path = "-";
  }
  if (!done && input) {
    if (optind < argc || positional) {
      fprintf(stderr, "%s: unexpected argument '%s' (--%s names the input "
              "file)\n", prog, positional ? argv[optind - 1] : argv[optind],
              input_option);
      rc = usage_error(prog, k), done = 1;
    }
    path = input;
  }
  /* An input named, as FILE or through the kind's input option. */
  int named = optind < argc || input;
  unsigned modes = pz_kind_modes(k);
  /* Parameters that make puzzles alone (Latin's --random) ask for one
   * puzzle without --generate, as --generate 1 would. */
  const char *maker = done ? NULL : pz_kind_args_generate(args);
  if (maker && (c.mode_option || c.dimacs || c.cubes || c.opt.parts)) {
    fprintf(stderr, "%s: --%s makes puzzles; it excludes %s\n", prog, maker,
            c.mode_option ? c.mode_option
            : c.cubes     ? "--cubes"
            : c.dimacs    ? (c.dimacs_full ? "--dimacs-full" : "--dimacs")
                          : "--part");
    rc = usage_error(prog, k), done = 1;
  }
  if (maker && !c.generate) c.generate = 1;
  if (!done && c.mode == MODE_ESTIMATE && !(modes & PZ_KIND_ESTIMATE)) {
    fprintf(stderr, "%s: --estimate is not available for %s puzzles\n", prog,
            pz_kind_name(k));
    rc = usage_error(prog, k), done = 1;
  }
  /* Parameters that do not go together, or not with --generate's targets
   * (before cli_options_done fills in their defaults). */
  pz_parse_info why;
  if (!done && pz_kind_args_check(args, c.generate ? &c.gen : NULL, &why)) {
    fprintf(stderr, "%s: %s\n", prog, why.message);
    rc = usage_error(prog, k), done = 1;
  }
  if (!done) {
    c.can_generate = (modes & (PZ_KIND_GENERATE | PZ_KIND_GENERATE_ON)) != 0;
    int options_rc = cli_options_done(&c);
    if (options_rc) rc = options_rc, done = 1;
  }
  /* --check and --convert are modes of their own. */
  if (!done && (check || convert) &&
      (check + convert > 1 || c.mode_option || c.dimacs || c.generate ||
       (convert && c.format == FORMAT_JSON))) {
    fprintf(stderr, "%s: %s excludes %s\n", prog,
            check ? "--check" : "--convert",
            check && convert ? "--convert"
            : c.mode_option  ? c.mode_option
            : c.generate     ? "--generate"
            : c.dimacs       ? (c.dimacs_full ? "--dimacs-full" : "--dimacs")
                             : "--format json");
    rc = usage_error(prog, k), done = 1;
  }
  if (!done && c.cube_file) {
    /* The formula comes from the file: no puzzle is read. */
    if (named || check || convert) {
      fprintf(stderr, "%s: --cube-file F counts F's formula; it takes no %s\n",
              prog, named ? "puzzle input" : check ? "--check" : "--convert");
      rc = usage_error(prog, k);
    } else {
      rc = cli_exit(&c, cli_run_cube_file(&c));
    }
    done = 1;
  }
  if (check) c.mode = MODE_CHECK, c.mode_option = "--check";
  c.run_own = check ? run_check : convert ? run_convert : NULL;
  run_ctx r = {k, args, NULL, NULL};
  /* An argument that is a puzzle itself (a URL), named so in messages. */
  const char *literal = done ? NULL : pz_kind_literal(k, path);
  if (!done && c.generate && (modes & PZ_KIND_GENERATE_ON) &&
      (named || !(modes & PZ_KIND_GENERATE))) {
    /* Puzzles on the layout of the input's one puzzle. */
    char *text = NULL;
    size_t len = 0;
    pz_def *layout = NULL;
    rc = literal ? CLI_OK : cli_read_whole(path, &text, &len, prog);
    if (!rc) {
      pz_parse_info info;
      int st = pz_kind_parse(k, args, literal ? path : text,
                             literal ? strlen(path) : len, &layout, &info);
      if (st) rc = cli_fail(prog, literal ? literal : path, st, &info);
    }
    free(text);
    if (!rc) {
      r.layout = layout;
      c.gen_blank_line = c.format != FORMAT_LINE;
      rc = cli_exit(&c, cli_generate_each(&c, generate_one, &r));
    }
    pz_def_free(layout);
    done = 1;
  }
  if (!done && c.generate) {
    if (named) {
      fprintf(stderr, "%s: --generate makes puzzles; it reads no input file\n",
              prog);
      rc = usage_error(prog, k);
    } else {
      /* Puzzles of several lines: a blank line between two. */
      c.gen_blank_line = c.format != FORMAT_LINE;
      rc = cli_exit(&c, cli_generate_each(&c, generate_one, &r));
    }
    done = 1;
  }
  if (!done && !named) {
    /* No FILE: the puzzle the parameters make alone, if they make one. */
    pz_def *d = NULL;
    int st = pz_kind_blank(k, args, &d);
    pz_puzzle *p = NULL;
    if (!st) st = pz_def_puzzle(d, &p);
    if (!st) st = pz_puzzle_set_options(p, &c.opt);
    if (st != PZ_ERR_UNSUPPORTED) {
      shown s = {d, c.extra_format};
      cli_printer pr = {print_grid, print_line, print_extra, value_name, &s,
                        scene, pz_kind_piece(k), NULL, 0};
      rc = st ? cli_fail(prog, "the parameters", st, NULL)
              : cli_run(p, &c, &pr, 0, 1);
      if (st == PZ_ERR_ARG) rc = usage_error(prog, k);
      done = 1;
    }
    /* Freed (or, stopped, left to its worker) before cli_exit, which ends
     * the process at once when a puzzle was left behind. */
    cli_puzzle_free(&c, p);
    pz_def_free(d);
    if (done) rc = cli_exit(&c, rc);
  }
  if (!done) {
    cli_kind ck = {load, &r, load_warm, warm_free, k};
    rc = cli_exit(&c, literal ? cli_run_parts_text(&c, literal, path,
                                                   strlen(path), &ck)
                              : cli_run_parts(&c, path, &ck));
  }
  pz_kind_args_free(args);
  free(longopts);
  return rc;
}
