/* Internals of the Nondango reader, shared by its formats: the parsed
 * definition, lines cut into segments (a line, or a '/'-separated part of
 * one, on the lexer of io/input.h), regions from walls or labels, and one
 * parser per format (grid.c, pzprv3.c, url.c; the entry points and
 * accessors are in text.c). */
#ifndef PZ_NONDANGO_TEXT_H
#define PZ_NONDANGO_TEXT_H

#include <stddef.h>

#include "io/input.h"
#include "pz/nondango.h"

struct pz_nondango_def {
  int rows, cols, nreg, marks;
  pz_nondango_format format;
  int *regions;
  int *cells;
};

/* The shared reporter, with this reader's argument order. */
#define perr(info, st, line, col, ...) \
  pz_parse_fail(info, line, col, st, __VA_ARGS__)

/* A piece of text: a line, or a '/'-separated part of one (col: where it
 * starts in its line). */
typedef pz_tok seg;

typedef struct segs {
  seg *v;
  size_t n, cap;
} segs;

int pz_nd_segs_push(segs *a, seg x);
/* Splits text into lines with the shared lexer; a NUL byte is an error. */
int pz_nd_split_lines(const char *text, size_t len, segs *out,
                      pz_parse_info *info);
/* s without leading and trailing blanks, col kept right. */
seg pz_nd_trim(seg s);
int pz_nd_seg_blank(seg s);
int pz_nd_seg_comment(seg s);
/* s (trimmed) is exactly word. */
int pz_nd_seg_is(seg s, const char *word);
/* Next blank-separated token of s at or after *pos; 0 when none. */
int pz_nd_next_token(seg s, size_t *pos, seg *tok);
/* Column just past the end of s (for "missing ..." errors). */
size_t pz_nd_end_col(seg s);
/* A size (rows or columns) in 1..PZ_NONDANGO_MAX_SIZE; what names it. */
int pz_nd_parse_size(seg s, const char *what, int *out, pz_parse_info *info);
/* Nothing but blank lines and comments from line `from` on. */
int pz_nd_only_trailing_comments(const segs *ls, size_t from,
                                 const char *after, pz_parse_info *info);

/* A definition of rows x cols, all cells without circle, region 0. */
int pz_nd_def_alloc(pz_nondango_def **out, int rows, int cols,
                    pz_nondango_format fmt);
/* Regions as connected components under "no wall": vwall[r * (cols-1) +
 * c] is the wall right of (r, c), hwall[r * cols + c] the wall below it;
 * numbered in row-major order of first appearance. */
int pz_nd_components(pz_nondango_def *d, const unsigned char *vwall,
                     const unsigned char *hwall);
/* Regions from per-cell labels: walls between different labels. */
int pz_nd_regions_from_labels(pz_nondango_def *d, const seg *labels);
void pz_nd_count_marks(pz_nondango_def *d);

/* The parsers: the puzzle whose first line is ls->v[at]. */
int pz_nd_parse_grid(const segs *ls, size_t at, pz_nondango_def **out,
                     pz_parse_info *info);
int pz_nd_parse_pzprv3(const segs *ls, size_t at, pz_nondango_def **out,
                       pz_parse_info *info);
int pz_nd_parse_url(const segs *ls, size_t at, pz_nondango_def **out,
                    pz_parse_info *info);

/* The writers: PZ_ERR_ARG / PZ_ERR_RANGE for a bad solution grid. */
int pz_nd_check_solution(const int *s, int rows, int cols);
/* '.', 'o', '#' for NONE, WHITE, BLACK. */
extern const char pz_nd_cell_chars[3];

#endif
