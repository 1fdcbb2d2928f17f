/* The portfolio race (solve/portfolio.h). One thread per member and race:
 * it loads what is pending into its pz_solver and solves; the caller's
 * thread waits, polls the caller's stop callback and the deadline every
 * few milliseconds, and raises the shared stop flag when one of them says
 * so or when a member has answered. The members' terminate hooks read
 * that flag (and their solver's own time limit, set to the deadline), so
 * each stops at its backend's next poll. A backend polls only every so
 * many decisions (PicoSAT every 1024), which on a loaded machine can be a
 * tenth of a second: so once stopped, the caller waits a short grace and
 * returns, and members still solving are left to end in the background
 * (as a watched solve is, solve/watch.h). They only touch their own
 * solver and the portfolio then; the next use of the portfolio waits for
 * them. A member still loading the caller's formula is always waited
 * for: the caller may change that formula once the call returns. */
#include "solve/portfolio.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "core/clock.h"
#include "core/vec.h"
#include "solve/solver_impl.h"

/* How often the caller's stop callback and the deadline are looked at. */
#define POLL_EVERY 0.005
/* How long members may take to end once stopped, before the caller goes
 * on without them. */
#define GRACE 0.02

typedef struct member {
  pz_portfolio *pf;
  pz_solver *s;     /* NULL once handed to the caller */
  pthread_t thread;
  int started;      /* its thread runs this race */
  int joinable;     /* its thread is not joined yet */
  int on_caller;    /* no thread could be made: runs on the caller's */
  int solving;      /* past loading, inside its solve (mu held) */
  int usable;       /* may race again (healthy, formula loaded whole) */
  int status;       /* the last race's pz_status */
  pz_result result; /* the last race's answer */
} member;

struct pz_portfolio {
  member *m;
  int n;
  double deadline;
  int (*stop)(void *);
  void *stop_state;
  const pz_cnf *load;    /* pending load, NULL when none */
  pz_ivec pending;       /* pending clauses, each ended by 0 */
  pz_ivec assume;        /* the running race's assumptions (a copy) */
  pthread_mutex_t mu;
  pthread_cond_t cv;     /* a member ended */
  int running;           /* members of this race still running */
  int over;              /* the caller went on: late answers are void */
  int winner;            /* index of the last race's winner, or -1 */
  atomic_int stopping;   /* the members must stop */
};

/* Polled by a member's solver (on the member's thread, or on the caller's
 * for a member without a thread: the caller's stop may run there). */
static int member_stop(void *state) {
  member *m = (member *)state;
  pz_portfolio *pf = m->pf;
  if (atomic_load(&pf->stopping)) return 1;
  if (m->on_caller && pf->stop && pf->stop(pf->stop_state)) {
    atomic_store(&pf->stopping, 1);
    return 1;
  }
  return 0;
}

/* Everything one member does in a race; the result goes into m. */
static void member_race(member *m) {
  pz_portfolio *pf = m->pf;
  pz_solver *s = m->s;
  pz_result r = PZ_UNKNOWN;
  int st = PZ_OK, stopped = 0, solved = 0;
  if (pf->load)
    st = pz_solver_add_cnf_until(s, pf->load, member_stop, m, &stopped);
  for (size_t i = 0; i < pf->pending.len && !st && !stopped; i++)
    st = pz_solver_add(s, pf->pending.data[i]);
  for (size_t i = 0; i < pf->assume.len && !st && !stopped; i++)
    st = pz_solver_assume(s, pf->assume.data[i]);
  if (!st && !stopped && !member_stop(m)) {
    double left = 0;
    if ((pf->deadline <= 0 || (left = pf->deadline - pz_clock()) > 0) &&
        !(st = pz_solver_set_time_limit(s, left))) {
      solved = 1;
      /* From here on, only this member's solver is used. */
      pthread_mutex_lock(&pf->mu);
      m->solving = 1;
      pthread_mutex_unlock(&pf->mu);
      st = pz_solver_solve(s, &r);
    }
  }
  /* Assumptions belong to this race only (a solve clears its own). */
  if (!solved) pz_solver_end(s);
  pthread_mutex_lock(&pf->mu);
  m->status = st;
  m->result = st ? PZ_UNKNOWN : r;
  /* A member stopped while loading holds part of the formula. */
  if (st || (stopped && pf->load)) m->usable = 0;
  m->solving = 0;
  if (!st && r != PZ_UNKNOWN && pf->winner < 0 && !pf->over) {
    pf->winner = (int)(m - pf->m);
    atomic_store(&pf->stopping, 1);
  }
  pf->running--;
  pthread_cond_broadcast(&pf->cv);
  pthread_mutex_unlock(&pf->mu);
}

static void *member_main(void *arg) {
  member_race((member *)arg);
  return NULL;
}

/* Waits for the members of the last race, left running or not, and ends
 * that race. */
static void settle(pz_portfolio *pf) {
  pthread_mutex_lock(&pf->mu);
  while (pf->running > 0) pthread_cond_wait(&pf->cv, &pf->mu);
  pthread_mutex_unlock(&pf->mu);
  for (int i = 0; i < pf->n; i++)
    if (pf->m[i].joinable) {
      pthread_join(pf->m[i].thread, NULL);
      pf->m[i].joinable = 0;
    }
}

int pz_portfolio_new(pz_portfolio **out, const pz_portfolio_config *cfg) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!cfg || cfg->members < 1 || !(cfg->deadline >= 0)) return PZ_ERR_ARG;
  pz_portfolio *pf = (pz_portfolio *)calloc(1, sizeof *pf);
  if (!pf) return PZ_ERR_NOMEM;
  pf->m = (member *)calloc((size_t)cfg->members, sizeof *pf->m);
  if (!pf->m) {
    free(pf);
    return PZ_ERR_NOMEM;
  }
  pthread_condattr_t ca;
  int ok = pthread_condattr_init(&ca) == 0;
  if (ok) {
    /* Waits are timed on the clock the deadline uses. */
    ok = pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) == 0 &&
         pthread_cond_init(&pf->cv, &ca) == 0;
    pthread_condattr_destroy(&ca);
  }
  if (ok && pthread_mutex_init(&pf->mu, NULL) != 0) {
    pthread_cond_destroy(&pf->cv);
    ok = 0;
  }
  if (!ok) {
    free(pf->m);
    free(pf);
    return PZ_ERR_NOMEM;
  }
  pf->deadline = cfg->deadline;
  pf->stop = cfg->stop;
  pf->stop_state = cfg->stop_state;
  pf->winner = -1;
  atomic_init(&pf->stopping, 0);
  int st = PZ_OK;
  for (int i = 0; i < cfg->members; i++) {
    member *m = &pf->m[pf->n];
    m->pf = pf;
    if ((st = pz_solver_new(&m->s, cfg->backend))) break;
    /* Identical solvers would only share the cores. */
    if (i > 0 && !pz_solver_can_diversify(m->s)) {
      pz_solver_free(m->s);
      m->s = NULL;
      break;
    }
    if ((st = pz_solver_diversify(m->s, (unsigned)i))) {
      pz_solver_free(m->s);
      m->s = NULL;
      break;
    }
    pz_solver_set_terminate(m->s, m, member_stop);
    m->usable = 1;
    pf->n++;
  }
  /* Short of memory past the first member: race fewer. */
  if (pf->n == 0) {
    pz_portfolio_free(pf);
    return st ? st : PZ_ERR_NOMEM;
  }
  *out = pf;
  return PZ_OK;
}

int pz_portfolio_members(const pz_portfolio *pf) { return pf ? pf->n : 0; }

void pz_portfolio_load(pz_portfolio *pf, const pz_cnf *cnf) {
  if (!pf) return;
  settle(pf);
  pf->load = cnf;
}

int pz_portfolio_add_clause(pz_portfolio *pf, const int *lits, size_t n) {
  if (!pf || (n && !lits)) return PZ_ERR_ARG;
  settle(pf);
  size_t old = pf->pending.len;
  int st = pz_ivec_reserve(&pf->pending, old + n + 1);
  if (st) return st;
  for (size_t i = 0; i < n; i++) {
    if (lits[i] == 0 || lits[i] == (-2147483647 - 1)) {
      pf->pending.len = old;
      return PZ_ERR_ARG;
    }
    pf->pending.data[pf->pending.len++] = lits[i];
  }
  pf->pending.data[pf->pending.len++] = 0;
  return PZ_OK;
}

/* The members still running, each inside its solve (mu held). */
static int all_solving(const pz_portfolio *pf) {
  int solving = 0;
  for (int i = 0; i < pf->n; i++) solving += pf->m[i].solving;
  return solving == pf->running;
}

/* The caller's side of a race: polls until every member has ended, or
 * until the grace after a stop has passed with the members left all
 * inside their solves. */
static void referee(pz_portfolio *pf) {
  double stopped_at = -1;
  pthread_mutex_lock(&pf->mu);
  while (pf->running > 0) {
    double now = pz_clock();
    if (!atomic_load(&pf->stopping)) {
      int stop = pf->deadline > 0 && now >= pf->deadline;
      if (!stop && pf->stop) {
        /* The callback is the caller's: run it unlocked. */
        pthread_mutex_unlock(&pf->mu);
        stop = pf->stop(pf->stop_state);
        pthread_mutex_lock(&pf->mu);
      }
      if (stop) atomic_store(&pf->stopping, 1);
    }
    if (atomic_load(&pf->stopping) && stopped_at < 0) stopped_at = now;
    if (stopped_at >= 0 && now >= stopped_at + GRACE && all_solving(pf))
      break; /* left running */
    double wake = now + POLL_EVERY;
    if (pf->deadline > 0 && pf->deadline > now && pf->deadline < wake)
      wake = pf->deadline;
    if (stopped_at >= 0 && stopped_at + GRACE > now &&
        stopped_at + GRACE < wake)
      wake = stopped_at + GRACE;
    if (pf->running > 0) pz_cond_wait_until(&pf->cv, &pf->mu, wake);
  }
  pf->over = 1;
  pthread_mutex_unlock(&pf->mu);
}


int pz_portfolio_solve(pz_portfolio *pf, const int *assume, size_t n,
                       pz_result *out) {
  if (!out) return PZ_ERR_ARG;
  *out = PZ_UNKNOWN;
  if (!pf || (n && !assume)) return PZ_ERR_ARG;
  pthread_mutex_lock(&pf->mu);
  int left_running = pf->running > 0;
  pthread_mutex_unlock(&pf->mu);
  /* Out of time already: no waiting for the last race's members. */
  if (left_running && ((pf->deadline > 0 && pz_clock() >= pf->deadline) ||
                       (pf->stop && pf->stop(pf->stop_state))))
    return PZ_OK;
  settle(pf);
  pf->winner = -1;
  pf->over = 0;
  pf->assume.len = 0;
  int st = pz_ivec_reserve(&pf->assume, n);
  if (st) return st;
  for (size_t i = 0; i < n; i++) pf->assume.data[pf->assume.len++] = assume[i];
  atomic_store(&pf->stopping, 0);
  int first_err = PZ_OK;
  for (int i = 0; i < pf->n && !first_err; i++)
    if (pf->m[i].s && !pf->m[i].usable && pf->m[i].status < 0)
      first_err = pf->m[i].status;
  /* Nothing to race with (all dropped out): their failure, if any. */
  int usable = 0;
  for (int i = 0; i < pf->n; i++)
    usable += pf->m[i].s && pf->m[i].usable;
  if (!usable) return first_err ? first_err : PZ_ERR_STATE;
  if ((pf->deadline > 0 && pz_clock() >= pf->deadline) ||
      (pf->stop && pf->stop(pf->stop_state)))
    return PZ_OK;
  int threads = 0;
  member *inline_m = NULL;
  pthread_mutex_lock(&pf->mu);
  for (int i = 0; i < pf->n; i++) {
    member *m = &pf->m[i];
    m->started = m->on_caller = 0;
    if (!m->s || !m->usable) continue; /* keeps its last status */
    m->status = PZ_OK;
    m->result = PZ_UNKNOWN;
    pf->running++;
    if (pthread_create(&m->thread, NULL, member_main, m) == 0) {
      m->started = m->joinable = 1;
      threads++;
    } else {
      pf->running--;
      if (!inline_m) inline_m = m;
    }
  }
  pthread_mutex_unlock(&pf->mu);
  if (!threads) {
    /* No thread at all (resources): one member on this thread, where the
     * caller's stop may run. The others sit this race out. */
    inline_m->on_caller = 1;
    pf->running = 1;
    member_race(inline_m);
  } else {
    referee(pf);
  }
  /* Members left running are past loading: what they were given may go. */
  pthread_mutex_lock(&pf->mu);
  left_running = pf->running > 0;
  pthread_mutex_unlock(&pf->mu);
  if (!left_running) settle(pf);
  pf->load = NULL;
  pf->pending.len = 0;
  if (pf->winner >= 0) {
    *out = pf->m[pf->winner].result;
    return PZ_OK;
  }
  /* No answer: a failure only when every member that raced failed. */
  int raced = 0, failed = 0, err = PZ_OK;
  for (int i = 0; i < pf->n; i++) {
    member *m = &pf->m[i];
    if (!m->started && !m->on_caller) continue;
    raced++;
    if (m->status < 0) {
      failed++;
      if (!err) err = m->status;
    }
  }
  return raced && failed == raced ? err : PZ_OK;
}

pz_solver *pz_portfolio_winner(const pz_portfolio *pf) {
  return pf && pf->winner >= 0 ? pf->m[pf->winner].s : NULL;
}

pz_solver *pz_portfolio_take_winner(pz_portfolio *pf) {
  if (!pf || pf->winner < 0) return NULL;
  pz_solver *s = pf->m[pf->winner].s;
  pf->m[pf->winner].s = NULL;
  pf->winner = -1;
  return s;
}

/* Formulas from this many literals up take long to free (about a second
 * for two CaDiCaL instances of the 225x225 Sudoku of docs/BENCHMARKS.md,
 * half loaded): their members are freed on a thread of their own. */
#define FREE_AWAY_LITS 262144

static void *free_all(void *arg) {
  pz_portfolio *pf = (pz_portfolio *)arg;
  settle(pf);
  for (int i = 0; i < pf->n; i++) pz_solver_free(pf->m[i].s);
  pz_ivec_free(&pf->pending);
  pz_ivec_free(&pf->assume);
  pthread_cond_destroy(&pf->cv);
  pthread_mutex_destroy(&pf->mu);
  free(pf->m);
  free(pf);
  return NULL;
}

void pz_portfolio_free(pz_portfolio *pf) {
  if (!pf) return;
  /* The losers of a race on a large formula, or members left running,
   * would hold up the caller's answer: a detached thread frees them (as a
   * watched solve left running frees its solver, solve/watch.h). */
  pthread_mutex_lock(&pf->mu);
  int large = pf->running > 0;
  pthread_mutex_unlock(&pf->mu);
  for (int i = 0; i < pf->n && !large; i++)
    if (pf->m[i].s && pf->m[i].s->lits >= FREE_AWAY_LITS) large = 1;
  pthread_t t;
  pthread_attr_t attr;
  if (large && pthread_attr_init(&attr) == 0) {
    int ok = pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0 &&
             pthread_create(&t, &attr, free_all, pf) == 0;
    pthread_attr_destroy(&attr);
    if (ok) return;
  }
  free_all(pf);
}
