/* An input a parser must refuse, and the check of the parser's answer:
 * the status, the place (line and column) and a piece of the message. */
#ifndef PZ_TEST_PARSE_CASE_H
#define PZ_TEST_PARSE_CASE_H

#include <pz.h>

#include "check.h"

typedef struct parse_case {
  const char *text;
  int st;
  size_t line, col;
  const char *msg; /* a piece of the message */
} parse_case;

/* Did the parser refuse case i, c, as it should: status st, info, and
 * def (what it left in its output) NULL? Each miss is reported. */
static inline void check_refused(size_t i, const parse_case *c, int st,
                                 const pz_parse_info *info, const void *def) {
  if (st == c->st && info->line == c->line && info->column == c->col &&
      strstr(info->message, c->msg) && !def)
    return;
  fprintf(stderr, "case %zu: got %d %zu:%zu '%s'%s, want %d %zu:%zu '%s'\n", i,
          st, info->line, info->column, info->message,
          def ? " and a definition" : "", c->st, c->line, c->col, c->msg);
  check_failures++;
}

#endif
