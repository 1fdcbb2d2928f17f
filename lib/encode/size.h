/* Size of an encoding before it is written, so that an instance too large
 * for memory is refused up front (PZ_ERR_TOO_LARGE) instead of failing
 * halfway or taking the machine's memory. Each cardinality constraint's
 * literal count is learnt by writing it once into a scratch buffer (per
 * size: puzzles repeat the same few), except pairwise, whose count is
 * known (m for "at least one" plus m(m-1) for the pairs). */
#ifndef PZ_SIZE_H
#define PZ_SIZE_H

#include <stddef.h>

#include "pz/card.h"

typedef struct pz_size_memo pz_size_memo;

typedef struct pz_sizer {
  long long literals;  /* counted so far */
  int st;              /* first error (PZ_ERR_NOMEM ...) */
  pz_cnf *scratch;
  int *lits;
  size_t lits_cap;
  struct pz_size_entry *tab; /* (kind, m, k) -> literals, open addressing */
  size_t tab_cap, tab_len;
} pz_sizer;

void pz_sizer_init(pz_sizer *z);
void pz_sizer_free(pz_sizer *z);
/* Adds the literals of pz_exactly_one(m literals, amo) / pz_exactly_k(m
 * literals, k, card) as the library writes them. */
void pz_size_exactly_one(pz_sizer *z, size_t m, pz_amo_encoding amo);
void pz_size_exactly_k(pz_sizer *z, size_t m, int k, pz_card_encoding card);
/* PZ_ERR_TOO_LARGE above the budget (PZ_PUZZLE_MAX_LITERALS), the first
 * error, or PZ_OK. Callers may stop adding once it is non-zero. */
int pz_size_verdict(const pz_sizer *z);

#endif
