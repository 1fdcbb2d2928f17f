/* pz: knightdoku (being written). */
#ifndef PZ_KNIGHTDOKU_H
#define PZ_KNIGHTDOKU_H

#include "puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif
#endif
