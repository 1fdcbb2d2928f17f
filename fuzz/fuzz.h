/* Shared helpers for pz's fuzz targets.
 *
 * Each target defines LLVMFuzzerTestOneInput and uses only the public API
 * (<pz.h>). Besides "no crash, no leak, no undefined behaviour" the targets
 * check what the API promises: an error fills pz_parse_info with a message,
 * a parsed value is in range, a stream reader agrees with the buffer parser,
 * and a small puzzle's solution obeys the rules (checked here, not by pz)
 * and every linked backend gives the same answer. A broken promise calls
 * fuzz_fail, which prints what broke and aborts, so libFuzzer keeps the
 * input and ctest's replay fails.
 *
 * fuzz_kinds.c covers every puzzle kind through the kind table (with
 * kind_rules.c); the other sources cover readers shared by several kinds.
 * Each fuzz_NAME.c is linked twice (test/fuzz.cmake): as fuzz_NAME with
 * no_solve.c, whose fuzz_solve_all does nothing, so the parse-only target
 * runs thousands of inputs a second on the readers and writers; and, for
 * targets that solve, as fuzz_NAME_solve with solve.c, which solves on
 * every backend (tens of inputs a second). */
#ifndef PZ_FUZZ_H
#define PZ_FUZZ_H

#include <pz.h>

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prints "fuzz: <message>" and aborts: the harness found a broken promise. */
void fuzz_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

/* Checks what a failed parse promises: a status from pz_status (not PZ_OK)
 * and, unless out of memory, a NUL-terminated, non-empty message. */
void fuzz_check_error(const char *what, int st, const pz_parse_info *info);

/* A FILE reading the size bytes at data, or NULL when it cannot be
 * opened. The stream reads a copy in *buf: free(*buf) after fclose (also
 * when NULL was returned). */
FILE *fuzz_open(const uint8_t *data, size_t size, char **buf);

/* A stream reader of pz/text.h: pz_text_read or pz_text_read_batch. */
typedef int (*fuzz_text_reader)(pz_text **out, FILE *in, int expect_n,
                                pz_text_format format, pz_parse_info *info);
/* Reads the size bytes at data as a stream with read (called name in a
 * failure of what), which must answer st, as its buffer parser did: 1
 * when it did (*out its result, *info its error), 0 when no stream could
 * be opened (*out NULL) or it answered otherwise (a failure). */
int fuzz_read_agrees(const char *what, const char *name, fuzz_text_reader read,
                     const uint8_t *data, size_t size, int expect_n,
                     pz_text_format format, int st, pz_text **out,
                     pz_parse_info *info);

/* Solving work is bounded: only puzzles up to this many cells are solved,
 * each call with this time limit (seconds). */
#define FUZZ_MAX_SOLVE_CELLS 81
#define FUZZ_TIME_LIMIT 2.0

/* A rule checker for one puzzle kind: returns NULL when solution (rows *
 * cols values) obeys the rules and the givens of p, else what is wrong. */
typedef const char *(*fuzz_checker)(const pz_puzzle *p, const int *solution,
                                    void *state);

/* Runs pz_puzzle_unique on p with every linked backend (time limit
 * FUZZ_TIME_LIMIT, strategy FRESH and then ASSUME, so both encodings run),
 * checks each solution found with check, and requires every backend that
 * finished to report the same number of solutions (0, 1 or 2+). what
 * names the input kind in failure messages. In a parse-only target
 * (no_solve.c) it does nothing. */
void fuzz_solve_all(pz_puzzle *p, fuzz_checker check, void *state,
                    const char *what);

/* How many pz_puzzle_unique calls fuzz_solve_all made that answered: the
 * driver reports it, and ctest requires 0 of a parse-only target and more
 * than 0 of a solving one over its corpus. */
size_t fuzz_solve_count(void);

/* The most square box shape r x c with r <= c and r*c == n (1 x n for a
 * prime), as the programs choose by default. */
void fuzz_default_box(int n, int *r, int *c);

/* Rule checker for Latin squares and Sudoku (state: const int[2] box shape,
 * or NULL for a Latin square): every row, column and box holds 1..n once
 * and every given is kept. */
const char *fuzz_check_grid(const pz_puzzle *p, const int *solution,
                            void *state);

/* fuzz_check_grid for a Sudoku (box: its shape) with variants
 * (PZ_SUDOKU_* bits) as include/pz/puzzle.h states them; windoku's extra
 * boxes are not checked. */
const char *fuzz_check_variants(const pz_puzzle *p, const int *solution,
                                const int *box, unsigned variants);

#endif
