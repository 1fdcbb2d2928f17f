/* The main of most test programs: the backend ctest names in argv[1]
 * (none: the default), the test functions in turn, the verdict. */
#ifndef PZ_TEST_MAIN_H
#define PZ_TEST_MAIN_H

#include <pz.h>

#include "check.h"

/* The backend the tests solve on (NULL: the default). */
static const char *backend;

typedef void (*check_test)(void);

/* Runs the n tests on the backend of argv[1] (skipped, CHECK_SKIP, when
 * linked is set and that backend is not linked), then timed (NULL: none),
 * or only one of the two as argv[2] says (check_part); with
 * PZ_TEST_VERBOSE set, each test's time by its name (names: theirs,
 * comma-separated). */
static inline int check_main(int argc, char **argv, int linked,
                             const char *name, const char *names,
                             const check_test *tests, size_t n,
                             check_test timed) {
  backend = argc > 1 ? argv[1] : NULL;
  if (linked) CHECK_BACKEND_OR_SKIP(backend);
  int verbose = getenv("PZ_TEST_VERBOSE") != NULL;
  double start = now();
  if (timed && check_part(argc, argv, 1)) timed();
  if (!check_part(argc, argv, 0)) n = 0;
  for (size_t i = 0; i < n; i++) {
    double t = now();
    tests[i]();
    size_t len = strcspn(names, ",");
    if (verbose) printf("  %-22.*s %.2f s\n", (int)len, names, now() - t);
    names += len;
    names += strspn(names, ", \t\n");
  }
  if (verbose) printf("  %-22s %.2f s\n", "total", now() - start);
  return check_done(name);
}

/* The whole main: CHECK_MAIN("test_x", test_a, test_b) runs test_a, then
 * test_b; CHECK_MAIN_LINKED the same, skipped where the backend is not
 * linked. */
#define CHECK_MAIN_OF(linked, name, timed, ...)                          \
  int main(int argc, char **argv) {                                      \
    static const check_test tests_[] = {__VA_ARGS__};                    \
    return check_main(argc, argv, linked, name, #__VA_ARGS__, tests_,    \
                      sizeof tests_ / sizeof tests_[0], timed);          \
  }
#define CHECK_MAIN(name, ...) CHECK_MAIN_OF(0, name, NULL, __VA_ARGS__)
#define CHECK_MAIN_LINKED(name, ...) CHECK_MAIN_OF(1, name, NULL, __VA_ARGS__)
/* The same with a timed test (wall-clock limits), run alone by ctest
 * (pz_solver_test's TIMED). */
#define CHECK_MAIN_TIMED(name, timed, ...) CHECK_MAIN_OF(0, name, timed, __VA_ARGS__)

#endif
