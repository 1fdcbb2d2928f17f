/* --candidates: every cell's true candidates (the values it holds in at
 * least one solution), in grid form (cells aligned in their rows) or line
 * form (one line a puzzle); json is cli_json.c's. Cells the kind derives
 * from others (Eulero's pair numbers) are not shown: the rows hold the
 * cells a person fills. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_candidates_find(pz_puzzle *p, const cli_common *c,
                        cli_candidates *out) {
  memset(out, 0, sizeof *out);
  out->values = pz_puzzle_max_value(p) + 1;
  out->cap = c->limit;
  size_t pairs = (size_t)pz_puzzle_rows(p) * (size_t)pz_puzzle_cols(p) *
                 (size_t)out->values;
  out->possible = (unsigned char *)malloc(pairs ? pairs : 1);
  if (c->limit) out->counts = (uint64_t *)malloc((pairs ? pairs : 1) * sizeof(uint64_t));
  int st = !out->possible || (c->limit && !out->counts) ? PZ_ERR_NOMEM
           : pz_puzzle_candidates(p, out->possible, out->counts, out->cap,
                                  &out->solves, &out->stop);
  if (st) cli_candidates_free(out);
  return st;
}

void cli_candidates_free(cli_candidates *x) {
  free(x->possible);
  free(x->counts);
  x->possible = NULL;
  x->counts = NULL;
}

/* Values are written together ("137") when every name is one character,
 * else with commas ("1,10,12"); counts always with commas ("1=4,7=2+",
 * + when the count reached the cap). */
static int one_char_names(const cli_printer *pr, int values) {
  char buf[32];
  for (int v = 0; v < values; v++) {
    cli_value_text(pr, v, buf, sizeof buf);
    if (strlen(buf) != 1) return 0;
  }
  return 1;
}

/* Cell `cell`'s text into buf (len bytes). */
static void cell_text(const cli_printer *pr, const cli_candidates *x,
                      int cell, int compact, char *buf, size_t len) {
  size_t at = 0;
  buf[0] = '\0';
  for (int v = 0; v < x->values; v++) {
    size_t i = (size_t)cell * (size_t)x->values + (size_t)v;
    if (x->possible[i] != PZ_CANDIDATE_YES) continue;
    char name[32], part[80];
    cli_value_text(pr, v, name, sizeof name);
    if (x->counts)
      snprintf(part, sizeof part, "%s%s=%llu%s", at ? "," : "", name,
               (unsigned long long)x->counts[i],
               x->cap && x->counts[i] >= x->cap ? "+" : "");
    else
      snprintf(part, sizeof part, "%s%s", at && !compact ? "," : "", name);
    size_t n = strlen(part);
    if (at + n + 1 > len) break;
    memcpy(buf + at, part, n + 1);
    at += n;
  }
}

int cli_run_candidates(pz_puzzle *p, const cli_common *c,
                       const cli_printer *pr, int *st) {
  cli_candidates x;
  *st = cli_candidates_find(p, c, &x);
  if (*st == PZ_ERR_UNSUPPORTED) {
    fprintf(cli_err(), "%s: --candidates is not available for %s puzzles\n",
            c->prog, pz_puzzle_kind(p));
    *st = PZ_OK;
    return CLI_USAGE;
  }
  if (*st) return CLI_OK;
  int rc = CLI_OK;
  if (x.stop == PZ_UNKNOWN) {
    cli_say(c, cli_interrupted() ? "interrupted" : "time limit");
    rc = cli_interrupted() ? CLI_INTERRUPTED : CLI_UNKNOWN;
  } else if (x.stop == PZ_UNSAT) {
    cli_say(c, "no solution");
  } else {
    int rows = pz_puzzle_rows(p), cols = pz_puzzle_cols(p);
    int compact = one_char_names(pr, x.values);
    size_t len = (size_t)x.values * 48 + 1;
    char *buf = (char *)malloc(len);
    if (!buf) {
      cli_candidates_free(&x);
      *st = PZ_ERR_NOMEM;
      return CLI_OK;
    }
    /* The widest cell, so that grid columns line up. */
    size_t wide = 1;
    for (int cell = 0; cell < rows * cols && c->format != FORMAT_LINE; cell++) {
      cell_text(pr, &x, cell, compact, buf, len);
      if (strlen(buf) > wide) wide = strlen(buf);
    }
    FILE *out = cli_out();
    for (int r = 0; r < rows; r++) {
      size_t pad = 0; /* the previous cell's, written before the next one:
                         no trailing blanks */
      int first = 1;
      for (int col = 0; col < cols; col++) {
        int cell = r * cols + col, own = 1;
        char name[32];
        pz_puzzle_name_cell(p, cell, name, sizeof name, &own);
        if (!own) continue;
        cell_text(pr, &x, cell, compact, buf, len);
        if (c->format == FORMAT_LINE) {
          fprintf(out, "%s%s", r || !first ? " " : "", buf);
        } else {
          fprintf(out, "%*s%s", first ? 0 : (int)pad + 1, "", buf);
          pad = wide - strlen(buf);
        }
        first = 0;
      }
      if (c->format != FORMAT_LINE) putc('\n', out);
    }
    if (c->format == FORMAT_LINE) putc('\n', out);
    free(buf);
  }
  if (c->stats)
    fprintf(cli_err(), "c candidates: %llu backend solves\n",
            (unsigned long long)x.solves);
  cli_candidates_free(&x);
  return rc;
}
