/* Value references of the sawtooth test model (zeno.c):
 *
 *   der(x) = 1, x(start) = -0.5;
 *   when x >= 0 then reinit(x, -gap); resets = pre(resets) + 1; end when;
 *
 * The state event recurs every `gap` time units from t = 0.5 on. With a
 * gap below one instant (1e-12 relative) the events pile up at one time
 * point: Zeno behaviour the runtime must stop. */
#ifndef SMC_TEST_ZENO_H
#define SMC_TEST_ZENO_H

enum { ZENO_X, ZENO_DER_X, ZENO_GAP, ZENO_NUM_REALS };
enum { ZENO_RESETS, ZENO_NUM_INTEGERS };
enum { ZENO_CROSSED, ZENO_NUM_BOOLEANS };

#endif /* SMC_TEST_ZENO_H */
