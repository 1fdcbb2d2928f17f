/* Sinz's sequential counter, kept to the band of registers that matter.
 *
 * Register s(i,j), for a prefix x_1..x_i, stands for "at least j of the
 * prefix are true". Only 1 <= i <= n-1 and
 *   max(1, k+1-(n-i)) <= j <= min(i, k)
 * are needed: a prefix cannot count more than i; counts above k are cut
 * off by the overflow clause; and a register j below k+1-(n-i) can no
 * longer reach k+1 with the n-i inputs that are left (for "at most"), nor
 * be false if k is still to be reached (for "at least", where such a
 * register is the constant true). That leaves exactly n-k registers for
 * each j = 1..k: k(n-k) auxiliaries, fewer than the (n-1)k of the original.
 *
 * UP clauses make s(i,j) true when the prefix counts j, DOWN clauses make
 * it false when it does not; "exactly" shares the registers between both.
 * Clause counts (0 < k < n): at most k 2k(n-k)+n-2k, at least k
 * 2k(n-k)-n+2k, exactly k 4k(n-k). */
#include "encode/card_impl.h"

/* Registers of row i are lo(i)..hi(i). */
static int lo_of(int n, int k, int i) {
  int lo = k + 1 - (n - i);
  return lo > 1 ? lo : 1;
}

static int hi_of(int k, int i) { return i < k ? i : k; }

int pz_enc_seqcounter(pz_enc *e, pz_litv x, int n, int k, unsigned dir) {
  int base;
  int st = pz_enc_aux(e, (long long)k * (n - k), &base);
  if (st) return st;
  pz_cnf *cnf = e->cnf;
  /* Rows are consecutive blocks; s(i-1,j) is prev + j - prev_lo. */
  int cur = base, prev = 0, prev_lo = 1, prev_hi = 0;
  for (int i = 1; i <= n; i++) {
    int xi = pz_litv_at(x, (size_t)i - 1);
#define PREV(j) (prev + (j) - prev_lo)
    /* The overflow clause: a (k+1)-th true input. */
    if ((dir & PZ_DIR_UP) && i - 1 >= k) pz_cnf_put2(cnf, -xi, -PREV(k));
    /* Below the band the register s(i, k-(n-i)) is the constant true: the
     * prefix must count that much already (row n is only this). Its
     * s(i-1, .) is always in the band. */
    int need = k - (n - i);
    if ((dir & PZ_DIR_DOWN) && need >= 1) pz_cnf_put2(cnf, PREV(need), xi);
    if (i == n) break;
    int lo = lo_of(n, k, i);
    int hi = hi_of(k, i);
    for (int j = lo; j <= hi; j++) {
      int s = cur + j - lo;
      int has_prev = j <= prev_hi; /* s(i-1,j) is a register */
      if (dir & PZ_DIR_UP) {
        if (j == 1) pz_cnf_put2(cnf, -xi, s);
        else pz_cnf_put3(cnf, -xi, -PREV(j - 1), s);
        if (has_prev) pz_cnf_put2(cnf, -PREV(j), s);
      }
      if (dir & PZ_DIR_DOWN) {
        if (has_prev) pz_cnf_put3(cnf, -s, PREV(j), xi);
        else pz_cnf_put2(cnf, -s, xi);
        if (j >= 2) pz_cnf_put2(cnf, -s, PREV(j - 1));
      }
    }
#undef PREV
    prev = cur;
    prev_lo = lo;
    prev_hi = hi;
    cur += hi - lo + 1;
  }
  return pz_cnf_status(cnf);
}
