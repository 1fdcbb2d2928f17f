#include "puzzle/grid.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzle/size.h"
#include "pz/puzzle.h"

#define BIT(v) ((uint64_t)1 << (((v) - 1) & 63))
#define WORD(v) (((v) - 1) >> 6)

static void free_state(pz_grid *g) {
  free(g->cand), g->cand = NULL;
  free(g->value), g->value = NULL;
  free(g->first_var), g->first_var = NULL;
  free(g->unit_count), g->unit_count = NULL;
  free(g->unit_placed), g->unit_placed = NULL;
}

static void swap_state(pz_grid *g) {
#define PZ_SWAP(T, a, b) do { T t_ = (a); (a) = (b); (b) = t_; } while (0)
  PZ_SWAP(uint64_t *, g->cand, g->spare.cand);
  PZ_SWAP(int *, g->value, g->spare.value);
  PZ_SWAP(int *, g->first_var, g->spare.first_var);
  PZ_SWAP(int *, g->unit_count, g->spare.unit_count);
  PZ_SWAP(int *, g->unit_placed, g->spare.unit_placed);
#undef PZ_SWAP
}

static void free_index(pz_grid *g) {
  free(g->cell_unit_ofs), g->cell_unit_ofs = NULL;
  free(g->cell_unit), g->cell_unit = NULL;
  free(g->diff_ofs), g->diff_ofs = NULL;
  free(g->diff_adj), g->diff_adj = NULL;
  free(g->nc_ofs), g->nc_ofs = NULL;
  free(g->nc_adj), g->nc_adj = NULL;
  g->index_ready = 0;
}

int pz_grid_init(pz_grid *g, int n) {
  memset(g, 0, sizeof *g);
  if (n < 1 || n > 46340) return PZ_ERR_RANGE;
  g->n = n;
  g->cells = n * n;
  g->words = (n + 63) / 64;
  return PZ_OK;
}

void pz_grid_free(pz_grid *g) {
  free_state(g);
  swap_state(g);
  free_state(g);
  free_index(g);
  pz_ivec_free(&g->units);
  pz_ivec_free(&g->differ);
  pz_ivec_free(&g->nonconsec);
}

int pz_grid_add_unit(pz_grid *g, const int *cells) {
  free_index(g);
  int st = pz_ivec_reserve(&g->units, (size_t)g->n);
  if (st) return st;
  for (int i = 0; i < g->n; i++) {
    if (cells[i] < 0 || cells[i] >= g->cells) return PZ_ERR_RANGE;
    g->units.data[g->units.len++] = cells[i];
  }
  return PZ_OK;
}

static int add_pair(pz_grid *g, pz_ivec *v, int a, int b) {
  if (a < 0 || b < 0 || a >= g->cells || b >= g->cells || a == b)
    return PZ_ERR_RANGE;
  free_index(g);
  int st = pz_ivec_push(v, a);
  return st ? st : pz_ivec_push(v, b);
}

int pz_grid_add_differ(pz_grid *g, int a, int b) {
  return add_pair(g, &g->differ, a, b);
}

int pz_grid_add_nonconsec(pz_grid *g, int a, int b) {
  return add_pair(g, &g->nonconsec, a, b);
}

int pz_grid_add_rows_cols(pz_grid *g) {
  int n = g->n, st = PZ_OK;
  int *cells = (int *)malloc((size_t)n * sizeof(int));
  if (!cells) return PZ_ERR_NOMEM;
  for (int r = 0; r < n && !st; r++) {
    for (int c = 0; c < n; c++) cells[c] = r * n + c;
    st = pz_grid_add_unit(g, cells);
  }
  for (int c = 0; c < n && !st; c++) {
    for (int r = 0; r < n; r++) cells[r] = r * n + c;
    st = pz_grid_add_unit(g, cells);
  }
  free(cells);
  return st;
}

/* Builds a CSR adjacency (both directions) from a list of pairs. */
static int build_adj(int cells, const pz_ivec *pairs, int **ofs, int **adj) {
  *ofs = (int *)calloc((size_t)cells + 1, sizeof(int));
  *adj = (int *)malloc((pairs->len ? pairs->len : 1) * sizeof(int));
  if (!*ofs || !*adj) return PZ_ERR_NOMEM;
  for (size_t i = 0; i < pairs->len; i++) (*ofs)[pairs->data[i] + 1]++;
  for (int c = 0; c < cells; c++) (*ofs)[c + 1] += (*ofs)[c];
  int *fill = (int *)malloc(((size_t)cells + 1) * sizeof(int));
  if (!fill) return PZ_ERR_NOMEM;
  memcpy(fill, *ofs, ((size_t)cells + 1) * sizeof(int));
  for (size_t i = 0; i < pairs->len; i += 2) {
    int a = pairs->data[i], b = pairs->data[i + 1];
    (*adj)[fill[a]++] = b;
    (*adj)[fill[b]++] = a;
  }
  free(fill);
  return PZ_OK;
}

static int build_index(pz_grid *g) {
  if (g->index_ready) return PZ_OK;
  free_index(g);
  int nunits = (int)(g->units.len / (size_t)g->n);
  g->cell_unit_ofs = (int *)calloc((size_t)g->cells + 1, sizeof(int));
  g->cell_unit = (int *)malloc((g->units.len ? g->units.len : 1) * sizeof(int));
  if (!g->cell_unit_ofs || !g->cell_unit) return PZ_ERR_NOMEM;
  for (size_t i = 0; i < g->units.len; i++)
    g->cell_unit_ofs[g->units.data[i] + 1]++;
  for (int c = 0; c < g->cells; c++)
    g->cell_unit_ofs[c + 1] += g->cell_unit_ofs[c];
  int *fill = (int *)malloc(((size_t)g->cells + 1) * sizeof(int));
  if (!fill) return PZ_ERR_NOMEM;
  memcpy(fill, g->cell_unit_ofs, ((size_t)g->cells + 1) * sizeof(int));
  for (int u = 0; u < nunits; u++)
    for (int i = 0; i < g->n; i++) {
      int c = g->units.data[(size_t)u * (size_t)g->n + (size_t)i];
      g->cell_unit[fill[c]++] = u;
    }
  free(fill);
  int st = build_adj(g->cells, &g->differ, &g->diff_ofs, &g->diff_adj);
  if (!st) st = build_adj(g->cells, &g->nonconsec, &g->nc_ofs, &g->nc_adj);
  if (st) return st;
  g->index_ready = 1;
  return PZ_OK;
}

/* Units are all-different, so two givens clash when they share a unit or a
 * differ pair with equal values, or a nonconsec pair with adjacent ones. */
int pz_grid_check_givens(pz_grid *g, const int *givens, pz_parse_info *info) {
  int st = build_index(g);
  if (st || !givens) return st;
  int n = g->n;
  int nunits = (int)(g->units.len / (size_t)n);
  int *seen = (int *)malloc(((size_t)n + 1) * sizeof(int));
  if (!seen) return PZ_ERR_NOMEM;
  int bad = -1, other = -1, what = 0;
  for (int u = 0; u < nunits && bad < 0; u++) {
    for (int v = 0; v <= n; v++) seen[v] = -1;
    for (int i = 0; i < n; i++) {
      int c = g->units.data[(size_t)u * (size_t)n + (size_t)i], v = givens[c];
      if (v <= 0 || v > n) continue;
      if (seen[v] >= 0) {
        bad = c, other = seen[v], what = 0;
        break;
      }
      seen[v] = c;
    }
  }
  for (size_t i = 0; i < g->differ.len && bad < 0; i += 2) {
    int a = g->differ.data[i], b = g->differ.data[i + 1];
    if (givens[a] > 0 && givens[a] == givens[b]) bad = b, other = a, what = 1;
  }
  for (size_t i = 0; i < g->nonconsec.len && bad < 0; i += 2) {
    int a = g->nonconsec.data[i], b = g->nonconsec.data[i + 1];
    if (givens[a] > 0 && givens[b] > 0 && abs(givens[a] - givens[b]) == 1)
      bad = b, other = a, what = 2;
  }
  free(seen);
  if (bad < 0) return PZ_OK;
  if (info) {
    static const char *const why[] = {"in the same unit", "a forbidden move apart",
                                      "consecutive and adjacent"};
    info->line = (size_t)(bad / n) + 1;
    info->column = (size_t)(bad % n) + 1;
    snprintf(info->message, sizeof info->message,
             "given %d at r%dc%d and given %d at r%dc%d are %s",
             givens[other], other / n + 1, other % n + 1, givens[bad],
             bad / n + 1, bad % n + 1, why[what]);
  }
  return PZ_ERR_CONFLICT;
}

/* --- Propagation of the givens --------------------------------------- */

typedef struct prop {
  pz_grid *g;
  int *cand_count;
  pz_ivec placed_q;  /* cells just decided, peers not yet updated */
  pz_ivec single_q;  /* cells down to one candidate */
  pz_ivec hidden_q;  /* (unit, value): one cell left for value in unit */
  pz_poll *poll;     /* may be NULL */
  int conflict, st;  /* st: an error, or PZ_STOPPED */
} prop;

static int has(const pz_grid *g, int c, int v) {
  return (g->cand[(size_t)c * (size_t)g->words + (size_t)WORD(v)] & BIT(v)) != 0;
}

static void push(prop *p, pz_ivec *q, int x) {
  if (pz_ivec_push(q, x)) p->st = PZ_ERR_NOMEM;
}

static void remove_cand(prop *p, int c, int v) {
  pz_grid *g = p->g;
  if (v < 1 || v > g->n || !has(g, c, v)) return;
  g->cand[(size_t)c * (size_t)g->words + (size_t)WORD(v)] &= ~BIT(v);
  int left = --p->cand_count[c];
  size_t stride = (size_t)g->n + 1;
  for (int i = g->cell_unit_ofs[c]; i < g->cell_unit_ofs[c + 1]; i++) {
    int u = g->cell_unit[i];
    size_t k = (size_t)u * stride + (size_t)v;
    int cnt = --g->unit_count[k];
    if (g->unit_placed[k]) continue;
    if (cnt == 0) p->conflict = 1;
    if (cnt == 1) {
      push(p, &p->hidden_q, u);
      push(p, &p->hidden_q, v);
    }
  }
  if (g->value[c] == 0) {
    if (left == 0) p->conflict = 1;
    if (left == 1) push(p, &p->single_q, c);
  }
}

static void assign(prop *p, int c, int v) {
  pz_grid *g = p->g;
  if (g->value[c]) {
    if (g->value[c] != v) p->conflict = 1;
    return;
  }
  if (!has(g, c, v)) {
    p->conflict = 1;
    return;
  }
  g->value[c] = v;
  size_t stride = (size_t)g->n + 1;
  for (int i = g->cell_unit_ofs[c]; i < g->cell_unit_ofs[c + 1]; i++) {
    size_t k = (size_t)g->cell_unit[i] * stride + (size_t)v;
    if (g->unit_placed[k]) p->conflict = 1;
    g->unit_placed[k] = 1;
  }
  const uint64_t *words = g->cand + (size_t)c * (size_t)g->words;
  for (int k = 0; k < g->words; k++)
    for (uint64_t b = words[k]; b; b &= b - 1) {
      int w = k * 64 + __builtin_ctzll(b) + 1;
      if (w != v) remove_cand(p, c, w);
    }
  push(p, &p->placed_q, c);
}

static void propagate(prop *p) {
  pz_grid *g = p->g;
  int n = g->n;
  size_t ph = 0, sh = 0, hh = 0;
  while (!p->conflict && !p->st) {
    /* A step scans up to a few units: about n cells. */
    if (pz_poll_work(p->poll, n)) {
      p->st = PZ_STOPPED;
      break;
    }
    if (ph < p->placed_q.len) {
      int c = p->placed_q.data[ph++], v = g->value[c];
      for (int i = g->cell_unit_ofs[c]; i < g->cell_unit_ofs[c + 1]; i++) {
        int u = g->cell_unit[i];
        const int *unit = g->units.data + (size_t)u * (size_t)n;
        /* unit_count says how many cells still hold v: stop at c alone. */
        const int *left = g->unit_count + (size_t)u * ((size_t)n + 1) + (size_t)v;
        for (int j = 0; j < n && *left > 1; j++)
          if (unit[j] != c) remove_cand(p, unit[j], v);
      }
      for (int i = g->diff_ofs[c]; i < g->diff_ofs[c + 1]; i++)
        remove_cand(p, g->diff_adj[i], v);
      for (int i = g->nc_ofs[c]; i < g->nc_ofs[c + 1]; i++) {
        remove_cand(p, g->nc_adj[i], v - 1);
        remove_cand(p, g->nc_adj[i], v + 1);
      }
    } else if (sh < p->single_q.len) {
      int c = p->single_q.data[sh++];
      if (g->value[c] || p->cand_count[c] != 1) continue;
      const uint64_t *w = g->cand + (size_t)c * (size_t)g->words;
      for (int k = 0; k < g->words; k++)
        if (w[k]) {
          assign(p, c, k * 64 + __builtin_ctzll(w[k]) + 1);
          break;
        }
    } else if (hh < p->hidden_q.len) {
      int u = p->hidden_q.data[hh++], v = p->hidden_q.data[hh++];
      size_t k = (size_t)u * ((size_t)n + 1) + (size_t)v;
      if (g->unit_placed[k] || g->unit_count[k] != 1) continue;
      const int *unit = g->units.data + (size_t)u * (size_t)n;
      for (int j = 0; j < n; j++)
        if (has(g, unit[j], v)) {
          assign(p, unit[j], v);
          break;
        }
    } else {
      break;
    }
  }
}

/* Applies all givens at once: an open cell keeps the values that none of
 * its units and pair partners was given, then the counts are built from
 * the candidates. Placing givens one at a time costs a scan of every unit
 * per given, which dominates on large grids. */
static void seed(prop *p, const int *givens) {
  pz_grid *g = p->g;
  int n = g->n, words = g->words, nunits = (int)(g->units.len / (size_t)n);
  size_t stride = (size_t)n + 1;
  uint64_t *umask = (uint64_t *)calloc((size_t)nunits * (size_t)words + 1, sizeof(uint64_t));
  if (!umask) {
    p->st = PZ_ERR_NOMEM;
    return;
  }
  for (int u = 0; u < nunits; u++) {
    const int *unit = g->units.data + (size_t)u * (size_t)n;
    uint64_t *m = umask + (size_t)u * (size_t)words;
    for (int j = 0; givens && j < n; j++) {
      int v = givens[unit[j]];
      if (v <= 0) continue;
      if (m[WORD(v)] & BIT(v)) p->conflict = 1;
      m[WORD(v)] |= BIT(v);
      g->unit_placed[(size_t)u * stride + (size_t)v] = 1;
    }
  }
  for (int c = 0; c < g->cells; c++) {
    uint64_t *w = g->cand + (size_t)c * (size_t)words;
    int v = givens ? givens[c] : 0;
    if (pz_poll_work(p->poll, 4 * words)) {
      p->st = PZ_STOPPED;
      break;
    }
    if (v > 0) {
      memset(w, 0, (size_t)words * sizeof(uint64_t));
      w[WORD(v)] = BIT(v);
      g->value[c] = v;
      continue;
    }
    for (int i = g->cell_unit_ofs[c]; i < g->cell_unit_ofs[c + 1]; i++) {
      const uint64_t *m = umask + (size_t)g->cell_unit[i] * (size_t)words;
      for (int k = 0; k < words; k++) w[k] &= ~m[k];
    }
  }
  free(umask);
  if (p->st) return;
  /* Pair partners of givens. */
  for (int c = 0; givens && c < g->cells; c++) {
    int v = givens[c];
    if (v <= 0) continue;
    for (int i = g->diff_ofs[c]; i < g->diff_ofs[c + 1]; i++) {
      int q = g->diff_adj[i];
      if (givens[q] == v) p->conflict = 1;
      if (givens[q] <= 0) g->cand[(size_t)q * (size_t)words + (size_t)WORD(v)] &= ~BIT(v);
    }
    for (int i = g->nc_ofs[c]; i < g->nc_ofs[c + 1]; i++) {
      int q = g->nc_adj[i];
      for (int d = -1; d <= 1; d += 2) {
        int x = v + d;
        if (x < 1 || x > n) continue;
        if (givens[q] == x) p->conflict = 1;
        if (givens[q] <= 0) g->cand[(size_t)q * (size_t)words + (size_t)WORD(x)] &= ~BIT(x);
      }
    }
  }
  /* Counts, and the singles they reveal. */
  memset(g->unit_count, 0, (size_t)nunits * stride * sizeof(int));
  for (int c = 0; c < g->cells; c++) {
    const uint64_t *w = g->cand + (size_t)c * (size_t)words;
    int cnt = 0;
    for (int k = 0; k < words; k++) cnt += __builtin_popcountll(w[k]);
    p->cand_count[c] = cnt;
    if (g->value[c]) continue;
    if (cnt == 0) p->conflict = 1;
    if (cnt == 1) push(p, &p->single_q, c);
  }
  for (int u = 0; u < nunits; u++) {
    const int *unit = g->units.data + (size_t)u * (size_t)n;
    int *count = g->unit_count + (size_t)u * stride;
    /* A cell with most values open is counted as "all" minus what it
     * lacks, so a nearly empty grid costs cells, not cells * n (an empty
     * 1024x1024 is refused as too large in well under a second). */
    int full = 0;
    for (int j = 0; j < n; j++) {
      const uint64_t *w = g->cand + (size_t)unit[j] * (size_t)words;
      int dense = 2 * p->cand_count[unit[j]] > n;
      full += dense;
      for (int k = 0; k < words; k++) {
        uint64_t valid = k + 1 < words || n % 64 == 0
                             ? ~(uint64_t)0 : ((uint64_t)1 << (n % 64)) - 1;
        uint64_t bits = dense ? ~w[k] & valid : w[k];
        for (uint64_t b = bits; b; b &= b - 1)
          count[k * 64 + __builtin_ctzll(b) + 1] += dense ? -1 : 1;
      }
    }
    for (int v = 1; v <= n; v++) count[v] += full;
    for (int v = 1; v <= n; v++) {
      if (g->unit_placed[(size_t)u * stride + (size_t)v]) continue;
      if (count[v] == 0) p->conflict = 1;
      if (count[v] == 1) {
        push(p, &p->hidden_q, u);
        push(p, &p->hidden_q, v);
      }
    }
  }
}

/* --- Encoding ---------------------------------------------------------- */

static int alloc_state(pz_grid *g, int nunits) {
  free_state(g);
  size_t cells = (size_t)g->cells, stride = (size_t)g->n + 1;
  g->cand = (uint64_t *)malloc(cells * (size_t)g->words * sizeof(uint64_t));
  g->value = (int *)calloc(cells, sizeof(int));
  g->first_var = (int *)calloc(cells, sizeof(int));
  g->unit_count = (int *)malloc(((size_t)nunits * stride + 1) * sizeof(int));
  g->unit_placed = (int *)calloc((size_t)nunits * stride + 1, sizeof(int));
  if (!g->cand || !g->value || !g->first_var || !g->unit_count ||
      !g->unit_placed)
    return PZ_ERR_NOMEM;
  for (size_t c = 0; c < cells; c++) {
    uint64_t *w = g->cand + c * (size_t)g->words;
    for (int k = 0; k < g->words; k++) w[k] = ~(uint64_t)0;
    if (g->n % 64) w[g->words - 1] = ((uint64_t)1 << (g->n % 64)) - 1;
  }
  for (size_t i = 0; i < (size_t)nunits * stride; i++)
    g->unit_count[i] = g->n;
  return PZ_OK;
}

int pz_grid_var(const pz_grid *g, int cell, int value) {
  if (!g->value || cell < 0 || cell >= g->cells || value < 1 || value > g->n)
    return 0;
  if (g->value[cell] || !has(g, cell, value)) return 0;
  const uint64_t *w = g->cand + (size_t)cell * (size_t)g->words;
  int rank = 0, k = WORD(value);
  for (int i = 0; i < k; i++) rank += __builtin_popcountll(w[i]);
  rank += __builtin_popcountll(w[k] & (BIT(value) - 1));
  return g->first_var[cell] + rank;
}

/* Exactly-one over up to this many literals is pairwise under AUTO. The
 * library-wide AUTO switches to commander above 5 (measured on colouring),
 * but a grid's redundant cell/unit constraints propagate better pairwise:
 * top1465 under one reused CaDiCaL, callgrind: pairwise 140M instructions
 * for 50 puzzles, commander 199M, ladder 314M; equal on 16x16-36x36. */
#define GRID_PAIRWISE_MAX 16

static pz_amo_encoding grid_amo(size_t n, pz_amo_encoding amo) {
  return amo == PZ_AMO_AUTO && n <= GRID_PAIRWISE_MAX ? PZ_AMO_PAIRWISE : amo;
}

static int grid_exactly_one(pz_cnf *cnf, const int *lits, size_t n,
                            pz_amo_encoding amo) {
  return pz_exactly_one(cnf, lits, n, grid_amo(n, amo));
}

/* --- Size estimate ------------------------------------------------------ */

/* Literals that emit() would write for the open part of the grid (an
 * upper bound for the pairs, exact for the rest); PZ_ERR_TOO_LARGE above
 * the budget. Cheap next to emitting: one pass over cells and units. */
static int check_size(const pz_grid *g, const int *cand_count,
                      pz_amo_encoding amo) {
  int n = g->n, nunits = (int)(g->units.len / (size_t)n);
  pz_sizer z;
  pz_sizer_init(&z);
  for (int c = 0; c < g->cells && !pz_size_verdict(&z); c++)
    if (!g->value[c]) {
      size_t m = (size_t)cand_count[c];
      pz_size_exactly_one(&z, m, grid_amo(m, amo));
    }
  size_t stride = (size_t)n + 1;
  for (int u = 0; u < nunits && !pz_size_verdict(&z); u++)
    for (int v = 1; v <= n; v++) {
      size_t k = (size_t)u * stride + (size_t)v, m = (size_t)g->unit_count[k];
      if (!g->unit_placed[k]) pz_size_exactly_one(&z, m, grid_amo(m, amo));
    }
  for (size_t i = 0; i < g->differ.len; i += 2) {
    int a = g->differ.data[i], b = g->differ.data[i + 1];
    if (g->value[a] || g->value[b]) continue;
    z.literals += 2LL * (cand_count[a] < cand_count[b] ? cand_count[a] : cand_count[b]);
  }
  for (size_t i = 0; i < g->nonconsec.len; i += 2) {
    int a = g->nonconsec.data[i], b = g->nonconsec.data[i + 1];
    if (g->value[a] || g->value[b]) continue;
    z.literals += 4LL * (cand_count[a] < cand_count[b] ? cand_count[a] : cand_count[b]);
  }
  int st = pz_size_verdict(&z);
  pz_sizer_free(&z);
  return st;
}

/* check_size for a grid where nothing is decided (no givens, or the full
 * encoding), without building any state: an empty 1024x1024 is refused at
 * once instead of after allocating and scanning its candidates. */
static int check_size_open(const pz_grid *g, pz_amo_encoding amo) {
  long long n = g->n, cells = g->cells, nunits = (long long)(g->units.len / (size_t)n);
  if (cells * n > INT_MAX / 2) return PZ_ERR_TOO_LARGE;
  pz_sizer z;
  pz_sizer_init(&z);
  pz_size_exactly_one(&z, (size_t)n, grid_amo((size_t)n, amo));
  int st = z.st;
  long long each = z.literals;
  pz_sizer_free(&z);
  if (st) return st;
  long long total = each * (cells + nunits * n) +
                    2 * n * (long long)(g->differ.len / 2) +
                    4 * n * (long long)(g->nonconsec.len / 2);
  return total > PZ_PUZZLE_MAX_LITERALS ? PZ_ERR_TOO_LARGE : PZ_OK;
}

/* --- Emitting ----------------------------------------------------------- */

/* Polls with the literals written since the last call (plus `scanned`,
 * work that wrote nothing): 1 = stop. */
static int tick(pz_poll *poll, const pz_cnf *cnf, size_t *mark,
                long long scanned) {
  if (!poll) return 0;
  size_t now = pz_cnf_num_literals(cnf);
  long long work = (long long)(now - *mark) + scanned;
  *mark = now;
  return pz_poll_work(poll, work);
}

/* Emits the clauses over what propagation left open. */
static int emit(pz_grid *g, const int *cand_count, pz_amo_encoding amo,
                pz_cnf *cnf, pz_poll *poll) {
  int n = g->n, nunits = (int)(g->units.len / (size_t)n);
  long long total = 0;
  for (int c = 0; c < g->cells; c++)
    if (!g->value[c]) total += cand_count[c];
  if (total > INT_MAX / 2 - pz_cnf_num_vars(cnf)) return PZ_ERR_TOO_LARGE;
  int st = check_size(g, cand_count, amo);
  if (st) return st;
  int base;
  if ((st = pz_cnf_new_vars(cnf, (int)total, &base))) return st;
  /* Decided cells get the number of the next open cell too, so first_var
   * never decreases along the cells (pz_grid_var_meaning searches it). */
  int next = base;
  for (int c = 0; c < g->cells; c++) {
    g->first_var[c] = next;
    if (!g->value[c]) next += cand_count[c];
  }
  int *lits = (int *)malloc(((size_t)n + 1) * sizeof(int));
  if (!lits) return PZ_ERR_NOMEM;
  size_t mark = pz_cnf_num_literals(cnf);
  for (int c = 0; c < g->cells && !st; c++) {
    if (g->value[c]) continue;
    for (int k = 0; k < cand_count[c]; k++) lits[k] = g->first_var[c] + k;
    st = grid_exactly_one(cnf, lits, (size_t)cand_count[c], amo);
    if (!st && tick(poll, cnf, &mark, 1)) st = PZ_STOPPED;
  }
  for (int u = 0; u < nunits && !st; u++) {
    const int *unit = g->units.data + (size_t)u * (size_t)n;
    for (int v = 1; v <= n && !st; v++) {
      if (g->unit_placed[(size_t)u * ((size_t)n + 1) + (size_t)v]) continue;
      size_t m = 0;
      for (int j = 0; j < n; j++) {
        int x = pz_grid_var(g, unit[j], v);
        if (x) lits[m++] = x;
      }
      st = grid_exactly_one(cnf, lits, m, amo);
      if (!st && tick(poll, cnf, &mark, n)) st = PZ_STOPPED;
    }
  }
  free(lits);
  for (size_t i = 0; i < g->differ.len && !st; i += 2) {
    int a = g->differ.data[i], b = g->differ.data[i + 1];
    if (g->value[a] || g->value[b]) continue;
    for (int v = 1; v <= n; v++) {
      int x = pz_grid_var(g, a, v), y = pz_grid_var(g, b, v);
      if (x && y) pz_cnf_add2(cnf, -x, -y);
    }
    if (tick(poll, cnf, &mark, n)) st = PZ_STOPPED;
  }
  for (size_t i = 0; i < g->nonconsec.len && !st; i += 2) {
    int a = g->nonconsec.data[i], b = g->nonconsec.data[i + 1];
    if (g->value[a] || g->value[b]) continue;
    for (int v = 1; v < n; v++) {
      int x = pz_grid_var(g, a, v), y = pz_grid_var(g, b, v + 1);
      if (x && y) pz_cnf_add2(cnf, -x, -y);
      x = pz_grid_var(g, a, v + 1), y = pz_grid_var(g, b, v);
      if (x && y) pz_cnf_add2(cnf, -x, -y);
    }
    if (tick(poll, cnf, &mark, 2 * n)) st = PZ_STOPPED;
  }
  if (st) return st;
  int *proj = (int *)malloc(((size_t)total + 1) * sizeof(int));
  if (!proj) return PZ_ERR_NOMEM;
  for (long long i = 0; i < total; i++) proj[i] = base + (int)i;
  st = pz_cnf_set_projection(cnf, proj, (size_t)total, PZ_PROJECT_EXACT_WEIGHT);
  free(proj);
  return st ? st : pz_cnf_status(cnf);
}

/* Seeds the givens and propagates; *conflict tells whether they clash. */
static int settle(pz_grid *g, const int *givens, int *cand_count,
                  int *conflict, pz_poll *poll) {
  int st = build_index(g);
  if (!st) st = alloc_state(g, (int)(g->units.len / (size_t)g->n));
  if (st) return st;
  prop p;
  memset(&p, 0, sizeof p);
  p.g = g;
  p.cand_count = cand_count;
  p.poll = poll;
  seed(&p, givens);
  if (!p.st) propagate(&p);
  pz_ivec_free(&p.placed_q);
  pz_ivec_free(&p.single_q);
  pz_ivec_free(&p.hidden_q);
  *conflict = p.conflict;
  return p.st;
}

/* The encoding state says "nothing known": no clauses can refer to it. */
static void forget(pz_grid *g) {
  if (!g->value) return;
  for (int c = 0; c < g->cells; c++) g->value[c] = -1;
}

int pz_grid_encode(pz_grid *g, const int *givens, pz_amo_encoding amo,
                   pz_cnf *cnf, pz_poll *poll) {
  int conflict = 0, any = 0;
  for (int c = 0; givens && c < g->cells && !any; c++) any = givens[c] > 0;
  /* Without givens only a 1x1 grid propagates anything. */
  if (!any && g->n > 1) {
    int st = check_size_open(g, amo);
    if (st) return st;
  }
  int *cand_count = (int *)malloc((size_t)g->cells * sizeof(int));
  if (!cand_count) return PZ_ERR_NOMEM;
  int st = settle(g, givens, cand_count, &conflict, poll);
  if (!st && conflict) {
    /* The givens alone contradict the rules: no solution. */
    forget(g);
    st = pz_cnf_add_clause(cnf, NULL, 0);
    if (!st) st = pz_cnf_set_projection(cnf, NULL, 0, PZ_PROJECT_EXACT_WEIGHT);
  } else if (!st) {
    st = emit(g, cand_count, amo, cnf, poll);
  }
  if (st) forget(g);
  free(cand_count);
  return st;
}

int pz_grid_encode_full(pz_grid *g, const int *givens, pz_amo_encoding amo,
                        pz_cnf *cnf, pz_poll *poll) {
  int st = check_size_open(g, amo);
  if (st) return st;
  int *cand_count = (int *)malloc((size_t)g->cells * sizeof(int));
  if (!cand_count) return PZ_ERR_NOMEM;
  st = build_index(g);
  /* Every value a candidate of every cell, nothing placed. */
  if (!st) st = alloc_state(g, (int)(g->units.len / (size_t)g->n));
  for (int c = 0; c < g->cells && !st; c++) cand_count[c] = g->n;
  if (!st) st = emit(g, cand_count, amo, cnf, poll);
  for (int c = 0; c < g->cells && givens && !st; c++)
    if (givens[c] > 0) st = pz_cnf_add1(cnf, pz_grid_var(g, c, givens[c]));
  if (st) forget(g);
  free(cand_count);
  return st;
}

int pz_grid_var_meaning(const pz_grid *g, int var, int *cell, int *value) {
  if (!g->value || !g->first_var) return PZ_ERR_STATE;
  if (var < 1 || g->value[0] < 0) return PZ_ERR_RANGE;
  /* The last cell whose first variable is at most var; the open one among
   * equals comes last (decided cells borrow the next open cell's). */
  int lo = 0, hi = g->cells - 1;
  if (g->first_var[0] > var) return PZ_ERR_RANGE;
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (g->first_var[mid] <= var) lo = mid;
    else hi = mid - 1;
  }
  int c = lo;
  if (g->value[c]) return PZ_ERR_RANGE;
  int rank = var - g->first_var[c];
  const uint64_t *w = g->cand + (size_t)c * (size_t)g->words;
  for (int k = 0; k < g->words; k++) {
    int here = __builtin_popcountll(w[k]);
    if (rank >= here) {
      rank -= here;
      continue;
    }
    uint64_t b = w[k];
    for (int i = 0; i < rank; i++) b &= b - 1;
    if (cell) *cell = c;
    if (value) *value = k * 64 + __builtin_ctzll(b) + 1;
    return PZ_OK;
  }
  return PZ_ERR_RANGE;
}

int pz_grid_decided(const pz_grid *g, int *grid) {
  if (!g->value || !g->first_var) return PZ_ERR_STATE;
  /* value -1 everywhere: a contradiction or a broken encoding. */
  for (int c = 0; c < g->cells; c++) grid[c] = g->value[c] > 0 ? g->value[c] : -1;
  return PZ_OK;
}

int pz_grid_presolve(pz_grid *g, const int *givens, int *out, int *solved) {
  int conflict = 0;
  *solved = 0;
  int *cand_count = (int *)malloc((size_t)g->cells * sizeof(int));
  if (!cand_count) return PZ_ERR_NOMEM;
  swap_state(g);
  int st = settle(g, givens, cand_count, &conflict, NULL);
  if (!st) {
    int open = 0;
    for (int c = 0; c < g->cells && !open; c++) open = g->value[c] == 0;
    *solved = conflict ? -1 : open ? 0 : 1;
    if (*solved == 1 && out)
      memcpy(out, g->value, (size_t)g->cells * sizeof(int));
  }
  swap_state(g);
  free(cand_count);
  return st;
}

void pz_grid_decode(const pz_grid *g, const pz_solver *s, int *out) {
  for (int c = 0; c < g->cells; c++) {
    out[c] = g->value[c] > 0 ? g->value[c] : 0;
    if (g->value[c]) continue;
    /* Candidate variables are numbered in value order from first_var. */
    const uint64_t *w = g->cand + (size_t)c * (size_t)g->words;
    int x = g->first_var[c];
    for (int k = 0; k < g->words && !out[c]; k++)
      for (uint64_t b = w[k]; b; b &= b - 1, x++)
        if (pz_solver_value(s, x) > 0) {
          out[c] = k * 64 + __builtin_ctzll(b) + 1;
          break;
        }
  }
}
