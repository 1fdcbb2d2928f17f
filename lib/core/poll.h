/* The time limit and terminate callback of one puzzle call, polled while
 * encoding and loading (the solver polls them itself while solving).
 * Looking at the clock costs a system call at worst, so encoders report
 * their work in rough units (literals written, cells scanned) and the
 * clock is read once per PZ_POLL_WORK of them. */
#ifndef PZ_POLL_H
#define PZ_POLL_H

/* What an encoder returns when the poll stopped it: positive, so it can
 * never be mistaken for a pz_status; puzzle.c turns it into PZ_UNKNOWN. */
#define PZ_STOPPED 1

/* Work between two looks at the clock: a few thousand clauses' worth,
 * well under a millisecond of encoding. */
#define PZ_POLL_WORK 16384

typedef struct pz_poll {
  double deadline;                 /* CLOCK_MONOTONIC seconds, 0 = none */
  int (*fn)(void *state);          /* the caller's terminate, or NULL */
  void *state;
  long long left;                  /* work until the next look */
  int stopped;                     /* sticky once set */
} pz_poll;

/* Sets up a poll for a call starting now (time_limit 0 = none). */
void pz_poll_start(pz_poll *pl, double time_limit, int (*fn)(void *),
                   void *state);
/* The same for a call under options o: its time limit and terminate. */
struct pz_options;
void pz_poll_start_options(pz_poll *pl, const struct pz_options *o);
/* Looks now: 1 (and sticky) when the deadline passed or fn said stop. */
int pz_poll_check(pz_poll *pl);
/* Seconds left before the deadline (> 0), 0 without one, -1 when it has
 * passed. */
double pz_poll_left(const pz_poll *pl);

/* Counts work; looks at the clock when enough was done. 1 = stop. A NULL
 * poll never stops. */
static inline int pz_poll_work(pz_poll *pl, long long work) {
  if (!pl) return 0;
  if (pl->stopped) return 1;
  if ((pl->left -= work) > 0) return 0;
  return pz_poll_check(pl);
}

#endif
