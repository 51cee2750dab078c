/* A deliberately broken model description: its state refers to a Real that
 * does not exist. The runtime must refuse to instantiate it rather than
 * index out of bounds. */
#include <stddef.h>

#include "smc/model.h"

static const int32_t state_refs[] = {5};
static const int32_t derivative_refs[] = {1};
static const double state_nominals[] = {1.0};
static const uint8_t real_flags[2] = {0, 0};

static void set_start_values(SmcModelData* data) { (void)data; }
static int32_t evaluate(SmcModelData* data) {
  (void)data;
  return SMC_OK;
}
static int32_t no_indicators(SmcModelData* data, double* indicators) {
  (void)data;
  (void)indicators;
  return SMC_OK;
}
static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  (void)data;
  (void)states_reinitialized;
  return SMC_OK;
}

const SmcModel smc_model = {
    .model_identifier = "Inconsistent",
    .guid = "{inconsistent}",
    .num_reals = 2,
    .num_states = 1,
    .state_refs = state_refs,
    .derivative_refs = derivative_refs,
    .state_nominals = state_nominals,
    .real_flags = real_flags,
    .default_tolerance = 1e-6,
    .set_start_values = set_start_values,
    .initialize = evaluate,
    .compute_derivatives = evaluate,
    .compute_outputs = evaluate,
    .event_indicators = no_indicators,
    .event_update = event_update,
};
