/* The methods that walk one cube: pz's own DPLL (handing a part where it
 * finds nothing for long to the backend), the backend with blocking
 * clauses, and the backend over disjoint cubes under assumptions. */
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "enum/enum_impl.h"
#include "solve/solver_ext.h"

/* Work (clause visits) between two looks at the limits, about 1 ms. */
#define SLICE_TICKS 200000u
/* AUTO hands the rest of a cube to the backend after this much work
 * without a model (a few milliseconds): pz's search does not learn, so a
 * part with few models and much conflict is the solver's. Measured on
 * the Sudoku sets of ../shared/data (docs/PARALLEL.md): 20M cost 0.36 s a
 * puzzle on 25x25 ones, 300K cost nothing on dense counts. */
#define HANDOVER_TICKS 300000u

int pz_job_stopped(pz_enum_job *job) {
  if (atomic_load_explicit(&job->stop, memory_order_relaxed)) return 1;
  if (job->poll && pz_poll_check(job->poll)) {
    int going = RUN_GOING;
    atomic_compare_exchange_strong(&job->stop, &going, RUN_STOPPED);
    return 1;
  }
  return 0;
}

/* The call ran out of time (or was told to stop) inside a backend call. */
static void mark_stopped(pz_enum_job *job) {
  int going = RUN_GOING;
  atomic_compare_exchange_strong(&job->stop, &going, RUN_STOPPED);
}

static void set_err(pz_enum_job *job, int st) {
  int none = 0;
  atomic_compare_exchange_strong(&job->err, &none, st);
  atomic_store(&job->stop, RUN_STOPPED);
}

/* One model found: counts it and hands it to fn. 1 = stop walking. */
static int report(pz_enum_worker *w) {
  pz_enum_job *job = w->job;
  int stop = 0;
  if (job->threaded) pthread_mutex_lock(&job->lock);
  if (atomic_load(&job->stop)) {
    stop = 1;
  } else {
    uint64_t c = atomic_fetch_add(&job->count, 1) + 1;
    if (job->fn && job->fn(job->state, w->lits, job->formula.nproj))
      stop = 1;
    if (job->limit && c >= job->limit) stop = 1;
    if (stop) {
      int going = RUN_GOING;
      atomic_compare_exchange_strong(&job->stop, &going, RUN_DONE);
    }
  }
  if (job->threaded) pthread_mutex_unlock(&job->lock);
  return stop;
}

static int solver_hook(void *state) {
  return pz_job_stopped((pz_enum_job *)state);
}

/* Loads the formula, polling the limits between clauses (a large one
 * takes seconds): PZ_STOPPED when they stopped it; the half-loaded
 * solver is never used again. */
static int get_solver(pz_enum_worker *w) {
  if (w->solver) return w->half_loaded ? PZ_STOPPED : PZ_OK;
  int st = pz_solver_new(&w->solver, w->job->backend), stopped = 0;
  if (st) return st;
  pz_solver_set_terminate(w->solver, w->job, solver_hook);
  st = pz_solver_add_cnf_until(w->solver, w->job->cnf, solver_hook, w->job,
                               &stopped);
  if (!st && stopped) {
    w->half_loaded = 1; /* freed at the end, in the background */
    mark_stopped(w->job);
    return PZ_STOPPED;
  }
  return st;
}

/* Arms the next backend call with the time left (the hook covers the
 * rest). PZ_STOPPED when none is. */
static int arm(pz_enum_worker *w) {
  double dl = w->job->deadline;
  if (!dl) return PZ_OK;
  double left = dl - pz_clock();
  if (left <= 0) {
    mark_stopped(w->job);
    return PZ_STOPPED;
  }
  return pz_solver_set_time_limit(w->solver, left);
}

static void read_solver_model(pz_enum_worker *w) {
  const pz_formula *f = &w->job->formula;
  for (size_t i = 0; i < f->nproj; i++)
    w->lits[i] = pz_solver_value(w->solver, f->proj[i]) > 0 ? f->proj[i]
                                                            : -f->proj[i];
}

static int on_blocked_model(void *state, const pz_solver *s) {
  pz_enum_worker *w = (pz_enum_worker *)state;
  (void)s;
  read_solver_model(w);
  if (!w->job->threaded) pz_job_progress(w->job, 0, 0);
  return report(w);
}

/* The backend with blocking clauses, under the cube. */
static int cube_blocking(void *state, const int *cube, size_t n) {
  pz_enum_worker *w = (pz_enum_worker *)state;
  if (pz_job_stopped(w->job)) return 1;
  int st = get_solver(w);
  if (!st) st = arm(w);
  for (size_t i = 0; i < n && !st; i++) st = pz_solver_assume(w->solver, cube[i]);
  uint64_t count;
  pz_result r;
  if (!st) st = pz_solver_enumerate(w->solver, 0, on_blocked_model, w, &count, &r);
  if (st == PZ_STOPPED) return 1;
  if (st) {
    set_err(w->job, st);
    return 1;
  }
  if (r == PZ_UNKNOWN) mark_stopped(w->job);
  return r != PZ_UNSAT;
}

/* One solve under assumptions; 1 SAT, 0 UNSAT, -1 stopped or failed. */
static int solve_under(pz_enum_worker *w, const pz_ivec *a) {
  int st = arm(w);
  for (size_t i = 0; i < a->len && !st; i++) st = pz_solver_assume(w->solver, a->data[i]);
  pz_result r = PZ_UNKNOWN;
  if (!st) st = pz_solver_solve(w->solver, &r);
  if (st && st != PZ_STOPPED) set_err(w->job, st);
  if (st || r == PZ_UNKNOWN) {
    mark_stopped(w->job);
    return -1;
  }
  return r == PZ_SAT;
}

/* A model found under the cube `a`: reports it, then pushes the literals
 * that split the rest of a's space (those the search did not already
 * fix under a) as a new frame. */
typedef struct frame {
  size_t base;   /* assumptions below the frame */
  size_t first;  /* its literals in `lits` */
  size_t n, next;
} frame;

static int cube_disjoint(void *state, const int *cube, size_t n) {
  pz_enum_worker *w = (pz_enum_worker *)state;
  pz_enum_job *job = w->job;
  const pz_formula *f = &job->formula;
  pz_search *s = &w->search;
  if (pz_job_stopped(job)) return 1;
  int st = get_solver(w);
  if (st) {
    if (st != PZ_STOPPED) set_err(job, st);
    return 1;
  }
  pz_ivec a = {0}, lits = {0};
  frame *fr = NULL;
  size_t nfr = 0, cap = 0;
  int stop = 0;
  if (pz_ivec_reserve(&a, n)) goto nomem;
  if (n) memcpy(a.data, cube, n * sizeof(int));
  a.len = n;
  /* The cube itself, then (depth first) every sub-cube of every frame:
   * after a model l1..lk under A, the rest of A is the disjoint union of
   * A & l1..l(i-1) & -li. pz's propagation refutes many of them without
   * a solver call. */
  int sat = pz_search_reset(s, a.data, a.len) ? solve_under(w, &a) : 0;
  for (;;) {
    if (sat < 0) {
      stop = 1;
      break;
    }
    if (sat) {
      read_solver_model(w);
      if (!job->threaded) pz_job_progress(job, 0, 0);
      if (report(w)) {
        stop = 1;
        break;
      }
      if (nfr == cap) {
        size_t nc = cap ? 2 * cap : 16;
        frame *t = (frame *)realloc(fr, nc * sizeof *t);
        if (!t) goto nomem;
        fr = t;
        cap = nc;
      }
      frame *F = &fr[nfr++];
      F->base = a.len;
      F->first = lits.len;
      F->next = 0;
      /* s holds a's propagation (reset or probe above). */
      pz_search_reset(s, a.data, a.len);
      for (size_t i = 0; i < f->nproj; i++) {
        int l = w->lits[i];
        if (f->exact && l < 0) continue; /* positives decide (exact weight) */
        if (pz_search_value(s, l)) continue;
        if (pz_ivec_push(&lits, l)) goto nomem;
      }
      F->n = lits.len - F->first;
    }
    /* The next sub-cube of the top frame. */
    sat = 0;
    while (nfr) {
      frame *F = &fr[nfr - 1];
      if (F->next == F->n) {
        lits.len = F->first;
        a.len = F->base;
        nfr--;
        continue;
      }
      /* a = base, l1..l(i-1), -li */
      a.len = F->base + F->next;
      if (F->next) a.data[a.len - 1] = lits.data[F->first + F->next - 1];
      if (pz_ivec_reserve(&a, 1)) goto nomem;
      a.data[a.len++] = -lits.data[F->first + F->next];
      F->next++;
      if (pz_job_stopped(job)) {
        sat = -1;
        break;
      }
      if (!pz_search_reset(s, a.data, a.len)) continue; /* refuted */
      sat = solve_under(w, &a);
      if (sat) break;
    }
    if (!nfr && sat == 0) break;
  }
  free(fr);
  pz_ivec_free(&a);
  pz_ivec_free(&lits);
  return stop;
nomem:
  free(fr);
  pz_ivec_free(&a);
  pz_ivec_free(&lits);
  set_err(job, PZ_ERR_NOMEM);
  return 1;
}

static void read_search_model(pz_enum_worker *w) {
  const pz_formula *f = &w->job->formula;
  for (size_t i = 0; i < f->nproj; i++)
    w->lits[i] = pz_search_value(&w->search, f->proj[i]) > 0 ? f->proj[i]
                                                             : -f->proj[i];
}

/* pz's DPLL over the cube; AUTO hands a part without models to the
 * backend. */
static int cube_dpll(pz_enum_worker *w, const int *cube, size_t n) {
  pz_enum_job *job = w->job;
  pz_search *s = &w->search;
  if (!pz_search_reset(s, cube, n)) return 0;
  uint64_t quiet_since = s->ticks, look = s->ticks + SLICE_TICKS, found = 0;
  for (;;) {
    int r = pz_search_next(s, look > s->ticks ? look - s->ticks : 0);
    if (r == 0) return 0;
    if (r > 0) {
      read_search_model(w);
      if (report(w)) return 1;
      found++;
      quiet_since = s->ticks;
      /* Models count as work too, so dense ones do not starve the poll. */
      s->ticks += 16;
      if (!pz_search_leave_model(s)) return 0;
      if (s->ticks < look) continue;
    }
    look = s->ticks + SLICE_TICKS;
    if (pz_job_stopped(job)) return 1;
    double done = pz_search_done(s);
    atomic_store_explicit(&w->done_bits, (uint64_t)(done * 4294967296.0),
                          memory_order_relaxed);
    if (!job->threaded) pz_job_progress(job, done, 0);
    if (job->method == PZ_ENUM_AUTO && s->ticks - quiet_since > HANDOVER_TICKS)
      /* Nothing reported yet: the whole cube is the backend's (fewer
       * calls); else the branches still open. */
      return found ? pz_search_open_cubes(s, cube, n, cube_blocking, w)
                   : cube_blocking(w, cube, n);
  }
}

/* Work of the cells counter (nodes times cells, a node's cost growing
 * with the grid) between two looks at the limits, about 1 ms ... */
#define CELLS_SLICE_WORK (1u << 18)
/* ... and without a solution, after which the cube goes to pz's DPLL
 * and from there to the backend: a unique 25x25 Sudoku took 0.2 s over
 * 11 puzzles with 1,000 nodes before handing over, 0.4 s with 5,000. */
#define CELLS_HANDOVER_WORK (1u << 18)

static void read_cells_model(pz_enum_worker *w) {
  const pz_formula *f = &w->job->formula;
  const pz_cells *c = w->job->cells;
  for (size_t i = 0; i < f->nproj; i++) {
    int v = f->proj[i];
    int on = pz_cells_bit(&w->cells, c->sat_cell[v]) == c->sat_bit[v];
    w->lits[i] = on ? v : -v;
  }
}

/* The cube on the cells: 1 stop, 0 done, -1 when the cube is not the
 * cells' (pz's DPLL then takes it). Without fn or limit the models are
 * counted here and added to the job's count once a slice. */
static int cube_cells(pz_enum_worker *w, const int *cube, size_t n) {
  pz_enum_job *job = w->job;
  pz_cells_search *s = &w->cells;
  const pz_formula *f = &job->formula;
  int r = pz_cells_reset(s, cube, n, f->units.data, f->units.len);
  if (r == -1) return -1;
  if (r == 0) return 0;
  if (r == -2) {
    set_err(job, PZ_ERR_NOMEM);
    return 1;
  }
  int each = job->fn || job->limit, any = 0;
  uint64_t start = s->nodes, cells = (uint64_t)job->cells->ncells;
  uint64_t slice = CELLS_SLICE_WORK / cells, handover = CELLS_HANDOVER_WORK / cells;
  if (slice < 64) slice = 64;
  for (;;) {
    uint64_t found = 0;
    r = each ? pz_cells_next(s, slice) : pz_cells_count(s, slice, &found);
    if (r == -2) {
      set_err(job, PZ_ERR_NOMEM);
      return 1;
    }
    if (found) atomic_fetch_add(&job->count, found);
    any |= found || r > 0;
    if (r > 0) {
      read_cells_model(w);
      /* Solutions one after another may never end a slice: the limits
       * are looked at after each. */
      if (report(w) || pz_job_stopped(job)) return 1;
      continue;
    }
    if (pz_job_stopped(job)) return 1;
    double done = r ? pz_cells_done(s) : 1.0;
    atomic_store_explicit(&w->done_bits, (uint64_t)(done * 4294967296.0),
                          memory_order_relaxed);
    if (!job->threaded) pz_job_progress(job, done, 0);
    if (r == 0) return 0;
    /* Long without a solution: a hard part, pz's DPLL then the backend
     * take the cube from its start (nothing of it counted yet). */
    if (!any && s->nodes - start > handover) return -1;
  }
}

int pz_worker_cube(pz_enum_worker *w, const int *cube, size_t n) {
  atomic_store(&w->done_bits, 0);
  if (w->job->cells) {
    int r = cube_cells(w, cube, n);
    if (r >= 0) return r;
  }
  switch (w->job->method) {
  case PZ_ENUM_BLOCKING:
    return cube_blocking(w, cube, n);
  case PZ_ENUM_DISJOINT:
    return cube_disjoint(w, cube, n);
  default:
    return cube_dpll(w, cube, n);
  }
}

int pz_worker_init(pz_enum_worker *w, pz_enum_job *job) {
  memset(w, 0, sizeof *w);
  w->job = job;
  atomic_init(&w->done_bits, 0);
  size_t np = job->formula.nproj;
  w->lits = (int *)malloc((np ? np : 1) * sizeof(int));
  int st = w->lits ? pz_search_init(&w->search, &job->formula,
                                          job->threaded ? NULL : job->poll) : PZ_ERR_NOMEM;
  if (!st && job->cells) {
    st = pz_cells_search_init(&w->cells, job->cells);
    if (st) pz_search_free(&w->search);
  }
  if (st) {
    free(w->lits);
    w->lits = NULL;
  }
  return st;
}

static void *free_solver(void *s) {
  pz_solver_free((pz_solver *)s);
  return NULL;
}

void pz_worker_free(pz_enum_worker *w) {
  if (w->search.f) pz_search_free(&w->search);
  if (w->cells.c) pz_cells_search_free(&w->cells);
  /* After a stop, a large solver is freed on a thread of its own (that
   * takes up to seconds): the call answers within its time limit. */
  pthread_t t;
  pthread_attr_t at;
  int bg = w->solver && atomic_load(&w->job->stop) == RUN_STOPPED &&
           !pthread_attr_init(&at);
  if (bg) {
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    if (!pthread_create(&t, &at, free_solver, w->solver)) w->solver = NULL;
    pthread_attr_destroy(&at);
  }
  pz_solver_free(w->solver);
  free(w->lits);
  w->solver = NULL;
  w->lits = NULL;
}
