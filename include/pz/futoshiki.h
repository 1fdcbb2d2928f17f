/* pz: Futoshiki (also "Unequal"). An n x n grid is filled with 1..n so that
 * every row and every column holds each value once (a Latin square), the
 * given numbers stand, and every inequality sign between two orthogonal
 * neighbours holds: "3 < ." means the right cell is above 3. See
 * docs/FUTOSHIKI.md for the rules and the text formats.
 *
 * Signs are stored per cell, towards its right and its lower neighbour:
 * right[r*n + c] relates (r,c) to (r,c+1), down[r*n + c] relates (r,c) to
 * (r+1,c); each one of the values below. */
#ifndef PZ_FUTOSHIKI_H
#define PZ_FUTOSHIKI_H

#include <stdio.h>

#include "puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest order n. */
#define PZ_FUTOSHIKI_MAX_ORDER 256

/* A sign between a cell and its right or lower neighbour. */
#define PZ_FUTOSHIKI_NONE 0    /* no sign */
#define PZ_FUTOSHIKI_LESS 1    /* the cell is less than its neighbour */
#define PZ_FUTOSHIKI_GREATER 2 /* the cell is greater than its neighbour */

/* Creates a Futoshiki of order n (1..PZ_FUTOSHIKI_MAX_ORDER) with the
 * signs right and down (n*n ints each, as above; either may be NULL for
 * none; they are copied). Givens are set with pz_puzzle_set_givens (0 =
 * blank, else 1..n); solutions are n*n values 1..n, row-major. *out is the
 * caller's (pz_puzzle_free). PZ_ERR_ARG for a NULL out or n < 1,
 * PZ_ERR_TOO_LARGE above the largest order, PZ_ERR_RANGE for a sign that
 * is not one of the three values or points off the grid (a right sign in
 * the last column, a down sign in the last row). pz_puzzle_check_givens
 * reports two equal givens in a line and two givens that break the sign
 * between them. */
PZ_API int pz_futoshiki_new(pz_puzzle **out, int n, const int *right,
                            const int *down);

/* --- Reading puzzles ------------------------------------------------------ */

/* Text formats (docs/FUTOSHIKI.md has examples); the format is told by the
 * first line that is not blank or a comment:
 * GRID: 2n-1 lines. Odd lines hold the n cells of a row: '.' or '0'
 *       blank, else the value (one digit a cell up to order 9, numbers
 *       separated by blanks or signs from order 10), with '<' or '>'
 *       between two cells where a sign stands. Even lines hold the signs
 *       between two rows, each under its cell of the row above: '^' (or
 *       U+2227 '∧') the upper cell is less, 'v' (or 'V', U+2228 '∨') the
 *       upper cell is greater; a line without signs is blank. Lines
 *       starting with '#' are comments and do not count; blank lines
 *       before and after the grid are ignored.
 * SGT:  a game id of Simon Tatham's "Unequal" (sgt-unequal), e.g.
 *       "4:1,0,0R,0,...": the order (optionally followed by the 'dX'
 *       difficulty), ':', then n*n cells separated by ',', each a number
 *       (0 blank) followed by flags 'U' 'R' 'D' 'L': the cell is greater
 *       than its neighbour up, right, down or left. Adjacent mode ('a')
 *       is refused: its bars are not Futoshiki signs. */
typedef enum pz_futoshiki_format {
  PZ_FUTOSHIKI_GRID = 1,
  PZ_FUTOSHIKI_SGT = 2
} pz_futoshiki_format;

/* A parsed puzzle: order, givens and signs. */
typedef struct pz_futoshiki_def pz_futoshiki_def;

/* Parses one puzzle from len bytes of text into *out (free it with
 * pz_futoshiki_def_free). On error *out is NULL and the status is
 * PZ_ERR_PARSE (malformed text), PZ_ERR_RANGE (a value outside 1..n, a
 * sign pointing off the grid), PZ_ERR_TOO_LARGE (an order above
 * PZ_FUTOSHIKI_MAX_ORDER) or PZ_ERR_NOMEM, and *info (may be NULL) holds
 * the line and column (from 1; columns count bytes) and a message. A
 * UTF-8 byte-order mark at the start is skipped, a NUL byte is an error,
 * numbers are range-checked as written and input quoted in messages is
 * escaped (docs/FORMATS.md). */
PZ_API int pz_futoshiki_parse(const char *text, size_t len,
                              pz_futoshiki_def **out, pz_parse_info *info);
/* Reads a whole stream and parses it as pz_futoshiki_parse does;
 * PZ_ERR_IO when reading fails. The stream stays the caller's. */
PZ_API int pz_futoshiki_read(FILE *in, pz_futoshiki_def **out,
                             pz_parse_info *info);
/* Frees a definition; NULL is a no-op. */
PZ_API void pz_futoshiki_def_free(pz_futoshiki_def *d);

/* Accessors; d must not be NULL. The arrays (n*n ints each) are owned by
 * d: the givens (0 blank), the right and the down signs. */
PZ_API int pz_futoshiki_def_order(const pz_futoshiki_def *d);
PZ_API pz_futoshiki_format pz_futoshiki_def_format(const pz_futoshiki_def *d);
PZ_API const int *pz_futoshiki_def_givens(const pz_futoshiki_def *d);
PZ_API const int *pz_futoshiki_def_right(const pz_futoshiki_def *d);
PZ_API const int *pz_futoshiki_def_down(const pz_futoshiki_def *d);

/* Creates the puzzle a definition describes, its givens set. *out is the
 * caller's (pz_puzzle_free). */
PZ_API int pz_futoshiki_from_def(pz_puzzle **out, const pz_futoshiki_def *d);

/* --- Writing -------------------------------------------------------------- */

/* Writes n*n cells (0 = blank '.', else 1..n) with the signs in the GRID
 * format, which pz_futoshiki_parse reads back: cells right-aligned to the
 * width of n, " < ", " > " or three blanks between them, and under each
 * cell its '^' or 'v'. PZ_ERR_ARG for NULL cells or n outside
 * 1..PZ_FUTOSHIKI_MAX_ORDER, PZ_ERR_RANGE for a value or sign out of
 * range, PZ_ERR_IO when a write fails. right and down may be NULL. */
PZ_API int pz_futoshiki_write_grid(FILE *out, const int *cells, int n,
                                   const int *right, const int *down);
/* The same puzzle as an sgt-unequal game id and a newline
 * ("N:v[URDL],..."), which sgt-unequal and pz_futoshiki_parse read. */
PZ_API int pz_futoshiki_write_sgt(FILE *out, const int *cells, int n,
                                  const int *right, const int *down);

#ifdef __cplusplus
}
#endif
#endif
