/* pz: Star Battle (Sternenschlacht). A grid is divided into regions; place
 * stars so that every row, every column and every region holds exactly K
 * stars, and no two stars touch, not even diagonally.
 *
 * Some cells may belong to no region (janko.at marks them '@' outside the
 * drawn playing area and '#' black cells inside it): they never hold a
 * star, and a row or column through them holds its K stars in its other
 * cells. See docs/STARBATTLE.md for the rules and the text format.
 *
 * The puzzle is an ordinary pz_puzzle: solve, count or enumerate it with
 * the pz_puzzle_* calls. It has no givens. Solutions are rows*cols ints:
 * PZ_STARBATTLE_STAR or PZ_STARBATTLE_EMPTY. */
#ifndef PZ_STARBATTLE_H
#define PZ_STARBATTLE_H

#include <stdio.h>

#include "generate.h"
#include "puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest number of rows, of columns and of stars per unit. */
#define PZ_STARBATTLE_MAX_SIZE 1024

/* A region id of a cell in no region (pz_starbattle_new and
 * pz_starbattle_def_regions). */
#define PZ_STARBATTLE_NO_REGION (-1)

/* Solution values. */
#define PZ_STARBATTLE_EMPTY 0
#define PZ_STARBATTLE_STAR 1

/* Creates a rows x cols Star Battle (each 1..PZ_STARBATTLE_MAX_SIZE) with
 * stars (1..PZ_STARBATTLE_MAX_SIZE) stars in every row, column and region.
 * regions holds rows*cols ints, row-major (copied): a region id in
 * 0..rows*cols-1 (cells sharing an id form one region, connected or not),
 * or PZ_STARBATTLE_NO_REGION for a cell that never holds a star. *out is
 * the caller's (pz_puzzle_free). PZ_ERR_ARG for a NULL argument, a size or
 * star count below 1; PZ_ERR_TOO_LARGE above the maximum; PZ_ERR_RANGE for
 * a region id out of range; PZ_ERR_NOMEM. A shape without any solution
 * (too few regions, rows != cols, a region too small) is no error: it
 * answers "no solution". */
PZ_API int pz_starbattle_new(pz_puzzle **out, int rows, int cols, int stars,
                             const int *regions);

/* --- Reading puzzles ------------------------------------------------------ */

/* The text (docs/STARBATTLE.md): a header line "ROWS COLS STARS", then
 * ROWS rows of ROWS cells, in either layout (the first row decides, every
 * row must follow it):
 *   janko:   blank-separated tokens, a region number 1..ROWS*COLS, or '@'
 *            / '#' for a cell in no region (as on janko.at);
 *   letters: one character per cell, no blanks: a letter or digit names
 *            the region, '@' / '#' a cell in no region.
 * Cells with the same number (letter) form one region. Blank lines are
 * ignored; anything after the last row is an error. */
typedef struct pz_starbattle_def pz_starbattle_def;

/* Parses len bytes of text into *out (the caller's: pz_starbattle_def_free).
 * On error *out is NULL and the status is PZ_ERR_PARSE (malformed text),
 * PZ_ERR_RANGE (a number out of range), PZ_ERR_TOO_LARGE (above
 * PZ_STARBATTLE_MAX_SIZE rows or columns) or PZ_ERR_NOMEM, and *info (may
 * be NULL) holds the line and column (from 1) and a message naming the
 * offending text. A UTF-8 byte-order mark at the start is skipped, a NUL
 * byte is an error, and input quoted in messages is escaped
 * (docs/FORMATS.md). */
PZ_API int pz_starbattle_parse(const char *text, size_t len,
                               pz_starbattle_def **out, pz_parse_info *info);
/* Reads a whole stream and parses it as pz_starbattle_parse does;
 * PZ_ERR_IO when reading fails. */
PZ_API int pz_starbattle_read(FILE *in, pz_starbattle_def **out,
                              pz_parse_info *info);
/* Frees a definition; NULL is a no-op. */
PZ_API void pz_starbattle_def_free(pz_starbattle_def *d);

/* Accessors; d must not be NULL. */
PZ_API int pz_starbattle_def_rows(const pz_starbattle_def *d);
PZ_API int pz_starbattle_def_cols(const pz_starbattle_def *d);
PZ_API int pz_starbattle_def_stars(const pz_starbattle_def *d);
/* rows*cols region ids (owned by d): 0..count-1 in row-major order of
 * first appearance, PZ_STARBATTLE_NO_REGION for '@' and '#'. *count (may
 * be NULL) gets the number of regions. */
PZ_API const int *pz_starbattle_def_regions(const pz_starbattle_def *d,
                                            int *count);

/* Creates the puzzle a definition describes (*out is the caller's). */
PZ_API int pz_starbattle_from_def(pz_puzzle **out, const pz_starbattle_def *d);

/* --- Generating ---------------------------------------------------------- */

/* Largest grid pz_starbattle_generate makes (its placement search
 * recurses once per star; uniqueness is already slow far below). */
#define PZ_STARBATTLE_GEN_MAX_SIZE 64

/* Generates an n x n Star Battle with `stars` stars per row, column and
 * region and exactly one solution: n regions, each 4-connected, no cell
 * outside them (docs/STARBATTLE.md, "Generating"). A random placement of
 * the stars is drawn first, regions are grown around it (each holding
 * `stars` of them), then cells where a second solution found by the
 * backend has a star move to a neighbouring region until the backend of
 * `options` proves the intended solution the only one (a new placement
 * after 4 n^2 moves without). options (may be NULL: the defaults; the
 * caller's) gives the backend, the time limit and the terminate callback,
 * which bound the whole call; its threads, enumeration method and parts
 * are not used. opt (may be NULL; the caller's): seed (same seed, version
 * and backend: same puzzle), difficulty (new tries until pz_puzzle_rate
 * rates the puzzle so), max_tries (star placements drawn, 0: 1000);
 * symmetry, givens and minimal are not used (a Star Battle has no
 * givens). regions (n*n ints, row-major, the caller's) gets region ids
 * 0..n-1 as pz_starbattle_new takes them, numbered in no particular
 * order; solution (n*n ints, may be NULL, the caller's) the solution
 * (PZ_STARBATTLE_STAR / _EMPTY); info (may be NULL, the caller's): tries
 * (placements drawn), level (the rating with a difficulty target, else
 * PZ_LEVEL_ANY), givens (always 0). *stop: PZ_SAT made, and rated as
 * asked; PZ_UNKNOWN stopped by the time limit or the callback, or
 * max_tries passed first: regions then hold the unique puzzle closest to
 * the difficulty when one was made, else every cell
 * PZ_STARBATTLE_NO_REGION; PZ_UNSAT no placement of the stars exists.
 * PZ_ERR_ARG for NULL regions or stop, a bad opt, n or stars below 1, or
 * a grid too small for its stars (n < 4 * stars, but for a 1 x 1 grid of
 * one star: two neighbouring rows hold 2 * stars stars in columns two
 * apart); PZ_ERR_TOO_LARGE for n above PZ_STARBATTLE_GEN_MAX_SIZE;
 * PZ_ERR_NOMEM. */
PZ_API int pz_starbattle_generate(int n, int stars, const pz_options *options,
                                  const pz_generate_options *opt,
                                  int *regions, int *solution,
                                  pz_generate_info *info, pz_result *stop);

/* --- Writing -------------------------------------------------------------- */

/* Writes rows*cols solution values as janko.at writes solutions: rows lines
 * of blank-separated cells, 'x' a star, '-' none. PZ_ERR_RANGE for another
 * value, PZ_ERR_IO when the stream fails. */
PZ_API int pz_starbattle_write_grid(FILE *out, const int *solution, int rows,
                                    int cols);
/* The same cells as one line of rows*cols characters and a newline. */
PZ_API int pz_starbattle_write_line(FILE *out, const int *solution, int rows,
                                    int cols);

#ifdef __cplusplus
}
#endif
#endif
