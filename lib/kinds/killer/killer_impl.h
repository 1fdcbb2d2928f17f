/* Killer's own calls between the files of its folder. */
#ifndef PZ_KILLER_IMPL_H
#define PZ_KILLER_IMPL_H

#include <stdio.h>

#include <pz/generate.h>
#include <pz/killer.h>

/* A definition holding copies of these arrays (givens may be NULL). */
int pz_killer_def_make(pz_killer_def **out, int box_rows, int box_cols,
                       const int *cages, const int *sums, int ncages,
                       const int *givens);
/* d in the janko.at layout (the reader's), its givens replaced by cells
 * when not NULL. */
int pz_killer_def_write(const pz_killer_def *d, const int *cells, FILE *out);

/* pz_killer_new with Sudoku's variant rules too (PZ_SUDOKU_* bits:
 * "x", the diagonals, makes Killer-X); PZ_ERR_UNSUPPORTED for windoku
 * where its windows do not fit. */
int pz_killer_new_variants(pz_puzzle **out, int box_rows, int box_cols,
                           const int *cages, const int *sums, int ncages,
                           unsigned variants);
/* pz_killer_generate under those variants. */
int pz_killer_generate_variants(int box_rows, int box_cols, unsigned variants,
                                const pz_options *options,
                                const pz_generate_options *opt, int *cages,
                                int *sums, int *ncages, int *givens,
                                int *solution, pz_generate_info *info,
                                pz_result *stop);
/* The variant rules a definition's puzzle gets (pz_killer_from_def). */
void pz_killer_def_set_variants(pz_killer_def *d, unsigned variants);
unsigned pz_killer_def_variants(const pz_killer_def *d);

#endif
