/* Rating by the weakest reasoning that solves a puzzle on its CNF: unit
 * propagation, then failed literals (one level: a literal whose
 * propagation fails is false), then failed literals two levels deep (a
 * literal under which one-level probing fails), else search. */
#include <string.h>

#include "gen/gen_impl.h"

/* Every cell decided under the current assignment. */
static int all_decided(const pz_search *s) {
  for (int i = 0; i < s->nproj_order; i++)
    if (!s->val[s->order[i]]) return 0;
  return 1;
}

/* Re-propagates the cube; 0 on a contradiction. */
static int restart(pz_grid_cnf *g) {
  return pz_search_reset(&g->s, g->cube.data, g->cube.len);
}

/* One-level probing to a fixpoint under g->cube: each open projected
 * literal, both ways; a failed one's negation joins the cube. Returns 1 when all decided, 0 when open, -1
 * on a contradiction, PZ_STOPPED + 1 (2) when stopped, or < -1 status. */
static int probe1(pz_grid_cnf *g, pz_poll *poll) {
  pz_search *s = &g->s;
  if (!restart(g)) return -1;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = 0; i < s->nproj_order; i++) {
      int v = s->order[i];
      if (s->val[v]) continue;
      if (pz_poll_work(poll, 64)) return 2;
      for (int sign = 1; sign >= -1; sign -= 2) {
        int lit = sign * v;
        if (pz_search_probe(s, &lit, 1)) continue;
        int st = pz_ivec_push(&g->cube, -lit);
        if (st) return st < 0 ? st : -2;
        if (!restart(g)) return -1;
        changed = 1;
        break;
      }
    }
  }
  return all_decided(s);
}

int pz_grid_rate(pz_grid_cnf *g, const int *givens, pz_poll *poll,
                 pz_level *level) {
  *level = PZ_LEVEL_SEARCH;
  int st = pz_grid_cube(g, givens, -1);
  if (st) return st;
  if (!restart(g)) return PZ_OK; /* no solution */
  if (all_decided(&g->s)) {
    *level = PZ_LEVEL_SINGLES;
    return PZ_OK;
  }
  int r = probe1(g, poll);
  if (r == 2) return PZ_STOPPED;
  if (r < -1) return r;
  if (r == 1) {
    *level = PZ_LEVEL_PROBING;
    return PZ_OK;
  }
  if (r < 0) return PZ_OK;
  /* Two levels: under each open literal, one-level probing; a literal
   * that way refuted is false at the root (then one level again). */
  pz_search *s = &g->s;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = 0; i < s->nproj_order && !changed; i++) {
      int v = s->order[i];
      if (s->val[v]) continue;
      for (int sign = 1; sign >= -1 && !changed; sign -= 2) {
        size_t keep = g->cube.len;
        if ((st = pz_ivec_push(&g->cube, sign * v))) return st;
        r = probe1(g, poll);
        g->cube.len = keep;
        if (r == 2) return PZ_STOPPED;
        if (r < -1) return r;
        if (r == -1) {
          if ((st = pz_ivec_push(&g->cube, -sign * v))) return st;
          changed = 1;
        }
      }
      if (!changed && !restart(g)) return PZ_OK;
    }
    if (changed) {
      r = probe1(g, poll);
      if (r == 2) return PZ_STOPPED;
      if (r < -1) return r;
      if (r < 0) return PZ_OK;
      if (r == 1) {
        *level = PZ_LEVEL_DEEP_PROBING;
        return PZ_OK;
      }
    }
  }
  return PZ_OK;
}
