/* A text a writer prints, as a JSON string, for the API's answers: open
 * with text_open, write on t.out, then text_string. */
#ifndef PZ_WEB_MEMTEXT_H
#define PZ_WEB_MEMTEXT_H

#include <stdio.h>

#include <jansson.h>

typedef struct memtext {
  char *buf;
  size_t size;
  FILE *out;
} memtext;

/* t->out, a stream into memory; NULL when it cannot be opened. */
FILE *text_open(memtext *t);
/* The text as a JSON string (chomp: without its last newline), t closed
 * and freed; NULL when the writer (ok 0) or anything else failed. */
json_t *text_string(memtext *t, int ok, int chomp);

#endif
