/* The solving calls every puzzle kind shares: encode, load into a solver
 * (fresh, or one reused solver with the givens as assumptions), solve,
 * enumerate, count, check uniqueness, decode. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "enum/cells.h"
#include "puzzle/grid_cnf.h"
#include "puzzle/puzzle_impl.h"
#include "solve/portfolio.h"
#include "solve/solver_ext.h"

int pz_puzzle_init(pz_puzzle **out, const pz_puzzle_ops *ops, int rows,
                   int cols, int max_value) {
  *out = NULL;
  pz_puzzle *p = (pz_puzzle *)calloc(1, sizeof *p);
  if (!p) return PZ_ERR_NOMEM;
  pz_options def = PZ_OPTIONS_INIT;
  p->ops = ops;
  p->rows = rows;
  p->cols = cols;
  p->max_value = max_value;
  p->opt = def;
  size_t cells = (size_t)rows * (size_t)cols;
  p->givens = (int *)calloc(cells, sizeof(int));
  p->grid = (int *)calloc(cells, sizeof(int));
  if (!p->givens || !p->grid || pz_cnf_new(&p->cnf)) {
    free(p->givens);
    free(p->grid);
    free(p);
    return PZ_ERR_NOMEM;
  }
  *out = p;
  return PZ_OK;
}

void pz_puzzle_invalidate(pz_puzzle *p) {
  pz_solver_free(p->solver);
  p->solver = NULL;
  p->rules_loaded = 0;
}

void pz_puzzle_rules_changed(pz_puzzle *p) {
  pz_puzzle_invalidate(p);
  pz_rules_cache_free(p->rules);
  p->rules = NULL;
}

void pz_puzzle_free(pz_puzzle *p) {
  if (!p) return;
  pz_puzzle_rules_changed(p);
  if (p->ops->destroy) p->ops->destroy(p);
  pz_cnf_free(p->cnf);
  free(p->givens);
  free(p->grid);
  free(p->backend);
  free(p);
}

const char *pz_puzzle_kind(const pz_puzzle *p) { return p ? p->ops->kind : NULL; }
int pz_puzzle_rows(const pz_puzzle *p) { return p ? p->rows : 0; }
int pz_puzzle_cols(const pz_puzzle *p) { return p ? p->cols : 0; }
int pz_puzzle_max_value(const pz_puzzle *p) { return p ? p->max_value : 0; }

int pz_puzzle_own_cell(const pz_puzzle *p, int cell) {
  char name[32];
  if (cell < 0 || cell >= p->rows * p->cols) return 0;
  return !p->ops->cell_name || p->ops->cell_name(p, cell, name, sizeof name);
}

int pz_puzzle_name_cell(const pz_puzzle *p, int cell, char *buf, size_t len,
                        int *own) {
  if (!p || !buf || !len || cell < 0 || cell >= p->rows * p->cols)
    return PZ_ERR_ARG;
  int mine = 1;
  if (p->ops->cell_name) mine = p->ops->cell_name(p, cell, buf, len);
  else snprintf(buf, len, "r%dc%d", cell / p->cols + 1, cell % p->cols + 1);
  if (own) *own = mine;
  return PZ_OK;
}
const int *pz_puzzle_givens(const pz_puzzle *p) { return p ? p->givens : NULL; }
const pz_solver *pz_puzzle_solver(const pz_puzzle *p) { return p ? p->solver : NULL; }

int pz_puzzle_set_options(pz_puzzle *p, const pz_options *given) {
  if (!p || !given || given->version < 1 ||
      given->version > PZ_OPTIONS_VERSION)
    return PZ_ERR_ARG;
  /* A version 1 struct ends before `enumerate`: read only that much. */
  pz_options v = PZ_OPTIONS_INIT, *opt = &v;
  memcpy(&v, given, given->version == 1 ? offsetof(pz_options, enumerate)
                                        : sizeof v);
  v.version = PZ_OPTIONS_VERSION;
  if ((unsigned)opt->enumerate >= PZ_ENUM_METHOD_COUNT || opt->threads < 0 ||
      opt->part > opt->parts || (opt->parts && !opt->part) ||
      opt->parts > PZ_ENUM_MAX_LAZY_PARTS)
    return PZ_ERR_ARG;
  if (opt->time_limit < 0 || opt->time_limit != opt->time_limit ||
      (unsigned)opt->strategy > PZ_STRATEGY_ASSUME ||
      (unsigned)opt->amo >= PZ_AMO_COUNT || (unsigned)opt->card >= PZ_CARD_COUNT)
    return PZ_ERR_ARG;
  char *name = NULL;
  if (opt->backend) {
    /* An unknown name is refused now, not at the first solve. */
    if (!pz_backend_known(opt->backend)) return PZ_ERR_BACKEND;
    size_t len = strlen(opt->backend) + 1;
    if (!(name = (char *)malloc(len))) return PZ_ERR_NOMEM;
    memcpy(name, opt->backend, len);
  }
  free(p->backend);
  p->backend = name;
  p->opt = *opt;
  p->opt.backend = name;
  pz_puzzle_rules_changed(p); /* a new backend or encoding */
  return PZ_OK;
}

int pz_puzzle_set_givens(pz_puzzle *p, const int *givens) {
  if (!p) return PZ_ERR_ARG;
  size_t cells = (size_t)p->rows * (size_t)p->cols;
  if (!givens) {
    memset(p->givens, 0, cells * sizeof(int));
    return PZ_OK;
  }
  for (size_t c = 0; c < cells; c++)
    if (givens[c] < 0 || (givens[c] && !p->ops->given_ok(p, (int)c, givens[c])))
      return PZ_ERR_RANGE;
  memcpy(p->givens, givens, cells * sizeof(int));
  return PZ_OK;
}

int pz_puzzle_check_givens(const pz_puzzle *p, pz_parse_info *info) {
  if (!p) return PZ_ERR_ARG;
  if (!p->ops->check_givens) return PZ_OK;
  return p->ops->check_givens((pz_puzzle *)p, info);
}

/* --- The limits of one call ---------------------------------------------
 * A call's time limit and terminate callback cover everything it does:
 * encoding (the encoders poll p->poll), loading the formula into a solver
 * (polled between clauses) and solving (the solver polls the hook below,
 * with the time left as its own limit). A stop anywhere ends the call as
 * PZ_UNKNOWN and leaves the puzzle as usable as before. */

static void begin_call(pz_puzzle *p, pz_poll *pl) {
  pz_poll_start_options(pl, &p->opt);
  p->poll = pl;
  p->answered_early = 0;
}

/* The call is answered before any encoding reached a backend (propagation
 * or probing decided it, or the givens contradict the rules). last_vars
 * stays the rules' size: prepare_solver measures the solver against it. */
static void answered_early(pz_puzzle *p) { p->answered_early = 1; }

static void end_call(pz_puzzle *p) { p->poll = NULL; }

static int has_limits(const pz_puzzle *p) {
  return p->opt.time_limit > 0 || p->opt.terminate != NULL;
}

/* The solver's terminate hook: the running call's poll. */
static int solver_hook(void *state) {
  pz_puzzle *p = (pz_puzzle *)state;
  return p->poll ? pz_poll_check(p->poll) : 0;
}

/* Gives the solver what is left of the call's time: PZ_STOPPED when
 * nothing is. */
static int arm_solver(pz_puzzle *p) {
  if (!has_limits(p)) return PZ_OK;
  if (pz_poll_check(p->poll)) return PZ_STOPPED;
  double left = pz_poll_left(p->poll);
  if (left < 0) return PZ_STOPPED;
  return pz_solver_set_time_limit(p->solver, left);
}

static int load_stop(void *state) { return pz_poll_check((pz_poll *)state); }

/* Loads p->cnf into p->solver, polling between clauses. */
static int load(pz_puzzle *p) {
  if (!has_limits(p)) return pz_solver_add_cnf(p->solver, p->cnf);
  int stopped = 0;
  int st = pz_solver_add_cnf_until(p->solver, p->cnf, load_stop, p->poll,
                                   &stopped);
  return st ? st : stopped ? PZ_STOPPED : PZ_OK;
}

int pz_puzzle_encode(pz_puzzle *p, pz_cnf *cnf) {
  return pz_puzzle_encode_ex(p, cnf, 0, NULL);
}

int pz_puzzle_encode_ex(pz_puzzle *p, pz_cnf *cnf, unsigned flags,
                        int *complete) {
  if (!p || !cnf || (flags & ~PZ_ENCODE_FULL)) return PZ_ERR_ARG;
  if (complete) *complete = 0;
  if ((flags & PZ_ENCODE_FULL) && !p->ops->encode_full)
    return PZ_ERR_UNSUPPORTED;
  pz_poll pl;
  if (complete) begin_call(p, &pl);
  int st = (flags & PZ_ENCODE_FULL) ? p->ops->encode_full(p, cnf)
                                    : p->ops->encode(p, cnf);
  end_call(p);
  /* The encoding state now matches cnf, not a reused solver's rules. */
  if (p->rules_loaded) pz_puzzle_invalidate(p);
  if (st == PZ_STOPPED) return PZ_OK;
  if (!st && complete) *complete = 1;
  return st;
}

int pz_puzzle_var_meaning(const pz_puzzle *p, int var, int *cell,
                          int *value) {
  if (!p) return PZ_ERR_ARG;
  if (!p->ops->var_meaning) return PZ_ERR_UNSUPPORTED;
  return p->ops->var_meaning(p, var, cell, value);
}

int pz_puzzle_decided(const pz_puzzle *p, int *grid) {
  if (!p || !grid) return PZ_ERR_ARG;
  if (!p->ops->decided) return PZ_ERR_UNSUPPORTED;
  return p->ops->decided(p, grid);
}

int pz_puzzle_last_size(const pz_puzzle *p, int *vars, size_t *clauses) {
  if (!p) return PZ_ERR_ARG;
  if (vars) *vars = p->answered_early ? 0 : p->last_vars;
  if (clauses) *clauses = p->answered_early ? 0 : p->last_clauses;
  return PZ_OK;
}

static int solver_val(const void *ctx, int var) {
  return pz_solver_value((const pz_solver *)ctx, var);
}

static int use_assume(const pz_puzzle *p) {
  if (!p->ops->encode_rules || !p->ops->given_lits) return 0;
  if (p->opt.strategy == PZ_STRATEGY_ASSUME) return 1;
  if (p->opt.strategy == PZ_STRATEGY_FRESH) return 0;
  /* Loading the rules costs about two fresh solves (docs/BENCHMARKS.md),
   * so AUTO reuses a solver only once this puzzle object is solved again:
   * a file of puzzles, not a single one. */
  return p->calls > 0 &&
         (long long)p->rows * p->cols <= p->ops->assume_max_cells;
}

static int new_solver(pz_puzzle *p) {
  pz_solver_free(p->solver);
  p->solver = NULL;
  p->rules_loaded = 0;
  int st = pz_solver_new(&p->solver, p->backend);
  if (st) return st;
  /* Without limits no hook, so a backend can solve undisturbed. */
  if (has_limits(p)) pz_solver_set_terminate(p->solver, p, solver_hook);
  return PZ_OK;
}

/* Leaves p->solver holding this puzzle with its givens, ready to solve.
 * PZ_STOPPED when the call's limits stopped it first. */
static int prepare_solver(pz_puzzle *p) {
  int st;
  if (use_assume(p)) {
    /* Each unique/count call leaves a retired selector variable behind,
     * and the backend pays for every variable on each solve (CaDiCaL
     * extends and copies its whole assignment): once they outnumber the
     * rules' variables twice, start again from the rules (docs/BENCHMARKS.md,
     * "Solve + uniqueness against QQWing"). */
    if (p->rules_loaded &&
        pz_solver_num_vars(p->solver) - p->last_vars > 2 * p->last_vars + 1024)
      p->rules_loaded = 0;
    if (!p->rules_loaded) {
      pz_cnf_clear(p->cnf);
      if ((st = new_solver(p))) return st;
      if ((st = p->ops->encode_rules(p, p->cnf))) return st;
      p->last_vars = pz_cnf_num_vars(p->cnf);
      p->last_clauses = pz_cnf_num_clauses(p->cnf);
      if ((st = load(p))) return st;
      p->rules_loaded = 1;
    }
    pz_ivec lits = {0};
    st = p->ops->given_lits(p, &lits);
    for (size_t i = 0; i < lits.len && !st; i++)
      st = pz_solver_assume(p->solver, lits.data[i]);
    pz_ivec_free(&lits);
    return st;
  }
  pz_cnf_clear(p->cnf);
  if ((st = new_solver(p))) return st;
  if ((st = p->ops->encode(p, p->cnf))) return st;
  p->last_vars = pz_cnf_num_vars(p->cnf);
  p->last_clauses = pz_cnf_num_clauses(p->cnf);
  return load(p);
}

static int prepare(pz_puzzle *p) {
  int st = prepare_solver(p);
  if (!st) st = arm_solver(p);
  if (!st) p->calls++;
  return st;
}

/* A failed call must not leave half-set assumptions for the next one. A
 * stopped one keeps its half-loaded solver until the next call needs
 * another (freeing a large one takes a while), but never reuses it. */
static int fail(pz_puzzle *p, int st) {
  if (st == PZ_STOPPED) {
    p->rules_loaded = 0;
    return PZ_OK;
  }
  pz_puzzle_invalidate(p);
  return st;
}

/* Work for failed-literal probing before the backend (units: clause
 * visits of pz's own search, probe.c), and the largest grid it
 * runs on, in (cell, value) literals: 25x25 (the probing keeps a second,
 * full formula of the rules; a 64x64 one would take a gigabyte). */
#define PROBE_BUDGET 4000000
#define PROBE_MAX_LITS (25 * 25 * 25)

/* With a reused solver each call costs a search under assumptions; the
 * givens often decide the grid by themselves (half of the 17-clue set), so
 * try that first, then failed-literal probing (nearly every other puzzle
 * of top1465: docs/BENCHMARKS.md, "Solve + uniqueness against QQWing"). A
 * fresh encoding does the propagation anyway, and the probing's formula
 * pays off only over many calls. */
static int quick_on = 1; /* pz_puzzle_set_quick */

static int presolved(pz_puzzle *p, int want, int *grid, int *solved) {
  *solved = 0;
  if (!grid) grid = p->grid;
  /* The kind's own search costs less than encoding even once (a 9x9
   * Sudoku: docs/BENCHMARKS.md, "Solving 9x9 beside tdoku"); AUTO's
   * choice: a strategy asked for by name means the SAT backend. */
  if (quick_on && p->ops->search && p->opt.strategy == PZ_STRATEGY_AUTO) {
    int st = p->ops->search(p, want, grid, solved);
    if (st || *solved) return st;
  }
  if (!use_assume(p)) return PZ_OK;
  if (p->ops->presolve) {
    int st = p->ops->presolve(p, grid, solved);
    if (st || *solved) return st;
  }
  if (!pz_puzzle_probing() ||
      (long long)p->rows * p->cols * p->max_value > PROBE_MAX_LITS)
    return PZ_OK;
  return pz_puzzle_probe(p, p->givens, want, PROBE_BUDGET, grid, solved);
}

static int solve_call(pz_puzzle *p, int *solution, pz_result *out) {
  *out = PZ_UNKNOWN;
  int solved, st = presolved(p, 1, solution, &solved);
  if (st) return st;
  if (solved) {
    answered_early(p);
    *out = solved > 0 ? PZ_SAT : PZ_UNSAT; /* a solution, or none */
    return PZ_OK;
  }
  st = prepare(p);
  if (st == PZ_GIVENS_CONTRADICT) {
    answered_early(p);
    *out = PZ_UNSAT;
    return PZ_OK;
  }
  if (!st) st = pz_solver_solve(p->solver, out);
  if (st) return fail(p, st);
  if (*out == PZ_SAT && solution) p->ops->decode(p, solver_val, p->solver, solution);
  return PZ_OK;
}

/* --- A portfolio (opt.threads > 1) -------------------------------------
 * solve and unique race opt.threads differently configured solvers on one
 * fresh, simplified encoding (solve/portfolio.h). The strategy does not
 * apply: a portfolio is for one hard puzzle, nothing is reused across
 * calls. The last race's winner becomes p->solver (for statistics). */

static int race_stop(void *state) { return pz_poll_check((pz_poll *)state); }

/* Encodes p fresh and makes the portfolio that will load it. */
static int race_prepare(pz_puzzle *p, pz_portfolio **pf) {
  *pf = NULL;
  pz_puzzle_invalidate(p);
  pz_cnf_clear(p->cnf);
  int st = p->ops->encode(p, p->cnf);
  if (st) return st;
  p->last_vars = pz_cnf_num_vars(p->cnf);
  p->last_clauses = pz_cnf_num_clauses(p->cnf);
  pz_portfolio_config cfg = {p->opt.threads, p->backend, 0, NULL, NULL};
  if (has_limits(p)) {
    if (pz_poll_check(p->poll)) return PZ_STOPPED;
    cfg.deadline = p->poll->deadline;
    cfg.stop = race_stop;
    cfg.stop_state = p->poll;
  }
  if ((st = pz_portfolio_new(pf, &cfg))) return st;
  pz_portfolio_load(*pf, p->cnf);
  p->calls++;
  return PZ_OK;
}

static void race_end(pz_puzzle *p, pz_portfolio *pf) {
  p->solver = pz_portfolio_take_winner(pf);
  pz_portfolio_free(pf);
}

static int race_solve_call(pz_puzzle *p, int *solution, pz_result *out) {
  *out = PZ_UNKNOWN;
  pz_portfolio *pf;
  int st = race_prepare(p, &pf);
  if (st == PZ_GIVENS_CONTRADICT) {
    answered_early(p);
    *out = PZ_UNSAT;
    return PZ_OK;
  }
  if (!st) {
    st = pz_portfolio_solve(pf, NULL, 0, out);
    if (!st && *out == PZ_SAT && solution)
      p->ops->decode(p, solver_val, pz_portfolio_winner(pf), solution);
    race_end(p, pf);
  }
  return st ? fail(p, st) : PZ_OK;
}

/* Blocks the winner's solution (on the projection) in every member. */
static int race_block(pz_portfolio *pf, const pz_cnf *cnf,
                      const pz_solver *w) {
  size_t n;
  unsigned flags = 0;
  const int *proj = pz_cnf_projection(cnf, &n, &flags);
  if (!proj) n = (size_t)pz_solver_num_vars(w);
  pz_ivec clause = {0};
  int st = pz_block_clause(&clause, 0, proj, n,
                           (flags & PZ_PROJECT_EXACT_WEIGHT) != 0, solver_val, w);
  if (!st) st = pz_portfolio_add_clause(pf, clause.data, clause.len);
  pz_ivec_free(&clause);
  return st;
}

/* The first race finds a solution, the second races for another. */
static int race_unique_call(pz_puzzle *p, int *solutions, int *solution,
                            pz_result *stop) {
  *solutions = 0;
  *stop = PZ_UNKNOWN;
  pz_portfolio *pf;
  int st = race_prepare(p, &pf);
  if (st == PZ_GIVENS_CONTRADICT) {
    answered_early(p);
    *stop = PZ_UNSAT;
    return PZ_OK;
  }
  if (st) return fail(p, st);
  pz_result r;
  st = pz_portfolio_solve(pf, NULL, 0, &r);
  if (!st && r == PZ_UNSAT) *stop = PZ_UNSAT;
  if (!st && r == PZ_SAT) {
    *solutions = 1;
    if (solution) p->ops->decode(p, solver_val, pz_portfolio_winner(pf), solution);
    st = race_block(pf, p->cnf, pz_portfolio_winner(pf));
    if (!st) st = pz_portfolio_solve(pf, NULL, 0, &r);
    if (!st && r != PZ_UNKNOWN) {
      *solutions = r == PZ_SAT ? 2 : 1;
      *stop = r == PZ_SAT ? PZ_SAT : PZ_UNSAT;
    }
  }
  race_end(p, pf);
  return st ? fail(p, st) : PZ_OK;
}

void pz_puzzle_set_quick(int on) { quick_on = on; }

/* The kind's solution without a solver, when it can build one quickly
 * (ops->quick_solve), within the running call's limits: *found 0 (the
 * solver's turn, which also sees a stop), 1 a solution in grid, 2 one in
 * grid and another exists. */
static int quick_solved(pz_puzzle *p, int *grid, int *found) {
  *found = 0;
  if (!quick_on || !p->ops->quick_solve || pz_poll_check(p->poll))
    return PZ_OK;
  return p->ops->quick_solve(p, grid ? grid : p->grid, found);
}

int pz_puzzle_solve(pz_puzzle *p, int *solution, pz_result *out) {
  if (!p || !out) return PZ_ERR_ARG;
  pz_poll pl;
  begin_call(p, &pl);
  int found, st = quick_solved(p, solution, &found);
  if (!st && found) *out = PZ_SAT;
  else if (!st)
    st = p->opt.threads > 1 ? race_solve_call(p, solution, out)
                            : solve_call(p, solution, out);
  end_call(p);
  return st;
}

typedef struct grid_cb {
  pz_puzzle *p;
  pz_grid_fn fn;
  void *state;
  signed char *val; /* a model's values by variable (new methods) */
  int nvars;
} grid_cb;

static int on_solution(void *state, const pz_solver *s) {
  grid_cb *cb = (grid_cb *)state;
  cb->p->ops->decode(cb->p, solver_val, s, cb->p->grid);
  return cb->fn(cb->state, cb->p->grid);
}

static int model_val(const void *ctx, int var) {
  const grid_cb *cb = (const grid_cb *)ctx;
  return var >= 1 && var <= cb->nvars ? cb->val[var] : 0;
}

static int on_model(void *state, const int *lits, size_t n) {
  grid_cb *cb = (grid_cb *)state;
  for (size_t i = 0; i < n; i++) {
    int v = lits[i] < 0 ? -lits[i] : lits[i];
    if (v <= cb->nvars) cb->val[v] = (signed char)(lits[i] < 0 ? -1 : 1);
  }
  cb->p->ops->decode(cb->p, model_val, cb, cb->p->grid);
  return cb->fn(cb->state, cb->p->grid);
}

/* The methods beyond one solver with blocking clauses, threads and parts
 * (pz_cnf_enumerate) work on a fresh encoding, not on a loaded solver. */
static int uses_enum_call(const pz_puzzle *p) {
  return p->opt.enumerate != PZ_ENUM_BLOCKING || p->opt.threads > 1 ||
         p->opt.parts > 0;
}

static int enumerate_cnf(pz_puzzle *p, uint64_t limit, pz_grid_fn fn,
                         void *state, uint64_t *count, pz_result *stop) {
  pz_cnf_clear(p->cnf);
  if (p->rules_loaded) pz_puzzle_invalidate(p);
  int st = p->ops->encode(p, p->cnf);
  if (st == PZ_STOPPED) return PZ_OK;
  if (st == PZ_GIVENS_CONTRADICT) {
    answered_early(p);
    *stop = PZ_UNSAT;
    return PZ_OK;
  }
  if (st) return st;
  p->last_vars = pz_cnf_num_vars(p->cnf);
  p->last_clauses = pz_cnf_num_clauses(p->cnf);
  p->calls++;
  pz_enum_options o = PZ_ENUM_OPTIONS_INIT;
  o.backend = p->backend;
  o.method = p->opt.enumerate;
  o.threads = p->opt.threads;
  o.part = p->opt.part;
  o.parts = p->opt.parts;
  o.terminate = p->opt.terminate;
  o.terminate_state = p->opt.terminate_state;
  o.progress = p->opt.progress;
  o.progress_state = p->opt.progress_state;
  if (p->opt.time_limit > 0) {
    double left = pz_poll_left(p->poll);
    if (left < 0 || pz_poll_check(p->poll)) return PZ_OK;
    o.time_limit = left;
  }
  grid_cb cb = {p, fn, state, NULL, p->last_vars};
  if (fn) {
    cb.val = (signed char *)calloc((size_t)cb.nvars + 1, 1);
    if (!cb.val) return PZ_ERR_NOMEM;
  }
  /* AUTO counts on the cells where the rules are cells and groups. */
  pz_cells *cells = NULL;
  if (o.method == PZ_ENUM_AUTO && p->ops->cells)
    st = p->ops->cells(p, p->last_vars, &cells);
  if (!st)
    st = pz_cnf_enumerate_cells(p->cnf, cells, NULL, 0, &o, limit,
                                fn ? on_model : NULL, &cb, count, stop);
  pz_cells_free(cells);
  free(cb.val);
  return st;
}

static int enumerate_call(pz_puzzle *p, uint64_t limit, pz_grid_fn fn,
                          void *state, uint64_t *count, pz_result *stop) {
  *count = 0;
  *stop = PZ_UNKNOWN;
  if (uses_enum_call(p)) return enumerate_cnf(p, limit, fn, state, count, stop);
  int st = prepare(p);
  if (st == PZ_GIVENS_CONTRADICT) {
    answered_early(p);
    *stop = PZ_UNSAT;
    return PZ_OK;
  }
  if (st) return fail(p, st);
  grid_cb cb = {p, fn, state, NULL, 0};
  st = pz_solver_enumerate(p->solver, limit, fn ? on_solution : NULL, &cb,
                           count, stop);
  return st ? fail(p, st) : PZ_OK;
}

int pz_puzzle_enumerate(pz_puzzle *p, uint64_t limit, pz_grid_fn fn,
                        void *state, uint64_t *count, pz_result *stop) {
  if (!p || !count || !stop) return PZ_ERR_ARG;
  pz_poll pl;
  begin_call(p, &pl);
  int st = enumerate_call(p, limit, fn, state, count, stop);
  end_call(p);
  return st;
}

int pz_puzzle_count(pz_puzzle *p, uint64_t cap, uint64_t *count,
                    pz_result *stop) {
  return pz_puzzle_enumerate(p, cap, NULL, NULL, count, stop);
}

static int estimate_call(pz_puzzle *p, const pz_estimate_options *eopt,
                         pz_estimate *out) {
  pz_cnf_clear(p->cnf);
  if (p->rules_loaded) pz_puzzle_invalidate(p);
  int st = p->ops->encode(p, p->cnf);
  if (st == PZ_STOPPED) {
    out->stopped = 1;
    return PZ_OK;
  }
  if (st == PZ_GIVENS_CONTRADICT) { /* exactly none */
    answered_early(p);
    out->exact = 1;
    return PZ_OK;
  }
  if (st) return st;
  p->last_vars = pz_cnf_num_vars(p->cnf);
  p->last_clauses = pz_cnf_num_clauses(p->cnf);
  p->calls++;
  pz_enum_options o = PZ_ENUM_OPTIONS_INIT;
  o.threads = p->opt.threads;
  o.terminate = p->opt.terminate;
  o.terminate_state = p->opt.terminate_state;
  if (p->opt.time_limit > 0) {
    double left = pz_poll_left(p->poll);
    if (left < 0 || pz_poll_check(p->poll)) {
      out->stopped = 1;
      return PZ_OK;
    }
    o.time_limit = left;
  }
  return pz_cnf_estimate(p->cnf, NULL, 0, &o, eopt, out);
}

int pz_puzzle_estimate(pz_puzzle *p, const pz_estimate_options *eopt,
                       pz_estimate *out) {
  if (!p || !out) return PZ_ERR_ARG;
  memset(out, 0, sizeof *out);
  pz_poll pl;
  begin_call(p, &pl);
  double start = pz_clock();
  int st = estimate_call(p, eopt, out);
  out->seconds = pz_clock() - start;
  end_call(p);
  return st;
}

static int unique_call(pz_puzzle *p, int *solutions, int *solution,
                       pz_result *stop) {
  *solutions = 0;
  *stop = PZ_UNKNOWN;
  int decided, st = presolved(p, 2, solution, &decided);
  if (st) return st;
  if (decided) {
    answered_early(p);
    /* Singles and failed literals are forced moves: a grid they complete
     * is the only one; or probing met two different solutions. */
    *solutions = decided > 0 ? decided : 0;
    *stop = decided > 1 ? PZ_SAT : PZ_UNSAT;
    return PZ_OK;
  }
  st = prepare(p);
  if (st == PZ_GIVENS_CONTRADICT) {
    answered_early(p);
    *stop = PZ_UNSAT;
    return PZ_OK;
  }
  if (!st) st = pz_solver_unique(p->solver, solutions, stop);
  if (st) return fail(p, st);
  if (*solutions >= 1 && solution) p->ops->decode(p, solver_val, p->solver, solution);
  return PZ_OK;
}

int pz_puzzle_unique(pz_puzzle *p, int *solutions, int *solution,
                     pz_result *stop) {
  if (!p || !solutions || !stop) return PZ_ERR_ARG;
  pz_poll pl;
  begin_call(p, &pl);
  /* One quick solution does not settle uniqueness; one with a twin does. */
  int found, st = quick_solved(p, solution, &found);
  if (!st && found == 2) {
    *solutions = 2;
    *stop = PZ_SAT;
  } else if (!st) {
    st = p->opt.threads > 1 ? race_unique_call(p, solutions, solution, stop)
                            : unique_call(p, solutions, solution, stop);
  }
  end_call(p);
  return st;
}
