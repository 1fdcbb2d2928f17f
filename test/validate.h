/* Independent checkers: written from the rules, sharing no code with the
 * encoders. Each returns 1 if the grid is a valid solution, 0 otherwise
 * (printing why to stderr). */
#ifndef PZ_TEST_VALIDATE_H
#define PZ_TEST_VALIDATE_H

int valid_latin(const int *grid, int n, const int *givens);
/* variants: PZ_SUDOKU_* bits; regions (values 1..n) replace boxes if set. */
int valid_sudoku(const int *grid, int box_rows, int box_cols,
                 const int *givens, unsigned variants, const int *regions);

#endif
