/* The one list of puzzle kinds, and the calls that work on any of them
 * through its entry (kind_impl.h). A new kind is a folder of its own and
 * one line below. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kinds/kind_impl.h"

extern const pz_kind pz_kind_sudoku;
extern const pz_kind pz_kind_jigsaw;
extern const pz_kind pz_kind_latin;
extern const pz_kind pz_kind_killer;
extern const pz_kind pz_kind_eulero;
extern const pz_kind pz_kind_knightdoku;
extern const pz_kind pz_kind_futoshiki;
extern const pz_kind pz_kind_kakuro;
extern const pz_kind pz_kind_starbattle;
extern const pz_kind pz_kind_nondango;
extern const pz_kind pz_kind_skyscrapers;
extern const pz_kind pz_kind_kenken;

static const pz_kind *const kinds[] = {
    &pz_kind_sudoku,
    &pz_kind_jigsaw,
    &pz_kind_latin,
    &pz_kind_killer,
    &pz_kind_eulero,
    &pz_kind_knightdoku,
    &pz_kind_futoshiki,
    &pz_kind_kakuro,
    &pz_kind_starbattle,
    &pz_kind_nondango,
    &pz_kind_skyscrapers,
    &pz_kind_kenken,
    NULL};

const pz_kind *const *pz_kind_list(size_t *n) {
  if (n) *n = sizeof kinds / sizeof kinds[0] - 1;
  return kinds;
}

const pz_kind *pz_kind_find(const char *name) {
  if (!name) return NULL;
  for (const pz_kind *const *k = kinds; *k; k++) {
    if (!strcasecmp((*k)->name, name)) return *k;
    for (const char *const *a = (*k)->aliases; a && *a; a++)
      if (!strcasecmp(*a, name)) return *k;
  }
  return NULL;
}

const char *pz_kind_name(const pz_kind *k) { return k ? k->name : NULL; }
const char *pz_kind_title(const pz_kind *k) { return k ? k->title : NULL; }
const char *pz_kind_rules(const pz_kind *k) { return k ? k->rules : NULL; }
const char *pz_kind_input_help(const pz_kind *k) {
  return k ? k->input_help : NULL;
}

const char *pz_kind_piece(const pz_kind *k) { return k ? k->piece : NULL; }

void pz_kind_value_name(const pz_kind *k, int value, char *buf, size_t len) {
  if (!buf || !len) return;
  if (k && value >= 0 && (size_t)value < k->nvalue_names &&
      k->value_names[value])
    snprintf(buf, len, "%s", k->value_names[value]);
  else
    snprintf(buf, len, "%d", value);
}

int pz_kind_view(const pz_kind *k, const int *cells, int rows, int cols,
                 int *out, int *vr, int *vc) {
  if (!k || !vr || !vc || (cells && !out)) return PZ_ERR_ARG;
  if (!k->view) return PZ_ERR_UNSUPPORTED;
  k->view(cells, rows, cols, out, vr, vc);
  return PZ_OK;
}

const char *const *pz_kind_aliases(const pz_kind *k) {
  static const char *const none[] = {NULL};
  return k && k->aliases ? k->aliases : none;
}

const pz_param *pz_kind_params(const pz_kind *k, size_t *n) {
  if (n) *n = k ? k->nparams : 0;
  return k ? k->params : NULL;
}

const pz_param_alias *pz_kind_param_aliases(const pz_kind *k, size_t *n) {
  if (n) *n = k ? k->nparam_aliases : 0;
  return k ? k->param_aliases : NULL;
}

const char *const *pz_kind_formats(const pz_kind *k) {
  return k ? k->formats : NULL;
}

unsigned pz_kind_modes(const pz_kind *k) {
  if (!k) return 0;
  return k->modes | (k->ops.generate ? PZ_KIND_GENERATE : 0u) |
         (k->ops.scene ? PZ_KIND_SCENE : 0u) |
         (k->generate_on ? PZ_KIND_GENERATE_ON : 0u);
}

/* --- Parameters ------------------------------------------------------ */

typedef struct arg_value {
  int given, set; /* given by the caller; set (given or defaulted) */
  int a, b;       /* INT / WORD index / FLAG: a; SHAPE: a x b */
  char *text;     /* WORDS */
} arg_value;

struct pz_kind_args {
  const pz_kind *k;
  arg_value *v; /* one per parameter */
};

static void say(pz_parse_info *why, const char *fmt, const char *name,
                const char *detail) {
  if (!why) return;
  memset(why, 0, sizeof *why);
  snprintf(why->message, sizeof why->message, fmt, name, detail);
}

/* A number from the whole of s, else -1 with *end past what was read. */
static int read_int(const char *s, long *out) {
  if (!isdigit((unsigned char)*s)) return -1;
  errno = 0;
  char *end;
  long v = strtol(s, &end, 10);
  if (errno || *end) return -1;
  *out = v;
  return 0;
}

static int word_index(const pz_param *p, const char *w, size_t len) {
  for (int i = 0; p->words && p->words[i]; i++)
    if (strlen(p->words[i]) == len && !strncasecmp(p->words[i], w, len))
      return i;
  return -1;
}

/* Parses value into v for parameter p, typed as --as (its name or an
 * alias); a status with a message. */
static int set_value_as(const pz_param *p, const char *as, const char *value,
                        arg_value *v, pz_parse_info *why) {
  char range[64];
  snprintf(range, sizeof range, "%d..%d", p->min, p->max);
  switch (p->type) {
  case PZ_PARAM_FLAG:
    v->a = 1;
    return PZ_OK;
  case PZ_PARAM_INT: {
    long n;
    if (!value || read_int(value, &n)) {
      say(why, "--%s wants a number, not '%s'", as, value ? value : "");
      return PZ_ERR_PARSE;
    }
    if (n < p->min || n > p->max) {
      say(why, "--%s: out of range %s", as, range);
      return PZ_ERR_RANGE;
    }
    v->a = (int)n;
    return PZ_OK;
  }
  case PZ_PARAM_SHAPE: {
    const char *x = value ? strpbrk(value, "xX") : NULL;
    long r, c;
    char first[32];
    if (!value || (x && (size_t)(x - value) >= sizeof first)) {
      say(why, "--%s wants RxC (e.g. 3x3), not '%s'", as,
          value ? value : "");
      return PZ_ERR_PARSE;
    }
    if (x) {
      memcpy(first, value, (size_t)(x - value));
      first[x - value] = '\0';
    }
    if (x ? read_int(first, &r) || read_int(x + 1, &c) : read_int(value, &r)) {
      say(why, "--%s wants RxC (e.g. 3x3), not '%s'", as, value);
      return PZ_ERR_PARSE;
    }
    if (!x) c = r;
    if (r < p->min || r > p->max || c < p->min || c > p->max) {
      /* Names the side and the number as typed: "R '99' is too large". */
      int bad_r = r < p->min || r > p->max;
      long side = bad_r ? r : c;
      if (why) {
        memset(why, 0, sizeof *why);
        snprintf(why->message, sizeof why->message,
                 "--%s '%.40s': %c '%ld' is too %s (%s)", as, value,
                 bad_r ? 'R' : 'C', side, side > p->max ? "large" : "small", range);
      }
      return PZ_ERR_RANGE;
    }
    v->a = (int)r, v->b = (int)c;
    return PZ_OK;
  }
  case PZ_PARAM_WORD: {
    int i = value ? word_index(p, value, strlen(value)) : -1;
    if (i < 0) {
      say(why, "--%s: unknown value '%s'", as, value ? value : "");
      return PZ_ERR_PARSE;
    }
    v->a = i;
    return PZ_OK;
  }
  case PZ_PARAM_TEXT:
  case PZ_PARAM_FILE:
  case PZ_PARAM_WORDS: {
    if (!value) value = "";
    for (const char *s = value; p->type == PZ_PARAM_WORDS && *s;) {
      size_t len = strcspn(s, ",");
      if (len && word_index(p, s, len) < 0) {
        char w[64];
        snprintf(w, sizeof w, "%.*s", (int)(len < 60 ? len : 60), s);
        say(why, "--%s: unknown value '%s'", as, w);
        return PZ_ERR_PARSE;
      }
      s += len + (s[len] == ',');
    }
    char *t = (char *)malloc(strlen(value) + 1);
    if (!t) return PZ_ERR_NOMEM;
    strcpy(t, value);
    free(v->text);
    v->text = t;
    return PZ_OK;
  }
  }
  return PZ_ERR_ARG;
}

static int set_value(const pz_param *p, const char *value, arg_value *v,
                     pz_parse_info *why) {
  return set_value_as(p, p->name, value, v, why);
}

int pz_kind_args_new(const pz_kind *k, pz_kind_args **out) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!k) return PZ_ERR_ARG;
  pz_kind_args *a = (pz_kind_args *)calloc(1, sizeof *a);
  if (!a) return PZ_ERR_NOMEM;
  a->k = k;
  a->v = (arg_value *)calloc(k->nparams ? k->nparams : 1, sizeof *a->v);
  if (!a->v) {
    free(a);
    return PZ_ERR_NOMEM;
  }
  for (size_t i = 0; i < k->nparams; i++) {
    const pz_param *p = &k->params[i];
    if (!p->fallback) continue;
    int st = set_value(p, p->fallback, &a->v[i], NULL);
    if (st) {
      pz_kind_args_free(a);
      return st == PZ_ERR_NOMEM ? st : PZ_ERR_STATE; /* a bad table */
    }
    a->v[i].set = 1;
  }
  *out = a;
  return PZ_OK;
}

void pz_kind_args_free(pz_kind_args *a) {
  if (!a) return;
  for (size_t i = 0; i < a->k->nparams; i++) free(a->v[i].text);
  free(a->v);
  free(a);
}

/* The parameter called name, or by one of its aliases; -1: none. */
static int find_param(const pz_kind *k, const char *name) {
  for (size_t i = 0; name && i < k->nparam_aliases; i++)
    if (!strcmp(k->param_aliases[i].alias, name)) {
      name = k->param_aliases[i].name;
      break;
    }
  for (size_t i = 0; name && i < k->nparams; i++)
    if (!strcmp(k->params[i].name, name)) return (int)i;
  return -1;
}

int pz_kind_args_set(pz_kind_args *a, const char *name, const char *value,
                     pz_parse_info *why) {
  if (!a || !name) return PZ_ERR_ARG;
  int i = find_param(a->k, name);
  if (i < 0) {
    say(why, "%s takes no --%s", a->k->name, name);
    return PZ_ERR_ARG;
  }
  arg_value v = a->v[i];
  v.text = NULL;
  int st = set_value_as(&a->k->params[i], name, value, &v, why);
  if (st) return st;
  if (v.text && a->k->param_check) {
    if (why) memset(why, 0, sizeof *why);
    st = a->k->param_check(a->k->params[i].name, v.text, why);
    if (st) {
      free(v.text);
      return st;
    }
  }
  if (a->k->params[i].type == PZ_PARAM_WORDS ||
      a->k->params[i].type == PZ_PARAM_TEXT ||
      a->k->params[i].type == PZ_PARAM_FILE) {
    free(a->v[i].text);
  } else {
    v.text = a->v[i].text;
  }
  v.given = v.set = 1;
  a->v[i] = v;
  return PZ_OK;
}

int pz_kind_args_given(const pz_kind_args *a, const char *name) {
  int i = a ? find_param(a->k, name) : -1;
  return i >= 0 && a->v[i].given;
}


int pz_kind_arg_int(const pz_kind_args *a, const char *name, int *v) {
  int i = a ? find_param(a->k, name) : -1;
  if (i < 0 || !a->v[i].set) return 0;
  *v = a->v[i].a;
  return 1;
}

int pz_kind_arg_shape(const pz_kind_args *a, const char *name, int *r,
                      int *c) {
  int i = a ? find_param(a->k, name) : -1;
  if (i < 0 || !a->v[i].set) return 0;
  *r = a->v[i].a, *c = a->v[i].b;
  return 1;
}

const char *pz_kind_arg_text(const pz_kind_args *a, const char *name) {
  int i = a ? find_param(a->k, name) : -1;
  return i >= 0 && a->v[i].set ? a->v[i].text : NULL;
}

/* --- Splitting an input ---------------------------------------------- */

static int blank_line(const char *s, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r') return 0;
  return 1;
}

static int comment_line(const char *s, size_t len) {
  size_t i = len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3) ? 3 : 0; /* a BOM */
  while (i < len && (s[i] == ' ' || s[i] == '\t')) i++;
  return i < len && s[i] == '#';
}

static int every_line(const char *line, size_t len, const char *first,
                      size_t first_len, int blocks, int after_blank) {
  (void)line, (void)len, (void)first, (void)first_len, (void)blocks,
      (void)after_blank;
  return 1;
}

int pz_kind_starts_block(const char *line, size_t len, const char *first,
                         size_t first_len, int blocks, int after_blank) {
  (void)line, (void)len, (void)first, (void)first_len, (void)blocks;
  return after_blank;
}

int pz_kind_starts_header(const char *s, size_t len, const char *first,
                          size_t first_len, int blocks, int after_blank) {
  (void)first, (void)first_len, (void)blocks;
  if (!after_blank) return 0;
  size_t i = 0;
  int numbers = 0;
  while (i < len) {
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) i++;
    if (i == len) break;
    if (!isdigit((unsigned char)s[i])) return 0;
    while (i < len && isdigit((unsigned char)s[i])) i++;
    numbers++;
  }
  return numbers == 2;
}

int pz_kind_split(const pz_kind *k, const char *text, size_t len,
                  pz_span **parts, size_t *count) {
  if (!parts || !count) return PZ_ERR_ARG;
  *parts = NULL, *count = 0;
  if (!k || (!text && len)) return PZ_ERR_ARG;
  if (k->ops.split) return k->ops.split(text ? text : "", len, parts, count);
  int (*starts)(const char *, size_t, const char *, size_t, int, int) =
      k->ops.starts ? k->ops.starts : every_line;
  size_t cap = 0, n = 0, line = 1, pending = 0, pending_line = 0;
  pz_span *p = NULL;
  int after_blank = 0, blocks = 0; /* blocks of content in this part */
  const char *first = NULL;        /* its first line of content */
  size_t first_len = 0;
  for (size_t at = 0; at < len; line++) {
    const char *nl = (const char *)memchr(text + at, '\n', len - at);
    size_t end = nl ? (size_t)(nl - text) : len, l = end - at;
    if (blank_line(text + at, l)) {
      after_blank = blocks > 0;
      pending = 0;
    } else if (comment_line(text + at, l)) {
      if (!pending) pending = at + 1, pending_line = line;
    } else {
      if (!n || (blocks && starts(text + at, l, first, first_len, blocks,
                                  after_blank))) {
        if (n == cap) {
          size_t nc = cap ? 2 * cap : 8;
          pz_span *np = (pz_span *)realloc(p, nc * sizeof *p);
          if (!np) {
            free(p);
            return PZ_ERR_NOMEM;
          }
          p = np, cap = nc;
        }
        /* The first puzzle takes the comments from the top. */
        p[n].offset = !n ? 0 : pending ? pending - 1 : at;
        p[n].line = !n ? 1 : pending ? pending_line : line;
        n++;
        blocks = 0;
      }
      if (!blocks || after_blank)
        if (++blocks == 1) first = text + at, first_len = l;
      after_blank = 0, pending = 0;
    }
    at = nl ? end + 1 : len;
  }
  return pz_kind_split_made(p, n, len, parts, count);
}

/* --- Definitions ----------------------------------------------------- */

struct pz_def {
  const pz_kind *k;
  void *impl;
  int *solution; /* generated: malloc'd */
};

static int wrap(const pz_kind *k, void *impl, int *solution, pz_def **out) {
  pz_def *d = (pz_def *)malloc(sizeof *d);
  if (!d) {
    k->ops.def_free(impl);
    free(solution);
    return PZ_ERR_NOMEM;
  }
  d->k = k, d->impl = impl, d->solution = solution;
  *out = d;
  return PZ_OK;
}

int pz_kind_parse(const pz_kind *k, const pz_kind_args *a, const char *text,
                  size_t len, pz_def **out, pz_parse_info *info) {
  if (info) memset(info, 0, sizeof *info);
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!k || (!text && len) || (a && a->k != k)) return PZ_ERR_ARG;
  pz_kind_args *own = NULL;
  if (!a) {
    int st = pz_kind_args_new(k, &own);
    if (st) return st;
    a = own;
  }
  void *impl = NULL;
  int st = k->ops.parse(a, text ? text : "", len, &impl, info);
  pz_kind_args_free(own);
  if (st) return st;
  return wrap(k, impl, NULL, out);
}

int pz_kind_blank(const pz_kind *k, const pz_kind_args *a, pz_def **out) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!k || (a && a->k != k)) return PZ_ERR_ARG;
  if (!k->blank || !a) return PZ_ERR_UNSUPPORTED;
  void *impl = NULL;
  int st = k->blank(a, &impl);
  return st ? st : wrap(k, impl, NULL, out);
}

int pz_kind_generate(const pz_kind *k, const pz_kind_args *a,
                     const pz_options *o, const pz_generate_options *g,
                     pz_def **out, pz_generate_info *info, pz_result *stop) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (stop) *stop = PZ_UNKNOWN;
  if (!k || (a && a->k != k)) return PZ_ERR_ARG;
  if (!k->ops.generate) return PZ_ERR_UNSUPPORTED;
  pz_kind_args *own = NULL;
  if (!a) {
    int st = pz_kind_args_new(k, &own);
    if (st) return st;
    a = own;
  }
  static const pz_generate_options defaults = PZ_GENERATE_OPTIONS_INIT;
  if (!g) g = &defaults;
  pz_generate_info scratch;
  pz_result stop_scratch;
  void *impl = NULL;
  int *solution = NULL;
  int st = k->ops.generate(a, o, g, &impl, &solution, info ? info : &scratch,
                           stop ? stop : &stop_scratch);
  pz_kind_args_free(own);
  if (st || !impl) {
    if (impl) k->ops.def_free(impl);
    free(solution);
    return st;
  }
  return wrap(k, impl, solution, out);
}

void pz_def_free(pz_def *d) {
  if (!d) return;
  d->k->ops.def_free(d->impl);
  free(d->solution);
  free(d);
}

const pz_kind *pz_def_kind(const pz_def *d) { return d ? d->k : NULL; }

int pz_def_puzzle(const pz_def *d, pz_puzzle **out) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!d) return PZ_ERR_ARG;
  return d->k->ops.puzzle(d->impl, out);
}

int pz_def_refill(const pz_def *made, const pz_def *d, pz_puzzle *p,
                  int *done) {
  if (!done) return PZ_ERR_ARG;
  *done = 0;
  if (!made || !d || !p) return PZ_ERR_ARG;
  if (made->k != d->k || !d->k->refill) return PZ_OK;
  return d->k->refill(made->impl, d->impl, p, done);
}

const int *pz_def_solution(const pz_def *d) { return d ? d->solution : NULL; }

int pz_def_write(const pz_def *d, const int *cells, const char *format,
                 FILE *out) {
  if (!d || !out) return PZ_ERR_ARG;
  int f = -1; /* the kind's default */
  if (format) {
    f = 0;
    for (f = 0; d->k->formats[f] && strcasecmp(d->k->formats[f], format); f++) {}
    if (!d->k->formats[f]) return PZ_ERR_ARG;
  }
  int st = d->k->ops.write(d->impl, cells, f, out);
  if (!st && ferror(out)) st = PZ_ERR_IO;
  return st;
}

int pz_def_scene(const pz_def *d, const int *solution, pz_scene **out) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!d) return PZ_ERR_ARG;
  if (!d->k->ops.scene) return PZ_ERR_UNSUPPORTED;
  return d->k->ops.scene(d->impl, solution, out);
}

/* --- Checking an answer and generating on a layout ----------------- */

static int verdict(pz_verdict *v, pz_verdict is, pz_parse_info *why,
                   const char *what) {
  *v = is;
  if (why && what) snprintf(why->message, sizeof why->message, "%s", what);
  return PZ_OK;
}

int pz_def_check(const pz_def *d, pz_puzzle *p, pz_verdict *v, pz_result *r,
                 pz_parse_info *why) {
  pz_parse_info scratch;
  if (!why) why = &scratch;
  memset(why, 0, sizeof *why);
  if (!d || !p || !v || !r) return PZ_ERR_ARG;
  *r = PZ_SAT;
  if (d->k->check) {
    int correct = 0;
    int st = d->k->check(d->impl, &correct, why);
    if (!st) *v = correct ? PZ_VERDICT_CORRECT : PZ_VERDICT_WRONG;
    return st;
  }
  /* A filled grid: every cell given. */
  const int *g = pz_puzzle_givens(p);
  int cells = pz_puzzle_rows(p) * pz_puzzle_cols(p);
  for (int x = 0; x < cells; x++)
    if (!g[x]) {
      char name[32], msg[64];
      if (pz_puzzle_name_cell(p, x, name, sizeof name, NULL))
        snprintf(name, sizeof name, "cell %d", x + 1);
      snprintf(msg, sizeof msg, "%s is empty", name);
      return verdict(v, PZ_VERDICT_INCOMPLETE, why, msg);
    }
  /* Two cells that break a rule together are named; a solve confirms
   * what no pair shows (a cage's sum, a region's count). */
  int st = pz_puzzle_check_givens(p, why);
  if (st == PZ_ERR_CONFLICT) return verdict(v, PZ_VERDICT_WRONG, why, NULL);
  if (st) return st;
  st = pz_puzzle_solve(p, NULL, r);
  if (st || *r == PZ_UNKNOWN) return st;
  return verdict(v, *r == PZ_SAT ? PZ_VERDICT_CORRECT : PZ_VERDICT_WRONG, why,
                 *r == PZ_SAT ? "" : "the grid breaks a rule");
}

const char *pz_kind_literal(const pz_kind *k, const char *arg) {
  return k && arg && k->literal ? k->literal(arg) : NULL;
}

const char *pz_def_answer_format(const pz_def *d) {
  const char *f = d && d->k->answer_format ? d->k->answer_format(d->impl)
                                           : NULL;
  return f ? f : "grid";
}

const char *pz_kind_positional(const pz_kind *k, const char *arg) {
  if (!k || !arg || !k->positional) return NULL;
  const pz_param *p = NULL;
  for (size_t i = 0; i < k->nparams; i++)
    if (!strcmp(k->params[i].name, k->positional)) p = &k->params[i];
  if (!p || p->type != PZ_PARAM_INT || !*arg) return NULL;
  /* Only a number: any other argument is a file's name. */
  for (const char *s = arg; *s; s++)
    if (!isdigit((unsigned char)*s)) return NULL;
  return p->name;
}

int pz_kind_args_check(const pz_kind_args *a, const pz_generate_options *g,
                       pz_parse_info *why) {
  if (why) memset(why, 0, sizeof *why);
  if (!a) return PZ_ERR_ARG;
  return a->k->args_check ? a->k->args_check(a, g, why) : PZ_OK;
}

const char *pz_kind_input_option(const pz_kind *k) {
  return k ? k->input_option : NULL;
}

const char *pz_kind_args_generate(const pz_kind_args *a) {
  if (!a || !a->k->generate_params) return NULL;
  for (size_t i = 0; a->k->generate_params[i]; i++)
    if (pz_kind_args_given(a, a->k->generate_params[i]))
      return a->k->generate_params[i];
  return NULL;
}

int pz_def_generate(const pz_def *layout, const pz_options *o,
                    const pz_generate_options *g, pz_def **out,
                    pz_generate_info *info, pz_result *stop) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (stop) *stop = PZ_UNKNOWN;
  if (!layout) return PZ_ERR_ARG;
  const pz_kind *k = layout->k;
  if (!k->generate_on) return PZ_ERR_UNSUPPORTED;
  static const pz_generate_options defaults = PZ_GENERATE_OPTIONS_INIT;
  pz_generate_info scratch;
  pz_result stop_scratch;
  void *impl = NULL;
  int *solution = NULL;
  int st = k->generate_on(layout->impl, o, g ? g : &defaults, &impl,
                              &solution, info ? info : &scratch,
                              stop ? stop : &stop_scratch);
  if (st || !impl) {
    if (impl) k->ops.def_free(impl);
    free(solution);
    return st;
  }
  return wrap(k, impl, solution, out);
}
