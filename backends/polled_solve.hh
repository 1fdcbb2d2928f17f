/* For backends over solvers that cannot poll a terminate callback
 * themselves but can be interrupted from another thread (CryptoMiniSat's
 * interrupt flag, Z3_interrupt): the solve runs on a worker thread while
 * the calling thread polls the core's hook every millisecond and, once it
 * says stop, interrupts the solver. The hook thus runs on the caller's
 * thread, as with solvers that poll it themselves (a user's terminate
 * callback may rely on that).
 *
 * Some steps of these solvers notice the interrupt late (Z3 was measured
 * taking 40 ms on an idle machine, half a second on a loaded one, and
 * seconds while its term table doubles). So a solver that has not
 * answered kGrace after the interrupt is left to finish in the background
 * and the solve answers unknown on time, as the core does for its own
 * watched solves (docs/ARCHITECTURE.md, "Solving"). A later entry into
 * the backend that needs the solver waits for it: wait(), or settle()
 * under the next solve's hook, which gives up when that hook says stop.
 * Freeing does not wait: release() hands the clean-up to the worker, or
 * to a thread of its own when the solver is large (deleting it takes
 * seconds too).
 *
 * A header of inline code: each backend is its own library. */
#ifndef PZ_POLLED_SOLVE_HH
#define PZ_POLLED_SOLVE_HH

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

/* In an unnamed namespace: the std::thread instantiations over its types
 * are then internal to the backend, never exported from its shared
 * library (the exports test allows pz_ names only). */
namespace {
namespace pz_polled {

/* How long a stopped solver may take to answer before it is left behind. */
constexpr std::chrono::milliseconds kGrace{20};

class Runner {
 public:
  Runner() = default;
  Runner(const Runner &) = delete;
  Runner &operator=(const Runner &) = delete;
  ~Runner() { wait(); }

  /* Runs cleanup() now, or, when a solve left running has not ended, on
   * its worker thread when it ends (the thread is then detached), or, when
   * `background` and no solve runs, on a detached thread of its own (now,
   * if no thread can be started). cleanup frees the solver and may destroy
   * this Runner. */
  void release(std::function<void()> cleanup, bool background = false) noexcept {
    {
      std::unique_lock<std::mutex> lock(m_);
      if (worker_.joinable() && !done_) {
        try {
          cleanup_ = std::move(cleanup);
        } catch (...) {
          lock.unlock();
          wait();
          cleanup();
          return;
        }
        orphaned_ = true;
        worker_.detach();
        return; /* the worker may free this as soon as the lock is free */
      }
    }
    wait();
    if (background) {
      try {
        /* A lambda, not the std::function itself: a thread over a type
         * of std alone would be exported (see the namespace above). */
        std::thread([cleanup]() { cleanup(); }).detach();
        return;
      } catch (...) {
        /* no thread (or no memory to copy cleanup into one): here */
      }
    }
    cleanup();
  }

  /* true while a solve an earlier run left running has not ended: what
   * it may touch must wait (or be put aside) until then. */
  bool busy() noexcept {
    if (!worker_.joinable()) return false; /* cheap: for every add */
    std::lock_guard<std::mutex> lock(m_);
    return worker_.joinable() && !done_;
  }

  /* Waits for a solve an earlier run left running, as wait() does, but
   * polls fn(state) meanwhile: false, at once, when it says stop (the
   * solve still runs; a later wait or settle ends it), true once no
   * solve runs. For the next solve under a hook, so that a step left
   * running cannot hold it past its own deadline; with no hook (fn NULL)
   * it is wait(). */
  bool settle(int (*fn)(void *), void *state) noexcept {
    if (!worker_.joinable()) return true;
    if (!fn) {
      wait();
      return true;
    }
    std::unique_lock<std::mutex> lock(m_);
    while (!done_) {
      lock.unlock();
      if (fn(state)) return false;
      if (stopped_) interrupt_(); /* again (see wait) */
      lock.lock();
      if (!done_) cv_.wait_for(lock, std::chrono::milliseconds(1));
    }
    lock.unlock();
    worker_.join();
    return true;
  }

  /* Waits for a solve an earlier run left running. Call it before
   * anything else touches the solver. */
  void wait() noexcept {
    if (!worker_.joinable()) return;
    /* A stopped solve is interrupted again until it ends: an interrupt
     * that came between two of the solver's steps may have been lost. */
    std::unique_lock<std::mutex> lock(m_);
    while (!done_ && stopped_) {
      lock.unlock();
      interrupt_();
      lock.lock();
      cv_.wait_for(lock, std::chrono::milliseconds(1));
    }
    lock.unlock();
    worker_.join();
  }

  /* Runs solve() (which must not throw, and must own what it reads that
   * the caller may change afterwards) on a worker thread; returns its
   * result, or 0 when it was stopped and had not answered kGrace later.
   * fn(state) is polled meanwhile; when it returns non-zero, interrupt()
   * (thread-safe, must not throw) is called once. Throws only what
   * starting a thread throws (std::system_error, std::bad_alloc), and then
   * solve() has not run. */
  template <class Solve, class Interrupt>
  int run(Solve solve, Interrupt interrupt, int (*fn)(void *), void *state) {
    wait();
    interrupt_ = interrupt;
    done_ = stopped_ = false;
    worker_ = std::thread([this, solve = std::move(solve)]() mutable noexcept {
      int r = solve();
      std::unique_lock<std::mutex> g(m_);
      if (orphaned_) {
        std::function<void()> f = std::move(cleanup_);
        g.unlock();
        f(); /* destroys this Runner: nothing of it is touched after */
        return;
      }
      result_ = r;
      done_ = true;
      cv_.notify_one();
    });
    std::chrono::steady_clock::time_point give_up;
    std::unique_lock<std::mutex> lock(m_);
    while (!done_) {
      if (cv_.wait_for(lock, std::chrono::milliseconds(1)) == std::cv_status::no_timeout)
        continue;
      if (stopped_ && std::chrono::steady_clock::now() >= give_up)
        return 0; /* left running: the next wait() joins it */
      lock.unlock();
      if (stopped_) {
        interrupt(); /* again, until it answers (see wait) */
      } else if (fn(state)) {
        stopped_ = true; /* only this thread writes it while it runs */
        interrupt();
        give_up = std::chrono::steady_clock::now() + kGrace;
      }
      lock.lock();
    }
    int r = result_;
    lock.unlock();
    worker_.join();
    return r;
  }

 private:
  std::thread worker_;
  std::mutex m_;
  std::condition_variable cv_;
  bool done_ = false, orphaned_ = false, stopped_ = false;
  int result_ = 0;
  std::function<void()> interrupt_; /* the running solve's */
  std::function<void()> cleanup_;
};

} // namespace pz_polled
} // namespace

#endif
