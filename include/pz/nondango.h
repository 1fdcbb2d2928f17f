/* pz: Nondango. A grid is divided into regions and some cells hold
 * circles; every circle is coloured black or white so that
 *   1. every region holds exactly one black circle, and
 *   2. no three adjacent cells in a row, column or diagonal are all
 *      circles of the same colour (a cell without a circle breaks a run).
 * These are the rules exactly as the puzz.link (pzprjs) engine checks
 * them; in particular a region without any circle can never be satisfied.
 * See docs/NONDANGO.md for the rules and the text formats. */
#ifndef PZ_NONDANGO_H
#define PZ_NONDANGO_H

#include <stdio.h>

#include "puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest number of rows and of columns. */
#define PZ_NONDANGO_MAX_SIZE 1024

/* Given values (pz_puzzle_set_givens and pz_nondango_def_cells). */
#define PZ_NONDANGO_NO_CIRCLE 0    /* a cell without a circle */
#define PZ_NONDANGO_CIRCLE 1       /* a circle, colour to be found */
#define PZ_NONDANGO_GIVEN_WHITE 2  /* a circle that must be white */
#define PZ_NONDANGO_GIVEN_BLACK 3  /* a circle that must be black */

/* Solution values (pz_puzzle_solve and friends; the writers below). */
#define PZ_NONDANGO_NONE 0   /* no circle */
#define PZ_NONDANGO_WHITE 1  /* white circle */
#define PZ_NONDANGO_BLACK 2  /* black circle */

/* Creates a rows x cols Nondango (each 1..PZ_NONDANGO_MAX_SIZE) with the
 * given regions: rows*cols ints, row-major, each in 0..rows*cols-1. Cells
 * sharing an id form one region (ids need not be contiguous, and a region
 * need not be connected here; the parsers below always produce connected
 * regions, as the engine does). The puzzle starts without circles: set
 * them with pz_puzzle_set_givens (values PZ_NONDANGO_NO_CIRCLE ..
 * PZ_NONDANGO_GIVEN_BLACK). Solutions hold PZ_NONDANGO_NONE/WHITE/BLACK;
 * pz_puzzle_max_value is 2. PZ_ERR_ARG for a NULL argument or a size
 * below 1, PZ_ERR_TOO_LARGE above the maximum, PZ_ERR_RANGE for an id out
 * of range. pz_puzzle_check_givens reports a region without a circle, a
 * region whose circles are all given white, two given black circles in
 * one region and three given circles of one colour in a line. */
PZ_API int pz_nondango_new(pz_puzzle **out, int rows, int cols,
                           const int *regions);

/* Region ids of a Nondango puzzle, renumbered 0..count-1 in row-major
 * order of first appearance (rows*cols ints, owned by p), or NULL when p
 * is not a Nondango. *count (may be NULL) gets the number of regions. */
PZ_API const int *pz_nondango_regions(const pz_puzzle *p, int *count);

/* --- Checking an answer -------------------------------------------------- */

/* What pz_nondango_check found, in the engine's checking order; the
 * engine's failure code is given in brackets. */
typedef enum pz_nondango_verdict {
  PZ_NONDANGO_CORRECT = 0,
  PZ_NONDANGO_TWO_BLACK = 1,    /* a region has two or more black circles
                                   [bkMSGe2] */
  PZ_NONDANGO_THREE_BLACK = 2,  /* three adjacent black circles in a line
                                   [msConsecGt3] */
  PZ_NONDANGO_THREE_WHITE = 3,  /* three adjacent white circles in a line
                                   [muConsecGt3] */
  PZ_NONDANGO_NO_BLACK = 4,     /* a region has no black circle [bkNoMS] */
  PZ_NONDANGO_WRONG_CIRCLES = 5 /* the answer's circles are not the
                                   puzzle's, or a given colour differs */
} pz_nondango_verdict;

/* Checks a complete answer (rows*cols solution values) against the
 * puzzle's regions, circles and given colours. *verdict gets the first
 * failure in the engine's order, or PZ_NONDANGO_CORRECT; info (may be
 * NULL) gets the first cell involved (line = row, column = column, from
 * 1) and an English message naming the rule. Returns PZ_OK whenever the
 * check ran (whatever the verdict), PZ_ERR_ARG for bad arguments and
 * PZ_ERR_RANGE for a value outside 0..2. */
PZ_API int pz_nondango_check(const pz_puzzle *p, const int *answer,
                             pz_nondango_verdict *verdict,
                             pz_parse_info *info);

/* --- Reading puzzles ------------------------------------------------------ */

/* Text formats (docs/NONDANGO.md has examples):
 * GRID:   a region grid, a blank line, then a circle grid of the same size.
 *         Region cells are labels: one letter/digit per cell, or
 *         blank-separated alphanumeric tokens when a line has blanks
 *         between cells. Circle cells: 'o' circle, '.' no circle, 'w' / 'b'
 *         a circle given white / black (blanks between cells are ignored).
 *         Lines starting with '#' are comments.
 * PZPRV3: the puzz.link file ("pzprv3", "nondango", rows, cols, region
 *         count, rows of region ids, rows of cells '#' black, '%' or 'o'
 *         white / undecided, '.' or '+' no circle); lines may also be
 *         separated by '/' (the engine's test-script form).
 * URL:    https://puzz.link/p?nondango/COLS/ROWS/BODY (also pzv.jp, or just
 *         "nondango/COLS/ROWS/BODY" or "COLS/ROWS/BODY").
 * In GRID and PZPRV3 a region is a connected group of orthogonally
 * adjacent cells with the same label (as the engine outlines them); a label
 * used again in another place starts another region. */
typedef enum pz_nondango_format {
  PZ_NONDANGO_AUTO = 0,   /* from the first line that is not blank or a
                             comment: "pzprv3..." is PZPRV3, a line with a
                             '/' a URL, anything else GRID */
  PZ_NONDANGO_GRID = 1,
  PZ_NONDANGO_PZPRV3 = 2,
  PZ_NONDANGO_URL = 3
} pz_nondango_format;

/* A parsed puzzle: size, regions and circles with their marks. */
typedef struct pz_nondango_def pz_nondango_def;

/* Parses len bytes of text in format fmt into *out (free it with
 * pz_nondango_def_free). On error *out is NULL and the status is
 * PZ_ERR_PARSE (malformed text), PZ_ERR_TOO_LARGE (more than
 * PZ_NONDANGO_MAX_SIZE rows or columns) or PZ_ERR_NOMEM, and *info (may
 * be NULL) holds the line and column (for a URL: the character position
 * in its line) and a message naming the offending value. A UTF-8
 * byte-order mark at the start is skipped, a NUL byte is an error, and
 * input quoted in messages is escaped (docs/FORMATS.md). */
PZ_API int pz_nondango_parse(const char *text, size_t len,
                             pz_nondango_format fmt, pz_nondango_def **out,
                             pz_parse_info *info);
/* Reads a whole stream and parses it as pz_nondango_parse does;
 * PZ_ERR_IO when reading fails. */
PZ_API int pz_nondango_read(FILE *in, pz_nondango_format fmt,
                            pz_nondango_def **out, pz_parse_info *info);
/* Frees a definition; NULL is a no-op. */
PZ_API void pz_nondango_def_free(pz_nondango_def *d);

/* Accessors; d must not be NULL. */
PZ_API int pz_nondango_def_rows(const pz_nondango_def *d);
PZ_API int pz_nondango_def_cols(const pz_nondango_def *d);
/* The format the text was in (never AUTO). */
PZ_API pz_nondango_format pz_nondango_def_format(const pz_nondango_def *d);
/* rows*cols region ids, 0..count-1 in row-major order of first
 * appearance; *count (may be NULL) gets the number of regions. */
PZ_API const int *pz_nondango_def_regions(const pz_nondango_def *d,
                                          int *count);
/* rows*cols given values: PZ_NONDANGO_NO_CIRCLE, PZ_NONDANGO_CIRCLE, or a
 * marked circle: PZ_NONDANGO_GIVEN_WHITE ('%' in PZPRV3, 'w' in GRID),
 * PZ_NONDANGO_GIVEN_BLACK ('#' in PZPRV3, 'b' in GRID). A URL has no
 * marks. In a pzprv3 file the marks are a player's answer, not clues. */
PZ_API const int *pz_nondango_def_cells(const pz_nondango_def *d);
/* Number of marked circles (GIVEN_WHITE or GIVEN_BLACK). */
PZ_API int pz_nondango_def_marks(const pz_nondango_def *d);

/* Flag for pz_nondango_from_def: keep a pzprv3 file's marks as given
 * colours. */
#define PZ_NONDANGO_USE_MARKS 1u

/* Creates the puzzle a definition describes, its circles set as givens.
 * The GRID format's 'w' / 'b' are clues and always kept; a pzprv3 file's
 * marks are a player's answer and become plain circles unless flags has
 * PZ_NONDANGO_USE_MARKS. */
PZ_API int pz_nondango_from_def(pz_puzzle **out, const pz_nondango_def *d,
                                unsigned flags);

/* The answer recorded by the marks, as solution values: '#' / 'b' black,
 * every other circle ('o', '%', 'w') white, as the engine reads a file.
 * rows*cols ints into answer. */
PZ_API int pz_nondango_def_answer(const pz_nondango_def *d, int *answer);

/* --- Writing -------------------------------------------------------------- */

/* Writes rows*cols solution values as rows lines of blank-separated cells:
 * '#' black, 'o' white, '.' no circle. PZ_ERR_RANGE for another value,
 * PZ_ERR_IO when the stream fails. */
PZ_API int pz_nondango_write_grid(FILE *out, const int *solution, int rows,
                                  int cols);
/* The same cells as one line of rows*cols characters and a newline. */
PZ_API int pz_nondango_write_line(FILE *out, const int *solution, int rows,
                                  int cols);
/* Writes a puzz.link pzprv3 file with the answer: the regions (renumbered
 * in row-major order of first appearance) and the cells ('#' black, 'o'
 * white, '.' no circle). Disconnected regions are written as they are;
 * the engine would read each part as a region of its own. */
PZ_API int pz_nondango_write_pzprv3(FILE *out, const int *regions,
                                    const int *solution, int rows, int cols);
/* Writes the puzzle as a puzz.link URL and a newline:
 * "https://puzz.link/p?nondango/COLS/ROWS/BODY". circles holds given or
 * solution values (non-zero = circle). Walls are put between cells of
 * different regions. */
PZ_API int pz_nondango_write_url(FILE *out, const int *regions,
                                 const int *circles, int rows, int cols);

#ifdef __cplusplus
}
#endif
#endif
