/* Counts variant Sudoku in ISS constraint strings to 2 (a uniqueness
 * proof), one line per puzzle: the figures of docs/BENCHMARKS.md
 * ("Variant Sudoku beside ISS") and docs/ENCODINGS.md ("Equal sums").
 * Built with the tests (target iss_count), never run by ctest.
 *
 *   iss_count [--backend B] [--rsl eqsums|first|chain] FILE.jsonl [N...]
 *
 * FILE.jsonl holds one puzzle per line with "iss" (the constraint string)
 * and "count" keys (../shared/data/variants/ctc-tune.jsonl); N picks
 * puzzles by their line number from 1. Prints number, name, solutions
 * found (at most 2), whether that agrees with "count", and the seconds of
 * parse, encode and count; the last line the total. Exit status 1 when
 * any count disagrees. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pz.h>

#include "variants/iss_impl.h"
#include "../test/json_line.h"

static double wall(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static int wanted(int k, int argc, char **argv, int from) {
  if (from >= argc) return 1;
  for (int i = from; i < argc; i++)
    if (atoi(argv[i]) == k) return 1;
  return 0;
}

int main(int argc, char **argv) {
  const char *backend = NULL;
  int i = 1;
  for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
    if (!strcmp(argv[i], "--backend")) backend = argv[i + 1];
    else if (!strcmp(argv[i], "--rsl"))
      pz_iss_set_rsl_encoding(!strcmp(argv[i + 1], "first")   ? PZ_ISS_RSL_FIRST
                              : !strcmp(argv[i + 1], "chain") ? PZ_ISS_RSL_CHAIN
                                                              : PZ_ISS_RSL_EQSUMS);
    else break;
  }
  if (i >= argc) {
    fprintf(stderr, "usage: iss_count [--backend B] [--rsl eqsums|first|chain] FILE.jsonl [N...]\n");
    return 2;
  }
  FILE *f = fopen(argv[i], "r");
  if (!f) {
    perror(argv[i]);
    return 2;
  }
  static char line[1 << 16], iss[1 << 16], name[256];
  int k = 0, bad = 0;
  double total = 0;
  while (fgets(line, sizeof line, f)) {
    const char *cs = strstr(line, "\"count\": ");
    if (!json_string(line, "iss", iss, sizeof iss) || !cs) continue;
    if (!wanted(++k, argc, argv, i + 1)) continue;
    if (!json_string(line, "name", name, sizeof name)) strcpy(name, "?");
    int want = atoi(cs + 9);
    double t0 = wall();
    pz_iss_def *d = NULL;
    pz_puzzle *p = NULL;
    pz_parse_info info;
    int st = pz_iss_parse(iss, strlen(iss), &d, &info);
    if (!st) st = pz_iss_puzzle(d, &p);
    if (!st) {
      pz_options o = PZ_OPTIONS_INIT;
      o.backend = backend;
      st = pz_puzzle_set_options(p, &o);
    }
    int found = -1;
    pz_result stop;
    if (!st) st = pz_puzzle_unique(p, &found, NULL, &stop);
    double t = wall() - t0;
    total += t;
    int ok = !st && found == (want > 2 ? 2 : want);
    bad += !ok;
    printf("%d\t%s\t%d\t%s\t%.3f\n", k, name, found, ok ? "ok" : st ? pz_strerror(st) : "WRONG",
           t);
    pz_puzzle_free(p);
    pz_iss_free(d);
  }
  fclose(f);
  printf("total\t%d puzzles\t%d wrong\t\t%.3f\n", k, bad, total);
  return bad ? 1 : 0;
}
