#include "solve/watch.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "core/clock.h"

/* How long a stopped step may take to notice the stop before the call
 * returns without it: well inside the promised 10% or 100 ms. */
#define GRACE 0.03
/* How often the caller's poll callback runs while a step is watched. */
#define POLL_EVERY 0.005

struct pz_watch {
  pthread_t thread;
  pthread_mutex_t mu;
  pthread_cond_t cv; /* a step posted, a step ended, or quit */
  void (*step)(void *);
  void *arg;
  int posted, running, quit;
  void (*done)(void *); /* set by pz_watch_free while a step runs */
  void *done_arg;
  atomic_int stop;
};

static void destroy(pz_watch *w) {
  pthread_cond_destroy(&w->cv);
  pthread_mutex_destroy(&w->mu);
  free(w);
}

static void *worker(void *p) {
  pz_watch *w = (pz_watch *)p;
  pthread_mutex_lock(&w->mu);
  for (;;) {
    while (!w->posted && !w->quit) pthread_cond_wait(&w->cv, &w->mu);
    if (!w->posted) break;
    w->posted = 0;
    w->running = 1;
    pthread_mutex_unlock(&w->mu);
    w->step(w->arg);
    pthread_mutex_lock(&w->mu);
    w->running = 0;
    pthread_cond_broadcast(&w->cv);
    if (w->done) break; /* the owner left while this step ran */
  }
  void (*done)(void *) = w->done;
  void *arg = w->done_arg;
  pthread_mutex_unlock(&w->mu);
  if (done) {
    done(arg);
    destroy(w);
  }
  return NULL;
}

pz_watch *pz_watch_new(void) {
  pz_watch *w = (pz_watch *)calloc(1, sizeof *w);
  if (!w) return NULL;
  pthread_condattr_t ca;
  int ok = pthread_condattr_init(&ca) == 0;
  if (ok) {
    /* Waits are timed on the clock the deadlines use. */
    ok = pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) == 0 &&
         pthread_cond_init(&w->cv, &ca) == 0;
    pthread_condattr_destroy(&ca);
  }
  if (!ok) {
    free(w);
    return NULL;
  }
  if (pthread_mutex_init(&w->mu, NULL) != 0) {
    pthread_cond_destroy(&w->cv);
    free(w);
    return NULL;
  }
  atomic_init(&w->stop, 0);
  if (pthread_create(&w->thread, NULL, worker, w) != 0) {
    destroy(w);
    return NULL;
  }
  return w;
}

static int busy(const pz_watch *w) { return w->posted || w->running; }

int pz_watch_run(pz_watch *w, void (*step)(void *), void *arg, double deadline,
                 int (*poll)(void *), void *state) {
  pthread_mutex_lock(&w->mu);
  while (busy(w)) pthread_cond_wait(&w->cv, &w->mu);
  atomic_store(&w->stop, 0);
  w->step = step;
  w->arg = arg;
  w->posted = 1;
  pthread_cond_broadcast(&w->cv);
  double stopped_at = 0;
  while (busy(w)) {
    double now = pz_clock();
    if (!stopped_at) {
      int stop = deadline > 0 && now >= deadline;
      if (!stop && poll) {
        /* The callback is the caller's: run it unlocked, on this thread. */
        pthread_mutex_unlock(&w->mu);
        stop = poll(state);
        pthread_mutex_lock(&w->mu);
        if (!busy(w)) break;
      }
      if (stop) {
        atomic_store(&w->stop, 1);
        stopped_at = now;
      }
    }
    double wake;
    if (stopped_at) {
      if (now >= stopped_at + GRACE) break; /* left running */
      wake = stopped_at + GRACE;
    } else {
      wake = poll ? now + POLL_EVERY : now + 1.0;
      if (deadline > 0 && deadline < wake) wake = deadline;
    }
    pz_cond_wait_until(&w->cv, &w->mu, wake);
  }
  int ended = !busy(w);
  pthread_mutex_unlock(&w->mu);
  return ended;
}

int pz_watch_stopped(pz_watch *w) { return atomic_load(&w->stop); }

int pz_watch_settle_until(pz_watch *w, double deadline, int (*poll)(void *),
                          void *state) {
  pthread_mutex_lock(&w->mu);
  while (busy(w)) {
    double now = pz_clock();
    if (deadline > 0 && now >= deadline) break;
    if (poll) {
      pthread_mutex_unlock(&w->mu);
      int stop = poll(state);
      pthread_mutex_lock(&w->mu);
      if (stop) break;
      if (!busy(w)) break;
    }
    double wake = poll ? now + POLL_EVERY : now + 1.0;
    if (deadline > 0 && deadline < wake) wake = deadline;
    pz_cond_wait_until(&w->cv, &w->mu, wake);
  }
  int ended = !busy(w);
  pthread_mutex_unlock(&w->mu);
  return ended;
}

void pz_watch_settle(pz_watch *w) { pz_watch_settle_until(w, 0, NULL, NULL); }

int pz_watch_free(pz_watch *w, void (*done)(void *), void *arg) {
  if (!w) return 1;
  pthread_mutex_lock(&w->mu);
  if (busy(w)) {
    /* The step keeps the stop flag set, so it ends at the backend's next
     * poll; the worker then cleans up after both of us. */
    atomic_store(&w->stop, 1);
    w->done = done;
    w->done_arg = arg;
    /* Detached before the worker can see `done`: once it does, it frees w
     * (and may end) at any moment. */
    pthread_detach(w->thread);
    pthread_mutex_unlock(&w->mu);
    return 0;
  }
  w->quit = 1;
  pthread_cond_broadcast(&w->cv);
  pthread_mutex_unlock(&w->mu);
  pthread_join(w->thread, NULL);
  destroy(w);
  return 1;
}
