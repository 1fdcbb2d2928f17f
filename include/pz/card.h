/* pz: cardinality constraints (at-most-one, exactly-one, at-most-k, ...). */
#ifndef PZ_CARD_H
#define PZ_CARD_H

#include "cnf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* At-most-one / exactly-one encodings. AUTO picks by size (measured; see
 * docs/ENCODINGS.md). Auxiliary variables come from pz_cnf_new_vars. */
typedef enum pz_amo_encoding {
  PZ_AMO_AUTO = 0,
  PZ_AMO_PAIRWISE = 1,  /* n(n-1)/2 binary clauses, no auxiliaries */
  PZ_AMO_LADDER = 2,    /* sequential counter: n-1 auxiliaries, 3n-4 clauses */
  PZ_AMO_COMMANDER = 3, /* groups of 3 with a commander variable each */
  PZ_AMO_PRODUCT = 4,   /* Chen's 2-product encoding */
  PZ_AMO_BIMANDER = 5,  /* groups of 2 with binary-coded commanders */
  PZ_AMO_BINARY = 6     /* bitwise: ceil(log2 n) auxiliaries, n log n clauses */
} pz_amo_encoding;
#define PZ_AMO_COUNT 7

/* At-most-k / at-least-k / exactly-k encodings. */
typedef enum pz_card_encoding {
  PZ_CARD_AUTO = 0,
  PZ_CARD_SEQCOUNTER = 1, /* Sinz's sequential counter, O(nk) */
  PZ_CARD_TOTALIZER = 2,  /* Bailleux-Boufkhad totalizer, unary sums */
  PZ_CARD_SORTNET = 3     /* odd-even merge sorting network (cardinality net) */
} pz_card_encoding;
#define PZ_CARD_COUNT 4

/* Name of an encoding ("pairwise", "ladder", ...) or NULL if out of range. */
PZ_API const char *pz_amo_encoding_name(int enc);
PZ_API const char *pz_card_encoding_name(int enc);
/* Looks an encoding up by name; PZ_ERR_ARG when unknown. */
PZ_API int pz_amo_encoding_from_name(const char *name, pz_amo_encoding *out);
PZ_API int pz_card_encoding_from_name(const char *name, pz_card_encoding *out);

/* Each adds clauses over lits[0..n) to cnf and returns a status.
 * n == 0 is allowed: at-least-one and exactly-one of nothing add the empty
 * clause (unsatisfiable); at-most-one of nothing adds nothing. */
PZ_API int pz_at_least_one(pz_cnf *cnf, const int *lits, size_t n);
PZ_API int pz_at_most_one(pz_cnf *cnf, const int *lits, size_t n,
                          pz_amo_encoding enc);
PZ_API int pz_exactly_one(pz_cnf *cnf, const int *lits, size_t n,
                          pz_amo_encoding enc);

/* k < 0 is an error; k above n is trivially true for at-most and false for
 * at-least/exactly (an empty clause is added). */
PZ_API int pz_at_most_k(pz_cnf *cnf, const int *lits, size_t n, int k,
                        pz_card_encoding enc);
PZ_API int pz_at_least_k(pz_cnf *cnf, const int *lits, size_t n, int k,
                         pz_card_encoding enc);
PZ_API int pz_exactly_k(pz_cnf *cnf, const int *lits, size_t n, int k,
                        pz_card_encoding enc);

#ifdef __cplusplus
}
#endif
#endif
