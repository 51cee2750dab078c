/* Value references of the assertion test model (asserting.c):
 *
 *   der(x) = -x, x(start) = 1;
 *   assert(x > limit, "x dropped below limit", level);
 *
 * level is an Integer parameter: SMC_ASSERT_ERROR (0) or SMC_ASSERT_WARNING
 * (1). The assertion is checked in compute_outputs and in event_update; a
 * sample(0, interval) (off when interval <= 0) supplies events to check
 * it in. x = exp(-t) drops below limit = 0.5 at t = ln 2 = 0.693. */
#ifndef SMC_TEST_ASSERTING_H
#define SMC_TEST_ASSERTING_H

enum { ASSERT_X, ASSERT_DER_X, ASSERT_LIMIT, ASSERT_INTERVAL, ASSERT_NUM_REALS };
enum { ASSERT_LEVEL, ASSERT_TICKS, ASSERT_NUM_INTEGERS };
enum { ASSERT_TICK, ASSERT_NUM_BOOLEANS };

#endif /* SMC_TEST_ASSERTING_H */
