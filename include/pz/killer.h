/* pz: Killer Sudoku. An n x n Sudoku with r x c boxes (n = r*c): every
 * row, column and box holds 1..n once. Cages are sets of cells with a
 * sum: the digits of a cage are all different and add up to its sum.
 * Every cell is in at most one cage (published puzzles cover the grid;
 * cells outside every cage are allowed). Givens are optional.
 *
 * The puzzle is an ordinary pz_puzzle (kind "killer"): givens with
 * pz_puzzle_set_givens (0 = blank, else 1..n), solutions are n*n ints
 * 1..n, row-major. docs/KILLER.md has the rules and the text format. */
#ifndef PZ_KILLER_H
#define PZ_KILLER_H

#include <stdio.h>

#include "puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest side n = box_rows * box_cols. */
#define PZ_KILLER_MAX_SIZE 1024
/* No cage (pz_killer_new's cage map). */
#define PZ_KILLER_NO_CAGE (-1)

/* Creates an empty Killer Sudoku in *out (free it with pz_puzzle_free):
 * n = box_rows * box_cols, cages holds n*n ints (row-major), each
 * PZ_KILLER_NO_CAGE or a cage number 0..ncages-1, and sums[k] is the sum
 * of cage k (1..n(n+1)/2). Both arrays are copied. A cage whose sum its
 * cells cannot make is no error: the puzzle has no solution.
 * PZ_ERR_ARG for a NULL pointer, a box side below 1 or ncages < 0;
 * PZ_ERR_TOO_LARGE above PZ_KILLER_MAX_SIZE; PZ_ERR_RANGE for a cage
 * number or a sum out of range, or a cage without cells; PZ_ERR_NOMEM. */
PZ_API int pz_killer_new(pz_puzzle **out, int box_rows, int box_cols,
                         const int *cages, const int *sums, int ncages);

/* The cage map of a Killer puzzle (n*n ints as given to pz_killer_new,
 * owned by p) and its sums (*sums, owned by p; may be NULL), or NULL when
 * p is not a Killer puzzle. *ncages (may be NULL) gets the cage count. */
PZ_API const int *pz_killer_cages(const pz_puzzle *p, const int **sums,
                                  int *ncages);

/* --- Text --------------------------------------------------------------
 * The janko.at layout: a header line "R C" (R = C = n), then R rows of n
 * blank-separated tokens with each cage's sum written in one of its cells
 * and '-' elsewhere, then R rows of cage labels (integers 1..n*n, cells
 * sharing a label form one cage; '-' a cell in no cage), then optionally
 * R rows of givens ('-' blank, else a digit 1..n). Blank lines and lines
 * whose first non-blank character is '#' are skipped. Every cage has
 * exactly one sum cell (cages need not be connected). */

/* A parsed puzzle: size, box shape, cages, sums and givens. */
typedef struct pz_killer_def pz_killer_def;

/* Parses len bytes into *out (free with pz_killer_def_free). The box
 * shape is the default: square, or the most square r x c with r <= c
 * (6 -> 2x3). On error *out is NULL and the status is PZ_ERR_PARSE,
 * PZ_ERR_RANGE (a number out of range), PZ_ERR_TOO_LARGE (n above
 * PZ_KILLER_MAX_SIZE) or PZ_ERR_NOMEM, with the line and column (from 1)
 * and a message in *info (may be NULL). A UTF-8 byte-order mark is
 * skipped, a NUL byte is an error, input quoted in messages is escaped. */
PZ_API int pz_killer_parse(const char *text, size_t len, pz_killer_def **out,
                           pz_parse_info *info);
/* Reads a whole stream and parses it; PZ_ERR_IO when reading fails. */
PZ_API int pz_killer_read(FILE *in, pz_killer_def **out, pz_parse_info *info);
/* Frees a definition; NULL is a no-op. */
PZ_API void pz_killer_def_free(pz_killer_def *d);

/* Accessors; d must not be NULL. Arrays are owned by d. */
PZ_API int pz_killer_def_size(const pz_killer_def *d);
PZ_API void pz_killer_def_box(const pz_killer_def *d, int *box_rows,
                              int *box_cols);
/* Sets another box shape: PZ_ERR_ARG unless box_rows * box_cols = n. */
PZ_API int pz_killer_def_set_box(pz_killer_def *d, int box_rows,
                                 int box_cols);
/* n*n cage numbers 0..ncages-1 (in row-major order of first appearance)
 * or PZ_KILLER_NO_CAGE; *ncages (may be NULL) gets the count. */
PZ_API const int *pz_killer_def_cages(const pz_killer_def *d, int *ncages);
/* ncages sums. */
PZ_API const int *pz_killer_def_sums(const pz_killer_def *d);
/* n*n givens, 0 = blank. */
PZ_API const int *pz_killer_def_givens(const pz_killer_def *d);

/* Creates the puzzle d describes, its givens set (*out is the caller's). */
PZ_API int pz_killer_from_def(pz_puzzle **out, const pz_killer_def *d);

#ifdef __cplusplus
}
#endif
#endif
