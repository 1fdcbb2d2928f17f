/* A kind's arguments, generation and puzzles on one backend, for the tests
 * of the kind table: each stops the test when the library refuses what it
 * must take. */
#ifndef PZ_TEST_KIND_ON_H
#define PZ_TEST_KIND_ON_H

#include <pz.h>

#include "check.h"

/* k's arguments with set (pairs name, value; NULL ends it, or NULL). */
static inline pz_kind_args *kind_args(const pz_kind *k, const char *const *set) {
  pz_kind_args *a = NULL;
  REQUIRE(pz_kind_args_new(k, &a) == PZ_OK);
  for (; set && set[0]; set += 2) {
    pz_parse_info why;
    int st = pz_kind_args_set(a, set[0], set[1], &why);
    if (st) fprintf(stderr, "--%s: %s\n", set[0], why.message);
    REQUIRE(st == PZ_OK);
  }
  return a;
}

/* The kind called name, which must be one that generates. */
static inline const pz_kind *generating_kind(const char *name) {
  const pz_kind *k = pz_kind_find(name);
  REQUIRE(k);
  CHECK(pz_kind_modes(k) & PZ_KIND_GENERATE);
  return k;
}

/* pz_kind_generate's answer for k under a from seed, solving on backend
 * `on`; *d is NULL unless a puzzle came out. */
static inline int generate_on(const pz_kind *k, const pz_kind_args *a,
                              uint64_t seed, const char *on, pz_def **d,
                              pz_generate_info *info, pz_result *stop) {
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = on;
  pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
  g.seed = seed;
  *d = NULL;
  return pz_kind_generate(k, a, &o, &g, d, info, stop);
}

/* A puzzle of k with its "size" parameter n, from seed, on backend `on`
 * (NULL, the failure counted, when none came out). */
static inline pz_def *generate_sized(const pz_kind *k, int n, uint64_t seed,
                                     const char *on) {
  char size[16];
  snprintf(size, sizeof size, "%d", n);
  const char *const set[] = {"size", size, NULL};
  pz_kind_args *a = kind_args(k, set);
  pz_def *d;
  pz_result stop;
  CHECK_EQ(generate_on(k, a, seed, on, &d, NULL, &stop), PZ_OK);
  CHECK_EQ(stop, PZ_SAT);
  pz_kind_args_free(a);
  return d;
}

/* The text pz_def_write gives for d (cells NULL: the puzzle) in format,
 * malloc'd, *len bytes (len may be NULL); NULL when the write fails, its
 * status in *st either way. */
static inline char *def_written(const pz_def *d, const int *cells,
                                const char *format, int *st, size_t *len) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  REQUIRE(f);
  *st = pz_def_write(d, cells, format, f);
  fclose(f);
  if (*st) {
    free(buf);
    return NULL;
  }
  if (len) *len = n;
  return buf;
}

/* A kind definition's puzzle, set to solve on backend `on`. */
static inline pz_puzzle *def_puzzle_on(const pz_def *d, const char *on) {
  pz_puzzle *p = NULL;
  REQUIRE(pz_def_puzzle(d, &p) == PZ_OK);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = on;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  return p;
}

#endif
