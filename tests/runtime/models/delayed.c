/* Hand-written test model in the shape smc generates for one delay() (see
 * delayed.h): the history of x is buffer 0. */
#include "delayed.h"

#include <stddef.h>

#include "pre_ranges.h"
#include "smc/model.h"

static const int32_t state_refs[] = {DELAYED_X};
static const int32_t derivative_refs[] = {DELAYED_DER_X};
static const double state_nominals[] = {1.0};
static const int32_t delay_value_refs[] = {DELAYED_X};

static const uint8_t real_flags[DELAYED_NUM_REALS] = {[DELAYED_X] = SMC_VAR_START_EXACT};
static const char* const real_names[DELAYED_NUM_REALS] = {"x", "der(x)"};

static void set_start_values(SmcModelData* data) {
  data->reals[DELAYED_X] = 1.0;
  data->reals[DELAYED_DER_X] = 0.0;
}

static int32_t compute_derivatives(SmcModelData* data) {
  double* r = data->reals;
  r[DELAYED_DER_X] = -smc_delay(data, 0, r[DELAYED_X], 1.0, 1.0);
  return SMC_OK;
}

static int32_t compute_outputs(SmcModelData* data) {
  (void)data;
  return SMC_OK;
}

static int32_t initialize(SmcModelData* data) {
  /* During initialization the delay is x itself. */
  data->reals[DELAYED_DER_X] = -data->reals[DELAYED_X];
  return SMC_OK;
}

static int32_t no_indicators(SmcModelData* data, double* indicators) {
  (void)data;
  (void)indicators;
  return SMC_OK;
}

static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  (void)states_reinitialized;
  return compute_derivatives(data);
}

const SmcModel smc_model = {
    .model_identifier = "Delayed",
    .guid = DELAYED_GUID,
    .num_reals = DELAYED_NUM_REALS,
    .num_integers = 0,
    .num_booleans = 0,
    .num_states = 1,
    .state_refs = state_refs,
    .derivative_refs = derivative_refs,
    .state_nominals = state_nominals,
    .real_flags = real_flags,
    .integer_flags = NULL,
    .boolean_flags = NULL,
    .real_names = real_names,
    .integer_names = NULL,
    .boolean_names = NULL,
    .num_loops = 0,
    .loop_descriptions = NULL,
    .default_tolerance = 1e-6,
    SMC_TEST_EVERY_SLOT_PRE_READ(DELAYED_NUM_REALS, 0, 0),
    .set_start_values = set_start_values,
    .initialize = initialize,
    .compute_derivatives = compute_derivatives,
    .compute_outputs = compute_outputs,
    .num_event_indicators = 0,
    .event_indicators = no_indicators,
    .event_update = event_update,
    .num_delays = 1,
    .delay_value_refs = delay_value_refs,
};
