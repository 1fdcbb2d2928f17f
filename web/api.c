/* pz-web's request handling (api.h): the JSON API and the pages, with no
 * socket and no libmicrohttpd: pz-web.c feeds it requests and sends its
 * answers, fuzz/fuzz_web.c calls it in process. JSON is jansson's; the
 * pages are compiled in (web/embed.cmake). */
#include "api.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <sys/socket.h>

#include <jansson.h>

#include <pz.h>
#include <pz/render.h>

#include "assets.h"
#include "memtext.h"
#include "old_paths.h"

enum { WEB_NO = 0, WEB_YES = 1 };

/* --- Limits (command-line options) ---------------------------------------- */

web_limits web_lim = {10.0, 64 * 1024, 25, 12, 35, 10000, 100000000, 4, 64,
                      10.0, 128, 15, 10.0, 64};

double web_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* --- Solving slots: a bounded number of solves, a bounded queue ----------- */
static pthread_mutex_t slot_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t slot_cv = PTHREAD_COND_INITIALIZER;
static int slots_busy, slots_waiting;
/* The 503 answer when slot_acquire gives no slot. */
static const char busy_msg[] = "busy: too many solves at once; try again";

/* 1 with a slot taken, 0 when the queue is full or the wait timed out. */
static int slot_acquire(void) {
  int ok = 0;
  pthread_mutex_lock(&slot_mu);
  if (slots_busy < web_lim.max_solves) {
    ok = 1;
  } else if (slots_waiting < web_lim.queue) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    double end = (double)until.tv_sec + (double)until.tv_nsec * 1e-9 + web_lim.queue_wait;
    until.tv_sec = (time_t)end;
    until.tv_nsec = (long)((end - (double)until.tv_sec) * 1e9);
    slots_waiting++;
    int rc = 0;
    while (slots_busy >= web_lim.max_solves && rc != ETIMEDOUT)
      rc = pthread_cond_timedwait(&slot_cv, &slot_mu, &until);
    slots_waiting--;
    ok = slots_busy < web_lim.max_solves;
  }
  if (ok) slots_busy++;
  pthread_mutex_unlock(&slot_mu);
  return ok;
}

static void slot_release(void) {
  pthread_mutex_lock(&slot_mu);
  slots_busy--;
  pthread_cond_signal(&slot_cv);
  pthread_mutex_unlock(&slot_mu);
}

/* --- Cancellation: is the client still there? ----------------------------- */
/* A closed connection reads as end of file; data (a pipelined request) or
 * nothing yet means it is still open. Only valid while the connection is. */
static int client_gone(int fd) {
  if (fd < 0) return 0;
  struct pollfd pfd = {fd, POLLIN, 0};
  if (poll(&pfd, 1, 0) <= 0) return 0;
  if (pfd.revents & (POLLERR | POLLNVAL)) return 1;
  char c;
  ssize_t r = recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
  if (r == 0) return 1;
  if (r < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return 1;
  return (pfd.revents & POLLHUP) && r <= 0;
}

/* The terminate callback of a request's solving calls: stops when the
 * stream's reader or its free callback set cancel, or (fd >= 0) when the
 * client closed the connection, looked at every 50 ms. */
typedef struct watch {
  int fd;
  atomic_int cancel;
  double next_look;
} watch;

static int watch_terminate(void *state) {
  watch *w = (watch *)state;
  if (atomic_load(&w->cancel)) return 1;
  if (w->fd >= 0) {
    double t = web_now();
    if (t >= w->next_look) {
      w->next_look = t + 0.05;
      if (client_gone(w->fd)) {
        atomic_store(&w->cancel, 1);
        return 1;
      }
    }
  }
  return 0;
}

/* --- Requests --------------------------------------------------------------- */
typedef web_request request;

/* An error to answer with: status and message. */
typedef struct fail {
  unsigned status;
  char msg[300];
  int placed; /* a parser's error of a kind: its place too (fail_place) */
  size_t line, column;
  char message[160];
} fail;

static int failf(fail *f, unsigned status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->msg, sizeof f->msg, fmt, ap);
  va_end(ap);
  f->status = status;
  f->placed = 0;
  return -1;
}

/* A pz error, with the parser's line and column when it gave them, the way
 * the command-line programs print it: "what:line:column: message". */
static int fail_pz(fail *f, const char *what, int st, const pz_parse_info *info) {
  unsigned status = st == PZ_ERR_NOMEM ? 500 : 400;
  if (info && info->message[0]) {
    if (info->line)
      return failf(f, status, "%s:%zu:%zu: %s", what, info->line, info->column,
                   info->message);
    return failf(f, status, "%s: %s", what, info->message);
  }
  return failf(f, status, "%s: %s", what, pz_strerror(st));
}

/* A failed setup or generation: an unknown backend named by the request
 * (400), else fail_pz. */
static int fail_call(fail *f, const char *what, int st, const char *backend) {
  if (st == PZ_ERR_BACKEND) return failf(f, 400, "unknown backend \"%s\"", backend);
  return fail_pz(f, what, st, NULL);
}

/* Fills the answer: data (copy: malloc'ed, the answer's own from now on). */
static int send_bytes(web_answer *c, unsigned status, const void *data, size_t len,
                      const char *type, int copy, const char *timing) {
  c->status = status;
  c->type = type;
  c->body = data;
  c->len = len;
  c->owned = copy;
  if (timing) snprintf(c->timing, sizeof c->timing, "%s", timing);
  return WEB_YES;
}

/* Answers obj (taken) as one line of JSON. */
static int send_json(web_answer *c, unsigned status,
                                 json_t *obj, double started) {
  char *s = obj ? json_dumps(obj, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
  json_decref(obj);
  if (!s) return WEB_NO;
  size_t n = strlen(s);
  char *line = (char *)realloc(s, n + 2);
  if (!line) {
    free(s);
    return WEB_NO;
  }
  line[n] = '\n';
  line[n + 1] = '\0';
  char timing[64], *t = NULL;
  if (started > 0) {
    snprintf(timing, sizeof timing, "pz;dur=%.3f", (web_now() - started) * 1e3);
    t = timing;
  }
  return send_bytes(c, status, line, n + 1, "application/json", 1, t);
}

static int send_error(web_answer *c, const fail *f) {
  json_t *o = json_pack("{ss}", "error", f->msg);
  if (o && f->placed && f->status == 400) {
    json_object_set_new(o, "line", json_integer((json_int_t)f->line));
    json_object_set_new(o, "column", json_integer((json_int_t)f->column));
    json_object_set_new(o, "message", json_string(f->message));
  }
  return send_json(c, f->status, o, 0);
}

static int send_errorf(web_answer *c, unsigned status,
                                   const char *msg) {
  fail f;
  failf(&f, status, "%s", msg);
  return send_error(c, &f);
}

/* --- JSON fields ------------------------------------------------------------ */
static int get_string(json_t *in, const char *key, const char **out, fail *f) {
  json_t *v = json_object_get(in, key);
  *out = NULL;
  if (!v || json_is_null(v)) return 0;
  if (!json_is_string(v)) return failf(f, 400, "\"%s\" must be a string", key);
  *out = json_string_value(v);
  return 0;
}

/* "backend": a linked backend by its exact name. Never "NAME:ARG": that
 * would let a request run a program of its choice (exec:PROGRAM). */
static int get_backend(json_t *in, const char **out, fail *f) {
  if (get_string(in, "backend", out, f)) return -1;
  if (*out && strchr(*out, ':'))
    return failf(f, 400, "unknown backend \"%s\"", *out);
  return 0;
}

static int get_int(json_t *in, const char *key, long long lo, long long hi,
                   long long *out, fail *f) {
  json_t *v = json_object_get(in, key);
  if (!v || json_is_null(v)) return 0;
  if (!json_is_integer(v)) return failf(f, 400, "\"%s\" must be an integer", key);
  long long x = json_integer_value(v);
  if (x < lo || x > hi)
    return failf(f, 400, "\"%s\" must be in %lld..%lld, not %lld", key, lo, hi, x);
  *out = x;
  return 0;
}

static int get_bool(json_t *in, const char *key, int *out, fail *f) {
  json_t *v = json_object_get(in, key);
  if (!v || json_is_null(v)) return 0;
  if (!json_is_boolean(v)) return failf(f, 400, "\"%s\" must be true or false", key);
  *out = json_is_true(v);
  return 0;
}

/* "time_limit": seconds, at most the server's. */
static int get_time_limit(json_t *in, double *out, fail *f) {
  json_t *v = json_object_get(in, "time_limit");
  *out = web_lim.time_limit;
  if (!v || json_is_null(v)) return 0;
  if (!json_is_number(v)) return failf(f, 400, "\"time_limit\" must be a number");
  double t = json_number_value(v);
  if (!(t > 0) || t > web_lim.time_limit)
    return failf(f, 400, "\"time_limit\" must be above 0 and at most %g seconds",
                 web_lim.time_limit);
  *out = t;
  return 0;
}

/* The body as a JSON object. */
static json_t *parse_body(const request *r, fail *f) {
  if (!r->len) {
    failf(f, 400, "the request needs a JSON object as its body");
    return NULL;
  }
  json_error_t e;
  json_t *in = json_loadb(r->body, r->len, JSON_REJECT_DUPLICATES, &e);
  if (!in) {
    failf(f, 400, "malformed JSON: line %d, column %d: %s", e.line, e.column, e.text);
    return NULL;
  }
  if (!json_is_object(in)) {
    json_decref(in);
    failf(f, 400, "the body must be a JSON object");
    return NULL;
  }
  return in;
}

/* --- Grids as text ------------------------------------------------------------ */
static char symbol(int v) {
  if (v <= 0) return '.';
  if (v <= 9) return (char)('0' + v);
  return (char)('A' + v - 10);
}

/* --- Solving requests ------------------------------------------------------ */
/* One request of a kind of the table (kind.h): its puzzle set up. */
typedef struct job {
  pz_puzzle *p;
  pz_def *def;        /* the puzzle as the kind read it */
  const char *format; /* its answers' format (NULL: grid) */
  int want_scene;     /* answers carry the scene of the solution */
  uint64_t limit;     /* count: the cap */
  int limit_given;    /* candidates: "limit" asks for counts up to it */
  pz_estimate_options est; /* estimate: "samples", "precision", "seed" */
  watch w;
  double started, time_limit;
  pz_options opt; /* as set on p */
} job;

static void job_free(job *s) {
  pz_puzzle_free(s->p);
  pz_def_free(s->def);
}

/* Starts a request: the clock, the watch, and pz's options
 * from "time_limit" and "backend" (the strings stay in's). */
static int job_begin(json_t *in, const request *rq, job *s, pz_options *opt, fail *f) {
  memset(s, 0, sizeof *s);
  s->started = web_now();
  s->w.fd = rq->fd;
  atomic_init(&s->w.cancel, 0);
  pz_options o = PZ_OPTIONS_INIT;
  *opt = o;
  const char *backend;
  double tl;
  if (get_backend(in, &backend, f) || get_time_limit(in, &tl, f)) return -1;
  opt->backend = backend;
  opt->time_limit = s->time_limit = tl;
  opt->terminate = watch_terminate;
  opt->terminate_state = &s->w;
  s->opt = *opt;
  return 0;
}

/* The reason a call stopped without an answer. */
static const char *stop_reason(const job *s) {
  return atomic_load(&s->w.cancel) ? "cancelled" : "time limit";
}

/* No solution because two givens clash: the answer's "conflict". */
static json_t *conflict_of(job *s, int *has) {
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  *has = 0;
  if (pz_puzzle_check_givens(s->p, &info) != PZ_ERR_CONFLICT) return NULL;
  *has = 1;
  return json_pack("{sisiss}", "row", (int)info.line, "col", (int)info.column,
                   "message", info.message);
}

typedef enum job_op {
  OP_SOLVE, OP_UNIQUE, OP_HINT, OP_RATE, OP_GENERATE, OP_PARSE, OP_COUNT, OP_SCENE,
  OP_CANDIDATES, OP_ESTIMATE
} job_op;

static json_t *answer_of(const job *s, const int *cells, fail *f);

/* A solution into o: its text in the request's format, its cells, and
 * its scene when asked. Non-zero on failure (f set). */
static int put_solution(json_t *o, const job *s, const int *grid, fail *f) {
  if (!grid) {
    json_object_set_new(o, "solution", json_null());
    json_object_set_new(o, "cells", json_null());
    return 0;
  }
  json_t *a = answer_of(s, grid, f);
  if (!a) return -1;
  json_object_update(o, a);
  json_decref(a);
  return 0;
}

/* True candidates: rows of the cells a person fills (Eulero's pair
 * numbers left out), each its values over every solution; with "limit"
 * the solutions showing each value, up to it, in the same order. */
static json_t *job_candidates(job *s, int *st) {
  pz_puzzle *p = s->p;
  int rows = pz_puzzle_rows(p), cols = pz_puzzle_cols(p);
  int values = pz_puzzle_max_value(p) + 1;
  size_t pairs = (size_t)rows * (size_t)cols * (size_t)values;
  unsigned char *possible = (unsigned char *)malloc(pairs);
  uint64_t *counts = s->limit_given ? (uint64_t *)malloc(pairs * sizeof *counts) : NULL;
  pz_result r = PZ_UNKNOWN;
  *st = !possible || (s->limit_given && !counts)
            ? PZ_ERR_NOMEM
            : pz_puzzle_candidates(p, possible, counts, s->limit, NULL, &r);
  json_t *o = NULL;
  if (!*st) {
    json_t *cand = json_array(), *cnt = counts ? json_array() : NULL;
    for (int y = 0; y < rows && r == PZ_SAT; y++) {
      json_t *row = json_array(), *crow = cnt ? json_array() : NULL;
      for (int x = 0; x < cols; x++) {
        int cell = y * cols + x, own = 1;
        char name[32];
        pz_puzzle_name_cell(p, cell, name, sizeof name, &own);
        if (!own) continue;
        json_t *vs = json_array(), *cs = cnt ? json_array() : NULL;
        for (int v = 0; v < values; v++) {
          size_t i = (size_t)cell * (size_t)values + (size_t)v;
          if (possible[i] != PZ_CANDIDATE_YES) continue;
          json_array_append_new(vs, json_integer(v));
          if (cs) json_array_append_new(cs, json_integer((json_int_t)counts[i]));
        }
        json_array_append_new(row, vs);
        if (crow) json_array_append_new(crow, cs);
      }
      json_array_append_new(cand, row);
      if (cnt) json_array_append_new(cnt, crow);
    }
    o = json_object();
    json_object_set_new(o, "candidates", r == PZ_SAT ? cand : json_null());
    if (r != PZ_SAT) json_decref(cand);
    if (cnt) {
      json_object_set_new(o, "counts", r == PZ_SAT ? cnt : json_null());
      if (r != PZ_SAT) json_decref(cnt);
    }
    if (r != PZ_SAT)
      json_object_set_new(o, "reason", json_string(r == PZ_UNSAT ? "no solution"
                                                                 : stop_reason(s)));
  }
  free(possible);
  free(counts);
  return o;
}

/* A sampled count (pz_puzzle_estimate) within the request's time: the
 * fields of the programs' --estimate --format json. */
static json_t *job_estimate(job *s, int *st) {
  pz_estimate e;
  *st = pz_puzzle_estimate(s->p, &s->est, &e);
  if (*st) return NULL;
  return json_pack("{sfsfsfsfsIsfsb}", "estimate", e.estimate, "stderr", e.std_error,
                   "low", e.low, "high", e.high, "samples", (json_int_t)e.samples,
                   "seconds", e.seconds, "exact", e.exact);
}

static json_t *job_solve(job *s, job_op op, fail *f) {
  size_t cells = (size_t)pz_puzzle_rows(s->p) * (size_t)pz_puzzle_cols(s->p);
  int has_conflict;
  json_t *conflict = conflict_of(s, &has_conflict);
  if (has_conflict) {
    json_t *o = json_pack("{so}", op == OP_RATE ? "level" : "solution", json_null());
    if (op == OP_UNIQUE) json_object_set_new(o, "solutions", json_integer(0));
    json_object_set_new(o, "reason", json_string("no solution: givens contradict"));
    json_object_set_new(o, "conflict", conflict);
    return o;
  }
  int *grid = (int *)malloc(cells * sizeof(int));
  if (!grid) {
    failf(f, 500, "out of memory");
    return NULL;
  }
  pz_result r = PZ_UNKNOWN;
  json_t *o = NULL;
  int st;
  if (op == OP_SOLVE) {
    st = pz_puzzle_solve(s->p, grid, &r);
    if (!st) {
      o = json_object();
      if (put_solution(o, s, r == PZ_SAT ? grid : NULL, f)) st = -1;
      if (r != PZ_SAT)
        json_object_set_new(o, "reason", json_string(r == PZ_UNSAT ? "no solution" : stop_reason(s)));
    }
  } else if (op == OP_COUNT) {
    uint64_t count = 0;
    st = pz_puzzle_count(s->p, s->limit, &count, &r);
    if (!st) {
      /* Complete: stopped neither at the cap nor by the clock. */
      int complete = r != PZ_UNKNOWN && count < s->limit;
      o = json_pack("{sIsb}", "count", (json_int_t)count, "complete", complete);
      if (!complete)
        json_object_set_new(o, "reason", json_string(r != PZ_UNKNOWN || count >= s->limit
                                                         ? "cap reached" : stop_reason(s)));
    }
  } else if (op == OP_UNIQUE) {
    int sols = 0;
    st = pz_puzzle_unique(s->p, &sols, grid, &r);
    if (!st) {
      o = json_object();
      int known = r != PZ_UNKNOWN;
      json_object_set_new(o, "solutions", known ? json_integer(sols) : json_null());
      json_object_set_new(o, "unique", known ? json_boolean(sols == 1) : json_null());
      if (put_solution(o, s, sols >= 1 ? grid : NULL, f)) st = -1;
      if (!known) json_object_set_new(o, "reason", json_string(stop_reason(s)));
      else if (sols >= 2) json_object_set_new(o, "reason", json_string("2 or more solutions"));
      else if (sols == 0) json_object_set_new(o, "reason", json_string("no solution"));
    }
  } else if (op == OP_CANDIDATES) {
    o = job_candidates(s, &st);
  } else if (op == OP_ESTIMATE) {
    o = job_estimate(s, &st);
  } else if (op == OP_RATE) {
    pz_level level;
    st = pz_puzzle_rate(s->p, &level, &r);
    if (!st) {
      o = r == PZ_UNKNOWN ? json_pack("{snss}", "level", "reason", stop_reason(s))
                          : json_pack("{ss}", "level", pz_level_name(level));
    }
  } else {
    pz_step h;
    st = pz_puzzle_hint(s->p, &h, &r);
    if (!st) {
      if (r == PZ_UNKNOWN) {
        o = json_pack("{snss}", "cell", "reason", stop_reason(s));
      } else if (r == PZ_UNSAT) {
        o = json_pack("{snss}", "cell", "reason",
                      "no solution: propagation finds a contradiction");
      } else if (h.cell < 0) {
        o = json_pack("{snss}", "cell", "reason",
                      h.level == PZ_LEVEL_SEARCH
                          ? "no hint: nothing follows without guessing (search)"
                          : "no hint: every cell is decided");
      } else {
        int cols = pz_puzzle_cols(s->p);
        o = json_pack("{sisisisissss}", "cell", h.cell, "row", h.cell / cols + 1,
                      "col", h.cell % cols + 1, "value", h.value, "level",
                      pz_level_name(h.level), "why", h.why);
      }
    }
  }
  free(grid);
  if (st == -1) {
    json_decref(o);
    return NULL;
  }
  if (st) {
    fail_pz(f, "solving", st, NULL);
    json_decref(o);
    return NULL;
  }
  if (!o) failf(f, 500, "out of memory");
  return o;
}

/* The generation fields every kind shares: "seed" (default from the
 * clock, and answered), "difficulty", and the clue target named
 * givens_key, at most max_givens. */
static int gen_options(json_t *in, const char *givens_key, long long max_givens,
                       pz_generate_options *g, long long *seed, fail *f) {
  long long givens = 0;
  const char *difficulty;
  *seed = -1;
  if (get_int(in, "seed", 0, (long long)INT64_MAX, seed, f) ||
      get_int(in, givens_key, 0, max_givens, &givens, f) ||
      get_string(in, "difficulty", &difficulty, f))
    return -1;
  if (difficulty && pz_level_from_name(difficulty, &g->difficulty))
    return failf(f, 400, "unknown difficulty \"%s\" (any, singles, probing, deep-probing, "
                 "search)", difficulty);
  if (*seed < 0) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    *seed = (long long)(((uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec) & INT32_MAX);
  }
  g->seed = (uint64_t)*seed;
  g->givens = (int)givens;
  return 0;
}

/* What is left of a request's time limit: a call after another must not
 * take the whole limit again. */
static double time_left(const job *s) {
  return s->time_limit - (web_now() - s->started);
}

/* Sets what is left of the time limit on s->p before its next call;
 * non-zero when nothing is left. */
static int job_rebound(job *s) {
  pz_options o = s->opt;
  o.time_limit = time_left(s);
  return o.time_limit <= 0 || pz_puzzle_set_options(s->p, &o) != PZ_OK;
}

/* Why a generation gave a puzzle short of its targets: stopped by the
 * clock or the client, or out of tries. */
static const char *short_reason(const job *s) {
  if (atomic_load(&s->w.cancel)) return "cancelled";
  if (web_now() - s->started >= s->time_limit * 0.99)
    return "targets not met in time; the closest puzzle";
  return "targets not met within the tries; the closest puzzle";
}

/* The end of a /generate answer: "level" (taken), "seed", "complete",
 * and "reason" when short (r). */
static void gen_fields(json_t *o, json_t *level, long long seed, pz_result r, const job *s) {
  json_object_set_new(o, "level", level);
  json_object_set_new(o, "seed", json_integer(seed));
  json_object_set_new(o, "complete", json_boolean(r == PZ_SAT));
  if (r != PZ_SAT) json_object_set_new(o, "reason", json_string(short_reason(s)));
}

/* The end of an API call: in and s freed, then out sent (timed from s's
 * start) or, when NULL, f's error. */
static int api_answer(web_answer *c, json_t *in, job *s, json_t *out,
                                  const fail *f) {
  json_decref(in);
  double started = s->started;
  job_free(s);
  if (!out) return send_error(c, f);
  return send_json(c, 200, out, started);
}

/* A text field of a puzzle in a command-line program's format. */
static int get_text(json_t *in, const char **text, size_t *len, fail *f) {
  if (get_string(in, "puzzle", text, f)) return -1;
  *len = *text ? strlen(*text) : 0;
  if (*text && !*len) return failf(f, 400, "\"puzzle\" is empty");
  return 0;
}

/* --- Any kind of the table (include/pz/kind.h) ------------------------------ */
/* /api/{kind}/{op}: the operations, and the mode (pz_kind_modes) each
 * needs. */
typedef struct kind_op {
  const char *name;
  job_op op;
  unsigned mode;
} kind_op;

static const kind_op kind_ops[] = {
    {"parse", OP_PARSE, 0},
    {"scene", OP_SCENE, PZ_KIND_SCENE},
    {"solve", OP_SOLVE, PZ_KIND_SOLVE},
    {"count", OP_COUNT, PZ_KIND_COUNT},
    {"unique", OP_UNIQUE, PZ_KIND_UNIQUE},
    {"rate", OP_RATE, PZ_KIND_RATE},
    {"hint", OP_HINT, PZ_KIND_RATE},
    {"candidates", OP_CANDIDATES, PZ_KIND_CANDIDATES},
    {"estimate", OP_ESTIMATE, PZ_KIND_ESTIMATE},
    {"generate", OP_GENERATE, PZ_KIND_GENERATE}};
#define KIND_OPS (sizeof kind_ops / sizeof kind_ops[0])

/* A box (a parameter named "box": its cells are a row of the grid) is at
 * most this many cells when generating: from 16x16 on a layout is not
 * decided within a request's time, and parts of the library's search do
 * not watch the clock. */
#define WEB_GENERATE_BOX 12

/* The most cells a puzzle of any kind may have: (2 * --max-size)^2. */
static size_t max_cells(void) {
  return (size_t)web_lim.max_sudoku * (size_t)web_lim.max_sudoku * 4;
}

/* A parser's error: the message as fail_pz gives it, and its place as
 * fields ("line", "column", "message") of the answer. */
static int fail_place(fail *f, const char *what, int st, const pz_parse_info *info) {
  fail_pz(f, what, st, info);
  if (info && info->message[0]) {
    f->line = info->line;
    f->column = info->column;
    snprintf(f->message, sizeof f->message, "%s", info->message);
    f->placed = 1;
  }
  return -1;
}

/* What a writer of d prints (cells NULL: the puzzle), as a JSON string;
 * a text of one line loses its newline. NULL with *st on failure. */
static json_t *def_text(const pz_def *d, const int *cells, const char *format, int *st) {
  memtext t;
  FILE *out = text_open(&t);
  if (!out) {
    *st = PZ_ERR_NOMEM;
    return NULL;
  }
  *st = pz_def_write(d, cells, format, out);
  int one_line = 0;
  if (!*st && !fflush(out))
    one_line = t.size && memchr(t.buf, '\n', t.size) == t.buf + t.size - 1;
  json_t *j = text_string(&t, !*st, one_line);
  if (!j && !*st) *st = PZ_ERR_NOMEM;
  return j;
}

/* The scene of d (with solution, may be NULL) as JSON: null when the kind
 * does not draw; NULL with *st on failure. */
static json_t *scene_of(const pz_def *d, const int *solution, int *st) {
  pz_scene *sc = NULL;
  *st = pz_def_scene(d, solution, &sc);
  if (*st == PZ_ERR_UNSUPPORTED) {
    *st = PZ_OK;
    return json_null();
  }
  if (*st) return NULL;
  memtext t;
  FILE *out = text_open(&t);
  json_t *j = NULL;
  if (out) {
    *st = pz_scene_write_json(sc, out);
    if (!fclose(out) && !*st) j = json_loadb(t.buf, t.size, 0, NULL);
    free(t.buf);
  }
  pz_scene_free(sc);
  if (!j && !*st) *st = PZ_ERR_NOMEM;
  return j;
}

static json_t *int_array(const int *v, size_t n) {
  json_t *a = json_array();
  for (size_t i = 0; a && i < n; i++) json_array_append_new(a, json_integer(v[i]));
  return a;
}

/* An answer of a kind of the table: "solution" in the request's format,
 * "cells" (the puzzle's cells), "scene" when asked. */
static json_t *answer_of(const job *s, const int *cells, fail *f) {
  int st;
  json_t *text = def_text(s->def, cells, s->format, &st);
  if (!text) {
    if (st == PZ_ERR_UNSUPPORTED)
      failf(f, 400, "the format \"%s\" cannot hold an answer", s->format ? s->format : "");
    else fail_pz(f, "writing", st, NULL);
    return NULL;
  }
  size_t n = (size_t)pz_puzzle_rows(s->p) * (size_t)pz_puzzle_cols(s->p);
  json_t *o = json_pack("{soso}", "solution", text, "cells", int_array(cells, n));
  if (o && s->want_scene) {
    json_t *sc = scene_of(s->def, cells, &st);
    if (!sc) {
      json_decref(o);
      fail_pz(f, "drawing", st, NULL);
      return NULL;
    }
    json_object_set_new(o, "scene", sc);
  }
  if (!o) failf(f, 500, "out of memory");
  return o;
}

/* 1 when key is a field op takes besides the kind's parameters. */
static int kind_field(const char *key, job_op op) {
  static const char *const any[] = {"format", "scene", "time_limit", "backend", NULL};
  static const char *const gen[] = {"seed", "difficulty", "givens", "symmetry", "minimal",
                                    NULL};
  for (const char *const *n = any; *n; n++)
    if (!strcmp(key, *n)) return 1;
  if (op == OP_GENERATE) {
    for (const char *const *n = gen; *n; n++)
      if (!strcmp(key, *n)) return 1;
    return 0;
  }
  if (op == OP_ESTIMATE &&
      (!strcmp(key, "samples") || !strcmp(key, "precision") || !strcmp(key, "seed")))
    return 1;
  return !strcmp(key, "puzzle") ||
         ((op == OP_COUNT || op == OP_CANDIDATES) && !strcmp(key, "limit"));
}

/* One parameter's JSON value as pz_kind_args_set takes it, into buf:
 * a string as it is, an integer in decimal, an array of strings joined
 * with commas; true (a flag) gives *value NULL; false: *skip. */
static int param_value(const pz_param *p, json_t *v, char *buf, size_t size,
                       const char **value, int *skip, fail *f) {
  *skip = 0;
  *value = buf;
  if (json_is_string(v)) {
    *value = json_string_value(v);
  } else if (json_is_integer(v)) {
    snprintf(buf, size, "%lld", (long long)json_integer_value(v));
  } else if (json_is_boolean(v) && p->type == PZ_PARAM_FLAG) {
    *skip = !json_is_true(v);
    *value = NULL;
  } else if (json_is_array(v) && p->type == PZ_PARAM_WORDS) {
    size_t i, len = 0;
    json_t *w;
    buf[0] = '\0';
    json_array_foreach(v, i, w) {
      const char *word = json_string_value(w);
      if (!word || len + strlen(word) + 2 > size)
        return failf(f, 400, "\"%s\" must be an array of names", p->name);
      len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? "," : "", word);
    }
  } else {
    return failf(f, 400, "\"%s\" must be %s", p->name,
                 p->type == PZ_PARAM_FLAG    ? "true or false"
                 : p->type == PZ_PARAM_INT   ? "an integer"
                 : p->type == PZ_PARAM_WORDS ? "a string or an array of names"
                                             : "a string");
  }
  return 0;
}

/* A shape parameter within the server's limits: a box makes a grid of
 * side R*C; other shapes are a grid's rows and columns. */
static int shape_allowed(const pz_param *p, const char *value, int gen, fail *f) {
  int r = 0, c = 0;
  if (!value || sscanf(value, "%d%*[xX]%d", &r, &c) < 1) return 0;
  if (!c) c = r;
  if (!strcmp(p->name, "box")) {
    int most = gen && web_lim.max_sudoku > WEB_GENERATE_BOX ? WEB_GENERATE_BOX : web_lim.max_sudoku;
    if ((long)r * c > most)
      return failf(f, 400, "a %dx%d box makes a %dx%d grid; this server %s grids up to %dx%d",
                   r, c, r * c, r * c, gen ? "generates" : "takes", most, most);
  } else if (r > web_lim.max_sudoku * 2 || c > web_lim.max_sudoku * 2) {
    return failf(f, 400, "\"%s\": %dx%d; this server takes sides up to %d", p->name, r, c,
                 web_lim.max_sudoku * 2);
  }
  return 0;
}

/* A path from before the table (/api/sudoku/solve, /api/latin/count, ...),
 * served by the table's handler as /api/{kind}/{op}, with the request and
 * answer it always had: its fields renamed to the table's or translated
 * (old_paths.h), answers with only the fields it answered (an error:
 * "error" only). The paths are listed under "Older paths" below. */
typedef struct old_field {
  const char *old, *now;
  int least;       /* an integer field: at least this, */
  const int *most; /* at most this (NULL: any field) */
} old_field;

typedef struct old_path {
  const char *path, *kind, *op;
  const old_field *renames; /* ends with {NULL} */
  const char *format;       /* of answers the request names none for */
  const char *const *answer;
  /* Without "puzzle": the empty grid whose side is this parameter (which
   * the request must give), counted (count) up to the server's cap. */
  const char *blank;
  /* The known counts of that grid by side, without and with the flag
   * parameter totals_flag, answered as "total" (a string). */
  const char *totals_flag;
  const char *const *totals[2];
  size_t ntotals;
  /* A grid of at most this side (NULL: max_cells), generated too. */
  const int *most_side;
  /* What the renames cannot say (old_paths.h; NULL: nothing). */
  old_request_fn *request;
  old_answer_fn *back;
} old_path;
static const char *old_name(const old_path *o, const char *now);

/* The request's fields into s and *out (the kind's parameters): unknown
 * fields refused, "format" one of the kind's, "scene", "limit". old: an
 * older path's request (NULL: none), its names in messages. */
static int kind_request(json_t *in, const pz_kind *k, job_op op, const old_path *old,
                        pz_kind_args **out, job *s, fail *f) {
  size_t np;
  const pz_param *params = pz_kind_params(k, &np);
  const char *key;
  json_t *v;
  json_object_foreach(in, key, v) {
    int known = kind_field(key, op);
    for (size_t i = 0; i < np && !known; i++) known = !strcmp(key, params[i].name);
    if (!known) return failf(f, 400, "unknown field \"%s\"", key);
  }
  if (get_string(in, "format", &s->format, f) || get_bool(in, "scene", &s->want_scene, f))
    return -1;
  if (s->format) {
    int known = 0;
    for (const char *const *n = pz_kind_formats(k); n && *n; n++) known |= !strcmp(*n, s->format);
    if (!known) return failf(f, 400, "unknown format \"%s\" for %s", s->format, pz_kind_name(k));
  }
  long long limit = 1000;
  if (get_int(in, "limit", 1, (long long)web_lim.max_count, &limit, f)) return -1;
  s->limit = (uint64_t)limit;
  s->limit_given = json_object_get(in, "limit") != NULL;
  /* An estimate stops at its samples, its precision or the time limit. */
  pz_estimate_options eo = PZ_ESTIMATE_OPTIONS_INIT;
  long long samples = 0, seed = 1;
  if (get_int(in, "samples", 1, 1000000000LL, &samples, f) ||
      get_int(in, "seed", 0, (long long)INT64_MAX, &seed, f))
    return -1;
  json_t *pr = json_object_get(in, "precision");
  if (pr && !json_is_null(pr)) {
    double x = json_is_number(pr) ? json_number_value(pr) : -1;
    if (!(x > 0 && x < 1))
      return failf(f, 400, "\"precision\" must be a number above 0 and below 1 "
                           "(0.02: a 95%% interval within 2%%)");
    eo.precision = x;
  }
  eo.samples = (uint64_t)samples, eo.seed = (uint64_t)seed;
  s->est = eo;
  if (pz_kind_args_new(k, out)) return failf(f, 500, "out of memory");
  for (size_t i = 0; i < np; i++) {
    json_t *pv = json_object_get(in, params[i].name);
    if (!pv || json_is_null(pv)) continue;
    char buf[256];
    const char *value;
    int skip;
    if (param_value(&params[i], pv, buf, sizeof buf, &value, &skip, f)) return -1;
    if (skip) continue;
    pz_parse_info why;
    memset(&why, 0, sizeof why);
    int st = pz_kind_args_set(*out, params[i].name, value, &why);
    if (st == PZ_ERR_NOMEM) return failf(f, 500, "out of memory");
    if (st) return failf(f, 400, "\"%s\": %s", old_name(old, params[i].name), why.message);
    int gen = op == OP_GENERATE && !(old && old->most_side); /* an old path: its own */
    if (params[i].type == PZ_PARAM_SHAPE && shape_allowed(&params[i], value, gen, f))
      return -1;
  }
  /* Parameters that do not go together (a jigsaw layout made and given). */
  /* (Generating, the request's targets are the generator's to refuse:
   * here no target is set.) */
  pz_parse_info why;
  pz_generate_options none = PZ_GENERATE_OPTIONS_INIT;
  none.minimal = 0;
  int st = pz_kind_args_check(*out, op == OP_GENERATE ? &none : NULL, &why);
  if (st == PZ_ERR_NOMEM) return failf(f, 500, "out of memory");
  if (st) return failf(f, 400, "%s", why.message);
  return 0;
}

/* The puzzle of the request ("puzzle", any format the kind reads) into
 * s->def and s->p, with the request's options. */
static int kind_puzzle(json_t *in, const pz_kind *k, const pz_kind_args *a,
                       const pz_options *opt, job *s, fail *f) {
  const char *text;
  size_t len;
  if (get_text(in, &text, &len, f)) return -1;
  if (!text) return failf(f, 400, "the request needs \"puzzle\" (%s)", pz_kind_input_help(k));
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  int st = pz_kind_parse(k, a, text, len, &s->def, &info);
  if (st) return fail_place(f, "puzzle", st, &info);
  /* The size from the picture first (cheap), then from the puzzle built
   * (a kind that does not draw). */
  pz_scene *sc = NULL;
  int rows = 0, cols = 0;
  if (!pz_def_scene(s->def, NULL, &sc)) pz_scene_size(sc, &rows, &cols);
  pz_scene_free(sc);
  size_t cells = (size_t)rows * (size_t)cols;
  if (cells <= max_cells()) {
    if ((st = pz_def_puzzle(s->def, &s->p))) return fail_pz(f, "puzzle", st, NULL);
    cells = (size_t)pz_puzzle_rows(s->p) * (size_t)pz_puzzle_cols(s->p);
  }
  if (cells > max_cells())
    return failf(f, 400, "puzzle: %zu cells; this server takes puzzles up to %zu", cells,
                 max_cells());
  st = pz_puzzle_set_options(s->p, opt);
  if (st) return fail_call(f, "setting up", st, opt->backend);
  return 0;
}

/* /api/{kind}/parse and /scene: the puzzle read back, no solving. */
static json_t *kind_show(const job *s, job_op op, fail *f) {
  int st;
  json_t *sc = scene_of(s->def, NULL, &st);
  if (!sc) {
    fail_pz(f, "drawing", st, NULL);
    return NULL;
  }
  if (op == OP_SCENE) return json_pack("{so}", "scene", sc);
  json_t *text = def_text(s->def, NULL, s->format, &st);
  if (!text) {
    json_decref(sc);
    if (st == PZ_ERR_UNSUPPORTED)
      return failf(f, 400, "the format \"%s\" cannot hold the puzzle", s->format), NULL;
    return fail_pz(f, "writing", st, NULL), NULL;
  }
  int rows = pz_puzzle_rows(s->p), cols = pz_puzzle_cols(s->p);
  json_t *o = json_pack("{sssosisisoso}", "kind", pz_kind_name(pz_def_kind(s->def)), "puzzle",
                        text, "rows", rows, "cols", cols, "givens",
                        int_array(pz_puzzle_givens(s->p), (size_t)rows * (size_t)cols),
                        "scene", sc);
  if (!o) failf(f, 500, "out of memory");
  return o;
}

/* /api/{kind}/generate: pz_kind_generate with the kind's parameters and
 * the generation fields; the puzzle in the kind's own format, its
 * solution as the other answers give one, and the scene of the puzzle
 * when asked. */
static json_t *kind_generate(json_t *in, const pz_kind *k, const pz_kind_args *a,
                             const pz_options *opt, job *s, fail *f) {
  pz_generate_options g = PZ_GENERATE_OPTIONS_INIT;
  long long seed;
  const char *symmetry;
  int minimal = 1;
  if (gen_options(in, "givens", (long long)max_cells(), &g, &seed, f) ||
      get_string(in, "symmetry", &symmetry, f) || get_bool(in, "minimal", &minimal, f))
    return NULL;
  if (symmetry && pz_symmetry_from_name(symmetry, &g.symmetry)) {
    failf(f, 400, "unknown symmetry \"%s\" (none, rotate180, rotate90, mirror, diagonal)",
          symmetry);
    return NULL;
  }
  g.minimal = minimal;
  pz_generate_info info;
  memset(&info, 0, sizeof info);
  pz_result r = PZ_UNKNOWN;
  int st = pz_kind_generate(k, a, opt, &g, &s->def, &info, &r);
  if (st) {
    fail_call(f, "generating", st, opt->backend);
    return NULL;
  }
  if (!s->def)
    return json_pack("{snss}", "puzzle", "reason",
                     r == PZ_UNSAT ? "the rules admit no puzzle" : stop_reason(s));
  if ((st = pz_def_puzzle(s->def, &s->p))) {
    fail_pz(f, "generating", st, NULL);
    return NULL;
  }
  json_t *o = answer_of(s, pz_def_solution(s->def), f);
  if (!o) return NULL;
  json_t *text = def_text(s->def, NULL, NULL, &st);
  json_object_set_new(o, "puzzle", text ? text : json_null());
  if (s->want_scene) {
    json_t *sc = scene_of(s->def, NULL, &st);
    json_object_set_new(o, "scene", sc ? sc : json_null());
  }
  json_object_set_new(o, "givens", json_integer(info.givens));
  pz_level level = info.level;
  pz_result rr = PZ_SAT;
  if (level == PZ_LEVEL_ANY && (job_rebound(s) || pz_puzzle_rate(s->p, &level, &rr)))
    rr = PZ_UNKNOWN;
  gen_fields(o, rr == PZ_UNKNOWN ? json_null() : json_string(pz_level_name(level)), seed, r,
             s);
  return o;
}

/* --- Older paths ------------------------------------------------------------ */

/* The request's field for the table's parameter now. */
static const char *old_name(const old_path *o, const char *now) {
  for (const old_field *r = o ? o->renames : NULL; r && r->old; r++)
    if (!strcmp(r->now, now)) return r->old;
  return now;
}

/* The request of an older path in the table's fields. */
static int old_request(json_t *in, const old_path *o, fail *f) {
  for (const old_field *r = o->renames; r->old; r++) {
    json_t *v = json_object_get(in, r->old);
    if (!v) continue;
    long long x;
    if (r->most && get_int(in, r->old, r->least, *r->most, &x, f)) return -1;
    if (json_object_get(in, r->now))
      return failf(f, 400, "unknown field \"%s\"", r->now);
    json_object_set(in, r->now, v);
    json_object_del(in, r->old);
  }
  return 0;
}

/* The answer out (taken) with only the fields o answers. */
static json_t *old_answer(const old_path *o, json_t *out) {
  json_t *a = out ? json_object() : NULL, *v;
  const char *key;
  json_object_foreach(out, key, v) {
    for (const char *const *k = o->answer; a && *k; k++)
      if (!strcmp(key, *k)) json_object_set(a, key, v);
  }
  json_decref(out);
  return a;
}

/* An integer parameter of the request (its kind took it): 0 when absent. */
static int param_int(json_t *in, const char *name) {
  json_t *v = json_object_get(in, name);
  if (json_is_string(v)) return atoi(json_string_value(v));
  return json_is_integer(v) ? (int)json_integer_value(v) : 0;
}

/* "total": the known count of o's blank grid, null past the table. */
static json_t *old_total(const old_path *o, json_t *in) {
  int side = param_int(in, o->blank);
  int flag = o->totals_flag && json_is_true(json_object_get(in, o->totals_flag));
  const char *const *t = o->totals[flag];
  return side >= 1 && (size_t)side < o->ntotals ? json_string(t[side]) : json_null();
}

/* "puzzle": the empty grid of the side given, as one line of blank
 * cells (the line every kind of a grid of numbers reads). */
static int blank_puzzle(json_t *in, int side, fail *f) {
  size_t n = (size_t)side * (size_t)side;
  if (side < 1 || n > max_cells())
    return failf(f, 400, "a %dx%d grid; this server takes puzzles up to %zu cells", side, side,
                 max_cells());
  char *line = (char *)malloc(n + 1);
  if (!line) return failf(f, 500, "out of memory");
  memset(line, '.', n);
  line[n] = '\0';
  int st = json_object_set_new(in, "puzzle", json_string(line));
  free(line);
  return st ? failf(f, 500, "out of memory") : 0;
}

/* /api/{kind}/{op}: the request read (400), the puzzle parsed (400 with
 * the parser's place), a solving slot for what solves (503), the call. */
static int api_kind(web_answer *c, const request *rq, const pz_kind *k, const kind_op *op,
                    const old_path *old) {
  fail f;
  memset(&f, 0, sizeof f);
  json_t *in = parse_body(rq, &f);
  if (!in) return send_error(c, &f);
  job s;
  pz_options opt;
  pz_kind_args *a = NULL;
  json_t *out = NULL;
  int blank = 0; /* the puzzle is old's blank grid */
  int bad = job_begin(in, rq, &s, &opt, &f) || (old && old_request(in, old, &f));
  if (!bad && old && old->request && (f.status = old->request(in, f.msg, sizeof f.msg)))
    bad = 1;
  bad = bad || kind_request(in, k, op->op, old, &a, &s, &f);
  if (!bad && old) {
    if (!s.format) s.format = old->format;
    if (old->blank && !json_object_get(in, "puzzle")) {
      int side = param_int(in, old->blank);
      if (!side)
        bad = failf(&f, 400, "the request needs \"%s\"", old_name(old, old->blank));
      else if (op->op == OP_COUNT && !json_object_get(in, "limit"))
        s.limit = web_lim.max_count;
      bad = bad || blank_puzzle(in, side, &f);
      blank = !bad;
    }
  }
  if (!bad && op->op != OP_GENERATE) bad = kind_puzzle(in, k, a, &opt, &s, &f);
  if (!bad && old && old->most_side && s.p &&
      (pz_puzzle_rows(s.p) > *old->most_side || pz_puzzle_cols(s.p) > *old->most_side))
    bad = failf(&f, 400, "puzzle: a %dx%d grid; this server takes grids up to %dx%d",
                pz_puzzle_rows(s.p), pz_puzzle_cols(s.p), *old->most_side, *old->most_side);
  if (!bad && (op->op == OP_PARSE || op->op == OP_SCENE)) {
    out = kind_show(&s, op->op, &f);
  } else if (!bad && !slot_acquire()) {
    failf(&f, 503, "%s", busy_msg);
  } else if (!bad) {
    out = op->op == OP_GENERATE ? kind_generate(in, k, a, &opt, &s, &f)
                                : job_solve(&s, op->op, &f);
    slot_release();
  }
  if (out && blank && old->ntotals) { /* "total" before "reason" */
    json_t *why = json_incref(json_object_get(out, "reason"));
    json_object_del(out, "reason");
    json_object_set_new(out, "total", old_total(old, in));
    if (why) json_object_set_new(out, "reason", why);
  }
  if (old && out && old->back && !(out = old->back(out, f.msg, sizeof f.msg))) f.status = 500;
  if (old) {
    out = old_answer(old, out);
    f.placed = 0;
  }
  pz_kind_args_free(a);
  return api_answer(c, in, &s, out, &f);
}

/* GET /api/kinds: the table, as the generic page builds its forms. */
static json_t *kinds_json(void) {
  /* "file": the web takes the file's contents themselves (--regions). */
  static const char *const types[] = {"int",  "shape", "word", "words",
                                      "flag", "text",  "file"};
  static const struct {
    unsigned bit;
    const char *name;
  } modes[] = {{PZ_KIND_SOLVE, "solve"},       {PZ_KIND_COUNT, "count"},
               {PZ_KIND_UNIQUE, "unique"},     {PZ_KIND_RATE, "rate"},
               {PZ_KIND_GENERATE, "generate"}, {PZ_KIND_SCENE, "scene"},
               {PZ_KIND_CANDIDATES, "candidates"}, {PZ_KIND_ESTIMATE, "estimate"}};
  json_t *list = json_array();
  for (const pz_kind *const *k = pz_kind_list(NULL); *k; k++) {
    json_t *aliases = json_array(), *params = json_array(), *formats = json_array(),
           *m = json_array();
    for (const char *const *x = pz_kind_aliases(*k); *x; x++)
      json_array_append_new(aliases, json_string(*x));
    for (const char *const *x = pz_kind_formats(*k); x && *x; x++)
      json_array_append_new(formats, json_string(*x));
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
      if (pz_kind_modes(*k) & modes[i].bit) json_array_append_new(m, json_string(modes[i].name));
    size_t np;
    const pz_param *p = pz_kind_params(*k, &np);
    for (size_t i = 0; i < np; i++) {
      json_t *words = json_array();
      for (const char *const *w = p[i].words; w && *w; w++)
        json_array_append_new(words, json_string(*w));
      json_array_append_new(
          params, json_pack("{ss ss ss? si si so ss ss?}", "name", p[i].name, "type",
                            types[p[i].type], "default", p[i].fallback, "min", p[i].min, "max",
                            p[i].max, "words", words, "help", p[i].help, "arg", p[i].arg));
    }
    json_array_append_new(
        list, json_pack("{ss ss ss ss so so so so}", "name", pz_kind_name(*k), "title",
                        pz_kind_title(*k), "rules", pz_kind_rules(*k), "input",
                        pz_kind_input_help(*k), "aliases", aliases, "params", params,
                        "formats", formats, "modes", m));
  }
  return json_pack("{so}", "kinds", list);
}

/* The kind and operation of /api/{kind}/{op}: 1 with both found; 0 when
 * url is of another shape or names no kind; -1 (f set: 404) for a kind
 * with an operation it has not. */
static int kind_route(const char *url, const pz_kind **k, const kind_op **op, fail *f) {
  if (strncmp(url, "/api/", 5)) return 0;
  const char *name = url + 5;
  /* /api/kinds/{kind}/{op} is the same, whatever the kind's older paths. */
  if (!strncmp(name, "kinds/", 6)) name += 6;
  const char *slash = strchr(name, '/');
  char kname[64];
  if (!slash || strchr(slash + 1, '/') || (size_t)(slash - name) >= sizeof kname) return 0;
  memcpy(kname, name, (size_t)(slash - name));
  kname[slash - name] = '\0';
  if (!(*k = pz_kind_find(kname))) return 0;
  for (size_t i = 0; i < KIND_OPS; i++)
    if (!strcmp(slash + 1, kind_ops[i].name)) {
      *op = &kind_ops[i];
      if ((pz_kind_modes(*k) & kind_ops[i].mode) != kind_ops[i].mode)
        return failf(f, 404, "%s has no %s here", pz_kind_name(*k), kind_ops[i].name);
      return 1;
    }
  /* The operations from the table itself, so that the list cannot drift. */
  char ops[160] = "";
  for (size_t i = 0; i < KIND_OPS; i++)
    snprintf(ops + strlen(ops), sizeof ops - strlen(ops), "%s%s", i ? ", " : "",
             kind_ops[i].name);
  return failf(f, 404, "unknown operation \"%.40s\" (%s)", slash + 1, ops);
}

/* --- Latin squares ---------------------------------------------------------- */
/* Known totals: reduced squares (OEIS A000315) and all (A002860). */
static const char *const latin_reduced_total[] = {
    NULL, "1", "1", "1", "4", "56", "9408", "16942080", "535281401856",
    "377597570964258816", "7580721483160132811489280",
    "5363937773277371298119673540771840"};
static const char *const latin_all_total[] = {
    NULL, "1", "2", "12", "576", "161280", "812851200", "61479419904000",
    "108776032459082956800", "5524751496156892842531225600",
    "9982437658213039871725064756920320000",
    "776966836171770144107444346734230682311065600000"};
#define LATIN_KNOWN 11

/* The paths from before the table, served by it. */
static const old_field sudoku_renames[] = {{"variants", "variant", 0, NULL},
                                           {NULL, NULL, 0, NULL}};
static const char *const sudoku_answer[] = {"solution", "solutions", "unique", "reason",
                                            "conflict", "cell", "row", "col", "value",
                                            "level", "why", NULL};
static const char *const sudoku_generate_answer[] = {"puzzle", "solution", "givens", "level",
                                                     "seed", "regions", "complete", "reason",
                                                     NULL};
static const old_field no_renames[] = {{NULL, NULL, 0, NULL}};
static const int any_count = INT_MAX;
static const old_field futoshiki_generate_renames[] = {
    {"n", "size", 1, &web_lim.max_sudoku}, {"clues", "givens", 0, &any_count},
    {NULL, NULL, 0, NULL}};
static const char *const futoshiki_generate_answer[] = {
    "puzzle", "id", "n", "digits", "right", "down", "solution", "clues", "level", "seed",
    "complete", "reason", NULL};
static const char *const futoshiki_parse_answer[] = {"n", "digits", "right", "down", NULL};
static const old_field latin_count_renames[] = {{"n", "order", 1, &web_lim.max_latin_enum},
                                                {"cap", "limit", 0, NULL},
                                                {NULL, NULL, 0, NULL}};
static const char *const latin_count_answer[] = {"count", "complete", "total", "reason", NULL};
#define OLD(kind, op, renames, answer, request, back)                                    \
  {"/api/" kind "/" op, kind, op, renames, "line", answer, NULL, NULL, {NULL, NULL}, 0, \
   &web_lim.max_sudoku, request, back}
#define OLD_SUDOKU(op) OLD("sudoku", op, sudoku_renames, sudoku_answer, old_sudoku_request, \
                           old_line_solution)
#define OLD_FUTOSHIKI(op) OLD("futoshiki", op, no_renames, sudoku_answer, \
                              old_futoshiki_request, old_line_solution)
static const old_path old_paths[] = {
    OLD_SUDOKU("solve"), OLD_SUDOKU("unique"), OLD_SUDOKU("hint"), OLD_SUDOKU("rate"),
    OLD("sudoku", "generate", sudoku_renames, sudoku_generate_answer, old_sudoku_request,
        old_sudoku_generated),
    OLD_FUTOSHIKI("solve"), OLD_FUTOSHIKI("unique"), OLD_FUTOSHIKI("hint"),
    OLD_FUTOSHIKI("rate"),
    OLD("futoshiki", "parse", no_renames, futoshiki_parse_answer, old_futoshiki_request,
        old_futoshiki_parsed),
    OLD("futoshiki", "generate", futoshiki_generate_renames, futoshiki_generate_answer, NULL,
        old_futoshiki_generated),
    {"/api/latin/count", "latin", "count", latin_count_renames, NULL, latin_count_answer,
     "order", "reduced", {latin_all_total, latin_reduced_total}, LATIN_KNOWN + 1, NULL, NULL,
     NULL}};

static json_t *latin_total(int n, int reduced) {
  if (n < 1 || n > LATIN_KNOWN) return json_null();
  return json_string(reduced ? latin_reduced_total[n] : latin_all_total[n]);
}

/* A stream of squares: a worker thread enumerates (or samples) and writes
 * JSON lines into a bounded buffer; libmicrohttpd's content callback sends
 * them as they come (chunked). The worker stops at the limit, at the time
 * limit, or when the client goes away (the reader sees the closed socket,
 * or the response's free callback runs), whichever comes first. */
typedef struct stream {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  char *buf;
  size_t len, off, cap;
  int done, failed;
  watch w; /* fd -1: the worker never touches the socket */
  int fd;  /* for the reader, on the connection's thread */
  pthread_t thread;
  int n, reduced, sample;
  uint64_t limit, seed, count;
  double time_limit, started;
  const char *backend; /* static or NULL */
  char backend_name[32];
  int *square;
} stream;

#define STREAM_HIGH_WATER (256 * 1024)

/* Appends a line; waits while the reader is far behind. Non-zero: stop. */
static int stream_put(stream *s, json_t *obj) {
  char *line = obj ? json_dumps(obj, JSON_COMPACT) : NULL;
  json_decref(obj);
  if (!line) {
    s->failed = 1;
    return 1;
  }
  size_t n = strlen(line);
  int stop = 0;
  pthread_mutex_lock(&s->mu);
  while (s->len - s->off > STREAM_HIGH_WATER && !atomic_load(&s->w.cancel))
    pthread_cond_wait(&s->cv, &s->mu);
  if (atomic_load(&s->w.cancel)) {
    stop = 1;
  } else {
    if (s->off && s->off == s->len) s->off = s->len = 0;
    if (s->len + n + 1 > s->cap) {
      size_t cap = (s->len + n + 1) * 2;
      char *b = (char *)realloc(s->buf, cap);
      if (!b) {
        s->failed = stop = 1;
      } else {
        s->buf = b;
        s->cap = cap;
      }
    }
    if (!stop) {
      memcpy(s->buf + s->len, line, n);
      s->buf[s->len + n] = '\n';
      s->len += n + 1;
      pthread_cond_broadcast(&s->cv);
    }
  }
  pthread_mutex_unlock(&s->mu);
  free(line);
  return stop;
}

static json_t *square_json(const stream *s, const int *sq) {
  json_t *rows = json_array();
  char row[40];
  for (int r = 0; r < s->n; r++) {
    for (int c = 0; c < s->n; c++) row[c] = symbol(sq[r * s->n + c]);
    row[s->n] = '\0';
    json_array_append_new(rows, json_string(row));
  }
  return json_pack("{sIso}", "index", (json_int_t)s->count, "rows", rows);
}

static int stream_square(void *state, const int *grid) {
  stream *s = (stream *)state;
  s->count++;
  return stream_put(s, square_json(s, grid));
}

/* A random square made reduced: columns ordered by the first row, then
 * rows by the first column (each reduced square is reached from equally
 * many squares, so a uniform square gives a uniform reduced one). */
static void reduce_square(int n, int *sq, int *tmp) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) tmp[r * n + sq[c] - 1] = sq[r * n + c];
  for (int r = 0; r < n; r++)
    memcpy(sq + (size_t)(tmp[r * n] - 1) * n, tmp + (size_t)r * n, (size_t)n * sizeof(int));
}

static void *stream_worker(void *arg) {
  stream *s = (stream *)arg;
  json_t *head = json_pack("{sisbsbso}", "n", s->n, "reduced", s->reduced, "sample",
                           s->sample, "total", latin_total(s->n, s->reduced));
  int stopped = stream_put(s, head);
  const char *reason = NULL;
  int complete = 0;
  if (!stopped && s->sample) {
    size_t cells = (size_t)s->n * (size_t)s->n;
    int *tmp = (int *)malloc(cells * sizeof(int));
    s->square = (int *)malloc(cells * sizeof(int));
    if (!tmp || !s->square) s->failed = 1;
    double end = s->started + s->time_limit;
    while (!s->failed && s->count < s->limit) {
      if (watch_terminate(&s->w)) break;
      if (web_now() > end) {
        reason = "time limit";
        break;
      }
      if (pz_latin_random(s->n, s->seed + s->count, s->square)) {
        s->failed = 1;
        break;
      }
      if (s->reduced) reduce_square(s->n, s->square, tmp);
      s->count++;
      if (stream_put(s, square_json(s, s->square))) break;
    }
    free(tmp);
    if (!reason && s->count >= s->limit) reason = "limit";
  } else if (!stopped) {
    pz_puzzle *p = NULL;
    pz_options opt = PZ_OPTIONS_INIT;
    opt.backend = s->backend;
    opt.time_limit = s->time_limit;
    opt.terminate = watch_terminate;
    opt.terminate_state = &s->w;
    int st = pz_latin_new(&p, s->n, s->reduced ? PZ_LATIN_REDUCED : 0);
    if (!st) st = pz_puzzle_set_options(p, &opt);
    uint64_t found = 0;
    pz_result stop = PZ_UNKNOWN;
    if (!st) st = pz_puzzle_enumerate(p, s->limit, stream_square, s, &found, &stop);
    pz_puzzle_free(p);
    if (st) s->failed = 1;
    else if (stop == PZ_UNKNOWN) reason = "time limit";
    else if (s->count >= s->limit) reason = "limit";
    else complete = 1;
  }
  if (atomic_load(&s->w.cancel)) reason = "cancelled";
  if (s->failed) reason = "failed";
  json_t *tail = json_pack("{sbsIsb}", "done", 1, "count", (json_int_t)s->count, "complete",
                           complete);
  if (reason) json_object_set_new(tail, "reason", json_string(reason));
  if (!atomic_load(&s->w.cancel)) stream_put(s, tail);
  else json_decref(tail);
  pthread_mutex_lock(&s->mu);
  s->done = 1;
  pthread_cond_broadcast(&s->cv);
  pthread_mutex_unlock(&s->mu);
  return NULL;
}

ssize_t web_stream_read(void *cls, uint64_t pos, char *buf, size_t max) {
  stream *s = (stream *)cls;
  (void)pos;
  pthread_mutex_lock(&s->mu);
  while (s->off == s->len && !s->done) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 100 * 1000 * 1000;
    if (until.tv_nsec >= 1000000000L) {
      until.tv_sec++;
      until.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&s->cv, &s->mu, &until);
    if (s->off == s->len && !s->done) {
      pthread_mutex_unlock(&s->mu);
      int gone = client_gone(s->fd);
      pthread_mutex_lock(&s->mu);
      if (gone) {
        atomic_store(&s->w.cancel, 1);
        pthread_cond_broadcast(&s->cv);
        pthread_mutex_unlock(&s->mu);
        return WEB_STREAM_ERROR;
      }
    }
  }
  ssize_t k;
  if (s->off == s->len) {
    k = WEB_STREAM_END;
  } else {
    size_t take = s->len - s->off;
    if (take > max) take = max;
    memcpy(buf, s->buf + s->off, take);
    s->off += take;
    k = (ssize_t)take;
    pthread_cond_broadcast(&s->cv);
  }
  pthread_mutex_unlock(&s->mu);
  return k;
}

void web_stream_free(void *cls) {
  stream *s = (stream *)cls;
  pthread_mutex_lock(&s->mu);
  atomic_store(&s->w.cancel, 1);
  pthread_cond_broadcast(&s->cv);
  pthread_mutex_unlock(&s->mu);
  pthread_join(s->thread, NULL);
  slot_release();
  pthread_mutex_destroy(&s->mu);
  pthread_cond_destroy(&s->cv);
  free(s->buf);
  free(s->square);
  free(s);
}

/* A query argument as an integer in lo..hi (def when absent). */
static int query_int(const request *rq, const char *key, long long lo, long long hi,
                     long long def, long long *out, fail *f) {
  const char *v = rq->arg ? rq->arg(rq->arg_ctx, key) : NULL;
  *out = def;
  if (!v) return 0;
  char *end;
  errno = 0;
  long long x = strtoll(v, &end, 10);
  if (end == v || *end || errno) return failf(f, 400, "%s=%.40s is not an integer", key, v);
  if (x < lo || x > hi) return failf(f, 400, "%s must be in %lld..%lld, not %lld", key, lo, hi, x);
  *out = x;
  return 0;
}

static int api_latin_squares(web_answer *c, const request *rq) {
  fail f;
  memset(&f, 0, sizeof f);
  long long n, reduced, limit, sample, seed;
  if (query_int(rq, "n", 1, web_lim.max_latin_sample, 0, &n, &f) ||
      query_int(rq, "reduced", 0, 1, 0, &reduced, &f) ||
      query_int(rq, "sample", 0, 1, 0, &sample, &f) ||
      query_int(rq, "limit", 1, (long long)web_lim.max_stream, 100, &limit, &f) ||
      query_int(rq, "seed", 0, INT64_MAX, 1, &seed, &f))
    return send_error(c, &f);
  if (!n) return send_errorf(c, 400, "the query needs n, the order (e.g. ?n=5)");
  if (!sample && n > web_lim.max_latin_enum) {
    failf(&f, 400, "n=%lld: enumeration goes up to n=%d here; larger orders take sample=1",
          n, web_lim.max_latin_enum);
    return send_error(c, &f);
  }
  if (!slot_acquire())
    return send_errorf(c, 503, busy_msg);
  stream *s = (stream *)calloc(1, sizeof *s);
  if (!s) {
    slot_release();
    return WEB_NO;
  }
  pthread_mutex_init(&s->mu, NULL);
  pthread_cond_init(&s->cv, NULL);
  s->w.fd = -1;
  atomic_init(&s->w.cancel, 0);
  s->fd = rq->fd;
  s->n = (int)n;
  s->reduced = (int)reduced;
  s->sample = (int)sample;
  s->limit = (uint64_t)limit;
  s->seed = (uint64_t)seed;
  s->time_limit = web_lim.time_limit;
  s->started = web_now();
  if (pthread_create(&s->thread, NULL, stream_worker, s)) {
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
    free(s);
    slot_release();
    return send_errorf(c, 500, "cannot start a thread");
  }
  c->stream = s;
  return send_bytes(c, 200, NULL, 0, "application/x-ndjson", 0, NULL);
}

/* --- Static files ----------------------------------------------------------- */
static const char *mime_of(const char *name) {
  const char *dot = strrchr(name, '.');
  if (!dot) return "application/octet-stream";
  if (!strcmp(dot, ".html")) return "text/html; charset=utf-8";
  if (!strcmp(dot, ".css")) return "text/css; charset=utf-8";
  if (!strcmp(dot, ".js")) return "text/javascript; charset=utf-8";
  if (!strcmp(dot, ".svg")) return "image/svg+xml";
  if (!strcmp(dot, ".ico")) return "image/x-icon";
  return "application/octet-stream";
}

/* The compiled-in file a path names ("/" is index.html, "/latin" is
 * latin.html); only exact names of the table match. */
static const web_asset *asset_for(const char *url) {
  if (url[0] != '/') return NULL;
  const char *name = url + 1;
  char with_html[64];
  if (!*name) name = "index.html";
  for (int pass = 0; pass < 2; pass++) {
    for (size_t i = 0; i < web_asset_count; i++)
      if (!strcmp(web_assets[i].name, name)) return &web_assets[i];
    if (strlen(name) + 6 > sizeof with_html || strchr(name, '.')) return NULL;
    snprintf(with_html, sizeof with_html, "%s.html", name);
    name = with_html;
  }
  return NULL;
}

/* --- Dispatch --------------------------------------------------------------- */
static int method_not_allowed(web_answer *c, const char *allow) {
  char msg[80];
  snprintf(msg, sizeof msg, "method not allowed here (use %s)", allow);
  c->allow = allow;
  return send_errorf(c, 405, msg);
}

/* A POST body must say it is JSON: a form on another site can send
 * text/plain or form data to this server without asking, but not JSON
 * (the browser would ask first, and this server says no). */
static int is_json_type(const char *type) {
  static const char json[] = "application/json";
  if (!type) return 0;
  while (*type == ' ' || *type == '\t') type++;
  if (strncasecmp(type, json, sizeof json - 1)) return 0;
  type += sizeof json - 1;
  while (*type == ' ' || *type == '\t') type++;
  return *type == '\0' || *type == ';';
}

static int web_route(web_answer *c, const char *url, const char *method, const request *rq);

void web_handle(const web_request *rq, web_answer *c) {
  memset(c, 0, sizeof *c);
  if (!web_route(c, rq->url, rq->method, rq)) {
    web_answer_free(c);
    memset(c, 0, sizeof *c);
  }
}

void web_answer_free(web_answer *a) {
  if (a->owned) free((void *)(uintptr_t)a->body);
  a->body = NULL;
  a->owned = 0;
}

static int web_route(web_answer *c, const char *url, const char *method,
                     const request *rq) {
  int is_get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
  int is_post = !strcmp(method, "POST");
  /* The stream of squares has a handler of its own; every /api/{kind}/{op},
   * an older path's translated (old_paths), is the table's. */
  if (!strcmp(url, "/api/latin/squares")) {
    if (!is_get) return method_not_allowed(c, "GET");
    return api_latin_squares(c, rq);
  }
  const pz_kind *k = NULL;
  const kind_op *kop = NULL;
  fail f;
  memset(&f, 0, sizeof f);
  const old_path *old = NULL;
  for (size_t i = 0; i < sizeof old_paths / sizeof old_paths[0]; i++)
    if (!strcmp(url, old_paths[i].path)) old = &old_paths[i];
  int found = 0;
  if (old) {
    k = pz_kind_find(old->kind);
    for (size_t i = 0; i < KIND_OPS; i++)
      if (!strcmp(old->op, kind_ops[i].name)) kop = &kind_ops[i];
    found = k && kop;
  } else {
    found = kind_route(url, &k, &kop, &f);
  }
  if (found < 0) return send_error(c, &f);
  if (!found && !strcmp(url, "/api/kinds")) {
    if (!is_get) return method_not_allowed(c, "GET");
    return send_json(c, 200, kinds_json(), 0);
  }
  if (found) {
    if (!is_post) return method_not_allowed(c, "POST");
    if (!is_json_type(rq->content_type))
      return send_errorf(c, 415, "the body must be sent as Content-Type: application/json");
    return api_kind(c, rq, k, kop, old);
  }
  if (!strcmp(url, "/api/version")) {
    if (!is_get) return method_not_allowed(c, "GET");
    json_t *b = json_array();
    for (size_t i = 0; i < pz_backend_count(); i++)
      if (!pz_backend_needs_arg(i)) /* refused in requests */
        json_array_append_new(b, json_string(pz_backend_name(i)));
    return send_json(c, 200,
                     json_pack("{sssosisi}", "pz", pz_version(), "backends", b,
                               "max_sudoku", web_lim.max_sudoku, "max_latin_enumerate",
                               web_lim.max_latin_enum),
                     0);
  }
  if (strncmp(url, "/api/", 5) && strcmp(url, "/api")) {
    const web_asset *a = asset_for(url);
    if (a) {
      if (!is_get) return method_not_allowed(c, "GET");
      return send_bytes(c, 200, a->data, a->size, mime_of(a->name), 0, NULL);
    }
  }
  if (!strncmp(url, "/api/", 5) && strchr(url + 5, '/') && !strchr(strchr(url + 5, '/') + 1, '/'))
    return send_errorf(c, 404, "unknown kind (GET /api/kinds lists them)");
  return send_errorf(c, 404, "not found");
}

