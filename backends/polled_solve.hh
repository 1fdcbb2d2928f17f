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
 * Every later entry into the backend first waits for it (wait()).
 *
 * A header of inline code: each backend is its own library. */
#ifndef PZ_POLLED_SOLVE_HH
#define PZ_POLLED_SOLVE_HH

#include <chrono>
#include <condition_variable>
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

  /* Waits for a solve an earlier run left running. Call it before
   * anything else touches the solver. */
  void wait() noexcept {
    if (worker_.joinable()) worker_.join();
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
    done_ = false;
    worker_ = std::thread([this, solve = std::move(solve)]() mutable noexcept {
      int r = solve();
      std::lock_guard<std::mutex> g(m_);
      result_ = r;
      done_ = true;
      cv_.notify_one();
    });
    bool stopped = false;
    std::chrono::steady_clock::time_point give_up;
    std::unique_lock<std::mutex> lock(m_);
    while (!done_) {
      if (stopped) {
        if (cv_.wait_until(lock, give_up) == std::cv_status::timeout && !done_)
          return 0; /* left running: the next wait() joins it */
        continue;
      }
      if (cv_.wait_for(lock, std::chrono::milliseconds(1)) == std::cv_status::no_timeout)
        continue;
      lock.unlock();
      if (fn(state)) {
        stopped = true;
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
  bool done_ = false;
  int result_ = 0;
};

} // namespace pz_polled

#endif
