/* For backends over solvers that cannot poll a terminate callback
 * themselves but can be interrupted from another thread (CryptoMiniSat's
 * interrupt flag, Z3_interrupt): the solve runs on a worker thread while
 * the calling thread polls the core's hook every millisecond and, once it
 * says stop, interrupts the solver. The hook thus runs on the caller's
 * thread, as with solvers that poll it themselves (a user's terminate
 * callback may rely on that).
 *
 * Some steps of these solvers notice the interrupt late (Z3 was measured
 * taking 40 ms on an idle machine, half a second on a loaded one). So a
 * solver that has not answered kGrace after the interrupt is left to
 * finish in the background and the solve answers unknown on time, as the
 * core does for its own watched solves (docs/ARCHITECTURE.md, "Solving").
 * Every later entry into the backend first waits for it (wait()), but
 * freeing does not: release() hands the clean-up to the worker.
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
   * its worker thread when it ends (the thread is then detached). cleanup
   * frees the solver and may destroy this Runner. */
  void release(std::function<void()> cleanup) noexcept {
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
    cleanup();
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

#endif
