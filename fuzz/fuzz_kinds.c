/* Fuzz target: every kind's readers through the kind table. The first
 * byte picks the kind (pz_kind_list), the rest is its text. A failed parse
 * must say where and what; a parsed puzzle, written in each of its
 * formats, must read back and write the same text again (a fixpoint); the
 * splitter's parts must lie inside the text in order. The kinds' own
 * targets (fuzz_killer, ...) check solutions against their rules. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

/* d in format f (malloc'd, NULL when the format cannot hold it). */
static char *written(const pz_def *d, const char *f, size_t *len) {
  char *buf = NULL;
  size_t n = 0;
  FILE *out = open_memstream(&buf, &n);
  if (!out) return NULL;
  int st = pz_def_write(d, NULL, f, out);
  fclose(out);
  if (st) {
    if (st != PZ_ERR_UNSUPPORTED && st != PZ_ERR_NOMEM)
      fuzz_fail("pz_def_write(%s): %s", f, pz_strerror(st));
    free(buf);
    return NULL;
  }
  *len = n;
  return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t nk;
  const pz_kind *const *kinds = pz_kind_list(&nk);
  if (!size || !nk) return 0;
  const pz_kind *k = kinds[data[0] % nk];
  const char *text = (const char *)data + 1;
  size_t len = size - 1;

  pz_span *parts = NULL;
  size_t n = 0;
  if (pz_kind_split(k, text, len, &parts, &n) == PZ_OK)
    for (size_t i = 0; i < n; i++)
      if (parts[i].offset + parts[i].len > len ||
          (i && parts[i].offset < parts[i - 1].offset + parts[i - 1].len))
        fuzz_fail("%s: split part %zu out of place", pz_kind_name(k), i);
  free(parts);

  pz_def *d = NULL;
  pz_parse_info info;
  memset(&info, 0x55, sizeof info);
  int st = pz_kind_parse(k, NULL, text, len, &d, &info);
  if (st) {
    fuzz_check_error(pz_kind_name(k), st, &info);
    if (d) fuzz_fail("%s: error %d but a definition", pz_kind_name(k), st);
    return 0;
  }
  for (const char *const *f = pz_kind_formats(k); *f; f++) {
    size_t wlen = 0, again_len = 0;
    char *w = written(d, *f, &wlen);
    if (!w) continue;
    pz_def *back = NULL;
    st = pz_kind_parse(k, NULL, w, wlen, &back, &info);
    if (st == PZ_ERR_NOMEM) {
      free(w);
      continue;
    }
    if (st)
      fuzz_fail("%s: --format %s does not read back (%zu:%zu: %s):\n%.*s",
                pz_kind_name(k), *f, info.line, info.column, info.message,
                (int)wlen, w);
    char *again = written(back, *f, &again_len);
    if (again && (again_len != wlen || memcmp(again, w, wlen)))
      fuzz_fail("%s: --format %s written twice differs:\n%.*s---\n%.*s",
                pz_kind_name(k), *f, (int)wlen, w, (int)again_len, again);
    free(again);
    pz_def_free(back);
    free(w);
  }
  pz_def_free(d);
  return 0;
}
