/* pz: Kakuro. A grid of black cells, clue cells and white cells. Every
 * white cell takes a digit 1..9. A run is a maximal sequence of white
 * cells in a row (across) or a column (down); the cell just before it (to
 * its left, or above it) is a clue cell giving the run's sum. The digits
 * of a run are all different and add up to its clue.
 *
 * The puzzle is an ordinary pz_puzzle: solve, count or enumerate it with
 * the pz_puzzle_* calls. A solution is rows*cols ints, row-major: the
 * digit of a white cell, 0 for a black or clue cell. Givens
 * (pz_puzzle_set_givens, optional) are digits already placed in white
 * cells, 0 = none. See docs/KAKURO.md for the rules and the text format. */
#ifndef PZ_KAKURO_H
#define PZ_KAKURO_H

#include <stdio.h>

#include "generate.h"
#include "puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest number of rows and of columns. */
#define PZ_KAKURO_MAX_SIZE 1024
/* Largest clue: 1 + 2 + ... + 9. */
#define PZ_KAKURO_MAX_SUM 45

/* One cell of a grid. A white cell has down = across = 0. A cell that is
 * not white is a clue cell when down or across is non-zero, else black. */
typedef struct pz_kakuro_cell {
  int white;  /* 1: a white cell (takes 1..9); 0: black or a clue */
  int down;   /* the sum of the run below this cell, 0 = none */
  int across; /* the sum of the run to its right, 0 = none */
} pz_kakuro_cell;

/* Checks a grid of rows x cols cells (row-major; read, not kept): every
 * clue has a run (the next cell right of an across clue, below a down
 * clue, is white), every run has a clue, no run is longer than 9 cells, and every sum is
 * possible for its run's length with distinct digits (2 cells: 3..17).
 * PZ_OK when it is a well-formed Kakuro; else PZ_ERR_ARG (NULL cells, a
 * size below 1), PZ_ERR_TOO_LARGE (a side above PZ_KAKURO_MAX_SIZE), or
 * PZ_ERR_RANGE with *info (may be NULL) naming the first bad cell in
 * row-major order: line = its row, column = its column (from 1), and a
 * message. A white cell with a sum, or a sum outside 0..45, is
 * PZ_ERR_RANGE too. */
PZ_API int pz_kakuro_check_grid(int rows, int cols,
                                const pz_kakuro_cell *cells,
                                pz_parse_info *info);

/* Creates the Kakuro puzzle of a grid in *out (the caller's; free it with
 * pz_puzzle_free). The cells are copied. Fails as pz_kakuro_check_grid
 * does (info may be NULL), or with PZ_ERR_NOMEM. */
PZ_API int pz_kakuro_new(pz_puzzle **out, int rows, int cols,
                         const pz_kakuro_cell *cells, pz_parse_info *info);

/* The grid of a Kakuro puzzle (rows*cols cells, owned by p; *rows and
 * *cols may be NULL), or NULL when p is not a Kakuro puzzle. */
PZ_API const pz_kakuro_cell *pz_kakuro_cells(const pz_puzzle *p, int *rows,
                                             int *cols);

/* --- Reading ---------------------------------------------------------------
 * The janko.at layout (docs/KAKURO.md): a line "R C", then R lines of C
 * blank-separated cells: '-' black, '0' white, 'D\A' a clue cell (D the
 * sum of the run below, A of the run to the right; either may be left
 * out: '14\' or '\23'). Blank lines and lines starting with '#' before
 * and after the grid are ignored; blanks around cells are free. */

/* A parsed puzzle. */
typedef struct pz_kakuro_def pz_kakuro_def;

/* Parses len bytes of text into *out (free it with pz_kakuro_def_free).
 * On error *out is NULL and the status is PZ_ERR_PARSE (malformed text),
 * PZ_ERR_RANGE (a sum out of 1..45, or a grid that pz_kakuro_check_grid
 * refuses: a clue without a run, a run without a clue, an impossible sum),
 * PZ_ERR_TOO_LARGE (a side above PZ_KAKURO_MAX_SIZE) or PZ_ERR_NOMEM; *info
 * (may be NULL) gets the line and column of the offending text and a
 * message. A UTF-8 byte-order mark is skipped, a NUL byte is an error and
 * input quoted in messages is escaped (docs/FORMATS.md). */
PZ_API int pz_kakuro_parse(const char *text, size_t len, pz_kakuro_def **out,
                           pz_parse_info *info);
/* Reads a whole stream and parses it as pz_kakuro_parse does; PZ_ERR_IO
 * when reading fails. */
PZ_API int pz_kakuro_read(FILE *in, pz_kakuro_def **out, pz_parse_info *info);
/* Frees a definition; NULL is a no-op. */
PZ_API void pz_kakuro_def_free(pz_kakuro_def *d);

/* Accessors; d must not be NULL. The cells are owned by d. */
PZ_API int pz_kakuro_def_rows(const pz_kakuro_def *d);
PZ_API int pz_kakuro_def_cols(const pz_kakuro_def *d);
PZ_API const pz_kakuro_cell *pz_kakuro_def_cells(const pz_kakuro_def *d);

/* Creates the puzzle a definition describes (*out is the caller's). */
PZ_API int pz_kakuro_from_def(pz_puzzle **out, const pz_kakuro_def *d);

/* --- Writing ---------------------------------------------------------------
 * All return PZ_ERR_IO when the stream fails and PZ_ERR_RANGE for a value
 * they cannot write. */

/* A solution (rows*cols values, 0..9) as rows lines of blank-separated
 * cells: the digit of a white cell, '-' for 0 (the janko.at solution
 * layout without its "R C" line). */
PZ_API int pz_kakuro_write_grid(FILE *out, const int *solution, int rows,
                                int cols);
/* The same cells as one line of rows*cols characters and a newline. */
PZ_API int pz_kakuro_write_line(FILE *out, const int *solution, int rows,
                                int cols);
/* A grid in the text format pz_kakuro_parse reads (header line included). */
PZ_API int pz_kakuro_write_puzzle(FILE *out, const pz_kakuro_cell *cells,
                                  int rows, int cols);

/* --- Generating ------------------------------------------------------------
 * A Kakuro of rows x cols cells (each 3..PZ_KAKURO_MAX_SIZE) with exactly
 * one solution, layout and sums both generated (docs/GENERATE.md). A try
 * draws a layout: the first row and column black, black cells scattered
 * in orbits of opt->symmetry over the rest (ROTATE90 and DIAGONAL need
 * rows == cols), every run 2..9 cells, the white cells 4-connected and at
 * least half of the cells off the first row and column; fills it with
 * random digits (none twice in a run) and reads the sums off. While the
 * backend of `options` (may be NULL: the defaults; its time limit and
 * terminate callback bound the whole call) finds a second solution, a
 * cell where the two differ turns black (when the runs stay valid and
 * connected) or takes the digit whose runs' new sums have the fewest digit
 * sets; after 50 + rows*cols such steps, a new try (up to opt->max_tries,
 * 0: 1000). The puzzle is proved unique by the backend (the solver finds
 * no second solution).
 *
 * opt (may be NULL: PZ_GENERATE_OPTIONS_INIT): seed (same seed, version
 * and backend: same puzzle), symmetry, difficulty (new tries until
 * pz_puzzle_rate rates it so) and max_tries are used; givens and minimal
 * are not (a Kakuro has no given digits). cells (rows*cols, the
 * caller's, row-major) gets the puzzle in pz_kakuro_new's terms;
 * solution (rows*cols ints, the caller's, may be NULL) its solution;
 * info (may be NULL) info->givens = the number of sums, info->level the
 * rating with a difficulty target, info->tries the layouts drawn. Nothing
 * is kept after the call.
 *
 * *stop: PZ_SAT made, meeting the difficulty target; PZ_UNKNOWN when the
 * time limit or terminate callback stopped it, or the tries ran out: the
 * first unique puzzle made is kept (info->givens > 0; it missed the
 * difficulty), else cells are all black (0) and info->givens is 0.
 * PZ_ERR_ARG for NULL cells or stop, a side below 3, a bad option;
 * PZ_ERR_TOO_LARGE above PZ_KAKURO_MAX_SIZE; PZ_ERR_NOMEM. */
PZ_API int pz_kakuro_generate(int rows, int cols, const pz_options *options,
                              const pz_generate_options *opt,
                              pz_kakuro_cell *cells, int *solution,
                              pz_generate_info *info, pz_result *stop);

#ifdef __cplusplus
}
#endif
#endif
