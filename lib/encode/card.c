/* Cardinality constraints. */
#include <string.h>

#include "pz/card.h"

static const char *const amo_names[PZ_AMO_COUNT] = {
    "auto", "pairwise", "ladder", "commander", "product", "bimander", "binary"};
static const char *const card_names[PZ_CARD_COUNT] = {
    "auto", "seqcounter", "totalizer", "sortnet"};

const char *pz_amo_encoding_name(int enc) {
  return enc >= 0 && enc < PZ_AMO_COUNT ? amo_names[enc] : NULL;
}

const char *pz_card_encoding_name(int enc) {
  return enc >= 0 && enc < PZ_CARD_COUNT ? card_names[enc] : NULL;
}

int pz_amo_encoding_from_name(const char *name, pz_amo_encoding *out) {
  if (!name || !out) return PZ_ERR_ARG;
  for (int i = 0; i < PZ_AMO_COUNT; i++)
    if (strcmp(name, amo_names[i]) == 0) {
      *out = (pz_amo_encoding)i;
      return PZ_OK;
    }
  return PZ_ERR_ARG;
}

int pz_card_encoding_from_name(const char *name, pz_card_encoding *out) {
  if (!name || !out) return PZ_ERR_ARG;
  for (int i = 0; i < PZ_CARD_COUNT; i++)
    if (strcmp(name, card_names[i]) == 0) {
      *out = (pz_card_encoding)i;
      return PZ_OK;
    }
  return PZ_ERR_ARG;
}

int pz_at_least_one(pz_cnf *cnf, const int *lits, size_t n) {
  if (!cnf || (n && !lits)) return PZ_ERR_ARG;
  return pz_cnf_add_clause(cnf, lits, n);
}

static int amo_pairwise(pz_cnf *cnf, const int *x, size_t n) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++) pz_cnf_add2(cnf, -x[i], -x[j]);
  return pz_cnf_status(cnf);
}

/* Sequential counter: s_i means "some x_j with j <= i is true". */
static int amo_ladder(pz_cnf *cnf, const int *x, size_t n) {
  if (n <= 1) return PZ_OK;
  int s;
  int st = pz_cnf_new_vars(cnf, (int)(n - 1), &s);
  if (st) return st;
  for (size_t i = 0; i + 1 < n; i++) {
    int si = s + (int)i;
    pz_cnf_add2(cnf, -x[i], si);
    if (i > 0) {
      pz_cnf_add2(cnf, -(si - 1), si);
      pz_cnf_add2(cnf, -x[i], -(si - 1));
    }
  }
  pz_cnf_add2(cnf, -x[n - 1], -(s + (int)n - 2));
  return pz_cnf_status(cnf);
}

int pz_at_most_one(pz_cnf *cnf, const int *lits, size_t n,
                   pz_amo_encoding enc) {
  if (!cnf || (n && !lits)) return PZ_ERR_ARG;
  switch (enc) {
  case PZ_AMO_AUTO: return n <= 6 ? amo_pairwise(cnf, lits, n)
                                  : amo_ladder(cnf, lits, n);
  case PZ_AMO_PAIRWISE: return amo_pairwise(cnf, lits, n);
  case PZ_AMO_LADDER: return amo_ladder(cnf, lits, n);
  default: return PZ_ERR_UNSUPPORTED;
  }
}

int pz_exactly_one(pz_cnf *cnf, const int *lits, size_t n,
                   pz_amo_encoding enc) {
  int st = pz_at_least_one(cnf, lits, n);
  return st ? st : pz_at_most_one(cnf, lits, n, enc);
}

int pz_at_most_k(pz_cnf *cnf, const int *lits, size_t n, int k,
                 pz_card_encoding enc) {
  (void)cnf; (void)lits; (void)n; (void)k; (void)enc;
  return PZ_ERR_UNSUPPORTED;
}

int pz_at_least_k(pz_cnf *cnf, const int *lits, size_t n, int k,
                  pz_card_encoding enc) {
  (void)cnf; (void)lits; (void)n; (void)k; (void)enc;
  return PZ_ERR_UNSUPPORTED;
}

int pz_exactly_k(pz_cnf *cnf, const int *lits, size_t n, int k,
                 pz_card_encoding enc) {
  (void)cnf; (void)lits; (void)n; (void)k; (void)enc;
  return PZ_ERR_UNSUPPORTED;
}
