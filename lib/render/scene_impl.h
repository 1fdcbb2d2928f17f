/* The scene a kind fills and the painter draws (lib/render). */
#ifndef PZ_SCENE_IMPL_H
#define PZ_SCENE_IMPL_H

#include "pz/render.h"

#define SCENE_TEXT 16

typedef struct scene_cell {
  char text[2][SCENE_TEXT]; /* part 0 centred; part 1: two side by side */
  pz_ink ink[2];
  int shade;                /* 0 none, 1 light, 2 dark, 3 tint */
  int split;                /* a clue cell with its diagonal */
  char down[SCENE_TEXT], across[SCENE_TEXT];
  pz_mark mark;
  pz_ink mark_ink;
} scene_cell;

typedef struct scene_sign {
  int cell, down;
  char text[4];
} scene_sign;

typedef struct scene_line {
  double r0, c0, r1, c1;
} scene_line;

/* A line through cell centres (pz_scene_add_path). */
typedef struct scene_path {
  int *cells, ncells;
  pz_path_style style;
  unsigned ends; /* PZ_PATH_BULB ... */
} scene_path;

/* A dot on the border between two cells (Kropki). */
typedef struct scene_dot {
  int cell, down, black;
} scene_dot;

/* Text at a cell of the ring round the grid (row -1..rows, col -1..cols),
 * or in a small circle at a grid corner (quads: the bottom-right corner of
 * cell row, col). */
typedef struct scene_note {
  int row, col;
  char text[SCENE_TEXT];
} scene_note;

struct pz_scene {
  int rows, cols;
  scene_cell *cell;
  int *region;            /* NULL: outline only */
  int *cage, ncages;      /* NULL: no cages */
  char (*cage_label)[SCENE_TEXT];
  scene_sign *sign;
  size_t nsigns, cap_signs;
  scene_line *line;
  size_t nlines, cap_lines;
  scene_path *path;
  size_t npaths, cap_paths;
  scene_dot *dot;
  size_t ndots, cap_dots;
  scene_note *quad;
  size_t nquads, cap_quads;
  scene_note *outside; /* any: the picture has a ring of one cell */
  size_t noutside, cap_outside;
  char *caption;
};

/* Cells of margin round the grid: 1 with outside clues, else 0. */
#define SCENE_RING(s) ((s)->noutside ? 1 : 0)

#endif
