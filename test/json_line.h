/* The string value of a key in one line of a .jsonl file of published
 * puzzles (../shared/data/model), for the tests that read them. */
#ifndef PZ_TEST_JSON_LINE_H
#define PZ_TEST_JSON_LINE_H

#include <stdio.h>
#include <string.h>

/* The value of "key": "..." in line, unescaped (\n, \t; any other
 * escaped character stands for itself), into out; 0 when the key is
 * missing or the value longer than size - 1. */
static inline int json_string(const char *line, const char *key, char *out,
                              size_t size) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\": \"", key);
  const char *s = strstr(line, pat);
  if (!s) return 0;
  s += strlen(pat);
  size_t k = 0;
  for (; *s && *s != '"' && k + 1 < size; s++) {
    char c = *s;
    if (c == '\\') {
      c = *++s;
      if (!c) break;
      c = c == 'n' ? '\n' : c == 't' ? '\t' : c;
    }
    out[k++] = c;
  }
  out[k] = 0;
  return *s == '"';
}

#endif
