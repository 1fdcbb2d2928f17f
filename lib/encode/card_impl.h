/* Internal interface shared by the cardinality encoders (lib/encode/). */
#ifndef PZ_ENCODE_CARD_IMPL_H
#define PZ_ENCODE_CARD_IMPL_H

#include <stddef.h>

#include "cnf/cnf_impl.h"
#include "pz/card.h"

/* A list of literals without copying: lits[i] * sign when lits is set,
 * otherwise the variables first, first+1, ... (a block of auxiliaries, as
 * the recursive encodings produce). */
typedef struct pz_litv {
  const int *lits;
  int first;
  int sign;
} pz_litv;

static inline int pz_litv_at(pz_litv v, size_t i) {
  return v.lits ? v.sign * v.lits[i] : v.first + (int)i;
}

/* One encoding call. Its auxiliaries come from the buffer's own number
 * space (cnf/cnf_impl.h), so they cannot meet the caller's variables. */
typedef struct pz_enc {
  pz_cnf *cnf;
} pz_enc;

/* Reserves count auxiliaries (count may be 0) as one block. */
static inline int pz_enc_aux(pz_enc *e, long long count, int *first) {
  return pz_cnf_new_aux(e->cnf, count, first);
}

/* Which bound a counter enforces on the number of true inputs. */
#define PZ_DIR_UP 1u   /* at most k: "count >= j" implies output j */
#define PZ_DIR_DOWN 2u /* at least k: output j implies "count >= j" */

/* At-most-one of x[0..n) (enc is never AUTO here). */
int pz_enc_amo(pz_enc *e, pz_litv x, size_t n, pz_amo_encoding enc);

/* Counters for 0 < k < n: at most k (UP), at least k (DOWN), or exactly k
 * (both) of x[0..n). */
int pz_enc_seqcounter(pz_enc *e, pz_litv x, int n, int k, unsigned dir);
int pz_enc_totalizer(pz_enc *e, pz_litv x, int n, int k, unsigned dir);
int pz_enc_sortnet(pz_enc *e, pz_litv x, int n, int k, unsigned dir);

#endif
