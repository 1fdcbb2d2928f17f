/* Splitting a solution space into disjoint cubes: breadth first, each cube
 * cut on the first open projection variable into x and -x, cubes that
 * unit propagation refutes dropped. Only the formula decides the cut, so
 * part K is the same cube on every machine and backend. */
#include <string.h>

#include "enum/enum_impl.h"


typedef struct entry {
  size_t off, len;
  int final; /* no open projection variable left */
} entry;

int pz_split(const pz_formula *f, const int *assumptions, size_t n,
             uint64_t parts, pz_cube_fn fn, void *state, uint64_t *made,
             pz_poll *poll) {
  *made = 0;
  if (!parts || parts > PZ_ENUM_MAX_PARTS) return PZ_ERR_RANGE;
  pz_search s;
  int st = pz_search_init(&s, f, poll);
  if (st) return st;
  pz_ivec arena = {0};
  entry *q = NULL;
  size_t head = 0, tail = 0, cap = 0;
  if (!pz_search_reset(&s, assumptions, n)) goto done; /* no model at all */
  if ((st = pz_ivec_reserve(&arena, n ? n : 1))) goto done;
  if (n) memcpy(arena.data, assumptions, n * sizeof(int));
  arena.len = n;
  if (!(q = (entry *)malloc(16 * sizeof *q))) {
    st = PZ_ERR_NOMEM;
    goto done;
  }
  cap = 16;
  q[tail++] = (entry){0, n, 0};
  size_t finals_in_row = 0;
  while (tail - head < parts && tail > head && finals_in_row < tail - head) {
    if (pz_poll_work(poll, 64)) {
      st = PZ_STOPPED;
      goto done;
    }
    entry e = q[head++];
    if (tail + 2 > cap) {
      /* Slide the live part down before growing. */
      memmove(q, q + head, (tail - head) * sizeof *q);
      tail -= head;
      head = 0;
      if (tail + 2 > cap) {
        entry *t = (entry *)realloc(q, 2 * cap * sizeof *q);
        if (!t) {
          st = PZ_ERR_NOMEM;
          goto done;
        }
        q = t;
        cap *= 2;
      }
    }
    int var = 0;
    if (!e.final) {
      pz_search_reset(&s, arena.data + e.off, e.len);
      var = pz_search_pick(&s);
    }
    if (!var) {
      e.final = 1;
      q[tail++] = e;
      finals_in_row++;
      continue;
    }
    finals_in_row = 0;
    for (int sign = 1; sign >= -1; sign -= 2) {
      int lit = sign * var;
      if (!pz_search_probe(&s, &lit, 1)) continue;
      if ((st = pz_ivec_reserve(&arena, e.len + 1))) goto done;
      size_t off = arena.len;
      memcpy(arena.data + off, arena.data + e.off, e.len * sizeof(int));
      arena.data[off + e.len] = lit;
      arena.len += e.len + 1;
      q[tail++] = (entry){off, e.len + 1, 0};
    }
  }
  for (size_t i = head; i < tail; i++) {
    ++*made;
    if (fn && fn(state, arena.data + q[i].off, q[i].len)) break;
  }
done:
  free(q);
  pz_ivec_free(&arena);
  pz_search_free(&s);
  return st;
}

int pz_cnf_split(const pz_cnf *cnf, const int *assumptions,
                 size_t n_assumptions, uint64_t parts, pz_cube_fn fn,
                 void *state, uint64_t *made) {
  if (!cnf || !made || (n_assumptions && !assumptions)) return PZ_ERR_ARG;
  *made = 0;
  pz_formula f;
  int st = pz_formula_init(&f, cnf, NULL);
  if (st) return st;
  st = pz_split(&f, assumptions, n_assumptions, parts, fn, state, made, NULL);
  pz_formula_free(&f);
  return st;
}

static int write_cube(void *state, const int *lits, size_t n) {
  FILE *out = (FILE *)state;
  fputc('a', out);
  for (size_t i = 0; i < n; i++) fprintf(out, " %d", lits[i]);
  fputs(" 0\n", out);
  return ferror(out) != 0;
}

int pz_cnf_write_cubes(const pz_cnf *cnf, const int *assumptions,
                       size_t n_assumptions, uint64_t parts, FILE *out) {
  if (!cnf || !out || (n_assumptions && !assumptions)) return PZ_ERR_ARG;
  size_t len, np;
  unsigned flags;
  const int *d = pz_cnf_data(cnf, &len);
  if (!d && pz_cnf_status(cnf)) return pz_cnf_status(cnf);
  fprintf(out, "p inccnf\n");
  for (size_t i = 0; i < len; i++)
    fprintf(out, d[i] ? "%d " : "0\n", d[i]);
  const int *proj = pz_cnf_projection(cnf, &np, &flags);
  if (proj) {
    fputs("c p show", out);
    for (size_t i = 0; i < np; i++) fprintf(out, " %d", proj[i]);
    fputs(" 0\n", out);
  }
  uint64_t made;
  int st = pz_cnf_split(cnf, assumptions, n_assumptions, parts, write_cube,
                        out, &made);
  if (!st && (ferror(out) || fflush(out))) st = PZ_ERR_IO;
  return st;
}
