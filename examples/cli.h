/* Shared command-line plumbing for the example programs: common options,
 * and one runner for solve / --all / --count / --unique / --dimacs that
 * every puzzle program uses. Examples use only the public API. */
#ifndef PZ_CLI_H
#define PZ_CLI_H

#include <getopt.h>
#include <stdio.h>

#include <pz.h>

/* Documented exit codes. */
enum { CLI_OK = 0, CLI_USAGE = 1, CLI_BAD_INPUT = 2, CLI_FAILURE = 3 };

typedef enum { MODE_SOLVE, MODE_ALL, MODE_COUNT, MODE_UNIQUE } cli_mode;

typedef struct cli_common {
  pz_options opt;
  cli_mode mode;
  unsigned long long limit; /* --limit K (0 = none) */
  int format_line;          /* --format line */
  const char *dimacs;       /* --dimacs OUT */
  int stats;                /* --stats: backend statistics to stderr */
} cli_common;

/* Long options every program accepts; append program options after. */
#define CLI_COMMON_OPTIONS                                   \
  {"help", no_argument, NULL, 'h'},                          \
      {"version", no_argument, NULL, 'V'},                   \
      {"count", no_argument, NULL, 'c'},                     \
      {"all", no_argument, NULL, 'a'},                       \
      {"limit", required_argument, NULL, 'k'},               \
      {"unique", no_argument, NULL, 'u'},                    \
      {"format", required_argument, NULL, 'f'},              \
      {"backend", required_argument, NULL, 'B'},             \
      {"time-limit", required_argument, NULL, 't'},          \
      {"dimacs", required_argument, NULL, 'D'},              \
      {"strategy", required_argument, NULL, 'S'},            \
      {"encoding", required_argument, NULL, 'E'},            \
      {"stats", no_argument, NULL, 's'}
#define CLI_COMMON_HELP                                                        \
  "  --count           print the number of solutions (with --limit as cap)\n" \
  "  --all             print every solution (with --limit K: at most K)\n"     \
  "  --limit K         stop after K solutions\n"                               \
  "  --unique          say whether the solution is unique\n"                   \
  "  --format F        grid (default, readable) or line (one line each)\n"     \
  "  --backend NAME    solver to use (see --version for the linked ones)\n"   \
  "  --time-limit S    give up after S seconds per puzzle\n"                   \
  "  --dimacs OUT      write the CNF to OUT ('-' = stdout) instead of\n"       \
  "                    solving; with several puzzles OUT.1, OUT.2, ...\n"      \
  "  --strategy S      auto, fresh or assume (solver reuse across puzzles)\n"  \
  "  --encoding E      at-most-one encoding: auto, pairwise, ladder, ...\n"   \
  "  --stats           print solver statistics to stderr\n"                    \
  "  --help, --version\n"                                                      \
  "Exit codes: 0 done (\"no solution\" is an answer), 1 usage error,\n"        \
  "2 bad input (the message names line and column), 3 failure.\n"

void cli_init(cli_common *c);
/* Handles a common option; returns 1 if handled, 0 if not a common one,
 * -1 on a bad value (message printed). 'h' and 'V' are left to the caller. */
int cli_common_option(cli_common *c, int opt, const char *arg, const char *prog);
/* Prints the version and the linked backends. */
void cli_version(const char *prog);
/* Reports a library error and returns the exit code for it. */
int cli_fail(const char *prog, const char *what, int status,
             const pz_parse_info *info);

/* How a program prints one grid. */
typedef struct cli_printer {
  void (*grid)(void *ctx, const int *cells, FILE *out); /* readable */
  void (*line)(void *ctx, const int *cells, FILE *out); /* one line */
  void *ctx;
} cli_printer;

/* Runs the selected mode on a puzzle whose givens are set, printing to
 * stdout. index numbers the puzzle (for --dimacs with several puzzles:
 * pass total > 1). Returns an exit code. */
int cli_run(pz_puzzle *p, const cli_common *c, const cli_printer *pr,
            size_t index, size_t total, const char *prog);

/* Parses a box shape "RxC" with R*C <= max into *r, *c; prints a message
 * and returns -1 when it is not one. */
int cli_parse_box(const char *arg, int max, int *r, int *c, const char *prog);
/* The default box of an n x n grid: square, or the most square R x C with
 * R <= C (6 -> 2x3). */
void cli_default_box(int n, int *r, int *c);

/* Reads a whole file ("-" = stdin) as puzzle text. */
int cli_read_text(const char *path, int expect_n, pz_text **out,
                  const char *prog);

#endif
