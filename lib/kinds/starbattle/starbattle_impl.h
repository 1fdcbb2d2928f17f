/* Star Battle's own calls between the files of its folder. */
#ifndef PZ_STARBATTLE_IMPL_H
#define PZ_STARBATTLE_IMPL_H

#include <stdio.h>

#include <pz/starbattle.h>

/* A definition of these regions (rows*cols ids, any numbering, or
 * PZ_STARBATTLE_NO_REGION), renumbered as the reader numbers them. */
int pz_starbattle_def_make(pz_starbattle_def **out, int rows, int cols,
                           int stars, const int *regions);
/* d in the janko.at layout, which the reader reads back. */
int pz_starbattle_def_write(const pz_starbattle_def *d, FILE *out);

#endif
