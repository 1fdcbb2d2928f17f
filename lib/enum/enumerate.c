/* pz_cnf_enumerate: the part of the space asked for, walked by one worker
 * on the calling thread or by N workers on threads over disjoint cubes,
 * within the call's limits, with progress reports. */
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/names.h"
#include "enum/enum_impl.h"
#include "enum/lazy.h"

/* Cubes per thread: enough that one slow cube does not leave the other
 * threads idle for long at the end. */
#define CUBES_PER_THREAD 64

static const char *const method_names[PZ_ENUM_METHOD_COUNT] = {
    "auto", "blocking", "disjoint", "dpll"};

const char *pz_enum_method_name(pz_enum_method m) {
  return pz_name_of(method_names, PZ_ENUM_METHOD_COUNT, (int)m);
}
PZ_FROM_NAME(pz_enum_method_from_name, pz_enum_method, method_names,
             PZ_ENUM_METHOD_COUNT)

void pz_job_progress(pz_enum_job *job, double cube_done, int final) {
  const pz_enum_options *o = job->opt;
  if (!o->progress) return;
  double now = pz_clock();
  if (!final && now < job->next_progress) return;
  /* A stopped call's last word was the report before the stop. */
  if (final && atomic_load(&job->stop) == RUN_STOPPED) return;
  job->next_progress =
      now + (o->progress_interval > 0 ? o->progress_interval : 0.5);
  pz_progress p;
  p.solutions = atomic_load(&job->count);
  p.parts = job->parts;
  p.parts_done = job->parts_done;
  p.done = job->parts ? ((double)job->parts_done + cube_done) / (double)job->parts
                      : 1.0;
  if (final && !atomic_load(&job->stop)) p.done = 1.0;
  if (p.done > 1) p.done = 1;
  p.seconds = now - job->start;
  o->progress(o->progress_state, &p);
}

/* A list of cubes: offsets into one literal array. */
typedef struct cube_list {
  pz_ivec lits;
  size_t *off, n, cap;
} cube_list;

static int keep_cube(void *state, const int *lits, size_t n) {
  cube_list *l = (cube_list *)state;
  if (l->n + 1 >= l->cap) {
    size_t nc = l->cap ? 2 * l->cap : 64;
    size_t *t = (size_t *)realloc(l->off, nc * sizeof *t);
    if (!t) return 1;
    l->off = t;
    l->cap = nc;
  }
  if (pz_ivec_reserve(&l->lits, n ? n : 1)) return 1; /* never NULL */
  if (n) memcpy(l->lits.data + l->lits.len, lits, n * sizeof(int));
  l->lits.len += n;
  l->off[l->n + 1] = l->lits.len;
  if (l->n == 0) l->off[0] = 0;
  l->n++;
  return 0;
}

static void cube_list_free(cube_list *l) {
  pz_ivec_free(&l->lits);
  free(l->off);
}

typedef struct pool {
  pz_enum_job *job;
  cube_list *cubes;
  atomic_size_t next;
  atomic_int running;
  pz_enum_worker *workers;
} pool;

typedef struct thread_arg {
  pool *pl;
  pz_enum_worker *w;
} thread_arg;

static void *run_worker(void *arg) {
  thread_arg *ta = (thread_arg *)arg;
  pool *pl = ta->pl;
  for (;;) {
    if (atomic_load(&pl->job->stop)) break;
    size_t i = atomic_fetch_add(&pl->next, 1);
    if (i >= pl->cubes->n) break;
    const int *c = pl->cubes->lits.data + pl->cubes->off[i];
    size_t n = pl->cubes->off[i + 1] - pl->cubes->off[i];
    if (pz_worker_cube(ta->w, c, n)) break;
    pthread_mutex_lock(&pl->job->lock);
    pl->job->parts_done++;
    pthread_mutex_unlock(&pl->job->lock);
  }
  atomic_fetch_sub(&pl->running, 1);
  return NULL;
}

static void nap(double seconds) {
  struct timespec ts = {0, (long)(seconds * 1e9)};
  nanosleep(&ts, NULL);
}

/* N workers on threads over the cubes; the calling thread watches the
 * limits and reports progress. */
static int run_threads(pz_enum_job *job, pz_poll *poll, cube_list *cubes,
                       int nthreads) {
  if ((size_t)nthreads > cubes->n) nthreads = (int)cubes->n;
  if (nthreads < 1) return PZ_OK;
  pz_enum_worker *ws = (pz_enum_worker *)calloc((size_t)nthreads, sizeof *ws);
  thread_arg *ta = (thread_arg *)calloc((size_t)nthreads, sizeof *ta);
  pthread_t *th = (pthread_t *)calloc((size_t)nthreads, sizeof *th);
  pool pl;
  pl.job = job;
  pl.cubes = cubes;
  atomic_init(&pl.next, 0);
  atomic_init(&pl.running, 0);
  int st = ws && ta && th ? PZ_OK : PZ_ERR_NOMEM, made = 0, started = 0;
  for (; made < nthreads && !st; made++) st = pz_worker_init(&ws[made], job);
  if (st && made) made--; /* the failed one freed itself */
  job->threaded = 1;
  for (int i = 0; i < made && !st; i++) {
    ta[i].pl = &pl;
    ta[i].w = &ws[i];
    atomic_fetch_add(&pl.running, 1);
    if (pthread_create(&th[i], NULL, run_worker, &ta[i])) {
      atomic_fetch_sub(&pl.running, 1);
      if (!started) st = PZ_ERR_NOMEM;
      break;
    }
    started++;
  }
  while (atomic_load(&pl.running) > 0) {
    nap(0.005);
    if (pz_poll_check(poll)) {
      int going = RUN_GOING;
      atomic_compare_exchange_strong(&job->stop, &going, RUN_STOPPED);
    }
    if (job->opt->progress) {
      double d = 0;
      for (int i = 0; i < started; i++)
        d += (double)atomic_load_explicit(&ws[i].done_bits, memory_order_relaxed) /
             4294967296.0;
      pthread_mutex_lock(&job->lock);
      pz_job_progress(job, d, 0);
      pthread_mutex_unlock(&job->lock);
    }
  }
  for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
  for (int i = 0; i < made; i++) pz_worker_free(&ws[i]);
  free(ws);
  free(ta);
  free(th);
  return st;
}

static int backend_known(const char *name) {
  if (!name) return pz_backend_count() > 0;
  return pz_backend_known(name);
}

/* Whether cells names every projection variable of f: then a model of
 * the cells is a projected model of f. */
static int cells_cover(const pz_cells *c, const pz_formula *f) {
  for (size_t i = 0; i < f->nproj; i++)
    if (f->proj[i] > c->nsat || c->sat_cell[f->proj[i]] < 0) return 0;
  return 1;
}

int pz_cnf_enumerate(const pz_cnf *cnf, const int *assumptions,
                     size_t n_assumptions, const pz_enum_options *opt,
                     uint64_t limit, pz_model_fn fn, void *state,
                     uint64_t *count, pz_result *stop) {
  return pz_cnf_enumerate_cells(cnf, NULL, assumptions, n_assumptions, opt,
                                limit, fn, state, count, stop);
}

int pz_cnf_enumerate_cells(const pz_cnf *cnf, const pz_cells *cells,
                           const int *assumptions, size_t n_assumptions,
                           const pz_enum_options *opt, uint64_t limit,
                           pz_model_fn fn, void *state, uint64_t *count,
                           pz_result *stop) {
  if (count) *count = 0;
  if (stop) *stop = PZ_UNKNOWN;
  pz_enum_options def = PZ_ENUM_OPTIONS_INIT;
  if (!opt) opt = &def;
  if (!cnf || !count || !stop || (n_assumptions && !assumptions) ||
      opt->version != PZ_ENUM_OPTIONS_VERSION ||
      (unsigned)opt->method >= PZ_ENUM_METHOD_COUNT || opt->threads < 0 ||
      !(opt->time_limit >= 0) || opt->part > opt->parts ||
      opt->parts > PZ_ENUM_MAX_LAZY_PARTS ||
      (opt->parts && !opt->part))
    return PZ_ERR_ARG;
  if (opt->method != PZ_ENUM_DPLL && !backend_known(opt->backend))
    return PZ_ERR_BACKEND;
  pz_poll poll;
  pz_poll_start(&poll, opt->time_limit, opt->terminate, opt->terminate_state);
  pz_enum_job job;
  memset(&job, 0, sizeof job);
  job.cnf = cnf;
  job.backend = opt->backend;
  job.method = opt->method;
  job.limit = limit;
  job.fn = fn;
  job.state = state;
  job.opt = opt;
  job.start = pz_clock();
  job.next_progress = job.start +
                      (opt->progress_interval > 0 ? opt->progress_interval : 0.5);
  job.deadline = opt->time_limit > 0 ? job.start + opt->time_limit : 0;
  atomic_init(&job.count, 0);
  atomic_init(&job.stop, RUN_GOING);
  atomic_init(&job.err, 0);
  int st = pz_formula_init(&job.formula, cnf, &poll);
  if (st == PZ_STOPPED) return PZ_OK; /* *count 0, *stop PZ_UNKNOWN */
  if (st) return st;
  if (cells && opt->method == PZ_ENUM_AUTO && !job.formula.empty &&
      cells_cover(cells, &job.formula))
    job.cells = cells;
  if (pthread_mutex_init(&job.lock, NULL)) {
    pz_formula_free(&job.formula);
    return PZ_ERR_NOMEM;
  }
  cube_list cubes = {0};
  int threads = opt->threads > 1 ? opt->threads : 1;
  if (opt->parts) {
    /* Part K of N: its own cubes of the numbered split (lazy.h), not a
     * function of threads, so a part names the same models on every
     * machine. */
    uint64_t made;
    st = pz_lazy_part(&job.formula, assumptions, n_assumptions, opt->part,
                      opt->parts, keep_cube, &cubes, &made, &poll);
    if (!st && made != cubes.n) st = PZ_ERR_NOMEM;
  } else if (threads > 1) {
    uint64_t made;
    st = pz_split(&job.formula, assumptions, n_assumptions,
                  (uint64_t)threads * CUBES_PER_THREAD, keep_cube, &cubes, &made,
                  &poll);
    if (!st && made != cubes.n) st = PZ_ERR_NOMEM;
  } else {
    st = keep_cube(&cubes, assumptions, n_assumptions) ? PZ_ERR_NOMEM : PZ_OK;
  }
  job.parts = cubes.n;
  if (!st && threads > 1) {
    st = run_threads(&job, &poll, &cubes, threads);
  } else if (!st && cubes.n) {
    pz_enum_worker w;
    job.poll = &poll;
    st = pz_worker_init(&w, &job);
    for (size_t i = 0; !st && i < cubes.n && !pz_job_stopped(&job); i++) {
      if (pz_worker_cube(&w, cubes.lits.data + cubes.off[i],
                         cubes.off[i + 1] - cubes.off[i]))
        break;
      job.parts_done++;
    }
    if (!st) pz_worker_free(&w);
  }
  pz_job_progress(&job, 0, 1);
  cube_list_free(&cubes);
  pz_formula_free(&job.formula);
  pthread_mutex_destroy(&job.lock);
  if (st == PZ_STOPPED) { /* the split or a search's set-up was stopped */
    st = PZ_OK;
    atomic_store(&job.stop, RUN_STOPPED);
  }
  if (!st) st = atomic_load(&job.err);
  if (st) return st;
  *count = atomic_load(&job.count);
  int why = atomic_load(&job.stop);
  *stop = why == RUN_DONE ? PZ_SAT : why == RUN_STOPPED ? PZ_UNKNOWN : PZ_UNSAT;
  return PZ_OK;
}
