/* The variant rules of the Sudoku family (diagonals, windows, anti-king,
 * anti-knight, non-consecutive), stated once on the model layer for every
 * kind whose grid is a Sudoku's: Sudoku and jigsaw, Killer. */
#ifndef PZ_PUZZLE_SUDOKU_UNITS_H
#define PZ_PUZZLE_SUDOKU_UNITS_H

#include "pz/model.h"

/* 1 when the variants (PZ_SUDOKU_* bits) fit an n x n grid of
 * box_rows x box_cols boxes (jigsaw: regions instead of boxes): windoku
 * needs boxes and room for its windows between them. */
int pz_sudoku_units_fit(int box_rows, int box_cols, int jigsaw,
                        unsigned variants);

/* Adds the variants' groups and pairs over the n x n grid whose cell
 * (r, c) is variable first + r * n + c (values 1..n); buf holds n ints. */
int pz_sudoku_units_variants(pz_model *m, int first, int box_rows,
                             int box_cols, unsigned variants, int *buf);

/* A comma-separated list of variant words into PZ_SUDOKU_* bits: the
 * names pz_sudoku_variant_name gives, and "x" for the diagonals (janko.at's
 * Sudoku-X, Killer-X). PZ_ERR_ARG with a message for an unknown word. */
int pz_sudoku_units_from_words(const char *list, unsigned *variants,
                               pz_parse_info *info);

/* Those words, NULL-terminated, for a kind's parameter table. */
extern const char *const pz_sudoku_units_words[];

#endif
