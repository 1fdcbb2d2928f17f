/* Out of memory inside the real solvers (usage: test_oom BACKEND).
 *
 * Every allocation of the program is counted: malloc, calloc and realloc
 * of the statically linked code (pz, the backends, PicoSAT) through the
 * linker's --wrap, and C++ operator new (CaDiCaL) by replacing it here.
 * A scenario (create a solver, load a Latin square, count its solutions,
 * check uniqueness, free) is run once to count its allocations, then again
 * with allocation number k failing, for every k: once with only that one
 * failing, once with every later one failing too. Each run must end with
 * the right answer or PZ_ERR_NOMEM from the call that could not go on:
 * never a crash, an abort, an uncaught exception or a wrong count; and
 * every block it allocated must be freed again (counted here, through the
 * same wrappers) - except after an exception inside CaDiCaL, whose broken
 * instances are never deleted on purpose (see backends/cadical.cc). The
 * sanitizer build adds its own checks (its leak check is left to the count
 * here, which knows about that exception). */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include <pz.h>

extern "C" {
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);
}

static long allocations; /* counted while armed */
static long live;        /* blocks allocated minus blocks freed, armed */
static long fail_at;     /* the allocation that fails (1-based), 0 = none */
static bool fail_later;  /* every allocation after fail_at fails too */
static bool armed;

/* true when this allocation is to fail. */
static bool failing() {
  if (!armed) return false;
  ++allocations;
  return fail_at && (allocations == fail_at ||
                     (fail_later && allocations > fail_at));
}

static void *counted(void *p) {
  if (p && armed) live++;
  return p;
}
void *__wrap_malloc(size_t n) {
  return failing() ? nullptr : counted(__real_malloc(n));
}
void *__wrap_calloc(size_t n, size_t size) {
  return failing() ? nullptr : counted(__real_calloc(n, size));
}
void *__wrap_realloc(void *p, size_t n) {
  if (!p) return __wrap_malloc(n);
  return failing() ? nullptr : __real_realloc(p, n);
}
void __wrap_free(void *p) {
  if (p && armed) live--;
  __real_free(p);
}

/* operator new as the standard library's, on the counted malloc. */
static void *new_or_throw(size_t n) {
  void *p = __wrap_malloc(n ? n : 1);
  if (!p) throw std::bad_alloc();
  return p;
}
void *operator new(size_t n) { return new_or_throw(n); }
void *operator new[](size_t n) { return new_or_throw(n); }
void *operator new(size_t n, const std::nothrow_t &) noexcept {
  return __wrap_malloc(n ? n : 1);
}
void *operator new[](size_t n, const std::nothrow_t &) noexcept {
  return __wrap_malloc(n ? n : 1);
}
void operator delete(void *p) noexcept { __wrap_free(p); }
void operator delete[](void *p) noexcept { __wrap_free(p); }
void operator delete(void *p, size_t) noexcept { __wrap_free(p); }
void operator delete[](void *p, size_t) noexcept { __wrap_free(p); }

static int failures;
#define CHECK(cond)                                                       \
  do {                                                                    \
    if (!(cond)) {                                                        \
      std::fprintf(stderr, "%s:%d: check failed: %s (k = %ld%s)\n",       \
                   __FILE__, __LINE__, #cond, fail_at,                    \
                   fail_later ? ", and later" : "");                      \
      failures++;                                                         \
    }                                                                     \
  } while (0)

static const char *backend;
static pz_cnf *latin; /* Latin squares of order 3: 12 */

/* Returns PZ_OK with the right answers, or the first error; *leaked gets
 * the blocks it left allocated. */
static int scenario(long *leaked) {
  pz_solver *s = nullptr;
  uint64_t count = 0;
  pz_result stop = PZ_SAT;
  int sols = 0;
  live = 0;
  armed = true;
  int st = pz_solver_new(&s, backend);
  if (!st) st = pz_solver_add_cnf(s, latin);
  if (!st) st = pz_solver_count(s, 0, &count, &stop);
  if (!st) {
    CHECK(count == 12 && stop == PZ_UNSAT);
    st = pz_solver_unique(s, &sols, &stop);
    if (!st) CHECK(sols == 2 && stop == PZ_SAT);
  }
  if (!st) {
    /* One more clause: the square with 1 in the corner (4 of them). */
    st = pz_solver_add(s, 1);
    if (!st) st = pz_solver_add(s, 0);
    if (!st) st = pz_solver_count(s, 0, &count, &stop);
    if (!st) CHECK(count == 4 && stop == PZ_UNSAT);
  }
  pz_solver_free(s);
  armed = false;
  *leaked = live;
  return st;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: test_oom BACKEND\n");
    return 2;
  }
  backend = argv[1];
  pz_puzzle *p;
  if (pz_latin_new(&p, 3, 0) || pz_cnf_new(&latin) ||
      pz_puzzle_encode(p, latin)) {
    std::fprintf(stderr, "test_oom: cannot build the formula\n");
    return 1;
  }
  pz_puzzle_free(p);
  /* Variable 1 must mean "cell (1,1) holds 1" for the last step. */
  allocations = 0;
  fail_at = 0;
  long leaked;
  int st = scenario(&leaked);
  long total = allocations;
  if (st != PZ_OK || total < 10 || leaked != 0) {
    std::fprintf(stderr, "test_oom: scenario failed without injection "
                 "(status %d, %ld allocations, %ld left)\n", st, total,
                 leaked);
    return 1;
  }
  /* Only a C++ solver's broken instance may stay allocated. */
  bool may_leak = std::strcmp(backend, "picosat") != 0;
  long nomem = 0, leaky = 0;
  for (int later = 0; later < 2; later++) {
    fail_later = later;
    for (fail_at = 1; fail_at <= total; fail_at++) {
      allocations = 0;
      st = scenario(&leaked);
      CHECK(st == PZ_OK || st == PZ_ERR_NOMEM);
      CHECK(leaked >= 0);
      CHECK(leaked == 0 || (may_leak && st == PZ_ERR_NOMEM));
      if (st == PZ_ERR_NOMEM) nomem++;
      if (leaked) leaky++;
    }
  }
  fail_at = 0;
  CHECK(nomem >= total); /* the failures were seen, not swallowed */
  pz_cnf_free(latin);
  if (failures) {
    std::fprintf(stderr, "test_oom (%s): %d check(s) failed\n", backend,
                 failures);
    return 1;
  }
  std::printf("test_oom (%s): ok, %ld allocations, each failed alone and "
              "with all later ones; %ld of those runs left a broken solver "
              "allocated\n", backend, total, leaky);
  return 0;
}
