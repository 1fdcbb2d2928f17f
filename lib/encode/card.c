/* Cardinality constraints: names, argument checks, the trivial bounds,
 * and the AUTO choices. The encodings live in amo.c, seqcounter.c,
 * totalizer.c and sortnet.c; docs/ENCODINGS.md has their sizes and the
 * measurements behind the AUTO thresholds. */
#include <limits.h>
#include <string.h>

#include "core/names.h"
#include "encode/card_impl.h"

static const char *const amo_names[PZ_AMO_COUNT] = {
    "auto", "pairwise", "ladder", "commander", "product", "bimander", "binary"};
static const char *const card_names[PZ_CARD_COUNT] = {
    "auto", "seqcounter", "totalizer", "sortnet"};

const char *pz_amo_encoding_name(int enc) {
  return pz_name_of(amo_names, PZ_AMO_COUNT, enc);
}

const char *pz_card_encoding_name(int enc) {
  return pz_name_of(card_names, PZ_CARD_COUNT, enc);
}

PZ_FROM_NAME(pz_amo_encoding_from_name, pz_amo_encoding, amo_names,
             PZ_AMO_COUNT)
PZ_FROM_NAME(pz_card_encoding_from_name, pz_card_encoding, card_names,
             PZ_CARD_COUNT)

/* AUTO for at-most-one (docs/ENCODINGS.md, "AUTO"): pairwise while it is
 * no larger than one level of groups, then the commander encoding, which
 * was fastest or close to it from n = 6 up in the measurements. */
#define AMO_AUTO_PAIRWISE_MAX 5

static pz_amo_encoding amo_auto(size_t n) {
  return n <= AMO_AUTO_PAIRWISE_MAX ? PZ_AMO_PAIRWISE : PZ_AMO_COMMANDER;
}

/* AUTO for k >= 2, after k <= n-k was arranged by negating the inputs:
 * the sequential counter while its k(n-k) registers are few, else the
 * totalizer. The sorting network never won a measurement. */
#define CARD_AUTO_SEQ_MAX 2048

static pz_card_encoding card_auto(int n, int k) {
  return (long long)k * (n - k) <= CARD_AUTO_SEQ_MAX ? PZ_CARD_SEQCOUNTER
                                                     : PZ_CARD_TOTALIZER;
}

/* Inputs are the caller's literals: non-zero, at most PZ_CNF_MAX_VAR. */
static int check_lits(const int *lits, size_t n) {
  if (n > (size_t)INT_MAX / 2) return PZ_ERR_TOO_LARGE;
  for (size_t i = 0; i < n; i++) {
    if (lits[i] == 0) return PZ_ERR_ARG;
    if (lits[i] < -PZ_CNF_MAX_VAR || lits[i] > PZ_CNF_MAX_VAR)
      return PZ_ERR_RANGE;
  }
  return PZ_OK;
}

static int check_amo(pz_cnf *cnf, const int *lits, size_t n,
                     pz_amo_encoding enc) {
  if (!cnf || (n && !lits) || (int)enc < 0 || (int)enc >= PZ_AMO_COUNT)
    return PZ_ERR_ARG;
  return check_lits(lits, n);
}

int pz_at_least_one(pz_cnf *cnf, const int *lits, size_t n) {
  if (!cnf || (n && !lits)) return PZ_ERR_ARG;
  int st = check_lits(lits, n);
  if (st) return st;
  pz_cnf_add_clause(cnf, lits, n);
  return pz_cnf_status(cnf);
}

int pz_at_most_one(pz_cnf *cnf, const int *lits, size_t n,
                   pz_amo_encoding enc) {
  int st = check_amo(cnf, lits, n, enc);
  if (st) return st;
  if (enc == PZ_AMO_AUTO) enc = amo_auto(n);
  pz_enc e = {cnf};
  return pz_enc_amo(&e, (pz_litv){lits, 0, 1}, n, enc);
}

int pz_exactly_one(pz_cnf *cnf, const int *lits, size_t n,
                   pz_amo_encoding enc) {
  int st = check_amo(cnf, lits, n, enc);
  if (st) return st;
  pz_cnf_add_clause(cnf, lits, n);
  if (enc == PZ_AMO_AUTO) enc = amo_auto(n);
  pz_enc e = {cnf};
  return pz_enc_amo(&e, (pz_litv){lits, 0, 1}, n, enc);
}

/* Adds the unit sign*x for every input. */
static void units(pz_cnf *cnf, const int *lits, size_t n, int sign) {
  for (size_t i = 0; i < n; i++) pz_cnf_add1(cnf, sign * lits[i]);
}

/* count(lits) <= k (UP), >= k (DOWN) or == k (both). */
static int card(pz_cnf *cnf, const int *lits, size_t n, int k, unsigned dir,
                pz_card_encoding enc) {
  if (!cnf || (n && !lits) || k < 0 || (int)enc < 0 ||
      (int)enc >= PZ_CARD_COUNT)
    return PZ_ERR_ARG;
  int st = check_lits(lits, n);
  if (st) return st;
  int nn = (int)n;
  /* The bounds the inputs alone decide. */
  if ((dir & PZ_DIR_DOWN) && k > nn) {
    pz_cnf_add_clause(cnf, NULL, 0);
    return pz_cnf_status(cnf);
  }
  if (!(dir & PZ_DIR_DOWN) && k >= nn) return pz_cnf_status(cnf);
  if (!(dir & PZ_DIR_UP) && k == 0) return pz_cnf_status(cnf);
  if (k == 0 || k == nn) {
    units(cnf, lits, n, k == 0 ? -1 : 1);
    return pz_cnf_status(cnf);
  }
  /* Now 0 < k < n. Count the false inputs when there are fewer of them
   * allowed or wanted: every encoding's size grows with min(k, n-k), or
   * with k alone. */
  pz_litv x = {lits, 0, 1};
  if (nn - k < k) {
    x.sign = -1;
    k = nn - k;
    if (dir != (PZ_DIR_UP | PZ_DIR_DOWN)) dir ^= PZ_DIR_UP | PZ_DIR_DOWN;
  }
  pz_enc e = {cnf};
  if (dir == PZ_DIR_DOWN && k == 1) { /* at least one: a clause */
    for (size_t i = 0; i < n; i++) pz_cnf_put(cnf, pz_litv_at(x, i));
    pz_cnf_put(cnf, 0);
    return pz_cnf_status(cnf);
  }
  if (enc == PZ_CARD_AUTO && k == 1) {
    if (dir & PZ_DIR_DOWN) {
      for (size_t i = 0; i < n; i++) pz_cnf_put(cnf, pz_litv_at(x, i));
      pz_cnf_put(cnf, 0);
    }
    return pz_enc_amo(&e, x, n, amo_auto(n));
  }
  if (enc == PZ_CARD_AUTO) enc = card_auto(nn, k);
  switch (enc) {
  case PZ_CARD_SEQCOUNTER: return pz_enc_seqcounter(&e, x, nn, k, dir);
  case PZ_CARD_TOTALIZER: return pz_enc_totalizer(&e, x, nn, k, dir);
  default: return pz_enc_sortnet(&e, x, nn, k, dir);
  }
}

int pz_at_most_k(pz_cnf *cnf, const int *lits, size_t n, int k,
                 pz_card_encoding enc) {
  return card(cnf, lits, n, k, PZ_DIR_UP, enc);
}

int pz_at_least_k(pz_cnf *cnf, const int *lits, size_t n, int k,
                  pz_card_encoding enc) {
  return card(cnf, lits, n, k, PZ_DIR_DOWN, enc);
}

int pz_exactly_k(pz_cnf *cnf, const int *lits, size_t n, int k,
                 pz_card_encoding enc) {
  return card(cnf, lits, n, k, PZ_DIR_UP | PZ_DIR_DOWN, enc);
}
