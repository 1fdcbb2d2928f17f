/* pz: puzzles. One opaque handle type for every puzzle kind; each kind has
 * its own constructor (pz_latin_new, pz_sudoku_new, ...) and shares the
 * solving calls below. */
#ifndef PZ_PUZZLE_H
#define PZ_PUZZLE_H

#include "card.h"
#include "enumerate.h"
#include "estimate.h"
#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pz_puzzle pz_puzzle;

/* How a puzzle meets its solver. */
typedef enum pz_strategy {
  PZ_STRATEGY_AUTO = 0,   /* fresh for the first call on a puzzle object,
                             then reuse for grids up to 16x16 (measured);
                             plain Sudoku and jigsaw up to 16x16 try
                             pz's own search on candidates first (solve
                             and unique) */
  PZ_STRATEGY_FRESH = 1,  /* a new solver per call, givens simplified away */
  PZ_STRATEGY_ASSUME = 2  /* one solver with the rules, givens assumed */
} pz_strategy;

/* Solving options. Initialise with PZ_OPTIONS_INIT, then set fields, so
 * fields added later keep their defaults. */
typedef struct pz_options {
  unsigned version;         /* PZ_OPTIONS_VERSION */
  const char *backend;      /* backend name, NULL = default */
  double time_limit;        /* seconds per call (encoding, loading into
                               the solver and solving), 0 = none */
  int (*terminate)(void *state); /* polled while encoding, loading and
                                    solving; non-zero stops; may be NULL */
  void *terminate_state;
  pz_strategy strategy;
  pz_amo_encoding amo;      /* at-most-one / exactly-one encoding */
  pz_card_encoding card;    /* at-most-k encoding */
  /* Version 2 (a version 1 struct ends above; these keep defaults): */
  pz_enum_method enumerate; /* how count and enumerate walk solutions */
  int threads;              /* count / enumerate: worker threads over
                               disjoint cubes; solve / unique: that many
                               differently configured solvers race on
                               one fresh encoding (a portfolio; see
                               pz_puzzle_solve); 0 or 1 = one */
  uint64_t part, parts;     /* count / enumerate only part (1..parts <=
                               PZ_ENUM_MAX_LAZY_PARTS) of the space
                               (pz_cnf_part_cubes); parts 0 = all */
  void (*progress)(void *state, const pz_progress *p); /* may be NULL */
  void *progress_state;
} pz_options;
#define PZ_OPTIONS_VERSION 2
#define PZ_OPTIONS_INIT \
  { PZ_OPTIONS_VERSION, NULL, 0.0, NULL, NULL, PZ_STRATEGY_AUTO, \
    PZ_AMO_AUTO, PZ_CARD_AUTO, PZ_ENUM_AUTO, 0, 0, 0, NULL, NULL }

/* Frees a puzzle; NULL is a no-op. */
PZ_API void pz_puzzle_free(pz_puzzle *p);
/* Kind name: "latin", "sudoku", "killer", "kakuro", "starbattle",
 * "futoshiki", "eulero", "knightdoku", "nondango", or "model" (a model of
 * your own, pz_model_puzzle). The string is static. */
PZ_API const char *pz_puzzle_kind(const pz_puzzle *p);
/* Grid size; a solution has rows * cols ints, row-major. */
PZ_API int pz_puzzle_rows(const pz_puzzle *p);
PZ_API int pz_puzzle_cols(const pz_puzzle *p);
/* Largest value a solution cell can hold (n for Latin/Sudoku, 1 for
 * Knightdoku, 2 for Nondango: 1 white, 2 black). */
PZ_API int pz_puzzle_max_value(const pz_puzzle *p);
/* The name of a cell (row-major index) as hints and messages give it,
 * into buf (len bytes, the caller's; cut to fit): "r3c5", for Eulero "A
 * r1c2" / "B r1c2". *own (may be NULL) gets 1 for a cell a person fills,
 * 0 for one the kind derives from others (Eulero's pair numbers): such a
 * cell is never a generated given nor a hint. PZ_ERR_ARG for NULL, len 0
 * or a cell out of the grid. */
PZ_API int pz_puzzle_name_cell(const pz_puzzle *p, int cell, char *buf,
                               size_t len, int *own);

/* Copies options (the backend name is copied too; opt stays the
 * caller's). PZ_ERR_BACKEND when no backend of that name is linked,
 * PZ_ERR_ARG for a bad field; p is unchanged on error. */
PZ_API int pz_puzzle_set_options(pz_puzzle *p, const pz_options *opt);

/* Sets the givens: rows*cols ints, 0 = blank. Meaning per kind: a value
 * 1..n (Latin, Sudoku); the clue number + 1 of a given knight (Knightdoku,
 * so 0 stays blank); 1 a circle, 2 a circle given white, 3 a circle given
 * black (Nondango). Values out of range give PZ_ERR_RANGE. NULL clears the
 * givens. */
PZ_API int pz_puzzle_set_givens(pz_puzzle *p, const int *givens);
/* The givens in the same layout (NULL-free, rows*cols ints). */
PZ_API const int *pz_puzzle_givens(const pz_puzzle *p);

/* If two givens contradict each other directly (same value twice in a
 * unit, ...), returns PZ_ERR_CONFLICT and describes it in *info (line =
 * row, column = column of the second cell, both from 1). PZ_OK otherwise.*/
PZ_API int pz_puzzle_check_givens(const pz_puzzle *p, pz_parse_info *info);

/* Encodes the puzzle with its givens into cnf (simplified: what the givens
 * decide is not emitted), with the projection set. Not bounded by the
 * time limit (see pz_puzzle_encode_ex). PZ_ERR_TOO_LARGE when the formula
 * would exceed PZ_PUZZLE_MAX_LITERALS. cnf stays the caller's. */
PZ_API int pz_puzzle_encode(pz_puzzle *p, pz_cnf *cnf);

/* Flags of pz_puzzle_encode_ex. */
#define PZ_ENCODE_FULL 0x1u /* the whole formula: every rule over every
                               cell, each given as a unit clause, nothing
                               simplified away. Latin/Sudoku: variable
                               (cell * n + value) for value 1..n, cell =
                               row * n + col (from 0), when cnf starts
                               empty. Knightdoku: cell + 1. Nondango: one
                               variable per circle, in cell order. */
/* pz_puzzle_encode with flags. complete (may be NULL) asks for the time
 * limit and terminate callback of pz_options to apply as in a solving
 * call: *complete gets 1 when the formula was written whole, 0 when they
 * stopped it (cnf then holds a part of it, not to be used; the puzzle
 * stays usable). With complete NULL neither applies. */
PZ_API int pz_puzzle_encode_ex(pz_puzzle *p, pz_cnf *cnf, unsigned flags,
                               int *complete);

/* What projected variable var of the last encoding (pz_puzzle_encode*,
 * or the one a solving call made) means: it is true exactly when the
 * solution holds *value in *cell (row-major index from 0; value as in a
 * solution: 1..n for Latin/Sudoku, 1 a knight, PZ_NONDANGO_BLACK). Either
 * pointer may be NULL. PZ_OK when var is such a variable, PZ_ERR_RANGE
 * when it is not (an auxiliary, or out of range), PZ_ERR_STATE before the
 * first encoding. Numbers are those of that encoding's buffer. Knightdoku
 * and Nondango have one variable per open cell: false means no knight /
 * white. Latin and Sudoku have one per open (cell, value): exactly one of
 * a cell's is true. */
PZ_API int pz_puzzle_var_meaning(const pz_puzzle *p, int var, int *cell,
                                 int *value);
/* The cells the last encoding decided without variables (its givens and
 * what they imply): grid (rows*cols ints) gets their solution values and
 * -1 for every cell the variables decide, so a model of that encoding
 * reads back as a solution through pz_puzzle_var_meaning. All -1 (but
 * Nondango cells without a circle) after PZ_ENCODE_FULL; after a
 * contradiction (the empty clause) no cell is decided. PZ_ERR_STATE
 * before the first encoding. */
PZ_API int pz_puzzle_decided(const pz_puzzle *p, int *grid);

/* Size budget: an encoding whose literal count (after simplification,
 * auxiliaries included; computed before anything is written) exceeds this
 * is refused with PZ_ERR_TOO_LARGE by every encoding and solving call.
 * Measured (docs/ENCODINGS.md, "Size budget"): CaDiCaL peaks at about 100
 * bytes per literal, PicoSAT at about 45, so 40 million literals stay near
 * 4 GB. Accepted when empty: Latin squares up to order 124, Sudoku up to
 * 100x100; larger ones when their givens simplify them enough. */
#define PZ_PUZZLE_MAX_LITERALS 40000000LL

/* Solves. On SAT, solution (rows*cols ints, may be NULL) gets the grid.
 * *out is PZ_UNKNOWN when the time limit or the terminate callback stopped
 * the call, whether while encoding, loading or solving (the same holds for
 * the *stop of the calls below).
 * With opt.threads > 1 (a portfolio), solve and unique encode the puzzle
 * fresh (the strategy does not apply) and race that many solvers of the
 * chosen backend, each on its own thread with its own configuration
 * (member 0 is the single solver's), for one hard puzzle: the first
 * SAT/UNSAT answer wins and the others are stopped; the answers are the
 * single solver's, only the time differs. The terminate callback still
 * runs on the calling thread only. A member that fails (out of memory)
 * drops out: the call fails only when every member failed. A backend
 * without configurations (ipasir) races one solver. Memory: one solver
 * per thread. docs/ARCHITECTURE.md, "Portfolio". */
PZ_API int pz_puzzle_solve(pz_puzzle *p, int *solution, pz_result *out);

/* Called once per solution with the grid (valid during the call).
 * Return non-zero to stop. */
typedef int (*pz_grid_fn)(void *state, const int *grid);

/* Enumerates distinct solutions (see pz_solver_enumerate for limit, count
 * and stop). */
PZ_API int pz_puzzle_enumerate(pz_puzzle *p, uint64_t limit, pz_grid_fn fn,
                               void *state, uint64_t *count,
                               pz_result *stop);
/* Counts solutions up to cap (0 = all). */
PZ_API int pz_puzzle_count(pz_puzzle *p, uint64_t cap, uint64_t *count,
                           pz_result *stop);
/* Estimates the number of solutions by sampling (<pz/estimate.h>), for
 * counts too large to finish: *out gets the estimate, its standard error
 * and 95% interval. The time limit, terminate callback and threads of the
 * puzzle's options apply (a stopped run still fills *out from the samples
 * it took: out->stopped is 1); the backend does not (pz's own search
 * counts below the sampled nodes). eopt may be NULL (defaults). Errors:
 * PZ_ERR_ARG, PZ_ERR_NOMEM, PZ_ERR_TOO_LARGE (as pz_puzzle_encode). */
PZ_API int pz_puzzle_estimate(pz_puzzle *p, const pz_estimate_options *eopt,
                              pz_estimate *out);
/* 0, 1 or 2 (two or more) solutions in *solutions; solution (may be NULL)
 * gets the first one found. With opt.threads > 1 one race finds a
 * solution, a second one (the same solvers, that solution blocked) looks
 * for another. */
PZ_API int pz_puzzle_unique(pz_puzzle *p, int *solutions, int *solution,
                            pz_result *stop);

/* True candidates: what each cell holds in at least one solution.
 * possible (rows * cols * (max_value + 1) bytes, the caller's; index
 * cell * (max_value + 1) + value) gets PZ_CANDIDATE_YES for a value some
 * solution shows in that cell, PZ_CANDIDATE_NO for one none does.
 * counts (same layout, may be NULL) gets for each (cell, value) the number
 * of solutions showing it, up to cap (0 = no cap; counting costs an
 * enumeration, so it is done only when counts is given). Cells the kind
 * derives from others (pz_puzzle_name_cell's own = 0: Eulero's pairs) are
 * not asked: all NO, count 0. *solves (may be NULL) gets the number of
 * backend solves it took. *stop: PZ_SAT done; PZ_UNSAT no solution (all
 * NO); PZ_UNKNOWN the time limit or terminate callback stopped it: what
 * was shown stays YES, what was refuted NO, the rest PZ_CANDIDATE_UNKNOWN
 * (counts are then lower bounds). The threads, strategy and enumeration
 * options do not apply (one solver, the puzzle's own; docs/ARCHITECTURE.md
 * "True candidates"). PZ_ERR_UNSUPPORTED for a kind without a full
 * encoding. */
#define PZ_CANDIDATE_NO 0
#define PZ_CANDIDATE_YES 1
#define PZ_CANDIDATE_UNKNOWN 2
PZ_API int pz_puzzle_candidates(pz_puzzle *p, unsigned char *possible,
                                uint64_t *counts, uint64_t cap,
                                uint64_t *solves, pz_result *stop);

/* Variables and clauses of the encoding the last call gave a backend, for
 * reports: 0 and 0 when the call was answered before any encoding
 * reached a backend (propagation or failed-literal probing decided the
 * puzzle, or the givens contradict the rules). */
PZ_API int pz_puzzle_last_size(const pz_puzzle *p, int *vars,
                               size_t *clauses);
/* The solver of the last call (borrowed; valid until the next call or
 * pz_puzzle_free), or NULL. For statistics. */
PZ_API const pz_solver *pz_puzzle_solver(const pz_puzzle *p);

/* --- Latin squares ------------------------------------------------------ */
#define PZ_LATIN_REDUCED 1u /* first row and column are 1..n in order */
/* Order n in 1..PZ_LATIN_MAX_ORDER. */
#define PZ_LATIN_MAX_ORDER 256
PZ_API int pz_latin_new(pz_puzzle **out, int n, unsigned flags);

/* --- Sudoku ------------------------------------------------------------- */
/* n = box_rows * box_cols, n up to PZ_SUDOKU_MAX_SIZE. */
#define PZ_SUDOKU_MAX_SIZE 1024
PZ_API int pz_sudoku_new(pz_puzzle **out, int box_rows, int box_cols);

/* Variant rules, combined freely with | . */
#define PZ_SUDOKU_ANTI_KING 0x01u   /* equal digits never a king's move apart */
#define PZ_SUDOKU_ANTI_KNIGHT 0x02u /* ... never a knight's move apart */
#define PZ_SUDOKU_DIAGONAL 0x04u    /* both main diagonals all different */
#define PZ_SUDOKU_WINDOKU 0x08u     /* extra boxes between the boxes
                                       (the four hyper regions on 9x9) */
#define PZ_SUDOKU_NONCONSECUTIVE 0x10u /* orthogonal neighbours never
                                          differ by 1 */
#define PZ_SUDOKU_ALL_VARIANTS 0x1fu
/* Sets the variant rules (replacing earlier ones). PZ_ERR_ARG for unknown
 * bits; PZ_ERR_UNSUPPORTED for WINDOKU on grids without room for it. */
PZ_API int pz_sudoku_set_variants(pz_puzzle *p, unsigned variants);
/* Name of one variant bit ("anti-king", "anti-knight", "diagonal",
 * "windoku", "non-consecutive"), NULL otherwise. */
PZ_API const char *pz_sudoku_variant_name(unsigned variant);
/* Parses a comma-separated list of variant names into *variants;
 * PZ_ERR_ARG (with the bad name in info->message) when one is unknown. */
PZ_API int pz_sudoku_variants_from_names(const char *list, unsigned *variants,
                                         pz_parse_info *info);
/* Jigsaw: regions (n*n ints, values 1..n, each used by exactly n cells,
 * each region connected or not) replace the boxes. NULL restores boxes.
 * Errors name the offending cell or region in *info (may be NULL). */
PZ_API int pz_sudoku_set_regions(pz_puzzle *p, const int *regions,
                                 pz_parse_info *info);

#ifdef __cplusplus
}
#endif
#endif
