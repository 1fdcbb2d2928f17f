/* The scene of an ISS definition as JSON (pz_render_iss,
 * pz_scene_write_json), for render_iss_test.py to parse and check:
 * reads the constraint string from stdin, writes one JSON object; exit 1
 * with the status name on stderr when parsing or drawing fails. */
#include <stdio.h>
#include <stdlib.h>

#include <pz.h>
#include <pz/render.h>
#include <pz/variants.h>

int main(void) {
  static char text[1 << 20];
  size_t len = fread(text, 1, sizeof text, stdin);
  pz_iss_def *d = NULL;
  pz_scene *s = NULL;
  int st = pz_iss_parse(text, len, &d, NULL);
  if (!st) st = pz_render_iss(&s, d, NULL, NULL);
  if (!st) st = pz_scene_write_json(s, stdout);
  pz_scene_free(s);
  pz_iss_free(d);
  if (st) {
    fprintf(stderr, "%s\n", pz_strerror(st));
    return 1;
  }
  putchar('\n');
  return 0;
}
