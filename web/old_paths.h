/* The requests and answers of pz-web's paths from before the kind table
 * (/api/sudoku/..., /api/futoshiki/..., docs/WEB.md), translated to and
 * from the table's /api/{kind}/{op} (web/api.c serves them with it):
 * JSON in, JSON out; nothing here solves.
 *
 * A request translator changes in in place and returns 0, or the HTTP
 * status of a bad request (400) or of no memory (500) with its message in
 * msg. An answer translator takes the table's answer out and gives the
 * older path's, or NULL with msg set (500). */
#ifndef PZ_WEB_OLD_PATHS_H
#define PZ_WEB_OLD_PATHS_H

#include <stddef.h>

#include <jansson.h>

typedef unsigned old_request_fn(json_t *in, char *msg, size_t size);
typedef json_t *old_answer_fn(json_t *out, char *msg, size_t size);

/* Sudoku: "regions", one line of n*n region numbers (1-9, A-Z), as the
 * grid of labels the kind's regions parameter takes. */
old_request_fn old_sudoku_request;
/* Futoshiki: "digits" (one line of n*n cells) with "right" and "down"
 * (n*n signs each), or with "puzzle" (its givens replaced), as the puzzle
 * text the kind reads. */
old_request_fn old_futoshiki_request;

/* "solution" as one line of symbols ('.', 1-9, A-Z), from "cells". */
old_answer_fn old_line_solution;
/* /api/sudoku/generate: "puzzle" and "solution" as lines, "regions" when
 * a jigsaw layout was made. */
old_answer_fn old_sudoku_generated;
/* /api/futoshiki/generate: the grid text, the game id, and the puzzle as
 * "n", "digits", "right", "down"; "clues". */
old_answer_fn old_futoshiki_generated;
/* /api/futoshiki/parse: "n", "digits", "right", "down". */
old_answer_fn old_futoshiki_parsed;

#endif
