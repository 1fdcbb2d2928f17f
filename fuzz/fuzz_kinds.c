/* Fuzz target: every kind through the kind table (include/pz/kind.h).
 *
 * Input: byte 0 picks the kind, kinds[b % count] in pz_kind_list's order
 * (new kinds are appended there, so old inputs keep their kind), and
 * b / count a parameter setting: 0 the defaults, else one parameter of
 * the kind's table set to a value chosen from the rest of the number; the
 * other bytes are the text.
 *
 * Checks: the splitter's parts lie inside the text, in order, and each
 * part parses or fails with a message, as does the whole text; a parsed
 * puzzle written in each of its formats reads back and writes the same
 * text again (a fixpoint); with the defaults, a kind's typed stream
 * reader agrees with its buffer parser and both make the same puzzle as
 * the table (kind_rules.c). The solving target (fuzz_kinds_solve) then
 * solves the puzzle on every backend, each answer checked against the
 * kind's rules (kind_rules.c) and written back through pz_def_write. */
#include "kind_rules.h"

#include <stdlib.h>
#include <string.h>

/* At most this many parts of a text are parsed one by one. */
#define MAX_PARTS 4

/* d in format f (malloc'd, NULL when the format cannot hold it). */
static char *written(const pz_def *d, const int *cells, const char *f,
                     size_t *len) {
  char *buf = NULL;
  size_t n = 0;
  FILE *out = open_memstream(&buf, &n);
  if (!out) return NULL;
  int st = pz_def_write(d, cells, f, out);
  fclose(out);
  if (st) {
    if (st != PZ_ERR_UNSUPPORTED && st != PZ_ERR_NOMEM)
      fuzz_fail("pz_def_write(%s): %s", f ? f : "default", pz_strerror(st));
    free(buf);
    return NULL;
  }
  *len = n;
  return buf;
}

/* Shapes tried for a SHAPE parameter, in order. */
static const char *const shapes[] = {"2x2", "2x3", "3x2", "3x3", "1x4",
                                     "2x4", "4x2", "3x4", "1x1", "4x4"};

/* Sets one parameter of k's table from choice (1..): which parameter and
 * its value. Records what the checkers need in x. */
static void pick_param(const pz_kind *k, pz_kind_args *a, unsigned choice,
                       fuzz_kind_ctx *x) {
  size_t np;
  const pz_param *params = pz_kind_params(k, &np);
  if (!np) return;
  const pz_param *p = &params[(choice - 1) % np];
  unsigned v = (choice - 1) / (unsigned)np;
  char value[64] = "";
  size_t nw = 0;
  switch (p->type) {
  case PZ_PARAM_INT:
    snprintf(value, sizeof value, "%d",
             p->min + (int)(v % (unsigned)(p->max - p->min + 1)));
    break;
  case PZ_PARAM_SHAPE:
    snprintf(value, sizeof value, "%s", shapes[v % (sizeof shapes / sizeof *shapes)]);
    break;
  case PZ_PARAM_WORD:
  case PZ_PARAM_WORDS:
    while (p->words && p->words[nw]) nw++;
    if (!nw) return;
    if (p->type == PZ_PARAM_WORDS && v >= nw)
      snprintf(value, sizeof value, "%s,%s", p->words[v % nw],
               p->words[(v / nw + v) % nw]);
    else
      snprintf(value, sizeof value, "%s", p->words[v % nw]);
    break;
  case PZ_PARAM_FLAG:
    break;
  case PZ_PARAM_FILE: /* a file's contents: a small grid of labels */
    snprintf(value, sizeof value, v & 1 ? "1 1\n2 2\n" : "1 2\n1 2\n");
    break;
  case PZ_PARAM_TEXT: /* free text the kind reads: a number, or a percent */
    snprintf(value, sizeof value, v & 1 ? "%u%%" : "%u", v / 2 % 120);
    break;
  }
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_kind_args_set(a, p->name, p->type == PZ_PARAM_FLAG ? NULL : value,
                            &info);
  if (st) {
    fuzz_check_error("pz_kind_args_set", st, &info);
    return;
  }
  if (!strcmp(p->name, "box")) {
    if (sscanf(value, "%dx%d", &x->box[0], &x->box[1]) != 2) x->box[0] = x->box[1] = 0;
  } else if (!strcmp(p->name, "reduced")) {
    x->reduced = 1;
  } else if (!strcmp(p->name, "variant")) {
    static const struct {
      const char *word;
      unsigned bit;
    } bits[] = {{"anti-king", PZ_SUDOKU_ANTI_KING},
                {"anti-knight", PZ_SUDOKU_ANTI_KNIGHT},
                {"diagonal", PZ_SUDOKU_DIAGONAL},
                {"x", PZ_SUDOKU_DIAGONAL},
                {"windoku", PZ_SUDOKU_WINDOKU},
                {"non-consecutive", PZ_SUDOKU_NONCONSECUTIVE}};
    for (char *w = strtok(value, ","); w; w = strtok(NULL, ","))
      for (size_t i = 0; i < sizeof bits / sizeof *bits; i++)
        if (!strcmp(w, bits[i].word)) x->variants |= bits[i].bit;
  }
}

/* The same puzzle: size and givens. */
static int same_puzzle(const pz_puzzle *a, const pz_puzzle *b) {
  int rows = pz_puzzle_rows(a), cols = pz_puzzle_cols(a);
  return rows == pz_puzzle_rows(b) && cols == pz_puzzle_cols(b) &&
         !memcmp(pz_puzzle_givens(a), pz_puzzle_givens(b),
                 (size_t)rows * (size_t)cols * sizeof(int));
}

/* The typed parser and stream reader agree with each other and, when the
 * text parsed, with the table's definition d (NULL: it did not parse). */
static void typed_readers(const pz_kind *k, const fuzz_kind_rules *r,
                          const char *text, size_t len, const pz_def *d) {
  char *copy;
  FILE *in = fuzz_open((const uint8_t *)text, len, &copy);
  if (!in) {
    free(copy);
    return;
  }
  fuzz_typed o;
  memset(&o, 0, sizeof o);
  memset(&o.pinfo, 0x55, sizeof o.pinfo);
  r->typed(text, len, in, &o);
  fclose(in);
  free(copy);
  const char *name = pz_kind_name(k);
  if (o.read != o.parsed)
    fuzz_fail("%s: the stream reader says %d, the buffer parser %d", name,
              o.read, o.parsed);
  if (o.parsed) {
    fuzz_check_error(name, o.parsed, &o.pinfo);
    if (o.rinfo.line != o.pinfo.line || o.rinfo.column != o.pinfo.column ||
        strcmp(o.rinfo.message, o.pinfo.message))
      fuzz_fail("%s: read error %zu:%zu '%s', parse error %zu:%zu '%s'", name,
                o.rinfo.line, o.rinfo.column, o.rinfo.message, o.pinfo.line,
                o.pinfo.column, o.pinfo.message);
  }
  /* The table's parser is the typed one plus the kind's own checks. */
  if (o.parsed && d)
    fuzz_fail("%s: pz_kind_parse reads what the typed parser refuses", name);
  if (o.from_parse && o.from_read && !same_puzzle(o.from_parse, o.from_read))
    fuzz_fail("%s: the stream reader and the buffer parser differ", name);
  pz_puzzle *p = NULL;
  if (o.from_parse && d && pz_def_puzzle(d, &p) == PZ_OK &&
      !same_puzzle(p, o.from_parse))
    fuzz_fail("%s: the typed parser and pz_kind_parse differ", name);
  pz_puzzle_free(p);
  pz_puzzle_free(o.from_parse);
  pz_puzzle_free(o.from_read);
}

/* Every format that holds d reads back and writes the same again. */
static void write_back(const pz_kind *k, const pz_kind_args *a, const pz_def *d) {
  for (const char *const *f = pz_kind_formats(k); *f; f++) {
    size_t wlen = 0, again_len = 0;
    char *w = written(d, NULL, *f, &wlen);
    if (!w) continue;
    pz_def *back = NULL;
    pz_parse_info info;
    int st = pz_kind_parse(k, a, w, wlen, &back, &info);
    if (st == PZ_ERR_NOMEM) {
      free(w);
      continue;
    }
    if (st)
      fuzz_fail("%s: --format %s does not read back (%zu:%zu: %s):\n%.*s",
                pz_kind_name(k), *f, info.line, info.column, info.message,
                (int)wlen, w);
    char *again = written(back, NULL, *f, &again_len);
    if (again && (again_len != wlen || memcmp(again, w, wlen)))
      fuzz_fail("%s: --format %s written twice differs:\n%.*s---\n%.*s",
                pz_kind_name(k), *f, (int)wlen, w, (int)again_len, again);
    free(again);
    pz_def_free(back);
    free(w);
  }
}

/* pz_kind_parse of len bytes: a definition, or an error with a message. */
static pz_def *parse(const pz_kind *k, const pz_kind_args *a, const char *text,
                     size_t len) {
  pz_def *d = NULL;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_kind_parse(k, a, text, len, &d, &info);
  if (st) {
    fuzz_check_error(pz_kind_name(k), st, &info);
    if (d) fuzz_fail("%s: error %d but a definition", pz_kind_name(k), st);
    return NULL;
  }
  if (!d) fuzz_fail("%s: PZ_OK without a definition", pz_kind_name(k));
  return d;
}

/* What the solving target's checker sees: the rules and the definition,
 * whose answer must also be written in every format. */
typedef struct solve_state {
  fuzz_checker rules;
  fuzz_kind_ctx *ctx;
  const pz_def *def;
} solve_state;

static const char *check_answer(const pz_puzzle *p, const int *sol,
                                void *state) {
  const solve_state *s = (const solve_state *)state;
  const char *why = s->rules(p, sol, s->ctx);
  if (why) return why;
  const pz_kind *k = pz_def_kind(s->def);
  for (const char *const *f = pz_kind_formats(k); *f; f++) {
    size_t len;
    free(written(s->def, sol, *f, &len));
  }
  return NULL;
}

static void solve(const pz_kind *k, const fuzz_kind_rules *r, pz_def *d,
                  fuzz_kind_ctx *x) {
  pz_puzzle *p = NULL;
  int st = pz_def_puzzle(d, &p);
  if (st == PZ_ERR_NOMEM || st == PZ_ERR_TOO_LARGE) return;
  if (st) fuzz_fail("%s: pz_def_puzzle: %s", pz_kind_name(k), pz_strerror(st));
  pz_parse_info info;
  st = pz_puzzle_check_givens(p, &info);
  if (st != PZ_OK && st != PZ_ERR_CONFLICT)
    fuzz_fail("%s: check_givens: %s", pz_kind_name(k), pz_strerror(st));
  solve_state s = {r->check, x, d};
  fuzz_solve_all(p, check_answer, &s, pz_kind_name(k));
  pz_puzzle_free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t nk;
  const pz_kind *const *kinds = pz_kind_list(&nk);
  if (!size || !nk) return 0;
  const pz_kind *k = kinds[data[0] % nk];
  unsigned choice = data[0] / (unsigned)nk;
  const char *text = (const char *)data + 1;
  size_t len = size - 1;
  const fuzz_kind_rules *r = fuzz_kind_rules_of(pz_kind_name(k));
  if (!r) fuzz_fail("%s: no rules in fuzz/kind_rules.c", pz_kind_name(k));

  fuzz_kind_ctx x;
  memset(&x, 0, sizeof x);
  x.text = text;
  x.len = len;
  pz_kind_args *a = NULL;
  if (pz_kind_args_new(k, &a) != PZ_OK) return 0;
  if (choice) pick_param(k, a, choice, &x);

  pz_span *parts = NULL;
  size_t n = 0;
  if (pz_kind_split(k, text, len, &parts, &n) == PZ_OK)
    for (size_t i = 0; i < n; i++) {
      if (parts[i].offset + parts[i].len > len ||
          (i && parts[i].offset < parts[i - 1].offset + parts[i - 1].len))
        fuzz_fail("%s: split part %zu out of place", pz_kind_name(k), i);
      if (n > 1 && i < MAX_PARTS)
        pz_def_free(parse(k, a, text + parts[i].offset, parts[i].len));
    }
  free(parts);

  pz_def *d = parse(k, a, text, len);
  if (r->typed && !choice) typed_readers(k, r, text, len, d);
  if (r->extra) r->extra(text, len);
  if (d) {
    write_back(k, a, d);
    solve(k, r, d, &x);
  }
  pz_def_free(d);
  pz_kind_args_free(a);
  return 0;
}
