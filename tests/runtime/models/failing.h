/* Value references of the failing test model (failing.c):
 *   der(x) = -x, x(0) = 1, until time exceeds t_fail; then, by mode,
 *     FAILING_MODE_DERIVATIVE: compute_derivatives returns SMC_FAILED
 *     FAILING_MODE_NAN:        der(x) becomes NaN
 *     FAILING_MODE_OUTPUTS:    compute_outputs returns SMC_FAILED
 *     FAILING_MODE_REPORTED:   compute_derivatives gives a reason through
 *                              smc_report_failure, then returns SMC_FAILED
 *     FAILING_MODE_INDICATOR:  the event indicator (x + 10, which never
 *                              crosses zero otherwise) becomes NaN
 */
#ifndef SMC_TEST_FAILING_H
#define SMC_TEST_FAILING_H

enum { FAILING_X, FAILING_DER_X, FAILING_T_FAIL, FAILING_NUM_REALS };
enum { FAILING_MODE, FAILING_NUM_INTEGERS };
enum { FAILING_MODE_DERIVATIVE, FAILING_MODE_NAN, FAILING_MODE_OUTPUTS, FAILING_MODE_REPORTED,
       FAILING_MODE_INDICATOR };

#endif /* SMC_TEST_FAILING_H */
