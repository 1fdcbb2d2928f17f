/* An input a parser must refuse, and the check of the parser's answer:
 * the status, the place (line and column) and a piece of the message. */
#ifndef PZ_TEST_PARSE_CASE_H
#define PZ_TEST_PARSE_CASE_H

#include <pz.h>

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "read_file.h"

typedef struct parse_case {
  const char *text;
  int st;
  size_t line, col;
  const char *msg; /* a piece of the message */
} parse_case;

/* The length of case c's text. A case whose msg is "NUL" tests a NUL byte
 * inside the text: its text holds one, and goes on to the literal's end. */
static inline size_t case_length(const parse_case *c) {
  size_t n = strlen(c->text);
  if (strcmp(c->msg, "NUL")) return n;
  return n + 1 + strlen(c->text + n + 1);
}

/* Did the parser refuse case i, c, as it should: status st, info, and
 * def (what it left in its output) NULL, and some message? Each miss is
 * reported. */
static inline void check_refused(size_t i, const parse_case *c, int st,
                                 const pz_parse_info *info, const void *def) {
  if (st == c->st && info->line == c->line && info->column == c->col &&
      info->message[0] && strstr(info->message, c->msg) && !def)
    return;
  fprintf(stderr, "case %zu: got %d %zu:%zu '%s'%s, want %d %zu:%zu '%s'\n", i,
          st, info->line, info->column, info->message,
          def ? " and a definition" : "", c->st, c->line, c->col, c->msg);
  check_failures++;
}

/* Runs every case of the table cases (an array) through PARSE, the kind's
 * parser pz_KIND_parse(text, len, TYPE **def, info), each refused as
 * check_refused asks; the output starts non-NULL so that a parser which
 * forgets to clear it is caught, and whatever it returns is freed by FREE. */
#define CHECK_REFUSALS(cases, TYPE, PARSE, FREE)                              \
  for (size_t case_i_ = 0; case_i_ < sizeof(cases) / sizeof *(cases);        \
       case_i_++) {                                                           \
    const parse_case *case_ = &(cases)[case_i_];                              \
    size_t len_ = case_length(case_);                                         \
    TYPE *def_ = (TYPE *)&len_;                                               \
    pz_parse_info info_;                                                      \
    memset(&info_, 0, sizeof info_);                                          \
    int st_ = PARSE(case_->text, len_, &def_, &info_);                        \
    check_refused(case_i_, case_, st_, &info_, def_);                         \
    if (def_ != (TYPE *)&len_) FREE(def_);                                    \
  }

/* Defines `static TYPE *NAME(const char *text)`: text parsed by PARSE (as
 * in CHECK_REFUSALS), which must succeed, else the test stops. */
#define DEFINE_PARSE_OK(NAME, TYPE, PARSE)                                    \
  static TYPE *NAME(const char *text) {                                       \
    TYPE *d = NULL;                                                           \
    pz_parse_info info;                                                       \
    int st = PARSE(text, strlen(text), &d, &info);                            \
    if (st)                                                                   \
      fprintf(stderr, "parse of '%s': %zu:%zu: %s\n", text, info.line,       \
              info.column, info.message);                                     \
    REQUIRE(st == PZ_OK && d);                                                \
    return d;                                                                 \
  }

/* Defines `static TYPE *NAME(const char *file)`: test/data/DIR/file read by
 * READ, the kind's pz_KIND_read(FILE *, TYPE **, info), which must succeed. */
#define DEFINE_READ_DATA(NAME, TYPE, READ, DIR)                               \
  static TYPE *NAME(const char *file) {                                       \
    char path[512];                                                           \
    FILE *f = open_test_data(path, sizeof path, DIR, file);                   \
    TYPE *d = NULL;                                                           \
    pz_parse_info info;                                                       \
    int st = READ(f, &d, &info);                                              \
    fclose(f);                                                                \
    if (st)                                                                   \
      fprintf(stderr, "%s:%zu:%zu: %s\n", path, info.line, info.column,      \
              info.message);                                                  \
    REQUIRE(st == PZ_OK && d);                                                \
    return d;                                                                 \
  }

#endif
