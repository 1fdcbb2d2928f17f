/* pz: Knightdoku (David Nacin, Math Horizons, April 2021), generalised.
 *
 * An n x n board with r x c boxes (n = r*c). Some cells hold given knights,
 * each with a number. A solution places knights so that every row, column
 * and box holds exactly k knights (k = 3 on the published 9x9 board), every
 * given knight is a knight of the solution, and each given knight has
 * exactly its number of knights a chess knight's move away (the cells
 * (+-1,+-2) and (+-2,+-1) from it that lie on the board).
 *
 * The puzzle is an ordinary pz_puzzle: set givens with pz_puzzle_set_givens
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

/* What a Knightdoku text says about its puzzle. Fields the text leaves
 * open are 0 (box_rows, box_cols) or -1 (knights). */
typedef struct pz_knightdoku_header {
  int n;        /* board side, from the grid (and the 'size' entry) */
  int box_rows; /* from 'box RxC', 0 when absent */
  int box_cols;
  int knights;  /* from 'knights K', -1 when absent */
} pz_knightdoku_header;

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
 * On success *givens (n*n ints in the pz_puzzle_set_givens convention:
 * clue + 1, 0 = blank; free it with free()) and *hdr are set. On error
 * returns PZ_ERR_PARSE (or PZ_ERR_RANGE for a value out of range,
 * PZ_ERR_TOO_LARGE for a board above PZ_KNIGHTDOKU_MAX_SIZE,
 * PZ_ERR_NOMEM) and fills *info (may be NULL) with the line and column
 * (both from 1) and a message; *givens is then NULL. A UTF-8 byte-order
 * mark at the start is skipped, a NUL byte is an error, numbers are
 * range-checked as written and input quoted in messages is escaped
 * (docs/FORMATS.md). */
PZ_API int pz_knightdoku_parse(const char *text, size_t len, int **givens,
                               pz_knightdoku_header *hdr,
                               pz_parse_info *info);

/* Reads a whole stream and parses it as pz_knightdoku_parse does;
 * PZ_ERR_IO when reading fails. */
PZ_API int pz_knightdoku_read(FILE *in, int **givens,
                              pz_knightdoku_header *hdr, pz_parse_info *info);

#ifdef __cplusplus
}
#endif
#endif
