/* pz_cnf_estimate: Knuth's estimator on pz's own search, with exact counts
 * where a subtree is small (include/pz/estimate.h has the method).
 *
 * Why it is unbiased: along a path, weight * (models below the node) is a
 * martingale (a child taken with chance 1/k, weighted by k, has the
 * node's count as its mean), so stopping it at any node chosen from what
 * the path has seen so far (here: "this subtree counts within leaf_work")
 * keeps its mean, the number of models at the root. */
#include <math.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/mix.h"
#include "enum/enum_impl.h"
#include "pz/estimate.h"

/* Below this many samples the interval is too rough to stop on. */
#define MIN_SAMPLES_FOR_PRECISION 30
/* Samples when no budget at all is given. */
#define DEFAULT_SAMPLES 1000
/* Search work between two looks at the limits. */
#define SLICE_TICKS 65536u
/* The whole space is counted exactly when that takes at most this many
 * times leaf_work (with the default, well under a millisecond). */
#define ROOT_FACTOR 1000u
#define Z95 1.959963984540054

typedef struct est_job {
  pz_formula f;
  const int *assumptions;
  size_t n_assumptions;
  uint64_t max_samples, seed, leaf_work;
  double precision;
  pz_poll *poll;            /* single thread: the call's limits */
  atomic_uint_fast64_t next;
  atomic_int stop;          /* 1 once the run should end */
  atomic_int stopped;       /* 1 when the time limit or terminate ended it */
  atomic_int err;
  pthread_mutex_t lock;
  uint64_t taken;           /* samples, their mean and squared deviations
                               (Welford), under lock */
  double mean, m2;
  int exact;
} est_job;

typedef struct est_worker {
  est_job *job;
  pz_search s;
  pz_ivec cube;
  int *branch;              /* the open literals of one cell */
  int *feasible;            /* the branches propagation leaves */
} est_worker;

static int should_stop(est_job *job) {
  if (atomic_load_explicit(&job->stop, memory_order_relaxed)) return 1;
  if (job->poll && pz_poll_work(job->poll, SLICE_TICKS)) {
    atomic_store(&job->stopped, 1);
    atomic_store(&job->stop, 1);
    return 1;
  }
  return 0;
}

/* Counts the models below the current state within `work` ticks: 1 with
 * *count, 0 when the work ran out, -1 when the run was stopped. */
static int count_below(est_worker *w, uint64_t work, uint64_t *count) {
  pz_search *s = &w->s;
  *count = 0;
  for (;;) {
    uint64_t slice = work < SLICE_TICKS ? work : SLICE_TICKS, t = s->ticks;
    int m = pz_search_next(s, slice);
    uint64_t used = s->ticks - t + (m > 0);
    work = used < work ? work - used : 0;
    if (m == 0) return 1;
    if (m > 0) {
      ++*count;
      if (!pz_search_leave_model(s)) return 1;
    }
    if (should_stop(w->job)) return -1;
    if (!work) return 0;
  }
}

/* The open variable to branch on: of the cell (all-positive clause, none
 * of its literals true) with the fewest open values, the first; else the
 * first open projection variable. *k gets the cell's open literals in
 * w->branch, or 0 for a plain variable. */
static int pick(est_worker *w, int *k) {
  pz_search *s = &w->s;
  const pz_formula *f = s->f;
  int best = 0, best_open = 0, first = 0;
  *k = 0;
  for (int i = 0; i < s->nproj_order; i++) {
    int v = s->order[i];
    if (s->val[v]) continue;
    if (!first) first = v;
    if (s->group[v] < 0) continue;
    const int *c = f->longs.data + s->group[v];
    int open = 0, sat = 0;
    for (int j = 1; j <= c[0]; j++) {
      int x = pz_search_value(s, c[j]);
      open += x == 0;
      sat |= x > 0;
    }
    if (sat || open < 2) continue;
    if (!best || open < best_open) {
      best = v;
      best_open = open;
      if (open == 2) break;
    }
  }
  if (!best) return first;
  const int *c = f->longs.data + s->group[best];
  for (int j = 1; j <= c[0]; j++)
    if (!pz_search_value(s, c[j])) w->branch[(*k)++] = c[j];
  return best;
}

/* One sample: 1 with *value, 0 when the run was stopped first, or an
 * error (negative). *root gets 1 when the root itself was counted. */
static int sample(est_worker *w, uint64_t index, double *value, int *root) {
  est_job *job = w->job;
  pz_search *s = &w->s;
  uint64_t rng = pz_mix64(job->seed ^ pz_mix64(index + 1));
  double weight = 1;
  *root = 0;
  *value = 0;
  w->cube.len = 0;
  int st = pz_ivec_reserve(&w->cube, job->n_assumptions + 1);
  if (st) return st;
  if (job->n_assumptions)
    memcpy(w->cube.data, job->assumptions, job->n_assumptions * sizeof(int));
  w->cube.len = job->n_assumptions;
  for (int depth = 0;; depth++) {
    if (!pz_search_reset(s, w->cube.data, w->cube.len)) return 1; /* 0 */
    uint64_t count;
    int r = count_below(w, job->leaf_work, &count);
    if (r < 0) return 0;
    int k = 0, var = 0;
    if (!r) {
      pz_search_reset(s, w->cube.data, w->cube.len);
      var = pick(w, &k);
      if (!var) { /* the projection is set: only auxiliaries are open */
        r = count_below(w, UINT64_MAX, &count);
        if (r < 0) return 0;
      }
    }
    if (r) {
      *root = depth == 0;
      *value = weight * (double)count;
      return 1;
    }
    /* Branches: a cell's open literals x1..xk split as x1 | -x1 x2 | ...
     * (disjoint even where the clause is not exactly-one); a plain
     * variable as x | -x. */
    int single[2] = {var, -var};
    const int *lits = k ? w->branch : single;
    int nb = k ? k : 2, *feasible = w->feasible, nf = 0;
    if ((st = pz_ivec_reserve(&w->cube, (size_t)nb))) return st;
    for (int b = 0; b < nb; b++) {
      int *tail = w->cube.data + w->cube.len;
      if (k) {
        for (int j = 0; j < b; j++) tail[j] = -lits[j];
        tail[b] = lits[b];
      } else {
        tail[0] = lits[b];
      }
      if (pz_search_probe(s, tail, k ? (size_t)b + 1 : 1)) feasible[nf++] = b;
    }
    if (!nf) return 1; /* every branch refuted: no model below */
    int b = feasible[(rng = pz_mix64(rng)) % (uint64_t)nf];
    weight *= nf;
    int *tail = w->cube.data + w->cube.len;
    if (k) {
      for (int j = 0; j < b; j++) tail[j] = -lits[j];
      tail[b] = lits[b];
      w->cube.len += (size_t)b + 1;
    } else {
      tail[0] = lits[b];
      w->cube.len++;
    }
  }
}

static void record(est_job *job, double x, int root) {
  pthread_mutex_lock(&job->lock);
  job->taken++;
  double d = x - job->mean;
  job->mean += d / (double)job->taken;
  job->m2 += d * (x - job->mean);
  if (root) { /* the whole space was counted: nothing left to sample */
    job->exact = 1;
    job->mean = x;
    job->m2 = 0;
    atomic_store(&job->stop, 1);
  }
  if (job->max_samples && job->taken >= job->max_samples)
    atomic_store(&job->stop, 1);
  if (job->precision > 0 && job->taken >= MIN_SAMPLES_FOR_PRECISION) {
    double se = sqrt(job->m2 / (double)(job->taken - 1) / (double)job->taken);
    if (Z95 * se <= job->precision * fabs(job->mean) && job->mean != 0)
      atomic_store(&job->stop, 1);
  }
  pthread_mutex_unlock(&job->lock);
}

static void *run_worker(void *arg) {
  est_worker *w = (est_worker *)arg;
  est_job *job = w->job;
  while (!atomic_load(&job->stop)) {
    uint64_t i = atomic_fetch_add(&job->next, 1);
    if (job->max_samples && i >= job->max_samples) break;
    double x;
    int root, r = sample(w, i, &x, &root);
    if (r < 0) {
      int none = 0;
      atomic_compare_exchange_strong(&job->err, &none, r);
      atomic_store(&job->stop, 1);
      break;
    }
    if (r == 0) break;
    record(job, x, root);
  }
  return NULL;
}

static void worker_free(est_worker *w) {
  pz_search_free(&w->s);
  pz_ivec_free(&w->cube);
  free(w->branch);
  free(w->feasible);
}

static int worker_init(est_worker *w, est_job *job) {
  memset(w, 0, sizeof *w);
  w->job = job;
  int st = pz_search_init(&w->s, &job->f, NULL);
  if (st) return st == PZ_STOPPED ? PZ_ERR_NOMEM : st;
  w->branch = (int *)malloc(((size_t)job->f.nvars + 2) * sizeof(int));
  w->feasible = (int *)malloc(((size_t)job->f.nvars + 2) * sizeof(int));
  if (!w->branch || !w->feasible) {
    worker_free(w);
    return PZ_ERR_NOMEM;
  }
  return PZ_OK;
}

static void nap(double seconds) {
  struct timespec ts = {0, (long)(seconds * 1e9)};
  nanosleep(&ts, NULL);
}

/* N workers on threads; the calling thread watches the limits. */
static int run_threads(est_job *job, pz_poll *poll, int n) {
  est_worker *ws = (est_worker *)calloc((size_t)n, sizeof *ws);
  pthread_t *th = (pthread_t *)calloc((size_t)n, sizeof *th);
  int st = ws && th ? PZ_OK : PZ_ERR_NOMEM, made = 0, started = 0;
  for (; made < n && !st; made++)
    if ((st = worker_init(&ws[made], job))) break;
  for (int i = 0; i < made && !st; i++) {
    if (pthread_create(&th[i], NULL, run_worker, &ws[i])) {
      if (!started) st = PZ_ERR_NOMEM;
      break;
    }
    started++;
  }
  /* Running workers check job->stop between slices of their search. */
  for (int done = 0; started && !done;) {
    nap(0.002);
    if (pz_poll_check(poll)) {
      atomic_store(&job->stopped, 1);
      atomic_store(&job->stop, 1);
    }
    pthread_mutex_lock(&job->lock);
    done = atomic_load(&job->stop) ||
           (job->max_samples && job->taken >= job->max_samples);
    pthread_mutex_unlock(&job->lock);
    if (!done && job->max_samples &&
        atomic_load(&job->next) >= job->max_samples + (uint64_t)started)
      done = 1; /* every worker has left its loop */
  }
  atomic_store(&job->stop, 1);
  for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
  for (int i = 0; i < made; i++) worker_free(&ws[i]);
  free(ws);
  free(th);
  return st;
}

int pz_cnf_estimate(const pz_cnf *cnf, const int *assumptions,
                    size_t n_assumptions, const pz_enum_options *opt,
                    const pz_estimate_options *eopt, pz_estimate *out) {
  pz_enum_options def = PZ_ENUM_OPTIONS_INIT;
  pz_estimate_options edef = PZ_ESTIMATE_OPTIONS_INIT;
  if (!opt) opt = &def;
  if (!eopt) eopt = &edef;
  if (out) memset(out, 0, sizeof *out);
  if (!cnf || !out || (n_assumptions && !assumptions) ||
      opt->version != PZ_ENUM_OPTIONS_VERSION || opt->threads < 0 ||
      !(opt->time_limit >= 0) ||
      eopt->version != PZ_ESTIMATE_OPTIONS_VERSION ||
      !(eopt->precision >= 0 && eopt->precision < 1))
    return PZ_ERR_ARG;
  double start = pz_clock();
  pz_poll poll;
  pz_poll_start(&poll, opt->time_limit, opt->terminate, opt->terminate_state);
  est_job job;
  memset(&job, 0, sizeof job);
  job.assumptions = assumptions;
  job.n_assumptions = n_assumptions;
  job.max_samples = eopt->samples;
  if (!eopt->samples && eopt->precision <= 0 && opt->time_limit <= 0)
    job.max_samples = DEFAULT_SAMPLES;
  job.seed = eopt->seed;
  job.precision = eopt->precision;
  job.leaf_work = eopt->leaf_work ? eopt->leaf_work : PZ_ESTIMATE_LEAF_WORK;
  atomic_init(&job.next, 0);
  atomic_init(&job.stop, 0);
  atomic_init(&job.stopped, 0);
  atomic_init(&job.err, 0);
  int st = pz_formula_init(&job.f, cnf, &poll);
  if (st == PZ_STOPPED) {
    out->stopped = 1;
    out->seconds = pz_clock() - start;
    return PZ_OK;
  }
  if (st) return st;
  if (pthread_mutex_init(&job.lock, NULL)) {
    pz_formula_free(&job.f);
    return PZ_ERR_NOMEM;
  }
  /* A space that counts whole within ROOT_FACTOR leaves is counted, once. */
  est_worker w;
  job.poll = &poll;
  st = worker_init(&w, &job);
  if (!st) {
    uint64_t count = 0;
    int r = pz_search_reset(&w.s, assumptions, n_assumptions)
                ? count_below(&w, job.leaf_work * ROOT_FACTOR, &count) : 1;
    if (r > 0) record(&job, (double)count, 1);
    if (!atomic_load(&job.stop)) {
      if (opt->threads > 1) {
        job.poll = NULL;
        st = run_threads(&job, &poll, opt->threads);
      } else {
        run_worker(&w);
      }
    }
    worker_free(&w);
  }
  if (!st) st = atomic_load(&job.err);
  pthread_mutex_destroy(&job.lock);
  pz_formula_free(&job.f);
  if (st) return st;
  out->estimate = job.mean;
  out->samples = job.taken;
  out->exact = job.exact;
  if (!job.exact && job.taken > 1)
    out->std_error = sqrt(job.m2 / (double)(job.taken - 1) / (double)job.taken);
  else if (!job.exact && job.taken <= 1)
    out->std_error = INFINITY; /* one sample says nothing of its spread */
  out->low = out->estimate - Z95 * out->std_error;
  if (out->low < 0 || out->low != out->low) out->low = 0;
  out->high = out->estimate + Z95 * out->std_error;
  out->stopped = atomic_load(&job.stopped);
  out->seconds = pz_clock() - start;
  return PZ_OK;
}
