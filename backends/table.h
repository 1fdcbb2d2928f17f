/* The table of a bundled backend, from its functions under their usual
 * names (sig, release, add, assume, solve, val, failed, set_terminate)
 * and the ones that vary (NULL, or nullptr in C++, where it has none).
 * Designated initializers, so a field added to pz_backend later cannot
 * shift the others (in C++ from C++20 on, which names every field in
 * order). */
#ifndef PZ_BACKENDS_TABLE_H
#define PZ_BACKENDS_TABLE_H

#include "pz/backend.h"

#define PZ_BACKEND_TABLE(name_, init_, print_stats_, reserve_, diversify_, \
                         init_with_)                                       \
  {                                                                        \
    .version = PZ_BACKEND_VERSION, .name = (name_), .signature = sig,      \
    .init = (init_), .release = release, .add = add, .assume = assume,     \
    .solve = solve, .val = val, .failed = failed,                          \
    .set_terminate = set_terminate, .print_stats = (print_stats_),         \
    .reserve = (reserve_), .diversify = (diversify_),                      \
    .init_with = (init_with_)                                              \
  }

#endif
