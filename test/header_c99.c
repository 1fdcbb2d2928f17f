/* The public headers compile as C99 (see test/api.cmake for the flags). */
#include <pz.h>
#include <pz/backend.h>

int main(void) {
  pz_options opt = PZ_OPTIONS_INIT;
  return opt.version == PZ_OPTIONS_VERSION && pz_strerror(PZ_OK) ? 0 : 1;
}
