/* Auxiliary variables never meet the caller's: constraints written the
 * natural way (variables used without declaring them, in any order, some
 * only after an encoding has taken auxiliaries) count right with every
 * encoding. Counts come from the rules themselves (92 queens) or brute
 * force. Run with the backend as argv[1]. */
#include <stdint.h>

#include "test_main.h"
#define TEST_SEED 0x2545f4914f6cdd1dULL
#include "random.h"
#include "pz/card.h"
#include "pz/solver.h"

/* Projected solution count of cnf over variables 1..nvars. */
static uint64_t count_on(pz_cnf *cnf, int nvars) {
  int proj[64];
  for (int v = 0; v < nvars; v++) proj[v] = v + 1;
  REQUIRE(pz_cnf_set_projection(cnf, proj, (size_t)nvars, 0) == PZ_OK);
  pz_solver *s;
  REQUIRE(pz_solver_new(&s, backend) == PZ_OK);
  REQUIRE(pz_solver_add_cnf(s, cnf) == PZ_OK);
  uint64_t count = 0;
  pz_result stop;
  REQUIRE(pz_solver_count(s, 0, &count, &stop) == PZ_OK);
  CHECK_EQ(stop, PZ_UNSAT);
  pz_solver_free(s);
  return count;
}

/* Eight queens over variables r*8+c+1, rows and columns exactly one,
 * diagonals at most one, added row by row as a reader would write it. */
enum { Q = 8 };
static int queen(int r, int c) { return r * Q + c + 1; }

typedef int (*line_fn)(pz_cnf *, const int *, size_t, int exactly, int enc);

static int amo_line(pz_cnf *cnf, const int *l, size_t n, int exactly,
                    int enc) {
  return exactly ? pz_exactly_one(cnf, l, n, (pz_amo_encoding)enc)
                 : pz_at_most_one(cnf, l, n, (pz_amo_encoding)enc);
}

static int card_line(pz_cnf *cnf, const int *l, size_t n, int exactly,
                     int enc) {
  return exactly ? pz_exactly_k(cnf, l, n, 1, (pz_card_encoding)enc)
                 : pz_at_most_k(cnf, l, n, 1, (pz_card_encoding)enc);
}

static uint64_t queens(line_fn line, int enc) {
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  int l[Q];
  for (int r = 0; r < Q; r++) {
    for (int c = 0; c < Q; c++) l[c] = queen(r, c);
    CHECK_EQ(line(cnf, l, Q, 1, enc), PZ_OK);
  }
  for (int c = 0; c < Q; c++) {
    for (int r = 0; r < Q; r++) l[r] = queen(r, c);
    CHECK_EQ(line(cnf, l, Q, 1, enc), PZ_OK);
  }
  /* Diagonals r - c = d and anti-diagonals r + c = d. */
  for (int anti = 0; anti < 2; anti++)
    for (int d = anti ? 0 : -(Q - 1); d <= (anti ? 2 * Q - 2 : Q - 1); d++) {
      size_t n = 0;
      for (int r = 0; r < Q; r++) {
        int c = anti ? d - r : r - d;
        if (c >= 0 && c < Q) l[n++] = queen(r, c);
      }
      if (n > 1) CHECK_EQ(line(cnf, l, n, 0, enc), PZ_OK);
    }
  CHECK_EQ(pz_cnf_status(cnf), PZ_OK);
  uint64_t n = count_on(cnf, Q * Q);
  pz_cnf_free(cnf);
  return n;
}

static void test_queens(void) {
  for (int card = 0; card < 2; card++)
    for (int enc = 0; enc < (card ? PZ_CARD_COUNT : PZ_AMO_COUNT); enc++) {
      uint64_t n = queens(card ? card_line : amo_line, enc);
      if (n != 92)
        fprintf(stderr, "queens with %s: %llu\n",
                card ? pz_card_encoding_name(enc) : pz_amo_encoding_name(enc),
                (unsigned long long)n);
      CHECK_EQ(n, 92);
    }
}

/* Random formulas over V caller variables: cardinality constraints in
 * random encodings mixed with plain clauses, where a clause may mention a
 * variable no constraint has used yet (the number an encoder would have
 * taken for an auxiliary before). Brute force decides each assignment from
 * the same constraint list. */
enum { V = 12, MAXC = 8, MAXL = 7 };

typedef struct rule {
  int kind; /* 0 clause, 1 amo, 2 eo, 3 atmost, 4 atleast, 5 exactly */
  int k, enc;
  size_t n;
  int lits[MAXL];
} rule;

static int rule_holds(const rule *r, unsigned assign) {
  int t = 0;
  for (size_t i = 0; i < r->n; i++) {
    int v = r->lits[i] < 0 ? -r->lits[i] : r->lits[i];
    int val = (assign >> (v - 1)) & 1;
    t += r->lits[i] < 0 ? !val : val;
  }
  switch (r->kind) {
  case 0: return t >= 1;
  case 1: return t <= 1;
  case 2: return t == 1;
  case 3: return t <= r->k;
  case 4: return t >= r->k;
  default: return t == r->k;
  }
}

static int add_rule(pz_cnf *cnf, const rule *r) {
  switch (r->kind) {
  case 0: return pz_cnf_add_clause(cnf, r->lits, r->n);
  case 1: return pz_at_most_one(cnf, r->lits, r->n, (pz_amo_encoding)r->enc);
  case 2: return pz_exactly_one(cnf, r->lits, r->n, (pz_amo_encoding)r->enc);
  case 3: return pz_at_most_k(cnf, r->lits, r->n, r->k, (pz_card_encoding)r->enc);
  case 4: return pz_at_least_k(cnf, r->lits, r->n, r->k, (pz_card_encoding)r->enc);
  default: return pz_exactly_k(cnf, r->lits, r->n, r->k, (pz_card_encoding)r->enc);
  }
}

static void test_random(void) {
  for (int round = 0; round < 150; round++) {
    rule rules[MAXC];
    size_t nr = 2 + rnd_below(MAXC - 1);
    pz_cnf *cnf;
    REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
    /* Variables come into use from low to high, as a caller fills a grid:
     * each rule draws from the first `reach` variables, which grows. */
    int reach = 3;
    for (size_t i = 0; i < nr; i++) {
      rule *r = &rules[i];
      r->kind = (int)rnd_below(6);
      r->n = 2 + rnd_below(MAXL - 1);
      if (r->kind == 0) r->n = 1 + rnd_below(3);
      for (size_t j = 0; j < r->n; j++) {
        int v = 1 + (int)rnd_below((unsigned)reach);
        r->lits[j] = rnd_below(4) == 0 ? -v : v;
      }
      r->k = (int)rnd_below((unsigned)r->n + 1);
      r->enc = (int)rnd_below(r->kind <= 2 ? PZ_AMO_COUNT : PZ_CARD_COUNT);
      CHECK_EQ(add_rule(cnf, r), PZ_OK);
      reach += 1 + (int)rnd_below(3);
      if (reach > V) reach = V;
    }
    uint64_t want = 0;
    for (unsigned a = 0; a < (1u << V); a++) {
      int ok = 1;
      for (size_t i = 0; i < nr && ok; i++) ok = rule_holds(&rules[i], a);
      want += (uint64_t)ok;
    }
    uint64_t got = count_on(cnf, V);
    if (got != want)
      fprintf(stderr, "round %d: %llu solutions, brute force %llu\n", round,
              (unsigned long long)got, (unsigned long long)want);
    CHECK_EQ(got, want);
    pz_cnf_free(cnf);
  }
}

/* Auxiliaries are numbered after every caller variable in the output, and
 * the public adds refuse numbers above PZ_CNF_MAX_VAR. */
static void test_numbering(void) {
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  int l[6] = {1, 2, 3, 4, 5, 6};
  CHECK_EQ(pz_at_most_one(cnf, l, 6, PZ_AMO_LADDER), PZ_OK); /* 5 aux */
  CHECK_EQ(pz_cnf_num_vars(cnf), 11);
  CHECK_EQ(pz_cnf_add2(cnf, 7, 40), PZ_OK); /* caller variables, later */
  CHECK_EQ(pz_cnf_num_vars(cnf), 45);
  size_t len;
  const int *d = pz_cnf_data(cnf, &len);
  REQUIRE(d != NULL);
  int seen[46] = {0};
  for (size_t i = 0; i < len; i++) {
    int v = d[i] < 0 ? -d[i] : d[i];
    REQUIRE(v <= 45);
    seen[v] = 1;
  }
  for (int v = 41; v <= 45; v++) CHECK(seen[v]); /* the auxiliaries */
  for (int v = 8; v <= 39; v++) CHECK(!seen[v]);
  CHECK_EQ(pz_cnf_add(cnf, PZ_CNF_MAX_VAR + 1), PZ_ERR_RANGE);
  CHECK_EQ(pz_cnf_status(cnf), PZ_ERR_RANGE);
  pz_cnf_free(cnf);
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  int big[2] = {1, -(PZ_CNF_MAX_VAR + 1)};
  CHECK_EQ(pz_at_most_one(cnf, big, 2, PZ_AMO_PAIRWISE), PZ_ERR_RANGE);
  CHECK_EQ(pz_cnf_add_clause(cnf, big, 2), PZ_ERR_RANGE);
  CHECK_EQ(pz_cnf_num_clauses(cnf), 0);
  pz_cnf_free(cnf);
}

/* Two buffers loaded into one solver. Loaded in the order b, a every
 * variable is known before auxiliaries are numbered; in the order a, b the
 * solver has already given a's auxiliaries the numbers b uses for its own
 * variables, and must refuse b (and any clause on those numbers) rather
 * than join them silently. */
static uint64_t two_buffers(int enc, int a_first, int *refused) {
  pz_cnf *a, *b;
  REQUIRE(pz_cnf_new(&a) == PZ_OK && pz_cnf_new(&b) == PZ_OK);
  int x[6] = {1, 2, 3, 4, 5, 6}, y[6] = {7, 8, 9, 10, 11, 12};
  CHECK_EQ(pz_at_most_one(a, x, 6, (pz_amo_encoding)enc), PZ_OK);
  CHECK_EQ(pz_exactly_one(b, y, 6, (pz_amo_encoding)enc), PZ_OK);
  int proj[12];
  for (int v = 0; v < 12; v++) proj[v] = v + 1;
  REQUIRE(pz_cnf_set_projection(a_first ? b : a, proj, 12, 0) == PZ_OK);
  pz_solver *s;
  REQUIRE(pz_solver_new(&s, backend) == PZ_OK);
  REQUIRE(pz_solver_add_cnf(s, a_first ? a : b) == PZ_OK);
  int st = pz_solver_add_cnf(s, a_first ? b : a);
  uint64_t count = 0;
  *refused = st == PZ_ERR_STATE;
  if (*refused) {
    CHECK_EQ(pz_solver_add(s, 7), PZ_ERR_STATE);
    CHECK_EQ(pz_solver_assume(s, -7), PZ_ERR_STATE);
  } else {
    CHECK_EQ(st, PZ_OK);
    pz_result stop;
    REQUIRE(pz_solver_count(s, 0, &count, &stop) == PZ_OK);
  }
  pz_solver_free(s);
  pz_cnf_free(a);
  pz_cnf_free(b);
  return count;
}

static void test_two_buffers(void) {
  for (int enc = 0; enc < PZ_AMO_COUNT; enc++) {
    int refused;
    /* at most one of six, times exactly one of six */
    CHECK_EQ(two_buffers(enc, 0, &refused), 7 * 6);
    CHECK(!refused);
    uint64_t n = two_buffers(enc, 1, &refused);
    /* Pairwise and AUTO at n = 6 ... whichever has auxiliaries refuses. */
    if (!refused) CHECK_EQ(n, 7 * 6);
    if (enc == PZ_AMO_LADDER) CHECK(refused);
  }
}

/* A literal refused in the middle of a clause drops all of the clause:
 * the literals before it must not become a shorter clause (here the unit
 * clause 2, which would leave one of the seven solutions). */
static void test_refused_clause(void) {
  pz_cnf *a;
  REQUIRE(pz_cnf_new(&a) == PZ_OK);
  int x[6] = {1, 2, 3, 4, 5, 6};
  CHECK_EQ(pz_at_most_one(a, x, 6, PZ_AMO_LADDER), PZ_OK); /* aux 7..11 */
  REQUIRE(pz_cnf_set_projection(a, x, 6, 0) == PZ_OK);
  pz_solver *s;
  REQUIRE(pz_solver_new(&s, backend) == PZ_OK);
  REQUIRE(pz_solver_add_cnf(s, a) == PZ_OK);
  CHECK_EQ(pz_solver_add(s, 2), PZ_OK);
  CHECK_EQ(pz_solver_add(s, 7), PZ_ERR_STATE);
  CHECK_EQ(pz_solver_add(s, 3), PZ_ERR_STATE);
  CHECK_EQ(pz_solver_add(s, 0), PZ_ERR_STATE);
  /* The next clause is a clause of its own again: "not 6". */
  CHECK_EQ(pz_solver_add(s, -6), PZ_OK);
  CHECK_EQ(pz_solver_add(s, 0), PZ_OK);
  uint64_t count = 0;
  pz_result stop;
  REQUIRE(pz_solver_count(s, 0, &count, &stop) == PZ_OK);
  CHECK_EQ(count, 6); /* none, or one of x1..x5 */
  pz_solver_free(s);
  pz_cnf_free(a);
}

CHECK_MAIN("test_card_vars", test_numbering, test_queens, test_random,
           test_two_buffers, test_refused_clause)
