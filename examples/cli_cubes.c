/* --cube-file F [--cube K]: counts the models of a DIMACS or iCNF file
 * (pz's own --cubes output or another tool's), under its cube K, so that a
 * split written once can be counted cube by cube on many machines. */
#include <string.h>

#include "cli.h"

int cli_run_cube_file(const cli_common *c) {
  const char *prog = c->prog, *path = c->cube_file;
  FILE *in = NULL;
  int rc = cli_open(path, &in, prog);
  if (rc) return rc;
  pz_icnf *f = NULL;
  pz_parse_info info;
  int st = pz_icnf_read(&f, in, &info);
  cli_close(in);
  if (st) return cli_fail(prog, path, st, &info);
  size_t n = 0;
  const int *cube = NULL;
  if (c->cube) {
    size_t have = pz_icnf_num_cubes(f);
    if (c->cube > have) {
      fprintf(stderr, "%s: %s: --cube %llu, but the file has %zu cube%s\n",
              prog, path, c->cube, have, have == 1 ? "" : "s");
      pz_icnf_free(f);
      return CLI_BAD_INPUT;
    }
    cube = pz_icnf_cube(f, (size_t)c->cube - 1, &n);
  }
  /* The puzzle options that apply to a bare formula. */
  pz_enum_options o = PZ_ENUM_OPTIONS_INIT;
  o.backend = c->opt.backend;
  o.method = c->opt.enumerate;
  o.threads = c->opt.threads;
  o.part = c->opt.part;
  o.parts = c->opt.parts;
  o.time_limit = c->opt.time_limit;
  o.terminate = c->opt.terminate;
  o.terminate_state = c->opt.terminate_state;
  o.progress = c->opt.progress;
  o.progress_state = c->opt.progress_state;
  uint64_t count = 0;
  pz_result r = PZ_UNKNOWN;
  st = pz_cnf_enumerate(pz_icnf_cnf(f), cube, n, &o, c->limit, NULL, NULL,
                        &count, &r);
  pz_icnf_free(f);
  cli_end_progress(c);
  if (st) return cli_fail(prog, "counting", st, NULL);
  FILE *out = cli_out();
  if (r == PZ_UNKNOWN) {
    fprintf(out, "at least %llu (%s)\n", (unsigned long long)count,
            cli_interrupted() ? "interrupted" : "time limit");
    rc = cli_interrupted() ? CLI_INTERRUPTED : CLI_UNKNOWN;
  } else {
    fprintf(out, "%llu%s\n", (unsigned long long)count, r == PZ_SAT ? "+" : "");
  }
  int oe = fflush(out) ? cli_output_error(c) : cli_output_error(c);
  return oe ? oe : rc;
}
