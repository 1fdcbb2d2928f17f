/* A whole file read into memory, for the tests that parse data files. */
#ifndef PZ_TEST_READ_FILE_H
#define PZ_TEST_READ_FILE_H

#include <stdio.h>
#include <stdlib.h>

#include "check.h"

/* The file at path as a malloc'd string (NUL-terminated; its length in
 * *len when len is not NULL), or NULL when it cannot be opened. */
static inline char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = (char *)malloc(cap + 1);
  REQUIRE(buf);
  size_t got;
  while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      cap *= 2;
      buf = (char *)realloc(buf, cap + 1);
      REQUIRE(buf);
    }
  }
  fclose(f);
  buf[n] = 0;
  if (len) *len = n;
  return buf;
}

#ifdef PZ_TEST_DATA
/* test/data/dir/file opened for reading, its path in path (size bytes, for
 * the messages); a file that will not open stops the test. */
static inline FILE *open_test_data(char *path, size_t size, const char *dir,
                                   const char *file) {
  snprintf(path, size, "%s/%s/%s", PZ_TEST_DATA, dir, file);
  FILE *f = fopen(path, "rb");
  if (!f) fprintf(stderr, "cannot open %s\n", path);
  REQUIRE(f);
  return f;
}
#endif

#endif
