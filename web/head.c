/* pz-web: a request head checked before libmicrohttpd parses it (head.h).
 * libmicrohttpd answers some bad heads itself, with HTML (a Content-Length
 * that overflows or is negative); pz-web answers every one with JSON, so
 * those are refused here first. */
#include "head.h"

#include <arpa/inet.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static int refuse(web_head_fail *f, unsigned status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->msg, sizeof f->msg, fmt, ap);
  va_end(ap);
  f->status = status;
  return -1;
}

size_t web_head_end(const char *buf, size_t len) {
  for (size_t i = 0; i + 1 < len; i++) {
    if (buf[i] != '\n') continue;
    if (buf[i + 1] == '\n') return i + 2;
    if (buf[i + 1] == '\r' && i + 2 < len && buf[i + 2] == '\n') return i + 3;
  }
  return 0;
}

/* A printable excerpt of s (len bytes) for a message. */
static const char *excerpt(const char *s, size_t len, char *out, size_t size) {
  size_t k = 0;
  for (size_t i = 0; i < len && k + 1 < size; i++)
    out[k++] = s[i] >= 32 && s[i] < 127 ? s[i] : '?';
  out[k] = '\0';
  return out;
}

static int is_ows(char c) { return c == ' ' || c == '\t'; }

/* s[0..*len) without the spaces and tabs around it. */
static const char *trim(const char *s, size_t *len) {
  while (*len && is_ows(*s)) s++, (*len)--;
  while (*len && is_ows(s[*len - 1])) (*len)--;
  return s;
}

/* A decimal number of bytes: 1 when it is one (UINT64_MAX when it
 * overflows), 0 when it is not a number at all. */
static int decimal(const char *s, size_t len, uint64_t *out) {
  uint64_t v = 0;
  if (!len) return 0;
  for (size_t i = 0; i < len; i++) {
    if (s[i] < '0' || s[i] > '9') return 0;
    unsigned d = (unsigned)(s[i] - '0');
    v = v > (UINT64_MAX - d) / 10 ? UINT64_MAX : v * 10 + d;
  }
  *out = v;
  return 1;
}

/* An IPv4 literal, or an IPv6 one in brackets. */
static int ip_literal(const char *name, size_t len) {
  char buf[64];
  unsigned char addr[16];
  int v6 = len >= 2 && name[0] == '[' && name[len - 1] == ']';
  if (v6) name++, len -= 2;
  if (len >= sizeof buf) return 0;
  memcpy(buf, name, len);
  buf[len] = '\0';
  return inet_pton(v6 ? AF_INET6 : AF_INET, buf, addr) == 1;
}

int web_host_allowed(const char *host, size_t len, const web_head_policy *p) {
  host = trim(host, &len);
  /* The name ends at the last ':' after any bracketed IPv6 literal. */
  const char *close = len && host[0] == '[' ? memchr(host, ']', len) : NULL;
  size_t from = close ? (size_t)(close - host) : 0, name_len = len;
  for (size_t i = from; i < len; i++)
    if (host[i] == ':') name_len = i;
  uint64_t port = 80;
  if (name_len < len && !decimal(host + name_len + 1, len - name_len - 1, &port)) return 0;
  if (port != p->port || !name_len) return 0;
  if (p->any_ip && ip_literal(host, name_len)) return 1;
  for (const char *const *h = p->hosts; h && *h; h++)
    if (strlen(*h) == name_len && !strncasecmp(*h, host, name_len)) return 1;
  return 0;
}

/* The request line: METHOD SP TARGET SP HTTP/x.y, with no "%00" in the
 * target (the server would read the name as cut there). */
static int check_request_line(const char *line, size_t len, web_head_fail *f) {
  const char *sp1 = memchr(line, ' ', len);
  const char *sp2 = sp1 ? memchr(sp1 + 1, ' ', len - (size_t)(sp1 + 1 - line)) : NULL;
  char shown[64];
  if (!sp1 || !sp2 || sp1 == line || sp2 == sp1 + 1 || len - (size_t)(sp2 + 1 - line) < 5 ||
      strncmp(sp2 + 1, "HTTP/", 5))
    return refuse(f, 400, "malformed request line \"%s\" (METHOD /path HTTP/1.1 expected)",
                  excerpt(line, len, shown, sizeof shown));
  size_t vlen = len - (size_t)(sp2 + 1 - line);
  if (vlen != 8 || (strncmp(sp2 + 1, "HTTP/1.1", 8) && strncmp(sp2 + 1, "HTTP/1.0", 8)))
    return refuse(f, 505, "HTTP/1.0 or HTTP/1.1 only, not \"%s\"",
                  excerpt(sp2 + 1, vlen, shown, sizeof shown));
  for (const char *t = sp1 + 1; t + 2 < sp2; t++)
    if (t[0] == '%' && t[1] == '0' && t[2] == '0')
      return refuse(f, 400, "the path or query holds %%00 (a NUL byte): refused");
  return 0;
}

/* One header line "Name: value": Content-Length and Host are checked;
 * seen_host counts Host lines. */
static int check_header(const char *line, size_t len, const web_head_policy *p,
                        int *seen_host, web_head_fail *f) {
  char shown[64];
  const char *colon = memchr(line, ':', len);
  if (!colon || colon == line || is_ows(line[0]))
    return refuse(f, 400, "malformed header line \"%s\" (Name: value expected)",
                  excerpt(line, len, shown, sizeof shown));
  size_t name_len = (size_t)(colon - line), vlen = len - name_len - 1;
  const char *value = trim(colon + 1, &vlen);
  if (name_len == 14 && !strncasecmp(line, "Content-Length", 14)) {
    uint64_t n;
    if (!decimal(value, vlen, &n))
      return refuse(f, 400, "Content-Length is a number of bytes, not \"%s\"",
                    excerpt(value, vlen, shown, sizeof shown));
    if (n > p->max_body)
      return refuse(f, 413, "request body larger than %zu bytes", p->max_body);
  } else if (name_len == 17 && !strncasecmp(line, "Transfer-Encoding", 17)) {
    /* libmicrohttpd would answer a malformed chunk itself, not in JSON. */
    return refuse(f, 411, "send the body with a Content-Length (chunked bodies are not taken)");
  } else if (name_len == 4 && !strncasecmp(line, "Host", 4)) {
    if (++*seen_host > 1) return refuse(f, 400, "more than one Host header");
    if (!web_host_allowed(value, vlen, p))
      return refuse(f, 421, "Host \"%s\" is not this server (pz-web --allow-host NAME "
                    "takes another name)", excerpt(value, vlen, shown, sizeof shown));
  }
  return 0;
}

int web_head_early(const char *buf, size_t len, web_head_fail *f) {
  for (size_t i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)buf[i];
    if (!ch) return refuse(f, 400, "the request head holds a NUL byte");
    if ((ch < 32 && ch != '\t' && ch != '\r' && ch != '\n') || ch == 127)
      return refuse(f, 400, "the request head holds control byte %u: not HTTP", ch);
  }
  const char *nl = memchr(buf, '\n', len);
  if (!nl) return 0;
  size_t line_len = (size_t)(nl - buf);
  if (line_len && buf[line_len - 1] == '\r') line_len--;
  return check_request_line(buf, line_len, f);
}

int web_head_check(const char *head, size_t len, const web_head_policy *p, web_head_fail *f) {
  if (memchr(head, '\0', len)) return refuse(f, 400, "the request head holds a NUL byte");
  int seen_host = 0;
  for (size_t at = 0, no = 0; at < len; no++) {
    const char *nl = memchr(head + at, '\n', len - at);
    size_t end = nl ? (size_t)(nl - head) : len, line_len = end - at;
    if (line_len && head[end - 1] == '\r') line_len--;
    const char *line = head + at;
    at = end + 1;
    if (!line_len) break; /* the blank line */
    if (no == 0 ? check_request_line(line, line_len, f)
                : check_header(line, line_len, p, &seen_host, f))
      return -1;
  }
  if (!seen_host) return refuse(f, 400, "the request needs a Host header naming this server");
  return 0;
}
