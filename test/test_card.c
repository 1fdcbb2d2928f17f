/* Cardinality encodings: exhaustive truth tables for n <= 8, random checks
 * for larger n, argument errors, auxiliary numbering, and sizes against
 * the formulas in docs/ENCODINGS.md. Run with the backend as argv[1]. */
#include <limits.h>
#include <stdint.h>

#include "test_main.h"
#include "pz/card.h"
#include "pz/solver.h"

enum { AMO, EO, ATMOST, ATLEAST, EXACTLY };
static const char *const kind_names[] = {"amo", "eo", "atmost", "atleast",
                                         "exactly"};

/* Adds the constraint of kind over lits with encoding enc. */
static int encode(pz_cnf *cnf, int kind, int enc, const int *lits, size_t n,
                  int k) {
  switch (kind) {
  case AMO: return pz_at_most_one(cnf, lits, n, (pz_amo_encoding)enc);
  case EO: return pz_exactly_one(cnf, lits, n, (pz_amo_encoding)enc);
  case ATMOST: return pz_at_most_k(cnf, lits, n, k, (pz_card_encoding)enc);
  case ATLEAST: return pz_at_least_k(cnf, lits, n, k, (pz_card_encoding)enc);
  default: return pz_exactly_k(cnf, lits, n, k, (pz_card_encoding)enc);
  }
}

static int holds(int kind, int count, int k) {
  switch (kind) {
  case AMO: return count <= 1;
  case EO: return count == 1;
  case ATMOST: return count <= k;
  case ATLEAST: return count >= k;
  default: return count == k;
  }
}

static int encodings(int kind) {
  return kind == AMO || kind == EO ? PZ_AMO_COUNT : PZ_CARD_COUNT;
}

static const char *enc_name(int kind, int enc) {
  return kind == AMO || kind == EO ? pz_amo_encoding_name(enc)
                                   : pz_card_encoding_name(enc);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint32_t rnd(uint32_t bound) {
  rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
  return (uint32_t)(rng_state >> 33) % bound;
}

#define MAXN 64
#define PRIOR 3 /* a block reserved before the inputs: vars 1..3 */

/* Input i is variable PRIOR+1+2i (gaps between them are never used by
 * anyone), negated for every third input. Inputs are not in the buffer
 * before encoding, so the encoder has to step over them itself. */
static void make_inputs(int *lits, size_t n) {
  for (size_t i = 0; i < n; i++) {
    int v = PRIOR + 1 + 2 * (int)i;
    lits[i] = i % 3 == 1 ? -v : v;
  }
}

/* Every literal is an input variable or an auxiliary above all of them. */
static void check_numbering(const pz_cnf *cnf, size_t n, const char *what) {
  int top = PRIOR + 2 * (int)n - 1; /* largest input variable */
  size_t len;
  const int *d = pz_cnf_data(cnf, &len);
  int bad = 0;
  for (size_t i = 0; i < len; i++) {
    int v = d[i] < 0 ? -d[i] : d[i];
    if (v == 0 || v > top) continue;
    if (v <= PRIOR || (v - PRIOR) % 2 == 0) bad = 1;
  }
  if (bad) fprintf(stderr, "%s: auxiliary collides with a variable\n", what);
  CHECK(!bad);
}

/* Builds one constraint and checks it under the given input assignments
 * (bit i of masks[m] is the value of literal i); NULL masks means all. */
static void check_constraint(int kind, int enc, size_t n, int k,
                             const uint64_t *masks, size_t nmasks) {
  int lits[MAXN];
  char what[96];
  snprintf(what, sizeof what, "%s/%s n=%zu k=%d", kind_names[kind],
           enc_name(kind, enc), n, k);
  make_inputs(lits, n);
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  int first;
  REQUIRE(pz_cnf_new_vars(cnf, PRIOR, &first) == PZ_OK && first == 1);
  int st = encode(cnf, kind, enc, lits, n, k);
  if (st != PZ_OK) fprintf(stderr, "%s: status %d\n", what, st);
  CHECK_EQ(st, PZ_OK);
  check_numbering(cnf, n, what);
  pz_solver *s;
  REQUIRE(pz_solver_new(&s, backend) == PZ_OK);
  REQUIRE(pz_solver_add_cnf(s, cnf) == PZ_OK);
  size_t total = masks ? nmasks : (size_t)1 << n;
  for (size_t m = 0; m < total; m++) {
    uint64_t mask = masks ? masks[m] : (uint64_t)m;
    int count = 0;
    for (size_t i = 0; i < n; i++) {
      int on = (int)((mask >> i) & 1);
      count += on;
      REQUIRE(pz_solver_assume(s, on ? lits[i] : -lits[i]) == PZ_OK);
    }
    pz_result r;
    REQUIRE(pz_solver_solve(s, &r) == PZ_OK);
    pz_result want = holds(kind, count, k) ? PZ_SAT : PZ_UNSAT;
    if (r != want) {
      fprintf(stderr, "%s: mask %llx (count %d) gives %d, want %d\n", what,
              (unsigned long long)mask, count, (int)r, (int)want);
      check_failures++;
      break;
    }
  }
  pz_solver_free(s);
  pz_cnf_free(cnf);
}

static void test_exhaustive(void) {
  for (int kind = AMO; kind <= EXACTLY; kind++)
    for (int enc = 0; enc < encodings(kind); enc++)
      for (size_t n = 0; n <= 8; n++) {
        int kmax = kind == AMO || kind == EO ? 0 : (int)n + 1;
        for (int k = 0; k <= kmax; k++)
          check_constraint(kind, enc, n, k, NULL, 0);
      }
}

/* Larger n: assignments whose count is near the bound, and a few others. */
static void test_random(void) {
  uint64_t masks[40];
  for (int round = 0; round < 300; round++) {
    size_t n = 9 + rnd(MAXN - 9 + 1);
    int kind = (int)rnd(5);
    int enc = (int)rnd((uint32_t)encodings(kind));
    int k = kind == AMO || kind == EO ? 1 : (int)rnd((uint32_t)n + 2);
    for (size_t m = 0; m < 40; m++) {
      int lo = k - 2 < 0 ? 0 : k - 2, hi = k + 2 > (int)n ? (int)n : k + 2;
      int want = m < 30 ? lo + (int)rnd((uint32_t)(hi - lo + 1))
                        : (int)rnd((uint32_t)n + 1);
      if (want > (int)n) want = (int)n;
      uint64_t mask = 0;
      for (int c = 0; c < want;) { /* want distinct random positions */
        uint64_t bit = (uint64_t)1 << rnd((uint32_t)n);
        if (!(mask & bit)) {
          mask |= bit;
          c++;
        }
      }
      masks[m] = mask;
    }
    check_constraint(kind, enc, n, k, masks, 40);
  }
}

/* Literals are counted by position: a repeated literal counts twice, and
 * x next to -x always contributes exactly one. */
static void test_duplicates(void) {
  for (int enc = 0; enc < PZ_CARD_COUNT; enc++) {
    /* at most 2 of (x, x, y, -y, z): x true makes three. */
    int lits[5] = {1, 1, 2, -2, 3};
    pz_cnf *cnf;
    REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
    CHECK_EQ(pz_at_most_k(cnf, lits, 5, 2, (pz_card_encoding)enc), PZ_OK);
    pz_solver *s;
    REQUIRE(pz_solver_new(&s, backend) == PZ_OK);
    REQUIRE(pz_solver_add_cnf(s, cnf) == PZ_OK);
    for (int m = 0; m < 8; m++) {
      int x = m & 1, z = (m >> 2) & 1, count = 2 * x + 1 + z;
      pz_solver_assume(s, x ? 1 : -1);
      pz_solver_assume(s, (m >> 1) & 1 ? 2 : -2);
      pz_solver_assume(s, z ? 3 : -3);
      pz_result r;
      REQUIRE(pz_solver_solve(s, &r) == PZ_OK);
      CHECK_EQ(r, count <= 2 ? PZ_SAT : PZ_UNSAT);
    }
    pz_solver_free(s);
    pz_cnf_free(cnf);
  }
}

static void test_errors(void) {
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  int lits[3] = {1, -2, 3}, zero[2] = {1, 0}, big[2] = {1, INT_MIN};
  for (int kind = AMO; kind <= EXACTLY; kind++) {
    int n_enc = encodings(kind);
    CHECK_EQ(encode(NULL, kind, 0, lits, 3, 1), PZ_ERR_ARG);
    CHECK_EQ(encode(cnf, kind, 0, NULL, 3, 1), PZ_ERR_ARG);
    CHECK_EQ(encode(cnf, kind, n_enc, lits, 3, 1), PZ_ERR_ARG);
    CHECK_EQ(encode(cnf, kind, -1, lits, 3, 1), PZ_ERR_ARG);
    CHECK_EQ(encode(cnf, kind, 1, zero, 2, 1), PZ_ERR_ARG);
    CHECK_EQ(encode(cnf, kind, 1, big, 2, 1), PZ_ERR_RANGE);
    if (kind >= ATMOST) {
      CHECK_EQ(encode(cnf, kind, 1, lits, 3, -1), PZ_ERR_ARG);
      CHECK_EQ(encode(cnf, kind, 1, lits, 3, INT_MIN), PZ_ERR_ARG);
    }
  }
  CHECK_EQ(pz_at_least_one(NULL, lits, 3), PZ_ERR_ARG);
  CHECK_EQ(pz_at_least_one(cnf, NULL, 3), PZ_ERR_ARG);
  CHECK_EQ(pz_at_least_one(cnf, zero, 2), PZ_ERR_ARG);
  /* Nothing was added by a failed call, and the buffer is still usable. */
  CHECK_EQ(pz_cnf_num_clauses(cnf), 0);
  CHECK_EQ(pz_cnf_num_vars(cnf), 0);
  CHECK_EQ(pz_cnf_status(cnf), PZ_OK);

  /* NULL lits with n == 0 is fine. */
  CHECK_EQ(pz_at_most_one(cnf, NULL, 0, PZ_AMO_AUTO), PZ_OK);
  CHECK_EQ(pz_at_most_k(cnf, NULL, 0, 0, PZ_CARD_AUTO), PZ_OK);
  CHECK_EQ(pz_at_least_k(cnf, NULL, 0, 0, PZ_CARD_AUTO), PZ_OK);
  CHECK_EQ(pz_exactly_k(cnf, NULL, 0, 0, PZ_CARD_AUTO), PZ_OK);
  CHECK_EQ(pz_cnf_num_clauses(cnf), 0);
  /* ... but asking for one of nothing adds the empty clause. */
  CHECK_EQ(pz_at_least_one(cnf, NULL, 0), PZ_OK);
  CHECK_EQ(pz_exactly_one(cnf, NULL, 0, PZ_AMO_LADDER), PZ_OK);
  CHECK_EQ(pz_at_least_k(cnf, NULL, 0, 1, PZ_CARD_SORTNET), PZ_OK);
  CHECK_EQ(pz_exactly_k(cnf, lits, 3, 4, PZ_CARD_TOTALIZER), PZ_OK);
  CHECK_EQ(pz_cnf_num_clauses(cnf), 4);
  CHECK_EQ(pz_cnf_num_literals(cnf), 0);
  pz_cnf_free(cnf);

  /* Names round-trip; unknown names and numbers are refused. */
  for (int i = 0; i < PZ_AMO_COUNT; i++) {
    pz_amo_encoding e;
    CHECK_EQ(pz_amo_encoding_from_name(pz_amo_encoding_name(i), &e), PZ_OK);
    CHECK_EQ(e, i);
  }
  for (int i = 0; i < PZ_CARD_COUNT; i++) {
    pz_card_encoding e;
    CHECK_EQ(pz_card_encoding_from_name(pz_card_encoding_name(i), &e), PZ_OK);
    CHECK_EQ(e, i);
  }
  pz_amo_encoding ae;
  pz_card_encoding ce;
  CHECK(pz_amo_encoding_name(PZ_AMO_COUNT) == NULL);
  CHECK(pz_amo_encoding_name(-1) == NULL);
  CHECK(pz_card_encoding_name(PZ_CARD_COUNT) == NULL);
  CHECK_EQ(pz_amo_encoding_from_name("nope", &ae), PZ_ERR_ARG);
  CHECK_EQ(pz_card_encoding_from_name(NULL, &ce), PZ_ERR_ARG);
  CHECK_EQ(pz_card_encoding_from_name("totalizer", NULL), PZ_ERR_ARG);
}

/* Auxiliaries read out above a block reserved earlier and above the
 * inputs, and above a caller variable reserved after them. */
static void test_numbering(void) {
  int lits[6] = {100, -101, 102, 103, -104, 105};
  for (int kind = AMO; kind <= EXACTLY; kind++)
    for (int enc = 0; enc < encodings(kind); enc++) {
      pz_cnf *cnf;
      REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
      int first, after;
      REQUIRE(pz_cnf_new_vars(cnf, 200, &first) == PZ_OK);
      CHECK_EQ(encode(cnf, kind, enc, lits, 6, 2), PZ_OK);
      size_t len;
      const int *d = pz_cnf_data(cnf, &len);
      int top = 0;
      for (size_t i = 0; i < len; i++) {
        int v = d[i] < 0 ? -d[i] : d[i];
        if (v && (v < 100 || v > 105)) CHECK(v > 200);
        if (v > top) top = v;
      }
      CHECK(pz_cnf_num_vars(cnf) >= top);
      /* A caller variable taken afterwards is the next caller number; the
       * auxiliaries move above it in the next read-out. */
      REQUIRE(pz_cnf_new_vars(cnf, 1, &after) == PZ_OK);
      CHECK_EQ(after, 201);
      d = pz_cnf_data(cnf, &len);
      for (size_t i = 0; i < len; i++) {
        int v = d[i] < 0 ? -d[i] : d[i];
        if (v && (v < 100 || v > 105)) CHECK(v > after);
      }
      pz_cnf_free(cnf);
      /* Empty buffer: inputs 100..105 not seen yet. */
      REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
      CHECK_EQ(encode(cnf, kind, enc, lits, 6, 2), PZ_OK);
      d = pz_cnf_data(cnf, &len);
      for (size_t i = 0; i < len; i++) {
        int v = d[i] < 0 ? -d[i] : d[i];
        if (v && (v < 100 || v > 105)) CHECK(v > 105);
      }
      pz_cnf_free(cnf);
    }
}

/* Auxiliaries and clauses one constraint adds over inputs 1..n. */
static void measure(int kind, int enc, int n, int k, long *aux,
                    long *clauses) {
  int lits[MAXN];
  for (int i = 0; i < n; i++) lits[i] = i + 1;
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  int first;
  if (n) REQUIRE(pz_cnf_new_vars(cnf, n, &first) == PZ_OK);
  CHECK_EQ(encode(cnf, kind, enc, lits, (size_t)n, k), PZ_OK);
  *aux = pz_cnf_num_vars(cnf) - n;
  *clauses = (long)pz_cnf_num_clauses(cnf);
  pz_cnf_free(cnf);
}

static long bits_for(long m) {
  long b = 0;
  while ((1L << b) < m) b++;
  return b;
}

/* The recurrences of docs/ENCODINGS.md, written out independently. */
static void commander_size(long n, long *aux, long *cl) {
  if (n <= 5) {
    *aux = 0;
    *cl = n * (n - 1) / 2;
    return;
  }
  long g = (n + 2) / 3, twos = n % 3 == 1 ? 2 : n % 3 == 2 ? 1 : 0;
  long threes = g - twos;
  commander_size(g, aux, cl);
  *aux += g;
  *cl += threes * (3 + 3) + twos * (1 + 2);
}

static long ceil_sqrt(long n) {
  long p = 1;
  while (p * p < n) p++;
  return p;
}

static void product_size(long n, long *aux, long *cl) {
  if (n <= 6) {
    *aux = 0;
    *cl = n * (n - 1) / 2;
    return;
  }
  long q = (n + ceil_sqrt(n) - 1) / ceil_sqrt(n), p = (n + q - 1) / q;
  long a1, c1, a2, c2;
  product_size(p, &a1, &c1);
  product_size(q, &a2, &c2);
  *aux = p + q + a1 + a2;
  *cl = 2 * n + c1 + c2;
}

/* Totalizer: node outputs m = min(size, w); the root has none. */
static long tot_pairs(long p, long q, long lo, long hi) {
  long c = 0; /* pairs 0<=i<=p, 0<=j<=q with lo <= i+j <= hi */
  for (long i = 0; i <= p; i++)
    for (long j = 0; j <= q; j++) c += i + j >= lo && i + j <= hi;
  return c;
}

static long tot_node(long size, long w, long k, int up, int down, int root,
                     long *aux, long *cl) {
  if (size == 1) return 1;
  long pa = tot_node(size / 2, w, k, up, down, 0, aux, cl);
  long pb = tot_node(size - size / 2, w, k, up, down, 0, aux, cl);
  if (root) {
    *cl += (up ? tot_pairs(pa, pb, k + 1, k + 1) : 0) +
           (down ? tot_pairs(pa, pb, k - 1, k - 1) : 0);
    return 0;
  }
  long m = pa + pb < w ? pa + pb : w;
  *aux += m;
  *cl += (up ? tot_pairs(pa, pb, 1, m) : 0) +
         (down ? tot_pairs(pa, pb, 0, m - 1) : 0);
  return m;
}

/* Size by the doc's formulas; returns 0 when it has none (sortnet). */
static int formula(int kind, int enc, long n, long k, long *aux, long *cl) {
  *aux = 0;
  *cl = 0;
  if (kind == AMO || kind == EO) {
    if (enc == PZ_AMO_AUTO) enc = n <= 5 ? PZ_AMO_PAIRWISE : PZ_AMO_COMMANDER;
    long extra = kind == EO ? 1 : 0;
    switch (enc) {
    case PZ_AMO_PAIRWISE: *cl = n * (n - 1) / 2; break;
    case PZ_AMO_LADDER:
      *aux = n > 1 ? n - 1 : 0;
      *cl = n > 1 ? 3 * n - 4 : 0;
      break;
    case PZ_AMO_COMMANDER: commander_size(n, aux, cl); break;
    case PZ_AMO_PRODUCT: product_size(n, aux, cl); break;
    case PZ_AMO_BIMANDER:
      *aux = bits_for((n + 1) / 2);
      *cl = n / 2 + n * *aux;
      break;
    default:
      *aux = bits_for(n);
      *cl = n * *aux;
    }
    *cl += extra;
    return 1;
  }
  int up = kind != ATLEAST, down = kind != ATMOST;
  if (down && k > n) { *cl = 1; return 1; }
  if (!down && k >= n) return 1;
  if (!up && k == 0) return 1;
  if (k == 0 || k == n) { *cl = n; return 1; }
  /* Count the side with fewer: a flipped at-most is an at-least. */
  if (n - k < k) {
    k = n - k;
    if (up != down) { up = !up; down = !down; }
  }
  if (!up && k == 1) { *cl = 1; return 1; }
  if (enc == PZ_CARD_AUTO && k == 1) { /* at most one, AUTO */
    formula(AMO, PZ_AMO_AUTO, n, 1, aux, cl);
    *cl += down;
    return 1;
  }
  if (enc == PZ_CARD_AUTO)
    enc = k * (n - k) <= 2048 ? PZ_CARD_SEQCOUNTER : PZ_CARD_TOTALIZER;
  if (enc == PZ_CARD_SEQCOUNTER) {
    *aux = k * (n - k);
    *cl = up && down ? 4 * k * (n - k)
          : up       ? 2 * k * (n - k) + n - 2 * k
                     : 2 * k * (n - k) - n + 2 * k;
    return 1;
  }
  if (enc == PZ_CARD_TOTALIZER) {
    tot_node(n, up ? k + 1 : k, k, up, down, 1, aux, cl);
    return 1;
  }
  return 0;
}

static void test_sizes(void) {
  for (int kind = AMO; kind <= EXACTLY; kind++)
    for (int enc = 0; enc < encodings(kind); enc++)
      for (int n = 0; n <= MAXN; n++)
        for (int k = 0; k <= n + 1; k++) {
          if ((kind == AMO || kind == EO) && k > 0) break;
          long a, c, fa, fc;
          if (!formula(kind, enc, n, k, &fa, &fc)) continue;
          measure(kind, enc, n, k, &a, &c);
          if (a != fa || c != fc) {
            fprintf(stderr, "%s/%s n=%d k=%d: %ld aux %ld clauses, doc says "
                    "%ld and %ld\n", kind_names[kind], enc_name(kind, enc),
                    n, k, a, c, fa, fc);
            check_failures++;
          }
        }
}

/* The tables of docs/ENCODINGS.md (card_bench sizes): k = 3 and n/2. */
static const struct {
  int kind, enc, n, k;
  long aux, clauses;
} doc_table[] = {
    {AMO, PZ_AMO_AUTO, 9, 1, 3, 21},
    {AMO, PZ_AMO_AUTO, 16, 1, 8, 43},
    {AMO, PZ_AMO_AUTO, 25, 1, 12, 69},
    {AMO, PZ_AMO_AUTO, 64, 1, 33, 186},
    {AMO, PZ_AMO_PAIRWISE, 9, 1, 0, 36},
    {AMO, PZ_AMO_PAIRWISE, 16, 1, 0, 120},
    {AMO, PZ_AMO_PAIRWISE, 25, 1, 0, 300},
    {AMO, PZ_AMO_PAIRWISE, 64, 1, 0, 2016},
    {AMO, PZ_AMO_LADDER, 9, 1, 8, 23},
    {AMO, PZ_AMO_LADDER, 16, 1, 15, 44},
    {AMO, PZ_AMO_LADDER, 25, 1, 24, 71},
    {AMO, PZ_AMO_LADDER, 64, 1, 63, 188},
    {AMO, PZ_AMO_COMMANDER, 9, 1, 3, 21},
    {AMO, PZ_AMO_COMMANDER, 16, 1, 8, 43},
    {AMO, PZ_AMO_COMMANDER, 25, 1, 12, 69},
    {AMO, PZ_AMO_COMMANDER, 64, 1, 33, 186},
    {AMO, PZ_AMO_PRODUCT, 9, 1, 6, 24},
    {AMO, PZ_AMO_PRODUCT, 16, 1, 8, 44},
    {AMO, PZ_AMO_PRODUCT, 25, 1, 10, 70},
    {AMO, PZ_AMO_PRODUCT, 64, 1, 28, 172},
    {AMO, PZ_AMO_BIMANDER, 9, 1, 3, 31},
    {AMO, PZ_AMO_BIMANDER, 16, 1, 3, 56},
    {AMO, PZ_AMO_BIMANDER, 25, 1, 4, 112},
    {AMO, PZ_AMO_BIMANDER, 64, 1, 5, 352},
    {AMO, PZ_AMO_BINARY, 9, 1, 4, 36},
    {AMO, PZ_AMO_BINARY, 16, 1, 4, 64},
    {AMO, PZ_AMO_BINARY, 25, 1, 5, 125},
    {AMO, PZ_AMO_BINARY, 64, 1, 6, 384},
    {ATMOST, PZ_CARD_AUTO, 9, 3, 18, 39},
    {ATMOST, PZ_CARD_AUTO, 16, 3, 39, 88},
    {ATMOST, PZ_CARD_AUTO, 25, 3, 66, 151},
    {ATMOST, PZ_CARD_AUTO, 64, 3, 183, 424},
    {ATMOST, PZ_CARD_AUTO, 9, 4, 20, 41},
    {ATMOST, PZ_CARD_AUTO, 16, 8, 64, 128},
    {ATMOST, PZ_CARD_AUTO, 25, 12, 156, 313},
    {ATMOST, PZ_CARD_AUTO, 64, 32, 1024, 2048},
    {ATMOST, PZ_CARD_SEQCOUNTER, 9, 3, 18, 39},
    {ATMOST, PZ_CARD_SEQCOUNTER, 16, 3, 39, 88},
    {ATMOST, PZ_CARD_SEQCOUNTER, 25, 3, 66, 151},
    {ATMOST, PZ_CARD_SEQCOUNTER, 64, 3, 183, 424},
    {ATMOST, PZ_CARD_SEQCOUNTER, 9, 4, 20, 41},
    {ATMOST, PZ_CARD_SEQCOUNTER, 16, 8, 64, 128},
    {ATMOST, PZ_CARD_SEQCOUNTER, 25, 12, 156, 313},
    {ATMOST, PZ_CARD_SEQCOUNTER, 64, 32, 1024, 2048},
    {ATMOST, PZ_CARD_TOTALIZER, 9, 3, 19, 40},
    {ATMOST, PZ_CARD_TOTALIZER, 16, 3, 40, 89},
    {ATMOST, PZ_CARD_TOTALIZER, 25, 3, 67, 152},
    {ATMOST, PZ_CARD_TOTALIZER, 64, 3, 184, 425},
    {ATMOST, PZ_CARD_TOTALIZER, 9, 4, 20, 41},
    {ATMOST, PZ_CARD_TOTALIZER, 16, 8, 48, 112},
    {ATMOST, PZ_CARD_TOTALIZER, 25, 12, 93, 250},
    {ATMOST, PZ_CARD_TOTALIZER, 64, 32, 320, 1344},
    {ATMOST, PZ_CARD_SORTNET, 9, 3, 34, 53},
    {ATMOST, PZ_CARD_SORTNET, 16, 3, 71, 112},
    {ATMOST, PZ_CARD_SORTNET, 25, 3, 122, 193},
    {ATMOST, PZ_CARD_SORTNET, 64, 3, 335, 532},
    {ATMOST, PZ_CARD_SORTNET, 9, 4, 40, 61},
    {ATMOST, PZ_CARD_SORTNET, 16, 8, 91, 137},
    {ATMOST, PZ_CARD_SORTNET, 25, 12, 202, 304},
    {ATMOST, PZ_CARD_SORTNET, 64, 32, 827, 1241},
    {ATLEAST, PZ_CARD_AUTO, 9, 3, 18, 33},
    {ATLEAST, PZ_CARD_AUTO, 16, 3, 39, 68},
    {ATLEAST, PZ_CARD_AUTO, 25, 3, 66, 113},
    {ATLEAST, PZ_CARD_AUTO, 64, 3, 183, 308},
    {ATLEAST, PZ_CARD_AUTO, 9, 4, 20, 39},
    {ATLEAST, PZ_CARD_AUTO, 16, 8, 64, 128},
    {ATLEAST, PZ_CARD_AUTO, 25, 12, 156, 311},
    {ATLEAST, PZ_CARD_AUTO, 64, 32, 1024, 2048},
    {ATLEAST, PZ_CARD_SEQCOUNTER, 9, 3, 18, 33},
    {ATLEAST, PZ_CARD_SEQCOUNTER, 16, 3, 39, 68},
    {ATLEAST, PZ_CARD_SEQCOUNTER, 25, 3, 66, 113},
    {ATLEAST, PZ_CARD_SEQCOUNTER, 64, 3, 183, 308},
    {ATLEAST, PZ_CARD_SEQCOUNTER, 9, 4, 20, 39},
    {ATLEAST, PZ_CARD_SEQCOUNTER, 16, 8, 64, 128},
    {ATLEAST, PZ_CARD_SEQCOUNTER, 25, 12, 156, 311},
    {ATLEAST, PZ_CARD_SEQCOUNTER, 64, 32, 1024, 2048},
    {ATLEAST, PZ_CARD_TOTALIZER, 9, 3, 17, 32},
    {ATLEAST, PZ_CARD_TOTALIZER, 16, 3, 34, 63},
    {ATLEAST, PZ_CARD_TOTALIZER, 25, 3, 60, 107},
    {ATLEAST, PZ_CARD_TOTALIZER, 64, 3, 154, 279},
    {ATLEAST, PZ_CARD_TOTALIZER, 9, 4, 19, 38},
    {ATLEAST, PZ_CARD_TOTALIZER, 16, 8, 48, 112},
    {ATLEAST, PZ_CARD_TOTALIZER, 25, 12, 92, 247},
    {ATLEAST, PZ_CARD_TOTALIZER, 64, 32, 320, 1344},
    {ATLEAST, PZ_CARD_SORTNET, 9, 3, 28, 41},
    {ATLEAST, PZ_CARD_SORTNET, 16, 3, 55, 78},
    {ATLEAST, PZ_CARD_SORTNET, 25, 3, 92, 129},
    {ATLEAST, PZ_CARD_SORTNET, 64, 3, 247, 342},
    {ATLEAST, PZ_CARD_SORTNET, 9, 4, 34, 51},
    {ATLEAST, PZ_CARD_SORTNET, 16, 8, 91, 137},
    {ATLEAST, PZ_CARD_SORTNET, 25, 12, 202, 303},
    {ATLEAST, PZ_CARD_SORTNET, 64, 32, 827, 1241},
    {EXACTLY, PZ_CARD_AUTO, 9, 3, 18, 72},
    {EXACTLY, PZ_CARD_AUTO, 16, 3, 39, 156},
    {EXACTLY, PZ_CARD_AUTO, 25, 3, 66, 264},
    {EXACTLY, PZ_CARD_AUTO, 64, 3, 183, 732},
    {EXACTLY, PZ_CARD_AUTO, 9, 4, 20, 80},
    {EXACTLY, PZ_CARD_AUTO, 16, 8, 64, 256},
    {EXACTLY, PZ_CARD_AUTO, 25, 12, 156, 624},
    {EXACTLY, PZ_CARD_AUTO, 64, 32, 1024, 4096},
    {EXACTLY, PZ_CARD_SEQCOUNTER, 9, 3, 18, 72},
    {EXACTLY, PZ_CARD_SEQCOUNTER, 16, 3, 39, 156},
    {EXACTLY, PZ_CARD_SEQCOUNTER, 25, 3, 66, 264},
    {EXACTLY, PZ_CARD_SEQCOUNTER, 64, 3, 183, 732},
    {EXACTLY, PZ_CARD_SEQCOUNTER, 9, 4, 20, 80},
    {EXACTLY, PZ_CARD_SEQCOUNTER, 16, 8, 64, 256},
    {EXACTLY, PZ_CARD_SEQCOUNTER, 25, 12, 156, 624},
    {EXACTLY, PZ_CARD_SEQCOUNTER, 64, 32, 1024, 4096},
    {EXACTLY, PZ_CARD_TOTALIZER, 9, 3, 19, 77},
    {EXACTLY, PZ_CARD_TOTALIZER, 16, 3, 40, 168},
    {EXACTLY, PZ_CARD_TOTALIZER, 25, 3, 67, 285},
    {EXACTLY, PZ_CARD_TOTALIZER, 64, 3, 184, 792},
    {EXACTLY, PZ_CARD_TOTALIZER, 9, 4, 20, 81},
    {EXACTLY, PZ_CARD_TOTALIZER, 16, 8, 48, 224},
    {EXACTLY, PZ_CARD_TOTALIZER, 25, 12, 93, 499},
    {EXACTLY, PZ_CARD_TOTALIZER, 64, 32, 320, 2688},
    {EXACTLY, PZ_CARD_SORTNET, 9, 3, 37, 113},
    {EXACTLY, PZ_CARD_SORTNET, 16, 3, 74, 224},
    {EXACTLY, PZ_CARD_SORTNET, 25, 3, 125, 377},
    {EXACTLY, PZ_CARD_SORTNET, 64, 3, 338, 1016},
    {EXACTLY, PZ_CARD_SORTNET, 9, 4, 41, 125},
    {EXACTLY, PZ_CARD_SORTNET, 16, 8, 92, 278},
    {EXACTLY, PZ_CARD_SORTNET, 25, 12, 203, 611},
    {EXACTLY, PZ_CARD_SORTNET, 64, 32, 828, 2486},
};

static void test_doc_table(void) {
  for (size_t i = 0; i < sizeof doc_table / sizeof *doc_table; i++) {
    long a, c;
    measure(doc_table[i].kind, doc_table[i].enc, doc_table[i].n,
            doc_table[i].k, &a, &c);
    if (a != doc_table[i].aux || c != doc_table[i].clauses) {
      fprintf(stderr, "%s/%s n=%d k=%d: %ld / %ld, docs/ENCODINGS.md says "
              "%ld / %ld\n", kind_names[doc_table[i].kind],
              enc_name(doc_table[i].kind, doc_table[i].enc), doc_table[i].n,
              doc_table[i].k, a, c, doc_table[i].aux, doc_table[i].clauses);
      check_failures++;
    }
  }
}

CHECK_MAIN_LINKED("test_card", test_errors, test_numbering, test_sizes,
                  test_doc_table, test_duplicates, test_exhaustive, test_random)
