/* Cardinality network from Batcher's odd-even merge sort, after Asin,
 * Nieuwenhuis, Oliveras and Rodriguez-Carbonell.
 *
 * Only the k+1 largest values matter (k for "at least"), so with w the
 * smallest power of two holding them the inputs are cut into blocks of w
 * (the last padded with constant false wires), each block is sorted, and
 * blocks are merged pairwise in a balanced tree keeping the w largest of
 * each merge. The network is first laid out as a list of comparators on
 * numbered wires; then only the comparator outputs the result depends on
 * are given variables and clauses (the cone of output k+1 and/or k). A
 * comparator with a constant false input is just a wire and costs nothing.
 *
 * A comparator (a, b) -> (max, min) costs, per output kept:
 *   UP:   a -> max, b -> max; a & b -> min
 *   DOWN: max -> a | b;       min -> a, min -> b
 * The result is sorted in decreasing order; "at most k" is the unit
 * not out[k+1], "at least k" the unit out[k] (1-based). */
#include <stdlib.h>

#include "encode/card_impl.h"

/* Wires: 0 is constant false, 1..n the inputs, and comparator c makes
 * wires n+1+2c (max) and n+2+2c (min). */
typedef struct net {
  int n;
  int *comp;    /* 2 input wires per comparator */
  size_t count; /* comparators so far */
} net;

static void cmp(net *t, int *a, int i, int j) {
  if (a[j] == 0) return; /* (x, false) is already in order */
  if (a[i] == 0) {
    a[i] = a[j];
    a[j] = 0;
    return;
  }
  size_t c = t->count++;
  t->comp[2 * c] = a[i];
  t->comp[2 * c + 1] = a[j];
  a[i] = t->n + 1 + 2 * (int)c;
  a[j] = t->n + 2 + 2 * (int)c;
}

/* Merges the two sorted halves of the n wires a[lo], a[lo+r], a[lo+2r],
 * ... (n a power of two, halves of n/2 each): merge the even- and the
 * odd-numbered wires separately, then fix neighbours. */
static void merge(net *t, int *a, int lo, int n, int r) {
  int step = 2 * r;
  if (step < n) {
    merge(t, a, lo, n, step);
    merge(t, a, lo + r, n, step);
    for (int i = lo + r; i + r < lo + n; i += step) cmp(t, a, i, i + r);
  } else {
    cmp(t, a, lo, lo + r);
  }
}

static void sort(net *t, int *a, int lo, int n) {
  if (n < 2) return;
  sort(t, a, lo, n / 2);
  sort(t, a, lo + n / 2, n / 2);
  merge(t, a, lo, n, 1);
}

/* Comparator counts of merge and sort above, without constants. */
static size_t merge_size(int n, int r) {
  int step = 2 * r;
  if (step >= n) return 1;
  size_t c = 2 * merge_size(n, step);
  for (int i = r; i + r < n; i += step) c++;
  return c;
}

static size_t sort_size(int n) {
  return n < 2 ? 0 : 2 * sort_size(n / 2) + merge_size(n, 1);
}

int pz_enc_sortnet(pz_enc *e, pz_litv x, int n, int k, unsigned dir) {
  int need = (dir & PZ_DIR_UP) ? k + 1 : k; /* largest values kept */
  int w = 1;
  while (w < need) w *= 2;
  int total; /* wires after padding */
  if (w >= n) {
    w = 1;
    while (w < n) w *= 2;
    total = w;
  } else {
    total = (n + w - 1) / w * w;
  }
  int blocks = total / w;
  size_t cap = (size_t)blocks * sort_size(w) +
               (size_t)(blocks - 1) * merge_size(2 * w, 1);
  if (cap > (size_t)(2147483647 - n) / 2) return PZ_ERR_TOO_LARGE;
  /* One allocation: wires, merge scratch, comparator inputs, and per wire
   * its literal (0 while not needed). */
  size_t wires = (size_t)n + 1 + 2 * cap;
  size_t ints = (size_t)total + 2 * (size_t)w + 2 * cap + wires;
  int *mem = (int *)calloc(ints, sizeof(int));
  if (!mem) return PZ_ERR_NOMEM;
  int *a = mem, *tmp = a + total, *lit = tmp + 2 * w;
  net t = {n, lit + wires, 0};
  for (int i = 0; i < n; i++) a[i] = i + 1;
  for (int b = 0; b < blocks; b++) sort(&t, a, b * w, w);
  for (int span = 1; span < blocks; span *= 2)
    for (int b = 0; b + span < blocks; b += 2 * span) {
      int *lo = a + b * w, *hi = a + (b + span) * w;
      for (int i = 0; i < w; i++) {
        tmp[i] = lo[i];
        tmp[w + i] = hi[i];
      }
      merge(&t, tmp, 0, 2 * w, 1);
      for (int i = 0; i < w; i++) lo[i] = tmp[i];
    }
  /* Mark the cone of the outputs used (1 = needed), back to front. */
  if (dir & PZ_DIR_UP) lit[a[k]] = 1;
  if (dir & PZ_DIR_DOWN) lit[a[k - 1]] = 1;
  int nvars = 0;
  for (size_t c = t.count; c-- > 0;) {
    int mx = n + 1 + 2 * (int)c;
    if (lit[mx] || lit[mx + 1]) {
      lit[t.comp[2 * c]] = lit[t.comp[2 * c + 1]] = 1;
      nvars += lit[mx] + lit[mx + 1];
    }
  }
  int v;
  int st = pz_enc_aux(e, nvars, &v);
  if (st) {
    free(mem);
    return st;
  }
  for (int i = 1; i <= n; i++) lit[i] = pz_litv_at(x, (size_t)i - 1);
  pz_cnf *cnf = e->cnf;
  for (size_t c = 0; c < t.count; c++) {
    int mx = n + 1 + 2 * (int)c;
    int p = lit[t.comp[2 * c]], q = lit[t.comp[2 * c + 1]];
    if (lit[mx]) {
      int o = lit[mx] = v++;
      if (dir & PZ_DIR_UP) {
        pz_cnf_put2(cnf, -p, o);
        pz_cnf_put2(cnf, -q, o);
      }
      if (dir & PZ_DIR_DOWN) pz_cnf_put3(cnf, -o, p, q);
    }
    if (lit[mx + 1]) {
      int o = lit[mx + 1] = v++;
      if (dir & PZ_DIR_UP) pz_cnf_put3(cnf, -p, -q, o);
      if (dir & PZ_DIR_DOWN) {
        pz_cnf_put2(cnf, -o, p);
        pz_cnf_put2(cnf, -o, q);
      }
    }
  }
  if (dir & PZ_DIR_UP) pz_cnf_put1(cnf, -lit[a[k]]);
  if (dir & PZ_DIR_DOWN) pz_cnf_put1(cnf, lit[a[k - 1]]);
  free(mem);
  return pz_cnf_status(cnf);
}
