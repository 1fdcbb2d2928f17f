/* pz-web: the checks a request head passes before libmicrohttpd reads it
 * (web/head.c). Pure functions over bytes: no sockets, no libmicrohttpd,
 * so a fuzz target calls them as the server does (fuzz/fuzz_web.c). */
#ifndef PZ_WEB_HEAD_H
#define PZ_WEB_HEAD_H

#include <stddef.h>

/* Largest request head (request line and headers) taken; 431 beyond. */
#define WEB_HEAD_MAX (16 * 1024)

/* What a head must name and may announce. */
typedef struct web_head_policy {
  size_t max_body;          /* largest Content-Length (413 beyond) */
  unsigned port;            /* the port a Host value names (or none: 80) */
  const char *const *hosts; /* the Host names taken, without port, NULL-ended */
  int any_ip;               /* also any IPv4 or [IPv6] literal (a wildcard bind) */
} web_head_policy;

/* Why a head is refused: the status and one sentence. */
typedef struct web_head_fail {
  unsigned status;
  char msg[200];
} web_head_fail;

/* The length of the head at the start of buf, its blank line included
 * (CRLF CRLF, or LF LF); 0 while it is not all there. */
size_t web_head_end(const char *buf, size_t len);

/* 0 when the complete head (len bytes, from web_head_end) may go on to
 * libmicrohttpd; else -1 with f filled: a NUL byte or "%00" (400), a
 * malformed line (400), a version other than HTTP/1.0 and 1.1 (505), a
 * Content-Length that is no number (400) or is above max_body, overflowing
 * included (413), a Transfer-Encoding (411), a missing or foreign Host
 * (400, 421). */
int web_head_check(const char *head, size_t len, const web_head_policy *p, web_head_fail *f);

/* For a head not all there yet (len bytes so far): -1 with f filled when
 * it cannot become a good one (a NUL or other control byte, a complete
 * request line that is malformed), so garbage is answered at once rather
 * than when its time is up; else 0. */
int web_head_early(const char *buf, size_t len, web_head_fail *f);

/* 1 when host (a Host header's value) names a name of p (case does not
 * matter) or, with any_ip, an IP literal, with p's port or, for port 80,
 * none. */
int web_host_allowed(const char *host, size_t len, const web_head_policy *p);

#endif
