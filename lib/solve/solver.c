/* The solver wrapper: one backend instance, assumptions kept across the
 * internal solves of enumerate/count/unique, a time limit, and a model
 * cache (read right after each SAT answer, which also satisfies PicoSAT's
 * rule that values must be read before the next clause is added). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cnf/cnf_impl.h"
#include "core/clock.h"
#include "core/vec.h"
#include "pz/backend.h"
#include "solve/solver_impl.h"

/* The backends: the linked ones (pz_backends_linked, defined by the
 * backend library, so that linking none fails at link time), read once,
 * then those registered at run time. Entries are only ever appended, so
 * a table found stays valid; the lock orders appends and reads. */
static pthread_once_t linked_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t backends_lock = PTHREAD_MUTEX_INITIALIZER;
static const pz_backend *backends[PZ_BACKEND_MAX];
static size_t backends_n;

/* Version 2's init_with, or NULL for an older table. */
static int (*init_with_of(const pz_backend *b))(const char *, void **) {
  return b->version >= 2 ? b->init_with : NULL;
}

static int table_ok(const pz_backend *b) {
  return b && b->version >= 1 && b->name && b->name[0] &&
         (b->init || init_with_of(b)) && b->add && b->assume && b->solve &&
         b->val;
}

/* Caller holds the lock. */
static int add_locked(const pz_backend *b) {
  if (!table_ok(b)) return PZ_ERR_ARG;
  for (size_t i = 0; i < backends_n; i++) {
    if (backends[i] == b) return PZ_OK;
    if (strcmp(backends[i]->name, b->name) == 0) return PZ_ERR_ARG;
  }
  if (backends_n == PZ_BACKEND_MAX) return PZ_ERR_TOO_LARGE;
  backends[backends_n++] = b;
  return PZ_OK;
}

static void add_linked(void) {
  const pz_backend *const *list = pz_backends_linked();
  pthread_mutex_lock(&backends_lock);
  for (size_t i = 0; list && list[i]; i++) add_locked(list[i]);
  pthread_mutex_unlock(&backends_lock);
}

/* Backend i, or NULL past the end. */
static const pz_backend *backend_at(size_t i) {
  pthread_once(&linked_once, add_linked);
  pthread_mutex_lock(&backends_lock);
  const pz_backend *b = i < backends_n ? backends[i] : NULL;
  pthread_mutex_unlock(&backends_lock);
  return b;
}

int pz_backend_register(const pz_backend *b) {
  pthread_once(&linked_once, add_linked);
  pthread_mutex_lock(&backends_lock);
  int st = add_locked(b);
  pthread_mutex_unlock(&backends_lock);
  return st;
}

size_t pz_backend_count(void) {
  pthread_once(&linked_once, add_linked);
  pthread_mutex_lock(&backends_lock);
  size_t n = backends_n;
  pthread_mutex_unlock(&backends_lock);
  return n;
}

const char *pz_backend_name(size_t i) {
  const pz_backend *b = backend_at(i);
  return b ? b->name : NULL;
}

/* The backend for name: one called so, else for "NAME:ARG" the backend
 * NAME if it takes an argument (*arg then points into name). NULL when
 * there is none; name NULL is the default. */
static const pz_backend *find_backend(const char *name, const char **arg) {
  const pz_backend *b;
  *arg = NULL;
  for (size_t i = 0; (b = backend_at(i)) != NULL; i++)
    if (!name || strcmp(name, b->name) == 0) return b;
  const char *colon = strchr(name, ':');
  if (!colon) return NULL;
  size_t n = (size_t)(colon - name);
  for (size_t i = 0; (b = backend_at(i)) != NULL; i++)
    if (init_with_of(b) && strncmp(name, b->name, n) == 0 && !b->name[n]) {
      *arg = colon + 1;
      return b;
    }
  return NULL;
}

int pz_backend_needs_arg(size_t i) {
  const pz_backend *b = backend_at(i);
  return b && !b->init;
}

int pz_backend_known(const char *name) {
  const char *arg;
  return find_backend(name, &arg) != NULL;
}

/* A solver on b, made by init_with(arg) when arg is given or b has no
 * init; its name is full_name (copied) when that differs from b's. */
static int solver_new(pz_solver **out, const pz_backend *b, const char *arg,
                      const char *full_name) {
  *out = NULL;
  pz_solver *s = (pz_solver *)calloc(1, sizeof *s);
  if (!s) return PZ_ERR_NOMEM;
  s->b = b;
  if (full_name && strcmp(full_name, b->name) != 0) {
    size_t len = strlen(full_name) + 1;
    if (!(s->name = (char *)malloc(len))) {
      free(s);
      return PZ_ERR_NOMEM;
    }
    memcpy(s->name, full_name, len);
  }
  int st = PZ_OK;
  if (arg || !b->init) {
    s->h = NULL;
    st = init_with_of(b)(arg, &s->h);
    if (!st && !s->h) st = PZ_ERR_BACKEND;
  } else if (!(s->h = b->init())) {
    st = PZ_ERR_NOMEM;
  }
  if (st) {
    free(s->name);
    free(s);
    return st;
  }
  *out = s;
  return PZ_OK;
}

int pz_solver_new(pz_solver **out, const char *backend) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  const char *arg;
  const pz_backend *b = find_backend(backend, &arg);
  if (!b) return PZ_ERR_BACKEND;
  return solver_new(out, b, arg, backend);
}

/* Polled by the backend: the user's callback, then the deadline. */
static int terminate_hook(void *state) {
  pz_solver *s = (pz_solver *)state;
  if (s->user_terminate && s->user_terminate(s->user_state)) return 1;
  if (s->deadline > 0 && pz_clock() >= s->deadline) return 1;
  return 0;
}

/* The hook of a watched solve, on the worker thread: the caller's thread
 * runs the user's callback and raises the watch's flag. */
static int watched_hook(void *state) {
  pz_solver *s = (pz_solver *)state;
  if (pz_watch_stopped(s->watch)) return 1;
  if (s->deadline > 0 && pz_clock() >= s->deadline) return 1;
  return 0;
}

/* A watched solve: the user's callback, on the caller's thread. */
static int user_poll(void *state) {
  pz_solver *s = (pz_solver *)state;
  return s->user_terminate ? s->user_terminate(s->user_state) : 0;
}

int pz_solver_new_with(pz_solver **out, const pz_backend *b) {
  if (!out || !b || b->version < 1 || !(b->init || init_with_of(b)) ||
      !b->add || !b->assume || !b->solve || !b->val) {
    if (out) *out = NULL;
    return PZ_ERR_ARG;
  }
  return solver_new(out, b, NULL, NULL);
}

int pz_solver_diversify(pz_solver *s, unsigned index) {
  if (!s) return PZ_ERR_ARG;
  if (s->err) return s->err;
  if (s->max_var || s->lits || s->clause.len || s->assumptions.len)
    return PZ_ERR_STATE;
  if (index == 0) return PZ_OK;
  if (!s->b->diversify) return PZ_ERR_UNSUPPORTED;
  s->b->diversify(s->h, index);
  return PZ_OK;
}

int pz_solver_can_diversify(const pz_solver *s) {
  return s && s->b->diversify != NULL;
}

/* Frees the solver, its backend instance included. */
static void free_all(void *state) {
  pz_solver *s = (pz_solver *)state;
  if (s->b->release) s->b->release(s->h);
  pz_ivec_free(&s->assumptions);
  pz_ivec_free(&s->deferred);
  pz_ivec_free(&s->clause);
  pz_ivec_free(&s->proj);
  pz_ivec_free(&s->aux);
  free(s->model);
  free(s->saved);
  free(s->name);
  free(s);
}

void pz_solver_free(pz_solver *s) {
  if (!s) return;
  /* A solve left running keeps the backend until it notices the stop:
   * the worker frees everything then, and this returns at once. */
  if (s->watch && !pz_watch_free(s->watch, free_all, s)) return;
  free_all(s);
}

void pz_solver_settle(pz_solver *s) {
  if (!s->left_running) return;
  pz_watch_settle(s->watch);
  s->left_running = 0;
  for (size_t i = 0; i < s->deferred.len; i++) {
    s->b->add(s->h, s->deferred.data[i]);
    s->b->add(s->h, 0);
  }
  s->deferred.len = 0;
}

int pz_solver_add_unit_later(pz_solver *s, int lit) {
  if (s->left_running) return pz_ivec_push(&s->deferred, lit);
  s->b->add(s->h, lit);
  s->b->add(s->h, 0);
  return PZ_OK;
}

const char *pz_solver_backend(const pz_solver *s) {
  return s ? s->name ? s->name : s->b->name : NULL;
}

const char *pz_solver_signature(const pz_solver *s) {
  if (!s) return NULL;
  return s->b->signature ? s->b->signature() : s->b->name;
}

static void note_var(pz_solver *s, int lit) {
  int v = lit < 0 ? -lit : lit;
  if (v > s->max_var) s->max_var = v;
  if (v > s->model_max) s->model_max = v;
}

/* 1 when var was given to a loaded buffer's auxiliary: the caller cannot
 * mean that variable, whatever number it thinks is free. */
static int is_aux(const pz_solver *s, int lit) {
  int v = lit < 0 ? -lit : lit;
  if (!s->aux_floor || v < s->aux_floor) return 0;
  for (size_t i = 0; i < s->aux.len; i += 2)
    if (v >= s->aux.data[i] && v <= s->aux.data[i + 1]) return 1;
  return 0;
}

int pz_solver_add(pz_solver *s, int lit) {
  if (!s || lit == (-2147483647 - 1)) return PZ_ERR_ARG;
  if (s->err) return s->err;
  /* The clause is kept here until its 0, so that a refused literal drops
   * all of it: the backend never sees part of a clause. */
  if (lit) {
    int st = s->dropping || is_aux(s, lit) ? PZ_ERR_STATE
                                           : pz_ivec_push(&s->clause, lit);
    if (st) {
      s->dropping = 1;
      s->clause.len = 0;
    }
    return st;
  }
  if (s->dropping) {
    s->dropping = 0;
    return PZ_ERR_STATE;
  }
  pz_solver_settle(s);
  s->model_valid = 0;
  s->last_failed_ok = 0;
  for (size_t i = 0; i < s->clause.len; i++) {
    note_var(s, s->clause.data[i]);
    s->b->add(s->h, s->clause.data[i]);
  }
  s->lits += s->clause.len + 1;
  s->clause.len = 0;
  s->b->add(s->h, 0);
  return PZ_OK;
}

/* Literals between two calls of the stop callback while loading: a
 * fraction of a millisecond of CaDiCaL's add. */
#define ADD_POLL_LITS 65536

/* Below this many variables a solver's tables grow cheaply as they go. */
#define RESERVE_MIN_VARS 65536

/* The watched step: its argument is in the solver, which outlives it. */
static void run_reserve(void *state) {
  pz_solver *s = (pz_solver *)state;
  s->b->reserve(s->h, s->reserved);
}

/* Lets the backend size its tables for max_var once, with room for the
 * selector variables later calls add, instead of doubling them during the
 * load (a doubling of a large solver is one long uninterruptible step).
 * Sizing millions of variables is such a step too (0.5 s for Latin 100
 * under AddressSanitizer), so under a stop callback it runs watched.
 * Returns 0 when the stop came first (the step ends in the background). */
static int reserve(pz_solver *s, int max_var, int (*stop)(void *),
                   void *state) {
  if (!s->b->reserve || max_var < RESERVE_MIN_VARS || max_var <= s->reserved)
    return 1;
  int room = max_var / 64 + 64;
  int want = max_var > 2147483647 - room ? 2147483647 : max_var + room;
  s->reserved = want;
  if (stop && !s->watch) s->watch = pz_watch_new();
  if (!stop || !s->watch) {
    s->b->reserve(s->h, want);
    return 1;
  }
  if (pz_watch_run(s->watch, run_reserve, s, 0, stop, state)) return 1;
  s->left_running = 1;
  return 0;
}

int pz_solver_add_cnf_until(pz_solver *s, const pz_cnf *cnf,
                            int (*stop)(void *), void *state, int *stopped) {
  if (stopped) *stopped = 0;
  if (!s || !cnf || (stop && !stopped)) return PZ_ERR_ARG;
  int st = pz_cnf_status(cnf);
  if (st) return st;
  /* The buffer's auxiliaries go above every variable this solver has
   * seen, so a second buffer's cannot meet the first one's either. */
  int base = pz_cnf_max_user_var(cnf), aux = pz_cnf_num_aux(cnf);
  if (s->max_var > base) base = s->max_var;
  if (aux > 2147483647 - base) return PZ_ERR_TOO_LARGE;
  size_t len, pn;
  const int *d = pz_cnf_raw(cnf, &len);
  unsigned flags;
  const int *proj = pz_cnf_projection(cnf, &pn, &flags);
  if (s->aux_floor && pz_cnf_max_user_var(cnf) >= s->aux_floor) {
    for (size_t i = 0; i < len; i++)
      if (d[i] > -PZ_CNF_AUX_BASE && d[i] < PZ_CNF_AUX_BASE && is_aux(s, d[i]))
        return PZ_ERR_STATE;
    for (size_t i = 0; i < pn; i++)
      if (is_aux(s, proj[i])) return PZ_ERR_STATE;
  }
  if (aux && ((st = pz_ivec_push(&s->aux, base + 1)) ||
              (st = pz_ivec_push(&s->aux, base + aux)))) {
    if (s->aux.len % 2) s->aux.len--;
    return st;
  }
  if (aux && (!s->aux_floor || base + 1 < s->aux_floor)) s->aux_floor = base + 1;
  s->model_valid = 0;
  s->last_failed_ok = 0;
  pz_solver_settle(s);
  if (!reserve(s, base + aux, stop, state)) {
    *stopped = 1;
    return PZ_OK;
  }
  size_t look = ADD_POLL_LITS;
  for (size_t i = 0; i < len; i++) {
    s->b->add(s->h, pz_cnf_out_lit(d[i], base));
    /* Only between clauses, so the backend never holds half of one. */
    if (stop && i >= look && d[i] == 0) {
      look = i + ADD_POLL_LITS;
      if (stop(state)) {
        *stopped = 1;
        break;
      }
    }
  }
  if (base + aux > s->max_var) s->max_var = base + aux;
  if (base + aux > s->model_max) s->model_max = base + aux;
  s->lits += len;
  if (stop && *stopped) return PZ_OK;
  if (proj) {
    s->proj.len = 0;
    for (size_t i = 0; i < pn; i++)
      if ((st = pz_ivec_push(&s->proj, proj[i]))) return st;
    s->proj_flags = flags;
    s->has_proj = 1;
  }
  return PZ_OK;
}

int pz_solver_add_cnf(pz_solver *s, const pz_cnf *cnf) {
  return pz_solver_add_cnf_until(s, cnf, NULL, NULL, NULL);
}

int pz_solver_new_var(pz_solver *s, int *var) {
  if (!s || !var || s->max_var == 2147483647) return PZ_ERR_ARG;
  *var = ++s->max_var;
  s->model_max = s->max_var;
  return PZ_OK;
}

int pz_solver_new_selector(pz_solver *s, int *var) {
  if (!s || !var || s->max_var == 2147483647) return PZ_ERR_ARG;
  *var = ++s->max_var;
  return PZ_OK;
}

int pz_solver_num_vars(const pz_solver *s) { return s ? s->max_var : 0; }

int pz_solver_assume(pz_solver *s, int lit) {
  if (!s || lit == 0 || lit == (-2147483647 - 1)) return PZ_ERR_ARG;
  if (s->err) return s->err;
  if (is_aux(s, lit)) return PZ_ERR_STATE;
  note_var(s, lit);
  return pz_ivec_push(&s->assumptions, lit);
}

int pz_solver_set_time_limit(pz_solver *s, double seconds) {
  if (!s || !(seconds >= 0)) return PZ_ERR_ARG;
  s->time_limit = seconds;
  return PZ_OK;
}

void pz_solver_set_terminate(pz_solver *s, void *state,
                             int (*fn)(void *state)) {
  if (!s) return;
  s->user_terminate = fn;
  s->user_state = state;
}

void pz_solver_begin(pz_solver *s) {
  s->deadline = s->time_limit > 0 ? pz_clock() + s->time_limit : 0;
}

void pz_solver_end(pz_solver *s) {
  s->assumptions.len = 0;
  s->deadline = 0;
}

/* Reads the model into the cache, up to the last variable that is not
 * one of pz's selectors (pz_solver_value answers -1 above it). */
static int read_model(pz_solver *s) {
  size_t need = (size_t)s->model_max + 1;
  if (need > s->model_cap) {
    signed char *m = (signed char *)realloc(s->model, need);
    if (!m) return PZ_ERR_NOMEM;
    s->model = m;
    s->model_cap = need;
  }
  s->model[0] = 0;
  for (int v = 1; v <= s->model_max; v++)
    s->model[v] = s->b->val(s->h, v) > 0 ? 1 : -1;
  s->model_vars = s->model_max;
  s->model_valid = 1;
  return PZ_OK;
}

/* Formulas from this many literals up are solved watched when a call has
 * limits: their solves take milliseconds at least, so the hand-over to the
 * worker (tens of microseconds) is noise, and their long uninterruptible
 * steps are what would break the deadline. */
#define WATCH_MIN_LITS 262144

enum { HOOK_OFF, HOOK_DIRECT, HOOK_WATCHED };

/* The backend gets the hook only while this call has something to stop
 * it (a deadline or a user callback), so a call without one is not slowed
 * by polls (CaDiCaL polls at every decision). */
static void install_hook(pz_solver *s, int want) {
  if (want == s->hook_on || !s->b->set_terminate) return;
  s->b->set_terminate(s->h, want ? s : NULL,
                      want == HOOK_WATCHED ? watched_hook
                      : want               ? terminate_hook
                                           : NULL);
  s->hook_on = want;
}

/* The step a watched solve runs. Its result goes into the solver, not the
 * caller's stack: a step left running ends after the call has returned. */
static void run_solve(void *state) {
  pz_solver *s = (pz_solver *)state;
  s->solve_result = s->b->solve(s->h);
}

/* 1 when this solve should run watched; makes the worker on first use
 * (without one, e.g. no threads, it runs unwatched). */
static int want_watch(pz_solver *s) {
  if (s->lits < WATCH_MIN_LITS) return 0;
  if (s->deadline <= 0 && !s->user_terminate) return 0;
  if (!s->watch) s->watch = pz_watch_new();
  return s->watch != NULL;
}

int pz_solver_solve_with(pz_solver *s, const int *extra, size_t n_extra,
                         pz_result *out) {
  *out = PZ_UNKNOWN;
  s->model_valid = 0;
  s->last_failed_ok = 0;
  if (s->err) return s->err;
  /* Checked here, not only by the backend: a backend polls rarely (PicoSAT
   * every 1024 decisions), so many short solves in a row (enumeration)
   * could otherwise run far past the deadline. */
  if (terminate_hook(s)) return PZ_OK;
  /* A step an earlier call left running ends first, but this call's
   * limits hold while it does: the answer is "unknown" when they stop
   * the wait (the step goes on). */
  if (s->left_running &&
      !pz_watch_settle_until(s->watch, s->deadline,
                             s->user_terminate ? user_poll : NULL, s))
    return PZ_OK;
  pz_solver_settle(s);
  int watched = want_watch(s);
  int limits = s->deadline > 0 || s->user_terminate != NULL;
  install_hook(s, watched ? HOOK_WATCHED : limits ? HOOK_DIRECT : HOOK_OFF);
  for (size_t i = 0; i < s->assumptions.len; i++)
    s->b->assume(s->h, s->assumptions.data[i]);
  for (size_t i = 0; i < n_extra; i++) s->b->assume(s->h, extra[i]);
  if (!watched) {
    run_solve(s);
  } else if (!pz_watch_run(s->watch, run_solve, s, s->deadline,
                           s->user_terminate ? user_poll : NULL, s)) {
    /* Stopped inside a step the backend does not interrupt: the answer is
     * "unknown" now; the step ends in the background. */
    s->left_running = 1;
    return PZ_OK;
  }
  int r = s->solve_result;
  if (r == 10) {
    *out = PZ_SAT;
    return read_model(s);
  }
  if (r == 20 || r == 0) {
    *out = r == 20 ? PZ_UNSAT : PZ_UNKNOWN;
    return PZ_OK;
  }
  /* The backend broke (out of memory, a solver exception): the instance
   * is unusable, so every later call reports the same. */
  s->err = r == PZ_ERR_NOMEM || r == PZ_ERR_TOO_LARGE ? r : PZ_ERR_BACKEND;
  return s->err;
}

int pz_solver_solve(pz_solver *s, pz_result *out) {
  if (!s) return PZ_ERR_ARG;
  if (!out) {
    pz_solver_end(s); /* the pending assumptions belonged to this call */
    return PZ_ERR_ARG;
  }
  pz_solver_begin(s);
  int st = pz_solver_solve_with(s, NULL, 0, out);
  s->last_failed_ok = (st == PZ_OK && *out == PZ_UNSAT);
  pz_solver_end(s);
  return st;
}

int pz_solver_value(const pz_solver *s, int var) {
  if (!s || !s->model_valid || var <= 0) return 0;
  /* Variables the solver never saw are free; report them false. */
  if (var > s->model_vars) return -1;
  return s->model[var];
}

int pz_solver_failed(const pz_solver *s, int lit) {
  if (!s || !s->last_failed_ok || !s->b->failed || lit == 0 ||
      lit == (-2147483647 - 1))
    return 0;
  return s->b->failed(s->h, lit) ? 1 : 0;
}

void pz_solver_print_stats(const pz_solver *s, FILE *out) {
  if (!s || !out || !s->b->print_stats) return;
  pz_solver_settle((pz_solver *)s); /* the statistics of a finished solve */
  s->b->print_stats(s->h, out);
}
