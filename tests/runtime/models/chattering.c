/* Hand-written model whose event iteration does not converge (see
 * chattering.h), for the runtime's chattering error. */
#include <math.h>
#include <stddef.h>

#include "chattering.h"
#include "pre_ranges.h"
#include "smc/model.h"

static const int32_t state_refs[] = {CHATTER_X};
static const int32_t derivative_refs[] = {CHATTER_DER_X};
static const double state_nominals[] = {1.0};
static const uint8_t real_flags[CHATTER_NUM_REALS] = {[CHATTER_T_FLIP] = SMC_VAR_PARAMETER};
static const uint8_t integer_flags[CHATTER_NUM_INTEGERS] = {0};
static const uint8_t boolean_flags[CHATTER_NUM_BOOLEANS] = {0};
static const char* const real_names[CHATTER_NUM_REALS] = {"x", "der(x)", "t_flip"};
static const char* const integer_names[CHATTER_NUM_INTEGERS] = {"steady"};
static const char* const boolean_names[CHATTER_NUM_BOOLEANS] = {"flip"};

static void set_start_values(SmcModelData* data) {
  data->reals[CHATTER_X] = 0.0;
  data->reals[CHATTER_DER_X] = 1.0;
  data->reals[CHATTER_T_FLIP] = 0.5;
  data->integers[CHATTER_STEADY] = 7;
  data->booleans[CHATTER_FLIP] = 0;
}

static int32_t compute_derivatives(SmcModelData* data) {
  data->reals[CHATTER_DER_X] = 1.0;
  return SMC_OK;
}

static int32_t compute_outputs(SmcModelData* data) {
  (void)data;
  return SMC_OK;
}

static int32_t no_indicators(SmcModelData* data, double* indicators) {
  (void)data;
  (void)indicators;
  return SMC_OK;
}

static int flip_due(const SmcModelData* data) {
  double t_flip = data->reals[CHATTER_T_FLIP];
  return data->time >= t_flip - 1e-12 * fmax(1.0, fabs(t_flip));
}

static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  (void)states_reinitialized;
  if (flip_due(data)) data->booleans[CHATTER_FLIP] = !data->pre_booleans[CHATTER_FLIP];
  data->next_time_event = flip_due(data) ? INFINITY : data->reals[CHATTER_T_FLIP];
  return compute_derivatives(data);
}

static int32_t initialize(SmcModelData* data) {
  data->next_time_event = data->reals[CHATTER_T_FLIP];
  return compute_derivatives(data);
}

const SmcModel smc_model = {
    .model_identifier = "Chattering",
    .guid = "{6c5b4a39-2817-4f6e-a5d4-c3b2a1908f08}",
    .num_reals = CHATTER_NUM_REALS,
    .num_integers = CHATTER_NUM_INTEGERS,
    .num_booleans = CHATTER_NUM_BOOLEANS,
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
    SMC_TEST_EVERY_SLOT_PRE_READ(CHATTER_NUM_REALS, CHATTER_NUM_INTEGERS, CHATTER_NUM_BOOLEANS),
    .set_start_values = set_start_values,
    .initialize = initialize,
    .compute_derivatives = compute_derivatives,
    .compute_outputs = compute_outputs,
    .num_event_indicators = 0,
    .event_indicators = no_indicators,
    .event_update = event_update,
};
