/* Splitting an input of the shared grid text layer (pz_text: one-line
 * puzzles, grids, puzz.link URLs, janko.at jigsaws, .pls squares) into
 * one span per puzzle, for Sudoku, jigsaw and Latin. */
#ifndef PZ_KIND_TEXT_SPLIT_H
#define PZ_KIND_TEXT_SPLIT_H

#include <pz/kind.h>

/* The pz_kind_ops.split of those kinds: the puzzles where
 * pz_text_parse_batch (the readers' own batching) finds them, each with
 * the comment lines right above it. */
int pz_kind_split_text(const char *text, size_t len, pz_span **parts,
                       size_t *n);

#endif
