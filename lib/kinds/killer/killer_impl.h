/* Killer's own calls between the files of its folder. */
#ifndef PZ_KILLER_IMPL_H
#define PZ_KILLER_IMPL_H

#include <stdio.h>

#include <pz/killer.h>

/* A definition holding copies of these arrays (givens may be NULL). */
int pz_killer_def_make(pz_killer_def **out, int box_rows, int box_cols,
                       const int *cages, const int *sums, int ncages,
                       const int *givens);
/* d in the janko.at layout (the reader's), its givens replaced by cells
 * when not NULL. */
int pz_killer_def_write(const pz_killer_def *d, const int *cells, FILE *out);

#endif
