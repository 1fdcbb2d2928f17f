/* Star Battle generation: the regions are the puzzle, so they are made
 * around a solution chosen first.
 *
 * 1. A random star placement: K stars in every row and column, none
 *    touching (pz's own backtracking, row by row, columns in random order).
 * 2. Regions around it: every star grows a piece (random growth from all
 *    stars at once, so each piece holds one star and is connected); the
 *    pieces are joined K at a time into N connected regions (a piece with
 *    the fewest free neighbours first, so none is left stranded).
 * 3. Repair until unique: the backend looks for a second solution T. A
 *    cell where T has a star and the intended solution S has none moves to
 *    a neighbouring region: S's counts are unchanged, both regions' counts
 *    under T are off by one, so T is no solution any more. Its old region
 *    must stay connected. After 4 n^2 moves without uniqueness the
 *    try is abandoned and a new placement drawn.
 *
 * Every answer comes from the backend of the caller's options (blocking
 * enumeration with limit 2: the last call is the uniqueness proof). */
#include <stdlib.h>
#include <string.h>

#include "gen/gen_impl.h"
#include "pz/starbattle.h"

/* Region layouts grown around one placement before drawing another. */
#define GROW_TRIES 50
/* Nodes of the placement search before it starts over with a new order. */
#define PLACE_BUDGET 200000

typedef struct sbgen {
  int n, k, cells;
  pz_options opt; /* the caller's; one thread, the backend enumerates */
  pz_poll poll;
  pz_rng rng;
  int *star;     /* cells: the intended solution, 1 = star */
  int *other;    /* cells: a second solution */
  int *reg;      /* cells: region 0..n-1 */
  int *piece;    /* cells: piece (star index) of each cell, -1 free */
  int *group;    /* n*k: region of each piece, -1 free */
  int *colcnt;   /* n: stars per column so far */
  int *perm;     /* n*n: each row's column order */
  int *queue;    /* cells: BFS, growth lists */
  int *pairs;    /* 8 * cells: piece adjacency pairs before sorting */
  int *adj, *adjs; /* piece adjacency: CSR, adjs[p]..adjs[p+1] */
  unsigned *seen;
  unsigned stamp;
  long long budget;
  int sols;      /* solutions seen by the enumeration callback */
} sbgen;

/* --- 1. A placement ------------------------------------------------------- */

/* Can the columns still get their K stars in rows r+1.. ? A column gets
 * no stars in two neighbouring rows. */
static int columns_feasible(const sbgen *G, int r) {
  int left = G->n - 1 - r;
  for (int c = 0; c < G->n; c++) {
    int need = G->k - G->colcnt[c];
    int room = G->star[r * G->n + c] ? left / 2 : (left + 1) / 2;
    if (need > room) return 0;
  }
  return 1;
}

/* May cell (r, c) take a star? Only earlier cells are set. */
static int star_ok(const sbgen *G, int r, int c) {
  int n = G->n;
  if (G->colcnt[c] >= G->k) return 0;
  if (c > 0 && G->star[r * n + c - 1]) return 0;
  if (c + 1 < n && G->star[r * n + c + 1]) return 0;
  if (r > 0)
    for (int d = -1; d <= 1; d++)
      if (c + d >= 0 && c + d < n && G->star[(r - 1) * n + c + d]) return 0;
  return 1;
}

/* Row r from position `from` of its column order, `placed` stars in it so
 * far. 1 found, 0 none, -1 budget or poll. */
static int place(sbgen *G, int r, int from, int placed) {
  int n = G->n;
  if (--G->budget < 0 || pz_poll_work(&G->poll, 1)) return -1;
  if (placed == G->k) {
    if (!columns_feasible(G, r)) return 0;
    return r + 1 == n ? 1 : place(G, r + 1, 0, 0);
  }
  const int *order = G->perm + r * n;
  for (int i = from; i <= n - (G->k - placed); i++) {
    int c = order[i];
    if (!star_ok(G, r, c)) continue;
    G->star[r * n + c] = 1;
    G->colcnt[c]++;
    int got = place(G, r, i + 1, placed + 1);
    if (got) return got;
    G->star[r * n + c] = 0;
    G->colcnt[c]--;
  }
  return 0;
}

/* A random placement into G->star: 1, or 0 when there is none, -1 stopped. */
static int draw_placement(sbgen *G) {
  int n = G->n;
  for (;;) {
    memset(G->star, 0, (size_t)G->cells * sizeof(int));
    memset(G->colcnt, 0, (size_t)n * sizeof(int));
    for (int r = 0; r < n; r++) {
      for (int c = 0; c < n; c++) G->perm[r * n + c] = c;
      pz_rng_shuffle(&G->rng, G->perm + r * n, n);
    }
    G->budget = PLACE_BUDGET;
    int got = place(G, 0, 0, 0);
    if (got >= 0 || G->poll.stopped) return got;
  }
}

/* --- 2. Regions ----------------------------------------------------------- */

static int neighbour(int n, int c, int d) {
  int r = c / n, x = c % n;
  switch (d) {
  case 0: return r > 0 ? c - n : -1;
  case 1: return r + 1 < n ? c + n : -1;
  case 2: return x > 0 ? c - 1 : -1;
  default: return x + 1 < n ? c + 1 : -1;
  }
}

/* Every star grows a piece: a random free cell next to a piece joins the
 * piece of a random such neighbour, until no cell is free. */
static void grow_pieces(sbgen *G) {
  int n = G->n, m = 0, np = 0, *free_cells = G->queue;
  for (int c = 0; c < G->cells; c++) {
    G->piece[c] = G->star[c] ? np++ : -1;
    if (!G->star[c]) free_cells[m++] = c;
  }
  while (m > 0) {
    int i = pz_rng_below(&G->rng, m), c = free_cells[i], nb[4], k = 0;
    for (int d = 0; d < 4; d++) {
      int e = neighbour(n, c, d);
      if (e >= 0 && G->piece[e] >= 0) nb[k++] = G->piece[e];
    }
    if (!k) continue;
    G->piece[c] = nb[pz_rng_below(&G->rng, k)];
    free_cells[i] = free_cells[--m];
  }
}

static int cmp_pair(const void *a, const void *b) {
  const int *x = (const int *)a, *y = (const int *)b;
  return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0])
                      : (x[1] > y[1]) - (x[1] < y[1]);
}

/* The pieces' adjacency (CSR into G->adj / G->adjs). */
static void piece_graph(sbgen *G) {
  int n = G->n, np = n * G->k, m = 0, *pairs = G->pairs;
  for (int c = 0; c < G->cells; c++)
    for (int d = 1; d <= 3; d += 2) { /* down and right */
      int e = neighbour(n, c, d), a = G->piece[c], b;
      if (e < 0 || (b = G->piece[e]) == a) continue;
      pairs[2 * m] = a, pairs[2 * m + 1] = b, m++;
      pairs[2 * m] = b, pairs[2 * m + 1] = a, m++;
    }
  qsort(pairs, (size_t)m, 2 * sizeof(int), cmp_pair);
  int e = 0;
  for (int p = 0; p <= np; p++) G->adjs[p] = 0;
  for (int i = 0; i < m; i++) {
    if (i && pairs[2 * i] == pairs[2 * i - 2] &&
        pairs[2 * i + 1] == pairs[2 * i - 1])
      continue;
    G->adj[e++] = pairs[2 * i + 1];
    G->adjs[pairs[2 * i] + 1]++;
  }
  for (int p = 0; p < np; p++) G->adjs[p + 1] += G->adjs[p];
}

static int free_degree(const sbgen *G, int p) {
  int d = 0;
  for (int i = G->adjs[p]; i < G->adjs[p + 1]; i++) d += G->group[G->adj[i]] < 0;
  return d;
}

/* Joins the pieces K at a time into connected regions: 1 done, 0 stuck. */
static int group_pieces(sbgen *G) {
  int n = G->n, k = G->k, np = n * k, *members = G->queue;
  for (int p = 0; p < np; p++) G->group[p] = -1;
  for (int g = 0; g < n; g++) {
    /* The free piece with the fewest free neighbours (ties at random). */
    int best = -1, bd = 0, ties = 0;
    for (int p = 0; p < np; p++) {
      if (G->group[p] >= 0) continue;
      int d = free_degree(G, p);
      if (best < 0 || d < bd) best = p, bd = d, ties = 1;
      else if (d == bd && pz_rng_below(&G->rng, ++ties) == 0) best = p;
    }
    int m = 0;
    G->group[best] = g;
    members[m++] = best;
    while (m < k) {
      int pick = -1;
      bd = 0, ties = 0;
      for (int j = 0; j < m; j++)
        for (int i = G->adjs[members[j]]; i < G->adjs[members[j] + 1]; i++) {
          int q = G->adj[i];
          if (G->group[q] >= 0) continue;
          int d = free_degree(G, q);
          if (pick < 0 || d < bd) pick = q, bd = d, ties = 1;
          else if (d == bd && pz_rng_below(&G->rng, ++ties) == 0) pick = q;
        }
      if (pick < 0) return 0;
      G->group[pick] = g;
      members[m++] = pick;
    }
  }
  for (int c = 0; c < G->cells; c++) G->reg[c] = G->group[G->piece[c]];
  return 1;
}

/* --- 3. Repair ------------------------------------------------------------ */

/* Is region a connected without cell skip? */
static int connected_without(sbgen *G, int a, int skip) {
  int n = G->n, start = -1, size = 0, head = 0, tail = 0;
  for (int c = 0; c < G->cells; c++)
    if (G->reg[c] == a && c != skip) {
      size++;
      if (start < 0) start = c;
    }
  if (start < 0) return 0;
  unsigned s = ++G->stamp;
  G->seen[start] = s;
  G->queue[tail++] = start;
  while (head < tail) {
    int c = G->queue[head++];
    for (int d = 0; d < 4; d++) {
      int e = neighbour(n, c, d);
      if (e >= 0 && e != skip && G->seen[e] != s && G->reg[e] == a) {
        G->seen[e] = s;
        G->queue[tail++] = e;
      }
    }
  }
  return tail == size;
}

/* Moves a cell where T (G->other) has a star and S none into a
 * neighbouring region, its own staying connected. 1 moved, 0 no such
 * cell. */
static int repair(sbgen *G) {
  /* (cell, region) pairs: at most 4 per star of T, n*k of them, within the
   * 2 * cells ints of perm since n >= 4k. */
  int n = G->n, m = 0, *cand = G->perm;
  for (int c = 0; c < G->cells; c++) {
    if (!G->other[c] || G->star[c]) continue;
    int done[4], nd = 0;
    for (int d = 0; d < 4; d++) {
      int e = neighbour(n, c, d), b, dup = 0;
      if (e < 0 || (b = G->reg[e]) == G->reg[c]) continue;
      for (int j = 0; j < nd; j++) dup |= done[j] == b;
      if (dup) continue;
      done[nd++] = b;
      cand[2 * m] = c, cand[2 * m + 1] = b, m++;
    }
  }
  /* Random order; the first whose region stays connected. */
  while (m > 0) {
    int i = pz_rng_below(&G->rng, m), c = cand[2 * i], b = cand[2 * i + 1];
    if (connected_without(G, G->reg[c], c)) {
      G->reg[c] = b;
      return 1;
    }
    cand[2 * i] = cand[2 * m - 2], cand[2 * i + 1] = cand[2 * m - 1], m--;
  }
  return 0;
}

static int keep_other(void *state, const int *grid) {
  sbgen *G = (sbgen *)state;
  if (memcmp(grid, G->star, (size_t)G->cells * sizeof(int)))
    memcpy(G->other, grid, (size_t)G->cells * sizeof(int));
  G->sols++;
  return 0;
}

/* The options for one call: what is left of the time. 0, or PZ_STOPPED
 * when the time is up (not PZ_UNKNOWN, which is 0). */
static int call_options(sbgen *G, pz_options *o) {
  double left = pz_poll_left(&G->poll);
  if (left < 0 || pz_poll_check(&G->poll)) return PZ_STOPPED;
  *o = G->opt;
  o->time_limit = left;
  return 0;
}

/* The backend on the current regions: PZ_SAT unique, PZ_UNSAT a second
 * solution (in G->other), PZ_UNKNOWN stopped, < 0 an error. */
static int unique(sbgen *G) {
  pz_options o;
  if (call_options(G, &o)) return PZ_UNKNOWN;
  pz_puzzle *p;
  int st = pz_starbattle_new(&p, G->n, G->n, G->k, G->reg);
  if (!st) st = pz_puzzle_set_options(p, &o);
  uint64_t count = 0;
  pz_result r = PZ_UNKNOWN;
  G->sols = 0;
  if (!st) st = pz_puzzle_enumerate(p, 2, keep_other, G, &count, &r);
  pz_puzzle_free(p);
  if (st) return st;
  if (count >= 2) return PZ_UNSAT;
  if (r != PZ_UNSAT) return PZ_UNKNOWN;
  /* S solves every layout made here: none at all is a broken backend. */
  return count == 1 ? PZ_SAT : PZ_ERR_BACKEND;
}

/* The rating of the current regions into *level: PZ_OK, PZ_STOPPED, or
 * an error. */
static int rate(sbgen *G, pz_level *level) {
  pz_options o;
  if (call_options(G, &o)) return PZ_STOPPED;
  pz_puzzle *p;
  pz_result r = PZ_UNKNOWN;
  int st = pz_starbattle_new(&p, G->n, G->n, G->k, G->reg);
  if (!st) st = pz_puzzle_set_options(p, &o);
  if (!st) st = pz_puzzle_rate(p, level, &r);
  pz_puzzle_free(p);
  return st ? st : r == PZ_SAT ? PZ_OK : PZ_STOPPED;
}

/* One try: a placement, regions around it, repairs. PZ_SAT a unique
 * puzzle in G->reg, PZ_UNSAT none this time, PZ_UNKNOWN stopped, < 0 an
 * error; *none: no placement exists at all. */
static int one_try(sbgen *G, int *none) {
  int got = draw_placement(G);
  if (got < 0) return PZ_UNKNOWN;
  if (got == 0) {
    *none = 1;
    return PZ_UNSAT;
  }
  int grown = 0;
  for (int t = 0; t < GROW_TRIES && !grown; t++) {
    grow_pieces(G);
    piece_graph(G);
    grown = group_pieces(G);
  }
  if (!grown) return PZ_UNSAT;
  /* Each move kills one second solution; a layout that keeps finding new
   * ones is given up for a fresh one. */
  int steps = 4 * G->cells;
  for (int s = 0; s <= steps; s++) {
    int r = unique(G);
    if (r != PZ_UNSAT) return r;
    if (s == steps || !repair(G)) break;
  }
  return PZ_UNSAT;
}

/* The smallest grid for K stars: two neighbouring rows hold 2K stars in
 * columns two apart, which needs ceil(n/2) >= 2K, and n = 4K-1 leaves the
 * odd columns empty; n = 4K works. A single cell holds one star. */
static int feasible(int n, int k) { return k <= n / 4 || (n == 1 && k == 1); }

int pz_starbattle_generate(int n, int stars, const pz_options *options,
                           const pz_generate_options *opt, int *regions,
                           int *solution, pz_generate_info *info,
                           pz_result *stop) {
  pz_gen_defaults def;
  if (pz_gen_defaults_fill(&def, &options, &opt, &info, n, n) || !regions ||
      !stop || n < 1 || stars < 1)
    return PZ_ERR_ARG;
  if (n > PZ_STARBATTLE_GEN_MAX_SIZE) return PZ_ERR_TOO_LARGE;
  if (!feasible(n, stars)) return PZ_ERR_ARG;
  *stop = PZ_UNKNOWN;
  size_t cells = (size_t)n * (size_t)n;
  for (size_t c = 0; c < cells; c++) regions[c] = PZ_STARBATTLE_NO_REGION;
  sbgen G;
  memset(&G, 0, sizeof G);
  G.n = n;
  G.k = stars;
  G.cells = (int)cells;
  G.opt = *options;
  /* One thread and the backend's own enumeration: the second solution
   * found, hence the puzzle, depends only on the seed and the backend. */
  G.opt.threads = 1;
  G.opt.enumerate = PZ_ENUM_BLOCKING;
  G.opt.part = G.opt.parts = 0;
  G.opt.progress = NULL;
  pz_poll_start_options(&G.poll, options);
  G.rng.state = opt->seed;
  /* cells ints each: star, other, reg, piece, queue, the best regions and
   * solution; perm 2 cells (repair candidates too), pairs 8, adj 4;
   * group, colcnt, adjs cells + 1 each (n*k + 1 <= cells + 1). */
  int *mem = (int *)malloc((cells * 21 + 3 * (cells + 1)) * sizeof(int));
  G.seen = (unsigned *)calloc(cells, sizeof(unsigned));
  if (!mem || !G.seen) {
    free(mem);
    free(G.seen);
    return PZ_ERR_NOMEM;
  }
  G.star = mem;
  G.other = mem + cells;
  G.reg = mem + 2 * cells;
  G.piece = mem + 3 * cells;
  G.queue = mem + 4 * cells;
  int *breg = mem + 5 * cells, *bsol = mem + 6 * cells;
  G.perm = mem + 7 * cells;
  G.pairs = mem + 9 * cells;
  G.adj = mem + 17 * cells;
  G.group = mem + 21 * cells;
  G.colcnt = G.group + cells + 1;
  G.adjs = G.colcnt + cells + 1;
  unsigned tries = opt->max_tries ? opt->max_tries : 1000;
  int st = PZ_OK, best = -1, none = 0;
  pz_level best_level = PZ_LEVEL_ANY;
  for (unsigned t = 0; t < tries && best != 0; t++) {
    if (pz_poll_check(&G.poll)) break;
    info->tries = t + 1;
    int r = one_try(&G, &none);
    if (r < 0) st = r;
    if (r < 0 || r == PZ_UNKNOWN || none) break;
    if (r != PZ_SAT) continue;
    pz_level level = PZ_LEVEL_ANY;
    if (opt->difficulty) {
      r = rate(&G, &level);
      if (r < 0) st = r;
      if (r) break;
    }
    int score = pz_gen_score(opt, level, 0);
    if (best < 0 || score < best) {
      best = score;
      best_level = level;
      memcpy(breg, G.reg, cells * sizeof(int));
      memcpy(bsol, G.star, cells * sizeof(int));
    }
  }
  if (!st && best >= 0) {
    memcpy(regions, breg, cells * sizeof(int));
    if (solution) memcpy(solution, bsol, cells * sizeof(int));
    info->level = best_level;
    *stop = best == 0 ? PZ_SAT : PZ_UNKNOWN;
  } else if (!st && none) {
    *stop = PZ_UNSAT;
  }
  free(mem);
  free(G.seen);
  return st;
}
