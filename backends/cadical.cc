/* CaDiCaL through its C++ API (Debian libcadical-dev).
 *
 * CaDiCaL reports running out of memory (and a few other failures) with
 * C++ exceptions, which must never reach the C code that called the
 * backend. Every call into CaDiCaL is made inside try/catch here; the
 * first exception breaks the instance: CaDiCaL is not called again, and
 * solve reports the failure as a pz_status.
 *
 * A broken instance is not deleted either: CaDiCaL is not exception-safe,
 * and its destructor can free a wrong pointer after a failed allocation
 * (seen in test_oom: an exception inside Internal::enlarge leaves vals
 * resized but vsize not, and ~Internal aborts in free). Its memory is left
 * to the process: a leak on a path where the alternative is a crash. */
#include <cadical.hpp>

#include <cstdio>
#include <new>
#include <stdexcept>

#include "caught.hh"
#include "stdout_to.hh"
#include "table.h"

namespace {

/* Forwards CaDiCaL's terminate polls to the C callback. */
struct Term : CaDiCaL::Terminator {
  int (*fn)(void *) = nullptr;
  void *state = nullptr;
  bool terminate() override { return fn && fn(state); }
};

struct Cad {
  CaDiCaL::Solver *s = nullptr;
  Term term;
  int err = 0; /* 0, or the status that broke the instance */
};

using pz_cxx::caught;

const char *sig() noexcept { return CaDiCaL::Solver::signature(); }

void *init() noexcept {
  Cad *c = new (std::nothrow) Cad;
  if (!c) return nullptr;
  try {
    c->s = new CaDiCaL::Solver;
    /* Without quiet, CaDiCaL prints "c found falsified original clause"
     * and similar lines to stdout, which would mix into the caller's. */
    c->s->set("quiet", 1);
  } catch (...) {
    delete c; /* a solver that threw is not deleted (see the top) */
    return nullptr;
  }
  return c;
}

void release(void *h) noexcept {
  Cad *c = static_cast<Cad *>(h);
  if (!c) return;
  if (!c->err) { /* a broken CaDiCaL is left alone (see the top) */
    try {
      delete c->s;
    } catch (...) {
    }
  }
  delete c;
}

void add(void *h, int lit) noexcept {
  Cad *c = static_cast<Cad *>(h);
  if (c->err) return;
  try {
    c->s->add(lit);
  } catch (...) {
    c->err = caught();
  }
}

void assume(void *h, int lit) noexcept {
  Cad *c = static_cast<Cad *>(h);
  if (c->err) return;
  try {
    c->s->assume(lit);
  } catch (...) {
    c->err = caught();
  }
}

int solve(void *h) noexcept {
  Cad *c = static_cast<Cad *>(h);
  if (c->err) return c->err;
  try {
    return c->s->solve();
  } catch (...) {
    return c->err = caught();
  }
}

/* Above the largest variable CaDiCaL answers -1 rather than -lit; only the
 * sign is meaningful, which is all the contract promises. */
int val(void *h, int lit) noexcept {
  Cad *c = static_cast<Cad *>(h);
  if (c->err) return -1;
  try {
    return c->s->val(lit);
  } catch (...) {
    c->err = caught();
    return -1;
  }
}

int failed(void *h, int lit) noexcept {
  Cad *c = static_cast<Cad *>(h);
  if (c->err) return 0;
  try {
    return c->s->failed(lit) ? 1 : 0;
  } catch (...) {
    c->err = caught();
    return 0;
  }
}

void set_terminate(void *h, void *state, int (*fn)(void *)) noexcept {
  Cad *c = static_cast<Cad *>(h);
  c->term.fn = fn;
  c->term.state = state;
  if (c->err) return;
  try {
    if (fn)
      c->s->connect_terminator(&c->term);
    else
      c->s->disconnect_terminator();
  } catch (...) {
    c->err = caught();
  }
}

/* CaDiCaL writes statistics to stdout only; point stdout at `out` for the
 * duration of the call. */
void print_stats(void *h, FILE *out) noexcept {
  Cad *c = static_cast<Cad *>(h);
  if (c->err) return;
  bool ok;
  int saved = pz_cxx::stdout_to(out, &ok);
  if (!ok) return;
  try {
    c->s->set("quiet", 0);
    c->s->statistics();
    c->s->set("quiet", 1);
  } catch (...) {
    c->err = caught();
  }
  pz_cxx::stdout_back(saved);
}

/* CaDiCaL grows its per-variable tables by doubling as literals arrive;
 * the last doubling of a large formula zero-fills hundreds of megabytes in
 * one add() (measured: 0.38 s for an empty 64x64 Sudoku), past any time
 * limit. Sizing them once before loading avoids it. */
void reserve(void *h, int max_var) noexcept {
  Cad *c = static_cast<Cad *>(h);
  if (c->err) return;
  try {
    c->s->reserve(max_var);
  } catch (...) {
    c->err = caught();
  }
}

/* Portfolio configurations, in cycles of four (index 0 is the default):
 *   1, 5, 9, ...   default phase false (MiniSat's choice; CaDiCaL's own
 *                  is true): on the hard 64x64 Sudoku of docs/BENCHMARKS.md
 *                  this alone took the time from over 27 s to 9 s
 *   2, 6, 10, ...  the "sat" configuration (stable mode only)
 *   3, 7, 11, ...  the "unsat" configuration, phase false
 *   4, 8, 12, ...  default options
 * each with seed = index, and from index 4 on a random initial variable
 * order (shuffle) drawn from that seed, so that later cycles differ from
 * the first. Options can only be set before clauses are added (CaDiCaL's
 * CONFIGURING state), which is when the contract calls this. */
void diversify(void *h, unsigned index) noexcept {
  Cad *c = static_cast<Cad *>(h);
  if (c->err || index == 0) return;
  try {
    unsigned k = index % 4;
    if (k == 2) c->s->configure("sat");
    if (k == 3) c->s->configure("unsat");
    c->s->set("seed", (int)(index & 0x7fffffffu));
    if (k == 1 || k == 3) c->s->set("phase", 0);
    if (index >= 4) {
      c->s->set("shuffle", 1);
      c->s->set("shufflerandom", 1);
    }
  } catch (...) {
    c->err = caught();
  }
}

const pz_backend table = PZ_BACKEND_TABLE(
    "cadical", init, print_stats, reserve, diversify, nullptr);
} // namespace

extern "C" const pz_backend *pz_backend_cadical(void) { return &table; }
