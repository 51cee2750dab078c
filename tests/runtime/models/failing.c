/* Hand-written test model that breaks on purpose after t_fail (see
 * failing.h), to exercise the runtime's solver-failure path. */
#include <math.h>
#include <stddef.h>

#include "failing.h"
#include "pre_ranges.h"
#include "smc/model.h"

static const int32_t state_refs[] = {FAILING_X};
static const int32_t derivative_refs[] = {FAILING_DER_X};
static const double state_nominals[] = {1.0};
static const uint8_t real_flags[FAILING_NUM_REALS] = {[FAILING_T_FAIL] = SMC_VAR_PARAMETER};
static const uint8_t integer_flags[FAILING_NUM_INTEGERS] = {[FAILING_MODE] = SMC_VAR_PARAMETER};
static const char* const real_names[FAILING_NUM_REALS] = {"x", "der(x)", "t_fail"};
static const char* const integer_names[FAILING_NUM_INTEGERS] = {"mode"};

static void set_start_values(SmcModelData* data) {
  data->reals[FAILING_X] = 1.0;
  data->reals[FAILING_DER_X] = 0.0;
  data->reals[FAILING_T_FAIL] = 0.5;
  data->integers[FAILING_MODE] = FAILING_MODE_DERIVATIVE;
}

static int failing_now(const SmcModelData* data, int32_t mode) {
  return data->integers[FAILING_MODE] == mode && data->time > data->reals[FAILING_T_FAIL];
}

static int32_t compute_derivatives(SmcModelData* data) {
  if (failing_now(data, FAILING_MODE_DERIVATIVE)) return SMC_FAILED;
  if (failing_now(data, FAILING_MODE_REPORTED)) {
    smc_report_failure(data, "division by zero in 1/(t_fail - time)");
    return SMC_FAILED;
  }
  data->reals[FAILING_DER_X] = failing_now(data, FAILING_MODE_NAN) ? NAN : -data->reals[FAILING_X];
  return SMC_OK;
}

static int32_t compute_outputs(SmcModelData* data) {
  return failing_now(data, FAILING_MODE_OUTPUTS) ? SMC_FAILED : SMC_OK;
}

static int32_t initialize(SmcModelData* data) {
  if (compute_derivatives(data) != SMC_OK) return SMC_FAILED;
  return compute_outputs(data);
}

static int32_t event_indicators(SmcModelData* data, double* indicators) {
  indicators[0] = failing_now(data, FAILING_MODE_INDICATOR) ? NAN : data->reals[FAILING_X] + 10.0;
  return SMC_OK;
}

static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  (void)states_reinitialized;
  if (compute_derivatives(data) != SMC_OK) return SMC_FAILED;
  return compute_outputs(data);
}

const SmcModel smc_model = {
    .model_identifier = "Failing",
    .guid = "{c1a0e5d9-6b7f-4e21-8d3c-0f9a8b7c6d03}",
    .num_reals = FAILING_NUM_REALS,
    .num_integers = FAILING_NUM_INTEGERS,
    .num_booleans = 0,
    .num_states = 1,
    .state_refs = state_refs,
    .derivative_refs = derivative_refs,
    .state_nominals = state_nominals,
    .real_flags = real_flags,
    .integer_flags = integer_flags,
    .boolean_flags = NULL,
    .real_names = real_names,
    .integer_names = integer_names,
    .boolean_names = NULL,
    .num_loops = 0,
    .loop_descriptions = NULL,
    .default_tolerance = 1e-6,
    SMC_TEST_EVERY_SLOT_PRE_READ(FAILING_NUM_REALS, FAILING_NUM_INTEGERS, 0),
    .set_start_values = set_start_values,
    .initialize = initialize,
    .compute_derivatives = compute_derivatives,
    .compute_outputs = compute_outputs,
    .num_event_indicators = 1,
    .event_indicators = event_indicators,
    .event_update = event_update,
};
