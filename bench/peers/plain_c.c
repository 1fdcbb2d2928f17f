/* Peer for pz's benchmarks (bench/run.sh): what a plain C program does
 * without pz. CaDiCaL through its C API directly (ccadical.h), a fresh
 * solver per puzzle, and the plain, unsimplified encoding: one variable
 * per cell and value; each cell, and each value in each row, column and
 * box, exactly once (an at-least-one clause plus pairwise at-most-one
 * clauses); the givens as unit clauses.
 *
 *   plain_c sudoku FILE [--limit N] [--unique]
 *   plain_c latin N [--reduced]      enumerate all (blocking clauses)
 *
 * Build: cc -O2 plain_c.c -lcadical -lstdc++ -lm
 * Prints one tab-separated line:
 *   peer workload items sat verified unique multi wall_s cpu_s median_us worst_us
 */
#define _POSIX_C_SOURCE 200809L
#include <ccadical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(clockid_t clk) {
  struct timespec ts;
  clock_gettime(clk, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int n, b; /* grid size and box size (Latin: b = 0) */

static int var(int r, int c, int v) { return (r * n + c) * n + v; }

/* One exactly-one group: at least one, and pairwise at most one. */
static void exactly_one(CCaDiCaL *s, const int *x) {
  for (int i = 0; i < n; i++) ccadical_add(s, x[i]);
  ccadical_add(s, 0);
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      ccadical_add(s, -x[i]);
      ccadical_add(s, -x[j]);
      ccadical_add(s, 0);
    }
}

static void add_rules(CCaDiCaL *s) {
  int x[3][64];
  for (int a = 0; a < n; a++)
    for (int c = 0; c < n; c++) {
      for (int k = 0; k < n; k++) {
        x[0][k] = var(a, c, k + 1);  /* cell (a, c) */
        x[1][k] = var(a, k, c + 1);  /* value c+1 in row a */
        x[2][k] = var(k, a, c + 1);  /* value c+1 in column a */
      }
      for (int g = 0; g < 3; g++) exactly_one(s, x[g]);
    }
  if (b)
    for (int u = 0; u < n; u++)
      for (int v = 1; v <= n; v++) {
        for (int k = 0; k < n; k++)
          x[0][k] = var((u / b) * b + k / b, (u % b) * b + k % b, v);
        exactly_one(s, x[0]);
      }
}

static void read_grid(CCaDiCaL *s, int *g) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      g[r * n + c] = 0;
      for (int v = 1; v <= n; v++)
        if (ccadical_val(s, var(r, c, v)) > 0) g[r * n + c] = v;
    }
}

static void block(CCaDiCaL *s, const int *g) {
  for (int i = 0; i < n * n; i++) ccadical_add(s, -var(i / n, i % n, g[i]));
  ccadical_add(s, 0);
}

static int valid(const int *g, const int *givens) {
  for (int i = 0; i < n * n; i++)
    if (g[i] < 1 || g[i] > n || (givens && givens[i] && givens[i] != g[i]))
      return 0;
  for (int u = 0; u < n; u++) {
    unsigned long long row = 0, col = 0, box = 0;
    for (int k = 0; k < n; k++) {
      row |= 1ull << g[u * n + k];
      col |= 1ull << g[k * n + u];
      if (b) box |= 1ull << g[((u / b) * b + k / b) * n + (u % b) * b + k % b];
    }
    unsigned long long all = ((1ull << n) - 1) << 1;
    if (row != all || col != all || (b && box != all)) return 0;
  }
  return 1;
}

static int cell_value(int ch) {
  if (ch == '.' || ch == '0') return 0;
  if (ch >= '1' && ch <= '9') return ch - '0';
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
  if (ch >= 'a' && ch <= 'z') return ch - 'a' + 10;
  return -1;
}

static void report(const char *mode, size_t items, size_t sat, size_t verified,
                   size_t uniq, size_t multi, double wall, double cpu,
                   double *lat, size_t nlat) {
  qsort(lat, nlat, sizeof *lat, cmp_double);
  double med = !nlat ? 0 : nlat % 2 ? lat[nlat / 2]
                                    : (lat[nlat / 2 - 1] + lat[nlat / 2]) / 2;
  printf("plain-c\t%s\t%zu\t%zu\t%zu\t%zu\t%zu\t%.6f\t%.6f\t%.1f\t%.1f\n", mode,
         items, sat, verified, uniq, multi, wall, cpu, med,
         nlat ? lat[nlat - 1] : 0.0);
}

static int usage(const char *msg) {
  fprintf(stderr, "plain_c: %s\nusage: plain_c sudoku FILE [--limit N] [--unique]\n"
                  "       plain_c latin N [--reduced]\n", msg);
  return 1;
}

static int run_sudoku(const char *path, long limit, int unique) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    return 2;
  }
  int (*puzzles)[64 * 64] = NULL;
  size_t count = 0, cap = 0;
  char line[8192];
  while (fgets(line, sizeof line, f) && (!limit || (long)count < limit)) {
    size_t len = strcspn(line, "\r\n");
    if (len == 0 || line[0] == '#') continue;
    int bb = 1;
    while ((size_t)(bb * bb * bb * bb) < len) bb++;
    if ((size_t)(bb * bb * bb * bb) != len || (n && bb != b) || bb * bb > 35) {
      fprintf(stderr, "plain_c: %s: line %zu is not a puzzle of the first's size\n",
              path, count + 1);
      fclose(f);
      return 2;
    }
    b = bb;
    n = bb * bb;
    if (count == cap) {
      cap = cap ? cap * 2 : 1024;
      puzzles = realloc(puzzles, cap * sizeof *puzzles);
      if (!puzzles) return 3;
    }
    for (size_t i = 0; i < len; i++) {
      int v = cell_value((unsigned char)line[i]);
      if (v < 0 || v > n) {
        fprintf(stderr, "plain_c: %s: bad character\n", path);
        fclose(f);
        return 2;
      }
      puzzles[count][i] = v;
    }
    count++;
  }
  fclose(f);
  double *lat = malloc((count ? count : 1) * sizeof *lat);
  int grid[64 * 64];
  size_t sat = 0, verified = 0, uniq = 0, multi = 0;
  double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
  for (size_t p = 0; p < count; p++) {
    double t0 = now(CLOCK_MONOTONIC);
    CCaDiCaL *s = ccadical_init();
    ccadical_set_option(s, "quiet", 1);
    add_rules(s);
    for (int i = 0; i < n * n; i++)
      if (puzzles[p][i]) {
        ccadical_add(s, var(i / n, i % n, puzzles[p][i]));
        ccadical_add(s, 0);
      }
    int sols = 0;
    if (ccadical_solve(s) == 10) {
      sols = 1;
      read_grid(s, grid);
      if (unique) {
        block(s, grid);
        if (ccadical_solve(s) == 10) sols = 2;
      }
    }
    ccadical_release(s);
    lat[p] = (now(CLOCK_MONOTONIC) - t0) * 1e6;
    if (sols) {
      sat++;
      verified += (size_t)valid(grid, puzzles[p]);
      if (unique) sols == 1 ? uniq++ : multi++;
    }
  }
  report(unique ? "unique" : "solve", count, sat, verified, uniq, multi,
         now(CLOCK_MONOTONIC) - w0, now(CLOCK_PROCESS_CPUTIME_ID) - c0, lat,
         count);
  free(lat);
  free(puzzles);
  return verified == sat ? 0 : 3;
}

static int run_latin(int reduced) {
  double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
  CCaDiCaL *s = ccadical_init();
  ccadical_set_option(s, "quiet", 1);
  add_rules(s);
  if (reduced)
    for (int i = 0; i < n; i++) {
      ccadical_add(s, var(0, i, i + 1));
      ccadical_add(s, 0);
      ccadical_add(s, var(i, 0, i + 1));
      ccadical_add(s, 0);
    }
  size_t found = 0, verified = 0, cap = 1024;
  double *lat = malloc(cap * sizeof *lat), last = now(CLOCK_MONOTONIC);
  int grid[64 * 64];
  while (ccadical_solve(s) == 10) {
    double t = now(CLOCK_MONOTONIC);
    if (found == cap) lat = realloc(lat, (cap *= 2) * sizeof *lat);
    if (!lat) return 3;
    lat[found++] = (t - last) * 1e6;
    read_grid(s, grid);
    int ok = valid(grid, NULL);
    for (int i = 0; ok && reduced && i < n; i++)
      ok = grid[i] == i + 1 && grid[i * n] == i + 1;
    verified += (size_t)ok; /* blocking makes every solution new */
    block(s, grid);
    last = now(CLOCK_MONOTONIC);
  }
  ccadical_release(s);
  report("enumerate", found, found, verified, 0, 0, now(CLOCK_MONOTONIC) - w0,
         now(CLOCK_PROCESS_CPUTIME_ID) - c0, lat, found);
  free(lat);
  return verified == found ? 0 : 3;
}

int main(int argc, char **argv) {
  if (argc < 3) return usage("need a workload and its argument");
  if (strcmp(argv[1], "sudoku") == 0) {
    long limit = 0;
    int unique = 0;
    for (int i = 3; i < argc; i++) {
      if (strcmp(argv[i], "--unique") == 0) unique = 1;
      else if (strcmp(argv[i], "--limit") == 0 && i + 1 < argc &&
               (limit = strtol(argv[i + 1], NULL, 10)) > 0)
        i++;
      else return usage("bad option");
    }
    return run_sudoku(argv[2], limit, unique);
  }
  if (strcmp(argv[1], "latin") == 0) {
    char *end;
    long order = strtol(argv[2], &end, 10);
    if (*end || order < 1 || order > 16) return usage("latin needs N in 1..16");
    n = (int)order;
    b = 0;
    int reduced = argc > 3 && strcmp(argv[3], "--reduced") == 0;
    if (argc > 3 + reduced) return usage("bad option");
    return run_latin(reduced);
  }
  return usage("unknown workload");
}
