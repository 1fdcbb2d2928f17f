/* pz-web: the static files, compiled in (web/embed.cmake). */
#ifndef PZ_WEB_ASSETS_H
#define PZ_WEB_ASSETS_H

#include <stddef.h>

typedef struct web_asset {
  const char *name;          /* file name in web/static, e.g. "sudoku.html" */
  const unsigned char *data; /* its bytes (a NUL follows them) */
  size_t size;
} web_asset;

extern const web_asset web_assets[];
extern const size_t web_asset_count;

#endif
