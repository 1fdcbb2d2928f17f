/* Futoshiki's own calls between the files of its folder. */
#ifndef PZ_FUTOSHIKI_IMPL_H
#define PZ_FUTOSHIKI_IMPL_H

#include <pz/futoshiki.h>

/* A definition holding copies of these n*n arrays (any may be NULL:
 * none); its format is the sgt-unequal game id. */
int pz_futoshiki_def_make(pz_futoshiki_def **out, int n, const int *givens,
                          const int *right, const int *down);

#endif
