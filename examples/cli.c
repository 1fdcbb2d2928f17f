#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void cli_init(cli_common *c) {
  pz_options def = PZ_OPTIONS_INIT;
  memset(c, 0, sizeof *c);
  c->opt = def;
  c->mode = MODE_SOLVE;
}

static int parse_ull(const char *s, unsigned long long *out) {
  char *end;
  errno = 0;
  if (!s || !*s || *s == '-') return -1;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end) return -1;
  *out = v;
  return 0;
}

int cli_common_option(cli_common *c, int opt, const char *arg,
                      const char *prog) {
  switch (opt) {
  case 'c': c->mode = MODE_COUNT; return 1;
  case 'a': c->mode = MODE_ALL; return 1;
  case 'u': c->mode = MODE_UNIQUE; return 1;
  case 's': c->stats = 1; return 1;
  case 'D': c->dimacs = arg; return 1;
  case 'B':
    for (size_t i = 0; i < pz_backend_count(); i++)
      if (strcmp(arg, pz_backend_name(i)) == 0) {
        c->opt.backend = arg;
        return 1;
      }
    fprintf(stderr, "%s: no backend named '%s' is linked (see --version)\n",
            prog, arg);
    return -1;
  case 'k':
    if (parse_ull(arg, &c->limit) || c->limit == 0) {
      fprintf(stderr, "%s: --limit needs a positive integer, not '%s'\n", prog, arg);
      return -1;
    }
    return 1;
  case 'f':
    if (strcmp(arg, "line") == 0) c->format_line = 1;
    else if (strcmp(arg, "grid") == 0) c->format_line = 0;
    else {
      fprintf(stderr, "%s: --format is grid or line, not '%s'\n", prog, arg);
      return -1;
    }
    return 1;
  case 't': {
    char *end;
    errno = 0;
    double s = strtod(arg, &end);
    if (errno || *end || !(s >= 0) || s > 1e9) {
      fprintf(stderr, "%s: --time-limit needs seconds >= 0, not '%s'\n", prog, arg);
      return -1;
    }
    c->opt.time_limit = s;
    return 1;
  }
  case 'S':
    if (strcmp(arg, "auto") == 0) c->opt.strategy = PZ_STRATEGY_AUTO;
    else if (strcmp(arg, "fresh") == 0) c->opt.strategy = PZ_STRATEGY_FRESH;
    else if (strcmp(arg, "assume") == 0) c->opt.strategy = PZ_STRATEGY_ASSUME;
    else {
      fprintf(stderr, "%s: --strategy is auto, fresh or assume, not '%s'\n", prog, arg);
      return -1;
    }
    return 1;
  case 'E':
    if (pz_amo_encoding_from_name(arg, &c->opt.amo)) {
      fprintf(stderr, "%s: unknown encoding '%s' (auto, pairwise, ladder, "
              "commander, product, bimander, binary)\n", prog, arg);
      return -1;
    }
    return 1;
  default: return 0;
  }
}

int cli_parse_box(const char *arg, int max, int *r, int *c, const char *prog) {
  char tail;
  if (sscanf(arg, "%dx%d%c", r, c, &tail) != 2 || *r < 1 || *c < 1 ||
      *r > max || *c > max || *r * *c > max) {
    fprintf(stderr, "%s: --box needs RxC with R*C <= %d, not '%s'\n", prog,
            max, arg);
    return -1;
  }
  return 0;
}

void cli_default_box(int n, int *r, int *c) {
  *r = 1;
  for (int d = 1; d * d <= n; d++)
    if (n % d == 0) *r = d;
  *c = n / *r;
}

void cli_version(const char *prog) {
  printf("%s (pz %s)\nbackends:", prog, pz_version());
  for (size_t i = 0; i < pz_backend_count(); i++)
    printf(" %s%s", pz_backend_name(i), i == 0 ? " (default)" : "");
  printf("\n");
}

int cli_fail(const char *prog, const char *what, int status,
             const pz_parse_info *info) {
  if (info && info->message[0]) {
    if (info->line)
      fprintf(stderr, "%s: %s:%zu:%zu: %s\n", prog, what, info->line,
              info->column, info->message);
    else
      fprintf(stderr, "%s: %s: %s\n", prog, what, info->message);
  } else {
    fprintf(stderr, "%s: %s: %s\n", prog, what, pz_strerror(status));
  }
  switch (status) {
  case PZ_ERR_PARSE: case PZ_ERR_RANGE: case PZ_ERR_TOO_LARGE:
  case PZ_ERR_CONFLICT: case PZ_ERR_UNSUPPORTED:
    return CLI_BAD_INPUT;
  case PZ_ERR_BACKEND: case PZ_ERR_ARG:
    return CLI_USAGE;
  default:
    return CLI_FAILURE;
  }
}

int cli_read_text(const char *path, int expect_n, pz_text **out,
                  const char *prog) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
    return CLI_BAD_INPUT;
  }
  pz_parse_info info;
  int st = pz_text_read(out, f, expect_n, PZ_TEXT_AUTO, &info);
  if (f != stdin) fclose(f);
  return st ? cli_fail(prog, path, st, &info) : CLI_OK;
}

typedef struct print_ctx {
  const cli_printer *pr;
  const cli_common *c;
  unsigned long long n;
} print_ctx;

static int print_one(void *state, const int *grid) {
  print_ctx *pc = (print_ctx *)state;
  pc->n++;
  if (pc->c->format_line) {
    pc->pr->line(pc->pr->ctx, grid, stdout);
  } else {
    if (pc->n > 1) putchar('\n');
    pc->pr->grid(pc->pr->ctx, grid, stdout);
  }
  return 0;
}

static int write_dimacs(pz_puzzle *p, const cli_common *c, size_t index,
                        size_t total, const char *prog) {
  pz_cnf *cnf;
  int st = pz_cnf_new(&cnf);
  if (!st) st = pz_puzzle_encode(p, cnf);
  if (st) {
    pz_cnf_free(cnf);
    return cli_fail(prog, "encoding", st, NULL);
  }
  FILE *f = stdout;
  char *name = NULL;
  if (strcmp(c->dimacs, "-") != 0) {
    size_t len = strlen(c->dimacs) + 32;
    name = (char *)malloc(len);
    if (!name) {
      pz_cnf_free(cnf);
      return CLI_FAILURE;
    }
    if (total > 1) snprintf(name, len, "%s.%zu", c->dimacs, index + 1);
    else snprintf(name, len, "%s", c->dimacs);
    f = fopen(name, "w");
    if (!f) {
      fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(errno));
      free(name);
      pz_cnf_free(cnf);
      return CLI_FAILURE;
    }
  }
  st = pz_cnf_write_dimacs(cnf, f);
  if (f != stdout && fclose(f) != 0) st = PZ_ERR_IO;
  if (st) fprintf(stderr, "%s: writing %s failed\n", prog, name ? name : "stdout");
  free(name);
  pz_cnf_free(cnf);
  return st ? CLI_FAILURE : CLI_OK;
}

/* "# ..." in line format; a plain sentence in grid format. */
static void say(const cli_common *c, const char *text) {
  printf(c->format_line ? "# %s\n" : "%s\n", text);
}

int cli_run(pz_puzzle *p, const cli_common *c, const cli_printer *pr,
            size_t index, size_t total, const char *prog) {
  if (c->dimacs) return write_dimacs(p, c, index, total, prog);
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  if (pz_puzzle_check_givens(p, &info) == PZ_ERR_CONFLICT) {
    char msg[200];
    if (c->mode == MODE_COUNT) {
      printf("0\n");
      return CLI_OK;
    }
    snprintf(msg, sizeof msg, "no solution: %s", info.message);
    say(c, msg);
    return CLI_OK;
  }
  size_t cells = (size_t)pz_puzzle_rows(p) * (size_t)pz_puzzle_cols(p);
  int *grid = (int *)malloc(cells * sizeof(int));
  if (!grid) return cli_fail(prog, "solving", PZ_ERR_NOMEM, NULL);
  pz_result r;
  int st = PZ_OK;
  print_ctx pc = {pr, c, 0};
  if (c->mode == MODE_SOLVE) {
    st = pz_puzzle_solve(p, grid, &r);
    if (!st && r == PZ_SAT) print_one(&pc, grid);
    else if (!st) say(c, r == PZ_UNSAT ? "no solution" : "time limit");
  } else if (c->mode == MODE_UNIQUE) {
    int sols;
    st = pz_puzzle_unique(p, &sols, grid, &r);
    if (!st && sols == 0)
      say(c, r == PZ_UNKNOWN ? "time limit" : "no solution");
    else if (!st && c->format_line)
      sols == 1 && r != PZ_UNKNOWN ? print_one(&pc, grid)
                                   : (void)say(c, sols >= 2 ? "not unique"
                                                            : "time limit");
    else if (!st) {
      print_one(&pc, grid);
      say(c, sols >= 2 ? "not unique (2 or more solutions)"
                       : r == PZ_UNKNOWN ? "time limit before uniqueness was known"
                                         : "unique");
    }
  } else {
    uint64_t count;
    if (c->mode == MODE_COUNT)
      st = pz_puzzle_count(p, c->limit, &count, &r);
    else
      st = pz_puzzle_enumerate(p, c->limit, print_one, &pc, &count, &r);
    if (!st && c->mode == MODE_COUNT) {
      if (r == PZ_UNKNOWN)
        printf(c->format_line ? "# time limit after %llu solutions\n"
                              : "time limit after %llu solutions\n",
               (unsigned long long)count);
      else
        printf("%llu%s\n", (unsigned long long)count, r == PZ_SAT ? "+" : "");
    } else if (!st) {
      if (r == PZ_UNKNOWN) say(c, "time limit");
      if (!c->format_line)
        printf("%s%llu solution%s%s\n", count ? "\n" : "",
               (unsigned long long)count, count == 1 ? "" : "s",
               r == PZ_SAT ? " (limit reached)" : "");
      else if (count == 0 && r == PZ_UNSAT)
        say(c, "no solution");
    }
  }
  free(grid);
  if (!st && c->stats && pz_puzzle_solver(p)) {
    int vars;
    size_t clauses;
    pz_puzzle_last_size(p, &vars, &clauses);
    fprintf(stderr, "c backend %s (%s), %d variables, %zu clauses\n",
            pz_solver_backend(pz_puzzle_solver(p)),
            pz_solver_signature(pz_puzzle_solver(p)), vars, clauses);
    pz_solver_print_stats(pz_puzzle_solver(p), stderr);
  }
  return st ? cli_fail(prog, "solving", st, NULL) : CLI_OK;
}
