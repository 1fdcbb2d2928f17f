/* Internals of the enumeration calls: one job shared by the workers, one
 * worker per thread (its own search state and, when needed, its own
 * backend solver), and the methods that walk one cube. */
#ifndef PZ_ENUM_IMPL_H
#define PZ_ENUM_IMPL_H

#include <pthread.h>
#include <stdatomic.h>

#include "enum/cells.h"
#include "enum/search.h"
#include "pz/enumerate.h"
#include "pz/solver.h"
#include "core/poll.h"

/* Why a job stops early (job.stop). */
enum { RUN_GOING = 0, RUN_DONE = 1 /* limit or fn */, RUN_STOPPED = 2 };

typedef struct pz_enum_job {
  const pz_cnf *cnf;
  pz_formula formula;
  const char *backend;
  pz_enum_method method;
  const pz_cells *cells;     /* AUTO on cells and groups (cells.h), or NULL */
  uint64_t limit;
  pz_model_fn fn;
  void *state;
  int threaded;              /* workers run on threads: lock around fn */
  pthread_mutex_t lock;
  atomic_uint_fast64_t count;
  atomic_int stop;           /* RUN_* */
  atomic_int err;            /* first error (a pz_status), 0 while none */
  pz_poll *poll;             /* single thread: the call's limits */
  double deadline;           /* 0 = none */
  /* single thread: progress from inside the worker */
  const pz_enum_options *opt;
  double start, next_progress;
  uint64_t parts, parts_done;
} pz_enum_job;

typedef struct pz_enum_worker {
  pz_enum_job *job;
  pz_search search;
  pz_solver *solver;         /* made on first use */
  int half_loaded;           /* a stop came while loading it */
  int *lits;                 /* a projected model */
  pz_cells_search cells;     /* when job->cells */
  atomic_uint_fast64_t done_bits; /* share of the current cube, * 2^32 */
} pz_enum_worker;

int pz_worker_init(pz_enum_worker *w, pz_enum_job *job);
void pz_worker_free(pz_enum_worker *w);
/* Walks every model of one cube with the job's method. */
int pz_worker_cube(pz_enum_worker *w, const int *cube, size_t n);
/* 1 once the job should end (limit, fn, time limit, terminate). */
int pz_job_stopped(pz_enum_job *job);
/* Progress on the calling thread, when due (single thread). */
void pz_job_progress(pz_enum_job *job, double cube_done, int final);

/* Splits (formula, assumptions) into at most `parts` cubes, breadth
 * first; fn gets each. poll (may be NULL): PZ_STOPPED when it says stop. */
int pz_split(const pz_formula *f, const int *assumptions, size_t n,
             uint64_t parts, pz_cube_fn fn, void *state, uint64_t *made,
             pz_poll *poll);

#endif
