/* The model: variables with domains, fixed values, constraint records.
 * Every call checks its arguments in full before it changes anything, so
 * a refused call leaves the model as it was. */
#include <stdlib.h>
#include <string.h>

#include "model/model_impl.h"

int pz_model_new(pz_model **out) {
  if (!out) return PZ_ERR_ARG;
  *out = (pz_model *)calloc(1, sizeof **out);
  return *out ? PZ_OK : PZ_ERR_NOMEM;
}

void pz_model_free(pz_model *m) {
  if (!m) return;
  pz_ivec_free(&m->lo);
  pz_ivec_free(&m->hi);
  pz_ivec_free(&m->fixed);
  pz_ivec_free(&m->isbool);
  pz_ivec_free(&m->code);
  pz_ivec_free(&m->start);
  pz_ivec_free(&m->label);
  pz_ivec_free(&m->names);
  free(m);
}

int pz_model_num_vars(const pz_model *m) { return m ? (int)m->lo.len : 0; }

static int is_var(const pz_model *m, int x) {
  return x >= 0 && (size_t)x < m->lo.len;
}

/* Adds count variables; booleans get one SAT variable each. */
static int add_vars(pz_model *m, int count, int lo, int hi, int isbool,
                    int *first) {
  if (!m || !first || count < 1 || lo > hi ||
      (long long)hi - lo >= PZ_MODEL_MAX_DOMAIN)
    return PZ_ERR_ARG;
  if ((long long)m->lo.len + count > INT_MAX / 2) return PZ_ERR_TOO_LARGE;
  size_t n = (size_t)count;
  int st = pz_ivec_reserve(&m->lo, n);
  if (!st) st = pz_ivec_reserve(&m->hi, n);
  if (!st) st = pz_ivec_reserve(&m->fixed, n);
  if (!st) st = pz_ivec_reserve(&m->isbool, n);
  if (st) return st;
  *first = (int)m->lo.len;
  for (size_t i = 0; i < n; i++) {
    m->lo.data[m->lo.len++] = lo;
    m->hi.data[m->hi.len++] = hi;
    m->fixed.data[m->fixed.len++] = PZ_MODEL_FREE;
    m->isbool.data[m->isbool.len++] = isbool;
  }
  return PZ_OK;
}

int pz_model_add_ints(pz_model *m, int count, int lo, int hi, int *first) {
  return add_vars(m, count, lo, hi, 0, first);
}

int pz_model_add_bools(pz_model *m, int count, int *first) {
  return add_vars(m, count, 0, 1, 1, first);
}

int pz_model_domain(const pz_model *m, int var, int *lo, int *hi) {
  if (!m || !is_var(m, var)) return PZ_ERR_ARG;
  if (lo) *lo = m->lo.data[var];
  if (hi) *hi = m->hi.data[var];
  return PZ_OK;
}

int pz_model_fix(pz_model *m, int var, int value) {
  if (!m || !is_var(m, var)) return PZ_ERR_ARG;
  if (value < m->lo.data[var] || value > m->hi.data[var]) return PZ_ERR_RANGE;
  m->fixed.data[var] = value;
  return PZ_OK;
}

int pz_model_unfix(pz_model *m, int var) {
  if (!m || !is_var(m, var)) return PZ_ERR_ARG;
  m->fixed.data[var] = PZ_MODEL_FREE;
  return PZ_OK;
}

int pz_model_unfix_all(pz_model *m) {
  if (!m) return PZ_ERR_ARG;
  for (size_t i = 0; i < m->fixed.len; i++) m->fixed.data[i] = PZ_MODEL_FREE;
  return PZ_OK;
}

/* --- Records -------------------------------------------------------------- */

static int valid_cmp(pz_cmp c) { return c >= PZ_EQ && c <= PZ_GE; }

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* Variables in range and, unless dup_ok, each at most once. */
static int check_vars(const pz_model *m, const int *vars, size_t n,
                      int dup_ok) {
  if (n && !vars) return PZ_ERR_ARG;
  if (n > (size_t)INT_MAX / 4) return PZ_ERR_TOO_LARGE;
  for (size_t i = 0; i < n; i++)
    if (!is_var(m, vars[i])) return PZ_ERR_ARG;
  if (dup_ok || n < 2) return PZ_OK;
  /* Pairwise for a few, else sorted: never in the model's size (a kind
   * states one record per window of a line, or per row of a big grid). */
  if (n <= 16) {
    for (size_t i = 0; i < n; i++)
      for (size_t j = i + 1; j < n; j++)
        if (vars[i] == vars[j]) return PZ_ERR_ARG;
    return PZ_OK;
  }
  /* Groups are mostly stated in order (rows, columns, boxes): then they
   * cannot repeat a variable. */
  size_t up = 1;
  while (up < n && vars[up] > vars[up - 1]) up++;
  if (up == n) return PZ_OK;
  int *v = (int *)malloc(n * sizeof(int));
  if (!v) return PZ_ERR_NOMEM;
  memcpy(v, vars, n * sizeof(int));
  qsort(v, n, sizeof(int), cmp_int);
  int st = PZ_OK;
  for (size_t i = 1; i < n && !st; i++)
    if (v[i] == v[i - 1]) st = PZ_ERR_ARG;
  free(v);
  return st;
}

/* Appends one record of `len` ints from parts: head (nh ints), then the
 * arrays a (na ints) and b (nb ints). */
static int put_record(pz_model *m, const int *head, size_t nh, const int *a,
                      size_t na, const int *b, size_t nb) {
  size_t len = nh + na + nb;
  int st = pz_ivec_reserve(&m->code, len);
  if (!st) st = pz_ivec_reserve(&m->start, 1);
  if (!st) st = pz_ivec_reserve(&m->label, 1);
  if (st) return st;
  m->label.data[m->label.len++] = m->cur_label;
  m->start.data[m->start.len++] = (int)m->code.len;
  memcpy(m->code.data + m->code.len, head, nh * sizeof(int));
  m->code.len += nh;
  if (na) memcpy(m->code.data + m->code.len, a, na * sizeof(int));
  m->code.len += na;
  if (nb) memcpy(m->code.data + m->code.len, b, nb * sizeof(int));
  m->code.len += nb;
  return PZ_OK;
}

static int room(const pz_model *m, size_t more) {
  return m->code.len + more < (size_t)INT_MAX ? PZ_OK : PZ_ERR_TOO_LARGE;
}

int pz_model_all_different(pz_model *m, const int *vars, size_t n) {
  if (!m) return PZ_ERR_ARG;
  int st = check_vars(m, vars, n, 0);
  if (st || n < 2) return st;
  if ((st = room(m, n + 2))) return st;
  int head[2] = {MC_ALLDIFF, (int)n};
  return put_record(m, head, 2, vars, n, NULL, 0);
}

int pz_model_relation(pz_model *m, int a, pz_cmp cmp, int b, int offset) {
  if (!m || !is_var(m, a) || !is_var(m, b) || a == b || !valid_cmp(cmp))
    return PZ_ERR_ARG;
  int head[5] = {MC_REL, a, b, (int)cmp, offset};
  return put_record(m, head, 5, NULL, 0, NULL, 0);
}

int pz_model_abs_diff(pz_model *m, int a, int b, pz_cmp cmp, int k) {
  if (!m || !is_var(m, a) || !is_var(m, b) || a == b || !valid_cmp(cmp) ||
      k < 0)
    return PZ_ERR_ARG;
  int head[5] = {MC_ABS, a, b, (int)cmp, k};
  return put_record(m, head, 5, NULL, 0, NULL, 0);
}

int pz_model_count(pz_model *m, const int *vars, size_t n, int value,
                   pz_cmp cmp, int k) {
  if (!m || (cmp != PZ_EQ && cmp != PZ_LE && cmp != PZ_GE)) return PZ_ERR_ARG;
  int st = check_vars(m, vars, n, 0);
  if (st) return st;
  if ((st = room(m, n + 5))) return st;
  int head[5] = {MC_COUNT, value, (int)cmp, k, (int)n};
  return put_record(m, head, 5, vars, n, NULL, 0);
}

int pz_model_sum(pz_model *m, const int *vars, size_t n, pz_cmp cmp,
                 int total, int distinct) {
  if (!m || (cmp != PZ_EQ && cmp != PZ_LE && cmp != PZ_GE)) return PZ_ERR_ARG;
  int st = check_vars(m, vars, n, 0);
  if (st) return st;
  /* Sums are worked out in long long; keep every partial sum far from
   * overflow. */
  for (size_t i = 0; i < n; i++)
    if (m->lo.data[vars[i]] < -(1 << 20) || m->hi.data[vars[i]] > (1 << 20))
      return PZ_ERR_RANGE;
  if (n > (1 << 10)) return PZ_ERR_TOO_LARGE;
  if ((st = room(m, 2 * n + 7))) return st;
  /* Distinct values are an all-different of their own (propagated and
   * encoded as such) besides the sum. */
  if (distinct && n >= 2 && (st = pz_model_all_different(m, vars, n)))
    return st;
  int head[5] = {MC_SUM, (int)cmp, total, distinct ? 1 : 0, (int)n};
  st = put_record(m, head, 5, vars, n, NULL, 0);
  if (st && distinct && n >= 2) { /* take the all-different back */
    m->code.len = (size_t)m->start.data[--m->start.len];
    m->label.len = m->start.len;
  }
  return st;
}

int pz_model_forbid(pz_model *m, const int *vars, const int *values,
                    size_t n) {
  if (!m || !n || !values) return PZ_ERR_ARG;
  int st = check_vars(m, vars, n, 0);
  if (st) return st;
  if ((st = room(m, 2 * n + 2))) return st;
  int head[2] = {MC_FORBID, (int)n};
  return put_record(m, head, 2, vars, n, values, n);
}

int pz_model_no_run(pz_model *m, const int *vars, size_t n, int value,
                    size_t k) {
  if (!m || k < 1) return PZ_ERR_ARG;
  int st = check_vars(m, vars, n, 1);
  if (st || n < k) return st;
  if (k > (size_t)INT_MAX / 4) return PZ_ERR_TOO_LARGE;
  int *vals = (int *)malloc(k * sizeof(int));
  if (!vals) return PZ_ERR_NOMEM;
  for (size_t i = 0; i < k; i++) vals[i] = value;
  /* A variable twice in one window would be a malformed forbid: check all
   * windows first, so a refusal changes nothing. */
  size_t start = m->start.len, code = m->code.len;
  for (size_t i = 0; i + k <= n && !st; i++) st = check_vars(m, vars + i, k, 0);
  for (size_t i = 0; i + k <= n && !st; i++)
    st = pz_model_forbid(m, vars + i, vals, k);
  if (st) {
    m->start.len = start;
    m->label.len = start;
    m->code.len = code;
  }
  free(vals);
  return st;
}

int pz_model_table(pz_model *m, const int *vars, size_t n, const int *tuples,
                   size_t ntuples) {
  if (!m || !n || (ntuples && !tuples)) return PZ_ERR_ARG;
  int st = check_vars(m, vars, n, 0);
  if (st) return st;
  if (ntuples > (size_t)INT_MAX / n) return PZ_ERR_TOO_LARGE;
  if ((st = room(m, n * (ntuples + 1) + 3))) return st;
  int head[3] = {MC_TABLE, (int)n, (int)ntuples};
  return put_record(m, head, 3, vars, n, tuples, n * ntuples);
}

int pz_model_visible(pz_model *m, const int *vars, size_t n, pz_cmp cmp,
                     int k) {
  if (!m || (cmp != PZ_EQ && cmp != PZ_LE && cmp != PZ_GE)) return PZ_ERR_ARG;
  int st = check_vars(m, vars, n, 0);
  if (st) return st;
  if ((st = room(m, n + 4))) return st;
  int head[4] = {MC_VISIBLE, (int)cmp, k, (int)n};
  return put_record(m, head, 4, vars, n, NULL, 0);
}

int pz_model_run_sums(pz_model *m, const int *vars, size_t n, int total) {
  if (!m) return PZ_ERR_ARG;
  int st = check_vars(m, vars, n, 1); /* a line may pass a cell twice */
  if (st) return st;
  if (total < 1 || total > 1024) return PZ_ERR_RANGE;
  for (size_t i = 0; i < n; i++)
    if (m->lo.data[vars[i]] < 1) return PZ_ERR_RANGE;
  if ((st = room(m, n + 3))) return st;
  int head[3] = {MC_RUNSUMS, total, (int)n};
  return put_record(m, head, 3, vars, n, NULL, 0);
}

int pz_model_linear_if(pz_model *m, const int *gvars, const int *gvals,
                       size_t ng, const int *vars, const int *coefs, size_t n,
                       pz_cmp cmp, int total) {
  if (!m || (cmp != PZ_EQ && cmp != PZ_LE && cmp != PZ_GE)) return PZ_ERR_ARG;
  if ((n && !coefs) || (ng && !gvals)) return PZ_ERR_ARG;
  int st = check_vars(m, vars, n, 0);
  if (!st) st = check_vars(m, gvars, ng, 0);
  if (st) return st;
  /* Partial sums are worked out in long long: keep them far from overflow. */
  for (size_t i = 0; i < n; i++)
    if (m->lo.data[vars[i]] < -(1 << 20) || m->hi.data[vars[i]] > (1 << 20) ||
        coefs[i] < -(1 << 10) || coefs[i] > (1 << 10))
      return PZ_ERR_RANGE;
  if (n > (1 << 10) || ng > (1 << 10)) return PZ_ERR_TOO_LARGE;
  if ((st = room(m, 2 * n + 2 * ng + 5))) return st;
  int head[5] = {MC_LINEAR, (int)cmp, total, (int)n, (int)ng};
  size_t start = m->code.len;
  st = put_record(m, head, 5, vars, n, coefs, n);
  if (!st && ng) {
    /* The guard goes after the sum, in the same record. */
    st = pz_ivec_reserve(&m->code, 2 * ng);
    if (st) {
      m->code.len = start;
      m->start.len--;
      m->label.len--;
      return st;
    }
    memcpy(m->code.data + m->code.len, gvars, ng * sizeof(int));
    memcpy(m->code.data + m->code.len + ng, gvals, ng * sizeof(int));
    m->code.len += 2 * ng;
  }
  return st;
}

int pz_model_linear(pz_model *m, const int *vars, const int *coefs, size_t n,
                    pz_cmp cmp, int total) {
  return pz_model_linear_if(m, NULL, NULL, 0, vars, coefs, n, cmp, total);
}

int pz_model_equal_sums(pz_model *m, const int *vars, const size_t *lens,
                        size_t ngroups) {
  if (!m || (ngroups && !lens)) return PZ_ERR_ARG;
  if (ngroups > (1 << 12)) return PZ_ERR_TOO_LARGE;
  size_t n = 0;
  for (size_t g = 0; g < ngroups; g++) {
    if (!lens[g]) return PZ_ERR_ARG;
    if (lens[g] > (1 << 12)) return PZ_ERR_TOO_LARGE;
    n += lens[g];
  }
  /* A variable may stand in two groups (a line through a cell twice). */
  int st = check_vars(m, vars, n, 1);
  if (st) return st;
  /* Sums are worked out in long long: keep the domains small. */
  for (size_t i = 0; i < n; i++)
    if (m->lo.data[vars[i]] < -(1 << 20) || m->hi.data[vars[i]] > (1 << 20))
      return PZ_ERR_RANGE;
  if (ngroups < 2) return PZ_OK; /* one group: nothing to compare */
  if ((st = room(m, n + ngroups + 3))) return st;
  int *head = (int *)malloc((ngroups + 3) * sizeof(int));
  if (!head) return PZ_ERR_NOMEM;
  head[0] = MC_EQSUMS;
  head[1] = (int)ngroups;
  head[2] = (int)n;
  for (size_t g = 0; g < ngroups; g++) head[3 + g] = (int)lens[g];
  st = put_record(m, head, ngroups + 3, vars, n, NULL, 0);
  free(head);
  return st;
}

int pz_model_consecutive(pz_model *m, const int *vars, size_t n) {
  if (!m) return PZ_ERR_ARG;
  int st = check_vars(m, vars, n, 0);
  if (st || n < 2) return st;
  if (n > (1 << 12)) return PZ_ERR_TOO_LARGE;
  /* n distinct values, no two n or more apart, span exactly n - 1. */
  size_t start = m->start.len, code = m->code.len;
  st = pz_model_all_different(m, vars, n);
  for (size_t i = 0; i < n && !st; i++)
    for (size_t j = i + 1; j < n && !st; j++)
      st = pz_model_abs_diff(m, vars[i], vars[j], PZ_LT, (int)n);
  if (st) { /* take it all back */
    m->start.len = start;
    m->label.len = start;
    m->code.len = code;
  }
  return st;
}

const int *pz_model_record_vars(const pz_model *m, size_t r, size_t *n) {
  const int *c = m->code.data + m->start.data[r];
  switch (c[0]) {
  case MC_ALLDIFF: *n = (size_t)c[1]; return c + 2;
  case MC_REL:
  case MC_ABS: *n = 2; return c + 1;
  case MC_COUNT: *n = (size_t)c[4]; return c + 5;
  case MC_SUM: *n = (size_t)c[4]; return c + 5;
  case MC_FORBID: *n = (size_t)c[1]; return c + 2;
  case MC_TABLE: *n = (size_t)c[1]; return c + 3;
  case MC_VISIBLE: *n = (size_t)c[3]; return c + 4;
  case MC_LINEAR: *n = (size_t)c[3]; return c + 5;
  case MC_EQSUMS: *n = (size_t)c[2]; return c + 3 + c[1];
  case MC_RUNSUMS: *n = (size_t)c[2]; return c + 3;
  default: *n = 0; return c;
  }
}

/* --- Checking an assignment ------------------------------------------------ */

int pz_model_cmp_holds(int cmp, long long a, long long b) {
  switch (cmp) {
  case PZ_EQ: return a == b;
  case PZ_NE: return a != b;
  case PZ_LT: return a < b;
  case PZ_LE: return a <= b;
  case PZ_GT: return a > b;
  default: return a >= b;
  }
}

int pz_model_satisfied(const pz_model *m, const int *v) {
  for (size_t x = 0; x < m->lo.len; x++)
    if (v[x] < m->lo.data[x] || v[x] > m->hi.data[x] ||
        (m->fixed.data[x] != PZ_MODEL_FREE && v[x] != m->fixed.data[x]))
      return 0;
  for (size_t r = 0; r < m->start.len; r++) {
    const int *c = m->code.data + m->start.data[r];
    switch (c[0]) {
    case MC_ALLDIFF:
      for (int i = 0; i < c[1]; i++)
        for (int j = i + 1; j < c[1]; j++)
          if (v[c[2 + i]] == v[c[2 + j]]) return 0;
      break;
    case MC_REL:
    case MC_ABS:
      if (!pz_model_pair_ok(c, v[c[1]], v[c[2]])) return 0;
      break;
    case MC_COUNT: {
      long long k = 0;
      for (int i = 0; i < c[4]; i++) k += v[c[5 + i]] == c[1];
      if (!pz_model_cmp_holds(c[2], k, c[3])) return 0;
      break;
    }
    case MC_SUM: {
      long long s = 0;
      for (int i = 0; i < c[4]; i++) s += v[c[5 + i]];
      if (!pz_model_cmp_holds(c[1], s, c[2])) return 0;
      break;
    }
    case MC_FORBID: {
      int all = 1;
      for (int i = 0; i < c[1] && all; i++) all = v[c[2 + i]] == c[2 + c[1] + i];
      if (all) return 0;
      break;
    }
    case MC_TABLE: {
      int n = c[1], any = 0;
      const int *tup = c + 3 + n;
      for (int t = 0; t < c[2] && !any; t++) {
        int row = 1;
        for (int i = 0; i < n && row; i++) row = v[c[3 + i]] == tup[(size_t)t * n + i];
        any = row;
      }
      if (!any) return 0;
      break;
    }
    case MC_LINEAR: {
      int n = c[3], ng = c[4], on = 1;
      for (int g = 0; g < ng && on; g++) on = v[c[5 + 2 * n + g]] == c[5 + 2 * n + ng + g];
      long long s = 0;
      for (int i = 0; i < n; i++) s += (long long)c[5 + n + i] * v[c[5 + i]];
      if (on && !pz_model_cmp_holds(c[1], s, c[2])) return 0;
      break;
    }
    case MC_EQSUMS: {
      const int *x = c + 3 + c[1];
      long long first = 0;
      for (int g = 0; g < c[1]; g++) {
        long long s = 0;
        for (int i = 0; i < c[3 + g]; i++) s += v[*x++];
        if (g == 0) first = s;
        else if (s != first) return 0;
      }
      break;
    }
    case MC_VISIBLE:
      if (!pz_model_cmp_holds(c[1], pz_model_seen(c + 4, (size_t)c[3], v),
                              c[2]))
        return 0;
      break;
    case MC_RUNSUMS:
      if (!pz_model_runs_ok(c + 3, (size_t)c[2], c[1], v)) return 0;
      break;
    default:
      break;
    }
  }
  return 1;
}

int pz_model_seen(const int *vars, size_t n, const int *v) {
  int seen = 0, tallest = 0;
  for (size_t i = 0; i < n; i++)
    if (i == 0 || v[vars[i]] > tallest) {
      seen++;
      tallest = v[vars[i]];
    }
  return seen;
}

/* Labels are stored once each: records added under one label share it. */
int pz_model_set_label(pz_model *m, const char *text) {
  if (!m) return PZ_ERR_ARG;
  if (!text || !*text) {
    m->cur_label = 0;
    return PZ_OK;
  }
  size_t n = strlen(text);
  if (n > PZ_MODEL_MAX_LABEL) return PZ_ERR_ARG;
  if (m->names.len > (size_t)INT_MAX - n - 2) return PZ_ERR_TOO_LARGE;
  int st = pz_ivec_reserve(&m->names, n + 1);
  if (st) return st;
  m->cur_label = (int)m->names.len + 1;
  for (size_t i = 0; i <= n; i++)
    m->names.data[m->names.len++] = (unsigned char)text[i];
  return PZ_OK;
}

const char *pz_model_record_label(const pz_model *m, size_t r, char *buf,
                                  size_t len) {
  if (r >= m->label.len || !m->label.data[r] || !len) return NULL;
  const int *s = m->names.data + m->label.data[r] - 1;
  size_t i = 0;
  for (; s[i] && i + 1 < len; i++) buf[i] = (char)s[i];
  buf[i] = 0;
  return buf;
}
