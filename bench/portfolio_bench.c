/* One Sudoku puzzle, solved once with opt.threads solvers racing (a
 * portfolio; 1 = the single-solver path), timed. For bench/portfolio.sh.
 *
 *   portfolio_bench [--backend B] [--threads N] [--time-limit S]
 *                   [--unique | --config K] FILE
 *
 * --config K solves with one solver in the portfolio's configuration K
 * (member K of a portfolio; 0 = the single-solver path's), so that each
 * member's own time can be measured: its CPU time does not depend on what
 * else the machine runs, unlike a race's wall time.
 *
 * FILE holds one n x n puzzle (any layout pz_text reads; square boxes).
 * Prints one tab-separated line: file, backend, threads, answer (sat,
 * unsat, unknown; with --unique: unique, not-unique, none, unknown), wall
 * seconds, process CPU seconds (every thread), and "ok" when the solution
 * passed the plain checker below (every row, column and box holds 1..n
 * once, givens kept), "-" when there is none. Exit 0, or 1 for usage,
 * 2 bad input, 3 a failed call or a wrong solution. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pz.h>

#include "solve/solver_impl.h" /* pz_solver_diversify (--config) */

static double seconds(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The rules, written out: 1 when grid solves the puzzle of givens. */
static int valid(const int *grid, const int *givens, int n, int b) {
  char *seen = (char *)malloc((size_t)n + 1);
  int ok = seen != NULL;
  for (int u = 0; u < 3 * n && ok; u++) {
    memset(seen, 0, (size_t)n + 1);
    for (int k = 0; k < n && ok; k++) {
      int r, c;
      if (u < n) r = u, c = k;
      else if (u < 2 * n) r = k, c = u - n;
      else r = (u - 2 * n) / b * b + k / b, c = (u - 2 * n) % b * b + k % b;
      int v = grid[r * n + c];
      if (v < 1 || v > n || seen[v]) ok = 0;
      else seen[v] = 1;
    }
  }
  for (int i = 0; i < n * n && ok; i++)
    if (givens[i] && givens[i] != grid[i]) ok = 0;
  free(seen);
  return ok;
}

int main(int argc, char **argv) {
  const char *backend = NULL, *file = NULL;
  int threads = 1, unique = 0, config = -1;
  double limit = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--backend") && i + 1 < argc) backend = argv[++i];
    else if (!strcmp(argv[i], "--threads") && i + 1 < argc) threads = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--time-limit") && i + 1 < argc) limit = atof(argv[++i]);
    else if (!strcmp(argv[i], "--unique")) unique = 1;
    else if (!strcmp(argv[i], "--config") && i + 1 < argc) config = atoi(argv[++i]);
    else if (argv[i][0] != '-' && !file) file = argv[i];
    else {
      fprintf(stderr, "usage: portfolio_bench [--backend B] [--threads N] "
                      "[--time-limit S] [--unique | --config K] FILE\n");
      return 1;
    }
  }
  if (!file || threads < 1) {
    fprintf(stderr, "portfolio_bench: a FILE and --threads >= 1 needed\n");
    return 1;
  }
  FILE *in = fopen(file, "r");
  pz_text *t = NULL;
  pz_parse_info info;
  if (!in || pz_text_read(&t, in, 0, PZ_TEXT_AUTO, &info) != PZ_OK) {
    fprintf(stderr, "portfolio_bench: cannot read %s\n", file);
    if (in) fclose(in);
    return 2;
  }
  fclose(in);
  int n = pz_text_size(t, 0), b = (int)lround(sqrt((double)n));
  if (b * b != n) {
    fprintf(stderr, "portfolio_bench: %s: %dx%d has no square boxes\n", file, n, n);
    pz_text_free(t);
    return 2;
  }
  pz_puzzle *p = NULL;
  pz_options opt = PZ_OPTIONS_INIT;
  opt.backend = backend;
  opt.threads = threads;
  opt.time_limit = limit;
  int *grid = (int *)malloc((size_t)n * (size_t)n * sizeof(int));
  int st = grid ? pz_sudoku_new(&p, b, b) : PZ_ERR_NOMEM;
  if (!st) st = pz_puzzle_set_options(p, &opt);
  if (!st) st = pz_puzzle_set_givens(p, pz_text_cells(t, 0));
  double w0 = seconds(CLOCK_MONOTONIC), c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
  const char *answer = "unknown";
  int have = 0;
  if (!st && config >= 0) {
    /* One solver in configuration K on the puzzle's fresh encoding; the
     * grid is read back through the public variable map. */
    pz_cnf *cnf = NULL;
    pz_solver *s = NULL;
    pz_result r = PZ_UNKNOWN;
    if (!(st = pz_cnf_new(&cnf)) && !(st = pz_puzzle_encode(p, cnf)) &&
        !(st = pz_solver_new(&s, backend)) &&
        !(st = pz_solver_diversify(s, (unsigned)config)) &&
        !(st = pz_solver_set_time_limit(s, limit)) &&
        !(st = pz_solver_add_cnf(s, cnf)))
      st = pz_solver_solve(s, &r);
    if (!st) answer = r == PZ_SAT ? "sat" : r == PZ_UNSAT ? "unsat" : "unknown";
    if (!st && r == PZ_SAT && !(st = pz_puzzle_decided(p, grid))) {
      for (int v = 1; v <= pz_solver_num_vars(s); v++) {
        int cell, value;
        if (pz_solver_value(s, v) > 0 && pz_puzzle_var_meaning(p, v, &cell, &value) == PZ_OK)
          grid[cell] = value;
      }
      have = 1;
    }
    pz_solver_free(s);
    pz_cnf_free(cnf);
    threads = 1;
  } else if (!st && unique) {
    int sols;
    pz_result stop;
    st = pz_puzzle_unique(p, &sols, grid, &stop);
    if (!st && stop != PZ_UNKNOWN)
      answer = sols == 0 ? "none" : sols == 1 ? "unique" : "not-unique";
    have = !st && sols > 0;
  } else if (!st) {
    pz_result r;
    st = pz_puzzle_solve(p, grid, &r);
    if (!st) answer = r == PZ_SAT ? "sat" : r == PZ_UNSAT ? "unsat" : "unknown";
    have = !st && r == PZ_SAT;
  }
  double wall = seconds(CLOCK_MONOTONIC) - w0;
  double cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
  const char *check = "-";
  if (have) check = valid(grid, pz_text_cells(t, 0), n, b) ? "ok" : "WRONG";
  const char *base = strrchr(file, '/');
  char how[32];
  if (config >= 0) snprintf(how, sizeof how, "config%d", config);
  else snprintf(how, sizeof how, "%d", threads);
  printf("%s\t%s\t%s\t%s\t%.2f\t%.2f\t%s\n", base ? base + 1 : file,
         backend ? backend : "default", how, st ? pz_strerror(st) : answer,
         wall, cpu, check);
  pz_puzzle_free(p);
  pz_text_free(t);
  free(grid);
  return st ? 3 : have && check[0] == 'W' ? 3 : 0;
}
