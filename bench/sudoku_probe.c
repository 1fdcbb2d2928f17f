/* How far stronger presolving gets on a hard Sudoku (issue 9's rkk-64-1),
 * written for the portfolio note in docs/BENCHMARKS.md: what is left
 * after naked and hidden singles (what pz's encoder does), after locked
 * candidates (box/line interactions) on top, and after failed-candidate
 * probing (place a candidate, propagate singles, drop it on a
 * contradiction; rounds until nothing changes). Grids up to 64x64 with
 * square boxes (candidates are 64-bit masks); input as the grid files of
 * ../shared/data/sudoku/large/grids ('#' lines, then numbers, 0 blank).
 *
 *   cc -O2 -std=c11 bench/sudoku_probe.c -o build/sudoku_probe
 *   build/sudoku_probe FILE [ROUNDS]      (probing rounds, default 1)
 *
 * Prints open cells and candidates after each stage, and the seconds. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 64
static int n, b, cells;
static int unit[3 * MAXN][MAXN]; /* rows, columns, boxes */
static int peer[MAXN * MAXN][3 * MAXN];
static int npeer[MAXN * MAXN];
static uint64_t all;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int single(uint64_t m) { return m && !(m & (m - 1)); }

/* Naked and hidden singles to a fixpoint: -1 on a contradiction, else
 * the number of open cells. */
static int singles(uint64_t *m) {
  for (int changed = 1; changed;) {
    changed = 0;
    for (int x = 0; x < cells; x++) {
      if (!m[x]) return -1;
      if (!single(m[x])) continue;
      for (int k = 0; k < npeer[x]; k++) {
        int y = peer[x][k];
        if (m[y] & m[x]) {
          m[y] &= ~m[x];
          if (!m[y]) return -1;
          changed = 1;
        }
      }
    }
    for (int u = 0; u < 3 * n; u++) {
      uint64_t once = 0, twice = 0;
      for (int k = 0; k < n; k++) {
        uint64_t v = m[unit[u][k]];
        twice |= once & v;
        once |= v;
      }
      if (once != all) return -1; /* a value has no place left */
      uint64_t hidden = once & ~twice;
      for (int k = 0; k < n && hidden; k++) {
        int x = unit[u][k];
        uint64_t v = m[x] & hidden;
        if (v && v != m[x]) {
          if (!single(v)) return -1; /* two values with one place */
          m[x] = v;
          changed = 1;
        }
      }
    }
  }
  int open = 0;
  for (int x = 0; x < cells; x++) open += !single(m[x]);
  return open;
}

/* Locked candidates: a value a box holds only on one of its lines leaves
 * the rest of that line, and a value a line holds only inside one box
 * leaves the rest of that box. Returns 1 when something was removed. */
static int locked(uint64_t *m) {
  int removed = 0;
  for (int bx = 0; bx < n; bx++) {
    int r0 = bx / b * b, c0 = bx % b * b;
    for (int line = 0; line < 2 * b; line++) {
      int is_row = line < b, at = is_row ? r0 + line : c0 + line - b;
      uint64_t in = 0, box_rest = 0, line_rest = 0;
      for (int k = 0; k < n; k++) {
        int x = unit[2 * n + bx][k], r = x / n, c = x % n;
        if ((is_row ? r : c) == at) in |= m[x];
        else box_rest |= m[x];
        int y = is_row ? at * n + k : k * n + at;
        int yb = (y / n) / b * b + (y % n) / b;
        if (yb != bx) line_rest |= m[y];
      }
      uint64_t pointing = in & ~box_rest, claiming = in & ~line_rest;
      for (int k = 0; k < n; k++) {
        int y = is_row ? at * n + k : k * n + at;
        int yb = (y / n) / b * b + (y % n) / b;
        if (yb != bx && !single(m[y]) && (m[y] & pointing)) {
          m[y] &= ~pointing;
          removed = 1;
        }
        int x = unit[2 * n + bx][k], r = x / n, c = x % n;
        if ((is_row ? r : c) != at && !single(m[x]) && (m[x] & claiming)) {
          m[x] &= ~claiming;
          removed = 1;
        }
      }
    }
  }
  return removed;
}

static void report(const char *stage, const uint64_t *m, double t0) {
  int open = 0, cand = 0;
  for (int x = 0; x < cells; x++)
    if (!single(m[x])) {
      open++;
      cand += __builtin_popcountll(m[x]);
    }
  printf("%-36s open cells %5d  candidates %6d  %6.2f s\n", stage, open, cand,
         now() - t0);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: sudoku_probe FILE [ROUNDS]\n");
    return 1;
  }
  int rounds = argc > 2 ? atoi(argv[2]) : 1;
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  static int vals[MAXN * MAXN];
  static char line[1 << 16];
  int count = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    for (char *p = line, *e;; p = e) {
      long v = strtol(p, &e, 10);
      if (e == p) break;
      if (count == MAXN * MAXN || v < 0 || v > MAXN) {
        fprintf(stderr, "sudoku_probe: only grids up to %dx%d\n", MAXN, MAXN);
        fclose(f);
        return 2;
      }
      vals[count++] = (int)v;
    }
  }
  fclose(f);
  for (n = 1; n * n < count; n++) {}
  for (b = 1; b * b < n; b++) {}
  if (n * n != count || b * b != n) {
    fprintf(stderr, "sudoku_probe: not an n x n grid with square boxes\n");
    return 2;
  }
  cells = count;
  all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      unit[r][c] = r * n + c;
      unit[n + c][r] = r * n + c;
      unit[2 * n + r / b * b + c / b][r % b * b + c % b] = r * n + c;
    }
  for (int u = 0; u < 3 * n; u++)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        int x = unit[u][j], y = unit[u][i], dup = y == x;
        for (int k = 0; k < npeer[x] && !dup; k++) dup = peer[x][k] == y;
        if (!dup) peer[x][npeer[x]++] = y;
      }
  static uint64_t m[MAXN * MAXN], t[MAXN * MAXN];
  for (int x = 0; x < cells; x++)
    m[x] = vals[x] ? (uint64_t)1 << (vals[x] - 1) : all;
  double t0 = now();
  if (singles(m) < 0) {
    printf("contradiction\n");
    return 0;
  }
  report("naked + hidden singles", m, t0);
  while (locked(m))
    if (singles(m) < 0) {
      printf("contradiction\n");
      return 0;
    }
  report("+ locked candidates", m, t0);
  for (int round = 1; round <= rounds; round++) {
    int dropped = 0;
    for (int x = 0; x < cells; x++)
      for (uint64_t bits = m[x]; !single(m[x]) && bits; bits &= bits - 1) {
        uint64_t v = bits & -bits;
        if (!(m[x] & v)) continue;
        memcpy(t, m, sizeof(uint64_t) * (size_t)cells);
        t[x] = v;
        int open = singles(t);
        if (open == 0) {
          printf("a probe completes the grid (a solution)\n");
          return 0;
        }
        if (open < 0) {
          m[x] &= ~v;
          dropped++;
          if (singles(m) < 0) {
            printf("contradiction\n");
            return 0;
          }
        }
      }
    char stage[64];
    snprintf(stage, sizeof stage, "+ probing, round %d (%d dropped)", round, dropped);
    report(stage, m, t0);
    if (!dropped) break;
  }
  return 0;
}
