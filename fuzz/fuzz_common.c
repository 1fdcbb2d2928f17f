/* Shared helpers for pz's fuzz targets (see fuzz.h). */
#include "fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fuzz_fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("fuzz: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

void fuzz_check_error(const char *what, int st, const pz_parse_info *info) {
  if (st >= 0 || st < PZ_ERR_CONFLICT)
    fuzz_fail("%s: status %d is not an error status", what, st);
  if (st == PZ_ERR_NOMEM) return;
  if (!memchr(info->message, '\0', sizeof info->message))
    fuzz_fail("%s: message not terminated", what);
  if (info->message[0] == '\0')
    fuzz_fail("%s: status %d (%s) without a message", what, st,
              pz_strerror(st));
}

FILE *fuzz_open(const uint8_t *data, size_t size, char **buf) {
  /* fmemopen wants a writable buffer, and older C libraries refuse size 0:
   * open a copy of at least one byte and, for an empty input, consume it. */
  char *copy = (char *)malloc(size ? size : 1);
  *buf = copy;
  if (!copy) return NULL;
  if (size) memcpy(copy, data, size);
  FILE *f = fmemopen(copy, size ? size : 1, "r");
  if (f && !size) (void)fgetc(f);
  return f;
}

void fuzz_default_box(int n, int *r, int *c) {
  int best = 1;
  for (int i = 1; i * i <= n; i++)
    if (n % i == 0) best = i;
  *r = best;
  *c = n / best;
}

const char *fuzz_check_grid(const pz_puzzle *p, const int *solution,
                            void *state) {
  const int *box = (const int *)state;
  int n = pz_puzzle_rows(p);
  const int *givens = pz_puzzle_givens(p);
  static char why[96];
  for (int i = 0; i < n * n; i++) {
    if (solution[i] < 1 || solution[i] > n) {
      snprintf(why, sizeof why, "cell %d holds %d, not 1..%d", i, solution[i],
               n);
      return why;
    }
    if (givens[i] && givens[i] != solution[i]) {
      snprintf(why, sizeof why, "cell %d holds %d, the given is %d", i,
               solution[i], givens[i]);
      return why;
    }
  }
  /* Units: n rows, n columns, and n boxes when box is set; each must hold
   * every value once. */
  int units = box ? 3 * n : 2 * n;
  unsigned char seen[32 + 1];
  if (n > 32) return "grid too large for the checker";
  for (int u = 0; u < units; u++) {
    memset(seen, 0, sizeof seen);
    for (int k = 0; k < n; k++) {
      int r, c;
      if (u < n) {
        r = u, c = k;
      } else if (u < 2 * n) {
        r = k, c = u - n;
      } else {
        int b = u - 2 * n, per_row = n / box[1];
        r = (b / per_row) * box[0] + k / box[1];
        c = (b % per_row) * box[1] + k % box[1];
      }
      int v = solution[r * n + c];
      if (seen[v]++) {
        snprintf(why, sizeof why, "value %d twice in unit %d (r%dc%d)", v, u,
                 r + 1, c + 1);
        return why;
      }
    }
  }
  return NULL;
}

/* PZ_FUZZ_VERBOSE=1 in the environment reports every solve on stderr. */
static int verbose(void) {
  static int v = -1;
  if (v < 0) {
    const char *e = getenv("PZ_FUZZ_VERBOSE");
    v = e && *e && strcmp(e, "0") != 0;
  }
  return v;
}

void fuzz_solve_all(pz_puzzle *p, fuzz_checker check, void *state,
                    const char *what) {
  int cells = pz_puzzle_rows(p) * pz_puzzle_cols(p);
  if (cells > FUZZ_MAX_SOLVE_CELLS) return;
  int *sol = (int *)calloc((size_t)cells, sizeof(int));
  if (!sol) return;
  int agreed = -1;
  const char *agreed_by = NULL;
  static const pz_strategy strategies[] = {PZ_STRATEGY_FRESH,
                                           PZ_STRATEGY_ASSUME};
  for (size_t b = 0; b < pz_backend_count(); b++) {
    if (pz_backend_needs_arg(b)) continue; /* exec:PROGRAM */
    for (size_t s = 0; s < sizeof strategies / sizeof *strategies; s++) {
      pz_options opt = PZ_OPTIONS_INIT;
      opt.backend = pz_backend_name(b);
      opt.time_limit = FUZZ_TIME_LIMIT;
      opt.strategy = strategies[s];
      if (pz_puzzle_set_options(p, &opt) != PZ_OK)
        fuzz_fail("%s: backend %s refused", what, opt.backend);
      int count = -1;
      pz_result stop = PZ_UNKNOWN;
      int st = pz_puzzle_unique(p, &count, sol, &stop);
      /* Too large or out of memory are answers a caller can handle; any
       * other failure on a puzzle the API accepted is a bug. */
      if (st == PZ_ERR_TOO_LARGE || st == PZ_ERR_NOMEM) continue;
      if (st != PZ_OK)
        fuzz_fail("%s: pz_puzzle_unique with %s failed: %s", what, opt.backend,
                  pz_strerror(st));
      if (count < 0 || count > 2)
        fuzz_fail("%s: %s reports %d solutions", what, opt.backend, count);
      if (count >= 1) {
        const char *why = check(p, sol, state);
        if (why)
          fuzz_fail("%s: %s gave a wrong solution: %s", what, opt.backend,
                    why);
      }
      if (verbose())
        fprintf(stderr, "fuzz: %s %dx%d %s %s: %d solution(s)%s\n", what,
                pz_puzzle_rows(p), pz_puzzle_cols(p), opt.backend,
                s ? "assume" : "fresh", count,
                stop == PZ_UNKNOWN ? " (stopped)" : "");
      /* A count below 2 is final only when the search finished. */
      if (count < 2 && stop == PZ_UNKNOWN) continue;
      if (agreed < 0) {
        agreed = count;
        agreed_by = opt.backend;
      } else if (agreed != count) {
        fuzz_fail("%s: %s finds %d solutions, %s finds %d", what, agreed_by,
                  agreed, opt.backend, count);
      }
    }
  }
  free(sol);
}
