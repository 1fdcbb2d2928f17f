/* <pz/render.h> compiles as C99 and (render_header.cpp) as C++11. */
#include <pz.h>
#include <pz/render.h>

int main(void) {
  pz_render_format f;
  return pz_render_format_of("a.svg", &f) == PZ_OK && f == PZ_RENDER_SVG ? 0 : 1;
}
