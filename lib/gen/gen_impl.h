/* What generation and rating share on top of the puzzle's rules formula
 * (puzzle/grid_cnf.h): a seeded generator, the defaults of the optional
 * arguments, the score of a try, and rating. */
#ifndef PZ_GEN_IMPL_H
#define PZ_GEN_IMPL_H

#include "core/mix.h"
#include "core/poll.h"
#include "core/vec.h"
#include "enum/search.h"
#include "puzzle/grid_cnf.h"
#include "puzzle/puzzle_impl.h"
#include "pz/generate.h"

/* A small deterministic generator (splitmix64): same seed, same puzzle. */
typedef struct pz_rng {
  uint64_t state;
} pz_rng;
static inline uint64_t pz_rng_next(pz_rng *r) {
  uint64_t x = r->state;
  r->state += PZ_MIX_GOLDEN;
  return pz_mix64(x);
}
/* Uniform in 0..n-1 (n >= 1). */
static inline int pz_rng_below(pz_rng *r, int n) {
  return (int)(pz_rng_next(r) % (uint64_t)n);
}

/* Shuffles a (n ints) uniformly. */
static inline void pz_rng_shuffle(pz_rng *r, int *a, int n) {
  for (int i = n - 1; i > 0; i--) {
    int j = pz_rng_below(r, i + 1), t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/* The optional arguments of a generator, defaults for those given NULL. */
typedef struct pz_gen_defaults {
  pz_options options;
  pz_generate_options opt;
  pz_generate_info info;
} pz_gen_defaults;
/* Points each NULL argument (options may be NULL itself: not used) at d's
 * default and clears *info. PZ_ERR_ARG for generation options of another
 * version, an unknown symmetry or difficulty, a negative givens target, or
 * a symmetry that needs a square grid on rows x cols. */
int pz_gen_defaults_fill(pz_gen_defaults *d, const pz_options **options,
                         const pz_generate_options **opt,
                         pz_generate_info **info, int rows, int cols);

/* How far a try's puzzle is from the targets: 0 meets them; lower is
 * closer. A level missed outweighs any count of clues over the target;
 * the nearer level is closer, and of two equally near the one below the
 * target (the hardest reached below it, else the easiest above it). */
static inline int pz_gen_score(const pz_generate_options *o, pz_level level,
                               int clues) {
  int d = (int)level - (int)o->difficulty;
  int miss = !o->difficulty || !d ? 0 : d < 0 ? -2 * d - 1 : 2 * d;
  int over = o->givens && clues > o->givens ? clues - o->givens : 0;
  return miss * 100000 + over;
}

/* Rates givens (cells ints) on g into *level. PZ_OK, PZ_STOPPED when the
 * poll said stop, or an error status. */
int pz_grid_rate(pz_grid_cnf *g, const int *givens, pz_poll *poll,
                 pz_level *level);

#endif
