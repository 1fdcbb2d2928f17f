/* Nondango: one variable per circle (true = black). Every region holds
 * exactly one black circle (an empty exactly-one, hence an empty clause,
 * for a region without circles: the engine can never accept such a
 * region), and every three adjacent cells in a row, column or diagonal
 * that are all circles get "not all black" and "not all white". Given
 * colours become units. Every solution has one black circle per region,
 * so the projection onto the circle variables has an exact weight. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pz/nondango.h"
#include "puzzle/puzzle_impl.h"
#include "puzzle/size.h"

typedef struct nondango {
  int *region;    /* per cell: region 0..nreg-1 */
  int nreg;
  int *reg_start; /* cells of region r: reg_cells[reg_start[r] .. [r+1]) */
  int *reg_cells;
  int *var;       /* per cell: variable of the last encoding, 0 = none */
  int *var_cell;  /* per variable - first_var: its cell */
  int first_var, nvars; /* of the last encoding; nvars -1 before one */
  int *lits;      /* scratch, one entry per cell */
} nondango;

/* The four line directions (row step, column step) that go "forward". */
static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* Cell index of the k-th cell (k = 0, 1, 2) of the line starting at cell
 * c in direction d, or -1 when the line leaves the grid. */
static int line_cell(const pz_puzzle *p, int c, int d, int k) {
  int r = c / p->cols + k * dirs[d][0], col = c % p->cols + k * dirs[d][1];
  if (r < 0 || r >= p->rows || col < 0 || col >= p->cols) return -1;
  return r * p->cols + col;
}

static int nd_given_ok(const pz_puzzle *p, int cell, int value) {
  (void)p;
  (void)cell;
  return value >= PZ_NONDANGO_CIRCLE && value <= PZ_NONDANGO_GIVEN_BLACK;
}

/* Puts cell (line = row, column = column, from 1) and msg, followed by
 * the cell as "rRcC", into *info (may be NULL). */
static void set_info(pz_parse_info *info, const pz_puzzle *p, int cell,
                     const char *msg) {
  if (!info) return;
  int r = cell / p->cols + 1, c = cell % p->cols + 1;
  info->line = (size_t)r;
  info->column = (size_t)c;
  snprintf(info->message, sizeof info->message, "%s (at r%dc%d)", msg, r, c);
}

static int nd_check_givens(pz_puzzle *p, pz_parse_info *info) {
  nondango *nd = (nondango *)p->impl;
  const int *g = p->givens;
  char msg[96];
  for (int reg = 0; reg < nd->nreg; reg++) {
    int circles = 0, open = 0, blacks = 0;
    int first = nd->reg_cells[nd->reg_start[reg]], first_circle = -1;
    for (int i = nd->reg_start[reg]; i < nd->reg_start[reg + 1]; i++) {
      int c = nd->reg_cells[i];
      if (!g[c]) continue;
      circles++;
      if (first_circle < 0) first_circle = c;
      if (g[c] != PZ_NONDANGO_GIVEN_WHITE) open++;
      if (g[c] == PZ_NONDANGO_GIVEN_BLACK && ++blacks == 2) {
        snprintf(msg, sizeof msg, "region %d has two given black circles",
                 reg + 1);
        set_info(info, p, c, msg);
        return PZ_ERR_CONFLICT;
      }
    }
    if (!circles || !open) {
      snprintf(msg, sizeof msg, circles ? "every circle of region %d is "
               "given white" : "region %d has no circle", reg + 1);
      set_info(info, p, circles ? first_circle : first, msg);
      return PZ_ERR_CONFLICT;
    }
  }
  int cells = p->rows * p->cols;
  for (int c = 0; c < cells; c++) {
    int v = g[c];
    if (v != PZ_NONDANGO_GIVEN_WHITE && v != PZ_NONDANGO_GIVEN_BLACK) continue;
    for (int d = 0; d < 4; d++) {
      int b = line_cell(p, c, d, 1), e = line_cell(p, c, d, 2);
      if (e < 0 || g[b] != v || g[e] != v) continue;
      set_info(info, p, c, v == PZ_NONDANGO_GIVEN_BLACK
                               ? "three adjacent circles in a line are given "
                                 "black"
                               : "three adjacent circles in a line are given "
                                 "white");
      return PZ_ERR_CONFLICT;
    }
  }
  return PZ_OK;
}

/* Literals of the formula below, so that a huge one is refused first. */
static int nd_check_size(const pz_puzzle *p, const nondango *nd) {
  pz_sizer z;
  pz_sizer_init(&z);
  for (int reg = 0; reg < nd->nreg && !pz_size_verdict(&z); reg++) {
    size_t k = 0;
    for (int i = nd->reg_start[reg]; i < nd->reg_start[reg + 1]; i++)
      k += p->givens[nd->reg_cells[i]] != 0;
    pz_size_exactly_one(&z, k, p->opt.amo);
  }
  /* At most two clauses of three per line, four lines per cell, and a
   * unit per given colour. */
  z.literals += 25LL * p->rows * p->cols;
  int st = pz_size_verdict(&z);
  pz_sizer_free(&z);
  return st;
}

/* Every circle keeps its variable and a given colour is a unit clause:
 * the formula is the full one already. */
static int nd_encode(pz_puzzle *p, pz_cnf *cnf) {
  nondango *nd = (nondango *)p->impl;
  int cells = p->rows * p->cols, n = 0;
  nd->nvars = 0;
  for (int c = 0; c < cells; c++)
    if (p->givens[c]) n++;
  int st = nd_check_size(p, nd);
  if (st) return st;
  /* Circle variables first, so no auxiliary can take one of them. */
  int first = 1;
  st = n ? pz_cnf_new_vars(cnf, n, &first) : PZ_OK;
  if (st) return st;
  for (int c = 0, k = 0; c < cells; c++) {
    nd->var[c] = p->givens[c] ? first + k : 0;
    if (p->givens[c]) nd->var_cell[k++] = c;
  }
  size_t mark = pz_cnf_num_literals(cnf);
  for (int reg = 0; reg < nd->nreg && !st; reg++) {
    size_t k = 0;
    for (int i = nd->reg_start[reg]; i < nd->reg_start[reg + 1]; i++)
      if (nd->var[nd->reg_cells[i]]) nd->lits[k++] = nd->var[nd->reg_cells[i]];
    st = pz_exactly_one(cnf, nd->lits, k, p->opt.amo);
    size_t now = pz_cnf_num_literals(cnf);
    if (!st && pz_poll_work(p->poll, (long long)(now - mark + k) + 1))
      st = PZ_STOPPED;
    mark = now;
  }
  for (int c = 0; c < cells && !st; c++) {
    if (pz_poll_work(p->poll, 8)) {
      st = PZ_STOPPED;
      break;
    }
    int a = nd->var[c];
    if (!a) continue;
    for (int d = 0; d < 4; d++) {
      int b = line_cell(p, c, d, 1), e = line_cell(p, c, d, 2);
      if (e < 0 || !nd->var[b] || !nd->var[e]) continue;
      pz_cnf_add3(cnf, a, nd->var[b], nd->var[e]);    /* not all white */
      pz_cnf_add3(cnf, -a, -nd->var[b], -nd->var[e]); /* not all black */
    }
    if (p->givens[c] == PZ_NONDANGO_GIVEN_BLACK) pz_cnf_add1(cnf, a);
    if (p->givens[c] == PZ_NONDANGO_GIVEN_WHITE) pz_cnf_add1(cnf, -a);
  }
  if (!st) st = pz_cnf_status(cnf);
  if (st) return st;
  for (int c = 0, k = 0; c < cells; c++)
    if (nd->var[c]) nd->lits[k++] = nd->var[c];
  st = pz_cnf_set_projection(cnf, nd->lits, (size_t)n, PZ_PROJECT_EXACT_WEIGHT);
  if (!st) {
    nd->first_var = first;
    nd->nvars = n;
  }
  return st;
}

static int nd_var_meaning(const pz_puzzle *p, int var, int *cell,
                          int *value) {
  const nondango *nd = (const nondango *)p->impl;
  if (nd->nvars < 0) return PZ_ERR_STATE;
  if (var < nd->first_var || var - nd->first_var >= nd->nvars)
    return PZ_ERR_RANGE;
  if (cell) *cell = nd->var_cell[var - nd->first_var];
  if (value) *value = PZ_NONDANGO_BLACK;
  return PZ_OK;
}

static int nd_decided(const pz_puzzle *p, int *grid) {
  const nondango *nd = (const nondango *)p->impl;
  if (nd->nvars < 0) return PZ_ERR_STATE;
  for (int c = 0; c < p->rows * p->cols; c++)
    grid[c] = nd->var[c] && nd->nvars ? -1 : PZ_NONDANGO_NONE;
  return PZ_OK;
}

static void nd_decode(pz_puzzle *p, const pz_solver *s, int *grid) {
  nondango *nd = (nondango *)p->impl;
  int cells = p->rows * p->cols;
  for (int c = 0; c < cells; c++) {
    int v = nd->var[c];
    grid[c] = !v ? PZ_NONDANGO_NONE
                 : pz_solver_value(s, v) > 0 ? PZ_NONDANGO_BLACK
                                             : PZ_NONDANGO_WHITE;
  }
}

static void nd_destroy(pz_puzzle *p) {
  nondango *nd = (nondango *)p->impl;
  if (!nd) return;
  free(nd->region);
  free(nd->reg_start);
  free(nd->reg_cells);
  free(nd->var);
  free(nd->var_cell);
  free(nd->lits);
  free(nd);
  p->impl = NULL;
}

static const pz_puzzle_ops nondango_ops = {
    "nondango", nd_given_ok, nd_check_givens, nd_encode, NULL, NULL,
    nd_decode, nd_destroy, 0, NULL, nd_encode, nd_var_meaning,
    nd_decided};

int pz_nondango_new(pz_puzzle **out, int rows, int cols, const int *regions) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!regions || rows < 1 || cols < 1) return PZ_ERR_ARG;
  if (rows > PZ_NONDANGO_MAX_SIZE || cols > PZ_NONDANGO_MAX_SIZE)
    return PZ_ERR_TOO_LARGE;
  int cells = rows * cols;
  for (int c = 0; c < cells; c++)
    if (regions[c] < 0 || regions[c] >= cells) return PZ_ERR_RANGE;
  pz_puzzle *p;
  int st = pz_puzzle_init(&p, &nondango_ops, rows, cols, PZ_NONDANGO_BLACK);
  if (st) return st;
  nondango *nd = (nondango *)calloc(1, sizeof *nd);
  if (!nd) {
    pz_puzzle_free(p);
    return PZ_ERR_NOMEM;
  }
  p->impl = nd;
  size_t n = (size_t)cells;
  nd->region = (int *)malloc(n * sizeof(int));
  nd->reg_start = (int *)calloc(n + 1, sizeof(int));
  nd->reg_cells = (int *)malloc(n * sizeof(int));
  nd->var = (int *)calloc(n, sizeof(int));
  nd->var_cell = (int *)malloc(n * sizeof(int));
  nd->lits = (int *)malloc(n * sizeof(int));
  nd->nvars = -1;
  if (!nd->region || !nd->reg_start || !nd->reg_cells || !nd->var ||
      !nd->var_cell || !nd->lits) {
    pz_puzzle_free(p);
    return PZ_ERR_NOMEM;
  }
  /* Renumber in row-major order of first appearance; lits maps old ids. */
  for (int c = 0; c < cells; c++) nd->lits[c] = -1;
  for (int c = 0; c < cells; c++) {
    int id = regions[c];
    if (nd->lits[id] < 0) nd->lits[id] = nd->nreg++;
    nd->region[c] = nd->lits[id];
  }
  /* Counting sort of the cells by region. */
  for (int c = 0; c < cells; c++) nd->reg_start[nd->region[c] + 1]++;
  for (int r = 0; r < nd->nreg; r++) nd->reg_start[r + 1] += nd->reg_start[r];
  for (int r = 0; r < nd->nreg; r++) nd->lits[r] = nd->reg_start[r];
  for (int c = 0; c < cells; c++)
    nd->reg_cells[nd->lits[nd->region[c]]++] = c;
  *out = p;
  return PZ_OK;
}

static nondango *as_nondango(const pz_puzzle *p) {
  return p && p->ops == &nondango_ops ? (nondango *)p->impl : NULL;
}

const int *pz_nondango_regions(const pz_puzzle *p, int *count) {
  nondango *nd = as_nondango(p);
  if (count) *count = nd ? nd->nreg : 0;
  return nd ? nd->region : NULL;
}

static int verdict_at(pz_nondango_verdict *verdict, pz_nondango_verdict v,
                      pz_parse_info *info, const pz_puzzle *p, int cell,
                      const char *msg) {
  *verdict = v;
  set_info(info, p, cell, msg);
  return PZ_OK;
}

int pz_nondango_check(const pz_puzzle *p, const int *answer,
                      pz_nondango_verdict *verdict, pz_parse_info *info) {
  nondango *nd = as_nondango(p);
  if (!nd || !answer || !verdict) return PZ_ERR_ARG;
  int cells = p->rows * p->cols;
  const int *g = p->givens;
  char msg[96];
  for (int c = 0; c < cells; c++)
    if (answer[c] < PZ_NONDANGO_NONE || answer[c] > PZ_NONDANGO_BLACK)
      return PZ_ERR_RANGE;
  *verdict = PZ_NONDANGO_CORRECT;
  if (info) {
    info->line = info->column = 0;
    snprintf(info->message, sizeof info->message, "correct");
  }
  for (int c = 0; c < cells; c++) {
    int a = answer[c];
    if (!a != !g[c])
      return verdict_at(verdict, PZ_NONDANGO_WRONG_CIRCLES, info, p, c,
                        a ? "the answer has a circle where the puzzle has none"
                          : "the answer has no circle where the puzzle has one");
    if ((g[c] == PZ_NONDANGO_GIVEN_BLACK && a != PZ_NONDANGO_BLACK) ||
        (g[c] == PZ_NONDANGO_GIVEN_WHITE && a != PZ_NONDANGO_WHITE))
      return verdict_at(verdict, PZ_NONDANGO_WRONG_CIRCLES, info, p, c,
                        "the answer changes a given colour");
  }
  /* The engine's order: two black in a region, three black in a line,
   * three white in a line, a region without black. */
  for (int reg = 0; reg < nd->nreg; reg++) {
    int blacks = 0;
    for (int i = nd->reg_start[reg]; i < nd->reg_start[reg + 1]; i++) {
      int c = nd->reg_cells[i];
      if (answer[c] == PZ_NONDANGO_BLACK && ++blacks == 2) {
        snprintf(msg, sizeof msg,
                 "region %d has two or more black circles [bkMSGe2]", reg + 1);
        return verdict_at(verdict, PZ_NONDANGO_TWO_BLACK, info, p, c, msg);
      }
    }
  }
  for (int colour = PZ_NONDANGO_BLACK; colour >= PZ_NONDANGO_WHITE; colour--)
    for (int c = 0; c < cells; c++) {
      if (answer[c] != colour) continue;
      for (int d = 0; d < 4; d++) {
        int b = line_cell(p, c, d, 1), e = line_cell(p, c, d, 2);
        if (e < 0 || answer[b] != colour || answer[e] != colour) continue;
        if (colour == PZ_NONDANGO_BLACK)
          return verdict_at(verdict, PZ_NONDANGO_THREE_BLACK, info, p, c,
                            "three adjacent black circles in a line "
                            "[msConsecGt3]");
        return verdict_at(verdict, PZ_NONDANGO_THREE_WHITE, info, p, c,
                          "three adjacent white circles in a line "
                          "[muConsecGt3]");
      }
    }
  for (int reg = 0; reg < nd->nreg; reg++) {
    int blacks = 0;
    for (int i = nd->reg_start[reg]; i < nd->reg_start[reg + 1]; i++)
      if (answer[nd->reg_cells[i]] == PZ_NONDANGO_BLACK) blacks++;
    if (!blacks) {
      snprintf(msg, sizeof msg, "region %d has no black circle [bkNoMS]",
               reg + 1);
      return verdict_at(verdict, PZ_NONDANGO_NO_BLACK, info, p,
                        nd->reg_cells[nd->reg_start[reg]], msg);
    }
  }
  return PZ_OK;
}
