/* pz-bench: runs one workload on every linked backend (or the ones named
 * with --backend) and prints a comparison table: wall and CPU time, items
 * per second, median and worst microseconds per item, answers found and
 * verified, encoding size, and the time ratio of each backend to the first
 * (left out when the backends did no work: see nothing_compared).
 *
 *   pz-bench sudoku FILE   solve (or --unique) every puzzle of a file
 *   pz-bench latin N       enumerate all Latin squares of order N
 *   pz-bench grids RxC     enumerate all Sudoku grids with RxC boxes
 *
 * An item is a puzzle (sudoku) or a solution (latin, grids); the time of
 * one item is taken with CLOCK_MONOTONIC around the library call (sudoku)
 * or between two solutions (enumeration). Every answer is checked against
 * the rules (and the givens); enumerated solutions must also be distinct. */
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
          "Usage: %s [options] sudoku FILE|-\n"
          "  or:  %s [options] latin N\n"
          "  or:  %s [options] grids RxC\n"
          "Runs one workload on every linked backend and compares them.\n"
          "  sudoku FILE       solve each puzzle of FILE (a puzzle per line, or a\n"
          "                    grid file); one item = one puzzle\n"
          "  latin N           enumerate all Latin squares of order N; one item =\n"
          "                    one solution\n"
          "  grids RxC         enumerate all Sudoku grids with RxC boxes\n"
          "  --unique          sudoku: also prove each solution unique\n"
          "  --box RxC         sudoku: box shape (default: square, or the most\n"
          "                    square RxC with R <= C)\n"
          "  --reduced         latin: first row and column in natural order\n"
          "  --limit N         sudoku: first N puzzles; latin/grids: stop after\n"
          "                    N solutions\n"
          "  --backend NAME    run this backend only (repeatable)\n"
          "  --strategy S      auto, fresh or assume (solver reuse across puzzles)\n"
          "  --encoding E      at-most-one encoding: auto, pairwise, ladder, ...\n"
          "  --time-limit S    give up on a puzzle after S seconds\n"
          "  --enumerate M     latin/grids: auto, dpll, disjoint or blocking\n"
          "                    (blocking and disjoint ask the backend for\n"
          "                    every solution; auto mostly runs pz's search)\n"
          "  --repeat K        run the workload K times per backend (backends\n"
          "                    interleaved) and report each backend's fastest run\n"
          "  --expect N        exit 3 unless every backend finds exactly N\n"
          "                    solutions (latin/grids) or solved puzzles (sudoku)\n"
          "  --tsv             tab-separated rows instead of the table\n"
          "  --format json     one JSON object per backend instead (the --tsv\n"
          "                    columns; docs/JSON.md)\n"
          "  --stats           solver statistics of the last solver to stderr\n"
          "  -j, --jobs N      N threads (0 = one per CPU): sudoku: N puzzles at\n"
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
          "pz's search.\n"
          "\nExit status:\n"
          "  0 done, 1 usage error, 2 unreadable or bad input, 3 failure\n"
          "  (library error, a wrong answer, backends disagree, --expect).\n",
          prog, prog, prog);
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

/* --- Checking answers -------------------------------------------------- */

/* Every row, column and (when box_rows > 0) box holds 1..n once, and the
 * givens (may be NULL) are kept. */
static int valid_grid(const int *g, int n, int box_rows, int box_cols,
                      const int *givens, unsigned char *seen) {
  for (int i = 0; i < n * n; i++)
    if (g[i] < 1 || g[i] > n || (givens && givens[i] && givens[i] != g[i]))
      return 0;
  for (int pass = 0; pass < 3; pass++) {
    if (pass == 2 && box_rows <= 0) break;
    for (int u = 0; u < n; u++) {
      memset(seen, 0, (size_t)n + 1);
      for (int k = 0; k < n; k++) {
        int cell;
        if (pass == 0) cell = u * n + k;
        else if (pass == 1) cell = k * n + u;
        else
          cell = ((u / box_rows) * box_rows + k / box_cols) * n +
                 (u % box_rows) * box_cols + k % box_cols;
        if (seen[g[cell]]++) return 0;
      }
    }
  }
  return 1;
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

/* --- The workloads ----------------------------------------------------- */

typedef enum { W_SUDOKU, W_LATIN, W_GRIDS } workload;

typedef struct bench {
  workload w;
  cli_common c;
  int unique, reduced, stats;
  int box_r, box_c;       /* sudoku --box, or grids RxC */
  int order;              /* latin N */
  const char *path;
  pz_text *text;          /* sudoku puzzles, parsed once */
  size_t npuzzles;
} bench;


static void print_stats(const bench *b, const pz_puzzle *p, const char *backend) {
  if (!b->stats) return;
  const pz_solver *s = p ? pz_puzzle_solver(p) : NULL;
  fprintf(stderr, "c --- %s: statistics of the last solver used%s ---\n",
          backend, b->w == W_SUDOKU ? " (with strategy fresh: the last puzzle's)"
                                    : "");
  if (s) pz_solver_print_stats(s, stderr);
  else fprintf(stderr, "c (no solver)\n");
}

/* The sudoku workload's puzzles, shared by its threads (-j N): each
 * thread takes the next puzzle not yet taken, with a puzzle object (hence
 * a solver) of its own. */
typedef struct sudoku_share {
  const bench *b;
  pz_options opt;
  size_t total;
  atomic_size_t next;
  atomic_int failed;
} sudoku_share;

typedef struct sudoku_thread {
  sudoku_share *sh;
  run_stats rs;
  pz_puzzle *p; /* the thread's puzzle object at the end (--stats) */
  int st;
} sudoku_thread;

static void *solve_puzzles(void *arg) {
  sudoku_thread *t = (sudoku_thread *)arg;
  sudoku_share *sh = t->sh;
  const bench *b = sh->b;
  run_stats *rs = &t->rs;
  pz_puzzle *p = NULL;
  int cur_r = 0, cur_c = 0, *grid = NULL, st = PZ_OK;
  unsigned char *seen = NULL;
  while (!st && !atomic_load(&sh->failed)) {
    size_t i = atomic_fetch_add(&sh->next, 1);
    if (i >= sh->total) break;
    int n = pz_text_size(b->text, i), r = b->box_r, c = b->box_c;
    if (!r) cli_default_box(n, &r, &c);
    if (!p || r != cur_r || c != cur_c) {
      pz_puzzle_free(p);
      p = NULL;
      free(grid);
      free(seen);
      grid = (int *)malloc((size_t)n * (size_t)n * sizeof(int));
      seen = (unsigned char *)malloc((size_t)n + 1);
      if (!grid || !seen) {
        st = PZ_ERR_NOMEM;
        break;
      }
      st = pz_sudoku_new(&p, r, c);
      if (!st) st = pz_puzzle_set_options(p, &sh->opt);
      if (st) break;
      cur_r = r;
      cur_c = c;
    }
    const int *givens = pz_text_cells(b->text, i);
    pz_result res;
    int sols = 0;
    double t0 = now(CLOCK_MONOTONIC);
    st = pz_puzzle_set_givens(p, givens);
    if (!st && b->unique) st = pz_puzzle_unique(p, &sols, grid, &res);
    else if (!st) {
      st = pz_puzzle_solve(p, grid, &res);
      sols = res == PZ_SAT;
    }
    add_latency(rs, (now(CLOCK_MONOTONIC) - t0) * 1e6);
    if (st) break;
    rs->items++;
    add_size(rs, p);
    if (sols >= 1) {
      rs->sat++;
      if (valid_grid(grid, n, r, c, givens, seen)) rs->verified++;
      else rs->invalid++;
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
  }
  if (st) atomic_store(&sh->failed, 1);
  free(grid);
  free(seen);
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

static int run_sudoku(const bench *b, const char *backend, run_stats *rs) {
  sudoku_share sh;
  memset(&sh, 0, sizeof sh);
  sh.b = b;
  sh.opt = b->c.opt;
  sh.opt.backend = backend;
  sh.opt.threads = 1; /* the threads are over puzzles */
  sh.total = b->npuzzles;
  if (b->c.limit && b->c.limit < sh.total) sh.total = (size_t)b->c.limit;
  atomic_init(&sh.next, 0);
  atomic_init(&sh.failed, 0);
  size_t jobs = (size_t)b->c.jobs;
  if (jobs > sh.total) jobs = sh.total;
  if (jobs < 1) jobs = 1;
  sudoku_thread *t = (sudoku_thread *)calloc(jobs, sizeof *t);
  pthread_t *tid = (pthread_t *)calloc(jobs, sizeof *tid);
  if (!t || !tid) {
    free(t);
    free(tid);
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
  if (st) {
    cli_fail(prog, backend, st, NULL);
    rs->failed = 1;
  }
  print_stats(b, t[0].p, backend);
  for (size_t k = 0; k < jobs; k++) pz_puzzle_free(t[k].p);
  free(t);
  free(tid);
  return st;
}

typedef struct enum_ctx {
  run_stats *rs;
  int n, box_r, box_c, reduced;
  unsigned char *seen;
  hash_set set;
  double last;
} enum_ctx;

static int on_grid(void *state, const int *grid) {
  enum_ctx *e = (enum_ctx *)state;
  double t = now(CLOCK_MONOTONIC);
  add_latency(e->rs, (t - e->last) * 1e6);
  int ok = valid_grid(grid, e->n, e->box_r, e->box_c, NULL, e->seen);
  for (int i = 0; ok && e->reduced && i < e->n; i++)
    ok = grid[i] == i + 1 && grid[i * e->n] == i + 1;
  if (ok && hash_insert(&e->set, grid_hash(grid, (size_t)e->n * (size_t)e->n)) == 0)
    ok = 0; /* a repeated solution */
  if (ok) e->rs->verified++;
  else e->rs->invalid++;
  e->last = now(CLOCK_MONOTONIC); /* the check is not the solver's time */
  return 0;
}

static int run_enum(const bench *b, const char *backend, run_stats *rs) {
  pz_options opt = b->c.opt;
  opt.backend = backend;
  pz_puzzle *p = NULL;
  enum_ctx e;
  memset(&e, 0, sizeof e);
  e.rs = rs;
  if (b->w == W_LATIN) {
    e.n = b->order;
    e.reduced = b->reduced;
  } else {
    e.n = b->box_r * b->box_c;
    e.box_r = b->box_r;
    e.box_c = b->box_c;
  }
  e.seen = (unsigned char *)malloc((size_t)e.n + 1);
  if (!e.seen) return cli_fail(prog, backend, PZ_ERR_NOMEM, NULL), PZ_ERR_NOMEM;
  double w0 = now(CLOCK_MONOTONIC), c0 = cpu_now();
  e.last = w0;
  int st = b->w == W_LATIN
               ? pz_latin_new(&p, b->order, b->reduced ? PZ_LATIN_REDUCED : 0)
               : pz_sudoku_new(&p, b->box_r, b->box_c);
  if (!st) st = pz_puzzle_set_options(p, &opt);
  uint64_t count = 0;
  pz_result stop = PZ_UNKNOWN;
  if (!st) st = pz_puzzle_enumerate(p, b->c.limit, on_grid, &e, &count, &stop);
  rs->wall = now(CLOCK_MONOTONIC) - w0;
  rs->cpu = cpu_now() - c0;
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
  pz_puzzle_free(p);
  free(e.set.slot);
  free(e.seen);
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
  if (b->w != W_SUDOKU) {
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
         "(propagation or probing: 0 variables), so the times are pz's and "
         "the backends' set-up, not their search";
}

static void describe(const bench *b, char *buf, size_t len) {
  if (b->w == W_SUDOKU) {
    size_t total = b->npuzzles;
    if (b->c.limit && b->c.limit < total) total = (size_t)b->c.limit;
    int n = total ? pz_text_size(b->text, 0) : 0;
    char jobs[32] = "";
    if (b->c.jobs > 1) snprintf(jobs, sizeof jobs, ", %d threads", b->c.jobs);
    snprintf(buf, len, "sudoku %s (%zu puzzle%s, %dx%d, %s, strategy %s%s)",
             base_name(b->path), total, total == 1 ? "" : "s", n, n,
             b->unique ? "solve + uniqueness" : "solve",
             strategy_name(b->c.opt.strategy), jobs);
  } else {
    /* Who found the solutions: the rate is pz's own search's with auto
     * and dpll, whatever the backend. */
    char method[160];
    snprintf(method, sizeof method, "; method %s: %s",
             pz_enum_method_name(b->c.opt.enumerate),
             enum_worker(b->c.opt.enumerate));
    if (b->w == W_LATIN)
      snprintf(buf, len, "latin %d%s (enumerate all%s%s)", b->order,
               b->reduced ? " --reduced" : "",
               b->c.limit ? ", with a limit" : "", method);
    else
      snprintf(buf, len, "grids %dx%d (enumerate all %dx%d Sudoku grids%s%s)",
               b->box_r, b->box_c, b->box_r * b->box_c, b->box_r * b->box_c,
               b->c.limit ? ", with a limit" : "", method);
  }
}

static double mean_or_zero(double sum, size_t n) {
  return n ? sum / (double)n : 0;
}

static void report(const bench *b, run_stats *rs, size_t nb, int tsv) {
  char what[600];
  describe(b, what, sizeof what);
  int sud = b->w == W_SUDOKU;
  double med[64], rate[64];
  for (size_t i = 0; i < nb; i++) {
    med[i] = median(&rs[i]);
    rate[i] = rs[i].wall > 0 ? (double)rs[i].items / rs[i].wall : 0;
  }
  for (size_t i = 0; tsv == 2 && i < nb; i++) {
    run_stats *r = &rs[i];
    cli_json_line(&b->c, "{s:s,s:s,s:s,s:s,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,"
                  "s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:i,s:I}",
                  "workload", sud ? base_name(b->path)
                              : b->w == W_LATIN ? "latin" : "grids",
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
             sud ? base_name(b->path) : b->w == W_LATIN ? "latin" : "grids",
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
    int differ = b->w == W_SUDOKU
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

int main(int argc, char **argv) {
  static const struct option longopts[] = {
      {"help", no_argument, NULL, 'h'},
      {"version", no_argument, NULL, 'V'},
      {"unique", no_argument, NULL, 'u'},
      {"limit", required_argument, NULL, 'k'},
      {"backend", required_argument, NULL, 'B'},
      {"time-limit", required_argument, NULL, 't'},
      {"strategy", required_argument, NULL, 'S'},
      {"encoding", required_argument, NULL, 'E'},
      {"stats", no_argument, NULL, 's'},
      {"box", required_argument, NULL, 'b'},
      {"reduced", no_argument, NULL, 'R'},
      {"repeat", required_argument, NULL, 'r'},
      {"expect", required_argument, NULL, 'x'},
      {"tsv", no_argument, NULL, 'T'},
      {"format", required_argument, NULL, 'f'},
      {"jobs", required_argument, NULL, 'j'},
      {"enumerate", required_argument, NULL, CLI_OPT_ENUMERATE},
      {"list-values", required_argument, NULL, CLI_OPT_LIST_VALUES},
      {NULL, 0, NULL, 0}};
  bench b;
  memset(&b, 0, sizeof b);
  cli_init(&b.c, prog);
  /* getopt names the program by argv[0]: the short name, not the path. */
  argv[0] = (char *)prog;
  const char *only[MAX_BACKENDS];
  size_t nonly = 0;
  long long repeat = 1, expect = -1;
  int tsv = 0, opt;
  while ((opt = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longopts, NULL)) != -1) {
    switch (opt) {
    case 'h': usage(stdout); return cli_exit(&b.c, CLI_OK);
    case 'V': cli_version(prog); return cli_exit(&b.c, CLI_OK);
    case 'u': b.unique = 1; break;
    case 's': b.stats = 1; break;
    case 'R': b.reduced = 1; break;
    case 'T': tsv = 1; break;
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
      if (cli_common_option(&b.c, opt, optarg) < 0) return CLI_USAGE;
      break;
    case 'k': case 't': case 'S': case 'E':
      if (cli_common_option(&b.c, opt, optarg) < 0) return CLI_USAGE;
      /* Here the limit is per puzzle (or per enumeration), not per run. */
      b.c.opt.time_limit = b.c.time_limit;
      break;
    case 'b':
      if (cli_parse_box(optarg, PZ_SUDOKU_MAX_SIZE, &b.box_r, &b.box_c, prog))
        return CLI_USAGE;
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
    default: usage(stderr); return CLI_USAGE;
    }
  }
  static const char *const workloads[] = {"sudoku", "latin", "grids"};
  static const char *const workload_args[] = {"FILE", "N", "RxC"};
  if (argc - optind != 2) {
    int known = -1;
    for (int k = 0; k < 3 && argc - optind >= 1; k++)
      if (strcmp(argv[optind], workloads[k]) == 0) known = k;
    if (argc - optind == 0)
      fprintf(stderr, "%s: need a workload: sudoku FILE, latin N or grids RxC\n", prog);
    else if (argc - optind == 1 && known < 0)
      fprintf(stderr, "%s: unknown workload '%s' (known: sudoku FILE, latin N, "
              "grids RxC)\n", prog, argv[optind]);
    else if (argc - optind == 1)
      fprintf(stderr, "%s: workload %s needs its argument: %s %s\n", prog,
              workloads[known], workloads[known], workload_args[known]);
    else fprintf(stderr, "%s: unexpected argument '%s'\n", prog, argv[optind + 2]);
    usage(stderr);
    return CLI_USAGE;
  }
  const char *what = argv[optind], *arg = argv[optind + 1];
  if (strcmp(what, "sudoku") == 0) {
    b.w = W_SUDOKU;
    b.path = arg;
  } else if (strcmp(what, "latin") == 0) {
    char *end;
    errno = 0;
    long n = strtol(arg, &end, 10);
    b.w = W_LATIN;
    if (errno || end == arg || *end || n < 1 || n > PZ_LATIN_MAX_ORDER) {
      fprintf(stderr, "%s: latin needs an order 1..%d, not '%s'\n", prog,
              PZ_LATIN_MAX_ORDER, arg);
      return CLI_USAGE;
    }
    b.order = (int)n;
  } else if (strcmp(what, "grids") == 0) {
    b.w = W_GRIDS;
    if (cli_parse_box(arg, PZ_SUDOKU_MAX_SIZE, &b.box_r, &b.box_c, prog))
      return CLI_USAGE;
  } else {
    fprintf(stderr, "%s: unknown workload '%s' (known: sudoku FILE, latin N, "
            "grids RxC)\n", prog, what);
    return CLI_USAGE;
  }
  if ((b.unique || b.box_r) && b.w == W_LATIN) {
    fprintf(stderr, "%s: --unique and --box are for the sudoku workload\n", prog);
    return CLI_USAGE;
  }
  if (b.unique && b.w == W_GRIDS) {
    fprintf(stderr, "%s: --unique is for the sudoku workload\n", prog);
    return CLI_USAGE;
  }
  if (b.reduced && b.w != W_LATIN) {
    fprintf(stderr, "%s: --reduced is for the latin workload\n", prog);
    return CLI_USAGE;
  }
  if (b.w == W_SUDOKU) {
    int rc = cli_read_text(b.path, b.box_r * b.box_c, &b.text, prog);
    if (rc) return rc;
    b.npuzzles = pz_text_count(b.text);
    /* Solving a jigsaw as a plain Sudoku would measure another puzzle. */
    for (size_t i = 0; i < b.npuzzles; i++)
      if (pz_text_regions(b.text, i)) {
        fprintf(stderr, "%s: %s:%zu: a jigsaw Sudoku (janko.at layout); the "
                "sudoku workload is plain Sudoku (solve it with pz-sudoku)\n",
                prog, b.path, pz_text_line(b.text, i));
        pz_text_free(b.text);
        return CLI_BAD_INPUT;
      }
  }

  const char *names[MAX_BACKENDS];
  size_t nb = 0;
  if (nonly) {
    for (size_t i = 0; i < nonly; i++) names[nb++] = only[i];
  } else {
    /* Those that need an argument (exec:PROGRAM) only when named. */
    for (size_t i = 0; i < pz_backend_count() && nb < MAX_BACKENDS; i++)
      if (!pz_backend_needs_arg(i)) names[nb++] = pz_backend_name(i);
  }
  if (nb == 0) {
    fprintf(stderr, "%s: no backend is linked\n", prog);
    pz_text_free(b.text);
    return CLI_FAILURE;
  }
  run_stats best[MAX_BACKENDS];
  memset(best, 0, sizeof best);
  int rc = CLI_OK;
  for (long long k = 0; k < repeat && rc == CLI_OK; k++)
    for (size_t i = 0; i < nb; i++) {
      run_stats r;
      memset(&r, 0, sizeof r);
      r.backend = names[i];
      int st = b.w == W_SUDOKU ? run_sudoku(&b, names[i], &r)
                               : run_enum(&b, names[i], &r);
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
  pz_text_free(b.text);
  return cli_exit(&b.c, rc);
}
