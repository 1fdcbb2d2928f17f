/* pz_render: every kind drawn as a puzzle and with its solution, read
 * back as pixels. The PNG of each has the size PZ_RENDER_CELL promises,
 * and at each cell's centre black ink exactly where the puzzle shows
 * something (givens, clue cells, given knights, ...) and blue exactly
 * where the solution fills in; the SVG is well-formed XML (xmllint, when
 * installed); a PDF sheet has the pages pz_render_write says (pdfinfo,
 * when installed). Usage: test_render BACKEND DIR (DIR for the files). */
#include <cairo.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <pz.h>
#include <pz/render.h>

#include "check.h"
#include "validate.h"

static const char *dir;

/* Ink found in a cell's centre (the middle 40% each way). */
enum { INK_BLACK = 1, INK_BLUE = 2 };

static int cell_ink(cairo_surface_t *img, int r, int c, int top) {
  unsigned char *data = cairo_image_surface_get_data(img);
  int stride = cairo_image_surface_get_stride(img), found = 0;
  double x0 = PZ_RENDER_MARGIN + c * PZ_RENDER_CELL;
  double y0 = top + r * PZ_RENDER_CELL;
  for (int y = (int)(y0 + 0.3 * PZ_RENDER_CELL); y < y0 + 0.7 * PZ_RENDER_CELL; y++)
    for (int x = (int)(x0 + 0.3 * PZ_RENDER_CELL); x < x0 + 0.7 * PZ_RENDER_CELL; x++) {
      uint32_t px = *(uint32_t *)(data + (size_t)y * (size_t)stride + 4 * (size_t)x);
      int R = (px >> 16) & 255, G = (px >> 8) & 255, B = px & 255;
      if (R < 100 && G < 100 && B < 100) found |= INK_BLACK;
      if (B > 150 && R < 110 && G < 140) found |= INK_BLUE;
    }
  return found;
}

/* A kind under test: its puzzle, the scene of (givens, solution), and
 * what ink each cell's centre must show. */
typedef struct kind {
  const char *name;
  pz_puzzle *p;
  int rows, cols; /* of the picture */
  int (*scene)(const struct kind *k, const int *givens, const int *solution,
               pz_scene **out);
  int (*expect)(const struct kind *k, int cell, const int *givens,
                const int *solution);
  int box_rows, box_cols;
  const void *def;
} kind;

/* Digit kinds: a given black, else the solution's digit blue. */
static int expect_digits(const kind *k, int cell, const int *givens,
                         const int *solution) {
  (void)k;
  return givens[cell] ? INK_BLACK : solution ? INK_BLUE : 0;
}

static char *file_name(const char *kind_name, const char *what, const char *ext) {
  static char buf[512];
  snprintf(buf, sizeof buf, "%s/%s-%s.%s", dir, kind_name, what, ext);
  return buf;
}

static int have(const char *tool) {
  char cmd[128];
  snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", tool);
  return system(cmd) == 0;
}

/* Draws k's puzzle (solution NULL) or its solution to PNG and SVG and
 * checks them. */
static void check_picture(const kind *k, const int *solution) {
  const int *givens = pz_puzzle_givens(k->p);
  const char *what = solution ? "solution" : "puzzle";
  pz_scene *s = NULL;
  int st = k->scene(k, givens, solution, &s);
  CHECK_EQ(st, PZ_OK);
  if (st) return;
  const pz_scene *one[1] = {s};
  int pages = 0;
  char png[512];
  snprintf(png, sizeof png, "%s", file_name(k->name, what, "png"));
  CHECK_EQ(pz_render_write(png, PZ_RENDER_PNG, one, 1, NULL, &pages), PZ_OK);
  CHECK_EQ(pages, 1);
  char *svg = file_name(k->name, what, "svg");
  CHECK_EQ(pz_render_write(svg, PZ_RENDER_SVG, one, 1, NULL, NULL), PZ_OK);
  if (have("xmllint")) {
    char cmd[600];
    snprintf(cmd, sizeof cmd, "xmllint --noout '%s'", svg);
    if (system(cmd) != 0) {
      fprintf(stderr, "%s: %s is not well-formed XML\n", k->name, svg);
      check_failures++;
    }
  }
  pz_scene_free(s);
  cairo_surface_t *img = cairo_image_surface_create_from_png(png);
  REQUIRE(cairo_surface_status(img) == CAIRO_STATUS_SUCCESS);
  int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
  CHECK_EQ(w, k->cols * PZ_RENDER_CELL + 2 * PZ_RENDER_MARGIN);
  /* A caption adds its line under the grid. */
  CHECK(h == k->rows * PZ_RENDER_CELL + 2 * PZ_RENDER_MARGIN ||
        h == k->rows * PZ_RENDER_CELL + 2 * PZ_RENDER_MARGIN + PZ_RENDER_CAPTION);
  int bad = 0;
  for (int i = 0; i < k->rows * k->cols && w == k->cols * PZ_RENDER_CELL + 2 * PZ_RENDER_MARGIN; i++) {
    int got = cell_ink(img, i / k->cols, i % k->cols, PZ_RENDER_MARGIN);
    int want = k->expect(k, i, givens, solution);
    if (got != want && bad++ < 5)
      fprintf(stderr, "%s %s: cell r%dc%d has ink %d, expected %d\n", k->name,
              what, i / k->cols + 1, i % k->cols + 1, got, want);
  }
  CHECK_EQ(bad, 0);
  cairo_surface_destroy(img);
}

/* Solves k's puzzle and checks both pictures. */
static void check_kind(kind *k, const char *backend) {
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  REQUIRE(pz_puzzle_set_options(k->p, &o) == PZ_OK);
  size_t cells = (size_t)pz_puzzle_rows(k->p) * (size_t)pz_puzzle_cols(k->p);
  int *sol = (int *)malloc(cells * sizeof *sol);
  pz_result r;
  REQUIRE(sol && pz_puzzle_solve(k->p, sol, &r) == PZ_OK && r == PZ_SAT);
  check_picture(k, NULL);
  check_picture(k, sol);
  free(sol);
  pz_puzzle_free(k->p);
}

/* --- The kinds ------------------------------------------------------------ */

static int sudoku_scene(const kind *k, const int *g, const int *s, pz_scene **out) {
  return pz_render_sudoku(out, k->box_rows, k->box_cols, NULL, 0, g, s);
}
static int latin_scene(const kind *k, const int *g, const int *s, pz_scene **out) {
  return pz_render_latin(out, k->rows, g, s);
}
static int killer_scene(const kind *k, const int *g, const int *s, pz_scene **out) {
  const int *sums;
  int n;
  const int *cages = pz_killer_cages(k->p, &sums, &n);
  return pz_render_killer(out, k->box_rows, k->box_cols, cages, sums, n, g, s);
}
static int futoshiki_scene(const kind *k, const int *g, const int *s, pz_scene **out) {
  const pz_futoshiki_def *d = (const pz_futoshiki_def *)k->def;
  return pz_render_futoshiki(out, k->rows, pz_futoshiki_def_right(d),
                             pz_futoshiki_def_down(d), g, s);
}
static int kakuro_scene(const kind *k, const int *g, const int *s, pz_scene **out) {
  (void)g;
  return pz_render_kakuro(out, k->rows, k->cols, pz_kakuro_cells(k->p, NULL, NULL), s);
}
/* Clue and block cells are black (a diagonal or a fill through the
 * centre), white cells blue once solved. */
static int kakuro_expect(const kind *k, int cell, const int *g, const int *s) {
  (void)g;
  return !pz_kakuro_cells(k->p, NULL, NULL)[cell].white ? INK_BLACK : s ? INK_BLUE : 0;
}
static int starbattle_scene(const kind *k, const int *g, const int *s, pz_scene **out) {
  (void)g;
  return pz_render_starbattle(out, k->rows, k->cols,
                              pz_starbattle_def_regions((const pz_starbattle_def *)k->def, NULL), s);
}
static int starbattle_expect(const kind *k, int cell, const int *g, const int *s) {
  (void)g;
  if (pz_starbattle_def_regions((const pz_starbattle_def *)k->def, NULL)[cell] < 0)
    return INK_BLACK;
  return s && s[cell] == PZ_STARBATTLE_STAR ? INK_BLUE : 0;
}
static int knightdoku_scene(const kind *k, const int *g, const int *s, pz_scene **out) {
  return pz_render_knightdoku(out, k->box_rows, k->box_cols, g, s);
}
static int knightdoku_expect(const kind *k, int cell, const int *g, const int *s) {
  (void)k;
  return g[cell] ? INK_BLACK : s && s[cell] ? INK_BLUE : 0;
}
static int nondango_scene(const kind *k, const int *g, const int *s, pz_scene **out) {
  return pz_render_nondango(out, k->rows, k->cols, pz_nondango_regions(k->p, NULL), g, s);
}
/* Black circles are discs (given black, solved blue); white ones rings,
 * which leave the centre blank. */
static int nondango_expect(const kind *k, int cell, const int *g, const int *s) {
  (void)k;
  if (g[cell] == PZ_NONDANGO_GIVEN_BLACK) return INK_BLACK;
  return g[cell] == PZ_NONDANGO_CIRCLE && s && s[cell] == PZ_NONDANGO_BLACK ? INK_BLUE : 0;
}
static int eulero_scene(const kind *k, const int *g, const int *s, pz_scene **out) {
  return pz_render_eulero(out, k->rows, g, s);
}
/* Two symbols a cell: each black when given (or fixed by a given pair),
 * blue when solved. */
static int eulero_expect(const kind *k, int cell, const int *g, const int *s) {
  int n = k->rows, r = cell / n, c = cell % n, want = 0;
  int z = g[r * 3 * n + 2 * n + c];
  for (int sq = 0; sq < 2; sq++) {
    if (g[r * 3 * n + sq * n + c] || z) want |= INK_BLACK;
    else if (s) want |= INK_BLUE;
  }
  return want;
}

static char *slurp(const char *name, size_t *len) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", PZ_TEST_DATA, name);
  FILE *f = fopen(path, "rb");
  REQUIRE(f);
  char *buf = (char *)malloc(1 << 16);
  REQUIRE(buf);
  *len = fread(buf, 1, 1 << 16, f);
  fclose(f);
  return buf;
}

static const char sudoku9[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6"
    ".6....28....419..5....8..79";

static void all_kinds(const char *backend) {
  size_t len;
  char *text;
  pz_parse_info info;
  /* Sudoku, and its solution checked independently. */
  {
    kind k = {"sudoku", NULL, 9, 9, sudoku_scene, expect_digits, 3, 3, NULL};
    int g[81];
    for (int i = 0; i < 81; i++) g[i] = sudoku9[i] == '.' ? 0 : sudoku9[i] - '0';
    REQUIRE(pz_sudoku_new(&k.p, 3, 3) == PZ_OK && pz_puzzle_set_givens(k.p, g) == PZ_OK);
    int sol[81];
    pz_result r;
    REQUIRE(pz_puzzle_solve(k.p, sol, &r) == PZ_OK && r == PZ_SAT);
    CHECK(valid_sudoku(sol, 3, 3, g, 0, NULL));
    check_kind(&k, backend);
  }
  {
    kind k = {"latin", NULL, 5, 5, latin_scene, expect_digits, 0, 0, NULL};
    int g[25] = {1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 4};
    REQUIRE(pz_latin_new(&k.p, 5, 0) == PZ_OK && pz_puzzle_set_givens(k.p, g) == PZ_OK);
    check_kind(&k, backend);
  }
  {
    pz_killer_def *d;
    text = slurp("killer/nine.txt", &len);
    REQUIRE(pz_killer_parse(text, len, &d, &info) == PZ_OK);
    kind k = {"killer", NULL, 9, 9, killer_scene, expect_digits, 0, 0, NULL};
    pz_killer_def_box(d, &k.box_rows, &k.box_cols);
    REQUIRE(pz_killer_from_def(&k.p, d) == PZ_OK);
    check_kind(&k, backend);
    pz_killer_def_free(d);
    free(text);
  }
  {
    pz_futoshiki_def *d;
    text = slurp("futoshiki/four.txt", &len);
    REQUIRE(pz_futoshiki_parse(text, len, &d, &info) == PZ_OK);
    kind k = {"futoshiki", NULL, 4, 4, futoshiki_scene, expect_digits, 0, 0, d};
    REQUIRE(pz_futoshiki_from_def(&k.p, d) == PZ_OK);
    check_kind(&k, backend);
    pz_futoshiki_def_free(d);
    free(text);
  }
  {
    pz_kakuro_def *d;
    text = slurp("kakuro/six.txt", &len);
    REQUIRE(pz_kakuro_parse(text, len, &d, &info) == PZ_OK);
    kind k = {"kakuro", NULL, pz_kakuro_def_rows(d), pz_kakuro_def_cols(d),
              kakuro_scene, kakuro_expect, 0, 0, NULL};
    REQUIRE(pz_kakuro_from_def(&k.p, d) == PZ_OK);
    check_kind(&k, backend);
    pz_kakuro_def_free(d);
    free(text);
  }
  {
    pz_starbattle_def *d;
    text = slurp("starbattle/black8.txt", &len);
    REQUIRE(pz_starbattle_parse(text, len, &d, &info) == PZ_OK);
    kind k = {"starbattle", NULL, pz_starbattle_def_rows(d), pz_starbattle_def_cols(d),
              starbattle_scene, starbattle_expect, 0, 0, d};
    REQUIRE(pz_starbattle_from_def(&k.p, d) == PZ_OK);
    check_kind(&k, backend);
    pz_starbattle_def_free(d);
    free(text);
  }
  {
    pz_knightdoku_def *d;
    text = slurp("knightdoku/nine.txt", &len);
    REQUIRE(pz_knightdoku_parse(text, len, &d, &info) == PZ_OK);
    kind k = {"knightdoku", NULL, 9, 9, knightdoku_scene, knightdoku_expect, 0, 0, NULL};
    REQUIRE(pz_knightdoku_from_def(&k.p, d, 0, 0, -1) == PZ_OK);
    REQUIRE(pz_knightdoku_shape(k.p, &k.box_rows, &k.box_cols, NULL) == PZ_OK);
    check_kind(&k, backend);
    pz_knightdoku_def_free(d);
    free(text);
  }
  {
    pz_nondango_def *d;
    text = slurp("nondango/a4x6.txt", &len);
    REQUIRE(pz_nondango_parse(text, len, PZ_NONDANGO_AUTO, &d, &info) == PZ_OK);
    kind k = {"nondango", NULL, pz_nondango_def_rows(d), pz_nondango_def_cols(d),
              nondango_scene, nondango_expect, 0, 0, NULL};
    REQUIRE(pz_nondango_from_def(&k.p, d, 0) == PZ_OK);
    check_kind(&k, backend);
    pz_nondango_def_free(d);
    free(text);
  }
  {
    pz_eulero_def *d;
    text = slurp("eulero/small4.txt", &len);
    REQUIRE(pz_eulero_parse(text, len, &d, &info) == PZ_OK);
    kind k = {"eulero", NULL, 4, 4, eulero_scene, eulero_expect, 0, 0, NULL};
    REQUIRE(pz_eulero_from_def(&k.p, d) == PZ_OK);
    check_kind(&k, backend);
    pz_eulero_def_free(d);
    free(text);
  }
}

/* A sheet: 8 Sudoku and their solutions are 2 + 2 A4 pages; SVG and PNG
 * put pages 2.. in FILE-2, ... */
static void check_sheet(void) {
  pz_scene *s[8];
  int g[81];
  for (int i = 0; i < 81; i++) g[i] = sudoku9[i] == '.' ? 0 : sudoku9[i] - '0';
  for (int i = 0; i < 8; i++)
    REQUIRE(pz_render_sudoku(&s[i], 3, 3, NULL, i % 2 ? PZ_SUDOKU_DIAGONAL : 0, g, NULL) == PZ_OK);
  const pz_scene *const *all = (const pz_scene *const *)s;
  char pdf[512];
  snprintf(pdf, sizeof pdf, "%s/sheet.pdf", dir);
  int pages = 0;
  CHECK_EQ(pz_render_write(pdf, PZ_RENDER_PDF, all, 8, all, &pages), PZ_OK);
  CHECK_EQ(pages, 4);
  if (have("pdfinfo")) {
    char cmd[600], line[200];
    snprintf(cmd, sizeof cmd, "pdfinfo '%s'", pdf);
    FILE *p = popen(cmd, "r");
    int seen = 0;
    while (p && fgets(line, sizeof line, p))
      if (!strncmp(line, "Pages:", 6)) seen = atoi(line + 6);
    if (p) pclose(p);
    CHECK_EQ(seen, 4);
  }
  char png[512];
  snprintf(png, sizeof png, "%s/sheet.png", dir);
  CHECK_EQ(pz_render_write(png, PZ_RENDER_PNG, all, 8, NULL, &pages), PZ_OK);
  CHECK_EQ(pages, 2);
  snprintf(png, sizeof png, "%s/sheet-2.png", dir);
  cairo_surface_t *img = cairo_image_surface_create_from_png(png);
  CHECK(cairo_surface_status(img) == CAIRO_STATUS_SUCCESS);
  CHECK_EQ(cairo_image_surface_get_height(img), 842); /* A4, a point a pixel */
  cairo_surface_destroy(img);
  for (int i = 0; i < 8; i++) pz_scene_free(s[i]);
}

/* Bad arguments: statuses, never a crash. */
static void check_args(void) {
  pz_render_format f;
  CHECK_EQ(pz_render_format_of("a.PDF", &f), PZ_OK);
  CHECK_EQ(f, PZ_RENDER_PDF);
  CHECK_EQ(pz_render_format_of("a.svg", &f), PZ_OK);
  CHECK_EQ(f, PZ_RENDER_SVG);
  CHECK_EQ(pz_render_format_of("a.jpg", &f), PZ_ERR_ARG);
  CHECK_EQ(pz_render_format_of("dir.png/a", &f), PZ_ERR_ARG);
  pz_scene *s = NULL;
  CHECK_EQ(pz_scene_new(&s, 0, 3), PZ_ERR_ARG);
  CHECK_EQ(pz_scene_new(&s, 3, 5000), PZ_ERR_TOO_LARGE);
  REQUIRE(pz_scene_new(&s, 2, 2) == PZ_OK);
  CHECK_EQ(pz_scene_set_text(s, 4, 0, "1", PZ_INK_GIVEN), PZ_ERR_ARG);
  CHECK_EQ(pz_scene_add_sign(s, 1, 0, "<"), PZ_ERR_RANGE); /* right of the last column */
  int bad[4] = {0, 0, 5, 0};
  CHECK_EQ(pz_scene_set_cages(s, bad, 2, NULL), PZ_ERR_RANGE);
  const pz_scene *one[1] = {s};
  CHECK_EQ(pz_render_write("/nonexistent-dir/x.png", PZ_RENDER_PNG, one, 1, NULL, NULL), PZ_ERR_IO);
  CHECK_EQ(pz_render_write("/nonexistent-dir/x.pdf", PZ_RENDER_PDF, one, 1, NULL, NULL), PZ_ERR_IO);
  CHECK_EQ(pz_render_write("x.png", PZ_RENDER_PNG, one, 0, NULL, NULL), PZ_ERR_ARG);
  pz_scene_free(s);
  pz_scene_free(NULL);
  /* Above cairo's largest image: refused before anything is allocated. */
  REQUIRE(pz_scene_new(&s, 920, 1) == PZ_OK);
  one[0] = s;
  CHECK_EQ(pz_render_write("tall.png", PZ_RENDER_PNG, one, 1, NULL, NULL), PZ_ERR_TOO_LARGE);
  pz_scene_free(s);
  int g[16] = {9};
  CHECK_EQ(pz_render_latin(&s, 4, g, NULL), PZ_ERR_RANGE);
  CHECK(s == NULL);
  CHECK_EQ(pz_render_sudoku(&s, 3, 3, NULL, 0x100, NULL, NULL), PZ_ERR_ARG);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: test_render BACKEND DIR\n");
    return 2;
  }
  dir = argv[2];
  REQUIRE(mkdir(dir, 0777) == 0 || errno == EEXIST);
  all_kinds(argv[1]);
  check_sheet();
  check_args();
  pz_render_release(); /* cairo's and fontconfig's caches: no leak left */
  if (check_failures) {
    fprintf(stderr, "%d check(s) failed\n", check_failures);
    return 1;
  }
  printf("render: every kind drawn and read back\n");
  return 0;
}
