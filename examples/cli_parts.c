/* Batches of puzzles in one input (cli.h, cli_run_parts): the input is
 * read whole, cut into puzzles by the kind table's pz_kind_split, and each
 * part is parsed and run as one entry of a batch. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"

typedef struct span {
  size_t start, len, line; /* bytes of the input, its first line */
} span;

typedef struct parts_job {
  const cli_common *c;
  const cli_kind *k;
  const char *path;
  const char *text;
  span *parts;
  size_t n;
} parts_job;

/* The whole stream into *buf (NUL-terminated; the caller frees it). */
static int read_all(FILE *f, char **buf, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  char *b = (char *)malloc(cap);
  if (!b) return PZ_ERR_NOMEM;
  for (;;) {
    if (cap - n < 2) {
      char *nb = (char *)realloc(b, cap * 2);
      if (!nb) {
        free(b);
        return PZ_ERR_NOMEM;
      }
      b = nb, cap *= 2;
    }
    size_t got = fread(b + n, 1, cap - n - 1, f);
    n += got;
    if (got == 0) break;
  }
  if (ferror(f)) {
    free(b);
    return PZ_ERR_IO;
  }
  b[n] = '\0';
  *buf = b, *len = n;
  return PZ_OK;
}

/* Cuts text with the kind table's splitter. */
static int table_split(const char *text, size_t len, const pz_kind *k,
                       span **out, size_t *count) {
  pz_span *parts = NULL;
  size_t n = 0;
  int st = pz_kind_split(k, text, len, &parts, &n);
  if (st) return st;
  span *p = (span *)malloc((n ? n : 1) * sizeof *p);
  if (!p) {
    free(parts);
    return PZ_ERR_NOMEM;
  }
  for (size_t i = 0; i < n; i++)
    p[i].start = parts[i].offset, p[i].len = parts[i].len,
    p[i].line = parts[i].line;
  if (!n) p[0].start = 0, p[0].len = len, p[0].line = 1, n = 1;
  free(parts);
  *out = p, *count = n;
  return PZ_OK;
}

int cli_part_bad(const cli_common *c, const cli_part *part, int st,
                 pz_parse_info *info) {
  if (info && info->line) info->line += part->line - 1;
  int rc = cli_fail(c->prog, part->path, st, info);
  char msg[sizeof info->message + 64];
  snprintf(msg, sizeof msg, "error: line %zu: %s",
           info && info->line ? info->line : part->line,
           info && info->message[0] ? info->message : pz_strerror(st));
  /* A placeholder only where the output has a place per puzzle. */
  if (!c->dimacs && (cli_one_line_each(c) || part->total > 1)) cli_say(c, msg);
  return rc;
}

int cli_part_made(const cli_common *c, const cli_part *part, int st,
                  pz_puzzle **p, const cli_printer *want, cli_printer *pr) {
  if (!st) st = pz_puzzle_set_options(*p, &c->opt);
  if (st) {
    if (want->release) want->release(want->ctx);
    else free(want->ctx);
    pz_puzzle_free(*p);
    *p = NULL;
    return cli_fail(c->prog, part->path, st, NULL);
  }
  *pr = *want;
  return CLI_OK;
}

static size_t part_line(void *ctx, size_t i) {
  return ((const parts_job *)ctx)->parts[i].line;
}

static int run_part(void *ctx, const cli_common *c, size_t i, void **state,
                    int *stop) {
  (void)stop;
  const parts_job *j = (const parts_job *)ctx;
  cli_part part = {j->path, j->text + j->parts[i].start, j->parts[i].len,
                   j->parts[i].line, i, j->n};
  pz_puzzle *p = NULL;
  cli_printer pr;
  memset(&pr, 0, sizeof pr);
  cli_json_entry_text(part.text, part.len);
  int kept = 0;
  int rc = j->k->load_warm
               ? j->k->load_warm(j->k->ctx, c, &part, state, &p, &kept, &pr)
               : j->k->load(j->k->ctx, c, &part, &p, &pr);
  if (!rc) rc = cli_run(p, c, &pr, i, j->n);
  if (p && !kept) cli_puzzle_free(c, p);
  if (pr.release) pr.release(pr.ctx);
  else free(pr.ctx);
  return rc;
}

static void free_warm(void *ctx, const cli_common *c, void *state) {
  const parts_job *j = (const parts_job *)ctx;
  j->k->warm_free(j->k->ctx, c, state);
}

int cli_read_whole(const char *path, char **text, size_t *len,
                   const char *prog) {
  FILE *f;
  *text = NULL, *len = 0;
  int rc = cli_open(path, &f, prog);
  if (rc) return rc;
  errno = 0;
  int st = read_all(f, text, len);
  cli_close(f);
  if (st == PZ_ERR_IO) {
    fprintf(stderr, "%s: %s: reading failed: %s\n", prog, path,
            errno ? strerror(errno) : "read error");
    return CLI_FAILURE;
  }
  return st ? cli_fail(prog, path, st, NULL) : CLI_OK;
}

int cli_run_parts_text(const cli_common *c, const char *name, const char *text,
                       size_t len, const cli_kind *k) {
  parts_job j = {c, k, name, text, NULL, 0};
  int st = table_split(text, len, k->table, &j.parts, &j.n);
  if (st) return cli_fail(c->prog, name, st, NULL);
  cli_batch b = {j.n, part_line, run_part, k->warm_free ? free_warm : NULL,
                 &j};
  int rc = cli_run_batch(c, &b);
  free(j.parts);
  return rc;
}

int cli_run_parts(const cli_common *c, const char *path, const cli_kind *k) {
  char *text;
  size_t len;
  int rc = cli_read_whole(path, &text, &len, c->prog);
  if (rc) return rc;
  rc = cli_run_parts_text(c, path, text, len, k);
  free(text);
  return rc;
}
