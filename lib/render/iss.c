/* The scene of an ISS definition (pz/variants.h): every rule onto the
 * scene's general primitives (paths, dots, signs, cages, quads, outside
 * text, shading, lines), and what no primitive shows (global rules, a
 * whisper's difference, candidate lists) named in the caption, so that
 * the picture states the whole puzzle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/fill.h"

/* The caption, grown as parts are added ("a, b, c"). */
typedef struct caption {
  char *text;
  size_t len, cap;
  int st;
} caption;

static void say(caption *c, const char *part) {
  size_t need = c->len + strlen(part) + 3;
  if (c->st) return;
  if (need > c->cap) {
    size_t cap = need * 2;
    char *t = (char *)realloc(c->text, cap);
    if (!t) {
      c->st = PZ_ERR_NOMEM;
      return;
    }
    c->text = t;
    c->cap = cap;
  }
  c->len += (size_t)sprintf(c->text + c->len, "%s%s", c->len ? ", " : "", part);
}

/* A line type's look, and the name the caption gives its colour. */
static const struct {
  pz_iss_type type;
  pz_path_style style;
  unsigned ends;
  const char *legend; /* NULL: its look says it (thermometers, arrows) */
} line_look[] = {
    {PZ_ISS_THERMO, PZ_PATH_GREY, PZ_PATH_BULB, NULL},
    {PZ_ISS_ARROW, PZ_PATH_DARK, PZ_PATH_CIRCLE | PZ_PATH_HEAD, NULL},
    {PZ_ISS_DOUBLEARROW, PZ_PATH_DARK, PZ_PATH_CIRCLE | PZ_PATH_CIRCLE_END,
     "double arrows: ends add up to the middle"},
    {PZ_ISS_WHISPER, PZ_PATH_GREEN, 0, NULL}, /* with its difference */
    {PZ_ISS_RENBAN, PZ_PATH_PURPLE, 0, "renban (purple)"},
    {PZ_ISS_PALINDROME, PZ_PATH_SILVER, 0, "palindromes (grey)"},
    {PZ_ISS_ZIPPER, PZ_PATH_LAVENDER, 0, "zippers (lavender)"},
    {PZ_ISS_ENTROPIC, PZ_PATH_ORANGE, 0, "entropic (orange)"},
    {PZ_ISS_MODULAR, PZ_PATH_TEAL, 0, NULL}, /* with its modulus */
    {PZ_ISS_REGIONSUMLINE, PZ_PATH_BLUE, 0, "region sums (blue)"},
    {PZ_ISS_BETWEEN, PZ_PATH_LIGHTBLUE, PZ_PATH_CIRCLE | PZ_PATH_CIRCLE_END,
     "between lines (light blue): strictly between the circled ends"},
    {PZ_ISS_LOCKOUT, PZ_PATH_INDIGO, PZ_PATH_CIRCLE | PZ_PATH_CIRCLE_END,
     NULL}, /* with its difference */
    {PZ_ISS_SUMLINE, PZ_PATH_OLIVE, 0, NULL}, /* with its sum */
};

/* Outside clues of a row or column as ISS marks them (its brackets). */
static const struct {
  pz_iss_type type;
  const char *open, *close, *legend;
} clue_look[] = {
    {PZ_ISS_XSUM, "<", ">", "<x>: x-sums (the first X cells, X the first)"},
    {PZ_ISS_SKYSCRAPER, "[", "]", "[k]: skyscrapers seen"},
    {PZ_ISS_NUMBEREDROOM, ":", ":", ":d: numbered rooms (the Xth cell, X the first)"},
    {PZ_ISS_HIDDENSKYSCRAPER, "|", "|", "|d|: the first hidden skyscraper"},
};

/* Global rules no mark shows: named in the caption. */
static const struct {
  pz_iss_type type;
  const char *name;
} global_look[] = {
    {PZ_ISS_ANTIKING, "anti-king"},
    {PZ_ISS_ANTIKNIGHT, "anti-knight"},
    {PZ_ISS_ANTICONSECUTIVE, "anti-consecutive"},
    {PZ_ISS_DISJOINTSETS, "disjoint sets (a place of every box differs)"},
    {PZ_ISS_STRICTKROPKI, "strict Kropki (no dot: neither consecutive nor double)"},
    {PZ_ISS_STRICTXV, "strict XV (no X or V: sums neither 10 nor 5)"},
    {PZ_ISS_NOBOXES, "no boxes"},
    {PZ_ISS_ANTITAXICAB, "anti-taxicab (a digit d never d steps from another d)"},
};

/* A little killer's sum outside, one step back along its diagonal from
 * the cell it starts at (the diagonal's second cell says which way). */
static int little_killer(pz_scene *s, int n, const pz_iss_rule *r) {
  int r0 = r->cells[0] / n, c0 = r->cells[0] % n;
  int dr = r->cells[1] / n - r0, dc = r->cells[1] % n - c0;
  char text[16];
  snprintf(text, sizeof text, "%d", r->args[0]);
  return pz_scene_add_outside(s, r0 - dr, c0 - dc, text);
}

/* Row or column clues on both sides, bracketed as ISS does. */
static int line_clues(pz_scene *s, int n, const pz_iss_rule *r) {
  const char *open = "", *close = "";
  for (size_t k = 0; k < sizeof clue_look / sizeof clue_look[0]; k++)
    if (clue_look[k].type == r->type) open = clue_look[k].open, close = clue_look[k].close;
  int st = PZ_OK;
  for (int way = 0; way < 2 && !st; way++) {
    if (!r->args[2 + way]) continue;
    char text[16];
    snprintf(text, sizeof text, "%s%d%s", open, r->args[2 + way], close);
    int at = way ? n : -1, i = r->args[1];
    st = r->args[0] == 'R' ? pz_scene_add_outside(s, i, at, text)
                           : pz_scene_add_outside(s, at, i, text);
  }
  return st;
}

/* A pill arrow: the pill's cells shaded, the arrow from the pill's last
 * cell as written to its head. */
static int pill_arrow(pz_scene *s, const pz_iss_rule *r) {
  int p = r->args[0], st = PZ_OK;
  for (int i = 0; i < p && !st; i++) st = pz_scene_set_shade(s, r->cells[i], 1);
  return st ? st : pz_scene_add_path(s, r->cells + p - 1, r->ncells - p + 1,
                                     PZ_PATH_DARK, PZ_PATH_HEAD);
}

/* Windoku's windows shaded: the boxes one cell in, a line apart. */
static int windows(pz_scene *s, const pz_iss_def *d) {
  int n = d->size, bh = d->box_rows, bw = d->box_cols, st = PZ_OK;
  for (int c0 = 1; bh && c0 + bw < n; c0 += bw + 1)
    for (int r0 = 1; r0 + bh < n; r0 += bh + 1)
      for (int q = 0; q < bh * bw && !st; q++)
        st = pz_scene_set_shade(s, (r0 + q / bw) * n + c0 + q % bw, 1);
  return st;
}

/* Whether d keeps its boxes (no NoBoxes rule). */
static int boxed(const pz_iss_def *d) {
  if (!d->box_rows) return 0;
  for (size_t i = 0; i < d->nrules; i++)
    if (d->rules[i].type == PZ_ISS_NOBOXES) return 0;
  return 1;
}

/* Whether cells a and b of an n x n grid share an edge. */
static int adjacent(int n, int a, int b) {
  int dr = a / n - b / n, dc = a % n - b % n;
  return (dr == 0 && (dc == 1 || dc == -1)) || (dc == 0 && (dr == 1 || dr == -1));
}

/* Dots, X, V and '<'/'>' on the border of every adjacent pair of the
 * list, as the rules pair them (iss_rules.c): the earlier cell first, a
 * GreaterThan's earlier cell the greater. */
static int border_marks(pz_scene *s, int n, const pz_iss_rule *r) {
  int st = PZ_OK;
  for (int i = 0; i < r->ncells && !st; i++)
    for (int j = i + 1; j < r->ncells && !st; j++) {
      int a = r->cells[i], b = r->cells[j];
      if (!adjacent(n, a, b)) continue;
      int low = a < b ? a : b, down = abs(a - b) == n;
      switch (r->type) {
      case PZ_ISS_WHITEDOT: st = pz_scene_add_dot(s, low, down, 0); break;
      case PZ_ISS_BLACKDOT: st = pz_scene_add_dot(s, low, down, 1); break;
      case PZ_ISS_X: st = pz_scene_add_sign(s, low, down, "X"); break;
      case PZ_ISS_V: st = pz_scene_add_sign(s, low, down, "V"); break;
      default: /* the sign opens towards the greater: a first, so a is it */
        st = pz_scene_add_sign(s, low, down, low == a ? ">" : "<");
        break;
      }
    }
  return st;
}

/* Killer cages (a cell in two: no picture), their sums as labels. */
static int cages(pz_scene *s, const pz_iss_def *d) {
  size_t cells = (size_t)d->size * (size_t)d->size;
  int ncages = 0, st = PZ_OK;
  for (size_t i = 0; i < d->nrules; i++) ncages += d->rules[i].type == PZ_ISS_CAGE;
  if (!ncages) return PZ_OK;
  int *cage = (int *)malloc(cells * sizeof *cage);
  char(*sums)[12] = (char(*)[12])calloc((size_t)ncages, sizeof *sums);
  const char **labels = (const char **)calloc((size_t)ncages, sizeof *labels);
  if (!cage || !sums || !labels) st = PZ_ERR_NOMEM;
  for (size_t x = 0; x < cells && !st; x++) cage[x] = -1;
  int k = 0;
  for (size_t i = 0; i < d->nrules && !st; i++) {
    const pz_iss_rule *r = &d->rules[i];
    if (r->type != PZ_ISS_CAGE) continue;
    for (int j = 0; j < r->ncells && !st; j++) {
      if (cage[r->cells[j]] >= 0 && cage[r->cells[j]] != k) st = PZ_ERR_UNSUPPORTED;
      cage[r->cells[j]] = k;
    }
    if (r->args[0]) snprintf(sums[k], sizeof sums[k], "%d", r->args[0]);
    labels[k] = sums[k];
    k++;
  }
  if (!st) st = pz_scene_set_cages(s, cage, ncages, labels);
  free(cage);
  free(sums);
  free(labels);
  return st;
}

static int draw_rule(pz_scene *s, const pz_iss_def *d, const pz_iss_rule *r,
                     caption *cap) {
  int n = d->size, st = PZ_OK;
  for (size_t k = 0; k < sizeof line_look / sizeof line_look[0]; k++)
    if (line_look[k].type == r->type)
      return r->ncells ? pz_scene_add_path(s, r->cells, r->ncells, line_look[k].style,
                                           line_look[k].ends)
                       : PZ_OK;
  switch (r->type) {
  case PZ_ISS_ALLDIFFERENT:
    for (int i = 0; i < r->ncells && !st; i++) st = pz_scene_set_shade(s, r->cells[i], 1);
    return st;
  case PZ_ISS_INDEXING:
    for (int i = 0; i < r->ncells && !st; i++) st = pz_scene_set_shade(s, r->cells[i], 3);
    return st;
  case PZ_ISS_DIAGONAL:
    return r->args[0] > 0 ? pz_scene_add_line(s, n, 0, 0, n) : pz_scene_add_line(s, 0, 0, n, n);
  case PZ_ISS_ANTIKING:
  case PZ_ISS_ANTIKNIGHT:
  case PZ_ISS_ANTICONSECUTIVE:
  case PZ_ISS_DISJOINTSETS:
  case PZ_ISS_STRICTKROPKI:
  case PZ_ISS_STRICTXV:
  case PZ_ISS_NOBOXES:
  case PZ_ISS_ANTITAXICAB:
    for (size_t k = 0; k < sizeof global_look / sizeof global_look[0]; k++)
      if (global_look[k].type == r->type) say(cap, global_look[k].name);
    return PZ_OK;
  case PZ_ISS_JIGSAW: return pz_scene_set_regions(s, r->cells);
  case PZ_ISS_WINDOKU: return windows(s, d);
  case PZ_ISS_LITTLEKILLER: return little_killer(s, n, r);
  case PZ_ISS_XSUM:
  case PZ_ISS_SKYSCRAPER:
  case PZ_ISS_NUMBEREDROOM:
  case PZ_ISS_HIDDENSKYSCRAPER: return line_clues(s, n, r);
  case PZ_ISS_PILLARROW: return pill_arrow(s, r);
  case PZ_ISS_CONTAINATLEAST:
  case PZ_ISS_CONTAINEXACT: { /* shaded, the digits in the caption */
    char part[600];
    int len = snprintf(part, sizeof part, "%s", r->type == PZ_ISS_CONTAINEXACT
                                                    ? "exactly" : "at least");
    for (int i = 0; i < r->nargs; i++)
      len += snprintf(part + len, sizeof part - (size_t)len, " %d", r->args[i]);
    len += snprintf(part + len, sizeof part - (size_t)len, " in");
    for (int i = 0; i < r->ncells && !st; i++) {
      st = pz_scene_set_shade(s, r->cells[i], 1);
      if (len < (int)sizeof part - 8)
        len += snprintf(part + len, sizeof part - (size_t)len, " r%dc%d",
                        r->cells[i] / n + 1, r->cells[i] % n + 1);
    }
    say(cap, part);
    return st;
  }
  case PZ_ISS_CAGE: return PZ_OK; /* all at once: cages() */
  case PZ_ISS_WHITEDOT:
  case PZ_ISS_BLACKDOT:
  case PZ_ISS_X:
  case PZ_ISS_V:
  case PZ_ISS_GREATERTHAN: return border_marks(s, n, r);
  case PZ_ISS_QUAD: {
    char text[SCENE_TEXT] = "";
    for (int i = 0; i < r->nargs && i < 4; i++) {
      size_t len = strlen(text);
      snprintf(text + len, sizeof text - len, "%s%d", i ? " " : "", r->args[i]);
    }
    return pz_scene_add_quad(s, r->cells[0], text);
  }
  case PZ_ISS_SANDWICH: {
    char text[16];
    snprintf(text, sizeof text, "%d", r->args[0]);
    return r->args[1] == 'R' ? pz_scene_add_outside(s, r->args[2], -1, text)
                             : pz_scene_add_outside(s, -1, r->args[2], text);
  }
  default: return PZ_ERR_UNSUPPORTED; /* a type with no picture yet */
  }
}

/* The legend of what the colours and marks cannot say alone. */
static void legend(caption *cap, const pz_iss_def *d) {
  int seen[PZ_ISS_NTYPES] = {0}, whisper = 0, modulus = 0, lockout = 0, sumline = 0;
  int boxes = boxed(d);
  char part[96];
  for (size_t i = 0; i < d->nrules; i++) {
    const pz_iss_rule *r = &d->rules[i];
    if (r->type == PZ_ISS_WHISPER && whisper != r->args[0]) {
      whisper = r->args[0];
      snprintf(part, sizeof part, "whispers (green): neighbours differ by %d or more", whisper);
      say(cap, part);
    }
    if (r->type == PZ_ISS_MODULAR && modulus != r->args[0]) {
      modulus = r->args[0];
      snprintf(part, sizeof part, "modular (teal): any %d in a row differ mod %d", modulus, modulus);
      say(cap, part);
    }
    if (r->type == PZ_ISS_INDEXING && !seen[r->type])
      say(cap, r->args[0] == 'R' ? "row indexing (tinted)" : "column indexing (tinted)");
    if (r->type == PZ_ISS_ALLDIFFERENT && !seen[r->type])
      say(cap, "shaded cells all different");
    if (r->type == PZ_ISS_SANDWICH && !seen[r->type])
      say(cap, "sandwich sums outside");
    if (r->type == PZ_ISS_LITTLEKILLER && !seen[r->type])
      say(cap, "little killer sums outside, along the diagonal they point to");
    if (r->type == PZ_ISS_LOCKOUT && lockout != r->args[0] + 1) {
      lockout = r->args[0] + 1;
      snprintf(part, sizeof part, "lockout lines (indigo): circled ends %d or more "
               "apart, the rest outside them", r->args[0] ? r->args[0] : 1);
      say(cap, part);
    }
    if (r->type == PZ_ISS_SUMLINE && sumline != r->args[0]) {
      sumline = r->args[0];
      snprintf(part, sizeof part, "sum lines (olive): runs adding up to %d", sumline);
      say(cap, part);
    }
    if (r->type == PZ_ISS_PILLARROW && !seen[r->type])
      say(cap, "pill arrows: the shaded pill's number is the sum along its arrow");
    if (r->type == PZ_ISS_WINDOKU && !seen[r->type])
      say(cap, "windoku: the shaded windows hold each digit once");
    if (r->type == PZ_ISS_JIGSAW && !seen[r->type] && boxes)
      say(cap, "the boxes too");
    for (size_t k = 0; k < sizeof clue_look / sizeof clue_look[0]; k++)
      if (clue_look[k].type == r->type && !seen[r->type]) say(cap, clue_look[k].legend);
    for (size_t k = 0; k < sizeof line_look / sizeof line_look[0]; k++)
      if (line_look[k].type == r->type && line_look[k].legend && !seen[r->type])
        say(cap, line_look[k].legend);
    seen[r->type] = 1;
  }
}

/* Candidate lists (cells allowed some digits only) in the caption. */
static void candidates(caption *cap, const pz_iss_def *d) {
  int n = d->size;
  unsigned all = ((1u << n) - 1) << 1;
  for (int x = 0; x < n * n; x++) {
    unsigned a = d->allowed[x];
    if (a == all || !(a & (a - 1))) continue; /* any digit, or a given */
    char digits[80] = "";
    for (int v = 1; v <= n; v++)
      if (a >> v & 1) {
        size_t len = strlen(digits);
        snprintf(digits + len, sizeof digits - len, "%s%d", len && n > 9 ? "/" : "", v);
      }
    char part[128];
    snprintf(part, sizeof part, "r%dc%d: %s", x / n + 1, x % n + 1, digits);
    say(cap, part);
  }
}

int pz_render_iss(pz_scene **out, const pz_iss_def *d, const int *givens,
                  const int *solution) {
  if (!out) return PZ_ERR_ARG;
  *out = NULL;
  if (!d || d->size < 1 || d->size > 16 || !d->allowed) return PZ_ERR_ARG;
  int n = d->size, st;
  pz_scene *s = NULL;
  if (boxed(d)) st = pz_rfill_new_boxed(&s, d->box_rows, d->box_cols);
  else st = pz_scene_new(&s, n, n); /* sizes without boxes: the outline */
  caption cap = {NULL, 0, 0, PZ_OK};
  if (!st) st = cages(s, d);
  for (size_t i = 0; i < d->nrules && !st; i++) st = draw_rule(s, d, &d->rules[i], &cap);
  if (!st) {
    legend(&cap, d);
    candidates(&cap, d);
    st = cap.st;
  }
  if (!st && cap.text) st = pz_scene_set_caption(s, cap.text);
  free(cap.text);
  /* The definition's single digits are givens whatever the caller has. */
  int *g = (int *)calloc((size_t)n * (size_t)n, sizeof *g);
  if (!g && !st) st = PZ_ERR_NOMEM;
  for (int x = 0; x < n * n && !st; x++) {
    g[x] = givens ? givens[x] : 0;
    for (int v = 1; v <= n && !g[x]; v++)
      if (d->allowed[x] == 1u << v) g[x] = v;
  }
  if (!st) st = pz_rfill_values(s, g, solution, n);
  free(g);
  return pz_rfill_done(out, s, st);
}
