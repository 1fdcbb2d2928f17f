/* True candidates (pz_puzzle_candidates) against brute force: small
 * Sudoku, Latin, Futoshiki and Killer puzzles with random givens (signs,
 * cages) are completed by a plain backtracking search over the rules
 * written here, which tallies every (cell, value) over all solutions; the
 * library's candidates must be exactly the values with a tally, its
 * counts the tallies (cut at the cap). Also: no solution, Eulero's
 * derived cells, and the time limit. */
#include <pz.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static const char *backend;

/* The rules of one small puzzle, for the brute force. */
typedef struct rules {
  int n, br, bc;        /* boxes br x bc; br 0: none (Latin) */
  int right[36], down[36]; /* Futoshiki signs, PZ_FUTOSHIKI_* */
  int cage[36], sum[36], ncages; /* Killer cages (-1 none) */
  int giv[36];
} rules;

static uint64_t rng = 88172645463325252ULL;
static int rnd(int n) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (int)(rng % (uint64_t)n);
}

/* May value v go at cell c, the cells before it filled in g? */
static int fits(const rules *R, const int *g, int c, int v) {
  int n = R->n, r = c / n, k = c % n;
  for (int j = 0; j < c; j++) {
    int rj = j / n, kj = j % n;
    if (g[j] != v) continue;
    if (rj == r || kj == k) return 0;
    if (R->br && rj / R->br == r / R->br && kj / R->bc == k / R->bc) return 0;
    if (R->ncages && R->cage[j] >= 0 && R->cage[j] == R->cage[c]) return 0;
  }
  if (k > 0 && R->right[c - 1] &&
      (R->right[c - 1] == PZ_FUTOSHIKI_LESS ? g[c - 1] >= v : g[c - 1] <= v))
    return 0;
  if (r > 0 && R->down[c - n] &&
      (R->down[c - n] == PZ_FUTOSHIKI_LESS ? g[c - n] >= v : g[c - n] <= v))
    return 0;
  if (R->ncages && R->cage[c] >= 0) {
    int s = v, open = 0;
    for (int j = 0; j < n * n; j++)
      if (j != c && R->cage[j] == R->cage[c]) {
        if (j < c) s += g[j];
        else open++;
      }
    if (open == 0 ? s != R->sum[R->cage[c]] : s >= R->sum[R->cage[c]]) return 0;
  }
  return 1;
}

/* Every solution: tally[c * (n + 1) + v] += 1; the count returned. With
 * first set, stops at the first solution (left in g), values tried in a
 * random order. */
static uint64_t brute(const rules *R, int *g, int c, uint64_t *tally,
                      int first) {
  int n = R->n;
  if (c == n * n) {
    for (int j = 0; tally && j < n * n; j++) tally[j * (n + 1) + g[j]]++;
    return 1;
  }
  uint64_t total = 0;
  int off = first ? rnd(n) : 0;
  for (int i = 0; i < n; i++) {
    int v = (i + off) % n + 1;
    if (R->giv[c] && R->giv[c] != v) continue;
    if (!fits(R, g, c, v)) continue;
    g[c] = v;
    total += brute(R, g, c + 1, tally, first);
    if (first && total) return total;
  }
  return total;
}

static pz_puzzle *make(const rules *R) {
  pz_puzzle *p = NULL;
  int n = R->n, st;
  if (R->ncages)
    st = pz_killer_new(&p, R->br, R->bc, R->cage, R->sum, R->ncages);
  else if (R->br)
    st = pz_sudoku_new(&p, R->br, R->bc);
  else
    st = pz_futoshiki_new(&p, n, R->right, R->down);
  REQUIRE(st == PZ_OK);
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  REQUIRE(pz_puzzle_set_givens(p, R->giv) == PZ_OK);
  return p;
}

/* The library against the brute force on R, with counts up to cap. */
static void compare(const rules *R, uint64_t cap, const char *what) {
  int n = R->n, g[36];
  size_t pairs = (size_t)n * n * (n + 1);
  uint64_t tally[36 * 37], counts[36 * 37], solves = 0;
  unsigned char possible[36 * 37];
  memset(tally, 0, sizeof tally);
  uint64_t sols = brute(R, g, 0, tally, 0);
  pz_puzzle *p = make(R);
  pz_result stop;
  /* Candidates alone, then with counts: the same sets. */
  for (int with = 0; with < 2; with++) {
    int st = pz_puzzle_candidates(p, possible, with ? counts : NULL, cap,
                                  &solves, &stop);
    CHECK(st == PZ_OK);
    CHECK(stop == (sols ? PZ_SAT : PZ_UNSAT));
    int bad = 0;
    for (size_t i = 0; i < pairs; i++) {
      uint64_t want = cap && tally[i] > cap ? cap : tally[i];
      if (possible[i] != (tally[i] ? PZ_CANDIDATE_YES : PZ_CANDIDATE_NO)) bad++;
      if (with && counts[i] != want) bad++;
    }
    if (bad)
      fprintf(stderr, "%s (%llu solutions, cap %llu, counts %d): %d "
              "mismatches\n", what, (unsigned long long)sols,
              (unsigned long long)cap, with, bad);
    CHECK(bad == 0);
    /* Never more solves than pairs to settle, plus the first. */
    CHECK(solves <= pairs + 2 || with);
  }
  pz_puzzle_free(p);
}

/* A random full grid of R's rules (signs and cages ignored: none yet). */
static void random_solution(rules *R, int *sol) {
  int keep[36];
  memcpy(keep, R->giv, sizeof keep);
  memset(R->giv, 0, sizeof R->giv);
  REQUIRE(brute(R, sol, 0, NULL, 1) == 1);
  memcpy(R->giv, keep, sizeof keep);
}

static void random_givens(rules *R, const int *sol, int k) {
  memset(R->giv, 0, sizeof R->giv);
  for (int i = 0; i < k; i++) {
    int c = rnd(R->n * R->n);
    R->giv[c] = sol[c];
  }
}

int main(int argc, char **argv) {
  backend = argc > 1 ? argv[1] : NULL;
  int sol[36];
  char what[64];
  for (int t = 0; t < 40; t++) { /* 4x4 Sudoku, 0..7 givens */
    rules R;
    memset(&R, 0, sizeof R);
    R.n = 4, R.br = 2, R.bc = 2;
    random_solution(&R, sol);
    random_givens(&R, sol, t % 8);
    snprintf(what, sizeof what, "sudoku 4x4 #%d", t);
    compare(&R, t % 3 == 0 ? 0 : (uint64_t)(1 + t % 5), what);
  }
  for (int t = 0; t < 12; t++) { /* 6x6 Sudoku, 2x3 boxes, 8..19 givens */
    rules R;
    memset(&R, 0, sizeof R);
    R.n = 6, R.br = 2, R.bc = 3;
    random_solution(&R, sol);
    random_givens(&R, sol, 8 + t);
    snprintf(what, sizeof what, "sudoku 6x6 #%d", t);
    compare(&R, t % 2 ? 2 : 0, what);
  }
  for (int t = 0; t < 20; t++) { /* Futoshiki (and Latin: no signs) */
    rules R;
    memset(&R, 0, sizeof R);
    R.n = 4 + t % 2;
    random_solution(&R, sol);
    int n = R.n;
    for (int c = 0; c < n * n && t >= 4; c++) {
      if (c % n < n - 1 && rnd(3) == 0)
        R.right[c] = sol[c] < sol[c + 1] ? PZ_FUTOSHIKI_LESS : PZ_FUTOSHIKI_GREATER;
      if (c / n < n - 1 && rnd(3) == 0)
        R.down[c] = sol[c] < sol[c + n] ? PZ_FUTOSHIKI_LESS : PZ_FUTOSHIKI_GREATER;
    }
    random_givens(&R, sol, t % 4);
    snprintf(what, sizeof what, "futoshiki %dx%d #%d", n, n, t);
    compare(&R, t % 3 ? 3 : 0, what);
  }
  for (int t = 0; t < 12; t++) { /* 4x4 Killer: random dominoes */
    rules R;
    memset(&R, 0, sizeof R);
    R.n = 4, R.br = 2, R.bc = 2;
    random_solution(&R, sol);
    for (int c = 0; c < 16; c++) R.cage[c] = -1;
    for (int c = 0; c < 16; c++) {
      if (R.cage[c] >= 0 || rnd(2)) continue;
      int d = c % 4 < 3 && R.cage[c + 1] < 0 ? c + 1 : c + 4 < 16 ? c + 4 : -1;
      if (d < 0 || R.cage[d] >= 0) continue;
      R.cage[c] = R.cage[d] = R.ncages;
      R.sum[R.ncages++] = sol[c] + sol[d];
    }
    if (!R.ncages) {
      R.cage[0] = R.cage[1] = 0;
      R.sum[R.ncages++] = sol[0] + sol[1];
    }
    random_givens(&R, sol, t % 3);
    snprintf(what, sizeof what, "killer 4x4 #%d", t);
    compare(&R, t % 2 ? 2 : 0, what);
  }
  { /* No solution, though no two givens clash directly. */
    rules R;
    memset(&R, 0, sizeof R);
    R.n = 4, R.br = 2, R.bc = 2;
    /* r1: 1 2 . . ; r2c3 = 1... the cell r1c3 needs 3 or 4; both in its
     * column below. */
    int g[16] = {1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 4, 0};
    memcpy(R.giv, g, sizeof g);
    compare(&R, 0, "sudoku 4x4 without a solution");
  }
  { /* Eulero: the pair cells are derived, never asked. */
    pz_puzzle *p;
    REQUIRE(pz_eulero_new(&p, 3, 0) == PZ_OK);
    pz_options o = PZ_OPTIONS_INIT;
    o.backend = backend;
    REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
    int rows = pz_puzzle_rows(p), cols = pz_puzzle_cols(p);
    int w = pz_puzzle_max_value(p) + 1;
    unsigned char *pos = (unsigned char *)malloc((size_t)rows * cols * w);
    REQUIRE(pos);
    pz_result stop;
    CHECK(pz_puzzle_candidates(p, pos, NULL, 0, NULL, &stop) == PZ_OK);
    CHECK(stop == PZ_SAT);
    for (int c = 0; c < rows * cols; c++) {
      char name[32];
      int own, any = 0;
      REQUIRE(pz_puzzle_name_cell(p, c, name, sizeof name, &own) == PZ_OK);
      for (int v = 0; v < w; v++) any += pos[c * w + v] == PZ_CANDIDATE_YES;
      /* Order 3 without givens: A and B cells take 1..3 each. */
      CHECK(own ? any == 3 : any == 0);
    }
    free(pos);
    pz_puzzle_free(p);
  }
  { /* The time limit: counting every solution of an empty 9x9 stops. */
    pz_puzzle *p;
    REQUIRE(pz_sudoku_new(&p, 3, 3) == PZ_OK);
    pz_options o = PZ_OPTIONS_INIT;
    o.backend = backend;
    o.time_limit = 0.3;
    REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
    unsigned char pos[81 * 10];
    uint64_t counts[81 * 10];
    pz_result stop;
    double t0 = now();
    CHECK(pz_puzzle_candidates(p, pos, counts, 0, NULL, &stop) == PZ_OK);
    double took = now() - t0;
    CHECK(stop == PZ_UNKNOWN);
    CHECK(took < 0.3 * (1 + SLACK) + 0.2);
    /* Without counts it finishes: every value everywhere. */
    o.time_limit = 0;
    REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
    CHECK(pz_puzzle_candidates(p, pos, NULL, 0, NULL, &stop) == PZ_OK);
    CHECK(stop == PZ_SAT);
    int all = 1;
    for (int c = 0; c < 81; c++)
      for (int v = 1; v <= 9; v++) all &= pos[c * 10 + v] == PZ_CANDIDATE_YES;
    CHECK(all);
    pz_puzzle_free(p);
  }
  CHECK(pz_puzzle_candidates(NULL, NULL, NULL, 0, NULL, NULL) == PZ_ERR_ARG);
  return check_failures ? 1 : 0;
}
