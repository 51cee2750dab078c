/* Model evaluation with failure reporting (see model_eval.h).
 *
 * Generated code cannot log; runtime services it calls (the loop solver)
 * leave their reason in instance->failure, which the message quotes.
 */
#include "model_eval.h"

#include "logging.h"

static int32_t report_failure(SmcInstance* instance, const char* function, const char* what) {
  instance->state = SMC_STATE_ERROR;
  if (instance->failure[0] != '\0')
    smc_log_error(instance, "%s: %s failed at t=%.17g: %s", function, what, instance->data.time,
                  instance->failure);
  else
    smc_log_error(instance, "%s: %s failed at t=%.17g", function, what, instance->data.time);
  return SMC_FAILED;
}

int32_t smc_eval_initialize(SmcInstance* instance, const char* function) {
  instance->failure[0] = '\0';
  if (smc_model.initialize(&instance->data) != SMC_OK)
    return report_failure(instance, function, "the model's initialization");
  instance->values_stale = false;
  return SMC_OK;
}

int32_t smc_eval_outputs(SmcInstance* instance, const char* function) {
  instance->failure[0] = '\0';
  if (smc_model.compute_derivatives(&instance->data) != SMC_OK)
    return report_failure(instance, function, "computing the model's derivatives");
  if (smc_model.compute_outputs(&instance->data) != SMC_OK)
    return report_failure(instance, function, "computing the model's outputs");
  instance->values_stale = false;
  return SMC_OK;
}

int32_t smc_refresh_stale_values(SmcInstance* instance, const char* function) {
  if (!instance->values_stale) return SMC_OK;
  switch (instance->state) {
  case SMC_STATE_INITIALIZATION_MODE: return smc_eval_initialize(instance, function);
  case SMC_STATE_STEP_COMPLETE: return smc_eval_outputs(instance, function);
  case SMC_STATE_INSTANTIATED:
  case SMC_STATE_TERMINATED:
  case SMC_STATE_ERROR:
    /* Nothing consistent to compute: no Get is allowed before
     * initialization, and no Set after termination or an error. */
    return SMC_OK;
  }
  return SMC_OK;
}
