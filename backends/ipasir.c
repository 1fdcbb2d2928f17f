/* Any solver library that exports the standard IPASIR symbols. */
#include <stdio.h>
#include <string.h>

#include "pz/backend.h"

/* The IPASIR interface (ipasir.h is not shipped by Debian). */
const char *ipasir_signature(void);
void *ipasir_init(void);
void ipasir_release(void *solver);
void ipasir_add(void *solver, int lit_or_zero);
void ipasir_assume(void *solver, int lit);
int ipasir_solve(void *solver);
int ipasir_val(void *solver, int lit);
int ipasir_failed(void *solver, int lit);
void ipasir_set_terminate(void *solver, void *state,
                          int (*terminate)(void *state));

/* CaDiCaL's IPASIR functions are its C API under other names, and like it
 * they print "c found falsified original clause" to stdout unless quiet.
 * Set quiet when the linked IPASIR solver is CaDiCaL (weak: absent for
 * other solvers, then nothing happens). */
void ccadical_set_option(void *solver, const char *name, int val)
    __attribute__((weak));

static void *init(void) {
  void *s = ipasir_init();
  const char *sig = ipasir_signature();
  if (s && ccadical_set_option && sig && strncmp(sig, "cadical", 7) == 0)
    ccadical_set_option(s, "quiet", 1);
  return s;
}

static void set_terminate(void *s, void *state, int (*fn)(void *)) {
  ipasir_set_terminate(s, state, fn);
}

const pz_backend pz_backend_ipasir = {
    "ipasir", ipasir_signature, init, ipasir_release, ipasir_add,
    ipasir_assume, ipasir_solve, ipasir_val, ipasir_failed, set_terminate,
    NULL};
PZ_BACKEND_REGISTER(pz_backend_ipasir);
