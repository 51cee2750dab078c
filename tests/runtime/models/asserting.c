/* Hand-written model with an assert() (see asserting.h), in the shape smc
 * generates: the check calls the runtime's smc_assert_failed and, for
 * level error, makes the callback fail. */
#include <math.h>
#include <stddef.h>

#include "asserting.h"
#include "pre_ranges.h"
#include "smc/model.h"

static const int32_t state_refs[] = {ASSERT_X};
static const int32_t derivative_refs[] = {ASSERT_DER_X};
static const double state_nominals[] = {1.0};
static const uint8_t real_flags[ASSERT_NUM_REALS] = {
    [ASSERT_LIMIT] = SMC_VAR_PARAMETER,
    [ASSERT_INTERVAL] = SMC_VAR_PARAMETER,
};
static const uint8_t integer_flags[ASSERT_NUM_INTEGERS] = {[ASSERT_LEVEL] = SMC_VAR_PARAMETER};
static const uint8_t boolean_flags[ASSERT_NUM_BOOLEANS] = {0};
static const char* const real_names[ASSERT_NUM_REALS] = {"x", "der(x)", "limit", "interval"};
static const char* const integer_names[ASSERT_NUM_INTEGERS] = {"level", "$sample1.ticks"};
static const char* const boolean_names[ASSERT_NUM_BOOLEANS] = {"$sample1.tick"};

static void set_start_values(SmcModelData* data) {
  data->reals[ASSERT_X] = 1.0;
  data->reals[ASSERT_DER_X] = 0.0;
  data->reals[ASSERT_LIMIT] = 0.5;
  data->reals[ASSERT_INTERVAL] = 0.05;
  data->integers[ASSERT_LEVEL] = SMC_ASSERT_ERROR;
  data->integers[ASSERT_TICKS] = 0;
  data->booleans[ASSERT_TICK] = 0;
}

static int32_t check_assertion(SmcModelData* data) {
  if (data->reals[ASSERT_X] > data->reals[ASSERT_LIMIT]) return SMC_OK;
  int32_t level = data->integers[ASSERT_LEVEL];
  smc_assert_failed(data, level, "x dropped below limit");
  return level == SMC_ASSERT_WARNING ? SMC_OK : SMC_FAILED;
}

static int32_t compute_derivatives(SmcModelData* data) {
  data->reals[ASSERT_DER_X] = -data->reals[ASSERT_X];
  return SMC_OK;
}

static int32_t compute_outputs(SmcModelData* data) { return check_assertion(data); }

static int32_t no_indicators(SmcModelData* data, double* indicators) {
  (void)data;
  (void)indicators;
  return SMC_OK;
}

static double next_tick(const SmcModelData* data) {
  double interval = data->reals[ASSERT_INTERVAL];
  return interval > 0.0 ? data->integers[ASSERT_TICKS] * interval : INFINITY;
}

static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  (void)states_reinitialized;
  double tick = next_tick(data);
  data->booleans[ASSERT_TICK] = data->time >= tick - 1e-12 * fmax(1.0, fabs(tick));
  if (data->booleans[ASSERT_TICK]) data->integers[ASSERT_TICKS] += 1;
  data->next_time_event = next_tick(data);
  if (compute_derivatives(data) != SMC_OK) return SMC_FAILED;
  return check_assertion(data);
}

static int32_t initialize(SmcModelData* data) {
  data->integers[ASSERT_TICKS] = 0; /* the simulation starts at t = 0 */
  data->booleans[ASSERT_TICK] = 0;
  data->next_time_event = next_tick(data);
  if (compute_derivatives(data) != SMC_OK) return SMC_FAILED;
  return check_assertion(data);
}

const SmcModel smc_model = {
    .model_identifier = "Asserting",
    .guid = "{1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c10}",
    .num_reals = ASSERT_NUM_REALS,
    .num_integers = ASSERT_NUM_INTEGERS,
    .num_booleans = ASSERT_NUM_BOOLEANS,
    .num_states = 1,
    .state_refs = state_refs,
    .derivative_refs = derivative_refs,
    .state_nominals = state_nominals,
    .real_flags = real_flags,
    .integer_flags = integer_flags,
    .boolean_flags = boolean_flags,
    .real_names = real_names,
    .integer_names = integer_names,
    .boolean_names = boolean_names,
    .num_loops = 0,
    .loop_descriptions = NULL,
    .default_tolerance = 1e-6,
    SMC_TEST_EVERY_SLOT_PRE_READ(ASSERT_NUM_REALS, ASSERT_NUM_INTEGERS, ASSERT_NUM_BOOLEANS),
    .set_start_values = set_start_values,
    .initialize = initialize,
    .compute_derivatives = compute_derivatives,
    .compute_outputs = compute_outputs,
    .num_event_indicators = 0,
    .event_indicators = no_indicators,
    .event_update = event_update,
};
