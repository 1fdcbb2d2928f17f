/* The sum encodings of lib/model/sum.c compared on Killer Sudoku: the
 * figures behind the AUTO choice in docs/ENCODINGS.md, "Sums". Not built
 * by CMake (it sets an internal switch of the library); build it by hand
 * after a Release build (cmake --build build --target pz):
 *
 *   gcc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude -Ilib \
 *     bench/sum_bench.c -o build/sum_bench \
 *     build/libpz_backends.a \
 *     $(sed -n 's/^PZ_CADICAL_LIB:FILEPATH=//p' build/CMakeCache.txt) \
 *     $(sed -n 's/^PZ_PICOSAT_LIB:FILEPATH=//p' build/CMakeCache.txt) \
 *     -lstdc++ -lm -lpthread
 *   build/sum_bench [JSONL] [random-count] [seed]
 *
 * JSONL defaults to ../shared/data/model/killer-sudoku.jsonl (the 60
 * janko.at killers); random-count (default 40) random 9x9 killers are cut
 * from random grids into connected cages of 2-6 distinct digits, two of
 * them 9-cell cages summing to 45. Every puzzle is made afresh and solved
 * once (pz_puzzle_solve) per backend and encoding; the table gives the
 * total CPU time (encoding and solving) and the solver's conflicts (from
 * its statistics; the ipasir backend prints none). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pz.h>

#include "model/model_impl.h"
#include "../test/json_line.h"

typedef struct inst {
  int n, br, bc, ncages;
  int cage[81], sum[81];
} inst;

static double cpu(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* ---- janko.at puzzles --------------------------------------------------- */


static int load_jsonl(const char *path, inst *out, int max) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  static char line[8192], prob[4096];
  int count = 0;
  while (count < max && fgets(line, sizeof line, f)) {
    if (!json_string(line, "problem", prob, sizeof prob)) continue;
    pz_killer_def *d;
    if (pz_killer_parse(prob, strlen(prob), &d, NULL)) continue;
    inst *in = &out[count++];
    in->n = pz_killer_def_size(d);
    pz_killer_def_box(d, &in->br, &in->bc);
    memcpy(in->cage, pz_killer_def_cages(d, &in->ncages),
           (size_t)(in->n * in->n) * sizeof(int));
    memcpy(in->sum, pz_killer_def_sums(d), (size_t)in->ncages * sizeof(int));
    pz_killer_def_free(d);
  }
  fclose(f);
  return count;
}

/* ---- random 9x9 killers ------------------------------------------------- */

static uint64_t rng = 88172645463325252ULL;
static int rnd_below(int m) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (int)(rng % (uint64_t)m);
}

static int fill(int *g, int x) {
  if (x == 81) return 1;
  int start = rnd_below(9);
  for (int i = 0; i < 9; i++) {
    int v = 1 + (start + i) % 9, ok = 1;
    for (int y = 0; y < x && ok; y++)
      if (g[y] == v && (y / 9 == x / 9 || y % 9 == x % 9 ||
                        (y / 27 == x / 27 && y % 9 / 3 == x % 9 / 3)))
        ok = 0;
    if (!ok) continue;
    g[x] = v;
    if (fill(g, x + 1)) return 1;
  }
  g[x] = 0;
  return 0;
}

/* Grows cage k from x to size cells of distinct digits of g. */
static int grow(inst *in, const int *g, int x, int k, int size) {
  int members[9], m = 0, used = 1 << g[x];
  in->cage[x] = k;
  members[m++] = x;
  for (int tries = 0; m < size && tries < 200; tries++) {
    int y = members[rnd_below(m)], d = rnd_below(4);
    int r = y / 9 + (d == 0) - (d == 1), c = y % 9 + (d == 2) - (d == 3);
    if (r < 0 || c < 0 || r > 8 || c > 8) continue;
    int z = r * 9 + c;
    if (in->cage[z] >= 0 || (used >> g[z] & 1)) continue;
    in->cage[z] = k;
    used |= 1 << g[z];
    members[m++] = z;
  }
  in->sum[k] = 0;
  for (int i = 0; i < m; i++) in->sum[k] += g[members[i]];
  return m;
}

static void random_killer(inst *in) {
  int g[81] = {0};
  fill(g, 0);
  memset(in, 0, sizeof *in);
  in->n = 9;
  in->br = in->bc = 3;
  for (int x = 0; x < 81; x++) in->cage[x] = -1;
  /* Two cages of all nine digits (sum 45), then 2-6 cells each. */
  for (int big = 0; big < 2; big++)
    for (int tries = 0; tries < 50; tries++) {
      int x = rnd_below(81);
      if (in->cage[x] >= 0) continue;
      int k = in->ncages;
      if (grow(in, g, x, k, 9) == 9) {
        in->ncages++;
        break;
      }
      for (int z = 0; z < 81; z++) /* too small: undo */
        if (in->cage[z] == k) in->cage[z] = -1;
    }
  for (int x = 0; x < 81; x++)
    if (in->cage[x] < 0) grow(in, g, x, in->ncages++, 2 + rnd_below(5));
}

/* ---- measuring ------------------------------------------------------------ */

/* Conflicts from the backend's statistics, -1 when it prints none (the
 * ipasir backend); 0 when
 * no solver ran (propagating the givens answered). */
static long long conflicts(const pz_puzzle *p) {
  const pz_solver *s = pz_puzzle_solver(p);
  if (!s) return 0;
  FILE *t = tmpfile();
  if (!t) return -1;
  pz_solver_print_stats(s, t);
  rewind(t);
  char line[512];
  long long v = -1, x;
  /* CaDiCaL leaves out counters that are 0. */
  while (fgets(line, sizeof line, t)) {
    if (v < 0 && strstr(line, "statistics")) v = 0;
    char word[32];
    if (sscanf(line, "c conflicts: %lld", &x) == 1) v = x;     /* CaDiCaL */
    else if (sscanf(line, "c %lld %31s", &x, word) == 2 &&      /* PicoSAT */
             !strcmp(word, "conflicts") && !strchr(line, '%'))
      v = x;
  }
  fclose(t);
  return v;
}

static void run(const char *set, const inst *ins, int count, const char *backend,
                int mode, const char *mode_name) {
  pz_menc_set_sum_encoding(mode);
  double t0 = cpu();
  long long confl = 0;
  int sat = 0, noconfl = 0;
  for (int i = 0; i < count; i++) {
    const inst *in = &ins[i];
    pz_puzzle *p;
    if (pz_killer_new(&p, in->br, in->bc, in->cage, in->sum, in->ncages)) exit(1);
    pz_options o = PZ_OPTIONS_INIT;
    o.backend = backend;
    o.strategy = PZ_STRATEGY_FRESH;
    pz_result res;
    if (pz_puzzle_set_options(p, &o) || pz_puzzle_solve(p, NULL, &res)) exit(1);
    sat += res == PZ_SAT;
    long long c = conflicts(p);
    if (c < 0) noconfl = 1;
    else confl += c;
    pz_puzzle_free(p);
  }
  double t = cpu() - t0;
  if (noconfl)
    printf("| %s | %s | %s | %d | %.3f | - |\n", set, backend, mode_name, sat, t);
  else
    printf("| %s | %s | %s | %d | %.3f | %lld |\n", set, backend, mode_name, sat, t, confl);
  fflush(stdout);
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "../shared/data/model/killer-sudoku.jsonl";
  int nrandom = argc > 2 ? atoi(argv[2]) : 40;
  if (argc > 3) rng = (uint64_t)strtoull(argv[3], NULL, 10) | 1;
  static inst janko[256], rand9[1000];
  int nj = load_jsonl(path, janko, 256);
  if (nrandom > 1000) nrandom = 1000;
  for (int i = 0; i < nrandom; i++) random_killer(&rand9[i]);
  static const char *const backends[] = {"cadical", "picosat", "ipasir"};
  static const int modes[] = {PZ_SUM_DD, PZ_SUM_SETS, PZ_SUM_BOTH};
  static const char *const names[] = {"diagram", "value sets", "both"};
  printf("| puzzles | backend | sum encoding | solved | CPU s | conflicts |\n");
  printf("| --- | --- | --- | --- | --- | --- |\n");
  for (int b = 0; b < 3; b++)
    for (int m = 0; m < 3; m++) {
      char label[64];
      if (nj) {
        snprintf(label, sizeof label, "janko %d", nj);
        run(label, janko, nj, backends[b], modes[m], names[m]);
      }
      snprintf(label, sizeof label, "random 9x9 %d", nrandom);
      run(label, rand9, nrandom, backends[b], modes[m], names[m]);
    }
  return 0;
}
