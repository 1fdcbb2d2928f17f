/* Internals of pz_solver shared by the files of lib/solve (solver.c,
 * enumerate.c, portfolio.c); private to lib/solve: the layers above use
 * solve/solver_ext.h. */
#ifndef PZ_SOLVER_IMPL_H
#define PZ_SOLVER_IMPL_H

#include "core/vec.h"
#include "pz/solver.h"
#include "solve/solver_ext.h"
#include "solve/watch.h"

struct pz_solver {
  const struct pz_backend *b;
  void *h;                 /* the backend's solver instance */
  char *name;              /* "NAME:ARG" it was made by, else NULL */
  int max_var;
  int model_max;           /* the largest variable that is not a selector
                              of pz's own (pz_solver_new_selector): the
                              model is read up to here */
  pz_ivec assumptions;     /* applied to every solve of the next call */
  pz_ivec proj;
  unsigned proj_flags;
  int has_proj;
  double time_limit, deadline;
  int (*user_terminate)(void *);
  void *user_state;
  signed char *model;      /* model[v] = 1 / -1, valid if model_valid */
  size_t model_cap;
  int model_vars, model_valid;
  signed char *saved;      /* a copy of model kept by unique() */
  size_t saved_cap;
  int saved_model_vars;     /* -1 while nothing is saved */
  int last_failed_ok;      /* last answer was UNSAT from pz_solver_solve */
  pz_ivec aux;             /* lo, hi of each loaded buffer's auxiliaries */
  int aux_floor;           /* smallest of them, 0 while there are none */
  int err;                 /* the backend failed (negative status): every
                              later call reports it; 0 while healthy */
  int hook_on;             /* the backend's terminate hook is installed */
  int reserved;            /* variables the backend was told to expect */
  size_t lits;             /* literals added so far (the formula's size) */
  pz_watch *watch;         /* worker for watched solves, made when needed */
  int left_running;        /* the last solve still runs on the worker */
  int solve_result;        /* what the backend's last solve returned */
  pz_ivec deferred;        /* clauses to add once it has ended */
  pz_ivec clause;          /* pz_solver_add's clause until its 0 */
  int dropping;            /* a literal of that clause was refused: the
                              rest of it, up to its 0, is dropped too */
};

/* Waits for a solve left running on the worker, then adds the clauses
 * deferred meanwhile. Called before anything touches the backend. */
void pz_solver_settle(pz_solver *s);
/* A fresh variable for a selector of pz's own (enumerate, unique): like
 * pz_solver_new_var, but the model is not read for it (nor for any later
 * selector), so a solver that checks many puzzles one after the other,
 * each with a selector of its own, does not read a growing model. */
int pz_solver_new_selector(pz_solver *s, int *var);
/* Adds the unit clause lit now, or once a solve left running has ended. */
int pz_solver_add_unit_later(pz_solver *s, int lit);

/* Configuration `index` of the backend for a portfolio (0 = as it is;
 * pz_backend.diversify). Only before anything was added or assumed:
 * PZ_ERR_STATE afterwards. PZ_ERR_UNSUPPORTED when the backend has no
 * configurations and index is not 0. A failure inside the backend is
 * reported by the next solve. */
int pz_solver_diversify(pz_solver *s, unsigned index);
/* 1 when the backend has configurations besides index 0. */
int pz_solver_can_diversify(const pz_solver *s);

/* Starts / ends one public call: sets the deadline, clears assumptions. */
void pz_solver_begin(pz_solver *s);
void pz_solver_end(pz_solver *s);
/* One backend solve under the pending assumptions plus `extra`. */
int pz_solver_solve_with(pz_solver *s, const int *extra, size_t n_extra,
                         pz_result *out);

#endif
