/* The older paths' fields to and from the kind table's (old_paths.h). */
#include "old_paths.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pz.h>

#include "api.h"
#include "memtext.h"

static unsigned say(char *msg, size_t size, unsigned status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, size, fmt, ap);
  va_end(ap);
  return status;
}

/* A parser's error as the command-line programs print it. */
static unsigned say_parse(char *msg, size_t size, const char *what, int st,
                          const pz_parse_info *info) {
  if (st == PZ_ERR_NOMEM) return say(msg, size, 500, "out of memory");
  if (info->message[0] && info->line)
    return say(msg, size, 400, "%s:%zu:%zu: %s", what, info->line, info->column, info->message);
  if (info->message[0]) return say(msg, size, 400, "%s: %s", what, info->message);
  return say(msg, size, 400, "%s: %s", what, pz_strerror(st));
}

/* --- Lines of symbols -------------------------------------------------------- */
static char symbol(int v) {
  if (v <= 0) return '.';
  if (v <= 9) return (char)('0' + v);
  return (char)('A' + v - 10);
}

/* The value of a symbol: 1-9, A-Z (a-z), 0 for anything else. */
static int symbol_value(char ch) {
  if (ch >= '1' && ch <= '9') return ch - '0';
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
  if (ch >= 'a' && ch <= 'z') return ch - 'a' + 10;
  return 0;
}

static json_t *symbols(const int *v, size_t count) {
  char *s = (char *)malloc(count + 1);
  if (!s) return NULL;
  for (size_t i = 0; i < count; i++) s[i] = symbol(v[i]);
  s[count] = '\0';
  json_t *j = json_string(s);
  free(s);
  return j;
}

/* The symbols of a JSON array of integers (the answers' "cells"). */
static json_t *symbols_of_array(json_t *a) {
  size_t n = json_array_size(a);
  int *v = (int *)malloc((n ? n : 1) * sizeof(int));
  if (!v) return NULL;
  for (size_t i = 0; i < n; i++) v[i] = (int)json_integer_value(json_array_get(a, i));
  json_t *j = symbols(v, n);
  free(v);
  return j;
}

/* --- Sudoku ------------------------------------------------------------------- */
unsigned old_sudoku_request(json_t *in, char *msg, size_t size) {
  json_t *v = json_object_get(in, "regions");
  if (!v || json_is_null(v)) return 0;
  /* Said here in the request's words, before the kind says it in its own. */
  if (json_is_true(json_object_get(in, "jigsaw")))
    return say(msg, size, 400, "\"jigsaw\" makes the regions; leave out \"regions\"");
  if (!json_is_string(v)) return say(msg, size, 400, "\"regions\" must be a string");
  const char *line = json_string_value(v);
  size_t len = strlen(line);
  int n = 1;
  while (n < web_lim.max_sudoku && (size_t)n * (size_t)n < len) n++;
  if ((size_t)n * (size_t)n != len)
    return say(msg, size, 400, "regions: %zu characters, not n*n for a grid of side n up to %d "
               "(one region number 1-9, A-Z a cell)", len, web_lim.max_sudoku);
  for (size_t i = 0; i < len; i++) {
    int x = symbol_value(line[i]);
    if (x < 1 || x > n)
      return say(msg, size, 400, "regions:1:%zu: '%c' is no region number 1..%d", i + 1,
                 line[i] >= 32 && line[i] < 127 ? line[i] : '?', n);
  }
  memtext t;
  FILE *out = text_open(&t);
  if (!out) return say(msg, size, 500, "out of memory");
  for (size_t i = 0; i < len; i++)
    fprintf(out, "%d%c", symbol_value(line[i]), (i + 1) % (size_t)n ? ' ' : '\n');
  json_t *grid = text_string(&t, 1, 0);
  if (!grid || json_object_set_new(in, "regions", grid))
    return say(msg, size, 500, "out of memory");
  return 0;
}

json_t *old_line_solution(json_t *out, char *msg, size_t size) {
  json_t *cells = json_object_get(out, "cells");
  if (!json_is_array(cells)) return out;
  json_t *line = symbols_of_array(cells);
  if (!line || json_object_set_new(out, "solution", line)) {
    json_decref(out);
    say(msg, size, 500, "out of memory");
    return NULL;
  }
  return out;
}

/* Copies the fields named from one answer to the other, in that order. */
static void copy_fields(json_t *to, json_t *from, const char *const *names) {
  for (; *names; names++) {
    json_t *v = json_object_get(from, *names);
    if (v) json_object_set(to, *names, v);
  }
}

json_t *old_sudoku_generated(json_t *out, char *msg, size_t size) {
  static const char *const before[] = {"givens", "level", "seed", NULL};
  static const char *const after[] = {"complete", "reason", NULL};
  const char *text = json_string_value(json_object_get(out, "puzzle"));
  if (!text) return out; /* none made: null, and the reason */
  /* The kind writes a jigsaw in janko.at's layout (its givens and
   * regions), else one line. */
  size_t len = strlen(text);
  pz_text *t = NULL;
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  int st = pz_text_parse(&t, text, len, 0, memchr(text, '\n', len) ? PZ_TEXT_JANKO : PZ_TEXT_AUTO,
                         &info);
  json_t *o = NULL;
  if (!st && pz_text_count(t) == 1) {
    size_t cells = (size_t)pz_text_size(t, 0) * (size_t)pz_text_size(t, 0);
    const int *regions = pz_text_regions(t, 0);
    o = json_pack("{soso}", "puzzle", symbols(pz_text_cells(t, 0), cells), "solution",
                  symbols_of_array(json_object_get(out, "cells")));
    if (o) copy_fields(o, out, before);
    if (o && regions) json_object_set_new(o, "regions", symbols(regions, cells));
    if (o) copy_fields(o, out, after);
  }
  pz_text_free(t);
  json_decref(out);
  if (!o) say(msg, size, 500, st == PZ_ERR_NOMEM || !st ? "out of memory"
                                                        : "the puzzle made does not read back");
  return o;
}

/* --- Futoshiki -------------------------------------------------------------------- */
/* One sign string of the request into n*n signs (absent: none). */
static unsigned get_signs(json_t *in, const char *key, const char *less, const char *greater,
                          int n, int *out, char *msg, size_t size) {
  json_t *j = json_object_get(in, key);
  memset(out, 0, (size_t)n * (size_t)n * sizeof(int));
  if (!j || json_is_null(j)) return 0;
  if (!json_is_string(j)) return say(msg, size, 400, "\"%s\" must be a string", key);
  const char *v = json_string_value(j);
  size_t len = strlen(v), cells = (size_t)n * (size_t)n;
  if (len != cells)
    return say(msg, size, 400, "%s: %zu characters, a %dx%d grid needs %zu (one sign a cell)",
               key, len, n, n, cells);
  for (size_t i = 0; i < cells; i++) {
    char ch = v[i];
    if (ch == '.') continue;
    if (strchr(less, ch)) out[i] = PZ_FUTOSHIKI_LESS;
    else if (strchr(greater, ch)) out[i] = PZ_FUTOSHIKI_GREATER;
    else
      return say(msg, size, 400, "%s:1:%zu: '%c' is no sign ('.', '%c' or '%c')", key, i + 1,
                 ch >= 32 && ch < 127 ? ch : '?', less[0], greater[0]);
  }
  return 0;
}

/* "digits": one line of n*n cells as a Sudoku puzzle is written (n 0:
 * any square up to the server's largest side) into *cells (malloc'ed)
 * and *n. */
static unsigned get_digits(json_t *in, int *n, int **cells, char *msg, size_t size) {
  json_t *j = json_object_get(in, "digits");
  if (!json_is_string(j)) return say(msg, size, 400, "\"digits\" must be a string");
  const char *line = json_string_value(j);
  size_t len = strlen(line), most = (size_t)web_lim.max_sudoku * (size_t)web_lim.max_sudoku;
  if (!len) return say(msg, size, 400, "\"digits\" is empty");
  if (len > most * 3 + 64 || memchr(line, '\n', len))
    return say(msg, size, 400, "\"digits\" is one line of n*n cells (1-9, A-Z, '.' or 0 "
               "blank), n up to %d", web_lim.max_sudoku);
  pz_text *t = NULL;
  pz_parse_info info;
  memset(&info, 0, sizeof info);
  int st = pz_text_parse(&t, line, len, *n, PZ_TEXT_AUTO, &info);
  if (st) return say_parse(msg, size, "digits", st, &info);
  int m = pz_text_count(t) == 1 ? pz_text_size(t, 0) : 0;
  unsigned bad = 0;
  if (!m || (*n && m != *n) || m > web_lim.max_sudoku) {
    bad = *n && m ? say(msg, size, 400, "digits: %d cells, the grid has %d", m * m, *n * *n)
                  : say(msg, size, 400, "digits: one line of n*n cells, n up to %d",
                        web_lim.max_sudoku);
  } else if (!(*cells = (int *)malloc((size_t)m * (size_t)m * sizeof(int)))) {
    bad = say(msg, size, 500, "out of memory");
  } else {
    memcpy(*cells, pz_text_cells(t, 0), (size_t)m * (size_t)m * sizeof(int));
    *n = m;
  }
  pz_text_free(t);
  return bad;
}

/* A Futoshiki written by one of pz's writers, as a string. */
static json_t *futoshiki_text(int sgt, const int *cells, int n, const int *right,
                              const int *down) {
  memtext t;
  FILE *out = text_open(&t);
  if (!out) return NULL;
  int st = sgt ? pz_futoshiki_write_sgt(out, cells, n, right, down)
               : pz_futoshiki_write_grid(out, cells, n, right, down);
  return text_string(&t, !st, sgt);
}

unsigned old_futoshiki_request(json_t *in, char *msg, size_t size) {
  json_t *puzzle = json_object_get(in, "puzzle");
  int has_digits = json_object_get(in, "digits") != NULL;
  int has_signs = json_object_get(in, "right") || json_object_get(in, "down");
  if (json_is_null(puzzle)) puzzle = NULL;
  if (puzzle && has_signs)
    return say(msg, size, 400, "give \"puzzle\" or \"digits\" with \"right\" and \"down\", not both");
  if (!has_digits) {
    if (puzzle) return 0; /* the kind's own text */
    return say(msg, size, 400, "the request needs \"puzzle\" (a grid or game id pz-futoshiki "
               "reads) or \"digits\" (with \"right\" and \"down\")");
  }
  if (puzzle && !json_is_string(puzzle)) return say(msg, size, 400, "\"puzzle\" must be a string");
  pz_futoshiki_def *d = NULL;
  int n = 0, *cells = NULL, *signs = NULL;
  unsigned bad = 0;
  if (puzzle) { /* its signs, with the givens of "digits" */
    pz_parse_info info;
    memset(&info, 0, sizeof info);
    int st = pz_futoshiki_parse(json_string_value(puzzle), json_string_length(puzzle), &d, &info);
    if (st) return say_parse(msg, size, "puzzle", st, &info);
    n = pz_futoshiki_def_order(d);
  }
  bad = get_digits(in, &n, &cells, msg, size);
  size_t count = (size_t)n * (size_t)n;
  if (!bad && !(signs = (int *)malloc(2 * count * sizeof(int))))
    bad = say(msg, size, 500, "out of memory");
  if (!bad && d) {
    memcpy(signs, pz_futoshiki_def_right(d), count * sizeof(int));
    memcpy(signs + count, pz_futoshiki_def_down(d), count * sizeof(int));
  } else if (!bad) {
    bad = get_signs(in, "right", "<", ">", n, signs, msg, size);
    if (!bad) bad = get_signs(in, "down", "^", "vV", n, signs + count, msg, size);
    for (int i = 0; i < n && !bad; i++)
      if (signs[i * n + n - 1] || signs[count + (size_t)(n - 1) * (size_t)n + (size_t)i])
        bad = say(msg, size, 400, "a sign points off the grid: \"right\" has none in the last "
                  "column, \"down\" none in the last row");
  }
  json_t *text = bad ? NULL : futoshiki_text(0, cells, n, signs, signs + count);
  if (!bad && (!text || json_object_set_new(in, "puzzle", text)))
    bad = say(msg, size, 500, "out of memory");
  if (!bad) {
    json_object_del(in, "digits");
    json_object_del(in, "right");
    json_object_del(in, "down");
  }
  pz_futoshiki_def_free(d);
  free(cells);
  free(signs);
  return bad;
}

/* Signs as a request gives them: one character a cell. */
static json_t *sign_string(const int *signs, size_t count, char less, char greater) {
  char *v = (char *)malloc(count + 1);
  if (!v) return NULL;
  for (size_t i = 0; i < count; i++)
    v[i] = signs[i] == PZ_FUTOSHIKI_LESS ? less : signs[i] == PZ_FUTOSHIKI_GREATER ? greater : '.';
  v[count] = '\0';
  json_t *j = json_string(v);
  free(v);
  return j;
}

/* The puzzle of an answer ("puzzle", the kind's text) read back; NULL with
 * msg set, out taken, when it cannot be. */
static pz_futoshiki_def *futoshiki_of(json_t *out, char *msg, size_t size) {
  json_t *text = json_object_get(out, "puzzle");
  pz_futoshiki_def *d = NULL;
  int st = pz_futoshiki_parse(json_string_value(text), json_string_length(text), &d, NULL);
  if (st) {
    json_decref(out);
    say(msg, size, 500, st == PZ_ERR_NOMEM ? "out of memory" : "the puzzle does not read back");
    return NULL;
  }
  return d;
}

/* "n", "digits", "right", "down" of d into o. */
static void futoshiki_fields(json_t *o, const pz_futoshiki_def *d) {
  int n = pz_futoshiki_def_order(d);
  size_t cells = (size_t)n * (size_t)n;
  json_object_set_new(o, "n", json_integer(n));
  json_object_set_new(o, "digits", symbols(pz_futoshiki_def_givens(d), cells));
  json_object_set_new(o, "right", sign_string(pz_futoshiki_def_right(d), cells, '<', '>'));
  json_object_set_new(o, "down", sign_string(pz_futoshiki_def_down(d), cells, '^', 'v'));
}

json_t *old_futoshiki_parsed(json_t *out, char *msg, size_t size) {
  pz_futoshiki_def *d = futoshiki_of(out, msg, size);
  if (!d) return NULL;
  json_t *o = json_object();
  if (o) futoshiki_fields(o, d);
  pz_futoshiki_def_free(d);
  json_decref(out);
  if (!o) say(msg, size, 500, "out of memory");
  return o;
}

json_t *old_futoshiki_generated(json_t *out, char *msg, size_t size) {
  static const char *const after[] = {"level", "seed", "complete", "reason", NULL};
  if (!json_is_string(json_object_get(out, "puzzle"))) return out; /* none made */
  pz_futoshiki_def *d = futoshiki_of(out, msg, size);
  if (!d) return NULL;
  int n = pz_futoshiki_def_order(d);
  const int *g = pz_futoshiki_def_givens(d), *right = pz_futoshiki_def_right(d),
            *down = pz_futoshiki_def_down(d);
  json_t *o = json_pack("{soso}", "puzzle", futoshiki_text(0, g, n, right, down), "id",
                        futoshiki_text(1, g, n, right, down));
  if (o) {
    futoshiki_fields(o, d);
    json_object_set_new(o, "solution", symbols_of_array(json_object_get(out, "cells")));
    json_object_set(o, "clues", json_object_get(out, "givens"));
    copy_fields(o, out, after);
  }
  pz_futoshiki_def_free(d);
  json_decref(out);
  if (!o) say(msg, size, 500, "out of memory");
  return o;
}
