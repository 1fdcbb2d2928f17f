/* The hook of a backend library: pz_backends_linked lists the backends
 * this library stands for (PZ_HOOK_GETTERS, a comma-terminated list of
 * getters, set by CMakeLists.txt; empty for libpz_nobackend). It is an
 * object of its own so that a program linking several backend libraries
 * takes one hook (the first the linker meets) and gets no duplicate. */
#include <stddef.h>

#include "pz/backend.h"

static const pz_backend *(*const getters[])(void) = {PZ_HOOK_GETTERS NULL};
#define N_GETTERS (sizeof getters / sizeof getters[0])

const pz_backend *const *pz_backends_linked(void) {
  /* Filled on every call, always with the same values: the core calls
   * this once (pthread_once), and the getters return static tables. */
  static const pz_backend *list[N_GETTERS];
  for (size_t i = 0; i + 1 < N_GETTERS; i++) list[i] = getters[i]();
  return list;
}
