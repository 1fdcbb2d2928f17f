/* Small random CNF formulas for brute-force checks: clauses of two or
 * three literals over variables 1..nv, and which assignments satisfy them
 * (an assignment is a bit mask: bit v-1 is variable v). Include after
 * random.h. */
#ifndef PZ_TEST_RANDOM_FORMULA_H
#define PZ_TEST_RANDOM_FORMULA_H

typedef struct formula {
  int lits[400]; /* clauses, each ended by 0 */
  int n;
} formula;

static void random_clauses(formula *f, int clauses, int nv) {
  f->n = 0;
  for (int c = 0; c < clauses; c++) {
    int k = 2 + rnd_below(2);
    for (int i = 0; i < k; i++) {
      int lit = rnd_below(nv) + 1;
      f->lits[f->n++] = rnd_below(2) ? -lit : lit;
    }
    f->lits[f->n++] = 0;
  }
}

static int satisfies(const formula *f, unsigned a) {
  int sat = 0;
  for (int i = 0; i < f->n; i++) {
    int l = f->lits[i];
    if (!l) {
      if (!sat) return 0;
      sat = 0;
      continue;
    }
    int v = l < 0 ? -l : l;
    if ((l > 0) == (int)((a >> (v - 1)) & 1)) sat = 1;
  }
  return 1;
}

#endif
