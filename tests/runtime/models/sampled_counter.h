/* Value references of the sampled-counter test model (sampled_counter.c),
 * a model without states or event indicators, in the shape smc generates
 * for
 *
 *   parameter Real start = 0, interval = 0.1;
 *   input Boolean trigger;
 *   Integer count(start = 0), presses(start = 0);
 *   when sample(start, interval) then count = pre(count) + 1; end when;
 *   when trigger then presses = pre(presses) + 1; end when;
 *
 * The sample is the hidden Boolean `tick` with the hidden Integer `ticks`
 * (ticks so far; the next tick is at start + ticks*interval); each
 * when-condition is held in a hidden condition Boolean. `iterations`
 * counts event_update calls (a test probe: a Real without
 * SMC_VAR_DISCRETE, so it does not keep the iteration going). By the
 * plan's sample semantics an event at a tick takes exactly 3 iterations.
 */
#ifndef SMC_TEST_SAMPLED_COUNTER_H
#define SMC_TEST_SAMPLED_COUNTER_H

enum { COUNTER_START, COUNTER_INTERVAL, COUNTER_ITERATIONS, COUNTER_NUM_REALS };
enum { COUNTER_COUNT, COUNTER_PRESSES, COUNTER_TICKS, COUNTER_NUM_INTEGERS };
enum {
  COUNTER_TRIGGER,
  COUNTER_TICK,
  COUNTER_TICK_CONDITION,
  COUNTER_TRIGGER_CONDITION,
  COUNTER_NUM_BOOLEANS
};

#endif /* SMC_TEST_SAMPLED_COUNTER_H */
