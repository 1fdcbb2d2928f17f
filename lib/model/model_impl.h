/* Internals of the modelling layer: what a model stores (model.c), how it
 * is simplified by its fixed values (propagate.c) and written as clauses
 * (encode.c, sum.c). The puzzle made of a model is one layer up
 * (lib/puzzle/model_puzzle.h). */
#ifndef PZ_MODEL_IMPL_H
#define PZ_MODEL_IMPL_H

#include <limits.h>
#include <stdint.h>

#include "core/vec.h"
#include "core/poll.h"
#include "pz/card.h"
#include "pz/cnf.h"
#include "pz/model.h"

/* No fixed value. */
#define PZ_MODEL_FREE INT_MIN

/* Constraint records, stored one after another in pz_model.code:
 *   ALLDIFF  n vars[n]
 *   REL      a b cmp offset            a cmp b + offset
 *   ABS      a b cmp k                 |a - b| cmp k
 *   COUNT    value cmp k n vars[n]
 *   SUM      cmp total distinct n vars[n]
 *   FORBID   n vars[n] values[n]
 *   TABLE    n ntuples vars[n] tuples[n * ntuples]
 *   VISIBLE  cmp k n vars[n]           seen from vars[0]'s end
 *   LINEAR   cmp total n ng vars[n] coefs[n] gvars[ng] gvals[ng]
 *                                      when every gvar = gval:
 *                                      sum coefs[i] * vars[i] cmp total
 *   EQSUMS   ngroups n lens[ngroups] vars[n]
 *                                      every group has the same sum
 *   RUNSUMS  total n vars[n]           cut into runs adding to total
 * each preceded by its type; pz_model.start holds where each begins. */
enum {
  MC_ALLDIFF = 1, MC_REL, MC_ABS, MC_COUNT, MC_SUM, MC_FORBID, MC_TABLE,
  MC_VISIBLE, MC_LINEAR, MC_EQSUMS, MC_RUNSUMS
};

struct pz_model {
  pz_ivec lo, hi;   /* domain per variable */
  pz_ivec fixed;    /* fixed value per variable, or PZ_MODEL_FREE */
  pz_ivec isbool;   /* 1: made by pz_model_add_bools (one SAT variable) */
  pz_ivec code;     /* constraint records */
  pz_ivec start;    /* offset of each record in code */
  pz_ivec label;    /* per record: its label's offset in names + 1, or 0 */
  pz_ivec names;    /* labels, one char per int, each ended by 0 */
  int cur_label;    /* what new records get (pz_model_set_label) */
};

/* The label of record r (pz_model_set_label), NULL when it has none. The
 * text is written into buf (len bytes). */
const char *pz_model_record_label(const pz_model *m, size_t r, char *buf,
                                  size_t len);

/* Whether v (one value per variable) satisfies every constraint and
 * fixed value of m. */
int pz_model_satisfied(const pz_model *m, const int *v);

/* Whether values va of a and vb of b satisfy a REL or ABS record c. */
int pz_model_pair_ok(const int *c, long long va, long long vb);

/* The variables of record r: *n of them from the returned pointer (for
 * REL and ABS the two at code + 1). */
const int *pz_model_record_vars(const pz_model *m, size_t r, size_t *n);

/* --- The state of one encoding --------------------------------------------
 * Domains as bit sets (bit i = value lo + i), what propagation decided,
 * and the SAT variables of what is left. */
typedef struct pz_menc {
  const pz_model *m;
  int nvars;
  int *words_ofs;     /* nvars + 1: each domain's words in dom */
  uint64_t *dom;
  int *size;          /* candidates left per variable */
  int *value;         /* decided value, or PZ_MODEL_FREE */
  int *fix;           /* fixed value (model's or extra), or PZ_MODEL_FREE */
  int *first_lit;     /* first SAT variable of an open variable */
  unsigned char *binary; /* a boolean (pz_model_add_bools): one SAT
                            variable, true = 1 */
  /* Record index per variable (CSR), for propagation. */
  int *rec_ofs, *rec;
  int conflict;       /* the fixed values contradict the model */
  int full;           /* nothing propagated (PZ_ENCODE_FULL) */
  int encoded;        /* the tables describe the last encoding */
} pz_menc;

void pz_menc_free(pz_menc *e);

/* Sets up domains and the index for m (forgetting the last encoding);
 * with propagate, simplifies by the fixed values (extra: more fixed values
 * per variable, PZ_MODEL_FREE for none; may be NULL; one that differs from
 * the model's own is a conflict). */
int pz_menc_prepare(pz_menc *e, const pz_model *m, const int *extra,
                    int propagate, pz_poll *poll);

/* Bit test / candidate list helpers. */
static inline int pz_menc_has(const pz_menc *e, int x, int v) {
  int lo = e->m->lo.data[x];
  if (v < lo || v > e->m->hi.data[x]) return 0;
  int i = v - lo;
  return (e->dom[e->words_ofs[x] + (i >> 6)] >> (i & 63)) & 1;
}

/* Literal of "x takes v" in the last encoding: a SAT literal, or
 * PZ_MLIT_TRUE / PZ_MLIT_FALSE when propagation decided it. */
#define PZ_MLIT_TRUE INT_MAX
#define PZ_MLIT_FALSE 0

/* The negation of a literal, constants included. */
static inline int pz_mlit_neg(int lit) {
  return lit == PZ_MLIT_TRUE ? PZ_MLIT_FALSE
         : lit == PZ_MLIT_FALSE ? PZ_MLIT_TRUE : -lit;
}

/* A clause of up to three literals (PZ_MLIT_FALSE pads), constants
 * folded: a true one drops it, false ones leave it. */
void pz_mlit_put3(pz_cnf *cnf, int a, int b, int c);
int pz_menc_lit(const pz_menc *e, int x, int v);

/* Writes the clauses of the prepared model into cnf, with the model's
 * variables as projection. */
int pz_menc_emit(pz_menc *e, pz_cnf *cnf, pz_amo_encoding amo,
                 pz_card_encoding card, pz_poll *poll);

/* PZ_ERR_TOO_LARGE when m with nothing fixed (or, with full, whatever
 * is fixed) would exceed the size budget: checked before any domain is
 * built, so an empty 1024x1024 grid is refused at once. */
int pz_menc_precheck(const pz_model *m, const int *extra, int full,
                     pz_amo_encoding amo, pz_card_encoding card);

/* Sum constraints (sum.c): the clauses of record r. */
int pz_menc_emit_sum(pz_menc *e, pz_cnf *cnf, size_t r);
/* The decision diagram of a weighted sum under a guard (sum.c): coef
 * NULL for all 1; guard holds ng SAT literals that must all be true for
 * the sum to apply. */
int pz_menc_emit_linear_dd(pz_menc *e, pz_cnf *cnf, const int *vars,
                           const int *coef, int n, int cmp, long long total,
                           const int *guard, int ng);
/* The levels of a sum's decision diagram (sum.c) over the k open
 * variables open[] with coefficients coef (NULL: all 1): lo[i] and hi[i]
 * the least and most the variables from i on can add (lo[k] = hi[k] = 0);
 * level i holds the prefix sums lo[0] - lo[i] .. hi[0] - hi[i], its nodes
 * from ofs[i] (ofs[k + 1]: all of them; each array k + 2 long), and
 * *node the nodes (zeroed, malloc'd; NULL on failure).
 * PZ_ERR_TOO_LARGE past max nodes, PZ_ERR_NOMEM. */
int pz_menc_dd_levels(const pz_menc *e, const int *open, const int *coef,
                      int k, long long *lo, long long *hi, long long *ofs,
                      long long max, int **node);
/* Gives the naux nodes of node[0..count) marked -1 new auxiliary
 * variables of cnf. */
int pz_menc_dd_number(pz_cnf *cnf, int *node, long long count, long long naux);
/* Weighted sums (linear.c): the clauses of record r. */
int pz_menc_emit_linear(pz_menc *e, pz_cnf *cnf, size_t r);
/* Equal sums (eqsums.c): the clauses of record r. */
int pz_menc_emit_eqsums(pz_menc *e, pz_cnf *cnf, size_t r);
/* Visibility constraints (visible.c): the clauses of record r. */
int pz_menc_emit_visible(pz_menc *e, pz_cnf *cnf, size_t r);
/* Run sums (runsums.c): the clauses of record r. */
int pz_menc_emit_runsums(pz_menc *e, pz_cnf *cnf, size_t r);
/* Whether the values v of vars[0..n) cut into runs adding to total. */
int pz_model_runs_ok(const int *vars, size_t n, int total, const int *v);
/* The number of the n variables of a visibility record that v (one value
 * per variable of the model) shows: taller than all before them. */
int pz_model_seen(const int *vars, size_t n, const int *v);
/* Does a cmp b hold (cmp a pz_cmp)? */
int pz_model_cmp_holds(int cmp, long long a, long long b);

/* The sum encodings (docs/ENCODINGS.md, "Sums"): AUTO (the measured
 * choice), the decision diagram, the value sets of distinct sums (the
 * diagram where they do not apply), or both. Only for measurements
 * (bench/sum_bench.c): it applies to every encoding in the process. */
enum { PZ_SUM_AUTO = 0, PZ_SUM_DD, PZ_SUM_SETS, PZ_SUM_BOTH };
void pz_menc_set_sum_encoding(int mode);

/* The value of every variable from a model of the last encoding, read
 * through val(ctx, v) (> 0: SAT variable v true), into out (nvars ints). */
void pz_menc_decode(const pz_menc *e, int (*val)(const void *ctx, int var),
                    const void *ctx, int *out);

/* What SAT variable var of the last encoding means (PZ_ERR_RANGE when it
 * is no variable's). */
int pz_menc_var_meaning(const pz_menc *e, int var, int *x, int *value);

#endif
