/* Hand-written sawtooth (see zeno.h): fast but finite state events, or,
 * with a tiny gap, events without time advancing. */
#include <math.h>
#include <stddef.h>

#include "pre_ranges.h"
#include "smc/model.h"
#include "zeno.h"

static const int32_t state_refs[] = {ZENO_X};
static const int32_t derivative_refs[] = {ZENO_DER_X};
static const double state_nominals[] = {1.0};
static const uint8_t real_flags[ZENO_NUM_REALS] = {[ZENO_GAP] = SMC_VAR_PARAMETER};
static const uint8_t integer_flags[ZENO_NUM_INTEGERS] = {0};
static const uint8_t boolean_flags[ZENO_NUM_BOOLEANS] = {0};
static const char* const real_names[ZENO_NUM_REALS] = {"x", "der(x)", "gap"};
static const char* const integer_names[ZENO_NUM_INTEGERS] = {"resets"};
static const char* const boolean_names[ZENO_NUM_BOOLEANS] = {"x >= 0"};

static void set_start_values(SmcModelData* data) {
  data->reals[ZENO_X] = -0.5;
  data->reals[ZENO_DER_X] = 1.0;
  data->reals[ZENO_GAP] = 1e-14;
  data->integers[ZENO_RESETS] = 0;
  data->booleans[ZENO_CROSSED] = 0;
}

static int32_t compute_derivatives(SmcModelData* data) {
  data->reals[ZENO_DER_X] = 1.0;
  return SMC_OK;
}

static int32_t compute_outputs(SmcModelData* data) {
  (void)data;
  return SMC_OK;
}

static int32_t event_indicators(SmcModelData* data, double* indicators) {
  indicators[0] = data->reals[ZENO_X];
  return SMC_OK;
}

static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  data->booleans[ZENO_CROSSED] = data->reals[ZENO_X] >= 0.0;
  if (data->booleans[ZENO_CROSSED] && !data->pre_booleans[ZENO_CROSSED]) {
    data->reals[ZENO_X] = -data->reals[ZENO_GAP];
    *states_reinitialized = 1;
    data->integers[ZENO_RESETS] = data->pre_integers[ZENO_RESETS] + 1;
  }
  data->next_time_event = INFINITY;
  return compute_derivatives(data);
}

static int32_t initialize(SmcModelData* data) {
  data->booleans[ZENO_CROSSED] = data->reals[ZENO_X] >= 0.0;
  data->next_time_event = INFINITY;
  return compute_derivatives(data);
}

const SmcModel smc_model = {
    .model_identifier = "Zeno",
    .guid = "{e1d2c3b4-a596-4877-8695-a4b3c2d1e009}",
    .num_reals = ZENO_NUM_REALS,
    .num_integers = ZENO_NUM_INTEGERS,
    .num_booleans = ZENO_NUM_BOOLEANS,
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
    SMC_TEST_EVERY_SLOT_PRE_READ(ZENO_NUM_REALS, ZENO_NUM_INTEGERS, ZENO_NUM_BOOLEANS),
    .set_start_values = set_start_values,
    .initialize = initialize,
    .compute_derivatives = compute_derivatives,
    .compute_outputs = compute_outputs,
    .num_event_indicators = 1,
    .event_indicators = event_indicators,
    .event_update = event_update,
};
