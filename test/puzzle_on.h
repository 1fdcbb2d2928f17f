/* A test's puzzle set to solve on the backend under test. */
#ifndef PZ_TEST_PUZZLE_ON_H
#define PZ_TEST_PUZZLE_ON_H

#include <pz.h>

#include "check.h"

/* Options that solve on backend `on`, the rest the defaults. */
static inline pz_options options_on(const char *on) {
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = on;
  return o;
}

/* *p, just made with status st, set to o: the test stops when either
 * fails. `return puzzle_set(pz_latin_new(&p, n, 0), &p, &o);` */
static inline pz_puzzle *puzzle_set(int st, pz_puzzle *const *p,
                                    const pz_options *o) {
  REQUIRE(st == PZ_OK);
  REQUIRE(pz_puzzle_set_options(*p, o) == PZ_OK);
  return *p;
}

#endif
