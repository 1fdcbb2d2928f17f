/* A portfolio: several differently configured solvers race on one
 * formula, each on its own thread; the first definite answer (SAT or
 * UNSAT) wins and the others are stopped through their terminate hooks.
 *
 * Member i is a pz_solver on the same backend, configured by index i
 * (pz_solver_diversify: 0 is the backend's default, so a portfolio always
 * holds the solver a single-thread call would use). A backend without
 * configurations gets one member: identical solvers would only share the
 * cores. Caller's callbacks (stop) run on the caller's thread only; the
 * members poll an atomic flag the caller raises. docs/ARCHITECTURE.md,
 * "Portfolio". */
#ifndef PZ_SOLVE_PORTFOLIO_H
#define PZ_SOLVE_PORTFOLIO_H

#include <stddef.h>

#include "pz/solver.h"

typedef struct pz_portfolio pz_portfolio;

typedef struct pz_portfolio_config {
  int members;              /* solvers racing (>= 1) */
  const char *backend;      /* every member's backend, NULL = the default;
                               read by pz_portfolio_new only */
  double deadline;          /* pz_clock() seconds, 0 = none */
  int (*stop)(void *state); /* polled on the caller's thread every few
                               milliseconds while a race runs (loading
                               included); non-zero stops it; may be NULL */
  void *stop_state;
} pz_portfolio_config;

/* Makes the members, each diversified by its index. PZ_ERR_BACKEND for an
 * unknown backend, PZ_ERR_NOMEM when not even the first could be made
 * (later ones that cannot are left out), PZ_ERR_ARG for members < 1. */
int pz_portfolio_new(pz_portfolio **out, const pz_portfolio_config *cfg);
/* Number of members (after pz_portfolio_new left some out). */
int pz_portfolio_members(const pz_portfolio *pf);

/* Every member loads cnf at the start of the next race, on its own thread
 * (so loading runs in parallel, and the stop and deadline apply to it).
 * cnf is the caller's and must stay unchanged until that race has ended. */
void pz_portfolio_load(pz_portfolio *pf, const pz_cnf *cnf);
/* A clause (n literals, n may be 0) every member adds at the start of the
 * next race (after a pending load). */
int pz_portfolio_add_clause(pz_portfolio *pf, const int *lits, size_t n);

/* The race: every usable member loads and adds what is pending, then
 * solves under the n assumptions (assume stays the caller's). The first
 * SAT or UNSAT answer is *out, and pz_portfolio_winner gives the member
 * (its model readable through pz_solver_value). *out is PZ_UNKNOWN when
 * the deadline or stop came first. A member whose solver fails (out of
 * memory, ...) drops out; the call returns that failure only when every
 * member of the race failed. A member stopped while loading holds part
 * of the formula and drops out of later races. */
int pz_portfolio_solve(pz_portfolio *pf, const int *assume, size_t n,
                       pz_result *out);

/* The member that answered the last race (borrowed; owned by pf), or
 * NULL when it had no answer. */
pz_solver *pz_portfolio_winner(const pz_portfolio *pf);
/* Hands the last race's winner to the caller (who frees it with
 * pz_solver_free); NULL when there was none. pf keeps the others. */
pz_solver *pz_portfolio_take_winner(pz_portfolio *pf);
/* Frees pf and every member it still holds; NULL is a no-op. */
void pz_portfolio_free(pz_portfolio *pf);

#endif
