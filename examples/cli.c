/* fopencookie: a batch's worker threads print into streams of their own. */
#define _GNU_SOURCE
#include "cli.h"
#include "cli_json.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Ctrl-C: only these are touched in the handler (async-signal-safe: the
 * flag is a lock-free atomic, read by every thread of a batch); the
 * solvers poll the flag through the terminate callback. */
static atomic_int interrupted;
static struct timespec first_sigint;

/* A second Ctrl-C kills as usual, should a call not poll the flag; but
 * one within a second of the first is the same interrupt delivered twice
 * (timeout(1) and some shells signal the process and then its group). */
static void on_sigint(int sig) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  if (!interrupted) {
    first_sigint = t;
    interrupted = 1;
    return;
  }
  if (t.tv_sec - first_sigint.tv_sec < 1 ||
      (t.tv_sec - first_sigint.tv_sec == 1 && t.tv_nsec < first_sigint.tv_nsec))
    return;
  signal(sig, SIG_DFL);
  raise(sig);
}

/* A puzzle left to the operating system by cli_puzzle_free. */
static atomic_int left_behind;

/* A batch's worker thread (NULL elsewhere) and where it prints. */
typedef struct worker worker;
static _Thread_local worker *tl_worker;
static _Thread_local FILE *tl_out, *tl_err;

FILE *cli_out(void) { return tl_out ? tl_out : stdout; }
FILE *cli_swap_out(FILE *f) {
  FILE *was = tl_out;
  tl_out = f;
  return was;
}
FILE *cli_err(void) { return tl_err ? tl_err : stderr; }

int cli_interrupted(void) { return interrupted != 0; }

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int rank(int code) {
  switch (code) {
  case CLI_OK: return 0;
  case CLI_NOT_UNIQUE: return 1;
  case CLI_CHECK_FAILED: return 2;
  case CLI_UNKNOWN: return 3;
  case CLI_BAD_INPUT: return 4;
  case CLI_USAGE: return 5;
  case CLI_FAILURE: return 6;
  default: return 7; /* CLI_INTERRUPTED */
  }
}

int cli_worse(int a, int b) { return rank(b) > rank(a) ? b : a; }

void cli_init(cli_common *c, const char *prog) {
  pz_options def = PZ_OPTIONS_INIT;
  /* stdio allocates stdout's buffer at the first write; after a large
   * solve that malloc can take 0.2 s (consolidating a fragmented heap),
   * between the time limit and its answer. A static buffer costs nothing. */
  static char outbuf[BUFSIZ];
  setvbuf(stdout, outbuf, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF,
          sizeof outbuf);
  memset(c, 0, sizeof *c);
  c->start = now();
  c->opt = def;
  c->mode = MODE_SOLVE;
  c->format = FORMAT_GRID;
  c->prog = prog;
  c->progress = -1;
  c->jobs = 1;
  pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
  c->gen = g;
  c->gen.seed = 1;
  c->gen.minimal = -1; /* decided in cli_options_done */
  pz_estimate_options e = PZ_ESTIMATE_OPTIONS_INIT;
  c->est = e;
}

/* A whole decimal number in 0..max into *out; 0 when it is one. */
static int parse_count(const char *arg, unsigned long long max,
                       unsigned long long *out) {
  char *end;
  errno = 0;
  unsigned long long v = *arg >= '0' && *arg <= '9' ? strtoull(arg, &end, 10) : 0;
  if (!(*arg >= '0' && *arg <= '9') || errno || *end || v > max) return -1;
  *out = v;
  return 0;
}

/* Largest --time-limit: about 31 years; more is a typo. */
#define MAX_SECONDS 1e9
#define MIN_SECONDS 1e-6

const char *cli_strategy_name(size_t i) {
  /* Indexed by pz_strategy. */
  static const char *const names[] = {"auto", "fresh", "assume"};
  return i < sizeof names / sizeof *names ? names[i] : NULL;
}

/* Why exec or exec:ARG made no solver: there is no program (ARG's first
 * word), or it was not found. */
static void exec_refused(const char *prog, const char *name) {
  const char *arg = name[4] == ':' ? name + 5 : "";
  size_t skip = strspn(arg, " \t"), len = strcspn(arg + skip, " \t");
  const char *program = arg + skip;
  if (!len)
    fprintf(stderr, "%s: --backend exec needs a program: exec:PROGRAM "
            "[WORD...]\n", prog);
  else if (memchr(program, '/', len))
    fprintf(stderr, "%s: backend %s: program '%.*s' not found or not "
            "executable\n", prog, name, (int)len, program);
  else
    fprintf(stderr, "%s: backend %s: program '%.*s' not found (not in "
            "PATH)\n", prog, name, (int)len, program);
}

/* --backend NAME: a linked backend that can make a solver. Both are
 * checked here, so that a name or an exec program that cannot work is a
 * usage error (exit 1), and a failure later, while solving, is the
 * solver's (exit 3). Making a solver is cheap: exec only looks its
 * program up. */
static int backend_usable(const char *prog, const char *name) {
  if (!pz_backend_known(name)) {
    fprintf(stderr, "%s: no backend named '%s' is linked (see --version)\n",
            prog, name);
    return 0;
  }
  pz_solver *s = NULL;
  int st = pz_solver_new(&s, name);
  pz_solver_free(s);
  if (st == PZ_OK) return 1;
  if (st == PZ_ERR_BACKEND && strncmp(name, "exec", 4) == 0 &&
      (name[4] == ':' || !name[4]))
    exec_refused(prog, name);
  else
    fprintf(stderr, "%s: backend %s: no solver could be made: %s\n", prog,
            name, pz_strerror(st));
  return 0;
}

int cli_common_option(cli_common *c, int opt, const char *arg) {
  const char *prog = c->prog;
  switch (opt) {
  case CLI_OPT_RENDER: case CLI_OPT_RENDER_SOLUTIONS:
    return cli_render_option(c, opt, arg);
  case 'c': case 'a': case 'u': case CLI_OPT_RATE: case CLI_OPT_HINT:
  case CLI_OPT_EXPLAIN: case CLI_OPT_ESTIMATE: case CLI_OPT_CANDIDATES: {
    const char *name = opt == 'c' ? "--count" : opt == 'a' ? "--all"
                       : opt == CLI_OPT_ESTIMATE ? "--estimate"
                       : opt == 'u' ? "--unique" : opt == CLI_OPT_RATE ? "--rate"
                       : opt == CLI_OPT_HINT ? "--hint"
                       : opt == CLI_OPT_CANDIDATES ? "--candidates" : "--explain";
    if (c->mode_option && strcmp(c->mode_option, name) != 0) {
      fprintf(stderr, "%s: %s and %s exclude each other\n", prog,
              c->mode_option, name);
      return -1;
    }
    c->mode_option = name;
    c->mode = opt == 'c' ? MODE_COUNT : opt == 'a' ? MODE_ALL
              : opt == CLI_OPT_ESTIMATE ? MODE_ESTIMATE
              : opt == 'u' ? MODE_UNIQUE : opt == CLI_OPT_RATE ? MODE_RATE
              : opt == CLI_OPT_HINT ? MODE_HINT
              : opt == CLI_OPT_CANDIDATES ? MODE_CANDIDATES : MODE_EXPLAIN;
    return 1;
  }
  case 's': c->stats = 1; return 1;
  case CLI_OPT_LIST_VALUES:
    /* Answers at once, as --help does: the rest of the line is unread. */
    cli_list_values(c, arg);
    exit(cli_exit(c, CLI_OK));
  case 'D': case 'G':
    if (c->dimacs) {
      fprintf(stderr, "%s: give --dimacs or --dimacs-full once\n", prog);
      return -1;
    }
    if (!*arg) {
      fprintf(stderr, "%s: --dimacs%s needs a file name ('-' for standard "
              "output)\n", prog, opt == 'G' ? "-full" : "");
      return -1;
    }
    c->dimacs = arg;
    c->dimacs_full = opt == 'G';
    return 1;
  case 'B':
    if (!backend_usable(prog, arg)) return -1;
    c->opt.backend = arg;
    return 1;
  case 'k': {
    const char *s = arg;
    while (*s == ' ' || *s == '\t') s++;
    char *end = (char *)s;
    errno = 0;
    unsigned long long v = *s == '-' || *s == '+' ? 0 : strtoull(s, &end, 10);
    if (*s >= '0' && *s <= '9' && !*end && errno == ERANGE) {
      fprintf(stderr, "%s: --limit '%s' is too large (max %llu)\n", prog, arg,
              ULLONG_MAX);
      return -1;
    }
    if (!(*s >= '0' && *s <= '9') || *end || errno || v == 0) {
      fprintf(stderr, "%s: --limit needs a positive integer, not '%s'\n",
              prog, arg);
      return -1;
    }
    c->limit = v;
    return 1;
  }
  case 'f':
    c->format_given = 1;
    if (strcmp(arg, "line") == 0) c->format = FORMAT_LINE;
    else if (strcmp(arg, "grid") == 0) c->format = FORMAT_GRID;
    else if (strcmp(arg, "json") == 0 && cli_json_available())
      c->format = FORMAT_JSON;
    else if (c->extra_format && strcmp(arg, c->extra_format) == 0)
      c->format = FORMAT_EXTRA;
    else {
      const char *json = cli_json_available() ? ", json" : "";
      if (c->extra_format)
        fprintf(stderr, "%s: --format is grid, line%s or %s, not '%s'\n", prog,
                json, c->extra_format, arg);
      else
        fprintf(stderr, "%s: --format is %s, not '%s'\n", prog,
                *json ? "grid, line or json" : "grid or line", arg);
      return -1;
    }
    return 1;
  case 't': {
    char *end;
    errno = 0;
    double s = strtod(arg, &end);
    if (end == arg || *end || !(s >= 0)) {
      fprintf(stderr, "%s: --time-limit needs seconds >= 0, not '%s'\n",
              prog, arg);
      return -1;
    }
    if (s > MAX_SECONDS) {
      fprintf(stderr, "%s: --time-limit '%s' is too large (max %.0f seconds)\n",
              prog, arg, MAX_SECONDS);
      return -1;
    }
    /* 1e-400 reads as 0, which would mean no limit at all. */
    if ((s > 0 && s < MIN_SECONDS) || (s == 0 && errno == ERANGE)) {
      fprintf(stderr, "%s: --time-limit '%s' is too small (0 = none, else at "
              "least %g seconds)\n", prog, arg, MIN_SECONDS);
      return -1;
    }
    c->time_limit = s;
    return 1;
  }
  case 'S':
    for (size_t i = 0; cli_strategy_name(i); i++)
      if (strcmp(arg, cli_strategy_name(i)) == 0) {
        c->opt.strategy = (pz_strategy)i;
        return 1;
      }
    fprintf(stderr, "%s: --strategy is auto, fresh or assume, not '%s'\n", prog, arg);
    return -1;
  case 'E':
    if (pz_amo_encoding_from_name(arg, &c->opt.amo)) {
      fprintf(stderr, "%s: unknown encoding '%s' (auto, pairwise, ladder, "
              "commander, product, bimander, binary)\n", prog, arg);
      return -1;
    }
    return 1;
  case CLI_OPT_ENUMERATE:
    if (pz_enum_method_from_name(arg, &c->opt.enumerate)) {
      fprintf(stderr, "%s: --enumerate is auto, dpll, disjoint or blocking, "
              "not '%s'\n", prog, arg);
      return -1;
    }
    return 1;
  case CLI_OPT_PART: {
    unsigned long long k, n;
    char *end;
    errno = 0;
    int ok = *arg >= '1' && *arg <= '9';
    k = ok ? strtoull(arg, &end, 10) : 0;
    ok = ok && !errno && *end == '/' && end[1] >= '1' && end[1] <= '9';
    n = ok ? strtoull(end + 1, &end, 10) : 0;
    ok = ok && !errno && !*end;
    if (!ok || k > n || n > PZ_ENUM_MAX_LAZY_PARTS) {
      fprintf(stderr, "%s: --part needs K/N with 1 <= K <= N <= %llu, not "
              "'%s'\n", prog, (unsigned long long)PZ_ENUM_MAX_LAZY_PARTS, arg);
      return -1;
    }
    c->opt.part = k;
    c->opt.parts = n;
    return 1;
  }
  case CLI_OPT_CUBE_FILE:
    c->cube_file = arg;
    return 1;
  case CLI_OPT_CUBE: {
    unsigned long long n;
    if (parse_count(arg, 1000000000000ULL, &n) || !n) {
      fprintf(stderr, "%s: --cube needs a cube number from 1, not '%s'\n",
              prog, arg);
      return -1;
    }
    c->cube = n;
    return 1;
  }
  case CLI_OPT_CUBES: {
    char *end;
    errno = 0;
    unsigned long long n = *arg >= '1' && *arg <= '9' ? strtoull(arg, &end, 10) : 0;
    if (!n || errno || *end || n > PZ_ENUM_MAX_PARTS) {
      fprintf(stderr, "%s: --cubes needs a number of cubes from 1 to %u, not "
              "'%s'\n", prog, PZ_ENUM_MAX_PARTS, arg);
      return -1;
    }
    c->cubes = n;
    return 1;
  }
  case CLI_OPT_GENERATE: {
    unsigned long long n;
    if (parse_count(arg, 1000000000ULL, &n) || !n) {
      fprintf(stderr, "%s: --generate needs a number of puzzles from 1 to "
              "1000000000, not '%s'\n", prog, arg);
      return -1;
    }
    c->generate = n;
    return 1;
  }
  case CLI_OPT_SEED: {
    unsigned long long n;
    if (parse_count(arg, ~0ULL, &n)) {
      fprintf(stderr, "%s: --seed needs a number from 0 to %llu, not '%s'\n",
              prog, ~0ULL, arg);
      return -1;
    }
    c->gen.seed = n;
    c->est.seed = n;
    c->seed_given = 1;
    return 1;
  }
  case CLI_OPT_SAMPLES: {
    unsigned long long n;
    if (parse_count(arg, ~0ULL, &n) || !n) {
      fprintf(stderr, "%s: --samples needs a number from 1 to %llu, not "
              "'%s'\n", prog, ~0ULL, arg);
      return -1;
    }
    c->est.samples = n;
    return 1;
  }
  case CLI_OPT_PRECISION: {
    /* "1%" or "0.01": the 95% interval's half-width over the estimate. */
    char *end;
    errno = 0;
    double v = strtod(arg, &end);
    if (end != arg && *end == '%' && !end[1]) v /= 100, end++;
    if (end == arg || *end || errno || !(v > 0 && v < 1)) {
      fprintf(stderr, "%s: --precision needs a share above 0 and below 1 "
              "(0.01 or 1%%), not '%s'\n", prog, arg);
      return -1;
    }
    c->est.precision = v;
    return 1;
  }
  case CLI_OPT_SYMMETRY:
    c->gen_options = 1;
    if (!pz_symmetry_from_name(arg, &c->gen.symmetry)) return 1;
    fprintf(stderr, "%s: --symmetry is none, rotate180, rotate90, mirror or "
            "diagonal, not '%s'\n", prog, arg);
    return -1;
  case CLI_OPT_DIFFICULTY:
    c->gen_options = 1;
    if (!pz_level_from_name(arg, &c->gen.difficulty)) return 1;
    fprintf(stderr, "%s: --difficulty is any, singles, probing, deep-probing "
            "or search, not '%s'\n", prog, arg);
    return -1;
  case CLI_OPT_GIVENS: {
    unsigned long long n;
    if (parse_count(arg, 1000000, &n) || !n) {
      fprintf(stderr, "%s: --givens needs a number of givens from 1 to "
              "1000000, not '%s'\n", prog, arg);
      return -1;
    }
    c->gen.givens = (int)n;
    c->gen_options = 1;
    return 1;
  }
  case CLI_OPT_MINIMAL:
    c->gen.minimal = 1;
    c->gen_options = 1;
    return 1;
  case CLI_OPT_PROGRESS: c->progress = 1; return 1;
  case CLI_OPT_NO_PROGRESS: c->progress = 0; return 1;
  case 'j': {
    const char *s = arg;
    char *end = (char *)s;
    errno = 0;
    long v = *s >= '0' && *s <= '9' ? strtol(s, &end, 10) : -1;
    if (v < 0 || *end) {
      fprintf(stderr, "%s: -j/--jobs needs a number of threads (1 or more, "
              "0 = one per CPU), not '%s'\n", prog, arg);
      return -1;
    }
    if (errno == ERANGE || v > CLI_MAX_JOBS) {
      fprintf(stderr, "%s: -j/--jobs '%s' is too many (max %d)\n", prog, arg,
              CLI_MAX_JOBS);
      return -1;
    }
    if (v == 0) {
      long cpus = sysconf(_SC_NPROCESSORS_ONLN);
      v = cpus < 1 ? 1 : cpus > CLI_MAX_JOBS ? CLI_MAX_JOBS : cpus;
    }
    c->jobs = (int)v;
    c->opt.threads = (int)v;
    return 1;
  }
  default: return 0;
  }
}

/* The progress line on stderr: solutions, share done, rate, time left. */
static void show_progress(void *state, const pz_progress *p) {
  const cli_common *c = (const cli_common *)state;
  double rate = p->seconds > 0 ? (double)p->solutions / p->seconds : 0;
  char eta[32] = "";
  if (p->done > 0.001 && p->done < 1) {
    double left = p->seconds * (1 - p->done) / p->done;
    if (left < 3600)
      snprintf(eta, sizeof eta, ", ETA %dm%02ds", (int)(left / 60),
               (int)left % 60);
    else
      snprintf(eta, sizeof eta, ", ETA %.1fh", left / 3600);
  }
  char parts[64] = "";
  if (p->parts > 1)
    snprintf(parts, sizeof parts, ", parts %llu/%llu",
             (unsigned long long)p->parts_done, (unsigned long long)p->parts);
  fprintf(stderr, "\r%s: %llu solutions, %.1f%% done%s, %.0f/s%s\033[K",
          c->prog, (unsigned long long)p->solutions, 100 * p->done, parts,
          rate, eta);
  fflush(stderr);
}

/* Clears the progress line once the answer is printed. */
void cli_end_progress(const cli_common *c) {
  if (c->opt.progress) {
    fputs("\r\033[K", stderr);
    fflush(stderr);
  }
}

int cli_stopped(const cli_common *c) {
  return interrupted || (c->time_limit > 0 && now() - c->start >= c->time_limit);
}

static int terminate_cb(void *state) {
  return cli_stopped((const cli_common *)state);
}

int cli_options_done(cli_common *c) {
  const char *prog = c->prog;
  int render_rc = cli_render_options_done(c);
  if (render_rc) return render_rc;
  if (c->limit && c->mode != MODE_COUNT && c->mode != MODE_ALL &&
      c->mode != MODE_CANDIDATES) {
    fprintf(stderr, "%s: --limit goes with --count, --all or --candidates%s%s\n", prog,
            c->mode_option ? ", not " : "",
            c->mode_option ? c->mode_option : "");
    return CLI_USAGE;
  }
  if (c->dimacs && c->mode_option) {
    fprintf(stderr, "%s: --dimacs%s writes the formula instead of solving; "
            "it excludes %s\n", prog, c->dimacs_full ? "-full" : "",
            c->mode_option);
    return CLI_USAGE;
  }
  if (c->opt.parts && c->mode != MODE_COUNT && c->mode != MODE_ALL) {
    fprintf(stderr, "%s: --part goes with --count or --all%s%s\n", prog,
            c->mode_option ? ", not " : "",
            c->mode_option ? c->mode_option : "");
    return CLI_USAGE;
  }
  if (c->cube && !c->cube_file) {
    fprintf(stderr, "%s: --cube K goes with --cube-file F\n", prog);
    return CLI_USAGE;
  }
  if (c->cube_file && (c->mode != MODE_COUNT || c->dimacs || c->cubes ||
                       c->generate || c->render)) {
    const char *what = c->mode_option && c->mode != MODE_COUNT ? c->mode_option
                       : c->cubes    ? "--cubes"
                       : c->dimacs   ? "--dimacs"
                       : c->generate ? "--generate"
                       : c->render   ? "--render"
                                     : NULL;
    fprintf(stderr, "%s: --cube-file counts a formula; it goes with --count%s%s\n",
            prog, what ? ", not " : "", what ? what : "");
    return CLI_USAGE;
  }
  if (c->cubes && c->dimacs_full) {
    fprintf(stderr, "%s: --cubes splits the simplified formula; it goes "
            "with --dimacs, not --dimacs-full\n", prog);
    return CLI_USAGE;
  }
  if (c->cubes && c->mode_option) {
    fprintf(stderr, "%s: --cubes writes the formula instead of solving; it "
            "excludes %s\n", prog, c->mode_option);
    return CLI_USAGE;
  }
  if (c->cubes && !c->dimacs) c->dimacs = "-";
  if (c->format == FORMAT_JSON && c->dimacs) {
    fprintf(stderr, "%s: --format json is for answers; --dimacs and --cubes "
            "write a formula\n", prog);
    return CLI_USAGE;
  }
  if (c->generate && !c->can_generate) {
    fprintf(stderr, "%s: --generate is not available for this program "
            "(every puzzle program has it; pz-bench compares backends)\n", prog);
    return CLI_USAGE;
  }
  if ((c->est.samples || c->est.precision > 0) && c->mode != MODE_ESTIMATE) {
    fprintf(stderr, "%s: --samples and --precision go with --estimate\n",
            prog);
    return CLI_USAGE;
  }
  if (c->seed_given && !c->generate && c->mode != MODE_ESTIMATE)
    c->gen_options = 1; /* --seed alone: the message below */
  if (c->gen_options && !c->generate) {
    fprintf(stderr, "%s: --seed, --symmetry, --difficulty, --givens and "
            "--minimal go with --generate (--seed also with --estimate)\n",
            prog);
    return CLI_USAGE;
  }
  if (c->generate && (c->mode_option || c->dimacs || c->cubes || c->opt.parts)) {
    fprintf(stderr, "%s: --generate makes puzzles; it excludes %s\n", prog,
            c->mode_option ? c->mode_option
            : c->cubes     ? "--cubes"
            : c->dimacs    ? (c->dimacs_full ? "--dimacs-full" : "--dimacs")
                           : "--part");
    return CLI_USAGE;
  }
  if (c->gen.minimal < 0) c->gen.minimal = c->gen.givens == 0;
  /* On a terminal by default; for --all and batches only when the
   * answers go elsewhere (they would break the line). */
  if (c->progress < 0)
    c->progress = isatty(STDERR_FILENO) &&
                  (c->mode == MODE_COUNT || !isatty(STDOUT_FILENO));
  if (c->progress && (c->mode == MODE_COUNT || c->mode == MODE_ALL)) {
    c->opt.progress = show_progress;
    c->opt.progress_state = c;
  }
  if (c->dimacs && c->stats) {
    fprintf(stderr, "%s: --stats reports a solver run; --dimacs%s does not "
            "solve\n", prog, c->dimacs_full ? "-full" : "");
    return CLI_USAGE;
  }
  /* The limit is for the whole run: the callback checks the program's
   * deadline, and the per-call limit is the same bound for calls that
   * start before it. */
  c->opt.time_limit = c->time_limit;
  c->opt.terminate = terminate_cb;
  c->opt.terminate_state = c;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  sigaction(SIGINT, &sa, NULL);
  return 0;
}

int cli_parse_box(const char *arg, int max, int *r, int *c, const char *prog) {
  const char *x = strchr(arg, 'x');
  long v[2];
  const char *part[2] = {arg, x ? x + 1 : NULL};
  size_t plen[2] = {x ? (size_t)(x - arg) : strlen(arg), x ? strlen(x + 1) : 0};
  if (!x) {
    fprintf(stderr, "%s: --box needs RxC (rows x columns of a box, e.g. 2x3), "
            "not '%s'\n", prog, arg);
    return -1;
  }
  for (int k = 0; k < 2; k++) {
    size_t i = 0;
    long long n = 0;
    while (i < plen[k] && part[k][i] >= '0' && part[k][i] <= '9') {
      if (n <= max) n = n * 10 + (part[k][i] - '0');
      i++;
    }
    if (i == 0 || i != plen[k]) {
      fprintf(stderr, "%s: --box needs RxC with whole numbers R and C, not "
              "'%s'\n", prog, arg);
      return -1;
    }
    if (n < 1 || n > max) {
      fprintf(stderr, "%s: --box '%s': %s '%.*s' is %s (1..%d)\n", prog, arg,
              k ? "C" : "R", (int)plen[k], part[k], n < 1 ? "too small" : "too large",
              max);
      return -1;
    }
    v[k] = (long)n;
  }
  if (v[0] * v[1] > max) {
    fprintf(stderr, "%s: --box '%s': boxes of %ld cells make a grid larger "
            "than %d x %d\n", prog, arg, v[0] * v[1], max, max);
    return -1;
  }
  *r = (int)v[0];
  *c = (int)v[1];
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
    printf(" %s%s%s", pz_backend_name(i), pz_backend_needs_arg(i) ? ":ARG" : "",
           i == 0 ? " (default)" : "");
  printf("\n");
}

int cli_fail(const char *prog, const char *what, int status,
             const pz_parse_info *info) {
  FILE *err = cli_err();
  cli_json_fail(what, status, info);
  if (info && info->message[0]) {
    if (info->line)
      fprintf(err, "%s: %s:%zu:%zu: %s\n", prog, what, info->line,
              info->column, info->message);
    else
      fprintf(err, "%s: %s: %s\n", prog, what, info->message);
  } else {
    fprintf(err, "%s: %s: %s\n", prog, what, pz_strerror(status));
  }
  switch (status) {
  case PZ_ERR_PARSE: case PZ_ERR_RANGE: case PZ_ERR_TOO_LARGE:
  case PZ_ERR_CONFLICT: case PZ_ERR_UNSUPPORTED:
    return CLI_BAD_INPUT;
  case PZ_ERR_ARG:
    return CLI_USAGE;
  /* PZ_ERR_BACKEND too: --backend was checked when given, so here it is
   * the solver that failed (README: exit 3). */
  default:
    return CLI_FAILURE;
  }
}

/* errno of the first failed write to stdout, once seen. */
static int out_errno, out_reported;

/* A batch's worker: its stream fails once stdout has (reported where the
 * batch writes stdout) or the batch has stopped before its puzzle. */
static int worker_output_error(void);

/* cli_output_error for stdout itself. */
static int stdout_error(const cli_common *c) {
  if (!ferror(stdout)) return 0;
  if (!out_reported) {
    out_reported = 1;
    fprintf(stderr, "%s: writing the output failed: %s\n", c->prog,
            out_errno ? strerror(out_errno) : "write error");
  }
  return CLI_FAILURE;
}

int cli_output_error(const cli_common *c) {
  return tl_worker ? worker_output_error() : stdout_error(c);
}

int cli_exit(const cli_common *c, int rc) {
  rc = cli_render_finish(c, rc);
  errno = 0;
  /* The flush is where a buffered write to a full disk fails. */
  if (fflush(stdout) != 0 && !out_errno) out_errno = errno;
  if (cli_output_error(c)) return cli_worse(rc, CLI_FAILURE);
  errno = 0;
  if (fclose(stdout) != 0) {
    fprintf(stderr, "%s: writing the output failed: %s\n", c->prog,
            errno ? strerror(errno) : "close error");
    return cli_worse(rc, CLI_FAILURE);
  }
  /* Past the point where freeing would be worth the wait: end here,
   * without the exit handlers (a sanitizer's leak check among them). */
  if (left_behind) {
    fflush(stderr);
    _exit(rc);
  }
  return rc;
}

void cli_puzzle_free(const cli_common *c, pz_puzzle *p) {
  if (p && cli_stopped(c)) {
    left_behind = 1;
    return;
  }
  pz_puzzle_free(p);
}

/* Notes errno of a failed write to stdout for cli_output_error. */
static void note_stdout(void) {
  if (ferror(stdout) && !out_errno) out_errno = errno ? errno : EIO;
}

/* The same after a write to cli_out() (a worker's stream: nothing). */
static void note_output(void) {
  if (!tl_worker) note_stdout();
}

int cli_input_path(int argc, char **argv, const char **path,
                   const char *prog) {
  if (argc - optind > 1) {
    fprintf(stderr, "%s: unexpected argument '%s' (one input file, or none "
            "for standard input; see --help)\n", prog, argv[optind + 1]);
    return -1;
  }
  *path = optind < argc ? argv[optind] : "-";
  return 0;
}

int cli_open(const char *path, FILE **f, const char *prog) {
  *f = NULL;
  struct stat sb;
  if (strcmp(path, "-") == 0) {
    if (fstat(fileno(stdin), &sb) == 0 && S_ISDIR(sb.st_mode)) {
      fprintf(stderr, "%s: standard input: is a directory\n", prog);
      return CLI_BAD_INPUT;
    }
    *f = stdin;
    return 0;
  }
  FILE *g = fopen(path, "rb");
  if (!g) {
    fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
    return CLI_BAD_INPUT;
  }
  /* fopen opens a directory; reading it fails later with a vaguer error. */
  if (fstat(fileno(g), &sb) == 0 && S_ISDIR(sb.st_mode)) {
    fclose(g);
    fprintf(stderr, "%s: %s: is a directory\n", prog, path);
    return CLI_BAD_INPUT;
  }
  *f = g;
  return 0;
}

void cli_close(FILE *f) {
  if (f && f != stdin) fclose(f);
}

int cli_read_with(const char *path, cli_reader read, void *out,
                  const char *prog) {
  FILE *f;
  int rc = cli_open(path, &f, prog);
  if (rc) return rc;
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  errno = 0;
  int st = read(f, out, &info);
  if (st == PZ_ERR_IO && !info.message[0])
    snprintf(info.message, sizeof info.message, "reading failed: %s",
             errno ? strerror(errno) : "read error");
  cli_close(f);
  return st ? cli_fail(prog, path, st, &info) : CLI_OK;
}

/* pz_text as a cli_reader. */
typedef struct text_read {
  pz_text **out;
  int expect_n, batch;
} text_read;

static int read_text_with(FILE *f, void *ctx, pz_parse_info *info) {
  text_read *r = (text_read *)ctx;
  return r->batch ? pz_text_read_batch(r->out, f, r->expect_n, PZ_TEXT_AUTO, info)
                  : pz_text_read(r->out, f, r->expect_n, PZ_TEXT_AUTO, info);
}

static int read_text(const char *path, int expect_n, pz_text **out,
                     const char *prog, int batch) {
  text_read r = {out, expect_n, batch};
  *out = NULL;
  return cli_read_with(path, read_text_with, &r, prog);
}

int cli_read_text(const char *path, int expect_n, pz_text **out,
                  const char *prog) {
  return read_text(path, expect_n, out, prog, 0);
}

int cli_read_batch(const char *path, int expect_n, pz_text **out,
                   const char *prog) {
  return read_text(path, expect_n, out, prog, 1);
}

/* Every puzzle answers in one line (line format, counts, ratings): remarks
 * are '#' comments then, so the lines stay aligned with the input. */
int cli_one_line_each(const cli_common *c) {
  return c->format == FORMAT_LINE || c->format == FORMAT_JSON ||
         c->mode == MODE_COUNT ||
         c->mode == MODE_RATE || c->mode == MODE_HINT || c->mode == MODE_CHECK;
}

int cli_bad_entry(const cli_common *c, const pz_text *t, size_t i,
                  const char *path) {
  pz_parse_info info;
  int st = pz_text_error(t, i, &info);
  int rc = cli_fail(c->prog, path, st, &info);
  char msg[sizeof info.message + 64];
  snprintf(msg, sizeof msg, "error: line %zu: %s",
           info.line ? info.line : pz_text_line(t, i),
           info.message[0] ? info.message : pz_strerror(st));
  /* A placeholder only where the output has a place per puzzle. */
  if (!c->dimacs && (cli_one_line_each(c) || pz_text_count(t) > 1))
    cli_say(c, msg);
  return rc;
}

typedef struct print_ctx {
  const cli_printer *pr;
  const cli_common *c;
  unsigned long long n;
} print_ctx;

static int print_one(void *state, const int *grid) {
  print_ctx *pc = (print_ctx *)state;
  FILE *out = cli_out();
  pc->n++;
  if (pc->c->format == FORMAT_LINE) {
    pc->pr->line(pc->pr->ctx, grid, out);
  } else {
    if (pc->n > 1) putc('\n', out);
    (pc->c->format == FORMAT_EXTRA ? pc->pr->extra : pc->pr->grid)(
        pc->pr->ctx, grid, out);
  }
  note_output();
  /* Stop enumerating into a stream that no longer takes anything. */
  return ferror(out) != 0;
}

/* The value of a map line: the printer's notation, else the number. */
void cli_value_text(const cli_printer *pr, int value, char *buf, size_t len) {
  if (pr->value_name) pr->value_name(pr->ctx, value, buf, len);
  else snprintf(buf, len, "%d", value);
}

/* "c var V rRcC=X" for every projected variable: what a model means. */
static int write_var_map(pz_puzzle *p, const pz_cnf *cnf, const cli_printer *pr,
                         int full, FILE *f) {
  size_t n;
  const int *proj = pz_cnf_projection(cnf, &n, NULL);
  int cols = pz_puzzle_cols(p);
  fprintf(f, "c pz %s %dx%d, %s formula%s\n", pz_puzzle_kind(p),
          pz_puzzle_rows(p), cols, full ? "full" : "simplified",
          full ? "" : " (what the givens decide is left out)");
  if (!full && pz_cnf_num_vars(cnf) == 0)
    fprintf(f, "c the givens decide every cell; --dimacs-full writes the "
            "whole formula\n");
  fprintf(f, "c each 'c var V rRcC=X' line: variable V is true when row R, "
          "column C holds X\n");
  for (size_t i = 0; proj && i < n; i++) {
    int cell, value;
    char val[32];
    int st = pz_puzzle_var_meaning(p, proj[i], &cell, &value);
    if (st == PZ_ERR_RANGE) continue; /* not a cell's variable */
    if (st) return st;
    cli_value_text(pr, value, val, sizeof val);
    fprintf(f, "c var %d r%dc%d=%s\n", proj[i], cell / cols + 1,
            cell % cols + 1, val);
  }
  return ferror(f) ? PZ_ERR_IO : PZ_OK;
}

static int write_dimacs(pz_puzzle *p, const cli_common *c, const cli_printer *pr,
                        size_t index, size_t total) {
  const char *prog = c->prog;
  pz_cnf *cnf;
  int complete = 1;
  int st = pz_cnf_new(&cnf);
  /* The time limit and Ctrl-C bound the encoding as they bound solving. */
  if (!st)
    st = pz_puzzle_encode_ex(p, cnf, c->dimacs_full ? PZ_ENCODE_FULL : 0,
                             &complete);
  if (st) {
    pz_cnf_free(cnf);
    return cli_fail(prog, "encoding", st, NULL);
  }
  if (!complete) {
    pz_cnf_free(cnf);
    fprintf(cli_err(), "%s: %s while encoding; no formula written\n", prog,
            interrupted ? "interrupted" : "time limit reached");
    return interrupted ? CLI_INTERRUPTED : CLI_UNKNOWN;
  }
  FILE *out = cli_out(), *f = out;
  char *name = NULL;
  if (strcmp(c->dimacs, "-") != 0) {
    size_t len = strlen(c->dimacs) + 32;
    name = (char *)malloc(len);
    if (!name) {
      pz_cnf_free(cnf);
      return cli_fail(prog, "writing DIMACS", PZ_ERR_NOMEM, NULL);
    }
    if (total > 1) snprintf(name, len, "%s.%zu", c->dimacs, index + 1);
    else snprintf(name, len, "%s", c->dimacs);
    f = fopen(name, "w");
    if (!f) {
      fprintf(cli_err(), "%s: %s: %s\n", prog, name, strerror(errno));
      free(name);
      pz_cnf_free(cnf);
      return CLI_FAILURE;
    }
  }
  errno = 0;
  st = write_var_map(p, cnf, pr, c->dimacs_full, f);
  if (!st)
    st = c->cubes ? pz_cnf_write_cubes(cnf, NULL, 0, c->cubes, f)
                  : pz_cnf_write_dimacs(cnf, f);
  int err = st == PZ_ERR_IO ? errno : 0;
  if (f != out) {
    errno = 0;
    if (fclose(f) != 0 && !st) {
      st = PZ_ERR_IO;
      err = errno;
    }
  } else {
    note_output();
  }
  if (st == PZ_ERR_IO)
    fprintf(cli_err(), "%s: writing %s failed: %s\n", prog,
            name ? name : "stdout",
            err ? strerror(err) : pz_strerror(st));
  free(name);
  pz_cnf_free(cnf);
  if (st && st != PZ_ERR_IO) return cli_fail(prog, "writing DIMACS", st, NULL);
  return st ? CLI_FAILURE : CLI_OK;
}

/* A remark is a '#' comment where every answer has a fixed form (a line
 * of the puzzle, a count, a level); --hint, --explain and --check answer
 * in sentences, and "no solution" is one of them. */
static int remarks_commented(const cli_common *c) {
  if (c->mode == MODE_CHECK) return 0; /* the verdict is the answer */
  return c->format == FORMAT_LINE ||
         (c->mode != MODE_HINT && cli_one_line_each(c));
}

void cli_say(const cli_common *c, const char *text) {
  if (c->format == FORMAT_JSON) {
    cli_json_say(c, text);
    note_output();
    return;
  }
  fprintf(cli_out(), remarks_commented(c) ? "# %s\n" : "%s\n", text);
  note_output();
}

const char *cli_estimate_text(const pz_estimate *e) {
  static _Thread_local char buf[200];
  if (e->exact)
    snprintf(buf, sizeof buf, "estimate %.0f \u00b1 0 (exact: every solution "
             "counted), %.1f s", e->estimate, e->seconds);
  else
    snprintf(buf, sizeof buf, "estimate %.4g \u00b1 %.2g (95%%: %.4g .. %.4g), "
             "%llu sample%s, %.1f s", e->estimate, e->std_error, e->low,
             e->high, (unsigned long long)e->samples,
             e->samples == 1 ? "" : "s", e->seconds);
  return buf;
}

/* Why a call ended without an answer. */
static const char *stop_reason(void) {
  return interrupted ? "interrupted" : "time limit";
}

static int run_unknown(const cli_common *c) {
  cli_say(c, stop_reason());
  return interrupted ? CLI_INTERRUPTED : CLI_UNKNOWN;
}

/* On a batch's worker: waits until every puzzle before this one is
 * written, writes what this one printed so far, and holds stdout and
 * stderr until direct_end (0: the batch stopped before this puzzle, print
 * nothing). Elsewhere 1 at once. */
static int direct_begin(void);
static void direct_end(void);

/* On a batch's worker: stdout is to be flushed after this puzzle. */
static void batch_flushed(void);

/* --rate: the level; a puzzle that needs search is also told apart from
 * one without a single solution. */
static int run_rate(pz_puzzle *p, const cli_common *c, int *grid, int *st) {
  pz_level level;
  pz_result r;
  *st = pz_puzzle_rate(p, &level, &r);
  if (*st == PZ_ERR_UNSUPPORTED) {
    fprintf(cli_err(), "%s: --rate is not available for %s puzzles\n",
            c->prog, pz_puzzle_kind(p));
    *st = PZ_OK;
    return CLI_USAGE;
  }
  if (*st) return CLI_OK;
  if (r == PZ_UNKNOWN) return run_unknown(c);
  const char *what = pz_level_name(level);
  if (level == PZ_LEVEL_SEARCH) {
    int sols;
    *st = pz_puzzle_unique(p, &sols, grid, &r);
    if (*st) return CLI_OK;
    if (r == PZ_UNKNOWN && sols < 2) return run_unknown(c);
    if (sols == 0) what = "no solution";
    else if (sols >= 2) what = "not unique";
  }
  fprintf(cli_out(), "%s\n", what);
  note_output();
  return CLI_OK;
}

/* "r3c5 = 7: the only place for 7 in box 2" */
static void print_step(pz_puzzle *p, const cli_printer *pr, const pz_step *s) {
  char v[32], name[32];
  cli_value_text(pr, s->value, v, sizeof v);
  if (s->cell < 0 || pz_puzzle_name_cell(p, s->cell, name, sizeof name, NULL))
    fprintf(cli_out(), "%s\n", s->why);
  else if (pr->piece)
    /* Said as a placement, so a trial's "if so" (the value crossed out)
     * is the placement's "if not". */
    fprintf(cli_out(), "%s%s at %s: %s%s\n",
            (s->value == 1) == (s->placed != 0) ? "" : "no ", pr->piece, name,
            strncmp(s->why, "if so, ", 7) ? "" : "if not, ",
            strncmp(s->why, "if so, ", 7) ? s->why : s->why + 7);
  else
    fprintf(cli_out(), "%s %s %s: %s\n", name, s->placed ? "=" : "!=", v,
            s->why);
  note_output();
}

typedef struct explain_ctx {
  pz_puzzle *p;
  const cli_printer *pr;
} explain_ctx;

static int explain_step(void *state, const pz_step *s) {
  explain_ctx *x = (explain_ctx *)state;
  print_step(x->p, x->pr, s);
  return ferror(cli_out()) != 0;
}

/* --hint: one line, the next placement; --explain: every step, then the
 * reasoning it took. */
static int run_explain(pz_puzzle *p, const cli_common *c, const cli_printer *pr,
                       int *st) {
  pz_result r;
  pz_level level;
  pz_step hint;
  explain_ctx x = {p, pr};
  *st = c->mode == MODE_HINT ? pz_puzzle_hint(p, &hint, &r)
                             : pz_puzzle_explain(p, explain_step, &x, &level, &r);
  if (*st == PZ_ERR_UNSUPPORTED) {
    fprintf(cli_err(), "%s: %s is not available for %s puzzles\n", c->prog,
            c->mode_option, pz_puzzle_kind(p));
    *st = PZ_OK;
    return CLI_USAGE;
  }
  if (*st) return CLI_OK;
  if (r == PZ_UNKNOWN) return run_unknown(c);
  if (r == PZ_UNSAT) {
    cli_say(c, "no solution: propagation finds a contradiction");
    return CLI_OK;
  }
  if (c->mode == MODE_HINT) {
    if (hint.cell >= 0 || hint.why[0]) print_step(p, pr, &hint);
    else cli_say(c, hint.level == PZ_LEVEL_SEARCH
                        ? "no hint: nothing follows without guessing (search)"
                        : "no hint: every cell is decided");
    return CLI_OK;
  }
  char msg[96];
  if (level == PZ_LEVEL_SEARCH)
    snprintf(msg, sizeof msg, "stuck: nothing more follows without "
             "guessing (search)");
  else
    snprintf(msg, sizeof msg, "solved with %s", pz_level_name(level));
  cli_say(c, msg);
  return CLI_OK;
}

static int run_one(pz_puzzle *p, const cli_common *c, const cli_printer *pr,
                   size_t index, size_t total) {
  const char *prog = c->prog;
  FILE *out = cli_out();
  if (c->dimacs) return write_dimacs(p, c, pr, index, total);
  if (c->run_own) return c->run_own(pr->ctx, p, c);
  if (c->format == FORMAT_JSON) return cli_json_run(p, c, pr, index);
  if (cli_stopped(c)) {
    /* The deadline passed before this puzzle: no call, same placeholder. */
    if (c->mode == MODE_COUNT) {
      fprintf(out, c->format == FORMAT_LINE ? "# at least 0 (%s)\n"
                                            : "at least 0 (%s)\n",
              stop_reason());
      note_output();
      return interrupted ? CLI_INTERRUPTED : CLI_UNKNOWN;
    }
    return run_unknown(c);
  }
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  if (pz_puzzle_check_givens(p, &info) == PZ_ERR_CONFLICT) {
    char msg[200];
    if (c->mode == MODE_COUNT || c->mode == MODE_RATE) {
      fprintf(out, c->mode == MODE_COUNT ? "0\n" : "no solution\n");
      note_output();
      return CLI_OK;
    }
    snprintf(msg, sizeof msg, "no solution: %s", info.message);
    cli_say(c, msg);
    return CLI_OK;
  }
  if (c->mode == MODE_ESTIMATE) {
    pz_estimate e;
    int st = pz_puzzle_estimate(p, &c->est, &e);
    if (st) return cli_fail(prog, "estimating", st, NULL);
    if (!e.samples && !e.exact) return run_unknown(c);
    fprintf(out, c->format == FORMAT_LINE ? "# %s\n" : "%s\n",
            cli_estimate_text(&e));
    note_output();
    return interrupted ? CLI_INTERRUPTED : CLI_OK;
  }
  size_t cells = (size_t)pz_puzzle_rows(p) * (size_t)pz_puzzle_cols(p);
  int *grid = (int *)malloc(cells * sizeof(int));
  if (!grid) return cli_fail(prog, "solving", PZ_ERR_NOMEM, NULL);
  pz_result r;
  int st = PZ_OK, rc = CLI_OK;
  print_ctx pc = {pr, c, 0};
  if (c->mode == MODE_SOLVE) {
    st = pz_puzzle_solve(p, grid, &r);
    if (!st && r == PZ_SAT) print_one(&pc, grid);
    else if (!st && r == PZ_UNSAT) cli_say(c, "no solution");
    else if (!st) rc = run_unknown(c);
  } else if (c->mode == MODE_UNIQUE) {
    int sols;
    st = pz_puzzle_unique(p, &sols, grid, &r);
    if (st) {
    } else if (sols == 0 && r != PZ_UNKNOWN) {
      cli_say(c, "no solution");
    } else if (sols == 0 || (sols == 1 && r == PZ_UNKNOWN)) {
      /* A first solution without the proof is no answer to --unique. */
      if (sols == 1 && c->format != FORMAT_LINE) {
        print_one(&pc, grid);
        cli_say(c, interrupted ? "interrupted before uniqueness was known"
                               : "time limit before uniqueness was known");
        rc = interrupted ? CLI_INTERRUPTED : CLI_UNKNOWN;
      } else {
        rc = run_unknown(c);
      }
    } else if (c->format == FORMAT_LINE) {
      if (sols == 1) print_one(&pc, grid);
      else cli_say(c, "not unique");
      rc = sols == 1 ? CLI_OK : CLI_NOT_UNIQUE;
    } else {
      print_one(&pc, grid);
      cli_say(c, sols >= 2 ? "not unique (2 or more solutions)" : "unique");
      rc = sols == 1 ? CLI_OK : CLI_NOT_UNIQUE;
    }
  } else if (c->mode == MODE_RATE) {
    rc = run_rate(p, c, grid, &st);
  } else if (c->mode == MODE_HINT || c->mode == MODE_EXPLAIN) {
    rc = run_explain(p, c, pr, &st);
  } else if (c->mode == MODE_CANDIDATES) {
    rc = cli_run_candidates(p, c, pr, &st);
  } else {
    uint64_t count;
    if (c->mode == MODE_COUNT)
      st = pz_puzzle_count(p, c->limit, &count, &r);
    else
      st = pz_puzzle_enumerate(p, c->limit, print_one, &pc, &count, &r);
    cli_end_progress(c);
    if (!st && r == PZ_UNKNOWN && !ferror(out))
      rc = interrupted ? CLI_INTERRUPTED : CLI_UNKNOWN;
    if (st || ferror(out)) {
    } else if (c->mode == MODE_COUNT) {
      if (r == PZ_UNKNOWN)
        fprintf(out, c->format == FORMAT_LINE ? "# at least %llu (%s)\n"
                                        : "at least %llu (%s)\n",
               (unsigned long long)count, stop_reason());
      else
        fprintf(out, "%llu%s\n", (unsigned long long)count,
                r == PZ_SAT ? "+" : "");
    } else if (c->format == FORMAT_GRID) {
      /* Not after answers in a file format (.pls, ...), which must stay
       * that format. */
      fprintf(out, "%s%llu solution%s%s\n", count ? "\n" : "",
             (unsigned long long)count, count == 1 ? "" : "s",
             r == PZ_SAT ? " (limit reached)"
             : r == PZ_UNKNOWN ? interrupted ? " so far (interrupted)"
                                             : " so far (time limit)"
                               : "");
    } else if (r == PZ_UNKNOWN) {
      cli_say(c, stop_reason());
    } else if (count == 0) {
      cli_say(c, "no solution");
    }
    note_output();
  }
  free(grid);
  /* A solver prints its statistics itself (CaDiCaL's go through file
   * descriptor 1): on a batch's worker, once its puzzle's turn has come. */
  if (!st && c->stats && pz_puzzle_solver(p) && direct_begin()) {
    int vars;
    size_t clauses;
    pz_puzzle_last_size(p, &vars, &clauses);
    fprintf(stderr, "c backend %s (%s), %d variables, %zu clauses\n",
            pz_solver_backend(pz_puzzle_solver(p)),
            pz_solver_signature(pz_puzzle_solver(p)), vars, clauses);
    pz_solver_print_stats(pz_puzzle_solver(p), stderr);
    direct_end();
  }
  if (st) return cli_fail(prog, "solving", st, NULL);
  int oe = cli_output_error(c);
  return oe ? oe : rc;
}

int cli_run(pz_puzzle *p, const cli_common *c, const cli_printer *pr,
            size_t index, size_t total) {
  cli_common own;
  if (pr->answers_extra && pr->extra && !c->format_given &&
      c->format == FORMAT_GRID) {
    own = *c;
    own.format = FORMAT_EXTRA;
    c = &own;
  }
  int rc = run_one(p, c, pr, index, total);
  if (c->render) rc = cli_worse(rc, cli_render_add(c, pr->scene, pr->ctx, p, index));
  /* Each answer goes out when it is known: the time limit runs to the last
   * answer, not to the clean-up after it. */
  if (tl_worker) batch_flushed();
  if (fflush(cli_out()) != 0) {
    note_output();
    rc = cli_worse(rc, cli_output_error(c));
  }
  return rc;
}

/* --- Batches ----------------------------------------------------------- */

/* Entry i of a batch: its header, then the program's run. */
static int run_entry(const cli_batch *b, const cli_common *c, size_t i,
                     void **state, int *stop) {
  /* Several puzzles: a header before each one's answers, unless every
   * puzzle gets exactly one line anyway. */
  cli_json_entry(i, b->line(b->ctx, i));
  if (b->total > 1 && !c->dimacs && !c->generate &&
      c->format != FORMAT_JSON &&
      (c->mode == MODE_ALL || !cli_one_line_each(c)))
    fprintf(cli_out(), "%s# puzzle %zu (line %zu)\n",
            i && c->format != FORMAT_LINE ? "\n" : "", i + 1,
            b->line(b->ctx, i));
  *stop = 0;
  int rc = b->run(b->ctx, c, i, state, stop);
  if (rc == CLI_FAILURE || rc == CLI_INTERRUPTED || rc == CLI_USAGE)
    *stop = 1;
  return rc;
}

/* Entries a worker may run ahead of the first one not yet written, and
 * the bytes that entries not yet at their turn may hold between them; a
 * worker past either waits. (A test builds this file with tiny ones.) */
#ifndef CLI_BATCH_WINDOW
#define CLI_BATCH_WINDOW 1024
#endif
#ifndef CLI_BATCH_HELD
#define CLI_BATCH_HELD ((size_t)8 << 20)
#endif

/* What an entry printed before its turn: records of a stream byte (0
 * stdout, 1 stderr), a length and the bytes, in the order printed. */
typedef struct held {
  char *buf;
  size_t len, cap;
  size_t last; /* offset of the last record's header, + 1; 0 = none */
} held;

typedef struct slot {
  held h;
  size_t entry;
  int busy;   /* entry is claimed and not yet written */
  int done;   /* entry has finished */
  int flush;  /* cli_run flushed its output */
  int rc;
  int stop;
} slot;

typedef struct batch_run {
  const cli_common *c;
  const cli_batch *b;
  pthread_mutex_t lock;
  pthread_cond_t moved; /* head, held bytes or halted changed */
  slot *slots;          /* entry i in slots[i % window] */
  size_t window;
  size_t claimed;       /* entries handed out */
  size_t head;          /* the first entry not yet written */
  size_t held_bytes;
  atomic_int halted;    /* an entry stopped the run: entries from head on
                           are dropped, nothing more is written */
  int rc;
} batch_run;

struct worker {
  batch_run *run;
  cli_common c; /* the run's options; opt.threads 1, terminate: below */
  size_t entry; /* the entry being run */
  FILE *out, *err;
  void *state;
};

/* Appends to entry's held output (lock held); -1 when out of memory. */
static int hold(held *h, int which, const char *data, size_t n) {
  size_t need = h->len + n + 1 + sizeof(size_t);
  if (need > h->cap) {
    size_t cap = h->cap ? h->cap : 256;
    while (cap < need) cap *= 2;
    char *nb = (char *)realloc(h->buf, cap);
    if (!nb) return -1;
    h->buf = nb;
    h->cap = cap;
  }
  size_t len;
  if (h->last && h->buf[h->last - 1] == which) {
    memcpy(&len, h->buf + h->last, sizeof len);
  } else {
    h->buf[h->len] = (char)which;
    h->last = ++h->len;
    h->len += sizeof len;
    len = 0;
  }
  len += n;
  memcpy(h->buf + h->last, &len, sizeof len);
  memcpy(h->buf + h->len, data, n);
  h->len += n;
  return 0;
}

/* Writes an entry's held output to stdout and stderr (lock held). */
static void release(batch_run *r, held *h) {
  for (size_t at = 0; at < h->len;) {
    FILE *to = h->buf[at] ? stderr : stdout;
    size_t len;
    memcpy(&len, h->buf + at + 1, sizeof len);
    at += 1 + sizeof len;
    errno = 0;
    if (fwrite(h->buf + at, 1, len, to) < len && to == stdout) note_stdout();
    at += len;
  }
  r->held_bytes -= h->len;
  h->len = h->last = 0;
  /* A slot keeps a small buffer for its next entry, not a large one. */
  if (h->cap > 65536) {
    free(h->buf);
    h->buf = NULL;
    h->cap = 0;
  }
}

/* Writes every finished entry at the head, in order, and what the new
 * head has printed so far (from then on it writes directly); stops the
 * run after an entry that says so or when stdout fails (lock held). */
/* The progress line of a batch: puzzles done of all, rate, time left. On
 * a terminal, while the answers go elsewhere (cli_options_done). */
static void batch_progress(const cli_common *c, size_t done, size_t total,
                           int final) {
  static double next;
  double t = now(), el = t - c->start;
  if (final) {
    fputs("\r\033[K", stderr);
    return;
  }
  if (t < next) return;
  next = t + 0.5;
  double rate = el > 0 ? (double)done / el : 0;
  fprintf(stderr, "\r%s: %zu/%zu puzzles, %.0f/s", c->prog, done, total, rate);
  if (done && rate > 0)
    fprintf(stderr, ", ETA %.0fs", (double)(total - done) / rate);
  fputs("\033[K", stderr);
  fflush(stderr);
}

/* 1 when a batch shows its progress (the puzzles' own counts do not). */
static int batch_shows(const cli_common *c, const cli_batch *b) {
  return c->progress > 0 && b->total > 1 && !isatty(STDOUT_FILENO);
}

static void advance(batch_run *r) {
  while (!r->halted && r->head < r->b->total) {
    slot *s = &r->slots[r->head % r->window];
    if (!s->busy || s->entry != r->head) break;
    release(r, &s->h);
    if (!s->done) break;
    int rc = s->rc;
    /* Each answer goes out when it is known: where cli_run flushed. */
    if (s->flush && fflush(stdout) != 0) note_stdout();
    if (ferror(stdout)) rc = cli_worse(rc, stdout_error(r->c));
    r->rc = cli_worse(r->rc, rc);
    s->busy = s->done = 0;
    r->head++;
    if (batch_shows(r->c, r->b)) batch_progress(r->c, r->head, r->b->total, 0);
    if (s->stop || rc == CLI_FAILURE) r->halted = 1;
  }
  pthread_cond_broadcast(&r->moved);
}

/* The cookie write of a worker's stream: straight out when its entry's
 * turn has come, else held (waiting while too much is held). */
static ssize_t worker_write(worker *w, int which, const char *data,
                            size_t n) {
  batch_run *r = w->run;
  ssize_t put = (ssize_t)n;
  pthread_mutex_lock(&r->lock);
  for (;;) {
    slot *s = &r->slots[w->entry % r->window];
    if (r->halted) {
      put = -1;
    } else if (w->entry == r->head) {
      FILE *to = which ? stderr : stdout;
      errno = 0;
      if (fwrite(data, 1, n, to) < n) {
        if (to == stdout) note_stdout();
        put = -1;
      }
    } else if (r->held_bytes + n > CLI_BATCH_HELD && s->h.len) {
      pthread_cond_wait(&r->moved, &r->lock);
      continue;
    } else if (hold(&s->h, which, data, n)) {
      put = -1;
    } else {
      r->held_bytes += n;
    }
    break;
  }
  pthread_mutex_unlock(&r->lock);
  if (put < 0) errno = EIO;
  return put;
}

static ssize_t write_out(void *w, const char *data, size_t n) {
  return worker_write((worker *)w, 0, data, n);
}

static ssize_t write_err(void *w, const char *data, size_t n) {
  return worker_write((worker *)w, 1, data, n);
}

static void batch_flushed(void) {
  worker *w = tl_worker;
  pthread_mutex_lock(&w->run->lock);
  w->run->slots[w->entry % w->run->window].flush = 1;
  pthread_mutex_unlock(&w->run->lock);
}

static int worker_output_error(void) {
  return ferror(tl_out) || tl_worker->run->halted ? CLI_FAILURE : 0;
}

static int direct_begin(void) {
  worker *w = tl_worker;
  if (!w) return 1;
  batch_run *r = w->run;
  fflush(w->out);
  pthread_mutex_lock(&r->lock);
  while (!r->halted && r->head != w->entry)
    pthread_cond_wait(&r->moved, &r->lock);
  if (r->halted) {
    pthread_mutex_unlock(&r->lock);
    return 0;
  }
  return 1;
}

static void direct_end(void) {
  if (tl_worker) pthread_mutex_unlock(&tl_worker->run->lock);
}

/* The solvers of a worker stop with the run, and when the run has stopped
 * before their entry. */
static int worker_terminate(void *state) {
  worker *w = (worker *)state;
  return cli_stopped(&w->c) || w->run->halted;
}

static void *worker_main(void *arg) {
  worker *w = (worker *)arg;
  batch_run *r = w->run;
  tl_worker = w;
  tl_out = w->out;
  tl_err = w->err;
  pthread_mutex_lock(&r->lock);
  for (;;) {
    while (!r->halted && r->claimed < r->b->total &&
           r->claimed >= r->head + r->window)
      pthread_cond_wait(&r->moved, &r->lock);
    if (r->halted || r->claimed >= r->b->total) break;
    size_t i = r->claimed++;
    slot *s = &r->slots[i % r->window];
    s->entry = i;
    s->busy = 1;
    s->done = s->flush = 0;
    w->entry = i;
    pthread_mutex_unlock(&r->lock);
    clearerr(w->out);
    clearerr(w->err);
    int stop;
    int rc = run_entry(r->b, &w->c, i, &w->state, &stop);
    fflush(w->out);
    pthread_mutex_lock(&r->lock);
    s->done = 1;
    s->rc = rc;
    s->stop = stop;
    advance(r);
  }
  pthread_mutex_unlock(&r->lock);
  tl_worker = NULL;
  tl_out = tl_err = NULL;
  return NULL;
}

static int run_parallel(const cli_common *c, const cli_batch *b) {
  size_t n = (size_t)c->jobs < b->total ? (size_t)c->jobs : b->total;
  batch_run r;
  memset(&r, 0, sizeof r);
  r.c = c;
  r.b = b;
  r.window = b->total < CLI_BATCH_WINDOW ? b->total : CLI_BATCH_WINDOW;
  atomic_init(&r.halted, 0);
  r.slots = (slot *)calloc(r.window, sizeof(slot));
  worker *w = (worker *)calloc(n, sizeof(worker));
  pthread_t *tid = (pthread_t *)calloc(n, sizeof(pthread_t));
  int ok = r.slots && w && tid && !pthread_mutex_init(&r.lock, NULL);
  if (ok && pthread_cond_init(&r.moved, NULL)) {
    pthread_mutex_destroy(&r.lock);
    ok = 0;
  }
  cookie_io_functions_t out_io = {NULL, write_out, NULL, NULL};
  cookie_io_functions_t err_io = {NULL, write_err, NULL, NULL};
  size_t made = 0;
  for (; ok && made < n; made++) {
    worker *k = &w[made];
    k->run = &r;
    k->c = *c;
    k->c.jobs = 1;
    k->c.opt.threads = 1;
    k->c.opt.progress = NULL; /* the batch shows its own */
    k->c.opt.terminate = worker_terminate;
    k->c.opt.terminate_state = k;
    k->out = fopencookie(k, "w", out_io);
    k->err = k->out ? fopencookie(k, "w", err_io) : NULL;
    if (!k->err) break;
    /* Buffered as stdout and stderr are, so that stderr's lines keep
     * their place among stdout's. */
    setvbuf(k->out, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
    setvbuf(k->err, NULL, _IONBF, 0);
  }
  if (!ok || made < n) {
    for (size_t k = 0; k <= made && k < n && w; k++) {
      if (w[k].out) fclose(w[k].out);
      if (w[k].err) fclose(w[k].err);
    }
    if (ok) {
      pthread_cond_destroy(&r.moved);
      pthread_mutex_destroy(&r.lock);
    }
    free(r.slots);
    free(w);
    free(tid);
    return -1;
  }
  /* Worker 0 is this thread; a thread that cannot be made leaves its
   * share to the others. */
  for (size_t k = 1; k < n; k++)
    if (pthread_create(&tid[k], NULL, worker_main, &w[k]) != 0)
      w[k].run = NULL;
  worker_main(&w[0]);
  for (size_t k = 1; k < n; k++)
    if (w[k].run) pthread_join(tid[k], NULL);
  for (size_t k = 0; k < n; k++) {
    if (w[k].state && b->free_state)
      b->free_state(b->ctx, &w[k].c, w[k].state);
    fclose(w[k].out);
    fclose(w[k].err);
  }
  for (size_t k = 0; k < r.window; k++) free(r.slots[k].h.buf);
  pthread_cond_destroy(&r.moved);
  pthread_mutex_destroy(&r.lock);
  free(r.slots);
  free(w);
  free(tid);
  return r.rc;
}

static int run_batch(const cli_common *c, const cli_batch *b) {
  if (c->jobs > 1 && b->total > 1) {
    int rc = run_parallel(c, b);
    if (rc >= 0) return rc;
    /* No threads to be had: one thread does it all. */
  }
  int rc = CLI_OK, stop = 0;
  void *state = NULL;
  /* In a batch, the progress is the batch's, not each puzzle's. */
  cli_common one = *c;
  if (b->total > 1) one.opt.progress = NULL;
  for (size_t i = 0; i < b->total && !stop; i++) {
    rc = cli_worse(rc, run_entry(b, &one, i, &state, &stop));
    if (ferror(stdout)) {
      rc = cli_worse(rc, cli_output_error(c));
      stop = 1;
    }
    if (batch_shows(c, b)) batch_progress(c, i + 1, b->total, 0);
  }
  if (state && b->free_state) b->free_state(b->ctx, &one, state);
  return rc;
}

int cli_run_batch(const cli_common *c, const cli_batch *b) {
  int rc = run_batch(c, b);
  if (batch_shows(c, b)) batch_progress(c, b->total, b->total, 1);
  return rc;
}

/* The closest unique puzzle was printed: what it has, beside each target
 * it missed. */
static void print_closest(const cli_common *c, unsigned long long i,
                          const pz_generate_info *info, const char *clues) {
  char count[64] = "", level[64] = "";
  if (c->gen.givens && info->givens > c->gen.givens)
    snprintf(count, sizeof count, " (target %d)", c->gen.givens);
  if (c->gen.difficulty && info->level != c->gen.difficulty)
    snprintf(level, sizeof level, " (target %s)",
             pz_level_name(c->gen.difficulty));
  fprintf(cli_err(), "%s: puzzle %llu (seed %llu): the closest of %u tries: "
          "%d %s%s, rated %s%s\n", c->prog, i + 1,
          (unsigned long long)(c->gen.seed + i), info->tries, info->givens,
          clues, count, pz_level_name(info->level), level);
}

int cli_generated(const cli_common *c, unsigned long long i, int st,
                  pz_result stop, int made, const pz_generate_info *info,
                  const char *clues, int *stop_run) {
  unsigned long long seed = (unsigned long long)(c->gen.seed + i);
  cli_json_generated_info(info);
  if (st) {
    fprintf(cli_err(), "%s: generating puzzle %llu (seed %llu): %s\n", c->prog,
            i + 1, seed, pz_strerror(st));
    *stop_run = 1;
    return st == PZ_ERR_UNSUPPORTED || st == PZ_ERR_ARG ? CLI_USAGE
                                                        : CLI_FAILURE;
  }
  if (stop == PZ_UNSAT) {
    fprintf(cli_err(), "%s: these rules admit no solution: nothing to "
            "generate\n", c->prog);
    *stop_run = 1;
    return CLI_OK;
  }
  if (!made) {
    /* The puzzles before this one are printed: say where the run ended. */
    *stop_run = 1;
    fprintf(cli_err(), "%s: puzzle %llu (seed %llu): %s; %llu of %llu "
            "generated\n", c->prog, i + 1, seed,
            interrupted ? "interrupted" : "time limit reached", i,
            c->generate);
    return interrupted ? CLI_INTERRUPTED : CLI_UNKNOWN;
  }
  if (stop != PZ_SAT) {
    print_closest(c, i, info, clues);
    return CLI_UNKNOWN;
  }
  return CLI_OK;
}

int cli_generate_form(cli_common *c, int forms, const char *why_not) {
  int deflt = (forms & CLI_GEN_LINE) && !(forms & CLI_GEN_GRID_DEFAULT)
                  ? CLI_GEN_LINE : CLI_GEN_GRID;
  int want = deflt;
  if (c->format_given && c->format == FORMAT_LINE) want = CLI_GEN_LINE;
  if (c->format_given && c->format == FORMAT_GRID) want = CLI_GEN_GRID;
  if (!(forms & want)) {
    fprintf(stderr, "%s: --generate --format %s: %s\n", c->prog,
            want == CLI_GEN_LINE ? "line" : "grid", why_not);
    return -1;
  }
  c->gen_blank_line = want == CLI_GEN_GRID;
  return want;
}

int cli_generate_one(const cli_common *c, pz_puzzle *p, unsigned long long i,
                     void (*print)(void *ctx, const int *cells, FILE *out),
                     void *ctx, int *stop_batch) {
  pz_generate_options g = c->gen;
  g.seed = c->gen.seed + i;
  pz_generate_info info;
  pz_result stop;
  int st = pz_puzzle_generate(p, &g, NULL, &info, &stop);
  int made = stop != PZ_UNKNOWN || info.givens;
  int rc = cli_generated(c, i, st, stop, made, &info, "givens", stop_batch);
  if (c->format == FORMAT_JSON) {
    cli_json_generated(c, p, i, made && !st && !*stop_batch, rc, stop, &info,
                       print, ctx);
    note_output();
    return rc;
  }
  if (*stop_batch) return rc;
  FILE *out = cli_out();
  if (i && c->gen_blank_line) putc('\n', out);
  print(ctx, pz_puzzle_givens(p), out);
  note_output();
  if (c->render) rc = cli_worse(rc, cli_render_add(c, c->gen_scene, ctx, p, i));
  if (c->stats && info.level == PZ_LEVEL_ANY) {
    pz_result rr;
    if (pz_puzzle_rate(p, &info.level, &rr) || rr != PZ_SAT)
      info.level = PZ_LEVEL_ANY; /* printed as "any": not rated */
  }
  if (c->stats)
    fprintf(cli_err(), "%s: puzzle %llu: seed %llu, %d givens, rated %s, %u "
            "tries\n", c->prog, i + 1, (unsigned long long)g.seed,
            info.givens, pz_level_name(info.level), info.tries);
  return rc;
}

/* --generate -j N: each thread its own puzzle object (make), entries in
 * seed order. */
typedef struct gen_batch {
  int (*make)(void *ctx, const cli_common *c, pz_puzzle **out);
  void (*print)(void *ctx, const int *cells, FILE *out);
  void *ctx;
} gen_batch;

static size_t gen_line(void *ctx, size_t i) {
  (void)ctx;
  return i + 1;
}

static int gen_run(void *ctx, const cli_common *c, size_t i, void **state,
                   int *stop) {
  gen_batch *g = (gen_batch *)ctx;
  if (!*state) {
    pz_puzzle *q = NULL;
    int rc = g->make(g->ctx, c, &q);
    if (rc) {
      *stop = 1;
      return rc;
    }
    *state = q;
  }
  return cli_generate_one(c, (pz_puzzle *)*state, i, g->print, g->ctx, stop);
}

static void gen_free(void *ctx, const cli_common *c, void *state) {
  (void)ctx;
  (void)c;
  pz_puzzle_free((pz_puzzle *)state);
}

typedef struct each_batch {
  int (*one)(void *ctx, const cli_common *c, unsigned long long i, int *stop);
  void *ctx;
} each_batch;

static int each_run(void *ctx, const cli_common *c, size_t i, void **state,
                    int *stop) {
  (void)state;
  each_batch *e = (each_batch *)ctx;
  if (c->format == FORMAT_JSON)
    return cli_json_generate_each(c, e->one, e->ctx, (unsigned long long)i,
                                  stop);
  return e->one(e->ctx, c, (unsigned long long)i, stop);
}

int cli_generate_each(const cli_common *c,
                      int (*one)(void *ctx, const cli_common *c,
                                 unsigned long long i, int *stop),
                      void *ctx) {
  each_batch e = {one, ctx};
  cli_batch b = {(size_t)c->generate, gen_line, each_run, NULL, &e};
  return cli_run_batch(c, &b);
}

int cli_generate(cli_common *c, pz_puzzle *p,
                 int (*make)(void *ctx, const cli_common *c, pz_puzzle **out),
                 void (*print)(void *ctx, const int *cells, FILE *out),
                 void *ctx) {
  if (make && c->jobs > 1 && c->generate > 1) {
    gen_batch g = {make, print, ctx};
    cli_batch b = {(size_t)c->generate, gen_line, gen_run, gen_free, &g};
    return cli_run_batch(c, &b);
  }
  int rc = CLI_OK;
  for (unsigned long long i = 0; i < c->generate; i++) {
    int stop = 0;
    rc = cli_worse(rc, cli_generate_one(c, p, i, print, ctx, &stop));
    int oe = cli_output_error(c);
    if (oe) return cli_worse(rc, oe);
    if (stop) break;
  }
  return rc;
}
