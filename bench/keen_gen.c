/* KenKen generation for bench/generate_keen.sh, through the kind table:
 *
 *   keen_gen gen COUNT SIZE [LEVEL [SEED]]   COUNT game ids on stdout
 *   keen_gen check [BACKEND] < ids           each id solved: unique?
 *
 * LEVEL: any (default), singles, probing, deep, search (pz's ratings,
 * pz_puzzle_rate). check prints "N unique of M" and exits 1 unless every
 * id has exactly one solution; gen says on stderr how many puzzles missed
 * the level (the closest kept). Built by test/kenken.cmake. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pz.h>

static int gen(int count, const char *size, const char *level,
               unsigned long long seed) {
  const pz_kind *k = pz_kind_find("kenken");
  pz_kind_args *a = NULL;
  if (!k || pz_kind_args_new(k, &a) || pz_kind_args_set(a, "size", size, NULL)) {
    fprintf(stderr, "keen_gen: bad size '%s'\n", size);
    return 2;
  }
  static const char *const names[] = {"any", "singles", "probing", "deep", "search"};
  pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
  int lv = -1;
  for (int i = 0; i < 5; i++)
    if (!strcmp(level, names[i])) lv = i;
  if (lv < 0) {
    fprintf(stderr, "keen_gen: unknown level '%s'\n", level);
    pz_kind_args_free(a);
    return 2;
  }
  g.difficulty = (pz_level)lv;
  int rc = 0, missed = 0;
  for (int i = 0; i < count && !rc; i++) {
    g.seed = seed + (unsigned long long)i;
    pz_def *d = NULL;
    pz_result stop;
    int st = pz_kind_generate(k, a, NULL, &g, &d, NULL, &stop);
    if (st || !d) {
      fprintf(stderr, "keen_gen: puzzle %d: %s\n", i + 1, pz_strerror(st));
      rc = 1;
    } else if (pz_def_write(d, NULL, "sgt", stdout)) {
      rc = 1;
    }
    missed += !st && d && stop != PZ_SAT;
    pz_def_free(d);
  }
  pz_kind_args_free(a);
  if (missed) fprintf(stderr, "keen_gen: %d of %d missed the level\n", missed, count);
  return rc;
}

static int check(const char *backend) {
  const pz_kind *k = pz_kind_find("kenken");
  char line[1024];
  int all = 0, unique = 0;
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  while (fgets(line, sizeof line, stdin)) {
    if (line[0] == '\n' || line[0] == '#') continue;
    all++;
    pz_def *d = NULL;
    pz_puzzle *p = NULL;
    int sols = 0;
    pz_result r;
    if (!pz_kind_parse(k, NULL, line, strlen(line), &d, NULL) &&
        !pz_def_puzzle(d, &p) && !pz_puzzle_set_options(p, &o) &&
        !pz_puzzle_unique(p, &sols, NULL, &r) && sols == 1)
      unique++;
    pz_puzzle_free(p);
    pz_def_free(d);
  }
  printf("%d unique of %d\n", unique, all);
  return unique == all && all > 0 ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc >= 4 && !strcmp(argv[1], "gen"))
    return gen(atoi(argv[2]), argv[3], argc > 4 ? argv[4] : "any",
               argc > 5 ? strtoull(argv[5], NULL, 10) : 1);
  if (argc >= 2 && !strcmp(argv[1], "check"))
    return check(argc > 2 ? argv[2] : NULL);
  fprintf(stderr, "usage: keen_gen gen COUNT SIZE [LEVEL [SEED]] | check [BACKEND]\n");
  return 2;
}
