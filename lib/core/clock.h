/* Seconds on the monotonic clock: every deadline in pz is on this clock. */
#ifndef PZ_CORE_CLOCK_H
#define PZ_CORE_CLOCK_H

#include <time.h>

static inline double pz_clock(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
