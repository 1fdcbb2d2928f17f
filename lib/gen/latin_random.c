/* Uniformly random Latin squares by Jacobson and Matthews' Markov chain
 * ("Generating uniformly distributed random Latin squares", J. Combin.
 * Designs 4, 1996), and quasigroup-with-holes instances punched from them.
 *
 * A square is its n x n x n incidence cube: entry (r, c, s) is 1 when
 * cell (r, c) holds s, and every line of the cube sums to 1. A proper
 * square has entries 0 and 1; an improper one has exactly one -1 entry,
 * whose three lines each hold two 1s. A move adds +1 and -1 alternately
 * on the eight corners of a 2 x 2 x 2 subcube (every line sum stays 1):
 * from a proper square at a random 0 entry, from an improper one at its
 * -1 entry with one of the two 1s of each of its lines. Every proper
 * square has the same number of moves out (n^2 (n-1)), every improper
 * one 8, and each move can be undone by one, so the walk's stationary
 * distribution restricted to proper squares is uniform. */
#include <stdlib.h>

#include "gen/gen_impl.h"

/* Each line of the cube keeps the positions of its 1s: two slots (a line
 * never holds more, even halfway through a move), -1 = empty. */
typedef struct cube {
  int n;
  int *cell; /* (r, c): symbols, at 2 * (r * n + c) */
  int *row;  /* (r, s): columns, at 2 * (r * n + s) */
  int *col;  /* (c, s): rows, at 2 * (c * n + s) */
  int neg_r, neg_c, neg_s; /* the -1 entry; neg_r < 0: proper */
} cube;

static void slot_add(int *slot, int v) { slot[slot[0] >= 0] = v; }

static void slot_del(int *slot, int v) {
  if (slot[0] == v) slot[0] = slot[1];
  slot[1] = -1;
}

static void add(cube *q, int r, int c, int s, int d) {
  int n = q->n;
  int *cs = &q->cell[2 * (r * n + c)];
  if (d > 0) {
    if (r == q->neg_r && c == q->neg_c && s == q->neg_s) {
      q->neg_r = -1;
      return;
    }
    slot_add(cs, s);
    slot_add(&q->row[2 * (r * n + s)], c);
    slot_add(&q->col[2 * (c * n + s)], r);
  } else if (cs[0] == s || cs[1] == s) {
    slot_del(cs, s);
    slot_del(&q->row[2 * (r * n + s)], c);
    slot_del(&q->col[2 * (c * n + s)], r);
  } else {
    q->neg_r = r, q->neg_c = c, q->neg_s = s;
  }
}

/* The ±1 move on the subcube with corners (r, c, s) (+1) and (r1, c1, s1)
 * (-1). The +1 at (r, c, s) comes first (it may clear the old -1) and the
 * other -1s before the +1s, so no line ever holds three 1s or the cube two
 * -1 entries. */
static void move(cube *q, int r, int c, int s, int r1, int c1, int s1) {
  add(q, r, c, s, 1);
  add(q, r, c, s1, -1);
  add(q, r, c1, s, -1);
  add(q, r1, c, s, -1);
  add(q, r1, c1, s1, -1);
  add(q, r, c1, s1, 1);
  add(q, r1, c, s1, 1);
  add(q, r1, c1, s, 1);
}

static void step(cube *q, pz_rng *g) {
  int n = q->n;
  if (q->neg_r < 0) {
    /* A uniform 0 entry: any cell, any symbol but the one it holds. */
    int r = pz_rng_below(g, n), c = pz_rng_below(g, n);
    int held = q->cell[2 * (r * n + c)];
    int s = pz_rng_below(g, n - 1);
    if (s >= held) s++;
    move(q, r, c, s, q->col[2 * (c * n + s)], q->row[2 * (r * n + s)], held);
    return;
  }
  int r = q->neg_r, c = q->neg_c, s = q->neg_s;
  int s1 = q->cell[2 * (r * n + c) + pz_rng_below(g, 2)];
  int c1 = q->row[2 * (r * n + s) + pz_rng_below(g, 2)];
  int r1 = q->col[2 * (c * n + s) + pz_rng_below(g, 2)];
  move(q, r, c, s, r1, c1, s1);
}

/* Moves out of a proper square in one walk: n^2, at least 1000 so that
 * small orders mix too. An excursion through improper squares lasts
 * about n moves (it ends when the corner it lands on held a 1), so the
 * walk makes about n^3 moves in all. */
static long long walk_moves(int n) {
  long long m = (long long)n * n;
  return m < 1000 ? 1000 : m;
}

/* A uniformly random square into out (n*n, values 1..n) from the cyclic
 * square, drawing from g; q's arrays hold at least 2 * n * n ints each. */
static void walk(cube *q, pz_rng *g, int *out) {
  int n = q->n;
  for (int i = 0; i < 2 * n * n; i++) q->cell[i] = q->row[i] = q->col[i] = -1;
  q->neg_r = -1;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) add(q, r, c, (r + c) % n, 1);
  /* The walk watched at proper squares only is itself a chain, uniform
   * at equilibrium, so the result is the square it reaches after a fixed
   * number of its steps. Stopping at the first proper square after a
   * fixed number of moves instead would favour squares that improper
   * ones reach more often (fewer intercalates): visible at order 4. */
  for (long long t = 0, m = n > 1 ? walk_moves(n) : 0;;) {
    if (q->neg_r < 0 && t++ == m) break;
    step(q, g);
  }
  for (int i = 0; i < n * n; i++) out[i] = q->cell[2 * i] + 1;
}

static int cube_new(cube *q, int n) {
  size_t len = (size_t)2 * (size_t)n * (size_t)n;
  q->n = n;
  q->cell = (int *)malloc(3 * len * sizeof(int));
  if (!q->cell) return PZ_ERR_NOMEM;
  q->row = q->cell + len;
  q->col = q->row + len;
  return PZ_OK;
}

int pz_latin_random(int n, uint64_t seed, int *square) {
  if (n < 1 || n > PZ_LATIN_MAX_ORDER || !square) return PZ_ERR_ARG;
  cube q;
  if (cube_new(&q, n)) return PZ_ERR_NOMEM;
  pz_rng g = {seed};
  walk(&q, &g, square);
  free(q.cell);
  return PZ_OK;
}

int pz_latin_qwh(int n, int holes, uint64_t seed, int *givens, int *solution) {
  if (n < 1 || n > PZ_LATIN_MAX_ORDER || !givens || holes < 0 ||
      holes > n * n)
    return PZ_ERR_ARG;
  cube q;
  if (cube_new(&q, n)) return PZ_ERR_NOMEM;
  int *pattern = (int *)malloc((size_t)n * (size_t)(n + 1) * sizeof(int));
  if (!pattern) {
    free(q.cell);
    return PZ_ERR_NOMEM;
  }
  int *rows = pattern + n * n;
  pz_rng g = {seed};
  walk(&q, &g, givens);
  if (solution)
    for (int i = 0; i < n * n; i++) solution[i] = givens[i];
  /* Balanced holes: the cells of a second, independent random square that
   * hold symbols 1..k (k = holes / n) are k holes in every row and every
   * column; the rest, one each in random rows, are cells holding k + 1
   * (one per row and one per column): counts differ by at most 1. */
  walk(&q, &g, pattern);
  int k = holes / n, rest = holes % n;
  for (int i = 0; i < n * n; i++)
    if (pattern[i] <= k) givens[i] = 0;
  for (int r = 0; r < n; r++) rows[r] = r;
  for (int i = 0; i < rest; i++) {
    int j = i + pz_rng_below(&g, n - i), r = rows[j];
    rows[j] = rows[i];
    for (int c = 0; c < n; c++)
      if (pattern[r * n + c] == k + 1) givens[r * n + c] = 0;
  }
  free(pattern);
  free(q.cell);
  return PZ_OK;
}
