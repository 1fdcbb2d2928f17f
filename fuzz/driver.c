/* Standalone driver: replays files through a fuzz target without libFuzzer,
 * so ctest runs every target over its corpus on every build (the sanitizer
 * build included).
 *
 *   fuzz_TARGET [--solves=none|some] PATH...
 *
 * Each PATH is a file or a directory whose regular files are fed in name
 * order (not recursively). --solves=none fails when any input was solved
 * (a parse-only target must stay fast), --solves=some when none was (a
 * solving target's corpus must reach the solvers).
 *
 * PZ_FUZZ_VERBOSE=1 names each input on stderr before running it.
 * Exit 0 when every input ran; 1 when a path cannot be read, no input
 * was found (an empty or missing corpus must not pass silently) or the
 * --solves expectation failed. A broken promise aborts inside the
 * target. */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "%s: %s\n", path, strerror(errno));
    return 1;
  }
  size_t cap = 4096, len = 0;
  uint8_t *buf = (uint8_t *)malloc(cap);
  for (;;) {
    if (!buf) {
      fclose(f);
      fprintf(stderr, "%s: out of memory\n", path);
      return 1;
    }
    len += fread(buf + len, 1, cap - len, f);
    if (len < cap) break;
    uint8_t *nb = (uint8_t *)realloc(buf, cap * 2);
    if (!nb) free(buf);
    buf = nb;
    cap *= 2;
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) {
    fprintf(stderr, "%s: read error\n", path);
    free(buf);
    return 1;
  }
  /* An exact-size copy, so ASan catches a read one byte past the input as
   * libFuzzer would. */
  uint8_t *exact = (uint8_t *)malloc(len ? len : 1);
  if (!exact) {
    free(buf);
    return 1;
  }
  memcpy(exact, buf, len);
  free(buf);
  /* Name the input first, so a failure can be traced to its file. */
  const char *v = getenv("PZ_FUZZ_VERBOSE");
  if (v && *v && strcmp(v, "0") != 0) fprintf(stderr, "fuzz: input %s\n", path);
  LLVMFuzzerTestOneInput(exact, len);
  free(exact);
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file in dir; adds the number run to *count. */
static int run_dir(const char *dir, size_t *count) {
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "%s: %s\n", dir, strerror(errno));
    return 1;
  }
  char **names = NULL;
  size_t n = 0, cap = 0;
  int rc = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      char **nn = (char **)realloc(names, cap * sizeof *names);
      if (!nn) {
        rc = 1;
        break;
      }
      names = nn;
    }
    size_t len = strlen(dir) + strlen(e->d_name) + 2;
    names[n] = (char *)malloc(len);
    if (!names[n]) {
      rc = 1;
      break;
    }
    snprintf(names[n], len, "%s/%s", dir, e->d_name);
    n++;
  }
  closedir(d);
  if (n) qsort(names, n, sizeof *names, by_name);
  for (size_t i = 0; i < n; i++) {
    struct stat st;
    if (!rc && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
      rc = run_file(names[i]);
      if (!rc) (*count)++;
    }
    free(names[i]);
  }
  free(names);
  return rc;
}

/* What --solves asks of the run: -1 nothing, 0 no solve, 1 a solve. */
static int solves_option(const char *arg) {
  if (strcmp(arg, "--solves=none") == 0) return 0;
  if (strcmp(arg, "--solves=some") == 0) return 1;
  return -2;
}

static int check_solves(const char *prog, int want, size_t solves) {
  if (want < 0 || (want == 1) == (solves > 0)) return 0;
  fprintf(stderr, "%s: %zu solves, expected %s\n", prog, solves,
          want ? "some (no input of the corpus reached a solver)"
               : "none (a parse-only target must not solve)");
  return 1;
}

int main(int argc, char **argv) {
  size_t count = 0;
  int first = 1, want = -1;
  if (argc > 1 && strncmp(argv[1], "--", 2) == 0) {
    want = solves_option(argv[1]);
    first = 2;
  }
  if (want == -2 || argc <= first) {
    fprintf(stderr, "usage: %s [--solves=none|some] FILE|DIR...\n", argv[0]);
    return 1;
  }
  for (int i = first; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      fprintf(stderr, "%s: %s\n", argv[i], strerror(errno));
      return 1;
    }
    int rc;
    if (S_ISDIR(st.st_mode)) {
      rc = run_dir(argv[i], &count);
    } else {
      rc = run_file(argv[i]);
      if (!rc) count++;
    }
    if (rc) return rc;
  }
  if (!count) {
    fprintf(stderr, "%s: no input files\n", argv[0]);
    return 1;
  }
  printf("%zu inputs ran, %zu solves\n", count, fuzz_solve_count());
  return check_solves(argv[0], want, fuzz_solve_count());
}
