/* CryptoMiniSat through its C++ API (Debian libcryptominisat5-dev).
 *
 * Variables are 0-based in CryptoMiniSat and must exist before a clause
 * or an assumption names them: the backend creates them as literals
 * arrive. Failed assumptions come from get_conflict(), the clause of the
 * negated assumptions that the proof used (MiniSat's convention).
 *
 * Time: CryptoMiniSat has no terminate callback, only a flag it reads
 * (the atomic<bool> given to its constructor). A solve with a hook runs
 * on a worker thread while the caller polls the hook and raises the flag
 * (polled_solve.hh). Its time limits (set_max_time, CPU seconds) and
 * conflict limits were not used: they cannot serve a user's callback.
 * Clauses added while a stopped solve is left running, and assumptions,
 * are put aside and given to the solver once it has ended (the unit that
 * retires an enumeration's selector waited 0.18 s there, up to 0.7 s on
 * a loaded machine).
 *
 * Failures: exceptions (std::bad_alloc) are caught at every call and break
 * the instance. As with CaDiCaL, a broken CryptoMiniSat is not deleted:
 * it is not exception-safe, so its destructor may touch half-updated
 * state; its memory is left to the process.
 *
 * PicoSAT: CryptoMiniSat carries a PicoSAT built with proof traces, for
 * the gates of its variable elimination, and asserts that traces are on
 * (Debian builds it with assertions). It calls that PicoSAT by its
 * exported names, so where the process holds another PicoSAT that comes
 * first (pz's picosat backend: libpicosat.so in a shared build, or a
 * program that exports libpicosat.a's names), that copy answers; Debian's
 * has no traces, and the assertion aborted the process ("Traces cannot be
 * generated in PicoSAT"; pz-eulero --order 6 after ~13 s). The build
 * keeps libpicosat.a's names inside the program (cmake/pzSolvers.cmake);
 * where another copy would still answer, the backend turns variable
 * elimination off, the only step that asks for traces (slower, as
 * correct). */
#include <cryptominisat5/cryptominisat.h>
#include <dlfcn.h>

#include <atomic>
#include <cstdio>
#include <iostream>
#include <new>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "polled_solve.hh"
#include "caught.hh"
#include "stdout_to.hh"
#include "table.h"

namespace {

struct Cms {
  std::atomic<bool> stop{false}; /* CryptoMiniSat's interrupt flag */
  CMSat::SATSolver *s = nullptr;
  std::vector<CMSat::Lit> clause;
  /* Literals of add (0 ends a clause) while a solve left running had not
   * ended, and of assume: given to the solver after it (put_aside). */
  std::vector<int> later, assumed;
  int later_err = 0; /* putting aside failed: err once the solve ended */
  std::vector<unsigned char> failed_lits; /* by literal index, after UNSAT */
  unsigned nvars = 0;
  int (*fn)(void *) = nullptr;
  void *state = nullptr;
  int err = 0; /* 0, or the status that broke the instance */
  /* A solve under a hook; every entry below but add and assume first
   * waits for one left running (polled_solve.hh). */
  pz_polled::Runner runner;
};

using pz_cxx::caught;

/* Index of literal `lit` (DIMACS) in failed_lits. */
size_t lit_index(int lit) { return 2 * (size_t)(lit < 0 ? -lit : lit) + (lit < 0); }

/* The solver's literal for `lit`, creating its variable if needed. */
CMSat::Lit to_lit(Cms *c, int lit) {
  unsigned v = (unsigned)(lit < 0 ? -(long)lit : lit);
  if (v > c->nvars) {
    c->s->new_vars(v - c->nvars);
    c->nvars = v;
  }
  return CMSat::Lit(v - 1, lit < 0);
}

const char *sig() noexcept { return CMSat::SATSolver::get_version(); }

/* The start of the file that defines `name`, looked up in `scope`. */
void *defining_file(void *scope, const char *name) noexcept {
  void *symbol = dlsym(scope, name);
  Dl_info info;
  return symbol && dladdr(symbol, &info) ? info.dli_fbase : nullptr;
}

/* Whether CryptoMiniSat's calls to PicoSAT reach its own copy: looked up
 * as the dynamic linker binds them, in the process's global scope first,
 * then (a library loaded with RTLD_LOCAL) in this library's own. */
bool own_picosat_answers() noexcept {
  static const char probe[] = "picosat_enable_trace_generation";
  void *scope = RTLD_DEFAULT, *self = nullptr;
  if (!dlsym(RTLD_DEFAULT, probe)) {
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&own_picosat_answers), &info) && info.dli_fname)
      self = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
    if (!self) return true;
    scope = self;
  }
  void *picosat = defining_file(scope, probe);
  bool own = !picosat || picosat == defining_file(scope, "cmsat_new");
  if (self) dlclose(self);
  return own;
}

void *init() noexcept {
  Cms *c = new (std::nothrow) Cms;
  if (!c) return nullptr;
  try {
    c->s = new CMSat::SATSolver(nullptr, &c->stop);
    if (!own_picosat_answers()) c->s->set_no_bve(); /* see the top */
  } catch (...) {
    delete c;
    return nullptr;
  }
  return c;
}

/* A solve still running (stopped, in a step that does not look at the
 * flag) frees the solver when it ends, so that freeing does not wait. */
void release(void *h) noexcept {
  Cms *c = static_cast<Cms *>(h);
  if (!c) return;
  c->runner.release([c]() {
    if (!c->err) { /* a broken CryptoMiniSat is left alone (see the top) */
      try {
        delete c->s;
      } catch (...) {
      }
    }
    delete c;
  });
}

void add_now(Cms *c, int lit) {
  if (c->err) return;
  try {
    if (lit) {
      c->clause.push_back(to_lit(c, lit));
      return;
    }
    c->s->add_clause(c->clause);
    c->clause.clear();
  } catch (...) {
    c->err = caught();
  }
}

/* Gives the solver what add put aside; call when no solve runs. */
void put_aside(Cms *c) {
  if (!c->err && c->later_err) c->err = c->later_err;
  for (int lit : c->later) add_now(c, lit);
  c->later.clear();
}

/* Waits for a solve left running, then gives the solver what was put
 * aside meanwhile: every entry but add and assume starts with it. */
void settle(Cms *c) {
  c->runner.wait();
  put_aside(c);
}

void add(void *h, int lit) noexcept {
  Cms *c = static_cast<Cms *>(h);
  if (c->later.empty() && !c->runner.busy()) {
    settle(c); /* joins a solve that has ended */
    add_now(c, lit);
    return;
  }
  if (c->later_err) return; /* broken already: do not try millions of times */
  try {
    c->later.push_back(lit);
  } catch (...) {
    c->later_err = caught();
  }
}

/* Made solver literals at the solve (new variables need the solver). */
void assume(void *h, int lit) noexcept {
  Cms *c = static_cast<Cms *>(h);
  if (c->later_err) return;
  try {
    c->assumed.push_back(lit);
  } catch (...) {
    c->later_err = caught();
  }
}

/* One solve of CryptoMiniSat; catches everything (it may run on a worker
 * thread, and be left running: it reads only its own assumptions). */
int solve_once(Cms *c, const std::vector<CMSat::Lit> &assumptions) noexcept {
  try {
    CMSat::lbool r = c->s->solve(&assumptions);
    if (r == CMSat::l_True) return 10;
    if (r == CMSat::l_False) return 20;
    return 0;
  } catch (...) {
    return c->err = caught();
  }
}

int solve(void *h) noexcept {
  Cms *c = static_cast<Cms *>(h);
  std::vector<int> lits;
  lits.swap(c->assumed); /* assumptions hold for this solve only */
  /* A solve left running ends first; under a hook, only while the hook
   * lets this one run. */
  if (!c->runner.settle(c->fn, c->state)) return 0;
  put_aside(c);
  if (c->err) return c->err;
  int r;
  try {
    c->failed_lits.clear();
    c->stop = false;
    std::vector<CMSat::Lit> a;
    for (int lit : lits) a.push_back(to_lit(c, lit));
    if (c->fn)
      r = c->runner.run([c, a = std::move(a)]() noexcept { return solve_once(c, a); },
                        [c]() noexcept { c->stop = true; }, c->fn, c->state);
    else
      r = solve_once(c, a);
    if (r == 20) {
      c->failed_lits.assign(2 * (size_t)c->nvars + 2, 0);
      for (CMSat::Lit l : c->s->get_conflict())
        c->failed_lits[2 * (size_t)(l.var() + 1) + !l.sign()] = 1;
    }
  } catch (const std::system_error &) {
    return c->err = PZ_ERR_NOMEM; /* no thread to solve on */
  } catch (...) {
    return c->err = caught();
  }
  return r;
}

int val(void *h, int lit) noexcept {
  Cms *c = static_cast<Cms *>(h);
  settle(c);
  if (c->err) return -1;
  const std::vector<CMSat::lbool> &m = c->s->get_model();
  size_t v = (size_t)(lit < 0 ? -(long)lit : lit);
  if (v > m.size() || m[v - 1] == CMSat::l_Undef) return -1;
  bool t = m[v - 1] == CMSat::l_True;
  return (lit > 0) == t ? 1 : -1;
}

int failed(void *h, int lit) noexcept {
  Cms *c = static_cast<Cms *>(h);
  settle(c);
  if (c->err) return 0;
  size_t i = lit_index(lit);
  return i < c->failed_lits.size() ? c->failed_lits[i] : 0;
}

void set_terminate(void *h, void *state, int (*fn)(void *)) noexcept {
  Cms *c = static_cast<Cms *>(h);
  c->fn = fn;
  c->state = state;
}

/* CryptoMiniSat prints its statistics to stdout: point stdout at `out`
 * for the duration of the call. */
void print_stats(void *h, FILE *out) noexcept {
  Cms *c = static_cast<Cms *>(h);
  settle(c);
  if (c->err) return;
  std::cout.flush();
  bool ok;
  int saved = pz_cxx::stdout_to(out, &ok);
  if (!ok) return;
  try {
    c->s->print_stats();
    std::cout.flush();
  } catch (...) {
    c->err = caught();
  }
  pz_cxx::stdout_back(saved);
}

void reserve(void *h, int max_var) noexcept {
  Cms *c = static_cast<Cms *>(h);
  settle(c);
  if (c->err || max_var <= 0) return;
  try {
    /* CryptoMiniSat sizes its tables for new variables at the next
     * clause, not here: for a million variables that is one step of over a
     * second. A clause that is always true takes that step now, inside
     * the reserve pz watches, instead of inside the first add, which pz
     * cannot leave. */
    CMSat::Lit l = to_lit(c, max_var);
    c->s->add_clause(std::vector<CMSat::Lit>{l, ~l});
  } catch (...) {
    c->err = caught();
  }
}

/* Portfolio configurations: seed = index, and the default polarity cycles
 * through negative, positive, random and CryptoMiniSat's own (automatic,
 * index 0's) choice. */
void diversify(void *h, unsigned index) noexcept {
  Cms *c = static_cast<Cms *>(h);
  settle(c);
  if (c->err || index == 0) return;
  static const CMSat::PolarityMode mode[4] = {
      CMSat::PolarityMode::polarmode_automatic, CMSat::PolarityMode::polarmode_neg,
      CMSat::PolarityMode::polarmode_pos, CMSat::PolarityMode::polarmode_rnd};
  try {
    c->s->set_seed(index);
    c->s->set_polarity_mode(mode[index % 4]);
  } catch (...) {
    c->err = caught();
  }
}

const pz_backend table = PZ_BACKEND_TABLE(
    "cryptominisat", init, print_stats, reserve, diversify, nullptr);
} // namespace

extern "C" const pz_backend *pz_backend_cryptominisat(void) { return &table; }
