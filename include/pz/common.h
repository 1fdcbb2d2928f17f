/* pz: versions, status codes, shared types. */
#ifndef PZ_COMMON_H
#define PZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(PZ_BUILDING) && defined(__GNUC__)
#define PZ_API __attribute__((visibility("default")))
#else
#define PZ_API
#endif

#define PZ_VERSION_MAJOR 0
#define PZ_VERSION_MINOR 1
#define PZ_VERSION_PATCH 0
#define PZ_VERSION_NUMBER \
  (PZ_VERSION_MAJOR * 10000 + PZ_VERSION_MINOR * 100 + PZ_VERSION_PATCH)

/* Run-time version string, "MAJOR.MINOR.PATCH". */
PZ_API const char *pz_version(void);

/* Status of a fallible call. Values are stable once released; errors are
 * negative and new ones are only ever appended. */
typedef enum pz_status {
  PZ_OK = 0,
  PZ_ERR_NOMEM = -1,       /* an allocation failed */
  PZ_ERR_ARG = -2,         /* an argument is invalid (NULL, negative, ...) */
  PZ_ERR_RANGE = -3,       /* a value is out of its allowed range */
  PZ_ERR_PARSE = -4,       /* malformed text input (see pz_parse_info) */
  PZ_ERR_IO = -5,          /* reading or writing a stream failed */
  PZ_ERR_BACKEND = -6,     /* unknown backend name, or the backend failed */
  PZ_ERR_STATE = -7,       /* the call is not valid in the current state */
  PZ_ERR_TOO_LARGE = -8,   /* the instance exceeds a size limit */
  PZ_ERR_UNSUPPORTED = -9, /* the operation is not supported here */
  PZ_ERR_CONFLICT = -10    /* givens contradict each other directly */
} pz_status;

/* Static English text for a status; never NULL. */
PZ_API const char *pz_strerror(int status);

/* Answer of a solver call; the numbers follow IPASIR. */
typedef enum pz_result {
  PZ_UNKNOWN = 0, /* interrupted: time limit or terminate callback */
  PZ_SAT = 10,
  PZ_UNSAT = 20
} pz_result;

/* Where a text parser stopped. line and column count from 1. */
typedef struct pz_parse_info {
  size_t line;
  size_t column;
  char message[160];
} pz_parse_info;

#ifdef __cplusplus
}
#endif
#endif
