/* A puzzle kind built on a model (lib/puzzle/model_puzzle.c): what a
 * kind's rules file calls to make its pz_puzzle and give it the kind's
 * data and hooks. Above lib/model (it makes a pz_puzzle of a model), so
 * the model layer itself knows nothing of puzzles. */
#ifndef PZ_MODEL_PUZZLE_H
#define PZ_MODEL_PUZZLE_H

#include <stddef.h>

#include "pz/model.h"
#include "pz/puzzle.h"

/* pz_model_puzzle for a puzzle kind built on a model: pz_puzzle_kind
 * answers `kind` (a string that outlives the puzzle, e.g. a literal). */
int pz_model_puzzle_kind(pz_puzzle **out, const pz_model *m, int rows,
                         int cols, const char *kind);
/* The kind's own data, freed with the puzzle by free_fn (may be NULL). */
void pz_model_puzzle_set_data(pz_puzzle *p, void *data,
                              void (*free_fn)(void *));
/* The data of a model puzzle of that kind (the same string pointer),
 * NULL for any other puzzle. */
void *pz_model_puzzle_data(const pz_puzzle *p, const char *kind);
/* Replaces the rules with a copy of m (same number of variables): p is
 * unchanged on error. */
int pz_model_puzzle_replace(pz_puzzle *p, const pz_model *m);
/* Grids up to this many cells reuse one solver under the AUTO strategy
 * (the givens assumed); 0 (the default): never. */
void pz_model_puzzle_set_assume_max(pz_puzzle *p, int cells);
/* The kind's pz_puzzle_ops.quick_solve (NULL: none). */
void pz_model_puzzle_set_quick_solve(pz_puzzle *p,
                                     int (*quick)(pz_puzzle *p, int *grid,
                                                  int *found));

/* The kind's pz_puzzle_ops.search (NULL: none). */
void pz_model_puzzle_set_search(pz_puzzle *p,
                                int (*search)(pz_puzzle *p, int want,
                                              int *grid, int *solved));

/* Kinds whose givens are clues that shape the rules (a Knightdoku number,
 * a Nondango circle) rather than values of the cells. given_ok checks one
 * given (pz_puzzle_set_givens), check_givens (may be NULL) reports direct
 * contradictions between them, and build makes into *out the model of the
 * rules with the givens (one variable per cell; data is the kind's data,
 * givens one int per cell, 0 = none). The puzzle then calls build before
 * an encoding whenever the givens changed, and never reuses a solver under
 * assumptions; the givens are no fixed values of their own. */
typedef struct pz_model_clues {
  int (*given_ok)(const pz_puzzle *p, int cell, int value);
  int (*check_givens)(pz_puzzle *p, pz_parse_info *info);
  int (*build)(const void *data, const int *givens, pz_model **out);
  /* Optional, for generation: from the givens (the layout: a Nondango's
   * circles) and a solution, every clue the solution shows (full) and
   * what a cell holds with its clue taken away (blank), a given per cell
   * each. */
  void (*solution_clues)(const void *data, const int *givens,
                         const int *solution, int cells, int *full,
                         int *blank);
} pz_model_clues;
/* The values cell may take under p's rules, when p is a model puzzle
 * (PZ_ERR_UNSUPPORTED otherwise). */
int pz_model_puzzle_domain(const pz_puzzle *p, int cell, int *lo, int *hi);
/* Names p's cells (pz_puzzle_ops.cell_name: 0 for a derived cell). */
void pz_model_puzzle_set_cell_name(pz_puzzle *p,
                                   int (*name)(const pz_puzzle *p, int cell,
                                               char *buf, size_t len));
/* Makes p's grid panes of cols columns side by side (pz_puzzle.pane_cols). */
void pz_model_puzzle_set_panes(pz_puzzle *p, int cols);
/* Gives p a puzzle of its rules with symmetries broken
 * (pz_puzzle_ops.reduced_rules). */
void pz_model_puzzle_set_reduced_rules(
    pz_puzzle *p, int (*reduced)(const pz_puzzle *p, pz_puzzle **out));
/* Makes p (a model puzzle with its kind's data set) one of clues (a
 * static table that outlives p). */
void pz_model_puzzle_set_clues(pz_puzzle *p, const pz_model_clues *clues);

#endif
