/* Failed-literal probing before the backend (issue 10, "solve +
 * uniqueness"): on the rules' formula that rating and generation keep on
 * the puzzle (pz_grid_of), the givens as a cube, each open cell literal
 * is tried both ways; one whose unit propagation fails is false, and is
 * asserted so. Then pz's own search (no learning, but complete) walks the
 * rest within the work budget: a refuted root, no model, one model and
 * nothing left (the only solution: after probing, nearly every top1465
 * puzzle is decided outright), or two models answer the call, exactly.
 * Otherwise (the budget ran out, the poll said stop) the backend decides,
 * as before. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "puzzle/grid_cnf.h"

/* Work charged per probe on top of the search's ticks (its clause visits
 * leave out binary clauses, which a probe walks too). */
#define PROBE_COST 16
/* The short search before probing (ticks, for both models): measured
 * with callgrind on 300 puzzles each, it takes a set with many solutions
 * a puzzle (puzzles7_serg_benchmark) from 1.6 M instructions a puzzle to
 * 0.27 M, and costs top1465 and the 17-clue set 8 to 13%. */
#ifndef PZ_SEARCH_FIRST
#define PZ_SEARCH_FIRST 1000
#endif

static _Atomic int probing_on = 1;

void pz_puzzle_set_probing(int on) {
  atomic_store_explicit(&probing_on, on != 0, memory_order_relaxed);
}

int pz_puzzle_probing(void) {
  return atomic_load_explicit(&probing_on, memory_order_relaxed);
}

/* The grid of the current assignment into grid: 1, or 0 when a cell has
 * no true literal (a value the table does not name). */
static int read_grid(const pz_grid_cnf *g, int *grid) {
  for (int c = 0; c < g->cells; c++) {
    const int *l = g->lit + c * (g->maxv + 1);
    int x = 0;
    while (x <= g->maxv && !(l[x] && pz_search_value(&g->s, l[x]) > 0)) x++;
    if (x > g->maxv) return 0;
    grid[c] = x;
  }
  return 1;
}

/* One-level probing to a fixpoint under g->cube, within *budget units of
 * work (what is left goes back in *budget). 1: a fixpoint; 0: the budget
 * ran out or the poll said stop; -1: the cube is refuted; < -1: an error
 * status. A literal that a standing probe implied cannot fail while the
 * assignment stays (its propagation is part of that probe's): seen[]
 * skips it until a failed literal changes the assignment. */
static int probe_fixpoint(pz_grid_cnf *g, pz_poll *poll, uint64_t *budget,
                          unsigned *seen) {
  pz_search *s = &g->s;
  uint64_t start = s->ticks, probes = 0;
  unsigned stamp = 1;
  if (!pz_search_reset(s, g->cube.data, g->cube.len)) return -1;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = 0; i < s->nproj_order; i++) {
      int v = s->order[i];
      if (s->val[v]) continue;
      if (s->ticks - start + probes * PROBE_COST > *budget) return 0;
      if (pz_poll_work(poll, PROBE_COST)) return 0;
      for (int sign = 1; sign >= -1; sign -= 2) {
        int lit = sign * v, from, n;
        if (seen[2 * v + (sign < 0)] == stamp) continue;
        probes++;
        if (pz_search_probe_implied(s, lit, &from, &n)) {
          for (int k = from; k < from + n; k++) {
            int l = s->trail[k], u = l < 0 ? -l : l;
            seen[2 * u + (l < 0)] = stamp;
          }
          continue;
        }
        if (!pz_search_assert(s, -lit)) return -1;
        stamp++;
        changed = 1;
        break;
      }
    }
  }
  uint64_t spent = s->ticks - start + probes * PROBE_COST;
  *budget = spent < *budget ? *budget - spent : 0;
  return 1;
}

/* The search from the current root: 1 one model and no other (want 2) or
 * a model (want 1), 2 two models, -1 none, 0 out of budget or stopped;
 * the first model's grid in grid. */
static int search_models(pz_grid_cnf *g, pz_poll *poll, int want,
                         uint64_t budget, int *grid) {
  pz_search *s = &g->s;
  int m = pz_search_next_polled(s, poll, &budget);
  if (m <= 0) return m < 0 ? 0 : -1;
  if (!read_grid(g, grid)) return 0;
  if (want < 2 || !pz_search_leave_model(s)) return 1;
  m = pz_search_next_polled(s, poll, &budget);
  return m < 0 ? 0 : m > 0 ? 2 : 1;
}

int pz_puzzle_probe(pz_puzzle *p, const int *givens, int want,
                    uint64_t budget, int *grid, int *solved) {
  *solved = 0;
  if (!p->ops->given_lits || !p->ops->encode_full || !p->ops->var_meaning)
    return PZ_OK; /* clues shape the rules: no formula to keep */
  pz_grid_cnf *g, tmp;
  int st = pz_grid_of(p, p->poll, &g, &tmp);
  /* The solver's turn stops it, or answers a grid values cannot hold. */
  if (st == PZ_STOPPED || st == PZ_ERR_UNSUPPORTED) return PZ_OK;
  if (st) return st;
  st = pz_grid_cube(g, givens, -1);
  if (st == PZ_ERR_RANGE) return PZ_OK; /* a given the formula lacks */
  if (st) return st;
  unsigned *seen = (unsigned *)calloc(2 * ((size_t)g->f.nvars + 1), sizeof *seen);
  int *model = (int *)malloc((size_t)g->cells * sizeof(int));
  if (!seen || !model) {
    free(seen);
    free(model);
    return PZ_ERR_NOMEM;
  }
  /* A short search first: a puzzle with many solutions shows two at
   * once, and so do easy answers; then the probing, then the search from
   * the probed root with half of what is left. */
  int res = 0;
  if (PZ_SEARCH_FIRST && pz_search_reset(&g->s, g->cube.data, g->cube.len))
    res = search_models(g, p->poll, want, PZ_SEARCH_FIRST, model);
  if (!res && (res = probe_fixpoint(g, p->poll, &budget, seen)) == 1)
    res = search_models(g, p->poll, want, budget / 2, model);
  for (int c = 0; c < g->cells && res > 0; c++)
    if (givens[c] && model[c] != givens[c]) res = 0;
  if (res > 0) memcpy(grid, model, (size_t)g->cells * sizeof(int));
  free(seen);
  free(model);
  if (res < -1) return res;
  *solved = res;
  return PZ_OK;
}
