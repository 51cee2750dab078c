/* Hand-written model calling terminate() and using terminal() and
 * initial() (see terminating.h). */
#include <math.h>
#include <stddef.h>

#include "pre_ranges.h"
#include "smc/model.h"
#include "terminating.h"

static const int32_t state_refs[] = {TERM_X};
static const int32_t derivative_refs[] = {TERM_DER_X};
static const double state_nominals[] = {1.0};
static const uint8_t real_flags[TERM_NUM_REALS] = {
    [TERM_STOP_AT] = SMC_VAR_PARAMETER,
    [TERM_FINAL_X] = SMC_VAR_DISCRETE,
};
static const uint8_t integer_flags[TERM_NUM_INTEGERS] = {0};
static const uint8_t boolean_flags[TERM_NUM_BOOLEANS] = {[TERM_STOP_AT_START] = SMC_VAR_PARAMETER};
static const char* const real_names[TERM_NUM_REALS] = {"x", "der(x)", "stop_at", "final_x"};
static const char* const integer_names[TERM_NUM_INTEGERS] = {"initial_seen", "initial_later"};
static const char* const boolean_names[TERM_NUM_BOOLEANS] = {"stop_at_start", "x >= stop_at",
                                                             "$when2.condition"};

static void set_start_values(SmcModelData* data) {
  data->reals[TERM_X] = 0.0;
  data->reals[TERM_DER_X] = 1.0;
  data->reals[TERM_STOP_AT] = 0.35;
  data->reals[TERM_FINAL_X] = -1.0;
  data->integers[TERM_INITIAL_SEEN] = 0;
  data->integers[TERM_INITIAL_LATER] = 0;
  for (int32_t i = 0; i < TERM_NUM_BOOLEANS; ++i) data->booleans[i] = 0;
}

static int32_t compute_derivatives(SmcModelData* data) {
  data->reals[TERM_DER_X] = 1.0;
  if (data->initial) data->integers[TERM_INITIAL_LATER] = 1;
  return SMC_OK;
}

static int32_t compute_outputs(SmcModelData* data) {
  if (data->initial) data->integers[TERM_INITIAL_LATER] = 1;
  return SMC_OK;
}

static int32_t event_indicators(SmcModelData* data, double* indicators) {
  indicators[0] = data->reals[TERM_X] - data->reals[TERM_STOP_AT];
  return SMC_OK;
}

static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  (void)states_reinitialized;
  int32_t* b = data->booleans;
  if (data->initial) data->integers[TERM_INITIAL_LATER] = 1;
  b[TERM_DONE] = data->reals[TERM_X] >= data->reals[TERM_STOP_AT];
  if (b[TERM_DONE] && !data->pre_booleans[TERM_DONE]) smc_terminate(data, "x reached stop_at");
  if (b[TERM_STOP_AT_START]) smc_terminate(data, "stopped at the start");
  b[TERM_TERMINAL_CONDITION] = data->terminal;
  if (b[TERM_TERMINAL_CONDITION] && !data->pre_booleans[TERM_TERMINAL_CONDITION])
    data->reals[TERM_FINAL_X] = data->reals[TERM_X];
  data->next_time_event = INFINITY;
  return compute_derivatives(data);
}

static int32_t initialize(SmcModelData* data) {
  data->integers[TERM_INITIAL_SEEN] = data->initial;
  data->booleans[TERM_DONE] = data->reals[TERM_X] >= data->reals[TERM_STOP_AT];
  data->booleans[TERM_TERMINAL_CONDITION] = 0;
  /* stop_at_start asks for an event at the start time. */
  data->next_time_event = data->booleans[TERM_STOP_AT_START] ? data->time : INFINITY;
  data->reals[TERM_DER_X] = 1.0;
  return SMC_OK;
}

const SmcModel smc_model = {
    .model_identifier = "Terminating",
    .guid = "{9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b11}",
    .num_reals = TERM_NUM_REALS,
    .num_integers = TERM_NUM_INTEGERS,
    .num_booleans = TERM_NUM_BOOLEANS,
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
    SMC_TEST_EVERY_SLOT_PRE_READ(TERM_NUM_REALS, TERM_NUM_INTEGERS, TERM_NUM_BOOLEANS),
    .set_start_values = set_start_values,
    .initialize = initialize,
    .compute_derivatives = compute_derivatives,
    .compute_outputs = compute_outputs,
    .num_event_indicators = 1,
    .event_indicators = event_indicators,
    .event_update = event_update,
};
