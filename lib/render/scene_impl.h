/* The scene a kind fills and the painter draws (lib/render). */
#ifndef PZ_SCENE_IMPL_H
#define PZ_SCENE_IMPL_H

#include "pz/render.h"

#define SCENE_TEXT 16

typedef struct scene_cell {
  char text[2][SCENE_TEXT]; /* part 0 centred; part 1: two side by side */
  pz_ink ink[2];
  int shade;                /* 0 none, 1 light, 2 dark */
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
  char *caption;
};

#endif
