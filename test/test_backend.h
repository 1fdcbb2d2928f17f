/* A backend a test writes for itself (a fake, or the real one wrapped to
 * fail on cue): its table filled from functions named PREFIX_sig,
 * PREFIX_init, PREFIX_release, PREFIX_add, PREFIX_assume, PREFIX_solve,
 * PREFIX_val and PREFIX_failed, the ops every backend has. In a pz_backend
 * initializer: `TEST_BACKEND_OPS(fake), .name = "fake",` then the optional
 * ops it has. */
#ifndef PZ_TEST_TEST_BACKEND_H
#define PZ_TEST_TEST_BACKEND_H

#include <pz/backend.h>

#define TEST_BACKEND_OPS(p)                                                \
  .version = PZ_BACKEND_VERSION, .signature = p##_sig, .init = p##_init,   \
  .release = p##_release, .add = p##_add, .assume = p##_assume,            \
  .solve = p##_solve, .val = p##_val, .failed = p##_failed

#endif
