// The public headers compile as C++ (see test/api.cmake for the flags).
#include <pz.h>
#include <pz/backend.h>

int main() {
  pz_options opt = PZ_OPTIONS_INIT;
  pz_puzzle *p = nullptr;
  int st = pz_sudoku_new(&p, 2, 2);
  pz_puzzle_free(p);
  return st == PZ_OK && opt.version == PZ_OPTIONS_VERSION ? 0 : 1;
}
