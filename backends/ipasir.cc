/* Any solver library that exports the standard IPASIR symbols.
 *
 * The IPASIR functions may be C++ underneath (Debian's libcadical.a
 * implements them with CaDiCaL) and throw, e.g. std::bad_alloc when
 * memory runs out. Exceptions must never reach the C code that called the
 * backend, so every IPASIR call is made inside try/catch here; the first
 * exception breaks the instance: the solver is not called again, not even
 * to release it (a solver that threw half-way may not be able to free
 * itself: CaDiCaL's destructor can then abort in free, see cadical.cc), and
 * solve reports the failure as a pz_status. Its memory is left to the
 * process: a leak on a path where the alternative is a crash. */
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>

#include "caught.hh"
#include "table.h"

/* The IPASIR interface (ipasir.h is not shipped by Debian). */
extern "C" {
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
}

namespace {

struct Ipasir {
  void *s = nullptr;
  int err = 0;         /* 0, or the status that broke the instance */
  bool threw = false;  /* the solver threw: never call it again */
};

using pz_cxx::caught;

/* Records the exception being handled (call inside a catch). */
int fail(Ipasir *w) noexcept {
  w->threw = true;
  return w->err = caught();
}

const char *sig() noexcept {
  try {
    return ipasir_signature();
  } catch (...) {
    return "ipasir";
  }
}

void *init() noexcept {
  Ipasir *w = new (std::nothrow) Ipasir;
  if (!w) return nullptr;
  try {
    w->s = ipasir_init();
    const char *name = w->s ? ipasir_signature() : nullptr;
    if (w->s && ccadical_set_option && name &&
        std::strncmp(name, "cadical", 7) == 0)
      ccadical_set_option(w->s, "quiet", 1);
  } catch (...) {
    delete w; /* a solver that threw is not released (see the top) */
    return nullptr;
  }
  if (!w->s) {
    delete w;
    return nullptr;
  }
  return w;
}

void release(void *h) noexcept {
  Ipasir *w = static_cast<Ipasir *>(h);
  if (!w) return;
  if (!w->threw) {
    try {
      ipasir_release(w->s);
    } catch (...) {
    }
  }
  delete w;
}

void add(void *h, int lit) noexcept {
  Ipasir *w = static_cast<Ipasir *>(h);
  if (w->err) return;
  try {
    ipasir_add(w->s, lit);
  } catch (...) {
    fail(w);
  }
}

void assume(void *h, int lit) noexcept {
  Ipasir *w = static_cast<Ipasir *>(h);
  if (w->err) return;
  try {
    ipasir_assume(w->s, lit);
  } catch (...) {
    fail(w);
  }
}

int solve(void *h) noexcept {
  Ipasir *w = static_cast<Ipasir *>(h);
  if (w->err) return w->err;
  try {
    int r = ipasir_solve(w->s);
    /* IPASIR promises 10, 20 or 0; anything else is a solver failure. */
    return r == 10 || r == 20 || r == 0 ? r : (w->err = PZ_ERR_BACKEND);
  } catch (...) {
    return fail(w);
  }
}

int val(void *h, int lit) noexcept {
  Ipasir *w = static_cast<Ipasir *>(h);
  if (w->err) return -1;
  try {
    return ipasir_val(w->s, lit);
  } catch (...) {
    fail(w);
    return -1;
  }
}

int failed(void *h, int lit) noexcept {
  Ipasir *w = static_cast<Ipasir *>(h);
  if (w->err) return 0;
  try {
    return ipasir_failed(w->s, lit);
  } catch (...) {
    fail(w);
    return 0;
  }
}

void set_terminate(void *h, void *state, int (*fn)(void *)) noexcept {
  Ipasir *w = static_cast<Ipasir *>(h);
  if (w->err) return;
  try {
    ipasir_set_terminate(w->s, state, fn);
  } catch (...) {
    fail(w);
  }
}

/* IPASIR has no way to announce the variables to come, and solvers grow
 * their tables by doubling as literals arrive: the last doubling of a large
 * formula zero-fills hundreds of megabytes in one add() (0.4 s for an empty
 * 64x64 Sudoku on CaDiCaL), past any time limit. A tautology over the
 * largest variable, harmless to every solver, makes them size the tables
 * once, before loading starts. */
void reserve(void *h, int max_var) noexcept {
  Ipasir *w = static_cast<Ipasir *>(h);
  if (w->err) return;
  try {
    ipasir_add(w->s, max_var);
    ipasir_add(w->s, -max_var);
    ipasir_add(w->s, 0);
  } catch (...) {
    fail(w);
  }
}

/* No print_stats, and no diversify: IPASIR has no options, so a portfolio
 * races one solver. */
const pz_backend table = PZ_BACKEND_TABLE(
    "ipasir", init, nullptr, reserve, nullptr, nullptr);
} // namespace

extern "C" const pz_backend *pz_backend_ipasir(void) { return &table; }
