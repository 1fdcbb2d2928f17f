/* CaDiCaL through its C API (Debian libcadical-dev). */
#include <ccadical.h>
#include <stdio.h>
#include <unistd.h>

#include "pz/backend.h"

static const char *sig(void) { return ccadical_signature(); }

static void *init(void) {
  CCaDiCaL *s = ccadical_init();
  /* Without quiet, CaDiCaL prints "c found falsified original clause" and
   * similar lines to stdout, which would mix into the caller's output. */
  if (s) ccadical_set_option(s, "quiet", 1);
  return s;
}

static void release(void *s) { ccadical_release((CCaDiCaL *)s); }
static void add(void *s, int lit) { ccadical_add((CCaDiCaL *)s, lit); }
static void assume(void *s, int lit) { ccadical_assume((CCaDiCaL *)s, lit); }
static int solve(void *s) { return ccadical_solve((CCaDiCaL *)s); }
/* Above the largest variable CaDiCaL answers -1 rather than -lit; only the
 * sign is meaningful, which is all the contract promises. */
static int val(void *s, int lit) { return ccadical_val((CCaDiCaL *)s, lit); }
static int failed(void *s, int lit) {
  return ccadical_failed((CCaDiCaL *)s, lit);
}
static void set_terminate(void *s, void *state, int (*fn)(void *)) {
  ccadical_set_terminate((CCaDiCaL *)s, state, fn);
}

/* CaDiCaL writes statistics to stdout only; point stdout at `out`
 * for the duration of the call. */
static void print_stats(void *s, FILE *out) {
  fflush(stdout);
  fflush(out);
  int saved = -1;
  if (fileno(out) != STDOUT_FILENO) {
    saved = dup(STDOUT_FILENO);
    if (saved < 0 || dup2(fileno(out), STDOUT_FILENO) < 0) {
      if (saved >= 0) close(saved);
      return;
    }
  }
  ccadical_set_option((CCaDiCaL *)s, "quiet", 0);
  ccadical_print_statistics((CCaDiCaL *)s);
  ccadical_set_option((CCaDiCaL *)s, "quiet", 1);
  fflush(stdout);
  if (saved >= 0) {
    dup2(saved, STDOUT_FILENO);
    close(saved);
  }
}

const pz_backend pz_backend_cadical = {
    "cadical", sig, init, release, add, assume, solve, val, failed,
    set_terminate, print_stats};
PZ_BACKEND_REGISTER(pz_backend_cadical);
