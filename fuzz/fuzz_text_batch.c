/* Fuzz target: puzzle text in batch mode (pz_text_parse_batch,
 * pz_text_read_batch, pz_text_error), against the strict parser. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

/* What batch mode promises about a result: each entry either a puzzle
 * (PZ_OK, size >= 1, cells in 0..n) or an error (size 0, no cells, a
 * status and a message); entries in line order. Returns the index of the
 * first error entry, or the count when there is none. */
static size_t check_batch(const pz_text *t, int expect_n, const char *what) {
  size_t count = pz_text_count(t), first_bad = count, last_line = 0;
  if (count == 0) fuzz_fail("%s: success without an entry", what);
  for (size_t i = 0; i < count; i++) {
    pz_parse_info info;
    memset(&info, 0x55, sizeof info);
    int st = pz_text_error(t, i, &info);
    int n = pz_text_size(t, i);
    const int *cells = pz_text_cells(t, i);
    size_t line = pz_text_line(t, i);
    if (line < 1 || line <= last_line)
      fuzz_fail("%s: entry %zu starts on line %zu after %zu", what, i, line,
                last_line);
    last_line = line;
    if (st == PZ_OK) {
      if (n < 1 || (expect_n && n != expect_n) || !cells)
        fuzz_fail("%s: entry %zu read with size %d", what, i, n);
      for (size_t k = 0; k < (size_t)n * (size_t)n; k++)
        if (cells[k] < 0 || cells[k] > n)
          fuzz_fail("%s: entry %zu cell %zu is %d", what, i, k, cells[k]);
    } else {
      char w[96];
      snprintf(w, sizeof w, "%s entry %zu", what, i);
      fuzz_check_error(w, st, &info);
      if (n != 0 || cells)
        fuzz_fail("%s: bad entry %zu has size %d / cells", what, i, n);
      if (info.line < line)
        fuzz_fail("%s: entry %zu on line %zu has its error on line %zu", what,
                  i, line, info.line);
      if (first_bad == count) first_bad = i;
    }
  }
  if (pz_text_error(t, count, NULL) != PZ_ERR_ARG)
    fuzz_fail("%s: pz_text_error past the end is not PZ_ERR_ARG", what);
  return first_bad;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *buf = (const char *)data;
  static const pz_text_format formats[] = {PZ_TEXT_AUTO, PZ_TEXT_CHARS,
                                           PZ_TEXT_INTS, PZ_TEXT_GRID,
                                           PZ_TEXT_URL, PZ_TEXT_JANKO};
  static const int sizes[] = {0, 9};
  for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
      char what[64];
      snprintf(what, sizeof what, "pz_text_parse_batch(format %d, n %d)",
               (int)formats[f], sizes[s]);
      pz_text *b = NULL;
      pz_parse_info info;
      memset(&info, 0x55, sizeof info);
      int st = pz_text_parse_batch(&b, buf, size, sizes[s], formats[f], &info);
      size_t first_bad = 0;
      if (st == PZ_OK) {
        if (!b) fuzz_fail("%s: PZ_OK without a result", what);
        first_bad = check_batch(b, sizes[s], what);
      } else {
        fuzz_check_error(what, st, &info);
        if (b) fuzz_fail("%s: error %d but a result", what, st);
      }

      /* The strict parser fails exactly when batch mode fails or has a
       * bad entry; when both read everything, they read the same. */
      pz_text *t = NULL;
      pz_parse_info sinfo;
      int sst = pz_text_parse(&t, buf, size, sizes[s], formats[f], &sinfo);
      if (st == PZ_OK && first_bad == pz_text_count(b)) {
        if (sst != PZ_OK)
          fuzz_fail("%s: batch reads every puzzle, strict fails %zu:%zu: %s",
                    what, sinfo.line, sinfo.column, sinfo.message);
        if (pz_text_count(t) != pz_text_count(b))
          fuzz_fail("%s: batch reads %zu puzzles, strict %zu", what,
                    pz_text_count(b), pz_text_count(t));
        for (size_t i = 0; i < pz_text_count(t); i++) {
          int n = pz_text_size(t, i);
          const int *rt = pz_text_regions(t, i), *rb = pz_text_regions(b, i);
          if (n != pz_text_size(b, i) ||
              pz_text_line(t, i) != pz_text_line(b, i) || !rt != !rb ||
              (rt && memcmp(rt, rb, (size_t)n * (size_t)n * sizeof(int))) ||
              memcmp(pz_text_cells(t, i), pz_text_cells(b, i),
                     (size_t)n * (size_t)n * sizeof(int)))
            fuzz_fail("%s: batch and strict differ at puzzle %zu", what, i);
        }
      } else if (sst != PZ_OK && st == PZ_OK) {
        /* The strict error is the first bad entry's. */
        pz_parse_info e;
        int est = pz_text_error(b, first_bad, &e);
        if (est != sst || e.line != sinfo.line || e.column != sinfo.column ||
            strcmp(e.message, sinfo.message) != 0)
          fuzz_fail("%s: strict fails %d at %zu:%zu (%s), batch entry %zu "
                    "%d at %zu:%zu (%s)", what, sst, sinfo.line, sinfo.column,
                    sinfo.message, first_bad, est, e.line, e.column,
                    e.message);
      } else if (sst == PZ_OK) {
        if (st != PZ_OK)
          fuzz_fail("%s: strict reads it, batch fails %zu:%zu: %s", what,
                    info.line, info.column, info.message);
        pz_parse_info e;
        pz_text_error(b, first_bad, &e);
        fuzz_fail("%s: strict reads it, batch entry %zu fails %zu:%zu: %s",
                  what, first_bad, e.line, e.column, e.message);
      }
      pz_text_free(t);

      /* The stream reader agrees with the buffer parser. */
      pz_text *r = NULL;
      pz_parse_info rinfo;
      if (s == 0 &&
          fuzz_read_agrees(what, "pz_text_read_batch", pz_text_read_batch, data,
                           size, sizes[s], formats[f], st, &r, &rinfo) &&
          st == PZ_OK && pz_text_count(r) != pz_text_count(b))
        fuzz_fail("%s: pz_text_read_batch reads %zu entries, not %zu", what,
                  pz_text_count(r), pz_text_count(b));
      pz_text_free(r);
      pz_text_free(b);
    }
  }
  return 0;
}
