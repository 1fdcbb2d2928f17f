/* Knightdoku: one boolean per cell (knight or not). Every row, column and
 * box holds exactly k knights; every given cell is a knight and exactly
 * its clue many of its knight-move neighbours are knights.
 *
 * All of these are "exactly m of this cell list" constraints. Before
 * encoding, the givens are propagated over them (a full constraint empties
 * its open cells, a constraint that needs all its open cells fills them),
 * and only the cells left open get variables; each constraint is emitted
 * with pz_exactly_k over its open cells and what is still missing. Every
 * solution has exactly n*k knights, so the projection (the open cells'
 * variables) carries PZ_PROJECT_EXACT_WEIGHT.
 *
 * Clues are part of the constraints, not of assumptions, so the kind has
 * no rules-only encoding: every call encodes afresh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pz/knightdoku.h"
#include "puzzle/puzzle_impl.h"
#include "puzzle/size.h"

typedef struct knightdoku {
  int box_rows, box_cols, k, n;
  /* Encoding state of the last encode. */
  signed char *value; /* per cell: 1 knight, 0 empty, -1 open */
  int *var;           /* per open cell: its variable */
  int *var_cell;      /* per variable - first_var: its cell */
  int first_var, nvars;
} knightdoku;

static const int moves[8][2] = {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2},
                                {1, -2},  {1, 2},  {2, -1},  {2, 1}};

/* Cells a knight's move away from `cell`, into out[0..8); the count. */
static int neighbours(int n, int cell, int *out) {
  int r = cell / n, c = cell % n, m = 0;
  for (int i = 0; i < 8; i++) {
    int r2 = r + moves[i][0], c2 = c + moves[i][1];
    if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n) out[m++] = r2 * n + c2;
  }
  return m;
}

int pz_knightdoku_neighbours(int n, int row, int col) {
  if (n < 1 || row < 0 || row >= n || col < 0 || col >= n) return 0;
  int tmp[8];
  return neighbours(n, row * n + col, tmp);
}

static int box_of(const knightdoku *kd, int cell) {
  int r = cell / kd->n, c = cell % kd->n;
  return (r / kd->box_rows) * kd->box_rows + c / kd->box_cols;
}

/* ---- constraints ------------------------------------------------------ */

/* "exactly need[i] of cells[ofs[i] .. ofs[i+1])", plus each cell's list of
 * constraints (CSR) for propagation. */
typedef struct cons {
  pz_ivec ofs, cells, need;
  int *cell_ofs, *cell_cons;
  int *ones, *open; /* per constraint: knights placed, cells open */
} cons;

static void cons_free(cons *cs) {
  pz_ivec_free(&cs->ofs);
  pz_ivec_free(&cs->cells);
  pz_ivec_free(&cs->need);
  free(cs->cell_ofs);
  free(cs->cell_cons);
  free(cs->ones);
  free(cs->open);
}

static int cons_begin(cons *cs, int need) {
  int st = pz_ivec_push(&cs->need, need);
  if (!st) st = pz_ivec_push(&cs->ofs, (int)cs->cells.len);
  return st;
}

/* Rows, columns, boxes (when they differ from rows or columns) and one
 * constraint per given knight. */
static int build_cons(const knightdoku *kd, const int *givens, cons *cs) {
  int n = kd->n, st = PZ_OK;
  for (int r = 0; r < n && !st; r++) {
    st = cons_begin(cs, kd->k);
    for (int c = 0; c < n && !st; c++) st = pz_ivec_push(&cs->cells, r * n + c);
  }
  for (int c = 0; c < n && !st; c++) {
    st = cons_begin(cs, kd->k);
    for (int r = 0; r < n && !st; r++) st = pz_ivec_push(&cs->cells, r * n + c);
  }
  /* A 1xC box is a row and an Rx1 box a column: already there. */
  if (kd->box_rows > 1 && kd->box_cols > 1)
    for (int b = 0; b < n && !st; b++) {
      int r0 = (b / kd->box_rows) * kd->box_rows;
      int c0 = (b % kd->box_rows) * kd->box_cols;
      st = cons_begin(cs, kd->k);
      for (int i = 0; i < kd->box_rows && !st; i++)
        for (int j = 0; j < kd->box_cols && !st; j++)
          st = pz_ivec_push(&cs->cells, (r0 + i) * n + c0 + j);
    }
  for (int cell = 0; givens && cell < n * n && !st; cell++) {
    if (!givens[cell]) continue;
    int nb[8], m = neighbours(n, cell, nb);
    st = cons_begin(cs, givens[cell] - 1);
    for (int i = 0; i < m && !st; i++) st = pz_ivec_push(&cs->cells, nb[i]);
  }
  if (!st) st = pz_ivec_push(&cs->ofs, (int)cs->cells.len);
  if (st) return st;

  /* Constraints of each cell. */
  size_t ncons = cs->need.len, cells = (size_t)n * (size_t)n;
  cs->cell_ofs = (int *)calloc(cells + 1, sizeof(int));
  cs->cell_cons = (int *)malloc((cs->cells.len + 1) * sizeof(int));
  cs->ones = (int *)calloc(ncons + 1, sizeof(int));
  cs->open = (int *)calloc(ncons + 1, sizeof(int));
  if (!cs->cell_ofs || !cs->cell_cons || !cs->ones || !cs->open)
    return PZ_ERR_NOMEM;
  for (size_t i = 0; i < cs->cells.len; i++) cs->cell_ofs[cs->cells.data[i] + 1]++;
  for (size_t c = 0; c < cells; c++) cs->cell_ofs[c + 1] += cs->cell_ofs[c];
  int *fill = (int *)malloc((cells + 1) * sizeof(int));
  if (!fill) return PZ_ERR_NOMEM;
  memcpy(fill, cs->cell_ofs, cells * sizeof(int));
  for (size_t i = 0; i < ncons; i++)
    for (int j = cs->ofs.data[i]; j < cs->ofs.data[i + 1]; j++) {
      cs->cell_cons[fill[cs->cells.data[j]]++] = (int)i;
      cs->open[i]++;
    }
  free(fill);
  return PZ_OK;
}

/* ---- propagation ------------------------------------------------------ */

typedef struct prop {
  cons *cs;
  signed char *value;
  pz_ivec queue; /* constraints to look at */
  char *queued;
  int conflict;
  pz_poll *poll; /* may be NULL */
} prop;

static int set_cell(prop *p, int cell, int v) {
  if (p->value[cell] >= 0) {
    if (p->value[cell] != v) p->conflict = 1;
    return PZ_OK;
  }
  p->value[cell] = (signed char)v;
  cons *cs = p->cs;
  for (int j = cs->cell_ofs[cell]; j < cs->cell_ofs[cell + 1]; j++) {
    int c = cs->cell_cons[j];
    cs->open[c]--;
    if (v) cs->ones[c]++;
    if (!p->queued[c]) {
      p->queued[c] = 1;
      int st = pz_ivec_push(&p->queue, c);
      if (st) return st;
    }
  }
  return PZ_OK;
}

static int propagate(prop *p) {
  cons *cs = p->cs;
  while (p->queue.len && !p->conflict) {
    int c = p->queue.data[--p->queue.len];
    p->queued[c] = 0;
    if (pz_poll_work(p->poll, cs->ofs.data[c + 1] - cs->ofs.data[c] + 1))
      return PZ_STOPPED;
    int need = cs->need.data[c], ones = cs->ones[c], open = cs->open[c];
    if (ones > need || ones + open < need) {
      p->conflict = 1;
      break;
    }
    if (!open || (ones < need && ones + open > need)) continue;
    int v = ones == need ? 0 : 1;
    for (int j = cs->ofs.data[c]; j < cs->ofs.data[c + 1]; j++) {
      int cell = cs->cells.data[j];
      if (p->value[cell] < 0) {
        int st = set_cell(p, cell, v);
        if (st) return st;
      }
    }
  }
  return PZ_OK;
}

/* ---- the puzzle kind -------------------------------------------------- */

static int kd_given_ok(const pz_puzzle *p, int cell, int value) {
  (void)p;
  (void)cell;
  return value >= 1 && value <= PZ_KNIGHTDOKU_MAX_CLUE + 1;
}

static int conflict_at(pz_parse_info *info, int n, int cell, const char *fmt,
                       int a, int b) {
  if (info) {
    char what[120];
    snprintf(what, sizeof what, fmt, a, b);
    info->line = (size_t)(cell / n) + 1;
    info->column = (size_t)(cell % n) + 1;
    snprintf(info->message, sizeof info->message, "r%dc%d: %s", cell / n + 1,
             cell % n + 1, what);
  }
  return PZ_ERR_CONFLICT;
}

static int kd_check_givens(pz_puzzle *p, pz_parse_info *info) {
  knightdoku *kd = (knightdoku *)p->impl;
  int n = kd->n, k = kd->k;
  const int *g = p->givens;
  int *count = (int *)calloc(3 * (size_t)n, sizeof(int));
  if (!count) return PZ_ERR_NOMEM;
  int st = PZ_OK;
  for (int cell = 0; cell < n * n && !st; cell++) {
    if (!g[cell]) continue;
    int clue = g[cell] - 1, nb[8], m = neighbours(n, cell, nb), given_nb = 0;
    int r = cell / n, c = cell % n;
    for (int i = 0; i < m; i++) given_nb += g[nb[i]] != 0;
    if (clue > m)
      st = conflict_at(info, n, cell,
                       "clue %d, but only %d cells are a knight's move away",
                       clue, m);
    else if (++count[r] > k)
      st = conflict_at(info, n, cell, "more than %d given knights in row %d",
                       k, r + 1);
    else if (++count[n + c] > k)
      st = conflict_at(info, n, cell,
                       "more than %d given knights in column %d", k, c + 1);
    else if (++count[2 * n + box_of(kd, cell)] > k)
      st = conflict_at(info, n, cell, "more than %d given knights in box %d",
                       k, box_of(kd, cell) + 1);
    else if (given_nb > clue)
      st = conflict_at(info, n, cell,
                       "clue %d, but %d given knights are a knight's move "
                       "away", clue, given_nb);
  }
  free(count);
  return st;
}

static void kd_reset_state(knightdoku *kd) {
  free(kd->value);
  free(kd->var);
  free(kd->var_cell);
  kd->value = NULL;
  kd->var = NULL;
  kd->var_cell = NULL;
  kd->first_var = kd->nvars = 0;
}

/* Literals the constraints over the open cells would take. */
static int kd_check_size(const pz_puzzle *p, const knightdoku *kd,
                         const cons *cs, int full) {
  pz_sizer z;
  pz_sizer_init(&z);
  for (size_t c = 0; c < cs->need.len && !pz_size_verdict(&z); c++) {
    if (!full && !cs->open[c]) continue;
    size_t m = 0;
    for (int j = cs->ofs.data[c]; j < cs->ofs.data[c + 1]; j++)
      m += kd->value[cs->cells.data[j]] < 0;
    int need = cs->need.data[c] - cs->ones[c];
    if (need == 1 && p->opt.card == PZ_CARD_AUTO)
      pz_size_exactly_one(&z, m, p->opt.amo);
    else
      pz_size_exactly_k(&z, m, need, p->opt.card);
  }
  int st = pz_size_verdict(&z);
  pz_sizer_free(&z);
  return st;
}

/* Simplified: the givens are propagated and only open cells get
 * variables. Full: every cell has one (cell + first), every constraint is
 * written whole and each given knight is a unit clause. */
static int kd_encode_with(pz_puzzle *p, pz_cnf *cnf, int full) {
  knightdoku *kd = (knightdoku *)p->impl;
  int n = kd->n, cells = n * n, st;
  kd_reset_state(kd);
  kd->value = (signed char *)malloc((size_t)cells);
  kd->var = (int *)calloc((size_t)cells, sizeof(int));
  if (!kd->value || !kd->var) return PZ_ERR_NOMEM;
  memset(kd->value, -1, (size_t)cells);

  cons cs;
  memset(&cs, 0, sizeof cs);
  prop pr;
  memset(&pr, 0, sizeof pr);
  pr.cs = &cs;
  pr.value = kd->value;
  pr.poll = p->poll;
  int *lits = NULL;
  st = build_cons(kd, p->givens, &cs);
  if (!st && !(pr.queued = (char *)calloc(cs.need.len + 1, 1))) st = PZ_ERR_NOMEM;
  /* Every constraint once (an empty unit may already be decided), then
   * the givens. */
  for (size_t c = 0; !st && !full && c < cs.need.len; c++) {
    pr.queued[c] = 1;
    st = pz_ivec_push(&pr.queue, (int)c);
  }
  for (int cell = 0; !st && !full && cell < cells && !pr.conflict; cell++)
    if (p->givens[cell]) st = set_cell(&pr, cell, 1);
  if (!st && !full) st = propagate(&pr);
  if (!st && !pr.conflict) st = kd_check_size(p, kd, &cs, full);

  if (!st && pr.conflict) {
    /* The givens alone contradict the rules: no solution (and no cell
     * has a value). */
    memset(kd->value, -1, (size_t)cells);
    st = pz_cnf_add_clause(cnf, NULL, 0);
    if (!st) st = pz_cnf_set_projection(cnf, NULL, 0, PZ_PROJECT_EXACT_WEIGHT);
  } else if (!st) {
    int open = 0, base = 0;
    for (int cell = 0; cell < cells; cell++) open += kd->value[cell] < 0;
    if (open) st = pz_cnf_new_vars(cnf, open, &base);
    lits = (int *)malloc(((size_t)open + 1) * sizeof(int));
    kd->var_cell = (int *)malloc(((size_t)open + 1) * sizeof(int));
    if (!st && (!lits || !kd->var_cell)) st = PZ_ERR_NOMEM;
    for (int cell = 0, v = base; !st && cell < cells; cell++)
      if (kd->value[cell] < 0) {
        lits[v - base] = v;
        kd->var_cell[v - base] = cell;
        kd->var[cell] = v++;
      }
    if (!st) {
      kd->first_var = base;
      kd->nvars = open;
    }
    /* The projection first: pz_exactly_k uses lits as scratch below. */
    if (!st) st = pz_cnf_set_projection(cnf, lits, (size_t)open,
                                        PZ_PROJECT_EXACT_WEIGHT);
    size_t mark = pz_cnf_num_literals(cnf);
    for (size_t c = 0; !st && c < cs.need.len; c++) {
      /* Full keeps empty constraints too: clue 2 with no cell to fill. */
      if (!full && !cs.open[c]) continue;
      size_t m = 0;
      for (int j = cs.ofs.data[c]; j < cs.ofs.data[c + 1]; j++) {
        int cell = cs.cells.data[j];
        if (kd->value[cell] < 0) lits[m++] = kd->var[cell];
      }
      int need = cs.need.data[c] - cs.ones[c];
      /* Exactly one honours the at-most-one encoding option. */
      if (need == 1 && p->opt.card == PZ_CARD_AUTO)
        st = pz_exactly_one(cnf, lits, m, p->opt.amo);
      else
        st = pz_exactly_k(cnf, lits, m, need, p->opt.card);
      size_t now = pz_cnf_num_literals(cnf);
      if (!st && pz_poll_work(p->poll, (long long)(now - mark + m) + 1))
        st = PZ_STOPPED;
      mark = now;
    }
    for (int cell = 0; !st && full && cell < cells; cell++)
      if (p->givens[cell]) st = pz_cnf_add1(cnf, kd->var[cell]);
    if (!st) st = pz_cnf_status(cnf);
  }
  if (st) {
    /* Nothing of a broken encoding may be read back. */
    memset(kd->value, -1, (size_t)cells);
    kd->nvars = 0;
  }
  free(lits);
  free(pr.queued);
  pz_ivec_free(&pr.queue);
  cons_free(&cs);
  return st;
}

static int kd_encode(pz_puzzle *p, pz_cnf *cnf) {
  return kd_encode_with(p, cnf, 0);
}

static int kd_encode_full(pz_puzzle *p, pz_cnf *cnf) {
  return kd_encode_with(p, cnf, 1);
}

static int kd_var_meaning(const pz_puzzle *p, int var, int *cell,
                          int *value) {
  const knightdoku *kd = (const knightdoku *)p->impl;
  if (!kd->value) return PZ_ERR_STATE;
  if (var < kd->first_var || var - kd->first_var >= kd->nvars)
    return PZ_ERR_RANGE;
  if (cell) *cell = kd->var_cell[var - kd->first_var];
  if (value) *value = 1;
  return PZ_OK;
}

static int kd_decided(const pz_puzzle *p, int *grid) {
  const knightdoku *kd = (const knightdoku *)p->impl;
  if (!kd->value) return PZ_ERR_STATE;
  for (int c = 0; c < kd->n * kd->n; c++) grid[c] = kd->value[c];
  return PZ_OK;
}

static void kd_decode(pz_puzzle *p, const pz_solver *s, int *grid) {
  knightdoku *kd = (knightdoku *)p->impl;
  int cells = kd->n * kd->n;
  for (int cell = 0; cell < cells; cell++) {
    if (!kd->value) grid[cell] = 0;
    else if (kd->value[cell] >= 0) grid[cell] = kd->value[cell];
    else grid[cell] = pz_solver_value(s, kd->var[cell]) > 0;
  }
}

static void kd_destroy(pz_puzzle *p) {
  knightdoku *kd = (knightdoku *)p->impl;
  if (!kd) return;
  kd_reset_state(kd);
  free(kd);
  p->impl = NULL;
}

static const pz_puzzle_ops knightdoku_ops = {
    "knightdoku", kd_given_ok, kd_check_givens, kd_encode, NULL, NULL,
    kd_decode, kd_destroy, 0, NULL, kd_encode_full, kd_var_meaning,
    kd_decided};

int pz_knightdoku_new(pz_puzzle **out, int box_rows, int box_cols,
                      int knights_per_unit) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (box_rows < 1 || box_cols < 1) return PZ_ERR_ARG;
  if (box_rows > PZ_KNIGHTDOKU_MAX_SIZE || box_cols > PZ_KNIGHTDOKU_MAX_SIZE ||
      box_rows * box_cols > PZ_KNIGHTDOKU_MAX_SIZE)
    return PZ_ERR_TOO_LARGE;
  int n = box_rows * box_cols;
  if (knights_per_unit < 0 || knights_per_unit > n) return PZ_ERR_ARG;
  pz_puzzle *p;
  int st = pz_puzzle_init(&p, &knightdoku_ops, n, n, 1);
  if (st) return st;
  knightdoku *kd = (knightdoku *)calloc(1, sizeof *kd);
  if (!kd) {
    pz_puzzle_free(p);
    return PZ_ERR_NOMEM;
  }
  kd->box_rows = box_rows;
  kd->box_cols = box_cols;
  kd->k = knights_per_unit;
  kd->n = n;
  p->impl = kd;
  *out = p;
  return PZ_OK;
}

int pz_knightdoku_shape(const pz_puzzle *p, int *box_rows, int *box_cols,
                        int *knights_per_unit) {
  if (!p || p->ops != &knightdoku_ops) return PZ_ERR_ARG;
  const knightdoku *kd = (const knightdoku *)p->impl;
  if (box_rows) *box_rows = kd->box_rows;
  if (box_cols) *box_cols = kd->box_cols;
  if (knights_per_unit) *knights_per_unit = kd->k;
  return PZ_OK;
}
