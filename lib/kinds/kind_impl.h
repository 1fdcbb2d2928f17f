/* What a kind fills in: its entry of the one registry (registry.c). A
 * kind's folder, lib/kinds/KIND/, holds its rules, its text formats, its
 * generator and its scene, and one kind.c that ties them into a
 * `const pz_kind pz_kind_KIND`. */
#ifndef PZ_KIND_IMPL_H
#define PZ_KIND_IMPL_H

#include <pz/kind.h>
#include <pz/render.h>

/* The kind's own definition behind a pz_def. */
typedef struct pz_kind_ops {
  /* One puzzle's text under a into *def (info: line and column within
   * text). Required. */
  int (*parse)(const pz_kind_args *a, const char *text, size_t len,
               void **def, pz_parse_info *info);
  void (*def_free)(void *def);
  /* The puzzle, givens set. Required. */
  int (*puzzle)(const void *def, pz_puzzle **out);
  /* Format number f of the kind's formats (-1: its default, the puzzle's
   * own format for cells NULL, grid for an answer): cells NULL the
   * puzzle, else an answer (pz_def_write). Required. */
  int (*write)(const void *def, const int *cells, int f, FILE *out);
  /* Does this input line (len bytes, no newline) start a puzzle? first:
   * the current puzzle's first line so far (first_len 0: none yet),
   * blocks: its blocks of lines between blank lines, after_blank: a blank
   * line came just before. NULL: every line that is not blank or a
   * comment is one puzzle. */
  int (*starts)(const char *line, size_t len, const char *first,
                size_t first_len, int blocks, int after_blank);
  /* Optional: one puzzle and its solution (cells) into *def. */
  int (*generate)(const pz_kind_args *a, const pz_options *o,
                  const pz_generate_options *g, void **def, int **solution,
                  pz_generate_info *info, pz_result *stop);
  /* Optional: the picture (solution may be NULL). */
  int (*scene)(const void *def, const int *solution, pz_scene **out);
  /* Optional, instead of starts: the whole input into spans, for inputs
   * whose puzzles a line-by-line look cannot tell apart (pz_kind_split's
   * contract). */
  int (*split)(const char *text, size_t len, pz_span **parts, size_t *n);
} pz_kind_ops;

struct pz_kind {
  const char *name, *title, *rules, *input_help;
  const char *const *aliases;  /* NULL-terminated */
  const pz_param *params;      /* nparams of them */
  size_t nparams;
  const char *const *formats;  /* NULL-terminated */
  unsigned modes;              /* PZ_KIND_*; SCENE, GENERATE set from ops */
  pz_kind_ops ops;
  /* Optional: what a cell of value 1 holds ("star", "knight"; NULL: a
   * number), and the names of values (NULL-terminated from value 0,
   * NULL entries and values past the end: the number). */
  const char *piece;
  const char *const *value_names;
  size_t nvalue_names;
  /* Optional: other names of parameters (nparam_aliases of them). */
  const pz_param_alias *param_aliases;
  size_t nparam_aliases;
  /* Optional: the puzzle the parameters make alone (pz_kind_blank);
   * PZ_ERR_UNSUPPORTED when they make none. */
  int (*blank)(const pz_kind_args *a, void **def);
  /* Optional: an answer as a reader sees it (pz_kind_view). */
  void (*view)(const int *cells, int rows, int cols, int *out, int *vr,
               int *vc);
  /* More optional ops, set by name (.check = ...): */
  /* Optional, for inputs that mark a player's answer apart from the
   * puzzle (a pzprv3 file's colours): its verdict, *correct 1 or 0 and
   * the rule broken in why (pz_def_check). NULL: the givens are checked
   * as a filled grid. */
  int (*check)(const void *def, int *correct, pz_parse_info *why);
  /* Optional: is this command-line argument a puzzle itself (a URL)
   * rather than a file's name? Its name for messages ("URL"), else NULL
   * (pz_kind_literal). */
  const char *(*literal)(const char *arg);
  /* Optional: one puzzle on def's layout (its regions and circles, not
   * its givens) and its solution into *out (pz_def_generate). */
  int (*generate_on)(const void *def, const pz_options *o,
                     const pz_generate_options *g, void **out,
                     int **solution, pz_generate_info *info,
                     pz_result *stop);
  /* Optional: the format an answer to def is written in by default
   * (NULL, or no op: grid): a .pls square answers in .pls
   * (pz_def_answer_format). */
  const char *(*answer_format)(const void *def);
  /* Optional: the parameter a bare command-line argument sets when it
   * looks like its value (digits for a number) rather than a file's name:
   * `pz latin 7` is `pz latin --order 7` (pz_kind_positional). */
  const char *positional;
  /* Optional: an option that names the input file, as FILE does (an
   * older program's spelling: Latin's --fill FILE; pz_kind_input_option). */
  const char *input_option;
  /* Optional, NULL-terminated: parameters that make puzzles on their own
   * (Latin's --random, --qwh): given, they ask for generation
   * (pz_kind_args_generate). */
  const char *const *generate_params;
  /* Optional: do a's parameters go together, and, when generating (g not
   * NULL), with g's targets? PZ_ERR_ARG or PZ_ERR_RANGE with the reason
   * in why (pz_kind_args_check). */
  int (*args_check)(const pz_kind_args *a, const pz_generate_options *g,
                    pz_parse_info *why);
  /* Optional: is the value of text or file parameter name (as set) one
   * the kind can read? PZ_ERR_PARSE (why: the place within the value and
   * the reason) when not; pz_kind_args_set refuses it then. */
  int (*param_check)(const char *name, const char *value, pz_parse_info *why);
  /* Optional: when def has the same rules as made (p was made from made
   * by puzzle(), maybe refilled since), sets def's givens on p and sets
   * *done to 1; else leaves p alone, *done 0 (pz_def_refill). */
  int (*refill)(const void *made, const void *def, pz_puzzle *p, int *done);
};

/* A kind's table and its length in one go, so the two cannot disagree:
 * `PZ_KIND_PARAMS(params),` in a pz_kind initializer. */
#define PZ_KIND_PARAMS(t) .params = (t), .nparams = sizeof(t) / sizeof((t)[0])
#define PZ_KIND_VALUE_NAMES(t) \
  .value_names = (t), .nvalue_names = sizeof(t) / sizeof((t)[0])
#define PZ_KIND_PARAM_ALIASES(t) \
  .param_aliases = (t), .nparam_aliases = sizeof(t) / sizeof((t)[0])
/* What a kind that solves with the SAT model can do (generating and
 * drawing are set from its ops). */
#define PZ_KIND_SOLVER_MODES \
  (PZ_KIND_SOLVE | PZ_KIND_COUNT | PZ_KIND_UNIQUE | PZ_KIND_RATE | \
   PZ_KIND_ESTIMATE | PZ_KIND_CANDIDATES)
/* The fields every kind that solves with the SAT model fills alike, from
 * its kind.c's statics under their usual names (aliases, params, formats;
 * the ops parse, def_free, puzzle, write and scene) and the three ops that
 * vary (starts, generate, split; NULL where the kind has none):
 * `PZ_KIND_SOLVER(starts, generate, NULL),` in a pz_kind initializer. */
#define PZ_KIND_SOLVER(starts_, generate_, split_)                       \
  .aliases = aliases, PZ_KIND_PARAMS(params), .formats = formats,      \
  .modes = PZ_KIND_SOLVER_MODES,                                        \
  .ops = {parse, def_free, puzzle, write, starts_, generate_, scene, split_}

/* The def_free and puzzle ops of a kind whose def is its public
 * pz_NAME_def (freed by pz_NAME_def_free, made a puzzle by
 * pz_NAME_from_def): `PZ_KIND_PUBLIC_DEF(kakuro)` in its kind.c. */
#define PZ_KIND_PUBLIC_DEF(name)                                         \
  static void def_free(void *def) {                                      \
    pz_##name##_def_free((pz_##name##_def *)def);                        \
  }                                                                      \
  static int puzzle(const void *def, pz_puzzle **out) {                  \
    return pz_##name##_from_def(out, (const pz_##name##_def *)def);      \
  }

/* The end of a generate op, which owns sol: with st PZ_OK and a puzzle d
 * made, d and sol go out through *def and *solution; else sol is freed
 * and st returned (PZ_OK with no puzzle: stopped before one was made). */
int pz_kind_generated(int st, void *d, int *sol, void **def, int **solution);

/* The end of making a kind's puzzle *out with status st: with st PZ_OK,
 * givens (NULL: none) set on it; on any failure *out freed and NULL. The
 * status either way. */
int pz_kind_puzzle_made(int st, const int *givens, pz_puzzle **out);

/* The end of a parse op, which owns d: with st PZ_OK, d goes out through
 * *def; else d is freed with free_def and st returned. */
int pz_kind_parsed(int st, void *d, void (*free_def)(void *), void **def);

/* The end of a split op: the made spans p (their offsets and lines set)
 * each run to where the next begins, the last to len, and go out through
 * *parts and *count; none made: p is freed and *parts NULL. PZ_OK. */
int pz_kind_split_made(pz_span *p, size_t made, size_t len, pz_span **parts,
                       size_t *count);

/* A parse op's own failure (a parameter the input contradicts: "the size
 * asked for is 9, but ..."): the message into info (may be NULL),
 * PZ_ERR_PARSE. */
int pz_kind_parse_error(pz_parse_info *info, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* An args_check's refusal: the reason (printf's fmt) into why (may be
 * NULL), st returned. */
int pz_kind_refuse(pz_parse_info *why, int st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A parameter's value under a: INT and WORD (the word's index) into *v,
 * SHAPE into *r and *c, WORDS as text. The default when not given; the
 * return is 1 when given or defaulted, 0 when the parameter is unset (no
 * fallback) or not the kind's. */
int pz_kind_arg_int(const pz_kind_args *a, const char *name, int *v);
int pz_kind_arg_shape(const pz_kind_args *a, const char *name, int *r,
                      int *c);
const char *pz_kind_arg_text(const pz_kind_args *a, const char *name);

/* starts for kinds whose puzzles open with a header line of two numbers
 * ("9 9") after a blank line. */
int pz_kind_starts_header(const char *line, size_t len, const char *first,
                          size_t first_len, int blocks, int after_blank);
/* starts for kinds whose puzzles are blocks separated by blank lines. */
int pz_kind_starts_block(const char *line, size_t len, const char *first,
                         size_t first_len, int blocks, int after_blank);

#endif
