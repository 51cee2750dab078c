/* Value references of the failing test model (failing.c):
 *   der(x) = -x, x(0) = 1, until time exceeds t_fail; then, by mode,
 *     FAILING_MODE_DERIVATIVE: compute_derivatives returns SMC_FAILED
 *     FAILING_MODE_NAN:        der(x) becomes NaN
 *     FAILING_MODE_OUTPUTS:    compute_outputs returns SMC_FAILED
 */
#ifndef SMC_TEST_FAILING_H
#define SMC_TEST_FAILING_H

enum { FAILING_X, FAILING_DER_X, FAILING_T_FAIL, FAILING_NUM_REALS };
enum { FAILING_MODE, FAILING_NUM_INTEGERS };
enum { FAILING_MODE_DERIVATIVE, FAILING_MODE_NAN, FAILING_MODE_OUTPUTS };

#endif /* SMC_TEST_FAILING_H */
