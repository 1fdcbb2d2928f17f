/* pz: every puzzle kind behind one descriptor (docs/KINDS.md).
 *
 * A kind (Sudoku, Killer, Kakuro, Skyscrapers, ...) is a static pz_kind:
 * its name and aliases, a table of parameters (size, box shape, stars,
 * variants...), the text formats it reads and writes, and what it can do.
 * One call per step works on any kind: split an input into puzzles,
 * parse one into a definition (pz_def: layout and givens), make the
 * pz_puzzle that solves, counts, rates and explains it (<pz/puzzle.h>),
 * write it or an answer back in any of its formats, generate one, draw
 * it. The pz program, pz-web and the tests are driven by this table
 * alone. The typed calls of each kind (<pz/killer.h>, ...) stay. */
#ifndef PZ_KIND_H
#define PZ_KIND_H

#include <stdio.h>

#include "common.h"
#include "generate.h"
#include "puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A kind: static, never freed. */
typedef struct pz_kind pz_kind;
/* Values for a kind's parameters: the caller's (pz_kind_args_free). */
typedef struct pz_kind_args pz_kind_args;
/* One puzzle of a kind, layout and givens (and, when generated, its
 * solution): the caller's (pz_def_free). */
typedef struct pz_def pz_def;
struct pz_scene; /* <pz/render.h> */

/* How a parameter's value is written. */
typedef enum pz_param_type {
  PZ_PARAM_INT = 0,   /* a number in min..max */
  PZ_PARAM_SHAPE = 1, /* "RxC" (or "N" for NxN), each side in min..max */
  PZ_PARAM_WORD = 2,  /* one of words */
  PZ_PARAM_WORDS = 3, /* a comma-separated list of words ("" = none) */
  PZ_PARAM_FLAG = 4,  /* on when given, no value */
  PZ_PARAM_TEXT = 5,  /* any text ("25%"), the kind's to read */
  PZ_PARAM_FILE = 6   /* a file's contents (jigsaw regions): a program
                         takes the file's name and sets what it holds; the
                         web API takes the contents themselves */
} pz_param_type;

/* One parameter of a kind: a command-line option --NAME, a field of the
 * web API's requests. */
typedef struct pz_param {
  const char *name;         /* "size", "box", "stars", "variant" */
  pz_param_type type;
  const char *fallback;     /* the default as written; NULL: none (the
                               input decides, or the parameter is off) */
  int min, max;             /* INT, SHAPE: bounds */
  const char *const *words; /* WORD, WORDS: NULL-terminated */
  const char *arg;          /* the value's name in usage: "N", "RxC" */
  const char *help;         /* one sentence */
} pz_param;

/* Another name a parameter answers to, such as an older program's option
 * (--order for Futoshiki's --size): pz_kind_args_set takes either. */
typedef struct pz_param_alias {
  const char *alias; /* "order" */
  const char *name;  /* the parameter's own name: "size" */
} pz_param_alias;

/* What a kind can do (pz_kind_modes). */
enum {
  PZ_KIND_SOLVE = 1u << 0,
  PZ_KIND_COUNT = 1u << 1,   /* also --all */
  PZ_KIND_UNIQUE = 1u << 2,
  PZ_KIND_RATE = 1u << 3,    /* also hint and explain */
  PZ_KIND_GENERATE = 1u << 4,
  PZ_KIND_SCENE = 1u << 5,   /* pz_def_scene draws it */
  PZ_KIND_GENERATE_ON = 1u << 6, /* pz_def_generate: on an input's layout */
  PZ_KIND_ESTIMATE = 1u << 7, /* pz_puzzle_estimate: sampled count */
  PZ_KIND_CANDIDATES = 1u << 8 /* pz_puzzle_candidates */
};

/* --- The registry ---------------------------------------------------- */

/* The kind named name or one of its aliases ("killer", "jigsaw",
 * "towers"), case-insensitive; NULL when there is none. */
PZ_API const pz_kind *pz_kind_find(const char *name);
/* Every kind, in a stable order; *n gets their number (may be NULL). The
 * array is static and NULL-terminated. */
PZ_API const pz_kind *const *pz_kind_list(size_t *n);

/* The kind's name ("killer"), title ("Killer Sudoku") and rules in a
 * short paragraph (static strings). */
PZ_API const char *pz_kind_name(const pz_kind *k);
PZ_API const char *pz_kind_title(const pz_kind *k);
PZ_API const char *pz_kind_rules(const pz_kind *k);
/* Other names (NULL-terminated, static; may be empty). */
PZ_API const char *const *pz_kind_aliases(const pz_kind *k);
/* The parameters (static; *n of them). */
PZ_API const pz_param *pz_kind_params(const pz_kind *k, size_t *n);
/* The other names of its parameters (static; *n of them, often none). */
PZ_API const pz_param_alias *pz_kind_param_aliases(const pz_kind *k,
                                                   size_t *n);
/* The formats it writes (NULL-terminated, static): "grid" and "line"
 * (answers; for kinds whose givens are the whole puzzle, puzzles too) and
 * its exchange formats ("janko", "sgt", ...). pz_kind_parse reads every
 * one that holds a puzzle. */
PZ_API const char *const *pz_kind_formats(const pz_kind *k);
/* What it can do: PZ_KIND_* bits. */
PZ_API unsigned pz_kind_modes(const pz_kind *k);
/* A paragraph on its input: the formats parse reads (static). */
PZ_API const char *pz_kind_input_help(const pz_kind *k);
/* For kinds whose cells hold a piece or not (value 1 or 0): its name,
 * "star" or "knight" (static); NULL for kinds of numbers. */
PZ_API const char *pz_kind_piece(const pz_kind *k);
/* A cell value as the kind writes it in maps and steps ("N" for a
 * knight, "black"), else the number, into buf. */
PZ_API void pz_kind_value_name(const pz_kind *k, int value, char *buf,
                               size_t len);

/* An answer as a reader sees it (--format json): for a puzzle of rows x
 * cols cells, the shape shown into *vr, *vc and, when cells is not NULL,
 * the cells shown into out (room for rows*cols). Eulero shows squares A
 * and B side by side, without the pair numbers the puzzle keeps after
 * them. PZ_ERR_UNSUPPORTED (nothing written) for kinds that show the
 * puzzle's cells as they are. */
PZ_API int pz_kind_view(const pz_kind *k, const int *cells, int rows,
                        int cols, int *out, int *vr, int *vc);

/* --- Parameters ------------------------------------------------------ */

/* Defaults for every parameter of k into *out. */
PZ_API int pz_kind_args_new(const pz_kind *k, pz_kind_args **out);
PZ_API void pz_kind_args_free(pz_kind_args *a);
/* Sets parameter name to value (as typed: "3x3", "9", "x,windoku"; NULL
 * for a flag). PZ_ERR_ARG for an unknown name, PZ_ERR_RANGE or
 * PZ_ERR_PARSE for a bad value, with a message in why (may be NULL). */
PZ_API int pz_kind_args_set(pz_kind_args *a, const char *name,
                            const char *value, pz_parse_info *why);
/* 1 when name was set (not left at its default). */
PZ_API int pz_kind_args_given(const pz_kind_args *a, const char *name);

/* --- Input ----------------------------------------------------------- */

/* One puzzle's place in a text of several. */
typedef struct pz_span {
  size_t offset, len; /* its bytes */
  size_t line;        /* the line it starts at (from 1) */
} pz_span;

/* Splits len bytes into the puzzles they hold, in order: *parts gets a
 * malloc'd array (the caller's: free()) of *n spans; comment lines go
 * with the puzzle after them; an input of blanks and comments has none.
 * PZ_ERR_NOMEM. */
PZ_API int pz_kind_split(const pz_kind *k, const char *text, size_t len,
                         pz_span **parts, size_t *n);
/* Parses one puzzle (len bytes, in any format the kind reads) under a
 * (NULL: the defaults) into *out. PZ_ERR_PARSE, PZ_ERR_RANGE,
 * PZ_ERR_TOO_LARGE, PZ_ERR_NOMEM with the place (lines from 1 within
 * text) and a message in *info (may be NULL); *out NULL then. */
PZ_API int pz_kind_parse(const pz_kind *k, const pz_kind_args *a,
                         const char *text, size_t len, pz_def **out,
                         pz_parse_info *info);
/* The puzzle a's parameters make alone, with no input, into *out: for
 * kinds that have one (Eulero's --order N: a square to find from
 * scratch). PZ_ERR_UNSUPPORTED when k has none or a does not ask for it
 * (the puzzle is then the input's), PZ_ERR_NOMEM. */
PZ_API int pz_kind_blank(const pz_kind *k, const pz_kind_args *a,
                         pz_def **out);
/* Generates one puzzle of k under a (size and rules), options o (backend,
 * time limit; may be NULL) and g (seed, difficulty, ...; may be NULL):
 * *out with its solution (pz_def_solution), info as pz_puzzle_generate.
 * *stop: PZ_SAT, PZ_UNSAT (no puzzle has these rules), PZ_UNKNOWN
 * (stopped; *out holds the closest one made, or NULL). PZ_ERR_UNSUPPORTED
 * when k does not generate. */
PZ_API int pz_kind_generate(const pz_kind *k, const pz_kind_args *a,
                            const pz_options *o, const pz_generate_options *g,
                            pz_def **out, pz_generate_info *info,
                            pz_result *stop);

/* --- Definitions ----------------------------------------------------- */

PZ_API void pz_def_free(pz_def *d);
PZ_API const pz_kind *pz_def_kind(const pz_def *d);
/* The puzzle to solve, its givens set, into *out (the caller's). */
PZ_API int pz_def_puzzle(const pz_def *d, pz_puzzle **out);
/* A generated puzzle's solution (the puzzle's cells), else NULL. Owned
 * by d. */
PZ_API const int *pz_def_solution(const pz_def *d);
/* Writes in format (one of pz_kind_formats; NULL: the kind's own puzzle
 * format for the puzzle, grid for an answer): with cells NULL the puzzle
 * itself, as pz_kind_parse reads it back; else an answer
 * (cells: the values of the puzzle's cells, as pz_puzzle_solve gives).
 * PZ_ERR_ARG for a format the kind has not, PZ_ERR_UNSUPPORTED for one
 * that cannot hold an answer (or the puzzle), PZ_ERR_IO. */
PZ_API int pz_def_write(const pz_def *d, const int *cells, const char *format,
                        FILE *out);
/* p was made from made (pz_def_puzzle): when d has the same rules, sets
 * d's givens on p, so one puzzle object (and the solver it keeps warm)
 * serves a file of puzzles, and *done gets 1. *done 0 (p unchanged) when
 * the rules differ or the kind cannot tell. */
PZ_API int pz_def_refill(const pz_def *made, const pz_def *d, pz_puzzle *p,
                         int *done);
/* Its picture with the givens, and solution (NULL: none) in the solver's
 * ink, into *out (the caller's: pz_scene_free, <pz/render.h>).
 * PZ_ERR_UNSUPPORTED when the kind does not draw. */
PZ_API int pz_def_scene(const pz_def *d, const int *solution,
                        struct pz_scene **out);

/* --- Checking an answer and generating on a layout ----------------- */

/* What pz_def_check found. */
typedef enum pz_verdict {
  PZ_VERDICT_CORRECT = 0,
  PZ_VERDICT_WRONG = 1,     /* the answer breaks a rule */
  PZ_VERDICT_INCOMPLETE = 2 /* a cell is empty */
} pz_verdict;

/* Checks the answer the input holds: for kinds whose input marks a
 * player's answer apart from the puzzle (Nondango's pzprv3 colours) that
 * answer, for every other kind the givens as a filled grid. p is d's
 * puzzle (pz_def_puzzle) with the caller's options: a grid in which no
 * two cells break a rule together is confirmed by solving p, under its
 * time limit. *v gets the verdict and why (may be NULL) the rule broken
 * or the empty cell, in a sentence; *r PZ_SAT when the check ran to its
 * end, PZ_UNKNOWN when the solve stopped (*v then undefined). */
PZ_API int pz_def_check(const pz_def *d, pz_puzzle *p, pz_verdict *v,
                        pz_result *r, pz_parse_info *why);

/* The format (one of pz_kind_formats) an answer to d is written in when
 * none is asked for: "grid" for most, the input's own for some (a .pls
 * square answers in "pls"). */
PZ_API const char *pz_def_answer_format(const pz_def *d);

/* The parameter a bare command-line argument sets when arg looks like its
 * value (Latin's order: "7"), NULL when arg names a file (or k takes no
 * such argument). */
PZ_API const char *pz_kind_positional(const pz_kind *k, const char *arg);
/* The name of an option that names the input file as FILE does ("fill":
 * --fill FILE), else NULL. */
PZ_API const char *pz_kind_input_option(const pz_kind *k);
/* The first parameter under a that makes puzzles on its own (Latin's
 * "random"): given, the parameters ask for generated puzzles rather than
 * an input; NULL when none is given. */
PZ_API const char *pz_kind_args_generate(const pz_kind_args *a);

/* Do a's parameters go together, for reading puzzles (g NULL) or for
 * generating, and then with g's targets (Sudoku's --jigsaw only
 * generating, and not with --regions; Latin's --random takes no
 * --givens)? PZ_OK, else PZ_ERR_ARG
 * or PZ_ERR_RANGE with the reason in why (may be NULL), a sentence
 * naming the options. */
PZ_API int pz_kind_args_check(const pz_kind_args *a,
                              const pz_generate_options *g,
                              pz_parse_info *why);

/* For a command-line argument: the name of what it is when it is a
 * puzzle itself (a puzz.link URL: "URL"), for messages; NULL when it
 * names a file. */
PZ_API const char *pz_kind_literal(const pz_kind *k, const char *arg);

/* Generates one puzzle on the layout of layout (for kinds with
 * PZ_KIND_GENERATE_ON: Nondango colours the circles of a given region
 * and circle layout), as pz_kind_generate. PZ_ERR_UNSUPPORTED for other
 * kinds. */
PZ_API int pz_def_generate(const pz_def *layout, const pz_options *o,
                           const pz_generate_options *g, pz_def **out,
                           pz_generate_info *info, pz_result *stop);

#ifdef __cplusplus
}
#endif
#endif
