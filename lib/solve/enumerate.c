/* Enumeration by blocking clauses. Each call guards its blocking clauses
 * with a fresh selector variable s: clauses are (-s | block), every solve
 * assumes s, and the unit -s retires them all at the end, so the formula
 * is unchanged for later calls and the solver stays warm. */
#include <string.h>

#include "pz/backend.h"
#include "solve/solver_impl.h"

/* val for pz_block_clause: the cached model (ctx: the pz_solver). */
static int model_val(const void *ctx, int v) {
  const pz_solver *s = (const pz_solver *)ctx;
  return v <= s->model_vars ? s->model[v] : -1;
}

/* Adds (-sel | the current model negated on the projection) straight to
 * the backend: pz_solver_add would make the selector one of the variables
 * a model is read for (pz_solver_new_selector), and refuses a loaded
 * buffer's auxiliaries, which a model without a projection holds. */
static int add_blocking(pz_solver *s, int sel, pz_ivec *clause) {
  int exact = s->has_proj && (s->proj_flags & PZ_PROJECT_EXACT_WEIGHT);
  int st = s->has_proj ? pz_block_clause(clause, sel, s->proj.data, s->proj.len,
                                         exact, model_val, s)
                       : pz_block_clause(clause, sel, NULL,
                                         (size_t)s->model_vars, 0, model_val, s);
  if (st) return st;
  for (size_t i = 0; i < clause->len; i++) s->b->add(s->h, clause->data[i]);
  s->b->add(s->h, 0);
  s->model_valid = 0;
  return PZ_OK;
}

int pz_solver_enumerate(pz_solver *s, uint64_t limit, pz_solution_fn fn,
                        void *state, uint64_t *count, pz_result *stop) {
  if (!s) return PZ_ERR_ARG;
  int sel, st = count && stop ? pz_solver_new_selector(s, &sel) : PZ_ERR_ARG;
  if (st) {
    pz_solver_end(s); /* the pending assumptions belonged to this call */
    return st;
  }
  *count = 0;
  *stop = PZ_UNKNOWN;
  pz_ivec clause = {0};
  pz_solver_begin(s);
  for (;;) {
    pz_result r;
    st = pz_solver_solve_with(s, &sel, 1, &r);
    if (st) break;
    if (r != PZ_SAT) {
      *stop = r;
      break;
    }
    ++*count;
    if ((fn && fn(state, s)) || (limit && *count >= limit)) {
      *stop = PZ_SAT;
      break;
    }
    if ((st = add_blocking(s, sel, &clause))) break;
  }
  pz_ivec_free(&clause);
  /* Retire the selector (once a solve left running has ended). The model
   * cache is a copy, so the last solution stays readable when the
   * enumeration stopped on one. */
  int rs = pz_solver_add_unit_later(s, -sel);
  if (!st) st = rs;
  s->model_valid = *stop == PZ_SAT;
  pz_solver_end(s);
  return st;
}

int pz_solver_count(pz_solver *s, uint64_t cap, uint64_t *count,
                    pz_result *stop) {
  return pz_solver_enumerate(s, cap, NULL, NULL, count, stop);
}

/* Keeps a copy of the first model so it can be restored afterwards. */
static int save_first(void *state, const pz_solver *cs) {
  pz_solver *s = (pz_solver *)state;
  (void)cs;
  if (s->saved_model_vars >= 0) return 0;
  size_t need = (size_t)s->model_vars + 1;
  if (need > s->saved_cap) {
    signed char *m = (signed char *)realloc(s->saved, need);
    if (!m) return 1;
    s->saved = m;
    s->saved_cap = need;
  }
  memcpy(s->saved, s->model, need);
  s->saved_model_vars = s->model_vars;
  return 0;
}

int pz_solver_unique(pz_solver *s, int *solutions, pz_result *stop) {
  if (!s) return PZ_ERR_ARG;
  if (!solutions || !stop) {
    pz_solver_end(s);
    return PZ_ERR_ARG;
  }
  uint64_t count;
  s->saved_model_vars = -1;
  int st = pz_solver_enumerate(s, 2, save_first, s, &count, stop);
  if (st) return st;
  if (count >= 1 && s->saved_model_vars < 0) return PZ_ERR_NOMEM;
  /* Interrupted before the answer was known: count is a lower bound. */
  *solutions = (int)count;
  if (count >= 1) {
    /* The first model becomes the readable one again. */
    signed char *t = s->model;
    size_t tc = s->model_cap;
    s->model = s->saved;
    s->model_cap = s->saved_cap;
    s->saved = t;
    s->saved_cap = tc;
    s->model_vars = s->saved_model_vars;
    s->model_valid = 1;
  }
  return PZ_OK;
}
