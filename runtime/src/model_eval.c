/* Model evaluation with failure reporting (see model_eval.h).
 *
 * Generated code cannot log; runtime services it calls (the loop solver,
 * smc_report_failure, smc_assert_failed) leave their reason in
 * instance->failure, which the message quotes.
 */
#include "model_eval.h"

#include <math.h>

#include "delay_buffer.h"
#include "external_log.h"
#include "homotopy.h"
#include "logging.h"
#include "modelica_utilities.h"

#include <stdio.h>

/* The model's callbacks, each run under smc_call_guarded so that a
 * ModelicaError in external C code fails the call like any other failure. */
static int32_t call_initialize(SmcInstance* instance, void* context) {
  (void)context;
  return smc_model.initialize(&instance->data);
}

static int32_t call_derivatives(SmcInstance* instance, void* context) {
  (void)context;
  return smc_model.compute_derivatives(&instance->data);
}

static int32_t call_outputs(SmcInstance* instance, void* context) {
  (void)context;
  return smc_model.compute_outputs(&instance->data);
}

static int32_t call_event_update(SmcInstance* instance, void* states_reinitialized) {
  return smc_model.event_update(&instance->data, states_reinitialized);
}

static int32_t call_event_indicators(SmcInstance* instance, void* indicators) {
  return smc_model.event_indicators(&instance->data, indicators);
}

static int32_t call_destroy_external_objects(SmcInstance* instance, void* context) {
  (void)context;
  smc_model.destroy_external_objects(&instance->data);
  return SMC_OK;
}

void smc_eval_destroy_external_objects(SmcInstance* instance, const char* function) {
  if (smc_model.num_external_objects == 0 || instance->data.external_objects == NULL) return;
  instance->failure[0] = '\0';
  if (smc_call_guarded(instance, call_destroy_external_objects, NULL) != SMC_OK)
    smc_log_error(instance, "%s: destroying the model's external objects failed: %s", function,
                  instance->failure[0] != '\0' ? instance->failure : "(no reason given)");
  /* After a ModelicaError in one destructor the objects after it leak
   * rather than dangle. */
  for (int32_t i = 0; i < smc_model.num_external_objects; ++i) instance->data.external_objects[i] = NULL;
}

static int32_t report_failure(SmcInstance* instance, const char* function, const char* what) {
  instance->dynamic->state = SMC_STATE_ERROR;
  if (instance->failure[0] != '\0')
    smc_log_error(instance, "%s: %s failed at t=%.17g: %s", function, what, instance->data.time,
                  instance->failure);
  else
    smc_log_error(instance, "%s: %s failed at t=%.17g", function, what, instance->data.time);
  return SMC_FAILED;
}

/* The first Real that is NaN or infinite, or -1. x * 0 is 0 for every
 * finite x and NaN otherwise, so one sum, which vectorizes, clears the
 * common case. */
static int32_t first_non_finite_real(const double* reals, int32_t count) {
  double probe = 0.0;
  for (int32_t i = 0; i < count; ++i) probe += reals[i] * 0.0;
  if (probe == 0.0) return -1;
  for (int32_t i = 0; i < count; ++i)
    if (!isfinite(reals[i])) return i;
  return -1;
}

/* No Modelica variable holds NaN or infinity (they come from 1/0, log(-1),
 * sqrt(-1), exp(1000)...): after every evaluation that completes values,
 * one is fmi2Error naming it and what computes it, or, with
 * smc --non-finite=warning, a warning once per run. */
static int32_t check_finite(SmcInstance* instance, const char* function) {
  int32_t vr = first_non_finite_real(instance->data.reals, smc_model.num_reals);
  if (vr < 0) return SMC_OK;
  char source[192];
  smc_describe_real_source(vr, source, sizeof source);
  double value = instance->data.reals[vr];
  const char* what = isnan(value) ? "NaN" : value > 0 ? "infinite" : "minus infinite";
  if (smc_model.non_finite_is_warning) {
    if (!instance->dynamic->non_finite_warned)
      smc_warn(instance, "%s: %s is %s at t=%.17g%s; a Modelica variable holds finite numbers "
               "only, so the results from here on are in doubt",
               function, smc_real_name(vr), what, instance->data.time, source);
    instance->dynamic->non_finite_warned = true;
    return SMC_OK;
  }
  smc_record_failure(instance, "%s is %s%s; a Modelica variable holds finite numbers only",
                     smc_real_name(vr), what, source);
  return report_failure(instance, function, "evaluating the model");
}

/* One initialization from the current values (homotopy.h's attempt). */
static int32_t initialize_once(SmcInstance* instance, const char* function) {
  smc_eval_destroy_external_objects(instance, function); /* initialize constructs them afresh */
  smc_external_log_clear(instance);
  instance->failure[0] = '\0';
  smc_delays_clear(instance); /* a new start: no past yet */
  instance->data.initial = 1;
  int32_t status = smc_call_guarded(instance, call_initialize, NULL);
  instance->data.initial = 0;
  return status;
}

int32_t smc_eval_initialize(SmcInstance* instance, const char* function) {
  if (smc_initialize_with_homotopy(instance, function, initialize_once) != SMC_OK)
    return report_failure(instance, function, "the model's initialization");
  if (check_finite(instance, function) != SMC_OK) return SMC_FAILED;
  instance->dynamic->values_stale = false;
  return SMC_OK;
}

int32_t smc_eval_derivatives(SmcInstance* instance, const char* function) {
  instance->failure[0] = '\0';
  if (smc_call_guarded(instance, call_derivatives, NULL) != SMC_OK)
    return report_failure(instance, function, "computing the model's derivatives");
  return SMC_OK;
}

int32_t smc_eval_outputs(SmcInstance* instance, const char* function) {
  if (smc_eval_derivatives(instance, function) != SMC_OK) return SMC_FAILED;
  if (smc_call_guarded(instance, call_outputs, NULL) != SMC_OK)
    return report_failure(instance, function, "computing the model's outputs");
  if (check_finite(instance, function) != SMC_OK) return SMC_FAILED;
  instance->dynamic->values_stale = false;
  return SMC_OK;
}

int32_t smc_eval_event_update(SmcInstance* instance, const char* function,
                              int32_t* states_reinitialized) {
  instance->failure[0] = '\0';
  *states_reinitialized = 0;
  instance->in_event_update = true;
  int32_t status = smc_call_guarded(instance, call_event_update, states_reinitialized);
  instance->in_event_update = false;
  if (status != SMC_OK) return report_failure(instance, function, "the model's event update");
  return SMC_OK;
}

int32_t smc_eval_event_indicators(SmcInstance* instance, const char* function) {
  instance->failure[0] = '\0';
  if (smc_call_guarded(instance, call_event_indicators, instance->indicators) != SMC_OK)
    return report_failure(instance, function, "computing the model's event indicators");
  for (int32_t i = 0; i < smc_model.num_event_indicators; ++i) {
    if (!isfinite(instance->indicators[i])) {
      char scratch[32];
      smc_record_failure(instance, "the event indicator of %s is %g",
                         smc_indicator_description(i, scratch, sizeof scratch),
                         instance->indicators[i]);
      return report_failure(instance, function, "computing the model's event indicators");
    }
  }
  return SMC_OK;
}
