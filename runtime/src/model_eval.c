/* Model evaluation with failure reporting (see model_eval.h).
 *
 * Generated code cannot log; runtime services it calls (the loop solver,
 * smc_report_failure, smc_assert_failed) leave their reason in
 * instance->failure, which the message quotes.
 */
#include "model_eval.h"

#include <math.h>

#include "logging.h"

static int32_t report_failure(SmcInstance* instance, const char* function, const char* what) {
  instance->dynamic->state = SMC_STATE_ERROR;
  if (instance->failure[0] != '\0')
    smc_log_error(instance, "%s: %s failed at t=%.17g: %s", function, what, instance->data.time,
                  instance->failure);
  else
    smc_log_error(instance, "%s: %s failed at t=%.17g", function, what, instance->data.time);
  return SMC_FAILED;
}

int32_t smc_eval_initialize(SmcInstance* instance, const char* function) {
  instance->failure[0] = '\0';
  instance->data.initial = 1;
  int32_t status = smc_model.initialize(&instance->data);
  instance->data.initial = 0;
  if (status != SMC_OK) return report_failure(instance, function, "the model's initialization");
  instance->dynamic->values_stale = false;
  return SMC_OK;
}

int32_t smc_eval_derivatives(SmcInstance* instance, const char* function) {
  instance->failure[0] = '\0';
  if (smc_model.compute_derivatives(&instance->data) != SMC_OK)
    return report_failure(instance, function, "computing the model's derivatives");
  return SMC_OK;
}

int32_t smc_eval_outputs(SmcInstance* instance, const char* function) {
  if (smc_eval_derivatives(instance, function) != SMC_OK) return SMC_FAILED;
  if (smc_model.compute_outputs(&instance->data) != SMC_OK)
    return report_failure(instance, function, "computing the model's outputs");
  instance->dynamic->values_stale = false;
  return SMC_OK;
}

int32_t smc_eval_event_update(SmcInstance* instance, const char* function,
                              int32_t* states_reinitialized) {
  instance->failure[0] = '\0';
  *states_reinitialized = 0;
  if (smc_model.event_update(&instance->data, states_reinitialized) != SMC_OK)
    return report_failure(instance, function, "the model's event update");
  return SMC_OK;
}

int32_t smc_eval_event_indicators(SmcInstance* instance, const char* function) {
  instance->failure[0] = '\0';
  if (smc_model.event_indicators(&instance->data, instance->indicators) != SMC_OK)
    return report_failure(instance, function, "computing the model's event indicators");
  for (int32_t i = 0; i < smc_model.num_event_indicators; ++i) {
    if (!isfinite(instance->indicators[i])) {
      smc_record_failure(instance, "event indicator %d is %g", i, instance->indicators[i]);
      return report_failure(instance, function, "computing the model's event indicators");
    }
  }
  return SMC_OK;
}
