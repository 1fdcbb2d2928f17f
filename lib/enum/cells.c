/* The cells counter (cells.h): depth-first over the cell with the fewest
 * candidates, each placed value taken from the cell's peers (naked
 * singles), and per all-different group a look at its open cells: fewer
 * candidates between them than cells is a dead end, and in a group with
 * as many values as cells a value only one cell can take goes there
 * (hidden singles). Changes are undone from a trail, so a walk needs no
 * copy of the state per level and memory stays flat. Once few cells are
 * open the rest is filled in a fixed order, as plain backtracking does
 * (below: measured on reduced Latin squares of order 7 and 6x6 Sudoku
 * grids, propagating all the way down cost 2.5x the CPU). */
#include <stdlib.h>
#include <string.h>

#include "enum/cells.h"
#include "pz/common.h"

struct cells_undo {
  int cell;
  int was_placed;
  uint64_t dom;
};

struct cells_choice {
  int cell;
  int tried;         /* candidates tried so far, this one included */
  int total;         /* candidates when the choice was made */
  uint64_t left;     /* candidates not tried yet */
  size_t mark;       /* trail length before the choice */
};

/* Open cells from which the walk fills in a fixed order (below). */
#define CELLS_FILL_BELOW 24

/* Groups a cell may be in for the fixed-order fill. */
#define FILL_GROUPS 4

/* Where pz_cells_next resumes. */
enum { AT_NODE = 0, AT_NEXT_TRY, AT_END };

static int one_bit(uint64_t d) { return d && !(d & (d - 1)); }

pz_cells *pz_cells_new(int ncells, int ngroups, size_t members, int nsat) {
  pz_cells *c = (pz_cells *)calloc(1, sizeof *c);
  if (!c) return NULL;
  c->ncells = ncells;
  c->ngroups = ngroups;
  c->nsat = nsat;
  c->dom = (uint64_t *)calloc((size_t)ncells + 1, sizeof *c->dom);
  c->group_ofs = (int *)calloc((size_t)ngroups + 1, sizeof(int));
  c->group_cells = (int *)calloc(members + 1, sizeof(int));
  c->exact = (unsigned char *)calloc((size_t)ngroups + 1, 1);
  c->sat_cell = (int *)malloc(((size_t)nsat + 1) * sizeof(int));
  c->sat_bit = (unsigned char *)calloc((size_t)nsat + 1, 1);
  if (!c->dom || !c->group_ofs || !c->group_cells || !c->exact ||
      !c->sat_cell || !c->sat_bit) {
    pz_cells_free(c);
    return NULL;
  }
  for (int v = 0; v <= nsat; v++) c->sat_cell[v] = -1;
  return c;
}

void pz_cells_free(pz_cells *c) {
  if (!c) return;
  free(c->dom);
  free(c->group_ofs);
  free(c->group_cells);
  free(c->cell_group_ofs);
  free(c->cell_groups);
  free(c->peer_ofs);
  free(c->peers);
  free(c->exact);
  free(c->sat_cell);
  free(c->sat_bit);
  free(c);
}

int pz_cells_finish(pz_cells *c) {
  int n = c->ncells, st = PZ_OK;
  size_t members = (size_t)c->group_ofs[c->ngroups];
  int *seen = (int *)malloc(((size_t)n + 1) * sizeof(int));
  c->cell_group_ofs = (int *)calloc((size_t)n + 1, sizeof(int));
  c->cell_groups = (int *)malloc((members + 1) * sizeof(int));
  c->peer_ofs = (int *)calloc((size_t)n + 1, sizeof(int));
  if (!seen || !c->cell_group_ofs || !c->cell_groups || !c->peer_ofs) {
    st = PZ_ERR_NOMEM;
    goto out;
  }
  for (int x = 0; x < n; x++) seen[x] = -1;
  /* Groups per cell (counted, then placed), a cell twice in one group
   * refused (such a group can never hold). */
  for (int g = 0; g < c->ngroups; g++) {
    uint64_t all = 0;
    for (int i = c->group_ofs[g]; i < c->group_ofs[g + 1]; i++) {
      int x = c->group_cells[i];
      if (x < 0 || x >= n || seen[x] == g) {
        st = PZ_ERR_ARG;
        goto out;
      }
      seen[x] = g;
      c->cell_group_ofs[x + 1]++;
      all |= c->dom[x];
    }
    c->exact[g] = __builtin_popcountll(all) == c->group_ofs[g + 1] - c->group_ofs[g];
  }
  c->max_groups = 0;
  for (int x = 0; x < n; x++) {
    int k = c->cell_group_ofs[x + 1];
    if (k > c->max_groups) c->max_groups = k;
    c->cell_group_ofs[x + 1] += c->cell_group_ofs[x];
  }
  for (int x = 0; x < n; x++) seen[x] = c->cell_group_ofs[x];
  for (int g = 0; g < c->ngroups; g++)
    for (int i = c->group_ofs[g]; i < c->group_ofs[g + 1]; i++)
      c->cell_groups[seen[c->group_cells[i]]++] = g;
  /* Peers: the union of a cell's groups, itself left out, each once. Two
   * passes (count, then fill) with seen[] as the mark of the cell whose
   * peers are being listed. */
  for (int pass = 0; pass < 2 && !st; pass++) {
    for (int x = 0; x < n; x++) seen[x] = -1;
    size_t k = 0;
    for (int x = 0; x < n; x++) {
      seen[x] = x;
      for (int j = c->cell_group_ofs[x]; j < c->cell_group_ofs[x + 1]; j++) {
        int g = c->cell_groups[j];
        for (int i = c->group_ofs[g]; i < c->group_ofs[g + 1]; i++) {
          int y = c->group_cells[i];
          if (seen[y] == x) continue;
          seen[y] = x;
          if (pass) c->peers[k] = y;
          k++;
        }
      }
      if (!pass) c->peer_ofs[x + 1] = (int)k;
    }
    if (!pass && !(c->peers = (int *)malloc((k + 1) * sizeof(int))))
      st = PZ_ERR_NOMEM;
  }
out:
  free(seen);
  return st;
}

int pz_cells_search_init(pz_cells_search *s, const pz_cells *c) {
  memset(s, 0, sizeof *s);
  s->c = c;
  size_t n = (size_t)c->ncells + 1, g = (size_t)c->ngroups + 1;
  s->dom = (uint64_t *)malloc(n * sizeof *s->dom);
  s->placed = (unsigned char *)calloc(n, 1);
  s->queue = (int *)malloc(n * sizeof(int));
  s->dirty = (int *)malloc(g * sizeof(int));
  s->is_dirty = (unsigned char *)calloc(g, 1);
  s->dec = (struct cells_choice *)malloc(n * sizeof *s->dec);
  s->fill_cell = (int *)malloc(n * sizeof(int));
  s->fill_dom = (uint64_t *)malloc(n * sizeof(uint64_t));
  s->fill_left = (uint64_t *)malloc(n * sizeof(uint64_t));
  s->fill_cur = (uint64_t *)malloc(n * sizeof(uint64_t));
  s->used = (uint64_t *)calloc(g + 2, sizeof(uint64_t));
  s->fill_read = (int *)malloc(n * FILL_GROUPS * sizeof(int));
  s->fill_write = (int *)malloc(n * FILL_GROUPS * sizeof(int));
  s->fill_below = CELLS_FILL_BELOW;
  s->trail_cap = 4 * n;
  s->trail = (struct cells_undo *)malloc(s->trail_cap * sizeof *s->trail);
  if (!s->dom || !s->placed || !s->queue || !s->dirty || !s->is_dirty ||
      !s->dec || !s->trail || !s->fill_cell || !s->fill_dom ||
      !s->fill_left || !s->fill_cur || !s->used ||
      !s->fill_read || !s->fill_write) {
    pz_cells_search_free(s);
    return PZ_ERR_NOMEM;
  }
  s->at = AT_END; /* no cube yet */
  return PZ_OK;
}

void pz_cells_search_free(pz_cells_search *s) {
  free(s->dom);
  free(s->placed);
  free(s->queue);
  free(s->dirty);
  free(s->is_dirty);
  free(s->dec);
  free(s->trail);
  free(s->fill_cell);
  free(s->fill_dom);
  free(s->fill_left);
  free(s->fill_cur);
  free(s->used);
  free(s->fill_read);
  free(s->fill_write);
  memset(s, 0, sizeof *s);
}

/* Each cell changes at most once per placement of a peer, and at most
 * ncells cells get placed below one choice: the trail grows by doubling. */
static int save(pz_cells_search *s, int x) {
  if (s->trail_len == s->trail_cap) {
    size_t nc = 2 * s->trail_cap;
    struct cells_undo *t = (struct cells_undo *)realloc(s->trail, nc * sizeof *t);
    if (!t) return 0;
    s->trail = t;
    s->trail_cap = nc;
  }
  s->trail[s->trail_len++] = (struct cells_undo){x, s->placed[x], s->dom[x]};
  return 1;
}

static void undo_to(pz_cells_search *s, size_t mark) {
  while (s->trail_len > mark) {
    const struct cells_undo *u = &s->trail[--s->trail_len];
    s->dom[u->cell] = u->dom;
    s->nopen += s->placed[u->cell] && !u->was_placed;
    s->placed[u->cell] = (unsigned char)u->was_placed;
  }
}

static void mark_groups(pz_cells_search *s, int x) {
  const pz_cells *c = s->c;
  for (int j = c->cell_group_ofs[x]; j < c->cell_group_ofs[x + 1]; j++) {
    int g = c->cell_groups[j];
    if (!s->is_dirty[g]) {
      s->is_dirty[g] = 1;
      s->dirty[s->ndirty++] = g;
    }
  }
}

/* Narrows cell x to d (a subset of its candidates, not empty). */
static int narrow(pz_cells_search *s, int x, uint64_t d) {
  if (!save(s, x)) return 0;
  s->dom[x] = d;
  mark_groups(s, x);
  if (one_bit(d)) s->queue[s->qlen++] = x;
  return 1;
}

/* One group's open cells: a dead end when they have fewer candidates
 * than cells; in an exact group, hidden singles narrowed. 0 = dead end. */
static int look_at_group(pz_cells_search *s, int g) {
  const pz_cells *c = s->c;
  const int *cell = c->group_cells + c->group_ofs[g];
  int size = c->group_ofs[g + 1] - c->group_ofs[g], open = 0;
  uint64_t once = 0, twice = 0;
  for (int i = 0; i < size; i++) {
    int x = cell[i];
    if (s->placed[x]) continue;
    uint64_t d = s->dom[x];
    if (one_bit(d)) continue; /* queued: placed before long */
    open++;
    twice |= once & d;
    once |= d;
  }
  if (__builtin_popcountll(once) < open) return 0;
  if (!c->exact[g]) return 1;
  uint64_t single = once & ~twice;
  while (single) {
    uint64_t b = single & -single;
    single ^= b;
    for (int i = 0; i < size; i++) {
      int x = cell[i];
      if (s->placed[x] || !(s->dom[x] & b) || one_bit(s->dom[x])) continue;
      if (!narrow(s, x, b)) return -1;
      break;
    }
  }
  return 1;
}

/* Places the queued cells and looks at the groups they touched, until
 * nothing changes: 1 consistent, 0 a dead end, -1 out of memory. */
static int propagate(pz_cells_search *s) {
  const pz_cells *c = s->c;
  int ok = 1;
  for (;;) {
    while (s->qlen && ok == 1) {
      int x = s->queue[--s->qlen];
      if (s->placed[x]) continue;
      uint64_t v = s->dom[x];
      if (!save(s, x)) {
        ok = -1;
        break;
      }
      s->placed[x] = 1;
      s->nopen--;
      for (int j = c->peer_ofs[x]; j < c->peer_ofs[x + 1]; j++) {
        int y = c->peers[j];
        uint64_t d = s->dom[y];
        if (!(d & v)) continue;
        if (d == v) {
          ok = 0;
          break;
        }
        if (!narrow(s, y, d & ~v)) {
          ok = -1;
          break;
        }
      }
    }
    if (ok != 1 || !s->ndirty) break;
    int g = s->dirty[--s->ndirty];
    s->is_dirty[g] = 0;
    ok = look_at_group(s, g);
  }
  s->qlen = 0;
  while (s->ndirty) s->is_dirty[s->dirty[--s->ndirty]] = 0;
  s->nodes++;
  return ok;
}

/* Narrows the candidates by SAT literals: 0 when one names no
 * (cell, value). */
static int take_lits(pz_cells_search *s, const int *lits, size_t n) {
  const pz_cells *c = s->c;
  for (size_t i = 0; i < n; i++) {
    int v = lits[i] < 0 ? -lits[i] : lits[i];
    if (v > c->nsat || c->sat_cell[v] < 0) return 0;
    uint64_t b = (uint64_t)1 << c->sat_bit[v];
    int x = c->sat_cell[v];
    s->dom[x] &= lits[i] > 0 ? b : ~b;
  }
  return 1;
}

int pz_cells_reset(pz_cells_search *s, const int *cube, size_t n,
                   const int *units, size_t nunits) {
  const pz_cells *c = s->c;
  s->trail_len = 0;
  s->ndec = 0;
  s->qlen = 0;
  s->at = AT_END;
  memcpy(s->dom, c->dom, (size_t)c->ncells * sizeof *s->dom);
  memset(s->placed, 0, (size_t)c->ncells);
  s->nopen = c->ncells;
  s->filling = 0;
  if (!take_lits(s, cube, n) || !take_lits(s, units, nunits)) return -1;
  for (int x = 0; x < c->ncells; x++) {
    if (!s->dom[x]) return 0;
    if (one_bit(s->dom[x])) s->queue[s->qlen++] = x;
  }
  for (int g = 0; g < c->ngroups; g++) {
    s->is_dirty[g] = 1;
    s->dirty[s->ndirty++] = g;
  }
  int ok = propagate(s);
  if (ok < 0) return -2;
  s->trail_len = 0; /* the cube's state is the floor */
  if (ok) s->at = AT_NODE;
  return ok;
}

/* The open cell with the fewest candidates (one is open). */
static int pick(const pz_cells_search *s) {
  int best = -1, fewest = 65;
  for (int x = 0; x < s->c->ncells; x++) {
    if (s->placed[x]) continue;
    int k = __builtin_popcountll(s->dom[x]);
    if (k < fewest) {
      fewest = k;
      best = x;
      if (k <= 2) break;
    }
  }
  return best;
}

/* --- The walk below the switch -----------------------------------------
 * Once few cells are open, propagating costs more than it saves: the open
 * cells are filled in a fixed order (the cells' own, row by row on a
 * grid) with each group's used values as one mask, as plain backtracking
 * does, and the last cell's candidates are counted, not visited. */

/* Candidates of the cell at position k of the fixed order, from the
 * values its groups have used. Each position reads FILL_GROUPS slots of
 * used[] (padded with one that stays 0) and writes as many (padded with
 * one nobody reads): no loop, no branch. */
static inline uint64_t fill_cands(const pz_cells_search *s, int k, int ng) {
  const int *r = s->fill_read + FILL_GROUPS * k;
  const uint64_t *u = s->used;
  uint64_t used = u[r[0]] | u[r[1]];
  if (ng > 2) used |= u[r[2]] | u[r[3]];
  return s->fill_dom[k] & ~used;
}

static inline void fill_flip(pz_cells_search *s, int k, uint64_t b, int ng) {
  const int *w = s->fill_write + FILL_GROUPS * k;
  uint64_t *u = s->used;
  u[w[0]] ^= b;
  u[w[1]] ^= b;
  if (ng > 2) {
    u[w[2]] ^= b;
    u[w[3]] ^= b;
  }
}

static void fill_start(pz_cells_search *s) {
  const pz_cells *c = s->c;
  int n = 0, zero = c->ngroups, trash = c->ngroups + 1;
  for (int g = 0; g < c->ngroups + 2; g++) s->used[g] = 0;
  for (int x = 0; x < c->ncells; x++) {
    const int *gs = c->cell_groups + c->cell_group_ofs[x];
    int ng = c->cell_group_ofs[x + 1] - c->cell_group_ofs[x];
    if (!s->placed[x]) {
      s->fill_cell[n] = x;
      s->fill_dom[n] = s->dom[x];
      s->fill_cur[n] = 0;
      for (int i = 0; i < FILL_GROUPS; i++) {
        s->fill_read[FILL_GROUPS * n + i] = i < ng ? gs[i] : zero;
        s->fill_write[FILL_GROUPS * n + i] = i < ng ? gs[i] : trash;
      }
      n++;
      continue;
    }
    for (int i = 0; i < ng; i++) s->used[gs[i]] |= s->dom[x];
  }
  s->fill_n = n;
  s->fill_k = 0;
  s->fill_left[0] = fill_cands(s, 0, FILL_GROUPS);
  s->filling = 1;
}

static void fill_end(pz_cells_search *s) {
  for (int k = 0; k < s->fill_n; k++) s->dom[s->fill_cell[k]] = s->fill_dom[k];
  s->filling = 0;
}

/* 1 a solution (not counting), 0 the filled part is done, -1 budget.
 * ng: the group slots each cell uses (2 on a Latin square: a constant
 * where inlined, so the square's walk reads two masks, not four). */
static inline int fill_walk_in(pz_cells_search *s, uint64_t end,
                               uint64_t *found, int ng) {
  int last = s->fill_n - 1;
  uint64_t nodes = s->nodes;
  int k = s->fill_k;
  for (;;) {
    uint64_t cur = s->fill_cur[k];
    if (cur) {
      fill_flip(s, k, cur, ng);
      s->fill_cur[k] = 0;
    }
    uint64_t left = s->fill_left[k];
    if (!left) {
      if (k == 0) {
        s->nodes = nodes;
        fill_end(s);
        return 0;
      }
      k--;
      continue;
    }
    if (k == last && found) {
      *found += (uint64_t)__builtin_popcountll(left);
      s->fill_left[k] = 0;
      continue;
    }
    uint64_t b = left & -left;
    s->fill_left[k] = left ^ b;
    s->dom[s->fill_cell[k]] = b;
    fill_flip(s, k, b, ng);
    s->fill_cur[k] = b;
    if (k == last) {
      s->fill_k = k;
      s->nodes = nodes;
      return 1;
    }
    k++;
    s->fill_left[k] = fill_cands(s, k, ng);
    if (++nodes >= end) {
      s->fill_k = k;
      s->nodes = nodes;
      return -1;
    }
  }
}

static int fill_walk(pz_cells_search *s, uint64_t end, uint64_t *found) {
  return s->c->max_groups <= 2 ? fill_walk_in(s, end, found, 2)
                               : fill_walk_in(s, end, found, FILL_GROUPS);
}

/* The walk: 1 a solution (found NULL), 0 the end, -1 budget, -2 out of
 * memory. With found, solutions are counted into it, never stopped at. */
static int walk(pz_cells_search *s, uint64_t budget, uint64_t *found) {
  uint64_t end = s->nodes + budget;
  if (s->at == AT_END) return 0;
  if (s->filling) goto filling;
  if (s->at == AT_NEXT_TRY) goto next_try;
  for (;;) {
    /* At a consistent node. */
    if (s->nodes >= end) {
      s->at = AT_NODE;
      return -1;
    }
    if (s->nopen == 0) {
      if (found) {
        ++*found;
        goto next_try;
      }
      s->at = AT_NEXT_TRY; /* a solution: the walk goes on from it */
      return 1;
    }
    if (s->nopen <= s->fill_below && s->c->max_groups <= FILL_GROUPS) {
      fill_start(s);
    filling:;
      int r = fill_walk(s, end, found);
      if (r) {
        s->at = AT_NODE;
        return r;
      }
      goto next_try;
    }
    int x = pick(s);
    struct cells_choice *d = &s->dec[s->ndec++];
    d->cell = x;
    d->left = s->dom[x];
    d->tried = 0;
    d->total = __builtin_popcountll(d->left);
    d->mark = s->trail_len;
  next_try:
    for (;;) {
      if (!s->ndec) {
        s->at = AT_END;
        return 0;
      }
      struct cells_choice *t = &s->dec[s->ndec - 1];
      undo_to(s, t->mark);
      if (!t->left) {
        s->ndec--;
        continue;
      }
      uint64_t b = t->left & -t->left;
      t->left ^= b;
      t->tried++;
      int ok = narrow(s, t->cell, b) ? propagate(s) : -1;
      if (ok < 0) {
        s->at = AT_END;
        return -2;
      }
      if (ok) break;
    }
  }
}

int pz_cells_next(pz_cells_search *s, uint64_t budget) {
  return walk(s, budget, NULL);
}

int pz_cells_count(pz_cells_search *s, uint64_t budget, uint64_t *found) {
  return walk(s, budget, found);
}

double pz_cells_done(const pz_cells_search *s) {
  double done = 0, w = 1;
  for (int i = 0; i < s->ndec; i++) {
    const struct cells_choice *d = &s->dec[i];
    if (d->total <= 0) break;
    done += w * (double)(d->tried - 1) / d->total;
    w /= d->total;
  }
  return done;
}
