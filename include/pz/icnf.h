/* pz: reading DIMACS CNF and iCNF (cube) files back, so that pz counts the
 * cubes of a split that it or another tool wrote (docs/PARALLEL.md). */
#ifndef PZ_ICNF_H
#define PZ_ICNF_H

#include <stdio.h>

#include "cnf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A formula and its cubes, as read. */
typedef struct pz_icnf pz_icnf;

/* Parses len bytes of DIMACS ("p cnf V C", then C clauses) or iCNF ("p
 * inccnf", clauses, and cube lines "a lit ... 0", one per line) into *out
 * (free with pz_icnf_free; NULL on error). "c p show v ... 0" lines (and
 * pz's "c ind v ... 0") give the projection, the variables a model is
 * counted on; without one every variable counts, 1..V for "p cnf V".
 * Other lines starting with 'c' are comments. Strict: a bad token, a
 * literal above V or PZ_CNF_MAX_VAR, a clause count other than C, a clause
 * or cube without its closing 0, a missing or second "p" line fail with
 * PZ_ERR_PARSE (PZ_ERR_RANGE for numbers out of range, PZ_ERR_NOMEM) and
 * fill *info (may be NULL) with line, column and message. */
PZ_API int pz_icnf_parse(pz_icnf **out, const char *buf, size_t len,
                         pz_parse_info *info);
/* Reads a whole stream (the caller's) and parses it; PZ_ERR_IO when
 * reading fails. */
PZ_API int pz_icnf_read(pz_icnf **out, FILE *in, pz_parse_info *info);
/* Frees f and everything it owns; NULL is a no-op. */
PZ_API void pz_icnf_free(pz_icnf *f);

/* The formula with its projection: owned by f, valid until pz_icnf_free. */
PZ_API const pz_cnf *pz_icnf_cnf(const pz_icnf *f);
/* Number of cube lines (0 for DIMACS). */
PZ_API size_t pz_icnf_num_cubes(const pz_icnf *f);
/* Cube i (0-based): its literals, *n of them; owned by f. NULL when i is
 * out of range. */
PZ_API const int *pz_icnf_cube(const pz_icnf *f, size_t i, size_t *n);

#ifdef __cplusplus
}
#endif
#endif
