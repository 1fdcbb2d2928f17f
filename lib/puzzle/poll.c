#include "puzzle/poll.h"

#include "core/clock.h"


void pz_poll_start(pz_poll *pl, double time_limit, int (*fn)(void *),
                   void *state) {
  pl->deadline = time_limit > 0 ? pz_clock() + time_limit : 0;
  pl->fn = fn;
  pl->state = state;
  pl->left = PZ_POLL_WORK;
  pl->stopped = 0;
}

int pz_poll_check(pz_poll *pl) {
  pl->left = PZ_POLL_WORK;
  if (pl->stopped) return 1;
  if ((pl->fn && pl->fn(pl->state)) ||
      (pl->deadline > 0 && pz_clock() >= pl->deadline))
    pl->stopped = 1;
  return pl->stopped;
}

double pz_poll_left(const pz_poll *pl) {
  if (pl->deadline <= 0) return 0;
  double left = pl->deadline - pz_clock();
  return left > 0 ? left : -1;
}
