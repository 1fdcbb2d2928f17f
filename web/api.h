/* pz-web's request handling (web/api.c): a request in, an answer out, with
 * no socket and no libmicrohttpd. pz-web.c serves it over HTTP;
 * fuzz/fuzz_web.c calls it in process. */
#ifndef PZ_WEB_API_H
#define PZ_WEB_API_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The server's limits (command-line options; the defaults are api.c's). */
typedef struct web_limits {
  double time_limit;     /* seconds per request, at most */
  size_t max_body;       /* bytes of a request body (413 beyond) */
  int max_sudoku;        /* largest side n of a Sudoku, Killer or Futoshiki */
  int max_latin_enum;    /* largest order enumerated or counted */
  int max_latin_sample;  /* largest order sampled */
  uint64_t max_stream;   /* squares per stream, at most */
  uint64_t max_count;    /* cap of a count, at most */
  int max_solves;        /* solving requests at once */
  int queue;             /* requests waiting for a solving slot (503 beyond) */
  double queue_wait;     /* seconds one waits before 503 */
  unsigned connections;  /* connections at once */
  unsigned idle_timeout; /* seconds a connection may stay silent */
  double receive_time;   /* seconds for a request's head, and again for its body */
  unsigned per_client;   /* connections of one client address at once */
} web_limits;

extern web_limits web_lim;

/* One request, its head checked already (head.h) and its body all in. */
typedef struct web_request {
  const char *method;       /* "GET", "POST", ... */
  const char *url;          /* the path, unescaped, without the query */
  const char *content_type; /* NULL when none */
  const char *body;         /* len bytes, not NUL-terminated */
  size_t len;
  int fd;                   /* the client's socket (solves stop when it closes), or -1 */
  const char *(*arg)(void *ctx, const char *key); /* a query argument, or NULL */
  void *arg_ctx;
} web_request;

/* The answer: status 0 when none could be made (out of memory: close). */
typedef struct web_answer {
  unsigned status;
  const char *type;   /* Content-Type */
  const void *body;   /* len bytes */
  size_t len;
  int owned;          /* body is malloc'ed: web_answer_free frees it */
  const char *allow;  /* the Allow header of a 405, or NULL */
  char timing[64];    /* the Server-Timing header, or "" */
  void *stream;       /* a stream of lines instead of body: web_stream_read, then web_stream_free */
} web_answer;

/* Seconds on the monotonic clock. */
double web_now(void);

/* Handles rq into *out (always filled). */
void web_handle(const web_request *rq, web_answer *out);

/* Frees an answer's own body (not its stream). */
void web_answer_free(web_answer *a);

/* The next bytes of a stream (at most max), waiting for them; or
 * WEB_STREAM_END when it has ended, WEB_STREAM_ERROR when the client has
 * gone. Then web_stream_free, however it ended (stops the worker). */
#define WEB_STREAM_END ((ssize_t)-1)
#define WEB_STREAM_ERROR ((ssize_t)-2)
ssize_t web_stream_read(void *stream, uint64_t pos, char *buf, size_t max);
void web_stream_free(void *stream);

#endif
