/* Value references of the hand-written Dahlquist test model (dahlquist.c):
 *
 *   der(x) = if frozen then 0 else -k*x + u,  x(start) = x_start
 *   tau = 1/k (calculated parameter), y = m*x, decaying = der(x) < 0
 *
 * With u constant and frozen false, x(t) = u/k + (x0 - u/k) exp(-k (t - t0)).
 */
#ifndef SMC_TEST_DAHLQUIST_H
#define SMC_TEST_DAHLQUIST_H

#define DAHLQUIST_GUID "{8c4e810f-3df3-4a00-8276-176fa3c9f000}"

enum {
  DAHLQUIST_X,
  DAHLQUIST_DER_X,
  DAHLQUIST_K,
  DAHLQUIST_U,
  DAHLQUIST_Y,
  DAHLQUIST_TAU,
  DAHLQUIST_NUM_REALS
};
enum { DAHLQUIST_M, DAHLQUIST_NUM_INTEGERS };
enum { DAHLQUIST_FROZEN, DAHLQUIST_DECAYING, DAHLQUIST_NUM_BOOLEANS };

#endif /* SMC_TEST_DAHLQUIST_H */
