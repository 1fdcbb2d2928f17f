/* PicoSAT (Debian picosat). */
#include <picosat/picosat.h>
#include <stdio.h>

#include "pz/backend.h"

/* picosat_version() is the bare release number, e.g. "965". */
static const char *sig(void) { return picosat_version(); }

static void *init(void) { return picosat_init(); }
static void release(void *s) { picosat_reset((PicoSAT *)s); }
static void add(void *s, int lit) { picosat_add((PicoSAT *)s, lit); }
static void assume(void *s, int lit) { picosat_assume((PicoSAT *)s, lit); }
static int solve(void *s) { return picosat_sat((PicoSAT *)s, -1); }

static int val(void *s, int lit) {
  /* PicoSAT rejects literals beyond its variables; those are unconstrained,
   * so false is a valid answer. */
  int v = lit < 0 ? -lit : lit;
  if (v > picosat_variables((PicoSAT *)s)) return -1;
  return picosat_deref((PicoSAT *)s, lit);
}

static int failed(void *s, int lit) {
  int v = lit < 0 ? -lit : lit;
  if (v > picosat_variables((PicoSAT *)s)) return 0;
  return picosat_failed_assumption((PicoSAT *)s, lit);
}

static void set_terminate(void *s, void *state, int (*fn)(void *)) {
  picosat_set_interrupt((PicoSAT *)s, state, fn);
}

static void print_stats(void *s, FILE *out) {
  picosat_set_output((PicoSAT *)s, out);
  picosat_stats((PicoSAT *)s);
  fflush(out);
}

const pz_backend pz_backend_picosat = {
    "picosat", sig, init, release, add, assume, solve, val, failed,
    set_terminate, print_stats};
PZ_BACKEND_REGISTER(pz_backend_picosat);
