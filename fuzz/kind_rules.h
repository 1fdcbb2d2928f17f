/* Per kind, what fuzz_kinds checks beyond the kind table: the rules a
 * solution must obey (written here from the rules in include/pz/, sharing
 * no code with the encoders) and, for kinds with a typed stream reader,
 * that reader against the buffer parser. */
#ifndef PZ_FUZZ_KIND_RULES_H
#define PZ_FUZZ_KIND_RULES_H

#include "fuzz.h"

/* What the checkers need beyond the puzzle: the text parsed and the
 * parameters fuzz_kinds chose (0 when left at the default). */
typedef struct fuzz_kind_ctx {
  const char *text;
  size_t len;
  int box[2];        /* --box RxC, else 0x0 */
  unsigned variants; /* --variant: PZ_SUDOKU_* bits */
  int reduced;       /* --reduced */
} fuzz_kind_ctx;

/* One text through a typed buffer parser and its stream reader, each
 * made into a puzzle when it parsed (the caller frees both). */
typedef struct fuzz_typed {
  int parsed, read;          /* their statuses */
  pz_parse_info pinfo, rinfo;
  pz_puzzle *from_parse, *from_read;
} fuzz_typed;

typedef struct fuzz_kind_rules {
  const char *name;   /* the kind's name in the table */
  fuzz_checker check; /* state: a fuzz_kind_ctx */
  /* The typed parser and stream reader (in: the text, opened), or NULL. */
  void (*typed)(const char *text, size_t len, FILE *in, fuzz_typed *out);
  /* Other readers of the kind, or NULL (Eulero's Latin squares). */
  void (*extra)(const char *text, size_t len);
} fuzz_kind_rules;

/* The entry for the kind named name; NULL for a kind unknown here (a new
 * kind: fuzz_kinds fails until it has its rules). */
const fuzz_kind_rules *fuzz_kind_rules_of(const char *name);

#endif
