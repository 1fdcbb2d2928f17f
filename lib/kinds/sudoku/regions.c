/* Random jigsaw layouts that admit a puzzle with exactly one solution.
 *
 * A layout admits such a puzzle exactly when it has a full solution (a
 * Latin square whose every region holds 1..n): that square, all given, is
 * a unique puzzle, and generation then removes givens. So a layout is
 * drawn, then pz's own search looks for a full solution on it; a layout
 * without one (or whose search runs out of its budget) makes way for the
 * next. pz's search is tried first within a budget (it answers 9x9 in
 * about a millisecond), then the puzzle's backend.
 *
 * Drawing: the boxes of the most square shape (rows when n is prime),
 * then many random boundary swaps: a cell of region A next to region B
 * and a random cell of B trade regions when both stay 4-connected. */
#include <stdlib.h>
#include <string.h>

#include "gen/gen_impl.h"
#include "solve/solver_ext.h"

/* Layouts drawn before giving up, and pz's search work on each. */
#define JIGSAW_TRIES 100
#define JIGSAW_BUDGET 200000

typedef struct layout {
  int n;
  int *reg;   /* n*n: region 0..n-1 of each cell */
  int *list;  /* n*n: list[k * n + i] = region k's i-th cell */
  int *at;    /* n*n: a cell's index in its region's list */
  int *queue; /* n: BFS */
  unsigned *seen; /* n*n: the stamp of the BFS that reached it */
  unsigned stamp;
} layout;

/* Is region k 4-connected? (It has n cells.) */
static int connected(layout *L, int k) {
  int n = L->n, head = 0, tail = 0;
  int start = L->list[k * n];
  unsigned s = ++L->stamp;
  L->seen[start] = s;
  L->queue[tail++] = start;
  while (head < tail) {
    int c = L->queue[head++], r = c / n, x = c % n;
    int nb[4] = {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1,
                 x > 0 ? c - 1 : -1, x < n - 1 ? c + 1 : -1};
    for (int d = 0; d < 4; d++)
      if (nb[d] >= 0 && L->seen[nb[d]] != s && L->reg[nb[d]] == k) {
        L->seen[nb[d]] = s;
        L->queue[tail++] = nb[d];
      }
  }
  return tail == n;
}

/* Cells a (region A) and c (region B) trade regions. */
static void swap_cells(layout *L, int a, int c) {
  int n = L->n, A = L->reg[a], B = L->reg[c], ia = L->at[a], ic = L->at[c];
  L->reg[a] = B;
  L->reg[c] = A;
  L->list[A * n + ia] = c;
  L->at[c] = ia;
  L->list[B * n + ic] = a;
  L->at[a] = ic;
}

/* pz_grid_read's val for a solver's model. */
static int solver_val(const void *solver, int lit) {
  int v = pz_solver_value((const pz_solver *)solver, lit < 0 ? -lit : lit);
  return lit < 0 ? -v : v;
}

/* One attempt: a random cell a next to a cell of another region B trades
 * with a random cell of B. 1 when both regions stay connected (kept), 0
 * otherwise (undone). */
static int attempt(layout *L, pz_rng *g) {
  int n = L->n, a = pz_rng_below(g, n * n), r = a / n, x = a % n;
  int d = pz_rng_below(g, 4);
  int b = d == 0 ? (r > 0 ? a - n : -1)
          : d == 1 ? (r < n - 1 ? a + n : -1)
          : d == 2 ? (x > 0 ? a - 1 : -1)
                   : (x < n - 1 ? a + 1 : -1);
  if (b < 0 || L->reg[b] == L->reg[a]) return 0;
  int A = L->reg[a], B = L->reg[b], c = L->list[B * n + pz_rng_below(g, n)];
  swap_cells(L, a, c);
  if (connected(L, A) && connected(L, B)) return 1;
  swap_cells(L, a, c);
  return 0;
}

/* Are the regions the boxes of some shape (rows and columns included)? */
static int plain(const layout *L) {
  int n = L->n;
  for (int h = 1; h <= n; h++) {
    if (n % h) continue;
    int w = n / h, same = 1; /* boxes of h rows and w columns */
    for (int c = 0; c < n * n && same; c++) {
      int r = c / n, x = c % n;
      same = L->reg[c] == L->reg[(r / h) * h * n + (x / w) * w];
    }
    if (same) return 1;
  }
  return 0;
}

/* Draws a layout into L from g: boxes, then boundary swaps. */
static void draw(layout *L, pz_rng *g, int h) {
  int n = L->n, w = n / h;
  int *fill = L->queue;
  for (int k = 0; k < n; k++) fill[k] = 0;
  for (int c = 0; c < n * n; c++) {
    int r = c / n, x = c % n, k = (r / h) * h + x / w;
    L->reg[c] = k;
    L->at[c] = fill[k];
    L->list[k * n + fill[k]++] = c;
  }
  /* 4 n^2 kept swaps move each cell about 8 times; attempts are capped
   * (on small grids few layouts exist), and go on while the layout is
   * still boxes (n >= 4 leaves them). */
  long long cells = (long long)n * n, want = 4 * cells, cap = 400 * cells;
  long long kept = 0;
  for (long long t = 0; t < cap && (kept < want || (n >= 4 && plain(L)));
       t++)
    kept += attempt(L, g);
}

static int poll_stop(void *state) { return pz_poll_check((pz_poll *)state); }

/* Does p's rules with regions (1..n) have a full solution? PZ_SAT (into
 * sol) or PZ_UNSAT; PZ_UNKNOWN when the poll stopped it; < 0 error. pz's
 * search first, within a budget, then p's backend. */
static int solvable(pz_puzzle *p, const int *regions, int *sol,
                    pz_poll *poll) {
  int st = pz_sudoku_set_regions(p, regions, NULL);
  if (st) return st;
  pz_grid_cnf g;
  if ((st = pz_grid_cnf_init(&g, p, poll))) return st == PZ_STOPPED ? PZ_UNKNOWN : st;
  int r = PZ_UNSAT;
  if (pz_search_reset(&g.s, NULL, 0)) {
    uint64_t budget = JIGSAW_BUDGET;
    r = pz_search_next_polled(&g.s, poll, &budget);
    r = r < 0 ? PZ_UNKNOWN : r ? PZ_SAT : PZ_UNSAT;
  }
  if (r == PZ_SAT) pz_grid_read(&g, pz_grid_search_val, &g.s, sol);
  if (r == PZ_UNKNOWN && !pz_poll_check(poll)) {
    pz_solver *s = NULL;
    pz_result res = PZ_UNKNOWN;
    int stopped = 0;
    st = pz_solver_new(&s, p->backend);
    if (!st) st = pz_solver_add_cnf_until(s, g.cnf, poll_stop, poll, &stopped);
    /* The solver's limit counts from its solve: what is left now. */
    double left = pz_poll_left(poll);
    if (!st && left < 0) stopped = 1;
    if (!st && !stopped && left > 0) st = pz_solver_set_time_limit(s, left);
    if (!st && !stopped) {
      pz_solver_set_terminate(s, poll->state, poll->fn);
      st = pz_solver_solve(s, &res);
    }
    if (!st && res == PZ_SAT) pz_grid_read(&g, solver_val, s, sol);
    if (!st) r = (int)res;
    if (s) pz_solver_free(s);
  }
  pz_grid_cnf_free(&g);
  return st ? st : r;
}

int pz_jigsaw_regions(pz_puzzle *p, uint64_t seed, int *regions,
                      int *solution, pz_result *stop) {
  if (!p || !regions || !stop || strcmp(pz_puzzle_kind(p), "sudoku"))
    return PZ_ERR_ARG;
  *stop = PZ_UNKNOWN;
  int n = p->rows;
  size_t cells = (size_t)n * (size_t)n;
  layout L;
  L.n = n;
  L.stamp = 0;
  L.reg = (int *)malloc((4 * cells + (size_t)n) * sizeof(int));
  L.seen = (unsigned *)calloc(cells, sizeof(unsigned));
  if (!L.reg || !L.seen) {
    free(L.reg);
    free(L.seen);
    return PZ_ERR_NOMEM;
  }
  int h = 1;
  for (int d = 1; d * d <= n; d++)
    if (n % d == 0) h = d;
  L.list = L.reg + cells;
  L.at = L.list + cells;
  int *sol = L.at + cells;
  L.queue = sol + cells;
  pz_poll poll;
  pz_poll_start_options(&poll, &p->opt);
  pz_rng g = {seed};
  int st = PZ_OK;
  for (int t = 0; t < JIGSAW_TRIES && *stop == PZ_UNKNOWN; t++) {
    if (pz_poll_check(&poll)) break;
    draw(&L, &g, h);
    /* Regions numbered 1..n in the order of their first cells. */
    int *name = L.queue, next = 0;
    for (int k = 0; k < n; k++) name[k] = 0;
    for (size_t c = 0; c < cells; c++) {
      if (!name[L.reg[c]]) name[L.reg[c]] = ++next;
      regions[c] = name[L.reg[c]];
    }
    int r = solvable(p, regions, sol, &poll);
    if (r < 0) {
      st = r;
      break;
    }
    if (r == PZ_SAT) *stop = PZ_SAT;
    else if (r == PZ_UNKNOWN) break;
  }
  if (!st && *stop == PZ_SAT && solution)
    memcpy(solution, sol, cells * sizeof(int));
  free(L.reg);
  free(L.seen);
  return st;
}
