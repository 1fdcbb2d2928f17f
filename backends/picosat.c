/* PicoSAT (Debian picosat).
 *
 * Memory: PicoSAT prints "out of memory" and aborts when an allocation
 * fails. So it allocates through this file: every block is kept on a list,
 * and a failed allocation longjmps back to the backend call that entered
 * PicoSAT. The instance is then broken: PicoSAT is never entered again
 * (its state is half-updated; even picosat_reset is unsafe), the error is
 * reported by the next solve, and release frees the listed blocks itself.
 *
 * Time: PicoSAT polls its interrupt only every 1024 decisions, and not at
 * all during its failed-literal probing at the start of the first solve.
 * pz checks the deadline itself before every solve; within one solve the
 * delay is PicoSAT's (see docs/ARCHITECTURE.md for measured figures).
 * Solving in slices bounded by picosat_set_propagation_limit was tried and
 * dropped: each picosat_sat call restarts and may probe again, which made
 * an empty 40x40 Latin square take minutes instead of a second. */
#include <picosat/picosat.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "table.h"

/* Header of every block given to PicoSAT: the live-block list. The union
 * keeps the memory after it aligned as malloc's own. */
typedef union blk {
  struct {
    union blk *prev, *next;
  } l;
  max_align_t align;
} blk;

typedef struct pico {
  PicoSAT *ps;
  jmp_buf *jmp; /* where a failed allocation returns to; NULL outside */
  blk live;     /* circular list of PicoSAT's blocks */
  int err;      /* 0, or the status that broke the instance */
} pico;

static void out_of_memory(pico *p) {
  jmp_buf *j = p->jmp;
  p->err = PZ_ERR_NOMEM;
  p->jmp = NULL;
  /* Every entry into PicoSAT sets jmp, so j is never NULL here; if it
   * were, returning NULL would let PicoSAT report it (and abort). */
  if (j) longjmp(*j, 1);
}

static void link_blk(pico *p, blk *b) {
  b->l.prev = &p->live;
  b->l.next = p->live.l.next;
  p->live.l.next->l.prev = b;
  p->live.l.next = b;
}

static void unlink_blk(blk *b) {
  b->l.prev->l.next = b->l.next;
  b->l.next->l.prev = b->l.prev;
}

static void *p_new(void *mgr, size_t n) {
  pico *p = (pico *)mgr;
  blk *b = n <= SIZE_MAX - sizeof *b ? (blk *)malloc(sizeof *b + n) : NULL;
  if (!b) {
    out_of_memory(p);
    return NULL;
  }
  link_blk(p, b);
  return b + 1;
}

static void p_delete(void *mgr, void *ptr, size_t n) {
  (void)mgr;
  (void)n;
  if (!ptr) return;
  blk *b = (blk *)ptr - 1;
  unlink_blk(b);
  free(b);
}

static void *p_resize(void *mgr, void *ptr, size_t old, size_t n) {
  pico *p = (pico *)mgr;
  (void)old;
  if (!ptr) return p_new(mgr, n);
  blk *b = (blk *)ptr - 1, *nb = NULL;
  unlink_blk(b);
  if (n <= SIZE_MAX - sizeof *b) nb = (blk *)realloc(b, sizeof *b + n);
  if (!nb) {
    link_blk(p, b); /* realloc left it alone; release frees it */
    out_of_memory(p);
    return NULL;
  }
  link_blk(p, nb);
  return nb + 1;
}

static void free_blocks(pico *p) {
  while (p->live.l.next != &p->live) {
    blk *b = p->live.l.next;
    unlink_blk(b);
    free(b);
  }
}

/* Enter PicoSAT only between GUARD and UNGUARD, in the same function:
 * GUARD runs `fail` when an allocation inside fails (p->err is set). */
#define GUARD(p, fail)      \
  jmp_buf jb_;              \
  if (setjmp(jb_)) { fail; } \
  (p)->jmp = &jb_
#define UNGUARD(p) ((p)->jmp = NULL)

/* picosat_version() is the bare release number, e.g. "965". */
static const char *sig(void) { return picosat_version(); }

static PicoSAT *minit(pico *p) {
  PicoSAT *ps;
  GUARD(p, return NULL);
  ps = picosat_minit(p, p_new, p_resize, p_delete);
  UNGUARD(p);
  return ps;
}

static void *init(void) {
  pico *p = (pico *)calloc(1, sizeof *p);
  if (!p) return NULL;
  p->live.l.prev = p->live.l.next = &p->live;
  p->ps = minit(p);
  if (!p->ps) {
    free_blocks(p);
    free(p);
    return NULL;
  }
  return p;
}

static void release(void *h) {
  pico *p = (pico *)h;
  if (!p) return;
  if (!p->err) {
    GUARD(p, goto done);
    picosat_reset(p->ps);
    UNGUARD(p);
  }
done:
  free_blocks(p); /* empty unless PicoSAT broke */
  free(p);
}

static void add(void *h, int lit) {
  pico *p = (pico *)h;
  if (p->err) return;
  GUARD(p, return);
  picosat_add(p->ps, lit);
  UNGUARD(p);
}

static void assume(void *h, int lit) {
  pico *p = (pico *)h;
  if (p->err) return;
  GUARD(p, return);
  picosat_assume(p->ps, lit);
  UNGUARD(p);
}

static int solve(void *h) {
  pico *p = (pico *)h;
  if (p->err) return p->err;
  int r;
  GUARD(p, return p->err);
  r = picosat_sat(p->ps, -1);
  UNGUARD(p);
  return r == PICOSAT_SATISFIABLE ? 10 : r == PICOSAT_UNSATISFIABLE ? 20 : 0;
}

static int val(void *h, int lit) {
  pico *p = (pico *)h;
  if (p->err) return -1;
  /* PicoSAT rejects literals beyond its variables; those are unconstrained,
   * so false is a valid answer. Reading values allocates nothing: no
   * guard needed on this hot path. */
  int v = lit < 0 ? -lit : lit;
  if (v > picosat_variables(p->ps)) return -1;
  return picosat_deref(p->ps, lit);
}

static int failed(void *h, int lit) {
  pico *p = (pico *)h;
  if (p->err) return 0;
  int v = lit < 0 ? -lit : lit, r;
  if (v > picosat_variables(p->ps)) return 0;
  /* The first call extracts the failed assumptions, which allocates. */
  GUARD(p, return 0);
  r = picosat_failed_assumption(p->ps, lit);
  UNGUARD(p);
  return r;
}

static void set_terminate(void *h, void *state, int (*fn)(void *)) {
  pico *p = (pico *)h;
  if (p->err) return;
  picosat_set_interrupt(p->ps, state, fn);
}

static void print_stats(void *h, FILE *out) {
  pico *p = (pico *)h;
  if (p->err) return;
  GUARD(p, return);
  picosat_set_output(p->ps, out);
  picosat_stats(p->ps);
  UNGUARD(p);
  fflush(out);
}

/* Sizes PicoSAT's tables once instead of growing them clause by clause. */
static void reserve(void *h, int max_var) {
  pico *p = (pico *)h;
  if (p->err) return;
  GUARD(p, return);
  picosat_adjust(p->ps, max_var);
  UNGUARD(p);
}

/* Portfolio configurations: the default decision phase cycles through
 * false, true and random (PicoSAT's own default, index 0, is
 * Jeroslow-Wang: 1 false, 2 true, 3 random, 4 Jeroslow-Wang, ...), and
 * the seed of its random decisions is the index. */
static void diversify(void *h, unsigned index) {
  pico *p = (pico *)h;
  if (p->err || index == 0) return;
  static const int phase[4] = {2, 0, 1, 3};
  GUARD(p, return);
  picosat_set_seed(p->ps, index);
  picosat_set_global_default_phase(p->ps, phase[index % 4]);
  UNGUARD(p);
}

static const pz_backend table = PZ_BACKEND_TABLE(
    "picosat", init, print_stats, reserve, diversify, NULL);

const pz_backend *pz_backend_picosat(void) { return &table; }
