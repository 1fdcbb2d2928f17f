/* pz: Knightdoku (David Nacin, Math Horizons, April 2021), generalised.
 *
 * An n x n board with r x c boxes (n = r*c). Some cells hold given knights,
 * each with a number. A solution places knights so that every row, column
 * and box holds exactly k knights (k = 3 on the published 9x9 board), every
 * given knight is a knight of the solution, and each given knight has
 * exactly its number of knights a chess knight's move away (the cells
 * (+-1,+-2) and (+-2,+-1) from it that lie on the board).
 *
 * The puzzle is an ordinary pz_puzzle (a kind on the model layer, whose
 * rules are built for its givens): set givens with pz_puzzle_set_givens
 * (a given knight with clue N is stored as N+1, 0 = no given, so clue 0 is
 * representable) and solve, count or enumerate with the pz_puzzle_* calls.
 * Solutions are rows*cols ints: 1 = knight, 0 = empty. */
#ifndef PZ_KNIGHTDOKU_H
#define PZ_KNIGHTDOKU_H

#include <stdio.h>

#include "puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest board side n = box_rows * box_cols. */
#define PZ_KNIGHTDOKU_MAX_SIZE 1024
/* Largest clue: a knight has at most eight knight-move neighbours. */
#define PZ_KNIGHTDOKU_MAX_CLUE 8

/* Creates an empty Knightdoku puzzle in *out: an n x n board (n =
 * box_rows * box_cols) with box_rows x box_cols boxes and
 * knights_per_unit knights in every row, column and box. Free it with
 * pz_puzzle_free. PZ_ERR_ARG when out is NULL, a box side is below 1, or
 * knights_per_unit is outside 0..n; PZ_ERR_TOO_LARGE when n exceeds
 * PZ_KNIGHTDOKU_MAX_SIZE; PZ_ERR_NOMEM when an allocation fails. */
PZ_API int pz_knightdoku_new(pz_puzzle **out, int box_rows, int box_cols,
                             int knights_per_unit);

/* The shape of a Knightdoku puzzle: box size and knights per unit (any
 * pointer may be NULL). PZ_ERR_ARG when p is not a Knightdoku puzzle. */
PZ_API int pz_knightdoku_shape(const pz_puzzle *p, int *box_rows,
                               int *box_cols, int *knights_per_unit);

/* Number of cells a knight's move away from (row, col) on an n x n board
 * (0..8; 0 when the cell is off the board). */
PZ_API int pz_knightdoku_neighbours(int n, int row, int col);

/* --- Reading puzzles ------------------------------------------------------
 * (Changed in issue 8: the parser returns a definition object, as every
 * kind's reader does, instead of a givens array and a header struct.) */

/* A parsed puzzle: board side, what its header says, and the givens. */
typedef struct pz_knightdoku_def pz_knightdoku_def;

/* Parses one Knightdoku puzzle from len bytes of text (the format is in
 * docs/KNIGHTDOKU.md):
 *   - lines whose first non-blank character is '#' are comments; blank
 *     lines around the grid are ignored;
 *   - an optional header line before the grid, entries in any order:
 *     "size N", "box RxC", "knights K" (a '#' after them starts a
 *     comment);
 *   - the grid: n lines of n cells, '.' = no given, '0'-'8' = a given
 *     knight with that clue; blanks between cells are ignored. A single
 *     line of n*n cells (n > 1) is read as the whole grid as well.
 * On success *out is the caller's (pz_knightdoku_def_free). On error *out
 * is NULL and the status is PZ_ERR_PARSE (or PZ_ERR_RANGE for a value out
 * of range, PZ_ERR_TOO_LARGE for a board above PZ_KNIGHTDOKU_MAX_SIZE,
 * PZ_ERR_NOMEM), and *info (may be NULL) holds the line and column (both
 * from 1) and a message. A UTF-8 byte-order mark at the start is skipped,
 * a NUL byte is an error, numbers are range-checked as written and input
 * quoted in messages is escaped (docs/FORMATS.md). */
PZ_API int pz_knightdoku_parse(const char *text, size_t len,
                               pz_knightdoku_def **out, pz_parse_info *info);

/* Reads a whole stream and parses it as pz_knightdoku_parse does;
 * PZ_ERR_IO when reading fails. */
PZ_API int pz_knightdoku_read(FILE *in, pz_knightdoku_def **out,
                              pz_parse_info *info);

/* Frees a definition; NULL is a no-op. */
PZ_API void pz_knightdoku_def_free(pz_knightdoku_def *d);

/* Accessors (d NULL: 0, -1 or NULL). The board side n, from the grid (and
 * the 'size' entry). */
PZ_API int pz_knightdoku_def_size(const pz_knightdoku_def *d);
/* The box from 'box RxC' into *box_rows, *box_cols (either may be NULL):
 * 1 when the text gives it, else 0 and both 0. */
PZ_API int pz_knightdoku_def_box(const pz_knightdoku_def *d, int *box_rows,
                                 int *box_cols);
/* Knights per unit from 'knights K', -1 when absent. */
PZ_API int pz_knightdoku_def_knights(const pz_knightdoku_def *d);
/* n*n givens in the pz_puzzle_set_givens convention (clue + 1, 0 = no
 * given), owned by d. */
PZ_API const int *pz_knightdoku_def_givens(const pz_knightdoku_def *d);

/* Creates the puzzle a definition describes, its givens set; *out is the
 * caller's (pz_puzzle_free). box_rows x box_cols and knights_per_unit
 * fill what the text leaves open (0, 0 and -1: the text's, and where it is
 * silent the most square box R x C with R <= C and 3 knights).
 * PZ_ERR_CONFLICT when a value differs from the text's,
 * PZ_ERR_RANGE when the box does not tile the board or there are more
 * knights than n, PZ_ERR_ARG for a NULL argument or a negative value. */
PZ_API int pz_knightdoku_from_def(pz_puzzle **out, const pz_knightdoku_def *d,
                                  int box_rows, int box_cols,
                                  int knights_per_unit);

#ifdef __cplusplus
}
#endif
#endif
