/* --list-values OPTION: the words an option takes, one per line, for the
 * shell completion (completion/pz.bash). The names come from the same
 * library tables the option parsers read, so completion cannot drift. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"

/* A backend that needs an argument (exec:PROGRAM) is offered as its
 * prefix, "exec:", for the user to finish. */
static const char *backend(size_t i) {
  static char prefix[64];
  const char *name = pz_backend_name(i);
  if (!name || !pz_backend_needs_arg(i)) return name;
  snprintf(prefix, sizeof prefix, "%s:", name);
  return prefix;
}
static const char *encoding(size_t i) { return pz_amo_encoding_name((int)i); }
static const char *enumerate(size_t i) {
  return i < PZ_ENUM_METHOD_COUNT ? pz_enum_method_name((pz_enum_method)i)
                                  : NULL;
}
static const char *symmetry(size_t i) {
  return i < PZ_SYMMETRY_COUNT ? pz_symmetry_name((pz_symmetry)i) : NULL;
}
/* Levels a puzzle can be asked for (PZ_LEVEL_ANY is the default, not one). */
static const char *difficulty(size_t i) {
  return pz_level_name((pz_level)(i + 1));
}

const char *cli_card_encoding_value(size_t i) {
  return pz_card_encoding_name((int)i);
}

static const cli_values common_values[] = {
    {"--backend", backend},     {"--encoding", encoding},
    {"--enumerate", enumerate}, {"--symmetry", symmetry},
    {"--difficulty", difficulty}, {"--strategy", cli_strategy_name},
    {NULL, NULL}};

static int print_from(const cli_values *v, const char *option) {
  for (; v && v->option; v++) {
    if (strcmp(v->option, option) != 0) continue;
    for (size_t i = 0; v->name(i); i++) printf("%s\n", v->name(i));
    return 1;
  }
  return 0;
}

void cli_list_values(const cli_common *c, const char *option) {
  /* Accepted with or without the dashes. */
  char full[64];
  if (strncmp(option, "--", 2) != 0 && strlen(option) < sizeof full - 2) {
    snprintf(full, sizeof full, "--%s", option);
    option = full;
  }
  if (strcmp(option, "--format") == 0) {
    printf("grid\nline\n");
    if (cli_json_available()) printf("json\n");
    if (c->extra_format) printf("%s\n", c->extra_format);
    return;
  }
  if (!print_from(c->values, option)) print_from(common_values, option);
}
