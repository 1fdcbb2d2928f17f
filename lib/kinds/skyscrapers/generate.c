/* Skyscrapers generation: a uniformly random Latin square
 * (pz_latin_random), every clue it shows, then
 *   givens from the square, in random order, while the clues and givens
 *     so far leave more than one solution (up to 6x6 mostly none);
 *   givens taken away in random order, each kept out when the puzzle
 *     stays unique with every clue;
 *   clues taken away the same way (a new model each: clues are rules).
 * The result is minimal: no clue or given can go. With a difficulty
 * target, new squares until the rating matches (the closest kept). */
#include <stdlib.h>
#include <string.h>

#include "gen/gen_impl.h"
#include "kinds/skyscrapers/skyscrapers_impl.h"

typedef struct gen {
  int n;
  pz_options o;
  pz_poll poll;
  pz_rng rng;
} gen;

/* How many solutions (0, 1, 2 = several) the clues and givens leave:
 * PZ_STOPPED when the time ran out. */
static int solutions(gen *G, pz_puzzle *p, int *count) {
  pz_options o = G->o;
  o.time_limit = pz_poll_left(&G->poll);
  /* A fresh solver per check: the reused one would first probe the
   * givens with pz's own search, which the visibility clues rarely let
   * finish (measured: 40% of the time, for nothing). */
  if (o.strategy == PZ_STRATEGY_AUTO) o.strategy = PZ_STRATEGY_FRESH;
  if (o.time_limit < 0 || pz_poll_check(&G->poll)) return PZ_STOPPED;
  pz_result r;
  int st = pz_puzzle_set_options(p, &o);
  if (!st) st = pz_puzzle_unique(p, count, NULL, &r);
  if (!st && r == PZ_UNKNOWN && *count < 2) st = PZ_STOPPED;
  return st;
}

static int unique_with(gen *G, const int *clues, const int *givens, int *yes) {
  pz_puzzle *p;
  int count = 0, st = pz_towers_puzzle(&p, G->n, clues, givens);
  if (!st) st = solutions(G, p, &count);
  pz_puzzle_free(p);
  *yes = count == 1;
  return st;
}

/* One minimal puzzle of the square sol into clues and givens. */
static int one_puzzle(gen *G, const int *sol, int *clues, int *givens,
                      int *order) {
  int n = G->n, cells = n * n, st, count = 0, yes;
  pz_puzzle *p = NULL;
  pz_towers_clues_of(n, sol, clues);
  memset(givens, 0, (size_t)cells * sizeof(int));
  /* Givens until unique: the same rules, the givens changed. */
  st = pz_towers_puzzle(&p, n, clues, NULL);
  for (int x = 0; x < cells; x++) order[x] = x;
  pz_rng_shuffle(&G->rng, order, cells);
  for (int i = 0; !st; i++) {
    if ((st = pz_puzzle_set_givens(p, givens)) || (st = solutions(G, p, &count)))
      break;
    if (count == 1 || i == cells) break;
    givens[order[i]] = sol[order[i]];
  }
  /* Givens out while unique, with every clue. */
  for (int x = 0; x < cells; x++) order[x] = x;
  pz_rng_shuffle(&G->rng, order, cells);
  for (int i = 0; i < cells && !st; i++) {
    int x = order[i];
    if (!givens[x]) continue;
    givens[x] = 0;
    if (!(st = pz_puzzle_set_givens(p, givens)) && !(st = solutions(G, p, &count)) &&
        count != 1)
      givens[x] = sol[x];
  }
  /* Clues out while unique. Fewer clues never make a given removable
   * again, so the result is minimal in both. */
  for (int c = 0; c < 4 * n; c++) order[c] = c;
  pz_rng_shuffle(&G->rng, order, 4 * n);
  for (int i = 0; i < 4 * n && !st; i++) {
    int keep = clues[order[i]];
    clues[order[i]] = 0;
    if (!(st = unique_with(G, clues, givens, &yes)) && !yes) clues[order[i]] = keep;
  }
  pz_puzzle_free(p);
  return st;
}

static int rate(gen *G, const int *clues, const int *givens, pz_level *level) {
  pz_puzzle *p;
  pz_options o = G->o;
  o.time_limit = pz_poll_left(&G->poll);
  pz_result r = PZ_UNKNOWN;
  int st = pz_towers_puzzle(&p, G->n, clues, givens);
  if (!st) st = pz_puzzle_set_options(p, &o);
  if (!st) st = pz_puzzle_rate(p, level, &r);
  pz_puzzle_free(p);
  if (!st && r != PZ_SAT) st = PZ_STOPPED;
  return st;
}

int pz_towers_generate(int n, const pz_options *options,
                       const pz_generate_options *opt, pz_towers_def **out,
                       int *solution, pz_generate_info *info,
                       pz_result *stop) {
  pz_gen_defaults def;
  if (!out || !solution || !stop ||
      pz_gen_defaults_fill(&def, &options, &opt, &info, n, n))
    return PZ_ERR_ARG;
  *out = NULL;
  *stop = PZ_UNKNOWN;
  if (n < 1) return PZ_ERR_ARG;
  if (n > PZ_TOWERS_MAX) return PZ_ERR_TOO_LARGE;
  gen G;
  G.n = n;
  G.o = *options;
  G.rng.state = opt->seed;
  pz_poll_start_options(&G.poll, options);
  int cells = n * n;
  /* sol, order (cells or 4n), givens, clues, and the best of each. */
  int *mem = (int *)malloc((size_t)(cells * 5 + 12 * n) * sizeof(int));
  if (!mem) return PZ_ERR_NOMEM;
  int *sol = mem, *order = sol + cells, *givens = order + cells + 4 * n,
      *clues = givens + cells, *bsol = clues + 4 * n, *bclues = bsol + cells,
      *best_giv = bclues + 4 * n;
  unsigned tries = opt->max_tries ? opt->max_tries : 1000;
  if (!opt->difficulty) tries = 1;
  int st = PZ_OK, best = -1;
  pz_level best_level = PZ_LEVEL_ANY;
  for (unsigned t = 0; t < tries && !st && best != 0; t++) {
    info->tries = t + 1;
    if ((st = pz_latin_random(n, pz_rng_next(&G.rng), sol))) break;
    if ((st = one_puzzle(&G, sol, clues, givens, order))) break;
    pz_level level = PZ_LEVEL_ANY;
    if (opt->difficulty && (st = rate(&G, clues, givens, &level))) break;
    int ng = 0;
    for (int x = 0; x < cells; x++) ng += givens[x] != 0;
    int score = pz_gen_score(opt, level, ng);
    if (best < 0 || score < best) {
      best = score;
      best_level = level;
      memcpy(bsol, sol, (size_t)cells * sizeof(int));
      memcpy(bclues, clues, (size_t)(4 * n) * sizeof(int));
      memcpy(best_giv, givens, (size_t)cells * sizeof(int));
    }
  }
  if (st == PZ_STOPPED) st = PZ_OK; /* the closest so far, if any */
  if (!st && best >= 0) st = pz_towers_def_new(out, n);
  if (!st && best >= 0) {
    memcpy((*out)->clues, bclues, (size_t)(4 * n) * sizeof(int));
    memcpy((*out)->givens, best_giv, (size_t)cells * sizeof(int));
    memcpy(solution, bsol, (size_t)cells * sizeof(int));
    info->givens = 0;
    for (int x = 0; x < cells; x++) info->givens += best_giv[x] != 0;
    info->level = best_level;
    *stop = best == 0 ? PZ_SAT : PZ_UNKNOWN;
  }
  free(mem);
  return st;
}
