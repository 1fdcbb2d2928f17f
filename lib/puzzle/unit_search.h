/* A complete search on grids made only of units (issue 27, "solving within
 * 10x of tdoku"): n values, and units of n cells that each hold every value
 * once (a Sudoku's rows, columns and boxes, a jigsaw's regions). Naked and
 * hidden singles on candidate bitmasks, then depth-first guesses on the
 * cell with the fewest candidates. On such grids this answers solve and
 * uniqueness exactly, without encoding, within a work budget; a puzzle
 * that outlasts it goes to the SAT backend as before. */
#ifndef PZ_PUZZLE_UNIT_SEARCH_H
#define PZ_PUZZLE_UNIT_SEARCH_H

#include "core/poll.h"
#include "pz/common.h"

/* The largest n: the candidates of a cell are bits of 32. The search keeps
 * one copy of the grid per guess, so its memory grows with n^4; 16 keeps a
 * 16x16 grid's under half a megabyte. */
#define PZ_UNIT_SEARCH_MAX_N 16
/* The most units: a word of bits marks those to scan again. */
#define PZ_UNIT_SEARCH_MAX_UNITS 64

typedef struct pz_unit_search pz_unit_search;

/* The grid of cells cells (values 1..n) and its nunits units, each n cell
 * indices in units (unit u at units[u * n]). PZ_ERR_ARG for n out of
 * 1..PZ_UNIT_SEARCH_MAX_N, more than PZ_UNIT_SEARCH_MAX_UNITS units or a
 * cell out of range, PZ_ERR_NOMEM. */
int pz_unit_search_new(pz_unit_search **out, int n, int cells,
                       const int *units, int nunits);
void pz_unit_search_free(pz_unit_search *u);

/* Searches under givens (cells ints, 0 = blank, else 1..n) for up to want
 * (1 or 2) solutions within budget units of work (about one per candidate
 * removed or unit scanned), charging poll as it goes. *solved: 1 = grid
 * holds a solution (want 1) or the only one (want 2), 2 = grid holds one
 * of two or more, -1 = no solution, 0 = undecided (the budget ran out or
 * the poll said stop). */
int pz_unit_search_run(pz_unit_search *u, const int *givens, int want,
                       long long budget, pz_poll *poll, int *grid,
                       int *solved);

#endif
