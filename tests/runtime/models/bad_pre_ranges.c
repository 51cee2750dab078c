/* A deliberately broken model description: its pre() ranges reach past
 * its Integers. The runtime must refuse to instantiate it rather than copy
 * out of bounds in the event iteration. */
#include <stddef.h>

#include "do_nothing.h"
#include "smc/model.h"

static const uint8_t integer_flags[2] = {0, 0};
static const int32_t pre_integer_ranges[] = {0, 3};

const SmcModel smc_model = {
    .model_identifier = "BadPreRanges",
    .guid = "{bad-pre-ranges}",
    .num_integers = 2,
    .integer_flags = integer_flags,
    .default_tolerance = 1e-6,
    .num_pre_integer_ranges = 1,
    .pre_integer_ranges = pre_integer_ranges,
    .set_start_values = do_nothing_start_values,
    .initialize = do_nothing,
    .compute_derivatives = do_nothing,
    .compute_outputs = do_nothing,
    .event_indicators = do_nothing_indicators,
    .event_update = do_nothing_event_update,
};
