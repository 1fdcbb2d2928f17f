/* The all-different grid: n*n cells holding values 1..n, a list of units
 * (n cells each, which must hold every value once), cell pairs that must
 * differ, and cell pairs whose values must not be consecutive. Latin
 * squares, Sudoku and its variants are all instances of it. */
#ifndef PZ_GRID_H
#define PZ_GRID_H

#include <stdint.h>

#include "core/vec.h"
#include "pz/cnf.h"
#include "pz/common.h"
#include "pz/card.h"
#include "pz/solver.h"
#include "puzzle/poll.h"

typedef struct pz_grid {
  int n, cells;
  pz_ivec units;     /* nunits * n cell indices */
  pz_ivec differ;    /* cell pairs (a, b): values differ */
  pz_ivec nonconsec; /* cell pairs (a, b): |value a - value b| != 1 */

  /* Encoding state, rebuilt by pz_grid_encode. */
  int words;          /* 64-bit words per candidate set */
  uint64_t *cand;     /* cells * words */
  int *value;         /* decided value per cell, 0 if open */
  int *first_var;     /* first candidate variable per open cell */
  int *cell_unit_ofs; /* CSR: units of each cell */
  int *cell_unit;
  int *diff_ofs, *diff_adj; /* CSR adjacency of differ / nonconsec */
  int *nc_ofs, *nc_adj;
  int *unit_count;    /* nunits * (n+1): cells of unit u with candidate v */
  int *unit_placed;   /* nunits * (n+1): v already decided in unit u */
  int index_ready;    /* CSR tables built for the current units */
  /* A second set of the state arrays for pz_grid_presolve, so it leaves
   * the encoding state (which a reused solver's variables refer to) alone. */
  struct {
    uint64_t *cand;
    int *value, *first_var, *unit_count, *unit_placed;
  } spare;
} pz_grid;

/* Sets size and clears units and pairs. */
int pz_grid_init(pz_grid *g, int n);
void pz_grid_free(pz_grid *g);
int pz_grid_add_unit(pz_grid *g, const int *cells);
int pz_grid_add_differ(pz_grid *g, int a, int b);
int pz_grid_add_nonconsec(pz_grid *g, int a, int b);
/* Adds row and column units. */
int pz_grid_add_rows_cols(pz_grid *g);

/* Finds two givens that break a rule directly. */
int pz_grid_check_givens(pz_grid *g, const int *givens, pz_parse_info *info);

/* Encodes the rules. With givens (may be NULL) everything they decide is
 * propagated first (peers lose the value, naked and hidden singles are
 * placed) and only what is left is emitted; a contradiction found there
 * adds the empty clause. The projection is the candidate variables.
 * PZ_ERR_TOO_LARGE, before anything is emitted, when the formula would
 * exceed PZ_PUZZLE_MAX_LITERALS; PZ_STOPPED when poll (may be NULL) said
 * stop (cnf then holds a part of the formula). */
int pz_grid_encode(pz_grid *g, const int *givens, pz_amo_encoding amo,
                   pz_cnf *cnf, pz_poll *poll);
/* The same rules over every cell and value, nothing propagated, and each
 * given (may be NULL) as a unit clause: variable first + cell*n + value-1,
 * first being the buffer's next free variable (1 when it is empty). */
int pz_grid_encode_full(pz_grid *g, const int *givens, pz_amo_encoding amo,
                        pz_cnf *cnf, pz_poll *poll);
/* Cell and value of candidate variable var of the last encoding:
 * PZ_ERR_RANGE when var is none, PZ_ERR_STATE before any encoding. */
int pz_grid_var_meaning(const pz_grid *g, int var, int *cell, int *value);
/* Decided cells of the last encoding: their value, -1 for open ones. */
int pz_grid_decided(const pz_grid *g, int *grid);
/* Propagates the givens only (no clauses). *solved is 1 when that decides
 * every cell (then out gets the grid, the only solution), -1 when the
 * givens contradict the rules (no solution), 0 when search is needed. */
int pz_grid_presolve(pz_grid *g, const int *givens, int *out, int *solved);
/* Variable of (cell, value) in the last encoding, 0 if none (decided or
 * not a candidate). */
int pz_grid_var(const pz_grid *g, int cell, int value);
/* Reads a solution from the model of the last encoding. */
void pz_grid_decode(const pz_grid *g, const pz_solver *s, int *out);

#endif
