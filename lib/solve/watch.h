/* Watched backend steps: a step that may not notice a stop in time runs on
 * a worker thread while the caller's thread keeps the deadline.
 *
 * Solvers poll their terminate hook, but some steps of a large formula do
 * not poll for a long while (PicoSAT's first simplification of an empty
 * 64x64 Sudoku takes about a second; CaDiCaL's inprocessing on multi-
 * million-clause formulas similar). A watched step gives the caller its
 * answer on time all the same: when the step has not ended shortly after
 * the stop, the call returns and the step goes on in the background until
 * the backend notices the stop; the next use of the solver waits for it.
 * The caller's callbacks (terminate) run on the caller's thread only. */
#ifndef PZ_SOLVE_WATCH_H
#define PZ_SOLVE_WATCH_H

typedef struct pz_watch pz_watch;

/* Starts the worker thread. NULL when threads or memory fail. */
pz_watch *pz_watch_new(void);

/* Runs step(arg) on the worker. Meanwhile it calls poll(state) (may be
 * NULL) every few milliseconds and checks `deadline` (0 = none, else
 * pz_clock() seconds); once either says stop, pz_watch_stopped() turns
 * true for the backend's hook, and after a short grace the call returns
 * even though the step has not ended. Returns 1 when the step ended, 0
 * when it was left running. */
int pz_watch_run(pz_watch *w, void (*step)(void *), void *arg, double deadline,
                 int (*poll)(void *), void *state);

/* For the backend's terminate hook (any thread): the current step must
 * stop. */
int pz_watch_stopped(pz_watch *w);

/* Waits until a step left running has ended (the backend is free again). */
void pz_watch_settle(pz_watch *w);

/* The same, but gives up once `deadline` (0 = none) passes or poll(state)
 * (may be NULL; run on this thread) says stop: 1 when no step runs, 0
 * when it gave up (the step still runs). */
int pz_watch_settle_until(pz_watch *w, double deadline, int (*poll)(void *),
                          void *state);

/* Ends the worker. When a step is still running, the worker calls
 * done(arg) once it ends and frees itself, and this returns at once with
 * 0; otherwise it joins the worker and returns 1 (the caller cleans up). */
int pz_watch_free(pz_watch *w, void (*done)(void *), void *arg);

#endif
