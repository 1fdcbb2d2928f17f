/* Helpers every text parser shares: reading a whole stream and reporting
 * where parsing stopped. */
#ifndef PZ_IO_INPUT_H
#define PZ_IO_INPUT_H

#include <stdio.h>

#include "pz/common.h"

#if defined(__GNUC__)
#define PZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PZ_PRINTF(f, a)
#endif

/* Reads all of `in` into *buf (malloc'd, caller frees) of *len bytes.
 * PZ_ERR_IO (with a message in info) if the stream fails. */
int pz_read_all(FILE *in, char **buf, size_t *len, pz_parse_info *info);

/* Fills info (when not NULL) with line, column and a formatted message,
 * and returns st. */
int pz_parse_fail(pz_parse_info *info, size_t line, size_t col, int st,
                  const char *fmt, ...) PZ_PRINTF(5, 6);

#endif
