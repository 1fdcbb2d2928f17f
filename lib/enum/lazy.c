/* The numbered split of lazy.h: domains chosen at the root, cube numbers
 * decoded in their mixed radix, dealt through a Feistel permutation. */
#include <stdlib.h>
#include <string.h>

#include "core/mix.h"
#include "enum/lazy.h"

/* Cubes of a part that should survive propagation, as in the old split:
 * enough that one big cube does not make a part much bigger. */
#define LIVE_PER_PART 64
/* Most cube numbers a part tries (each one propagation): the bound on a
 * part's set-up whatever the formula. */
#define TRIES_PER_PART 65536
/* Sample of cube numbers that estimates how many cubes survive. */
#define SAMPLE 256
/* Largest number of cubes: 2^60, so that perm's domain fits in 64 bits. */
#define MAX_CUBES (UINT64_C(1) << 60)

static uint64_t perm_round(uint64_t x, unsigned r) {
  return pz_mix64(x ^ ((uint64_t)(r + 1) * PZ_MIX_GOLDEN));
}

/* A permutation of [0, 2^(2 half_bits)): four Feistel rounds. */
static uint64_t feistel(uint64_t x, unsigned half_bits) {
  uint64_t mask = (UINT64_C(1) << half_bits) - 1;
  uint64_t l = x >> half_bits, r = x & mask;
  for (unsigned k = 0; k < 4; k++) {
    uint64_t t = r;
    r = l ^ (perm_round(r, k) & mask);
    l = t;
  }
  return l << half_bits | r;
}

/* ... restricted to [0, cubes) by walking the cycle until it is back in
 * range (the domain is under 4 * cubes, so a few steps on average). */
static uint64_t perm(const pz_lazy *L, uint64_t k) {
  do k = feistel(k, L->half_bits);
  while (k >= L->cubes);
  return k;
}

/* Cube number i of the first ndom domains, written out. */
static int cube_of(const pz_lazy *L, size_t ndom, uint64_t i, pz_ivec *out) {
  uint64_t digit[64]; /* every domain has 2 literals or more: at most 60 */
  size_t nd = ndom < 64 ? ndom : 64;
  for (size_t d = nd; d-- > 0;) {
    uint64_t size = L->start[d + 1] - L->start[d];
    digit[d] = i % size;
    i /= size;
  }
  out->len = 0;
  int st = pz_ivec_reserve(out, L->base.len + L->lits.len + 1);
  if (st) return st;
  if (L->base.len) memcpy(out->data, L->base.data, L->base.len * sizeof(int));
  out->len = L->base.len;
  for (size_t d = 0; d < nd; d++) {
    const int *dom = L->lits.data + L->start[d];
    for (uint64_t t = 0; t < digit[d]; t++) out->data[out->len++] = -dom[t];
    out->data[out->len++] = dom[digit[d]];
  }
  return PZ_OK;
}

int pz_lazy_cube(const pz_lazy *L, uint64_t k, pz_ivec *out) {
  return cube_of(L, L->ndom, perm(L, k), out);
}

void pz_lazy_free(pz_lazy *L) {
  pz_ivec_free(&L->lits);
  pz_ivec_free(&L->base);
  free(L->start);
  memset(L, 0, sizeof *L);
}

/* A candidate domain: a group clause (its offset in f->longs, >= 0) or a
 * projection variable v and its negation (-v). Its literals open at the
 * root go to out (emptied first). 1 when it can be a domain: at least
 * two open literals, all projected (else cubes would cut one projected
 * model in two), none true at the root (no choice left) and none in a
 * domain already (used may be NULL). */
static int candidate_lits(const pz_search *s, int cand, const unsigned char *used,
                          pz_ivec *out) {
  int two[2] = {-cand, cand};
  const int *c = two;
  int size = 2;
  if (cand >= 0) {
    c = s->f->longs.data + cand + 1;
    size = c[-1];
  }
  out->len = 0;
  for (int k = 0; k < size; k++) {
    int l = c[k], var = l < 0 ? -l : l, val = pz_search_value(s, l);
    if (val < 0) continue;
    if (!s->is_proj[var] || val > 0 || (used && used[var])) return 0;
    if (pz_ivec_push(out, l)) return -1;
  }
  return out->len >= 2;
}

/* The candidates: each open projection variable's group clause (listed
 * once: by its first open variable), else the variable itself. */
static int list_candidates(const pz_search *s, pz_ivec *cands, pz_ivec *tmp) {
  for (int i = 0; i < s->nproj_order; i++) {
    int v = s->order[i], g = s->group[v], ok = 0;
    if (pz_search_value(s, v)) continue;
    if (g >= 0 && (ok = candidate_lits(s, g, NULL, tmp)) < 0) return PZ_ERR_NOMEM;
    if (ok) {
      int first = tmp->data[0] < 0 ? -tmp->data[0] : tmp->data[0];
      if (first == v && pz_ivec_push(cands, g)) return PZ_ERR_NOMEM;
    } else if (pz_ivec_push(cands, -v)) {
      return PZ_ERR_NOMEM;
    }
  }
  return PZ_OK;
}

/* How many of SAMPLE fixed cube numbers of the first ndom domains
 * survive propagation. */
static int survivors(pz_lazy *L, pz_search *s, size_t ndom, uint64_t cubes,
                     pz_ivec *tmp, uint64_t *hits) {
  *hits = 0;
  for (uint64_t t = 0; t < SAMPLE; t++) {
    int st = cube_of(L, ndom, pz_mix64(t) % cubes, tmp);
    if (st) return st;
    if (pz_search_reset(s, tmp->data, tmp->len)) ++*hits;
  }
  return PZ_OK;
}

/* Adds domain `lits` and counts, for every variable, how many of the
 * domains' literals imply a value of it by propagation at the root: a
 * domain whose literals are implied by few of the others' keeps most of
 * its combinations with them alive. */
static int add_domain(pz_lazy *L, pz_search *s, const pz_ivec *lits,
                      unsigned char *used, uint32_t *touched) {
  size_t *t = (size_t *)realloc(L->start, (L->ndom + 2) * sizeof *t);
  if (!t) return PZ_ERR_NOMEM;
  L->start = t;
  int st = pz_ivec_reserve(&L->lits, lits->len);
  if (st) return st;
  memcpy(L->lits.data + L->lits.len, lits->data, lits->len * sizeof(int));
  L->start[L->ndom] = L->lits.len;
  L->lits.len += lits->len;
  L->start[++L->ndom] = L->lits.len;
  for (size_t k = 0; k < lits->len; k++) {
    int l = lits->data[k], from, n;
    used[l < 0 ? -l : l] = 1;
    if (!pz_search_probe_implied(s, l, &from, &n)) continue;
    for (int j = 0; j < n; j++) {
      int x = s->trail[from + j];
      touched[x < 0 ? -x : x]++;
    }
  }
  return PZ_OK;
}

/* The next domain: the candidate whose open literals are touched least
 * on average (the first such in branching order). -1 when none is left. */
static int best_candidate(const pz_search *s, const pz_ivec *cands,
                          const unsigned char *used, const uint32_t *touched,
                          pz_ivec *tmp, pz_ivec *best) {
  uint64_t best_sum = 0, best_n = 0;
  int found = -1;
  for (size_t i = 0; i < cands->len; i++) {
    int ok = candidate_lits(s, cands->data[i], used, tmp);
    if (ok < 0) return -2;
    if (!ok) continue;
    uint64_t sum = 0;
    for (size_t k = 0; k < tmp->len; k++)
      sum += touched[tmp->data[k] < 0 ? -tmp->data[k] : tmp->data[k]];
    if (found < 0 || sum * best_n < best_sum * tmp->len) {
      found = (int)i;
      best_sum = sum;
      best_n = tmp->len;
      pz_ivec t = *best;
      *best = *tmp;
      *tmp = t;
    }
  }
  return found;
}

int pz_lazy_init(pz_lazy *L, pz_search *s, const int *assumptions, size_t n,
                 uint64_t parts, pz_poll *poll) {
  memset(L, 0, sizeof *L);
  int st = pz_ivec_reserve(&L->base, n ? n : 1);
  if (st) return st;
  if (n) memcpy(L->base.data, assumptions, n * sizeof(int));
  L->base.len = n;
  if (!(L->start = (size_t *)calloc(1, sizeof *L->start))) {
    pz_lazy_free(L);
    return PZ_ERR_NOMEM;
  }
  if (!pz_search_reset(s, assumptions, n)) return PZ_OK; /* no model: 0 cubes */
  L->cubes = 1;
  uint64_t want = parts * LIVE_PER_PART, most = MAX_CUBES;
  if (parts <= MAX_CUBES / TRIES_PER_PART) most = parts * TRIES_PER_PART;
  size_t nv = (size_t)s->f->nvars + 1;
  unsigned char *used = (unsigned char *)calloc(nv, 1);
  uint32_t *touched = (uint32_t *)calloc(nv, sizeof *touched);
  pz_ivec cands = {0}, tmp = {0}, lits = {0};
  st = used && touched ? list_candidates(s, &cands, &tmp) : PZ_ERR_NOMEM;
  /* The state is the root (under the assumptions) whenever a domain is
   * chosen: sampling moves it, and is followed by a reset. */
  while (!st) {
    int c = best_candidate(s, &cands, used, touched, &tmp, &lits);
    if (c == -2) st = PZ_ERR_NOMEM;
    if (c < 0) break;
    uint64_t size = lits.len;
    if (L->cubes > most / size) break; /* a part would try too many */
    if ((st = add_domain(L, s, &lits, used, touched))) break;
    L->cubes *= size;
    if (pz_poll_work(poll, SAMPLE)) {
      st = PZ_STOPPED;
      break;
    }
    /* Enough cubes survive: stop here. */
    uint64_t hits;
    if ((st = survivors(L, s, L->ndom, L->cubes, &tmp, &hits))) break;
    pz_search_reset(s, assumptions, n);
    if (hits && L->cubes / SAMPLE >= (want + hits - 1) / hits) break;
  }
  free(used);
  free(touched);
  pz_ivec_free(&cands);
  pz_ivec_free(&tmp);
  pz_ivec_free(&lits);
  if (st) {
    pz_lazy_free(L);
    return st;
  }
  unsigned bits = 0;
  while (bits < 64 && (UINT64_C(1) << bits) < L->cubes) bits++;
  L->half_bits = bits < 2 ? 1 : (bits + 1) / 2;
  return PZ_OK;
}

int pz_lazy_part(const pz_formula *f, const int *assumptions, size_t n,
                 uint64_t part, uint64_t parts, pz_cube_fn fn, void *state,
                 uint64_t *made, pz_poll *poll) {
  *made = 0;
  if (!parts || part < 1 || part > parts || parts > PZ_ENUM_MAX_LAZY_PARTS)
    return PZ_ERR_RANGE;
  pz_search s;
  int st = pz_search_init(&s, f, poll);
  if (st) return st;
  pz_lazy L;
  pz_ivec cube = {0};
  if ((st = pz_lazy_init(&L, &s, assumptions, n, parts, poll))) goto done;
  for (uint64_t k = part - 1; k < L.cubes; k += parts) {
    if (pz_poll_work(poll, 16)) {
      st = PZ_STOPPED;
      break;
    }
    if ((st = pz_lazy_cube(&L, k, &cube))) break;
    if (!pz_search_reset(&s, cube.data, cube.len)) continue; /* refuted */
    ++*made;
    if (fn && fn(state, cube.data, cube.len)) break;
  }
  pz_lazy_free(&L);
done:
  pz_ivec_free(&cube);
  pz_search_free(&s);
  return st;
}

int pz_cnf_part_cubes(const pz_cnf *cnf, const int *assumptions,
                      size_t n_assumptions, uint64_t part, uint64_t parts,
                      pz_cube_fn fn, void *state, uint64_t *made) {
  if (!cnf || !made || (n_assumptions && !assumptions)) return PZ_ERR_ARG;
  *made = 0;
  pz_formula f;
  int st = pz_formula_init(&f, cnf, NULL);
  if (st) return st;
  st = pz_lazy_part(&f, assumptions, n_assumptions, part, parts, fn, state,
                    made, NULL);
  pz_formula_free(&f);
  return st;
}
