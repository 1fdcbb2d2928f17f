/* True candidates: the values each cell holds in at least one solution,
 * and optionally how many solutions hold each, up to a cap.
 *
 * One backend solver holds the rules' full formula (pz_grid_cnf: every
 * (cell, value) has a literal) with the givens assumed. A solution marks
 * every (cell, value) it shows. Then one question at a time: "a solution
 * showing at least one (cell, value) not marked yet" (a clause over those
 * literals, switched on by a fresh selector for that question only). SAT
 * marks at least one new pair; UNSAT proves every pair still unmarked
 * impossible at once. So a puzzle with a unique solution costs two solves,
 * and in general one solve per solution that shows something new, plus
 * one: never more than one per pair, as asking pair by pair would. */
#include <stdlib.h>
#include <string.h>

#include "puzzle/grid_cnf.h"
#include "puzzle/puzzle_impl.h"
#include "solve/solver_ext.h"

typedef struct cand {
  pz_puzzle *p;
  pz_grid_cnf *g;
  pz_solver *s;
  pz_poll poll;
  unsigned char *possible;
  uint64_t *counts;     /* NULL when not asked */
  uint64_t cap;
  uint64_t solves;      /* backend solves so far */
  int *grid;            /* scratch: a solution */
  int *own;             /* 1 for a cell a person fills */
} cand;

static int width(const cand *C) { return C->g->maxv + 1; }

/* pz_grid_read's val on the solver's model (ctx: the pz_solver). */
static int model_val(const void *ctx, int lit) {
  int v = pz_solver_value((const pz_solver *)ctx, lit < 0 ? -lit : lit);
  return lit < 0 ? -v : v;
}

/* The literal that a solution shows value x in cell c, 0 when none can:
 * pz_grid_read shows only values with a literal (and 0 for a cell without
 * any, which then is no question: see mark). */
static int pair_lit(const cand *C, int c, int x) {
  return pz_grid_lit(C->g, c, x);
}

/* Marks what the solver's model shows. */
static void mark(cand *C, const pz_solver *s) {
  pz_grid_read(C->g, model_val, s, C->grid);
  for (int c = 0; c < C->g->cells; c++)
    if (C->own[c] && C->grid[c] >= 0 && C->grid[c] <= C->g->maxv)
      C->possible[c * width(C) + C->grid[c]] = PZ_CANDIDATE_YES;
}

static int poll_stop(void *state) { return pz_poll_check((pz_poll *)state); }

/* One backend solve under the givens and `extra` (n literals). */
static int solve(cand *C, const int *extra, size_t n, pz_result *r) {
  *r = PZ_UNKNOWN;
  double left = pz_poll_left(&C->poll);
  if (left < 0 || pz_poll_check(&C->poll)) return PZ_OK;
  int st = pz_solver_set_time_limit(C->s, left);
  for (size_t i = 0; i < C->g->cube.len && !st; i++)
    st = pz_solver_assume(C->s, C->g->cube.data[i]);
  for (size_t i = 0; i < n && !st; i++) st = pz_solver_assume(C->s, extra[i]);
  if (!st) st = pz_solver_solve(C->s, r);
  C->solves++;
  return st;
}

/* Adds (-sel | every unmarked pair's literal) under a fresh selector;
 * *sel 0 when no pair is left to ask about. */
static int ask_clause(cand *C, int *sel) {
  *sel = 0;
  int st = PZ_OK, any = 0;
  for (int c = 0; c < C->g->cells && !st; c++) {
    if (!C->own[c]) continue;
    for (int x = 0; x <= C->g->maxv && !st; x++) {
      int l = pair_lit(C, c, x);
      if (!l || C->possible[c * width(C) + x] == PZ_CANDIDATE_YES) continue;
      if (!any) {
        if ((st = pz_solver_new_var(C->s, sel))) break;
        st = pz_solver_add(C->s, -*sel);
        any = 1;
      }
      if (!st) st = pz_solver_add(C->s, l);
    }
  }
  if (!st && any) st = pz_solver_add(C->s, 0);
  return st;
}

/* Retires a question's clause for good. */
static int retire(cand *C, int sel) {
  int st = pz_solver_add(C->s, -sel);
  return st ? st : pz_solver_add(C->s, 0);
}

/* The candidates: every own pair with a literal ends YES or NO. */
static int find_candidates(cand *C, pz_result *stop) {
  for (;;) {
    int sel, st = ask_clause(C, &sel);
    if (st || !sel) return st;
    pz_result r;
    st = solve(C, &sel, 1, &r);
    if (!st && r == PZ_SAT) mark(C, C->s);
    int rs = retire(C, sel);
    if (st || rs) return st ? st : rs;
    if (r == PZ_UNKNOWN) {
      *stop = PZ_UNKNOWN;
      return PZ_OK;
    }
    if (r == PZ_UNSAT) return PZ_OK; /* the rest is impossible */
  }
}

/* Counting: every solution of an enumeration tallied on the pairs it shows. */
typedef struct tally {
  cand *C;
  uint64_t *to;
} tally;

static int on_solution(void *state, const pz_solver *s) {
  tally *t = (tally *)state;
  cand *C = t->C;
  pz_grid_read(C->g, model_val, s, C->grid);
  for (int c = 0; c < C->g->cells; c++)
    if (C->own[c] && C->grid[c] >= 0 && C->grid[c] <= C->g->maxv)
      t->to[(size_t)c * width(C) + C->grid[c]]++;
  return 0;
}

/* Enumerates the solutions under the givens and `extra` up to limit (0 =
 * all), tallying into `to` when it is not NULL. *all: 1 when it saw every
 * solution there is; 0 when it reached the limit or was stopped (*stop
 * PZ_UNKNOWN then). */
static int enumerate(cand *C, const int *extra, size_t n, uint64_t limit,
                     uint64_t *to, uint64_t *count, int *all,
                     pz_result *stop) {
  *all = 0;
  *count = 0;
  double left = pz_poll_left(&C->poll);
  if (left < 0 || pz_poll_check(&C->poll)) {
    *stop = PZ_UNKNOWN;
    return PZ_OK;
  }
  int st = pz_solver_set_time_limit(C->s, left);
  for (size_t i = 0; i < C->g->cube.len && !st; i++)
    st = pz_solver_assume(C->s, C->g->cube.data[i]);
  for (size_t i = 0; i < n && !st; i++) st = pz_solver_assume(C->s, extra[i]);
  tally t = {C, to};
  pz_result r = PZ_UNKNOWN;
  if (!st)
    st = pz_solver_enumerate(C->s, limit, to ? on_solution : NULL, &t, count,
                             &r);
  C->solves += *count + (r != PZ_SAT);
  if (st) return st;
  if (r == PZ_UNKNOWN) *stop = PZ_UNKNOWN;
  *all = r == PZ_UNSAT;
  return PZ_OK;
}

/* Counts per pair: one enumeration of every solution when there are at
 * most cap (it answers everything); otherwise one enumeration up to cap
 * per possible pair that the first one did not already fill. */
static int find_counts(cand *C, pz_result *stop) {
  size_t pairs = (size_t)C->g->cells * (size_t)width(C);
  uint64_t n;
  int all;
  int st = enumerate(C, NULL, 0, C->cap ? C->cap + 1 : 0, C->counts, &n,
                     &all, stop);
  if (st || *stop == PZ_UNKNOWN) return st;
  if (n == 0) {
    *stop = PZ_UNSAT;
    return PZ_OK;
  }
  for (size_t i = 0; i < pairs; i++)
    if (C->counts[i]) C->possible[i] = PZ_CANDIDATE_YES;
  if (all) {
    for (size_t i = 0; i < pairs; i++)
      if (C->possible[i] == PZ_CANDIDATE_UNKNOWN) C->possible[i] = PZ_CANDIDATE_NO;
    return PZ_OK;
  }
  if ((st = find_candidates(C, stop)) || *stop == PZ_UNKNOWN) return st;
  for (size_t i = 0; i < pairs; i++) /* the first enumeration saw cap + 1 */
    if (C->counts[i] > C->cap) C->counts[i] = C->cap;
  for (int c = 0; c < C->g->cells; c++) {
    for (int x = 0; x <= C->g->maxv; x++) {
      size_t i = (size_t)c * width(C) + x;
      if (C->possible[i] != PZ_CANDIDATE_YES || C->counts[i] >= C->cap)
        continue;
      int l = pair_lit(C, c, x);
      if (!l) continue; /* a cell without literals: seen in every solution */
      st = enumerate(C, &l, 1, C->cap, NULL, &C->counts[i], &all, stop);
      if (st || *stop == PZ_UNKNOWN) return st;
    }
  }
  return PZ_OK;
}

static int run(cand *C, pz_result *stop) {
  size_t pairs = (size_t)C->g->cells * (size_t)width(C);
  /* Own pairs with a literal are open questions; the rest stay NO, but
   * what a solution shows in a cell without literals gets marked. */
  for (int c = 0; c < C->g->cells; c++)
    for (int x = 0; x <= C->g->maxv; x++)
      if (C->own[c] && pair_lit(C, c, x))
        C->possible[(size_t)c * width(C) + x] = PZ_CANDIDATE_UNKNOWN;
  if (C->counts) {
    memset(C->counts, 0, pairs * sizeof *C->counts);
    return find_counts(C, stop);
  }
  pz_result r;
  int st = solve(C, NULL, 0, &r);
  if (st || r == PZ_UNKNOWN) return st;
  if (r == PZ_UNSAT) {
    *stop = PZ_UNSAT;
    return PZ_OK;
  }
  mark(C, C->s);
  return find_candidates(C, stop);
}

/* After a stop: what was neither shown nor refuted stays UNKNOWN; after a
 * complete run (or no solution) every open question was refuted. */
static void settle(cand *C, pz_result stop) {
  size_t pairs = (size_t)C->g->cells * (size_t)width(C);
  if (stop == PZ_UNKNOWN) return;
  for (size_t i = 0; i < pairs; i++)
    if (C->possible[i] == PZ_CANDIDATE_UNKNOWN || stop == PZ_UNSAT)
      C->possible[i] = PZ_CANDIDATE_NO;
  if (stop == PZ_UNSAT && C->counts)
    memset(C->counts, 0, pairs * sizeof *C->counts);
}

/* A solver holding g's rules: the puzzle's cached one (loaded on first
 * use, kept for later calls and generation), or for clues a new one. */
static int solver_for(cand *C, int cached, pz_solver **s) {
  pz_solver *made = NULL, **slot = cached ? &C->p->rules->solver : &made;
  int st = PZ_OK;
  if (!*slot) {
    if ((st = pz_solver_new(slot, C->p->backend))) return st;
    int stopped = 0;
    st = pz_solver_add_cnf_until(*slot, C->g->cnf, poll_stop, &C->poll,
                                 &stopped);
    if (!st && stopped) st = PZ_STOPPED;
    if (st) {
      pz_solver_free(*slot);
      *slot = NULL;
      return st;
    }
  }
  *s = *slot;
  return PZ_OK;
}

int pz_puzzle_candidates(pz_puzzle *p, unsigned char *possible,
                         uint64_t *counts, uint64_t cap, uint64_t *solves,
                         pz_result *stop) {
  if (solves) *solves = 0;
  if (!p || !possible || !stop) return PZ_ERR_ARG;
  *stop = PZ_UNKNOWN;
  if (!p->ops->encode_full || !p->ops->var_meaning) return PZ_ERR_UNSUPPORTED;
  size_t cells = (size_t)p->rows * (size_t)p->cols;
  size_t pairs = cells * (size_t)(p->max_value + 1);
  memset(possible, PZ_CANDIDATE_NO, pairs);
  if (counts) memset(counts, 0, pairs * sizeof *counts);
  cand C;
  memset(&C, 0, sizeof C);
  C.p = p;
  C.possible = possible;
  C.counts = counts;
  C.cap = cap;
  pz_poll_start_options(&C.poll, &p->opt);
  pz_grid_cnf tmp;
  int st = pz_grid_of(p, &C.poll, &C.g, &tmp);
  if (st == PZ_STOPPED) return PZ_OK;
  if (st) return st;
  C.grid = (int *)malloc(cells * sizeof(int));
  C.own = (int *)malloc(cells * sizeof(int));
  if (!C.grid || !C.own) st = PZ_ERR_NOMEM;
  for (size_t c = 0; c < cells && !st; c++)
    C.own[c] = pz_puzzle_own_cell(p, (int)c);
  if (!st) st = pz_grid_cube(C.g, p->givens, -1);
  if (st == PZ_ERR_RANGE) { /* a given no solution can show */
    *stop = PZ_UNSAT;
    st = PZ_OK;
  } else if (!st) {
    int cached = C.g != &tmp;
    st = solver_for(&C, cached, &C.s);
    if (st == PZ_STOPPED) {
      st = PZ_OK;
    } else if (!st) {
      pz_solver_set_terminate(C.s, &C.poll, poll_stop);
      *stop = PZ_SAT;
      st = run(&C, stop);
      pz_solver_set_terminate(C.s, NULL, NULL);
      pz_solver_set_time_limit(C.s, 0);
      if (!cached) pz_solver_free(C.s);
      else if (st) { /* its state after a failure is not to be trusted */
        pz_solver_free(p->rules->solver);
        p->rules->solver = NULL;
      }
    }
  }
  if (!st) settle(&C, *stop);
  if (solves) *solves = C.solves;
  free(C.grid);
  free(C.own);
  if (C.g == &tmp) pz_grid_cnf_free(&tmp);
  return st;
}
