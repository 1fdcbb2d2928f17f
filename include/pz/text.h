/* pz: reading and writing puzzles as text. */
#ifndef PZ_TEXT_H
#define PZ_TEXT_H

#include <stdio.h>
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Text layouts of an n x n grid of values (0 = blank); docs/FORMATS.md
 * has the details and examples.
 * CHARS: one puzzle per line, n*n characters: '1'-'9', then 'A'-'Z'
 *        (10..35, either case), '.', '_' or '0' for a blank (SadMan .sdm
 *        files are this layout).
 * INTS:  one puzzle per line, n*n integers separated by blanks ('.' or
 *        '_' for a blank too).
 * GRID:  n lines of n cells (characters or integers); a blank line ends a
 *        grid. '|' between boxes and lines of only '-', '=', '+', '|',
 *        '*' (borders, as pz_write_grid draws them) are skipped, so are
 *        SadMan .sdk sections other than "[Puzzle]".
 * URL:   a puzz.link / pzv.jp Sudoku URL on a line of its own
 *        ("https://puzz.link/p?sudoku/9/9/BODY"); read in every layout,
 *        and with URL forced every puzzle must be one.
 * JANKO: one jigsaw Sudoku as janko.at writes it: a line "n n", n rows of
 *        n blank-separated givens ('-' or '.' blank, else 1..n), then n
 *        rows of n region numbers 1..n, each region holding n cells
 *        (pz_text_regions); blank and '#' lines may come anywhere, nothing
 *        else after the regions. AUTO reads it when the first line (not
 *        blank, not a comment) is two numbers, one of them above 2, or
 *        both the same R and 2R such lines of R cells each follow.
 * PLS:   Latin square completion files (pz_pls_read): "order N", then
 *        N*N symbols 0..N-1 or -1 for a hole, read as values 1..N and 0;
 *        any number of them one after another, each from its "order".
 *        AUTO reads it when the first word (not a comment) is "order".
 * In every layout lines starting with '#' are comments and a UTF-8
 * byte-order mark at the start is skipped. */
typedef enum pz_text_format {
  PZ_TEXT_AUTO = 0,
  PZ_TEXT_CHARS = 1,
  PZ_TEXT_INTS = 2,
  PZ_TEXT_GRID = 3,
  PZ_TEXT_URL = 4,
  PZ_TEXT_JANKO = 5,
  PZ_TEXT_PLS = 6
} pz_text_format;

/* Puzzles parsed from a text. */
typedef struct pz_text pz_text;

/* Parses len bytes into *out (free with pz_text_free; NULL on error).
 * expect_n (0 = any) is the grid size the caller wants; it also settles
 * AUTO: a line of n*n cells is one puzzle, a line of n cells a grid row.
 * Without it, AUTO reads a block of lines (up to a blank line) as grids
 * when its lines' cell count m is not a square, or is 4 or 9, or the
 * block holds a multiple of m lines; otherwise one puzzle per line.
 * Values must be in 0..n. Strict: the first bad puzzle fails the call
 * with PZ_ERR_PARSE (or PZ_ERR_RANGE, PZ_ERR_TOO_LARGE, PZ_ERR_NOMEM) and
 * fills *info (may be NULL) with line, column and message. */
PZ_API int pz_text_parse(pz_text **out, const char *buf, size_t len,
                         int expect_n, pz_text_format format,
                         pz_parse_info *info);
/* Reads a whole stream and parses it as pz_text_parse does; PZ_ERR_IO
 * when reading fails. The stream stays the caller's. */
PZ_API int pz_text_read(pz_text **out, FILE *in, int expect_n,
                        pz_text_format format, pz_parse_info *info);
/* Batch mode: as pz_text_parse, but a bad puzzle becomes an entry of its
 * own (pz_text_size 0, pz_text_cells NULL, pz_text_line its first line,
 * pz_text_error its status and message) and parsing goes on with the next
 * puzzle: the next line, or in grid layout the next block after a blank
 * line. The call fails only for the whole input: no puzzle at all,
 * memory, I/O (and invalid arguments). */
PZ_API int pz_text_parse_batch(pz_text **out, const char *buf, size_t len,
                               int expect_n, pz_text_format format,
                               pz_parse_info *info);
/* Reads a whole stream and parses it as pz_text_parse_batch does. */
PZ_API int pz_text_read_batch(pz_text **out, FILE *in, int expect_n,
                              pz_text_format format, pz_parse_info *info);
/* PZ_OK if puzzle i was read; else its error status, with line/column/
 * message in *info (may be NULL). PZ_ERR_ARG when i is out of range. */
PZ_API int pz_text_error(const pz_text *t, size_t i, pz_parse_info *info);
PZ_API void pz_text_free(pz_text *t);

PZ_API size_t pz_text_count(const pz_text *t);
/* Grid size n of puzzle i. */
PZ_API int pz_text_size(const pz_text *t, size_t i);
/* n*n cells of puzzle i, row-major, 0 = blank; owned by t. NULL for a
 * puzzle that could not be read (batch mode). */
PZ_API const int *pz_text_cells(const pz_text *t, size_t i);
/* n*n region numbers 1..n of puzzle i (row-major, each number on n
 * cells, as pz_sudoku_set_regions takes them) when it was read in the
 * JANKO layout; NULL otherwise. Owned by t. */
PZ_API const int *pz_text_regions(const pz_text *t, size_t i);
/* A jigsaw layout on its own (pz-sudoku --regions): n rows of n region
 * labels, names (any number or word of ASCII letters and digits) separated
 * by blanks or '|', or n characters a row without blanks ("1122"); border
 * lines of '-', '+' and '|', blank lines and '#' comments are skipped.
 * Exactly n labels, n cells each; n from the first row, or expect_n when
 * not 0. *regions (malloc'd, caller frees) gets n*n regions 1..n in the
 * order their labels first appear, *n the size. Errors name line and
 * column in info. */
PZ_API int pz_text_parse_regions(const char *buf, size_t len, int expect_n,
                                 int **regions, int *n, pz_parse_info *info);
PZ_API int pz_text_read_regions(FILE *in, int expect_n, int **regions, int *n,
                                pz_parse_info *info);
/* Layout puzzle i was read in (CHARS, INTS, GRID, URL, JANKO or PLS). */
PZ_API pz_text_format pz_text_format_of(const pz_text *t, size_t i);
/* Line (from 1) where puzzle i starts. */
PZ_API size_t pz_text_line(const pz_text *t, size_t i);

/* Writes rows*cols cells (0 = blank) as one line and a newline: CHARS
 * ('1'-'9', 'A'-'Z', '.' blank; values up to 35, else PZ_ERR_RANGE),
 * INTS (blank-separated numbers, 0 blank) or AUTO (CHARS when every value
 * fits one character, else INTS: never ambiguous). PZ_ERR_IO when a write
 * fails. out stays the caller's. */
PZ_API int pz_write_line(FILE *out, const int *cells, int rows, int cols,
                         pz_text_format format);
/* Writes a readable grid with box borders (box_rows/box_cols 0 = none);
 * pz_text_parse reads it back. PZ_ERR_IO when a write fails. */
PZ_API int pz_write_grid(FILE *out, const int *cells, int rows, int cols,
                         int box_rows, int box_cols);
/* As pz_write_line / pz_write_grid with symbols counted from base (0 or
 * 1): a value v >= 1 is written as v - 1 + base, so base 0 writes the
 * 0..n-1 symbols of .pls files. With base 0 blanks are '.', CHARS is
 * refused (PZ_ERR_ARG: '0' means blank there) and AUTO means INTS. */
PZ_API int pz_write_line_base(FILE *out, const int *cells, int rows,
                              int cols, pz_text_format format, int base);
PZ_API int pz_write_grid_base(FILE *out, const int *cells, int rows,
                              int cols, int box_rows, int box_cols, int base);
/* Writes n*n cells (0 = blank, values 1..n) as a puzz.link Sudoku URL
 * ("https://puzz.link/p?sudoku/N/N/BODY") and a newline; pz_text_parse
 * reads it back. PZ_ERR_RANGE for a value outside 0..n, PZ_ERR_IO when a
 * write fails. out stays the caller's. */
PZ_API int pz_write_sudoku_url(FILE *out, const int *cells, int n);
/* Writes a readable grid whose borders follow regions (rows*cols ints,
 * any values; jigsaw Sudoku): cells are separated by " | " where the two
 * are in different regions, else by three blanks; between two rows, a
 * line of '-' under each cell whose lower neighbour is in another region
 * ('+' where borders meet), drawn when any such cell exists. No trailing
 * blanks; pz_text_parse reads the grid back.
 * PZ_ERR_ARG for NULL or a negative size, PZ_ERR_RANGE for a negative
 * value, PZ_ERR_NOMEM, PZ_ERR_IO when a write fails. out stays the
 * caller's. */
PZ_API int pz_write_grid_regions(FILE *out, const int *cells, int rows,
                                 int cols, const int *regions);

/* Reads a Latin square completion instance (.pls: "order N", then N*N
 * blank-separated symbols 0..N-1 or -1 = empty, rows usually one per
 * line; lines starting with '#' are comments; nothing else, one square:
 * pz_text_parse reads files of several). *cells (free with free()) gets n*n values 1..N,
 * 0 = empty. Every number is range-checked as written (no wrapping) and
 * anything after the N*N cells is an error, with line and column in
 * *info (may be NULL). */
PZ_API int pz_pls_read(FILE *in, int **cells, int *n, pz_parse_info *info);
/* Parses len bytes as pz_pls_read does. */
PZ_API int pz_pls_parse(const char *buf, size_t len, int **cells, int *n,
                        pz_parse_info *info);
/* Writes n*n cells (1..N, 0 = empty; the pz_pls_read convention) as a
 * .pls file: "order N", then N rows of symbols 0..N-1, -1 = empty.
 * PZ_ERR_RANGE for a value outside 0..n, PZ_ERR_IO when a write fails. */
PZ_API int pz_pls_write(FILE *out, const int *cells, int n);

#ifdef __cplusplus
}
#endif
#endif
