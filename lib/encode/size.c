#include "encode/size.h"

#include <stdlib.h>

#include "pz/puzzle.h"

struct pz_size_entry {
  long long m;       /* 0 = empty slot (m is stored + 1) */
  int k, kind;
  long long literals;
};

void pz_sizer_init(pz_sizer *z) {
  z->literals = 0;
  z->st = PZ_OK;
  z->scratch = NULL;
  z->lits = NULL;
  z->lits_cap = 0;
  z->tab = NULL;
  z->tab_cap = z->tab_len = 0;
}

void pz_sizer_free(pz_sizer *z) {
  pz_cnf_free(z->scratch);
  free(z->lits);
  free(z->tab);
  pz_sizer_init(z);
}

int pz_size_verdict(const pz_sizer *z) {
  if (z->st) return z->st;
  return z->literals > PZ_PUZZLE_MAX_LITERALS ? PZ_ERR_TOO_LARGE : PZ_OK;
}

static size_t slot(const pz_sizer *z, size_t m, int k, int kind) {
  size_t h = (m * 1000003u) ^ ((size_t)(unsigned)k * 9176u) ^ (size_t)kind;
  return (h * 0x9E3779B97F4A7C15ull >> 17) & (z->tab_cap - 1);
}

static struct pz_size_entry *find(pz_sizer *z, size_t m, int k, int kind) {
  size_t i = slot(z, m, k, kind);
  while (z->tab[i].m && !(z->tab[i].m == (long long)m + 1 &&
                          z->tab[i].k == k && z->tab[i].kind == kind))
    i = (i + 1) & (z->tab_cap - 1);
  return &z->tab[i];
}

/* Keeps the table at most half full. */
static int grow(pz_sizer *z) {
  if (2 * (z->tab_len + 1) <= z->tab_cap) return PZ_OK;
  size_t cap = z->tab_cap ? 2 * z->tab_cap : 64;
  struct pz_size_entry *old = z->tab;
  size_t old_cap = z->tab_cap;
  z->tab = (struct pz_size_entry *)calloc(cap, sizeof *z->tab);
  if (!z->tab) {
    z->tab = old;
    return PZ_ERR_NOMEM;
  }
  z->tab_cap = cap;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i].m)
      *find(z, (size_t)(old[i].m - 1), old[i].k, old[i].kind) = old[i];
  free(old);
  return PZ_OK;
}

/* Writes the constraint into the scratch buffer and counts its literals
 * (kind 0: exactly one with encoding enc, 1: exactly k with enc). */
static int measure(pz_sizer *z, size_t m, int k, int kind, int enc,
                   long long *out) {
  if (!z->scratch && pz_cnf_new(&z->scratch)) return PZ_ERR_NOMEM;
  if (m > z->lits_cap) {
    int *l = (int *)realloc(z->lits, m * sizeof(int));
    if (!l) return PZ_ERR_NOMEM;
    z->lits = l;
    z->lits_cap = m;
  }
  for (size_t i = 0; i < m; i++) z->lits[i] = (int)i + 1;
  pz_cnf_clear(z->scratch);
  int st = kind ? pz_exactly_k(z->scratch, z->lits, m, k, (pz_card_encoding)enc)
                : pz_exactly_one(z->scratch, z->lits, m, (pz_amo_encoding)enc);
  *out = (long long)pz_cnf_num_literals(z->scratch);
  return st;
}

static void add(pz_sizer *z, size_t m, int k, int kind, int enc) {
  /* Once over the budget (or broken) the verdict is known. */
  if (pz_size_verdict(z)) return;
  if (kind == 0 && enc == PZ_AMO_PAIRWISE) {
    z->literals += (long long)m * (long long)m;
    return;
  }
  int st = grow(z);
  if (st) {
    z->st = st;
    return;
  }
  struct pz_size_entry *e = find(z, m, k, kind * 64 + enc);
  if (!e->m) {
    long long lits = 0;
    if ((st = measure(z, m, k, kind, enc, &lits))) {
      z->st = st;
      return;
    }
    e->m = (long long)m + 1;
    e->k = k;
    e->kind = kind * 64 + enc;
    e->literals = lits;
    z->tab_len++;
  }
  z->literals += e->literals;
}

void pz_size_exactly_one(pz_sizer *z, size_t m, pz_amo_encoding amo) {
  add(z, m, 1, 0, (int)amo);
}

void pz_size_exactly_k(pz_sizer *z, size_t m, int k, pz_card_encoding card) {
  add(z, m, k, 1, (int)card);
}
