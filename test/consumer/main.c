/* Counts the 4x4 Sudoku grids with every linked backend. */
#include <pz.h>
#include <stdio.h>

int main(void) {
  if (pz_backend_count() == 0) return 1;
  for (size_t i = 0; i < pz_backend_count(); i++) {
    /* A backend that needs an argument (exec:PROGRAM) is left out. */
    if (pz_backend_needs_arg(i)) continue;
    pz_puzzle *p;
    pz_options opt = PZ_OPTIONS_INIT;
    opt.backend = pz_backend_name(i);
    uint64_t count = 0;
    pz_result stop;
    if (pz_sudoku_new(&p, 2, 2) || pz_puzzle_set_options(p, &opt) ||
        pz_puzzle_count(p, 0, &count, &stop))
      return 1;
    printf("%s %llu\n", opt.backend, (unsigned long long)count);
    pz_puzzle_free(p);
  }
  return 0;
}
