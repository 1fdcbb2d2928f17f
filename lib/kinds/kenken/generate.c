/* KenKen generation: cages drawn over a random Latin square (connected,
 * pairs mostly, then 3 and 4 cells; a cell left alone joins a
 * neighbouring cage), each given an operation its values allow and the
 * target they make. Then, while a second solution exists: a cage where it
 * differs from the square takes another operation that rules it out (once
 * per cage), else a cage there is cut (in two parts of 2 cells or more
 * when it has 4, else the cell alone). That ends: cages of one cell each
 * decide everything. Of several draws the one with the fewest cages of
 * one cell is kept; with a difficulty target, new draws come until one
 * rates it (pz_puzzle_rate), and a target of deep probing or more draws
 * bigger cages, sums more often and fewer quotients (KenKen's tables
 * propagate well: most puzzles are solved by probing). */
#include <stdlib.h>
#include <string.h>

#include "gen/gen_impl.h"
#include "kinds/kenken/kenken_impl.h"

#define MAXC (KENKEN_MAX * KENKEN_MAX)

/* Products above this are not offered (the tuple tables stay small). */
#define PRODUCT_MAX 5000

/* The random draws, and whether the puzzle should be hard (a difficulty
 * target of deep probing or more): bigger cages, sums more often. */
typedef struct gen {
  pz_rng rng;
  int hard;
} gen;

static long long combine(pz_arith_op op, const int *sol, const int *cells,
                         int len) {
  long long acc = op == PZ_ARITH_MUL ? 1 : 0;
  if (op == PZ_ARITH_SUB) return llabs((long long)sol[cells[0]] - sol[cells[1]]);
  if (op == PZ_ARITH_DIV) {
    int a = sol[cells[0]], b = sol[cells[1]];
    return a > b ? a / b : b / a;
  }
  for (int i = 0; i < len; i++)
    acc = op == PZ_ARITH_MUL ? acc * sol[cells[i]] : acc + sol[cells[i]];
  return acc;
}

/* Whether op can be cage k's over sol. */
static int op_fits(pz_arith_op op, const int *sol, const int *cells, int len) {
  if (op == PZ_ARITH_SUB) return len == 2;
  if (op == PZ_ARITH_DIV) {
    if (len != 2) return 0;
    int a = sol[cells[0]], b = sol[cells[1]];
    return a > b ? a % b == 0 : b % a == 0;
  }
  if (op == PZ_ARITH_MUL) return len > 1 && combine(op, sol, cells, len) <= PRODUCT_MAX;
  return 1;
}

/* A random operation for the cells: division where it fits, mostly. */
static pz_arith_op pick_op(gen *g, const int *sol, const int *cells,
                           int len) {
  if (len == 2 && op_fits(PZ_ARITH_DIV, sol, cells, len) &&
      pz_rng_below(&g->rng, 3) >= g->hard * 2)
    return PZ_ARITH_DIV;
  for (;;) {
    pz_arith_op op = (pz_arith_op)pz_rng_below(&g->rng, len == 2 ? 3 : 2);
    if (g->hard && len > 2 && pz_rng_below(&g->rng, 3)) op = PZ_ARITH_ADD;
    if (op_fits(op, sol, cells, len)) return op;
  }
}

static void set_cage(kenken_def *d, gen *g, const int *sol, int k) {
  int cells[MAXC], len = pz_kenken_cage_cells(d, k, cells);
  d->op[k] = pick_op(g, sol, cells, len);
  d->target[k] = (int)combine(d->op[k], sol, cells, len);
}

static void draw_cages(kenken_def *d, gen *g, const int *sol) {
  int n = d->n, cells = n * n, k = 0, order[MAXC], members[MAXC];
  for (int c = 0; c < cells; c++) d->cage[c] = -1, order[c] = c;
  pz_rng_shuffle(&g->rng, order, cells);
  for (int i = 0; i < cells; i++) {
    int start = order[i];
    if (d->cage[start] >= 0) continue;
    /* Pairs mostly (their differences and quotients tell most), then 3
     * and 4 cells; a cell left with no free neighbour stays alone. */
    int roll = pz_rng_below(&g->rng, 20);
    int want = g->hard ? (roll < 4 ? 2 : roll < 10 ? 3 : roll < 16 ? 4 : 5)
                       : (roll < 12 ? 2 : roll < 17 ? 3 : 4);
    int m = 0;
    d->cage[start] = k;
    members[m++] = start;
    for (int tries = 0; m < want && tries < 16; tries++) {
      int from = members[pz_rng_below(&g->rng, m)], dir = pz_rng_below(&g->rng, 4);
      int r = from / n + (dir == 0) - (dir == 1), c = from % n + (dir == 2) - (dir == 3);
      if (r < 0 || r >= n || c < 0 || c >= n || d->cage[r * n + c] >= 0) continue;
      d->cage[r * n + c] = k;
      members[m++] = r * n + c;
    }
    k++;
  }
  /* A cell left alone joins a small neighbouring cage; the numbers of
   * the cages it leaves empty are closed up after. */
  int size[MAXC] = {0};
  for (int c = 0; c < cells; c++) size[d->cage[c]]++;
  for (int c = 0; c < cells; c++) {
    if (size[d->cage[c]] != 1) continue;
    int r = c / n, col = c % n, best = -1;
    int nb[4] = {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1,
                 col > 0 ? c - 1 : -1, col < n - 1 ? c + 1 : -1};
    for (int j = 0; j < 4; j++)
      if (nb[j] >= 0 && size[d->cage[nb[j]]] < 4 &&
          (best < 0 || size[d->cage[nb[j]]] < size[d->cage[best]]))
        best = nb[j];
    if (best < 0) continue;
    size[d->cage[c]] = 0;
    d->cage[c] = d->cage[best];
    size[d->cage[c]]++;
  }
  d->ncages = k;
  pz_kenken_def_order(d);
  for (int j = 0; j < d->ncages; j++) set_cage(d, g, sol, j);
}

/* Cell x leaves its cage: a cage of its own, the rest of the old cage cut
 * into connected parts, each a cage with a new operation. */
static void split_off(kenken_def *d, gen *g, const int *sol, int x,
                      unsigned char *changed) {
  int n = d->n, cells = n * n, old = d->cage[x], stack[MAXC], first = 1;
  d->cage[x] = d->ncages++;
  set_cage(d, g, sol, d->cage[x]);
  for (int y = 0; y < cells; y++)
    if (d->cage[y] == old) d->cage[y] = -2; /* to be placed */
  for (int y = 0; y < cells; y++) {
    if (d->cage[y] != -2) continue;
    int k = first ? old : d->ncages++, top = 0;
    first = 0;
    d->cage[y] = k;
    stack[top++] = y;
    while (top) {
      int z = stack[--top], r = z / n, c = z % n;
      int nb[4] = {r > 0 ? z - n : -1, r < n - 1 ? z + n : -1,
                   c > 0 ? z - 1 : -1, c < n - 1 ? z + 1 : -1};
      for (int j = 0; j < 4; j++)
        if (nb[j] >= 0 && d->cage[nb[j]] == -2) {
          d->cage[nb[j]] = k;
          stack[top++] = nb[j];
        }
    }
    set_cage(d, g, sol, k);
    changed[k] = 0;
  }
}

/* Cage of x (4 cells or more) cut in two connected parts of 2 cells or
 * more, x in the first: a few random growths from x are tried. */
static int split_in_two(kenken_def *d, gen *g, const int *sol, int x,
                        unsigned char *changed) {
  int n = d->n, k = d->cage[x], cells[MAXC], len = pz_kenken_cage_cells(d, k, cells);
  if (len < 4) return 0;
  for (int attempt = 0; attempt < 8; attempt++) {
    int part[MAXC] = {0}, grown = 1, want = 2 + pz_rng_below(&g->rng, len - 3);
    part[x] = 1;
    while (grown < want) {
      int cand[4 * MAXC], nc = 0;
      for (int i = 0; i < len; i++) {
        int z = cells[i], r = z / n, c = z % n;
        if (part[z]) continue;
        int near = (r > 0 && part[z - n]) || (r < n - 1 && part[z + n]) ||
                   (c > 0 && part[z - 1]) || (c < n - 1 && part[z + 1]);
        if (near) cand[nc++] = z;
      }
      if (!nc) break;
      part[cand[pz_rng_below(&g->rng, nc)]] = 1;
      grown++;
    }
    /* The rest must hang together. */
    int rest[MAXC], nr = 0, seen[MAXC] = {0}, stack[MAXC], top = 0, reached = 0;
    for (int i = 0; i < len; i++)
      if (!part[cells[i]]) rest[nr++] = cells[i];
    if (nr < 2) continue;
    stack[top++] = rest[0];
    seen[rest[0]] = 1;
    while (top) {
      int z = stack[--top], r = z / n, c = z % n;
      reached++;
      int nb[4] = {r > 0 ? z - n : -1, r < n - 1 ? z + n : -1,
                   c > 0 ? z - 1 : -1, c < n - 1 ? z + 1 : -1};
      for (int j = 0; j < 4; j++)
        if (nb[j] >= 0 && !seen[nb[j]] && d->cage[nb[j]] == k && !part[nb[j]])
          seen[nb[j]] = 1, stack[top++] = nb[j];
    }
    if (reached != nr) continue;
    int fresh = d->ncages++;
    for (int i = 0; i < nr; i++) d->cage[rest[i]] = fresh;
    set_cage(d, g, sol, k);
    set_cage(d, g, sol, fresh);
    changed[k] = changed[fresh] = 0;
    return 1;
  }
  return 0;
}

/* Whether grid satisfies cage k. */
static int cage_holds(const kenken_def *d, int k, const int *grid) {
  int cells[MAXC], len = pz_kenken_cage_cells(d, k, cells);
  if (d->op[k] == PZ_ARITH_DIV) {
    long long a = grid[cells[0]], b = grid[cells[1]], t = d->target[k];
    return a == t * b || b == t * a;
  }
  return combine(d->op[k], grid, cells, len) == d->target[k];
}

/* Another operation for cage k that sol allows and other breaks. */
static int change_op(kenken_def *d, int k, const int *sol, const int *other) {
  int cells[MAXC], len = pz_kenken_cage_cells(d, k, cells);
  pz_arith_op was = d->op[k];
  int target = d->target[k];
  for (int op = PZ_ARITH_ADD; op <= PZ_ARITH_DIV; op++) {
    if ((pz_arith_op)op == was || !op_fits((pz_arith_op)op, sol, cells, len)) continue;
    d->op[k] = (pz_arith_op)op;
    d->target[k] = (int)combine((pz_arith_op)op, sol, cells, len);
    if (!cage_holds(d, k, other)) return 1;
  }
  d->op[k] = was;
  d->target[k] = target;
  return 0;
}

/* The first solution found that is not sol. */
typedef struct other_grid {
  const int *sol;
  int *other, cells, found;
} other_grid;

static int keep_other(void *state, const int *grid) {
  other_grid *g = (other_grid *)state;
  if (!g->found && memcmp(grid, g->sol, (size_t)g->cells * sizeof(int))) {
    memcpy(g->other, grid, (size_t)g->cells * sizeof(int));
    g->found = 1;
  }
  return 0;
}

/* Changes d's cages until they decide sol alone: *res PZ_SAT, or
 * PZ_UNKNOWN when the time limit stopped it. */
static int refine(kenken_def *d, gen *g, const int *sol,
                  const pz_options *o, pz_result *res) {
  int cells = d->n * d->n, other[MAXC], diff[MAXC];
  unsigned char changed[MAXC] = {0};
  for (;;) {
    pz_puzzle *p = NULL;
    other_grid og = {sol, other, cells, 0};
    uint64_t count = 0;
    pz_result r = PZ_UNKNOWN;
    int st = pz_kenken_puzzle(d, &p);
    if (!st) st = pz_puzzle_set_options(p, o);
    if (!st) st = pz_puzzle_enumerate(p, 2, keep_other, &og, &count, &r);
    pz_puzzle_free(p);
    if (st) return st;
    if (r == PZ_UNKNOWN) {
      *res = PZ_UNKNOWN;
      return PZ_OK;
    }
    if (!og.found) {
      /* sol satisfies every cage: it is the one solution. */
      *res = count == 1 ? PZ_SAT : PZ_UNSAT;
      return count == 1 ? PZ_OK : PZ_ERR_STATE;
    }
    int nd = 0;
    for (int x = 0; x < cells; x++)
      if (other[x] != sol[x]) diff[nd++] = x;
    /* Another operation for a cage where the solutions differ, else a
     * cut: a big cage in two, a small one losing the cell. */
    pz_rng_shuffle(&g->rng, diff, nd);
    int done = 0;
    for (int i = 0; i < nd && !done; i++) {
      int k = d->cage[diff[i]];
      if (!changed[k] && change_op(d, k, sol, other)) changed[k] = done = 1;
    }
    if (done) continue;
    int x = diff[0];
    if (!split_in_two(d, g, sol, x, changed)) split_off(d, g, sol, x, changed);
  }
}

static int singles(const kenken_def *d) {
  int size[MAXC] = {0}, count = 0;
  for (int x = 0; x < d->n * d->n; x++) size[d->cage[x]]++;
  for (int k = 0; k < d->ncages; k++) count += size[k] == 1;
  return count;
}

int pz_kenken_generate(int n, const pz_options *options,
                    const pz_generate_options *opt, kenken_def **out,
                    int *solution, pz_generate_info *info, pz_result *stop) {
  pz_gen_defaults def;
  *out = NULL;
  if (pz_gen_defaults_fill(&def, &options, &opt, &info, n, n) || !stop)
    return PZ_ERR_ARG;
  if (n < KENKEN_MIN || n > KENKEN_MAX) return PZ_ERR_RANGE;
  *stop = PZ_UNKNOWN;
  pz_poll poll;
  pz_poll_start_options(&poll, options);
  gen g = {{opt->seed}, opt->difficulty >= PZ_LEVEL_DEEP_PROBING};
  unsigned tries = opt->max_tries ? opt->max_tries : opt->difficulty ? 100 : 10;
  int sol[MAXC], best_score = -1, st = PZ_OK;
  kenken_def *d = NULL, *best = NULL;
  for (unsigned t = 0; t < tries && !st && best_score != 0; t++) {
    pz_options o = *options;
    o.time_limit = pz_poll_left(&poll);
    if (o.time_limit < 0 || pz_poll_check(&poll)) break;
    info->tries = t + 1;
    if (!d && (st = pz_kenken_def_new(&d, n))) break;
    if ((st = pz_latin_random(n, pz_rng_next(&g.rng), sol))) break;
    draw_cages(d, &g, sol);
    pz_result r = PZ_UNKNOWN;
    if ((st = refine(d, &g, sol, &o, &r)) || r != PZ_SAT) break;
    pz_kenken_def_order(d);
    pz_level level = PZ_LEVEL_ANY;
    if (opt->difficulty) {
      pz_puzzle *p = NULL;
      pz_result rs = PZ_UNKNOWN;
      st = pz_kenken_puzzle(d, &p);
      if (!st) st = pz_puzzle_set_options(p, &o);
      if (!st) st = pz_puzzle_rate(p, &level, &rs);
      pz_puzzle_free(p);
      if (st || rs != PZ_SAT) break;
    }
    /* Cages of one cell are givens in all but name: fewest wins. */
    int score = pz_gen_score(opt, level, 0) * 1000 + singles(d);
    if (best_score < 0 || score < best_score) {
      kenken_def *swap = best;
      best = d, d = swap;
      best_score = score;
      info->level = level;
      memcpy(solution, sol, (size_t)(n * n) * sizeof(int));
    }
  }
  pz_kenken_def_free(d);
  if (st) {
    pz_kenken_def_free(best);
    return st;
  }
  info->givens = 0;
  if (best) *stop = best_score < 1000 ? PZ_SAT : PZ_UNKNOWN;
  *out = best;
  return PZ_OK;
}
