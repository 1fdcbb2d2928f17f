/* --format json for the example programs (docs/JSON.md): one compact JSON
 * object per puzzle and line (JSON Lines), for every mode. Built with
 * jansson when it is found (PZ_CLI_JSON); without it --format json is
 * refused. Used by cli.c; programs need nothing of it. */
#ifndef PZ_CLI_JSON_H
#define PZ_CLI_JSON_H

#include "cli.h"

/* 1 when this build has --format json. */
int cli_json_available(void);

/* The batch entry the calling thread runs now: index (0-based) and the
 * input line it starts at (0: not known). Forgets the last failure. */
void cli_json_entry(size_t index, size_t line);

/* The text of the entry run now, as read (valid until the next
 * cli_json_entry): written as the input of its object. */
void cli_json_entry_text(const char *text, size_t len);

/* Notes a failure cli_fail reports (what: the file or the step; info may
 * be NULL), for the error object of the next cli_json_say. */
void cli_json_fail(const char *what, int status, const pz_parse_info *info);

/* cli_run in JSON: runs c->mode on p and writes its object. Returns the
 * exit code run_one would. */
int cli_json_run(pz_puzzle *p, const cli_common *c, const cli_printer *pr,
                 size_t index);

/* cli_say in JSON: "error: ..." becomes an error object (with the failure
 * noted last), anything else a "message" object. */
void cli_json_say(const cli_common *c, const char *text);

/* --generate in JSON, puzzle i + 1: p made (made != 0) with givens set,
 * its input text from print; rc, info and stop as cli_generated saw
 * them. */
void cli_json_generated(const cli_common *c, pz_puzzle *p,
                        unsigned long long i, int made, int rc,
                        pz_result stop, const pz_generate_info *info,
                        void (*print)(void *ctx, const int *cells, FILE *out),
                        void *ctx);

/* cli_generate_each in JSON: runs one (which prints puzzle i + 1 in the
 * program's input format) with its output captured, and writes that text
 * as the object's input. Returns one's exit code. */
int cli_json_generate_each(const cli_common *c,
                           int (*one)(void *ctx, const cli_common *c,
                                      unsigned long long i, int *stop),
                           void *ctx, unsigned long long i, int *stop);

/* Inside cli_generate_each's one: the puzzle's solution (rows x cols
 * cells, copied) and what cli_generated saw, for its object. */
void cli_json_solution(const int *cells, int rows, int cols);
/* ... and its givens (rows x cols cells, copied). */
void cli_json_givens(const int *cells, int rows, int cols);
void cli_json_generated_info(const pz_generate_info *info);

/* The grid the objects show when it is not the puzzle's own layout
 * (Eulero: squares A and B side by side, without the pair numbers): the
 * shown size into *rows and *cols, and when cells (the puzzle's layout) is
 * not NULL its shown cells into out (room for the puzzle's cells). */
typedef void (*cli_json_view)(const pz_puzzle *p, const int *cells, int *out,
                              int *rows, int *cols);
/* Sets the program's view (NULL: the puzzle's grid, the default). */
void cli_json_set_view(cli_json_view view);

/* Writes one object built by jansson's json_pack format fmt (e.g.
 * "{s:s,s:i}", "name", name, "n", n; "I" takes a long long, jansson's
 * json_int_t on Debian) as a compact line on cli_out();
 * pz-bench's rows. 0, or -1 (said on cli_err()) when it cannot be made. */
int cli_json_line(const cli_common *c, const char *fmt, ...);

/* Swaps the calling thread's cli_out() stream for f (NULL: back to
 * stdout); returns the one before. In cli.c. */
FILE *cli_swap_out(FILE *f);

#endif
