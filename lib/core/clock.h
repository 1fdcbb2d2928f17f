/* Seconds on the monotonic clock: every deadline in pz is on this clock. */
#ifndef PZ_CORE_CLOCK_H
#define PZ_CORE_CLOCK_H

#include <pthread.h>
#include <time.h>

static inline double pz_clock(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Waits on cv (mu held) until signalled or until time t on the clock the
 * condition variable was made with (pthread_condattr_setclock). */
static inline void pz_cond_wait_until(pthread_cond_t *cv, pthread_mutex_t *mu,
                                      double t) {
  struct timespec ts;
  double whole = (double)(time_t)t;
  ts.tv_sec = (time_t)t;
  ts.tv_nsec = (long)((t - whole) * 1e9);
  if (ts.tv_nsec >= 1000000000L) ts.tv_nsec = 999999999L;
  if (ts.tv_nsec < 0) ts.tv_nsec = 0;
  pthread_cond_timedwait(cv, mu, &ts);
}

#endif
