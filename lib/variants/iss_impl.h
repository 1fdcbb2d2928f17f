/* Internals of lib/variants shared with the benchmark (bench/iss_count.c),
 * never set by the library itself. */
#ifndef PZ_ISS_IMPL_H
#define PZ_ISS_IMPL_H

/* How a region-sum line is stated (docs/ENCODINGS.md, "Equal sums"). */
enum {
  PZ_ISS_RSL_EQSUMS = 0, /* one pz_model_equal_sums: a common sum variable */
  PZ_ISS_RSL_FIRST,      /* each segment's sum minus the first's is 0 */
  PZ_ISS_RSL_CHAIN       /* each segment's sum minus the previous one's */
};
void pz_iss_set_rsl_encoding(int mode);

#endif
