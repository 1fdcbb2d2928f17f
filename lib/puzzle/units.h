/* The all-different groups of a grid of variables that several kinds
 * state: a block of cells (a row, a column, a box), and the rows and
 * columns of a Latin square. Cell (r, c) of a grid is variable
 * first + r * stride + c. */
#ifndef PZ_PUZZLE_UNITS_H
#define PZ_PUZZLE_UNITS_H

#include "pz/model.h"

/* Names the constraints added next (pz_model_set_label), printf-style:
 * "box %d". */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int pz_units_label(pz_model *m, const char *fmt, ...);

/* The rr x cc cells from row r0, column c0 are all different; buf holds
 * rr * cc ints. */
int pz_units_block(pz_model *m, int first, int stride, int r0, int c0,
                   int rr, int cc, int *buf);
/* Row i and column i of the n x n grid all different, for every i in
 * turn (a Latin square); buf holds n ints. */
int pz_units_latin(pz_model *m, int first, int stride, int n, int *buf);

#endif
