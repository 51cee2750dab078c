/* Events that come too densely. A model must not generate infinitely many
 * events in finite time (Modelica spec 8.5); when one does, the simulation
 * either hangs or goes on with a result that is silently wrong. Four
 * patterns are told apart, each named with the relation involved (its text
 * and location, smc_model.indicator_descriptions) and the time:
 *
 *  - The same instant: more than SMC_MAX_EVENTS_WITHOUT_ADVANCE events in
 *    a row, each within one instant (1e-12 relative) of the previous: the
 *    events never let time advance. fmi2Error.
 *  - Chattering: more than SMC_MAX_CLOSE_STATE_EVENTS state events in a
 *    row, each within 1e-8 relative (a hundred of events.c's looks at zero
 *    indicators) of the previous: a relation switching back and forth as
 *    soon as the integrator moves, as in a thermostat without hysteresis
 *    or der(x) = if x > 0 then -1 else 1 (sliding mode). No physical time
 *    scale is that short, and without this the run would take ~1e9 events
 *    per second of simulated time. fmi2Error.
 *  - Accumulation (Zeno): state events at distinct instants whose
 *    intervals shrink by a steady ratio SMC_ZENO_SHRINKS times in a row
 *    sum to a finite time, such as a bouncing ball's bounces. The model has
 *    no continuation past it, and an integrator with a finite tolerance
 *    loses the bounces near it (the ball falls through the floor). A
 *    warning, once per run, names the time the events tend to; the run
 *    goes on.
 *  - A crowded step: more than SMC_MAX_EVENTS_PER_STEP events in one
 *    fmi2DoStep (a sample() every nanosecond). A warning, once per run.
 *
 * The counters live in the dynamic block, so a restored FMU state detects
 * exactly what the original run did.
 */
#include "event_density.h"

#include <math.h>

#include "events.h"
#include "logging.h"

/* Consecutive state events closer than this chatter. */
static double chattering_gap(double time) { return 1e-8 * fmax(1.0, fabs(time)); }

static const char* relation_of(SmcEventCause cause, char* scratch, size_t capacity) {
  if (!cause.state_event) return "a time event";
  if (cause.indicator < 0) return "a state event";
  return smc_indicator_description(cause.indicator, scratch, capacity);
}

void smc_event_density_reset(SmcInstance* instance) {
  SmcDynamicState* d = instance->dynamic;
  d->last_event_time = -INFINITY;
  d->consecutive_events = 0;
  d->last_state_event_time = -INFINITY;
  d->close_state_events = 0;
  d->zeno_last_instant = -INFINITY;
  d->zeno_interval = 0.0;
  d->zeno_ratio = 0.0;
  d->zeno_shrinks = 0;
  d->step_events = 0;
}

static bool steady_shrink(double ratio, double previous) {
  return ratio > 0.02 && ratio < 0.95 && previous > 0.02 && previous < 0.95 &&
         fabs(ratio - previous) <= 0.1 * previous;
}

/* Accumulation: see the file comment. */
static void watch_accumulation(SmcInstance* instance, const char* function, SmcEventCause cause) {
  SmcDynamicState* d = instance->dynamic;
  double now = instance->data.time;
  double interval = now - d->zeno_last_instant;
  if (interval <= smc_same_instant(now)) return; /* the same instant: nothing new */
  double ratio = d->zeno_interval > 0.0 && isfinite(interval) ? interval / d->zeno_interval : 0.0;
  d->zeno_shrinks = steady_shrink(ratio, d->zeno_ratio) ? d->zeno_shrinks + 1 : 0;
  d->zeno_last_instant = now;
  d->zeno_interval = isfinite(interval) ? interval : 0.0;
  d->zeno_ratio = ratio;
  if (d->zeno_shrinks < SMC_ZENO_SHRINKS || d->zeno_warned) return;
  d->zeno_warned = true;
  char scratch[32];
  smc_warn(instance,
           "%s: events of %s accumulate: %d intervals in a row each shrank to %.2g of the one "
           "before (the latest %.3g s, at t=%.17g), so they tend to t=%.10g; the model has no "
           "continuation past that time (Zeno behaviour) and the results near and after it are "
           "not reliable",
           function, relation_of(cause, scratch, sizeof scratch), d->zeno_shrinks + 1, ratio,
           interval, now, now + interval * ratio / (1.0 - ratio));
}

int32_t smc_note_event(SmcInstance* instance, const char* function, SmcEventCause cause) {
  SmcDynamicState* d = instance->dynamic;
  double now = instance->data.time;
  char scratch[32];
  if (now - d->last_event_time <= smc_same_instant(now))
    ++d->consecutive_events;
  else
    d->consecutive_events = 0;
  d->last_event_time = now;
  if (d->consecutive_events > SMC_MAX_EVENTS_WITHOUT_ADVANCE) {
    smc_log_error(instance,
                  "%s: more than %d consecutive events without time advancing beyond t=%.17g "
                  "(the latest: %s): the events accumulate (Zeno behaviour) or chatter",
                  function, SMC_MAX_EVENTS_WITHOUT_ADVANCE, now,
                  relation_of(cause, scratch, sizeof scratch));
    d->state = SMC_STATE_ERROR;
    return SMC_FAILED;
  }
  if (cause.state_event) {
    if (now - d->last_state_event_time <= chattering_gap(now))
      ++d->close_state_events;
    else
      d->close_state_events = 0;
    d->last_state_event_time = now;
    if (d->close_state_events > SMC_MAX_CLOSE_STATE_EVENTS) {
      smc_log_error(instance,
                    "%s: chattering at t=%.17g: %s switched more than %d times in a row, each "
                    "within %.2g s of the last; the model switches back and forth as soon as "
                    "time moves and so has no solution past this point (give the switch "
                    "hysteresis, or write noEvent() where no event is meant)",
                    function, now, relation_of(cause, scratch, sizeof scratch),
                    SMC_MAX_CLOSE_STATE_EVENTS, chattering_gap(now));
      d->state = SMC_STATE_ERROR;
      return SMC_FAILED;
    }
    watch_accumulation(instance, function, cause);
  }
  if (++d->step_events == SMC_MAX_EVENTS_PER_STEP && !d->many_events_warned) {
    d->many_events_warned = true;
    smc_warn(instance,
             "%s: %d events in one communication step, up to t=%.17g (the latest: %s); a "
             "step this crowded takes long",
             function, SMC_MAX_EVENTS_PER_STEP, now, relation_of(cause, scratch, sizeof scratch));
  }
  return SMC_OK;
}
