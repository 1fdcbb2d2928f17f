/* Singles and guesses on a grid of units (unit_search.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "puzzle/unit_search.h"

struct pz_unit_search {
  int n, cells, nunits;
  uint32_t full;      /* every value's bit */
  int *units;         /* nunits * n cells */
  int *peer_start;    /* cells + 1 offsets into peers */
  int *peers;         /* the other cells of a cell's units, once each */
  uint64_t *units_of; /* per cell: the bits of its units */
  uint32_t *mask;     /* (cells + 1) levels of candidates, one per guess */
  int *queue;         /* cells assigned, their value not yet removed */
  int *pick;          /* per level: the cell guessed */
  uint32_t *left;     /* per level: its values not yet tried */
};

void pz_unit_search_free(pz_unit_search *u) {
  if (!u) return;
  free(u->units);
  free(u->peer_start);
  free(u->peers);
  free(u->units_of);
  free(u->mask);
  free(u->queue);
  free(u->pick);
  free(u->left);
  free(u);
}

int pz_unit_search_new(pz_unit_search **out, int n, int cells,
                       const int *units, int nunits) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (n < 1 || n > PZ_UNIT_SEARCH_MAX_N || cells < 1 || nunits < 0 ||
      nunits > PZ_UNIT_SEARCH_MAX_UNITS || (nunits && !units))
    return PZ_ERR_ARG;
  for (long long i = 0; i < (long long)nunits * n; i++)
    if (units[i] < 0 || units[i] >= cells) return PZ_ERR_ARG;
  pz_unit_search *u = (pz_unit_search *)calloc(1, sizeof *u);
  if (!u) return PZ_ERR_NOMEM;
  size_t ncells = (size_t)cells, nu = (size_t)nunits * (size_t)n;
  u->n = n, u->cells = cells, u->nunits = nunits;
  u->full = n == 32 ? 0xffffffffu : (1u << n) - 1;
  u->units = (int *)malloc((nu ? nu : 1) * sizeof(int));
  u->peer_start = (int *)calloc(ncells + 1, sizeof(int));
  u->units_of = (uint64_t *)calloc(ncells, sizeof(uint64_t));
  u->mask = (uint32_t *)malloc((ncells + 1) * ncells * sizeof(uint32_t));
  u->queue = (int *)malloc(ncells * sizeof(int));
  u->pick = (int *)malloc((ncells + 1) * sizeof(int));
  u->left = (uint32_t *)malloc((ncells + 1) * sizeof(uint32_t));
  int *seen = (int *)malloc(ncells * sizeof(int));
  if (!u->units || !u->peer_start || !u->units_of || !u->mask || !u->queue || !u->pick ||
      !u->left || !seen) {
    free(seen);
    pz_unit_search_free(u);
    return PZ_ERR_NOMEM;
  }
  if (nu) memcpy(u->units, units, nu * sizeof(int));
  for (size_t i = 0; i < nu; i++)
    u->units_of[units[i]] |= (uint64_t)1 << (i / (size_t)n);
  /* Peers in two passes: count, then fill; seen[] marks a cell's own. */
  for (int pass = 0; pass < 2; pass++) {
    for (size_t c = 0; c < ncells; c++) seen[c] = -1;
    int at = 0;
    for (int c = 0; c < cells; c++) {
      if (pass == 0) u->peer_start[c] = at;
      seen[c] = c;
      for (int k = 0; k < nunits; k++) {
        const int *un = u->units + (size_t)k * (size_t)n;
        int in = 0;
        for (int i = 0; i < n; i++) in |= un[i] == c;
        if (!in) continue;
        for (int i = 0; i < n; i++)
          if (seen[un[i]] != c) {
            seen[un[i]] = c;
            if (pass == 1) u->peers[at] = un[i];
            at++;
          }
      }
    }
    if (pass == 0) {
      u->peer_start[cells] = at;
      u->peers = (int *)malloc((at ? (size_t)at : 1) * sizeof(int));
      if (!u->peers) {
        free(seen);
        pz_unit_search_free(u);
        return PZ_ERR_NOMEM;
      }
    }
  }
  free(seen);
  *out = u;
  return PZ_OK;
}

static int single(uint32_t m) { return m && !(m & (m - 1)); }

/* One propagation run over the level m: the queue's cells (each down to
 * one candidate) leave their value to their peers, and a value with one
 * place left in a unit goes there, until nothing changes. dirty: the
 * units whose cells lost candidates since their last scan (only they can
 * hold a new hidden single). 0 when a cell or a unit runs out of room. */
static int propagate(pz_unit_search *u, uint32_t *m, int head, uint64_t dirty,
                     long long *work) {
  const int n = u->n;
  for (;;) {
    while (head > 0) {
      int c = u->queue[--head];
      uint32_t bit = m[c];
      const int *p = u->peers + u->peer_start[c];
      const int *end = u->peers + u->peer_start[c + 1];
      *work += end - p;
      for (; p < end; p++) {
        uint32_t was = m[*p];
        if (!(was & bit)) continue;
        uint32_t now = was & ~bit;
        if (!now) return 0;
        m[*p] = now;
        dirty |= u->units_of[*p];
        if (single(now)) u->queue[head++] = *p;
      }
    }
    if (!dirty) return 1;
    /* Hidden singles: once/twice over a unit's candidates. */
    uint64_t scan = dirty;
    dirty = 0;
    while (scan) {
      int k = __builtin_ctzll(scan);
      scan &= scan - 1;
      *work += n;
      const int *un = u->units + (size_t)k * (size_t)n;
      uint32_t once = 0, twice = 0, placed = 0;
      for (int i = 0; i < n; i++) {
        uint32_t x = m[un[i]];
        twice |= once & x;
        once |= x;
        placed |= x & (x - 1) ? 0 : x;
      }
      if (once != u->full) return 0;
      /* Values already placed are no news: most scans find nothing. */
      uint32_t hidden = once & ~twice & ~placed;
      for (int i = 0; hidden && i < n; i++) {
        uint32_t b = m[un[i]] & hidden;
        if (!b) continue;
        hidden &= ~b;
        if (!single(b)) return 0; /* two values with one place, the same */
        if (m[un[i]] != b) {
          m[un[i]] = b;
          dirty |= u->units_of[un[i]];
          u->queue[head++] = un[i];
        }
      }
    }
  }
}

/* Bits set in m, without the library call a compiler makes of
 * __builtin_popcount for a CPU not known to have the instruction. */
static int count_bits(uint32_t m) {
  m = m - ((m >> 1) & 0x55555555u);
  m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
  return (int)((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

static int value_of(uint32_t m) {
  int v = 1;
  while (!(m & 1u)) m >>= 1, v++;
  return v;
}

/* The open cell with the fewest candidates (-1: every cell is decided). */
static int pick_cell(const pz_unit_search *u, const uint32_t *m) {
  int best = -1, fewest = 33;
  for (int c = 0; c < u->cells; c++) {
    if (single(m[c])) continue;
    int k = count_bits(m[c]);
    if (k < fewest) {
      fewest = k, best = c;
      if (k == 2) break;
    }
  }
  return best;
}

int pz_unit_search_run(pz_unit_search *u, const int *givens, int want,
                       long long budget, pz_poll *poll, int *grid,
                       int *solved) {
  if (!solved) return PZ_ERR_ARG;
  *solved = 0;
  if (!u || !givens || !grid || want < 1 || want > 2) return PZ_ERR_ARG;
  const int cells = u->cells;
  const size_t lvl = (size_t)cells;
  uint32_t *m0 = u->mask;
  long long work = 0, charged = 0;
  int head = 0;
  for (int c = 0; c < cells; c++) {
    m0[c] = u->full;
    if (givens[c] < 0 || givens[c] > u->n) return PZ_ERR_RANGE;
  }
  /* A given meets an equal one in a unit as a peer left without
   * candidates: propagation says so. */
  for (int c = 0; c < cells; c++)
    if (givens[c]) {
      m0[c] = 1u << (givens[c] - 1);
      u->queue[head++] = c;
    }
  uint64_t all = u->nunits ? ~(uint64_t)0 >> (64 - u->nunits) : 0;
  if (!propagate(u, m0, head, all, &work)) {
    *solved = -1;
    return PZ_OK;
  }
  int found = 0, depth = 0;
  u->pick[0] = pick_cell(u, m0);
  u->left[0] = u->pick[0] >= 0 ? m0[u->pick[0]] : 0;
  for (;;) {
    uint32_t *m = u->mask + (size_t)depth * lvl;
    if (u->pick[depth] < 0) { /* every cell decided: a solution */
      if (!found)
        for (int c = 0; c < cells; c++) grid[c] = value_of(m[c]);
      if (++found >= want) break;
      u->left[depth] = 0;
    }
    if (work > budget || pz_poll_work(poll, work - charged)) {
      *solved = 0;
      return PZ_OK;
    }
    charged = work;
    if (!u->left[depth]) { /* this guess's values are spent: back up */
      if (depth == 0) break;
      depth--;
      continue;
    }
    uint32_t b = u->left[depth] & (0u - u->left[depth]);
    u->left[depth] &= ~b;
    uint32_t *next = m + lvl;
    memcpy(next, m, lvl * sizeof *next);
    next[u->pick[depth]] = b;
    u->queue[0] = u->pick[depth];
    if (!propagate(u, next, 1, u->units_of[u->pick[depth]], &work)) continue;
    depth++;
    u->pick[depth] = pick_cell(u, next);
    u->left[depth] = u->pick[depth] >= 0 ? next[u->pick[depth]] : 0;
  }
  *solved = found == 0 ? -1 : found >= 2 ? 2 : 1;
  return PZ_OK;
}
