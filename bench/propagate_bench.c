/* Propagation before the solver (issue 10, section 2): what the model
 * layer's simplification by the givens (naked and hidden singles on the
 * grid, lib/model/propagate.c) does for 9x9 Sudoku. Public API only.
 *
 * For every puzzle of FILE (81 characters a line, 1-9 given, '.' or 0
 * blank; other lines skipped), two ways, each with a fresh solver:
 *   with:    pz_puzzle_encode (simplified by the givens); when the
 *            givens decide every cell (no variables left) no solver is
 *            made at all, else the formula goes into a new solver;
 *   without: pz_puzzle_encode_ex(PZ_ENCODE_FULL): every rule over every
 *            cell, the givens as unit clauses, into a new solver.
 * Prints how many puzzles propagation answers alone, the average formula
 * sizes, and the CPU seconds of each way (encoding + loading + solving;
 * the median of ROUNDS rounds, the two ways alternating), and checks
 * that both give the same solution.
 *
 *   bash bench/propagate.sh          (builds it and runs every set)
 *   build/propagate_bench FILE [BACKEND [ROUNDS [LIMIT]]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pz.h>

#define CELLS 81

static double cpu_now(void) { return (double)clock() / CLOCKS_PER_SEC; }

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void die(const char *what, int st) {
  fprintf(stderr, "propagate_bench: %s: %s\n", what, pz_strerror(st));
  exit(3);
}

/* Reads the puzzles: 81 cells a line. */
static int *read_puzzles(const char *path, size_t limit, size_t *count) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    exit(2);
  }
  size_t n = 0, cap = 1024;
  int *g = (int *)malloc(cap * CELLS * sizeof(int));
  char line[1024];
  while (g && fgets(line, sizeof line, f) && (!limit || n < limit)) {
    size_t len = strcspn(line, "\r\n");
    if (len != CELLS) continue;
    if (n == cap) {
      cap *= 2;
      int *m = (int *)realloc(g, cap * CELLS * sizeof(int));
      if (!m) break;
      g = m;
    }
    for (int c = 0; c < CELLS; c++)
      g[n * CELLS + c] = line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0;
    n++;
  }
  fclose(f);
  if (!g) die("reading", PZ_ERR_NOMEM);
  *count = n;
  return g;
}

typedef struct totals {
  size_t alone;             /* answered with no variables left */
  double vars, clauses;     /* sums over the puzzles */
  double encode, load, solve; /* CPU seconds */
} totals;

/* One puzzle one way; writes its solution to grid. */
static void run(pz_puzzle *p, pz_cnf *cnf, const char *backend, int full,
                int *grid, totals *t) {
  double t0 = cpu_now();
  pz_cnf_clear(cnf);
  int st = full ? pz_puzzle_encode_ex(p, cnf, PZ_ENCODE_FULL, NULL)
                : pz_puzzle_encode(p, cnf);
  if (st) die("encoding", st);
  int nv = pz_cnf_num_vars(cnf);
  double t1 = cpu_now();
  t->encode += t1 - t0;
  t->vars += nv;
  t->clauses += (double)pz_cnf_num_clauses(cnf);
  if (!full) {
    if ((st = pz_puzzle_decided(p, grid))) die("decided", st);
    if (nv == 0) {
      t->alone++;
      return;
    }
  }
  pz_solver *s;
  if ((st = pz_solver_new(&s, backend))) die("solver", st);
  if ((st = pz_solver_add_cnf(s, cnf))) die("loading", st);
  double t2 = cpu_now();
  t->load += t2 - t1;
  pz_result r;
  if ((st = pz_solver_solve(s, &r))) die("solving", st);
  if (r != PZ_SAT) die("solving: not SAT", PZ_ERR_STATE);
  t->solve += cpu_now() - t2;
  for (int v = 1; v <= nv; v++) {
    if (pz_solver_value(s, v) <= 0) continue;
    if (full) {
      grid[(v - 1) / 9] = (v - 1) % 9 + 1;
    } else {
      int cell, value;
      if (pz_puzzle_var_meaning(p, v, &cell, &value) == PZ_OK) grid[cell] = value;
    }
  }
  pz_solver_free(s);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: propagate_bench FILE [BACKEND [ROUNDS [LIMIT]]]\n");
    return 1;
  }
  const char *backend = argc > 2 ? argv[2] : "cadical";
  int rounds = argc > 3 ? atoi(argv[3]) : 3;
  size_t limit = argc > 4 ? (size_t)strtoul(argv[4], NULL, 10) : 0;
  if (rounds < 1) rounds = 1;
  size_t n;
  int *puzzles = read_puzzles(argv[1], limit, &n);
  if (!n) {
    fprintf(stderr, "propagate_bench: no puzzles in %s\n", argv[1]);
    return 2;
  }
  pz_puzzle *p;
  pz_cnf *cnf;
  int st = pz_sudoku_new(&p, 3, 3);
  if (st) die("pz_sudoku_new", st);
  if ((st = pz_cnf_new(&cnf))) die("pz_cnf_new", st);
  int with[CELLS], without[CELLS];
  double *cpu[2];
  cpu[0] = (double *)calloc((size_t)rounds, sizeof(double));
  cpu[1] = (double *)calloc((size_t)rounds, sizeof(double));
  totals last[2];
  for (int r = 0; r < rounds; r++) {
    for (int k = 0; k < 2; k++) {
      int full = (r + k) % 2; /* alternate which way goes first */
      totals t = {0, 0, 0, 0, 0, 0};
      for (size_t i = 0; i < n; i++) {
        if ((st = pz_puzzle_set_givens(p, puzzles + i * CELLS))) die("givens", st);
        run(p, cnf, backend, full, with, &t);
      }
      cpu[full][r] = t.encode + t.load + t.solve;
      last[full] = t;
    }
  }
  /* Both ways give the same solution, every puzzle (untimed). */
  for (size_t i = 0; i < n; i++) {
    totals t = {0, 0, 0, 0, 0, 0};
    pz_puzzle_set_givens(p, puzzles + i * CELLS);
    run(p, cnf, backend, 0, with, &t);
    run(p, cnf, backend, 1, without, &t);
    for (int c = 0; c < CELLS; c++)
      if (with[c] != without[c] || with[c] < 1) {
        fprintf(stderr, "propagate_bench: puzzle %zu: the two ways differ\n", i + 1);
        return 6;
      }
  }
  qsort(cpu[0], (size_t)rounds, sizeof(double), cmp_double);
  qsort(cpu[1], (size_t)rounds, sizeof(double), cmp_double);
  for (int full = 0; full < 2; full++) {
    const totals *t = &last[full];
    printf("%s\t%zu\t%zu\t%.0f\t%.0f\t%.3f\t%.3f\t%.3f\t%.3f\n",
           full ? "without" : "with", n, t->alone, t->vars / (double)n,
           t->clauses / (double)n, t->encode, t->load, t->solve,
           cpu[full][(rounds - 1) / 2]);
  }
  pz_cnf_free(cnf);
  pz_puzzle_free(p);
  free(cpu[0]);
  free(cpu[1]);
  free(puzzles);
  return 0;
}
