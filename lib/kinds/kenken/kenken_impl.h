/* KenKen's own calls between the files of its folder. */
#ifndef PZ_KENKEN_IMPL_H
#define PZ_KENKEN_IMPL_H

#include <stdio.h>

#include "pz/common.h"
#include "pz/generate.h"
#include "pz/model.h"
#include "pz/puzzle.h"
#include "pz/render.h"

/* Sizes of the square. */
#define KENKEN_MIN 3
#define KENKEN_MAX 9

/* A KenKen: an n x n Latin square cut into cages, each with an operation
 * and a target. Cages are numbered by their first cell in reading order
 * (the order of Simon Tatham's game ids). */
typedef struct kenken_def {
  int n, ncages;
  int *cage;         /* n * n: the cell's cage */
  pz_arith_op *op;   /* per cage */
  int *target;       /* per cage */
} kenken_def;

/* An empty definition of side n with room for n * n cages. */
int pz_kenken_def_new(kenken_def **out, int n);
void pz_kenken_def_free(kenken_def *d);
/* Renumbers the cages by their first cell (reading order), their ops and
 * targets along. */
void pz_kenken_def_order(kenken_def *d);
/* Cells of cage k into cells (n * n ints); the count. */
int pz_kenken_cage_cells(const kenken_def *d, int k, int *cells);
/* Why d is not a KenKen (into info, without a place; *bad the cage, or
 * -1), or PZ_OK: every cage has cells, SUB and DIV two, targets in range. */
int pz_kenken_def_check(const kenken_def *d, pz_parse_info *info, int *bad);

/* rules.c: the puzzle of d. */
int pz_kenken_puzzle(const kenken_def *d, pz_puzzle **out);

/* text.c: Simon Tatham's game ids ("4:a_7a__a_aaba,a5d2a5s1d2s2m4m6")
 * and the grid format (docs in text.c). */
int pz_kenken_parse_sgt(const char *text, size_t len, kenken_def **out,
                     pz_parse_info *info);
int pz_kenken_parse_grid(const char *text, size_t len, kenken_def **out,
                      pz_parse_info *info);
int pz_kenken_write_sgt(const kenken_def *d, FILE *out);
int pz_kenken_write_grid(const kenken_def *d, FILE *out);
/* The operation's symbol: '+', '-', 'x', '/'. */
char pz_kenken_op_symbol(pz_arith_op op);

/* generate.c: a puzzle of side n with a unique solution (into solution,
 * n * n ints). */
int pz_kenken_generate(int n, const pz_options *o, const pz_generate_options *g,
                    kenken_def **out, int *solution, pz_generate_info *info,
                    pz_result *stop);

/* scene.c */
int pz_kenken_scene(const kenken_def *d, const int *solution, pz_scene **out);

#endif
