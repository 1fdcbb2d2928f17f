/* pz-web: the Sudoku, Killer, Futoshiki and Latin squares pages and a JSON
 * API over libpz (docs/WEB.md), served by libmicrohttpd with one thread
 * per connection: a request that solves blocks only its own thread, and a
 * stream's content callback may wait for the next square. This file is
 * the serving: the gate, libmicrohttpd, main; the requests are handled in
 * api.c. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <jansson.h>
#include <microhttpd.h>

#include <pz.h>

#include "api.h"
#include "head.h"

static const char prog[] = "pz-web";

/* --- Answers --------------------------------------------------------------- */
/* The pages' scripts, styles and API calls come from this server only,
 * with nothing inline; no page may frame them. */
const char web_content_security_policy[] =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/* Headers of every answer. "Connection: close": the next request comes on
 * a new connection, so its head passes the gate too (see the gate). */
static void add_common_headers(struct MHD_Response *r) {
  MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
  MHD_add_response_header(r, "Content-Security-Policy", web_content_security_policy);
  MHD_add_response_header(r, MHD_HTTP_HEADER_CONNECTION, "close");
}

/* An error answer written straight on the socket, for when libmicrohttpd
 * cannot send one (it takes none while a body comes, nor before it has
 * a connection). Small: it fits the socket's buffer, no waiting. */
static void raw_answer(int fd, unsigned status, const char *msg) {
  json_t *o = json_pack("{ss}", "error", msg);
  char *body = o ? json_dumps(o, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
  json_decref(o);
  if (!body) return;
  char buf[512];
  int n = snprintf(buf, sizeof buf,
                   "HTTP/1.1 %u %s\r\nContent-Type: application/json\r\n"
                   "X-Content-Type-Options: nosniff\r\nConnection: close\r\n"
                   "Content-Length: %zu\r\n\r\n%s\n",
                   status, MHD_get_reason_phrase_for(status), strlen(body) + 1, body);
  if (n > 0 && (size_t)n < sizeof buf) {
    ssize_t sent = send(fd, buf, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT);
    (void)sent; /* a client that cannot take it has gone */
  }
  free(body);
}

/* A request as it comes: its body gathered as it arrives. */
typedef struct request {
  char *body;
  size_t len, cap;
  int fd;
  double head_in; /* when the head was in: the body's clock starts */
} request;

static const char *query_arg(void *ctx, const char *key) {
  return MHD_lookup_connection_value((struct MHD_Connection *)ctx, MHD_GET_ARGUMENT_KIND, key);
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max) {
  ssize_t k = web_stream_read(cls, pos, buf, max);
  return k == WEB_STREAM_END ? MHD_CONTENT_READER_END_OF_STREAM
         : k == WEB_STREAM_ERROR ? MHD_CONTENT_READER_END_WITH_ERROR : k;
}

/* The request handled (api.c), its answer queued. */
static enum MHD_Result route(struct MHD_Connection *c, const char *url, const char *method,
                             const request *rq) {
  web_request wr = {method, url,
                    MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE),
                    rq->body, rq->len, rq->fd, query_arg, c};
  web_answer a;
  web_handle(&wr, &a);
  if (!a.status) return MHD_NO;
  struct MHD_Response *r =
      a.stream ? MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16 * 1024, stream_read,
                                                    a.stream, web_stream_free)
               : MHD_create_response_from_buffer(a.len, (void *)(uintptr_t)a.body,
                                                 a.owned ? MHD_RESPMEM_MUST_FREE
                                                         : MHD_RESPMEM_PERSISTENT);
  if (!r) {
    if (a.stream) web_stream_free(a.stream);
    web_answer_free(&a);
    return MHD_NO;
  }
  MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, a.type);
  add_common_headers(r);
  if (a.owned || a.stream) MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
  if (a.timing[0]) MHD_add_response_header(r, "Server-Timing", a.timing);
  if (a.allow) MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, a.allow);
  enum MHD_Result ret = MHD_queue_response(c, a.status, r);
  MHD_destroy_response(r);
  return ret;
}

/* The gate has checked the head (Content-Length at most --max-body, no
 * chunks): here the body is gathered, within --receive-time. */
static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version,
                                  const char *upload_data, size_t *upload_size,
                                  void **req_cls) {
  (void)cls;
  (void)version;
  request *rq = (request *)*req_cls;
  if (!rq) {
    rq = (request *)calloc(1, sizeof *rq);
    if (!rq) return MHD_NO;
    *req_cls = rq;
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    rq->fd = ci ? ci->connect_fd : -1;
    rq->head_in = web_now();
    return MHD_YES;
  }
  if (*upload_size) {
    size_t n = *upload_size;
    *upload_size = 0;
    if (web_now() - rq->head_in > web_lim.receive_time) {
      /* A body that trickles in: answered at once, the connection closed. */
      char msg[80];
      snprintf(msg, sizeof msg, "request body not received within %g s", web_lim.receive_time);
      raw_answer(rq->fd, MHD_HTTP_REQUEST_TIMEOUT, msg);
      return MHD_NO;
    }
    if (rq->len + n > rq->cap) {
      size_t cap = rq->cap ? rq->cap : 1024;
      while (cap < rq->len + n) cap *= 2;
      char *b = (char *)realloc(rq->body, cap);
      if (!b) return MHD_NO;
      rq->body = b;
      rq->cap = cap;
    }
    memcpy(rq->body + rq->len, upload_data, n);
    rq->len += n;
    return MHD_YES;
  }
  return route(c, url, method, rq);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **req_cls,
                         enum MHD_RequestTerminationCode toe) {
  (void)cls;
  (void)c;
  (void)toe;
  request *rq = (request *)*req_cls;
  if (!rq) return;
  free(rq->body);
  free(rq);
  *req_cls = NULL;
}

/* --- The gate: a connection waits here until its request head is in -------
 * pz-web accepts connections itself. A connection waits in the gate (one
 * thread, epoll; a waiting connection costs a socket, no thread) until its
 * whole request head has arrived, looked at with MSG_PEEK so that
 * libmicrohttpd still reads it; web_head_check refuses a bad head with one
 * line of JSON, a good one goes on to libmicrohttpd (MHD_add_connection).
 * So a slow client (slowloris) holds no thread and no connection slot:
 *   - a head must arrive within --receive-time seconds of connecting
 *     (408 after), and a body within as long again (on_request);
 *   - one client address holds at most --per-client connections, waiting
 *     and served (503 beyond);
 *   - when GATE_WAITING connections wait, the one waiting longest is
 *     closed for the newcomer, so new clients are always taken in.
 * Every answer says "Connection: close", so each request passes the gate. */
#define GATE_WAITING 1024

typedef struct waiter {
  int fd;
  struct sockaddr_storage addr;
  socklen_t addrlen;
  double since;
} waiter;

/* Connections of one client address, waiting and served. */
typedef struct client {
  unsigned char key[17]; /* family, then the address bytes */
  unsigned waiting, served;
} client;

typedef struct gate {
  int listen_fd, epoll_fd, stop_fd;
  struct MHD_Daemon *daemon;
  web_head_policy policy;
  double receive_time;
  unsigned per_client, max_served;
  waiter *waiting[GATE_WAITING];
  size_t nwaiting;
  pthread_mutex_t mu; /* guards clients and served (MHD's threads too) */
  client *clients;
  size_t nclients, cap_clients;
  unsigned served;
  pthread_t thread;
} gate;

static gate the_gate = {.listen_fd = -1, .epoll_fd = -1, .stop_fd = -1,
                        .mu = PTHREAD_MUTEX_INITIALIZER};

static void address_key(const struct sockaddr *sa, unsigned char key[17]) {
  memset(key, 0, 17);
  key[0] = (unsigned char)sa->sa_family;
  if (sa->sa_family == AF_INET)
    memcpy(key + 1, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, 4);
  else if (sa->sa_family == AF_INET6)
    memcpy(key + 1, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, 16);
}

/* The entry of an address (made when absent); NULL on no memory. Under mu. */
static client *client_of(gate *g, const struct sockaddr *sa) {
  unsigned char key[17];
  address_key(sa, key);
  for (size_t i = 0; i < g->nclients; i++)
    if (!memcmp(g->clients[i].key, key, sizeof key)) return &g->clients[i];
  if (g->nclients == g->cap_clients) {
    size_t cap = g->cap_clients ? g->cap_clients * 2 : 64;
    client *c = (client *)realloc(g->clients, cap * sizeof *c);
    if (!c) return NULL;
    g->clients = c;
    g->cap_clients = cap;
  }
  client *c = &g->clients[g->nclients++];
  memcpy(c->key, key, sizeof key);
  c->waiting = c->served = 0;
  return c;
}

/* Drops an address's entry once it has no connection. Under mu. */
static void client_tidy(gate *g, client *c) {
  if (c->waiting || c->served) return;
  *c = g->clients[--g->nclients];
}

/* Answers one line of JSON straight on the socket, then closes it. */
static void gate_answer(int fd, unsigned status, const char *msg) {
  raw_answer(fd, status, msg);
  /* Half-close, then read what came, so that the close does not reset
   * the connection before the client reads the answer. */
  shutdown(fd, SHUT_WR);
  char sink[4096];
  while (recv(fd, sink, sizeof sink, MSG_DONTWAIT) > 0) {
  }
  close(fd);
}

/* Takes waiter i out of the gate (its socket stays open). */
static waiter *gate_take(gate *g, size_t i) {
  waiter *w = g->waiting[i];
  g->waiting[i] = g->waiting[--g->nwaiting];
  epoll_ctl(g->epoll_fd, EPOLL_CTL_DEL, w->fd, NULL);
  pthread_mutex_lock(&g->mu);
  client *c = client_of(g, (struct sockaddr *)&w->addr);
  if (c) {
    c->waiting--;
    client_tidy(g, c);
  }
  pthread_mutex_unlock(&g->mu);
  return w;
}

/* Closes waiter i: with an answer when status is not 0. */
static void gate_drop(gate *g, size_t i, unsigned status, const char *msg) {
  waiter *w = gate_take(g, i);
  if (status) gate_answer(w->fd, status, msg);
  else close(w->fd);
  free(w);
}

static size_t gate_index(const gate *g, const waiter *w) {
  size_t i = 0;
  while (i < g->nwaiting && g->waiting[i] != w) i++;
  return i;
}

/* A new connection: refused when its address has --per-client already,
 * else waiting (the longest waiter closed when the gate is full). */
static void gate_admit(gate *g, int fd, const struct sockaddr_storage *addr, socklen_t len) {
  pthread_mutex_lock(&g->mu);
  client *c = client_of(g, (const struct sockaddr *)addr);
  int over = !c || c->waiting + c->served >= g->per_client;
  if (!over) c->waiting++;
  pthread_mutex_unlock(&g->mu);
  if (over) {
    char msg[120];
    snprintf(msg, sizeof msg, "too many connections from your address (at most %u at once)",
             g->per_client);
    gate_answer(fd, MHD_HTTP_SERVICE_UNAVAILABLE, msg);
    return;
  }
  if (g->nwaiting == GATE_WAITING) {
    size_t oldest = 0;
    for (size_t i = 1; i < g->nwaiting; i++)
      if (g->waiting[i]->since < g->waiting[oldest]->since) oldest = i;
    gate_drop(g, oldest, MHD_HTTP_REQUEST_TIMEOUT,
              "request head not received in time: the server needed the room");
  }
  waiter *w = (waiter *)calloc(1, sizeof *w);
  struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP | EPOLLET, .data.ptr = w};
  if (w) {
    w->fd = fd;
    w->addr = *addr;
    w->addrlen = len;
    w->since = web_now();
    g->waiting[g->nwaiting++] = w;
  }
  if (!w || epoll_ctl(g->epoll_fd, EPOLL_CTL_ADD, fd, &ev)) {
    if (w) gate_drop(g, g->nwaiting - 1, 0, NULL);
    else {
      pthread_mutex_lock(&g->mu);
      c = client_of(g, (const struct sockaddr *)addr);
      if (c) c->waiting--;
      pthread_mutex_unlock(&g->mu);
      close(fd);
    }
  }
}

/* Data on a waiting connection: is the head all there, and good? ended:
 * the client has closed its side (what it sent is all there will be). */
static void gate_look(gate *g, waiter *w, int ended) {
  static char buf[WEB_HEAD_MAX + 1]; /* the gate's thread only */
  size_t i = gate_index(g, w);
  if (i == g->nwaiting) return;
  ssize_t r = recv(w->fd, buf, sizeof buf, MSG_PEEK | MSG_DONTWAIT);
  if (r == 0 || (r < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
    gate_drop(g, i, 0, NULL); /* gone */
    return;
  }
  if (r < 0) return;
  size_t end = web_head_end(buf, (size_t)r);
  web_head_fail f;
  if (!end && web_head_early(buf, (size_t)r, &f)) {
    gate_drop(g, i, f.status, f.msg);
    return;
  }
  if (!end) {
    if (ended) gate_drop(g, i, 0, NULL);
    else if ((size_t)r > WEB_HEAD_MAX) {
      char msg[80];
      snprintf(msg, sizeof msg, "request head larger than %d bytes", WEB_HEAD_MAX);
      gate_drop(g, i, MHD_HTTP_REQUEST_HEADER_FIELDS_TOO_LARGE, msg);
    }
    return;
  }
  if (web_head_check(buf, end, &g->policy, &f)) {
    gate_drop(g, i, f.status, f.msg);
    return;
  }
  pthread_mutex_lock(&g->mu);
  int full = g->served >= g->max_served;
  pthread_mutex_unlock(&g->mu);
  if (full) {
    gate_drop(g, i, MHD_HTTP_SERVICE_UNAVAILABLE, "busy: too many connections; try again");
    return;
  }
  w = gate_take(g, i);
  /* libmicrohttpd counts it served (on_connection) or closes it. */
  MHD_add_connection(g->daemon, w->fd, (struct sockaddr *)&w->addr, w->addrlen);
  free(w);
}

/* libmicrohttpd's connection notices: served connections by address. */
static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode code) {
  gate *g = (gate *)cls;
  (void)socket_context;
  const union MHD_ConnectionInfo *ci =
      MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  pthread_mutex_lock(&g->mu);
  client *cl = ci && ci->client_addr ? client_of(g, ci->client_addr) : NULL;
  int up = code == MHD_CONNECTION_NOTIFY_STARTED;
  if (cl) {
    if (up) cl->served++;
    else if (cl->served) cl->served--;
    client_tidy(g, cl);
  }
  if (up) g->served++;
  else if (g->served) g->served--;
  pthread_mutex_unlock(&g->mu);
}

/* Closes the connections whose head is late; returns the milliseconds
 * until the next one is (at most 1000). */
static int gate_expire(gate *g) {
  double t = web_now(), next = t + 1.0;
  for (size_t i = 0; i < g->nwaiting;) {
    double due = g->waiting[i]->since + g->receive_time;
    if (due <= t) {
      char msg[100];
      snprintf(msg, sizeof msg, "request head not received within %g s", g->receive_time);
      gate_drop(g, i, MHD_HTTP_REQUEST_TIMEOUT, msg);
      continue;
    }
    if (due < next) next = due;
    i++;
  }
  return (int)((next - t) * 1000) + 1;
}

static void gate_accept(gate *g) {
  for (;;) {
    struct sockaddr_storage addr;
    socklen_t len = sizeof addr;
    int fd = accept4(g->listen_fd, (struct sockaddr *)&addr, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return; /* EAGAIN, or out of descriptors for now */
    gate_admit(g, fd, &addr, len);
  }
}

static void *gate_run(void *arg) {
  gate *g = (gate *)arg;
  for (;;) {
    struct epoll_event ev[64];
    int n = epoll_wait(g->epoll_fd, ev, 64, gate_expire(g));
    for (int k = 0; k < n; k++) {
      if (ev[k].data.ptr == &g->listen_fd) gate_accept(g);
      else if (ev[k].data.ptr == &g->stop_fd) return NULL;
      else
        gate_look(g, (waiter *)ev[k].data.ptr,
                  (ev[k].events & (EPOLLRDHUP | EPOLLHUP | EPOLLERR)) != 0);
    }
  }
}

/* The gate's thread, watching the listening socket; -1 with errno. */
static int gate_start(gate *g) {
  g->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  g->stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  struct epoll_event on_listen = {.events = EPOLLIN, .data.ptr = &g->listen_fd};
  struct epoll_event on_stop = {.events = EPOLLIN, .data.ptr = &g->stop_fd};
  if (g->epoll_fd < 0 || g->stop_fd < 0 ||
      epoll_ctl(g->epoll_fd, EPOLL_CTL_ADD, g->listen_fd, &on_listen) ||
      epoll_ctl(g->epoll_fd, EPOLL_CTL_ADD, g->stop_fd, &on_stop))
    return -1;
  int e = pthread_create(&g->thread, NULL, gate_run, g);
  if (e) errno = e;
  return e ? -1 : 0;
}

/* Stops the gate: its thread ends, the waiting connections are closed. */
static void gate_stop(gate *g) {
  uint64_t one = 1;
  if (write(g->stop_fd, &one, sizeof one) == (ssize_t)sizeof one)
    pthread_join(g->thread, NULL);
  while (g->nwaiting) gate_drop(g, 0, 0, NULL);
  close(g->listen_fd);
  close(g->epoll_fd);
  close(g->stop_fd);
  /* g->clients stays: libmicrohttpd's threads look a client up as each
   * connection closes, until MHD_stop_daemon returns (main frees it). */
}

/* --- Main ---------------------------------------------------------------------- */
static void usage(FILE *out) {
  fprintf(out,
          "Usage: %s [options]\n"
          "Serves the Sudoku, Killer Sudoku, Futoshiki, Latin squares and every-kind\n"
          "pages and their JSON API (docs/WEB.md) over pz; open the address it prints.\n"
          "  --listen ADDR       address to bind (default 127.0.0.1; IPv6 too)\n"
          "  --port N            port (default 3000; 0: any free port, printed)\n"
          "  --time-limit S      seconds per request at most (default %g)\n"
          "  --max-body BYTES    largest request body (default %zu; 413 beyond)\n"
          "  --max-size N        largest grid side: Sudoku, Killer, Futoshiki (default %d)\n"
          "  --max-solves N      requests solving at once (default %d)\n"
          "  --queue N           requests waiting for one, at most %g s each\n"
          "                      (default %d; 503 beyond)\n"
          "  --connections N     connections served at once (default %u)\n"
          "  --per-client N      connections of one client address at once\n"
          "                      (default %u; 503 beyond)\n"
          "  --receive-time S    seconds to receive a request's head, and again\n"
          "                      its body (default %g; 408 after)\n"
          "  --allow-host NAME   take requests whose Host header names NAME too\n"
          "                      (besides the --listen address, and localhost\n"
          "                      when that is a loopback or any address); repeatable\n"
          "  --help, --version\n",
          prog, web_lim.time_limit, web_lim.max_body, web_lim.max_sudoku, web_lim.max_solves,
          web_lim.queue_wait, web_lim.queue, web_lim.connections, web_lim.per_client, web_lim.receive_time);
}

static int num_arg(const char *opt, const char *v, double lo, double hi, double *out) {
  char *end;
  errno = 0;
  double x = v ? strtod(v, &end) : 0;
  if (!v || end == v || *end || errno || !(x >= lo && x <= hi)) {
    fprintf(stderr, "%s: %s takes a number from %g to %g, not '%s'\n", prog, opt, lo, hi,
            v ? v : "(nothing)");
    return -1;
  }
  *out = x;
  return 0;
}

/* The numeric options: each one's range; whole numbers except seconds. */
typedef struct num_option {
  const char *name;
  double lo, hi;
  int whole;
  double value; /* the default, then what was given */
} num_option;

/* addr as a socket address with port; non-zero when it is no address. */
static int listen_address(const char *addr, uint16_t port, struct sockaddr_storage *ss,
                          socklen_t *len) {
  memset(ss, 0, sizeof *ss);
  if (strchr(addr, ':')) {
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)ss;
    a6->sin6_family = AF_INET6;
    a6->sin6_port = htons(port);
    *len = sizeof *a6;
    return inet_pton(AF_INET6, addr, &a6->sin6_addr) != 1;
  }
  struct sockaddr_in *a4 = (struct sockaddr_in *)ss;
  a4->sin_family = AF_INET;
  a4->sin_port = htons(port);
  *len = sizeof *a4;
  return inet_pton(AF_INET, addr, &a4->sin_addr) != 1;
}

static int is_any_address(const struct sockaddr_storage *ss) {
  if (ss->ss_family == AF_INET6)
    return IN6_IS_ADDR_UNSPECIFIED(&((const struct sockaddr_in6 *)ss)->sin6_addr);
  return ((const struct sockaddr_in *)ss)->sin_addr.s_addr == htonl(INADDR_ANY);
}

static int is_loopback(const struct sockaddr_storage *ss) {
  if (ss->ss_family == AF_INET6)
    return IN6_IS_ADDR_LOOPBACK(&((const struct sockaddr_in6 *)ss)->sin6_addr);
  return (ntohl(((const struct sockaddr_in *)ss)->sin_addr.s_addr) >> 24) == 127;
}

/* The listening socket, non-blocking; -1 with errno on failure. */
static int listen_socket(const struct sockaddr_storage *ss, socklen_t len) {
  int fd = socket(ss->ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  int on = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  if (ss->ss_family == AF_INET6) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
  if (bind(fd, (const struct sockaddr *)ss, len) || listen(fd, SOMAXCONN)) {
    int e = errno;
    close(fd);
    errno = e;
    return -1;
  }
  return fd;
}

/* Waiting connections cost a descriptor each: take all the system allows. */
static void more_descriptors(void) {
  struct rlimit rl;
  if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
  }
}

int main(int argc, char **argv) {
  const char *listen = "127.0.0.1";
  num_option nums[] = {
      {"--port", 0, 65535, 1, 3000},
      {"--time-limit", 0.001, 3600, 0, web_lim.time_limit},
      {"--max-body", 64, 1 << 30, 1, (double)web_lim.max_body},
      {"--max-size", 1, 35, 1, web_lim.max_sudoku},
      {"--max-solves", 1, 1024, 1, web_lim.max_solves},
      {"--queue", 0, 100000, 1, web_lim.queue},
      {"--connections", 1, 100000, 1, web_lim.connections},
      {"--per-client", 1, 100000, 1, web_lim.per_client},
      {"--receive-time", 0.001, 3600, 0, web_lim.receive_time},
  };
  enum { PORT, TIME_LIMIT, MAX_BODY, MAX_SIZE, MAX_SOLVES, QUEUE, CONNECTIONS, PER_CLIENT,
         RECEIVE_TIME };
  /* Host names taken: the --listen address, localhost, --allow-host's. */
  const char *hosts[64 + 3];
  size_t nhosts = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    }
    if (!strcmp(a, "--version")) {
      printf("%s (pz %s)\n", prog, pz_version());
      return 0;
    }
    if (!strcmp(a, "--listen") && v) {
      listen = v;
      i++;
      continue;
    }
    if (!strcmp(a, "--allow-host") && v) {
      if (nhosts == 64 || !*v || strpbrk(v, " \t\r\n:/")) {
        fprintf(stderr, "%s: --allow-host takes a host name without port (at most 64 "
                "of them), not '%s'\n", prog, v);
        return 2;
      }
      hosts[nhosts++] = v;
      i++;
      continue;
    }
    num_option *o = NULL;
    for (size_t k = 0; k < sizeof nums / sizeof *nums; k++)
      if (!strcmp(a, nums[k].name)) o = &nums[k];
    if (!o) {
      fprintf(stderr, "%s: unknown option or missing value: '%s' (see --help)\n", prog, a);
      return 2;
    }
    if (num_arg(a, v, o->lo, o->hi, &o->value)) return 2;
    if (o->whole && o->value != floor(o->value)) {
      fprintf(stderr, "%s: %s takes a whole number, not '%s'\n", prog, a, v);
      return 2;
    }
    i++;
  }
  double port = nums[PORT].value;
  web_lim.time_limit = nums[TIME_LIMIT].value;
  web_lim.max_body = (size_t)nums[MAX_BODY].value;
  web_lim.max_sudoku = (int)nums[MAX_SIZE].value;
  web_lim.max_solves = (int)nums[MAX_SOLVES].value;
  web_lim.queue = (int)nums[QUEUE].value;
  web_lim.connections = (unsigned)nums[CONNECTIONS].value;
  web_lim.per_client = (unsigned)nums[PER_CLIENT].value;
  web_lim.receive_time = nums[RECEIVE_TIME].value;

  struct sockaddr_storage ss;
  socklen_t ss_len;
  if (listen_address(listen, (uint16_t)port, &ss, &ss_len)) {
    fprintf(stderr, "%s: --listen takes an IPv4 or IPv6 address, not '%s'\n", prog, listen);
    return 2;
  }
  int v6 = ss.ss_family == AF_INET6;
  /* The Host names a request may give: the address itself ([v6] in
   * brackets), localhost for a loopback or any address, any IP literal
   * for any address, and --allow-host's. */
  char literal[INET6_ADDRSTRLEN + 2];
  snprintf(literal, sizeof literal, v6 ? "[%s]" : "%s", listen);
  hosts[nhosts++] = literal;
  int any = is_any_address(&ss);
  if (any || is_loopback(&ss)) hosts[nhosts++] = "localhost";
  hosts[nhosts] = NULL;

  /* Signals: the daemon's threads inherit a mask with SIGINT and SIGTERM
   * blocked; main waits for them and stops the daemon cleanly. */
  signal(SIGPIPE, SIG_IGN);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  more_descriptors();

  gate *g = &the_gate;
  g->listen_fd = listen_socket(&ss, ss_len);
  if (g->listen_fd < 0) {
    fprintf(stderr, "%s: cannot listen on %s port %g: %s\n", prog, listen, port,
            strerror(errno));
    return 1;
  }
  struct sockaddr_storage bound_addr;
  socklen_t bound_len = sizeof bound_addr;
  unsigned bound = (unsigned)port;
  if (!getsockname(g->listen_fd, (struct sockaddr *)&bound_addr, &bound_len))
    bound = ntohs(v6 ? ((struct sockaddr_in6 *)&bound_addr)->sin6_port
                     : ((struct sockaddr_in *)&bound_addr)->sin_port);
  g->policy.max_body = web_lim.max_body;
  g->policy.port = bound;
  g->policy.hosts = hosts;
  g->policy.any_ip = any;
  g->receive_time = web_lim.receive_time;
  g->per_client = web_lim.per_client;
  g->max_served = web_lim.connections;

  unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION |
                   MHD_USE_NO_LISTEN_SOCKET | MHD_USE_ITC | (v6 ? MHD_USE_IPv6 : 0);
  g->daemon = MHD_start_daemon(
      flags, 0, NULL, NULL, on_request, NULL, MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
      MHD_OPTION_NOTIFY_CONNECTION, on_connection, g, MHD_OPTION_CONNECTION_LIMIT,
      web_lim.connections, MHD_OPTION_CONNECTION_TIMEOUT, web_lim.idle_timeout, MHD_OPTION_END);
  if (!g->daemon || gate_start(g)) {
    fprintf(stderr, "%s: cannot start serving: %s\n", prog,
            errno ? strerror(errno) : "libmicrohttpd refused");
    return 1;
  }
  printf("%s: serving http://%s:%u/ (Ctrl-C stops)\n", prog, literal, bound);
  fflush(stdout);
  int sig = 0;
  sigwait(&set, &sig);
  gate_stop(g);
  MHD_stop_daemon(g->daemon);
  free(g->clients);
  fprintf(stderr, "%s: stopped (%s)\n", prog, sig == SIGINT ? "SIGINT" : "SIGTERM");
  return 0;
}
