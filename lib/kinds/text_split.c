/* One span per puzzle of a grid text, where pz_text_parse_batch finds the
 * puzzles: whether a line of n*n cells is a puzzle or a row of a grid
 * needs the whole block (pz_text_parse's AUTO rule), which a line-by-line
 * look (pz_kind_ops.starts) does not have. */
#include <stdlib.h>
#include <string.h>

#include "kinds/kind_impl.h"
#include "kinds/text_split.h"
#include "pz/text.h"

/* A comment line: '#' first after blanks (and a byte-order mark). */
static int comment_at(const char *s, size_t len) {
  size_t i = len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3) ? 3 : 0;
  while (i < len && (s[i] == ' ' || s[i] == '\t')) i++;
  return i < len && s[i] == '#';
}

int pz_kind_split_text(const char *text, size_t len, pz_span **parts,
                       size_t *count) {
  pz_text *t = NULL;
  int st = pz_text_parse_batch(&t, text, len, 0, PZ_TEXT_AUTO, NULL);
  if (st == PZ_ERR_NOMEM) return st;
  size_t n = st ? 0 : pz_text_count(t);
  /* Where each line starts (line L at starts[L - 1]). */
  size_t lines = 1;
  for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
  size_t *starts = (size_t *)malloc((lines + 1) * sizeof *starts);
  pz_span *p = (pz_span *)malloc((n ? n : 1) * sizeof *p);
  if (!starts || !p) {
    free(starts);
    free(p);
    pz_text_free(t);
    return PZ_ERR_NOMEM;
  }
  starts[0] = 0;
  for (size_t i = 0, l = 1; i < len; i++)
    if (text[i] == '\n') starts[l++] = i + 1;
  starts[lines] = len;
  size_t made = 0, floor = 1; /* no span reaches above line floor */
  for (size_t i = 0; i < n; i++) {
    size_t line = pz_text_line(t, i);
    if (line < floor || line > lines) continue;
    /* The comments right above it go with it; the first takes the top. */
    while (line > floor && comment_at(text + starts[line - 2],
                                      starts[line - 1] - starts[line - 2]))
      line--;
    if (!made) line = 1;
    p[made].offset = starts[line - 1];
    p[made].line = line;
    made++;
    floor = pz_text_line(t, i) + 1;
  }
  pz_text_free(t);
  /* No puzzle read from a text that is more than blanks and comments: one
   * span, whose parse says what is wrong. */
  if (!made) {
    for (size_t l = 1; l <= lines && !made; l++) {
      const char *s = text + starts[l - 1];
      size_t k = starts[l] - starts[l - 1];
      if (comment_at(s, k)) continue;
      for (size_t j = 0; j < k; j++)
        if (s[j] != ' ' && s[j] != '\t' && s[j] != '\r' && s[j] != '\n') {
          p[0].offset = 0, p[0].line = 1, made = 1;
          break;
        }
    }
  }
  free(starts);
  return pz_kind_split_made(p, made, len, parts, count);
}
