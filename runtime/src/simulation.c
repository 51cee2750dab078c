/* Stepping with events (Modelica spec 8.5-8.6, FMI 2.0 section 4.2.2).
 *
 * fmi2DoStep from t to t+h repeats, until t+h is reached:
 *   target = the earlier of t+h and the next time event (a time event
 *            within one instant of t+h is taken as t+h), or the look at
 *            zero indicators if that comes first (events.c);
 *   integrate to target with CVODE's stop time (a model without states or
 *            indicators just moves its clock);
 *   at a root return, at a time event, or when a watched zero indicator
 *            has moved: handle the event.
 * Handling an event: count it (Zeno guard), compute the derivatives (and
 * the outputs, when the event reads pre() of one) so the algebraic
 * variables hold their values just before the event, run
 * the event iteration, watch indicators that are exactly zero, and restart
 * CVODE at the event time if anything changed (a discrete value, a
 * reinit()) or an indicator is zero (CVODE masks those only at a start).
 * A model with delay() records its delayed variables after every
 * integrator step, at every target and on both sides of every event, and
 * a jump it recorded comes back as a time event (delay_buffer.h).
 * An event exactly at t+h is handled in the step that ends there, so the
 * values read at a communication point are those after all its events,
 * and the next step starts with the event done. After the loop:
 * compute_outputs (which checks assertions), then pre := values, so that
 * pre() of inputs set before the next step holds the values they replace.
 *
 * terminate() in an event iteration ends the step at that event: the
 * outputs are computed there and fmi2DoStep returns fmi2Discard.
 *
 * CVODE keeps its multistep history across communication points, also
 * when FMU states are taken: a state holds the integrator's memory
 * (solver_memory.h), so restoring one continues exactly as the first run
 * did. It restarts only after inputs change (a Set that writes an input's
 * own value changes nothing: fmi2_values.c) and at events.
 */
#include "simulation.h"

#include <math.h>

#include "delay_buffer.h"
#include "event_density.h"
#include "event_observer.h"
#include "events.h"
#include "logging.h"
#include "model_eval.h"
#include "solver_cvode.h"

/* A time event at `event` is due by `time` (within one instant). "No time
 * event" is INFINITY, and for a time near DBL_MAX (a huge communication
 * step) time + one instant overflows to INFINITY too: only a finite event
 * can be due. */
static bool time_event_due(double event, double time) {
  return isfinite(event) && event <= time + smc_same_instant(time);
}

/* A time event handled within one instant of the current time happens at
 * its exact time: the model reads `time` in it, and a clocked
 * `sample(time) >= 0.2` at the tick at 0.2 must see 0.2, not a
 * communication point one rounding error before it (0.1999...98 after
 * steps of h). */
static void move_to_time_event(SmcModelData* data, double event) {
  if (fabs(event - data->time) <= smc_same_instant(data->time)) data->time = event;
}

/* Brings every variable up to date at data.time and records the delayed
 * ones in their histories (delay_buffer.h); nothing without delays. */
static int32_t record_delays(SmcInstance* instance, const char* function) {
  if (smc_model.num_delays == 0) return SMC_OK;
  if (smc_eval_derivatives(instance, function) != SMC_OK || smc_eval_outputs(instance, function) != SMC_OK)
    return SMC_FAILED;
  smc_delays_record(instance);
  return SMC_OK;
}

/* The next time event: the model's (sample ticks, time relations) or a
 * recorded jump coming back through its delay. */
static double next_time_event(const SmcInstance* instance) {
  double next = instance->data.next_time_event;
  if (smc_model.num_delays == 0) return next;
  double delayed = smc_delays_next_event(instance);
  return delayed < next ? delayed : next;
}

/* One event at data.time (see the file comment). */
static int32_t handle_event(SmcInstance* instance, const char* function, SmcEventCause cause) {
  if (smc_note_event(instance, function, cause) != SMC_OK) return SMC_FAILED;
  /* The variables at their left limits: the first iteration's pre()
   * values are these, and sample(u) of a clocked partition reads them
   * (spec 16.5.1). The outputs only when the event reads one of them, or
   * when the delays record the values before the event. */
  if (smc_eval_derivatives(instance, function) != SMC_OK ||
      ((smc_model.event_reads_outputs || smc_model.num_delays > 0) && smc_eval_outputs(instance, function) != SMC_OK) ||
      smc_report_event(instance, function, false) != SMC_OK)
    return SMC_FAILED;
  smc_delays_record(instance);
  /* Only an integrator needs to know whether anything changed (it then
   * restarts); without one, the iteration compares fewer slots. */
  bool changed = false;
  if (smc_event_iteration(instance, function, false, instance->cvode != NULL ? &changed : NULL) !=
      SMC_OK)
    return SMC_FAILED;
  smc_delays_record(instance); /* the event iteration computed every variable */
  if (smc_report_event(instance, function, true) != SMC_OK) return SMC_FAILED;
  if (smc_watch_zero_indicators(instance, function) != SMC_OK) return SMC_FAILED;
  if (instance->cvode != NULL && (changed || instance->dynamic->watching_zeros) &&
      smc_cvode_restart(instance, function) != SMC_OK) {
    instance->dynamic->state = SMC_STATE_ERROR;
    return SMC_FAILED;
  }
  return SMC_OK;
}

/* One stretch of integration towards tout, ending at tout, at the next
 * time event or at a state event, and the event found there, if any. */
static int32_t advance(SmcInstance* instance, double tout, const char* function) {
  SmcModelData* data = &instance->data;
  double now = data->time;
  double next_event = next_time_event(instance);
  const SmcEventCause time_event_cause = {false, -1};
  if (time_event_due(next_event, now)) {
    move_to_time_event(data, next_event);
    return handle_event(instance, function, time_event_cause);
  }
  double target = tout;
  bool time_event = false;
  if (time_event_due(next_event, tout)) {
    time_event = true;
    if (fabs(next_event - tout) > smc_same_instant(tout)) target = next_event;
  }
  bool zero_check = instance->dynamic->zero_check_time < target;
  if (zero_check) {
    target = instance->dynamic->zero_check_time;
    time_event = false;
  }

  bool root = false;
  int32_t root_indicator = -1;
  if (instance->cvode != NULL) {
    if (smc_cvode_advance(instance, target, &root, &root_indicator, function) != SMC_OK) {
      instance->dynamic->state = SMC_STATE_ERROR;
      return SMC_FAILED;
    }
  } else {
    data->time = target;
  }
  if (root) return handle_event(instance, function, (SmcEventCause){true, root_indicator});
  if (zero_check) instance->dynamic->zero_check_time = INFINITY;
  bool moved = false;
  int32_t moved_indicator = -1;
  if (smc_zero_indicator_moved(instance, function, &moved, &moved_indicator) != SMC_OK)
    return SMC_FAILED;
  if (moved) return handle_event(instance, function, (SmcEventCause){true, moved_indicator});
  if (time_event) {
    move_to_time_event(data, next_event);
    return handle_event(instance, function, time_event_cause);
  }
  return record_delays(instance, function);
}

int32_t smc_simulation_start(SmcInstance* instance, const char* function) {
  SmcModelData* data = &instance->data;
  smc_copy_values_to_pre(instance);
  smc_event_density_reset(instance);
  if (record_delays(instance, function) != SMC_OK) return SMC_FAILED;
  /* sample(start, interval) ticks at the start time: visible at the first
   * read. A model with mixed discrete/continuous loops has its event
   * iteration here in any case, to settle what initialization solved
   * once with the discrete start values. */
  if (time_event_due(data->next_time_event, data->time) || smc_model.settles_after_initialization) {
    move_to_time_event(data, data->next_time_event);
    if (handle_event(instance, function, (SmcEventCause){false, -1}) != SMC_OK ||
        smc_eval_outputs(instance, function) != SMC_OK)
      return SMC_FAILED;
    smc_copy_values_to_pre(instance);
  }
  if (smc_watch_zero_indicators(instance, function) != SMC_OK) return SMC_FAILED;
  if (smc_cvode_needed() && smc_cvode_start(instance, function) != SMC_OK) {
    instance->dynamic->state = SMC_STATE_ERROR;
    return SMC_FAILED;
  }
  instance->dynamic->inputs_changed = false;
  return SMC_OK;
}

fmi2Status smc_simulation_step(SmcInstance* instance, double tout, const char* function) {
  SmcModelData* data = &instance->data;
  SmcDynamicState* dynamic = instance->dynamic;
  if (dynamic->inputs_changed && instance->cvode != NULL && smc_cvode_restart(instance, function) != SMC_OK) {
    dynamic->state = SMC_STATE_ERROR;
    return fmi2Error;
  }
  dynamic->inputs_changed = false;
  dynamic->step_events = 0;
  while (!instance->dynamic->terminate_requested && tout - data->time > smc_same_instant(tout))
    if (advance(instance, tout, function) != SMC_OK) return fmi2Error;
  /* Closer than one instant to tout counts as tout. */
  if (!instance->dynamic->terminate_requested) data->time = tout;
  if (smc_eval_outputs(instance, function) != SMC_OK) return fmi2Error;
  smc_copy_values_to_pre(instance);
  if (!instance->dynamic->terminate_requested) return fmi2OK;
  instance->dynamic->state = SMC_STATE_STEP_FAILED;
  smc_log_discard(instance,
                  "%s: the model called terminate() at t=%.17g: %s; the step ends there "
                  "(fmi2Discard)",
                  function, instance->dynamic->terminate_time,
                  instance->dynamic->terminate_message);
  return fmi2Discard;
}

int32_t smc_simulation_finish(SmcInstance* instance, const char* function) {
  if (smc_refresh_stale_values(instance, function) != SMC_OK) return SMC_FAILED;
  SmcModelData* data = &instance->data;
  data->terminal = 1;
  int32_t status = SMC_FAILED;
  if (smc_eval_derivatives(instance, function) == SMC_OK &&
      smc_event_iteration(instance, function, false, NULL) == SMC_OK &&
      smc_eval_outputs(instance, function) == SMC_OK)
    status = SMC_OK;
  data->terminal = 0;
  return status;
}

/* An input set in stepComplete: an event at the current time whose first
 * iteration sees pre() = the values before the Set (synchronized at the
 * end of the previous step or refresh). */
static int32_t handle_input_change(SmcInstance* instance, const char* function) {
  if (smc_event_iteration(instance, function, true, NULL) != SMC_OK ||
      smc_eval_outputs(instance, function) != SMC_OK)
    return SMC_FAILED;
  smc_copy_values_to_pre(instance);
  /* The integrator restarts at the next step anyway (inputs_changed). */
  return smc_watch_zero_indicators(instance, function);
}

int32_t smc_refresh_stale_values(SmcInstance* instance, const char* function) {
  if (!instance->dynamic->values_stale) return SMC_OK;
  switch (instance->dynamic->state) {
  case SMC_STATE_INITIALIZATION_MODE: return smc_eval_initialize(instance, function);
  case SMC_STATE_STEP_COMPLETE: return handle_input_change(instance, function);
  case SMC_STATE_INSTANTIATED:
  case SMC_STATE_STEP_FAILED:
  case SMC_STATE_TERMINATED:
  case SMC_STATE_ERROR:
    /* Nothing consistent to compute: no Get is allowed before
     * initialization, and no Set after a discarded step, termination or
     * an error. */
    return SMC_OK;
  }
  return SMC_OK;
}
