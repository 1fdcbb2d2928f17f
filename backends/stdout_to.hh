/* For the backends over solvers that print statistics to stdout only:
 * stdout pointed at another stream for the length of one call. A header
 * of inline code: each backend is its own library. */
#ifndef PZ_STDOUT_TO_HH
#define PZ_STDOUT_TO_HH

#include <cstdio>
#include <unistd.h>

namespace pz_cxx {

/* Points stdout at out (both flushed first). Returns what stdout_back
 * needs: the saved descriptor, -1 when out is stdout itself; false in *ok
 * when stdout could not be moved (then print nothing). */
inline int stdout_to(FILE *out, bool *ok) noexcept {
  std::fflush(stdout);
  std::fflush(out);
  *ok = true;
  if (fileno(out) == STDOUT_FILENO) return -1;
  int saved = dup(STDOUT_FILENO);
  if (saved < 0 || dup2(fileno(out), STDOUT_FILENO) < 0) {
    if (saved >= 0) close(saved);
    *ok = false;
    return -1;
  }
  return saved;
}

/* stdout back where it was before stdout_to (flushed first). */
inline void stdout_back(int saved) noexcept {
  std::fflush(stdout);
  if (saved >= 0) {
    dup2(saved, STDOUT_FILENO);
    close(saved);
  }
}

} // namespace pz_cxx

#endif
