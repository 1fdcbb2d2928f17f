/* The example programs' batch runner (cli_run_batch in examples/cli.c) on
 * made-up batches: whatever the number of threads, stdout and stderr must
 * be exactly what one thread writes (computed here without the runner),
 * the exit code the worst, and the run must end after an entry that stops
 * it. Built with a tiny window and hold limit (test/jobs.cmake), so that
 * workers run into both and wait. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"

#define TOTAL 120

/* What entry i prints: a number of lines, every fifth on stderr; entry 7
 * prints far more than the hold limit while entry 6 is slow. */
static int lines_of(size_t i) {
  return i == 7 ? 3000 : (int)((i * 7919) % 40);
}

static int code_of(size_t i) {
  return i % 13 == 5 ? CLI_NOT_UNIQUE : i % 29 == 11 ? CLI_UNKNOWN : CLI_OK;
}

typedef struct fake {
  size_t stop_at;        /* entry that sets *stop (TOTAL: none) */
  size_t interrupt_at;   /* entry that returns CLI_INTERRUPTED */
  atomic_int states;     /* thread states made ... */
  atomic_int freed;      /* ... and freed */
  atomic_int wrong_opts; /* a worker saw opt.threads != 1 */
  pthread_t caller;
  atomic_int off_caller; /* an entry ran on another thread */
} fake;

static size_t line_of(void *ctx, size_t i) {
  (void)ctx;
  return 10 * i + 1;
}

static void pause_us(long us) {
  struct timespec ts = {0, us * 1000};
  nanosleep(&ts, NULL);
}

static int run(void *ctx, const cli_common *c, size_t i, void **state,
               int *stop) {
  fake *f = (fake *)ctx;
  if (!*state) {
    *state = malloc(16);
    atomic_fetch_add(&f->states, 1);
  }
  if (c->jobs > 1 || c->opt.threads > 1) atomic_store(&f->wrong_opts, 1);
  if (!pthread_equal(pthread_self(), f->caller))
    atomic_store(&f->off_caller, 1);
  /* Finish out of order: some entries take longer. */
  pause_us(i == 6 ? 20000 : (long)(i % 5) * 300);
  for (int k = 0; k < lines_of(i); k++) {
    if (k % 5 == 4) fprintf(cli_err(), "err %zu.%d\n", i, k);
    else fprintf(cli_out(), "entry %zu line %d\n", i, k);
  }
  if (i == f->stop_at) *stop = 1;
  if (i == f->interrupt_at) return CLI_INTERRUPTED;
  return code_of(i);
}

static void free_state(void *ctx, const cli_common *c, void *state) {
  (void)c;
  atomic_fetch_add(&((fake *)ctx)->freed, 1);
  free(state);
}

/* What one thread writes for entries 0..last, without the runner. */
static void expected(size_t last, FILE *out, FILE *err) {
  for (size_t i = 0; i <= last; i++) {
    fprintf(out, "%s# puzzle %zu (line %zu)\n", i ? "\n" : "", i + 1,
            line_of(NULL, i));
    for (int k = 0; k < lines_of(i); k++) {
      if (k % 5 == 4) fprintf(err, "err %zu.%d\n", i, k);
      else fprintf(out, "entry %zu line %d\n", i, k);
    }
  }
}

static char *slurp(FILE *f, size_t *len) {
  fflush(f);
  long n = ftell(f);
  REQUIRE(n >= 0);
  char *buf = (char *)malloc((size_t)n + 1);
  REQUIRE(buf);
  rewind(f);
  *len = fread(buf, 1, (size_t)n, f);
  buf[*len] = 0;
  return buf;
}

static int same_text(FILE *a, FILE *b) {
  size_t la, lb;
  char *x = slurp(a, &la), *y = slurp(b, &lb);
  int same = la == lb && memcmp(x, y, la) == 0;
  if (!same) fprintf(stderr, "  %zu bytes written, %zu expected\n", la, lb);
  free(x);
  free(y);
  return same;
}

/* Runs the batch with stdout and stderr going to files; returns its exit
 * code. */
static int run_batch(const cli_common *base, int jobs, fake *f, FILE *out,
                     FILE *err, size_t total) {
  cli_common c = *base;
  c.jobs = jobs;
  c.opt.threads = jobs;
  cli_batch b = {total, line_of, run, free_state, f};
  f->caller = pthread_self();
  fflush(stdout);
  fflush(stderr);
  int o = dup(STDOUT_FILENO), e = dup(STDERR_FILENO);
  REQUIRE(o >= 0 && e >= 0);
  REQUIRE(dup2(fileno(out), STDOUT_FILENO) >= 0);
  REQUIRE(dup2(fileno(err), STDERR_FILENO) >= 0);
  int rc = cli_run_batch(&c, &b);
  fflush(stdout);
  fflush(stderr);
  dup2(o, STDOUT_FILENO);
  dup2(e, STDERR_FILENO);
  close(o);
  close(e);
  return rc;
}

static void init_fake(fake *f) {
  memset(f, 0, sizeof *f);
  f->stop_at = f->interrupt_at = TOTAL;
}

/* Entries 0..last written, as one thread writes them. */
static void check_run(const cli_common *c, int jobs, fake *f, size_t last,
                      int want_rc) {
  FILE *out = tmpfile(), *err = tmpfile(), *xo = tmpfile(), *xe = tmpfile();
  REQUIRE(out && err && xo && xe);
  int rc = run_batch(c, jobs, f, out, err, TOTAL);
  expected(last, xo, xe);
  if (!same_text(out, xo)) {
    fprintf(stderr, "  -j %d: stdout differs\n", jobs);
    check_failures++;
  }
  if (!same_text(err, xe)) {
    fprintf(stderr, "  -j %d: stderr differs\n", jobs);
    check_failures++;
  }
  CHECK_EQ(rc, want_rc);
  CHECK_EQ(atomic_load(&f->states), atomic_load(&f->freed));
  CHECK(atomic_load(&f->states) >= 1 && atomic_load(&f->states) <= jobs);
  CHECK(!atomic_load(&f->wrong_opts) || jobs == 1);
  fclose(out);
  fclose(err);
  fclose(xo);
  fclose(xe);
}

int main(void) {
  cli_common c;
  cli_init(&c, "test_cli_batch");
  fake f;
  int worst = CLI_OK;
  for (size_t i = 0; i < TOTAL; i++) worst = cli_worse(worst, code_of(i));
  REQUIRE(worst == CLI_UNKNOWN);

  /* The whole batch, on 1 to 8 threads (several runs: other timings). */
  static const int jobs[] = {1, 2, 3, 8, 2, 3};
  for (size_t k = 0; k < sizeof jobs / sizeof *jobs; k++) {
    init_fake(&f);
    check_run(&c, jobs[k], &f, TOTAL - 1, worst);
    /* One thread: every entry on the caller's. */
    if (jobs[k] == 1) CHECK(!atomic_load(&f.off_caller));
  }

  /* An entry that stops the run: nothing after it is written. */
  for (int j = 1; j <= 3; j++) {
    init_fake(&f);
    f.stop_at = 37;
    int rc = CLI_OK;
    for (size_t i = 0; i <= 37; i++) rc = cli_worse(rc, code_of(i));
    check_run(&c, j, &f, 37, rc);
    init_fake(&f);
    f.interrupt_at = 20;
    check_run(&c, j, &f, 20, CLI_INTERRUPTED);
  }

  /* One entry: the calling thread, whatever -j says. */
  {
    init_fake(&f);
    FILE *out = tmpfile(), *err = tmpfile();
    REQUIRE(out && err);
    CHECK_EQ(run_batch(&c, 4, &f, out, err, 1), code_of(0));
    CHECK(!atomic_load(&f.off_caller));
    fclose(out);
    fclose(err);
  }

  /* A full disk: exit code 3, said once. Last: the message is said once
   * per process. */
  for (int j = 1; j <= 3; j += 2) {
    init_fake(&f);
    FILE *out = fopen("/dev/full", "w"), *err = tmpfile();
    if (!out) break; /* no /dev/full here */
    REQUIRE(err);
    CHECK_EQ(run_batch(&c, j, &f, out, err, TOTAL), CLI_FAILURE);
    size_t len;
    char *text = slurp(err, &len);
    char *at = strstr(text, "writing the output failed");
    CHECK(j > 1 || at); /* said by the first run only */
    CHECK(!at || !strstr(at + 1, "writing the output failed"));
    free(text);
    clearerr(stdout);
    fclose(out);
    fclose(err);
  }
  return check_done("test_cli_batch");
}
