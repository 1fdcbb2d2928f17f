/* A plain backtracking counter, the baseline a SAT front end's counts are
 * held against (issue 9: "a SAT front end that counts slower than naive
 * search has a reason to give"). No pz code: cells filled in row-major
 * order, the candidates of a cell as a bit mask of what its row, column
 * and box have not used yet.
 *
 *   cc -O2 -std=c11 bench/backtrack_count.c -o build/backtrack_count
 *   build/backtrack_count latin N [reduced]   Latin squares of order N
 *   build/backtrack_count sudoku R C          Sudoku grids, R x C boxes
 *
 * Prints the count and the CPU seconds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 16

static int n, box_r, box_c, use_boxes;
static uint32_t row_used[MAXN], col_used[MAXN], box_used[MAXN];
static uint64_t count;

static int box_of(int r, int c) {
  return use_boxes ? (r / box_r) * box_r + c / box_c : 0;
}

static void place(int r, int c, uint32_t bit) {
  row_used[r] ^= bit;
  col_used[c] ^= bit;
  if (use_boxes) box_used[box_of(r, c)] ^= bit;
}

/* Fills cells k.. (row-major) in every way the rules allow. */
static void fill(int k) {
  if (k == n * n) {
    count++;
    return;
  }
  int r = k / n, c = k % n;
  uint32_t used = row_used[r] | col_used[c] | (use_boxes ? box_used[box_of(r, c)] : 0);
  uint32_t free_bits = ~used & ((1u << n) - 1);
  while (free_bits) {
    uint32_t bit = free_bits & -free_bits;
    free_bits ^= bit;
    place(r, c, bit);
    fill(k + 1);
    place(r, c, bit);
  }
}

/* Reduced Latin squares: the first row and column are 1..n in order. */
static void fill_reduced(void) {
  for (int i = 0; i < n; i++) place(0, i, 1u << i);
  for (int i = 1; i < n; i++) place(i, 0, 1u << i);
}

/* The first row and column are fixed in a reduced square. */
static int fixed_cell(int k) { return k < n || k % n == 0; }

/* fill() for a reduced square: the fixed cells are skipped. */
static void fill_skip(int k) {
  while (k < n * n && fixed_cell(k)) k++;
  if (k == n * n) {
    count++;
    return;
  }
  int r = k / n, c = k % n;
  uint32_t free_bits = ~(row_used[r] | col_used[c]) & ((1u << n) - 1);
  while (free_bits) {
    uint32_t bit = free_bits & -free_bits;
    free_bits ^= bit;
    place(r, c, bit);
    fill_skip(k + 1);
    place(r, c, bit);
  }
}

int main(int argc, char **argv) {
  int reduced = 0;
  if (argc >= 3 && !strcmp(argv[1], "latin")) {
    n = atoi(argv[2]);
    reduced = argc > 3 && !strcmp(argv[3], "reduced");
  } else if (argc == 4 && !strcmp(argv[1], "sudoku")) {
    box_r = atoi(argv[2]);
    box_c = atoi(argv[3]);
    n = box_r * box_c;
    use_boxes = 1;
  } else {
    fprintf(stderr, "usage: %s latin N [reduced] | sudoku R C\n", argv[0]);
    return 1;
  }
  if (n < 1 || n > MAXN) {
    fprintf(stderr, "%s: order 1..%d\n", argv[0], MAXN);
    return 1;
  }
  clock_t t0 = clock();
  if (reduced) {
    fill_reduced();
    fill_skip(0);
  } else {
    fill(0);
  }
  double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
  printf("%llu\t%.3f s CPU\n", (unsigned long long)count, s);
  return 0;
}
