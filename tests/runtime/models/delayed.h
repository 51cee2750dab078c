/* Value references of the hand-written delay test model (delayed.c):
 *
 *   der(x) = -delay(x, 1),  x(start) = 1
 *
 * Method of steps: x = 1 - t on [0, 1], x = -2(t - 1) + (t^2 - 1)/2 on
 * [1, 2].
 */
#ifndef SMC_TEST_DELAYED_H
#define SMC_TEST_DELAYED_H

#define DELAYED_GUID "{0d31a5c2-6f0e-4c55-9a51-3f2b7e9d1c01}"

enum { DELAYED_X, DELAYED_DER_X, DELAYED_NUM_REALS };

#endif /* SMC_TEST_DELAYED_H */
