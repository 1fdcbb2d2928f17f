/* The rules of each kind and its typed readers, for fuzz_kinds (see
 * kind_rules.h). A checker returns NULL when the solution obeys the
 * rules, else what is wrong. */
#include "kind_rules.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void box_of(const fuzz_kind_ctx *x, int n, int box[2]) {
  if (x->box[0]) {
    box[0] = x->box[0], box[1] = x->box[1];
  } else {
    fuzz_default_box(n, &box[0], &box[1]);
  }
}

static const char *check_sudoku(const pz_puzzle *p, const int *sol,
                                void *state) {
  const fuzz_kind_ctx *x = (const fuzz_kind_ctx *)state;
  int box[2];
  box_of(x, pz_puzzle_rows(p), box);
  return fuzz_check_variants(p, sol, box, x->variants);
}

/* Rows, columns, givens, variants, and every value once per region (the
 * regions as pz_text_parse reads them from the janko.at text). */
static const char *check_jigsaw(const pz_puzzle *p, const int *sol,
                                void *state) {
  const fuzz_kind_ctx *x = (const fuzz_kind_ctx *)state;
  const char *why = fuzz_check_variants(p, sol, NULL, x->variants);
  if (why) return why;
  pz_text *t = NULL;
  pz_parse_info info;
  int n = pz_puzzle_rows(p);
  if (pz_text_parse(&t, x->text, x->len, n, PZ_TEXT_AUTO, &info) != PZ_OK)
    return "the text does not read as a janko.at puzzle";
  const int *reg = pz_text_regions(t, 0);
  why = reg ? NULL : "no regions in the text";
  for (int a = 0; a < n * n && !why; a++)
    for (int b = a + 1; b < n * n && !why; b++)
      if (reg[a] == reg[b] && sol[a] == sol[b]) why = "a value twice in a region";
  pz_text_free(t);
  return why;
}

static const char *check_latin(const pz_puzzle *p, const int *sol,
                               void *state) {
  const fuzz_kind_ctx *x = (const fuzz_kind_ctx *)state;
  const char *why = fuzz_check_grid(p, sol, NULL);
  int n = pz_puzzle_rows(p);
  for (int i = 0; i < n && !why && x->reduced; i++)
    if (sol[i] != i + 1 || sol[i * n] != i + 1)
      why = "reduced, but the first row or column is not 1..n in order";
  return why;
}

/* Killer, from include/pz/killer.h: a Sudoku (box, variants); each cage's
 * values distinct, adding up to its sum. */
static const char *check_killer(const pz_puzzle *p, const int *sol,
                                void *state) {
  const char *why = check_sudoku(p, sol, state);
  if (why) return why;
  int n = pz_puzzle_rows(p), nc = 0;
  const int *sums = NULL, *cage = pz_killer_cages(p, &sums, &nc);
  if (!cage || (nc && !sums)) return "no cages";
  long long *total = (long long *)calloc((size_t)nc + 1, sizeof *total);
  if (!total) return NULL; /* cannot check; not the library's fault */
  for (int a = 0; a < n * n && !why; a++) {
    if (cage[a] < 0) continue;
    if (cage[a] >= nc) why = "a cage number out of range";
    else total[cage[a]] += sol[a];
    for (int b = a + 1; b < n * n && !why; b++)
      if (cage[a] == cage[b] && sol[a] == sol[b]) why = "a value twice in a cage";
  }
  for (int k = 0; k < nc && !why; k++)
    if (total[k] != sums[k]) why = "a cage sum is wrong";
  free(total);
  return why;
}

/* Eulero: A and B Latin, every pair once, Z = n(A-1)+B, givens kept (the
 * puzzle is n rows of A, B and Z side by side). */
static const char *check_eulero(const pz_puzzle *p, const int *sol,
                                void *state) {
  (void)state;
  int n = pz_puzzle_rows(p);
  const int *g = pz_puzzle_givens(p);
  if (pz_puzzle_cols(p) != 3 * n || n > 32) return "not n x 3n";
  unsigned char pair[32 * 32];
  memset(pair, 0, sizeof pair);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int a = sol[r * 3 * n + c], b = sol[r * 3 * n + n + c];
      if (a < 1 || a > n || b < 1 || b > n) return "value out of range";
      if (pair[(a - 1) * n + b - 1]++) return "a pair occurs twice";
      if (sol[r * 3 * n + 2 * n + c] != n * (a - 1) + b) return "wrong pair number";
      for (int k = 0; k < c; k++)
        if (sol[r * 3 * n + k] == a || sol[r * 3 * n + n + k] == b)
          return "a value twice in a row";
      for (int k = 0; k < r; k++)
        if (sol[k * 3 * n + c] == a || sol[k * 3 * n + n + c] == b)
          return "a value twice in a column";
    }
  for (int i = 0; i < 3 * n * n; i++)
    if (g[i] && g[i] != sol[i]) return "a given is not kept";
  return NULL;
}

/* Knightdoku, from include/pz/knightdoku.h: k knights in every row,
 * column and box; given knights stand and see exactly their clue - 1. */
static const char *check_knightdoku(const pz_puzzle *p, const int *sol,
                                    void *state) {
  (void)state;
  int n = pz_puzzle_rows(p), box[2], k;
  if (pz_knightdoku_shape(p, &box[0], &box[1], &k) != PZ_OK) return "no shape";
  const int *g = pz_puzzle_givens(p);
  for (int u = 0; u < 3 * n; u++) {
    int count = 0;
    for (int i = 0; i < n; i++) {
      int r, c;
      if (u < n) {
        r = u, c = i;
      } else if (u < 2 * n) {
        r = i, c = u - n;
      } else {
        int b = u - 2 * n, per_row = n / box[1];
        r = (b / per_row) * box[0] + i / box[1];
        c = (b % per_row) * box[1] + i % box[1];
      }
      if (sol[r * n + c] != 0 && sol[r * n + c] != 1) return "a cell neither 0 nor 1";
      count += sol[r * n + c];
    }
    if (count != k) return "a unit with the wrong number of knights";
  }
  static const int dr[8] = {-2, -2, -1, -1, 1, 1, 2, 2};
  static const int dc[8] = {-1, 1, -2, 2, -2, 2, -1, 1};
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      if (!g[r * n + c]) continue;
      if (sol[r * n + c] != 1) return "a given knight is missing";
      int seen = 0;
      for (int d = 0; d < 8; d++) {
        int rr = r + dr[d], cc = c + dc[d];
        if (rr >= 0 && rr < n && cc >= 0 && cc < n) seen += sol[rr * n + cc];
      }
      if (seen != g[r * n + c] - 1) return "a knight sees other than its clue";
    }
  return NULL;
}

/* Futoshiki, from include/pz/futoshiki.h: a Latin square, givens kept,
 * every sign (as pz_futoshiki_parse reads the text) holding. */
static const char *check_futoshiki(const pz_puzzle *p, const int *sol,
                                   void *state) {
  const fuzz_kind_ctx *x = (const fuzz_kind_ctx *)state;
  const char *why = fuzz_check_grid(p, sol, NULL);
  if (why) return why;
  pz_futoshiki_def *d = NULL;
  pz_parse_info info;
  if (pz_futoshiki_parse(x->text, x->len, &d, &info) != PZ_OK)
    return "the text does not read as Futoshiki";
  int n = pz_futoshiki_def_order(d);
  const int *right = pz_futoshiki_def_right(d), *down = pz_futoshiki_def_down(d);
  for (int i = 0; i < n * n && !why; i++) {
    if ((right[i] == 1 && !(sol[i] < sol[i + 1])) ||
        (right[i] == 2 && !(sol[i] > sol[i + 1])))
      why = "a sign in a row broken";
    if ((down[i] == 1 && !(sol[i] < sol[i + n])) ||
        (down[i] == 2 && !(sol[i] > sol[i + n])))
      why = "a sign in a column broken";
  }
  pz_futoshiki_def_free(d);
  return why;
}

/* Kakuro, from include/pz/kakuro.h: white cells 1..9, others 0; every run
 * holds distinct digits adding up to the clue before it; every run has a
 * clue. */
static const char *check_kakuro(const pz_puzzle *p, const int *sol,
                                void *state) {
  (void)state;
  int rows, cols;
  const pz_kakuro_cell *g = pz_kakuro_cells(p, &rows, &cols);
  if (!g) return "not a Kakuro puzzle";
  for (int i = 0; i < rows * cols; i++)
    if (g[i].white ? sol[i] < 1 || sol[i] > 9 : sol[i] != 0)
      return "a cell value out of its range";
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      for (int d = 0; d < 2; d++) { /* 0 across, 1 down */
        const pz_kakuro_cell *x = &g[r * cols + c];
        int clue = d ? x->down : x->across, sum = 0, seen = 0, len = 0;
        if (x->white || !clue) continue;
        for (int rr = r + d, cc = c + !d;
             rr < rows && cc < cols && g[rr * cols + cc].white;
             rr += d, cc += !d, len++) {
          int v = sol[rr * cols + cc];
          if (seen >> v & 1) return "a digit twice in a run";
          seen |= 1 << v;
          sum += v;
        }
        if (!len) return "a clue without a run";
        if (sum != clue) return "a run does not add up to its clue";
      }
  for (int i = 0; i < rows * cols; i++) {
    if (!g[i].white) continue;
    int r = i / cols, c = i % cols;
    if (c == 0 || (!g[i - 1].white && !g[i - 1].across))
      return "a run across without a clue";
    if (r == 0 || (!g[i - cols].white && !g[i - cols].down))
      return "a run down without a clue";
  }
  return NULL;
}

/* Star Battle, from include/pz/starbattle.h: k stars in every row, column
 * and region (as pz_starbattle_parse reads the text), none on a cell in
 * no region, no two touching. */
static const char *check_starbattle(const pz_puzzle *p, const int *sol,
                                    void *state) {
  const fuzz_kind_ctx *x = (const fuzz_kind_ctx *)state;
  pz_starbattle_def *d = NULL;
  pz_parse_info info;
  if (pz_starbattle_parse(x->text, x->len, &d, &info) != PZ_OK)
    return "the text does not read as Star Battle";
  int rows = pz_puzzle_rows(p), cols = pz_puzzle_cols(p), nreg;
  int k = pz_starbattle_def_stars(d), n = rows * cols;
  const int *reg = pz_starbattle_def_regions(d, &nreg);
  int *count = (int *)calloc((size_t)nreg + 1, sizeof(int));
  const char *why = NULL;
  for (int i = 0; i < n && !why && count; i++) {
    if (sol[i] != 0 && sol[i] != 1) why = "a cell is neither 0 nor 1";
    else if (sol[i] && reg[i] < 0) why = "a star on a cell in no region";
    else if (sol[i]) count[reg[i]]++;
  }
  for (int g = 0; g < nreg && !why && count; g++)
    if (count[g] != k) why = "a region with the wrong number of stars";
  for (int u = 0; u < rows + cols && !why; u++) {
    int stars = 0;
    for (int j = 0; j < (u < rows ? cols : rows); j++)
      stars += u < rows ? sol[u * cols + j] : sol[j * cols + u - rows];
    if (stars != k) why = "a row or column with the wrong number of stars";
  }
  for (int i = 0; i < n && !why; i++)
    for (int j = i + 1; j < n && !why; j++) {
      int dr = j / cols - i / cols, dc = j % cols - i % cols;
      if (sol[i] && sol[j] && dr <= 1 && dc >= -1 && dc <= 1)
        why = "two stars touch";
    }
  free(count);
  pz_starbattle_def_free(d);
  return why;
}

/* Nondango, from include/pz/nondango.h: circles as given (a given colour
 * kept), one black circle per region, no three adjacent circles of one
 * colour in a line; and pz_nondango_check must agree. */
static const char *nondango_rules(const pz_puzzle *p, const int *sol) {
  int rows = pz_puzzle_rows(p), cols = pz_puzzle_cols(p), nreg = 0;
  const int *g = pz_puzzle_givens(p), *reg = pz_nondango_regions(p, &nreg);
  if (!reg || nreg < 1 || nreg > rows * cols) return "no regions";
  int *black = (int *)calloc((size_t)nreg, sizeof(int));
  if (!black) return NULL;
  const char *why = NULL;
  for (int i = 0; i < rows * cols && !why; i++) {
    int v = sol[i];
    if ((g[i] == PZ_NONDANGO_NO_CIRCLE && v != PZ_NONDANGO_NONE) ||
        (g[i] == PZ_NONDANGO_CIRCLE && v != PZ_NONDANGO_WHITE &&
         v != PZ_NONDANGO_BLACK) ||
        (g[i] == PZ_NONDANGO_GIVEN_WHITE && v != PZ_NONDANGO_WHITE) ||
        (g[i] == PZ_NONDANGO_GIVEN_BLACK && v != PZ_NONDANGO_BLACK))
      why = "a cell other than its given";
    else if (reg[i] < 0 || reg[i] >= nreg)
      why = "region id out of range";
    else if (v == PZ_NONDANGO_BLACK)
      black[reg[i]]++;
  }
  for (int r = 0; r < nreg && !why; r++)
    if (black[r] != 1) why = "a region without exactly one black circle";
  free(black);
  static const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};
  for (int r = 0; r < rows && !why; r++)
    for (int c = 0; c < cols && !why; c++)
      for (int d = 0; d < 4 && !why; d++) {
        int r2 = r + 2 * dr[d], c2 = c + 2 * dc[d];
        if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols) continue;
        int a = sol[r * cols + c], b = sol[(r + dr[d]) * cols + c + dc[d]];
        if (a != PZ_NONDANGO_NONE && a == b && b == sol[r2 * cols + c2])
          why = "three circles of one colour in a line";
      }
  return why;
}

static const char *check_nondango(const pz_puzzle *p, const int *sol,
                                  void *state) {
  (void)state;
  const char *why = nondango_rules(p, sol);
  pz_nondango_verdict v;
  pz_parse_info info;
  int st = pz_nondango_check(p, sol, &v, &info);
  if (st != PZ_OK) fuzz_fail("pz_nondango_check: %s", pz_strerror(st));
  if (!why && v != PZ_NONDANGO_CORRECT)
    return "pz_nondango_check refuses what the rules accept";
  return why;
}

/* Skyscrapers and KenKen: only the Latin square and the givens are
 * checked (their clues have no public accessor). */
static const char *check_latin_only(const pz_puzzle *p, const int *sol,
                                    void *state) {
  (void)state;
  return fuzz_check_grid(p, sol, NULL);
}

/* --- Typed readers: the buffer parser and the stream reader. ---------- */

#define TYPED(KIND, FROM)                                                    \
  static void typed_##KIND(const char *text, size_t len, FILE *in,         \
                           fuzz_typed *o) {                                \
    pz_##KIND##_def *b = NULL, *s = NULL;                                  \
    o->parsed = pz_##KIND##_parse(text, len, &b, &o->pinfo);               \
    o->read = pz_##KIND##_read(in, &s, &o->rinfo);                         \
    if (!o->parsed && FROM(&o->from_parse, b)) o->from_parse = NULL;       \
    if (!o->read && FROM(&o->from_read, s)) o->from_read = NULL;           \
    pz_##KIND##_def_free(b);                                               \
    pz_##KIND##_def_free(s);                                               \
  }
TYPED(killer, pz_killer_from_def)
TYPED(eulero, pz_eulero_from_def)
TYPED(futoshiki, pz_futoshiki_from_def)
TYPED(kakuro, pz_kakuro_from_def)
TYPED(starbattle, pz_starbattle_from_def)

/* The header's shape, else the default box and 3 knights (as the kind). */
static int knightdoku_from(pz_puzzle **out, const pz_knightdoku_def *d) {
  int n = pz_knightdoku_def_size(d), br, bc, k = pz_knightdoku_def_knights(d);
  pz_knightdoku_def_box(d, &br, &bc);
  if (!br) fuzz_default_box(n, &br, &bc);
  if (k < 0) k = 3 <= n ? 3 : n;
  return pz_knightdoku_from_def(out, d, br, bc, k);
}
TYPED(knightdoku, knightdoku_from)

static void typed_nondango(const char *text, size_t len, FILE *in,
                           fuzz_typed *o) {
  pz_nondango_def *b = NULL, *s = NULL;
  o->parsed = pz_nondango_parse(text, len, PZ_NONDANGO_AUTO, &b, &o->pinfo);
  o->read = pz_nondango_read(in, PZ_NONDANGO_AUTO, &s, &o->rinfo);
  if (!o->parsed && pz_nondango_from_def(&o->from_parse, b, 0))
    o->from_parse = NULL;
  if (!o->read && pz_nondango_from_def(&o->from_read, s, 0)) o->from_read = NULL;
  pz_nondango_def_free(b);
  pz_nondango_def_free(s);
}

/* Eulero's Latin squares (for mates): the stream reader agrees with the
 * buffer parser, cells in 1..n; a small one's mates are solved. */
static void eulero_squares(const char *text, size_t len) {
  int *cells = NULL, n = 0;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_eulero_parse_square(text, len, &cells, &n, &info);
  char *copy;
  FILE *in = fuzz_open((const uint8_t *)text, len, &copy);
  if (in) {
    int *rc = NULL, rn = 0;
    pz_parse_info rinfo;
    int rst = pz_eulero_read_square(in, &rc, &rn, &rinfo);
    if (rst != st) fuzz_fail("pz_eulero_read_square says %d, parse %d", rst, st);
    if (st == PZ_OK && (rn != n || memcmp(rc, cells, (size_t)n * (size_t)n * sizeof(int))))
      fuzz_fail("pz_eulero_read_square and pz_eulero_parse_square differ");
    if (st != PZ_OK && (rinfo.line != info.line || rinfo.column != info.column ||
                        strcmp(rinfo.message, info.message)))
      fuzz_fail("eulero square: read error %zu:%zu '%s', parse %zu:%zu '%s'",
                rinfo.line, rinfo.column, rinfo.message, info.line,
                info.column, info.message);
    free(rc);
    fclose(in);
  }
  free(copy);
  if (st != PZ_OK) {
    fuzz_check_error("pz_eulero_parse_square", st, &info);
    if (cells) fuzz_fail("pz_eulero_parse_square: error %d but cells", st);
    return;
  }
  if (n < 1 || n > PZ_EULERO_MAX_ORDER) fuzz_fail("pz_eulero_parse_square: order %d", n);
  for (int i = 0; i < n * n; i++)
    if (cells[i] < 1 || cells[i] > n) fuzz_fail("pz_eulero_parse_square: cell %d is %d", i, cells[i]);
  if (3 * n * n <= FUZZ_MAX_SOLVE_CELLS) {
    pz_puzzle *p = NULL;
    st = pz_eulero_mates_new(&p, n, cells, PZ_EULERO_B_ROW, &info);
    if (st == PZ_OK) {
      fuzz_solve_all(p, check_eulero, NULL, "eulero mates");
      pz_puzzle_free(p);
    } else if (st != PZ_ERR_RANGE) {
      fuzz_fail("pz_eulero_mates_new: %s", pz_strerror(st));
    } else {
      fuzz_check_error("pz_eulero_mates_new", st, &info);
    }
  }
  free(cells);
}

static const fuzz_kind_rules table[] = {
    {"sudoku", check_sudoku, NULL, NULL},
    {"jigsaw", check_jigsaw, NULL, NULL},
    {"latin", check_latin, NULL, NULL},
    {"killer", check_killer, typed_killer, NULL},
    {"eulero", check_eulero, typed_eulero, eulero_squares},
    {"knightdoku", check_knightdoku, typed_knightdoku, NULL},
    {"futoshiki", check_futoshiki, typed_futoshiki, NULL},
    {"kakuro", check_kakuro, typed_kakuro, NULL},
    {"starbattle", check_starbattle, typed_starbattle, NULL},
    {"nondango", check_nondango, typed_nondango, NULL},
    {"skyscrapers", check_latin_only, NULL, NULL},
    {"kenken", check_latin_only, NULL, NULL},
};

const fuzz_kind_rules *fuzz_kind_rules_of(const char *name) {
  for (size_t i = 0; i < sizeof table / sizeof *table; i++)
    if (!strcasecmp(table[i].name, name)) return &table[i];
  return NULL;
}
