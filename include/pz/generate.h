/* pz: generating puzzles with exactly one solution, and rating puzzles by
 * the weakest reasoning that solves them. */
#ifndef PZ_GENERATE_H
#define PZ_GENERATE_H

#include "puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which cells are given together: a given's orbit under the symmetry is
 * given or blank as a whole. ROTATE90 and DIAGONAL need a square grid. */
typedef enum pz_symmetry {
  PZ_SYMMETRY_NONE = 0,
  PZ_SYMMETRY_ROTATE180 = 1, /* (r, c) with (n-1-r, n-1-c) */
  PZ_SYMMETRY_ROTATE90 = 2,  /* the four quarter turns */
  PZ_SYMMETRY_MIRROR = 3,    /* (r, c) with (r, cols-1-c) */
  PZ_SYMMETRY_DIAGONAL = 4,  /* (r, c) with (c, r) */
  PZ_SYMMETRY_COUNT
} pz_symmetry;
/* "none", "rotate180", "rotate90", "mirror", "diagonal"; NULL otherwise.
 * The string is static. */
PZ_API const char *pz_symmetry_name(pz_symmetry s);
/* PZ_ERR_ARG for an unknown name. */
PZ_API int pz_symmetry_from_name(const char *name, pz_symmetry *out);

/* The weakest reasoning that solves a puzzle, on its CNF (any kind):
 * SINGLES = unit propagation (Sudoku: naked and hidden singles), PROBING
 * = that plus failed literals (a value that leads to a contradiction by
 * propagation is crossed out), DEEP_PROBING = failed literals two levels
 * deep, SEARCH = none of these finishes it. docs/GENERATE.md maps them to
 * human techniques and to QQWing's levels. */
typedef enum pz_level {
  PZ_LEVEL_ANY = 0, /* as a target: any level */
  PZ_LEVEL_SINGLES = 1,
  PZ_LEVEL_PROBING = 2,
  PZ_LEVEL_DEEP_PROBING = 3,
  PZ_LEVEL_SEARCH = 4,
  PZ_LEVEL_COUNT
} pz_level;
/* "any", "singles", "probing", "deep-probing", "search"; NULL otherwise. */
PZ_API const char *pz_level_name(pz_level l);
/* PZ_ERR_ARG for an unknown name. */
PZ_API int pz_level_from_name(const char *name, pz_level *out);

/* Generation options. Initialise with PZ_GENERATE_OPTIONS_INIT. */
typedef struct pz_generate_options {
  unsigned version;     /* PZ_GENERATE_OPTIONS_VERSION */
  uint64_t seed;        /* same seed, version and backend: same puzzle */
  pz_symmetry symmetry;
  int minimal;          /* 1: no given can be removed without a second
                           solution; 0: stop removing at `givens` */
  int givens;           /* 0: no target; with minimal, a minimal puzzle
                           with at most this many givens (new tries until
                           one comes); without, exactly this many (or the
                           fewest unique above it) */
  pz_level difficulty;  /* PZ_LEVEL_ANY, or new tries until a puzzle
                           rates exactly this */
  unsigned max_tries;   /* tries before giving up on the targets (0: 1000) */
} pz_generate_options;
#define PZ_GENERATE_OPTIONS_VERSION 1
#define PZ_GENERATE_OPTIONS_INIT \
  { PZ_GENERATE_OPTIONS_VERSION, 0, PZ_SYMMETRY_NONE, 1, 0, PZ_LEVEL_ANY, 0 }

/* What a generation gave. */
typedef struct pz_generate_info {
  int givens;           /* givens of the puzzle */
  pz_level level;       /* its rating with a difficulty target, else
                           PZ_LEVEL_ANY (pz_puzzle_rate rates it) */
  unsigned tries;       /* full solutions drawn */
} pz_generate_info;

/* Generates a puzzle of p's kind, size, rules (variants, regions) with
 * exactly one solution, and sets it as p's givens (pz_puzzle_givens reads
 * it; earlier givens are replaced). *stop: PZ_SAT when a puzzle meeting
 * every target was made, PZ_UNSAT when the rules admit no solution at all,
 * PZ_UNKNOWN when the time limit or terminate callback of p's options
 * stopped it, or max_tries passed, first: p then holds the unique puzzle
 * closest to the targets when one was made (info->givens > 0), no givens
 * otherwise. Uniqueness is proved by p's backend (givens, rules and the
 * solution blocked: UNSAT) on top of pz's own search. solution (rows*cols
 * ints, may be NULL) gets the solution; info (may be NULL) what was made.
 * Kinds whose givens are the solution's own values: Latin squares, Sudoku
 * (every box shape, variants, jigsaw regions), Eulero (digits of A and B;
 * the pair numbers are never given), models of your own; and
 * Knightdoku (clue knights) and Nondango (circles given a colour; p's
 * givens give the circles, their colours are dropped). A kind whose
 * layout is part of its rules (Killer cages, Futoshiki signs) gets givens
 * for the layout it has; the layout itself is not generated.
 * PZ_ERR_UNSUPPORTED for a kind without a full encoding. */
PZ_API int pz_puzzle_generate(pz_puzzle *p, const pz_generate_options *opt,
                              int *solution, pz_generate_info *info,
                              pz_result *stop);

/* Rates p with its givens: *level gets the weakest level that solves it
 * (SEARCH also when it has no solution or several). Bounded by p's time
 * limit (*stop PZ_UNKNOWN when it stopped; PZ_SAT otherwise). */
PZ_API int pz_puzzle_rate(pz_puzzle *p, pz_level *level, pz_result *stop);

/* One step of a puzzle's solution by reasoning. */
typedef struct pz_step {
  int cell;         /* row-major cell index (-1: a trial on a variable of
                       no cell, or of a cell the kind derives from others:
                       pz_puzzle_name_cell) */
  int value;        /* the value placed or crossed out */
  int placed;       /* 1: the cell holds value; 0: value is crossed out */
  pz_level level;   /* SINGLES: propagation placed it; PROBING or
                       DEEP_PROBING: a trial (one or two levels deep)
                       contradicts the other way */
  char why[240];    /* the reason in words, with the rule the clause came
                       from: "the only place for 7 in box 2", "the only
                       value left for r3c5"; a trial: "if so, no place
                       would be left for 2 in row 1" */
} pz_step;

/* Solves p from its givens by the reasoning of pz_puzzle_rate, calling
 * on_step (state passed through) for each step in order: placements by
 * propagation, crossings-out and placements by trial when propagation
 * stalls. A non-zero return from on_step stops the walk. *level gets the
 * strongest reasoning used (SEARCH: the walk stalled with cells open;
 * ANY: on_step stopped it first). *stop: PZ_SAT when the walk ended, PZ_UNSAT
 * when the givens contradict the rules (found by propagation), PZ_UNKNOWN
 * when p's time limit or terminate callback stopped it. Rules are named
 * by their labels (pz_model_set_label; the built-in kinds name rows,
 * columns, boxes, regions, variants). Same kinds as pz_puzzle_rate. */
PZ_API int pz_puzzle_explain(pz_puzzle *p,
                             int (*on_step)(void *state, const pz_step *s),
                             void *state, pz_level *level, pz_result *stop);

/* The next placement a person could make (pz_puzzle_explain's first
 * placement), into *hint; its level is the strongest reasoning up to it,
 * and its why says how many candidates trial crossed out before. No
 * placement: hint->cell is -1 and hint->level ANY (every cell is given)
 * or SEARCH (nothing follows without guessing). *stop as for explain. */
PZ_API int pz_puzzle_hint(pz_puzzle *p, pz_step *hint, pz_result *stop);

/* A uniformly random Latin square of order n (1..PZ_LATIN_MAX_ORDER) into
 * square (n*n ints, row-major, values 1..n; the caller's). Jacobson and
 * Matthews' Markov chain on proper and improper squares, from the cyclic
 * square, stopped at the proper square reached after n^2 moves out of
 * proper squares (at least 1000): about n^3 moves in all, since a detour
 * through improper squares takes about n (docs/GENERATE.md).
 * Deterministic: same n and seed, same square (on every platform). No
 * solver is used. PZ_ERR_ARG for a bad n or NULL, PZ_ERR_NOMEM. */
PZ_API int pz_latin_random(int n, uint64_t seed, int *square);

/* A quasigroup-with-holes instance (the QWH benchmark of Achlioptas,
 * Gomes, Kautz and Selman, with the balanced holes of Kautz et al. 2001):
 * a random square from pz_latin_random's walk with `holes` cells (0..n*n)
 * emptied so that every row and every column has holes/n or holes/n + 1
 * of them (the cells of a second random square holding the lowest
 * symbols). givens (n*n ints, the caller's) gets the square with 0 for a
 * hole; solution (n*n ints, may be NULL) the full square. Satisfiable by
 * construction; the completion need not be unique. Same n, holes and
 * seed: same instance. PZ_ERR_ARG for a bad n or holes or NULL givens,
 * PZ_ERR_NOMEM. */
PZ_API int pz_latin_qwh(int n, int holes, uint64_t seed, int *givens,
                        int *solution);

/* A Futoshiki of order n (1..PZ_FUTOSHIKI_MAX_ORDER) with exactly one
 * solution, signs and givens both generated: a uniformly random Latin
 * square (pz_latin_random) shows every value and sign, then givens and
 * after them signs are taken away in random order while it stays unique
 * (each question answered by the backend of `options`, which may be NULL
 * for the defaults; its time limit and terminate callback bound the
 * call). opt as for pz_puzzle_generate (seed, minimal, givens: a target
 * number of clues, digits and signs together; difficulty; symmetry is
 * not used). givens, right and down (n*n ints each, the caller's) get the
 * puzzle in pz_futoshiki_new's terms; solution (may be NULL) its solution;
 * info->givens the clues left. *stop as for pz_puzzle_generate. */
PZ_API int pz_futoshiki_generate(int n, const pz_options *options,
                                 const pz_generate_options *opt, int *givens,
                                 int *right, int *down, int *solution,
                                 pz_generate_info *info, pz_result *stop);

/* A Killer Sudoku with box_rows x box_cols boxes and exactly one
 * solution: cages drawn over a random Sudoku solution (connected, mostly
 * 2 to 4 cells, no digit twice in a cage, sums read off the solution),
 * up to opt->max_tries layouts (0: 20) until the cages alone decide it
 * (rated opt->difficulty, when set); else the fewest givens that make the
 * last layout unique (pz_puzzle_generate on the Killer puzzle; with
 * opt->givens, exactly that many or the fewest above). Symmetry is not
 * used. cages (n*n ints: cage numbers 0..*ncages-1), sums (n*n ints room,
 * *ncages used), givens (n*n) and solution (n*n, may be NULL) are the
 * caller's, in pz_killer_new's terms. options (may be NULL) gives the
 * backend, time limit and terminate callback. *stop: PZ_SAT made (and the
 * givens target met), PZ_UNKNOWN stopped or the target missed (the best
 * puzzle kept when one was made: *ncages > 0), PZ_UNSAT never for Sudoku
 * rules that have solutions. */
PZ_API int pz_killer_generate(int box_rows, int box_cols,
                              const pz_options *options,
                              const pz_generate_options *opt, int *cages,
                              int *sums, int *ncages, int *givens,
                              int *solution, pz_generate_info *info,
                              pz_result *stop);

/* A random jigsaw layout for p, an n x n Sudoku (pz_sudoku_new; its
 * variants count, windoku excepted: PZ_ERR_UNSUPPORTED): the grid cut into
 * n regions of n cells, each 4-connected, on which p's rules have a full
 * solution, so that a puzzle with exactly one solution exists on it
 * (pz_puzzle_generate on p makes one). The layout: the boxes of the most
 * square shape (rows when n is prime), then random boundary swaps (a cell
 * and a cell of a neighbouring region trade regions when both stay
 * connected); for n >= 4 never the rows, columns or boxes of any shape.
 * pz's own search, then p's backend, looks for a full solution on it; a
 * layout without one makes way for the next. regions (n*n ints,
 * row-major, the caller's) gets the region numbers 1..n, numbered in the
 * order of their first cells; *stop: PZ_SAT when a layout with a solution
 * was found: p's regions are then set to it (as by pz_sudoku_set_regions)
 * and solution (n*n ints, may be NULL) gets the full solution found;
 * PZ_UNKNOWN when p's time limit or terminate callback stopped it, or 100
 * layouts in a row had no solution (regions then hold the last layout
 * tried; p's regions are unspecified). p's givens are not looked at.
 * Deterministic: same n, variants and seed, same layout (unless stopped);
 * the solution found may depend on the backend. PZ_ERR_ARG for NULL or a p
 * that is no Sudoku, PZ_ERR_NOMEM. */
PZ_API int pz_jigsaw_regions(pz_puzzle *p, uint64_t seed, int *regions,
                             int *solution, pz_result *stop);

#ifdef __cplusplus
}
#endif
#endif
