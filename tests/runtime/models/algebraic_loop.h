/* Value references of the algebraic-loop test model (algebraic_loop.c):
 *
 *   der(s) = rate, s(0) = 1                 so s(t) = 1 + rate*t
 *   x + exp(x) = s        (loop 0, scalar)  x = 0 at s = 1, x = 1 at s = 1 + e
 *   p^2 + q^2 = r2, p*q = prod  (loop 1, in initialization only)
 *       r2 = 25, prod = 12 from (4.5, 2.5): p = 4, q = 3
 *       no real root when 2*prod > r2, since (p - q)^2 = r2 - 2*prod
 *   y^2 + c = 0           (loop 2, scalar, in initialization only)
 *       c = -4 from y = 1: y = 2; no real root when c > 0
 */
#ifndef SMC_TEST_ALGEBRAIC_LOOP_H
#define SMC_TEST_ALGEBRAIC_LOOP_H

#define LOOP_GUID "{2f0c51f4-5a0e-4d55-9a5c-6e2b8f1d7a01}"

enum { LOOP_S, LOOP_DER_S, LOOP_RATE, LOOP_X, LOOP_P, LOOP_Q, LOOP_R2, LOOP_PROD, LOOP_Y, LOOP_C, LOOP_NUM_REALS };

#endif /* SMC_TEST_ALGEBRAIC_LOOP_H */
