/* At-most-one encodings. Each adds only the "at most" half: auxiliaries
 * are forced true by their inputs but not false without them, which is all
 * the constraint needs (count and enumerate through a projection). */
#include "encode/card_impl.h"

/* Recursive encodings stop at the largest size where pairwise needs no
 * more clauses than one more level of the recursion would (and no
 * auxiliaries): commander(5) = pairwise(5) = 10 clauses, product(6) = 16 >
 * pairwise(6) = 15 but product(7) = 20 < 21. */
#define COMMANDER_BASE 5
#define PRODUCT_BASE 6

static void pairwise(pz_cnf *cnf, pz_litv x, size_t n) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++)
      pz_cnf_put2(cnf, -pz_litv_at(x, i), -pz_litv_at(x, j));
}

/* Sequential counter for k = 1: s_i means "some x_j with j <= i is true";
 * n-1 auxiliaries, 3n-4 clauses. */
static int ladder(pz_enc *e, pz_litv x, size_t n) {
  if (n <= 1) return PZ_OK;
  int s;
  int st = pz_enc_aux(e, (long long)n - 1, &s);
  if (st) return st;
  for (size_t i = 0; i + 1 < n; i++) {
    int xi = pz_litv_at(x, i), si = s + (int)i;
    pz_cnf_put2(e->cnf, -xi, si);
    if (i > 0) {
      pz_cnf_put2(e->cnf, -(si - 1), si);
      pz_cnf_put2(e->cnf, -xi, -(si - 1));
    }
  }
  pz_cnf_put2(e->cnf, -pz_litv_at(x, n - 1), -(s + (int)n - 2));
  return PZ_OK;
}

/* Klieber and Kwon's commander encoding: groups of 3, pairwise inside a
 * group, each member implies the group's commander, and at most one
 * commander, recursively. When n % 3 == 1 the last two groups have 2
 * members each, so no group is a singleton (which would only copy its
 * member). */
static int commander(pz_enc *e, pz_litv x, size_t n) {
  while (n > COMMANDER_BASE) {
    size_t groups = (n + 2) / 3;
    int c;
    int st = pz_enc_aux(e, (long long)groups, &c);
    if (st) return st;
    size_t at = 0;
    for (size_t g = 0; g < groups; g++) {
      size_t left = n - at, size = 3;
      if (left < 3) size = left;
      else if (left == 4) size = 2;
      pairwise(e->cnf, (pz_litv){x.lits ? x.lits + at : NULL,
                                 x.first + (int)at, x.sign}, size);
      for (size_t i = 0; i < size; i++)
        pz_cnf_put2(e->cnf, -pz_litv_at(x, at + i), c + (int)g);
      at += size;
    }
    x = (pz_litv){NULL, c, 1};
    n = groups;
  }
  pairwise(e->cnf, x, n);
  return PZ_OK;
}

/* Smallest p with p*p >= n. */
static size_t ceil_sqrt(size_t n) {
  size_t p = 1;
  while (p * p < n) p++;
  return p;
}

/* Chen's 2-product encoding: the inputs fill a p x q grid row by row; an
 * input implies its row variable and its column variable, and at most one
 * row and one column may be set (recursively). Two true inputs differ in
 * their row or their column. */
static int product(pz_enc *e, pz_litv x, size_t n) {
  if (n <= PRODUCT_BASE) {
    pairwise(e->cnf, x, n);
    return PZ_OK;
  }
  size_t q = (n + ceil_sqrt(n) - 1) / ceil_sqrt(n);
  size_t p = (n + q - 1) / q; /* rows actually used */
  int u;
  int st = pz_enc_aux(e, (long long)(p + q), &u);
  if (st) return st;
  int v = u + (int)p;
  for (size_t i = 0; i < n; i++) {
    int xi = pz_litv_at(x, i);
    pz_cnf_put2(e->cnf, -xi, u + (int)(i / q));
    pz_cnf_put2(e->cnf, -xi, v + (int)(i % q));
  }
  st = product(e, (pz_litv){NULL, u, 1}, p);
  return st ? st : product(e, (pz_litv){NULL, v, 1}, q);
}

/* Number of bits needed to tell m values apart: ceil(log2 m). */
static int bits_for(size_t m) {
  int b = 0;
  while (((size_t)1 << b) < m) b++;
  return b;
}

/* Clauses x -> (code of group g on the bit variables b..b+bits). */
static void implies_code(pz_cnf *cnf, int xi, size_t g, int b, int bits) {
  for (int t = 0; t < bits; t++)
    pz_cnf_put2(cnf, -xi, (g >> t) & 1 ? b + t : -(b + t));
}

/* Nguyen and Hoelldobler's bimander encoding with groups of 2: pairwise
 * inside a group; each member implies its group number in binary, so two
 * true inputs in different groups ask for two different codes. */
static int bimander(pz_enc *e, pz_litv x, size_t n) {
  size_t groups = (n + 1) / 2;
  int bits = bits_for(groups), b = 0;
  int st = pz_enc_aux(e, bits, &b);
  if (st) return st;
  for (size_t i = 0; i < n; i++) {
    int xi = pz_litv_at(x, i);
    if (i % 2 == 1) pz_cnf_put2(e->cnf, -pz_litv_at(x, i - 1), -xi);
    implies_code(e->cnf, xi, i / 2, b, bits);
  }
  return PZ_OK;
}

/* Bitwise (log) encoding: each input implies its own index in binary. */
static int binary(pz_enc *e, pz_litv x, size_t n) {
  int bits = bits_for(n), b = 0;
  int st = pz_enc_aux(e, bits, &b);
  if (st) return st;
  for (size_t i = 0; i < n; i++)
    implies_code(e->cnf, pz_litv_at(x, i), i, b, bits);
  return PZ_OK;
}

int pz_enc_amo(pz_enc *e, pz_litv x, size_t n, pz_amo_encoding enc) {
  int st = PZ_OK;
  switch (enc) {
  case PZ_AMO_PAIRWISE: pairwise(e->cnf, x, n); break;
  case PZ_AMO_LADDER: st = ladder(e, x, n); break;
  case PZ_AMO_COMMANDER: st = commander(e, x, n); break;
  case PZ_AMO_PRODUCT: st = product(e, x, n); break;
  case PZ_AMO_BIMANDER: st = bimander(e, x, n); break;
  case PZ_AMO_BINARY: st = binary(e, x, n); break;
  default: return PZ_ERR_ARG;
  }
  return st ? st : pz_cnf_status(e->cnf);
}
