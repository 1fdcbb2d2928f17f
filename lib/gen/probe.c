/* Failed-literal probing before the backend (issue 10, "solve +
 * uniqueness"): on the rules' formula that rating and generation keep on
 * the puzzle (pz_grid_of), the givens as a cube, each open cell literal
 * is tried both ways; one whose unit propagation fails is false, and its
 * negation joins the cube. When that decides every cell and the formula
 * has a model under the cube, that model is the only solution: each cell's
 * value is implied by the givens. A refuted cube: no solution. Otherwise
 * (or when the work budget runs out) the backend decides, as before. */
#include <stdatomic.h>
#include <stdlib.h>

#include "gen/gen_impl.h"

/* Work charged per probe on top of the search's ticks (its clause visits
 * leave out binary clauses, which a probe walks too). */
#define PROBE_COST 16

static _Atomic int probing_on = 1;

void pz_puzzle_set_probing(int on) {
  atomic_store_explicit(&probing_on, on != 0, memory_order_relaxed);
}

int pz_puzzle_probing(void) {
  return atomic_load_explicit(&probing_on, memory_order_relaxed);
}

/* One-level probing to a fixpoint under g->cube. 1: every projected
 * variable decided; 0: open (or the budget ran out, or the poll said
 * stop); -1: the cube is refuted; < -1: an error status. A literal that a
 * standing probe implied cannot fail while the assignment stays (its
 * propagation is part of that probe's): seen[] skips it until a failed
 * literal changes the assignment. */
static int probe_fixpoint(pz_grid_cnf *g, pz_poll *poll, uint64_t budget,
                          unsigned *seen) {
  pz_search *s = &g->s;
  uint64_t start = s->ticks, probes = 0;
  unsigned stamp = 1;
  if (!pz_search_reset(s, g->cube.data, g->cube.len)) return -1;
  for (int changed = 1; changed;) {
    changed = 0;
    int open = 0;
    for (int i = 0; i < s->nproj_order; i++) {
      int v = s->order[i];
      if (s->val[v]) continue;
      open = 1;
      if (s->ticks - start + probes * PROBE_COST > budget) return 0;
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
    if (!open) return 1;
  }
  return 0;
}

int pz_puzzle_probe(pz_puzzle *p, const int *givens, uint64_t budget,
                    int *grid, int *solved) {
  *solved = 0;
  if (!p->ops->given_lits || !p->ops->encode_full || !p->ops->var_meaning)
    return PZ_OK; /* clues shape the rules: no formula to keep */
  pz_grid_cnf *g, tmp;
  int st = pz_grid_of(p, p->poll, &g, &tmp);
  if (st == PZ_STOPPED) return PZ_OK; /* the solver's turn stops it */
  if (st) return st;
  st = pz_grid_cube(g, givens, -1);
  if (st == PZ_ERR_RANGE) return PZ_OK; /* a given the formula lacks */
  if (st) return st;
  unsigned *seen = (unsigned *)calloc(2 * ((size_t)g->f.nvars + 1), sizeof *seen);
  if (!seen) return PZ_ERR_NOMEM;
  int r = probe_fixpoint(g, p->poll, budget, seen);
  free(seen);
  if (r < -1) return r;
  if (r < 0) {
    *solved = -1;
    return PZ_OK;
  }
  if (r == 0) return PZ_OK;
  /* Every cell decided: the auxiliary variables must still extend it to
   * a model (propagation alone need not have checked every clause). */
  r = pz_search_next(&g->s, budget);
  if (r < 0) return PZ_OK;
  if (r == 0) {
    *solved = -1;
    return PZ_OK;
  }
  /* Read the grid; a cell with no true literal (a value the table does
   * not name) leaves the answer to the backend. */
  for (int pass = 0; pass < 2; pass++)
    for (int c = 0; c < g->cells; c++) {
      const int *l = g->lit + c * (g->maxv + 1);
      int x = 0;
      while (x <= g->maxv && !(l[x] && pz_search_value(&g->s, l[x]) > 0)) x++;
      if (x > g->maxv || (givens[c] && x != givens[c])) return PZ_OK;
      if (pass) grid[c] = x;
    }
  *solved = 1;
  return PZ_OK;
}
