/* Hand-written model without states whose relations on time need the
 * runtime's root finding (see time_relations.h). */
#include <math.h>
#include <stddef.h>

#include "pre_ranges.h"
#include "smc/model.h"
#include "time_relations.h"

static const uint8_t real_flags[RELATIONS_NUM_REALS] = {
    [RELATIONS_THRESHOLD] = SMC_VAR_PARAMETER,
    [RELATIONS_AFTER_SINCE] = SMC_VAR_DISCRETE,
};
static const uint8_t boolean_flags[RELATIONS_NUM_BOOLEANS] = {0};
static const char* const real_names[RELATIONS_NUM_REALS] = {"threshold", "level", "after_since"};
static const char* const boolean_names[RELATIONS_NUM_BOOLEANS] = {"after", "reached",
                                                                  "$when1.condition"};

static void set_start_values(SmcModelData* data) {
  data->reals[RELATIONS_THRESHOLD] = 0.5;
  data->reals[RELATIONS_LEVEL] = 0.0;
  data->reals[RELATIONS_AFTER_SINCE] = -1.0;
  for (int32_t i = 0; i < RELATIONS_NUM_BOOLEANS; ++i) data->booleans[i] = 0;
}

static int32_t compute_derivatives(SmcModelData* data) {
  (void)data;
  return SMC_OK;
}

/* Continuous mode: `after` is frozen between events. */
static int32_t compute_outputs(SmcModelData* data) {
  data->reals[RELATIONS_LEVEL] = data->booleans[RELATIONS_AFTER] ? 2.0 : 1.0;
  return SMC_OK;
}

static int32_t event_indicators(SmcModelData* data, double* indicators) {
  indicators[0] = data->time - data->reals[RELATIONS_THRESHOLD];
  indicators[1] = data->time - data->reals[RELATIONS_THRESHOLD];
  return SMC_OK;
}

static void update_relations(SmcModelData* data) {
  double threshold = data->reals[RELATIONS_THRESHOLD];
  data->booleans[RELATIONS_AFTER] = data->time > threshold;
  data->booleans[RELATIONS_REACHED] = data->time >= threshold;
  data->booleans[RELATIONS_AFTER_CONDITION] = data->booleans[RELATIONS_AFTER];
}

static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  (void)states_reinitialized;
  update_relations(data);
  if (data->booleans[RELATIONS_AFTER_CONDITION] && !data->pre_booleans[RELATIONS_AFTER_CONDITION])
    data->reals[RELATIONS_AFTER_SINCE] = data->time;
  data->next_time_event = INFINITY;
  return compute_outputs(data);
}

static int32_t initialize(SmcModelData* data) {
  update_relations(data);
  data->next_time_event = INFINITY;
  return compute_outputs(data);
}

const SmcModel smc_model = {
    .model_identifier = "TimeRelations",
    .guid = "{0b9d8c7e-6f5a-4b3c-8d2e-1f0a9b8c7d07}",
    .num_reals = RELATIONS_NUM_REALS,
    .num_integers = 0,
    .num_booleans = RELATIONS_NUM_BOOLEANS,
    .num_states = 0,
    .state_refs = NULL,
    .derivative_refs = NULL,
    .state_nominals = NULL,
    .real_flags = real_flags,
    .integer_flags = NULL,
    .boolean_flags = boolean_flags,
    .real_names = real_names,
    .integer_names = NULL,
    .boolean_names = boolean_names,
    .num_loops = 0,
    .loop_descriptions = NULL,
    .default_tolerance = 1e-6,
    SMC_TEST_EVERY_SLOT_PRE_READ(RELATIONS_NUM_REALS, 0, RELATIONS_NUM_BOOLEANS),
    .set_start_values = set_start_values,
    .initialize = initialize,
    .compute_derivatives = compute_derivatives,
    .compute_outputs = compute_outputs,
    .num_event_indicators = 2,
    .event_indicators = event_indicators,
    .event_update = event_update,
};
