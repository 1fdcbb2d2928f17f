/* Z3 through its C API (Debian libz3-dev), as a propositional solver.
 *
 * Variable v is the Boolean constant named by the integer symbol v; a
 * clause is asserted as the disjunction of its literals. The solver is
 * Z3's for the logic QF_FD (finite domains), which hands a Boolean formula
 * to Z3's own incremental SAT solver: of the solvers that take assumptions
 * incrementally it was the fastest (docs/BACKENDS.md gives the figures).
 *
 * Errors: Z3's default error handler prints and exits. The context gets a
 * handler that does nothing; after each call the backend reads the error
 * code instead, and an error breaks the instance (Z3_MEMOUT_FAIL becomes
 * PZ_ERR_NOMEM); such a context is still deleted, the C API having caught
 * Z3's own exception. But std::bad_alloc from the standard containers
 * inside Z3 passes through its C API: every call is made inside try/catch,
 * and a context an exception went through is never entered again, not
 * even to delete it (its memory is left to the process, as with CaDiCaL).
 *
 * Z3 catches SIGINT during a check (parameter ctrl_c) and stops the check
 * instead of letting the program see it; the backend turns that off, so
 * that Ctrl-C reaches the program's handler (the CLI's).
 *
 * Time: Z3 takes no terminate callback; Z3_interrupt stops a running check
 * from another thread. A solve with a hook runs on a worker thread while
 * the caller polls the hook (polled_solve.hh). A solve left running there
 * holds no call up: adding clauses and assumptions never waits for it, the
 * next solve waits only as long as its own hook allows, and freeing hands
 * the deletion to a thread. */
#include <z3.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "polled_solve.hh"
#include "caught.hh"
#include "table.h"

namespace {

struct Z3 {
  Z3_context ctx = nullptr;
  Z3_solver s = nullptr;
  Z3_sort bool_sort = nullptr;
  std::vector<Z3_ast> pos, neg; /* by variable; neg made on first use */
  /* Clauses (0-terminated) and assumptions not yet given to Z3: terms
   * are made at the next solve, on its thread (see flush). add and assume
   * fill `pending` and `assumed`, which no solve touches, so they need not
   * wait for one left running; a solve moves `pending` to `queue`, which
   * only solves touch, once the earlier ones have ended. */
  std::vector<int> pending, assumed, queue;
  std::vector<Z3_ast> clause; /* one clause's terms, while flushing */
  /* Literals given to Z3 so far: sizes the deletion (see release). */
  std::atomic<size_t> given{0};
  std::atomic<bool> stop{false}; /* the running solve was stopped */
  std::vector<signed char> model;       /* by variable, after SAT; 0 unread */
  std::vector<unsigned char> failed_lits; /* by literal index, after UNSAT */
  bool sat = false, model_read = false;
  bool thrown = false; /* an exception came out of Z3: never enter it again */
  int (*fn)(void *) = nullptr;
  void *state = nullptr;
  int err = 0; /* 0, or the status that broke the instance */
  int pending_err = 0; /* add or assume failed: err at the next solve */
  /* A solve under a hook; the entries below that touch what a solve does
   * first wait for one left running (polled_solve.hh). */
  pz_polled::Runner runner;
};

void ignore_error(Z3_context, Z3_error_code) {}

using pz_cxx::caught;

/* Runs f, which calls Z3; an exception breaks the instance for good. */
template <class F>
void guarded(Z3 *z, F f) noexcept {
  try {
    f();
  } catch (...) {
    z->err = caught();
    z->thrown = true;
  }
}

/* true if the last Z3 call succeeded; otherwise the instance breaks. */
bool ok(Z3 *z) {
  Z3_error_code e = Z3_get_error_code(z->ctx);
  if (e == Z3_OK) return true;
  z->err = e == Z3_MEMOUT_FAIL ? PZ_ERR_NOMEM : PZ_ERR_BACKEND;
  return false;
}

size_t lit_index(int lit) { return 2 * (size_t)(lit < 0 ? -(long)lit : lit) + (lit < 0); }

/* Z3's term for `lit`, creating its variable if needed; NULL after an
 * error (z->err set). */
Z3_ast term(Z3 *z, int lit) {
  size_t v = (size_t)(lit < 0 ? -(long)lit : lit);
  if (v >= z->pos.size()) {
    z->pos.resize(v + 1, nullptr);
    z->neg.resize(v + 1, nullptr);
  }
  if (!z->pos[v]) {
    Z3_ast a = Z3_mk_const(z->ctx, Z3_mk_int_symbol(z->ctx, (int)v), z->bool_sort);
    if (!ok(z)) return nullptr;
    Z3_inc_ref(z->ctx, a);
    z->pos[v] = a;
  }
  if (lit > 0) return z->pos[v];
  if (!z->neg[v]) {
    Z3_ast a = Z3_mk_not(z->ctx, z->pos[v]);
    if (!ok(z)) return nullptr;
    Z3_inc_ref(z->ctx, a);
    z->neg[v] = a;
  }
  return z->neg[v];
}

/* The variable of a literal term (x or (not x)). */
int var_of(Z3 *z, Z3_ast a) {
  Z3_app app = Z3_to_app(z->ctx, a);
  if (Z3_get_app_num_args(z->ctx, app) == 1) app = Z3_to_app(z->ctx, Z3_get_app_arg(z->ctx, app, 0));
  return Z3_get_symbol_int(z->ctx, Z3_get_decl_name(z->ctx, Z3_get_app_decl(z->ctx, app)));
}

/* Z3_get_full_version() is e.g. "Z3 4.8.12.0" (static). */
const char *sig() noexcept { return Z3_get_full_version(); }

void release(void *h) noexcept;

/* Parameters of every solver: no SIGINT handler (see the top), and the
 * portfolio's seed and phase when index > 0. */
void set_params(Z3 *z, unsigned index) {
  static const char *const phase[4] = {"caching", "always_false", "always_true", "random"};
  Z3_params p = Z3_mk_params(z->ctx);
  if (!ok(z)) return;
  Z3_params_inc_ref(z->ctx, p);
  Z3_params_set_bool(z->ctx, p, Z3_mk_string_symbol(z->ctx, "ctrl_c"), false);
  if (index > 0) {
    Z3_params_set_uint(z->ctx, p, Z3_mk_string_symbol(z->ctx, "random_seed"), index);
    Z3_params_set_symbol(z->ctx, p, Z3_mk_string_symbol(z->ctx, "phase"),
                         Z3_mk_string_symbol(z->ctx, phase[index % 4]));
  }
  if (ok(z)) {
    Z3_solver_set_params(z->ctx, z->s, p);
    ok(z);
  }
  Z3_params_dec_ref(z->ctx, p);
}

void *init() noexcept {
  Z3 *z = new (std::nothrow) Z3;
  if (!z) return nullptr;
  try {
    Z3_config cfg = Z3_mk_config();
    if (!cfg) {
      delete z;
      return nullptr;
    }
    z->ctx = Z3_mk_context_rc(cfg);
    Z3_del_config(cfg);
    if (!z->ctx) {
      delete z;
      return nullptr;
    }
    Z3_set_error_handler(z->ctx, ignore_error);
    z->bool_sort = Z3_mk_bool_sort(z->ctx);
    z->s = Z3_mk_solver_for_logic(z->ctx, Z3_mk_string_symbol(z->ctx, "QF_FD"));
    if (ok(z) && z->s) {
      Z3_solver_inc_ref(z->ctx, z->s);
      set_params(z, 0);
    }
  } catch (...) {
    z->thrown = true; /* Z3 threw half-way: left alone (see the top) */
  }
  if (z->err || z->thrown || !z->s) {
    release(z);
    return nullptr;
  }
  return z;
}

/* From this many literals up, deleting a context takes tens of
 * milliseconds (about a microsecond per clause; seconds for a 64x64
 * Sudoku): a thread of its own does it. */
constexpr size_t kFreeInBackground = size_t{1} << 16;

void release(void *h) noexcept {
  Z3 *z = static_cast<Z3 *>(h);
  if (!z) return;
  /* A check still running frees the context when it ends, and a large
   * context is deleted on a thread of its own, so that freeing does not
   * wait. */
  bool large = z->given.load(std::memory_order_relaxed) >= kFreeInBackground;
  z->runner.release([z]() {
    if (z->ctx && !z->thrown) {
      guarded(z, [z]() {
        for (Z3_ast a : z->pos)
          if (a) Z3_dec_ref(z->ctx, a);
        for (Z3_ast a : z->neg)
          if (a) Z3_dec_ref(z->ctx, a);
        if (z->s) Z3_solver_dec_ref(z->ctx, z->s);
        Z3_del_context(z->ctx);
      });
    }
    delete z;
  }, large);
}

/* Asserts the clause whose terms are in z->clause. */
void assert_clause(Z3 *z) {
  size_t n = z->clause.size();
  Z3_ast c = n == 0   ? Z3_mk_false(z->ctx)
             : n == 1 ? z->clause[0]
                      : Z3_mk_or(z->ctx, (unsigned)n, z->clause.data());
  z->clause.clear();
  if (!ok(z)) return;
  Z3_inc_ref(z->ctx, c);
  Z3_solver_assert(z->ctx, z->s, c);
  bool asserted = ok(z);
  Z3_dec_ref(z->ctx, c);
  if (asserted) ok(z);
}

/* Gives the queued clauses to Z3. Done by solve, on the worker thread
 * when the solve has a hook: Z3's table of terms grows by doubling, which
 * takes seconds once it holds millions (2.6 s at 2.5 million terms, 1.2
 * million clauses of an empty 64x64 Sudoku), a step no poll can cut;
 * inside the solve, the runner leaves it behind on time. */
void flush(Z3 *z) {
  size_t done = 0; /* literals given, up to the last clause asserted */
  for (size_t i = 0; i < z->queue.size() && !z->err; i++) {
    int lit = z->queue[i];
    if (lit) {
      Z3_ast a = term(z, lit);
      if (a) z->clause.push_back(a);
      continue;
    }
    assert_clause(z);
    done = i + 1;
    /* Stopped: the rest waits for the next solve. */
    if (z->stop.load(std::memory_order_relaxed)) break;
  }
  z->clause.clear();
  z->queue.erase(z->queue.begin(), z->queue.begin() + (long)done);
  z->given.store(z->given.load(std::memory_order_relaxed) + done,
                 std::memory_order_relaxed);
}

/* add and assume touch only what no solve does (see Z3), so a solve left
 * running need not end first; they run on the caller's thread. A broken
 * instance is reported by the next solve. */
void add(void *h, int lit) noexcept {
  Z3 *z = static_cast<Z3 *>(h);
  z->sat = false;
  /* Broken already: millions of failing allocations would take minutes. */
  if (z->pending_err) return;
  try {
    z->pending.push_back(lit);
  } catch (...) {
    z->pending_err = caught(); /* Z3 untouched: still deleted */
  }
}

void assume(void *h, int lit) noexcept {
  Z3 *z = static_cast<Z3 *>(h);
  if (z->pending_err) return;
  try {
    z->assumed.push_back(lit);
  } catch (...) {
    z->pending_err = caught();
  }
}

/* Marks the assumptions in the unsat core. */
void read_core(Z3 *z) {
  Z3_ast_vector core = Z3_solver_get_unsat_core(z->ctx, z->s);
  if (!ok(z)) return;
  Z3_ast_vector_inc_ref(z->ctx, core);
  z->failed_lits.assign(2 * z->pos.size() + 2, 0);
  unsigned n = Z3_ast_vector_size(z->ctx, core);
  for (unsigned i = 0; i < n; i++) {
    Z3_ast a = Z3_ast_vector_get(z->ctx, core, i);
    int v = var_of(z, a);
    if (!ok(z) || v <= 0 || (size_t)v >= z->pos.size()) break;
    z->failed_lits[lit_index(a == z->pos[v] ? v : -v)] = 1;
  }
  Z3_ast_vector_dec_ref(z->ctx, core);
}

/* A check that answers unknown though nobody stopped it: Z3's API catches
 * every exception inside a check, std::bad_alloc included, and answers
 * unknown with "no reason given" (seen in test_oom), so that reason (or
 * one naming memory) is PZ_ERR_NOMEM, any other PZ_ERR_BACKEND. The
 * solver's state after such a catch is not trusted: it is left alone. */
int undef_failure(Z3 *z) {
  int st = PZ_ERR_BACKEND;
  guarded(z, [z, &st]() {
    Z3_string why = Z3_solver_get_reason_unknown(z->ctx, z->s);
    if (why && (std::strcmp(why, "no reason given") == 0 || std::strstr(why, "memory")))
      st = PZ_ERR_NOMEM;
  });
  z->thrown = true;
  if (!z->err) z->err = st;
  return z->err;
}

int solve(void *h) noexcept {
  Z3 *z = static_cast<Z3 *>(h);
  z->sat = false;
  z->model_read = false;
  z->failed_lits.clear();
  std::vector<int> lits;
  lits.swap(z->assumed); /* assumptions hold for this solve only */
  /* A solve left running ends first; under a hook, only while the hook
   * lets this one run (it is stopped as soon as it would start). */
  if (!z->runner.settle(z->fn, z->state)) return 0;
  if (!z->err && z->pending_err) z->err = z->pending_err;
  if (z->err) return z->err;
  z->stop = false;
  try {
    if (z->queue.empty())
      z->queue.swap(z->pending);
    else
      z->queue.insert(z->queue.end(), z->pending.begin(), z->pending.end());
    z->pending.clear();
  } catch (...) {
    return z->err = caught(); /* Z3 untouched: still deleted */
  }
  try {
    /* May run on the worker thread, and be left running: every entry
     * into the backend that touches what it does waits for it first. */
    auto check = [z, lits = std::move(lits)]() noexcept {
      Z3_lbool r = Z3_L_UNDEF;
      guarded(z, [z, &lits, &r]() {
        flush(z);
        if (z->stop) return; /* Z3_interrupt only stops a running check */
        std::vector<Z3_ast> a;
        a.reserve(lits.size());
        for (int lit : lits) {
          if (z->err) return;
          a.push_back(term(z, lit));
        }
        if (!z->err)
          r = Z3_solver_check_assumptions(z->ctx, z->s, (unsigned)a.size(), a.data());
      });
      return (int)r;
    };
    Z3_lbool r;
    if (z->fn)
      r = (Z3_lbool)z->runner.run(std::move(check),
                                  [z]() noexcept {
                                    z->stop = true;
                                    Z3_interrupt(z->ctx);
                                  },
                                  z->fn, z->state);
    else
      r = (Z3_lbool)check();
    /* A check that was interrupted may report "canceled": not a failure.
     * (It may also still be running: then nothing of z is read here.) */
    if (r == Z3_L_UNDEF && z->stop) return 0;
    if (z->err) return z->err;
    if (!ok(z)) return z->err;
    if (r == Z3_L_UNDEF) return undef_failure(z);
    if (r == Z3_L_TRUE) {
      z->sat = true;
      return 10;
    }
    if (r == Z3_L_FALSE) {
      read_core(z);
      return z->err ? z->err : 20;
    }
    return 0;
  } catch (const std::system_error &) {
    return z->err = PZ_ERR_NOMEM; /* no thread to solve on */
  } catch (...) {
    z->thrown = true;
    return z->err = caught();
  }
}

/* Reads the whole model once: val is called for many variables. A
 * variable the model leaves out is unconstrained; false is as good. */
void read_model(Z3 *z) {
  z->model_read = true;
  z->model.assign(z->pos.size(), -1);
  Z3_model m = Z3_solver_get_model(z->ctx, z->s);
  if (!ok(z)) return;
  Z3_model_inc_ref(z->ctx, m);
  for (size_t v = 1; v < z->pos.size(); v++) {
    if (!z->pos[v]) continue;
    Z3_func_decl d = Z3_get_app_decl(z->ctx, Z3_to_app(z->ctx, z->pos[v]));
    Z3_ast x = Z3_model_get_const_interp(z->ctx, m, d);
    if (x && Z3_get_bool_value(z->ctx, x) == Z3_L_TRUE) z->model[v] = 1;
  }
  ok(z);
  Z3_model_dec_ref(z->ctx, m);
}

int val(void *h, int lit) noexcept {
  Z3 *z = static_cast<Z3 *>(h);
  z->runner.wait();
  if (z->err || !z->sat) return -1;
  if (!z->model_read) guarded(z, [z]() { read_model(z); });
  if (z->err) return -1;
  size_t v = (size_t)(lit < 0 ? -(long)lit : lit);
  if (v >= z->model.size()) return -1;
  return (lit > 0) == (z->model[v] > 0) ? 1 : -1;
}

int failed(void *h, int lit) noexcept {
  Z3 *z = static_cast<Z3 *>(h);
  z->runner.wait();
  if (z->err) return 0;
  size_t i = lit_index(lit);
  return i < z->failed_lits.size() ? z->failed_lits[i] : 0;
}

void set_terminate(void *h, void *state, int (*fn)(void *)) noexcept {
  Z3 *z = static_cast<Z3 *>(h);
  z->fn = fn;
  z->state = state;
}

void print_stats(void *h, FILE *out) noexcept {
  Z3 *z = static_cast<Z3 *>(h);
  z->runner.wait();
  if (z->err) return;
  guarded(z, [z, out]() {
    Z3_stats st = Z3_solver_get_statistics(z->ctx, z->s);
    if (!ok(z)) return;
    Z3_stats_inc_ref(z->ctx, st);
    Z3_string text = Z3_stats_to_string(z->ctx, st);
    if (ok(z) && text) std::fprintf(out, "%s\n", text);
    Z3_stats_dec_ref(z->ctx, st);
  });
  std::fflush(out);
}

/* Portfolio configurations: random_seed = index, and the SAT solver's
 * default phase cycles through Z3's own (caching, index 0), false, true
 * and random. */
void diversify(void *h, unsigned index) noexcept {
  Z3 *z = static_cast<Z3 *>(h);
  z->runner.wait();
  if (z->err || index == 0) return;
  guarded(z, [z, index]() { set_params(z, index); });
}

const pz_backend table = PZ_BACKEND_TABLE(
    "z3", init, print_stats, nullptr, diversify, nullptr);
} // namespace

extern "C" const pz_backend *pz_backend_z3(void) { return &table; }
