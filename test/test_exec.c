/* The exec backend's failures: a solver program that is missing, prints
 * garbage, crashes, is killed, answers with a wrong or partial model, or
 * never ends. Each is PZ_ERR_BACKEND (or, stopped, PZ_UNKNOWN) and leaves
 * no child process, descriptor or temporary file behind. The fake solver
 * is test/data/exec/fake_solver.sh; the contract itself is test_solver
 * run on exec:minisat. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pz.h>
#include <pz/backend.h>

#include "check.h"

#define FAKE PZ_TEST_DATA "/exec/fake_solver.sh"

static char tmpdir[] = "/tmp/pz-test-exec-XXXXXX";

/* Entries of a directory whose names start with prefix ("." and ".."
 * left out). */
static int entries(const char *dir, const char *prefix) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
        !strncmp(e->d_name, prefix, strlen(prefix)))
      n++;
  closedir(d);
  return n;
}

static int open_fds(void) { return entries("/proc/self/fd", ""); }

/* Nothing left: no child (running or zombie), no temporary file. */
static void nothing_left(const char *what) {
  int st;
  errno = 0;
  pid_t r = waitpid(-1, &st, WNOHANG);
  if (!(r == -1 && errno == ECHILD)) fprintf(stderr, "%s: a child is left\n", what);
  CHECK(r == -1 && errno == ECHILD);
  int files = entries(tmpdir, "pz-exec-");
  if (files) fprintf(stderr, "%s: %d temporary files left\n", what, files);
  CHECK_EQ(files, 0);
}

/* (x1 | x2) & (-x1 | x2): all-false is no model. */
static pz_solver *small(const char *name) {
  pz_solver *s = NULL;
  REQUIRE(pz_solver_new(&s, name) == PZ_OK);
  int c[] = {1, 2, 0, -1, 2, 0};
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) CHECK_EQ(pz_solver_add(s, c[i]), PZ_OK);
  return s;
}

/* The fake solver in mode `mode` fails the solve, and every later one. */
static void fails(const char *prog, const char *mode) {
  char name[512];
  snprintf(name, sizeof name, "exec:%s %s", prog, mode);
  int fds = open_fds();
  pz_solver *s = small(name);
  pz_result r = PZ_SAT;
  int st = pz_solver_solve(s, &r);
  if (st != PZ_ERR_BACKEND) fprintf(stderr, "mode %s: status %d\n", mode, st);
  CHECK_EQ(st, PZ_ERR_BACKEND);
  CHECK_EQ(r, PZ_UNKNOWN);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_ERR_BACKEND);
  CHECK_EQ(pz_solver_value(s, 1), 0);
  pz_solver_free(s);
  CHECK_EQ(open_fds(), fds);
  nothing_left(mode);
}

static void names(void) {
  pz_solver *s = (pz_solver *)&s;
  const char *bad[] = {"exec", "exec:", "exec: \t ", "exec:/nonexistent/solver",
                       "exec:pz-no-such-solver-program", ("exec:" PZ_TEST_DATA)};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    CHECK_EQ(pz_solver_new(&s, bad[i]), PZ_ERR_BACKEND);
    CHECK(s == NULL);
  }
  CHECK_EQ(pz_backend_known("exec:anything"), 1);
  CHECK_EQ(pz_backend_known("exec"), 1);
  /* The default (the first linked: any configured backend but exec). */
  const char *first = pz_backend_name(0);
  char first_arg[64];
  snprintf(first_arg, sizeof first_arg, "%s:x", first);
  CHECK_EQ(pz_backend_known(first), 1);
  CHECK_EQ(pz_backend_known(first_arg), 0); /* takes no argument */
  CHECK_EQ(pz_backend_known("nope:x"), 0);
  CHECK_EQ(pz_backend_known(":x"), 0);
  /* Loops over every backend leave exec out: it needs its program. */
  int with_arg = 0;
  for (size_t i = 0; i < pz_backend_count(); i++) {
    int exec = strcmp(pz_backend_name(i), "exec") == 0;
    CHECK_EQ(pz_backend_needs_arg(i), exec);
    with_arg += pz_backend_needs_arg(i);
  }
  CHECK_EQ(with_arg, 1);
  CHECK_EQ(pz_backend_needs_arg(pz_backend_count()), 0);
  /* The full name is the solver's backend name; words go to the program. */
  REQUIRE(pz_solver_new(&s, "exec:/bin/sh " FAKE " unknown") == PZ_OK);
  CHECK_EQ(strcmp(pz_solver_backend(s), "exec:/bin/sh " FAKE " unknown"), 0);
  pz_result r = PZ_SAT;
  /* "s UNKNOWN": an honest answer, not a failure. */
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNKNOWN);
  pz_solver_free(s);
  /* A bare name is looked up in PATH. */
  REQUIRE(pz_solver_new(&s, "exec:sh " FAKE " unknown") == PZ_OK);
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNKNOWN);
  pz_solver_free(s);
  nothing_left("names");
}

static void pause_10ms(void) {
  struct timespec t = {0, 10000000L};
  nanosleep(&t, NULL);
}

/* 1 while process pid runs. An ended orphan may stay a zombie for long
 * where process 1 is no real init (a container): that counts as ended. */
static int alive(pid_t pid) {
  if (kill(pid, 0) != 0 && errno == ESRCH) return 0;
  char path[64], state = 0;
  snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  /* "pid (name) state ...": the name may hold blanks, not ')'. */
  int c;
  while ((c = fgetc(f)) != EOF && c != ')') {}
  if (c == ')' && fgetc(f) == ' ') state = (char)fgetc(f);
  fclose(f);
  return state != 'Z';
}

/* Solves s under a time limit of limit seconds, which must stop it
 * (PZ_UNKNOWN): the seconds it took. */
static double stopped_after(pz_solver *s, double limit) {
  CHECK_EQ(pz_solver_set_time_limit(s, limit), PZ_OK);
  pz_result r = PZ_SAT;
  double t0 = now();
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNKNOWN);
  return now() - t0;
}

/* A program that never ends is stopped at the limit (within 10%), its
 * child too. */
static void never_ends(const char *pidfile) {
  pz_solver *s = small("exec:/bin/sh " FAKE " sleep");
  double secs = stopped_after(s, 0.5);
  if (secs < 0.5 || secs > 0.5 * 1.1 + (SLACK - 0.1))
    fprintf(stderr, "time limit 0.5 s: stopped after %.3f s\n", secs);
  CHECK(secs >= 0.5 && secs <= 0.5 * 1.1 + (SLACK - 0.1));
  /* Not broken: the next solve runs (and is stopped) again. */
  stopped_after(s, 0.2);
  pz_solver_free(s);
  nothing_left("sleep");
  /* The sleeping grandchildren ended too. */
  FILE *f = fopen(pidfile, "r");
  REQUIRE(f != NULL);
  int n = 0;
  long pid;
  while (fscanf(f, "%ld", &pid) == 1) {
    n++;
    for (int i = 0; i < 100 && alive((pid_t)pid); i++) pause_10ms();
    if (alive((pid_t)pid)) fprintf(stderr, "process %ld still runs\n", pid);
    CHECK(!alive((pid_t)pid));
  }
  fclose(f);
  CHECK_EQ(n, 2);
}

static int stop_after;
static int stop_soon(void *state) {
  (void)state;
  return --stop_after < 0;
}

/* The user's terminate callback stops it as well. */
static void terminated(void) {
  pz_solver *s = small("exec:/bin/sh " FAKE " sleep");
  stop_after = 20;
  pz_solver_set_terminate(s, NULL, stop_soon);
  pz_result r = PZ_SAT;
  double t0 = now();
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNKNOWN);
  CHECK(now() - t0 < 2);
  pz_solver_free(s);
  nothing_left("terminate");
}

/* MiniSat's convention, chosen by the program's name: a link named
 * minisat-fake to the fake solver. */
static void minisat_convention(void) {
  char link[256];
  snprintf(link, sizeof link, "%s/minisat-fake", tmpdir);
  REQUIRE(symlink(FAKE, link) == 0);
  fails(link, "ms-garbage");
  fails(link, "ms-wrong");
  /* The competition format is not read from it. */
  fails(link, "exit-code");
  char name[300];
  snprintf(name, sizeof name, "exec:%s ms-unsat", link);
  pz_solver *s = small(name);
  pz_solver_assume(s, -2);
  pz_result r = PZ_SAT;
  CHECK_EQ(pz_solver_solve(s, &r), PZ_OK);
  CHECK_EQ(r, PZ_UNSAT);
  /* Every assumption counts as failed. */
  CHECK_EQ(pz_solver_failed(s, -2), 1);
  CHECK_EQ(pz_solver_failed(s, 2), 0);
  pz_solver_free(s);
  unlink(link);
  nothing_left("minisat convention");
}

/* Debian's minisat, when installed: answers checked, and a hard formula
 * stopped at the limit. */
static void minisat(void) {
  pz_solver *s;
  if (pz_solver_new(&s, "exec:minisat") != PZ_OK) {
    fprintf(stderr, "test_exec: minisat not installed, its part skipped\n");
    return;
  }
  /* Pigeonhole 12 into 11: far beyond a second for MiniSat. */
  int p = 11;
  for (int i = 0; i <= p; i++) {
    for (int h = 0; h < p; h++) pz_solver_add(s, i * p + h + 1);
    pz_solver_add(s, 0);
  }
  for (int h = 0; h < p; h++)
    for (int i = 0; i <= p; i++)
      for (int j = i + 1; j <= p; j++) {
        pz_solver_add(s, -(i * p + h + 1));
        pz_solver_add(s, -(j * p + h + 1));
        pz_solver_add(s, 0);
      }
  double secs = stopped_after(s, 1.0);
  if (secs > 1.1 + (SLACK - 0.1)) fprintf(stderr, "minisat: stopped after %.3f s\n", secs);
  CHECK(secs >= 1.0 && secs <= 1.1 + (SLACK - 0.1));
  pz_solver_free(s);
  nothing_left("minisat");
}

int main(void) {
  REQUIRE(mkdtemp(tmpdir) != NULL);
  REQUIRE(setenv("TMPDIR", tmpdir, 1) == 0);
  char pidfile[128];
  snprintf(pidfile, sizeof pidfile, "%s/pids", tmpdir);
  REQUIRE(setenv("PZ_FAKE_PIDS", pidfile, 1) == 0);
  FILE *f = fopen(pidfile, "w");
  REQUIRE(f != NULL);
  fclose(f);
  names();
  const char *modes[] = {"garbage", "crash", "killed", "exit-code", "wrong",
                         "partial", "too-big", "two-answers", "no-such-mode"};
  for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) fails("/bin/sh " FAKE, modes[i]);
  never_ends(pidfile);
  terminated();
  minisat_convention();
  minisat();
  unlink(pidfile);
  rmdir(tmpdir);
  return check_done("test_exec");
}
