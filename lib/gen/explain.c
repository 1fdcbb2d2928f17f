/* Explaining a puzzle's solution step by step with the reasoning of the
 * rating (rate.c): unit propagation places cells (each placement told by
 * the clause that forced it and the rule that clause came from), failed
 * literals cross candidates out when propagation stalls, and two levels
 * of them after that. Its own small propagation keeps a reason per
 * literal, which pz's search does not. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cnf/cnf_impl.h"
#include "gen/gen_impl.h"
#include "pz/model.h"

#define WHY_LEN (sizeof(((pz_step *)0)->why))

/* snprintf for reasons: a long label is cut, which is fine. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void say(char *buf, size_t len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, len, fmt, ap);
  va_end(ap);
}

typedef struct eng {
  pz_grid_cnf *g;
  pz_puzzle *p;
  pz_poll *poll;
  int nvars, ncls;
  const int *lits;        /* clauses, each ended by 0 */
  int *start;             /* ncls + 1 offsets into lits */
  const int *origin;      /* per clause (NULL: unknown) */
  int *occ_start, *occ;   /* clauses per literal (index lit_ix) */
  int *mean;              /* per literal: cell * (maxv + 1) + value + 1, 0 */
  unsigned char *onehot;  /* per cell: a variable per value (not one
                             boolean for two values): the words "the only
                             value left", "the only place" fit it */
  signed char *val;       /* per variable: 1, -1, 0 */
  int *reason;            /* per variable: clause, or -1 */
  int *trail, ntrail, qhead;
  int conflict;           /* clause found false, or -1 */
} eng;

static int lit_ix(int lit) { return lit > 0 ? 2 * lit : 2 * -lit + 1; }

static int value_of(const eng *e, int lit) {
  int v = e->val[lit < 0 ? -lit : lit];
  return lit < 0 ? -v : v;
}

static void assign(eng *e, int lit, int reason) {
  int v = lit < 0 ? -lit : lit;
  e->val[v] = (signed char)(lit < 0 ? -1 : 1);
  e->reason[v] = reason;
  e->trail[e->ntrail++] = lit;
}

/* Unit propagation from the queue; 0 on a conflict (e->conflict), 1 at a
 * fixpoint, PZ_STOPPED + 1 when the poll said stop. */
static int propagate(eng *e) {
  while (e->qhead < e->ntrail) {
    int f = -e->trail[e->qhead++]; /* now false */
    int ix = lit_ix(f);
    if (pz_poll_work(e->poll, e->occ_start[ix + 1] - e->occ_start[ix] + 1))
      return 2;
    for (int k = e->occ_start[ix]; k < e->occ_start[ix + 1]; k++) {
      int c = e->occ[k], open = 0, unit = 0, sat = 0;
      for (int i = e->start[c]; e->lits[i] && !sat; i++) {
        int v = value_of(e, e->lits[i]);
        if (v > 0) sat = 1;
        else if (!v) open++, unit = e->lits[i];
      }
      if (sat) continue;
      if (!open) {
        e->conflict = c;
        return 0;
      }
      if (open == 1) assign(e, unit, c);
    }
  }
  return 1;
}

static void backtrack(eng *e, int mark) {
  while (e->ntrail > mark) {
    int lit = e->trail[--e->ntrail];
    e->val[lit < 0 ? -lit : lit] = 0;
  }
  e->qhead = mark;
}

static void eng_free(eng *e) {
  free(e->start);
  free(e->occ_start);
  free(e->occ);
  free(e->mean);
  free(e->onehot);
  free(e->val);
  free(e->reason);
  free(e->trail);
}

static int eng_init(eng *e, pz_grid_cnf *g, pz_puzzle *p, pz_poll *poll) {
  memset(e, 0, sizeof *e);
  e->g = g;
  e->p = p;
  e->poll = poll;
  e->conflict = -1;
  size_t len;
  e->lits = pz_cnf_data(g->cnf, &len);
  if (!e->lits && len == 0 && pz_cnf_num_clauses(g->cnf)) return PZ_ERR_NOMEM;
  e->origin = pz_cnf_origins(g->cnf);
  e->nvars = pz_cnf_num_vars(g->cnf);
  e->ncls = (int)pz_cnf_num_clauses(g->cnf);
  size_t nl = 2 * (size_t)e->nvars + 2;
  e->start = (int *)malloc(((size_t)e->ncls + 1) * sizeof(int));
  e->occ_start = (int *)calloc(nl + 1, sizeof(int));
  e->occ = (int *)malloc((len + 1) * sizeof(int));
  e->mean = (int *)calloc(nl, sizeof(int));
  e->onehot = (unsigned char *)calloc((size_t)g->cells + 1, 1);
  e->val = (signed char *)calloc((size_t)e->nvars + 1, 1);
  e->reason = (int *)malloc(((size_t)e->nvars + 1) * sizeof(int));
  e->trail = (int *)malloc(((size_t)e->nvars + 1) * sizeof(int));
  if (!e->start || !e->occ_start || !e->occ || !e->mean || !e->val ||
      !e->reason || !e->trail || !e->onehot) {
    eng_free(e);
    return PZ_ERR_NOMEM;
  }
  int c = 0;
  e->start[0] = 0;
  for (size_t i = 0; i < len; i++) {
    if (e->lits[i]) e->occ_start[lit_ix(e->lits[i]) + 1]++;
    else e->start[++c] = (int)i + 1;
  }
  for (size_t i = 0; i < nl; i++) e->occ_start[i + 1] += e->occ_start[i];
  int *fill = (int *)malloc(nl * sizeof(int));
  if (!fill) {
    eng_free(e);
    return PZ_ERR_NOMEM;
  }
  memcpy(fill, e->occ_start, nl * sizeof(int));
  c = 0;
  for (size_t i = 0; i < len; i++) {
    if (e->lits[i]) e->occ[fill[lit_ix(e->lits[i])]++] = c;
    else c++;
  }
  free(fill);
  int w = g->maxv + 1;
  for (int cell = 0; cell < g->cells; cell++) {
    int positive = 0;
    for (int v = 0; v <= g->maxv; v++) {
      int l = g->lit[cell * w + v];
      if (l && (l < 0 ? -l : l) <= e->nvars) e->mean[lit_ix(l)] = cell * w + v + 1;
      positive += l > 0;
    }
    e->onehot[cell] = positive >= 2;
  }
  return PZ_OK;
}

static int mean_cell(const eng *e, int lit) {
  int m = e->mean[lit_ix(lit)];
  return m ? (m - 1) / (e->g->maxv + 1) : -1;
}
static int mean_value(const eng *e, int lit) {
  int m = e->mean[lit_ix(lit)];
  return m ? (m - 1) % (e->g->maxv + 1) : -1;
}

static void cell_name(const eng *e, int cell, char *buf, size_t len) {
  pz_puzzle_name_cell(e->p, cell, buf, len, NULL);
}

/* A cell a person fills (not one the kind derives from others). */
static int own_cell(const eng *e, int cell) {
  return pz_puzzle_own_cell(e->p, cell);
}

/* The rule clause c comes from, in words. */
static void rule_name(const eng *e, int c, char *buf, size_t len) {
  int tag = e->origin ? e->origin[c] : 0;
  if (tag > 0 && e->p->ops->origin_label &&
      e->p->ops->origin_label(e->p, tag, buf, len))
    return;
  if (tag < 0) {
    char cn[32];
    cell_name(e, -tag - 1 < e->g->cells ? -tag - 1 : 0, cn, sizeof cn);
    say(buf, len, "the values of %s", cn);
  } else {
    say(buf, len, "%s", tag > 0 ? "a rule" : "the rules");
  }
}

/* What the literals of clause c have in common: 1 one cell, 2 one value
 * over several cells, 0 neither (or a literal of no cell's value). */
static int clause_shape(const eng *e, int c, int *cell, int *value) {
  int same_cell = 1, same_value = 1, n = 0;
  *cell = *value = -1;
  for (int i = e->start[c]; e->lits[i]; i++, n++) {
    int l = e->lits[i], lc = mean_cell(e, l), lv = mean_value(e, l);
    if (lc < 0 || l < 0 || !e->onehot[lc]) return 0;
    if (n == 0) *cell = lc, *value = lv;
    if (lc != *cell) same_cell = 0;
    if (lv != *value) same_value = 0;
  }
  return n == 0 ? 0 : same_cell ? 1 : same_value ? 2 : 0;
}

/* Why clause c forced its last literal. */
static void forced_why(const eng *e, int c, char *why, size_t len) {
  char rule[PZ_MODEL_MAX_LABEL + 8], cn[32];
  int cell, value, shape = clause_shape(e, c, &cell, &value);
  rule_name(e, c, rule, sizeof rule);
  if (shape == 1) {
    cell_name(e, cell, cn, sizeof cn);
    say(why, len, "the only value left for %s", cn);
  } else if (shape == 2) {
    say(why, len, "the only place for %d in %s", value, rule);
  } else {
    say(why, len, "forced by %s", rule);
  }
}

/* Why clause c cannot hold (all its literals false). */
static void conflict_why(const eng *e, int c, char *why, size_t len) {
  char rule[PZ_MODEL_MAX_LABEL + 8], a[32], b[32];
  int cell, value, shape = clause_shape(e, c, &cell, &value);
  rule_name(e, c, rule, sizeof rule);
  const int *l = e->lits + e->start[c];
  if (shape == 1) {
    cell_name(e, cell, a, sizeof a);
    say(why, len, "%s would have no value left", a);
  } else if (shape == 2) {
    say(why, len, "no place would be left for %d in %s", value, rule);
  } else if (l[0] < 0 && l[1] < 0 && !l[2] && mean_cell(e, -l[0]) >= 0 &&
             mean_cell(e, -l[1]) >= 0 && e->onehot[mean_cell(e, -l[0])] &&
             e->onehot[mean_cell(e, -l[1])]) {
    int va = mean_value(e, -l[0]), vb = mean_value(e, -l[1]);
    cell_name(e, mean_cell(e, -l[0]), a, sizeof a);
    cell_name(e, mean_cell(e, -l[1]), b, sizeof b);
    if (!strcmp(a, b))
      say(why, len, "%s would hold both %d and %d", a, va, vb);
    else if (va == vb)
      say(why, len, "%s and %s would both hold %d in %s", a, b, va, rule);
    else
      say(why, len, "%s = %d and %s = %d would break %s", a, va, b, vb,
               rule);
  } else {
    say(why, len, "%s would be broken", rule);
  }
}

typedef struct walk {
  eng e;
  int (*on_step)(void *state, const pz_step *s);
  void *state;
  int reported;     /* trail entries told so far */
  pz_level level;   /* the strongest reasoning used */
  int quit;         /* on_step asked to stop */
} walk;

static int emit(walk *w, const pz_step *s) {
  if (s->level > w->level) w->level = s->level;
  if (w->on_step(w->state, s)) w->quit = 1;
  return w->quit;
}

/* Tells the placements propagation made since the last report. */
static int report(walk *w) {
  eng *e = &w->e;
  for (; w->reported < e->ntrail && !w->quit; w->reported++) {
    int lit = e->trail[w->reported], var = lit < 0 ? -lit : lit;
    if (!own_cell(e, mean_cell(e, lit)) || e->reason[var] < 0) continue;
    pz_step s;
    memset(&s, 0, sizeof s);
    s.cell = mean_cell(e, lit);
    s.value = mean_value(e, lit);
    s.placed = 1;
    s.level = PZ_LEVEL_SINGLES;
    forced_why(e, e->reason[var], s.why, sizeof s.why);
    emit(w, &s);
  }
  return w->quit;
}

/* Every projected variable decided. */
static int all_decided(const eng *e) {
  size_t n;
  const int *proj = pz_cnf_projection(e->g->cnf, &n, NULL);
  for (size_t i = 0; proj && i < n; i++)
    if (!e->val[proj[i]]) return 0;
  return 1;
}

/* Under the current assignment, does lit fail by propagation (1; the
 * conflict clause in *c), or not (0)? 2 when stopped. Leaves the
 * assignment as it was. */
static int fails(eng *e, int lit, int *c) {
  int mark = e->ntrail;
  assign(e, lit, -1);
  int r = propagate(e);
  *c = e->conflict;
  backtrack(e, mark);
  return r == 2 ? 2 : r == 0;
}

/* Two levels: lit fails when, under it, one-level probing to a fixpoint
 * runs into a contradiction. 1 fails, 0 not, 2 stopped. */
static int fails_deep(eng *e, int lit) {
  int mark = e->ntrail, r = 1, c;
  assign(e, lit, -1);
  size_t n;
  const int *proj = pz_cnf_projection(e->g->cnf, &n, NULL);
  for (int changed = 1; changed && r == 1;) {
    r = propagate(e);
    changed = 0;
    for (size_t i = 0; proj && i < n && r == 1 && !changed; i++)
      for (int sign = 1; sign >= -1 && !changed && r == 1; sign -= 2) {
        int l = sign * proj[i];
        if (e->val[proj[i]]) break;
        int f = fails(e, l, &c);
        if (f == 2) r = 2;
        else if (f) assign(e, -l, -1), changed = 1;
      }
  }
  backtrack(e, mark);
  return r == 2 ? 2 : r == 0;
}

/* One step of trial: the first literal whose trial fails at this depth is
 * decided the other way and told. 1 found, 0 none, 2 stopped, <0 error. */
static int probe_step(walk *w, int depth) {
  eng *e = &w->e;
  size_t n;
  const int *proj = pz_cnf_projection(e->g->cnf, &n, NULL);
  for (size_t i = 0; proj && i < n; i++)
    for (int sign = 1; sign >= -1; sign -= 2) {
      int lit = sign * proj[i], c = -1;
      if (e->val[proj[i]]) break;
      int f = depth == 1 ? fails(e, lit, &c) : fails_deep(e, lit);
      if (f == 2) return 2;
      if (!f) continue;
      pz_step s;
      memset(&s, 0, sizeof s);
      /* The step is about the literal with a cell's meaning. */
      int told = mean_cell(e, lit) >= 0 ? lit : -lit;
      s.cell = mean_cell(e, told);
      s.value = mean_value(e, told);
      s.placed = told == -lit;
      s.level = depth == 1 ? PZ_LEVEL_PROBING : PZ_LEVEL_DEEP_PROBING;
      char then[WHY_LEN];
      if (depth == 1) conflict_why(e, c, then, sizeof then);
      else say(then, sizeof then, "trying each candidate left would "
                    "run into a contradiction");
      if (!own_cell(e, s.cell)) {
        s.cell = -1;
        say(s.why, sizeof s.why, "a trial fails: %s", then);
      } else {
        say(s.why, sizeof s.why, "if %s, %s", s.placed ? "not" : "so", then);
      }
      assign(e, -lit, -1);
      w->reported = e->ntrail; /* the trial's own literal is told here */
      emit(w, &s);
      return 1;
    }
  return 0;
}

/* The walk: *level the strongest reasoning used (SEARCH when it stalls),
 * *stop PZ_SAT, PZ_UNSAT (the givens contradict) or PZ_UNKNOWN. */
static int run(walk *w, const int *givens, pz_level *level, pz_result *stop) {
  eng *e = &w->e;
  pz_grid_cnf *g = e->g;
  int st = pz_grid_cube(g, givens, -1);
  if (st) return st;
  *stop = PZ_UNKNOWN;
  w->level = PZ_LEVEL_ANY;
  for (size_t i = 0; i < g->cube.len; i++) {
    int l = g->cube.data[i];
    if (value_of(e, l) < 0) {
      *stop = PZ_UNSAT;
      return PZ_OK;
    }
    if (!value_of(e, l)) assign(e, l, -1);
  }
  /* Unit clauses of the rules. */
  for (int c = 0; c < e->ncls; c++) {
    int a = e->lits[e->start[c]];
    if (!a) {
      *stop = PZ_UNSAT;
      return PZ_OK;
    }
    if (!e->lits[e->start[c] + 1]) {
      if (value_of(e, a) < 0) {
        *stop = PZ_UNSAT;
        return PZ_OK;
      }
      if (!value_of(e, a)) assign(e, a, c);
    }
  }
  w->reported = e->ntrail; /* givens and the rules' units: not steps */
  for (;;) {
    int r = propagate(e);
    if (r == 2) return PZ_OK;
    if (r == 0) {
      *stop = PZ_UNSAT;
      return PZ_OK;
    }
    if (report(w)) break;
    if (all_decided(e)) break;
    r = probe_step(w, 1);
    if (r == 0) r = probe_step(w, 2);
    if (r == 2) return PZ_OK;
    if (r < 0) return r;
    if (w->quit) break;
    if (r == 0) {
      w->level = PZ_LEVEL_SEARCH;
      break;
    }
  }
  if (w->level == PZ_LEVEL_ANY && !w->quit) w->level = PZ_LEVEL_SINGLES;
  *level = w->level;
  *stop = PZ_SAT;
  return PZ_OK;
}

int pz_puzzle_explain(pz_puzzle *p,
                      int (*on_step)(void *state, const pz_step *s),
                      void *state, pz_level *level, pz_result *stop) {
  if (!p || !on_step || !level || !stop) return PZ_ERR_ARG;
  *stop = PZ_UNKNOWN;
  *level = PZ_LEVEL_ANY;
  if (!p->ops->encode_full || !p->ops->var_meaning) return PZ_ERR_UNSUPPORTED;
  pz_poll poll;
  pz_poll_start_options(&poll, &p->opt);
  pz_grid_cnf tmp, *g;
  int st = pz_grid_of(p, &poll, &g, &tmp);
  if (st == PZ_STOPPED) return PZ_OK;
  if (st) return st;
  walk w;
  memset(&w, 0, sizeof w);
  w.on_step = on_step;
  w.state = state;
  st = eng_init(&w.e, g, p, &poll);
  if (!st) st = run(&w, p->givens, level, stop);
  if (!st && w.e.conflict < 0 && pz_poll_check(&poll)) *stop = PZ_UNKNOWN;
  eng_free(&w.e);
  if (g == &tmp) pz_grid_cnf_free(&tmp);
  return st;
}

/* The hint: the first placement, after the crossings-out it needs. */
typedef struct first_placement {
  pz_step *hint;
  int crossed;      /* candidates crossed out by trial before it */
  pz_level level;
} first_placement;

static int take_first(void *state, const pz_step *s) {
  first_placement *f = (first_placement *)state;
  if (s->level > f->level) f->level = s->level;
  if (!s->placed || s->cell < 0) { /* a crossing-out, or a trial on no cell */
    f->crossed++;
    return 0;
  }
  *f->hint = *s;
  f->hint->level = f->level;
  if (f->crossed) {
    size_t n = strlen(f->hint->why);
    say(f->hint->why + n, WHY_LEN - n, " (once %d candidate%s crossed "
             "out by trial)", f->crossed, f->crossed == 1 ? " is" : "s are");
  }
  return 1;
}

int pz_puzzle_hint(pz_puzzle *p, pz_step *hint, pz_result *stop) {
  if (!p || !hint || !stop) return PZ_ERR_ARG;
  memset(hint, 0, sizeof *hint);
  hint->cell = -1;
  first_placement f = {hint, 0, PZ_LEVEL_ANY};
  pz_level level;
  int st = pz_puzzle_explain(p, take_first, &f, &level, stop);
  if (!st && *stop == PZ_SAT && hint->cell < 0)
    hint->level = level == PZ_LEVEL_SEARCH ? PZ_LEVEL_SEARCH : PZ_LEVEL_ANY;
  return st;
}
