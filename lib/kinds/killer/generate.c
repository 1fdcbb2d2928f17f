/* Killer Sudoku generation: cages drawn over a random Sudoku solution
 * (connected, 2 to 4 cells mostly, digits distinct within a cage, sums
 * read off the solution), then the fewest givens that make the cage
 * layout unique (pz_puzzle_generate on the Killer puzzle, which minimises
 * givens on top of the cages; none when the cages alone decide it). Of
 * several tries the puzzle with the fewest givens is kept. */
#include <stdlib.h>
#include <string.h>

#include "gen/gen_impl.h"
#include "pz/killer.h"
#include "kinds/killer/killer_impl.h"

/* Cages over sol (n x n): each cell's cage number into cages, *ncages. */
static void draw_cages(pz_rng *rng, int n, const int *sol, int *cages,
                       int *ncages, int *order, int *members) {
  int cells = n * n, k = 0;
  for (int c = 0; c < cells; c++) cages[c] = -1, order[c] = c;
  pz_rng_shuffle(rng, order, cells);
  for (int i = 0; i < cells; i++) {
    int start = order[i];
    if (cages[start] >= 0) continue;
    /* Sizes 2-4 mostly, now and then 1 or 5. */
    int roll = pz_rng_below(rng, 20);
    int want = roll == 0 ? 1 : roll == 1 ? 5 : 2 + pz_rng_below(rng, 3);
    int m = 0;
    cages[start] = k;
    members[m++] = start;
    while (m < want) {
      /* A random free neighbour of a random member, its digit new. */
      int found = -1;
      for (int tries = 0; tries < 16 && found < 0; tries++) {
        int from = members[pz_rng_below(rng, m)], d = pz_rng_below(rng, 4);
        int r = from / n + (d == 0) - (d == 1), col = from % n + (d == 2) - (d == 3);
        if (r < 0 || r >= n || col < 0 || col >= n) continue;
        int to = r * n + col, clash = cages[to] >= 0;
        for (int j = 0; j < m && !clash; j++) clash = sol[members[j]] == sol[to];
        if (!clash) found = to;
      }
      if (found < 0) break;
      cages[found] = k;
      members[m++] = found;
    }
    k++;
  }
  *ncages = k;
}

int pz_killer_generate(int box_rows, int box_cols, const pz_options *options,
                       const pz_generate_options *opt, int *cages, int *sums,
                       int *ncages, int *givens, int *solution,
                       pz_generate_info *info, pz_result *stop) {
  return pz_killer_generate_variants(box_rows, box_cols, 0, options, opt, cages,
                                     sums, ncages, givens, solution, info, stop);
}

int pz_killer_generate_variants(int box_rows, int box_cols, unsigned variants,
                                const pz_options *options,
                                const pz_generate_options *opt, int *cages,
                                int *sums, int *ncages, int *givens,
                                int *solution, pz_generate_info *info,
                                pz_result *stop) {
  pz_gen_defaults def;
  if (pz_gen_defaults_fill(&def, &options, &opt, &info, 1, 1) || !cages ||
      !sums || !ncages || !givens || !stop || box_rows < 1 || box_cols < 1)
    return PZ_ERR_ARG;
  if (box_rows * box_cols > PZ_KILLER_MAX_SIZE) return PZ_ERR_TOO_LARGE;
  *stop = PZ_UNKNOWN;
  int n = box_rows * box_cols, cells = n * n;
  pz_poll poll;
  pz_poll_start_options(&poll, options);
  /* sol, work, the current cages and sums, the best puzzle. */
  int *mem = (int *)malloc((size_t)cells * 10 * sizeof(int));
  if (!mem) return PZ_ERR_NOMEM;
  int *sol = mem, *order = mem + cells, *members = mem + 2 * cells,
      *cg = mem + 3 * cells, *sm = mem + 4 * cells, *bsol = mem + 5 * cells,
      *bcages = mem + 6 * cells, *bsums = mem + 7 * cells,
      *bgiv = mem + 8 * cells, *ksol = mem + 9 * cells;
  pz_rng rng = {opt->seed};
  unsigned tries = opt->max_tries ? opt->max_tries : 20;
  int best = -1, bn = 0, st = PZ_OK;
  pz_level best_level = PZ_LEVEL_ANY;
  /* One Sudoku object draws every solution (its formula built once). */
  pz_puzzle *sp = NULL, *kp = NULL;
  st = pz_sudoku_new(&sp, box_rows, box_cols);
  if (!st && variants) st = pz_sudoku_set_variants(sp, variants);
  int k = 0;
  for (unsigned t = 0; t < tries && !st && best != 0; t++) {
    pz_options o = *options;
    o.time_limit = pz_poll_left(&poll);
    if (o.time_limit < 0 || pz_poll_check(&poll)) break;
    info->tries = t + 1;
    /* A random solution: a Sudoku generated with every cell given. */
    pz_result r;
    pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
    g.seed = pz_rng_next(&rng);
    g.minimal = 0;
    g.givens = cells;
    st = pz_puzzle_set_options(sp, &o);
    if (!st) st = pz_puzzle_generate(sp, &g, sol, NULL, &r);
    if (st) break;
    if (r != PZ_SAT) {
      if (r == PZ_UNSAT) *stop = PZ_UNSAT;
      break;
    }
    draw_cages(&rng, n, sol, cg, &k, order, members);
    for (int i = 0; i < k; i++) sm[i] = 0;
    for (int c = 0; c < cells; c++) sm[cg[c]] += sol[c];
    /* Do the cages alone decide it? */
    pz_puzzle_free(kp);
    kp = NULL;
    st = pz_killer_new_variants(&kp, box_rows, box_cols, cg, sm, k, variants);
    if (!st) st = pz_puzzle_set_options(kp, &o);
    int sols = 0;
    if (!st) st = pz_puzzle_unique(kp, &sols, ksol, &r);
    if (st || (r == PZ_UNKNOWN && sols < 2)) break;
    pz_level level = PZ_LEVEL_ANY;
    if (sols == 1 && opt->difficulty) {
      pz_result rs;
      if ((st = pz_puzzle_rate(kp, &level, &rs)) || rs != PZ_SAT) break;
      if (level != opt->difficulty) continue;
    }
    if (sols == 1) {
      best = 0;
      bn = k;
      best_level = level;
      memcpy(bsol, ksol, (size_t)cells * sizeof(int));
      memcpy(bcages, cg, (size_t)cells * sizeof(int));
      memcpy(bsums, sm, (size_t)k * sizeof(int));
      memset(bgiv, 0, (size_t)cells * sizeof(int));
      info->givens = 0;
    }
  }
  /* None decided by its cages alone: the fewest givens on the last. */
  if (!st && best < 0 && kp && !pz_poll_check(&poll)) {
    pz_options o = *options;
    o.time_limit = pz_poll_left(&poll);
    pz_generate_options g = *opt;
    g.seed = pz_rng_next(&rng);
    g.symmetry = PZ_SYMMETRY_NONE;
    g.minimal = !opt->givens;
    pz_generate_info gi;
    pz_result r;
    st = pz_puzzle_set_options(kp, &o);
    if (!st) st = pz_puzzle_generate(kp, &g, ksol, &gi, &r);
    if (!st && (r == PZ_SAT || (r == PZ_UNKNOWN && gi.givens > 0))) {
      best = gi.givens;
      bn = k;
      best_level = gi.level;
      memcpy(bsol, ksol, (size_t)cells * sizeof(int));
      memcpy(bcages, cg, (size_t)cells * sizeof(int));
      memcpy(bsums, sm, (size_t)k * sizeof(int));
      memcpy(bgiv, pz_puzzle_givens(kp), (size_t)cells * sizeof(int));
      info->givens = best;
      if (r != PZ_SAT) best += 100000; /* a target missed */
    }
  }
  pz_puzzle_free(sp);
  pz_puzzle_free(kp);
  if (!st && best >= 0) {
    memcpy(cages, bcages, (size_t)cells * sizeof(int));
    memcpy(sums, bsums, (size_t)bn * sizeof(int));
    memcpy(givens, bgiv, (size_t)cells * sizeof(int));
    if (solution) memcpy(solution, bsol, (size_t)cells * sizeof(int));
    *ncages = bn;
    info->level = best_level;
    *stop = best < 100000 ? PZ_SAT : PZ_UNKNOWN;
  } else if (!st) {
    *ncages = 0;
    info->givens = 0;
  }
  free(mem);
  return st;
}
