/* Fuzz target: Sudoku variant lists (pz_sudoku_variants_from_names), then
 * an empty 4x4 and 6x6 Sudoku solved with the variants read, the solution
 * checked against the variant rules. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

typedef struct rules {
  int box[2];
  unsigned variants;
} rules;

static const char *check_variants(const pz_puzzle *p, const int *sol,
                                  void *state) {
  const rules *ru = (const rules *)state;
  return fuzz_check_variants(p, sol, ru->box, ru->variants);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* The API takes a C string: the input up to its first NUL. */
  char *list = (char *)malloc(size + 1);
  if (!list) return 0;
  memcpy(list, data, size);
  list[size] = '\0';
  unsigned variants = 0xdeadu;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_sudoku_variants_from_names(list, &variants, &info);
  free(list);
  if (st != PZ_OK) {
    fuzz_check_error("pz_sudoku_variants_from_names", st, &info);
    return 0;
  }
  if (variants & ~PZ_SUDOKU_ALL_VARIANTS)
    fuzz_fail("variants 0x%x outside PZ_SUDOKU_ALL_VARIANTS", variants);
  /* The names of the bits read back as the same bits. */
  char names[256] = "";
  for (unsigned bit = 1; bit <= PZ_SUDOKU_ALL_VARIANTS; bit <<= 1) {
    if (!(variants & bit)) continue;
    const char *name = pz_sudoku_variant_name(bit);
    if (!name) fuzz_fail("variant bit 0x%x has no name", bit);
    if (names[0]) strcat(names, ",");
    strcat(names, name);
  }
  unsigned again = 0;
  if (pz_sudoku_variants_from_names(names, &again, &info) != PZ_OK ||
      again != variants)
    fuzz_fail("variant names '%s' do not read back as 0x%x", names, variants);

  static const int shapes[][2] = {{2, 2}, {2, 3}};
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
    rules ru = {{shapes[i][0], shapes[i][1]}, variants};
    pz_puzzle *p = NULL;
    if (pz_sudoku_new(&p, ru.box[0], ru.box[1]) != PZ_OK)
      fuzz_fail("sudoku %dx%d refused", ru.box[0], ru.box[1]);
    st = pz_sudoku_set_variants(p, variants);
    if (st == PZ_OK)
      fuzz_solve_all(p, check_variants, &ru, "variants");
    else if (!(st == PZ_ERR_UNSUPPORTED && (variants & PZ_SUDOKU_WINDOKU)))
      fuzz_fail("pz_sudoku_set_variants(0x%x): %s", variants, pz_strerror(st));
    pz_puzzle_free(p);
  }
  return 0;
}
