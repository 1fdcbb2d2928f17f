/* Generation for kinds whose puzzle is its givens: pz_puzzle_generate on
 * an empty puzzle of the kind's rules, the result copied out. */
#ifndef PZ_KIND_GENERATE_GIVENS_H
#define PZ_KIND_GENERATE_GIVENS_H

#include <pz/generate.h>
#include <pz/puzzle.h>

/* Generates on p (its rules set, no givens) under o (may be NULL) and g:
 * *givens and *solution get malloc'd copies of p's rows*cols givens and
 * the solution when a puzzle was made (a unique one, or the closest one
 * before a stop), else both NULL. *stop, *info and the status as
 * pz_puzzle_generate. */
int pz_kind_generate_givens(pz_puzzle *p, const pz_options *o,
                            const pz_generate_options *g, int **givens,
                            int **solution, pz_generate_info *info,
                            pz_result *stop);

/* The rest of such a kind's generate op once it has made the puzzle of
 * its rules, p, with status st: the givens into *givens (a field of its
 * definition d) as above and p freed; d goes out through *def when a
 * puzzle was made, else it is freed with free_def (st PZ_OK then:
 * stopped before any puzzle). */
int pz_kind_generate_def(int st, pz_puzzle *p, void *d, int **givens,
                         void (*free_def)(void *), void **def,
                         const pz_options *o, const pz_generate_options *g,
                         int **solution, pz_generate_info *info,
                         pz_result *stop);

#endif
