/* pz: modern variant Sudoku stated as constraint strings in the format of
 * the Interactive Sudoku Solver (ISS): ".Type~arg~...~R1C1~R1C2", one
 * constraint per line or all on one line as ISS URLs carry them, ".~R4C2_5"
 * a given, ".~R4C6_2_4_6_8" the digits a cell may take, ".Shape~6x6" the
 * grid. docs/VARIANTS.md lists the types pz supports.
 *
 *   pz_iss_def *d;
 *   pz_parse_info info;
 *   if (pz_iss_parse(text, len, &d, &info) == PZ_OK) {
 *     pz_puzzle *p;
 *     pz_iss_puzzle(d, &p);                 // then pz_puzzle_count etc.
 *     ...
 *   }
 *
 * Cells are numbered r * size + c from 0; values run 1..size. */
#ifndef PZ_VARIANTS_H
#define PZ_VARIANTS_H

#include <stddef.h>
#include <stdio.h>

#include "pz/common.h"
#include "pz/puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The constraint types pz reads. Numbers are stable once released. */
typedef enum pz_iss_type {
  PZ_ISS_ALLDIFFERENT = 0, /* cells */
  PZ_ISS_DIAGONAL,         /* args[0]: 1 = rising (/), -1 = falling (\) */
  PZ_ISS_ANTIKING,         /* global */
  PZ_ISS_ANTIKNIGHT,       /* global */
  PZ_ISS_ANTICONSECUTIVE,  /* global: orthogonal neighbours differ by != 1 */
  PZ_ISS_THERMO,           /* cells from the bulb, strictly increasing */
  PZ_ISS_CAGE,             /* args[0]: sum, 0 = none; distinct cells */
  PZ_ISS_ARROW,            /* cells[0] the circle = sum of the rest */
  PZ_ISS_DOUBLEARROW,      /* the two ends add up to the middle's sum */
  PZ_ISS_WHISPER,          /* args[0]: neighbours on the line differ >= */
  PZ_ISS_RENBAN,           /* consecutive digits, any order */
  PZ_ISS_WHITEDOT,         /* adjacent cells of the list differ by 1 */
  PZ_ISS_BLACKDOT,         /* adjacent cells of the list: one twice other */
  PZ_ISS_X,                /* adjacent cells of the list add up to 10 */
  PZ_ISS_V,                /* adjacent cells of the list add up to 5 */
  PZ_ISS_GREATERTHAN,      /* each cell > the later cells adjacent to it */
  PZ_ISS_PALINDROME,       /* the line reads the same both ways */
  PZ_ISS_QUAD,             /* cells: the 2x2 square; args: the digits */
  PZ_ISS_ENTROPIC,         /* 3 consecutive cells: one of 123, 456, 789 */
  PZ_ISS_MODULAR,          /* args[0] = m: m consecutive cells differ mod m */
  PZ_ISS_ZIPPER,           /* pairs equally far from the centre: same sum */
  PZ_ISS_REGIONSUMLINE,    /* same sum in every box segment of the line */
  PZ_ISS_SANDWICH,         /* args[0] sum between 1 and max; cells: line */
  PZ_ISS_INDEXING,         /* args[0] 'C' or 'R'; cells: the controls */
  PZ_ISS_LITTLEKILLER,     /* args[0] sum; cells: the diagonal from its clue */
  PZ_ISS_XSUM,             /* the first X cells (X the first) add up to */
  PZ_ISS_SKYSCRAPER,       /* towers seen from the clue's end */
  PZ_ISS_BETWEEN,          /* cells strictly between the two ends */
  PZ_ISS_LOCKOUT,          /* args[0] least difference of the ends; cells
                              never within the ends' range */
  PZ_ISS_PILLARROW,        /* args[0] pill size 2 or 3: the number the pill
                              cells (first) read = sum of the rest */
  PZ_ISS_WINDOKU,          /* global: the boxes between the boxes */
  PZ_ISS_DISJOINTSETS,     /* global: each place of a box differs */
  PZ_ISS_STRICTKROPKI,     /* global: pairs with no dot are no dot pair */
  PZ_ISS_STRICTXV,         /* global: pairs with no X or V add to neither */
  PZ_ISS_NOBOXES,          /* global: no boxes */
  PZ_ISS_JIGSAW,           /* cells: n * n region numbers 0.. (first seen
                              first), each region n cells */
  PZ_ISS_NUMBEREDROOM,     /* the first cell X: the Xth cell is the clue */
  PZ_ISS_HIDDENSKYSCRAPER, /* the first tower hidden is the clue */
  PZ_ISS_CONTAINATLEAST,   /* args: digits (a digit twice: twice); cells */
  PZ_ISS_CONTAINEXACT,     /* the same, each listed digit exactly so often */
  PZ_ISS_ANTITAXICAB,      /* global: a digit d never d steps (taxicab)
                              from another d */
  PZ_ISS_SUMLINE,          /* args[0] sum: the line cut into runs of it */
  PZ_ISS_NTYPES
} pz_iss_type;

/* Outside clues on a row or a column (XSum, Skyscraper, NumberedRoom,
 * HiddenSkyscraper): args[0] 'R' or 'C', args[1] its index from 0,
 * args[2] the clue seen from the start (left, top), args[3] from the end
 * (0: none); cells: the line from the start. */

/* One constraint as written. */
typedef struct pz_iss_rule {
  pz_iss_type type;
  int nargs;
  int args[16];  /* numeric arguments, see pz_iss_type */
  int ncells;
  int *cells;    /* owned by the definition */
} pz_iss_rule;

/* A puzzle: the grid, what each cell may hold, and the constraints. */
typedef struct pz_iss_def {
  int size;             /* rows = columns = values (4..16) */
  int box_rows, box_cols; /* 0, 0 when the size has no boxes */
  unsigned *allowed;    /* size * size masks, bit v = value v allowed */
  pz_iss_rule *rules;
  size_t nrules;
} pz_iss_def;

/* Name of a type as ISS writes it ("Thermo"), NULL outside the enum. */
PZ_API const char *pz_iss_type_name(pz_iss_type t);

/* Reads one puzzle from text (len bytes): constraint lines, the same on
 * one line, or an ISS URL / its "?q=" value (percent-encoded). *out is the
 * caller's (pz_iss_free), NULL on error. PZ_ERR_PARSE for malformed
 * entries and unknown types, PZ_ERR_UNSUPPORTED for ISS types pz does not
 * support yet; info (may be NULL) then names line, column and the type. */
PZ_API int pz_iss_parse(const char *text, size_t len, pz_iss_def **out,
                        pz_parse_info *info);

/* A deep copy of d into *out (the caller's, pz_iss_free). */
PZ_API int pz_iss_copy(const pz_iss_def *d, pz_iss_def **out);

/* Makes the puzzle of d (rows, columns, boxes and every rule) into *out
 * (the caller's, pz_puzzle_free); d may be freed after. PZ_ERR_ARG with a
 * rule that binds nothing (a dot over cells none of them adjacent). */
PZ_API int pz_iss_puzzle(const pz_iss_def *d, pz_puzzle **out);

/* Writes d in the same format, one constraint per line; reading it back
 * gives the same definition. PZ_ERR_IO when the stream fails. */
PZ_API int pz_iss_write(FILE *out, const pz_iss_def *d);

/* The same on one line (the concatenated form of ISS URLs and of a batch
 * of one puzzle a line), then a newline. */
PZ_API int pz_iss_write_line(FILE *out, const pz_iss_def *d);

/* Frees d; NULL is a no-op. */
PZ_API void pz_iss_free(pz_iss_def *d);

#ifdef __cplusplus
}
#endif
#endif
