/* An ISS definition on the model layer: a value 1..n per cell, rows,
 * columns and boxes all different, then each constraint stated through
 * the general constraints of lib/model (all-different, relations and
 * two-cell tables along a line, weighted and guarded sums, consecutive
 * sets, counts, forbidden pairs). Each type is a few lines of mapping;
 * the meanings follow ISS's builder (what its help says, and where it is
 * vague, what ISS does). */
#include <stdatomic.h>
#include <stdlib.h>

#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "puzzle/units.h"
#include "pz/variants.h"
#include "variants/iss_impl.h"

static const char iss_kind[] = "iss";

/* A predicate on two digits, for the tables of pair_rule. */
typedef int (*pair_ok)(int a, int b, int arg);

static int ok_blackdot(int a, int b, int arg) {
  (void)arg;
  return a == 2 * b || b == 2 * a;
}
/* Different thirds: 1-3, 4-6, 7-9. */
static int ok_entropic(int a, int b, int arg) {
  (void)arg;
  return (a - 1) / 3 != (b - 1) / 3;
}
static int ok_mod_ne(int a, int b, int m) { return a % m != b % m; }
static int ok_mod_eq(int a, int b, int m) { return a % m == b % m; }

/* Cells a and b take digits that ok allows: a two-variable table. */
static int pair_rule(pz_model *m, int n, int a, int b, pair_ok ok, int arg,
                     int *buf) {
  size_t k = 0;
  if (a == b) { /* a line back at a cell: the digit must agree with itself */
    int st = PZ_OK;
    for (int v = 1; v <= n && !st; v++)
      if (!ok(v, v, arg)) st = pz_model_forbid(m, &a, &v, 1);
    return st;
  }
  for (int x = 1; x <= n; x++)
    for (int y = 1; y <= n; y++)
      if (ok(x, y, arg)) {
        buf[2 * k] = x;
        buf[2 * k + 1] = y;
        k++;
      }
  int vars[2] = {a, b};
  return pz_model_table(m, vars, 2, buf, k);
}

/* Whether cells a and b share an edge. */
static int adjacent(int n, int a, int b) {
  int dr = a / n - b / n, dc = a % n - b % n;
  return (dr == 0 && (dc == 1 || dc == -1)) || (dc == 0 && (dr == 1 || dr == -1));
}

/* Sum of cells A equals sum of cells B: +1s and -1s, total 0. */
static int equal_sums(pz_model *m, const int *a, int na, const int *b, int nb,
                      int *vars, int *coefs) {
  int k = 0;
  for (int i = 0; i < na; i++) {
    vars[k] = a[i];
    coefs[k++] = 1;
  }
  for (int i = 0; i < nb; i++) {
    vars[k] = b[i];
    coefs[k++] = -1;
  }
  return pz_model_linear(m, vars, coefs, (size_t)k, PZ_EQ, 0);
}

/* The constraints that pair adjacent cells of the list (dots, X, V, >):
 * every pair of listed cells that share an edge, the earlier first. */
static int adjacent_pairs(pz_model *m, int n, const pz_iss_rule *r, int *buf) {
  int st = PZ_OK, pairs = 0;
  for (int i = 0; i < r->ncells && !st; i++)
    for (int j = i + 1; j < r->ncells && !st; j++) {
      int a = r->cells[i], b = r->cells[j];
      if (!adjacent(n, a, b)) continue;
      pairs++;
      int two[2] = {a, b};
      switch (r->type) {
      case PZ_ISS_WHITEDOT: st = pz_model_abs_diff(m, a, b, PZ_EQ, 1); break;
      case PZ_ISS_BLACKDOT: st = pair_rule(m, n, a, b, ok_blackdot, 0, buf); break;
      case PZ_ISS_X: st = pz_model_sum(m, two, 2, PZ_EQ, 10, 0); break;
      case PZ_ISS_V: st = pz_model_sum(m, two, 2, PZ_EQ, 5, 0); break;
      default: st = pz_model_relation(m, a, PZ_GT, b, 0); break;
      }
    }
  /* ISS refuses such a clue: it would bind nothing. */
  return st ? st : pairs ? PZ_OK : PZ_ERR_ARG;
}

/* Sandwich: for every two places of the line, if the 1 and the n stand
 * there (either way round) the cells between add up to the clue. */
static int sandwich(pz_model *m, int n, const pz_iss_rule *r, int *coefs) {
  int st = PZ_OK;
  for (int i = 0; i < r->ncells && !st; i++)
    for (int j = i + 1; j < r->ncells && !st; j++)
      for (int way = 0; way < 2 && !st; way++) {
        int g[2] = {r->cells[i], r->cells[j]};
        int v[2] = {way ? n : 1, way ? 1 : n};
        for (int k = 0; k < j - i - 1; k++) coefs[k] = 1;
        st = pz_model_linear_if(m, g, v, 2, r->cells + i + 1, coefs,
                                (size_t)(j - i - 1), PZ_EQ, r->args[0]);
      }
  return st;
}

/* Indexing: control cell (row R, column C) holding v sends the digit C
 * (column indexing) to column v of its row; row indexing the same down
 * the column. */
static int indexing(pz_model *m, int n, const pz_iss_rule *r) {
  int st = PZ_OK;
  for (int i = 0; i < r->ncells && !st; i++) {
    int x = r->cells[i], row = x / n, col = x % n;
    int want = r->args[0] == 'R' ? row + 1 : col + 1;
    for (int v = 1; v <= n && !st; v++) {
      int y = r->args[0] == 'R' ? (v - 1) * n + col : row * n + (v - 1);
      for (int w = 1; w <= n && !st; w++) {
        if (w == want) continue;
        if (y == x) { /* x = v with v != want indexes itself: forbid */
          if (w == v) {
            int vars[1] = {x}, vals[1] = {v};
            st = pz_model_forbid(m, vars, vals, 1);
          }
          continue;
        }
        int vars[2] = {x, y}, vals[2] = {v, w};
        st = pz_model_forbid(m, vars, vals, 2);
      }
    }
  }
  return st;
}

/* Whether the grid has its boxes: ISS keeps them, jigsaw or not, until
 * NoBoxes drops them. */
static int has_boxes(const pz_iss_def *d) {
  if (!d->box_rows) return 0;
  for (size_t i = 0; i < d->nrules; i++)
    if (d->rules[i].type == PZ_ISS_NOBOXES) return 0;
  return 1;
}

/* The first Jigsaw layout, or NULL. */
static const int *jigsaw_layout(const pz_iss_def *d) {
  for (size_t i = 0; i < d->nrules; i++)
    if (d->rules[i].type == PZ_ISS_JIGSAW) return d->rules[i].cells;
  return NULL;
}

/* The region a cell is in for a region-sum line: its box, else (no boxes)
 * its jigsaw piece, else -1 (no regions). */
static int region_of(const pz_iss_def *d, int cell) {
  int n = d->size;
  const int *jig = jigsaw_layout(d);
  if (has_boxes(d))
    return (cell / n / d->box_rows) * (n / d->box_cols) + (cell % n) / d->box_cols;
  return jig ? jig[cell] : -1;
}

/* The benchmark's switch: atomic, so solving on threads stays defined. */
static _Atomic int rsl_mode = PZ_ISS_RSL_EQSUMS;

void pz_iss_set_rsl_encoding(int mode) {
  atomic_store_explicit(&rsl_mode, mode, memory_order_relaxed);
}

/* Region-sum line: cut into runs of cells in one box; every run adds up
 * to the same. Measured (docs/ENCODINGS.md, "Equal sums"): one record
 * with a common sum beats comparing runs pairwise. */
static int region_sum_line(pz_model *m, const pz_iss_def *d,
                           const pz_iss_rule *r, int *vars, int *coefs) {
  int st = PZ_OK;
  if (region_of(d, 0) < 0) return PZ_OK; /* no regions: nothing, as ISS */
  int mode = atomic_load_explicit(&rsl_mode, memory_order_relaxed);
  /* Run lengths, in order; a line has at most ncells runs. */
  size_t *lens = (size_t *)malloc((size_t)(r->ncells + 1) * sizeof(size_t));
  if (!lens) return PZ_ERR_NOMEM;
  size_t nruns = 0;
  int box0 = -1;
  for (int i = 0; i < r->ncells; i++) {
    int c = r->cells[i];
    int box = region_of(d, c);
    if (i > 0 && box == box0) lens[nruns - 1]++;
    else lens[nruns++] = 1;
    box0 = box;
  }
  if (mode == PZ_ISS_RSL_EQSUMS) {
    st = pz_model_equal_sums(m, r->cells, lens, nruns);
  } else {
    const int *prev = r->cells, *run = r->cells + lens[0];
    for (size_t q = 1; q < nruns && !st; q++) {
      const int *other = mode == PZ_ISS_RSL_CHAIN ? prev : r->cells;
      int olen = (int)(mode == PZ_ISS_RSL_CHAIN ? lens[q - 1] : lens[0]);
      st = equal_sums(m, run, (int)lens[q], other, olen, vars, coefs);
      prev = run;
      run += lens[q];
    }
  }
  free(lens);
  return st;
}


/* Three cells (a, x, b): x strictly between a and b (Between), or outside
 * them both (Lockout, the ends themselves included in the range). */
static int ends_table(pz_model *m, int n, int a, int x, int b, int inside,
                      int *buf) {
  size_t k = 0;
  for (int u = 1; u <= n; u++)
    for (int w = 1; w <= n; w++)
      for (int v = 1; v <= n; v++) {
        int lo = u < w ? u : w, hi = u < w ? w : u;
        if (inside ? lo < v && v < hi : v < lo || v > hi) {
          buf[3 * k] = u;
          buf[3 * k + 1] = v;
          buf[3 * k + 2] = w;
          k++;
        }
      }
  int vars[3] = {a, x, b};
  return pz_model_table(m, vars, 3, buf, k);
}

/* An outside clue on a line seen from its first cell. */
static int outside_clue(pz_model *m, int n, pz_iss_type t, const int *line,
                        int clue, int *ones) {
  int st = PZ_OK, first = line[0];
  for (int i = 0; i < n; i++) ones[i] = 1;
  switch (t) {
  case PZ_ISS_SKYSCRAPER: return pz_model_visible(m, line, (size_t)n, PZ_EQ, clue);
  case PZ_ISS_XSUM: /* first = x: the x - 1 after it add up to clue - x */
    for (int x = 1; x <= n && !st; x++)
      st = x == 1 ? (clue == 1 ? PZ_OK : pz_model_forbid(m, &first, &x, 1))
                  : pz_model_linear_if(m, &first, &x, 1, line + 1, ones,
                                       (size_t)(x - 1), PZ_EQ, clue - x);
    return st;
  case PZ_ISS_NUMBEREDROOM: /* first = x: the xth cell holds the clue */
    for (int x = 1; x <= n && !st; x++)
      st = x == 1 ? (clue == 1 ? PZ_OK : pz_model_forbid(m, &first, &x, 1))
                  : pz_model_linear_if(m, &first, &x, 1, line + x - 1, ones,
                                       1, PZ_EQ, clue);
    return st;
  default: /* HiddenSkyscraper: the clue at i, all before it rising, the
            * last of them taller */
    for (int i = 0; i < n && !st; i++) {
      int at = line[i];
      if (i == 0) {
        st = pz_model_forbid(m, &at, &clue, 1);
        continue;
      }
      int up[2] = {1, -1};
      for (int j = 0; j + 1 < i && !st; j++)
        st = pz_model_linear_if(m, &at, &clue, 1, line + j, up, 2, PZ_LE, -1);
      if (!st)
        st = pz_model_linear_if(m, &at, &clue, 1, line + i - 1, ones, 1, PZ_GE,
                                clue + 1);
    }
    return st;
  }
}

/* Both clues of a row or column, the second seen from the end. */
static int outside_clues(pz_model *m, int n, const pz_iss_rule *r, int *buf,
                         int *buf2) {
  int st = PZ_OK;
  for (int way = 0; way < 2 && !st; way++) {
    if (!r->args[2 + way]) continue;
    for (int i = 0; i < n; i++) buf[i] = r->cells[way ? n - 1 - i : i];
    st = outside_clue(m, n, r->type, buf, r->args[2 + way], buf2);
  }
  return st;
}

/* Pill arrow: the pill's cells in reading order make a number (a leading
 * digit may be 10..16, the others are decimal digits) equal to the sum of
 * the rest. */
static int pill_arrow(pz_model *m, int n, const pz_iss_rule *r, int *vars,
                      int *coefs) {
  int p = r->args[0], k = r->ncells, st = PZ_OK;
  for (int i = 0; i < k; i++) {
    vars[i] = r->cells[i];
    coefs[i] = 1;
  }
  for (int i = 1; i < p; i++) /* sort the pill */
    for (int j = i; j > 0 && vars[j - 1] > vars[j]; j--) {
      int t = vars[j];
      vars[j] = vars[j - 1];
      vars[j - 1] = t;
    }
  for (int i = 0, w = 1; i < p; i++, w *= 10) coefs[p - 1 - i] = -w;
  for (int i = 1; i < p && !st; i++)
    for (int v = 10; v <= n && !st; v++) st = pz_model_forbid(m, &vars[i], &v, 1);
  return st ? st : pz_model_linear(m, vars, coefs, (size_t)k, PZ_EQ, 0);
}

/* Windoku: the boxes of box size one cell in from the edge, a line of
 * cells apart (ISS places them so; a 9x9 has four). */
static int windoku(pz_model *m, const pz_iss_def *d, int *buf) {
  int n = d->size, bh = d->box_rows, bw = d->box_cols, st = PZ_OK;
  if (!bh) return PZ_OK;
  for (int c0 = 1; c0 + bw < n && !st; c0 += bw + 1)
    for (int r0 = 1; r0 + bh < n && !st; r0 += bh + 1) {
      for (int q = 0; q < bh * bw; q++) buf[q] = (r0 + q % bh) * n + c0 + q / bh;
      st = pz_model_all_different(m, buf, (size_t)(bh * bw));
    }
  return st;
}

/* Disjoint sets: the cells at one place of every box differ. */
static int disjoint_sets(pz_model *m, const pz_iss_def *d, int *buf) {
  int n = d->size, bh = d->box_rows, bw = d->box_cols, st = PZ_OK;
  if (!bh) return PZ_OK;
  for (int q = 0; q < n && !st; q++) {
    for (int b = 0; b < n; b++)
      buf[b] = ((b / (n / bw)) * bh + q / bw) * n + (b % (n / bw)) * bw + q % bw;
    st = pz_model_all_different(m, buf, (size_t)n);
  }
  return st;
}

static int ok_no_kropki(int a, int b, int arg) {
  (void)arg;
  return a != 2 * b && b != 2 * a && a - b != 1 && b - a != 1;
}
static int ok_no_xv(int a, int b, int arg) {
  (void)arg;
  return a + b != 5 && a + b != 10;
}

/* Strict Kropki / XV: every pair of neighbours that no dot (no X or V)
 * marks is no such pair. */
static int strict_pairs(pz_model *m, const pz_iss_def *d, pz_iss_type t,
                        int *buf) {
  int n = d->size, st = PZ_OK;
  for (int a = 0; a < n * n && !st; a++)
    for (int down = 0; down < 2 && !st; down++) {
      int b = down ? a + n : a + 1;
      if (down ? b >= n * n : b % n == 0) continue;
      int marked = 0;
      for (size_t i = 0; i < d->nrules && !marked; i++) {
        const pz_iss_rule *r = &d->rules[i];
        int kind = t == PZ_ISS_STRICTKROPKI
                       ? r->type == PZ_ISS_WHITEDOT || r->type == PZ_ISS_BLACKDOT
                       : r->type == PZ_ISS_X || r->type == PZ_ISS_V;
        int has_a = 0, has_b = 0;
        for (int j = 0; j < r->ncells && kind; j++) {
          has_a |= r->cells[j] == a;
          has_b |= r->cells[j] == b;
        }
        marked = has_a && has_b;
      }
      if (!marked)
        st = pair_rule(m, n, a, b, t == PZ_ISS_STRICTKROPKI ? ok_no_kropki : ok_no_xv,
                       0, buf);
    }
  return st;
}

/* Jigsaw: each piece all different. */
static int jigsaw(pz_model *m, int n, const pz_iss_rule *r, int *buf) {
  int st = PZ_OK;
  for (int k = 0; k < n && !st; k++) {
    size_t len = 0;
    for (int x = 0; x < n * n; x++)
      if (r->cells[x] == k) buf[len++] = x;
    st = pz_model_all_different(m, buf, len);
  }
  return st;
}

static int state_rule(pz_model *m, const pz_iss_def *d, const pz_iss_rule *r,
                      int *buf, int *buf2) {
  int n = d->size, k = r->ncells, st = PZ_OK;
  const int *c = r->cells;
  switch (r->type) {
  case PZ_ISS_ALLDIFFERENT: return pz_model_all_different(m, c, (size_t)k);
  case PZ_ISS_DIAGONAL:
    for (int i = 0; i < n; i++)
      buf[i] = i * n + (r->args[0] > 0 ? n - 1 - i : i);
    return pz_model_all_different(m, buf, (size_t)n);
  case PZ_ISS_ANTIKING:
  case PZ_ISS_ANTIKNIGHT: {
    static const int king[2][2] = {{1, 1}, {1, -1}};
    static const int knight[4][2] = {{1, 2}, {2, 1}, {1, -2}, {2, -1}};
    int nd = r->type == PZ_ISS_ANTIKING ? 2 : 4;
    const int(*dd)[2] = r->type == PZ_ISS_ANTIKING ? king : knight;
    for (int x = 0; x < n * n && !st; x++)
      for (int q = 0; q < nd && !st; q++) {
        int rr = x / n + dd[q][0], cc = x % n + dd[q][1];
        if (rr < n && cc >= 0 && cc < n)
          st = pz_model_relation(m, x, PZ_NE, rr * n + cc, 0);
      }
    return st;
  }
  case PZ_ISS_ANTICONSECUTIVE:
    for (int x = 0; x < n * n && !st; x++) {
      if (x % n + 1 < n) st = pz_model_abs_diff(m, x, x + 1, PZ_NE, 1);
      if (!st && x / n + 1 < n) st = pz_model_abs_diff(m, x, x + n, PZ_NE, 1);
    }
    return st;
  case PZ_ISS_THERMO:
    for (int i = 1; i < k && !st; i++)
      st = pz_model_relation(m, c[i - 1], PZ_LT, c[i], 0);
    return st;
  case PZ_ISS_CAGE:
    if (r->args[0] == 0) return pz_model_all_different(m, c, (size_t)k);
    return pz_model_sum(m, c, (size_t)k, PZ_EQ, r->args[0], 1);
  case PZ_ISS_ARROW: /* the circle equals the shaft */
    return equal_sums(m, c, 1, c + 1, k - 1, buf, buf2);
  case PZ_ISS_DOUBLEARROW: { /* both ends together equal the middle */
    int ends[2] = {c[0], c[k - 1]};
    return equal_sums(m, ends, 2, c + 1, k - 2, buf, buf2);
  }
  case PZ_ISS_WHISPER:
    for (int i = 1; i < k && !st; i++)
      st = pz_model_abs_diff(m, c[i - 1], c[i], PZ_GE, r->args[0]);
    return st;
  case PZ_ISS_RENBAN: return pz_model_consecutive(m, c, (size_t)k);
  case PZ_ISS_WHITEDOT:
  case PZ_ISS_BLACKDOT:
  case PZ_ISS_X:
  case PZ_ISS_V:
  case PZ_ISS_GREATERTHAN: return adjacent_pairs(m, n, r, buf);
  case PZ_ISS_PALINDROME:
    for (int i = 0; i < k / 2 && !st; i++)
      if (c[i] != c[k - 1 - i])
        st = pz_model_relation(m, c[i], PZ_EQ, c[k - 1 - i], 0);
    return st;
  case PZ_ISS_QUAD:
  case PZ_ISS_CONTAINATLEAST:
  case PZ_ISS_CONTAINEXACT:
    /* Each digit as often as listed (a digit twice: at least twice; in
     * ContainExact exactly twice). */
    for (int i = 0; i < r->nargs && !st; i++) {
      int times = 0, seen = 0;
      for (int j = 0; j < r->nargs; j++) {
        times += r->args[j] == r->args[i];
        seen += j < i && r->args[j] == r->args[i];
      }
      if (!seen)
        st = pz_model_count(m, c, (size_t)k, r->args[i],
                            r->type == PZ_ISS_CONTAINEXACT ? PZ_EQ : PZ_GE, times);
    }
    return st;
  case PZ_ISS_ENTROPIC:
    if (n != 9) return PZ_ERR_UNSUPPORTED; /* thirds of 1..9, as ISS */
    /* Every window of three (or the whole of a shorter line) takes one
     * digit from each third: pairwise different thirds. */
    for (int i = 0; i < k && !st; i++)
      for (int j = i + 1; j < k && j < i + 3 && !st; j++)
        st = pair_rule(m, n, c[i], c[j], ok_entropic, 0, buf);
    return st;
  case PZ_ISS_MODULAR: {
    /* The first m cells differ mod m; cells m apart agree mod m, so every
     * window of m differs. */
    int md = r->args[0];
    for (int i = 0; i < k && i < md && !st; i++)
      for (int j = i + 1; j < k && j < md && !st; j++)
        st = pair_rule(m, n, c[i], c[j], ok_mod_ne, md, buf);
    for (int i = 0; i < k && !st; i++)
      for (int j = i + md; j < k && !st; j += md)
        st = pair_rule(m, n, c[i], c[j], ok_mod_eq, md, buf);
    return st;
  }
  case PZ_ISS_ZIPPER: {
    /* Pairs equally far from the centre: same sum; an odd line's centre
     * cell is that sum. */
    int half = k / 2;
    for (int i = 0; i < half && !st; i++) {
      int pair[2] = {c[i], c[k - 1 - i]};
      if (k % 2) st = equal_sums(m, c + half, 1, pair, 2, buf, buf2);
      else if (i > 0) {
        int p0[2] = {c[0], c[k - 1]};
        st = equal_sums(m, p0, 2, pair, 2, buf, buf2);
      }
    }
    return st;
  }
  case PZ_ISS_REGIONSUMLINE: return region_sum_line(m, d, r, buf, buf2);
  case PZ_ISS_SANDWICH: return sandwich(m, n, r, buf);
  case PZ_ISS_INDEXING: return indexing(m, n, r);
  case PZ_ISS_LITTLEKILLER: return pz_model_sum(m, c, (size_t)k, PZ_EQ, r->args[0], 0);
  case PZ_ISS_XSUM:
  case PZ_ISS_SKYSCRAPER:
  case PZ_ISS_NUMBEREDROOM:
  case PZ_ISS_HIDDENSKYSCRAPER: return outside_clues(m, n, r, buf, buf2);
  case PZ_ISS_BETWEEN: /* no middle: nothing */
  case PZ_ISS_LOCKOUT: /* the ends differ by the least difference, and at all */
    if (r->type == PZ_ISS_LOCKOUT)
      st = pz_model_abs_diff(m, c[0], c[k - 1], PZ_GE, r->args[0] ? r->args[0] : 1);
    for (int i = 1; i + 1 < k && !st; i++)
      st = ends_table(m, n, c[0], c[i], c[k - 1], r->type == PZ_ISS_BETWEEN, buf);
    return st;
  case PZ_ISS_PILLARROW: return pill_arrow(m, n, r, buf, buf2);
  case PZ_ISS_SUMLINE: return pz_model_run_sums(m, c, (size_t)k, r->args[0]);
  case PZ_ISS_WINDOKU: return windoku(m, d, buf);
  case PZ_ISS_DISJOINTSETS: return disjoint_sets(m, d, buf);
  case PZ_ISS_STRICTKROPKI:
  case PZ_ISS_STRICTXV: return strict_pairs(m, d, r->type, buf);
  case PZ_ISS_NOBOXES: return PZ_OK; /* build() leaves the boxes out */
  case PZ_ISS_ANTITAXICAB: /* two d's never d steps apart */
    for (int x = 0; x < n * n && !st; x++)
      for (int y = x + 1; y < n * n && !st; y++) {
        int dist = abs(x / n - y / n) + abs(x % n - y % n), two[2] = {x, y};
        int vals[2] = {dist, dist};
        if (dist <= n) st = pz_model_forbid(m, two, vals, 2);
      }
    return st;
  case PZ_ISS_JIGSAW: return jigsaw(m, n, r, buf);
  default: return PZ_ERR_UNSUPPORTED;
  }
}

static int cell_name(const pz_puzzle *p, int cell, char *buf, size_t len) {
  int n = pz_puzzle_cols(p);
  snprintf(buf, len, "r%dc%d", cell / n + 1, cell % n + 1);
  return 1;
}

static int build(pz_model *m, const pz_iss_def *d, int *buf, int *buf2) {
  int n = d->size, first;
  int st = pz_model_add_ints(m, n * n, 1, n, &first);
  for (int i = 0; i < n && !st; i++) {
    st = pz_units_label(m, "row %d", i + 1);
    if (!st) st = pz_units_block(m, first, n, i, 0, 1, n, buf);
    if (!st) st = pz_units_label(m, "column %d", i + 1);
    if (!st) st = pz_units_block(m, first, n, 0, i, n, 1, buf);
    if (!st && has_boxes(d)) {
      st = pz_units_label(m, "box %d", i + 1);
      int per = n / d->box_cols;
      if (!st)
        st = pz_units_block(m, first, n, (i / per) * d->box_rows,
                            (i % per) * d->box_cols, d->box_rows, d->box_cols,
                            buf);
    }
  }
  /* Givens and candidate lists. */
  if (!st) st = pz_units_label(m, "the givens");
  for (int x = 0; x < n * n && !st; x++) {
    unsigned a = d->allowed[x];
    int count = 0, only = 0;
    for (int v = 1; v <= n; v++)
      if (a >> v & 1) {
        count++;
        only = v;
      }
    if (count == 1) st = pz_model_fix(m, x, only);
    else
      for (int v = 1; v <= n && !st; v++)
        if (!(a >> v & 1)) {
          int vars[1] = {x}, vals[1] = {v};
          st = pz_model_forbid(m, vars, vals, 1);
        }
  }
  for (size_t i = 0; i < d->nrules && !st; i++) {
    const pz_iss_rule *r = &d->rules[i];
    st = pz_units_label(m, "%s %zu", pz_iss_type_name(r->type), i + 1);
    if (!st) st = state_rule(m, d, r, buf, buf2);
  }
  return st;
}

int pz_iss_puzzle(const pz_iss_def *d, pz_puzzle **out) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!d || d->size < 1 || d->size > 16 || !d->allowed) return PZ_ERR_ARG;
  int n = d->size;
  /* Scratch: a line of the grid, or the pairs of a two-digit table. */
  size_t cap = (size_t)(4 * n * n + 3 * n * n * n + 8);
  for (size_t i = 0; i < d->nrules; i++) /* lines may revisit cells */
    if (2 * (size_t)d->rules[i].ncells + 8 > cap)
      cap = 2 * (size_t)d->rules[i].ncells + 8;
  int *buf = (int *)malloc(cap * sizeof(int));
  int *buf2 = (int *)malloc(cap * sizeof(int));
  pz_model *m = NULL;
  int st = buf && buf2 ? pz_model_new(&m) : PZ_ERR_NOMEM;
  if (!st) st = build(m, d, buf, buf2);
  if (!st) st = pz_model_puzzle_kind(out, m, n, n, iss_kind);
  if (!st) pz_model_puzzle_set_cell_name(*out, cell_name);
  pz_model_free(m);
  free(buf);
  free(buf2);
  return st;
}
