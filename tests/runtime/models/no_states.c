/* Hand-written test model without states or loops (see no_states.h): the
 * runtime must step it without creating an integrator. */
#include <math.h>
#include <stddef.h>

#include "no_states.h"
#include "pre_ranges.h"
#include "smc/model.h"

static const uint8_t real_flags[NOSTATE_NUM_REALS] = {
    [NOSTATE_A] = SMC_VAR_PARAMETER, [NOSTATE_U] = SMC_VAR_INPUT};
static const uint8_t integer_flags[NOSTATE_NUM_INTEGERS] = {[NOSTATE_N] = SMC_VAR_INPUT};
static const uint8_t boolean_flags[NOSTATE_NUM_BOOLEANS] = {[NOSTATE_FLAG] = SMC_VAR_INPUT};
static const char* const real_names[NOSTATE_NUM_REALS] = {"a", "u", "y"};
static const char* const integer_names[NOSTATE_NUM_INTEGERS] = {"n", "count"};
static const char* const boolean_names[NOSTATE_NUM_BOOLEANS] = {"flag", "negated"};

static void set_start_values(SmcModelData* data) {
  data->reals[NOSTATE_A] = 2.0;
  data->reals[NOSTATE_U] = 0.5;
  data->reals[NOSTATE_Y] = 0.0;
  data->integers[NOSTATE_N] = 0;
  data->integers[NOSTATE_COUNT] = 0;
  data->booleans[NOSTATE_FLAG] = 0;
  data->booleans[NOSTATE_NEGATED] = 0;
}

static int32_t compute_derivatives(SmcModelData* data) {
  (void)data; /* no states, and no algebraics feed derivatives */
  return SMC_OK;
}

static int32_t compute_outputs(SmcModelData* data) {
  data->reals[NOSTATE_Y] = data->reals[NOSTATE_A] * data->reals[NOSTATE_U] + sin(data->time);
  data->integers[NOSTATE_COUNT] = data->integers[NOSTATE_N] + 1;
  data->booleans[NOSTATE_NEGATED] = !data->booleans[NOSTATE_FLAG];
  return SMC_OK;
}

static int32_t initialize(SmcModelData* data) { return compute_outputs(data); }

static int32_t no_indicators(SmcModelData* data, double* indicators) {
  (void)data;
  (void)indicators;
  return SMC_OK;
}

static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  (void)states_reinitialized;
  return compute_outputs(data);
}

const SmcModel smc_model = {
    .model_identifier = "NoStates",
    .guid = "{7d3b9e2a-0c41-4f6e-b1a8-93c5d2e4f602}",
    .num_reals = NOSTATE_NUM_REALS,
    .num_integers = NOSTATE_NUM_INTEGERS,
    .num_booleans = NOSTATE_NUM_BOOLEANS,
    .num_states = 0,
    .state_refs = NULL,
    .derivative_refs = NULL,
    .state_nominals = NULL,
    .real_flags = real_flags,
    .integer_flags = integer_flags,
    .boolean_flags = boolean_flags,
    .real_names = real_names,
    .integer_names = integer_names,
    .boolean_names = boolean_names,
    .num_loops = 0,
    .loop_descriptions = NULL,
    .default_tolerance = 1e-6,
    SMC_TEST_EVERY_SLOT_PRE_READ(NOSTATE_NUM_REALS, NOSTATE_NUM_INTEGERS, NOSTATE_NUM_BOOLEANS),
    .set_start_values = set_start_values,
    .initialize = initialize,
    .compute_derivatives = compute_derivatives,
    .compute_outputs = compute_outputs,
    .num_event_indicators = 0,
    .event_indicators = no_indicators,
    .event_update = event_update,
};
