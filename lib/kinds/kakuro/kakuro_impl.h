/* Kakuro's own calls between the files of its folder. */
#ifndef PZ_KAKURO_IMPL_H
#define PZ_KAKURO_IMPL_H

#include <pz/kakuro.h>

/* A definition holding a copy of a rows x cols grid. */
int pz_kakuro_def_make(pz_kakuro_def **out, int rows, int cols,
                       const pz_kakuro_cell *cells);

#endif
