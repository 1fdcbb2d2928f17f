#include "pz/common.h"

#define PZ_STR2(x) #x
#define PZ_STR(x) PZ_STR2(x)

const char *pz_version(void) {
  return PZ_STR(PZ_VERSION_MAJOR) "." PZ_STR(PZ_VERSION_MINOR) "." PZ_STR(
      PZ_VERSION_PATCH);
}

const char *pz_strerror(int status) {
  switch (status) {
  case PZ_OK: return "ok";
  case PZ_ERR_NOMEM: return "out of memory";
  case PZ_ERR_ARG: return "invalid argument";
  case PZ_ERR_RANGE: return "value out of range";
  case PZ_ERR_PARSE: return "malformed input";
  case PZ_ERR_IO: return "input/output error";
  case PZ_ERR_BACKEND: return "backend unavailable or failed";
  case PZ_ERR_STATE: return "call not valid in the current state";
  case PZ_ERR_TOO_LARGE: return "instance too large";
  case PZ_ERR_UNSUPPORTED: return "operation not supported";
  case PZ_ERR_CONFLICT: return "givens contradict each other";
  default: return "unknown status";
  }
}
