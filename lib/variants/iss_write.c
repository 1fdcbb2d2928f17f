/* Writing an ISS definition back: the Shape when it is not 9x9, the
 * givens and candidate lists on one ".~" line, then one constraint per
 * line in the order read, each as ISS writes it; or all of it on one
 * line, as ISS URLs carry it. */
#include <stdio.h>

#include "pz/variants.h"

/* A coordinate as ISS writes it: 1-9, then a-g. */
static char coord(int i) { return i < 9 ? (char)('1' + i) : (char)('a' + i - 9); }

static void put_cell(FILE *f, int n, int cell) {
  fprintf(f, "~R%cC%c", coord(cell / n), coord(cell % n));
}

/* end: what ends a constraint, "\n" or "" (one line). */
static int write_as(FILE *f, const pz_iss_def *d, const char *end) {
  if (!f || !d || !d->allowed) return PZ_ERR_ARG;
  int n = d->size;
  unsigned all = ((1u << n) - 1) << 1;
  if (n != 9) fprintf(f, ".Shape~%dx%d%s", n, n, end);
  int any = 0;
  for (int x = 0; x < n * n; x++) {
    if ((d->allowed[x] & all) == all) continue;
    fputs(any ? "" : ".", f);
    any = 1;
    put_cell(f, n, x);
    for (int v = 1; v <= n; v++)
      if (d->allowed[x] >> v & 1) fprintf(f, "_%d", v);
  }
  if (any) fputs(end, f);
  for (size_t i = 0; i < d->nrules; i++) {
    const pz_iss_rule *r = &d->rules[i];
    const char *name = pz_iss_type_name(r->type);
    if (!name) return PZ_ERR_ARG;
    fprintf(f, ".%s", name);
    switch (r->type) {
    case PZ_ISS_DIAGONAL:
    case PZ_ISS_WHISPER:
    case PZ_ISS_LOCKOUT:
    case PZ_ISS_PILLARROW:
    case PZ_ISS_SUMLINE:
    case PZ_ISS_MODULAR: fprintf(f, "~%d", r->args[0]); break;
    case PZ_ISS_LITTLEKILLER: /* the sum, then where the diagonal starts */
      fprintf(f, "~%d", r->args[0]);
      put_cell(f, n, r->cells[0]);
      fputs(end, f);
      continue;
    case PZ_ISS_XSUM:
    case PZ_ISS_SKYSCRAPER:
    case PZ_ISS_NUMBEREDROOM:
    case PZ_ISS_HIDDENSKYSCRAPER: /* an absent clue: left empty */
      fprintf(f, "~%c%d~", (char)r->args[0], r->args[1] + 1);
      if (r->args[2]) fprintf(f, "%d", r->args[2]);
      fputs("~", f);
      if (r->args[3]) fprintf(f, "%d", r->args[3]);
      fputs(end, f);
      continue;
    case PZ_ISS_JIGSAW: /* region k as ISS writes it: base n + 1 digits */
      fputs("~", f);
      for (int j = 0; j < r->ncells; j++)
        fputc(r->cells[j] < 10 ? '0' + r->cells[j] : 'a' + r->cells[j] - 10, f);
      fputs(end, f);
      continue;
    case PZ_ISS_CAGE:
      /* No sum: an empty argument, as ISS writes it. */
      if (r->args[0]) fprintf(f, "~%d", r->args[0]);
      else fputs("~", f);
      break;
    case PZ_ISS_INDEXING: fprintf(f, "~%c", (char)r->args[0]); break;
    case PZ_ISS_CONTAINATLEAST:
    case PZ_ISS_CONTAINEXACT:
      for (int j = 0; j < r->nargs; j++) fprintf(f, "%c%d", j ? '_' : '~', r->args[j]);
      break;
    case PZ_ISS_SANDWICH:
      fprintf(f, "~%d~%c%c%s", r->args[0], (char)r->args[1], coord(r->args[2]),
              end);
      continue;
    case PZ_ISS_QUAD:
      put_cell(f, n, r->cells[0]);
      for (int j = 0; j < r->nargs; j++) fprintf(f, "~%d", r->args[j]);
      fputs(end, f);
      continue;
    default: break;
    }
    for (int j = 0; j < r->ncells; j++) put_cell(f, n, r->cells[j]);
    fputs(end, f);
  }
  if (!*end) fputc('\n', f);
  return ferror(f) ? PZ_ERR_IO : PZ_OK;
}

int pz_iss_write(FILE *f, const pz_iss_def *d) { return write_as(f, d, "\n"); }

int pz_iss_write_line(FILE *f, const pz_iss_def *d) {
  return write_as(f, d, "");
}
