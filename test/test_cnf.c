/* The clause buffer and DIMACS output. */
#include <limits.h>

#include <pz.h>

#include "check.h"

int main(void) {
  pz_cnf *cnf;
  CHECK_EQ(pz_cnf_new(NULL), PZ_ERR_ARG);
  REQUIRE(pz_cnf_new(&cnf) == PZ_OK);
  CHECK_EQ(pz_cnf_num_vars(cnf), 0);
  int first;
  CHECK_EQ(pz_cnf_new_vars(cnf, 3, &first), PZ_OK);
  CHECK_EQ(first, 1);
  CHECK_EQ(pz_cnf_add2(cnf, 1, -2), PZ_OK);
  CHECK_EQ(pz_cnf_add(cnf, 7), PZ_OK);  /* a larger literal raises the max */
  CHECK_EQ(pz_cnf_add(cnf, 0), PZ_OK);
  CHECK_EQ(pz_cnf_num_vars(cnf), 7);
  /* Fresh variables never collide with any used before. */
  CHECK_EQ(pz_cnf_new_vars(cnf, 2, &first), PZ_OK);
  CHECK_EQ(first, 8);
  CHECK_EQ(pz_cnf_num_clauses(cnf), 2);
  CHECK_EQ(pz_cnf_num_literals(cnf), 3);
  /* An unfinished clause is not part of the data. */
  pz_cnf_add(cnf, 3);
  size_t len;
  const int *d = pz_cnf_data(cnf, &len);
  CHECK_EQ(len, 5);
  CHECK_EQ(d[0], 1);
  CHECK_EQ(d[2], 0);
  pz_cnf_add(cnf, 0);
  int bad[2] = {1, 0};
  size_t before = pz_cnf_num_literals(cnf);
  CHECK_EQ(pz_cnf_add_clause(cnf, bad, 2), PZ_ERR_ARG);
  CHECK_EQ(pz_cnf_num_literals(cnf), before); /* nothing half-added */
  CHECK_EQ(pz_cnf_status(cnf), PZ_ERR_ARG); /* sticky */
  CHECK_EQ(pz_cnf_write_dimacs(cnf, stdout), PZ_ERR_ARG); /* not written */
  pz_cnf_clear(cnf);
  CHECK_EQ(pz_cnf_status(cnf), PZ_OK);
  CHECK_EQ(pz_cnf_add(cnf, INT_MIN), PZ_ERR_RANGE);
  pz_cnf_clear(cnf);
  CHECK_EQ(pz_cnf_new_vars(cnf, -1, &first), PZ_ERR_ARG);
  CHECK_EQ(pz_cnf_new_vars(cnf, INT_MAX, &first), PZ_ERR_TOO_LARGE);
  pz_cnf_clear(cnf);

  /* DIMACS with a projection. */
  pz_cnf_add3(cnf, 1, -2, 3);
  pz_cnf_add1(cnf, -3);
  pz_cnf_add_clause(cnf, NULL, 0);
  int proj[2] = {1, 3};
  CHECK_EQ(pz_cnf_set_projection(cnf, proj, 2, PZ_PROJECT_EXACT_WEIGHT), PZ_OK);
  int zero[1] = {0};
  CHECK_EQ(pz_cnf_set_projection(cnf, zero, 1, 0), PZ_ERR_ARG);
  size_t pn;
  unsigned flags;
  const int *pp = pz_cnf_projection(cnf, &pn, &flags);
  CHECK(pp && pn == 2 && pp[1] == 3 && flags == PZ_PROJECT_EXACT_WEIGHT);
  FILE *f = tmpfile();
  REQUIRE(f);
  CHECK_EQ(pz_cnf_write_dimacs(cnf, f), PZ_OK);
  rewind(f);
  char text[256] = {0};
  size_t got = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  CHECK(got > 0);
  CHECK_EQ(strcmp(text, "p cnf 3 3\nc ind 1 3 0\n1 -2 3 0\n-3 0\n0\n"), 0);
  /* A long projection is split over several "c ind" lines. */
  pz_cnf_clear(cnf);
  int many[40];
  for (int i = 0; i < 40; i++) many[i] = i + 1;
  pz_cnf_set_projection(cnf, many, 40, 0);
  f = tmpfile();
  pz_cnf_write_dimacs(cnf, f);
  rewind(f);
  memset(text, 0, sizeof text);
  got = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  CHECK_EQ(strncmp(text, "p cnf 40 0\nc ind 1 2", 20), 0);
  CHECK(strstr(text, " 16 0\nc ind 17 ") != NULL);
  pz_cnf_free(cnf);
  pz_cnf_free(NULL);

  CHECK(strcmp(pz_strerror(PZ_OK), "ok") == 0);
  for (int st = PZ_ERR_NOMEM; st >= PZ_ERR_CONFLICT; st--)
    CHECK(strcmp(pz_strerror(st), "unknown status") != 0);
  CHECK(strcmp(pz_strerror(-999), "unknown status") == 0);
  char ver[32];
  snprintf(ver, sizeof ver, "%d.%d.%d", PZ_VERSION_MAJOR, PZ_VERSION_MINOR,
           PZ_VERSION_PATCH);
  CHECK_EQ(strcmp(pz_version(), ver), 0);
  return check_done("test_cnf");
}
