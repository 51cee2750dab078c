/* A deliberately broken model description: its state refers to a Real that
 * does not exist. The runtime must refuse to instantiate it rather than
 * index out of bounds. */
#include <stddef.h>

#include "do_nothing.h"
#include "smc/model.h"

static const int32_t state_refs[] = {5};
static const int32_t derivative_refs[] = {1};
static const double state_nominals[] = {1.0};
static const uint8_t real_flags[2] = {0, 0};

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
    .set_start_values = do_nothing_start_values,
    .initialize = do_nothing,
    .compute_derivatives = do_nothing,
    .compute_outputs = do_nothing,
    .event_indicators = do_nothing_indicators,
    .event_update = do_nothing_event_update,
};
