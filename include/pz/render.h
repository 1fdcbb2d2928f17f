/* pz: pictures of puzzles (library pz_render, built when cairo is found;
 * docs/RENDER.md). A scene is a grid to draw: thick borders between
 * regions, per-cell text in the ink of a given or of a solved cell,
 * shaded and clue cells, dashed cages with labels, signs between cells,
 * circles, stars and lines. Each kind fills one from its definition
 * (pz_render_sudoku, ...), and one painter writes any number of scenes to
 * SVG, PNG or PDF through cairo. Givens are drawn black (bold), solved
 * cells blue. Not included by <pz.h>: include <pz/render.h> and link
 * pz_render (pkg-config pz-render) next to a pz library. */
#ifndef PZ_RENDER_H
#define PZ_RENDER_H

#include <stdio.h>

#include "common.h"
#include "kakuro.h"
#include "variants.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pz_scene pz_scene;

/* Geometry of a page with one scene, in points (PNG: one pixel each):
 * cols * PZ_RENDER_CELL + 2 * PZ_RENDER_MARGIN wide, rows * PZ_RENDER_CELL
 * + 2 * PZ_RENDER_MARGIN high (plus PZ_RENDER_CAPTION when the scene has
 * a caption); cell (r, c) spans x from PZ_RENDER_MARGIN + c * CELL, y from
 * PZ_RENDER_MARGIN + r * CELL. A scene with outside clues
 * (pz_scene_add_outside) has a ring of one cell round the grid: two cells
 * more each way, the grid one cell further in. */
#define PZ_RENDER_CELL 36
#define PZ_RENDER_MARGIN 18
#define PZ_RENDER_CAPTION 16

/* How a cell's text or mark is inked. */
typedef enum pz_ink {
  PZ_INK_GIVEN = 0,  /* black, bold: part of the puzzle */
  PZ_INK_SOLVED = 1  /* blue: found by solving */
} pz_ink;

/* Marks drawn in a cell (under its text). */
typedef enum pz_mark {
  PZ_MARK_NONE = 0,
  PZ_MARK_CIRCLE = 1, /* an open circle */
  PZ_MARK_DISC = 2,   /* a filled circle */
  PZ_MARK_STAR = 3,   /* a filled five-pointed star */
  PZ_MARK_OPEN = 4    /* a thin grey circle, yet to be decided (its ink
                         is not used) */
} pz_mark;

/* --- Building a scene ---------------------------------------------------- */

/* A rows x cols scene (each 1..1024), blank, with thin cell borders, in
 * *out (the caller's: pz_scene_free). PZ_ERR_ARG, PZ_ERR_TOO_LARGE,
 * PZ_ERR_NOMEM. */
PZ_API int pz_scene_new(pz_scene **out, int rows, int cols);
/* Frees a scene; NULL is a no-op. */
PZ_API void pz_scene_free(pz_scene *s);
/* Regions: rows*cols ids (copied); a thick line runs between two cells of
 * different ids and round the grid. NULL: the outline only. */
PZ_API int pz_scene_set_regions(pz_scene *s, const int *ids);
/* Text of a cell (row-major index): part 0 is centred; a part 1 makes two
 * symbols side by side (Eulero). text is copied (at most 15 bytes used);
 * NULL or "" clears it. */
PZ_API int pz_scene_set_text(pz_scene *s, int cell, int part, const char *text,
                             pz_ink ink);
/* Shading of a cell: 0 none, 1 light grey, 2 dark (a block), 3 a light
 * tint (cells with a role of their own: indexing cells). */
PZ_API int pz_scene_set_shade(pz_scene *s, int cell, int shade);
/* A clue cell split by its diagonal: down sum below it, across sum above
 * (NULL or "" leaves a half empty); the cell is shaded light grey. */
PZ_API int pz_scene_set_split(pz_scene *s, int cell, const char *down,
                              const char *across);
/* A mark in a cell, in the ink given. */
PZ_API int pz_scene_set_mark(pz_scene *s, int cell, pz_mark mark, pz_ink ink);
/* Cages: rows*cols cage numbers 0..ncages-1 or -1 (copied), drawn as
 * dashed outlines inside the cells; labels[k] (copied; may be NULL or
 * hold NULLs) is written small in the cage's first cell (row-major). */
PZ_API int pz_scene_set_cages(pz_scene *s, const int *cages, int ncages,
                              const char *const *labels);
/* A sign (copied, e.g. "<") on the border between cell and its right
 * neighbour (down 0) or lower neighbour (down 1). */
PZ_API int pz_scene_add_sign(pz_scene *s, int cell, int down, const char *sign);
/* A thin grey line from grid point (r0, c0) to (r1, c1), in cell units
 * from the top-left corner (a diagonal of the grid: 0,0 to rows,cols). */
PZ_API int pz_scene_add_line(pz_scene *s, double r0, double c0, double r1,
                             double c1);
/* The look of a line through cell centres: thick and light grey
 * (thermometers), or a colour of its own per meaning (the setter's
 * conventions: green whispers, purple renban, ...), or thin and dark with
 * circles and heads (arrows). */
typedef enum pz_path_style {
  PZ_PATH_GREY = 0,  /* wide, light grey */
  PZ_PATH_GREEN,     /* German whispers */
  PZ_PATH_PURPLE,    /* renban */
  PZ_PATH_SILVER,    /* narrower, mid grey: palindromes */
  PZ_PATH_LAVENDER,  /* zippers */
  PZ_PATH_ORANGE,    /* entropic */
  PZ_PATH_TEAL,      /* modular */
  PZ_PATH_BLUE,      /* region sums */
  PZ_PATH_DARK,      /* thin, dark grey: arrows */
  PZ_PATH_LIGHTBLUE, /* between lines */
  PZ_PATH_INDIGO,    /* lockout lines */
  PZ_PATH_OLIVE,     /* sum lines */
  PZ_PATH_NSTYLES
} pz_path_style;

/* Ends of a path (bits). */
#define PZ_PATH_BULB 1u       /* a disc of its colour on the first cell */
#define PZ_PATH_CIRCLE 2u     /* an open circle on the first cell */
#define PZ_PATH_CIRCLE_END 4u /* ... and on the last */
#define PZ_PATH_HEAD 8u       /* an arrow head at the last cell */

/* A line through the centres of ncells cells (>= 1; copied) in order, in
 * a style, with ends (PZ_PATH_*). Drawn over the shading, under the text.
 * PZ_ERR_ARG for a cell outside the grid or a bad style. */
PZ_API int pz_scene_add_path(pz_scene *s, const int *cells, int ncells,
                             pz_path_style style, unsigned ends);
/* A dot on the border between cell and its right neighbour (down 0) or
 * lower neighbour (down 1): open (black 0) or filled (black 1). */
PZ_API int pz_scene_add_dot(pz_scene *s, int cell, int down, int black);
/* A small circle at the grid point below and right of cell (a quad over
 * the 2x2 cells round it) with text (copied, e.g. "1 2 3 4": up to four
 * words, drawn two by two). PZ_ERR_RANGE on the last row or column. */
PZ_API int pz_scene_add_quad(pz_scene *s, int cell, const char *text);
/* Text (copied) outside the grid, at row -1..rows, col -1..cols with the
 * row or the column outside (a sandwich sum left of its row: col -1; a
 * diagonal's clue: a corner). The picture gains its ring. PZ_ERR_RANGE
 * for a place inside the grid or beyond the ring. */
PZ_API int pz_scene_add_outside(pz_scene *s, int row, int col,
                                const char *text);
/* A line of text under the grid (copied; NULL clears), e.g. the rules. */
PZ_API int pz_scene_set_caption(pz_scene *s, const char *caption);

/* Writes s as one JSON object (no newline), for drawing it elsewhere (a
 * browser): {"rows", "cols", "cells": [one object a cell, row-major, with
 * only what it has: "text" and "ink" ("given" or "solved"), "text2" and
 * "ink2" (a second symbol beside it), "shade" (1 light, 2 dark), "down"
 * and "across" (a split clue cell), "mark" ("circle", "disc", "star",
 * "open") and "mark_ink"], "regions" (rows*cols ids, or null: the outline
 * only), "cages" (rows*cols numbers, -1 none, or null) with "cage_labels"
 * (one string or null a cage), "signs" ([{"cell", "down": 0 right
 * neighbour / 1 lower, "text"}]), "lines" ([[r0, c0, r1, c1]] in cell
 * units), "paths" ([{"cells", "style" ("grey", "green", "purple",
 * "silver", "lavender", "orange", "teal", "blue", "dark",
 * "lightblue", "indigo", "olive"), "bulb",
 * "circle", "circle_end", "head" (0 or 1)}]), "dots" ([{"cell", "down",
 * "black" (0 or 1)}]), "quads" ([{"cell", "text"}]), "outside" ([{"row",
 * "col", "text"}]; any: the picture has its ring), "caption" (string or
 * null)}. PZ_ERR_ARG, PZ_ERR_IO. */
PZ_API int pz_scene_write_json(const pz_scene *s, FILE *out);
/* The scene's rows and columns (cheap: a server checks a puzzle's size
 * from its picture before building it). PZ_ERR_ARG. */
PZ_API int pz_scene_size(const pz_scene *s, int *rows, int *cols);

/* --- Scenes of each kind --------------------------------------------------
 * Each makes *out (the caller's: pz_scene_free) from the kind's definition
 * and its givens; solution (may be NULL: the puzzle alone) adds the solved
 * cells in blue. Arrays are the caller's and read only. PZ_ERR_ARG for a
 * NULL or bad argument, PZ_ERR_RANGE for a value out of range,
 * PZ_ERR_NOMEM. */

/* Latin square of order n: givens and solution n*n values 1..n. */
PZ_API int pz_render_latin(pz_scene **out, int n, const int *givens,
                           const int *solution);
/* Sudoku with box_rows x box_cols boxes, or regions (n*n ids, NULL: the
 * boxes), and variants (PZ_SUDOKU_*: diagonals drawn, windoku boxes
 * shaded, the others named in the caption). */
PZ_API int pz_render_sudoku(pz_scene **out, int box_rows, int box_cols,
                            const int *regions, unsigned variants,
                            const int *givens, const int *solution);
/* Killer Sudoku: boxes, cages (n*n, PZ_KILLER_NO_CAGE or 0..ncages-1)
 * with their sums, givens (may be NULL). */
PZ_API int pz_render_killer(pz_scene **out, int box_rows, int box_cols,
                            const int *cages, const int *sums, int ncages,
                            const int *givens, const int *solution);
/* Futoshiki of order n, signs as pz_futoshiki_new's (either may be NULL). */
PZ_API int pz_render_futoshiki(pz_scene **out, int n, const int *right,
                               const int *down, const int *givens,
                               const int *solution);
/* Kakuro: the cells of pz_kakuro_new; solution digits in white cells. */
PZ_API int pz_render_kakuro(pz_scene **out, int rows, int cols,
                            const pz_kakuro_cell *cells, const int *solution);
/* Star Battle: regions as pz_starbattle_new's (PZ_STARBATTLE_NO_REGION
 * shaded dark), stars of the solution. */
PZ_API int pz_render_starbattle(pz_scene **out, int rows, int cols,
                                const int *regions, const int *solution);
/* Knightdoku: boxes, givens (clue + 1, 0 none): a given knight is a black
 * disc with its clue; a solution's other knights blue discs. */
PZ_API int pz_render_knightdoku(pz_scene **out, int box_rows, int box_cols,
                                const int *givens, const int *solution);
/* Nondango: regions (rows*cols ids), givens (PZ_NONDANGO_NO_CIRCLE ..
 * GIVEN_BLACK), solution colours (PZ_NONDANGO_WHITE / BLACK). */
PZ_API int pz_render_nondango(pz_scene **out, int rows, int cols,
                              const int *regions, const int *givens,
                              const int *solution);
/* Eulero of order n: givens and solution in the puzzle layout (n rows of
 * 3n; pz_eulero_pack): each cell shows A as a letter and B as a digit. */
PZ_API int pz_render_eulero(pz_scene **out, int n, const int *givens,
                            const int *solution);

/* An ISS definition (pz/variants.h) with every rule drawn: lines,
 * thermometers, arrows, cages with sums, dots, X/V and '<'/'>' between
 * cells, quads, sandwich sums outside the grid, extra regions shaded,
 * indexing cells tinted, diagonals; global rules (anti-king, ...) and
 * arguments a line cannot show (a whisper's difference other than 5, a
 * modulus) named in the caption. givens: n*n values or NULL (the
 * definition's single-digit cells are drawn as givens either way).
 * PZ_ERR_UNSUPPORTED for what one picture cannot hold right (cages that
 * share a cell, a definition without boxes); no wrong picture. */
PZ_API int pz_render_iss(pz_scene **out, const pz_iss_def *d,
                         const int *givens, const int *solution);

/* --- Writing --------------------------------------------------------------- */

typedef enum pz_render_format {
  PZ_RENDER_SVG = 1,
  PZ_RENDER_PNG = 2,
  PZ_RENDER_PDF = 3
} pz_render_format;

/* The format a file name asks for by its extension (.svg, .png, .pdf, any
 * case) into *fmt; PZ_ERR_ARG for another one. */
PZ_API int pz_render_format_of(const char *path, pz_render_format *fmt);

/* Writes count scenes (count >= 1; none NULL) to path. One scene: a page
 * its own size (see PZ_RENDER_CELL). Several: A4 pages, six scenes a page
 * (two columns, three rows), each scaled to fit and numbered from 1.
 * solutions (may be NULL; count entries, any NULL: left out) follow on
 * pages of their own, numbered as their puzzles. PDF holds every page;
 * SVG and PNG hold one page a file: page K > 1 goes to path with "-K"
 * before the extension (sheet.png, sheet-2.png, ...). *pages (may be
 * NULL) gets the number of pages. PZ_ERR_IO (a file cannot be written),
 * PZ_ERR_TOO_LARGE (a PNG page above 32767 pixels a side: a grid of more
 * than 909 cells a side alone), PZ_ERR_NOMEM, PZ_ERR_ARG. The scenes stay
 * the caller's. */
PZ_API int pz_render_write(const char *path, pz_render_format fmt,
                           const pz_scene *const *scenes, size_t count,
                           const pz_scene *const *solutions, int *pages);

/* Frees what cairo and fontconfig keep for the whole process (their font
 * caches), so that a leak checker sees nothing left: call it at the very
 * end of a program, when no thread draws with cairo any more (it resets
 * cairo for every user in the process); draw nothing after it. */
PZ_API void pz_render_release(void);

#ifdef __cplusplus
}
#endif

#endif
