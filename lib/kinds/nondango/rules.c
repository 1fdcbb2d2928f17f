/* Nondango on the model layer: one variable per cell, a constant
 * PZ_NONDANGO_NONE where there is no circle and WHITE..BLACK on a circle
 * (two values: one SAT variable). Every region holds exactly one black
 * circle (a count; over no circles it cannot hold, as in the engine), and
 * no run of three adjacent circles in a row, column or diagonal is all one
 * colour (pz_model_no_run over each run of circles). The circles and given
 * colours are clues that shape the rules, so the model is built for the
 * givens (pz_model_puzzle_set_clues); given colours are fixed values the
 * layer propagates. pz_nondango_check is a plain checker of an answer. */
#include <stdio.h>
#include <stdlib.h>

#include "model/model_impl.h"
#include "puzzle/model_puzzle.h"
#include "puzzle/puzzle_impl.h"
#include "puzzle/units.h"
#include "pz/nondango.h"

static const char nondango_kind[] = "nondango";

typedef struct nondango {
  int rows, cols, nreg;
  int *region;    /* per cell: region 0..nreg-1 */
  int *reg_start; /* cells of region r: reg_cells[reg_start[r] .. [r+1]) */
  int *reg_cells;
} nondango;

/* The four line directions (row step, column step) that go "forward". */
static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* Cell index of the k-th cell of the line from cell c in direction d (k
 * may be negative), or -1 when it leaves the grid. */
static int line_cell(const nondango *nd, int c, int d, int k) {
  int r = c / nd->cols + k * dirs[d][0], col = c % nd->cols + k * dirs[d][1];
  if (r < 0 || r >= nd->rows || col < 0 || col >= nd->cols) return -1;
  return r * nd->cols + col;
}

static int rules(const void *data, const int *g, pz_model **out) {
  const nondango *nd = (const nondango *)data;
  int cells = nd->rows * nd->cols, x, k;
  int *vars = (int *)malloc(((size_t)cells + 1) * sizeof(int));
  int st = vars ? pz_model_new(out) : PZ_ERR_NOMEM;
  for (int c = 0; c < cells && !st; c++) {
    st = g[c] ? pz_model_add_ints(*out, 1, PZ_NONDANGO_WHITE, PZ_NONDANGO_BLACK, &x)
              : pz_model_add_ints(*out, 1, PZ_NONDANGO_NONE, PZ_NONDANGO_NONE, &x);
    if (!st && g[c] == PZ_NONDANGO_GIVEN_WHITE) st = pz_model_fix(*out, c, PZ_NONDANGO_WHITE);
    if (!st && g[c] == PZ_NONDANGO_GIVEN_BLACK) st = pz_model_fix(*out, c, PZ_NONDANGO_BLACK);
  }
  for (int reg = 0; reg < nd->nreg && !st; reg++) {
    k = 0;
    for (int i = nd->reg_start[reg]; i < nd->reg_start[reg + 1]; i++)
      if (g[nd->reg_cells[i]]) vars[k++] = nd->reg_cells[i];
    if (k)
      st = pz_units_label(*out, "the region of r%dc%d", vars[0] / nd->cols + 1,
                          vars[0] % nd->cols + 1);
    if (!st) st = pz_model_count(*out, vars, (size_t)k, PZ_NONDANGO_BLACK, PZ_EQ, 1);
  }
  /* Each run of circles along a line, from its first circle. */
  for (int c = 0; c < cells && !st; c++)
    for (int d = 0; d < 4 && !st && g[c]; d++) {
      int before = line_cell(nd, c, d, -1);
      if (before >= 0 && g[before]) continue;
      k = 0;
      for (int y = c; y >= 0 && g[y]; y = line_cell(nd, y, d, 1)) vars[k++] = y;
      st = pz_units_label(*out, "the line of circles from r%dc%d",
                          c / nd->cols + 1, c % nd->cols + 1);
      if (!st) st = pz_model_no_run(*out, vars, (size_t)k, PZ_NONDANGO_BLACK, 3);
      if (!st) st = pz_model_no_run(*out, vars, (size_t)k, PZ_NONDANGO_WHITE, 3);
    }
  free(vars);
  return st;
}

static nondango *as_nondango(const pz_puzzle *p) {
  return (nondango *)pz_model_puzzle_data(p, nondango_kind);
}

static int nd_given_ok(const pz_puzzle *p, int cell, int value) {
  (void)p;
  (void)cell;
  return value >= PZ_NONDANGO_CIRCLE && value <= PZ_NONDANGO_GIVEN_BLACK;
}

/* Puts cell (line = row, column = column, from 1) and msg, followed by
 * the cell as "rRcC", into *info (may be NULL). */
static void set_info(pz_parse_info *info, const nondango *nd, int cell,
                     const char *msg) {
  if (!info) return;
  int r = cell / nd->cols + 1, c = cell % nd->cols + 1;
  info->line = (size_t)r;
  info->column = (size_t)c;
  snprintf(info->message, sizeof info->message, "%s (at r%dc%d)", msg, r, c);
}

static int nd_check_givens(pz_puzzle *p, pz_parse_info *info) {
  const nondango *nd = as_nondango(p);
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
        set_info(info, nd, c, msg);
        return PZ_ERR_CONFLICT;
      }
    }
    if (!circles || !open) {
      snprintf(msg, sizeof msg, circles ? "every circle of region %d is "
               "given white" : "region %d has no circle", reg + 1);
      set_info(info, nd, circles ? first_circle : first, msg);
      return PZ_ERR_CONFLICT;
    }
  }
  int cells = p->rows * p->cols;
  for (int c = 0; c < cells; c++) {
    int v = g[c];
    if (v != PZ_NONDANGO_GIVEN_WHITE && v != PZ_NONDANGO_GIVEN_BLACK) continue;
    for (int d = 0; d < 4; d++) {
      int b = line_cell(nd, c, d, 1), e = line_cell(nd, c, d, 2);
      if (e < 0 || g[b] != v || g[e] != v) continue;
      set_info(info, nd, c, v == PZ_NONDANGO_GIVEN_BLACK
                                ? "three adjacent circles in a line are given "
                                  "black"
                                : "three adjacent circles in a line are given "
                                  "white");
      return PZ_ERR_CONFLICT;
    }
  }
  return PZ_OK;
}

/* Every circle given its colour; a circle without one is a plain circle. */
static void nd_solution_clues(const void *data, const int *givens,
                              const int *solution, int cells, int *full,
                              int *blank) {
  (void)data;
  for (int c = 0; c < cells; c++) {
    blank[c] = givens[c] ? PZ_NONDANGO_CIRCLE : PZ_NONDANGO_NO_CIRCLE;
    full[c] = !givens[c] ? PZ_NONDANGO_NO_CIRCLE
              : solution[c] == PZ_NONDANGO_BLACK ? PZ_NONDANGO_GIVEN_BLACK
                                                 : PZ_NONDANGO_GIVEN_WHITE;
  }
}

static const pz_model_clues nondango_clues = {nd_given_ok, nd_check_givens,
                                              rules, nd_solution_clues};

static void nd_free(void *data) {
  nondango *nd = (nondango *)data;
  if (!nd) return;
  free(nd->region);
  free(nd->reg_start);
  free(nd->reg_cells);
  free(nd);
}

int pz_nondango_new(pz_puzzle **out, int rows, int cols, const int *regions) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!regions || rows < 1 || cols < 1) return PZ_ERR_ARG;
  if (rows > PZ_NONDANGO_MAX_SIZE || cols > PZ_NONDANGO_MAX_SIZE)
    return PZ_ERR_TOO_LARGE;
  int cells = rows * cols, first;
  for (int c = 0; c < cells; c++)
    if (regions[c] < 0 || regions[c] >= cells) return PZ_ERR_RANGE;
  nondango *nd = (nondango *)calloc(1, sizeof *nd);
  size_t n = (size_t)cells;
  int *map = (int *)malloc(n * sizeof(int));
  if (nd) {
    nd->rows = rows;
    nd->cols = cols;
    nd->region = (int *)malloc(n * sizeof(int));
    nd->reg_start = (int *)calloc(n + 1, sizeof(int));
    nd->reg_cells = (int *)malloc(n * sizeof(int));
  }
  if (!nd || !map || !nd->region || !nd->reg_start || !nd->reg_cells) {
    free(map);
    nd_free(nd);
    return PZ_ERR_NOMEM;
  }
  /* Renumber in row-major order of first appearance, and list the cells
   * of each region (by their count). */
  for (int c = 0; c < cells; c++) map[c] = -1;
  for (int c = 0; c < cells; c++) {
    if (map[regions[c]] < 0) map[regions[c]] = nd->nreg++;
    nd->region[c] = map[regions[c]];
    nd->reg_start[nd->region[c] + 1]++;
  }
  for (int r = 0; r < nd->nreg; r++) nd->reg_start[r + 1] += nd->reg_start[r];
  for (int r = 0; r < nd->nreg; r++) map[r] = nd->reg_start[r];
  for (int c = 0; c < cells; c++) nd->reg_cells[map[nd->region[c]]++] = c;
  free(map);
  /* The cells alone (max value BLACK): the rules are built for the
   * givens when encoding. */
  pz_model *m = NULL;
  int st = pz_model_new(&m);
  if (!st) st = pz_model_add_ints(m, cells, PZ_NONDANGO_NONE, PZ_NONDANGO_BLACK, &first);
  if (!st) st = pz_model_puzzle_kind(out, m, rows, cols, nondango_kind);
  pz_model_free(m);
  if (st) {
    nd_free(nd);
    return st;
  }
  pz_model_puzzle_set_data(*out, nd, nd_free);
  pz_model_puzzle_set_clues(*out, &nondango_clues);
  return PZ_OK;
}

const int *pz_nondango_regions(const pz_puzzle *p, int *count) {
  nondango *nd = as_nondango(p);
  if (count) *count = nd ? nd->nreg : 0;
  return nd ? nd->region : NULL;
}

static int verdict_at(pz_nondango_verdict *verdict, pz_nondango_verdict v,
                      pz_parse_info *info, const nondango *nd, int cell,
                      const char *msg) {
  *verdict = v;
  set_info(info, nd, cell, msg);
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
      return verdict_at(verdict, PZ_NONDANGO_WRONG_CIRCLES, info, nd, c,
                        a ? "the answer has a circle where the puzzle has none"
                          : "the answer has no circle where the puzzle has one");
    if ((g[c] == PZ_NONDANGO_GIVEN_BLACK && a != PZ_NONDANGO_BLACK) ||
        (g[c] == PZ_NONDANGO_GIVEN_WHITE && a != PZ_NONDANGO_WHITE))
      return verdict_at(verdict, PZ_NONDANGO_WRONG_CIRCLES, info, nd, c,
                        "the answer changes a given colour");
  }
  /* The engine's order: two black in a region, three black in a line,
   * three white in a line, a region without black. */
  for (int reg = 0; reg < nd->nreg; reg++) {
    int blacks = 0;
    for (int i = nd->reg_start[reg]; i < nd->reg_start[reg + 1]; i++) {
      int c = nd->reg_cells[i];
      if (answer[c] == PZ_NONDANGO_BLACK && ++blacks == 2) {
        int first = nd->reg_cells[nd->reg_start[reg]];
        snprintf(msg, sizeof msg, "two black circles in the region of r%dc%d",
                 first / nd->cols + 1, first % nd->cols + 1);
        return verdict_at(verdict, PZ_NONDANGO_TWO_BLACK, info, nd, c, msg);
      }
    }
  }
  for (int colour = PZ_NONDANGO_BLACK; colour >= PZ_NONDANGO_WHITE; colour--)
    for (int c = 0; c < cells; c++) {
      if (answer[c] != colour) continue;
      for (int d = 0; d < 4; d++) {
        int b = line_cell(nd, c, d, 1), e = line_cell(nd, c, d, 2);
        if (e < 0 || answer[b] != colour || answer[e] != colour) continue;
        if (colour == PZ_NONDANGO_BLACK)
          return verdict_at(verdict, PZ_NONDANGO_THREE_BLACK, info, nd, c,
                            "three black circles in a line");
        return verdict_at(verdict, PZ_NONDANGO_THREE_WHITE, info, nd, c,
                          "three white circles in a line");
      }
    }
  for (int reg = 0; reg < nd->nreg; reg++) {
    int blacks = 0;
    for (int i = nd->reg_start[reg]; i < nd->reg_start[reg + 1]; i++)
      if (answer[nd->reg_cells[i]] == PZ_NONDANGO_BLACK) blacks++;
    if (!blacks) {
      int first = nd->reg_cells[nd->reg_start[reg]];
      snprintf(msg, sizeof msg, "no black circle in the region of r%dc%d",
               first / nd->cols + 1, first % nd->cols + 1);
      return verdict_at(verdict, PZ_NONDANGO_NO_BLACK, info, nd,
                        nd->reg_cells[nd->reg_start[reg]], msg);
    }
  }
  return PZ_OK;
}
