/* Shared command-line plumbing for the example programs: common options,
 * and one runner for solve / --all / --count / --unique / --dimacs that
 * every puzzle program uses. Examples use only the public API. */
#ifndef PZ_CLI_H
#define PZ_CLI_H

#include <getopt.h>
#include <stdio.h>

#include <pz.h>

struct pz_scene; /* <pz/render.h>, for --render */
#ifdef PZ_HAVE_RENDER
#include <pz/render.h>
#endif

/* Documented exit codes (README "Programs", CLI_EXIT_HELP). 1-3 are
 * errors, 4-6 runs that ended without the answer asked for. */
enum {
  CLI_OK = 0,
  CLI_USAGE = 1,
  CLI_BAD_INPUT = 2,
  CLI_FAILURE = 3,
  CLI_UNKNOWN = 4,     /* time limit reached: no answer */
  CLI_NOT_UNIQUE = 5,  /* --unique: two or more solutions */
  CLI_CHECK_FAILED = 6, /* --check: the answer breaks a rule */
  CLI_INTERRUPTED = 130 /* SIGINT: partial results printed, run stopped */
};

/* The code of a batch: the worse of a and b, in the order
 * 130 > 3 > 2 > 4 > 6 > 5 > 0 (1 never reaches a batch). */
int cli_worse(int a, int b);

typedef enum {
  MODE_SOLVE, MODE_ALL, MODE_COUNT, MODE_UNIQUE,
  MODE_RATE,   /* --rate: the weakest reasoning that solves it */
  MODE_HINT,   /* --hint: the next placement and why */
  MODE_EXPLAIN, /* --explain: every step */
  MODE_CANDIDATES, /* --candidates: each cell's values over all solutions
                      (with --limit: how many solutions show each) */
  MODE_ESTIMATE, /* --estimate: a sampled count with its error */
  MODE_CHECK    /* --check (the programs that have it): a verdict on the
                   answer in the input, one line a puzzle */
} cli_mode;

typedef enum {
  FORMAT_GRID,  /* readable grid (default) */
  FORMAT_LINE,  /* one line per answer */
  FORMAT_EXTRA, /* the program's own format (cli_common.extra_format) */
  FORMAT_JSON   /* one JSON object per puzzle and line (docs/JSON.md) */
} cli_format;

/* An option's words for --list-values (shell completion): name(i) for
 * i = 0, 1, ... until NULL. */
typedef struct cli_values {
  const char *option; /* "--variant" */
  const char *(*name)(size_t i);
} cli_values;

typedef struct cli_common {
  pz_options opt;
  cli_mode mode;
  const char *mode_option;  /* the option that set mode, for conflicts */
  unsigned long long limit; /* --limit K (0 = none) */
  cli_format format;
  int format_given;         /* --format was given (not the default) */
  const char *extra_format; /* a third --format name this program knows */
  const char *dimacs;       /* --dimacs OUT / --dimacs-full OUT */
  int dimacs_full;          /* the unsimplified formula */
  int stats;                /* --stats: backend statistics to stderr */
  double time_limit;        /* --time-limit: for the whole run, 0 = none */
  double start;             /* CLOCK_MONOTONIC seconds at cli_init */
  const char *prog;
  unsigned long long cubes; /* --cubes N: iCNF with N cubes (0 = none) */
  const char *cube_file;    /* --cube-file F: count F's formula ... */
  unsigned long long cube;  /* ... under its cube K (--cube K; 0 = none) */
  int progress;             /* --progress 1, --no-progress 0, -1 = TTY */
  int jobs;                 /* -j N: threads (>= 1; also opt.threads) */
  unsigned long long generate; /* --generate N: make N puzzles (0 = no) */
  pz_generate_options gen;  /* --seed, --symmetry, --difficulty, --givens,
                               --minimal */
  int gen_options;          /* a generation option was given */
  int seed_given;           /* --seed (for --generate or --estimate) */
  pz_estimate_options est;  /* --estimate: --samples, --precision, --seed */
  int can_generate;         /* the program takes --generate (set before
                               cli_options_done) */
  const cli_values *values;  /* the program's own options' words (set
                               before parsing; ends with {NULL, NULL}) */
  int gen_blank_line;       /* generated puzzles are several lines each:
                               a blank line between two */
  const char *render;       /* --render FILE (examples/cli_render.c) */
  int render_solutions;     /* --render-solutions */
  /* --generate --render: the scene of a generated puzzle, called with
   * cli_generate's ctx (set before cli_generate; NULL: none). */
  int (*gen_scene)(void *ctx, const pz_puzzle *p, const int *givens,
                   const int *solution, struct pz_scene **out);
  /* A mode the program runs itself (pz --check, --convert): when set,
   * cli_run calls it with the printer's ctx instead of the selected
   * mode; an exit code. */
  int (*run_own)(void *ctx, pz_puzzle *p, const struct cli_common *c);
} cli_common;

/* Long-only options (no short letter a program could take). */
enum {
  CLI_OPT_ENUMERATE = 0x300,
  CLI_OPT_PART,
  CLI_OPT_CUBES,
  CLI_OPT_PROGRESS,
  CLI_OPT_NO_PROGRESS,
  CLI_OPT_GENERATE,
  CLI_OPT_SEED,
  CLI_OPT_SYMMETRY,
  CLI_OPT_DIFFICULTY,
  CLI_OPT_GIVENS,
  CLI_OPT_MINIMAL,
  CLI_OPT_RATE,
  CLI_OPT_HINT,
  CLI_OPT_EXPLAIN,
  CLI_OPT_LIST_VALUES,
  CLI_OPT_RENDER,
  CLI_OPT_RENDER_SOLUTIONS,
  CLI_OPT_ESTIMATE,
  CLI_OPT_SAMPLES,
  CLI_OPT_PRECISION,
  CLI_OPT_CANDIDATES,
  CLI_OPT_CUBE_FILE,
  CLI_OPT_CUBE
};

/* The short options every program accepts (getopt_long's optstring). */
#define CLI_SHORT_OPTIONS "hVj:"
/* Largest -j N. */
#define CLI_MAX_JOBS 1024

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
      {"dimacs-full", required_argument, NULL, 'G'},         \
      {"strategy", required_argument, NULL, 'S'},            \
      {"encoding", required_argument, NULL, 'E'},            \
      {"stats", no_argument, NULL, 's'},                     \
      {"enumerate", required_argument, NULL, CLI_OPT_ENUMERATE}, \
      {"part", required_argument, NULL, CLI_OPT_PART},       \
      {"cubes", required_argument, NULL, CLI_OPT_CUBES},     \
      {"cube-file", required_argument, NULL, CLI_OPT_CUBE_FILE}, \
      {"cube", required_argument, NULL, CLI_OPT_CUBE},       \
      {"progress", no_argument, NULL, CLI_OPT_PROGRESS},     \
      {"no-progress", no_argument, NULL, CLI_OPT_NO_PROGRESS}, \
      {"jobs", required_argument, NULL, 'j'},                \
      {"generate", required_argument, NULL, CLI_OPT_GENERATE}, \
      {"seed", required_argument, NULL, CLI_OPT_SEED},       \
      {"symmetry", required_argument, NULL, CLI_OPT_SYMMETRY}, \
      {"difficulty", required_argument, NULL, CLI_OPT_DIFFICULTY}, \
      {"givens", required_argument, NULL, CLI_OPT_GIVENS},   \
      {"minimal", no_argument, NULL, CLI_OPT_MINIMAL},        \
      {"rate", no_argument, NULL, CLI_OPT_RATE},              \
      {"hint", no_argument, NULL, CLI_OPT_HINT},              \
      {"explain", no_argument, NULL, CLI_OPT_EXPLAIN},        \
      {"candidates", no_argument, NULL, CLI_OPT_CANDIDATES},  \
      {"list-values", required_argument, NULL, CLI_OPT_LIST_VALUES}, \
      {"render", required_argument, NULL, CLI_OPT_RENDER},    \
      {"render-solutions", no_argument, NULL, CLI_OPT_RENDER_SOLUTIONS}, \
      {"estimate", no_argument, NULL, CLI_OPT_ESTIMATE},      \
      {"samples", required_argument, NULL, CLI_OPT_SAMPLES},  \
      {"precision", required_argument, NULL, CLI_OPT_PRECISION}
/* --list-values, in every program's --help (pz-bench's too). */
#define CLI_LIST_VALUES_HELP                                                 \
  "  --list-values OPT\n"                                                   \
  "                    print the words option OPT takes, one per line\n"   \
  "                    (for shell completion)\n"
#define CLI_COMMON_HELP                                                        \
  "  --count           print the number of solutions (with --limit as cap)\n" \
  "  --all             print every solution (with --limit K: at most K)\n"     \
  "  --limit K         with --count or --all: stop after K solutions\n"        \
  "  --unique          say whether the solution is unique\n"                   \
  "  --estimate        estimate the number of solutions by sampling, with\n" \
  "                    its standard error and 95% interval (docs/COUNTING.md);\n"\
  "                    stops at --samples N, --precision P% (the interval's\n"\
  "                    half-width), --time-limit or Ctrl-C; --seed S\n"      \
  "  --rate            print the weakest reasoning that solves it: singles,\n"\
  "                    probing, deep-probing or search (docs/GENERATE.md)\n"\
  "  --hint            print the next cell a person could fill in, and why\n"\
  "  --explain         print every step of the solution by that reasoning\n"\
  "  --candidates      print each cell's true candidates: the values it\n"  \
  "                    holds in at least one solution; with --limit K,\n"  \
  "                    how many solutions show each value (up to K)\n"     \
  "                    (--count, --all, --unique, --estimate, --rate,\n"  \
  "                    --hint, --explain and --candidates exclude each\n" \
  "                    other)\n"                                           \
  "  --format F        grid (default, readable) or line (one line each;\n"     \
  "                    with --all, a '# puzzle K (line L)' line before each\n" \
  "                    puzzle's solutions when the input holds several)\n"     \
  "                    or json (one JSON object per puzzle, docs/JSON.md)\n" \
  "  --backend NAME    solver to use (see --version for the linked ones)\n"   \
  "                    exec:PROGRAM runs a solver program (docs/BACKENDS.md;\n" \
  "                    one not found is a usage error, exit 1)\n"             \
  "  --time-limit S    give up after S seconds for the whole run (reading,\n" \
  "                    encoding, solving every puzzle)\n"                     \
  "  --dimacs OUT      write the CNF to OUT ('-' = stdout) instead of\n"       \
  "                    solving, simplified by the givens, after 'c var V\n"   \
  "                    rRcC=X' lines mapping variables to cells; with\n"       \
  "                    several puzzles OUT.1, OUT.2, ...\n"                    \
  "  --dimacs-full OUT as --dimacs, the whole formula: every rule, and the\n" \
  "                    givens as unit clauses\n"                              \
  "  --strategy S      auto, fresh or assume (solver reuse across puzzles)\n"  \
  "  --encoding E      at-most-one encoding: auto, pairwise, ladder, ...\n"   \
  "  --stats           print solver statistics to stderr\n"                    \
  "  --enumerate M     how --count/--all walk solutions: auto (default),\n"  \
  "                    dpll, disjoint or blocking (docs/PARALLEL.md)\n"      \
  "  --part K/N        with --count or --all: only part K of the N\n"        \
  "                    disjoint parts of the solutions (parts add up)\n"     \
  "  --cubes N         write the formula and N disjoint cubes as iCNF\n"     \
  "                    (to --dimacs OUT, else stdout) instead of solving\n"  \
  "  --cube-file F     with --count: count the formula of the DIMACS or\n"  \
  "                    iCNF file F (its 'c p show' projection) instead of\n" \
  "                    a puzzle; --cube K: under F's K-th cube only\n"       \
  "  --progress        show progress on stderr (default: when a terminal);\n"\
  "                    --no-progress: never\n"                               \
  "  -j, --jobs N      N threads (0 = one per CPU): a file's puzzles are\n"   \
  "                    solved N at a time, answers in input order; one\n"    \
  "                    puzzle is counted or solved with N threads\n"          \
  CLI_LIST_VALUES_HELP                                                        \
  "  --render FILE     draw the puzzles of the run to FILE.svg, .png or\n" \
  "                    .pdf (several: A4 sheets of six; docs/RENDER.md)\n" \
  "  --render-solutions\n"                                                  \
  "                    with --render: the solutions too, on pages after\n" \
  "                    the puzzles\n"                                       \
  "  --help, --version\n"
/* The generation options, for the programs that take them. */
#define CLI_GENERATE_HELP                                                    \
  "  --generate N      make N puzzles with exactly one solution, printed\n" \
  "                    as this program reads them (the form is above)\n"   \
  "  --seed S          first seed (puzzle K uses S + K - 1; default 1)\n"   \
  "  --symmetry X      none, rotate180, rotate90, mirror or diagonal\n"      \
  "  --difficulty L    singles, probing, deep-probing or search: the\n"     \
  "                    weakest reasoning that must solve it (new tries\n"   \
  "                    until one rates so)\n"                               \
  "  --givens K        stop at K givens (not minimal); with --minimal, a\n" \
  "                    minimal puzzle of at most K givens\n"                \
  "  --minimal         no given can go (the default without --givens)\n"
#define CLI_EXIT_HELP_HEAD                                                   \
  "\nExit status:\n"                                                       \
  "  0 done (\"no solution\" is an answer), 1 usage error (options, an\n"   \
  "  exec: program not found), 2 bad input (the message names file, line\n" \
  "  and column), 3 failure (I/O, memory, solver), 4 time limit reached\n" \
  "  (answer unknown), 5 not unique\n"
#define CLI_EXIT_HELP                                                        \
  CLI_EXIT_HELP_HEAD                                                         \
  "  (--unique), 130 interrupted (Ctrl-C: partial results printed,\n"       \
  "  marked so). With several puzzles the worst code wins: 3, 2, 4, 5, 0.\n"
/* For the programs that have --check. */
#define CLI_EXIT_HELP_CHECK                                                  \
  CLI_EXIT_HELP_HEAD                                                         \
  "  (--unique), 6 check failed (--check), 130 interrupted (Ctrl-C:\n"       \
  "  partial results printed, marked so). With several puzzles the worst\n"  \
  "  code wins: 3, 2, 4, 6, 5, 0.\n"

/* How --generate prints a puzzle: the kind's one-line form (--format
 * line, and the program's own format when that is one line, as
 * sgt-unequal ids are) or its block of lines (--format grid). */
enum { CLI_GEN_LINE = 1, CLI_GEN_GRID = 2, CLI_GEN_GRID_DEFAULT = 4 };
/* --format for --generate means what it means for answers: line is one
 * line a puzzle, grid a block of lines (a blank line between two), json
 * one object a puzzle. forms: the CLI_GEN_* bits the kind can print; the
 * line form is the default where there is one, unless
 * CLI_GEN_GRID_DEFAULT. Returns the form to print (json: the
 * default, for the object's "puzzle" text) and sets c->gen_blank_line;
 * -1 after a message when --format asks for a form the kind has not. */
int cli_generate_form(cli_common *c, int forms, const char *why_not);

/* --generate: makes c->generate puzzles of p's kind and rules, puzzle K
 * with seed c->gen.seed + K - 1, and prints each (pz_puzzle_givens) with
 * print (a blank line between two when c->gen_blank_line); returns the
 * exit code. With -j N, N threads generate in parallel, each on a puzzle
 * object of its own from make (ctx, the thread's options in c; an exit
 * code, 0 when *out was made; NULL make: one thread); the output is the
 * same as one thread's. */
int cli_generate(cli_common *c, pz_puzzle *p,
                 int (*make)(void *ctx, const cli_common *c, pz_puzzle **out),
                 void (*print)(void *ctx, const int *cells, FILE *out),
                 void *ctx);

/* Generates puzzle i + 1 (seed c->gen.seed + i) on p and prints it as
 * cli_generate does, through cli_out() / cli_err() (a batch thread's own
 * streams); *stop_batch set: the run ends. Returns the exit code. */
int cli_generate_one(const cli_common *c, pz_puzzle *p, unsigned long long i,
                     void (*print)(void *ctx, const int *cells, FILE *out),
                     void *ctx, int *stop_batch);

/* What generating puzzle i + 1 came to (st: the call's status, stop: its
 * *stop, made: a puzzle came out; clues names what info->givens counts),
 * said on cli_err(): an error, rules without a solution or nothing made
 * (time limit) set *stop_run and print nothing more; a puzzle that misses
 * the targets is to be printed all the same. Returns the exit code. */
int cli_generated(const cli_common *c, unsigned long long i, int st,
                  pz_result stop, int made, const pz_generate_info *info,
                  const char *clues, int *stop_run);

/* --generate for kinds made without a puzzle object: one(ctx, c, K - 1,
 * &stop) makes and prints puzzle K through cli_out() / cli_err() (seed
 * c->gen.seed + K - 1; *stop set ends the run), for K = 1..c->generate,
 * on c->jobs threads with the output of one thread. The exit code. */
int cli_generate_each(const cli_common *c,
                      int (*one)(void *ctx, const cli_common *c,
                                 unsigned long long i, int *stop),
                      void *ctx);

/* An estimate as the plain output prints it (a static buffer per thread):
 * "estimate 5.353e+11 \u00b1 2.6e+09 (95%: 5.302e+11 .. 5.404e+11), 1234
 * samples, 60.0 s". */
const char *cli_estimate_text(const pz_estimate *e);

/* Starts the clock (--time-limit counts from here) and sets defaults. */
void cli_init(cli_common *c, const char *prog);
/* Handles a common option; returns 1 if handled, 0 if not a common one,
 * -1 on a bad value (message printed). 'h' and 'V' are left to the caller. */
int cli_common_option(cli_common *c, int opt, const char *arg);
/* After the options: refuses conflicting ones (message printed, returns
 * CLI_USAGE) and a --render file that cannot be written (CLI_FAILURE),
 * and arms the program-wide deadline and the Ctrl-C handler through the
 * terminate callback in c->opt; 0 when the run can start. */
int cli_options_done(cli_common *c);
/* 1 once the --time-limit deadline has passed or Ctrl-C was pressed. */
int cli_stopped(const cli_common *c);
/* 1 once Ctrl-C was pressed. */
int cli_interrupted(void);
/* Clears the progress line (when one was shown) before an answer. */
void cli_end_progress(const cli_common *c);
/* --cube-file F [--cube K] (examples/cli_cubes.c): reads F, counts its
 * models (under cube K), prints the count; an exit code. */
int cli_run_cube_file(const cli_common *c);
/* Prints the version and the linked backends. */
void cli_version(const char *prog);

/* --list-values: prints the words `option` takes (c->values first, then
 * the common options'); nothing for an option without a word list
 * (examples/cli_complete.c). */
void cli_list_values(const cli_common *c, const char *option);
/* The name of strategy i (a pz_strategy: "auto", "fresh", "assume"),
 * NULL past the last; --strategy reads these. */
const char *cli_strategy_name(size_t i);
/* Name i of the at-most-k encodings (--card), NULL past the last. */
const char *cli_card_encoding_value(size_t i);
/* Where output goes: stdout and stderr, except on a batch's worker
 * thread (cli_run_batch), where they are the current puzzle's captured
 * output. Everything a program prints for a puzzle goes through these. */
FILE *cli_out(void);
FILE *cli_err(void);
/* Reports a library error (to cli_err()) and returns the exit code for it. */
int cli_fail(const char *prog, const char *what, int status,
             const pz_parse_info *info);
/* Flushes and closes stdout; a failed write anywhere (a full disk, a
 * closed pipe) turns rc into CLI_FAILURE with a message. Returns the
 * program's exit code. */
int cli_exit(const cli_common *c, int rc);
/* Frees p at the end of a run; after the deadline or Ctrl-C it leaves p
 * to the operating system instead (a large solver takes seconds to free,
 * past the time limit) and cli_exit then ends the process at once. */
void cli_puzzle_free(const cli_common *c, pz_puzzle *p);
/* 0 while stdout has taken every write; else prints why once and returns
 * CLI_FAILURE. */
int cli_output_error(const cli_common *c);

/* How a program prints one grid. */
typedef struct cli_printer {
  void (*grid)(void *ctx, const int *cells, FILE *out);  /* readable */
  void (*line)(void *ctx, const int *cells, FILE *out);  /* one line */
  void (*extra)(void *ctx, const int *cells, FILE *out); /* --format extra */
  /* A cell value as the program writes it, for --dimacs maps; NULL: the
   * number. */
  void (*value_name)(void *ctx, int value, char *buf, size_t len);
  void *ctx;
  /* --render: the scene of p (givens, and solution or NULL) into *out;
   * a status. NULL: the program cannot draw. */
  int (*scene)(void *ctx, const pz_puzzle *p, const int *givens,
               const int *solution, struct pz_scene **out);
  /* Cells that hold a piece or not (value 1 or 0: "star", "knight"):
   * steps read "star at r1c2" / "no star at r1c2". NULL: values. */
  const char *piece;
  /* Frees ctx after the run; NULL: free(). */
  void (*release)(void *ctx);
  /* 1: answers in extra's format when --format names none (a .pls
   * square answers in .pls, as a file of that format: no summary line). */
  int answers_extra;
} cli_printer;

/* Runs the selected mode on a puzzle whose givens are set, printing to
 * stdout. index numbers the puzzle (for --dimacs with several puzzles:
 * pass total > 1). Returns an exit code. */
int cli_run(pz_puzzle *p, const cli_common *c, const cli_printer *pr,
            size_t index, size_t total);
/* --candidates' answer for one puzzle (examples/cli_candidates.c). */
typedef struct cli_candidates {
  unsigned char *possible; /* pz_puzzle_candidates' layout */
  uint64_t *counts;        /* with --limit, else NULL */
  uint64_t cap;
  uint64_t solves;
  pz_result stop;
  int values;              /* max_value + 1: entries a cell */
} cli_candidates;
/* Finds them (cap: c->limit); a library status, *out freed on failure. */
int cli_candidates_find(pz_puzzle *p, const cli_common *c,
                        cli_candidates *out);
void cli_candidates_free(cli_candidates *x);
/* --candidates in grid or line format (examples/cli_candidates.c): prints
 * the answer for p; the exit code, *st a library failure. */
int cli_run_candidates(pz_puzzle *p, const cli_common *c,
                       const cli_printer *pr, int *st);
/* A value as the printer names it, else the number. */
void cli_value_text(const cli_printer *pr, int value, char *buf, size_t len);

/* The placeholder for a puzzle that is not run (a bad entry, or the
 * deadline has passed): "# TEXT" in line format, TEXT otherwise. */
void cli_say(const cli_common *c, const char *text);

/* A batch: the entries (puzzles) of one input, run in input order. */
typedef struct cli_batch {
  size_t total;                        /* number of entries */
  /* The input line of entry i, for "# puzzle K (line L)" headers. */
  size_t (*line)(void *ctx, size_t i);
  /* Runs entry i with options c, printing through cli_run, cli_say,
   * cli_fail (or cli_out() / cli_err()); returns its exit code. *state is
   * the calling thread's (NULL at first; e.g. a puzzle object kept for
   * the next entry of the same shape). Setting *stop, or returning 1, 3
   * or 130, ends the batch after this entry. */
  int (*run)(void *ctx, const cli_common *c, size_t i, void **state,
             int *stop);
  /* Frees a thread's state at the end (not called for NULL). */
  void (*free_state)(void *ctx, const cli_common *c, void *state);
  void *ctx;
} cli_batch;
/* Runs a batch; returns the worst exit code (cli_worse). With c->jobs > 1
 * and several entries, c->jobs threads run entries in order, each with its
 * own options (opt.threads 1) and state, hence its own solver; what entry
 * i prints is held until every entry before it is written, then written
 * as it comes (output identical to one thread's, see README). */
int cli_run_batch(const cli_common *c, const cli_batch *b);

/* One puzzle's text in an input of several (cli_run_parts). */
typedef struct cli_part {
  const char *path;   /* the input's name, for messages */
  const char *text;   /* its bytes (not NUL-terminated), len of them */
  size_t len;
  size_t line;        /* the input line the part starts at */
  size_t index, total;
} cli_part;

/* A kind of the table whose inputs can hold several puzzles. */
typedef struct cli_kind {
  /* Parses part into *p (options set) and fills pr (pr->ctx malloc'd or
   * NULL: freed after the run). Returns an exit code, having reported a
   * problem (cli_part_bad). */
  int (*load)(void *ctx, const cli_common *c, const cli_part *part,
              pz_puzzle **p, cli_printer *pr);
  void *ctx;
  /* Optional, used instead of load when set: *warm is the calling
   * thread's (NULL at first), for a puzzle object kept from one part to
   * the next (its solver warm); *kept 1 when *p is that object, which
   * the caller then leaves alone. warm_free frees it at the end. */
  int (*load_warm)(void *ctx, const cli_common *c, const cli_part *part,
                   void **warm, pz_puzzle **p, int *kept, cli_printer *pr);
  void (*warm_free)(void *ctx, const cli_common *c, void *warm);
  /* Its pz_kind_split cuts the input (an input with no puzzle is one
   * empty part, which the kind's reader answers with "no puzzle"). */
  const pz_kind *table;
} cli_kind;

/* Reads path ("-" = stdin) whole and runs its puzzles as a batch (-j N,
 * answers in input order), cut where the kind's pz_kind_split cuts it; a
 * bad one is reported and the batch goes on.
 * Returns the batch's exit code. */
int cli_run_parts(const cli_common *c, const char *path, const cli_kind *k);
/* The same on text (len bytes, the caller's) named name in messages: an
 * input given as an argument (a URL). */
int cli_run_parts_text(const cli_common *c, const char *name, const char *text,
                       size_t len, const cli_kind *k);
/* Reads path ("-" = stdin) whole into *text (malloc'd, the caller's) and
 * *len; an exit code, the problem reported. */
int cli_read_whole(const char *path, char **text, size_t *len,
                   const char *prog);
/* Reports a bad part: st and info (lines counted within the part; 0: no
 * place) as path:line:column with the input's lines, plus a placeholder
 * where the output has a place per puzzle. Returns the exit code. */
int cli_part_bad(const cli_common *c, const cli_part *part, int st,
                 pz_parse_info *info);
/* The end of a load: with st PZ_OK sets c's options on *p and *pr =
 * *want; else (or when that fails) frees want->ctx and *p, reports st and
 * returns its exit code. */
int cli_part_made(const cli_common *c, const cli_part *part, int st,
                  pz_puzzle **p, const cli_printer *want, cli_printer *pr);
/* Every puzzle answers in one line (line format, counts, ratings). */
int cli_one_line_each(const cli_common *c);

/* Parses a box shape "RxC" with R*C <= max into *r, *c; prints a message
 * naming the bad part and returns -1 when it is not one. */
int cli_parse_box(const char *arg, int max, int *r, int *c, const char *prog);
/* The default box of an n x n grid: square, or the most square R x C with
 * R <= C (6 -> 2x3). */
void cli_default_box(int n, int *r, int *c);

/* After the options: the one input path (argv[optind], "-" when there is
 * none) into *path, or -1 with a message naming the extra argument. */
int cli_input_path(int argc, char **argv, const char **path,
                   const char *prog);

/* Opens path for reading ("-" = stdin, not to be closed); a directory or
 * a missing file is reported (exit code 2 returned), else 0 and *f. */
int cli_open(const char *path, FILE **f, const char *prog);
/* Closes what cli_open opened. */
void cli_close(FILE *f);
/* Reads path ("-" = stdin) with read(f, out, &info), a kind's stream
 * reader; a failure is reported (file:line:column: message) and its exit
 * code returned, else 0. */
typedef int (*cli_reader)(FILE *in, void *out, pz_parse_info *info);
int cli_read_with(const char *path, cli_reader read, void *out,
                  const char *prog);
/* Reads a whole file ("-" = stdin) as puzzle text; the first bad puzzle
 * fails it. */
int cli_read_text(const char *path, int expect_n, pz_text **out,
                  const char *prog);
/* The same in batch mode: bad puzzles are entries with their error
 * (pz_text_error); only a wholly unreadable input fails. */
int cli_read_batch(const char *path, int expect_n, pz_text **out,
                   const char *prog);
/* Reports bad entry i of a batch read from path (file:line:column:
 * message on stderr; "# error: line L: message" in its place on stdout
 * when the output has one: line format, counts, several puzzles); returns
 * CLI_BAD_INPUT. */
int cli_bad_entry(const cli_common *c, const pz_text *t, size_t i,
                  const char *path);

/* --render (examples/cli_render.c): the option (1 handled, -1 bad: message
 * printed), the check after the options (an exit code, message printed), a puzzle
 * of the run to draw (puzzle index + 1 of the run; its scenes made with
 * scene(ctx, ...); an exit code), and the end: the file written (cli_exit
 * calls it; the exit code, rc or worse). */
int cli_render_option(cli_common *c, int opt, const char *arg);
int cli_render_options_done(const cli_common *c);
int cli_render_add(const cli_common *c,
                   int (*scene)(void *ctx, const pz_puzzle *p,
                                const int *givens, const int *solution,
                                struct pz_scene **out),
                   void *ctx, pz_puzzle *p, size_t index);
int cli_render_finish(const cli_common *c, int rc);

#endif
