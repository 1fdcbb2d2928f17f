/* The kind contract, over every kind in the registry (include/pz/kind.h):
 * no input is no puzzle; a generated puzzle has exactly the solution it
 * came with; every format that holds a puzzle reads back to the same
 * puzzle; batches split into their puzzles; bad text is an error with a
 * place. Each kind's own test checks its answers against its rules. The
 * backend is argv[1]. */
#include <pz.h>
#include <pz/render.h>

#include "check.h"
#include "kind_on.h"

static const char *backend;

static pz_options options(void) {
  pz_options o = PZ_OPTIONS_INIT;
  o.backend = backend;
  o.time_limit = 60;
  return o;
}

/* The text pz_def_write gives (malloc'd; NULL when the format cannot). */
static char *written(const pz_def *d, const int *cells, const char *format,
                     size_t *len) {
  int st;
  char *text = def_written(d, cells, format, &st, len);
  if (!text) CHECK_EQ(st, PZ_ERR_UNSUPPORTED);
  return text;
}

/* Solves d's puzzle: 1 when it has exactly one solution, put in out. */
static int only_solution(const pz_def *d, int *out, size_t cells) {
  pz_puzzle *p = NULL;
  REQUIRE(pz_def_puzzle(d, &p) == PZ_OK);
  pz_options o = options();
  REQUIRE(pz_puzzle_set_options(p, &o) == PZ_OK);
  CHECK_EQ((size_t)pz_puzzle_rows(p) * (size_t)pz_puzzle_cols(p), cells);
  int n = 0;
  pz_result stop = PZ_UNKNOWN;
  int st = pz_puzzle_unique(p, &n, out, &stop);
  pz_puzzle_free(p);
  CHECK_EQ(st, PZ_OK);
  CHECK(stop != PZ_UNKNOWN); /* decided, not stopped */
  return st == PZ_OK && n == 1;
}

static void no_puzzle(const pz_kind *k) {
  static const char *const inputs[] = {"", "\n\n  \n", "# a comment\n\n# another\n"};
  for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
    pz_def *d = NULL;
    pz_parse_info info;
    int st = pz_kind_parse(k, NULL, inputs[i], strlen(inputs[i]), &d, &info);
    if (st == PZ_OK) fprintf(stderr, "%s: input %zu parsed\n", pz_kind_name(k), i);
    CHECK(st != PZ_OK);
    CHECK(d == NULL);
    CHECK(info.message[0] != '\0');
    pz_span *parts = NULL;
    size_t n = 9;
    CHECK_EQ(pz_kind_split(k, inputs[i], strlen(inputs[i]), &parts, &n), PZ_OK);
    CHECK_EQ(n, 0);
    free(parts);
  }
}

/* Each format that holds the puzzle reads back to a puzzle with the same
 * only solution; two of them in one text split in two. */
static void read_back(const pz_kind *k, const pz_def *d, const int *solution,
                      size_t cells) {
  int *again = (int *)malloc(cells * sizeof(int));
  REQUIRE(again);
  int formats = 0;
  for (const char *const *f = pz_kind_formats(k); *f; f++) {
    size_t len;
    char *text = written(d, NULL, *f, &len);
    if (!text) continue;
    formats++;
    pz_def *back = NULL;
    pz_parse_info info;
    int st = pz_kind_parse(k, NULL, text, len, &back, &info);
    if (st)
      fprintf(stderr, "%s: --format %s does not read back: %zu:%zu: %s\n%s",
              pz_kind_name(k), *f, info.line, info.column, info.message, text);
    CHECK_EQ(st, PZ_OK);
    if (!st) {
      CHECK(only_solution(back, again, cells));
      CHECK(!memcmp(again, solution, cells * sizeof(int)));
    }
    pz_def_free(back);
    /* Twice, a blank line between: two puzzles. */
    size_t two_len = 2 * len + 1;
    char *two = (char *)malloc(two_len);
    REQUIRE(two);
    memcpy(two, text, len);
    two[len] = '\n';
    memcpy(two + len + 1, text, len);
    pz_span *parts = NULL;
    size_t n = 0;
    CHECK_EQ(pz_kind_split(k, two, two_len, &parts, &n), PZ_OK);
    if (n != 2)
      fprintf(stderr, "%s: --format %s twice splits in %zu:\n%.*s", pz_kind_name(k),
              *f, n, (int)two_len, two);
    CHECK_EQ(n, 2);
    for (size_t i = 0; i < n && n == 2; i++) {
      back = NULL;
      CHECK_EQ(pz_kind_parse(k, NULL, two + parts[i].offset, parts[i].len,
                             &back, NULL), PZ_OK);
      pz_def_free(back);
    }
    free(parts);
    /* A line of nonsense after it: an error with its place. */
    size_t bad_len = len + 8;
    char *bad = (char *)malloc(bad_len + 1);
    REQUIRE(bad);
    snprintf(bad, bad_len + 1, "%.*s%s", (int)len, text,
             len && text[len - 1] == '\n' ? "%%%% ?!\n" : "\n%%%% ?!");
    bad_len = strlen(bad);
    back = NULL;
    pz_parse_info info2;
    st = pz_kind_parse(k, NULL, bad, bad_len, &back, &info2);
    CHECK(st != PZ_OK);
    CHECK(info2.line >= 1 && info2.message[0]);
    pz_def_free(back);
    free(bad);
    free(two);
    free(text);
  }
  CHECK(formats >= 1);
  free(again);
}

static void kind(const pz_kind *k) {
  fprintf(stderr, "kind %s\n", pz_kind_name(k));
  CHECK(pz_kind_find(pz_kind_name(k)) == k);
  for (const char *const *a = pz_kind_aliases(k); *a; a++)
    CHECK(pz_kind_find(*a) == k);
  CHECK(pz_kind_title(k) && pz_kind_rules(k) && pz_kind_input_help(k));
  no_puzzle(k);
  if (!(pz_kind_modes(k) & PZ_KIND_GENERATE)) return;
  for (uint64_t seed = 1; seed <= 2; seed++) {
    pz_options o = options();
    pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
    g.seed = seed;
    pz_def *d = NULL;
    pz_generate_info info;
    pz_result stop;
    int st = pz_kind_generate(k, NULL, &o, &g, &d, &info, &stop);
    CHECK_EQ(st, PZ_OK);
    CHECK_EQ(stop, PZ_SAT);
    if (st || !d) continue;
    const int *solution = pz_def_solution(d);
    CHECK(solution != NULL);
    pz_puzzle *p = NULL;
    REQUIRE(pz_def_puzzle(d, &p) == PZ_OK);
    size_t cells = (size_t)pz_puzzle_rows(p) * (size_t)pz_puzzle_cols(p);
    pz_puzzle_free(p);
    int *only = (int *)malloc(cells * sizeof(int));
    REQUIRE(only);
    /* The solver's only solution is the generator's. */
    CHECK(only_solution(d, only, cells));
    CHECK(solution && !memcmp(only, solution, cells * sizeof(int)));
    if (solution) read_back(k, d, solution, cells);
    if (pz_kind_modes(k) & PZ_KIND_SCENE) {
      pz_scene *s = NULL;
      CHECK_EQ(pz_def_scene(d, solution, &s), PZ_OK);
      CHECK(s != NULL);
      pz_scene_free(s);
    }
    free(only);
    pz_def_free(d);
  }
}

int main(int argc, char **argv) {
  backend = argc > 1 ? argv[1] : NULL;
  size_t n = 0;
  const pz_kind *const *all = pz_kind_list(&n);
  CHECK(n >= 1);
  CHECK(all[n] == NULL);
  CHECK(pz_kind_find("no such kind") == NULL);
  for (size_t i = 0; i < n; i++) kind(all[i]);
  /* Parameters: unknown names and bad values are refused with a reason. */
  const pz_kind *killer = pz_kind_find("killer");
  if (killer) {
    pz_kind_args *a = NULL;
    REQUIRE(pz_kind_args_new(killer, &a) == PZ_OK);
    pz_parse_info why;
    CHECK_EQ(pz_kind_args_set(a, "nope", "1", &why), PZ_ERR_ARG);
    CHECK(strstr(why.message, "nope") != NULL);
    CHECK(pz_kind_args_set(a, "box", "2y2", &why) != PZ_OK);
    CHECK(pz_kind_args_set(a, "box", "99x99", &why) == PZ_ERR_RANGE);
    CHECK_EQ(pz_kind_args_set(a, "box", "2x2", &why), PZ_OK);
    CHECK(pz_kind_args_given(a, "box"));
    pz_kind_args_free(a);
  }
  if (check_failures) fprintf(stderr, "%d checks failed\n", check_failures);
  return check_failures ? 1 : 0;
}
