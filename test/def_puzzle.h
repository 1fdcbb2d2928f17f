/* A kind definition's puzzle, set to solve on backend `on`: the test stops
 * when it cannot be made. */
#ifndef PZ_TEST_DEF_PUZZLE_H
#define PZ_TEST_DEF_PUZZLE_H

#include <pz.h>

#include "check.h"

static inline pz_puzzle *def_puzzle_on(const pz_def *d, const char *on) {
  pz_puzzle *p = NULL;
  REQUIRE(pz_def_puzzle(d, &p) == PZ_OK);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = on;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  return p;
}

#endif
