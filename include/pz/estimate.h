/* pz: estimating how many solutions a space holds when counting them all
 * would take too long, with a standard error and a 95% interval.
 *
 * Each sample walks from the root down one random path of pz's own search
 * (Knuth's estimator): at each node the open cell (an all-positive clause
 * of the projection, else one variable) is split into its values, the
 * values unit propagation refutes are dropped, one of the k left is taken
 * at random and the path's weight is multiplied by k. Where the subtree
 * below a node can be counted exactly within leaf_work steps of the
 * search, it is, and the sample is weight * that count. Every sample is
 * an unbiased estimate of the count, so their mean is too; a space small
 * enough to count at the root is counted exactly (stderr 0). Why this and
 * not sampled cubes of a fixed split: docs/COUNTING.md. */
#ifndef PZ_ESTIMATE_H
#define PZ_ESTIMATE_H

#include <stdint.h>

#include "enumerate.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Budget and randomness of an estimate. Initialise with
 * PZ_ESTIMATE_OPTIONS_INIT. The run stops at the first of: samples
 * taken, precision reached, the time limit (of the call's options), the
 * terminate callback. With none of them set it takes 1000 samples. */
typedef struct pz_estimate_options {
  unsigned version;    /* PZ_ESTIMATE_OPTIONS_VERSION */
  uint64_t samples;    /* most samples, 0 = no such bound */
  uint64_t seed;       /* sample i depends only on (seed, i) */
  double precision;    /* stop once the 95% interval's half-width is at
                          most this share of the estimate (0.01 = 1%),
                          after at least 30 samples; 0 = no such stop */
  uint64_t leaf_work;  /* search steps an exact count below a node may
                          take before the walk goes one level deeper;
                          0 = the measured default (PZ_ESTIMATE_LEAF_WORK);
                          the whole space is counted when it takes at
                          most 1000 times this */
} pz_estimate_options;
#define PZ_ESTIMATE_OPTIONS_VERSION 1
#define PZ_ESTIMATE_OPTIONS_INIT \
  { PZ_ESTIMATE_OPTIONS_VERSION, 0, 0, 0.0, 0 }
#define PZ_ESTIMATE_LEAF_WORK 100u

/* What an estimate found. */
typedef struct pz_estimate {
  double estimate;     /* mean of the samples */
  double std_error;    /* its standard error (0 when exact) */
  double low, high;    /* 95% interval: estimate -+ 1.96 std_error, low
                          not below 0 */
  uint64_t samples;    /* samples taken */
  double seconds;      /* wall time of the call */
  int exact;           /* 1: the root was counted whole; estimate is the
                          count */
  int stopped;         /* 1: the time limit or terminate ended the run
                          (before samples or precision) */
} pz_estimate;

/* Estimates the number of models of cnf distinct on its projection, under
 * the assumptions (may be NULL when n_assumptions is 0). From opt (may be
 * NULL) only threads (workers taking samples side by side), time_limit
 * and terminate apply; the backend is not used (the exact counts below a
 * node are pz's own search). A sample under way when the run is stopped
 * is dropped. eopt may be NULL (the defaults). cnf, assumptions and the
 * options stay the caller's. Errors: PZ_ERR_ARG, PZ_ERR_NOMEM. */
PZ_API int pz_cnf_estimate(const pz_cnf *cnf, const int *assumptions,
                           size_t n_assumptions, const pz_enum_options *opt,
                           const pz_estimate_options *eopt, pz_estimate *out);

#ifdef __cplusplus
}
#endif
#endif
