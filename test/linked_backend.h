/* The linked backend named `name`, or NULL: found through the hook rather
 * than its getter, so that a test builds whatever backends were
 * configured (a missing solver means no getter to link). */
#ifndef PZ_TEST_LINKED_BACKEND_H
#define PZ_TEST_LINKED_BACKEND_H

#include <string.h>

#include <pz/backend.h>

static inline const pz_backend *linked_backend(const char *name) {
  const pz_backend *const *b = pz_backends_linked();
  for (; *b; b++)
    if (strcmp((*b)->name, name) == 0) return *b;
  return NULL;
}

#endif
