/* Futoshiki generation: the signs are part of the rules, so a puzzle is
 * made from its solution outwards. A uniformly random Latin square shows
 * every sign and every value; then givens, and after them signs, are
 * taken away in random order while the puzzle keeps one solution (each
 * question a new puzzle object answered by the backend: pz_puzzle_unique).
 * Fewer clues never admit fewer solutions, so one pass leaves it minimal.
 * Givens go first: a Futoshiki reads best with few digits and many
 * signs. */
#include <stdlib.h>
#include <string.h>

#include "gen/gen_impl.h"
#include "pz/futoshiki.h"

typedef struct fgen {
  int n;
  pz_options opt;   /* the caller's, the time limit what is left */
  pz_poll poll;
  int *giv, *right, *down;
} fgen;

/* PZ_SAT unique, PZ_UNSAT not, PZ_UNKNOWN stopped, < 0 an error. */
static int unique(fgen *F) {
  double left = pz_poll_left(&F->poll);
  if (left < 0 || pz_poll_check(&F->poll)) return PZ_UNKNOWN;
  pz_puzzle *p;
  int st = pz_futoshiki_new(&p, F->n, F->right, F->down);
  if (st) return st;
  pz_options o = F->opt;
  o.time_limit = left;
  st = pz_puzzle_set_options(p, &o);
  if (!st) st = pz_puzzle_set_givens(p, F->giv);
  int sols = 0;
  pz_result r = PZ_UNKNOWN;
  if (!st) st = pz_puzzle_unique(p, &sols, NULL, &r);
  pz_puzzle_free(p);
  if (st) return st;
  if (r == PZ_UNKNOWN && sols < 2) return PZ_UNKNOWN;
  return sols == 1 ? PZ_SAT : PZ_UNSAT;
}

/* Takes clues away: the n*n givens first, then the signs (index n*n + k:
 * right sign k, 2*n*n + k: down sign k). *count: clues left. */
static int remove_clues(fgen *F, pz_rng *rng, int target, int minimal,
                        int *order, int *count) {
  int cells = F->n * F->n, n = 0;
  for (int c = 0; c < cells; c++)
    n += (F->giv[c] != 0) + (F->right[c] != 0) + (F->down[c] != 0);
  for (int pass = 0; pass < 2; pass++) {
    int m = 0;
    for (int c = 0; c < cells; c++) {
      if (pass == 0 && F->giv[c]) order[m++] = c;
      if (pass == 1 && F->right[c]) order[m++] = cells + c;
      if (pass == 1 && F->down[c]) order[m++] = 2 * cells + c;
    }
    pz_rng_shuffle(rng, order, m);
    for (int i = 0; i < m; i++) {
      if (!minimal && target && n <= target) break;
      int k = order[i], *slot = k < cells ? &F->giv[k]
                                : k < 2 * cells ? &F->right[k - cells]
                                                : &F->down[k - 2 * cells];
      int keep = *slot;
      *slot = 0;
      int r = unique(F);
      if (r < 0 || r == PZ_UNKNOWN) return r;
      if (r == PZ_SAT) n--;
      else *slot = keep;
    }
  }
  *count = n;
  return PZ_SAT;
}

/* The rating of the clues in F. */
static int rate(fgen *F, pz_level *level, pz_result *stop) {
  pz_puzzle *p;
  int st = pz_futoshiki_new(&p, F->n, F->right, F->down);
  if (st) return st;
  pz_options o = F->opt;
  double left = pz_poll_left(&F->poll);
  o.time_limit = left > 0 ? left : 0;
  *stop = PZ_UNKNOWN;
  if (left >= 0) st = pz_puzzle_set_options(p, &o);
  if (!st && left >= 0) st = pz_puzzle_set_givens(p, F->giv);
  if (!st && left >= 0) st = pz_puzzle_rate(p, level, stop);
  pz_puzzle_free(p);
  return st;
}

int pz_futoshiki_generate(int n, const pz_options *options,
                          const pz_generate_options *opt, int *givens,
                          int *right, int *down, int *solution,
                          pz_generate_info *info, pz_result *stop) {
  pz_gen_defaults def;
  if (pz_gen_defaults_fill(&def, &options, &opt, &info, n, n) || !givens ||
      !right || !down || !stop || n < 1)
    return PZ_ERR_ARG;
  if (n > PZ_FUTOSHIKI_MAX_ORDER) return PZ_ERR_TOO_LARGE;
  *stop = PZ_UNKNOWN;
  size_t cells = (size_t)n * (size_t)n;
  fgen F;
  memset(&F, 0, sizeof F);
  F.n = n;
  F.opt = *options;
  pz_poll_start_options(&F.poll, options);
  /* The solution, the best puzzle so far (givens, signs, solution), the
   * removal order (3 cells' worth) and the current clues. */
  int *mem = (int *)malloc(cells * 11 * sizeof(int));
  if (!mem) return PZ_ERR_NOMEM;
  int *sol = mem, *best = mem + cells, *bright = mem + 2 * cells,
      *bdown = mem + 3 * cells, *bsol = mem + 4 * cells,
      *order = mem + 5 * cells;
  F.giv = mem + 8 * cells;
  F.right = mem + 9 * cells;
  F.down = mem + 10 * cells;
  pz_rng rng = {opt->seed};
  unsigned tries = opt->max_tries ? opt->max_tries : 1000;
  int best_score = -1, st = PZ_OK;
  pz_level best_level = PZ_LEVEL_ANY;
  for (unsigned t = 0; t < tries && !st; t++) {
    info->tries = t + 1;
    st = pz_latin_random(n, pz_rng_next(&rng), sol);
    if (st) break;
    for (size_t c = 0; c < cells; c++) {
      int r = (int)c / n, col = (int)c % n;
      F.giv[c] = sol[c];
      F.right[c] = col + 1 < n ? (sol[c] < sol[c + 1] ? PZ_FUTOSHIKI_LESS
                                                      : PZ_FUTOSHIKI_GREATER)
                               : PZ_FUTOSHIKI_NONE;
      F.down[c] = r + 1 < n ? (sol[c] < sol[c + n] ? PZ_FUTOSHIKI_LESS
                                                   : PZ_FUTOSHIKI_GREATER)
                            : PZ_FUTOSHIKI_NONE;
    }
    int count = 0;
    int r = remove_clues(&F, &rng, opt->givens, opt->minimal, order, &count);
    if (r < 0) st = r;
    if (r != PZ_SAT) break;
    pz_level level = PZ_LEVEL_ANY;
    pz_result rs = PZ_SAT;
    r = opt->difficulty ? rate(&F, &level, &rs) : PZ_OK;
    if (r < 0) st = r;
    if (r || rs != PZ_SAT) break;
    int score = pz_gen_score(opt, level, count);
    if (best_score < 0 || score < best_score) {
      best_score = score;
      best_level = level;
      memcpy(best, F.giv, cells * sizeof(int));
      memcpy(bright, F.right, cells * sizeof(int));
      memcpy(bdown, F.down, cells * sizeof(int));
      memcpy(bsol, sol, cells * sizeof(int));
      info->givens = count;
    }
    if (score == 0) break;
  }
  if (!st && best_score >= 0) {
    memcpy(givens, best, cells * sizeof(int));
    memcpy(right, bright, cells * sizeof(int));
    memcpy(down, bdown, cells * sizeof(int));
    if (solution) memcpy(solution, bsol, cells * sizeof(int));
    info->level = best_level;
    *stop = best_score == 0 ? PZ_SAT : PZ_UNKNOWN;
  } else if (!st) {
    info->givens = 0;
  }
  free(mem);
  return st;
}
