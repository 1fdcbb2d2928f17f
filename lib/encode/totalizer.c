/* Bailleux and Boufkhad's totalizer, cut off at k+1.
 *
 * A balanced binary tree over the inputs; each inner node counts the
 * inputs below it in unary: output r_j means "at least j below". A leaf
 * is the input itself. Outputs above w (k+1 for "at most" and "exactly",
 * k for "at least") are never needed, so a node keeps min(size, w) of
 * them. The root makes no outputs: its clauses state the bound directly.
 *
 *   UP:   a_i and b_j imply r_(i+j)              for 1 <= i+j <= m
 *   DOWN: not a_(i+1) and not b_(j+1) imply not r_(i+j+1)
 *                                                for i+j+1 <= m
 * where a_0 = b_0 = true, and a literal past a child's outputs is false
 * (only reached when the child is not cut off, so it really is false). */
#include "encode/card_impl.h"

/* A node's outputs: a leaf's literal, or the variables first..first+m-1. */
typedef struct unary {
  int leaf;
  int first;
  int m;
} unary;

static int out(unary u, int j) { return u.leaf ? u.leaf : u.first + j - 1; }

typedef struct tot {
  pz_enc *e;
  pz_litv x;
  int k, w;
  unsigned dir;
} tot;

/* Clauses relating children a, b to outputs r[1..m]; r == 0 is the root,
 * where "r_(k+1)" is false and "r_k" is true instead of variables. */
static void node_clauses(const tot *t, unary a, unary b, int r, int m) {
  pz_cnf *cnf = t->e->cnf;
  int lits[3];
  for (int i = 0; i <= a.m; i++)
    for (int j = 0; j <= b.m; j++) {
      if ((t->dir & PZ_DIR_UP) && i + j >= 1 &&
          (r ? i + j <= m : i + j == t->k + 1)) {
        size_t len = 0;
        if (i) lits[len++] = -out(a, i);
        if (j) lits[len++] = -out(b, j);
        if (r) lits[len++] = r + i + j - 1;
        pz_cnf_put_clause(cnf, lits, len);
      }
      if ((t->dir & PZ_DIR_DOWN) &&
          (r ? i + j + 1 <= m : i + j + 1 == t->k)) {
        size_t len = 0;
        if (i < a.m) lits[len++] = out(a, i + 1);
        if (j < b.m) lits[len++] = out(b, j + 1);
        if (r) lits[len++] = -(r + i + j);
        pz_cnf_put_clause(cnf, lits, len);
      }
    }
}

/* Builds the subtree over x[lo..hi); the root when is_root. */
static int build(const tot *t, int lo, int hi, int is_root, unary *res) {
  if (hi - lo == 1) {
    *res = (unary){pz_litv_at(t->x, (size_t)lo), 0, 1};
    return PZ_OK;
  }
  int mid = lo + (hi - lo) / 2;
  unary a, b;
  int st = build(t, lo, mid, 0, &a);
  if (!st) st = build(t, mid, hi, 0, &b);
  if (st) return st;
  if (is_root) {
    node_clauses(t, a, b, 0, 0);
    return PZ_OK;
  }
  int m = a.m + b.m < t->w ? a.m + b.m : t->w, r;
  if ((st = pz_enc_aux(t->e, m, &r))) return st;
  node_clauses(t, a, b, r, m);
  *res = (unary){0, r, m};
  return PZ_OK;
}

int pz_enc_totalizer(pz_enc *e, pz_litv x, int n, int k, unsigned dir) {
  tot t = {e, x, k, (dir & PZ_DIR_UP) ? k + 1 : k, dir};
  unary root;
  int st = build(&t, 0, n, 1, &root);
  return st ? st : pz_cnf_status(e->cnf);
}
