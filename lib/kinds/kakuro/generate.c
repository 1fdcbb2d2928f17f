/* Kakuro generation: the layout is part of the rules, so the whole puzzle
 * is made. A try draws a layout (the first row and column black, black
 * cells scattered with the symmetry asked for, every run 2..9 cells, the
 * white cells connected), fills it with random digits (no digit twice in
 * a run; a seeded backtracking) and reads the sums off. Then, while the
 * backend finds a second solution, the puzzle changes where the two
 * differ: a differing white cell turns black when the runs stay valid, or
 * takes another digit, the one whose runs' new sums have the fewest
 * digit sets. A bounded number of such steps, then a new try. */
#include <stdlib.h>
#include <string.h>

#include "gen/gen_impl.h"
#include "pz/kakuro.h"

/* parts[len][sum]: the sets of len distinct digits 1..9 adding up to sum. */
typedef struct partitions {
  int n[10][PZ_KAKURO_MAX_SUM + 1];
} partitions;

static void count_partitions(partitions *P) {
  memset(P, 0, sizeof *P);
  for (int set = 0; set < 512; set++) {
    int len = 0, sum = 0;
    for (int d = 0; d < 9; d++)
      if (set >> d & 1) len++, sum += d + 1;
    P->n[len][sum]++;
  }
}

typedef struct kgen {
  int rows, cols, n;
  pz_symmetry sym;
  pz_options opt;  /* the caller's; the time limit what is left */
  pz_poll poll;
  partitions parts;
  unsigned char *white; /* n */
  int *sol;             /* n: the fill, 0 off white cells */
  int *other;           /* n: a second solution */
  int *queue, *seen;    /* n each: scratch */
  int *tried;           /* n: digits tried per fill position */
  int whites;           /* white cells */
} kgen;

/* The cells of (r, c)'s orbit under the symmetry, over the grid without
 * its first row and column; returns how many (1..4). */
static int orbit(const kgen *K, int cell, int *out) {
  int h = K->rows - 1, w = K->cols - 1, i = cell / K->cols - 1,
      j = cell % K->cols - 1, m = 0, ii[4], jj[4];
  ii[m] = i, jj[m++] = j;
  switch (K->sym) {
  case PZ_SYMMETRY_ROTATE180: ii[m] = h - 1 - i, jj[m++] = w - 1 - j; break;
  case PZ_SYMMETRY_MIRROR: ii[m] = i, jj[m++] = w - 1 - j; break;
  case PZ_SYMMETRY_DIAGONAL: ii[m] = j, jj[m++] = i; break;
  case PZ_SYMMETRY_ROTATE90:
    for (int k = 1; k < 4; k++) ii[m] = jj[m - 1], jj[m] = h - 1 - ii[m - 1], m++;
    break;
  default: break;
  }
  int k = 0;
  for (int a = 0; a < m; a++) {
    int c = (ii[a] + 1) * K->cols + jj[a] + 1, dup = 0;
    for (int b = 0; b < k; b++) dup |= out[b] == c;
    if (!dup) out[k++] = c;
  }
  return k;
}

/* Length of the run through cell in direction d (0 across, 1 down), and
 * its first cell in *first. */
static int run_of(const kgen *K, int cell, int d, int *first) {
  int step = d ? K->cols : 1, r = cell / K->cols, c = cell % K->cols;
  int at = cell, len = 0;
  while ((d ? r : c) > 0 && K->white[at - step]) at -= step, d ? r-- : c--;
  *first = at;
  for (int x = at; x < K->n && K->white[x] && (d || x / K->cols == at / K->cols);
       x += step)
    len++;
  return len;
}

/* 1 when every run is 2..9 cells long. */
static int runs_ok(const kgen *K) {
  for (int cell = 0; cell < K->n; cell++) {
    if (!K->white[cell]) continue;
    int first;
    for (int d = 0; d < 2; d++) {
      int len = run_of(K, cell, d, &first);
      if (len < 2 || len > 9) return 0;
    }
  }
  return 1;
}

/* The white cells reached from start; marks them in seen with tag. */
static int reach(kgen *K, int start, int tag) {
  int head = 0, tail = 0, cols = K->cols;
  K->queue[tail++] = start;
  K->seen[start] = tag;
  while (head < tail) {
    int c = K->queue[head++], nb[4] = {c - cols, c + cols, c - 1, c + 1};
    int ok[4] = {c >= cols, c + cols < K->n, c % cols > 0, c % cols < cols - 1};
    for (int k = 0; k < 4; k++)
      if (ok[k] && K->white[nb[k]] && K->seen[nb[k]] != tag) {
        K->seen[nb[k]] = tag;
        K->queue[tail++] = nb[k];
      }
  }
  return tail;
}

static int count_white(const kgen *K) {
  int w = 0;
  for (int c = 0; c < K->n; c++) w += K->white[c];
  return w;
}

/* 1 when the white cells are one 4-connected area. */
static int connected(kgen *K) {
  int start = -1;
  for (int c = 0; c < K->n && start < 0; c++)
    if (K->white[c]) start = c;
  memset(K->seen, 0, (size_t)K->n * sizeof(int));
  return start >= 0 && reach(K, start, 1) == count_white(K);
}

static void set_orbit(kgen *K, int cell, int white) {
  int o[4], m = orbit(K, cell, o);
  for (int k = 0; k < m; k++) K->white[o[k]] = (unsigned char)white;
}

/* Blackens cells until every run is 2..9 long: a cell in a run of one
 * goes, and a run of ten or more loses a cell with two to nine before it
 * and two or more after. Only ever blackens, so it ends. */
static void fix_runs(kgen *K, pz_rng *rng) {
  for (int changed = 1; changed;) {
    changed = 0;
    for (int cell = 0; cell < K->n; cell++) {
      if (!K->white[cell]) continue;
      for (int d = 0; d < 2 && K->white[cell]; d++) {
        int first, len = run_of(K, cell, d, &first);
        if (len == 1) {
          set_orbit(K, cell, 0);
          changed = 1;
        } else if (len > 9) {
          /* Two to nine cells before it, two or more after (a longer
           * rest is cut on a later pass). */
          int hi = len - 3 < 9 ? len - 3 : 9;
          int k = 2 + pz_rng_below(rng, hi - 1);
          set_orbit(K, first + k * (d ? K->cols : 1), 0);
          changed = 1;
        }
      }
    }
  }
}

/* A layout: 1 drawn, 0 this draw failed (too few white cells left, or
 * its largest area not closed under the symmetry). */
static int draw_layout(kgen *K, pz_rng *rng) {
  int n = K->n, cols = K->cols, inner = (K->rows - 1) * (cols - 1);
  for (int c = 0; c < n; c++) K->white[c] = c >= cols && c % cols > 0;
  /* Up to about a quarter of the inner cells black, in orbits. */
  int density = pz_rng_below(rng, 26), o[4];
  for (int c = 0; c < n; c++)
    if (K->white[c] && pz_rng_below(rng, 100) < density) set_orbit(K, c, 0);
  fix_runs(K, rng);
  /* The largest white area stays; the others go (whole areas: the runs
   * of the one kept do not change). */
  memset(K->seen, 0, (size_t)n * sizeof(int));
  int best = -1, best_size = 0, tag = 0;
  for (int c = 0; c < n; c++)
    if (K->white[c] && !K->seen[c]) {
      int size = reach(K, c, ++tag);
      if (size > best_size) best = tag, best_size = size;
    }
  if (best < 0 || best_size * 2 < inner) return 0;
  for (int c = 0; c < n; c++)
    if (K->white[c] && K->seen[c] != best) K->white[c] = 0;
  for (int c = 0; c < n; c++) {
    if (!K->white[c]) continue;
    int m = orbit(K, c, o);
    for (int k = 0; k < m; k++)
      if (!K->white[o[k]]) return 0;
  }
  K->whites = best_size;
  return runs_ok(K);
}

/* Digits used in the run through cell in direction d, cell excluded;
 * *len and *sum (cell's digit included) of the run. */
static int run_digits(const kgen *K, int cell, int d, int *len, int *sum) {
  int first, step = d ? K->cols : 1, used = 0;
  *len = run_of(K, cell, d, &first);
  *sum = 0;
  for (int k = 0, x = first; k < *len; k++, x += step) {
    *sum += K->sol[x];
    if (x != cell && K->sol[x]) used |= 1 << K->sol[x];
  }
  return used;
}

/* Random digits on the white cells, no digit twice in a run: a
 * backtracking in row-major order with a step budget. 1 filled. */
static int fill(kgen *K, pz_rng *rng) {
  int m = 0, *order = K->queue, len, sum;
  for (int c = 0; c < K->n; c++) {
    K->sol[c] = 0;
    if (K->white[c]) order[m++] = c;
  }
  long budget = 200L * m + 1000;
  int k = 0;
  K->tried[0] = 0;
  while (k >= 0 && k < m && budget-- > 0) {
    int c = order[k];
    K->sol[c] = 0;
    int avail = 0x3fe & ~K->tried[k] & ~run_digits(K, c, 0, &len, &sum) &
                ~run_digits(K, c, 1, &len, &sum);
    if (!avail) {
      k--;
      continue;
    }
    int bits = 0;
    for (int v = 1; v <= 9; v++) bits += avail >> v & 1;
    int pick = pz_rng_below(rng, bits), v = 1;
    for (;; v++)
      if ((avail >> v & 1) && pick-- == 0) break;
    K->tried[k] |= 1 << v;
    K->sol[c] = v;
    if (++k < m) K->tried[k] = 0;
  }
  return k == m;
}

/* The puzzle's cells: the layout and the sums of the fill. */
static void read_sums(const kgen *K, pz_kakuro_cell *cells) {
  int cols = K->cols;
  memset(cells, 0, (size_t)K->n * sizeof *cells);
  for (int c = 0; c < K->n; c++) {
    cells[c].white = K->white[c];
    if (!K->white[c]) continue;
    if (!K->white[c - 1]) /* the first cell of a run across */
      for (int x = c; x % cols && K->white[x]; x++) cells[c - 1].across += K->sol[x];
    if (!K->white[c - cols])
      for (int x = c; x < K->n && K->white[x]; x += cols)
        cells[c - cols].down += K->sol[x];
  }
}

typedef struct other_state {
  const int *sol;
  int *other, n, found;
} other_state;

static int keep_other(void *state, const int *grid) {
  other_state *s = (other_state *)state;
  if (!s->found && memcmp(grid, s->sol, (size_t)s->n * sizeof(int))) {
    memcpy(s->other, grid, (size_t)s->n * sizeof(int));
    s->found = 1;
  }
  return 0;
}

/* Asks the backend for a second solution of cells. PZ_SAT: unique;
 * PZ_UNSAT: K->other holds another; PZ_UNKNOWN: stopped; < 0 an error. */
static int second(kgen *K, const pz_kakuro_cell *cells) {
  double left = pz_poll_left(&K->poll);
  if (left < 0 || pz_poll_check(&K->poll)) return PZ_UNKNOWN;
  pz_puzzle *p;
  int st = pz_kakuro_new(&p, K->rows, K->cols, cells, NULL);
  if (st) return st;
  pz_options o = K->opt;
  o.time_limit = left;
  other_state s = {K->sol, K->other, K->n, 0};
  uint64_t count = 0;
  pz_result r = PZ_UNKNOWN;
  st = pz_puzzle_set_options(p, &o);
  if (!st) st = pz_puzzle_enumerate(p, 2, keep_other, &s, &count, &r);
  pz_puzzle_free(p);
  if (st) return st;
  if (s.found) return PZ_UNSAT;
  return r == PZ_UNKNOWN ? PZ_UNKNOWN : PZ_SAT;
}

/* Turns cell's orbit black when every run stays 2..9, the white cells
 * stay connected and at least half the inner cells stay white. */
static int try_blacken(kgen *K, int cell) {
  int o[4], m = orbit(K, cell, o), inner = (K->rows - 1) * (K->cols - 1);
  if ((K->whites - m) * 2 < inner) return 0;
  set_orbit(K, cell, 0);
  if (runs_ok(K) && connected(K)) {
    for (int k = 0; k < m; k++) K->sol[o[k]] = 0;
    K->whites -= m;
    return 1;
  }
  set_orbit(K, cell, 1);
  return 0;
}

/* Gives cell another digit, free in both its runs, the one whose runs'
 * new sums have the fewest digit sets (ties broken at random). */
static int redigit(kgen *K, int cell, pz_rng *rng) {
  int la, sa, ld, sd, was = K->sol[cell];
  int used = run_digits(K, cell, 0, &la, &sa) | run_digits(K, cell, 1, &ld, &sd);
  int best = 0, best_score = 0, ties = 0;
  for (int v = 1; v <= 9; v++) {
    if (v == was || (used >> v & 1)) continue;
    int score = K->parts.n[la][sa - was + v] * K->parts.n[ld][sd - was + v];
    if (!best || score < best_score) best = v, best_score = score, ties = 1;
    else if (score == best_score && pz_rng_below(rng, ++ties) == 0) best = v;
  }
  if (best) K->sol[cell] = best;
  return best != 0;
}

/* The first cell of the run through cell in direction d. */
static int run_start(const kgen *K, int cell, int d) {
  int first;
  run_of(K, cell, d, &first);
  return first;
}

/* One step towards a unique puzzle, where sol and other differ: a change
 * at a differing cell, and another at each differing cell whose runs no
 * change has touched yet (the two solutions may differ in several
 * places). */
static void change(kgen *K, pz_rng *rng) {
  int m = 0, *diff = K->tried; /* free after the fill; BFS needs queue */
  for (int c = 0; c < K->n; c++)
    if (K->sol[c] != K->other[c]) diff[m++] = c;
  pz_rng_shuffle(rng, diff, m);
  /* The runs touched, marked at their first cells (bit 1 across, 2
   * down), in other: read already, and try_blacken floods seen. */
  int *mark = K->other;
  memset(mark, 0, (size_t)K->n * sizeof(int));
  for (int k = 0; k < m; k++) {
    int c = diff[k];
    if (!K->white[c]) continue;
    int a = run_start(K, c, 0), d = run_start(K, c, 1);
    if ((mark[a] & 1) || (mark[d] & 2)) continue;
    /* Blackening half the time: it cuts runs and sums, so it does most,
     * but too much of it leaves a sparse grid. */
    int done = pz_rng_below(rng, 2) && try_blacken(K, c);
    if (!done) done = redigit(K, c, rng);
    if (done && K->white[c]) {
      mark[a] |= 1;
      mark[d] |= 2;
    } else if (done) {
      break; /* the layout changed: the runs marked are stale */
    }
  }
}

/* A rectangle a b / c d of white cells, a b (and c d) in one run across,
 * a c (and b d) in one run down, with a = d and b = c, lets the two swap:
 * a second solution found without the solver. Such cells get new digits
 * until none is left (or a budget runs out). */
static void break_swaps(kgen *K, pz_rng *rng) {
  int cols = K->cols;
  for (int budget = K->whites; budget > 0;) {
    int found = 0;
    for (int a = 0; a < K->n && budget > 0; a++) {
      if (!K->white[a]) continue;
      for (int b = a + 1; b % cols && K->white[b]; b++)
        for (int c = a + cols; c < K->n && K->white[c]; c += cols) {
          int dd = c + (b - a), ok = 1;
          for (int x = c; x <= dd && ok; x++) ok = K->white[x];
          for (int x = b; x <= dd && ok; x += cols) ok = K->white[x];
          if (!ok || K->sol[a] != K->sol[dd] || K->sol[b] != K->sol[c])
            continue;
          redigit(K, pz_rng_below(rng, 2) ? a : b, rng);
          found = 1;
          budget--;
        }
    }
    if (!found) break;
  }
}

static int count_runs(const pz_kakuro_cell *cells, int n) {
  int k = 0;
  for (int c = 0; c < n; c++) k += (cells[c].down > 0) + (cells[c].across > 0);
  return k;
}

static int rate(kgen *K, const pz_kakuro_cell *cells, pz_level *level,
                pz_result *stop) {
  double left = pz_poll_left(&K->poll);
  *stop = PZ_UNKNOWN;
  if (left < 0) return PZ_OK;
  pz_puzzle *p;
  int st = pz_kakuro_new(&p, K->rows, K->cols, cells, NULL);
  if (st) return st;
  pz_options o = K->opt;
  o.time_limit = left;
  st = pz_puzzle_set_options(p, &o);
  if (!st) st = pz_puzzle_rate(p, level, stop);
  pz_puzzle_free(p);
  return st;
}

int pz_kakuro_generate(int rows, int cols, const pz_options *options,
                       const pz_generate_options *opt, pz_kakuro_cell *cells,
                       int *solution, pz_generate_info *info,
                       pz_result *stop) {
  pz_gen_defaults def;
  if (pz_gen_defaults_fill(&def, &options, &opt, &info, rows, cols) ||
      !cells || !stop || rows < 3 || cols < 3)
    return PZ_ERR_ARG;
  if (rows > PZ_KAKURO_MAX_SIZE || cols > PZ_KAKURO_MAX_SIZE)
    return PZ_ERR_TOO_LARGE;
  *stop = PZ_UNKNOWN;
  size_t n = (size_t)rows * (size_t)cols;
  kgen K;
  memset(&K, 0, sizeof K);
  K.rows = rows;
  K.cols = cols;
  K.n = (int)n;
  K.sym = opt->symmetry;
  K.opt = *options;
  pz_poll_start_options(&K.poll, options);
  count_partitions(&K.parts);
  /* sol, other, queue, seen, tried, the best solution; the white mask;
   * the current and the best cells. */
  int *mem = (int *)malloc(n * 6 * sizeof(int));
  K.white = (unsigned char *)malloc(n);
  pz_kakuro_cell *cur = (pz_kakuro_cell *)malloc(n * 2 * sizeof *cur);
  if (!mem || !K.white || !cur) {
    free(mem);
    free(K.white);
    free(cur);
    return PZ_ERR_NOMEM;
  }
  K.sol = mem;
  K.other = mem + n;
  K.queue = mem + 2 * n;
  K.seen = mem + 3 * n;
  K.tried = mem + 4 * n;
  int *bsol = mem + 5 * n;
  pz_kakuro_cell *best = cur + n;
  pz_rng rng = {opt->seed};
  unsigned tries = opt->max_tries ? opt->max_tries : 1000;
  /* Steps on one layout before a new try: enough to settle most grids. */
  int steps = 50 + (int)n;
  int st = PZ_OK, have = 0, done = 0, best_score = 0;
  pz_level best_level = PZ_LEVEL_ANY;
  for (unsigned t = 0; t < tries && !st && !done; t++) {
    if (pz_poll_check(&K.poll)) break;
    info->tries = t + 1;
    if (!draw_layout(&K, &rng) || !fill(&K, &rng)) continue;
    int r = PZ_UNSAT;
    for (int s = 0; s < steps && r == PZ_UNSAT; s++) {
      if (s) change(&K, &rng);
      break_swaps(&K, &rng);
      read_sums(&K, cur);
      r = second(&K, cur);
    }
    if (r < 0) st = r;
    if (r == PZ_UNKNOWN || r < 0) break;
    if (r != PZ_SAT) continue;
    pz_level level = PZ_LEVEL_ANY;
    if (opt->difficulty) {
      pz_result rs;
      if ((st = rate(&K, cur, &level, &rs)) || rs != PZ_SAT) break;
    }
    int score = pz_gen_score(opt, level, 0);
    done = score == 0;
    if (!have || score < best_score) {
      have = 1;
      best_score = score;
      best_level = level;
      memcpy(best, cur, n * sizeof *cur);
      memcpy(bsol, K.sol, n * sizeof(int));
    }
  }
  if (!st && have) {
    memcpy(cells, best, n * sizeof *cells);
    if (solution) memcpy(solution, bsol, n * sizeof(int));
    info->givens = count_runs(best, (int)n);
    info->level = best_level;
    *stop = done ? PZ_SAT : PZ_UNKNOWN;
  } else if (!st) {
    memset(cells, 0, n * sizeof *cells);
  }
  free(mem);
  free(K.white);
  free(cur);
  return st;
}
