/* pz: the modelling layer. A model is integer variables with small domains
 * and constraints over them, stated one call each; pz chooses the SAT
 * encodings (docs/ENCODINGS.md, "Models") and owns every auxiliary
 * variable, so nothing a model says can collide with them.
 *
 * Solving goes through the puzzle API: pz_model_puzzle() makes a
 * pz_puzzle of a model, and pz_puzzle_solve / _enumerate / _count /
 * _unique work on it as on every built-in kind, projected on the model's
 * own variables (two solutions differ in some variable's value). A
 * solution is one int per variable, in the order they were made.
 *
 *   pz_model *m;
 *   int q;                                  // 8 queens, one per row:
 *   pz_model_new(&m);                       // q + r = the queen's column
 *   pz_model_add_ints(m, 8, 0, 7, &q);      //           in row r
 *   int rows[8];
 *   for (int r = 0; r < 8; r++) rows[r] = q + r;
 *   pz_model_all_different(m, rows, 8);
 *   for (int a = 0; a < 8; a++)             // no two on a diagonal
 *     for (int b = a + 1; b < 8; b++)
 *       pz_model_abs_diff(m, q + a, q + b, PZ_NE, b - a);
 *   pz_puzzle *p;
 *   pz_model_puzzle(&p, m, 1, 8);           // 92 solutions
 *
 * Every call returns a pz_status; a model that a call refused is
 * unchanged. Variables are named by their number, from 0. */
#ifndef PZ_MODEL_H
#define PZ_MODEL_H

#include <stddef.h>

#include "pz/common.h"
#include "pz/puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An opaque model. */
typedef struct pz_model pz_model;

/* Comparisons of the constraints below. */
typedef enum pz_cmp {
  PZ_EQ = 0, /* =  */
  PZ_NE,     /* != */
  PZ_LT,     /* <  */
  PZ_LE,     /* <= */
  PZ_GT,     /* >  */
  PZ_GE      /* >= */
} pz_cmp;

/* Largest domain of one variable (hi - lo + 1). */
#define PZ_MODEL_MAX_DOMAIN 65536

/* Creates an empty model; *out is the caller's (pz_model_free). */
PZ_API int pz_model_new(pz_model **out);
/* Frees a model; NULL is a no-op. */
PZ_API void pz_model_free(pz_model *m);

/* --- Variables ---------------------------------------------------------- */
/* Adds count integer variables with domain lo..hi (hi - lo < MAX_DOMAIN),
 * numbered *first, *first + 1, ...; each gets one SAT variable per value
 * (exactly one true), or a single one for a domain of two values (true =
 * the higher). Booleans are ints 0..1 with a single SAT variable
 * each (true = 1). A variable whose domain is one value is a constant
 * (e.g. a black cell of a grid): it costs nothing in the formula. */
PZ_API int pz_model_add_ints(pz_model *m, int count, int lo, int hi,
                             int *first);
PZ_API int pz_model_add_bools(pz_model *m, int count, int *first);
/* Number of variables so far. */
PZ_API int pz_model_num_vars(const pz_model *m);
/* Domain of var. */
PZ_API int pz_model_domain(const pz_model *m, int var, int *lo, int *hi);

/* Names the constraints added from now on, until the next call (NULL or
 * "": none), e.g. "box 2" or "cage 5 (sum 17)": explanations then say
 * "the only place for 7 in box 2" (pz_puzzle_explain). text (at most
 * PZ_MODEL_MAX_LABEL bytes) is copied. */
#define PZ_MODEL_MAX_LABEL 100
PZ_API int pz_model_set_label(pz_model *m, const char *text);

/* Fixes var to value (a given); PZ_ERR_RANGE when value is outside its
 * domain. Fixing again replaces the value; pz_model_unfix drops it.
 * Fixed values are simplified away before encoding: what they decide
 * (peers in an all-different losing the value, hidden singles, counts
 * that are full) gets no variables. */
PZ_API int pz_model_fix(pz_model *m, int var, int value);
PZ_API int pz_model_unfix(pz_model *m, int var);
/* Drops every fixed value. */
PZ_API int pz_model_unfix_all(pz_model *m);

/* --- Constraints ---------------------------------------------------------
 * vars arrays are copied; they may hold a variable once only, except
 * where said. */

/* The n variables take pairwise different values. When they cover their
 * values exactly (n equals the size of the union of their domains) every
 * value is taken once, which the encoding uses (hidden singles). */
PZ_API int pz_model_all_different(pz_model *m, const int *vars, size_t n);

/* a cmp b + offset. */
PZ_API int pz_model_relation(pz_model *m, int a, pz_cmp cmp, int b,
                             int offset);
/* |a - b| cmp k (k >= 0): "|a-b| != 1" is non-consecutive neighbours,
 * "|a-b| = 1" differ by one. */
PZ_API int pz_model_abs_diff(pz_model *m, int a, int b, pz_cmp cmp, int k);

/* The number of the n variables that take value is cmp k (PZ_EQ, PZ_LE
 * or PZ_GE). Over booleans with value 1 this is cardinality: at most,
 * at least or exactly k true. */
PZ_API int pz_model_count(pz_model *m, const int *vars, size_t n, int value,
                          pz_cmp cmp, int k);

/* The sum of the n variables is cmp total (PZ_EQ, PZ_LE or PZ_GE). With
 * distinct non-zero they are also all different (a Killer cage, a Kakuro
 * run), which lets the encoding work on the sets of values that make the
 * sum. */
PZ_API int pz_model_sum(pz_model *m, const int *vars, size_t n, pz_cmp cmp,
                        int total, int distinct);

/* Weighted sum: coefs[0] * vars[0] + ... is cmp total (PZ_EQ, PZ_LE or
 * PZ_GE); coefficients in -1024..1024. An arrow is the line with 1s and
 * its circle with -1 (total 0), two segments of equal sum are +1 and -1.
 * The _if form applies only when every gvars[i] takes gvals[i] (ng of
 * them, none among vars): "if the 1 is here and the 9 there, the cells
 * between add up to 15". */
PZ_API int pz_model_linear(pz_model *m, const int *vars, const int *coefs,
                           size_t n, pz_cmp cmp, int total);
PZ_API int pz_model_linear_if(pz_model *m, const int *gvars, const int *gvals,
                              size_t ng, const int *vars, const int *coefs,
                              size_t n, pz_cmp cmp, int total);

/* Groups of variables with one and the same sum: vars holds the groups
 * one after another, lens[g] variables each (ngroups of them, at least
 * one variable each). A region-sum line's segments. The encoding gives
 * the common sum a variable of its own (docs/ENCODINGS.md, "Equal
 * sums"). */
PZ_API int pz_model_equal_sums(pz_model *m, const int *vars,
                               const size_t *lens, size_t ngroups);

/* The n variables take n consecutive values in any order (a renban
 * line): all different and no two more than n - 1 apart. */
PZ_API int pz_model_consecutive(pz_model *m, const int *vars, size_t n);

/* Not every vars[i] takes values[i] (a forbidden pattern). */
PZ_API int pz_model_forbid(pz_model *m, const int *vars, const int *values,
                           size_t n);
/* No run of k consecutive variables of vars (in the given order, a line of
 * cells) all take value: no three same-coloured cells in a row, no two
 * stars touching (k = 2 over the pair). */
PZ_API int pz_model_no_run(pz_model *m, const int *vars, size_t n, int value,
                           size_t k);

/* Visibility (Skyscrapers): looking along vars in the given order (a line
 * of towers seen from one end), the number of variables taller (greater)
 * than every one before them is cmp k (PZ_EQ, PZ_LE or PZ_GE). The first
 * is always seen; n = 0 sees none. Any domains: ties hide (a tower as
 * tall as one before it is not seen). */
PZ_API int pz_model_visible(pz_model *m, const int *vars, size_t n,
                            pz_cmp cmp, int k);

/* Runs of equal sums (a sum line): vars in the given order cut into
 * consecutive runs that each add up to total (1..1024); every domain
 * positive (PZ_ERR_RANGE else); a variable may come twice. n = 0
 * holds. */
PZ_API int pz_model_run_sums(pz_model *m, const int *vars, size_t n,
                             int total);

/* The n variables take one of the ntuples rows of tuples (ntuples * n
 * ints, row-major): an allowed-tuple table. Over two variables it is any
 * relation between them (a Kropki dot, two cells of an entropic line),
 * encoded without auxiliary variables. */
PZ_API int pz_model_table(pz_model *m, const int *vars, size_t n,
                          const int *tuples, size_t ntuples);

/* Arithmetic cages (KenKen, Keen, Calcudoku): the n variables combine to
 * target by op. ADD: their sum; MUL: their product; SUB (n = 2): the
 * difference of the two, either way round (|a - b| = target); DIV (n = 2):
 * the quotient, either way round (a = target * b or b = target * a,
 * target >= 1, domains above 0). The allowed value tuples are listed and
 * stated as a table; tuples that repeat a value between two variables
 * that an all-different already added puts together are left out (state
 * the rows and columns first). PZ_ERR_TOO_LARGE when the listing would
 * pass PZ_MODEL_MAX_ARITH_TUPLES tuples or PZ_MODEL_MAX_ARITH_WORK steps,
 * except for ADD, which is then a plain sum (pz_model_sum). */
typedef enum pz_arith_op {
  PZ_ARITH_ADD = 0,
  PZ_ARITH_MUL,
  PZ_ARITH_SUB,
  PZ_ARITH_DIV
} pz_arith_op;
#define PZ_MODEL_MAX_ARITH_TUPLES 100000
#define PZ_MODEL_MAX_ARITH_WORK 4000000
PZ_API int pz_model_arith(pz_model *m, const int *vars, size_t n,
                          pz_arith_op op, int target);

/* --- Solving ------------------------------------------------------------ */
/* Makes a puzzle of a copy of m (later changes to m do not reach it):
 * rows * cols must equal the number of variables; a solution grid holds
 * variable r * cols + c at row r, column c. Its kind is "model"; its
 * givens (pz_puzzle_set_givens: 0 = blank, else the value) work when every
 * domain is above 0, and add to the model's fixed values. *out is the
 * caller's (pz_puzzle_free). */
PZ_API int pz_model_puzzle(pz_puzzle **out, const pz_model *m, int rows,
                           int cols);

#ifdef __cplusplus
}
#endif
#endif
