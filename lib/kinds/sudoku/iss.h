/* ISS constraint strings (pz/variants.h) in the sudoku kind: telling them
 * from the grid text layer, cutting a batch of them into puzzles, and a
 * classic Sudoku stated as one. */
#ifndef PZ_KINDS_SUDOKU_ISS_H
#define PZ_KINDS_SUDOKU_ISS_H

#include <pz/kind.h>
#include <pz/variants.h>

/* Does some line of text hold ISS constraints ('~', a type name such as
 * ".AntiKing", an ISS URL's "q=")? A line of the grid text layer never
 * does. */
int pz_sudoku_iss_text(const char *text, size_t len);

/* Is the ISS text on one line (the concatenated form)? */
int pz_sudoku_iss_one_line(const char *text, size_t len);

/* The split op for a text that holds ISS lines: blocks between blank
 * lines; a block whose lines each hold one constraint is one puzzle (the
 * one-a-line form), else each of its lines is one (a batch, each puzzle
 * concatenated). Comment lines go with the puzzle below. */
int pz_sudoku_iss_split(const char *text, size_t len, pz_span **parts,
                        size_t *n);

/* A Sudoku of n x n with boxes br x bc, PZ_SUDOKU_* variants and givens
 * (0 blank) as an ISS definition into *out (pz_iss_free).
 * PZ_ERR_UNSUPPORTED where ISS cannot state it: boxes other than the ones
 * ISS draws for that size, windoku. */
int pz_sudoku_iss_from(int n, int br, int bc, unsigned variants,
                       const int *givens, pz_iss_def **out);

/* The ISS URL of the command line, "URL", else NULL (the literal op). */
const char *pz_sudoku_iss_literal(const char *arg);

#endif
