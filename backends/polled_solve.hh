/* For backends over solvers that cannot poll a terminate callback
 * themselves but can be interrupted from another thread (CryptoMiniSat's
 * interrupt flag, Z3_interrupt): the solve runs on a worker thread while
 * the calling thread polls the core's hook every millisecond and, once it
 * says stop, interrupts the solver and waits for its answer. The hook thus
 * runs on the caller's thread, as with solvers that poll it themselves (a
 * user's terminate callback may rely on that).
 *
 * A header of inline code: each backend is its own library. */
#ifndef PZ_POLLED_SOLVE_HH
#define PZ_POLLED_SOLVE_HH

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace pz_polled {

/* Runs solve() (which must not throw) on a worker thread; returns its
 * result. fn(state) is polled meanwhile; when it returns non-zero,
 * interrupt() (thread-safe, must not throw) is called once. Throws only
 * what starting a thread throws (std::system_error, std::bad_alloc), and
 * then solve() has not run. */
template <class Solve, class Interrupt>
int run(Solve solve, Interrupt interrupt, int (*fn)(void *), void *state) {
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  int result = 0;
  std::thread worker([&]() noexcept {
    int r = solve();
    std::lock_guard<std::mutex> g(m);
    result = r;
    done = true;
    cv.notify_one();
  });
  bool stopped = false;
  std::unique_lock<std::mutex> lock(m);
  while (!done) {
    if (stopped) {
      cv.wait(lock);
      continue;
    }
    if (cv.wait_for(lock, std::chrono::milliseconds(1)) == std::cv_status::no_timeout)
      continue;
    lock.unlock();
    if (fn(state)) {
      stopped = true;
      interrupt();
    }
    lock.lock();
  }
  lock.unlock();
  worker.join();
  return result;
}

} // namespace pz_polled

#endif
