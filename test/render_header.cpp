/* <pz/render.h> compiles as C++11 (and render_header.c as C99). */
#include <pz.h>
#include <pz/render.h>

int main(void) {
  pz_render_format f;
  return pz_render_format_of("a.svg", &f) == PZ_OK && f == PZ_RENDER_SVG ? 0 : 1;
}
