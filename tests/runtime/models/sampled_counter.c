/* Hand-written sampled counter in the shape smc generates (see
 * sampled_counter.h): time events from sample() in a model the runtime
 * steps without an integrator, and a when-clause on a Boolean input. */
#include <math.h>
#include <stddef.h>

#include "sampled_counter.h"
#include "pre_ranges.h"
#include "smc/model.h"

static const uint8_t real_flags[COUNTER_NUM_REALS] = {
    [COUNTER_START] = SMC_VAR_PARAMETER,
    [COUNTER_INTERVAL] = SMC_VAR_PARAMETER,
};
static const uint8_t integer_flags[COUNTER_NUM_INTEGERS] = {0};
static const uint8_t boolean_flags[COUNTER_NUM_BOOLEANS] = {[COUNTER_TRIGGER] = SMC_VAR_INPUT};
static const char* const real_names[COUNTER_NUM_REALS] = {"start", "interval", "iterations"};
static const char* const integer_names[COUNTER_NUM_INTEGERS] = {"count", "presses",
                                                                "$sample1.ticks"};
static const char* const boolean_names[COUNTER_NUM_BOOLEANS] = {
    "trigger", "$sample1.tick", "$when1.condition", "$when2.condition"};

static void set_start_values(SmcModelData* data) {
  data->reals[COUNTER_START] = 0.0;
  data->reals[COUNTER_INTERVAL] = 0.1;
  data->reals[COUNTER_ITERATIONS] = 0.0;
  for (int32_t i = 0; i < COUNTER_NUM_INTEGERS; ++i) data->integers[i] = 0;
  for (int32_t i = 0; i < COUNTER_NUM_BOOLEANS; ++i) data->booleans[i] = 0;
}

static double tick_time(const SmcModelData* data, int32_t k) {
  return data->reals[COUNTER_START] + k * data->reals[COUNTER_INTERVAL];
}

static double same_instant(double t) { return 1e-12 * fmax(1.0, fabs(t)); }

static int32_t nothing(SmcModelData* data) {
  (void)data; /* no continuous variables */
  return SMC_OK;
}

static int32_t no_indicators(SmcModelData* data, double* indicators) {
  (void)data;
  (void)indicators;
  return SMC_OK;
}

static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  (void)states_reinitialized;
  int32_t* i = data->integers;
  int32_t* b = data->booleans;
  const int32_t* pre_b = data->pre_booleans;
  data->reals[COUNTER_ITERATIONS] += 1.0;
  double next_tick = tick_time(data, i[COUNTER_TICKS]);
  b[COUNTER_TICK] = data->time >= next_tick - same_instant(next_tick);
  if (b[COUNTER_TICK]) i[COUNTER_TICKS] += 1;
  b[COUNTER_TICK_CONDITION] = b[COUNTER_TICK];
  b[COUNTER_TRIGGER_CONDITION] = b[COUNTER_TRIGGER];
  if (b[COUNTER_TICK_CONDITION] && !pre_b[COUNTER_TICK_CONDITION])
    i[COUNTER_COUNT] = data->pre_integers[COUNTER_COUNT] + 1;
  if (b[COUNTER_TRIGGER_CONDITION] && !pre_b[COUNTER_TRIGGER_CONDITION])
    i[COUNTER_PRESSES] = data->pre_integers[COUNTER_PRESSES] + 1;
  data->next_time_event = tick_time(data, i[COUNTER_TICKS]);
  return SMC_OK;
}

static int32_t initialize(SmcModelData* data) {
  if (!(data->reals[COUNTER_INTERVAL] > 0.0)) return SMC_FAILED;
  /* The first tick at or after the start time; the tick itself happens in
   * the runtime's event iteration at the start time. */
  int32_t k = 0;
  if (data->time > data->reals[COUNTER_START])
    k = (int32_t)floor((data->time - data->reals[COUNTER_START]) / data->reals[COUNTER_INTERVAL]);
  while (tick_time(data, k) < data->time - same_instant(data->time)) ++k;
  data->integers[COUNTER_TICKS] = k;
  data->booleans[COUNTER_TICK] = 0;
  data->booleans[COUNTER_TICK_CONDITION] = 0;
  data->booleans[COUNTER_TRIGGER_CONDITION] = data->booleans[COUNTER_TRIGGER];
  data->next_time_event = tick_time(data, k);
  return SMC_OK;
}

const SmcModel smc_model = {
    .model_identifier = "SampledCounter",
    .guid = "{a3c1e7f0-5b2d-4e8a-9c6f-0d1e2f3a4b06}",
    .num_reals = COUNTER_NUM_REALS,
    .num_integers = COUNTER_NUM_INTEGERS,
    .num_booleans = COUNTER_NUM_BOOLEANS,
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
    SMC_TEST_EVERY_SLOT_PRE_READ(COUNTER_NUM_REALS, COUNTER_NUM_INTEGERS, COUNTER_NUM_BOOLEANS),
    .set_start_values = set_start_values,
    .initialize = initialize,
    .compute_derivatives = nothing,
    .compute_outputs = nothing,
    .num_event_indicators = 0,
    .event_indicators = no_indicators,
    .event_update = event_update,
};
