/* Generation: a random full solution from pz's own search (its branching
 * order shuffled by the seed, so no solver's default phases show), then
 * givens removed orbit by orbit while the solution stays the only one,
 * then the backend proves it (givens + rules + solution blocked: UNSAT).
 *
 * Removing a set O of givens from a puzzle with the unique solution S
 * keeps it unique exactly when no solution of the rest differs from S in
 * a cell of O (one that agreed on O would satisfy every given, so would
 * be S): one refutation per cell of O, each a cube of literals (the
 * other givens, and "c does not hold S(c)") that unit propagation mostly
 * refutes alone. */
#include <stdlib.h>
#include <string.h>

#include "core/names.h"
#include "gen/gen_impl.h"
#include "solve/solver_ext.h"

static const char *const symmetry_names[PZ_SYMMETRY_COUNT] = {
    "none", "rotate180", "rotate90", "mirror", "diagonal"};
static const char *const level_names[PZ_LEVEL_COUNT] = {
    "any", "singles", "probing", "deep-probing", "search"};

const char *pz_symmetry_name(pz_symmetry s) {
  return pz_name_of(symmetry_names, PZ_SYMMETRY_COUNT, (int)s);
}
PZ_FROM_NAME(pz_symmetry_from_name, pz_symmetry, symmetry_names,
             PZ_SYMMETRY_COUNT)

const char *pz_level_name(pz_level l) {
  return pz_name_of(level_names, PZ_LEVEL_COUNT, (int)l);
}
PZ_FROM_NAME(pz_level_from_name, pz_level, level_names, PZ_LEVEL_COUNT)

/* Work for pz's own search before the backend takes over: on a random
 * solution (which solution the search finds depends on it, so it is part
 * of what a seed means), and on one uniqueness question (the answer does
 * not depend on it, only the time: most questions pz's search answers
 * within a few thousand steps, and the ones it does not it seldom answers
 * at all; measured in docs/BENCHMARKS.md). */
#define SEARCH_BUDGET 200000
#define QUESTION_BUDGET 5000

typedef struct gen {
  pz_rules_cache *c; /* the puzzle's (NULL for clues) */
  pz_grid_cnf *g;
  pz_puzzle *p;
  const pz_generate_options *opt;
  pz_poll poll;
  pz_rng rng;
  int *sol, *giv, *orbit, *orbit_start, norbits, *perm;
  int *full, *blank;  /* every clue of the solution; a cell without one */
} gen;

static int poll_stop(void *state) { return pz_poll_check((pz_poll *)state); }

/* Loads the rules into s, polled: PZ_STOPPED when the limits stopped it
 * (s is then of no use). */
static int load(gen *G, pz_solver *s) {
  int stopped = 0;
  int st = pz_solver_add_cnf_until(s, G->g->cnf, poll_stop, &G->poll, &stopped);
  return st ? st : stopped ? PZ_STOPPED : PZ_OK;
}

/* s's next solve bounded by what is left of the time: PZ_STOPPED when
 * nothing is. */
static int limit_to_left(gen *G, pz_solver *s) {
  double left = pz_poll_left(&G->poll);
  if (left < 0) return PZ_STOPPED;
  /* 0: no limit (a limit of 0 left over from an earlier call clears). */
  return pz_solver_set_time_limit(s, left);
}

/* The cached solver, loaded with the rules on first use. */
static int solver_of(gen *G, pz_solver **out) {
  int st;
  if (!G->c->solver) {
    if ((st = pz_solver_new(&G->c->solver, G->p->backend))) return st;
    if ((st = load(G, G->c->solver))) {
      pz_solver_free(G->c->solver);
      G->c->solver = NULL;
      return st;
    }
  }
  *out = G->c->solver;
  return limit_to_left(G, *out);
}

/* The backend's answer for the cube g.cube: PZ_SAT / PZ_UNSAT, or
 * PZ_UNKNOWN when the limits stopped it; < 0 on an error. */
static int backend_answer(gen *G) {
  pz_solver *s;
  int st = solver_of(G, &s);
  if (st == PZ_STOPPED) return PZ_UNKNOWN;
  if (st) return st;
  for (size_t i = 0; i < G->g->cube.len; i++)
    if ((st = pz_solver_assume(s, G->g->cube.data[i]))) return st;
  pz_result r;
  if ((st = pz_solver_solve(s, &r))) return st;
  return (int)r;
}

/* Is the cube g.cube satisfiable? Own search first, then the backend. */
static int satisfiable(gen *G) {
  if (!pz_search_reset(&G->g->s, G->g->cube.data, G->g->cube.len)) return PZ_UNSAT;
  uint64_t budget = QUESTION_BUDGET;
  int r = pz_search_next_polled(&G->g->s, &G->poll, &budget);
  if (r >= 0) return r ? PZ_SAT : PZ_UNSAT;
  if (pz_poll_check(&G->poll)) return PZ_UNKNOWN;
  return backend_answer(G);
}

/* pz_grid_read's val for a solver's model (ctx: the pz_solver). */
static int solver_val(const void *solver, int lit) {
  int v = pz_solver_value((const pz_solver *)solver, lit < 0 ? -lit : lit);
  return lit < 0 ? -v : v;
}

/* A random partial solution in g.cube: cells in random order, each given
 * a random value that unit propagation leaves open, until `want` literals
 * or a refutation (the refuted literal left out). Unit propagation can
 * miss a contradiction, so the backend still has the last word. */
static void random_cube(gen *G, int want) {
  pz_grid_cnf *g = G->g;
  pz_search *s = &g->s;
  g->cube.len = 0;
  if (!pz_search_reset(s, NULL, 0)) return;
  for (int c = 0; c < g->cells; c++) G->perm[c] = c;
  pz_rng_shuffle(&G->rng, G->perm, g->cells);
  for (int i = 0; i < g->cells && (int)g->cube.len < want; i++) {
    int cell = G->perm[i], open = 0, set = 0;
    for (int v = 0; v <= g->maxv; v++) {
      int l = pz_grid_lit(g, cell, v), val = l ? pz_search_value(s, l) : -1;
      open += val == 0;
      set |= val > 0;
    }
    if (set || !open) continue;
    int pick = pz_rng_below(&G->rng, open), l = 0;
    for (int v = 0; v <= g->maxv && !l; v++) {
      int lv = pz_grid_lit(g, cell, v);
      if (lv && !pz_search_value(s, lv) && pick-- == 0) l = lv;
    }
    if (!pz_search_assert(s, l) || pz_ivec_push(&g->cube, l)) return;
  }
}

/* Solves s under the first n literals of g.cube, within the time left. */
static int solve_under(gen *G, pz_solver *s, size_t n, pz_result *r) {
  int st = limit_to_left(G, s);
  for (size_t i = 0; i < n && !st; i++)
    st = pz_solver_assume(s, G->g->cube.data[i]);
  return st ? st : pz_solver_solve(s, r);
}

/* Do the kind's rules with symmetries broken have a solution? PZ_SAT /
 * PZ_UNSAT / PZ_UNKNOWN (stopped), < 0 an error. */
static int reduced_answer(gen *G) {
  double left = pz_poll_left(&G->poll);
  if (left < 0 || pz_poll_check(&G->poll)) return PZ_UNKNOWN;
  pz_puzzle *q;
  int st = G->p->ops->reduced_rules(G->p, &q);
  if (st) return st;
  pz_options o = G->p->opt;
  o.time_limit = left;
  o.progress = NULL;
  st = pz_puzzle_set_options(q, &o);
  pz_result r = PZ_UNKNOWN;
  if (!st) st = pz_puzzle_solve(q, NULL, &r);
  pz_puzzle_free(q);
  return st ? st : (int)r;
}

/* Do the rules have a solution at all? The kind's reduced rules answer
 * when it has them, else s (loaded with the rules, in the backend's
 * default configuration: a diversified one may take far longer to prove
 * there is none). Asked once per cached formula. PZ_SAT / PZ_UNSAT /
 * PZ_UNKNOWN, < 0. */
static int rules_satisfiable(gen *G, pz_solver *s) {
  if (G->c && G->c->sat) return PZ_SAT;
  int r;
  if (G->p->ops->reduced_rules) {
    r = reduced_answer(G);
  } else {
    pz_result plain = PZ_UNKNOWN;
    r = solve_under(G, s, 0, &plain);
    if (r == PZ_OK || r == PZ_STOPPED) r = (int)plain;
  }
  if (G->c && r == PZ_SAT) G->c->sat = 1;
  return r;
}

/* The backend's random solution, for rules or sizes where pz's search
 * thrashes (non-consecutive, 25x25, no solution at all). A fresh solver
 * in its default configuration, so the answer depends on the seed alone,
 * not on earlier calls. Whether the rules have a solution at all is
 * settled first (rules_satisfiable). The solver's first model follows
 * its own phases, the same for every seed (a patterned grid), so it
 * solves under a random partial solution (a quarter of the cells),
 * halved while the backend refutes it. */
static int backend_solution(gen *G) {
  pz_grid_cnf *g = G->g;
  pz_solver *s;
  int st = pz_solver_new(&s, G->p->backend);
  if (st) return st;
  st = load(G, s);
  /* Each solve's limit counts from its start: what is left then. */
  int r = st ? PZ_UNKNOWN : rules_satisfiable(G, s);
  if (r < 0) st = r;
  if (!st && r == PZ_SAT) {
    random_cube(G, g->cells / 4);
    pz_result ru = PZ_UNSAT;
    for (size_t n = g->cube.len; !st && ru == PZ_UNSAT && n; n /= 2)
      st = solve_under(G, s, n, &ru);
    if (!st && ru == PZ_UNSAT) st = solve_under(G, s, 0, &ru);
    r = (int)ru;
  }
  if (!st && r == PZ_SAT) pz_grid_read(g, solver_val, s, G->sol);
  pz_solver_free(s);
  if (st == PZ_STOPPED) return PZ_UNKNOWN;
  return st ? st : (int)r;
}

/* A random full solution into G->sol: PZ_SAT, PZ_UNSAT (no solution at
 * all), PZ_UNKNOWN (stopped), < 0 error. pz's search with its branching
 * order shuffled, a few times; then the backend. */
static int random_solution(gen *G) {
  pz_search *s = &G->g->s;
  memcpy(s->order, G->g->order0, (size_t)s->nproj_order * sizeof(int));
  for (int round = 0; round < 3; round++) {
    pz_rng_shuffle(&G->rng, s->order, s->nproj_order);
    if (!pz_search_reset(s, NULL, 0)) return PZ_UNSAT;
    uint64_t budget = (uint64_t)SEARCH_BUDGET << round;
    int r = pz_search_next_polled(s, &G->poll, &budget);
    if (r == 0) return PZ_UNSAT;
    if (r == 1) {
      pz_grid_read(G->g, pz_grid_search_val, s, G->sol);
      return PZ_SAT;
    }
    if (pz_poll_check(&G->poll)) return PZ_UNKNOWN;
  }
  return backend_solution(G);
}

/* The cells given together with cell (r, c): its orbit's cells into out
 * (at most 4), returns how many. */
static int orbit_of(const pz_puzzle *p, pz_symmetry sym, int r, int c,
                    int *out) {
  /* Within the cell's pane: (r, c) there, mapped back at the end. */
  int C = p->pane_cols > 0 ? p->pane_cols : p->cols, pane = c / C * C;
  int R = p->rows, n = 0, cand[4][2] = {{r, c - pane}};
  c -= pane;
  int k = 1;
  switch (sym) {
    case PZ_SYMMETRY_ROTATE180:
      cand[k][0] = R - 1 - r, cand[k++][1] = C - 1 - c;
      break;
    case PZ_SYMMETRY_ROTATE90:
      cand[k][0] = c, cand[k++][1] = C - 1 - r;
      cand[k][0] = R - 1 - r, cand[k++][1] = C - 1 - c;
      cand[k][0] = R - 1 - c, cand[k++][1] = r;
      break;
    case PZ_SYMMETRY_MIRROR:
      cand[k][0] = r, cand[k++][1] = C - 1 - c;
      break;
    case PZ_SYMMETRY_DIAGONAL:
      cand[k][0] = c, cand[k++][1] = r;
      break;
    default:
      break;
  }
  for (int i = 0; i < k; i++) {
    int cell = cand[i][0] * p->cols + pane + cand[i][1], dup = 0;
    for (int j = 0; j < n; j++) dup |= out[j] == cell;
    if (!dup) out[n++] = cell;
  }
  return n;
}

/* The orbits, each listed once, in G->orbit by G->orbit_start. */
static void make_orbits(gen *G) {
  const pz_puzzle *p = G->p;
  int cells = p->rows * p->cols, at = 0;
  G->norbits = 0;
  for (int cell = 0; cell < cells; cell++) {
    int o[4], n = orbit_of(p, G->opt->symmetry, cell / p->cols, cell % p->cols, o);
    int first = 1;
    for (int j = 0; j < n; j++) first &= o[j] >= cell;
    if (!first) continue;
    G->orbit_start[G->norbits++] = at;
    for (int j = 0; j < n; j++) G->orbit[at++] = o[j];
  }
  G->orbit_start[G->norbits] = at;
}

/* Cell c's given in the full puzzle: its solution value, when the
 * encoding can say it and the cell is the person's (0 otherwise: never
 * given). */
static int full_given(const gen *G, int c) {
  return pz_puzzle_own_cell(G->p, c) && pz_grid_lit(G->g, c, G->sol[c]) ? G->sol[c] : 0;
}

/* Takes clues away, orbits in random order, while still_unique says the
 * puzzle G->giv keeps one solution: from full (every clue) towards blank
 * (what a cell holds without its clue), each orbit tried once. Fewer clues
 * never admit fewer solutions, so the result is minimal (or stops at the
 * givens target). PZ_SAT done, PZ_UNKNOWN stopped, < 0 error; *count gets
 * the clues left. */
static int remove_orbits(gen *G, const int *full, const int *blank,
                         int (*still_unique)(gen *G, const int *o, int k),
                         int *count) {
  int cells = G->p->rows * G->p->cols, target = G->opt->givens;
  int minimal = G->opt->minimal, n = 0;
  for (int c = 0; c < cells; c++) {
    G->giv[c] = full[c];
    n += full[c] != blank[c];
  }
  for (int i = 0; i < G->norbits; i++) G->perm[i] = i;
  pz_rng_shuffle(&G->rng, G->perm, G->norbits);
  for (int i = 0; i < G->norbits; i++) {
    if (!minimal && target && n <= target) break;
    const int *o = G->orbit + G->orbit_start[G->perm[i]];
    int k = G->orbit_start[G->perm[i] + 1] - G->orbit_start[G->perm[i]], m = 0;
    for (int j = 0; j < k; j++) m += G->giv[o[j]] != blank[o[j]];
    if (!m || (!minimal && target && n - m < target)) continue;
    if (pz_poll_check(&G->poll)) return PZ_UNKNOWN;
    for (int j = 0; j < k; j++) G->giv[o[j]] = blank[o[j]];
    int r = still_unique(G, o, k);
    if (r < 0 || r == PZ_UNKNOWN) return r;
    if (r == PZ_SAT) n -= m;
    else
      for (int j = 0; j < k; j++) G->giv[o[j]] = full[o[j]];
  }
  *count = n;
  return PZ_SAT;
}

/* Givens that are the solution's values: the orbit o (k cells, just
 * blanked) may go when, for each of its cells c, the other givens and "c
 * does not hold S(c)" have no model (one that agreed on o would satisfy
 * every given, so would be S). PZ_SAT / PZ_UNSAT / PZ_UNKNOWN / < 0. */
static int values_unique(gen *G, const int *o, int k) {
  for (int j = 0; j < k; j++) {
    int l = pz_grid_lit(G->g, o[j], G->sol[o[j]]), st;
    if (!l) continue;
    if ((st = pz_grid_cube(G->g, G->giv, -1))) return st;
    if ((st = pz_ivec_push(&G->g->cube, -l))) return st;
    int r = satisfiable(G);
    if (r < 0 || r == PZ_UNKNOWN) return r;
    if (r == PZ_SAT) return PZ_UNSAT;
  }
  return PZ_SAT;
}

/* Takes givens away from the full solution: the full puzzle in G->full. */
static int remove_givens(gen *G, int *count) {
  int cells = G->g->cells;
  for (int c = 0; c < cells; c++) {
    G->full[c] = full_given(G, c);
    G->blank[c] = 0;
  }
  return remove_orbits(G, G->full, G->blank, values_unique, count);
}

/* val for pz_block_clause on a list of the solution's literals. */
static int holds(const void *ctx, int lit) {
  (void)ctx;
  (void)lit;
  return 1;
}

/* The backend's proof that G->sol is the only solution of G->giv: the
 * rules, the givens (assumed) and the solution blocked (a clause switched
 * on by a fresh literal, switched off for good afterwards) are UNSAT.
 * *stop: PZ_UNSAT proved, PZ_UNKNOWN stopped. */
static int prove(gen *G, pz_result *stop) {
  pz_solver *s;
  *stop = PZ_UNKNOWN;
  int st = solver_of(G, &s), on;
  if (st == PZ_STOPPED) return PZ_OK;
  if (st || (st = pz_solver_new_var(s, &on))) return st;
  /* The solution's literals (scratch in g.cube), then their block. */
  pz_ivec *lits = &G->g->cube, clause = {0};
  lits->len = 0;
  for (int c = 0; c < G->g->cells && !st; c++) {
    int l = pz_grid_lit(G->g, c, G->sol[c]);
    if (l) st = pz_ivec_push(lits, l);
  }
  if (!st) st = pz_block_clause(&clause, on, lits->data, lits->len, 1, holds, NULL);
  for (size_t i = 0; i < clause.len && !st; i++) st = pz_solver_add(s, clause.data[i]);
  pz_ivec_free(&clause);
  if (st || (st = pz_solver_add(s, 0))) return st;
  if ((st = pz_grid_cube(G->g, G->giv, -1))) return st;
  for (size_t i = 0; i < G->g->cube.len && !st; i++)
    st = pz_solver_assume(s, G->g->cube.data[i]);
  if (!st) st = pz_solver_assume(s, on);
  if (!st) st = pz_solver_solve(s, stop);
  if (!st) st = pz_solver_add(s, -on);
  if (!st) st = pz_solver_add(s, 0);
  if (!st && *stop == PZ_SAT) st = PZ_ERR_STATE; /* pz's search and the
                                                     backend disagree */
  return st;
}

static int generate(gen *G, int *solution, pz_generate_info *info,
                    pz_result *stop) {
  const pz_generate_options *o = G->opt;
  unsigned tries = o->max_tries ? o->max_tries : 1000;
  int cells = G->g->cells, best_score = -1, st = PZ_OK;
  int *best = (int *)malloc((size_t)cells * 2 * sizeof(int));
  if (!best) return PZ_ERR_NOMEM;
  pz_level best_level = PZ_LEVEL_ANY;
  *stop = PZ_UNKNOWN;
  for (unsigned t = 0; t < tries && !st; t++) {
    info->tries = t + 1;
    int r = random_solution(G);
    if (r < 0) st = r;
    if (r == PZ_UNSAT) *stop = PZ_UNSAT;
    if (r != PZ_SAT) break;
    int n = 0;
    r = remove_givens(G, &n);
    if (r < 0) st = r;
    if (r != PZ_SAT) break;
    /* Rating costs more than the rest on big grids: only for a target. */
    pz_level level = PZ_LEVEL_ANY;
    r = o->difficulty ? pz_grid_rate(G->g, G->giv, &G->poll, &level) : 0;
    if (r < 0) st = r;
    if (r) break;
    int score = pz_gen_score(o, level, n);
    if (best_score < 0 || score < best_score) {
      best_score = score;
      best_level = level;
      memcpy(best, G->giv, (size_t)cells * sizeof(int));
      memcpy(best + cells, G->sol, (size_t)cells * sizeof(int));
      info->givens = n;
      info->level = level;
    }
    if (score == 0) break;
  }
  if (!st && best_score >= 0) {
    memcpy(G->giv, best, (size_t)cells * sizeof(int));
    memcpy(G->sol, best + cells, (size_t)cells * sizeof(int));
    pz_result proof;
    st = prove(G, &proof);
    if (!st && proof == PZ_UNSAT) st = pz_puzzle_set_givens(G->p, G->giv);
    if (!st && proof == PZ_UNKNOWN) {
      *stop = PZ_UNKNOWN;
      info->givens = 0;
      pz_puzzle_set_givens(G->p, NULL);
    } else if (!st) {
      *stop = best_score == 0 ? PZ_SAT : PZ_UNKNOWN;
      info->level = best_level;
      if (solution) memcpy(solution, G->sol, (size_t)cells * sizeof(int));
    }
  }
  free(best);
  return st;
}

/* --- Kinds whose givens are clues (Knightdoku numbers, Nondango colours) --
 * The clues shape the rules, so every uniqueness question is a new
 * formula: the puzzle itself answers it (pz_puzzle_unique, bounded by
 * what is left of the time limit). A random solution of the layout alone,
 * every clue it shows, then clues taken away in random orbit order while
 * the puzzle stays unique; fewer clues never admit fewer solutions, so
 * one pass makes it minimal. */

/* Is p with givens giv unique? PZ_SAT yes, PZ_UNSAT no, PZ_UNKNOWN
 * stopped, < 0 an error. */
static int clues_unique(gen *G, const int *giv) {
  pz_puzzle *p = G->p;
  double left = pz_poll_left(&G->poll);
  if (left < 0 || pz_poll_check(&G->poll)) return PZ_UNKNOWN;
  int st = pz_puzzle_set_givens(p, giv);
  if (st == PZ_ERR_CONFLICT || st == PZ_ERR_RANGE) return PZ_UNSAT;
  if (st) return st;
  double keep = p->opt.time_limit;
  p->opt.time_limit = left;
  int sols = 0;
  pz_result r;
  st = pz_puzzle_unique(p, &sols, NULL, &r);
  p->opt.time_limit = keep;
  if (st) return st;
  if (r == PZ_UNKNOWN && sols < 2) return PZ_UNKNOWN;
  return sols == 1 ? PZ_SAT : PZ_UNSAT;
}

/* Clues that shape the rules: the puzzle itself answers (the orbit is
 * already blanked in G->giv). */
static int clues_still_unique(gen *G, const int *o, int k) {
  (void)o;
  (void)k;
  return clues_unique(G, G->giv);
}

/* One try: clues of G->sol taken away; *count the clues left. PZ_SAT
 * made, PZ_UNSAT the full clues are not unique (a new try), PZ_UNKNOWN,
 * < 0. */
static int remove_clues(gen *G, const int *blank, int *count) {
  G->p->ops->solution_clues(G->p, G->sol, G->full, G->blank);
  int r = clues_unique(G, G->full);
  if (r != PZ_SAT) return r;
  return remove_orbits(G, G->full, blank, clues_still_unique, count);
}

static int generate_clues(gen *G, int *solution, pz_generate_info *info,
                          pz_result *stop) {
  const pz_generate_options *o = G->opt;
  pz_puzzle *p = G->p;
  unsigned tries = o->max_tries ? o->max_tries : 1000;
  int cells = p->rows * p->cols, best_score = -1, st = PZ_OK;
  int *blank = (int *)malloc((size_t)cells * 4 * sizeof(int));
  if (!blank) return PZ_ERR_NOMEM;
  int *best = blank + cells, *best_sol = blank + 2 * cells;
  /* The layout: what every cell holds without a clue. */
  memset(best, 0, (size_t)cells * sizeof(int));
  p->ops->solution_clues(p, best, G->giv, blank);
  pz_grid_cnf layout;
  st = pz_puzzle_set_givens(p, blank);
  if (!st) st = pz_grid_cnf_init(&layout, p, &G->poll);
  if (st) {
    free(blank);
    return st == PZ_STOPPED ? PZ_OK : st;
  }
  G->g = &layout;
  pz_level best_level = PZ_LEVEL_ANY;
  *stop = PZ_UNKNOWN;
  for (unsigned t = 0; t < tries && !st; t++) {
    info->tries = t + 1;
    int r = random_solution(G);
    if (r < 0) st = r;
    if (r == PZ_UNSAT) *stop = PZ_UNSAT;
    if (r != PZ_SAT) break;
    int n = 0;
    r = remove_clues(G, blank, &n);
    if (r < 0) st = r;
    if (r == PZ_UNSAT) continue;
    if (r != PZ_SAT) break;
    pz_level level = PZ_LEVEL_ANY;
    pz_result rs = PZ_SAT;
    r = PZ_OK;
    if (o->difficulty && (r = pz_puzzle_set_givens(p, G->giv)) == PZ_OK)
      r = pz_puzzle_rate(p, &level, &rs);
    if (r < 0) st = r;
    if (r || rs != PZ_SAT) break;
    int score = pz_gen_score(o, level, n);
    if (best_score < 0 || score < best_score) {
      best_score = score;
      best_level = level;
      memcpy(best, G->giv, (size_t)cells * sizeof(int));
      memcpy(best_sol, G->sol, (size_t)cells * sizeof(int));
      info->givens = n;
      info->level = level;
    }
    if (score == 0) break;
  }
  /* Each kept puzzle was proved unique by the backend when it was made. */
  if (!st) st = pz_puzzle_set_givens(p, best_score >= 0 ? best : blank);
  if (!st && best_score >= 0) {
    *stop = best_score == 0 ? PZ_SAT : PZ_UNKNOWN;
    info->level = best_level;
    if (solution) memcpy(solution, best_sol, (size_t)cells * sizeof(int));
  } else if (!st && *stop != PZ_UNSAT) {
    *stop = PZ_UNKNOWN;
    info->givens = 0;
  }
  pz_grid_cnf_free(&layout);
  free(blank);
  return st;
}

int pz_gen_defaults_fill(pz_gen_defaults *d, const pz_options **options,
                         const pz_generate_options **opt,
                         pz_generate_info **info, int rows, int cols) {
  pz_gen_defaults init = {PZ_OPTIONS_INIT, PZ_GENERATE_OPTIONS_INIT, {0, PZ_LEVEL_ANY, 0}};
  *d = init;
  if (options && !*options) *options = &d->options;
  if (!*opt) *opt = &d->opt;
  if (!*info) *info = &d->info;
  memset(*info, 0, sizeof **info);
  const pz_generate_options *o = *opt;
  if (o->version != PZ_GENERATE_OPTIONS_VERSION ||
      (unsigned)o->symmetry >= PZ_SYMMETRY_COUNT ||
      (unsigned)o->difficulty >= PZ_LEVEL_COUNT || o->givens < 0)
    return PZ_ERR_ARG;
  if ((o->symmetry == PZ_SYMMETRY_ROTATE90 ||
       o->symmetry == PZ_SYMMETRY_DIAGONAL) && rows != cols)
    return PZ_ERR_ARG;
  return PZ_OK;
}

int pz_puzzle_generate(pz_puzzle *p, const pz_generate_options *opt,
                       int *solution, pz_generate_info *info,
                       pz_result *stop) {
  pz_gen_defaults def;
  if (!p || !stop ||
      pz_gen_defaults_fill(&def, NULL, &opt, &info, p->rows,
                           p->pane_cols > 0 ? p->pane_cols : p->cols))
    return PZ_ERR_ARG;
  if ((!p->ops->given_lits && !p->ops->solution_clues) ||
      !p->ops->encode_full || !p->ops->var_meaning)
    return PZ_ERR_UNSUPPORTED;
  *stop = PZ_UNKNOWN;
  gen G;
  memset(&G, 0, sizeof G);
  G.p = p;
  G.opt = opt;
  G.rng.state = opt->seed;
  pz_poll_start_options(&G.poll, &p->opt);
  int clues = !p->ops->given_lits, st = PZ_OK;
  if (!clues) {
    st = pz_rules_cache_get(p, &G.poll, &G.c);
    if (st == PZ_STOPPED) return PZ_OK; /* *stop is PZ_UNKNOWN */
    if (st) return st;
    G.g = &G.c->g;
  }
  size_t cells = (size_t)p->rows * (size_t)p->cols;
  G.sol = (int *)malloc(cells * sizeof(int));
  G.giv = (int *)malloc(cells * sizeof(int));
  G.orbit = (int *)malloc(cells * sizeof(int));
  G.orbit_start = (int *)malloc((cells + 1) * sizeof(int));
  G.perm = (int *)malloc((cells + 1) * sizeof(int));
  G.full = (int *)malloc(cells * 2 * sizeof(int));
  G.blank = G.full ? G.full + cells : NULL;
  if (!G.sol || !G.giv || !G.orbit || !G.orbit_start || !G.perm || !G.full)
    st = PZ_ERR_NOMEM;
  if (!st) {
    make_orbits(&G);
    st = clues ? generate_clues(&G, solution, info, stop)
               : generate(&G, solution, info, stop);
  }
  free(G.sol);
  free(G.giv);
  free(G.orbit);
  free(G.orbit_start);
  free(G.perm);
  free(G.full);
  return st;
}

int pz_puzzle_rate(pz_puzzle *p, pz_level *level, pz_result *stop) {
  if (!p || !level || !stop) return PZ_ERR_ARG;
  if (!p->ops->encode_full || !p->ops->var_meaning) return PZ_ERR_UNSUPPORTED;
  *stop = PZ_UNKNOWN;
  pz_poll poll;
  pz_poll_start_options(&poll, &p->opt);
  pz_grid_cnf tmp, *g;
  int st = pz_grid_of(p, &poll, &g, &tmp);
  if (!st) st = pz_grid_rate(g, p->givens, &poll, level);
  if (g == &tmp) pz_grid_cnf_free(&tmp);
  if (st == PZ_STOPPED) return PZ_OK;
  if (!st) *stop = PZ_SAT;
  return st;
}
