/* A tiny check helper shared by the tests. */
#ifndef PZ_TEST_CHECK_H
#define PZ_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int check_failures;

/* Slack over the 10% a call may overrun its time limit. A sanitizer
 * build copies and poisons every reallocated buffer, which takes a few
 * tenths of a second on the largest ones, between two polls. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) /* clang's way of saying it */
#define PZ_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(PZ_TEST_ASAN)
#define SLACK 0.4
#else
#define SLACK 0.1
#endif

/* Seconds on the monotonic clock, for the tests that time a limit. */
static inline double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#define CHECK(cond)                                                        \
  do {                                                                     \
    if (!(cond)) {                                                         \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,     \
              #cond);                                                      \
      check_failures++;                                                    \
    }                                                                      \
  } while (0)

#define CHECK_EQ(a, b)                                                     \
  do {                                                                     \
    long long check_a_ = (long long)(a), check_b_ = (long long)(b);        \
    if (check_a_ != check_b_) {                                            \
      fprintf(stderr, "%s:%d: check failed: %s == %s (%lld != %lld)\n",    \
              __FILE__, __LINE__, #a, #b, check_a_, check_b_);             \
      check_failures++;                                                    \
    }                                                                      \
  } while (0)

/* Stops the test at once (a later step depends on this one). */
#define REQUIRE(cond)                                                      \
  do {                                                                     \
    if (!(cond)) {                                                         \
      fprintf(stderr, "%s:%d: requirement failed: %s\n", __FILE__,         \
              __LINE__, #cond);                                            \
      exit(1);                                                             \
    }                                                                      \
  } while (0)

/* Exit code ctest reads as "skipped" (SKIP_RETURN_CODE). */
#define CHECK_SKIP 77

/* In main: skips the whole test (CHECK_SKIP) when the backend named by
 * name (NULL: the default) is not linked. Needs <pz.h>. */
#define CHECK_BACKEND_OR_SKIP(name)                                       \
  do {                                                                    \
    pz_solver *s_;                                                        \
    if (pz_solver_new(&s_, (name)) != PZ_OK) {                            \
      fprintf(stderr, "backend %s not available\n", (name) ? (name) : "?"); \
      return CHECK_SKIP;                                                  \
    }                                                                     \
    pz_solver_free(s_);                                                   \
  } while (0)

/* For a program registered with TIMED (pz_solver_test): whether to run
 * its timed checks (timed = 1) or its others (0), given argv[2] "timed"
 * or "untimed" (absent: both). The timed ones run alone. */
static inline int check_part(int argc, char **argv, int timed) {
  return argc < 3 || !strcmp(argv[2], timed ? "timed" : "untimed");
}

/* Runs the test function t, its time printed with PZ_TEST_VERBOSE set. */
#define RUN_TIMED(t)                                                      \
  do {                                                                    \
    double t_ = now();                                                    \
    t();                                                                  \
    if (getenv("PZ_TEST_VERBOSE"))                                        \
      printf("  %-22s %.2f s\n", #t, now() - t_);                        \
  } while (0)

static inline int check_done(const char *name) {
  if (check_failures) {
    fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures);
    return 1;
  }
  printf("%s: ok\n", name);
  return 0;
}

/* Path of a file under ../shared/data (relative to the source tree), or
 * NULL when the shared data is absent: the test then skips that part. */
static inline const char *shared_data(const char *rel, char *buf,
                                      size_t size) {
#ifdef PZ_SHARED_DATA
  snprintf(buf, size, "%s/%s", PZ_SHARED_DATA, rel);
  FILE *f = fopen(buf, "r");
  if (!f) return NULL;
  fclose(f);
  return buf;
#else
  (void)rel; (void)buf; (void)size;
  return NULL;
#endif
}

/* The file rel under ../shared/data open for reading, or NULL when the
 * shared data is absent (said on stdout: the test skips that part). */
static inline FILE *open_shared(const char *rel) {
  char path[1024];
  if (!shared_data(rel, path, sizeof path)) {
    printf("../shared/data/%s absent: skipped\n", rel);
    return NULL;
  }
  FILE *f = fopen(path, "r");
  REQUIRE(f);
  return f;
}

/* A label as its name: a number without its leading zeros (007 is 7). */
static inline void label_name(const char *tok, char *out, size_t size) {
  size_t digits = strspn(tok, "0123456789");
  if (tok[0] && !tok[digits])
    while (tok[0] == '0' && tok[1]) tok++;
  snprintf(out, size, "%s", tok);
}

/* 1 when ids (n*n) groups the cells as the labels in `rows` do (n*n
 * blank-separated names, read here with plain sscanf): two cells share an
 * id exactly when their labels are the same name; a '-' label goes with a
 * negative id (no group). */
static inline int same_groups(const char *rows, int n, const int *ids) {
  static char name[64 * 64][32];
  char tok[32];
  int cells = 0, used;
  for (const char *s = rows; cells < n * n && sscanf(s, "%31s%n", tok, &used) == 1;
       s += used)
    label_name(tok, name[cells++], sizeof name[0]);
  if (cells != n * n || n > 64) return 0;
  for (int x = 0; x < cells; x++) {
    int none = !strcmp(name[x], "-");
    if (none != (ids[x] < 0)) return 0;
    for (int y = 0; y < cells && !none; y++)
      if ((strcmp(name[x], name[y]) == 0) != (ids[x] == ids[y])) return 0;
  }
  return 1;
}

#endif
