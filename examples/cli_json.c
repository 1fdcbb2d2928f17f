/* --format json (cli_json.h, docs/JSON.md): each puzzle's answer as one
 * compact JSON object on a line of its own, whatever the mode. */
#include "cli_json.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef PZ_CLI_JSON

int cli_json_available(void) { return 0; }
void cli_json_entry(size_t index, size_t line) { (void)index, (void)line; }
void cli_json_entry_text(const char *text, size_t len) {
  (void)text, (void)len;
}
void cli_json_fail(const char *what, int status, const pz_parse_info *info) {
  (void)what, (void)status, (void)info;
}
int cli_json_run(pz_puzzle *p, const cli_common *c, const cli_printer *pr,
                 size_t index) {
  (void)p, (void)c, (void)pr, (void)index;
  return CLI_USAGE;
}
void cli_json_say(const cli_common *c, const char *text) {
  (void)c, (void)text;
}
void cli_json_generated(const cli_common *c, pz_puzzle *p,
                        unsigned long long i, int made, int rc,
                        pz_result stop, const pz_generate_info *info,
                        void (*print)(void *ctx, const int *cells, FILE *out),
                        void *ctx) {
  (void)c, (void)p, (void)i, (void)made, (void)rc, (void)stop, (void)info;
  (void)print, (void)ctx;
}
int cli_json_generate_each(const cli_common *c,
                           int (*one)(void *ctx, const cli_common *c,
                                      unsigned long long i, int *stop),
                           void *ctx, unsigned long long i, int *stop) {
  return one(ctx, c, i, stop);
}
void cli_json_solution(const int *cells, int rows, int cols) {
  (void)cells, (void)rows, (void)cols;
}
void cli_json_givens(const int *cells, int rows, int cols) {
  (void)cells, (void)rows, (void)cols;
}
void cli_json_generated_info(const pz_generate_info *info) { (void)info; }
void cli_json_set_view(cli_json_view view) { (void)view; }
int cli_json_line(const cli_common *c, const char *fmt, ...) {
  (void)c, (void)fmt;
  return -1;
}

#else

#include <jansson.h>

int cli_json_available(void) { return 1; }

/* The calling thread's entry, and the last failure reported in it. */
static _Thread_local struct {
  size_t index, line;
  const char *text; /* the entry's text as read, or NULL */
  size_t text_len;
  int failed;
  char file[256];
  size_t fail_line, fail_column;
  char message[sizeof ((pz_parse_info *)0)->message];
} cur;

void cli_json_entry(size_t index, size_t line) {
  cur.index = index;
  cur.line = line;
  cur.text = NULL;
  cur.failed = 0;
}

void cli_json_entry_text(const char *text, size_t len) {
  while (len && (text[len - 1] == '\n' || text[len - 1] == '\r' ||
                 text[len - 1] == ' ' || text[len - 1] == '\t'))
    len--;
  cur.text = text;
  cur.text_len = len;
}

void cli_json_fail(const char *what, int status, const pz_parse_info *info) {
  cur.failed = 1;
  snprintf(cur.file, sizeof cur.file, "%s", what ? what : "");
  cur.fail_line = info ? info->line : 0;
  cur.fail_column = info ? info->column : 0;
  snprintf(cur.message, sizeof cur.message, "%s",
           info && info->message[0] ? info->message : pz_strerror(status));
}

/* rows x cols cells as an array of rows of numbers. */
static json_t *rows_of(const int *cells, int rows, int cols) {
  json_t *a = json_array();
  for (int r = 0; a && r < rows; r++) {
    json_t *row = json_array();
    for (int k = 0; row && k < cols; k++)
      json_array_append_new(row, json_integer(cells[(size_t)r * cols + k]));
    json_array_append_new(a, row ? row : json_null());
  }
  return a ? a : json_null();
}

/* cli_json_generate_each at work on this thread: its own stream (was),
 * and whether a cli_generate_one inside wrote the object itself. */
static _Thread_local struct {
  FILE *was;
  int active, emitted;
  json_t *solution;      /* cli_json_solution, or NULL */
  json_t *givens;        /* cli_json_givens, or NULL */
  int rows, cols;
  pz_generate_info info; /* cli_json_generated_info */
  int has_info;
} each;

void cli_json_solution(const int *cells, int rows, int cols) {
  if (!each.active || !cells) return;
  json_decref(each.solution);
  each.solution = rows_of(cells, rows, cols);
  each.rows = rows;
  each.cols = cols;
}

void cli_json_givens(const int *cells, int rows, int cols) {
  if (!each.active || !cells) return;
  json_decref(each.givens);
  each.givens = rows_of(cells, rows, cols);
}

void cli_json_generated_info(const pz_generate_info *info) {
  if (!each.active || !info) return;
  each.info = *info;
  each.has_info = 1;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *mode_name(const cli_common *c) {
  static const char *const names[] = {"solve",      "all",      "count",
                                      "unique",     "rate",     "hint",
                                      "explain",    "candidates", "estimate",
                                      "check"};
  return names[c->mode];
}

/* A string, or null when it is not UTF-8 (the printers write ASCII). */
static json_t *str(const char *s) {
  json_t *j = json_string(s);
  return j ? j : json_null();
}

/* What print writes for cells, its final newlines cut off. */
static json_t *printed(void (*print)(void *ctx, const int *cells, FILE *out),
                       void *ctx, const int *cells) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = print ? open_memstream(&buf, &len) : NULL;
  if (!f) return json_null();
  print(ctx, cells, f);
  fclose(f);
  while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r')) buf[--len] = 0;
  json_t *j = str(buf);
  free(buf);
  return j;
}

static cli_json_view view; /* cli_json_set_view */

void cli_json_set_view(cli_json_view v) { view = v; }

/* The size of p's grid as the objects show it. */
static void shape(const pz_puzzle *p, int *rows, int *cols) {
  *rows = pz_puzzle_rows(p);
  *cols = pz_puzzle_cols(p);
  if (view) view(p, NULL, NULL, rows, cols);
}

static void set_shape(json_t *o, const pz_puzzle *p) {
  int rows, cols;
  shape(p, &rows, &cols);
  json_object_set_new(o, "rows", json_integer(rows));
  json_object_set_new(o, "cols", json_integer(cols));
}

/* p's cells as an array of rows of numbers, as the program shows them. */
static json_t *grid(const pz_puzzle *p, const int *cells) {
  int rows = pz_puzzle_rows(p), cols = pz_puzzle_cols(p);
  if (!view) return rows_of(cells, rows, cols);
  int *shown = (int *)malloc((size_t)rows * (size_t)cols * sizeof(int));
  if (!shown) return json_null();
  view(p, cells, shown, &rows, &cols);
  json_t *j = rows_of(shown, rows, cols);
  free(shown);
  return j;
}

/* The object every puzzle's answer starts with. */
static json_t *head(const cli_common *c, size_t index, const char *mode) {
  json_t *o = json_object();
  if (!o) return NULL;
  json_object_set_new(o, "puzzle", json_integer((json_int_t)index + 1));
  json_object_set_new(o, "line", cur.index == index && cur.line
                                     ? json_integer((json_int_t)cur.line)
                                     : json_null());
  json_object_set_new(o, "mode", json_string(mode ? mode : mode_name(c)));
  return o;
}

/* Writes o (taken) as one line; 0, or -1 when it could not be made. */
static int emit(const cli_common *c, json_t *o) {
  char *s = o ? json_dumps(o, JSON_COMPACT) : NULL;
  json_decref(o);
  if (!s) {
    fprintf(cli_err(), "%s: writing JSON: %s\n", c->prog,
            pz_strerror(PZ_ERR_NOMEM));
    return -1;
  }
  FILE *out = cli_out();
  fputs(s, out);
  putc('\n', out);
  free(s);
  return 0;
}

int cli_json_line(const cli_common *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  json_t *o = json_vpack_ex(NULL, 0, fmt, ap);
  va_end(ap);
  return emit(c, o);
}

static const char *stop_reason(void) {
  return cli_interrupted() ? "interrupted" : "time limit";
}

/* status "unknown" with the reason; the exit code for it. */
static int unknown(json_t *o) {
  json_object_set_new(o, "status", json_string("unknown"));
  json_object_set_new(o, "reason", json_string(stop_reason()));
  return cli_interrupted() ? CLI_INTERRUPTED : CLI_UNKNOWN;
}

static void set_status(json_t *o, const char *s) {
  json_object_set_new(o, "status", json_string(s));
}

/* The error object of the failure noted last (or of text). */
static json_t *error_of(const char *text) {
  if (!cur.failed)
    return json_pack("{s:n,s:I,s:n,s:o}", "file", "line", (json_int_t)cur.line,
                     "column", "message", str(text));
  return json_pack("{s:o,s:o,s:o,s:o}", "file", str(cur.file), "line",
                   cur.fail_line ? json_integer((json_int_t)cur.fail_line)
                   : cur.line    ? json_integer((json_int_t)cur.line)
                                 : json_null(),
                   "column", cur.fail_column
                                 ? json_integer((json_int_t)cur.fail_column)
                                 : json_null(),
                   "message", str(cur.message));
}

void cli_json_say(const cli_common *c, const char *text) {
  json_t *o = head(c, cur.index, c->generate ? "generate" : NULL);
  if (!o) return;
  if (strncmp(text, "error:", 6) == 0) {
    set_status(o, "error");
    const char *m = text + 6;
    /* "error: line L: message": the message without the place. */
    if (strncmp(m, " line ", 6) == 0 && strchr(m, ':')) m = strchr(m, ':') + 1;
    while (*m == ' ') m++;
    json_object_set_new(o, "error", error_of(m));
    cur.failed = 0;
  } else {
    set_status(o, "message");
    json_object_set_new(o, "message", str(text));
  }
  emit(c, o);
}

/* --all: each solution into the arrays. */
typedef struct all_ctx {
  const pz_puzzle *p;
  const cli_printer *pr;
  json_t *grids, *lines;
} all_ctx;

static int add_solution(void *state, const int *cells) {
  all_ctx *a = (all_ctx *)state;
  json_t *g = grid(a->p, cells), *l = printed(a->pr->line, a->pr->ctx, cells);
  int bad = json_array_append_new(a->grids, g) |
            json_array_append_new(a->lines, l);
  return bad != 0; /* out of memory: stop */
}

static void set_solution(json_t *o, const pz_puzzle *p, const cli_printer *pr,
                         const int *cells) {
  json_object_set_new(o, "solution", grid(p, cells));
  json_object_set_new(o, "solution_line", printed(pr->line, pr->ctx, cells));
}

/* A step of --hint / --explain. */
static json_t *step(pz_puzzle *p, const pz_step *s) {
  char name[32];
  int cols = pz_puzzle_cols(p), at = s->cell >= 0;
  int named = at && !pz_puzzle_name_cell(p, s->cell, name, sizeof name, NULL);
  return json_pack("{s:o,s:o,s:o,s:i,s:b,s:s,s:o}", "cell",
                   named ? json_string(name) : json_null(), "row",
                   at ? json_integer(s->cell / cols + 1) : json_null(),
                   "column",
                   at ? json_integer(s->cell % cols + 1) : json_null(),
                   "value", s->value, "placed", s->placed, "level",
                   pz_level_name(s->level), "why", str(s->why));
}

static int explain_step(void *state, const pz_step *s) {
  json_t **a = (json_t **)state;
  return json_array_append_new(a[1], step((pz_puzzle *)a[0], s)) != 0;
}

/* "unsupported": the mode is not available for this kind. */
static int unsupported(json_t *o, const cli_common *c, const pz_puzzle *p) {
  char msg[160];
  snprintf(msg, sizeof msg, "%s is not available for %s puzzles",
           c->mode_option, pz_puzzle_kind(p));
  fprintf(cli_err(), "%s: %s\n", c->prog, msg);
  set_status(o, "error");
  json_object_set_new(o, "error", json_pack("{s:n,s:n,s:n,s:s}", "file", "line",
                                            "column", "message", msg));
  return CLI_USAGE;
}

/* --candidates: rows of the cells a person fills, each the list of its
 * candidates ("candidates"), and with --limit the solutions showing each,
 * in the same order ("candidate_counts"). */
static int run_candidates(json_t *o, pz_puzzle *p, const cli_common *c,
                          int *st) {
  cli_candidates x;
  *st = cli_candidates_find(p, c, &x);
  if (*st == PZ_ERR_UNSUPPORTED) {
    *st = PZ_OK;
    return unsupported(o, c, p);
  }
  if (*st) return CLI_OK;
  int rc = CLI_OK;
  if (x.stop == PZ_UNKNOWN) {
    rc = unknown(o);
  } else {
    set_status(o, x.stop == PZ_SAT ? "sat" : "unsat");
    int rows = pz_puzzle_rows(p), cols = pz_puzzle_cols(p);
    json_t *cand = json_array(), *counts = x.counts ? json_array() : NULL;
    for (int r = 0; r < rows && x.stop == PZ_SAT; r++) {
      json_t *row = json_array(), *crow = counts ? json_array() : NULL;
      for (int k = 0; k < cols; k++) {
        int cell = r * cols + k, own = 1;
        char name[32];
        pz_puzzle_name_cell(p, cell, name, sizeof name, &own);
        if (!own) continue;
        json_t *vals = json_array(), *cnt = counts ? json_array() : NULL;
        for (int v = 0; v < x.values; v++) {
          size_t i = (size_t)cell * (size_t)x.values + (size_t)v;
          if (x.possible[i] != PZ_CANDIDATE_YES) continue;
          json_array_append_new(vals, json_integer(v));
          if (cnt) json_array_append_new(cnt, json_integer((json_int_t)x.counts[i]));
        }
        json_array_append_new(row, vals);
        if (crow) json_array_append_new(crow, cnt);
      }
      json_array_append_new(cand, row);
      if (counts) json_array_append_new(counts, crow);
    }
    json_object_set_new(o, "candidates", x.stop == PZ_SAT ? cand : json_null());
    if (x.stop != PZ_SAT) json_decref(cand);
    if (counts) {
      json_object_set_new(o, "candidate_counts",
                          x.stop == PZ_SAT ? counts : json_null());
      if (x.stop != PZ_SAT) json_decref(counts);
      json_object_set_new(o, "count_cap", json_integer((json_int_t)x.cap));
    }
  }
  if (c->stats) json_object_set_new(o, "solves", json_integer((json_int_t)x.solves));
  cli_candidates_free(&x);
  return rc;
}

/* The mode's fields into o; the exit code, *st a library failure. */
static int run_mode(json_t *o, pz_puzzle *p, const cli_common *c,
                    const cli_printer *pr, int *grid_buf, int *st) {
  pz_result r;
  int sols;
  switch (c->mode) {
  case MODE_CANDIDATES:
    return run_candidates(o, p, c, st);
  case MODE_SOLVE:
    *st = pz_puzzle_solve(p, grid_buf, &r);
    if (*st) return CLI_OK;
    if (r == PZ_UNKNOWN) return unknown(o);
    set_status(o, r == PZ_SAT ? "sat" : "unsat");
    if (r == PZ_SAT) set_solution(o, p, pr, grid_buf);
    return CLI_OK;
  case MODE_UNIQUE:
    *st = pz_puzzle_unique(p, &sols, grid_buf, &r);
    if (*st) return CLI_OK;
    set_status(o, "sat"); /* first in the object; set below */
    if (sols >= 1) set_solution(o, p, pr, grid_buf);
    if (sols == 0 && r != PZ_UNKNOWN) {
      set_status(o, "unsat");
      json_object_set_new(o, "unique", json_false());
      return CLI_OK;
    }
    if (sols == 0 || (sols == 1 && r == PZ_UNKNOWN)) {
      json_object_set_new(o, "unique", json_null());
      return unknown(o);
    }
    set_status(o, "sat");
    json_object_set_new(o, "unique", json_boolean(sols == 1));
    return sols == 1 ? CLI_OK : CLI_NOT_UNIQUE;
  case MODE_RATE: {
    pz_level level;
    *st = pz_puzzle_rate(p, &level, &r);
    if (*st == PZ_ERR_UNSUPPORTED) {
      *st = PZ_OK;
      return unsupported(o, c, p);
    }
    if (*st) return CLI_OK;
    if (r == PZ_UNKNOWN) return unknown(o);
    json_t *unique = json_true();
    const char *status = "sat";
    if (level == PZ_LEVEL_SEARCH) {
      *st = pz_puzzle_unique(p, &sols, grid_buf, &r);
      if (*st) {
        json_decref(unique);
        return CLI_OK;
      }
      if (r == PZ_UNKNOWN && sols < 2) {
        json_decref(unique);
        return unknown(o);
      }
      if (sols != 1) json_decref(unique), unique = json_false();
      if (sols == 0) status = "unsat";
    }
    set_status(o, status);
    json_object_set_new(o, "level", json_string(pz_level_name(level)));
    json_object_set_new(o, "unique", unique);
    return CLI_OK;
  }
  case MODE_ESTIMATE: {
    pz_estimate e;
    *st = pz_puzzle_estimate(p, &c->est, &e);
    if (*st) return CLI_OK;
    if (!e.samples && !e.exact) return unknown(o);
    json_object_set_new(o, "estimate", json_real(e.estimate));
    /* One sample has no spread: no number, null. */
    json_object_set_new(o, "stderr", isfinite(e.std_error)
                                         ? json_real(e.std_error) : json_null());
    json_object_set_new(o, "low", json_real(e.low));
    json_object_set_new(o, "high", isfinite(e.high) ? json_real(e.high)
                                                    : json_null());
    json_object_set_new(o, "samples", json_integer((json_int_t)e.samples));
    json_object_set_new(o, "seconds", json_real(e.seconds));
    json_object_set_new(o, "exact", json_boolean(e.exact));
    set_status(o, e.estimate > 0 ? "sat" : e.exact ? "unsat" : "unknown");
    if (e.stopped)
      json_object_set_new(o, "reason", json_string(stop_reason()));
    return cli_interrupted() ? CLI_INTERRUPTED : CLI_OK;
  }
  case MODE_HINT:
  case MODE_EXPLAIN: {
    pz_level level = PZ_LEVEL_ANY;
    pz_step hint;
    json_t *steps = c->mode == MODE_EXPLAIN ? json_array() : NULL;
    void *x[2] = {p, steps};
    *st = c->mode == MODE_HINT
              ? pz_puzzle_hint(p, &hint, &r)
              : steps ? pz_puzzle_explain(p, explain_step, x, &level, &r)
                      : PZ_ERR_NOMEM;
    if (*st == PZ_ERR_UNSUPPORTED) {
      *st = PZ_OK;
      json_decref(steps);
      return unsupported(o, c, p);
    }
    if (*st) {
      json_decref(steps);
      return CLI_OK;
    }
    if (r == PZ_UNKNOWN) {
      json_decref(steps);
      return unknown(o);
    }
    set_status(o, r == PZ_UNSAT ? "unsat" : "sat");
    if (c->mode == MODE_HINT) {
      int any = r != PZ_UNSAT && (hint.cell >= 0 || hint.why[0]);
      json_object_set_new(o, "hint", any ? step(p, &hint) : json_null());
      if (r == PZ_UNSAT)
        json_object_set_new(o, "reason", json_string(
            "propagation finds a contradiction"));
      else if (!any)
        json_object_set_new(o, "reason", json_string(
            hint.level == PZ_LEVEL_SEARCH ? "nothing follows without guessing"
                                          : "every cell is decided"));
      return CLI_OK;
    }
    json_object_set_new(o, "steps", steps);
    if (r == PZ_UNSAT)
      json_object_set_new(o, "reason",
                          json_string("propagation finds a contradiction"));
    else
      json_object_set_new(o, "level", json_string(pz_level_name(level)));
    json_object_set_new(o, "solved", json_boolean(r != PZ_UNSAT &&
                                                  level != PZ_LEVEL_SEARCH));
    return CLI_OK;
  }
  default: { /* MODE_COUNT, MODE_ALL */
    uint64_t count = 0;
    all_ctx a = {p, pr, NULL, NULL};
    if (c->mode == MODE_COUNT) {
      *st = pz_puzzle_count(p, c->limit, &count, &r);
    } else {
      a.grids = json_array();
      a.lines = json_array();
      *st = a.grids && a.lines
                ? pz_puzzle_enumerate(p, c->limit, add_solution, &a, &count, &r)
                : PZ_ERR_NOMEM;
    }
    if (c->opt.progress) fputs("\r\033[K", stderr);
    if (a.grids && a.lines && !*st) {
      json_object_set_new(o, "solutions", a.grids);
      json_object_set_new(o, "solution_lines", a.lines);
    } else {
      json_decref(a.grids);
      json_decref(a.lines);
    }
    if (*st) return CLI_OK;
    json_object_set_new(o, "count", json_integer((json_int_t)count));
    /* complete: every solution was counted (not cut by --limit or time). */
    json_object_set_new(o, "complete", json_boolean(r == PZ_UNSAT));
    if (r == PZ_UNKNOWN) return unknown(o);
    set_status(o, count ? "sat" : "unsat");
    if (r == PZ_SAT) json_object_set_new(o, "reason", json_string("limit"));
    return CLI_OK;
  }
  }
}

int cli_json_run(pz_puzzle *p, const cli_common *c, const cli_printer *pr,
                 size_t index) {
  double t0 = now();
  json_t *o = head(c, index, NULL);
  size_t cells = (size_t)pz_puzzle_rows(p) * (size_t)pz_puzzle_cols(p);
  int *buf = (int *)malloc((cells ? cells : 1) * sizeof(int));
  if (!o || !buf) {
    json_decref(o);
    free(buf);
    return cli_fail(c->prog, "solving", PZ_ERR_NOMEM, NULL);
  }
  set_shape(o, p);
  json_t *text = cur.text && cur.index == index
                     ? json_stringn(cur.text, cur.text_len) : NULL;
  json_object_set_new(o, "input", text ? text : printed(pr->line, pr->ctx,
                                                       pz_puzzle_givens(p)));
  json_object_set_new(o, "givens", grid(p, pz_puzzle_givens(p)));
  int rc = CLI_OK, st = PZ_OK;
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  if (cli_stopped(c)) {
    rc = unknown(o); /* the deadline passed before this puzzle */
  } else if (pz_puzzle_check_givens(p, &info) == PZ_ERR_CONFLICT) {
    set_status(o, "unsat");
    json_object_set_new(o, "reason", str(info.message));
    if (c->mode == MODE_COUNT || c->mode == MODE_ALL) {
      json_object_set_new(o, "count", json_integer(0));
      json_object_set_new(o, "complete", json_true());
    }
    if (c->mode == MODE_UNIQUE) json_object_set_new(o, "unique", json_false());
  } else {
    rc = run_mode(o, p, c, pr, buf, &st);
  }
  free(buf);
  if (st) {
    json_decref(o);
    rc = cli_fail(c->prog, "solving", st, NULL);
    cli_json_say(c, "error: solving failed");
    return rc;
  }
  if (c->stats) {
    json_object_set_new(o, "seconds", json_real(now() - t0));
    const pz_solver *s = pz_puzzle_solver(p);
    int vars = 0;
    size_t clauses = 0;
    pz_puzzle_last_size(p, &vars, &clauses);
    json_object_set_new(
        o, "solver",
        s ? json_pack("{s:s,s:s,s:i,s:I}", "backend", pz_solver_backend(s),
                      "signature", pz_solver_signature(s), "variables", vars,
                      "clauses", (json_int_t)clauses)
          : json_null());
  }
  if (emit(c, o)) return CLI_FAILURE;
  return rc;
}

/* A generated puzzle's clues, level (null: not rated) and tries. */
static void set_figures(json_t *o, const pz_generate_info *info) {
  if (!info) return;
  json_object_set_new(o, "clues", json_integer(info->givens));
  const char *level = pz_level_name(info->level);
  json_object_set_new(o, "level", info->level == PZ_LEVEL_ANY
                                      ? json_null() : json_string(level));
  json_object_set_new(o, "tries", json_integer((json_int_t)info->tries));
}

void cli_json_generated(const cli_common *c, pz_puzzle *p,
                        unsigned long long i, int made, int rc,
                        pz_result stop, const pz_generate_info *info,
                        void (*print)(void *ctx, const int *cells, FILE *out),
                        void *ctx) {
  json_t *o = head(c, (size_t)i, "generate");
  if (!o) return;
  json_object_set_new(o, "line", json_null());
  json_object_set_new(o, "seed", json_integer((json_int_t)(c->gen.seed + i)));
  if (!made) {
    if (rc == CLI_OK) set_status(o, "unsat");
    else if (rc == CLI_UNKNOWN || rc == CLI_INTERRUPTED) unknown(o);
    else set_status(o, "error");
    emit(c, o);
    return;
  }
  /* Made: the targets met ("sat"), or missed ("unknown"). */
  set_status(o, stop == PZ_SAT ? "sat" : "unknown");
  if (stop != PZ_SAT)
    json_object_set_new(o, "reason", json_string("targets missed"));
  if (p) {
    const int *g = pz_puzzle_givens(p);
    set_shape(o, p);
    json_object_set_new(o, "input", printed(print, ctx, g));
    json_object_set_new(o, "givens", grid(p, g));
    size_t cells = (size_t)pz_puzzle_rows(p) * (size_t)pz_puzzle_cols(p);
    int *sol = (int *)malloc((cells ? cells : 1) * sizeof(int));
    pz_result r = PZ_UNKNOWN;
    if (sol && !pz_puzzle_solve(p, sol, &r) && r == PZ_SAT)
      json_object_set_new(o, "solution", grid(p, sol));
    free(sol);
  }
  set_figures(o, info);
  if (each.active) {
    /* Past the capture: the object itself goes out. */
    FILE *cap = cli_swap_out(each.was);
    emit(c, o);
    cli_swap_out(cap);
    each.emitted = 1;
    return;
  }
  emit(c, o);
}

int cli_json_generate_each(const cli_common *c,
                           int (*one)(void *ctx, const cli_common *c,
                                      unsigned long long i, int *stop),
                           void *ctx, unsigned long long i, int *stop) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return cli_fail(c->prog, "generating", PZ_ERR_NOMEM, NULL);
  FILE *was = cli_swap_out(f);
  each.was = was;
  each.active = 1;
  each.emitted = 0;
  each.has_info = 0;
  int rc = one(ctx, c, i, stop);
  each.active = 0;
  cli_swap_out(was);
  fclose(f);
  json_t *solution = each.solution, *givens = each.givens;
  each.solution = each.givens = NULL;
  if (each.emitted) {
    json_decref(solution);
    json_decref(givens);
    free(buf);
    return rc;
  }
  size_t at = 0;
  while (at < len && buf[at] == '\n') at++; /* the blank line between two */
  while (len > at && buf[len - 1] == '\n') buf[--len] = 0;
  json_t *o = head(c, (size_t)i, "generate");
  if (o) {
    json_object_set_new(o, "line", json_null());
    json_object_set_new(o, "seed", json_integer((json_int_t)(c->gen.seed + i)));
    if (len > at) {
      set_status(o, rc == CLI_OK ? "sat" : "unknown");
      if (rc != CLI_OK)
        json_object_set_new(o, "reason", json_string("targets missed"));
      json_object_set_new(o, "input", str(buf + at));
      if (solution) {
        json_object_set_new(o, "rows", json_integer(each.rows));
        json_object_set_new(o, "cols", json_integer(each.cols));
        if (givens) json_object_set(o, "givens", givens);
        json_object_set(o, "solution", solution);
      }
      set_figures(o, each.has_info ? &each.info : NULL);
    } else if (rc == CLI_OK) {
      set_status(o, "unsat");
    } else if (rc == CLI_UNKNOWN || rc == CLI_INTERRUPTED) {
      unknown(o);
    } else {
      set_status(o, "error");
    }
    emit(c, o);
  }
  json_decref(solution);
  json_decref(givens);
  free(buf);
  return rc;
}

#endif
