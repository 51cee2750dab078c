/* Hand-written bouncing ball in the shape smc generates (see
 * bouncing_ball.h): a state event located on the indicator h, a reinit()
 * of a state from its pre() value, an Integer counter and a discrete Real
 * recording the event time. */
#include <math.h>
#include <stddef.h>

#include "bouncing_ball.h"
#include "pre_ranges.h"
#include "smc/model.h"

static const int32_t state_refs[] = {BALL_H, BALL_V};
static const int32_t derivative_refs[] = {BALL_DER_H, BALL_DER_V};
static const double state_nominals[] = {1.0, 1.0};
static const uint8_t real_flags[BALL_NUM_REALS] = {
    [BALL_H] = SMC_VAR_START_EXACT,     [BALL_V] = SMC_VAR_START_EXACT,
    [BALL_G] = SMC_VAR_PARAMETER,       [BALL_E] = SMC_VAR_PARAMETER,
    [BALL_LAST_BOUNCE] = SMC_VAR_DISCRETE,
};
static const uint8_t integer_flags[BALL_NUM_INTEGERS] = {0};
static const uint8_t boolean_flags[BALL_NUM_BOOLEANS] = {0};
static const char* const real_names[BALL_NUM_REALS] = {"h", "v", "der(h)", "der(v)",
                                                       "g", "e", "last_bounce"};
static const char* const integer_names[BALL_NUM_INTEGERS] = {"bounces"};
static const char* const boolean_names[BALL_NUM_BOOLEANS] = {"h <= 0"};

static void set_start_values(SmcModelData* data) {
  double* r = data->reals;
  r[BALL_H] = 1.0;
  r[BALL_V] = 0.0;
  r[BALL_DER_H] = 0.0;
  r[BALL_DER_V] = 0.0;
  r[BALL_G] = 9.81;
  r[BALL_E] = 0.7;
  r[BALL_LAST_BOUNCE] = 0.0;
  data->integers[BALL_BOUNCES] = 0;
  data->booleans[BALL_ON_GROUND] = 0;
}

static int32_t compute_derivatives(SmcModelData* data) {
  double* r = data->reals;
  r[BALL_DER_H] = r[BALL_V];
  r[BALL_DER_V] = -r[BALL_G];
  return SMC_OK;
}

static int32_t compute_outputs(SmcModelData* data) {
  (void)data; /* every variable is a state, derivative or discrete */
  return SMC_OK;
}

static int32_t event_indicators(SmcModelData* data, double* indicators) {
  indicators[0] = data->reals[BALL_H];
  return SMC_OK;
}

static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  double* r = data->reals;
  data->booleans[BALL_ON_GROUND] = r[BALL_H] <= 0.0;
  if (data->booleans[BALL_ON_GROUND] && !data->pre_booleans[BALL_ON_GROUND]) {
    r[BALL_V] = -r[BALL_E] * data->pre_reals[BALL_V];
    *states_reinitialized = 1;
    data->integers[BALL_BOUNCES] = data->pre_integers[BALL_BOUNCES] + 1;
    r[BALL_LAST_BOUNCE] = data->time;
  }
  data->next_time_event = INFINITY;
  return compute_derivatives(data);
}

static int32_t initialize(SmcModelData* data) {
  /* The when-clause is not active at initialization: its targets keep
   * their start values. */
  data->booleans[BALL_ON_GROUND] = data->reals[BALL_H] <= 0.0;
  data->next_time_event = INFINITY;
  return compute_derivatives(data);
}

const SmcModel smc_model = {
    .model_identifier = "BouncingBall",
    .guid = "{5e0b7a8c-1f2d-4c3b-9a6e-7d8f9e0a1b05}",
    .num_reals = BALL_NUM_REALS,
    .num_integers = BALL_NUM_INTEGERS,
    .num_booleans = BALL_NUM_BOOLEANS,
    .num_states = 2,
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
    SMC_TEST_EVERY_SLOT_PRE_READ(BALL_NUM_REALS, BALL_NUM_INTEGERS, BALL_NUM_BOOLEANS),
    .set_start_values = set_start_values,
    .initialize = initialize,
    .compute_derivatives = compute_derivatives,
    .compute_outputs = compute_outputs,
    .num_event_indicators = 1,
    .event_indicators = event_indicators,
    .event_update = event_update,
};
