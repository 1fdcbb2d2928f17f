/* The tests' random instances: xorshift64, the same sequence on every
 * machine, so a failure reproduces. A test may set TEST_SEED before
 * including this to draw another sequence. */
#ifndef PZ_TEST_RANDOM_H
#define PZ_TEST_RANDOM_H

#include <stdint.h>

#ifndef TEST_SEED
#define TEST_SEED 0x9e3779b97f4a7c15ULL
#endif

static uint64_t rng = TEST_SEED;

static inline uint64_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* 0 .. m-1 (m > 0). */
static inline int rnd_below(int m) { return (int)(rnd() % (uint64_t)m); }

#endif
