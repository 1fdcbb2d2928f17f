/* For the backends over C++ solvers, which let no exception out: the
 * status for the exception being handled. A header of inline code: each
 * backend is its own library. */
#ifndef PZ_CAUGHT_HH
#define PZ_CAUGHT_HH

#include <new>
#include <stdexcept>

#include "pz/backend.h"

namespace pz_cxx {

/* Call inside a catch. */
inline int caught() noexcept {
  try {
    throw;
  } catch (const std::bad_alloc &) {
    return PZ_ERR_NOMEM;
  } catch (const std::length_error &) {
    return PZ_ERR_TOO_LARGE; /* a vector asked for more than it can hold */
  } catch (...) {
    return PZ_ERR_BACKEND;
  }
}

} // namespace pz_cxx

#endif
