/* Texts written into memory (memtext.h). */
#include "memtext.h"

#include <stdlib.h>

FILE *text_open(memtext *t) {
  t->buf = NULL;
  t->size = 0;
  return t->out = open_memstream(&t->buf, &t->size);
}

json_t *text_string(memtext *t, int ok, int chomp) {
  json_t *j = NULL;
  if (!fclose(t->out) && ok) {
    if (chomp && t->size && t->buf[t->size - 1] == '\n') t->buf[t->size - 1] = '\0';
    j = json_string(t->buf);
  }
  free(t->buf);
  return j;
}
