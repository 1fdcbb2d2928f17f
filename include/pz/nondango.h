/* pz: nondango (being written). */
#ifndef PZ_NONDANGO_H
#define PZ_NONDANGO_H

#include "puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif
#endif
