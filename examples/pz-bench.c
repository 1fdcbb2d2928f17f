/* pz-bench: runs one workload on every linked backend (or the ones named
 * with --backend) and prints a comparison table: wall and CPU time, items
 * per second, median and worst microseconds per item, answers found and
 * verified, encoding size, and the time ratio of each backend to the first
 * (left out when the backends did no work: see nothing_compared).
 *
 *   pz-bench KIND FILE             solve (or --unique) every puzzle of a
 *   pz-bench --kind KIND FILE      file, of any kind of the kind table
 *   pz-bench KIND --generate N     the same on N generated puzzles
 *   pz-bench latin N               enumerate all Latin squares of order N
 *   pz-bench grids RxC             enumerate all Sudoku grids with RxC boxes
 *
 * Everything about a kind comes from <pz/kind.h>: reading, its parameters
 * (--box, --size, --stars, ... as options), generating. An item is a
 * puzzle or an enumerated solution; the time of one item is taken with
 * CLOCK_MONOTONIC around the library call (a puzzle) or between two
 * solutions (enumeration). Every answer is checked outside the timed part
 * (check_answer); enumerated solutions must also be distinct. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "cli.h"
#include "cli_json.h"

static const char prog[] = "pz-bench";

static void usage(FILE *out) {
  fprintf(out,
          "Usage: %s [options] KIND FILE|-\n"
          "  or:  %s [options] --kind KIND FILE|-\n"
          "  or:  %s [options] KIND --generate N [--seed S]\n"
          "  or:  %s [options] latin N\n"
          "  or:  %s [options] grids RxC\n"
          "Runs one workload on every linked backend and compares them.\n"
          "  KIND FILE         solve each puzzle of FILE, of any kind (pz list\n"
          "                    names them: sudoku, killer, kakuro, ...); one\n"
          "                    item = one puzzle\n"
          "  --kind KIND       the same; needed for latin puzzles from a file\n"
          "  --generate N      solve N puzzles of KIND made by its generator\n"
          "                    (made before the timing, seeds S, S+1, ...)\n"
          "  --seed S          first seed of --generate (default 1)\n"
          "  latin N           enumerate all Latin squares of order N; one item =\n"
          "                    one solution\n"
          "  grids RxC         enumerate all Sudoku grids with RxC boxes\n"
          "  --PARAM VALUE     the kind's parameters, as pz KIND --help lists\n"
          "                    them: --box RxC, --reduced (latin), --size N,\n"
          "                    --stars K, --variant V,...\n"
          "  --unique          puzzles: also prove each solution unique\n"
          "  --limit N         puzzles: first N; latin/grids: stop after N\n"
          "                    solutions\n"
          "  --backend NAME    run this backend only (repeatable)\n"
          "  --strategy S      auto, fresh or assume (solver reuse across puzzles\n"
          "                    that differ only by their givens)\n"
          "  --encoding E      at-most-one encoding: auto, pairwise, ladder, ...\n"
          "  --time-limit S    give up on a puzzle after S seconds\n"
          "  --enumerate M     latin/grids: auto, dpll, disjoint or blocking\n"
          "                    (blocking and disjoint ask the backend for\n"
          "                    every solution; auto mostly runs pz's search)\n"
          "  --repeat K        run the workload K times per backend (backends\n"
          "                    interleaved) and report each backend's fastest run\n"
          "  --expect N        exit 3 unless every backend finds exactly N\n"
          "                    solutions (latin/grids) or solved puzzles\n"
          "  --tsv             tab-separated rows instead of the table\n"
          "  --format json     one JSON object per backend instead (the --tsv\n"
          "                    columns; docs/JSON.md)\n"
          "  --stats           solver statistics of the last solver to stderr\n"
          "  -j, --jobs N      N threads (0 = one per CPU): puzzles: N puzzles at\n"
          "                    a time, each thread with its own solver (wall\n"
          "                    time for the batch, cpu time of all threads and\n"
          "                    of exec: solver processes);\n"
          "                    latin/grids: the library's threads\n"
          CLI_LIST_VALUES_HELP
          "  --help, --version\n"
          "\nThe table says what was measured: 'searched' counts the puzzles\n"
          "whose encoding gave the backend variables to search (pz answers\n"
          "the others first, by propagation or probing), and the first line\n"
          "names who found the solutions of an enumeration (methods auto and\n"
          "dpll: pz's own search). The time ratios to the first backend are\n"
          "left out when they would compare nothing: no puzzle searched, or\n"
          "pz's search. 'verified': answers equal to a generated puzzle's\n"
          "solution, or that pz's rules accept when the answer is set as the\n"
          "givens (kinds whose cells hold numbers); other answers count as\n"
          "found, not verified.\n"
          "\nExit status:\n"
          "  0 done, 1 usage error, 2 unreadable or bad input, 3 failure\n"
          "  (library error, a wrong answer, backends disagree, --expect).\n",
          prog, prog, prog, prog, prog);
}

static double now(clockid_t clk) {
  struct timespec ts;
  clock_gettime(clk, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of this process and of its ended children: an exec: backend
 * solves in a child process, whose time belongs to the run too. */
static double cpu_now(void) {
  struct rusage ru;
  double t = now(CLOCK_PROCESS_CPUTIME_ID);
  if (getrusage(RUSAGE_CHILDREN, &ru) == 0)
    t += (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
         (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
  return t;
}

/* --- Results of one run ------------------------------------------------ */

typedef struct run_stats {
  const char *backend;
  size_t items;                 /* puzzles tried, or solutions found */
  size_t sat, unsat, unknown;   /* sudoku answers; enumeration: stop reason */
  size_t verified, invalid;     /* answers that passed / failed the check */
  size_t unique, multi;         /* --unique */
  double wall, cpu;             /* seconds */
  float *lat;                   /* microseconds per item */
  size_t nlat, cap;
  double sum_vars, sum_clauses; /* encoding size, summed over calls */
  size_t nsize;
  size_t searched;              /* calls whose encoding had variables: the
                                   others were answered by pz before any
                                   backend had something to search */
  int failed;                   /* a library call failed */
} run_stats;

static void add_latency(run_stats *rs, double us) {
  if (rs->nlat == rs->cap) {
    size_t cap = rs->cap ? rs->cap * 2 : 1024;
    float *l = (float *)realloc(rs->lat, cap * sizeof *l);
    if (!l) return; /* keep what we have: the figures are then a sample */
    rs->lat = l;
    rs->cap = cap;
  }
  rs->lat[rs->nlat++] = (float)us;
}

static void add_size(run_stats *rs, const pz_puzzle *p) {
  int vars;
  size_t clauses;
  if (pz_puzzle_last_size(p, &vars, &clauses)) return;
  rs->sum_vars += vars;
  rs->sum_clauses += (double)clauses;
  rs->nsize++;
  if (vars > 0) rs->searched++;
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/* A set of 64-bit grid hashes, to check that enumerated solutions are
 * distinct. Past HASH_MAX entries distinctness is no longer checked. */
#define HASH_MAX ((size_t)1 << 24)
typedef struct hash_set {
  uint64_t *slot;
  size_t cap, len;
  int overflow;
} hash_set;

static uint64_t grid_hash(const int *g, size_t cells) {
  uint64_t h = 1469598103934665603u;
  for (size_t i = 0; i < cells; i++) {
    h ^= (uint64_t)(unsigned)g[i];
    h *= 1099511628211u;
  }
  h ^= h >> 29;
  return h ? h : 1; /* 0 marks an empty slot */
}

/* 1 if new, 0 if seen before, -1 if no longer tracked. */
static int hash_insert(hash_set *s, uint64_t h) {
  if (s->overflow) return -1;
  if (2 * (s->len + 1) > s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 4096;
    uint64_t *slot = s->len >= HASH_MAX ? NULL
                                        : (uint64_t *)calloc(cap, sizeof *slot);
    if (!slot) {
      s->overflow = 1;
      return -1;
    }
    for (size_t i = 0; i < s->cap; i++)
      if (s->slot[i])
        for (size_t j = s->slot[i] & (cap - 1);; j = (j + 1) & (cap - 1))
          if (!slot[j]) {
            slot[j] = s->slot[i];
            break;
          }
    free(s->slot);
    s->slot = slot;
    s->cap = cap;
  }
  for (size_t j = h & (s->cap - 1);; j = (j + 1) & (s->cap - 1)) {
    if (s->slot[j] == h) return 0;
    if (!s->slot[j]) {
      s->slot[j] = h;
      s->len++;
      return 1;
    }
  }
}

/* --- Checking answers -------------------------------------------------- */

/* Do the kind's cells hold numbers, so that an answer is also a valid set
 * of givens (Sudoku, Killer, Kakuro, ...)? Not for pieces (stars,
 * knights) or named values (Nondango's white and black), whose givens
 * mean something else. */
static int answers_are_givens(const pz_kind *k) {
  char name[32];
  pz_kind_value_name(k, 1, name, sizeof name);
  return !pz_kind_piece(k) && !strcmp(name, "1");
}

/* Checks one answer (rows*cols cells) of d's puzzle, away from the
 * backend that found it: a generated puzzle has one solution, which the
 * generator gave; otherwise, where answers are givens, q (d's puzzle, the
 * caller's, reused between answers) with the answer as its givens must
 * keep d's givens, meet no direct conflict and solve to the answer itself
 * (every cell decided, so pz's rules decide, not a backend). 1 valid, 0
 * not, -1 not checkable here. */
static int check_answer(const pz_def *d, pz_puzzle *q, const int *givens,
                        const int *answer, int *scratch) {
  size_t cells = (size_t)pz_puzzle_rows(q) * (size_t)pz_puzzle_cols(q);
  const int *sol = pz_def_solution(d);
  if (sol) return memcmp(sol, answer, cells * sizeof *answer) == 0;
  if (!answers_are_givens(pz_def_kind(d))) return -1;
  for (size_t i = 0; i < cells; i++)
    if (givens[i] && givens[i] != answer[i]) return 0;
  pz_result res = PZ_UNKNOWN;
  if (pz_puzzle_set_givens(q, answer) || pz_puzzle_check_givens(q, NULL) ||
      pz_puzzle_solve(q, scratch, &res))
    return 0;
  if (res == PZ_UNKNOWN) return -1;
  return res == PZ_SAT && !memcmp(scratch, answer, cells * sizeof *answer);
}

/* A checker for d's answers: its puzzle, its givens, room for a grid. */
typedef struct checker {
  pz_puzzle *q;
  int *givens, *scratch;
} checker;

static int checker_new(const pz_def *d, checker *ch) {
  memset(ch, 0, sizeof *ch);
  pz_options o = PZ_OPTIONS_INIT;
  int st = pz_def_puzzle(d, &ch->q);
  if (!st) st = pz_puzzle_set_options(ch->q, &o);
  if (st) return st;
  size_t cells = (size_t)pz_puzzle_rows(ch->q) * (size_t)pz_puzzle_cols(ch->q);
  ch->givens = (int *)malloc(cells * sizeof(int));
  ch->scratch = (int *)malloc(cells * sizeof(int));
  if (!ch->givens || !ch->scratch) return PZ_ERR_NOMEM;
  memcpy(ch->givens, pz_puzzle_givens(ch->q), cells * sizeof(int));
  return PZ_OK;
}

static void checker_free(checker *ch) {
  pz_puzzle_free(ch->q);
  free(ch->givens);
  free(ch->scratch);
}

/* Counts one checked answer into rs. */
static void count_check(run_stats *rs, int ok) {
  if (ok > 0) rs->verified++;
  else if (ok == 0) rs->invalid++;
}

/* --- The workloads ----------------------------------------------------- */

/* One puzzle of the workload, read or generated before any timing. */
typedef struct item {
  pz_def *def;
  int rows, cols;
  int *givens; /* when the givens are the whole puzzle (the kind writes
                  it as a line): another puzzle of the same size is this
                  one with other givens, so a solver can be kept (strategy
                  assume); else NULL */
} item;

typedef struct bench {
  cli_common c;
  const pz_kind *k;
  pz_kind_args *args;
  int unique, stats;
  const char *enum_name; /* "latin", "grids": enumerate the one item */
  const char *arg;       /* the enumeration's N or RxC */
  const char *path;      /* the file read; NULL when generated */
  item *items;
  size_t nitems;
} bench;

static void print_stats(const bench *b, const pz_puzzle *p, const char *backend) {
  if (!b->stats) return;
  const pz_solver *s = p ? pz_puzzle_solver(p) : NULL;
  fprintf(stderr, "c --- %s: statistics of the last solver used%s ---\n",
          backend, b->enum_name ? "" : " (with strategy fresh: the last puzzle's)");
  if (s) pz_solver_print_stats(s, stderr);
  else fprintf(stderr, "c (no solver)\n");
}

/* d written in the line format, cells NULL (the puzzle) or not (an
 * answer), blanks as '.': malloc'd, NULL when it cannot be. */
static char *line_of(const pz_def *d, const int *cells) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return NULL;
  int st = pz_def_write(d, cells, "line", f);
  if (fclose(f) || st) {
    free(buf);
    return NULL;
  }
  for (size_t i = 0; i < len; i++)
    if (buf[i] == '0') buf[i] = '.';
  return buf;
}

/* Fills it from d (taking it). The givens are the whole puzzle when the
 * puzzle's line is its givens written as an answer's (Sudoku, Latin; not
 * Skyscrapers, whose line holds its clues too). */
static int item_set(item *it, pz_def *d) {
  it->def = d;
  pz_puzzle *p = NULL;
  int st = pz_def_puzzle(d, &p);
  if (st) return st;
  it->rows = pz_puzzle_rows(p);
  it->cols = pz_puzzle_cols(p);
  char *puzzle = line_of(d, NULL), *givens = line_of(d, pz_puzzle_givens(p));
  if (puzzle && givens && !strcmp(puzzle, givens)) {
    size_t cells = (size_t)it->rows * (size_t)it->cols;
    it->givens = (int *)malloc(cells * sizeof(int));
    if (!it->givens) st = PZ_ERR_NOMEM;
    else memcpy(it->givens, pz_puzzle_givens(p), cells * sizeof(int));
  }
  free(puzzle);
  free(givens);
  pz_puzzle_free(p);
  return st;
}

static void items_free(bench *b) {
  for (size_t i = 0; i < b->nitems; i++) {
    pz_def_free(b->items[i].def);
    free(b->items[i].givens);
  }
  free(b->items);
  b->items = NULL;
  b->nitems = 0;
}

static int items_grow(bench *b, size_t n) {
  item *it = (item *)realloc(b->items, n * sizeof *it);
  if (!it) return PZ_ERR_NOMEM;
  b->items = it;
  return PZ_OK;
}

/* The input, whole (a cli_reader). */
typedef struct text_buf {
  char *text;
  size_t len;
} text_buf;

static int read_all(FILE *f, void *out, pz_parse_info *info) {
  (void)info;
  text_buf *t = (text_buf *)out;
  size_t cap = 1 << 16;
  t->text = (char *)malloc(cap);
  t->len = 0;
  while (t->text) {
    t->len += fread(t->text + t->len, 1, cap - t->len, f);
    if (t->len < cap) break;
    char *more = (char *)realloc(t->text, cap * 2);
    if (!more) free(t->text);
    t->text = more;
    cap *= 2;
  }
  if (!t->text) return PZ_ERR_NOMEM;
  return ferror(f) ? PZ_ERR_IO : PZ_OK;
}

/* Every puzzle of text as b's items (the first --limit ones). An exit
 * code. */
static int load_text(bench *b, const char *name, const char *text,
                     size_t len) {
  pz_span *parts = NULL;
  size_t n = 0;
  int st = pz_kind_split(b->k, text, len, &parts, &n);
  if (st) return cli_fail(prog, name, st, NULL);
  if (b->c.limit && b->c.limit < n) n = (size_t)b->c.limit;
  st = items_grow(b, n ? n : 1);
  for (size_t i = 0; !st && i < n; i++) {
    pz_parse_info info;
    pz_def *d = NULL;
    st = pz_kind_parse(b->k, b->args, text + parts[i].offset, parts[i].len,
                       &d, &info);
    if (st) {
      /* The place within the file, not within the puzzle. */
      if (info.line) info.line += parts[i].line - 1;
      cli_fail(prog, name, st, &info);
      st = CLI_BAD_INPUT;
      break;
    }
    memset(&b->items[i], 0, sizeof b->items[i]);
    b->nitems++;
    st = item_set(&b->items[i], d);
    if (st) st = cli_fail(prog, name, st, NULL);
  }
  free(parts);
  return st == PZ_ERR_NOMEM ? cli_fail(prog, name, st, NULL) : st;
}

/* --generate N: N puzzles from the kind's generator on the default
 * backend, seeds S, S+1, ... An exit code. */
static int load_generated(bench *b) {
  if (!(pz_kind_modes(b->k) & PZ_KIND_GENERATE)) {
    fprintf(stderr, "%s: %s has no generator\n", prog, pz_kind_name(b->k));
    return CLI_USAGE;
  }
  size_t n = (size_t)b->c.generate;
  if (items_grow(b, n)) return cli_fail(prog, "--generate", PZ_ERR_NOMEM, NULL);
  pz_options o = PZ_OPTIONS_INIT;
  int rc = CLI_OK;
  for (size_t i = 0; !rc && i < n; i++) {
    pz_generate_options g = b->c.gen;
    g.seed = b->c.gen.seed + i;
    pz_generate_info info;
    pz_result stop = PZ_UNKNOWN;
    pz_def *d = NULL;
    int st = pz_kind_generate(b->k, b->args, &o, &g, &d, &info, &stop);
    if (!st && (stop != PZ_SAT || !d)) {
      fprintf(stderr, "%s: %s --generate: no puzzle from seed %llu\n", prog,
              pz_kind_name(b->k), (unsigned long long)g.seed);
      pz_def_free(d);
      rc = CLI_FAILURE;
      break;
    }
    if (st) {
      rc = cli_fail(prog, "--generate", st, NULL);
      break;
    }
    memset(&b->items[i], 0, sizeof b->items[i]);
    b->nitems++;
    st = item_set(&b->items[i], d);
    if (st) rc = cli_fail(prog, "--generate", st, NULL);
  }
  return rc;
}

/* latin N, grids RxC: the kind's empty puzzle of that size (a line of
 * blanks), whose solutions are enumerated. An exit code. */
static int load_empty(bench *b, int n) {
  size_t cells = (size_t)n * (size_t)n;
  char *line = (char *)malloc(cells + 1);
  if (!line) return cli_fail(prog, b->enum_name, PZ_ERR_NOMEM, NULL);
  memset(line, '.', cells);
  line[cells] = '\n';
  unsigned long long limit = b->c.limit;
  b->c.limit = 0; /* the limit is on solutions here */
  int rc = load_text(b, b->enum_name, line, cells + 1);
  b->c.limit = limit;
  free(line);
  if (!rc && b->nitems != 1) rc = cli_fail(prog, b->enum_name, PZ_ERR_STATE, NULL);
  return rc;
}

/* The puzzle workload's items, shared by its threads (-j N): each thread
 * takes the next item not yet taken, with a puzzle object (hence a
 * solver) of its own. The answers are kept for the check after the
 * timing. */
typedef struct puzzle_share {
  const bench *b;
  pz_options opt;
  size_t total;
  atomic_size_t next;
  atomic_int failed;
  int **answer; /* per item: its answer, NULL when none was found */
} puzzle_share;

typedef struct puzzle_thread {
  puzzle_share *sh;
  run_stats rs;
  pz_puzzle *p; /* the thread's puzzle object at the end (--stats) */
  int st;
} puzzle_thread;

static void *solve_puzzles(void *arg) {
  puzzle_thread *t = (puzzle_thread *)arg;
  puzzle_share *sh = t->sh;
  const bench *b = sh->b;
  run_stats *rs = &t->rs;
  pz_puzzle *p = NULL;
  int reusable = 0, st = PZ_OK;
  while (!st && !atomic_load(&sh->failed)) {
    size_t i = atomic_fetch_add(&sh->next, 1);
    if (i >= sh->total) break;
    const item *it = &b->items[i];
    size_t cells = (size_t)it->rows * (size_t)it->cols;
    /* Keep the puzzle (and its solver) when only the givens change. */
    int keep = p && reusable && it->givens && pz_puzzle_rows(p) == it->rows &&
               pz_puzzle_cols(p) == it->cols;
    if (!keep) {
      pz_puzzle_free(p);
      p = NULL;
      st = pz_def_puzzle(it->def, &p);
      if (!st) st = pz_puzzle_set_options(p, &sh->opt);
      if (st) break;
      reusable = it->givens != NULL;
    }
    int *grid = (int *)malloc(cells * sizeof(int));
    if (!grid) {
      st = PZ_ERR_NOMEM;
      break;
    }
    pz_result res;
    int sols = 0;
    double t0 = now(CLOCK_MONOTONIC);
    if (keep) st = pz_puzzle_set_givens(p, it->givens);
    if (!st && b->unique) st = pz_puzzle_unique(p, &sols, grid, &res);
    else if (!st) {
      st = pz_puzzle_solve(p, grid, &res);
      sols = res == PZ_SAT;
    }
    add_latency(rs, (now(CLOCK_MONOTONIC) - t0) * 1e6);
    if (st) {
      free(grid);
      break;
    }
    rs->items++;
    add_size(rs, p);
    if (sols >= 1) {
      rs->sat++;
      sh->answer[i] = grid;
      grid = NULL;
      if (b->unique && res != PZ_UNKNOWN) {
        if (sols == 1) rs->unique++;
        else rs->multi++;
      }
      if (b->unique && res == PZ_UNKNOWN) rs->unknown++;
    } else if (res == PZ_UNSAT) {
      rs->unsat++;
    } else {
      rs->unknown++;
    }
    free(grid);
  }
  if (st) atomic_store(&sh->failed, 1);
  t->p = p;
  t->st = st;
  return NULL;
}

/* Adds a thread's figures to the run's (and frees its latencies). */
static void merge_stats(run_stats *into, run_stats *from) {
  into->items += from->items;
  into->sat += from->sat;
  into->unsat += from->unsat;
  into->unknown += from->unknown;
  into->verified += from->verified;
  into->invalid += from->invalid;
  into->unique += from->unique;
  into->multi += from->multi;
  into->sum_vars += from->sum_vars;
  into->sum_clauses += from->sum_clauses;
  into->nsize += from->nsize;
  into->searched += from->searched;
  for (size_t i = 0; i < from->nlat; i++) add_latency(into, from->lat[i]);
  free(from->lat);
}

/* Checks the answers of a run, after its timing. */
static int check_answers(const bench *b, int **answer, size_t total,
                         run_stats *rs) {
  for (size_t i = 0; i < total; i++) {
    if (!answer[i]) continue;
    checker ch;
    int st = checker_new(b->items[i].def, &ch);
    if (!st)
      count_check(rs, check_answer(b->items[i].def, ch.q, ch.givens,
                                   answer[i], ch.scratch));
    checker_free(&ch);
    if (st) return st;
  }
  return PZ_OK;
}

static int run_puzzles(const bench *b, const char *backend, run_stats *rs) {
  puzzle_share sh;
  memset(&sh, 0, sizeof sh);
  sh.b = b;
  sh.opt = b->c.opt;
  sh.opt.backend = backend;
  sh.opt.threads = 1; /* the threads are over puzzles */
  sh.total = b->nitems;
  atomic_init(&sh.next, 0);
  atomic_init(&sh.failed, 0);
  size_t jobs = (size_t)b->c.jobs;
  if (jobs > sh.total) jobs = sh.total;
  if (jobs < 1) jobs = 1;
  puzzle_thread *t = (puzzle_thread *)calloc(jobs, sizeof *t);
  pthread_t *tid = (pthread_t *)calloc(jobs, sizeof *tid);
  sh.answer = (int **)calloc(sh.total ? sh.total : 1, sizeof *sh.answer);
  if (!t || !tid || !sh.answer) {
    free(t);
    free(tid);
    free(sh.answer);
    cli_fail(prog, backend, PZ_ERR_NOMEM, NULL);
    rs->failed = 1;
    return PZ_ERR_NOMEM;
  }
  double w0 = now(CLOCK_MONOTONIC), c0 = cpu_now();
  /* Thread 0 is this one; one that cannot be made leaves its share. */
  for (size_t k = 0; k < jobs; k++) t[k].sh = &sh;
  for (size_t k = 1; k < jobs; k++)
    if (pthread_create(&tid[k], NULL, solve_puzzles, &t[k]) != 0)
      t[k].sh = NULL;
  solve_puzzles(&t[0]);
  for (size_t k = 1; k < jobs; k++)
    if (t[k].sh) pthread_join(tid[k], NULL);
  rs->wall = now(CLOCK_MONOTONIC) - w0;
  rs->cpu = cpu_now() - c0;
  int st = PZ_OK;
  for (size_t k = 0; k < jobs; k++) {
    merge_stats(rs, &t[k].rs);
    if (!st) st = t[k].st;
  }
  if (!st) st = check_answers(b, sh.answer, sh.total, rs);
  if (st) {
    cli_fail(prog, backend, st, NULL);
    rs->failed = 1;
  }
  print_stats(b, t[0].p, backend);
  for (size_t k = 0; k < jobs; k++) pz_puzzle_free(t[k].p);
  for (size_t i = 0; i < sh.total; i++) free(sh.answer[i]);
  free(sh.answer);
  free(t);
  free(tid);
  return st;
}

/* Answers checked per enumeration: each check solves the puzzle again,
 * so past this many only distinctness is checked. */
#define CHECK_MAX 100000

typedef struct enum_ctx {
  run_stats *rs;
  const pz_def *def;
  checker ch;
  size_t cells;
  hash_set set;
  double last;
  double checking, checking_cpu; /* seconds spent checking, not the
                                   solver's */
} enum_ctx;

static int on_grid(void *state, const int *grid) {
  enum_ctx *e = (enum_ctx *)state;
  double t = now(CLOCK_MONOTONIC);
  add_latency(e->rs, (t - e->last) * 1e6);
  int ok = 1;
  if (e->rs->verified + e->rs->invalid < CHECK_MAX) {
    double c = now(CLOCK_PROCESS_CPUTIME_ID);
    ok = check_answer(e->def, e->ch.q, e->ch.givens, grid, e->ch.scratch);
    e->checking_cpu += now(CLOCK_PROCESS_CPUTIME_ID) - c;
  }
  if (ok && hash_insert(&e->set, grid_hash(grid, e->cells)) == 0)
    ok = 0; /* a repeated solution */
  count_check(e->rs, ok);
  e->last = now(CLOCK_MONOTONIC);
  e->checking += e->last - t;
  return 0;
}

static int run_enum(const bench *b, const char *backend, run_stats *rs) {
  pz_options opt = b->c.opt;
  opt.backend = backend;
  pz_puzzle *p = NULL;
  enum_ctx e;
  memset(&e, 0, sizeof e);
  e.rs = rs;
  e.def = b->items[0].def;
  e.cells = (size_t)b->items[0].rows * (size_t)b->items[0].cols;
  int st = checker_new(e.def, &e.ch);
  if (!st) st = pz_def_puzzle(e.def, &p);
  if (!st) st = pz_puzzle_set_options(p, &opt);
  double w0 = now(CLOCK_MONOTONIC), c0 = cpu_now();
  e.last = w0;
  uint64_t count = 0;
  pz_result stop = PZ_UNKNOWN;
  if (!st) st = pz_puzzle_enumerate(p, b->c.limit, on_grid, &e, &count, &stop);
  rs->wall = now(CLOCK_MONOTONIC) - w0 - e.checking;
  rs->cpu = cpu_now() - c0 - e.checking_cpu;
  if (rs->wall < 0) rs->wall = 0;
  if (rs->cpu < 0) rs->cpu = 0;
  rs->items = (size_t)count;
  rs->sat = (size_t)count;
  if (!st) {
    add_size(rs, p);
    if (stop == PZ_UNSAT) rs->unsat = 1; /* enumeration complete */
    if (stop == PZ_UNKNOWN) rs->unknown = 1;
  } else {
    cli_fail(prog, backend, st, NULL);
    rs->failed = 1;
  }
  print_stats(b, p, backend);
  if (e.set.overflow)
    fprintf(stderr, "%s: %s: more than %zu solutions; distinctness checked "
            "for the first ones only\n", prog, backend, e.set.len);
  if (count > CHECK_MAX)
    fprintf(stderr, "%s: %s: the first %d solutions checked against the "
            "rules, the others for distinctness\n", prog, backend, CHECK_MAX);
  pz_puzzle_free(p);
  checker_free(&e.ch);
  free(e.set.slot);
  return st;
}

/* --- Report ------------------------------------------------------------ */

static double median(run_stats *rs) {
  if (!rs->nlat) return 0;
  qsort(rs->lat, rs->nlat, sizeof *rs->lat, cmp_float);
  return rs->nlat % 2 ? rs->lat[rs->nlat / 2]
                      : 0.5 * ((double)rs->lat[rs->nlat / 2 - 1] +
                               (double)rs->lat[rs->nlat / 2]);
}

static double worst(const run_stats *rs) {
  double w = 0;
  for (size_t i = 0; i < rs->nlat; i++)
    if (rs->lat[i] > w) w = rs->lat[i];
  return w;
}

static const char *strategy_name(pz_strategy s) {
  return cli_strategy_name((size_t)s);
}

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

/* Who finds the solutions of an enumeration with method m. */
static const char *enum_worker(pz_enum_method m) {
  switch (m) {
  case PZ_ENUM_DPLL:
    return "pz's own search, no backend call";
  case PZ_ENUM_AUTO:
    return "pz's own search, a backend only for parts it finds hard";
  default:
    return "the backend finds every solution";
  }
}

/* Why the backends' times compare nothing (then no ratios are printed),
 * or NULL: pz answered every puzzle before a backend had anything to
 * search, or pz's own search enumerated. */
static const char *nothing_compared(const bench *b, const run_stats *rs,
                                    size_t nb) {
  if (b->enum_name) {
    pz_enum_method m = b->c.opt.enumerate;
    if (m == PZ_ENUM_DPLL)
      return "method dpll is pz's own search, no backend call";
    if (m == PZ_ENUM_AUTO)
      return "method auto is pz's own search, which hands a backend only "
             "the parts it finds hard (--enumerate blocking or disjoint "
             "compares the backends)";
    return NULL;
  }
  for (size_t i = 0; i < nb; i++)
    if (rs[i].searched || rs[i].failed) return NULL;
  return "pz answered every puzzle before a backend had anything to search "
         "(its own search, propagation or probing: 0 variables), so the "
         "times are pz's and the backends' set-up, not their search "
         "(--strategy assume or fresh hands the backends every puzzle "
         "propagation leaves open)";
}

/* The workload's name in rows and objects: the file's, the generated
 * kind's, or the enumeration's. */
static const char *workload_name(const bench *b, char *buf, size_t len) {
  if (b->enum_name) return b->enum_name;
  if (b->path) return base_name(b->path);
  snprintf(buf, len, "%s-generated", pz_kind_name(b->k));
  return buf;
}

static void describe(const bench *b, char *buf, size_t len) {
  if (!b->enum_name) {
    size_t total = b->nitems;
    const item *it = total ? &b->items[0] : NULL;
    char jobs[32] = "", from[128];
    if (b->c.jobs > 1) snprintf(jobs, sizeof jobs, ", %d threads", b->c.jobs);
    if (b->path) snprintf(from, sizeof from, "%s", base_name(b->path));
    else snprintf(from, sizeof from, "generated, seeds %llu..",
                  (unsigned long long)b->c.gen.seed);
    snprintf(buf, len, "%s %s (%zu puzzle%s, %dx%d, %s, strategy %s%s)",
             pz_kind_name(b->k), from, total, total == 1 ? "" : "s",
             it ? it->rows : 0, it ? it->cols : 0,
             b->unique ? "solve + uniqueness" : "solve",
             strategy_name(b->c.opt.strategy), jobs);
  } else {
    /* Who found the solutions: the rate is pz's own search's with auto
     * and dpll, whatever the backend. */
    char method[160];
    snprintf(method, sizeof method, "; method %s: %s",
             pz_enum_method_name(b->c.opt.enumerate),
             enum_worker(b->c.opt.enumerate));
    int n = b->items[0].rows;
    if (!strcmp(b->enum_name, "latin"))
      snprintf(buf, len, "latin %d%s (enumerate all%s%s)", n,
               pz_kind_args_given(b->args, "reduced") ? " --reduced" : "",
               b->c.limit ? ", with a limit" : "", method);
    else
      snprintf(buf, len, "grids %s (enumerate all %dx%d Sudoku grids%s%s)",
               b->arg, n, n, b->c.limit ? ", with a limit" : "", method);
  }
}

static double mean_or_zero(double sum, size_t n) {
  return n ? sum / (double)n : 0;
}

static void report(const bench *b, run_stats *rs, size_t nb, int tsv) {
  char what[600];
  describe(b, what, sizeof what);
  int sud = !b->enum_name;
  char wbuf[64];
  const char *wname = workload_name(b, wbuf, sizeof wbuf);
  double med[64], rate[64];
  for (size_t i = 0; i < nb; i++) {
    med[i] = median(&rs[i]);
    rate[i] = rs[i].wall > 0 ? (double)rs[i].items / rs[i].wall : 0;
  }
  for (size_t i = 0; tsv == 2 && i < nb; i++) {
    run_stats *r = &rs[i];
    cli_json_line(&b->c, "{s:s,s:s,s:s,s:s,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,"
                  "s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:i,s:I}",
                  "workload", wname,
                  "backend", r->backend, "strategy",
                  strategy_name(b->c.opt.strategy), "mode",
                  !sud ? "enumerate" : b->unique ? "unique" : "solve",
                  "items", (long long)r->items, "sat", (long long)r->sat,
                  "unsat", (long long)r->unsat, "unknown",
                  (long long)r->unknown, "verified", (long long)r->verified,
                  "invalid", (long long)r->invalid, "unique",
                  (long long)r->unique, "multi", (long long)r->multi,
                  "wall_s", r->wall, "cpu_s", r->cpu, "items_per_s", rate[i],
                  "median_us", med[i], "worst_us", worst(r), "vars",
                  mean_or_zero(r->sum_vars, r->nsize), "clauses",
                  mean_or_zero(r->sum_clauses, r->nsize), "jobs", b->c.jobs,
                  "searched", (long long)r->searched);
  }
  if (tsv == 2) return;
  if (tsv) {
    printf("#workload\tbackend\tstrategy\tmode\titems\tsat\tunsat\tunknown\t"
           "verified\tinvalid\tunique\tmulti\twall_s\tcpu_s\titems_per_s\t"
           "median_us\tworst_us\tvars\tclauses\tjobs\tsearched\n");
    for (size_t i = 0; i < nb; i++) {
      run_stats *r = &rs[i];
      printf("%s\t%s\t%s\t%s\t%zu\t%zu\t%zu\t%zu\t%zu\t%zu\t%zu\t%zu\t%.6f\t"
             "%.6f\t%.1f\t%.1f\t%.1f\t%.0f\t%.0f\t%d\t%zu\n",
             wname,
             r->backend, strategy_name(b->c.opt.strategy),
             !sud ? "enumerate" : b->unique ? "unique" : "solve", r->items,
             r->sat, r->unsat, r->unknown, r->verified, r->invalid, r->unique,
             r->multi, r->wall, r->cpu, rate[i], med[i], worst(r),
             mean_or_zero(r->sum_vars, r->nsize),
             mean_or_zero(r->sum_clauses, r->nsize), b->c.jobs, r->searched);
    }
    return;
  }
  printf("%s: %s\n", prog, what);
  int namew = 8; /* the longest backend name (cryptominisat) widens it */
  for (size_t i = 0; i < nb; i++)
    if ((int)strlen(rs[i].backend) > namew) namew = (int)strlen(rs[i].backend);
  printf("%-*s %9s %8s %8s %10s %10s %10s ", namew, "backend",
         sud ? "puzzles" : "solutions", "wall s", "cpu s",
         sud ? "puzzles/s" : "sol/s", "median us", "worst us");
  if (sud) printf("%7s %6s %7s %8s", "solved", "unsat", "unknown", "verified");
  else printf("%8s %8s", "complete", "verified");
  if (sud && b->unique) printf(" %7s %7s", "unique", "multi");
  if (sud) printf(" %8s", "searched");
  printf(" %9s %9s\n", "vars", "clauses");
  for (size_t i = 0; i < nb; i++) {
    run_stats *r = &rs[i];
    printf("%-*s %9zu %8.3f %8.3f %10.0f %10.1f %10.1f ", namew, r->backend, r->items,
           r->wall, r->cpu, rate[i], med[i], worst(r));
    if (sud) printf("%7zu %6zu %7zu %8zu", r->sat, r->unsat, r->unknown,
                    r->verified);
    else printf("%8s %8zu", r->failed ? "error" : r->unsat ? "yes"
                            : r->unknown ? "timeout" : "limit", r->verified);
    if (sud && b->unique) printf(" %7zu %7zu", r->unique, r->multi);
    if (sud) printf(" %8zu", r->searched);
    printf(" %9.0f %9.0f\n", mean_or_zero(r->sum_vars, r->nsize),
           mean_or_zero(r->sum_clauses, r->nsize));
  }
  if (sud)
    printf("(searched: puzzles whose encoding gave the backend variables to "
           "search, the others answered by pz first; vars, clauses: mean "
           "over the puzzles of the encoding each call gave the backend, 0 "
           "for those answered first; with strategy assume, the rules "
           "loaded once)\n");
  const char *why = nothing_compared(b, rs, nb);
  if (why) printf("no ratios: %s\n", why);
  else if (nb > 1 && rs[0].wall > 0) {
    printf("ratios to %s: wall", rs[0].backend);
    for (size_t i = 1; i < nb; i++)
      printf("%s %s/%s = %.2fx", i > 1 ? "," : "", rs[i].backend,
             rs[0].backend, rs[i].wall / rs[0].wall);
    if (rs[0].cpu > 0) {
      printf("; cpu");
      for (size_t i = 1; i < nb; i++)
        printf("%s %s/%s = %.2fx", i > 1 ? "," : "", rs[i].backend,
               rs[0].backend, rs[i].cpu / rs[0].cpu);
    }
    printf("\n");
  }
}

/* Answers must be valid, and backends must agree where all of them
 * finished; --expect pins the count. Returns an exit code. */
static int check(const bench *b, const run_stats *rs, size_t nb,
                 long long expect) {
  int rc = CLI_OK;
  for (size_t i = 0; i < nb; i++) {
    if (rs[i].failed) rc = CLI_FAILURE;
    if (rs[i].invalid) {
      fprintf(stderr, "%s: %s: %zu answer%s failed the check\n", prog,
              rs[i].backend, rs[i].invalid, rs[i].invalid == 1 ? "" : "s");
      rc = CLI_FAILURE;
    }
    if (expect >= 0 && (rs[i].failed || rs[i].sat != (size_t)expect)) {
      fprintf(stderr, "%s: %s: found %zu, expected %lld\n", prog,
              rs[i].backend, rs[i].sat, expect);
      rc = CLI_FAILURE;
    }
  }
  for (size_t i = 1; i < nb; i++) {
    const run_stats *x = &rs[0], *y = &rs[i];
    if (x->failed || y->failed || x->unknown || y->unknown) continue;
    int differ = !b->enum_name
                     ? x->sat != y->sat || x->unsat != y->unsat ||
                           x->unique != y->unique || x->multi != y->multi
                     : (x->unsat && y->unsat && x->sat != y->sat);
    if (differ) {
      fprintf(stderr, "%s: %s and %s disagree (%zu vs %zu found)\n", prog,
              x->backend, y->backend, x->sat, y->sat);
      rc = CLI_FAILURE;
    }
  }
  return rc;
}


static int parse_count(const char *opt, const char *arg, long long max,
                       long long *out) {
  char *end;
  errno = 0;
  long long v = strtoll(arg, &end, 10);
  if (errno || *end || end == arg || v < 0 || v > max) {
    fprintf(stderr, "%s: %s needs an integer 0..%lld, not '%s'\n", prog, opt,
            max, arg);
    return -1;
  }
  *out = v;
  return 0;
}

#define MAX_BACKENDS 64
/* Kind parameters given, applied once the kind is known. */
#define MAX_PARAMS 64
#define PARAM_OPT 0x1000
#define OPT_KIND 0x0fff

/* The enumerations: every solution of a kind's empty puzzle of the size
 * its one parameter gives. */
typedef struct enum_workload {
  const char *name, *kind, *param, *arg;
} enum_workload;
static const enum_workload enum_workloads[] = {
    {"latin", "latin", "order", "N"}, {"grids", "sudoku", "box", "RxC"}};
#define N_ENUM (sizeof enum_workloads / sizeof enum_workloads[0])

static const enum_workload *find_enum(const char *name) {
  for (size_t i = 0; i < N_ENUM; i++)
    if (!strcmp(name, enum_workloads[i].name)) return &enum_workloads[i];
  return NULL;
}

/* The parameter named name of kind k, or NULL. */
static const pz_param *kind_param(const pz_kind *k, const char *name) {
  size_t n;
  const pz_param *ps = pz_kind_params(k, &n);
  for (size_t i = 0; i < n; i++)
    if (!strcmp(ps[i].name, name)) return &ps[i];
  return NULL;
}

static int set_param(bench *b, const char *name, const char *value) {
  if (!kind_param(b->k, name)) {
    fprintf(stderr, "%s: --%s is not a parameter of %s (pz %s --help lists "
            "them)\n", prog, name, pz_kind_name(b->k), pz_kind_name(b->k));
    return CLI_USAGE;
  }
  pz_parse_info why;
  memset(&why, 0, sizeof why);
  if (pz_kind_args_set(b->args, name, value, &why)) {
    fprintf(stderr, "%s: %s\n", prog, why.message);
    return CLI_USAGE;
  }
  return CLI_OK;
}

/* latin N is the enumeration, latin FILE and latin --generate N the
 * kind: the argument after the name is a size (digits, 'x'). */
static int enum_arg(int argc, char **argv) {
  if (optind + 1 >= argc) return 0;
  const char *a = argv[optind + 1];
  return a[0] >= '0' && a[0] <= '9' && !a[strspn(a, "0123456789x")];
}

static void no_workload(const char *why) {
  fprintf(stderr, "%s: %s\nTry '%s --help'.\n", prog, why, prog);
}

/* The workload from the arguments left after the options, and its items.
 * An exit code. */
static int set_up(bench *b, const char *kind_opt, int argc, char **argv,
                  const char **pname, const char **pvalue, size_t np) {
  int left = argc - optind;
  const enum_workload *ew = NULL;
  char msg[256];
  if (kind_opt) {
    b->k = pz_kind_find(kind_opt);
    if (!b->k) {
      fprintf(stderr, "%s: no kind '%s' (pz list names them)\n", prog, kind_opt);
      return CLI_USAGE;
    }
  } else if (left == 0) {
    no_workload("need a workload: KIND FILE, KIND --generate N, latin N or "
                "grids RxC");
    return CLI_USAGE;
  } else if (find_enum(argv[optind]) &&
             (!pz_kind_find(argv[optind]) || enum_arg(argc, argv))) {
    ew = find_enum(argv[optind]);
    b->k = pz_kind_find(ew->kind);
  } else {
    b->k = pz_kind_find(argv[optind]);
    if (!b->k) {
      snprintf(msg, sizeof msg, "unknown workload '%s' (a kind: pz list "
               "names them; or latin N, grids RxC)", argv[optind]);
      no_workload(msg);
      return CLI_USAGE;
    }
  }
  if (!kind_opt) optind++, left--;
  int want = b->c.generate ? 0 : 1;
  if (left != want) {
    if (left > want) snprintf(msg, sizeof msg, "unexpected argument '%s'",
                              argv[optind + want]);
    else if (ew) snprintf(msg, sizeof msg, "workload %s needs its argument: "
                          "%s %s", ew->name, ew->name, ew->arg);
    else snprintf(msg, sizeof msg, "%s needs a FILE (or - for standard "
                  "input) or --generate N", pz_kind_name(b->k));
    no_workload(msg);
    return CLI_USAGE;
  }
  if (pz_kind_args_new(b->k, &b->args))
    return cli_fail(prog, "setup", PZ_ERR_NOMEM, NULL);
  for (size_t i = 0; i < np; i++) {
    int rc = set_param(b, pname[i], pvalue[i]);
    if (rc) return rc;
  }
  if (ew) {
    if (b->unique || b->c.generate) {
      /* latin --generate N is the kind's (enum_arg); grids has none. */
      fprintf(stderr, "%s: --unique and --generate are for puzzles, not the "
              "%s enumeration\n", prog, ew->name);
      return CLI_USAGE;
    }
    b->enum_name = ew->name;
    b->arg = argv[optind];
    const pz_param *p = kind_param(b->k, ew->param);
    int r = 0, c = 0;
    /* The shape written out: "grids 3" is not 3x3. */
    if (p->type == PZ_PARAM_SHAPE && !strchr(b->arg, 'x')) {
      fprintf(stderr, "%s: %s needs %s, not '%s'\n", prog, ew->name, ew->arg,
              b->arg);
      return CLI_USAGE;
    }
    int rc = set_param(b, ew->param, b->arg);
    if (rc) return rc;
    if (p->type == PZ_PARAM_SHAPE) sscanf(b->arg, "%dx%d", &r, &c);
    else r = atoi(b->arg), c = 1;
    return load_empty(b, r * c);
  }
  if (b->c.generate) return load_generated(b);
  b->path = argv[optind];
  text_buf t = {NULL, 0};
  int rc = cli_read_with(b->path, read_all, &t, prog);
  if (!rc) rc = load_text(b, b->path, t.text, t.len);
  free(t.text);
  return rc;
}

int main(int argc, char **argv) {
  static const struct option own[] = {
      {"help", no_argument, NULL, 'h'},
      {"version", no_argument, NULL, 'V'},
      {"unique", no_argument, NULL, 'u'},
      {"limit", required_argument, NULL, 'k'},
      {"backend", required_argument, NULL, 'B'},
      {"time-limit", required_argument, NULL, 't'},
      {"strategy", required_argument, NULL, 'S'},
      {"encoding", required_argument, NULL, 'E'},
      {"stats", no_argument, NULL, 's'},
      {"repeat", required_argument, NULL, 'r'},
      {"expect", required_argument, NULL, 'x'},
      {"tsv", no_argument, NULL, 'T'},
      {"format", required_argument, NULL, 'f'},
      {"jobs", required_argument, NULL, 'j'},
      {"enumerate", required_argument, NULL, CLI_OPT_ENUMERATE},
      {"list-values", required_argument, NULL, CLI_OPT_LIST_VALUES},
      {"kind", required_argument, NULL, OPT_KIND},
      {"generate", required_argument, NULL, CLI_OPT_GENERATE},
      {"seed", required_argument, NULL, CLI_OPT_SEED}};
  const size_t nown = sizeof own / sizeof own[0];
  /* Every kind's parameters are options (--box, --size, ...): the kind
   * may come after them. Those of one name are one option. */
  struct option longopts[sizeof own / sizeof own[0] + MAX_PARAMS + 1];
  memcpy(longopts, own, sizeof own);
  size_t nopts = nown;
  for (const pz_kind *const *k = pz_kind_list(NULL); *k; k++) {
    size_t n;
    const pz_param *ps = pz_kind_params(*k, &n);
    for (size_t i = 0; i < n && nopts < nown + MAX_PARAMS; i++) {
      size_t j = 0;
      while (j < nopts && strcmp(longopts[j].name, ps[i].name)) j++;
      if (j < nopts) continue;
      longopts[nopts].name = ps[i].name;
      longopts[nopts].has_arg =
          ps[i].type == PZ_PARAM_FLAG ? no_argument : required_argument;
      longopts[nopts].flag = NULL;
      longopts[nopts].val = PARAM_OPT + (int)nopts;
      nopts++;
    }
  }
  memset(&longopts[nopts], 0, sizeof longopts[nopts]);
  bench b;
  memset(&b, 0, sizeof b);
  cli_init(&b.c, prog);
  /* getopt names the program by argv[0]: the short name, not the path. */
  argv[0] = (char *)prog;
  const char *only[MAX_BACKENDS], *pname[MAX_PARAMS], *pvalue[MAX_PARAMS];
  const char *kind_opt = NULL;
  size_t nonly = 0, np = 0;
  long long repeat = 1, expect = -1;
  int tsv = 0, opt;
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    if (opt >= PARAM_OPT && opt < PARAM_OPT + (int)nopts) {
      if (np == MAX_PARAMS) {
        fprintf(stderr, "%s: too many parameters\n", prog);
        return CLI_USAGE;
      }
      pname[np] = longopts[opt - PARAM_OPT].name;
      pvalue[np++] = optarg;
      continue;
    }
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&b.c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&b.c, CLI_OK);
    case 'u': b.unique = 1; break;
    case 's': b.stats = 1; break;
    case 'T': tsv = 1; break;
    case OPT_KIND: kind_opt = optarg; break;
    case 'f':
      if (strcmp(optarg, "json") != 0 || !cli_json_available()) {
        fprintf(stderr, "%s: --format is json%s, not '%s' (the table is the "
                "default; --tsv: tab-separated)\n", prog,
                cli_json_available() ? "" : " (not in this build: jansson)",
                optarg);
        return CLI_USAGE;
      }
      tsv = 2;
      break;
    case 'B':
      if (cli_common_option(&b.c, opt, optarg) < 0) return CLI_USAGE;
      if (nonly == MAX_BACKENDS) {
        fprintf(stderr, "%s: too many --backend options\n", prog);
        return CLI_USAGE;
      }
      only[nonly++] = optarg;
      break;
    case 'j': case CLI_OPT_LIST_VALUES: case CLI_OPT_ENUMERATE:
    case CLI_OPT_GENERATE: case CLI_OPT_SEED:
      if (cli_common_option(&b.c, opt, optarg) < 0) return CLI_USAGE;
      break;
    case 'k': case 't': case 'S': case 'E':
      if (cli_common_option(&b.c, opt, optarg) < 0) return CLI_USAGE;
      /* Here the limit is per puzzle (or per enumeration), not per run. */
      b.c.opt.time_limit = b.c.time_limit;
      break;
    case 'r':
      if (parse_count("--repeat", optarg, 1000, &repeat) || repeat < 1) {
        if (repeat < 1) fprintf(stderr, "%s: --repeat needs K >= 1\n", prog);
        return CLI_USAGE;
      }
      break;
    case 'x':
      if (parse_count("--expect", optarg, (long long)1 << 62, &expect))
        return CLI_USAGE;
      break;
    default:
      fprintf(stderr, "Try '%s --help'.\n", prog);
      return CLI_USAGE;
    }
  }
  int rc = set_up(&b, kind_opt, argc, argv, pname, pvalue, np);
  const char *names[MAX_BACKENDS];
  size_t nb = 0;
  if (!rc && nonly) {
    for (size_t i = 0; i < nonly; i++) names[nb++] = only[i];
  } else if (!rc) {
    /* Those that need an argument (exec:PROGRAM) only when named. */
    for (size_t i = 0; i < pz_backend_count() && nb < MAX_BACKENDS; i++)
      if (!pz_backend_needs_arg(i)) names[nb++] = pz_backend_name(i);
    if (nb == 0) {
      fprintf(stderr, "%s: no backend is linked\n", prog);
      rc = CLI_FAILURE;
    }
  }
  if (rc) {
    items_free(&b);
    pz_kind_args_free(b.args);
    return rc;
  }
  run_stats best[MAX_BACKENDS];
  memset(best, 0, sizeof best);
  for (long long k = 0; k < repeat && rc == CLI_OK; k++)
    for (size_t i = 0; i < nb; i++) {
      run_stats r;
      memset(&r, 0, sizeof r);
      r.backend = names[i];
      int st = b.enum_name ? run_enum(&b, names[i], &r)
                           : run_puzzles(&b, names[i], &r);
      if (st) rc = CLI_FAILURE;
      if (k == 0 || r.wall < best[i].wall) {
        free(best[i].lat);
        best[i] = r;
      } else {
        free(r.lat);
      }
    }
  report(&b, best, nb, tsv);
  int crc = check(&b, best, nb, expect);
  if (rc == CLI_OK) rc = crc;
  for (size_t i = 0; i < nb; i++) free(best[i].lat);
  items_free(&b);
  pz_kind_args_free(b.args);
  return cli_exit(&b.c, rc);
}
