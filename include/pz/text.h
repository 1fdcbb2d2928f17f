/* pz: reading and writing puzzles as text. */
#ifndef PZ_TEXT_H
#define PZ_TEXT_H

#include <stdio.h>
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Text layouts of an n x n grid of values (0 = blank).
 * CHARS: one puzzle per line, n*n characters: '1'-'9', then 'A'-'Z'
 *        (10..35, either case), '.' or '0' for a blank.
 * INTS:  one puzzle per line, n*n integers separated by blanks.
 * GRID:  n lines of n cells (characters or integers); grids are separated
 *        by blank lines. Lines starting with '#' are comments in every
 *        layout. */
typedef enum pz_text_format {
  PZ_TEXT_AUTO = 0,
  PZ_TEXT_CHARS = 1,
  PZ_TEXT_INTS = 2,
  PZ_TEXT_GRID = 3
} pz_text_format;

/* Puzzles parsed from a text. */
typedef struct pz_text pz_text;

/* Parses len bytes. expect_n (0 = any) is the grid size the caller wants;
 * it also settles AUTO: a line of n*n cells is one puzzle, a line of n
 * cells a grid row. Without it, AUTO reads a file of m lines of m cells
 * each as one grid and otherwise one puzzle per line. Values must be in
 * 0..n. On error returns PZ_ERR_PARSE (or PZ_ERR_RANGE, PZ_ERR_TOO_LARGE)
 * and fills *info (may be NULL) with the line and column. */
PZ_API int pz_text_parse(pz_text **out, const char *buf, size_t len,
                         int expect_n, pz_text_format format,
                         pz_parse_info *info);
/* Reads a whole stream and parses it as pz_text_parse does. */
PZ_API int pz_text_read(pz_text **out, FILE *in, int expect_n,
                        pz_text_format format, pz_parse_info *info);
PZ_API void pz_text_free(pz_text *t);

PZ_API size_t pz_text_count(const pz_text *t);
/* Grid size n of puzzle i. */
PZ_API int pz_text_size(const pz_text *t, size_t i);
/* n*n cells of puzzle i, row-major, 0 = blank; owned by t. */
PZ_API const int *pz_text_cells(const pz_text *t, size_t i);
/* Layout puzzle i was read in (CHARS, INTS or GRID). */
PZ_API pz_text_format pz_text_format_of(const pz_text *t, size_t i);
/* Line (from 1) where puzzle i starts. */
PZ_API size_t pz_text_line(const pz_text *t, size_t i);

/* Writes rows*cols cells as one line in format CHARS (values up to 35) or
 * INTS, followed by a newline. */
PZ_API int pz_write_line(FILE *out, const int *cells, int rows, int cols,
                         pz_text_format format);
/* Writes a readable grid with box borders (box_rows/box_cols 0 = none). */
PZ_API int pz_write_grid(FILE *out, const int *cells, int rows, int cols,
                         int box_rows, int box_cols);

/* Reads a Latin square completion instance (.pls: "order N", then N rows
 * of N ints, -1 = empty, symbols 0..N-1). *cells (free with free()) gets
 * n*n values 1..N, 0 = empty. */
PZ_API int pz_pls_read(FILE *in, int **cells, int *n, pz_parse_info *info);

#ifdef __cplusplus
}
#endif
#endif
