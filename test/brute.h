/* Brute force over a small box of integer variables, for tests that check
 * the library's counts and answers against it: every assignment of the n
 * variables, x from lo[x] to hi[x], tried in turn against the test's own
 * reading of its model. */
#ifndef PZ_TEST_BRUTE_H
#define PZ_TEST_BRUTE_H

#include <stdint.h>
#include <stdio.h>

/* Does assignment a (n values) satisfy model (the test's own type)? */
typedef int (*brute_test)(const void *model, const int *a);

/* How many assignments of the box ok accepts (n <= 64). */
static inline uint64_t brute_count_box(int n, const int *lo, const int *hi,
                                       brute_test ok, const void *model) {
  int a[64];
  for (int x = 0; x < n; x++) a[x] = lo[x];
  uint64_t count = 0;
  for (;;) {
    count += ok(model, a) != 0;
    int x = 0;
    while (x < n && a[x] == hi[x]) a[x] = lo[x], x++;
    if (x == n) return count;
    a[x]++;
  }
}

/* pz_puzzle_enumerate's callback state: bad counts the solutions found
 * that ok refuses. */
typedef struct brute_check {
  brute_test ok;
  const void *model;
  int bad;
} brute_check;

static inline int brute_check_solution(void *state, const int *grid) {
  brute_check *c = (brute_check *)state;
  if (!c->ok(c->model, grid)) c->bad++;
  return 0;
}

/* A test's own checker that says why grid breaks the rules of model, or
 * NULL when it keeps them. */
typedef const char *(*brute_why)(const void *model, const int *grid);

/* pz_puzzle_enumerate's callback state: n counts the solutions found, bad
 * those why refuses (each reported). */
typedef struct brute_seen {
  brute_why why;
  const void *model;
  uint64_t n;
  int bad;
} brute_seen;

static inline int brute_seen_solution(void *state, const int *grid) {
  brute_seen *v = (brute_seen *)state;
  const char *why = v->why(v->model, grid);
  if (why) {
    fprintf(stderr, "enumerated solution invalid: %s\n", why);
    v->bad++;
  }
  v->n++;
  return 0;
}

#endif
