/* Any solver library that exports the standard IPASIR symbols. */
#include <stdio.h>

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

static void set_terminate(void *s, void *state, int (*fn)(void *)) {
  ipasir_set_terminate(s, state, fn);
}

const pz_backend pz_backend_ipasir = {
    "ipasir", ipasir_signature, ipasir_init, ipasir_release, ipasir_add,
    ipasir_assume, ipasir_solve, ipasir_val, ipasir_failed, set_terminate,
    NULL};
PZ_BACKEND_REGISTER(pz_backend_ipasir);
