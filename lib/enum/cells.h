/* A counter over cells and all-different groups (cells.c): where the
 * puzzle is nothing but cells with candidates and groups whose cells all
 * differ (Latin squares, Sudoku grids), its solutions are counted on that
 * structure directly, candidates as bit masks, instead of by clause visits
 * over the CNF (docs/PARALLEL.md, "Counting on cells and groups"). The
 * CNF stays the reference: each SAT variable of the encoding names one
 * (cell, value), so the cubes the enumeration deals out (threads, parts)
 * apply unchanged and the count is the CNF's projected count. */
#ifndef PZ_ENUM_CELLS_H
#define PZ_ENUM_CELLS_H

#include <stddef.h>
#include <stdint.h>

#include "pz/enumerate.h"

/* Values are bits 0..63 of a candidate mask (value = base + bit). */
typedef struct pz_cells {
  int ncells;
  uint64_t *dom;        /* per cell: candidates once the givens are in */
  int ngroups;
  int *group_ofs;       /* ngroups + 1: members at group_cells[ofs..] */
  int *group_cells;
  int *cell_group_ofs;  /* ncells + 1: groups holding a cell */
  int *cell_groups;
  int max_groups;       /* the most groups one cell is in */
  int *peer_ofs;        /* ncells + 1: the cells sharing a group with it */
  int *peers;
  unsigned char *exact; /* per group: as many values as cells, so each
                           value has a cell (a hidden single is forced) */
  int nsat;             /* SAT variables of the encoding */
  int *sat_cell;        /* per SAT variable 1..nsat: "cell takes bit"
                           when true, cell -1 when it names no such thing */
  unsigned char *sat_bit;
} pz_cells;

/* A pz_cells for ncells cells, ngroups groups holding members cells in
 * all, and nsat SAT variables: arrays allocated (zeroed; sat_cell all -1,
 * group_ofs[0] 0), the rest for the caller to fill before
 * pz_cells_finish. NULL on allocation failure. */
pz_cells *pz_cells_new(int ncells, int ngroups, size_t members, int nsat);
/* Builds the per-cell indexes from the groups: PZ_ERR_ARG when a group
 * holds a cell twice or a cell is out of range, PZ_ERR_NOMEM. */
int pz_cells_finish(pz_cells *c);
void pz_cells_free(pz_cells *c);

/* One walk over the cells (one per thread): the state of the search. */
typedef struct pz_cells_search {
  const pz_cells *c;
  uint64_t *dom;
  unsigned char *placed;  /* its value has been taken from its peers */
  struct cells_undo *trail;
  size_t trail_len, trail_cap;
  int *queue, qlen;
  int *dirty, ndirty;     /* groups to look at again */
  unsigned char *is_dirty;
  struct cells_choice *dec;
  int ndec;
  int nopen;              /* cells not placed */
  /* Filling the last open cells in a fixed order (cells.c). */
  int filling, fill_n, fill_k, fill_below;
  int *fill_cell;
  int *fill_read, *fill_write; /* per position, the groups (cells.c) */
  uint64_t *fill_dom, *fill_left, *fill_cur;
  uint64_t *used;         /* per group: values its cells hold, and two
                             slots: one always 0, one never read */
  uint64_t nodes;         /* propagations: the unit of work */
  int at;                 /* where pz_cells_next resumes */
} pz_cells_search;

int pz_cells_search_init(pz_cells_search *s, const pz_cells *c);
void pz_cells_search_free(pz_cells_search *s);

/* Starts over under a cube of SAT literals (n) and the formula's unit
 * clauses (nunits): 1 when the search may go,
 * 0 when the cube leaves no solution, -1 when a literal names no
 * (cell, value) (the cube is not for this counter), -2 out of memory. */
int pz_cells_reset(pz_cells_search *s, const int *cube, size_t n,
                   const int *units, size_t nunits);
/* Walks to the next solution within `budget` nodes: 1 a solution (every
 * cell holds one candidate), 0 none left, -1 out of budget (call again),
 * -2 out of memory. */
int pz_cells_next(pz_cells_search *s, uint64_t budget);
/* pz_cells_next that counts the solutions into *found instead of
 * stopping at each: 0 none left, -1 out of budget, -2 out of memory. */
int pz_cells_count(pz_cells_search *s, uint64_t budget, uint64_t *found);
/* The bit of a cell in the current solution. */
static inline int pz_cells_bit(const pz_cells_search *s, int cell) {
  return __builtin_ctzll(s->dom[cell]);
}
/* Estimated share of the cube searched so far (0..1). */
double pz_cells_done(const pz_cells_search *s);

/* pz_cnf_enumerate where cells describes cnf's encoding (its SAT
 * variables, its projection): AUTO then walks each cube on the cells,
 * a cube that names anything else with pz's DPLL. cells may be NULL. */
int pz_cnf_enumerate_cells(const pz_cnf *cnf, const pz_cells *cells,
                           const int *assumptions, size_t n_assumptions,
                           const pz_enum_options *opt, uint64_t limit,
                           pz_model_fn fn, void *state, uint64_t *count,
                           pz_result *stop);

#endif
