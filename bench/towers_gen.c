/* Skyscrapers through the kind table, for bench/generate_towers.sh:
 *   towers_gen [--backend B] [--seed S] [--level L] N COUNT
 *     writes COUNT generated N x N puzzles as sgt-towers game ids;
 *   towers_gen [--backend B] --unique < FILE
 *     reads puzzles (one a line, any format) and exits 1 unless each has
 *     exactly one solution. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pz/kind.h"

int main(int argc, char **argv) {
  const char *backend = NULL, *level = NULL;
  unsigned long long seed = 1;
  int unique = 0, i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
    if (!strcmp(argv[i], "--unique")) unique = 1;
    else if (i + 1 < argc && !strcmp(argv[i], "--backend")) backend = argv[++i];
    else if (i + 1 < argc && !strcmp(argv[i], "--level")) level = argv[++i];
    else if (i + 1 < argc && !strcmp(argv[i], "--seed")) seed = strtoull(argv[++i], NULL, 10);
    else break;
  }
  const pz_kind *k = pz_kind_find("towers");
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  if (unique) {
    char line[4096];
    int bad = 0;
    while (fgets(line, sizeof line, stdin)) {
      pz_def *d;
      pz_puzzle *p;
      pz_result r;
      int n = 0;
      if (pz_kind_parse(k, NULL, line, strlen(line), &d, NULL)) return 2;
      if (pz_def_puzzle(d, &p) || pz_puzzle_set_options(p, &o) ||
          pz_puzzle_unique(p, &n, NULL, &r))
        return 2;
      bad += n != 1;
      pz_puzzle_free(p);
      pz_def_free(d);
    }
    return bad ? 1 : 0;
  }
  if (argc - i != 2) {
    fprintf(stderr, "usage: towers_gen [--backend B] [--seed S] [--level L] N COUNT\n"
                    "       towers_gen [--backend B] --unique < FILE\n");
    return 2;
  }
  pz_kind_args *a;
  if (pz_kind_args_new(k, &a) || pz_kind_args_set(a, "size", argv[i], NULL)) return 2;
  int count = atoi(argv[i + 1]);
  pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
  if (level && pz_level_from_name(level, &g.difficulty)) return 2;
  for (int c = 0; c < count; c++) {
    pz_def *d = NULL;
    pz_generate_info info;
    pz_result stop;
    g.seed = seed + (unsigned long long)c;
    if (pz_kind_generate(k, a, &o, &g, &d, &info, &stop) || !d) return 1;
    pz_def_write(d, NULL, "sgt", stdout);
    pz_def_free(d);
  }
  pz_kind_args_free(a);
  return 0;
}
