/* Simplifying a model by its fixed values before it is encoded: what they
 * decide gets no variables. A decided variable's value leaves the other
 * members of its all-different groups, the partners of its relations lose
 * the values they can no longer pair with, a value that fits one member of
 * a group covering its values exactly goes there (hidden single), a
 * variable down to one value is decided (naked single), a count that is
 * reached closes its other members and one that needs every candidate
 * fills them, and a forbidden pattern one step from complete removes the
 * last value. Sums, tables and visibility are left to the solver. */
#include <stdlib.h>
#include <string.h>

#include "model/model_impl.h"

/* Per-record state for propagation. */
typedef struct prop {
  pz_menc *e;
  const pz_model *m;
  /* All-different groups covering their values exactly: per record the
   * union's lowest value and a count per value of members holding it
   * (-1: the value is placed). */
  int *ad_lo, *ad_ofs, *ad_cnt;
  unsigned char *ad_exact;
  /* Counts: members decided to the value, and open members holding it. */
  int *have, *maybe;
  pz_ivec placed, singles, hidden, counts; /* work queues */
  pz_poll *poll;
  int st;
} prop;

static void push(prop *p, pz_ivec *q, int x) {
  if (pz_ivec_push(q, x)) p->st = PZ_ERR_NOMEM;
}

static const int *rec_of(const pz_model *m, int r) {
  return m->code.data + m->start.data[r];
}

static void clear_bit(pz_menc *e, int x, int v) {
  int i = v - e->m->lo.data[x];
  e->dom[e->words_ofs[x] + (i >> 6)] &= ~((uint64_t)1 << (i & 63));
}

static void remove_value(prop *p, int x, int v) {
  pz_menc *e = p->e;
  if (!pz_menc_has(e, x, v)) return;
  clear_bit(e, x, v);
  int left = --e->size[x];
  int open = e->value[x] == PZ_MODEL_FREE;
  for (int i = e->rec_ofs[x]; i < e->rec_ofs[x + 1]; i++) {
    int r = e->rec[i];
    const int *c = rec_of(p->m, r);
    if (c[0] == MC_ALLDIFF && p->ad_exact[r]) {
      int *cnt = p->ad_cnt + p->ad_ofs[r] + (v - p->ad_lo[r]);
      if (*cnt < 0) continue; /* placed */
      if (--*cnt == 0) e->conflict = 1;
      if (*cnt == 1) {
        push(p, &p->hidden, r);
        push(p, &p->hidden, v);
      }
    } else if (c[0] == MC_COUNT && c[1] == v && open) {
      p->maybe[r]--;
      push(p, &p->counts, r);
    }
  }
  if (open) {
    if (left == 0) e->conflict = 1;
    if (left == 1) push(p, &p->singles, x);
  }
}

static void assign(prop *p, int x, int v) {
  pz_menc *e = p->e;
  if (e->value[x] != PZ_MODEL_FREE) {
    if (e->value[x] != v) e->conflict = 1;
    return;
  }
  if (!pz_menc_has(e, x, v)) {
    e->conflict = 1;
    return;
  }
  for (int i = e->rec_ofs[x]; i < e->rec_ofs[x + 1]; i++) {
    int r = e->rec[i];
    const int *c = rec_of(p->m, r);
    if (c[0] == MC_COUNT) {
      p->maybe[r] -= pz_menc_has(e, x, c[1]);
      p->have[r] += c[1] == v;
      push(p, &p->counts, r);
    }
  }
  e->value[x] = v;
  /* The other candidates, by their bits: a large domain with few left
   * costs what is left, not its width. */
  int lo = p->m->lo.data[x];
  for (int k = e->words_ofs[x]; k < e->words_ofs[x + 1] && !e->conflict; k++)
    for (uint64_t b = e->dom[k]; b && !e->conflict; b &= b - 1) {
      int w = lo + (k - e->words_ofs[x]) * 64 + __builtin_ctzll(b);
      if (w != v) remove_value(p, x, w);
    }
  push(p, &p->placed, x);
}

int pz_model_pair_ok(const int *c, long long va, long long vb) {
  if (c[0] == MC_REL) return pz_model_cmp_holds(c[3], va, vb + c[4]);
  long long d = va > vb ? va - vb : vb - va;
  return pz_model_cmp_holds(c[3], d, c[4]);
}

/* x was decided: its partners in r lose what no longer fits. */
static void placed_in(prop *p, int r, int x, int v) {
  pz_menc *e = p->e;
  const int *c = rec_of(p->m, r);
  switch (c[0]) {
  case MC_ALLDIFF: {
    int n = c[1];
    int *cnt = p->ad_exact[r] ? p->ad_cnt + p->ad_ofs[r] + (v - p->ad_lo[r]) : NULL;
    if (cnt && *cnt < 0) {
      e->conflict = 1; /* another member holds v already */
      return;
    }
    /* The count says how many members still hold v: stop at x alone. */
    for (int j = 0; j < n && !e->conflict && (!cnt || *cnt > 1); j++) {
      int y = c[2 + j];
      if (y == x) continue;
      if (e->value[y] == v) e->conflict = 1;
      /* Most members lack v already: test before the call. */
      if (pz_menc_has(e, y, v)) remove_value(p, y, v);
    }
    if (cnt) *cnt = -1;
    break;
  }
  case MC_REL:
  case MC_ABS: {
    int y = c[1] == x ? c[2] : c[1];
    int lo = p->m->lo.data[y], hi = p->m->hi.data[y];
    for (int w = lo; w <= hi && !e->conflict; w++)
      if (pz_menc_has(e, y, w) &&
          !(c[1] == x ? pz_model_pair_ok(c, v, w) : pz_model_pair_ok(c, w, v)))
        remove_value(p, y, w);
    break;
  }
  case MC_FORBID: {
    int n = c[1], open = -1, matched = 0;
    for (int j = 0; j < n; j++) {
      int y = c[2 + j], want = c[2 + n + j];
      if (e->value[y] == want) matched++;
      else if (e->value[y] != PZ_MODEL_FREE || !pz_menc_has(e, y, want)) return;
      else open = j;
    }
    if (matched == n) e->conflict = 1;
    else if (matched == n - 1) remove_value(p, c[2 + open], c[2 + n + open]);
    break;
  }
  default:
    break;
  }
}

/* A count whose totals changed: closes or fills its open members. */
static void check_count(prop *p, int r) {
  pz_menc *e = p->e;
  const int *c = rec_of(p->m, r);
  int value = c[1], cmp = c[2], k = c[3], n = c[4];
  int have = p->have[r], maybe = p->maybe[r];
  if ((cmp != PZ_GE && have > k) || (cmp != PZ_LE && have + maybe < k)) {
    e->conflict = 1;
    return;
  }
  if (maybe == 0) return;
  if (cmp != PZ_GE && have == k) {
    for (int j = 0; j < n && !e->conflict; j++)
      if (e->value[c[5 + j]] == PZ_MODEL_FREE) remove_value(p, c[5 + j], value);
  } else if (cmp != PZ_LE && have + maybe == k) {
    for (int j = 0; j < n && !e->conflict; j++) {
      int y = c[5 + j];
      if (e->value[y] == PZ_MODEL_FREE && pz_menc_has(e, y, value))
        assign(p, y, value);
    }
  }
}

static void run(prop *p) {
  pz_menc *e = p->e;
  size_t ph = 0, sh = 0, hh = 0, ch = 0;
  while (!e->conflict && !p->st) {
    if (pz_poll_work(p->poll, 64)) {
      p->st = PZ_STOPPED;
      break;
    }
    if (ph < p->placed.len) {
      int x = p->placed.data[ph++], v = e->value[x];
      for (int i = e->rec_ofs[x]; i < e->rec_ofs[x + 1] && !e->conflict; i++)
        placed_in(p, e->rec[i], x, v);
    } else if (ch < p->counts.len) {
      check_count(p, p->counts.data[ch++]);
    } else if (sh < p->singles.len) {
      int x = p->singles.data[sh++];
      if (e->value[x] != PZ_MODEL_FREE || e->size[x] != 1) continue;
      int lo = p->m->lo.data[x], hi = p->m->hi.data[x];
      for (int w = lo; w <= hi; w++)
        if (pz_menc_has(e, x, w)) {
          assign(p, x, w);
          break;
        }
    } else if (hh < p->hidden.len) {
      int r = p->hidden.data[hh++], v = p->hidden.data[hh++];
      const int *c = rec_of(p->m, r);
      if (p->ad_cnt[p->ad_ofs[r] + (v - p->ad_lo[r])] != 1) continue;
      for (int j = 0; j < c[1]; j++)
        if (pz_menc_has(e, c[2 + j], v)) {
          assign(p, c[2 + j], v);
          break;
        }
    } else {
      break;
    }
  }
}

/* Counts per value of the exact all-different groups, and the totals of
 * the counts, from the domains as they are. */
static int setup_records(prop *p) {
  const pz_model *m = p->m;
  pz_menc *e = p->e;
  size_t nrec = m->start.len;
  p->ad_lo = (int *)calloc(nrec + 1, sizeof(int));
  p->ad_ofs = (int *)calloc(nrec + 1, sizeof(int));
  p->ad_exact = (unsigned char *)calloc(nrec + 1, 1);
  p->have = (int *)calloc(nrec + 1, sizeof(int));
  p->maybe = (int *)calloc(nrec + 1, sizeof(int));
  if (!p->ad_lo || !p->ad_ofs || !p->ad_exact || !p->have || !p->maybe)
    return PZ_ERR_NOMEM;
  long long total = 0;
  for (size_t r = 0; r < nrec; r++) {
    const int *c = rec_of(m, (int)r);
    if (c[0] == MC_COUNT) {
      for (int j = 0; j < c[4]; j++) {
        int y = c[5 + j];
        if (e->value[y] != PZ_MODEL_FREE) p->have[r] += e->value[y] == c[1];
        else p->maybe[r] += pz_menc_has(e, y, c[1]);
      }
      continue;
    }
    if (c[0] != MC_ALLDIFF) continue;
    int lo = INT_MAX, hi = INT_MIN;
    for (int j = 0; j < c[1]; j++) {
      if (m->lo.data[c[2 + j]] < lo) lo = m->lo.data[c[2 + j]];
      if (m->hi.data[c[2 + j]] > hi) hi = m->hi.data[c[2 + j]];
    }
    p->ad_lo[r] = lo;
    p->ad_ofs[r] = (int)total;
    /* Exact when the union of the domains has as many values as members:
     * only then counting per value pays (and is needed for singles). */
    if ((long long)hi - lo + 1 > (long long)c[1] * 4 + 64) continue;
    total += (long long)hi - lo + 1;
    if (total > INT_MAX / 2) return PZ_ERR_TOO_LARGE;
  }
  p->ad_cnt = (int *)calloc((size_t)total + 1, sizeof(int));
  if (!p->ad_cnt) return PZ_ERR_NOMEM;
  for (size_t r = 0; r < nrec; r++) {
    const int *c = rec_of(m, (int)r);
    if (c[0] != MC_ALLDIFF) continue;
    int lo = p->ad_lo[r], union_size = 0, hi = INT_MIN;
    for (int j = 0; j < c[1]; j++)
      if (m->hi.data[c[2 + j]] > hi) hi = m->hi.data[c[2 + j]];
    if ((long long)hi - lo + 1 > (long long)c[1] * 4 + 64) continue;
    int *cnt = p->ad_cnt + p->ad_ofs[r];
    for (int j = 0; j < c[1]; j++) {
      int x = c[2 + j], base = m->lo.data[x] - lo;
      /* A decided member holds its value alone: placed below. */
      if (e->value[x] != PZ_MODEL_FREE) {
        cnt[e->value[x] - lo]++;
        continue;
      }
      for (int k = e->words_ofs[x]; k < e->words_ofs[x + 1]; k++)
        for (uint64_t b = e->dom[k]; b; b &= b - 1)
          cnt[base + (k - e->words_ofs[x]) * 64 + __builtin_ctzll(b)]++;
    }
    for (int w = lo; w <= hi; w++) union_size += cnt[w - lo] > 0;
    p->ad_exact[r] = union_size == c[1];
    /* Values of decided members are placed (seed() took them from the
     * others already). */
    for (int j = 0; j < c[1] && p->ad_exact[r]; j++)
      if (e->value[c[2 + j]] != PZ_MODEL_FREE) cnt[e->value[c[2 + j]] - lo] = -1;
    for (int w = lo; w <= hi && p->ad_exact[r]; w++)
      if (cnt[w - lo] == 1) {
        push(p, &p->hidden, (int)r);
        push(p, &p->hidden, w);
      }
  }
  return p->st;
}

void pz_menc_free(pz_menc *e) {
  free(e->words_ofs);
  free(e->dom);
  free(e->size);
  free(e->value);
  free(e->fix);
  free(e->first_lit);
  free(e->binary);
  free(e->rec_ofs);
  free(e->rec);
  memset(e, 0, sizeof *e);
}

/* Domains full again and nothing decided, keeping what depends on the
 * model alone (a puzzle prepares the same model for every set of givens;
 * it frees the state when its model changes). */
static void reset(pz_menc *e) {
  const pz_model *m = e->m;
  for (int x = 0; x < e->nvars; x++) {
    uint64_t *w = e->dom + e->words_ofs[x];
    int size = m->hi.data[x] - m->lo.data[x] + 1;
    int nw = e->words_ofs[x + 1] - e->words_ofs[x];
    for (int k = 0; k < nw; k++) w[k] = ~(uint64_t)0;
    if (size % 64) w[nw - 1] = ((uint64_t)1 << (size % 64)) - 1;
    e->size[x] = size;
    e->value[x] = PZ_MODEL_FREE;
    e->first_lit[x] = 0;
  }
  e->conflict = e->full = e->encoded = 0;
}

/* Domains full, nothing decided, and the records of every variable. */
static int setup(pz_menc *e, const pz_model *m) {
  if (e->m == m && e->rec && e->nvars == (int)m->lo.len) {
    reset(e);
    return PZ_OK;
  }
  pz_menc_free(e);
  e->m = m;
  int n = e->nvars = (int)m->lo.len;
  size_t nn = (size_t)n + 1;
  e->words_ofs = (int *)malloc(nn * sizeof(int));
  e->size = (int *)malloc(nn * sizeof(int));
  e->value = (int *)malloc(nn * sizeof(int));
  e->fix = (int *)malloc(nn * sizeof(int));
  e->first_lit = (int *)calloc(nn, sizeof(int));
  e->binary = (unsigned char *)calloc(nn, 1);
  e->rec_ofs = (int *)calloc(nn, sizeof(int));
  if (!e->words_ofs || !e->size || !e->value || !e->fix || !e->first_lit ||
      !e->binary || !e->rec_ofs)
    return PZ_ERR_NOMEM;
  long long words = 0;
  for (int x = 0; x < n; x++) {
    int size = m->hi.data[x] - m->lo.data[x] + 1;
    e->words_ofs[x] = (int)words;
    words += (size + 63) / 64;
    if (words > INT_MAX / 2) return PZ_ERR_TOO_LARGE;
    e->size[x] = size;
    e->value[x] = PZ_MODEL_FREE;
    /* Two values: one SAT variable (true = the higher). */
    e->binary[x] = m->isbool.data[x] != 0 || size == 2;
  }
  e->words_ofs[n] = (int)words;
  e->dom = (uint64_t *)malloc(((size_t)words + 1) * sizeof(uint64_t));
  if (!e->dom) return PZ_ERR_NOMEM;
  for (int x = 0; x < n; x++) {
    uint64_t *w = e->dom + e->words_ofs[x];
    int size = e->size[x], nw = e->words_ofs[x + 1] - e->words_ofs[x];
    for (int k = 0; k < nw; k++) w[k] = ~(uint64_t)0;
    if (size % 64) w[nw - 1] = ((uint64_t)1 << (size % 64)) - 1;
  }
  /* Record lists per variable (CSR). */
  size_t total = 0;
  for (size_t r = 0; r < m->start.len; r++) {
    size_t k;
    const int *v = pz_model_record_vars(m, r, &k);
    for (size_t j = 0; j < k; j++) e->rec_ofs[v[j] + 1]++;
    total += k;
  }
  if (total > INT_MAX / 2) return PZ_ERR_TOO_LARGE;
  for (int x = 0; x < n; x++) e->rec_ofs[x + 1] += e->rec_ofs[x];
  e->rec = (int *)malloc((total + 1) * sizeof(int));
  int *fill = (int *)malloc(nn * sizeof(int));
  if (!e->rec || !fill) {
    free(fill);
    return PZ_ERR_NOMEM;
  }
  memcpy(fill, e->rec_ofs, nn * sizeof(int));
  for (size_t r = 0; r < m->start.len; r++) {
    size_t k;
    const int *v = pz_model_record_vars(m, r, &k);
    for (size_t j = 0; j < k; j++) e->rec[fill[v[j]]++] = (int)r;
  }
  free(fill);
  return PZ_OK;
}

/* Whether a list of values holds one twice (sorts it). */
static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int has_duplicate(prop *p, pz_ivec *v) {
  (void)p;
  qsort(v->data, v->len, sizeof(int), cmp_int);
  for (size_t k = 1; k < v->len; k++)
    if (v->data[k] == v->data[k - 1]) return 1;
  return 0;
}

/* The decided values vals of all-different record c leave its open
 * members (and a value decided twice is a conflict) a word at a time, when every member's domain starts at the same
 * value and has the same width (a grid's cells): 1 if done, 0 if the
 * caller must go value by value. */
static int take_by_mask(prop *p, const int *c, const pz_ivec *vals) {
  pz_menc *e = p->e;
  const pz_model *m = p->m;
  int n = c[1], x0 = c[2], lo = m->lo.data[x0];
  int nw = e->words_ofs[x0 + 1] - e->words_ofs[x0];
  uint64_t mask[16];
  if (nw > 16) return 0;
  for (int j = 1; j < n; j++) {
    int y = c[2 + j];
    if (m->lo.data[y] != lo || m->hi.data[y] != m->hi.data[x0]) return 0;
  }
  memset(mask, 0, sizeof mask);
  for (size_t k = 0; k < vals->len; k++) {
    int i = vals->data[k] - lo;
    uint64_t bit = (uint64_t)1 << (i & 63);
    if (mask[i >> 6] & bit) e->conflict = 1; /* two members decided alike */
    mask[i >> 6] |= bit;
  }
  for (int j = 0; j < n; j++) {
    int y = c[2 + j];
    if (e->value[y] != PZ_MODEL_FREE) continue;
    uint64_t *w = e->dom + e->words_ofs[y];
    for (int k = 0; k < nw; k++) w[k] &= ~mask[k];
  }
  return 1;
}

/* Applies every fixed value at once: the variable keeps that value
 * alone, the other members of its all-different groups and the partners of
 * its relations lose what no longer fits, forbidden patterns one value from
 * complete lose that value. Placing fixed values one at a time would scan
 * every group once per value removed, which dominates on large grids. */
static void seed(prop *p) {
  pz_menc *e = p->e;
  const pz_model *m = p->m;
  for (int x = 0; x < e->nvars; x++) {
    int v = e->fix[x];
    if (v == PZ_MODEL_FREE) continue;
    if (!pz_menc_has(e, x, v)) {
      e->conflict = 1;
      return;
    }
    uint64_t *w = e->dom + e->words_ofs[x];
    for (int k = e->words_ofs[x]; k < e->words_ofs[x + 1]; k++) e->dom[k] = 0;
    int i = v - m->lo.data[x];
    w[i >> 6] = (uint64_t)1 << (i & 63);
    e->value[x] = v;
  }
  pz_ivec vals = {0};
  for (size_t r = 0; r < m->start.len && !e->conflict && !p->st; r++) {
    const int *c = rec_of(m, (int)r);
    if (c[0] == MC_ALLDIFF) {
      int n = c[1];
      vals.len = 0;
      for (int j = 0; j < n; j++) {
        int v = e->value[c[2 + j]];
        if (v == PZ_MODEL_FREE) continue;
        /* Two decided members with one value: the second finds the bit
         * already taken by the first. */
        for (size_t k = 0; k < vals.len && vals.len < 16; k++)
          if (vals.data[k] == v) e->conflict = 1;
        push(p, &vals, v);
      }
      if (!vals.len) continue;
      if (take_by_mask(p, c, &vals)) continue;
      if (vals.len >= 16 && has_duplicate(p, &vals)) e->conflict = 1;
      for (int j = 0; j < n; j++) {
        int y = c[2 + j];
        if (e->value[y] != PZ_MODEL_FREE) continue;
        for (size_t k = 0; k < vals.len; k++)
          if (pz_menc_has(e, y, vals.data[k])) clear_bit(e, y, vals.data[k]);
      }
    } else if (c[0] == MC_REL || c[0] == MC_ABS) {
      int a = c[1], b = c[2];
      int fa = e->value[a] != PZ_MODEL_FREE, fb = e->value[b] != PZ_MODEL_FREE;
      if (fa && fb) {
        if (!pz_model_pair_ok(c, e->value[a], e->value[b])) e->conflict = 1;
      } else if (fa || fb) {
        int y = fa ? b : a, v = fa ? e->value[a] : e->value[b];
        for (int w = m->lo.data[y]; w <= m->hi.data[y]; w++)
          if (pz_menc_has(e, y, w) &&
              !(fa ? pz_model_pair_ok(c, v, w) : pz_model_pair_ok(c, w, v)))
            clear_bit(e, y, w);
      }
    }
  }
  pz_ivec_free(&vals);
  for (int x = 0; x < e->nvars; x++) {
    int cnt = 0;
    for (int k = e->words_ofs[x]; k < e->words_ofs[x + 1]; k++)
      cnt += __builtin_popcountll(e->dom[k]);
    e->size[x] = cnt;
    if (e->value[x] != PZ_MODEL_FREE) continue;
    if (cnt == 0) e->conflict = 1;
    if (cnt == 1) push(p, &p->singles, x);
  }
}

/* Forbidden patterns among the fixed values (after the counts are set up,
 * since a removal updates them). */
static void seed_forbids(prop *p) {
  const pz_model *m = p->m;
  for (size_t r = 0; r < m->start.len && !p->e->conflict; r++) {
    const int *c = rec_of(m, (int)r);
    if (c[0] != MC_FORBID) continue;
    for (int j = 0; j < c[1]; j++)
      if (p->e->value[c[2 + j]] != PZ_MODEL_FREE) {
        placed_in(p, (int)r, c[2 + j], p->e->value[c[2 + j]]);
        break;
      }
  }
}

int pz_menc_prepare(pz_menc *e, const pz_model *m, const int *extra,
                    int propagate, pz_poll *poll) {
  int st = setup(e, m);
  if (st) return st;
  for (int x = 0; x < e->nvars; x++) {
    int mine = m->fixed.data[x], more = extra ? extra[x] : PZ_MODEL_FREE;
    /* Two different fixed values for one variable: no solution. */
    if (mine != PZ_MODEL_FREE && more != PZ_MODEL_FREE && mine != more)
      e->conflict = 1;
    e->fix[x] = more != PZ_MODEL_FREE ? more : mine;
  }
  e->full = !propagate;
  if (!propagate) {
    /* Constants (one value) cost nothing, even in the full formula. */
    for (int x = 0; x < e->nvars; x++)
      if (m->lo.data[x] == m->hi.data[x]) e->value[x] = m->lo.data[x];
    return PZ_OK;
  }
  if (e->conflict) return PZ_OK;
  prop p;
  memset(&p, 0, sizeof p);
  p.e = e;
  p.m = m;
  p.poll = poll;
  seed(&p);
  st = p.st;
  if (!st && !e->conflict) st = setup_records(&p);
  if (!st && !e->conflict) seed_forbids(&p);
  if (!st) st = p.st;
  /* Counts that hold from the start (k = 0, or k = all members). */
  for (size_t r = 0; r < m->start.len && !st; r++)
    if (rec_of(m, (int)r)[0] == MC_COUNT) push(&p, &p.counts, (int)r);
  if (!st) {
    run(&p);
    st = p.st;
  }
  free(p.ad_lo);
  free(p.ad_ofs);
  free(p.ad_cnt);
  free(p.ad_exact);
  free(p.have);
  free(p.maybe);
  pz_ivec_free(&p.placed);
  pz_ivec_free(&p.singles);
  pz_ivec_free(&p.hidden);
  pz_ivec_free(&p.counts);
  return st;
}
