/* What every puzzle kind provides to the shared solving code. */
#ifndef PZ_PUZZLE_IMPL_H
#define PZ_PUZZLE_IMPL_H

#include <stdint.h>

#include "core/vec.h"
#include "core/poll.h"
#include "pz/puzzle.h"

/* What given_lits returns when a given is impossible under the rules
 * alone: the call answers "no solution" without solving. Positive, so it
 * is never mistaken for a pz_status (PZ_STOPPED is 1). */
#define PZ_GIVENS_CONTRADICT 2

struct pz_cells; /* lib/enum/cells.h */

typedef struct pz_puzzle_ops {
  const char *kind;
  /* Range check of one given value (called per non-zero cell). */
  int (*given_ok)(const pz_puzzle *p, int cell, int value);
  /* Direct contradictions between givens; NULL if the kind has none. */
  int (*check_givens)(pz_puzzle *p, pz_parse_info *info);
  /* Encodes rules and givens (simplified) into cnf with the projection. */
  int (*encode)(pz_puzzle *p, pz_cnf *cnf);
  /* Optional: encodes the rules alone, for the ASSUME strategy ... */
  int (*encode_rules)(pz_puzzle *p, pz_cnf *cnf);
  /* ... and the literals that assume the current givens on top of them. */
  int (*given_lits)(pz_puzzle *p, pz_ivec *out);
  /* Reads the grid from a model of the last encoding used: val(ctx, var)
   * is > 0 when var is true. */
  void (*decode)(pz_puzzle *p, int (*val)(const void *ctx, int var),
                 const void *ctx, int *grid);
  void (*destroy)(pz_puzzle *p);
  /* Size (cells) from which AUTO stops reusing one solver. */
  int assume_max_cells;
  /* Optional: deduces what it can without a solver. *solved: 1 = grid
   * holds the only solution, -1 = no solution, 0 = a solver is needed. */
  int (*presolve)(pz_puzzle *p, int *grid, int *solved);
  /* Optional: the unsimplified formula (PZ_ENCODE_FULL). */
  int (*encode_full)(pz_puzzle *p, pz_cnf *cnf);
  /* Optional: pz_puzzle_var_meaning for the last encoding. */
  int (*var_meaning)(const pz_puzzle *p, int var, int *cell, int *value);
  /* Optional: pz_puzzle_decided for the last encoding. */
  int (*decided)(const pz_puzzle *p, int *grid);
  /* Optional: the name of the rule a clause origin tag > 0 of the last
   * encoding stands for ("box 2"), written into buf; NULL if unnamed. */
  const char *(*origin_label)(const pz_puzzle *p, int tag, char *buf,
                              size_t len);
  /* Optional, kinds whose givens are clues: the clues a solution shows
   * and the blank of each cell (pz_model_clues.solution_clues). */
  void (*solution_clues)(const pz_puzzle *p, const int *solution, int *full,
                         int *blank);
  /* Optional: the name of a cell into buf ("A r1c2"); returns 0 for a
   * cell the kind derives from others (an Eulero pair number), which is
   * never given by generation nor told as a step. NULL: every cell is
   * "rRcC" and the person's. */
  int (*cell_name)(const pz_puzzle *p, int cell, char *buf, size_t len);
  /* Optional, for generation: a new puzzle (no givens) whose rules have a
   * solution exactly when p's do, with symmetries broken (an Eulero
   * square normalised), so that a solver proves quickly that there is
   * none (order 6): p's own rules leave it every symmetric copy to try. */
  int (*reduced_rules)(const pz_puzzle *p, pz_puzzle **out);
  /* Optional: a solution built without a solver when the kind knows a
   * quick way for the givens (a Latin square with few of them). *found:
   * 0 = none built (the solver's turn), 1 = grid holds a solution, 2 = it
   * does and another solution exists too. */
  int (*quick_solve)(pz_puzzle *p, int *grid, int *found);
  /* Optional: the last encoding as cells and all-different groups for
   * the counter (lib/enum/cells.h), nsat its SAT variables; *out NULL
   * when the rules are more than that. */
  int (*cells)(const pz_puzzle *p, int nsat, struct pz_cells **out);
  /* Optional: the kind's own complete search before any encoding, for
   * solve (want 1) and uniqueness (want 2), within a budget of its own.
   * *solved: 1 = grid holds a solution (want 1) or the only one (want
   * 2), 2 = one of two or more, -1 = none, 0 = undecided (the budget ran
   * out, or rules it does not handle): the solver's turn. */
  int (*search)(pz_puzzle *p, int want, int *grid, int *solved);
} pz_puzzle_ops;

struct pz_puzzle {
  const pz_puzzle_ops *ops;
  int rows, cols, max_value;
  int pane_cols;          /* the grid is panes of this many columns side by
                             side (Eulero's A, B and pairs), each its own
                             square for generation's symmetry; 0: one */
  int *givens;
  pz_options opt;
  char *backend;          /* owned copy of opt.backend */
  pz_cnf *cnf;
  pz_solver *solver;
  int rules_loaded;       /* solver holds encode_rules, reusable */
  unsigned long calls;    /* solving calls so far (AUTO reuses from 2nd) */
  int last_vars;
  size_t last_clauses;
  int answered_early;     /* the running or last call gave no encoding to a
                             backend: pz_puzzle_last_size reports 0, 0 */
  int *grid;              /* scratch grid for enumeration callbacks */
  pz_poll *poll;          /* the running call's limits, NULL between calls
                             (encoders pass it on; NULL never stops) */
  struct pz_rules_cache *rules; /* the rules' formula for pz's own search
                             and a solver holding it, kept between calls
                             until the rules change (grid_cnf.h) */
  void *impl;
};

/* Failed-literal probing on the rules' formula kept on p (probe.c)
 * for givens (cells ints), at most `budget` units of work, polled with
 * p->poll; want: 1 for solve (any solution answers), 2 for unique.
 * *solved: 1 = grid holds a solution (the only one, or for want 1 maybe
 * one of several), 2 = two or more solutions (grid holds one), -1 = no
 * solution, 0 = undecided (also when stopped, or for kinds whose givens
 * are clues). Returns PZ_OK or an error status. */
int pz_puzzle_probe(pz_puzzle *p, const int *givens, int want,
                    uint64_t budget, int *grid, int *solved);
/* Probing before the backend on (1, the default) or off (0): a switch for
 * benchmarks and tests, never set by the library itself. */
void pz_puzzle_set_probing(int on);
int pz_puzzle_probing(void);
/* Quick completions (pz_puzzle_ops.quick_solve) on (1, the default) or
 * off (0): a switch for tests that need the solver's large formula of an
 * empty grid, never set by the library itself. */
void pz_puzzle_set_quick(int on);

/* A cell a person fills (not one the kind derives from others: its
 * cell_name hook says 0); no name is formatted when the kind has no hook. */
int pz_puzzle_own_cell(const pz_puzzle *p, int cell);

/* Sets up the shared part; the kind fills impl afterwards. */
int pz_puzzle_init(pz_puzzle **out, const pz_puzzle_ops *ops, int rows,
                   int cols, int max_value);
/* Drops a solver loaded with rules (after the rules change). */
void pz_puzzle_invalidate(pz_puzzle *p);
/* The rules changed: drops every solver and formula built from them. */
void pz_puzzle_rules_changed(pz_puzzle *p);

#endif
