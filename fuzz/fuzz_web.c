/* Fuzz target: pz-web's request handling in process, no socket. The input
 * is a raw HTTP request. It goes through the head checks the gate makes
 * (web/head.c), then, when they pass, is cut into method, path, query,
 * Content-Type and body the way libmicrohttpd hands them over, and handled
 * (web/api.c: the routes, the JSON body, the limits). What is checked:
 *   - a refused head has a status of the documented set and a message;
 *   - a head that passes has no Content-Length above --max-body, no
 *     Transfer-Encoding, no NUL byte once unescaped;
 *   - every answer has a documented status and a Content-Type; a JSON one
 *     is exactly one line holding an object, with "error" (a string) when
 *     the status is not 200; a stream is lines of JSON objects.
 * Solving is bounded: small limits (grids up to 9x9, 0.2 s a request). */
#include "fuzz.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "api.h"
#include "head.h"

#define PORT 3000

static const char *const hosts[] = {"127.0.0.1", "localhost", NULL};
static const web_head_policy policy = {4096, PORT, hosts, 0};

static void limits_once(void) {
  static int done;
  if (done) return;
  done = 1;
  web_lim.time_limit = 0.2;
  web_lim.max_body = policy.max_body;
  web_lim.max_sudoku = 9;
  web_lim.max_latin_enum = 5;
  web_lim.max_latin_sample = 9;
  web_lim.max_stream = 20;
  web_lim.max_count = 1000;
  web_lim.queue_wait = 0.1;
}

static int hex(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = tolower(c);
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* s (len bytes) %-unescaped into a new string, as libmicrohttpd does. */
static char *unescape(const char *s, size_t len) {
  char *out = (char *)malloc(len + 1);
  if (!out) fuzz_fail("out of memory");
  size_t k = 0;
  for (size_t i = 0; i < len; i++) {
    if (s[i] == '%' && i + 2 < len && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out[k++] = (char)(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out[k++] = s[i];
    }
  }
  out[k] = '\0';
  if (strlen(out) != k) fuzz_fail("the gate let a NUL through: %.*s", (int)len, s);
  return out;
}

/* The query: key=value pairs, unescaped. */
typedef struct query {
  char *keys[16], *values[16];
  int n;
} query;

static const char *query_arg(void *ctx, const char *key) {
  const query *q = (const query *)ctx;
  for (int i = 0; i < q->n; i++)
    if (!strcmp(q->keys[i], key)) return q->values[i];
  return NULL;
}

static void query_parse(query *q, const char *s, size_t len) {
  q->n = 0;
  while (len && q->n < 16) {
    const char *amp = memchr(s, '&', len);
    size_t part = amp ? (size_t)(amp - s) : len;
    const char *eq = memchr(s, '=', part);
    size_t klen = eq ? (size_t)(eq - s) : part;
    q->keys[q->n] = unescape(s, klen);
    q->values[q->n] = eq ? unescape(eq + 1, part - klen - 1) : unescape("", 0);
    q->n++;
    s += part + (amp != NULL);
    len -= part + (amp != NULL);
  }
}

/* A header's value in the head (the first of that name), trimmed; NULL when absent. */
static char *header(const char *head, size_t len, const char *name) {
  size_t nlen = strlen(name);
  for (const char *line = memchr(head, '\n', len); line && (size_t)(line - head) + 1 < len;
       line = memchr(line + 1, '\n', len - (size_t)(line + 1 - head))) {
    const char *h = line + 1;
    size_t rest = len - (size_t)(h - head);
    if (rest > nlen && h[nlen] == ':' && !strncasecmp(h, name, nlen)) {
      const char *v = h + nlen + 1, *end = memchr(v, '\n', rest - nlen - 1);
      if (!end) end = head + len;
      while (v < end && (*v == ' ' || *v == '\t')) v++;
      while (end > v && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
      char *out = (char *)malloc((size_t)(end - v) + 1);
      if (!out) fuzz_fail("out of memory");
      memcpy(out, v, (size_t)(end - v));
      out[end - v] = '\0';
      return out;
    }
  }
  return NULL;
}

static int documented(unsigned status) {
  static const unsigned known[] = {200, 400, 404, 405, 408, 411, 413, 415, 421, 431, 500, 503, 505};
  for (size_t i = 0; i < sizeof known / sizeof *known; i++)
    if (known[i] == status) return 1;
  return 0;
}

/* One line of JSON holding an object ("error" a string when not 200). */
static void check_json_line(const char *s, size_t len, unsigned status) {
  if (!len || s[len - 1] != '\n' || memchr(s, '\n', len - 1))
    fuzz_fail("answer %u is not one line: %.*s", status, (int)len, s);
  json_error_t e;
  json_t *o = json_loadb(s, len, 0, &e);
  if (!json_is_object(o)) fuzz_fail("answer %u is no JSON object: %.*s", status, (int)len, s);
  if (status != 200 && !json_is_string(json_object_get(o, "error")))
    fuzz_fail("error %u without \"error\": %.*s", status, (int)len, s);
  json_decref(o);
}

static void check_stream(void *stream) {
  char buf[4096], line[4096];
  size_t have = 0;
  for (;;) {
    ssize_t k = web_stream_read(stream, 0, buf, sizeof buf);
    if (k == WEB_STREAM_END || k == WEB_STREAM_ERROR) break;
    for (ssize_t i = 0; i < k; i++) {
      if (have == sizeof line) fuzz_fail("stream line longer than %zu bytes", sizeof line);
      line[have++] = buf[i];
      if (buf[i] == '\n') {
        check_json_line(line, have, 200);
        have = 0;
      }
    }
  }
  if (have) fuzz_fail("stream ends inside a line: %.*s", (int)have, line);
  web_stream_free(stream);
}

static void handle(const char *head, size_t end, const char *data, size_t size) {
  char *ctype = header(head, end, "Content-Type"), *clen = header(head, end, "Content-Length");
  char *te = header(head, end, "Transfer-Encoding");
  size_t body_len = 0;
  if (te) fuzz_fail("the gate let Transfer-Encoding through");
  if (clen) {
    char *stop;
    unsigned long long v = strtoull(clen, &stop, 10);
    if (*stop || v > policy.max_body) fuzz_fail("the gate let Content-Length '%s' through", clen);
    body_len = (size_t)v;
  }
  if (body_len > size - end) body_len = size - end;
  const char *sp1 = memchr(head, ' ', end), *sp2 = memchr(sp1 + 1, ' ', end - (size_t)(sp1 + 1 - head));
  char *method = strndup(head, (size_t)(sp1 - head)); /* not unescaped */
  if (!method) fuzz_fail("out of memory");
  const char *target = sp1 + 1, *qmark = memchr(target, '?', (size_t)(sp2 - target));
  char *url = unescape(target, (size_t)((qmark ? qmark : sp2) - target));
  query q;
  query_parse(&q, qmark ? qmark + 1 : "", qmark ? (size_t)(sp2 - qmark - 1) : 0);
  web_request rq = {method, url, ctype, data + end, body_len, -1, query_arg, &q};
  web_answer a;
  web_handle(&rq, &a);
  if (a.status) {
    if (!documented(a.status) || !a.type) fuzz_fail("answer %u, type %s", a.status, a.type ? a.type : "none");
    if (a.stream) check_stream(a.stream);
    else if (!strcmp(a.type, "application/json")) check_json_line((const char *)a.body, a.len, a.status);
  }
  web_answer_free(&a);
  for (int i = 0; i < q.n; i++) {
    free(q.keys[i]);
    free(q.values[i]);
  }
  free(method);
  free(url);
  free(ctype);
  free(clen);
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  limits_once();
  const char *data = (const char *)bytes;
  web_head_fail f;
  memset(&f, 0, sizeof f);
  size_t end = web_head_end(data, size < WEB_HEAD_MAX ? size : WEB_HEAD_MAX);
  int refused = end ? web_head_check(data, end, &policy, &f) : web_head_early(data, size, &f);
  if (refused) {
    if (!documented(f.status) || f.status == 200 || !f.msg[0] || !memchr(f.msg, '\0', sizeof f.msg))
      fuzz_fail("refused with %u: '%.*s'", f.status, (int)sizeof f.msg, f.msg);
    return 0;
  }
  if (end) handle(data, end, data, size);
  return 0;
}
