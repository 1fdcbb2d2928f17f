/* pz's own DPLL: watched-literal propagation, chronological backtracking.
 * Without learning, leaving a model is one backtrack step: no blocking
 * clause, no growth (Toda & Soh's non-blocking enumeration does the same
 * inside a CDCL solver). Parts where it finds no model for long are handed
 * to the backend, whose learning suits them (conquer.c). */
#include <string.h>

#include "enum/search.h"

#include "cnf/cnf_impl.h"

static inline int lit_index(int lit) { return lit > 0 ? 2 * lit : -2 * lit + 1; }

int pz_formula_init(pz_formula *f, const pz_cnf *cnf, pz_poll *poll) {
  memset(f, 0, sizeof *f);
  int st = pz_cnf_status(cnf);
  if (st) return st;
  /* The raw buffer, auxiliaries numbered on the fly: pz_cnf_data's copy of
   * a large formula is a long step no poll would interrupt. */
  size_t len;
  const int *d = pz_cnf_raw(cnf, &len);
  int base = pz_cnf_max_user_var(cnf);
  f->nvars = pz_cnf_num_vars(cnf);
  /* mark[v] = +1 / -1 while v occurs in the clause being read. */
  signed char *mark = (signed char *)calloc((size_t)f->nvars + 1, 1);
  pz_ivec cl = {0};
  if (!mark) st = PZ_ERR_NOMEM;
  for (size_t i = 0; i < len && !st; i++) {
    int lit = pz_cnf_out_lit(d[i], base);
    if (lit) {
      int v = lit < 0 ? -lit : lit, sg = lit < 0 ? -1 : 1;
      if (mark[v] == sg) continue;
      if (mark[v] == -sg) {
        cl.len = (size_t)-1; /* a tautology: skip to its end */
        continue;
      }
      if (cl.len == (size_t)-1) continue;
      mark[v] = (signed char)sg;
      st = pz_ivec_push(&cl, lit);
      continue;
    }
    if (cl.len != (size_t)-1) {
      for (size_t k = 0; k < cl.len; k++)
        mark[cl.data[k] < 0 ? -cl.data[k] : cl.data[k]] = 0;
      if (cl.len == 0) f->empty = 1;
      else if (cl.len == 1) st = pz_ivec_push(&f->units, cl.data[0]);
      else if (cl.len == 2) {
        st = pz_ivec_push(&f->bins, cl.data[0]);
        if (!st) st = pz_ivec_push(&f->bins, cl.data[1]);
      } else {
        st = pz_ivec_reserve(&f->longs, cl.len + 1);
        if (!st) {
          f->longs.data[f->longs.len++] = (int)cl.len;
          memcpy(f->longs.data + f->longs.len, cl.data, cl.len * sizeof(int));
          f->longs.len += cl.len;
        }
      }
    } else {
      /* The tautology's marks: clear them all (cheap, rare). */
      memset(mark, 0, (size_t)f->nvars + 1);
    }
    if (!st && pz_poll_work(poll, 16)) st = PZ_STOPPED;
    cl.len = 0;
  }
  pz_ivec_free(&cl);
  free(mark);
  size_t np;
  unsigned flags;
  const int *proj = pz_cnf_projection(cnf, &np, &flags);
  if (!st) {
    f->nproj = proj ? np : (size_t)f->nvars;
    f->proj = (int *)malloc((f->nproj ? f->nproj : 1) * sizeof(int));
    if (!f->proj) st = PZ_ERR_NOMEM;
  }
  if (!st) {
    for (size_t i = 0; i < f->nproj; i++) f->proj[i] = proj ? proj[i] : (int)i + 1;
    f->exact = proj && (flags & PZ_PROJECT_EXACT_WEIGHT);
  }
  if (st) pz_formula_free(f);
  return st;
}

void pz_formula_free(pz_formula *f) {
  pz_ivec_free(&f->units);
  pz_ivec_free(&f->bins);
  pz_ivec_free(&f->longs);
  free(f->proj);
  memset(f, 0, sizeof *f);
}

static inline void assign(pz_search *s, int lit) {
  s->val[lit < 0 ? -lit : lit] = (signed char)(lit < 0 ? -1 : 1);
  s->trail[s->trail_len++] = lit;
}

static void undo_to(pz_search *s, int len) {
  for (int i = s->trail_len - 1; i >= len; i--) {
    int lit = s->trail[i];
    s->val[lit < 0 ? -lit : lit] = 0;
  }
  s->trail_len = len;
  s->qhead = len;
}

/* Unit propagation from qhead: 1 when it ends without a conflict. */
static int propagate(pz_search *s) {
  while (s->qhead < s->trail_len) {
    int falsed = -s->trail[s->qhead++];
    int fi = lit_index(falsed);
    for (int k = s->bin_start[fi]; k < s->bin_start[fi + 1]; k++) {
      int other = s->bin_lits[k];
      int v = pz_search_value(s, other);
      if (v < 0) return 0;
      if (v == 0) assign(s, other);
    }
    int *w = s->watch + s->wstart[fi];
    int i = 0, j = 0, n = s->wlen[fi];
    s->ticks += (uint64_t)n + 1;
    while (i < n) {
      int c = w[i++];
      int *lits = s->clauses + c + 1;
      int size = s->clauses[c];
      if (lits[0] == falsed) {
        lits[0] = lits[1];
        lits[1] = falsed;
      }
      if (pz_search_value(s, lits[0]) > 0) {
        w[j++] = c;
        continue;
      }
      int k;
      for (k = 2; k < size && pz_search_value(s, lits[k]) < 0; k++) {}
      if (k < size) {
        lits[1] = lits[k];
        lits[k] = falsed;
        int to = lit_index(lits[1]);
        s->watch[s->wstart[to] + s->wlen[to]++] = c;
        continue;
      }
      w[j++] = c;
      if (pz_search_value(s, lits[0]) < 0) {
        while (i < n) w[j++] = w[i++];
        s->wlen[fi] = j;
        return 0;
      }
      assign(s, lits[0]);
    }
    s->wlen[fi] = j;
  }
  return 1;
}

int pz_search_init(pz_search *s, const pz_formula *f, pz_poll *poll) {
  memset(s, 0, sizeof *s);
  s->f = f;
  size_t nv = (size_t)f->nvars + 1, nl = 2 * nv + 2;
  s->val = (signed char *)calloc(nv, 1);
  s->trail = (int *)malloc(nv * sizeof(int));
  s->dec = (pz_decision *)malloc(nv * sizeof(pz_decision));
  s->order = (int *)malloc(nv * sizeof(int));
  s->is_proj = (unsigned char *)calloc(nv, 1);
  s->group = (int *)malloc(nv * sizeof(int));
  s->wstart = (int *)calloc(nl + 1, sizeof(int));
  s->wlen = (int *)calloc(nl, sizeof(int));
  s->watch = (int *)malloc((f->longs.len ? f->longs.len : 1) * sizeof(int));
  s->bin_start = (int *)calloc(nl + 1, sizeof(int));
  s->bin_lits = (int *)malloc((f->bins.len ? f->bins.len : 1) * sizeof(int));
  s->clauses = (int *)malloc((f->longs.len ? f->longs.len : 1) * sizeof(int));
  if (!s->val || !s->trail || !s->dec || !s->order || !s->is_proj || !s->group ||
      !s->watch || !s->wstart || !s->wlen || !s->bin_start || !s->bin_lits || !s->clauses)
    goto nomem;
  /* Binary partners: clause (a | b) puts b under -a... read as "when a is
   * false, b": indexed by a. */
  for (size_t i = 0; i < f->bins.len; i++)
    s->bin_start[lit_index(f->bins.data[i]) + 1]++;
  for (size_t i = 1; i <= nl; i++) s->bin_start[i] += s->bin_start[i - 1];
  {
    int *fill = (int *)malloc(nl * sizeof(int));
    if (!fill) goto nomem;
    memcpy(fill, s->bin_start, nl * sizeof(int));
    for (size_t i = 0; i < f->bins.len; i += 2) {
      int a = f->bins.data[i], b = f->bins.data[i + 1];
      s->bin_lits[fill[lit_index(a)]++] = b;
      s->bin_lits[fill[lit_index(b)]++] = a;
      if (pz_poll_work(poll, 1)) break;
    }
    free(fill);
  }
  if (pz_poll_work(poll, 0)) goto stopped;
  if (f->longs.len) memcpy(s->clauses, f->longs.data, f->longs.len * sizeof(int));
  /* Each literal's list has room for every clause that holds it, so no
   * list ever grows (the literals of f->longs bound the total). */
  /* Every pass over the clauses polls as it goes: on a formula of tens of
   * millions of literals one pass is a good part of a second. */
  for (size_t c = 0; c < f->longs.len; c += (size_t)f->longs.data[c] + 1) {
    for (int k = 1; k <= f->longs.data[c]; k++)
      s->wstart[lit_index(f->longs.data[c + (size_t)k]) + 1]++;
    if (pz_poll_work(poll, f->longs.data[c])) goto stopped;
  }
  for (size_t i = 1; i <= nl; i++) s->wstart[i] += s->wstart[i - 1];
  for (size_t c = 0; c < f->longs.len; c += (size_t)f->longs.data[c] + 1) {
    for (int k = 1; k <= 2; k++) {
      int l = lit_index(s->clauses[c + (size_t)k]);
      s->watch[s->wstart[l] + s->wlen[l]++] = (int)c;
    }
    if (pz_poll_work(poll, f->longs.data[c])) goto stopped;
  }
  for (size_t i = 0; i < f->nproj; i++) {
    int v = f->proj[i];
    if (v < 1 || v > f->nvars || s->is_proj[v]) continue;
    s->is_proj[v] = 1;
    s->order[s->norder++] = v;
  }
  s->nproj_order = s->norder;
  for (size_t v = 0; v < nv; v++) s->group[v] = -1;
  for (size_t c = 0; c < f->longs.len; c += (size_t)f->longs.data[c] + 1) {
    int size = f->longs.data[c], k;
    for (k = 1; k <= size && f->longs.data[c + (size_t)k] > 0; k++) {}
    if (k <= size) continue;
    for (k = 1; k <= size; k++) {
      int v = f->longs.data[c + (size_t)k];
      if (s->group[v] < 0 || f->longs.data[s->group[v]] > size)
        s->group[v] = (int)c;
    }
    if (pz_poll_work(poll, size)) goto stopped;
  }
  for (int v = 1; v <= f->nvars; v++)
    if (!s->is_proj[v]) s->order[s->norder++] = v;
  /* The root: units and what they imply. */
  int ok = !f->empty;
  for (size_t i = 0; i < f->units.len && ok; i++) {
    int v = pz_search_value(s, f->units.data[i]);
    if (v < 0) ok = 0;
    else if (v == 0) assign(s, f->units.data[i]);
  }
  if (ok) ok = propagate(s);
  s->root_len = ok ? s->trail_len : -1;
  s->base_len = s->trail_len;
  return PZ_OK;
nomem:
  pz_search_free(s);
  return PZ_ERR_NOMEM;
stopped:
  pz_search_free(s);
  return PZ_STOPPED;
}

void pz_search_free(pz_search *s) {
  free(s->watch);
  free(s->wstart);
  free(s->wlen);
  free(s->val);
  free(s->trail);
  free(s->dec);
  free(s->order);
  free(s->is_proj);
  free(s->group);
  free(s->bin_start);
  free(s->bin_lits);
  free(s->clauses);
  memset(s, 0, sizeof *s);
}

int pz_search_reset(pz_search *s, const int *cube, size_t n) {
  s->ndec = 0;
  s->conflict = 0;
  if (s->root_len < 0) return 0;
  undo_to(s, s->root_len);
  for (size_t i = 0; i < n; i++) {
    int lit = cube[i];
    int var = lit < 0 ? -lit : lit;
    if (var < 1 || var > s->f->nvars) continue; /* outside the formula */
    int v = pz_search_value(s, lit);
    if (v < 0) return 0;
    if (v == 0) assign(s, lit);
  }
  if (!propagate(s)) return 0;
  s->base_len = s->trail_len;
  return 1;
}

static int scan_from(const pz_search *s) {
  return s->ndec ? s->dec[s->ndec - 1].scan : 0;
}

int pz_search_pick(pz_search *s) {
  for (int i = scan_from(s); i < s->nproj_order; i++)
    if (!s->val[s->order[i]]) return s->order[i];
  return 0;
}

/* Takes the second branch of the top decision. */
static void flip(pz_search *s) {
  pz_decision *d = &s->dec[s->ndec - 1];
  undo_to(s, d->trail);
  d->flipped = 1;
  assign(s, -d->lit);
  s->conflict = !propagate(s);
}

/* Takes the second branch of the deepest decision that has one. */
static int backtrack(pz_search *s) {
  while (s->ndec > 0 && s->dec[s->ndec - 1].flipped) s->ndec--;
  if (s->ndec == 0) return 0;
  flip(s);
  return 1;
}

int pz_search_next(pz_search *s, uint64_t budget) {
  uint64_t stop = s->ticks + budget;
  for (;;) {
    if (s->conflict) {
      s->conflicts++;
      if (!backtrack(s)) return 0;
      continue;
    }
    if (s->ticks >= stop) return -1;
    int i = scan_from(s);
    while (i < s->norder && s->val[s->order[i]]) i++;
    if (i == s->norder) return 1;
    int var = s->order[i], proj = i < s->nproj_order;
    pz_decision *d = &s->dec[s->ndec++];
    /* A projected variable true first (one value of a cell: a model comes
     * sooner); an auxiliary false first. */
    d->lit = proj ? var : -var;
    d->trail = s->trail_len;
    d->scan = i;
    d->flipped = 0;
    d->aux = (unsigned char)!proj;
    d->share = 0.5f;
    if (proj && s->group[var] >= 0) {
      /* f->longs has the clause in its original order. */
      const int *c = s->f->longs.data + s->group[var];
      int open = 0;
      for (int k = 1; k <= c[0]; k++) open += !s->val[c[k]];
      d->share = 1.0f / (float)(open ? open : 1);
    }
    assign(s, d->lit);
    s->conflict = !propagate(s);
    s->ticks++;
  }
}

int pz_search_leave_model(pz_search *s) {
  while (s->ndec > 0 &&
         (s->dec[s->ndec - 1].aux || s->dec[s->ndec - 1].flipped))
    s->ndec--;
  if (s->ndec == 0) return 0;
  flip(s);
  return 1;
}

/* The literal decision i stands for now. */
static int taken(const pz_decision *d) { return d->flipped ? -d->lit : d->lit; }

int pz_search_open_cubes(pz_search *s, const int *cube, size_t n,
                         int (*fn)(void *, const int *, size_t), void *st) {
  /* The auxiliary decisions only look for an extension: drop them. */
  int keep = 0;
  while (keep < s->ndec && !s->dec[keep].aux) keep++;
  if (keep < s->ndec) undo_to(s, s->dec[keep].trail);
  s->ndec = keep;
  int *lits = (int *)malloc((n + (size_t)keep + 1) * sizeof(int));
  if (!lits) return PZ_ERR_NOMEM;
  if (n) memcpy(lits, cube, n * sizeof(int));
  for (int i = 0; i < keep; i++) lits[n + (size_t)i] = taken(&s->dec[i]);
  int r = s->conflict ? 0 : fn(st, lits, n + (size_t)keep);
  for (int i = keep - 1; i >= 0 && !r; i--) {
    if (s->dec[i].flipped) continue;
    lits[n + (size_t)i] = -s->dec[i].lit;
    r = fn(st, lits, n + (size_t)i + 1);
  }
  free(lits);
  return r;
}

double pz_search_done(const pz_search *s) {
  /* w: the share of the space under the current path so far; a flipped
   * decision has finished its first branch. */
  double done = 0, w = 1;
  for (int i = 0; i < s->ndec && w > 1e-12; i++) {
    double p = s->dec[i].share;
    if (s->dec[i].flipped) {
      done += w * p;
      w *= 1 - p;
    } else {
      w *= p;
    }
  }
  return done;
}

int pz_search_next_polled(pz_search *s, pz_poll *poll, uint64_t *budget) {
  for (;;) {
    uint64_t slice = *budget < 8192 ? *budget : 8192, t = s->ticks;
    int m = pz_search_next(s, slice);
    uint64_t used = s->ticks - t;
    *budget = used < *budget ? *budget - used : 0;
    if (m >= 0) return m;
    if (!*budget || (poll && pz_poll_work(poll, (long long)slice))) return -1;
  }
}

int pz_search_probe(pz_search *s, const int *lits, size_t n) {
  int len = s->trail_len, ok = 1;
  for (size_t i = 0; i < n && ok; i++) {
    int v = pz_search_value(s, lits[i]);
    if (v < 0) ok = 0;
    else if (v == 0) assign(s, lits[i]);
  }
  if (ok) ok = propagate(s);
  undo_to(s, len);
  return ok;
}

int pz_search_probe_implied(pz_search *s, int lit, int *from, int *n) {
  int len = s->trail_len, v = pz_search_value(s, lit);
  *from = len + 1;
  *n = 0;
  if (v > 0) return 1;
  if (v < 0) return 0;
  assign(s, lit);
  int ok = propagate(s);
  if (ok) *n = s->trail_len - len - 1;
  undo_to(s, len);
  return ok;
}

int pz_search_assert(pz_search *s, int lit) {
  if (s->ndec || s->conflict) return !s->conflict;
  int v = pz_search_value(s, lit);
  if (v < 0) return 0;
  if (v == 0) {
    assign(s, lit);
    if (!propagate(s)) {
      s->conflict = 1;
      return 0;
    }
  }
  s->base_len = s->trail_len;
  return 1;
}
