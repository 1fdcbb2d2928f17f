/* Skyscrapers' own calls between the files of its folder. A puzzle is an
 * n x n Latin square of tower heights 1..n with clues round it: clue i
 * of 4n, in Simon Tatham's order, says how many towers are seen looking
 * in from the top of column i (i < n), the bottom of column i - n, the
 * left of row i - 2n, the right of row i - 3n; 0 is no clue. */
#ifndef PZ_SKYSCRAPERS_IMPL_H
#define PZ_SKYSCRAPERS_IMPL_H

#include <stdio.h>

#include <pz/generate.h>
#include <pz/puzzle.h>

/* Largest side: sgt-towers goes to 9; the grid and sgt formats write
 * clues and heights as numbers, so more fit. */
#define PZ_TOWERS_MAX 16

typedef struct pz_towers_def {
  int n;
  int *clues;  /* 4n, 0 = none */
  int *givens; /* n*n, 0 = blank */
} pz_towers_def;

/* A definition of side n, no clues, no givens. */
int pz_towers_def_new(pz_towers_def **out, int n);
void pz_towers_def_free(pz_towers_def *d);

/* rules.c: the cells of clue i's line in viewing order (n ints). */
void pz_towers_line(int n, int clue, int *cells);
/* The clue every line of grid shows (4n ints). */
void pz_towers_clues_of(int n, const int *grid, int *clues);
/* The puzzle of these clues, its givens set (may be NULL). */
int pz_towers_puzzle(pz_puzzle **out, int n, const int *clues,
                     const int *givens);

/* text.c: one puzzle in any of the formats below (detected). */
enum { PZ_TOWERS_SGT, PZ_TOWERS_GRID, PZ_TOWERS_LINE };
int pz_towers_parse(const char *text, size_t len, pz_towers_def **out,
                    pz_parse_info *info);
/* d in format f; cells (n*n, may be NULL) replace its givens. */
int pz_towers_write(const pz_towers_def *d, const int *cells, int f,
                    FILE *out);

/* generate.c: a puzzle with exactly one solution into *out, its solution
 * into solution (n*n ints). */
int pz_towers_generate(int n, const pz_options *options,
                       const pz_generate_options *opt, pz_towers_def **out,
                       int *solution, pz_generate_info *info,
                       pz_result *stop);

/* scene.c: the picture (solution: n*n ints or NULL). */
struct pz_scene;
int pz_towers_scene(const pz_towers_def *d, const int *solution,
                    struct pz_scene **out);

#endif
