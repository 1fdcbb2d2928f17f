#include "core/poll.h"

#include "core/clock.h"
#include "pz/puzzle.h"


void pz_poll_start(pz_poll *pl, double time_limit, int (*fn)(void *),
                   void *state) {
  pl->deadline = time_limit > 0 ? pz_clock() + time_limit : 0;
  pl->fn = fn;
  pl->state = state;
  pl->left = PZ_POLL_WORK;
  pl->stopped = 0;
}

void pz_poll_start_options(pz_poll *pl, const pz_options *o) {
  pz_poll_start(pl, o->time_limit, o->terminate, o->terminate_state);
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
