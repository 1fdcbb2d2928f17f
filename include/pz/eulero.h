/* pz: Eulero, or Graeco-Latin squares. Two Latin squares A and B of order
 * n (every row and column of each holds 1..n once) that are orthogonal:
 * every pair (A[r][c], B[r][c]) occurs in exactly one cell. A puzzle gives
 * some of the cells' A and / or B values (janko.at's "Eulero").
 *
 * The puzzle is an ordinary pz_puzzle of n rows and 3n columns. Row r
 * holds A's row r, then B's row r, then the pair numbers of row r:
 *   grid[r * 3n + c]          A[r][c]   1..n
 *   grid[r * 3n + n + c]      B[r][c]   1..n
 *   grid[r * 3n + 2n + c]     Z[r][c] = n * (A[r][c] - 1) + B[r][c], 1..n*n
 * Z is how orthogonality is stated (all n*n pair numbers different;
 * docs/EULERO.md, "Encoding"); it follows from A and B, so it never
 * multiplies a count. Givens use the same layout (0 = blank): a Z given
 * fixes the cell's pair. pz_eulero_pack / _unpack convert from / to two
 * n*n squares. See docs/EULERO.md for the rules and the text format. */
#ifndef PZ_EULERO_H
#define PZ_EULERO_H

#include <stdio.h>

#include "puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest order. */
#define PZ_EULERO_MAX_ORDER 32

/* Flags of pz_eulero_new: symmetry breaking, as fixed values of the rules
 * (a given that clashes with them leaves no solution). Every Graeco-Latin
 * square can be brought to PZ_EULERO_NORMAL form by permuting columns,
 * renaming B's symbols and permuting rows 2..n, so an order has a
 * Graeco-Latin square exactly when it has a normal one. */
#define PZ_EULERO_A_ROW 0x1u    /* A's first row is 1..n */
#define PZ_EULERO_B_ROW 0x2u    /* B's first row is 1..n */
#define PZ_EULERO_A_COLUMN 0x4u /* A's first column is 1..n */
#define PZ_EULERO_NORMAL 0x7u   /* all three */

/* Creates an Eulero puzzle of order n (1..PZ_EULERO_MAX_ORDER) without
 * givens in *out (the caller's: pz_puzzle_free); pz_puzzle_kind answers
 * "eulero", pz_puzzle_max_value n*n. PZ_ERR_ARG for a NULL out, an order
 * below 1 or an unknown flag, PZ_ERR_TOO_LARGE above the largest order,
 * PZ_ERR_NOMEM. */
PZ_API int pz_eulero_new(pz_puzzle **out, int n, unsigned flags);

/* An Eulero puzzle of order n whose squares keep a symmetry: shifting
 * rows, columns and values 1..k cyclically (1 -> 2 -> ... -> k -> 1, the
 * rest fixed) maps A to A and B to B. This is a restriction, not symmetry
 * breaking: it finds only squares of that kind, but far faster (order 10
 * with k = 7, the shape of Parker's 1959 square: docs/EULERO.md). k in
 * 2..n; PZ_ERR_ARG otherwise, else as pz_eulero_new. */
PZ_API int pz_eulero_new_cyclic(pz_puzzle **out, int n, int k);

/* The orthogonal mates of a Latin square: an Eulero puzzle of order n
 * whose A is `square` (n*n values 1..n, row-major; copied), so its
 * solutions are the squares B orthogonal to it. flags may hold
 * PZ_EULERO_B_ROW (count each mate once up to renaming B's symbols: its
 * first row is 1..n; the full count is n! times that). PZ_ERR_RANGE (with
 * the cell in *info, may be NULL: line = row, column = column) when
 * square is not a Latin square of order n. */
PZ_API int pz_eulero_mates_new(pz_puzzle **out, int n, const int *square,
                               unsigned flags, pz_parse_info *info);

/* Builds a grid in the puzzle layout (n * 3n ints into grid) from square
 * A and square B (n*n ints each, 0 = blank; either may be NULL for all
 * blank); the pair numbers are blank. PZ_ERR_RANGE for a value outside
 * 0..n. */
PZ_API int pz_eulero_pack(int n, const int *a, const int *b, int *grid);
/* The two squares of a grid in the puzzle layout (a, b: n*n ints each;
 * either may be NULL). */
PZ_API int pz_eulero_unpack(int n, const int *grid, int *a, int *b);

/* --- Text ------------------------------------------------------------------
 * The janko.at layout (docs/EULERO.md): a header line "N N" (rows and
 * columns, equal), then N rows of N cells, blank-separated. A cell is two
 * digits "ab" (A's value, B's value, 0 = unknown) for orders up to 9, or
 * "a,b" / "a/b" with decimal numbers (any order; needed from 10 on). Lines
 * starting with '#' and blank lines are skipped. The one-line form that
 * pz_eulero_write_line writes is read too: no header, the N*N cells on
 * one line (N from their number). */

/* A parsed puzzle: the order and both squares' givens. */
typedef struct pz_eulero_def pz_eulero_def;

/* Parses len bytes of text into *out (free with pz_eulero_def_free; NULL
 * on error). Errors: PZ_ERR_PARSE (malformed text), PZ_ERR_RANGE (a value
 * outside 0..N, rows and columns that differ), PZ_ERR_TOO_LARGE (N above
 * PZ_EULERO_MAX_ORDER), PZ_ERR_NOMEM; *info (may be NULL) gets the line,
 * column and a message. A UTF-8 byte-order mark is skipped, a NUL byte is
 * an error, trailing text is an error. */
PZ_API int pz_eulero_parse(const char *text, size_t len, pz_eulero_def **out,
                           pz_parse_info *info);
/* Reads a whole stream and parses it; PZ_ERR_IO when reading fails. */
PZ_API int pz_eulero_read(FILE *in, pz_eulero_def **out, pz_parse_info *info);
/* Frees a definition; NULL is a no-op. */
PZ_API void pz_eulero_def_free(pz_eulero_def *d);
/* The order (d not NULL). */
PZ_API int pz_eulero_def_order(const pz_eulero_def *d);
/* Square 0 (A) or 1 (B): n*n givens, 0 = unknown (owned by d), NULL for
 * another index. */
PZ_API const int *pz_eulero_def_square(const pz_eulero_def *d, int which);
/* Creates the puzzle a definition describes (no symmetry breaking), its
 * givens set; *out is the caller's. */
PZ_API int pz_eulero_from_def(pz_puzzle **out, const pz_eulero_def *d);

/* Reads a Latin square for pz_eulero_mates_new: a .pls file ("order N"
 * first; pz_pls_parse) or a plain grid of N rows of N values 1..N
 * (blank-separated, or N digits in a row for N <= 9; '#' lines and blank
 * lines skipped). Every cell must be filled (PZ_ERR_PARSE otherwise);
 * whether it is Latin is left to pz_eulero_mates_new. *cells (free()) gets
 * n*n values 1..N. */
PZ_API int pz_eulero_parse_square(const char *text, size_t len, int **cells,
                                  int *n, pz_parse_info *info);
PZ_API int pz_eulero_read_square(FILE *in, int **cells, int *n,
                                 pz_parse_info *info);

/* Writes a solution grid (puzzle layout, order n) in the janko layout: the
 * header "N N", then N rows of cells "ab" (N <= 9) or "a,b" (N >= 10,
 * right-aligned in columns). PZ_ERR_RANGE for a value outside 1..n,
 * PZ_ERR_IO when the stream fails. */
PZ_API int pz_eulero_write_grid(FILE *out, const int *grid, int n);
/* The same cells on one line: "ab" cells run together (N <= 9) or "a,b"
 * cells separated by single blanks (N >= 10), and a newline. */
PZ_API int pz_eulero_write_line(FILE *out, const int *grid, int n);
/* The order of the one-line puzzle on the first line of s (len bytes;
 * read only), 0 when that line is not one (a header, a grid row). */
PZ_API int pz_eulero_line_order(const char *s, size_t len);

#ifdef __cplusplus
}
#endif
#endif
