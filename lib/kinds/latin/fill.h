/* Latin squares completed without a solver (lib/kinds/latin/fill.c). */
#ifndef PZ_LATIN_FILL_H
#define PZ_LATIN_FILL_H

#include <stdint.h>

#include "core/poll.h"
#include "pz/common.h"

/* Completes the order-n square whose givens are want (n*n values 1..n,
 * 0 open) into grid, row by row, trying at most `budget` symbols in all
 * and stopping when poll (may be NULL) says so. *found: 1 = grid holds a
 * completion (checked), 0 = none was found this way (there may still be
 * one). PZ_OK or PZ_ERR_NOMEM. */
int pz_latin_fill(int n, const int *want, uint64_t budget, pz_poll *poll,
                  int *grid, int *found);

/* 1 when every completion of want has a twin, another completion made by
 * swapping two symbols, rows or columns no given touches; 0 when that
 * does not follow (a completion may still be one of several). */
int pz_latin_has_twin(int n, const int *want);

#endif
