/* fuzz_solve_all for the solving targets (fuzz_NAME_solve): every
 * backend, both strategies, answers checked (see fuzz.h). */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t solves; /* pz_puzzle_unique calls that answered */

size_t fuzz_solve_count(void) { return solves; }

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
      solves++;
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
