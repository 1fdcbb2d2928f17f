/* The one lexer and the one error reporter every text parser shares:
 * reading a whole stream, cutting it into lines and blank-separated
 * tokens, range-checked numbers, printable quotes of input for messages,
 * and puzz.link URLs. */
#ifndef PZ_IO_INPUT_H
#define PZ_IO_INPUT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pz/common.h"

#if defined(__GNUC__)
#define PZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PZ_PRINTF(f, a)
#endif

/* Reads all of `in` into *buf (malloc'd, caller frees) of *len bytes.
 * PZ_ERR_IO (with a message in info) if the stream fails. */
int pz_read_all(FILE *in, char **buf, size_t *len, pz_parse_info *info);

/* Defines `int name(FILE *in, type **out, pz_parse_info *info)`, the
 * stream reader beside a parser `int parse(const char *text, size_t len,
 * type **out, pz_parse_info *info)`: all of in, through parse. *out NULL
 * and info cleared first; PZ_ERR_ARG without in or out. */
#define PZ_READ_THROUGH(name, type, parse)                           \
  int name(FILE *in, type **out, pz_parse_info *info) {              \
    char *buf_;                                                      \
    size_t len_;                                                     \
    if (out) *out = NULL;                                            \
    if (info) memset(info, 0, sizeof *info);                         \
    if (!in || !out) return PZ_ERR_ARG;                              \
    int st_ = pz_read_all(in, &buf_, &len_, info);                   \
    if (st_) return st_;                                             \
    st_ = parse(buf_, len_, out, info);                              \
    free(buf_);                                                      \
    return st_;                                                      \
  }

/* Fills info (when not NULL) with line, column and a formatted message,
 * and returns st. Input text must reach the format only through pz_quote,
 * so raw bytes never end up in a message. */
int pz_parse_fail(pz_parse_info *info, size_t line, size_t col, int st,
                  const char *fmt, ...) PZ_PRINTF(5, 6);

/* A printable copy of some input for messages: printable ASCII and
 * well-formed UTF-8 as they are, every other byte (NUL included) as \xNN;
 * at most 24 input bytes, then "...". */
typedef struct pz_quoted {
  char s[112];
} pz_quoted;
pz_quoted pz_quote(const char *s, size_t len);
/* Length of the character at s (a well-formed UTF-8 sequence, else 1). */
size_t pz_char_len(const char *s, size_t len);

/* One line: its bytes without '\n' and a trailing '\r'. */
typedef struct pz_line {
  const char *s;
  size_t len;
  size_t no; /* line number, from 1 */
} pz_line;

/* A piece of a line; col counts bytes from 1. */
typedef struct pz_tok {
  const char *s;
  size_t len, line, col;
} pz_tok;

typedef struct pz_lexer {
  const char *buf;
  size_t len, pos, no;
} pz_lexer;

/* Starts at buf, after a UTF-8 byte-order mark if there is one. */
void pz_lex_init(pz_lexer *lx, const char *buf, size_t len);
/* The next line into *out: 1, or 0 at the end of the input. */
int pz_lex_line(pz_lexer *lx, pz_line *out);
/* PZ_ERR_PARSE (reported at the byte) when the line holds a NUL byte:
 * text formats never contain one, and C strings would cut it short. */
int pz_line_check(const pz_line *l, pz_parse_info *info);

/* Space, tab, CR, VT, FF. */
int pz_is_blank(int ch);
/* The line without leading and trailing blanks, as a token. */
pz_tok pz_line_trim(const pz_line *l);
/* 1 if the line is empty or only blanks. */
int pz_line_blank(const pz_line *l);
/* Next blank-separated token of l at or after *pos: 1, or 0 at the end. */
int pz_lex_token(const pz_line *l, size_t *pos, pz_tok *tok);

/* Reads t as a decimal integer (a leading '-' only when lo < 0) in lo..hi
 * into *v. PZ_ERR_PARSE when t is not an integer, PZ_ERR_RANGE when it is
 * outside lo..hi (however many digits it has); both reported at t naming
 * `what` and t as written. On PZ_ERR_RANGE *v still gets the value,
 * saturated at +-2^62, so callers can tell too small from too large. */
int pz_lex_int(pz_tok t, long long lo, long long hi, const char *what,
               long long *v, pz_parse_info *info);

/* A count in 1..max (rows, columns): PZ_ERR_PARSE when missing, not a
 * number or below 1, PZ_ERR_TOO_LARGE above max; messages name `what`
 * ("rows") and t as written. */
int pz_lex_size(pz_tok t, const char *what, int max, int *out,
                pz_parse_info *info);

/* Labels that name things (cages, regions): a token of ASCII letters and
 * digits, any length, compared as written except that a number's leading
 * zeros do not count (07 is 7). Each new label gets the next id, from 0,
 * in order of first appearance. The tokens point into the input, which
 * must outlive the table. */
typedef struct pz_labels {
  pz_tok *first; /* id -> the token that introduced it */
  int *slot;     /* open-addressing hash: an id, or -1 */
  size_t cap;    /* slots: a power of two, at least twice max */
  int count, max;
} pz_labels;
/* A table for at most max labels: PZ_OK or PZ_ERR_NOMEM. */
int pz_labels_init(pz_labels *lb, int max);
void pz_labels_free(pz_labels *lb);
/* 1 if t is a label (letters and digits only). */
int pz_label_ok(pz_tok t);
/* The id of label t, new when t was not seen; -1 when t is new and the
 * table already holds max labels. */
int pz_labels_id(pz_labels *lb, pz_tok t);

/* A puzz.link / pzv.jp URL, "[https://puzz.link/p?]TYPE/COLS/ROWS/BODY". */
typedef struct pz_url {
  int cols, rows;
  pz_tok body;
} pz_url;
/* Splits the URL in t for puzzle `type` (sizes 1..max_size); reports what
 * is missing, extra or wrong. */
int pz_url_parse(pz_tok t, const char *type, int max_size, pz_url *u,
                 pz_parse_info *info);
/* Value of a base-32 URL digit (0-9, a-v), or -1. */
int pz_url_b32(int ch);

#endif
