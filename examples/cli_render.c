/* --render FILE and --render-solutions for every program: the scenes of
 * the run's puzzles (made by the program's scene callback, from any
 * thread of a batch) are kept in puzzle order and written at the end
 * (cli_exit) with pz_render_write. Built without cairo (no PZ_HAVE_RENDER)
 * the options answer "--render needs cairo". */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#ifdef PZ_HAVE_RENDER
#include <pz/render.h>

/* Puzzle index -> its scenes; what failed stays NULL and is left out. */
typedef struct drawn {
  pz_scene *puzzle, *solution;
} drawn;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static drawn *kept;
static size_t nkept;

int cli_render_option(cli_common *c, int opt, const char *arg) {
  if (opt == CLI_OPT_RENDER_SOLUTIONS) {
    c->render_solutions = 1;
    return 1;
  }
  pz_render_format f;
  if (pz_render_format_of(arg, &f)) {
    fprintf(stderr, "%s: --render %s: the file name must end in .svg, .png "
            "or .pdf\n", c->prog, arg);
    return -1;
  }
  c->render = arg;
  return 1;
}

/* Whether path can be written (the file is opened for appending, and
 * removed again when it did not exist): 0, or errno, the cause. So a bad
 * path is told before the run, and its cause after a failed write. */
static int write_error(const char *path) {
  FILE *f = fopen(path, "rb");
  int existed = f != NULL;
  if (f) fclose(f);
  f = fopen(path, "ab");
  if (!f) return errno ? errno : EIO;
  fclose(f);
  if (!existed) remove(path);
  return 0;
}

/* "--render PATH: cannot write it: CAUSE" and the exit code. */
static int render_path_fails(const cli_common *c, int err) {
  fprintf(stderr, "%s: --render %s: cannot write the file: %s\n", c->prog,
          c->render, strerror(err));
  return CLI_FAILURE;
}

/* Keeps puzzle index's scenes (taking them over); a status. */
static int keep(size_t index, pz_scene *puzzle, pz_scene *solution) {
  int st = PZ_OK;
  pthread_mutex_lock(&lock);
  if (index >= nkept) {
    size_t n = index + 1 > 2 * nkept ? index + 1 : 2 * nkept;
    drawn *m = (drawn *)realloc(kept, n * sizeof *m);
    if (m) {
      memset(m + nkept, 0, (n - nkept) * sizeof *m);
      kept = m;
      nkept = n;
    } else {
      st = PZ_ERR_NOMEM;
    }
  }
  if (!st) {
    pz_scene_free(kept[index].puzzle);
    pz_scene_free(kept[index].solution);
    kept[index].puzzle = puzzle;
    kept[index].solution = solution;
  }
  pthread_mutex_unlock(&lock);
  if (st) {
    pz_scene_free(puzzle);
    pz_scene_free(solution);
  }
  return st;
}

int cli_render_add(const cli_common *c,
                   int (*scene)(void *ctx, const pz_puzzle *p,
                                const int *givens, const int *solution,
                                struct pz_scene **out),
                   void *ctx, pz_puzzle *p, size_t index) {
  if (!scene) {
    fprintf(cli_err(), "%s: --render: this program cannot draw its puzzles\n",
            c->prog);
    return CLI_FAILURE;
  }
  const int *givens = pz_puzzle_givens(p);
  pz_scene *puzzle = NULL, *solved = NULL;
  int *grid = NULL, st = scene(ctx, p, givens, NULL, &puzzle);
  if (!st && c->render_solutions) {
    /* The solution is solved again here: whatever the mode printed, the
     * picture gets the first solution (none: its place stays empty). */
    size_t cells = (size_t)pz_puzzle_rows(p) * (size_t)pz_puzzle_cols(p);
    grid = (int *)malloc(cells * sizeof *grid);
    pz_result r = PZ_UNKNOWN;
    st = grid ? pz_puzzle_solve(p, grid, &r) : PZ_ERR_NOMEM;
    if (!st && r == PZ_SAT) st = scene(ctx, p, givens, grid, &solved);
  }
  free(grid);
  if (!st) return keep(index, puzzle, solved) ? cli_fail(c->prog, "--render", PZ_ERR_NOMEM, NULL) : CLI_OK;
  pz_scene_free(puzzle);
  fprintf(cli_err(), "%s: --render: puzzle %zu: %s\n", c->prog, index + 1,
          pz_strerror(st));
  return CLI_FAILURE;
}

int cli_render_finish(const cli_common *c, int rc) {
  if (!c->render) return rc;
  const pz_scene **puzzles = (const pz_scene **)calloc(nkept + 1, sizeof *puzzles);
  const pz_scene **solutions = (const pz_scene **)calloc(nkept + 1, sizeof *solutions);
  size_t n = 0;
  for (size_t i = 0; puzzles && solutions && i < nkept; i++)
    if (kept[i].puzzle) {
      puzzles[n] = kept[i].puzzle;
      solutions[n++] = kept[i].solution;
    }
  int st = puzzles && solutions ? PZ_OK : PZ_ERR_NOMEM;
  pz_render_format f = PZ_RENDER_PDF;
  if (!st && n) {
    pz_render_format_of(c->render, &f);
    st = pz_render_write(c->render, f, puzzles, n,
                         c->render_solutions ? solutions : NULL, NULL);
  }
  /* A run without a puzzle (--help, or none made) writes nothing. */
  int err = st == PZ_ERR_IO ? write_error(c->render) : 0;
  if (err) rc = cli_worse(rc, render_path_fails(c, err));
  else if (st) {
    fprintf(stderr, "%s: --render %s: %s\n", c->prog, c->render, pz_strerror(st));
    rc = cli_worse(rc, CLI_FAILURE);
  }
  for (size_t i = 0; i < nkept; i++) {
    pz_scene_free(kept[i].puzzle);
    pz_scene_free(kept[i].solution);
  }
  free(kept);
  kept = NULL;
  nkept = 0;
  free(puzzles);
  free(solutions);
  /* The end of the program: nothing draws any more. */
  pz_render_release();
  return rc;
}

#else /* no cairo: the options are refused */

int cli_render_option(cli_common *c, int opt, const char *arg) {
  (void)opt;
  (void)arg;
  fprintf(stderr, "%s: --render needs cairo (this build has no pz_render: "
          "apt-get install libcairo2-dev and build again)\n", c->prog);
  return -1;
}

int cli_render_add(const cli_common *c,
                   int (*scene)(void *ctx, const pz_puzzle *p,
                                const int *givens, const int *solution,
                                struct pz_scene **out),
                   void *ctx, pz_puzzle *p, size_t index) {
  (void)c, (void)scene, (void)ctx, (void)p, (void)index;
  return CLI_OK;
}

int cli_render_finish(const cli_common *c, int rc) {
  (void)c;
  return rc;
}

#endif

int cli_render_options_done(const cli_common *c) {
  if (c->render_solutions && !c->render) {
    fprintf(stderr, "%s: --render-solutions goes with --render FILE\n", c->prog);
    return CLI_USAGE;
  }
#ifdef PZ_HAVE_RENDER
  /* A path that cannot be written is told before the run, not after it. */
  int err = c->render ? write_error(c->render) : 0;
  if (err) return render_path_fails(c, err);
#endif
  return 0;
}
