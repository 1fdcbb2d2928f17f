/* splitmix64: x + the golden ratio, through its finaliser. A hash that
 * spreads neighbouring inputs far apart (dealing cubes to parts, seeding
 * workers) and, stepped, a small deterministic generator (gen_impl.h). */
#ifndef PZ_MIX_H
#define PZ_MIX_H

#include <stdint.h>

#define PZ_MIX_GOLDEN 0x9e3779b97f4a7c15u

static inline uint64_t pz_mix64(uint64_t x) {
  x += PZ_MIX_GOLDEN;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

#endif
