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

/* m's puzzle, one row of n cells, set to solve on backend `on`. */
static inline pz_puzzle *model_on(pz_model *m, int n, const char *on) {
  pz_options o = options_on(on);
  pz_puzzle *p;
  return puzzle_set(pz_model_puzzle(&p, m, 1, n), &p, &o);
}

/* The number of p's solutions, counted to the end (no limit). */
static inline uint64_t count_all(pz_puzzle *p) {
  uint64_t count = 0;
  pz_result stop;
  CHECK_EQ(pz_puzzle_count(p, 0, &count, &stop), PZ_OK);
  CHECK_EQ(stop, PZ_UNSAT);
  return count;
}

/* p's formula into a new *cnf (the caller frees it) and its projection:
 * the variables (NULL: none set), *n of them, and *flags. */
static inline const int *encoded_projection(pz_puzzle *p, pz_cnf **cnf,
                                            size_t *n, unsigned *flags) {
  REQUIRE(pz_cnf_new(cnf) == PZ_OK);
  CHECK_EQ(pz_puzzle_encode(p, *cnf), PZ_OK);
  return pz_cnf_projection(*cnf, n, flags);
}

/* Counts the solutions of p's formula in `flags` mode (PZ_ENCODE_*)
 * directly on a solver of backend `on` (the projection the encoding set),
 * as a user of the DIMACS file would; the formula must be complete and the
 * count finish. */
static inline uint64_t count_encoding(pz_puzzle *p, unsigned flags,
                                     const char *on) {
  pz_cnf *cnf;
  pz_solver *s;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  int complete = 0;
  CHECK_EQ(pz_puzzle_encode_ex(p, cnf, flags, &complete), PZ_OK);
  CHECK_EQ(complete, 1);
  REQUIRE(pz_solver_new(&s, on) == PZ_OK);
  CHECK_EQ(pz_solver_add_cnf(s, cnf), PZ_OK);
  uint64_t count = 0;
  pz_result stop;
  CHECK_EQ(pz_solver_count(s, 0, &count, &stop), PZ_OK);
  CHECK_EQ(stop, PZ_UNSAT);
  pz_solver_free(s);
  pz_cnf_free(cnf);
  return count;
}

#endif
