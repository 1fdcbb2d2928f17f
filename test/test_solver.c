/* The solver layer against a backend named on the command line and against
 * a fake backend (a brute-force test double), through the same checks. */
#include <stdint.h>
#include <time.h>

#include <pz.h>
#include <pz/backend.h>

#include "check.h"
#include "test_backend.h"

/* --- Fake backend: brute force over at most 20 variables ------------- */
typedef struct fake {
  int clauses[256][8], len[256], nclauses, open;
  int assumed[32], nassumed;
  int failed_lits[32], nfailed;
  int maxvar, model, solved;
  void *tstate;
  int (*tfn)(void *);
} fake;

static void *fake_init(void) { return calloc(1, sizeof(fake)); }
static void fake_release(void *s) { free(s); }
static void fake_add(void *s, int lit) {
  fake *f = (fake *)s;
  f->solved = 0;
  if (lit == 0) {
    f->nclauses++;
    return;
  }
  int v = lit < 0 ? -lit : lit;
  if (v > f->maxvar) f->maxvar = v;
  f->clauses[f->nclauses][f->len[f->nclauses]++] = lit;
}
static void fake_assume(void *s, int lit) {
  fake *f = (fake *)s;
  int v = lit < 0 ? -lit : lit;
  if (v > f->maxvar) f->maxvar = v;
  f->assumed[f->nassumed++] = lit;
}
static int holds(int model, int lit) {
  int v = lit < 0 ? -lit : lit, bit = (model >> (v - 1)) & 1;
  return lit > 0 ? bit : !bit;
}
static int fake_solve(void *s) {
  fake *f = (fake *)s;
  if (f->tfn && f->tfn(f->tstate)) {
    f->nassumed = 0;
    return 0;
  }
  int res = 20;
  for (int m = 0; m < (1 << f->maxvar) && res == 20; m++) {
    int ok = 1;
    for (int a = 0; a < f->nassumed && ok; a++) ok = holds(m, f->assumed[a]);
    for (int c = 0; c < f->nclauses && ok; c++) {
      int sat = 0;
      for (int i = 0; i < f->len[c] && !sat; i++) sat = holds(m, f->clauses[c][i]);
      ok = sat;
    }
    if (ok) res = 10, f->model = m;
  }
  /* Crude but valid: every assumption counts as failed. */
  f->nfailed = res == 20 ? f->nassumed : 0;
  for (int a = 0; a < f->nfailed; a++) f->failed_lits[a] = f->assumed[a];
  f->nassumed = 0;
  f->solved = res;
  return res;
}
static int fake_val(void *s, int lit) {
  fake *f = (fake *)s;
  return holds(f->model, lit) ? lit : -lit;
}
static int fake_failed(void *s, int lit) {
  fake *f = (fake *)s;
  for (int a = 0; a < f->nfailed; a++)
    if (f->failed_lits[a] == lit) return 1;
  return 0;
}
static void fake_terminate(void *s, void *state, int (*fn)(void *)) {
  ((fake *)s)->tstate = state;
  ((fake *)s)->tfn = fn;
}
static const char *fake_sig(void) { return "fake-1"; }
static const pz_backend fake_backend = {
    TEST_BACKEND_OPS(fake),
    .name = "fake",
    .set_terminate = fake_terminate,
};

/* --- Contract checks --------------------------------------------------- */
static pz_solver *make(const char *name) {
  pz_solver *s = NULL;
  if (strcmp(name, "fake") == 0)
    REQUIRE(pz_solver_new_with(&s, &fake_backend) == PZ_OK);
  else
    REQUIRE(pz_solver_new(&s, name) == PZ_OK);
  REQUIRE(s != NULL);
  return s;
}

static void add_clause(pz_solver *s, int a, int b, int c) {
  pz_solver_add(s, a);
  if (b) pz_solver_add(s, b);
  if (c) pz_solver_add(s, c);
  pz_solver_add(s, 0);
}

static void basics(const char *name) {
  pz_solver *s = make(name);
  pz_result r;
  CHECK_EQ(strcmp(pz_solver_backend(s), name), 0);
  CHECK(pz_solver_signature(s) != NULL);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT); /* the empty formula */
  CHECK_EQ(pz_solver_value(s, 1), -1); /* a variable never seen */
  add_clause(s, 1, 2, 0);
  add_clause(s, -1, 3, 0);
  /* Assumptions hold for one call only. */
  CHECK_EQ(pz_solver_assume(s, -2), PZ_OK);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  CHECK_EQ(pz_solver_value(s, 1), 1);
  CHECK_EQ(pz_solver_value(s, 2), -1);
  CHECK_EQ(pz_solver_value(s, 3), 1);
  pz_solver_assume(s, -2);
  pz_solver_assume(s, -3);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  CHECK(pz_solver_failed(s, -2) || pz_solver_failed(s, -3));
  CHECK_EQ(pz_solver_value(s, 1), 0); /* no model after UNSAT */
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  /* Adding a clause invalidates the model, then solving is incremental. */
  add_clause(s, -3, 0, 0);
  CHECK_EQ(pz_solver_value(s, 1), 0);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  CHECK_EQ(pz_solver_value(s, 1), -1);
  CHECK_EQ(pz_solver_value(s, 2), 1);
  add_clause(s, -2, 0, 0);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  CHECK_EQ(pz_solver_add(s, 0), PZ_OK);
  CHECK_EQ(pz_solver_assume(s, 0), PZ_ERR_ARG);
  CHECK_EQ(pz_solver_solve(s, NULL), PZ_ERR_ARG);
  pz_solver_free(s);

  /* failed() is only asked of the backend right after an UNSAT solve:
   * solvers abort when asked in any other state. */
  s = make(name);
  add_clause(s, 1, 2, 0);
  pz_solver_assume(s, -1);
  pz_solver_assume(s, -2);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  CHECK_EQ(pz_solver_failed(s, 0), 0);
  add_clause(s, 3, 0, 0);
  CHECK_EQ(pz_solver_failed(s, -1), 0);
  pz_solver_assume(s, -1);
  pz_solver_assume(s, -2);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  uint64_t count;
  pz_result stop;
  CHECK_EQ(pz_solver_count(s, 0, &count, &stop), PZ_OK);
  CHECK_EQ(pz_solver_failed(s, -1), 0);
  /* A call refused for its arguments still drops its assumptions. */
  pz_solver_assume(s, -1);
  pz_solver_assume(s, -2);
  CHECK_EQ(pz_solver_solve(s, NULL), PZ_ERR_ARG);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  pz_solver_assume(s, -1);
  pz_solver_assume(s, -2);
  CHECK_EQ(pz_solver_count(s, 0, NULL, &stop), PZ_ERR_ARG);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  pz_solver_free(s);
}

typedef struct seen {
  int models[64];
  int n;
} seen;

static int record(void *state, const pz_solver *s) {
  seen *sn = (seen *)state;
  int m = 0;
  for (int v = 1; v <= 4; v++)
    if (pz_solver_value(s, v) > 0) m |= 1 << (v - 1);
  if (sn->n < 64) sn->models[sn->n++] = m;
  return 0;
}

static void enumeration(const char *name) {
  pz_solver *s = make(name);
  pz_cnf *cnf;
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  /* x1 | x2 | x3 over 3 variables: 7 models, all distinct. */
  pz_cnf_add3(cnf, 1, 2, 3);
  CHECK_EQ(pz_solver_add_cnf(s, cnf), PZ_OK);
  seen sn = {{0}, 0};
  uint64_t count;
  pz_result stop;
  CHECK_EQ(pz_solver_enumerate(s, 0, record, &sn, &count, &stop), PZ_OK);
  CHECK_EQ(count, 7);
  CHECK_EQ(stop, PZ_UNSAT);
  for (int i = 0; i < sn.n; i++) {
    CHECK(sn.models[i] != 0);
    for (int j = 0; j < i; j++) CHECK(sn.models[i] != sn.models[j]);
  }
  /* The formula is unchanged afterwards: the same count again. */
  CHECK_EQ(pz_solver_count(s, 0, &count, &stop), PZ_OK);
  CHECK_EQ(count, 7);
  /* Limits stop early, with the last model readable. */
  CHECK_EQ(pz_solver_count(s, 3, &count, &stop), PZ_OK);
  CHECK_EQ(count, 3);
  CHECK_EQ(stop, PZ_SAT);
  CHECK(pz_solver_value(s, 1) != 0);
  /* Assumptions apply to every solve of the enumeration. */
  pz_solver_assume(s, -1);
  CHECK_EQ(pz_solver_count(s, 0, &count, &stop), PZ_OK);
  CHECK_EQ(count, 3);
  pz_solver_free(s);

  /* A projection onto x1, x2 of (x1|x2|x3) & x4 free: 4 projected models. */
  s = make(name);
  pz_cnf_clear(cnf);
  pz_cnf_add3(cnf, 1, 2, 3);
  pz_cnf_add2(cnf, 4, -4);
  int proj[2] = {1, 2};
  CHECK_EQ(pz_cnf_set_projection(cnf, proj, 2, 0), PZ_OK);
  CHECK_EQ(pz_solver_add_cnf(s, cnf), PZ_OK);
  CHECK_EQ(pz_solver_count(s, 0, &count, &stop), PZ_OK);
  CHECK_EQ(count, 4);
  pz_solver_free(s);

  /* Exactly-one over 4 with the exact-weight projection: 4 models. */
  s = make(name);
  pz_cnf_clear(cnf);
  int x[4] = {1, 2, 3, 4};
  pz_cnf_add_clause(cnf, x, 4);
  for (int i = 0; i < 4; i++)
    for (int j = i + 1; j < 4; j++) pz_cnf_add2(cnf, -x[i], -x[j]);
  pz_cnf_set_projection(cnf, x, 4, PZ_PROJECT_EXACT_WEIGHT);
  pz_solver_add_cnf(s, cnf);
  CHECK_EQ(pz_solver_count(s, 0, &count, &stop), PZ_OK);
  CHECK_EQ(count, 4);
  /* Uniqueness: 2+, then 1 under an assumption, then 0. */
  int sols;
  CHECK_EQ(pz_solver_unique(s, &sols, &stop), PZ_OK);
  CHECK_EQ(sols, 2);
  pz_solver_assume(s, 3);
  CHECK_EQ(pz_solver_unique(s, &sols, &stop), PZ_OK);
  CHECK_EQ(sols, 1);
  CHECK_EQ(stop, PZ_UNSAT);
  CHECK_EQ(pz_solver_value(s, 3), 1); /* the unique model stays readable */
  CHECK_EQ(pz_solver_value(s, 1), -1);
  pz_solver_assume(s, 3);
  pz_solver_assume(s, 4);
  CHECK_EQ(pz_solver_unique(s, &sols, &stop), PZ_OK);
  CHECK_EQ(sols, 0);
  /* ... and the formula is still usable. */
  CHECK_EQ(pz_solver_count(s, 0, &count, &stop), PZ_OK);
  CHECK_EQ(count, 4);
  pz_solver_free(s);
  pz_cnf_free(cnf);
}

static int always(void *state) {
  ++*(int *)state;
  return 1;
}

/* Pigeonhole: p+1 pigeons into p holes, hard for CDCL at p = 11. */
static void pigeonhole(pz_solver *s, int p) {
  for (int i = 0; i <= p; i++) {
    for (int h = 0; h < p; h++) pz_solver_add(s, i * p + h + 1);
    pz_solver_add(s, 0);
  }
  for (int h = 0; h < p; h++)
    for (int i = 0; i <= p; i++)
      for (int j = i + 1; j <= p; j++) add_clause(s, -(i * p + h + 1), -(j * p + h + 1), 0);
}

static void interruption(const char *name) {
  pz_solver *s = make(name);
  pz_result r;
  int calls = 0;
  pz_solver_set_terminate(s, &calls, always);
  add_clause(s, 1, 2, 0);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNKNOWN);
  CHECK(calls > 0);
  uint64_t count;
  pz_result stop;
  CHECK_EQ(pz_solver_count(s, 0, &count, &stop), PZ_OK);
  CHECK_EQ(stop, PZ_UNKNOWN);
  pz_solver_set_terminate(s, NULL, NULL);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_SAT);
  pz_solver_free(s);
  if (strcmp(name, "fake") == 0) return;
  /* The time limit: a pigeonhole formula that takes far longer. */
  s = make(name);
  pigeonhole(s, 11);
  CHECK_EQ(pz_solver_set_time_limit(s, -1), PZ_ERR_ARG);
  CHECK_EQ(pz_solver_set_time_limit(s, 0.3), PZ_OK);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  CHECK_EQ(r, PZ_UNKNOWN);
  /* Generous: only "it stopped", not how fast (sanitizers are slow). */
  CHECK(secs < 30);
  pz_solver_free(s);
}

static void registry(void) {
  /* Every configured backend (PZ_EXPECT_BACKENDS, comma-separated) is
   * linked, in that order, and nothing else. */
  const char *want = PZ_EXPECT_BACKENDS;
  const pz_backend *const *linked = pz_backends_linked();
  size_t k = 0;
  for (const char *p = want; *p; k++) {
    size_t len = strcspn(p, ",");
    REQUIRE(linked[k] != NULL);
    CHECK(strlen(linked[k]->name) == len && strncmp(linked[k]->name, p, len) == 0);
    CHECK_EQ(strcmp(pz_backend_name(k), linked[k]->name), 0);
    p += len + (p[len] == ',');
  }
  CHECK(linked[k] == NULL);
  CHECK_EQ(pz_backend_count(), k);
  CHECK(pz_backend_name(pz_backend_count()) == NULL);
  pz_solver *s = (pz_solver *)&s;
  CHECK_EQ(pz_solver_new(&s, "no-such-solver"), PZ_ERR_BACKEND);
  CHECK(s == NULL);
  CHECK_EQ(pz_solver_new(NULL, NULL), PZ_ERR_ARG);
  pz_backend broken = fake_backend;
  broken.solve = NULL;
  CHECK_EQ(pz_solver_new_with(&s, &broken), PZ_ERR_ARG);
  broken = fake_backend;
  broken.assume = NULL;
  CHECK_EQ(pz_solver_new_with(&s, &broken), PZ_ERR_ARG);
  pz_solver_free(NULL);
  /* The default is the first one linked. */
  REQUIRE(pz_solver_new(&s, NULL) == PZ_OK);
  CHECK_EQ(strcmp(pz_solver_backend(s), pz_backend_name(0)), 0);
  pz_solver_free(s);
}

/* Registration at run time: checked, appended after the linked ones,
 * idempotent, one table per name. */
static void registration(void) {
  size_t n = pz_backend_count();
  CHECK_EQ(pz_backend_register(NULL), PZ_ERR_ARG);
  pz_backend bad = fake_backend;
  bad.version = 0;
  CHECK_EQ(pz_backend_register(&bad), PZ_ERR_ARG);
  bad = fake_backend;
  bad.val = NULL;
  CHECK_EQ(pz_backend_register(&bad), PZ_ERR_ARG);
  bad = fake_backend;
  bad.name = "";
  CHECK_EQ(pz_backend_register(&bad), PZ_ERR_ARG);
  CHECK_EQ(pz_backend_count(), n);
  CHECK_EQ(pz_backend_register(&fake_backend), PZ_OK);
  CHECK_EQ(pz_backend_register(&fake_backend), PZ_OK);
  CHECK_EQ(pz_backend_count(), n + 1);
  CHECK_EQ(strcmp(pz_backend_name(n), "fake"), 0);
  bad = fake_backend; /* another table, a name taken */
  CHECK_EQ(pz_backend_register(&bad), PZ_ERR_ARG);
  bad.name = pz_backend_name(0); /* a linked backend's */
  CHECK_EQ(pz_backend_register(&bad), PZ_ERR_ARG);
  pz_solver *s;
  REQUIRE(pz_solver_new(&s, "fake") == PZ_OK);
  CHECK_EQ(strcmp(pz_solver_backend(s), "fake"), 0);
  pz_solver_free(s);
  REQUIRE(pz_solver_new(&s, NULL) == PZ_OK);
  CHECK_EQ(strcmp(pz_solver_backend(s), pz_backend_name(0)), 0);
  pz_solver_free(s);
}

int main(int argc, char **argv) {
  const char *name = argc > 1 ? argv[1] : "cadical";
  registry();
  registration();
  const char *names[2] = {name, "fake"};
  for (int i = 0; i < 2; i++) {
    basics(names[i]);
    enumeration(names[i]);
    interruption(names[i]);
  }
  return check_done("test_solver");
}
