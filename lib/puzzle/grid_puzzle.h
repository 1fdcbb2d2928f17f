/* Callbacks shared by the puzzle kinds built on pz_grid (Latin, Sudoku):
 * their impl starts with a pz_grid. */
#ifndef PZ_GRID_PUZZLE_H
#define PZ_GRID_PUZZLE_H

#include "puzzle/grid.h"
#include "puzzle/puzzle_impl.h"

int pz_gp_given_ok(const pz_puzzle *p, int cell, int value);
int pz_gp_check_givens(pz_puzzle *p, pz_parse_info *info);
void pz_gp_decode(pz_puzzle *p, const pz_solver *s, int *grid);
void pz_gp_destroy(pz_puzzle *p);
/* Encodes with the puzzle's givens (simplified) / with none. */
int pz_gp_encode(pz_puzzle *p, pz_cnf *cnf);
int pz_gp_encode_rules(pz_puzzle *p, pz_cnf *cnf);
int pz_gp_encode_full(pz_puzzle *p, pz_cnf *cnf);
int pz_gp_var_meaning(const pz_puzzle *p, int var, int *cell, int *value);
int pz_gp_decided(const pz_puzzle *p, int *grid);
/* Solves by propagating the givens alone, when that suffices. */
int pz_gp_presolve(pz_puzzle *p, int *grid, int *solved);
/* One assumption per given: its (cell, value) variable. */
int pz_gp_given_lits(pz_puzzle *p, pz_ivec *out);

#endif
