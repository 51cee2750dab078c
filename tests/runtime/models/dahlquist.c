/* Hand-written test model in the shape smc generates (see dahlquist.h):
 * one state, a parameter, a calculated parameter, a Real and a Boolean
 * input, an Integer parameter and outputs of each type. initialize()
 * refuses k <= 0, which gives the tests an initialization failure. */
#include "dahlquist.h"

#include <stddef.h>

#include "pre_ranges.h"
#include "smc/model.h"

static const int32_t state_refs[] = {DAHLQUIST_X};
static const int32_t derivative_refs[] = {DAHLQUIST_DER_X};
static const double state_nominals[] = {1.0};

static const uint8_t real_flags[DAHLQUIST_NUM_REALS] = {
    [DAHLQUIST_X] = SMC_VAR_START_EXACT,
    [DAHLQUIST_K] = SMC_VAR_PARAMETER,
    [DAHLQUIST_U] = SMC_VAR_INPUT,
};
static const uint8_t integer_flags[DAHLQUIST_NUM_INTEGERS] = {[DAHLQUIST_M] = SMC_VAR_PARAMETER};
static const uint8_t boolean_flags[DAHLQUIST_NUM_BOOLEANS] = {[DAHLQUIST_FROZEN] = SMC_VAR_INPUT};

static const char* const real_names[DAHLQUIST_NUM_REALS] = {"x", "der(x)", "k", "u", "y", "tau"};
static const char* const integer_names[DAHLQUIST_NUM_INTEGERS] = {"m"};
static const char* const boolean_names[DAHLQUIST_NUM_BOOLEANS] = {"frozen", "decaying"};

static void set_start_values(SmcModelData* data) {
  data->reals[DAHLQUIST_X] = 1.0;
  data->reals[DAHLQUIST_DER_X] = 0.0;
  data->reals[DAHLQUIST_K] = 1.0;
  data->reals[DAHLQUIST_U] = 0.0;
  data->reals[DAHLQUIST_Y] = 0.0;
  data->reals[DAHLQUIST_TAU] = 0.0;
  data->integers[DAHLQUIST_M] = 2;
  data->booleans[DAHLQUIST_FROZEN] = 0;
  data->booleans[DAHLQUIST_DECAYING] = 0;
}

static int32_t compute_derivatives(SmcModelData* data) {
  double* r = data->reals;
  r[DAHLQUIST_DER_X] =
      data->booleans[DAHLQUIST_FROZEN] ? 0.0 : -r[DAHLQUIST_K] * r[DAHLQUIST_X] + r[DAHLQUIST_U];
  return SMC_OK;
}

static int32_t compute_outputs(SmcModelData* data) {
  double* r = data->reals;
  r[DAHLQUIST_Y] = data->integers[DAHLQUIST_M] * r[DAHLQUIST_X];
  data->booleans[DAHLQUIST_DECAYING] = r[DAHLQUIST_DER_X] < 0.0;
  return SMC_OK;
}

static int32_t initialize(SmcModelData* data) {
  double* r = data->reals;
  if (!(r[DAHLQUIST_K] > 0.0)) return SMC_FAILED;
  r[DAHLQUIST_TAU] = 1.0 / r[DAHLQUIST_K];
  if (compute_derivatives(data) != SMC_OK) return SMC_FAILED;
  return compute_outputs(data);
}

/* No relations or when-clauses: an event (an input change) only
 * recomputes the continuous values with the new inputs. */
static int32_t no_indicators(SmcModelData* data, double* indicators) {
  (void)data;
  (void)indicators;
  return SMC_OK;
}

static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  (void)states_reinitialized;
  if (compute_derivatives(data) != SMC_OK) return SMC_FAILED;
  return compute_outputs(data);
}

const SmcModel smc_model = {
    .model_identifier = "Dahlquist",
    .guid = DAHLQUIST_GUID,
    .num_reals = DAHLQUIST_NUM_REALS,
    .num_integers = DAHLQUIST_NUM_INTEGERS,
    .num_booleans = DAHLQUIST_NUM_BOOLEANS,
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
    SMC_TEST_EVERY_SLOT_PRE_READ(DAHLQUIST_NUM_REALS, DAHLQUIST_NUM_INTEGERS, DAHLQUIST_NUM_BOOLEANS),
    .set_start_values = set_start_values,
    .initialize = initialize,
    .compute_derivatives = compute_derivatives,
    .compute_outputs = compute_outputs,
    .num_event_indicators = 0,
    .event_indicators = no_indicators,
    .event_update = event_update,
};
